/* tether-cli-diagnostics.c — tether-cli diagnostics
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli [--config FILE] [--json] diagnostics [--config FILE] [--json]
 *
 * Where servers run and what they find there: the sandbox and the
 * permission to run commands on the host, the login shell's PATH (how long
 * resolving it took, and why it is a fallback if it is), each configured
 * command's absolute path (or where it was looked for), and the other
 * clients' configuration files found in the real home directory. Nothing is
 * started: commands are only looked up. Environment values are never
 * printed, PATH aside. TetherDiagnostics gathers and words it, for the
 * window's Diagnostics too.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "tether-cli-diagnostics.h"
#include "tether-cli-output.h"
#include "tether-diagnostics.h"
#include "tether-text.h"

static void
collected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  JsonNode **report = user_data;

  *report = tether_diagnostics_collect_finish (TETHER_DIAGNOSTICS (object), result, NULL);
}

int
tether_cli_diagnostics_main (const TetherCliConfigCommand  *command,
                             const TetherCliOptions        *options,
                             char                         **args,
                             GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autofree char *config_path = NULL;
  TetherCliOptions local = *options;
  g_autoptr(GFile) file = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(TetherDiagnostics) diagnostics = NULL;
  g_autoptr(JsonNode) report = NULL;
  const GOptionEntry entries[] = {
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config_path,
      N_("The configuration whose commands are looked up"), N_("FILE") },
    { NULL }
  };

  /* --config and --json may follow the command too */
  if (!tether_cli_args_parse (&parsed, command->synopsis, command->summary, entries, NULL, NULL,
                              &local.json, args, error) ||
      !tether_cli_check_value ("--config", config_path, error))
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (parsed.positional[0] != NULL || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("diagnostics: unexpected argument %s"),
                   parsed.positional[0] != NULL ? parsed.positional[0] : "--");
      return TETHER_CLI_EXIT_USAGE;
    }

  if (config_path != NULL)
    local.config_path = config_path;

  file = tether_cli_options_get_file (&local);
  store = tether_config_store_new (file);

  /* A file that cannot be used is reported, not fatal. */
  tether_config_store_load (store, NULL);

  diagnostics = tether_diagnostics_new (store, NULL);
  tether_diagnostics_collect_async (diagnostics, NULL, collected_cb, &report);
  while (report == NULL)
    g_main_context_iteration (NULL, TRUE);

  if (local.json)
    tether_cli_print_json (report);
  else
    {
      g_autofree char *text = NULL;
      g_autofree char *shown = NULL;

      /* Every string of it (paths, names, commands, errors) on one line
       * of a terminal, before the text is worded around them. */
      tether_text_map_strings (report, tether_cli_escape);
      text = tether_diagnostics_format_text (report);
      shown = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_MULTI_LINE);

      fputs (shown, stdout);
    }

  return TETHER_CLI_EXIT_OK;
}
