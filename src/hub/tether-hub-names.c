/* tether-hub-names.c — the names AI clients see
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tool (or prompt) `TOOL` of the server `SERVER` is offered as
 * `SLUG__TOOL`, within `^[a-zA-Z0-9_-]{1,51}$`:
 *  - SLUG is the server's name with every character outside [A-Za-z0-9-]
 *    replaced by `-`, cut to 16 characters (`server` if empty);
 *  - in TOOL every character outside [A-Za-z0-9_-] becomes `_`;
 *  - 51 characters at most, because Claude Code prefixes `mcp__tether__`
 *    and takes 64 in all (so do the OpenAI and Claude APIs); a longer name
 *    is cut to 46 characters and ends with `-` and 4 hex digits of
 *    SHA-256(SERVER, NUL, TOOL);
 *  - a name already taken (two servers whose names give the same slug, two
 *    tools that differ only in replaced characters) gets `-` and 4, then 6,
 *    then 8… hex digits of the same hash, cut to stay within 51.
 * The same servers and tools in the same order give the same names, on
 * every run. The hub keeps a table from each name to its server and tool:
 * names are never parsed back.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <string.h>

#include "tether-hub-names.h"

#define CUT_LENGTH (TETHER_HUB_NAME_MAX - 5)

/**
 * tether_hub_names_slug:
 * @server: a server's name
 *
 * Returns: (transfer full): the server part of the names of its tools
 */
char *
tether_hub_names_slug (const char *server)
{
  GString *slug = g_string_new (NULL);

  for (const char *p = server; *p != '\0' && slug->len < TETHER_HUB_SLUG_MAX; p++)
    {
      guchar c = (guchar)*p;

      /* A multibyte character gives one `-`, not one per byte. */
      if (c >= 0x80 && (c & 0xC0) == 0x80)
        continue;
      g_string_append_c (slug, g_ascii_isalnum (c) || c == '-' ? (char)c : '-');
    }

  if (slug->len == 0)
    g_string_append (slug, "server");

  return g_string_free (slug, FALSE);
}

static char *
hash_hex (const char *server,
          const char *item)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_checksum_update (checksum, (const guchar *)server, strlen (server));
  g_checksum_update (checksum, (const guchar *)"", 1);
  g_checksum_update (checksum, (const guchar *)item, strlen (item));

  return g_strdup (g_checksum_get_string (checksum));
}

static char *
with_suffix (const char *base,
             const char *hex,
             guint       digits)
{
  gsize keep = MIN (strlen (base), (gsize)(TETHER_HUB_NAME_MAX - 1 - digits));

  return g_strdup_printf ("%.*s-%.*s", (int)keep, base, (int)digits, hex);
}

/**
 * tether_hub_names_make:
 * @server: the server's name
 * @item: the tool's (or prompt's) name, as the server names it
 * @taken: (element-type utf8 utf8): the names given so far; the new one is
 *   added to it
 *
 * Returns: (transfer full): the name to offer, unique in @taken
 */
char *
tether_hub_names_make (const char *server,
                       const char *item,
                       GHashTable *taken)
{
  g_autofree char *slug = NULL;
  g_autofree char *hex = NULL;
  g_autoptr(GString) name = NULL;
  char *result;

  g_return_val_if_fail (server != NULL, NULL);
  g_return_val_if_fail (item != NULL, NULL);
  g_return_val_if_fail (taken != NULL, NULL);

  slug = tether_hub_names_slug (server);
  name = g_string_new (slug);
  g_string_append (name, "__");
  for (const char *p = item; *p != '\0'; p++)
    {
      guchar c = (guchar)*p;

      if (c >= 0x80 && (c & 0xC0) == 0x80)
        continue;
      g_string_append_c (name, g_ascii_isalnum (c) || c == '-' || c == '_' ? (char)c : '_');
    }
  if (*item == '\0')
    g_string_append_c (name, '_');

  /* the hash only when a name is cut or taken: it costs */
  if (name->len > TETHER_HUB_NAME_MAX)
    {
      hex = hash_hex (server, item);
      g_string_truncate (name, CUT_LENGTH);
      g_string_append_printf (name, "-%.4s", hex);
    }

  result = g_strdup (name->str);
  for (guint digits = 4; g_hash_table_contains (taken, result) && digits <= 40; digits += 2)
    {
      if (hex == NULL)
        hex = hash_hex (server, item);
      g_free (result);
      result = with_suffix (name->str, hex, digits);
    }

  /* 64 hex digits could not tell them apart: count instead. */
  for (guint n = 2; g_hash_table_contains (taken, result); n++)
    {
      g_autofree char *count = g_strdup_printf ("%u", n);

      g_free (result);
      result = with_suffix (name->str, count, (guint)strlen (count));
    }

  g_hash_table_add (taken, g_strdup (result));

  return result;
}
