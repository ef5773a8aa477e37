/* test-server-task.c — TetherServer calls a tool that runs as a task,
 * against the fake server in a process of its own
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "mcp-error.h"
#include "tether-server.h"
#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  char                *dir;
  char                *count_file;
  TetherServer        *server;
  TetherServerTimings  timings;
  GPtrArray           *statuses;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(TetherServerConfig) config = NULL;

  fixture->dir = g_dir_make_tmp ("tether-server-task-XXXXXX", NULL);
  fixture->count_file = g_build_filename (fixture->dir, "counts", NULL);
  fixture->statuses = g_ptr_array_new_with_free_func (g_free);
  tether_server_timings_init_defaults (&fixture->timings);

  config = test_fake_server_config ("tasks", fixture->count_file, "--use-tasks",
                                    data != NULL ? "--era" : NULL, data, NULL);
  fixture->server = tether_server_new (config, &fixture->timings);
  tether_server_start (fixture->server);
  test_server_wait_settled (fixture->server, NULL);
  g_assert_cmpint (tether_server_get_state (fixture->server), ==, TETHER_SERVER_STATE_CONNECTED);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  /* Stopped and finalized: no process outlives it. */
  test_server_stop (g_steal_pointer (&fixture->server));
  g_ptr_array_unref (fixture->statuses);
  test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->count_file);
}

static void
status_cb (McpTask    *task,
           GParamSpec *pspec,
           Fixture    *fixture)
{
  g_ptr_array_add (fixture->statuses, g_strdup (mcp_task_status_to_string (mcp_task_get_status (task))));
}

static const char *
result_text (JsonNode *result)
{
  JsonArray *content = json_object_get_array_member (json_node_get_object (result), "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

/* The tools' taskSupport, as listed. */
static void
test_task_support (Fixture       *fixture,
                   gconstpointer  data)
{
  g_assert_cmpint (tether_server_get_tool_task_support (fixture->server, "research"), ==, MCP_TASK_SUPPORT_REQUIRED);
  g_assert_cmpint (tether_server_get_tool_task_support (fixture->server, "quick"), ==, MCP_TASK_SUPPORT_OPTIONAL);
  g_assert_cmpint (tether_server_get_tool_task_support (fixture->server, "echo"), ==, MCP_TASK_SUPPORT_FORBIDDEN);
  g_assert_cmpint (tether_server_get_tool_task_support (fixture->server, "no-such-tool"), ==, MCP_TASK_SUPPORT_FORBIDDEN);
}

/* A plain call of a tool that requires a task runs as one: it is never
 * sent without (the server would refuse it). */
static void
test_required_runs_as_task (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonNode) args = json_from_string ("{\"topic\":\"tides\"}", NULL);

  tether_server_call_tool_async (fixture->server, "research", json_node_get_object (args), NULL, NULL, NULL,
                                 test_store_result, &result);
  test_wait_for (&result);
  reply = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (reply), ==, "research done: tides");
  g_assert_cmpuint (test_read_count (fixture->count_file, "tools/call"), ==, 1);
  g_assert_cmpuint (test_read_count (fixture->count_file, "tasks/get"), >=, 1);
}

/* An optional tool asked for as a task; the McpTask given shows where the
 * task is. */
static void
test_task_observed (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  g_signal_connect (task, "notify::status", G_CALLBACK (status_cb), fixture);
  tether_server_call_tool_task_async (fixture->server, "quick", NULL, NULL, task, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (reply), ==, "research done: quick");
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_COMPLETED);
  g_assert_nonnull (mcp_task_get_id (task));
  g_assert_cmpstr (g_ptr_array_index (fixture->statuses, 0), ==, "working");
}

/* Cancelling the call cancels the task on the server. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonNode) args = json_from_string ("{\"topic\":\"tides\",\"path\":\"hang\"}", NULL);

  tether_server_call_tool_task_async (fixture->server, "research", json_node_get_object (args), NULL, task,
                                      cancellable, test_store_result, &result);
  while (mcp_task_get_status (task) != MCP_TASK_STATUS_WORKING)
    g_main_context_iteration (NULL, TRUE);
  g_cancellable_cancel (cancellable);
  test_wait_for (&result);
  reply = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_CANCELLED);
  g_assert_cmpuint (test_read_count (fixture->count_file, "tasks/cancel"), ==, 1);
}

static void
add (const char *name,
     void      (*func) (Fixture *, gconstpointer))
{
  g_autofree char *legacy = g_strdup_printf ("/server-task/2025/%s", name);
  g_autofree char *modern = g_strdup_printf ("/server-task/2026/%s", name);

  g_test_add (legacy, Fixture, NULL, fixture_setup, func, fixture_teardown);
  g_test_add (modern, Fixture, "2026", fixture_setup, func, fixture_teardown);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add ("task-support", test_task_support);
  add ("required-runs-as-task", test_required_runs_as_task);
  add ("task-observed", test_task_observed);
  add ("cancel", test_cancel);

  return g_test_run ();
}
