/* test-server-util.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "test-fake-server.h"
#include "test-server-util.h"
#include "test-util.h"

/* A TetherServerConfig named @name running the fake server with
 * "--count-file @count_file" (when not NULL), then @args (NULL-terminated). */
TetherServerConfig *
test_fake_server_config_va (const char *name,
                            const char *count_file,
                            const char *first_arg,
                            va_list     args)
{
  TetherServerConfig *config = tether_server_config_new (name);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_auto(GStrv) fake = NULL;

  if (count_file != NULL)
    {
      g_strv_builder_add (builder, "--count-file");
      g_strv_builder_add (builder, count_file);
    }
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_strv_builder_add (builder, arg);
  argv = g_strv_builder_end (builder);

  fake = test_fake_server_argv (NULL);
  tether_server_config_set_command (config, fake[0]);
  tether_server_config_set_args (config, (const char * const *)argv);

  return config;
}

TetherServerConfig *
test_fake_server_config (const char *name,
                         const char *count_file,
                         const char *first_arg,
                         ...)
{
  TetherServerConfig *config;
  va_list args;

  va_start (args, first_arg);
  config = test_fake_server_config_va (name, count_file, first_arg, args);
  va_end (args);

  return config;
}

/* How long a server may take to reach a state: far beyond what any test
 * needs, even sanitized on a loaded machine; only a hang reaches it. */
#if defined(__SANITIZE_ADDRESS__)
# define WAIT_STATE_S 180
#else
# define WAIT_STATE_S 60
#endif

typedef struct
{
  TetherServer      *server;
  TetherServerState  state;
  gboolean           idle;      /* and no list or request under way */
  gboolean           or_error;  /* or given up */
  const char        *what;
} Goal;

static gboolean
goal_reached (Goal *goal)
{
  TetherServerState state = tether_server_get_state (goal->server);

  if (goal->or_error &&
      (state == TETHER_SERVER_STATE_ERROR || state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED))
    return TRUE;

  return state == goal->state && (!goal->idle || !tether_server_get_busy (goal->server));
}

static gboolean
goal_deadline_cb (gpointer user_data)
{
  Goal *goal = user_data;
  const char *error = tether_server_get_error_message (goal->server);
  g_autofree char *why = goal->what != NULL ? g_strdup_printf (" (%s)", goal->what) : g_strdup ("");

  g_error ("server '%s': waited %d s for it to be %s%s%s%s; it is %s%s%s%s",
           tether_server_get_name (goal->server), WAIT_STATE_S,
           tether_server_state_to_string (goal->state), goal->idle ? " and idle" : "",
           goal->or_error ? " or in error or waiting for a sign-in" : "", why,
           tether_server_state_to_string (tether_server_get_state (goal->server)),
           tether_server_get_busy (goal->server) ? " and busy" : "",
           error != NULL ? ", last error: " : "", error != NULL ? error : "");

  return G_SOURCE_REMOVE;
}

/* The one wait on a server's state: the main loop runs until @goal is
 * reached; a server that never gets there fails the test, naming it, the
 * state waited for and the state reached. */
static void
wait_goal (Goal *goal)
{
  guint id;

  if (goal_reached (goal))
    return;

  id = g_timeout_add_seconds (WAIT_STATE_S, goal_deadline_cb, goal);
  while (!goal_reached (goal))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

/* Until @server is in @state. */
void
test_server_wait_state (TetherServer      *server,
                        TetherServerState  state)
{
  Goal goal = { server, state, FALSE, FALSE, NULL };

  wait_goal (&goal);
}

/* Until @server is in @state with no list or request under way. */
void
test_server_wait_idle (TetherServer      *server,
                       TetherServerState  state)
{
  Goal goal = { server, state, TRUE, FALSE, NULL };

  wait_goal (&goal);
}

/* Until @server is connected with nothing under way, has given up, or
 * waits for a sign-in; @what says what the test waits for. */
void
test_server_wait_settled (TetherServer *server,
                          const char   *what)
{
  Goal goal = { server, TETHER_SERVER_STATE_CONNECTED, TRUE, TRUE, what };

  wait_goal (&goal);
}

static void
stopped_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_assert_true (tether_server_stop_finish (TETHER_SERVER (object), result, NULL));
  *(gboolean *)user_data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Stops @server and waits until its processes are gone; the server is
 * kept (its sign-in session too), to start again. */
void
test_server_stop_kept (TetherServer *server)
{
  gboolean stopped = FALSE;

  tether_server_stop_async (server, FALSE, NULL, stopped_cb, &stopped);
  test_wait_until (is_true, &stopped, "waiting for the server to stop");
}

/* Stops @server, waits until its processes are gone, and drops the test's
 * reference, which must be the last. */
void
test_server_stop (TetherServer *server)
{
  test_server_stop_kept (server);
  test_assert_finalized (server);
}

static void
shutdown_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_assert_true (tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, NULL));
  *(gboolean *)user_data = TRUE;
}

/* Shuts @manager down within @timeout_ms (0: the manager's own bound),
 * every server stopped, and says how long it took (µs). */
gint64
test_server_manager_shutdown_within (TetherServerManager *manager,
                                     guint                timeout_ms)
{
  gboolean done = FALSE;
  gint64 start = g_get_monotonic_time ();

  tether_server_manager_shutdown_async (manager, timeout_ms, NULL, shutdown_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);

  return g_get_monotonic_time () - start;
}

/* Shuts @manager down within its own bound; see
 * test_server_manager_shutdown_within(). */
gint64
test_server_manager_shutdown (TetherServerManager *manager)
{
  return test_server_manager_shutdown_within (manager, 0);
}

/* What roots/list answers @server now, as the fake server's "ask" tool got
 * it back (JSON text) */
char *
test_server_ask_roots (TetherServer *server)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  json_object_set_string_member (arguments, "method", "roots/list");
  tether_server_call_tool_async (server, "ask", arguments, NULL, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  answer = tether_server_call_tool_finish (server, result, &error);
  g_assert_no_error (error);

  return json_to_string (answer, FALSE);
}
