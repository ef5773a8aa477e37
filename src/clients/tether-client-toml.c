/* tether-client-toml.c — a table added to or removed from TOML text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tether's entry in a TOML file is a table of its own, `[TABLE.NAME]`,
 * appended at the end of the file after a blank line: a table may come
 * after anything, so the rest of the file is never touched. Removing it
 * deletes the lines from its header up to the next header (or the end),
 * and the blank line the addition put before it.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json.h"
#include "tether-client-error.h"
#include "tether-client-text-private.h"

static gboolean
is_bare_key (const char *key)
{
  if (*key == '\0')
    return FALSE;
  for (const char *p = key; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
        return FALSE;
    }

  return TRUE;
}

static void
append_key (GString    *out,
            const char *key)
{
  if (is_bare_key (key))
    g_string_append (out, key);
  else
    mcp_json_write_string (key, out);   /* a TOML basic string too */
}

static void
append_value (GString  *out,
              JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));

      g_string_append (out, "{ ");
      for (GList *l = members; l != NULL; l = l->next)
        {
          if (l != members)
            g_string_append (out, ", ");
          append_key (out, l->data);
          g_string_append (out, " = ");
          append_value (out, json_object_get_member (json_node_get_object (node), l->data));
        }
      g_string_append (out, " }");
    }
  else
    _tether_client_json_render (node, "", "", "", out);
}

static char *
header_for (const char *table,
            const char *name)
{
  GString *out = g_string_new ("[");

  append_key (out, table);
  g_string_append_c (out, '.');
  append_key (out, name);
  g_string_append_c (out, ']');

  return g_string_free (out, FALSE);
}

void
_tether_client_toml_render (const char *table,
                            const char *name,
                            JsonObject *entry,
                            const char *newline,
                            GString    *out)
{
  g_autofree char *header = header_for (table, name);
  g_autoptr(GList) members = json_object_get_members (entry);

  g_string_append (out, header);
  g_string_append (out, newline);
  for (GList *l = members; l != NULL; l = l->next)
    {
      append_key (out, l->data);
      g_string_append (out, " = ");
      append_value (out, json_object_get_member (entry, l->data));
      g_string_append (out, newline);
    }
}

/* The start of the line holding the header, and the start of the next
 * header's line (or the end); FALSE if there is no such header. */
static gboolean
find_table (const char *text,
            gsize       length,
            const char *header,
            gsize      *start,
            gsize      *end)
{
  gsize i = 0;
  gboolean found = FALSE;

  while (i < length)
    {
      const char *nl = memchr (text + i, '\n', length - i);
      gsize line_end = nl != NULL ? (gsize)(nl - text) + 1 : length;
      gsize j = i;
      g_autofree char *line = NULL;

      while (j < line_end && (text[j] == ' ' || text[j] == '\t'))
        j++;
      if (j < line_end && text[j] == '[')
        {
          if (found)
            {
              *end = i;
              return TRUE;
            }
          line = g_strstrip (g_strndup (text + j, line_end - j));
          if (g_str_equal (line, header))
            {
              found = TRUE;
              *start = i;
            }
        }
      i = line_end;
    }

  *end = length;

  return found;
}

char *
_tether_client_toml_add_table (const char  *text,
                               gsize        length,
                               const char  *table,
                               const char  *name,
                               JsonObject  *entry,
                               GError     **error)
{
  const char *newline = _tether_client_text_newline (text, length);
  GString *out = g_string_new_len (text, length);

  if (length > 0)
    {
      if (text[length - 1] != '\n')
        g_string_append (out, newline);
      g_string_append (out, newline);
    }
  _tether_client_toml_render (table, name, entry, newline, out);

  return g_string_free (out, FALSE);
}

char *
_tether_client_toml_remove_table (const char  *text,
                                  gsize        length,
                                  const char  *table,
                                  const char  *name,
                                  GError     **error)
{
  g_autofree char *header = header_for (table, name);
  gsize start, end;

  if (!find_table (text, length, header, &start, &end))
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("the entry is not written as a table of its own, %s"), header);
      return NULL;
    }

  /* the blank line the addition put before it */
  if (end == length)
    {
      if (start >= 4 && memcmp (text + start - 4, "\r\n\r\n", 4) == 0)
        start -= 2;
      else if (start >= 2 && memcmp (text + start - 2, "\n\n", 2) == 0)
        start -= 1;
    }

  return _tether_client_text_splice (text, length, start, end, "");
}

/* Sets @key in the table: its line replaced if the table has one, else a
 * line added after the table's last line that holds something. */
char *
_tether_client_toml_set_key (const char  *text,
                             gsize        length,
                             const char  *table,
                             const char  *name,
                             const char  *key,
                             JsonNode    *value,
                             GError     **error)
{
  const char *newline = _tether_client_text_newline (text, length);
  g_autofree char *header = header_for (table, name);
  g_autoptr(GString) line = g_string_new (NULL);
  gsize start, end, i, insert_at;

  if (!find_table (text, length, header, &start, &end))
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("the entry is not written as a table of its own, %s"), header);
      return NULL;
    }

  append_key (line, key);
  g_string_append (line, " = ");
  if (value != NULL)
    append_value (line, value);

  /* the line of @key, if any */
  insert_at = start;
  for (i = start; i < end;)
    {
      const char *nl = memchr (text + i, '\n', end - i);
      gsize line_end = nl != NULL ? (gsize)(nl - text) + 1 : end;
      gsize j = i;

      while (j < line_end && (text[j] == ' ' || text[j] == '\t'))
        j++;
      if (j < line_end && text[j] != '#' && text[j] != '\r' && text[j] != '\n')
        {
          gsize k = j;

          while (k < line_end && text[k] != '=' && text[k] != ' ' && text[k] != '\t')
            k++;
          if (k - j == strlen (key) && memcmp (text + j, key, k - j) == 0)
            {
              if (value != NULL)
                g_string_append (line, newline);
              return _tether_client_text_splice (text, length, i, line_end,
                                                 value != NULL ? line->str : "");
            }
          insert_at = line_end;
        }
      i = line_end;
    }

  if (value == NULL)
    return g_strndup (text, length);

  if (insert_at > 0 && text[insert_at - 1] != '\n')
    g_string_prepend (line, newline);
  g_string_append (line, newline);

  return _tether_client_text_splice (text, length, insert_at, insert_at, line->str);
}
