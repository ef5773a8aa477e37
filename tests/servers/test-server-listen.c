/* test-server-listen.c — TetherServer with a server of the stateless
 * revision: subscriptions and list changes through subscriptions/listen,
 * against the fake server in a process of its own
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include "mcp-stdio-transport.h"
#include "tether-server.h"
#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  char                *dir;
  char                *count_file;
  TetherServer        *server;
  TetherServerTimings  timings;
  GString             *updates;
} Fixture;

static void
resource_updated_cb (TetherServer *server,
                     const char   *uri,
                     GString      *updates)
{
  g_string_append_printf (updates, "%s\n", uri);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(TetherServerConfig) config = NULL;

  fixture->dir = g_dir_make_tmp ("tether-server-listen-XXXXXX", NULL);
  fixture->count_file = g_build_filename (fixture->dir, "counts", NULL);
  fixture->updates = g_string_new (NULL);
  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.list_changed_delay_ms = 10;

  config = test_fake_server_config ("stateless", fixture->count_file, "--era", "2026", NULL);
  fixture->server = tether_server_new (config, &fixture->timings);
  g_signal_connect (fixture->server, "resource-updated", G_CALLBACK (resource_updated_cb), fixture->updates);
  tether_server_start (fixture->server);
  test_server_wait_settled (fixture->server, NULL);
  g_assert_cmpint (tether_server_get_state (fixture->server), ==, TETHER_SERVER_STATE_CONNECTED);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  test_server_stop (g_steal_pointer (&fixture->server));
  g_string_free (fixture->updates, TRUE);
  test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->count_file);
}

typedef struct
{
  Fixture    *fixture;
  const char *method;
  guint       n;
} Count;

static gboolean
count_reached (gpointer data)
{
  Count *count = data;

  return test_read_count (count->fixture->count_file, count->method) >= count->n;
}

static void
wait_count (Fixture    *fixture,
            const char *method,
            guint       n)
{
  Count count = { fixture, method, n };

  test_wait_until (count_reached, &count, method);
  g_assert_cmpuint (test_read_count (fixture->count_file, method), ==, n);
}

static void
call_tool (Fixture    *fixture,
           const char *name,
           const char *uri)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  if (uri != NULL)
    json_object_set_string_member (arguments, "uri", uri);
  tether_server_call_tool_async (fixture->server, name, arguments, NULL, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  answer = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
}

static void
subscribe (Fixture    *fixture,
           const char *uri)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tether_server_subscribe_async (fixture->server, uri, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_server_subscribe_finish (fixture->server, result, &error));
  g_assert_no_error (error);
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
  guint n = 0;

  for (const char *p = want->updates->str; (p = strchr (p, '\n')) != NULL; p++)
    n++;

  return n >= want->n;
}

static void
wait_updates (Fixture *fixture,
              guint    n)
{
  Updates want = { fixture->updates, n };

  test_wait_until (updates_seen, &want, "resource updates");
}

static pid_t
server_pid (TetherServer *server)
{
  McpTransport *transport = mcp_client_get_transport (tether_server_get_client (server));
  const char *id = tether_process_get_identifier (mcp_stdio_transport_get_process (MCP_STDIO_TRANSPORT (transport)));

  return (pid_t)g_ascii_strtoll (id, NULL, 10);
}

/* Connected, Tether listens (never resources/subscribe); a subscription
 * opens a new listen naming the resource, and its updates arrive; a list
 * change refreshes the list. */
static void
test_subscribe (Fixture       *fixture,
                gconstpointer  data)
{
  guint lists;

  wait_count (fixture, "subscriptions/listen", 1);

  subscribe (fixture, "fake://doc/1");
  wait_count (fixture, "subscriptions/listen", 2);
  g_assert_cmpuint (test_read_count (fixture->count_file, "resources/subscribe"), ==, 0);

  call_tool (fixture, "touch-resource", "fake://doc/1");
  wait_updates (fixture, 1);
  g_assert_cmpstr (fixture->updates->str, ==, "fake://doc/1\n");

  lists = test_read_count (fixture->count_file, "tools/list");
  call_tool (fixture, "touch-list", NULL);
  wait_count (fixture, "tools/list", lists + 1);

  /* Let go of: a new listen without it, and no update any more. */
  tether_server_unsubscribe (fixture->server, "fake://doc/1");
  wait_count (fixture, "subscriptions/listen", 3);
  g_assert_cmpuint (test_read_count (fixture->count_file, "resources/unsubscribe"), ==, 0);
  call_tool (fixture, "touch-resource", "fake://doc/1");
  call_tool (fixture, "echo", NULL);
  g_assert_cmpstr (fixture->updates->str, ==, "fake://doc/1\n");
}

/* The subscription outlives the process: the server killed and started
 * again is listened to with the same resource, and its updates arrive. */
static void
test_kept_across_reconnect (Fixture       *fixture,
                            gconstpointer  data)
{
  pid_t pid;

  subscribe (fixture, "fake://doc/1");
  wait_count (fixture, "subscriptions/listen", 2);

  pid = server_pid (fixture->server);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  test_server_wait_state (fixture->server, TETHER_SERVER_STATE_WAITING);
  test_server_wait_state (fixture->server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpint (server_pid (fixture->server), !=, pid);
  wait_count (fixture, "subscriptions/listen", 3);

  call_tool (fixture, "touch-resource", "fake://doc/1");
  wait_updates (fixture, 1);
  g_assert_cmpstr (fixture->updates->str, ==, "fake://doc/1\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/server-listen/subscribe", Fixture, NULL, fixture_setup, test_subscribe, fixture_teardown);
  g_test_add ("/server-listen/kept-across-reconnect", Fixture, NULL,
              fixture_setup, test_kept_across_reconnect, fixture_teardown);

  return g_test_run ();
}
