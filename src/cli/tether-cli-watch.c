/* tether-cli-watch.c — tether-cli watch
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keeps every enabled server of the configuration connected by the app's
 * rules (a TetherServerManager on the store, following edits of the file)
 * and prints one JSON line per state change, flushed at once:
 *
 *   {"time":"2026-…Z","server":"memory","state":"waiting","attempt":2,"of":3,
 *    "retry_in_ms":1000,"error":"exited with status 1"}
 *
 * `attempt` and `of` are the server's: during a connection round the
 * attempt and the number of attempts; while recovering from a drop, the
 * failures in a row and how many make it give up. `retry_in_ms` is set
 * while waiting, `error` when the server has a last error; both are null
 * otherwise. Every server's state is printed once at the start; a server
 * taken out of the file prints `"state":"removed"`. The file itself prints
 * `{"time":…,"config":PATH,"state":"unusable","error":…,"line":L,"column":C}`
 * when an edit makes it unusable (the servers run on as they were) and
 * `"state":"usable"` when it is fixed.
 *
 * SIGINT, SIGTERM or SIGHUP stop every server (all processes gone) and end
 * with status 0. No secret is printed: errors are the servers' own.
 *
 * `watch --requests` prints the running hub's activity instead
 * (tether-cli-watch-requests.c).
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "tether-cli-asker.h"
#include "tether-cli-output.h"
#include "tether-cli-watch.h"
#include "tether-cli-watch-requests.h"
#include "tether-config-error.h"
#include "tether-server-manager.h"

typedef struct _Watch Watch;

/* One server being watched, and what was last printed about it. */
typedef struct
{
  Watch             *watch;
  TetherServer      *server;
  char              *name;
  TetherServerState  printed_state;
  guint              printed_attempt;
  guint              check_id;
} Watched;

struct _Watch
{
  GMainLoop           *loop;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  GPtrArray           *watched;
  GError              *error;
  guint                signal_ids[3];
  guint                stdout_id;
  gboolean             stopping;
  gboolean             stopped;
};

static void stop (Watch *watch);

/* Output */

static void
print_line (Watch      *watch,
            JsonObject *object)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(JsonObject) line = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *seconds = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
  g_autofree char *time = g_strdup_printf ("%s.%03dZ", seconds, g_date_time_get_microsecond (now) / 1000);
  g_autoptr(GList) members = json_object_get_members (object);

  /* The time first, for people reading along */
  json_object_set_string_member (line, "time", time);
  for (const GList *l = members; l != NULL; l = l->next)
    json_object_set_member (line, l->data, json_node_ref (json_object_get_member (object, l->data)));
  json_node_set_object (node, line);

  tether_cli_print_json_line (node);

  /* A reader that went away ends the watch, cleanly. */
  if (fflush (stdout) != 0 && !watch->stopping)
    {
      watch->error = g_error_new (G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                                  _("could not write to standard output: %s"), g_strerror (errno));
      stop (watch);
    }
}

static void
print_state (Watched *watched)
{
  TetherServer *server = watched->server;
  TetherServerState state = tether_server_get_state (server);
  g_autoptr(JsonObject) object = json_object_new ();
  const char *error = tether_server_get_error_message (server);

  watched->printed_state = state;
  watched->printed_attempt = tether_server_get_attempt (server);

  json_object_set_string_member (object, "server", watched->name);
  json_object_set_string_member (object, "state", tether_server_state_to_string (state));
  json_object_set_int_member (object, "attempt", tether_server_get_attempt (server));
  json_object_set_int_member (object, "of", tether_server_get_attempts (server));

  if (state == TETHER_SERVER_STATE_WAITING)
    {
      gint64 remaining = tether_server_get_retry_at (server) - g_get_monotonic_time ();

      json_object_set_int_member (object, "retry_in_ms", MAX (remaining, 0) / 1000);
    }
  else
    json_object_set_null_member (object, "retry_in_ms");

  if (error != NULL)
    json_object_set_string_member (object, "error", error);
  else
    json_object_set_null_member (object, "error");

  print_line (watched->watch, object);
}

static void
print_config_state (Watch *watch)
{
  const GError *error = tether_config_store_get_error (watch->store);
  g_autoptr(JsonObject) object = json_object_new ();

  json_object_set_string_member (object, "config",
                                 g_file_peek_path (tether_config_store_get_file (watch->store)));
  json_object_set_string_member (object, "state", error != NULL ? "unusable" : "usable");
  if (error != NULL)
    {
      json_object_set_string_member (object, "error", error->message);
      if (tether_config_error_get_line (error) > 0)
        {
          json_object_set_int_member (object, "line", tether_config_error_get_line (error));
          json_object_set_int_member (object, "column", tether_config_error_get_column (error));
        }
    }

  print_line (watch, object);
}

/* Following the servers */

static gboolean
check_attempt_cb (gpointer user_data)
{
  Watched *watched = user_data;

  watched->check_id = 0;

  /* A new attempt with no wait before it changes no state: say so. */
  if (tether_server_get_state (watched->server) == TETHER_SERVER_STATE_CONNECTING &&
      watched->printed_state == TETHER_SERVER_STATE_CONNECTING &&
      tether_server_get_attempt (watched->server) != watched->printed_attempt)
    print_state (watched);

  return G_SOURCE_REMOVE;
}

static void
state_changed_cb (TetherServer *server,
                  GParamSpec   *pspec,
                  Watched      *watched)
{
  print_state (watched);
}

static void
attempt_changed_cb (TetherServer *server,
                    GParamSpec   *pspec,
                    Watched      *watched)
{
  /* The attempt moves before the state does (to `waiting`, usually):
   * look once the change is complete. */
  if (watched->check_id == 0)
    watched->check_id = g_idle_add_full (G_PRIORITY_HIGH, check_attempt_cb, watched, NULL);
}

static void
watched_free (Watched *watched)
{
  g_clear_handle_id (&watched->check_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (watched->server, watched);
  g_clear_object (&watched->server);
  g_free (watched->name);
  g_free (watched);
}

static Watched *
find_watched (Watch        *watch,
              TetherServer *server)
{
  for (guint i = 0; i < watch->watched->len; i++)
    {
      Watched *watched = g_ptr_array_index (watch->watched, i);

      if (watched->server == server)
        return watched;
    }

  return NULL;
}

static gboolean
manager_has (Watch        *watch,
             TetherServer *server)
{
  GListModel *model = G_LIST_MODEL (watch->manager);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TetherServer) item = g_list_model_get_item (model, i);

      if (item == server)
        return TRUE;
    }

  return FALSE;
}

/* Servers come and go with the file: watch the new ones (printing their
 * state), say goodbye to the ones taken out. */
static void
servers_changed_cb (GListModel *model,
                    guint       position,
                    guint       removed,
                    guint       added,
                    Watch      *watch)
{
  for (guint i = watch->watched->len; i > 0; i--)
    {
      Watched *watched = g_ptr_array_index (watch->watched, i - 1);

      if (!manager_has (watch, watched->server))
        {
          g_autoptr(JsonObject) object = json_object_new ();

          json_object_set_string_member (object, "server", watched->name);
          json_object_set_string_member (object, "state", "removed");
          g_ptr_array_remove_index (watch->watched, i - 1);
          print_line (watch, object);
        }
    }

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (model, i);
      Watched *watched;

      if (find_watched (watch, server) != NULL)
        continue;

      watched = g_new0 (Watched, 1);
      watched->watch = watch;
      watched->server = g_object_ref (server);
      watched->name = g_strdup (tether_server_get_name (server));
      g_ptr_array_add (watch->watched, watched);

      g_signal_connect (server, "notify::state", G_CALLBACK (state_changed_cb), watched);
      g_signal_connect (server, "notify::attempt", G_CALLBACK (attempt_changed_cb), watched);
      print_state (watched);
    }
}

static void
config_error_changed_cb (TetherConfigStore *store,
                         GParamSpec        *pspec,
                         Watch             *watch)
{
  print_config_state (watch);
}

/* Stopping */

static void
shutdown_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GError) error = NULL;

  if (!tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, &error) &&
      watch->error == NULL)
    watch->error = g_steal_pointer (&error);

  watch->stopped = TRUE;
  g_main_loop_quit (watch->loop);
}

static void
stop (Watch *watch)
{
  if (watch->stopping)
    return;

  watch->stopping = TRUE;
  tether_server_manager_shutdown_async (watch->manager, 0, NULL, shutdown_cb, watch);
}

static gboolean
signal_cb (gpointer user_data)
{
  stop (user_data);

  return G_SOURCE_CONTINUE;
}

/* The reader of a pipe went away (`watch | head -3`): stop without waiting
 * for the next line to fail. */
static gboolean
stdout_gone_cb (int          fd,
                GIOCondition condition,
                gpointer     user_data)
{
  Watch *watch = user_data;

  watch->stdout_id = 0;
  if (!watch->stopping)
    {
      watch->error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                                          _("standard output was closed"));
      stop (watch);
    }

  return G_SOURCE_REMOVE;
}

int
tether_cli_watch_main (const TetherCliConfigCommand  *command,
                       const TetherCliOptions        *options,
                       char                         **args,
                       GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autoptr(GFile) file = NULL;
  g_autoptr(TetherCliAsker) asker = tether_cli_asker_new_declining ("watch");
  Watch watch = { 0 };
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  gboolean json = TRUE;
  gboolean requests = FALSE;
  const GOptionEntry entries[] = {
    { "requests", 0, 0, G_OPTION_ARG_NONE, &requests,
      N_("Print the running hub's activity instead: one JSON line per request of an AI client"),
      NULL },
    { NULL }
  };

  /* --json is taken, and changes nothing: the lines are JSON. */
  if (!tether_cli_args_parse (&parsed, "watch [--requests]", command->summary, entries, NULL, NULL,
                              &json, args, error))
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (requests && parsed.positional[0] == NULL && parsed.command_line == NULL)
    return tether_cli_watch_requests_main (options, error);

  if (parsed.positional[0] != NULL || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("watch takes no arguments but --requests (the servers are those of the configuration)"));
      return TETHER_CLI_EXIT_USAGE;
    }

  /* A reader that goes away is seen as a failed write, not a death that
   * would leave the servers to their parent-death signal. */
  signal (SIGPIPE, SIG_IGN);

  file = tether_cli_options_get_file (options);
  watch.loop = g_main_loop_new (NULL, FALSE);
  watch.watched = g_ptr_array_new_with_free_func ((GDestroyNotify)watched_free);
  watch.store = tether_config_store_new (file);

  /* A file that cannot be used at the start is reported like a later bad
   * edit: nothing runs until it is fixed. */
  if (!tether_config_store_load (watch.store, NULL))
    print_config_state (&watch);
  g_signal_connect (watch.store, "notify::error", G_CALLBACK (config_error_changed_cb), &watch);
  tether_config_store_set_watching (watch.store, TRUE);

  watch.manager = tether_server_manager_new (watch.store, &options->timings);
  /* Roots come from the configuration; the rest is declined, with a line
   * on stderr. */
  tether_user_answerer_set_asker (tether_server_manager_get_answerer (watch.manager), TETHER_ASKER (asker));
  g_signal_connect (watch.manager, "items-changed", G_CALLBACK (servers_changed_cb), &watch);
  servers_changed_cb (G_LIST_MODEL (watch.manager), 0, 0, 0, &watch);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    watch.signal_ids[i] = g_unix_signal_add (signals[i], signal_cb, &watch);
  watch.stdout_id = g_unix_fd_add (STDOUT_FILENO, G_IO_ERR | G_IO_HUP, stdout_gone_cb, &watch);

  tether_server_manager_start (watch.manager);

  while (!watch.stopped)
    g_main_loop_run (watch.loop);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (watch.signal_ids[i]);
  g_clear_handle_id (&watch.stdout_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (watch.manager, &watch);
  g_signal_handlers_disconnect_by_data (watch.store, &watch);
  g_clear_pointer (&watch.watched, g_ptr_array_unref);
  g_clear_object (&watch.manager);
  g_clear_object (&watch.store);
  g_clear_pointer (&watch.loop, g_main_loop_unref);

  if (watch.error != NULL)
    {
      g_propagate_error (error, watch.error);
      return TETHER_CLI_EXIT_FAILURE;
    }

  return TETHER_CLI_EXIT_OK;
}
