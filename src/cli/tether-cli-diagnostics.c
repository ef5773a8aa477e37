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

#include "tether-cli-commands.h"
#include "tether-cli-config.h"
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
tether_cli_diagnostics_main (const TetherCliOptions  *options,
                             char                   **args,
                             GError                 **error)
{
  TetherCliOptions local = *options;
  g_autoptr(GFile) file = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(TetherDiagnostics) diagnostics = NULL;
  g_autoptr(JsonNode) report = NULL;
  gboolean json = options->json;

  /* --config may follow the command too */
  for (guint i = 0; args[i] != NULL; i++)
    {
      if (tether_cli_match_option (args, &i, "--config", &local.config_path, error))
        {
          if (local.config_path == NULL)
            return TETHER_CLI_EXIT_USAGE;
          continue;
        }

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("diagnostics: unexpected argument %s"), args[i]);
      return TETHER_CLI_EXIT_USAGE;
    }

  file = tether_cli_options_get_file (&local);
  store = tether_config_store_new (file);

  /* A file that cannot be used is reported, not fatal. */
  tether_config_store_load (store, NULL);

  diagnostics = tether_diagnostics_new (store, NULL);
  tether_diagnostics_collect_async (diagnostics, NULL, collected_cb, &report);
  while (report == NULL)
    g_main_context_iteration (NULL, TRUE);

  if (json)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;
      g_autofree char *escaped = NULL;

      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
      json_generator_set_root (generator, report);
      text = json_generator_to_data (generator, NULL);
      escaped = tether_text_escape_json_output (text);
      printf ("%s\n", escaped);
    }
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
