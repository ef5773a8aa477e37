/* tether-cli-options.c — tether-cli's options, and what they open
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The configuration is the app's: `--config FILE`, by default
 * `$XDG_CONFIG_HOME/tether/servers.json`, read and written through
 * TetherConfigStore; a server of it is run by a TetherServer with the
 * connection rules of src/README.md and the timings of the options, so
 * what tether-cli shows is what the app would.
 *
 * Every command reads its arguments with a GOptionContext of its own
 * (tether_cli_args_parse()): `--name VALUE` and `--name=VALUE` alike, in
 * any order among the other arguments, and everything after the first
 * `--` left whole, for it is a server's command line.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-options.h"
#include "tether-cli-output.h"
#include "tether-config-error.h"

/**
 * tether_cli_options_init:
 * @options: the options to fill in
 * @timings_spec: (nullable): the value of `--timings`
 * @error: where to put an error
 *
 * Sets the timings: the defaults of the connection rules, then
 * `TETHER_TIMINGS` from the environment, then @timings_spec.
 *
 * Returns: %TRUE if both specifications were valid
 */
gboolean
tether_cli_options_init (TetherCliOptions  *options,
                         const char        *timings_spec,
                         GError           **error)
{
  g_autoptr(GError) local = NULL;

  tether_server_timings_init_defaults (&options->timings);

  if (!tether_server_timings_parse (&options->timings, g_getenv ("TETHER_TIMINGS"), &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("TETHER_TIMINGS: %s"), local->message);
      return FALSE;
    }

  if (!tether_server_timings_parse (&options->timings, timings_spec, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--timings: %s"), local->message);
      return FALSE;
    }

  return TRUE;
}

/**
 * tether_cli_options_get_file:
 * @options: the options
 *
 * Returns: (transfer full): the configuration file
 */
GFile *
tether_cli_options_get_file (const TetherCliOptions *options)
{
  if (options->config_path != NULL)
    return g_file_new_for_commandline_arg (options->config_path);

  return tether_config_store_get_default_file ();
}

/**
 * tether_cli_prefix_path:
 * @error: (nullable): an error about @file
 * @file: the configuration file
 *
 * Names the file in @error, unless it does already: “servers.json, line 3,
 * column 9: …”.
 */
void
tether_cli_prefix_path (GError *error,
                        GFile  *file)
{
  const char *path = g_file_peek_path (file);

  if (error != NULL && path != NULL && strstr (error->message, path) == NULL)
    g_prefix_error (&error, "%s: ", path);
}

/**
 * tether_cli_open_store:
 * @options: the options
 * @error: where to put an error
 *
 * Loads the configuration. A missing file is an empty configuration; a file
 * that cannot be used is an error naming its path, line and column.
 *
 * Returns: (transfer full) (nullable): the loaded store
 */
TetherConfigStore *
tether_cli_open_store (const TetherCliOptions  *options,
                       GError                 **error)
{
  g_autoptr(GFile) file = tether_cli_options_get_file (options);
  g_autoptr(TetherConfigStore) store = tether_config_store_new (file);
  g_autoptr(GError) local = NULL;

  /* A change waits for another writer (the app, another run) to finish. */
  tether_config_store_set_lock_timeout (store, options->timings.config_lock_wait_ms);

  if (!tether_config_store_load (store, &local))
    {
      tether_cli_prefix_path (local, file);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  return g_steal_pointer (&store);
}

/**
 * tether_cli_no_such_server:
 * @store: the configuration
 * @name: a name it does not have
 *
 * Returns: (transfer full): the error for a name the configuration does
 *   not have
 */
GError *
tether_cli_no_such_server (TetherConfigStore *store,
                           const char        *name)
{
  return g_error_new (TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                      _("%s has no server named “%s” (see “tether-cli list”)"),
                      g_file_peek_path (tether_config_store_get_file (store)), name);
}

/**
 * tether_cli_open_server_target:
 * @options: the options
 * @name: a server of the configuration
 * @error: where to put an error
 *
 * A target for the server called @name, run by a #TetherServer with the
 * configuration's settings and the options' timings; `--timeout` overrides
 * the server's request and tool call timeouts. The command stops the
 * server once it has its answer, within TETHER_CLI_STOP_GRACE_MS (or the
 * shorter stop grace of the timings).
 *
 * Returns: (transfer full) (nullable): the target
 */
TetherCliTarget *
tether_cli_open_server_target (const TetherCliOptions  *options,
                               const char              *name,
                               GError                 **error)
{
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(TetherServer) server = NULL;
  TetherServerTimings timings = options->timings;
  TetherServerConfig *found;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return NULL;

  found = tether_config_store_lookup (store, name, NULL);
  if (found == NULL)
    {
      g_propagate_error (error, tether_cli_no_such_server (store, name));
      return NULL;
    }

  config = tether_server_config_copy (found);
  timings.stop_grace_ms = MIN (timings.stop_grace_ms, TETHER_CLI_STOP_GRACE_MS);
  if (options->timeout_ms > 0)
    {
      int timeout = (int)MIN (options->timeout_ms, (guint)G_MAXINT);

      tether_server_config_set_request_timeout (config, timeout);
      tether_server_config_set_tool_timeout (config, timeout);
      timings.ping_timeout_ms = options->timeout_ms;
    }

  server = tether_server_new (config, &timings);
  tether_server_set_config_file (server, tether_config_store_get_file (store));
  tether_cli_warn_cleartext (config);

  return tether_cli_target_new_server (server);
}

/* ---------------------------------------------------------------------- */
/* Arguments                                                                */

void
tether_cli_args_clear (TetherCliArgs *args)
{
  g_clear_pointer (&args->positional, g_strfreev);
  g_clear_pointer (&args->command_line, g_strfreev);
  args->help = FALSE;
}

/**
 * tether_cli_args_parse:
 * @args: (out caller-allocates): where to put the arguments that are not
 *   options; cleared with tether_cli_args_clear()
 * @parameters: what follows `tether-cli [OPTION…]` in the help: the
 *   command and its arguments
 * @summary: (nullable): what the command does, untranslated
 * @entries: the command's options
 * @more_entries: (nullable): more of them
 * @user_data: what the callbacks of @entries and @more_entries get
 * @json: (inout) (nullable): where `--json`, if the command takes it, goes
 * @argv: the arguments after the command's name
 * @error: where to put a usage error
 *
 * Reads the options of one command with a #GOptionContext: each as
 * `--name VALUE` or `--name=VALUE`, in any order among the other arguments.
 * Everything after the first `--` is left whole in @args->command_line, for
 * it is a server's command line; what is neither is in @args->positional,
 * in order. `--help` (`-h`) prints the command's options.
 *
 * Returns: %TRUE unless the arguments are not valid
 */
gboolean
tether_cli_args_parse (TetherCliArgs       *args,
                       const char          *parameters,
                       const char          *summary,
                       const GOptionEntry  *entries,
                       const GOptionEntry  *more_entries,
                       gpointer             user_data,
                       gboolean            *json,
                       char               **argv,
                       GError             **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) strv = NULL;
  GOptionGroup *group;
  gboolean help = FALSE;
  guint dashes;
  const GOptionEntry common_entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, json, N_("Print JSON instead of text"), NULL },
    { NULL }
  };
  const GOptionEntry help_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Show the options of this command"), NULL },
    { NULL }
  };

  memset (args, 0, sizeof *args);

  /* The server's command line is never parsed, not even for "--help". */
  for (dashes = 0; argv[dashes] != NULL && !g_str_equal (argv[dashes], "--"); dashes++)
    ;
  g_ptr_array_add (before, g_strdup ("tether-cli"));
  for (guint i = 0; i < dashes; i++)
    g_ptr_array_add (before, g_strdup (argv[i]));
  g_ptr_array_add (before, NULL);
  strv = (char **)g_ptr_array_steal (before, NULL);

  group = g_option_group_new ("command", summary, summary, user_data, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  if (more_entries != NULL)
    g_option_group_add_entries (group, more_entries);
  if (json != NULL)
    g_option_group_add_entries (group, common_entries);
  g_option_group_add_entries (group, help_entries);
  g_option_context_set_main_group (context, group);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_help_enabled (context, FALSE);
  if (summary != NULL)
    g_option_context_set_summary (context, summary);

  if (!g_option_context_parse_strv (context, &strv, error))
    return FALSE;

  if (help)
    {
      g_autofree char *text = g_option_context_get_help (context, TRUE, NULL);

      fputs (text, stdout);
      args->help = TRUE;
      return TRUE;
    }

  args->positional = g_strdupv (strv + 1);
  if (argv[dashes] != NULL)
    args->command_line = g_strdupv (argv + dashes + 1);

  return TRUE;
}

/**
 * tether_cli_check_value:
 * @name: an option that takes a value, like `--url`
 * @value: (nullable): its value, if it was given
 * @error: where to put a usage error
 *
 * Returns: %FALSE if @value was given empty
 */
gboolean
tether_cli_check_value (const char  *name,
                        const char  *value,
                        GError     **error)
{
  if (value != NULL && *value == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("%s needs a value"), name);
      return FALSE;
    }

  return TRUE;
}

/**
 * tether_cli_check_roots:
 * @roots: (nullable): the values of `--root`, each replaced by its
 *   absolute, canonical path
 * @error: where to put a usage error
 *
 * Returns: %TRUE if each of @roots is a folder
 */
gboolean
tether_cli_check_roots (char    **roots,
                        GError  **error)
{
  for (guint i = 0; roots != NULL && roots[i] != NULL; i++)
    {
      g_autofree char *absolute = g_canonicalize_filename (roots[i], NULL);

      if (!g_file_test (absolute, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--root %s: not a folder"), roots[i]);
          return FALSE;
        }
      g_free (roots[i]);
      roots[i] = g_steal_pointer (&absolute);
    }

  return TRUE;
}

/**
 * tether_cli_check_pairs:
 * @name: an option whose value is a pair, like `--env`
 * @values: (nullable): the values it was given
 * @separator: what separates the pair's name from its value: `=`, `:`
 * @error: where to put a usage error
 *
 * Returns: %TRUE if each of @values is a name, @separator and a value
 */
gboolean
tether_cli_check_pairs (const char          *name,
                        const char * const  *values,
                        char                 separator,
                        GError             **error)
{
  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    {
      if (!tether_cli_check_value (name, values[i], error))
        return FALSE;

      if (strchr (values[i], separator) == NULL || values[i][0] == separator)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s takes NAME%cVALUE"), name, separator);
          return FALSE;
        }
    }

  return TRUE;
}

/**
 * tether_cli_parse_count:
 * @name: the option, like `--count`
 * @value: its value
 * @min: the least it may be
 * @out: (out): the number
 * @error: where to put a usage error
 *
 * Returns: %TRUE if @value is a whole number of at least @min
 */
gboolean
tether_cli_parse_count (const char  *name,
                        const char  *value,
                        guint        min,
                        guint       *out,
                        GError     **error)
{
  guint64 n;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, min, G_MAXUINT, &n, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s needs a whole number of at least %u"), name, min);
      return FALSE;
    }

  *out = (guint)n;

  return TRUE;
}
