/* test-server.c — the connection rules of src/README.md, against real fake servers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test runs a TetherServer with short timings against the fake stdio
 * server in one of its fault modes, records every state it goes through,
 * and asserts the sequence, the timings that matter and what the fake
 * server saw (its count file adds up over every process of a test). Every
 * test ends with no process of its own alive and no fd left open.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>

#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "tether-process.h"
#include "tether-log-entry.h"
#include "tether-server.h"
#include "fake/fake-http-server.h"
#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  TetherServerState state;
  guint             attempt;
  gint64            time;
} Step;

typedef struct
{
  char                *dir;
  char                *count_file;
  TetherServer        *server;
  GArray              *steps;
  TetherServerTimings  timings;
  guint                fds_before;
} Fixture;

static void
state_changed_cb (TetherServer *server,
                  GParamSpec   *pspec,
                  Fixture      *fixture)
{
  Step step = {
    tether_server_get_state (server),
    tether_server_get_attempt (server),
    g_get_monotonic_time (),
  };

  g_test_message ("%s: %s (attempt %u) %s", tether_server_get_name (server),
                  tether_server_state_to_string (step.state), step.attempt,
                  tether_server_get_error_message (server) ? tether_server_get_error_message (server) : "");
  g_array_append_val (fixture->steps, step);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-server-XXXXXX", NULL);
  fixture->count_file = g_build_filename (fixture->dir, "counts", NULL);
  fixture->steps = g_array_new (FALSE, TRUE, sizeof (Step));

  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.connect_retry_delay_ms = 100;
  fixture->timings.connect_timeout_ms = 3000;
  fixture->timings.list_timeout_ms = 300;
  fixture->timings.call_timeout_ms = 300;
  fixture->timings.call_timeout_max_ms = 1000;
  fixture->timings.ping_timeout_ms = 300;
  fixture->timings.reconnect_delay_ms = 50;
  fixture->timings.reconnect_delay_max_ms = 400;
  fixture->timings.max_quick_failures = 3;
  fixture->timings.healthy_after_ms = 1500;
  fixture->timings.stop_grace_ms = 300;
  fixture->timings.list_changed_delay_ms = 50;
}

static void
stopped_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (tether_server_stop_finish (TETHER_SERVER (object), result, NULL));
  *done = TRUE;
}

static void
stop_server (TetherServer *server)
{
  gboolean done = FALSE;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  tether_server_stop_async (server, FALSE, NULL, stopped_cb, &done);
  while (!done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (done);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->server != NULL)
    {
      stop_server (fixture->server);
      g_signal_handlers_disconnect_by_data (fixture->server, fixture);
      test_assert_finalized (g_steal_pointer (&fixture->server));
    }

  /* Nothing of the test's may be left: no fake server, no grandchild. */
  test_assert_no_processes_matching (fixture->dir, 5000);
  test_assert_no_leftovers (fixture->fds_before, 0, 5000);

  /* and the folder, with what a fake server killed while it rewrote its
   * count file left there (g_file_set_contents()'s temporary file) */
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->count_file, g_free);
  g_clear_pointer (&fixture->steps, g_array_unref);
}

/* Starts the fake server with the count file and these extra arguments. */
static TetherServer *
start_fake (Fixture    *fixture,
            const char *first_arg,
            ...)
{
  g_autoptr(TetherServerConfig) config = NULL;
  va_list ap;

  va_start (ap, first_arg);
  config = test_fake_server_config_va ("fake", fixture->count_file, first_arg, ap);
  va_end (ap);

  fixture->server = tether_server_new (config, &fixture->timings);
  g_signal_connect (fixture->server, "notify::state", G_CALLBACK (state_changed_cb), fixture);
  tether_server_start (fixture->server);

  return fixture->server;
}

static guint
count_steps (Fixture           *fixture,
             TetherServerState  state)
{
  guint n = 0;

  for (guint i = 0; i < fixture->steps->len; i++)
    if (g_array_index (fixture->steps, Step, i).state == state)
      n++;

  return n;
}

static guint
fake_count (Fixture    *fixture,
            const char *method)
{
  return test_read_count (fixture->count_file, method);
}

static pid_t
server_pid (TetherServer *server)
{
  McpClient *client = tether_server_get_client (server);
  McpTransport *transport;
  const char *id;

  g_assert_nonnull (client);
  transport = mcp_client_get_transport (client);
  g_assert_true (MCP_IS_STDIO_TRANSPORT (transport));
  id = tether_process_get_identifier (mcp_stdio_transport_get_process (MCP_STDIO_TRANSPORT (transport)));
  g_assert_nonnull (id);

  return (pid_t)g_ascii_strtoll (id, NULL, 10);
}

/* A working server: connected, with its lists. */
static void
test_connects_with_lists (Fixture       *fixture,
                          gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, NULL);
  g_autofree char *status = NULL;

  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_tools (server)), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_prompts (server)), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_resources (server)), >, 0);
  g_assert_null (tether_server_get_error_message (server));
  g_assert_cmpstr (tether_server_get_protocol_version (server), ==, "2025-11-25");

  status = tether_server_dup_status_text (server, g_get_monotonic_time ());
  g_assert_true (g_str_has_prefix (status, "Connected · "));
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 1);
}

/* Rule 1: three attempts 0/1/2 delays apart, then error with the reason
 * and the stderr tail. */
static void
test_three_attempts_then_error (Fixture       *fixture,
                                gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--crash-on-start", NULL);
  const char *details;
  gint64 first = 0, last = 0;
  guint connecting = 0;

  test_server_wait_state (server, TETHER_SERVER_STATE_ERROR);

  for (guint i = 0; i < fixture->steps->len; i++)
    {
      Step *step = &g_array_index (fixture->steps, Step, i);

      if (step->state == TETHER_SERVER_STATE_CONNECTING)
        {
          connecting++;
          g_assert_cmpuint (step->attempt, ==, connecting);
          if (first == 0)
            first = step->time;
          last = step->time;
        }
    }

  g_assert_cmpuint (connecting, ==, 3);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_WAITING), ==, 2);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTED), ==, 0);
  /* waits of 1 × and 2 × the retry delay (100 ms) before attempts 2 and 3 */
  g_assert_cmpint (last - first, >=, 300 * 1000);
  g_assert_cmpuint (tether_server_get_attempt (server), ==, 3);
  g_assert_cmpuint (tether_server_get_attempts (server), ==, 3);

  details = tether_server_get_error_details (server);
  g_test_message ("details: %s", details);
  g_assert_nonnull (tether_server_get_error_message (server));
  g_assert_nonnull (strstr (details, "3"));                /* exit status 3 */
  g_assert_nonnull (strstr (details, "crashing on start")); /* its last stderr line */
}

/* Rule 1: an error no attempt can fix ends the round at once. */
static void
test_command_not_found_is_final (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("missing");

  tether_server_config_set_command (config, "tether-no-such-command-anywhere");
  fixture->server = tether_server_new (config, &fixture->timings);
  g_signal_connect (fixture->server, "notify::state", G_CALLBACK (state_changed_cb), fixture);
  tether_server_start (fixture->server);

  test_server_wait_state (fixture->server, TETHER_SERVER_STATE_ERROR);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTING), ==, 1);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_WAITING), ==, 0);
  g_assert_nonnull (strstr (tether_server_get_error_message (fixture->server),
                            "command not found: tether-no-such-command-anywhere"));
}

/* Rule 5: a crash leaves connected at once, and the server comes back. */
static void
test_crash_reconnects (Fixture       *fixture,
                       gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, NULL);
  pid_t pid;
  gint64 killed, left = 0;

  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  pid = server_pid (server);

  g_array_set_size (fixture->steps, 0);
  killed = g_get_monotonic_time ();
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);

  test_server_wait_state (server, TETHER_SERVER_STATE_WAITING);
  left = g_array_index (fixture->steps, Step, 0).time;
  g_test_message ("left connected %.1f ms after the kill", (left - killed) / 1000.0);
  g_assert_cmpint (left - killed, <, 1000 * 1000);

  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpint (server_pid (server), !=, pid);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
}

/* The entries of the server's log that begin with @start and say @also. */
static guint
count_log (TetherServer *server,
           const char   *start,
           const char   *also)
{
  GListModel *log = tether_server_get_log (server);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, i);
      const char *text = tether_log_entry_get_text (entry);

      if (g_str_has_prefix (text, start) && strstr (text, also) != NULL)
        n++;
    }

  return n;
}

/* A server that exits on any request before initialize (rmcp's) is
 * started again at once and sent initialize directly: two processes, one
 * initialize, and no failure counted. */
static void
test_exit_at_discover_is_legacy (Fixture       *fixture,
                                 gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--exit-before-initialize", NULL);

  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpstr (tether_server_get_protocol_version (server), ==, "2025-11-25");
  g_assert_cmpint (mcp_client_get_era (tether_server_get_client (server)), ==, MCP_ERA_LEGACY);
  /* the transport's "started PROGRAM (pid N)", once per process */
  g_assert_cmpuint (count_log (server, "started ", " (pid "), ==, 2);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 1);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_WAITING), ==, 0);
  g_assert_null (tether_server_get_error_message (server));
  g_assert_cmpuint (count_log (server, "The server exited when asked server/discover",
                               "treating it as a 2025-11-25 server"), ==, 1);
}

/* Rule 5: a server that keeps dying right after connecting stops in error. */
static void
test_flapping_stops (Fixture       *fixture,
                     gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--crash-after-ms", "300", NULL);
  guint initializes;

  test_server_wait_state (server, TETHER_SERVER_STATE_ERROR);
  /* Each process lives 300 ms: connected, then dead. On a loaded machine a
   * process may die before it answers; that failure counts the same. */
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTED), >=, 1);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTED), <=, 3);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "Gave up after 3 failures"));
  initializes = fake_count (fixture, "initialize");
  g_assert_cmpuint (initializes, <=, 3);

  /* and it stays there */
  test_iterate_for (800);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_ERROR);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, initializes);
}

/* Rule 5: healthy for long enough, the count starts afresh. */
static void
test_healthy_resets_count (Fixture       *fixture,
                           gconstpointer  data)
{
  TetherServer *server;

  fixture->timings.healthy_after_ms = 100;
  server = start_fake (fixture, "--crash-after-ms", "400", NULL);

  /* Five deaths, each after a healthy period: never gives up. */
  for (guint i = 0; i < 5; i++)
    {
      test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
      test_server_wait_state (server, TETHER_SERVER_STATE_WAITING);
      g_assert_cmpuint (tether_server_get_attempt (server), ==, 1);
    }
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_ERROR), ==, 0);
}

/* Rule 4: a list that times out gets one reconnect and one retry. */
static void
test_list_timeout_reconnects_once (Fixture       *fixture,
                                   gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--hang-on", "tools/list", NULL);

  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  /* first session's list times out, reconnect, second times out too */
  test_iterate_for (2000);

  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_nonnull (tether_server_get_error_message (server));
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "tools/list"));
}

typedef struct
{
  JsonNode *result;
  GError   *error;
  gboolean  done;
} CallResult;

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  CallResult *call = user_data;

  call->result = tether_server_call_tool_finish (TETHER_SERVER (object), result, &call->error);
  call->done = TRUE;
}

static void
call_and_wait (TetherServer *server,
               const char   *tool,
               CallResult   *call)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  g_autoptr(JsonObject) args = json_object_new ();

  json_object_set_string_member (args, "message", "hello");
  tether_server_call_tool_async (server, tool, args, NULL, NULL, NULL, call_done_cb, call);
  while (!call->done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (call->done);
}

/* Rule 4: a tools/call that timed out is never sent again, and the server
 * is not restarted for it. */
static void
test_call_timeout_not_resent (Fixture       *fixture,
                              gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--hang-on", "tools/call", NULL);
  CallResult call = { 0, };

  test_server_wait_settled (server, NULL);
  call_and_wait (server, "echo", &call);

  g_assert_error (call.error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  test_iterate_for (500);
  g_assert_cmpuint (fake_count (fixture, "tools/call"), ==, 1);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 1);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_clear_error (&call.error);
}

/* Rule 4: a call the server died in: outcome unknown, not sent again, even
 * though the server reconnects. */
static void
test_call_crash_not_resent (Fixture       *fixture,
                            gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--crash-on-call", NULL);
  CallResult call = { 0, };

  test_server_wait_settled (server, NULL);
  call_and_wait (server, "echo", &call);

  g_assert_error (call.error, MCP_ERROR, MCP_ERROR_CLOSED);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  test_iterate_for (300);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
  g_assert_cmpuint (fake_count (fixture, "tools/call"), ==, 1);
  g_clear_error (&call.error);
}

/* A call issued while connecting waits for the connection. */
static void
test_call_waits_for_connection (Fixture       *fixture,
                                gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--slow-start", "300", NULL);
  CallResult call = { 0, };

  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTING);
  call_and_wait (server, "echo", &call);

  g_assert_no_error (call.error);
  g_assert_nonnull (call.result);
  g_assert_cmpuint (fake_count (fixture, "tools/call"), ==, 1);
  json_node_unref (call.result);
}

/* Rule 2: disabling mid-attempt cancels it and stops the process. */
static void
test_disable_during_connect (Fixture       *fixture,
                             gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--slow-start", "5000", NULL);
  pid_t pid;
  gboolean done = FALSE;

  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTING);
  test_iterate_for (100);
  pid = server_pid (server);
  g_assert_true (test_pid_alive (pid));

  tether_server_stop_async (server, TRUE, NULL, stopped_cb, &done);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_DISABLED);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (test_wait_pid_gone (pid, 3000));
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTED), ==, 0);
}

/* Rule 6: a manual reconnect ends the old process and starts a new one. */
static void
test_manual_reconnect (Fixture       *fixture,
                       gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, NULL);
  pid_t old_pid;

  test_server_wait_settled (server, NULL);
  old_pid = server_pid (server);

  tether_server_reconnect (server);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTING);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);

  g_assert_cmpint (server_pid (server), !=, old_pid);
  g_assert_true (test_wait_pid_gone (old_pid, 3000));
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
}

static void
log_level_set_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (tether_server_set_log_level_finish (TETHER_SERVER (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static gboolean
wait_count (Fixture    *fixture,
            const char *method,
            guint       n)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (fake_count (fixture, method) < n && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * 1000);

  return fake_count (fixture, method) == n;
}

/* The log level the user chose is asked again of the next process. */
static void
test_log_level_after_reconnect (Fixture       *fixture,
                                gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, NULL);
  gboolean done = FALSE;

  test_server_wait_settled (server, NULL);
  g_assert_cmpuint (fake_count (fixture, "logging/setLevel"), ==, 0);
  tether_server_set_log_level_async (server, "debug", NULL, log_level_set_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (fake_count (fixture, "logging/setLevel"), ==, 1);

  tether_server_reconnect (server);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
  g_assert_true (wait_count (fixture, "logging/setLevel", 2));
}

/* Rule 5: a server that stops answering pings is not shown connected. */
static void
test_liveness_ping (Fixture       *fixture,
                    gconstpointer  data)
{
  TetherServer *server;

  fixture->timings.ping_interval_ms = 100;
  server = start_fake (fixture, "--hang-on", "ping", NULL);

  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  test_server_wait_state (server, TETHER_SERVER_STATE_WAITING);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "Not answering"));
}

/* Rule 7: stopping a server that ignores SIGTERM and has grandchildren
 * leaves nothing behind (asserted by the teardown). */
static void
test_stop_kills_group (Fixture       *fixture,
                       gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--ignore-stdin-eof", "--ignore-sigterm",
                                     "--grandchildren", "2", NULL);
  gint64 start;

  test_server_wait_settled (server, NULL);
  g_assert_cmpuint (test_stop_on_failure_matching (fixture->dir), ==, 3);

  start = g_get_monotonic_time ();
  stop_server (server);
  g_test_message ("stopped in %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
}

/* list_changed, even early and in bursts, refreshes the list once. */
static void
test_list_changed_refreshes (Fixture       *fixture,
                             gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--list-changed-early", NULL);

  test_server_wait_settled (server, NULL);
  test_iterate_for (300);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_tools (server)), >, 0);
  g_assert_false (tether_server_get_busy (server));
}


static TetherServer *
start_http (Fixture    *fixture,
            const char *url,
            TetherServerKind kind)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("remote");

  tether_server_config_set_kind (config, kind);
  tether_server_config_set_url (config, url);
  tether_server_config_set_header_value (config, "Authorization", "Bearer very-secret-token");

  /* Each list may open a connection of its own (a proxy lookup, a TCP
   * handshake), which takes long under the sanitizers on a busy machine;
   * so may a ping. */
  fixture->timings.list_timeout_ms = MAX (fixture->timings.list_timeout_ms, 2000);
  fixture->timings.ping_timeout_ms = MAX (fixture->timings.ping_timeout_ms, 2000);

  fixture->server = tether_server_new (config, &fixture->timings);
  g_signal_connect (fixture->server, "notify::state", G_CALLBACK (state_changed_cb), fixture);
  tether_server_start (fixture->server);

  return fixture->server;
}

static guint
log_count (TetherServer *server,
           const char   *needle)
{
  GListModel *log = tether_server_get_log (server);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, i);

      if (strstr (tether_log_entry_get_text (entry), needle) != NULL)
        n++;
    }

  return n;
}

static gboolean
log_contains (TetherServer *server,
              const char   *needle)
{
  return log_count (server, needle) > 0;
}

/* The stateless revision has no logging/setLevel: the level chosen goes in
 * each request's `_meta` (also after a reconnect), and a server given none
 * sends no log messages. */
static void
test_log_level_stateless (Fixture       *fixture,
                          gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--era", "2026", NULL);
  CallResult calls[3] = { { 0, }, };
  gboolean done = FALSE;

  test_server_wait_settled (server, NULL);
  call_and_wait (server, "log", &calls[0]);
  g_assert_no_error (calls[0].error);
  g_assert_cmpuint (log_count (server, "hello"), ==, 0);

  tether_server_set_log_level_async (server, "info", NULL, log_level_set_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  call_and_wait (server, "log", &calls[1]);
  g_assert_no_error (calls[1].error);
  g_assert_cmpuint (log_count (server, "hello"), ==, 1);

  tether_server_reconnect (server);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  call_and_wait (server, "log", &calls[2]);
  g_assert_no_error (calls[2].error);
  g_assert_cmpuint (log_count (server, "hello"), ==, 2);
  g_assert_cmpuint (fake_count (fixture, "logging/setLevel"), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    g_clear_pointer (&calls[i].result, json_node_unref);
}

/* HTTP: connected with its lists; the header reached the server and no
 * secret reached the log. */
static void
test_http_connects (Fixture       *fixture,
                    gconstpointer  data)
{
  FakeHttpServer *http = fake_http_server_new ();
  TetherServer *server = start_http (fixture, http->url, TETHER_SERVER_KIND_HTTP);
  g_autofree char *diagnostics = NULL;

  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_tools (server)), >, 0);
  g_assert_false (log_contains (server, "very-secret-token"));
  diagnostics = tether_server_dup_diagnostics (server);
  g_assert_null (strstr (diagnostics, "very-secret-token"));
  g_assert_nonnull (strstr (diagnostics, "Authorization"));

  stop_server (server);
  fake_http_server_free (http);
}

/* A URL without a type finds the legacy SSE server, and remembers it. */
static void
test_http_auto_remembers_sse (Fixture       *fixture,
                              gconstpointer  data)
{
  FakeHttpServer *http = fake_http_server_new ();
  TetherServer *server;
  guint posts_to_url = 0; /* GET requests so far */

  http->legacy = TRUE;
  server = start_http (fixture, http->url, TETHER_SERVER_KIND_AUTO);
  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_true (log_contains (server, "legacy HTTP+SSE"));

  /* the next session goes straight to SSE: no Streamable HTTP attempt */
  g_assert_cmpuint (log_count (server, "initialize request with HTTP 405"), ==, 1);
  posts_to_url = fake_http_server_count (http, "GET", NULL);
  tether_server_reconnect (server);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (log_count (server, "initialize request with HTTP 405"), ==, 1);
  g_assert_cmpuint (fake_http_server_count (http, "GET", NULL), >, posts_to_url);

  stop_server (server);
  fake_http_server_free (http);
}

/* Rule 5 over HTTP: the server goes away; failing pings end "connected". */
static void
test_http_dead_is_never_green (Fixture       *fixture,
                               gconstpointer  data)
{
  FakeHttpServer *http = fake_http_server_new ();
  TetherServer *server;

  fixture->timings.ping_interval_ms = 100;
  server = start_http (fixture, http->url, TETHER_SERVER_KIND_HTTP);
  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);

  fake_http_server_free (http);
  test_server_wait_state (server, TETHER_SERVER_STATE_WAITING);
  g_assert_nonnull (tether_server_get_error_message (server));
  /* it keeps trying, and gives up after the quick failures */
  test_server_wait_state (server, TETHER_SERVER_STATE_ERROR);
}

typedef struct
{
  guint   n_started;
  guint   n_done;
  guint   n_refused;
  GError *refusal;
} Flood;

static void
flood_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Flood *flood = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_request_finish (TETHER_SERVER (object), result, &error);

  g_assert_null (node);
  flood->n_done++;
  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_PEER_NOT_READING))
    {
      flood->n_refused++;
      if (flood->refusal == NULL)
        flood->refusal = g_steal_pointer (&error);
    }
}

static gboolean
flood_finished (gpointer data)
{
  Flood *flood = data;

  return flood->n_done == flood->n_started;
}

/* Rule 5: a server that stops reading its input. What we hold for it stays
 * bounded; the request past the bound fails at once, naming the server and
 * the reason; the server leaves connected and comes back by the usual
 * waits. */
static void
test_not_reading_is_hung (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *padding = g_strnfill (256 * 1024, 'x');
  g_autofree char *uri = g_strconcat ("fake://dynamic/", padding, NULL);
  TetherServer *server;
  McpStdioTransport *stdio;
  Flood flood = { 0, };
  gsize peak = 0;

  /* Nothing may time out meanwhile: only the bound ends it. */
  fixture->timings.list_timeout_ms = 120000;
  server = start_fake (fixture, "--stop-reading-after", "resources/templates/list", NULL);
  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  stdio = MCP_STDIO_TRANSPORT (mcp_client_get_transport (tether_server_get_client (server)));
  g_array_set_size (fixture->steps, 0);

  /* Four times the bound, if nothing stops it. */
  while (tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED &&
         flood.n_started < 4 * MCP_STDIO_MAX_QUEUED_BYTES / (256 * 1024))
    {
      g_autoptr(JsonObject) params = json_object_new ();

      json_object_set_string_member (params, "uri", uri);
      tether_server_request_async (server, "resources/read", params, NULL, flood_done_cb, &flood);
      flood.n_started++;
      peak = MAX (peak, mcp_stdio_transport_get_queued_bytes (stdio));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }

  g_test_message ("%u requests, peak %lu bytes held (bound %lu)",
                  flood.n_started, (gulong)peak, (gulong)MCP_STDIO_MAX_QUEUED_BYTES);
  g_assert_cmpuint (peak, <, MCP_STDIO_MAX_QUEUED_BYTES + 300 * 1024);
  g_assert_cmpuint (flood.n_refused, ==, 1);
  g_test_message ("refused: %s", flood.refusal->message);
  g_assert_nonnull (strstr (flood.refusal->message, "Server “fake”: resources/read was not sent: "
                                                    "The server is not reading its input"));

  /* It left connected at once, and says why. */
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_WAITING);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "not reading its input"));
  g_assert_true (log_contains (server, "refusing messages until it does"));

  /* The usual waits bring it back, as a new process. */
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);

  stop_server (server);
  test_wait_until (flood_finished, &flood, "waiting for the requests to end");
  g_clear_error (&flood.refusal);
}

/* Rule 4: a read that times out gets one reconnect and one retry, on the
 * new session; when that times out too, the error is the caller's. */
static void
test_read_timeout_retried_once (Fixture       *fixture,
                                gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--hang-on", "resources/read", NULL);
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);

  json_object_set_string_member (params, "uri", "fake://dynamic/1");
  tether_server_request_async (server, "resources/read", params, NULL, test_store_result, &result);
  test_wait_for (&result);
  node = tether_server_request_finish (server, result, &error);

  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_null (node);
  g_assert_cmpuint (fake_count (fixture, "resources/read"), ==, 2);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
  g_assert_cmpuint (log_count (server, "resources/read failed"), ==, 1);
}

/* Rule 4 for the lists as for the requests: a list whose session the
 * server keeps ending (it answers 404 again right after the transport
 * started a new one) gets one reconnect, and the new session lists again;
 * the second failure is shown, naming the list. */
static void
test_http_list_expired_reconnects_once (Fixture       *fixture,
                                        gconstpointer  data)
{
  FakeHttpServer *http = fake_http_server_new ();
  TetherServer *server;

  http->expired_method = g_strdup ("prompts/list");
  server = start_http (fixture, http->url, TETHER_SERVER_KIND_HTTP);
  test_server_wait_settled (server, NULL);

  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_nonnull (tether_server_get_error_message (server));
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "prompts/list"));
  g_assert_cmpuint (log_count (server, "Reconnecting once and retrying"), ==, 1);
  /* each session: the handshake, and the transport's own new session */
  g_assert_cmpuint (http->n_initialize, ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_tools (server)), >, 0);

  stop_server (server);
  fake_http_server_free (http);
}

static void
status_on_notify_cb (TetherServer *server,
                     GParamSpec   *pspec,
                     guint        *calls)
{
  g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());

  g_assert_nonnull (status);
  (*calls)++;
}

/* The URIs TetherServer::resource-updated named, one line each */
static void
resource_updated_cb (TetherServer *server,
                     const char   *uri,
                     GString      *updates)
{
  g_string_append_printf (updates, "%s\n", uri);
}

static void
subscribe (TetherServer *server,
           const char   *uri)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tether_server_subscribe_async (server, uri, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_server_subscribe_finish (server, result, &error));
  g_assert_no_error (error);
}

static guint
count_lines (GString *text)
{
  guint n = 0;

  for (const char *p = text->str; (p = strchr (p, '\n')) != NULL; p++)
    n++;

  return n;
}

typedef struct
{
  GString *updates;
  guint    n;
} Updates;

static gboolean
updates_seen (gpointer data)
{
  Updates *want = data;

  return count_lines (want->updates) >= want->n;
}

static void
wait_updates (GString *updates,
              guint    n)
{
  Updates want = { updates, n };

  test_wait_until (updates_seen, &want, "resource updates");
  g_assert_cmpuint (count_lines (updates), ==, n);
}

/* A subscription outlives the process: the server killed and started again
 * by the connection rules is subscribed again, and its updates arrive; let
 * go of, it is not renewed again. */
static void
test_subscription_survives_restart (Fixture       *fixture,
                                    gconstpointer  data)
{
  TetherServer *server = start_fake (fixture, "--use-extras", NULL);
  g_autoptr(GString) updates = g_string_new (NULL);
  pid_t pid;

  g_signal_connect (server, "resource-updated", G_CALLBACK (resource_updated_cb), updates);
  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);

  /* The fake server says the counter changed as soon as it is subscribed. */
  subscribe (server, "fake://extras/counter");
  wait_updates (updates, 1);
  g_assert_cmpuint (fake_count (fixture, "resources/subscribe"), ==, 1);

  pid = server_pid (server);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  test_server_wait_state (server, TETHER_SERVER_STATE_WAITING);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpint (server_pid (server), !=, pid);

  wait_updates (updates, 2);
  g_assert_cmpstr (updates->str, ==, "fake://extras/counter\nfake://extras/counter\n");
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 2);
  g_assert_cmpuint (fake_count (fixture, "resources/subscribe"), ==, 2);

  /* Let go of: unsubscribed, and a restart subscribes to nothing. */
  tether_server_unsubscribe (server, "fake://extras/counter");
  test_iterate_for (300);
  g_assert_cmpuint (fake_count (fixture, "resources/unsubscribe"), ==, 1);
  tether_server_reconnect (server);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTING);
  test_server_wait_settled (server, NULL);
  test_iterate_for (300);
  g_assert_cmpuint (fake_count (fixture, "initialize"), ==, 3);
  g_assert_cmpuint (fake_count (fixture, "resources/subscribe"), ==, 2);
  g_assert_cmpstr (updates->str, ==, "fake://extras/counter\nfake://extras/counter\n");
}

static void
set_log_level (TetherServer *server,
               const char   *level)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tether_server_set_log_level_async (server, level, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_server_set_log_level_finish (server, result, &error));
  g_assert_no_error (error);
}

/* Has a GET stream of the current session been opened? */
static gboolean
stream_in_session (gpointer data)
{
  FakeHttpServer *http = data;
  FakeHttpRequest *get;

  for (guint i = 0; (get = fake_http_server_find (http, "GET", NULL, i)) != NULL; i++)
    if (g_strcmp0 (get->session_id, http->session_id) == 0)
      return fake_http_server_n_streams (http) > 0;

  return FALSE;
}

static gboolean
renewed_in_session (gpointer data)
{
  FakeHttpServer *http = data;

  return fake_http_server_count (http, "POST", "resources/subscribe") >= 2 &&
         fake_http_server_count (http, "POST", "logging/setLevel") >= 2;
}

/* HTTP: the server forgets the session and the transport starts a new
 * one; the subscription and the log level are asked again in it, and the
 * server's updates keep arriving. */
static void
test_http_subscription_survives_new_session (Fixture       *fixture,
                                             gconstpointer  data)
{
  FakeHttpServer *http = fake_http_server_new ();
  g_autoptr(GString) updates = g_string_new (NULL);
  g_autoptr(JsonObject) params = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autofree char *first_session = NULL;
  TetherServer *server;
  FakeHttpRequest *again;

  http->get_status = 0;   /* a GET stream for the server's messages */
  server = start_http (fixture, http->url, TETHER_SERVER_KIND_HTTP);
  g_signal_connect (server, "resource-updated", G_CALLBACK (resource_updated_cb), updates);
  test_server_wait_settled (server, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);

  subscribe (server, "fake://doc/1");
  set_log_level (server, "debug");
  first_session = g_strdup (http->session_id);
  g_assert_cmpuint (fake_http_server_count (http, "POST", "resources/subscribe"), ==, 1);

  /* The server forgets the session before the next request. */
  http->expire_times = 1;
  tether_server_request_async (server, "ping", NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  answer = tether_server_request_finish (server, result, NULL);
  g_assert_nonnull (answer);
  g_assert_cmpstr (http->session_id, !=, first_session);

  test_wait_until (renewed_in_session, http, "the subscription and the log level asked again");
  g_assert_cmpuint (fake_http_server_count (http, "POST", "resources/subscribe"), ==, 2);
  g_assert_cmpuint (fake_http_server_count (http, "POST", "logging/setLevel"), ==, 2);
  again = fake_http_server_find (http, "POST", "resources/subscribe", 1);
  g_assert_cmpstr (again->session_id, ==, http->session_id);
  /* one session, as far as the state machine goes */
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (count_steps (fixture, TETHER_SERVER_STATE_CONNECTING), ==, 1);

  /* The new session's updates arrive, on its GET stream. */
  test_wait_until (stream_in_session, http, "a GET stream in the new session");
  params = json_object_new ();
  json_object_set_string_member (params, "uri", "fake://doc/1");
  fake_mcp_core_notify (http->core, "notifications/resources/updated", g_steal_pointer (&params));
  wait_updates (updates, 1);
  g_assert_cmpstr (updates->str, ==, "fake://doc/1\n");

  stop_server (server);
  fake_http_server_free (http);
}

/* The window asks for the status text on every change of the server, also
 * in the middle of a reconnect or a stop, when the session is half gone. */
static void
test_status_text_at_every_change (Fixture       *fixture,
                                  gconstpointer  data)
{
  TetherServer *server;
  guint calls = 0;

  server = start_fake (fixture, NULL);
  g_signal_connect (server, "notify", G_CALLBACK (status_on_notify_cb), &calls);

  test_server_wait_settled (server, NULL);
  tether_server_reconnect (server);
  test_server_wait_state (server, TETHER_SERVER_STATE_CONNECTED);
  test_server_wait_settled (server, NULL);
  stop_server (server);

  g_signal_handlers_disconnect_by_func (server, status_on_notify_cb, &calls);
  g_assert_cmpuint (calls, >, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  test_warm_up ();

#define ADD(path, func) \
  g_test_add ("/Tether/Server/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("connects-with-lists", test_connects_with_lists);
  ADD ("three-attempts-then-error", test_three_attempts_then_error);
  ADD ("command-not-found-is-final", test_command_not_found_is_final);
  ADD ("crash-reconnects", test_crash_reconnects);
  ADD ("exit-at-discover-is-legacy", test_exit_at_discover_is_legacy);
  ADD ("flapping-stops-in-error", test_flapping_stops);
  ADD ("healthy-resets-count", test_healthy_resets_count);
  ADD ("list-timeout-reconnects-once", test_list_timeout_reconnects_once);
  ADD ("read-timeout-retried-once", test_read_timeout_retried_once);
  ADD ("call-timeout-not-resent", test_call_timeout_not_resent);
  ADD ("call-crash-not-resent", test_call_crash_not_resent);
  ADD ("call-waits-for-connection", test_call_waits_for_connection);
  ADD ("disable-during-connect", test_disable_during_connect);
  ADD ("manual-reconnect", test_manual_reconnect);
  ADD ("log-level-after-reconnect", test_log_level_after_reconnect);
  ADD ("log-level-stateless", test_log_level_stateless);
  ADD ("liveness-ping", test_liveness_ping);
  ADD ("stop-kills-group", test_stop_kills_group);
  ADD ("list-changed-refreshes", test_list_changed_refreshes);
  ADD ("http-connects", test_http_connects);
  ADD ("http-auto-remembers-sse", test_http_auto_remembers_sse);
  ADD ("http-dead-is-never-green", test_http_dead_is_never_green);
  ADD ("http-list-expired-reconnects-once", test_http_list_expired_reconnects_once);
  ADD ("subscription-survives-restart", test_subscription_survives_restart);
  ADD ("http-subscription-survives-new-session", test_http_subscription_survives_new_session);
  ADD ("status-text-at-every-change", test_status_text_at_every_change);
  ADD ("not-reading-is-hung", test_not_reading_is_hung);

#undef ADD

  return g_test_run ();
}
