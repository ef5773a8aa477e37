/* tether-cli-env.c — the environment given to an ad-hoc server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An ad-hoc server (`-- COMMAND ARGS…`) gets the allow-listed part of the
 * user's environment (tether_process_get_environment_allow_list()), as a
 * configured server does, and on top of it what `--env-file FILE` and
 * `--env NAME=VALUE` give. The values may be secrets: no message shows one.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-env.h"
#include "tether-env-file.h"
#include "tether-read-file.h"
#include "tether-server-config.h"

/* NAME=VALUE into @variables, a later name replacing an earlier one. */
static void
set_variable (GPtrArray  *variables,
              const char *name,
              const char *value)
{
  gsize length = strlen (name);

  for (guint i = 0; i < variables->len; i++)
    {
      const char *pair = g_ptr_array_index (variables, i);

      if (strncmp (pair, name, length) == 0 && pair[length] == '=')
        {
          g_ptr_array_remove_index (variables, i);
          break;
        }
    }

  g_ptr_array_add (variables, g_strconcat (name, "=", value, NULL));
}

static gboolean
read_env_file (GPtrArray   *variables,
               const char  *path,
               GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;

  /* The reader's messages name the file, the parser's a line: never a
   * value. */
  if (!tether_read_file (path, NULL, TETHER_READ_MAX_FILE_SIZE, &contents, &length, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--env-file: %s", local->message);
      return FALSE;
    }

  entries = tether_env_file_parse (contents, length, TRUE, &local);
  if (entries == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--env-file %s: %s", path, local->message);
      return FALSE;
    }

  for (guint i = 0; i < entries->len; i++)
    {
      TetherEnvFileEntry *entry = &g_array_index (entries, TetherEnvFileEntry, i);

      set_variable (variables, entry->name, entry->value != NULL ? entry->value : "");
    }

  return TRUE;
}

/**
 * tether_cli_env_build:
 * @files: (nullable): the values of `--env-file`, read in order
 * @pairs: (nullable): the values of `--env`, each `NAME=VALUE`, applied
 *   after the files
 * @error: where to put a usage error; it names a file or a variable,
 *   never a value
 *
 * Returns: (transfer full) (nullable): `NAME=VALUE` pairs for
 *   tether_process_set_environment(), a later one of a name winning; %NULL
 *   on error
 */
char **
tether_cli_env_build (const char * const  *files,
                      const char * const  *pairs,
                      GError             **error)
{
  g_autoptr(GPtrArray) variables = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      if (!read_env_file (variables, files[i], error))
        return NULL;
    }

  for (guint i = 0; pairs != NULL && pairs[i] != NULL; i++)
    {
      const char *eq = strchr (pairs[i], '=');
      g_autofree char *name = eq != NULL ? g_strndup (pairs[i], eq - pairs[i]) : NULL;

      if (name == NULL || !tether_server_config_env_name_is_valid (name))
        {
          g_autofree char *shown = g_utf8_make_valid (name != NULL ? name : pairs[i], -1);

          /* Without “=” the whole value may be a secret: name nothing. */
          if (name == NULL)
            g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                                 _("--env needs NAME=VALUE"));
          else
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--env: “%s” is not a valid variable name (letters, digits and “_”, "
                           "not starting with a digit)"), shown);
          return NULL;
        }
      set_variable (variables, name, eq + 1);
    }

  g_ptr_array_add (variables, NULL);

  return (char **)g_ptr_array_free (g_steal_pointer (&variables), FALSE);
}
