/* tether-cli-serve.c — tether-cli serve
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the hub without GTK, over the servers of the configuration (kept
 * connected by the app's rules, following edits of the file as they come):
 *
 *   tether-cli [--config FILE] serve [--listen 127.0.0.1:PORT]
 *
 * The first line of stdout is the endpoint URL (`http://127.0.0.1:PORT/mcp`),
 * flushed at once; `--listen 127.0.0.1:0` picks a free port. Without
 * --listen the port is the app's `hub-port` setting when its schema is
 * installed, else 7624. SIGINT, SIGTERM or SIGHUP stop the hub and every
 * server (no process left) and end with status 0.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "tether-cli-asker.h"
#include "tether-cli-output.h"
#include "tether-cli-serve.h"
#include "tether-hub.h"

typedef struct
{
  GMainLoop           *loop;
  TetherServerManager *manager;
  gboolean             stopping;
  gboolean             stopped;
} Serve;

/* The app's setting, when its schema is there; never abort without it. */
guint
tether_cli_serve_default_port (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source == NULL)
    return TETHER_HUB_DEFAULT_PORT;

  schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "hub-port"))
    return TETHER_HUB_DEFAULT_PORT;

  settings = g_settings_new_full (schema, NULL, NULL);

  return g_settings_get_uint (settings, "hub-port");
}

/* 127.0.0.1:PORT (or localhost:PORT): the hub binds loopback only. */
static gboolean
parse_listen (const char  *value,
              guint       *port,
              GError     **error)
{
  const char *colon = strrchr (value, ':');
  g_autofree char *host = NULL;
  guint64 n;

  if (colon == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--listen takes 127.0.0.1:PORT, not “%s”"), value);
      return FALSE;
    }

  host = g_strndup (value, colon - value);
  if (!g_str_equal (host, "127.0.0.1") && !g_str_equal (host, "localhost"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("The hub listens on loopback only: --listen 127.0.0.1:PORT, not “%s”"), value);
      return FALSE;
    }

  if (!g_ascii_string_to_unsigned (colon + 1, 10, 0, 65535, &n, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--listen needs a port from 0 to 65535, not “%s”"), colon + 1);
      return FALSE;
    }

  *port = (guint)n;

  return TRUE;
}

static void
shutdown_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Serve *serve = user_data;
  g_autoptr(GError) error = NULL;

  if (!tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, &error))
    tether_cli_print_error ("%s", error->message);

  serve->stopped = TRUE;
  g_main_loop_quit (serve->loop);
}

static gboolean
signal_cb (gpointer user_data)
{
  Serve *serve = user_data;

  if (!serve->stopping)
    {
      serve->stopping = TRUE;
      tether_server_manager_shutdown_async (serve->manager, 0, NULL, shutdown_cb, serve);
    }

  return G_SOURCE_CONTINUE;
}

int
tether_cli_serve_main (const TetherCliConfigCommand  *command,
                       const TetherCliOptions        *options,
                       char                         **args,
                       GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(TetherHub) hub = NULL;
  g_autoptr(TetherCliAsker) asker = tether_cli_asker_new_declining ("serve");
  g_autoptr(GFile) file = NULL;
  g_autofree char *listen_spec = NULL;
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint signal_ids[G_N_ELEMENTS (signals)];
  Serve serve = { 0 };
  guint port = 0;
  const GOptionEntry entries[] = {
    { "listen", 0, 0, G_OPTION_ARG_STRING, &listen_spec,
      N_("Listen on this loopback port (0 picks a free one; default: the app’s hub-port setting, "
         "else 7624)"), "127.0.0.1:PORT" },
    { NULL }
  };

  if (!tether_cli_args_parse (&parsed, command->synopsis, command->summary, entries, NULL, NULL,
                              NULL, args, error))
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (parsed.positional[0] != NULL || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("serve takes --listen 127.0.0.1:PORT only, not “%s”"),
                   parsed.positional[0] != NULL ? parsed.positional[0] : "--");
      return TETHER_CLI_EXIT_USAGE;
    }

  if (listen_spec != NULL)
    {
      if (!tether_cli_check_value ("--listen", listen_spec, error) ||
          !parse_listen (listen_spec, &port, error))
        return TETHER_CLI_EXIT_USAGE;
    }
  else
    port = tether_cli_serve_default_port ();

  /* A reader of our stdout that goes away is not a reason to die. */
  signal (SIGPIPE, SIG_IGN);

  file = tether_cli_options_get_file (options);
  store = tether_config_store_new (file);
  if (!tether_config_store_load (store, error))
    return TETHER_CLI_EXIT_FAILURE;
  tether_config_store_set_watching (store, TRUE);

  serve.loop = g_main_loop_new (NULL, FALSE);
  serve.manager = tether_server_manager_new (store, &options->timings);
  /* Hub clients answer what servers ask during their calls; the rest is
   * declined, with a line on stderr. */
  tether_user_answerer_set_asker (tether_server_manager_get_answerer (serve.manager), TETHER_ASKER (asker));
  hub = tether_hub_new (serve.manager);
  tether_hub_set_port (hub, port);

  if (!tether_hub_start (hub, error))
    {
      g_clear_object (&hub);
      g_clear_object (&serve.manager);
      g_main_loop_unref (serve.loop);
      return TETHER_CLI_EXIT_FAILURE;
    }

  /* Whoever reads the URL may signal us at once. */
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    signal_ids[i] = g_unix_signal_add (signals[i], signal_cb, &serve);

  printf ("%s\n", tether_hub_get_url (hub));
  fflush (stdout);

  tether_server_manager_start (serve.manager);

  while (!serve.stopped)
    g_main_loop_run (serve.loop);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (signal_ids[i]);

  tether_hub_stop (hub);
  g_clear_object (&hub);
  g_clear_object (&serve.manager);
  g_main_loop_unref (serve.loop);

  return TETHER_CLI_EXIT_OK;
}
