/* tether-server-config-describe.c — a configuration as a person may see it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mcp-url.h"

#include "tether-server-config-private.h"

static void
append_quoted (GString    *out,
               const char *word)
{
  gboolean plain = *word != '\0';

  for (const char *p = word; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && strchr ("@%+=:,./_-", *p) == NULL && !((guchar)*p & 0x80))
        {
          plain = FALSE;
          break;
        }
    }

  if (plain)
    {
      g_string_append (out, word);
      return;
    }

  g_string_append_c (out, '\'');
  for (const char *p = word; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "'\\''");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
}

/**
 * tether_server_config_dup_command_line:
 * @self: a #TetherServerConfig
 *
 * The command and its arguments as one line a POSIX shell would split back
 * into the same argv: words with only safe characters stay bare, others are
 * single-quoted (`npx -y '@scope/pkg' 'My Documents'` never loses a space).
 * For display only: Tether always spawns the argv itself.
 *
 * Returns: (transfer full) (nullable): the command line, or %NULL without a
 *   command
 */
char *
tether_server_config_dup_command_line (TetherServerConfig *self)
{
  GString *out;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  if (self->command == NULL)
    return NULL;

  out = g_string_new (NULL);
  append_quoted (out, self->command);
  for (guint i = 0; self->args != NULL && self->args[i] != NULL; i++)
    {
      g_string_append_c (out, ' ');
      append_quoted (out, self->args[i]);
    }

  return g_string_free (out, FALSE);
}

/**
 * tether_server_config_dup_masked_url:
 * @self: a #TetherServerConfig
 *
 * The URL as it may be shown: see mcp_url_mask() for what is masked.
 *
 * Returns: (transfer full) (nullable): the masked URL, or %NULL without one
 */
char *
tether_server_config_dup_masked_url (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return mcp_url_mask (self->url);
}

/**
 * tether_server_config_describe:
 * @self: a #TetherServerConfig
 *
 * A one-line description for diagnostics, secrets masked:
 * `memory: stdio: npx -y @modelcontextprotocol/server-memory; env: API_KEY=••••`
 * or `docs: http: https://example.com/mcp; headers: Authorization=••••; disabled`.
 *
 * Returns: (transfer full): the description
 */
char *
tether_server_config_describe (TetherServerConfig *self)
{
  GString *out;
  g_autofree char *target = NULL;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "%s: %s: ", self->name, tether_server_kind_to_string (self->kind));

  if (self->kind == TETHER_SERVER_KIND_STDIO)
    target = tether_server_config_dup_command_line (self);
  else
    target = tether_server_config_dup_masked_url (self);
  g_string_append (out, target != NULL ? target : _("(none)"));

  if (self->cwd != NULL && self->kind == TETHER_SERVER_KIND_STDIO)
    g_string_append_printf (out, "; cwd: %s", self->cwd);

  for (guint p = 0; p < 2; p++)
    {
      const TetherPairs *pairs = p == 0 ? &self->env : &self->headers;

      if (pairs->keys->len == 0)
        continue;
      g_string_append (out, p == 0 ? "; env: " : "; headers: ");
      for (guint i = 0; i < pairs->keys->len; i++)
        g_string_append_printf (out, "%s%s=" TETHER_SERVER_CONFIG_MASK, i > 0 ? " " : "",
                                (const char *)g_ptr_array_index (pairs->keys, i));
    }

  if (!self->enabled)
    g_string_append (out, "; disabled");

  return g_string_free (out, FALSE);
}
