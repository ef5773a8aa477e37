/* tether-env-file.c — KEY=VALUE files (VS Code's and Cursor's envFile)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-env-file"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-config-error.h"
#include "tether-env-file.h"
#include "tether-read-limits.h"

/**
 * tether_env_file_is_name:
 * @name: text
 * @length: its length in bytes
 *
 * Returns: %TRUE if @name is a portable environment variable name: ASCII
 *   letters, digits and `_`, not starting with a digit
 */
gboolean
tether_env_file_is_name (const char *name,
                         gsize       length)
{
  if (length == 0 || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;

  for (gsize i = 1; i < length; i++)
    {
      if (!g_ascii_isalnum (name[i]) && name[i] != '_')
        return FALSE;
    }

  return TRUE;
}

static void
entry_clear (gpointer data)
{
  TetherEnvFileEntry *entry = data;

  g_clear_pointer (&entry->name, g_free);
  g_clear_pointer (&entry->value, g_free);
}

static void
trim (const char **start,
      const char **end)
{
  while (*start < *end && g_ascii_isspace (**start))
    (*start)++;
  while (*end > *start && g_ascii_isspace ((*end)[-1]))
    (*end)--;
}

/**
 * tether_env_file_parse:
 * @text: the file's contents
 * @length: their length in bytes
 * @with_values: %FALSE to read only the names (a preview, a dry run): the
 *   values are then never copied
 * @error: return location for an error
 *
 * Reads `NAME=VALUE` lines, as VS Code's and Cursor's `envFile` holds them:
 * blank lines and `#` comments are skipped, an `export ` before the name is
 * allowed, white space around the name and the value is dropped, and so are
 * matching single or double quotes around the value. Lines without `=`, or
 * whose name is not a variable name, are skipped. Every variable is given
 * in file order, repeated ones too.
 *
 * Bounded: a file that is not UTF-8 text, has a line longer than
 * %TETHER_READ_MAX_STRING_LENGTH or sets more than %TETHER_READ_MAX_NODES
 * variables is a %TETHER_CONFIG_ERROR whose message completes “the file
 * could not be read: …”.
 *
 * Returns: (transfer full) (element-type TetherEnvFileEntry) (nullable):
 *   the variables, or %NULL on error
 */
GArray *
tether_env_file_parse (const char  *text,
                       gsize        length,
                       gboolean     with_values,
                       GError     **error)
{
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (TetherEnvFileEntry));
  const char *end = text + length;
  const char *p = text;
  guint line = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_array_set_clear_func (entries, entry_clear);

  if (memchr (text, '\0', length) != NULL || !g_utf8_validate_len (text, length, NULL))
    {
      g_set_error_literal (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                           _("it is not UTF-8 text"));
      return NULL;
    }

  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *start = p;
      const char *stop = eol != NULL ? eol : end;
      const char *eq;
      const char *name_end;
      const char *value;
      TetherEnvFileEntry entry;

      p = eol != NULL ? eol + 1 : end;
      line++;

      if ((gsize)(stop - start) > TETHER_READ_MAX_STRING_LENGTH)
        {
          g_autofree char *limit = g_format_size (TETHER_READ_MAX_STRING_LENGTH);

          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE,
                       _("line %u is longer than %s"), line, limit);
          return NULL;
        }

      trim (&start, &stop);
      if (start == stop || *start == '#')
        continue;
      if (stop - start > 7 && memcmp (start, "export", 6) == 0 && g_ascii_isspace (start[6]))
        {
          start += 7;
          trim (&start, &stop);
        }

      eq = memchr (start, '=', stop - start);
      if (eq == NULL)
        continue;

      name_end = eq;
      while (name_end > start && g_ascii_isspace (name_end[-1]))
        name_end--;
      if (!tether_env_file_is_name (start, name_end - start))
        continue;

      if (entries->len >= TETHER_READ_MAX_NODES)
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE,
                       g_dngettext (GETTEXT_PACKAGE, "it sets more than %d variable",
                                    "it sets more than %d variables", TETHER_READ_MAX_NODES),
                       TETHER_READ_MAX_NODES);
          return NULL;
        }

      entry.name = g_strndup (start, name_end - start);
      entry.value = NULL;
      if (with_values)
        {
          value = eq + 1;
          trim (&value, &stop);
          if (stop - value >= 2 && (*value == '"' || *value == '\'') && stop[-1] == *value)
            {
              value++;
              stop--;
            }
          entry.value = g_strndup (value, stop - value);
        }
      g_array_append_val (entries, entry);
    }

  return g_steal_pointer (&entries);
}
