/* test-mcp-task.c — McpTask: a tool call run as a task, in both revisions
 * that have tasks (2025-11-25 and the tasks extension of 2026-07-28),
 * against the fake server's task tools
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-task.h"
#include "mcp-test-transport.h"
#include "test-util.h"

typedef struct
{
  McpTestTransport *transport;
  McpClient        *client;
  FakeMcpCore      *core;
  GPtrArray        *statuses;   /* the statuses seen, as strings */
  guint             asked;
  gboolean          modern;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  FakeMcpOptions options = { .use_tasks = TRUE, .era_2026 = GPOINTER_TO_INT (data) };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) capabilities = json_from_string ("{\"elicitation\":{}}", NULL);

  fixture->modern = options.era_2026;
  fixture->transport = mcp_test_transport_new_with_core (&options);
  fixture->core = mcp_test_transport_get_core (fixture->transport);
  fixture->client = mcp_client_new (MCP_TRANSPORT (fixture->transport));
  mcp_client_set_capabilities (fixture->client, json_node_get_object (capabilities));
  fixture->statuses = g_ptr_array_new_with_free_func (g_free);

  mcp_client_connect_async (fixture->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (fixture->client, result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_era (fixture->client), ==,
                   fixture->modern ? MCP_ERA_STATELESS : MCP_ERA_LEGACY);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (fixture->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (fixture->client, result, NULL));
  g_clear_object (&fixture->client);
  g_clear_object (&fixture->transport);
  g_ptr_array_unref (fixture->statuses);
}

static void
status_cb (McpTask    *task,
           GParamSpec *pspec,
           Fixture    *fixture)
{
  const char *status = mcp_task_status_to_string (mcp_task_get_status (task));

  if (fixture->statuses->len == 0 ||
      !g_str_equal (g_ptr_array_index (fixture->statuses, fixture->statuses->len - 1), status))
    g_ptr_array_add (fixture->statuses, g_strdup (status));
}

static gboolean
statuses_contain (Fixture    *fixture,
                  const char *status)
{
  for (guint i = 0; i < fixture->statuses->len; i++)
    if (g_str_equal (g_ptr_array_index (fixture->statuses, i), status))
      return TRUE;

  return FALSE;
}

/* Answers the fake's question "Which angle?" with "history". */
static gboolean
answer_angle (McpClient  *client,
              JsonNode   *id,
              const char *method,
              JsonObject *params,
              gpointer    tag,
              Fixture    *fixture)
{
  g_autoptr(JsonNode) answer = json_from_string ("{\"action\":\"accept\",\"content\":{\"angle\":\"history\"}}", NULL);

  g_assert_cmpstr (method, ==, "elicitation/create");
  g_assert_cmpstr (json_object_get_string_member (params, "message"), ==, "Which angle?");
  fixture->asked++;
  mcp_client_reply (client, id, answer);

  return TRUE;
}

static JsonNode *
run_task (Fixture                 *fixture,
          McpTask                 *task,
          const char              *tool,
          const char              *arguments,
          const McpRequestOptions *options,
          GCancellable            *cancellable,
          GError                 **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) args = json_from_string (arguments, NULL);

  g_signal_connect (task, "notify::status", G_CALLBACK (status_cb), fixture);
  mcp_task_run_async (task, fixture->client, tool, json_node_get_object (args), options, cancellable,
                      test_store_result, &result);
  test_wait_for (&result);

  return mcp_task_run_finish (task, result, error);
}

static const char *
result_text (JsonNode *result)
{
  JsonArray *content = json_object_get_array_member (json_node_get_object (result), "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

/* The tool's execution.taskSupport is read; absent is forbidden. */
static void
test_task_support (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  guint seen = 0;

  mcp_client_list_tools_async (fixture->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (fixture->client, result, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < tools->len; i++)
    {
      McpTool *tool = g_ptr_array_index (tools, i);
      const char *name = mcp_item_get_name (MCP_ITEM (tool));

      if (g_str_equal (name, "research"))
        {
          g_assert_cmpint (mcp_tool_get_task_support (tool), ==, MCP_TASK_SUPPORT_REQUIRED);
          seen++;
        }
      else if (g_str_equal (name, "quick"))
        {
          g_assert_cmpint (mcp_tool_get_task_support (tool), ==, MCP_TASK_SUPPORT_OPTIONAL);
          seen++;
        }
      else if (g_str_equal (name, "echo"))
        {
          g_assert_cmpint (mcp_tool_get_task_support (tool), ==, MCP_TASK_SUPPORT_FORBIDDEN);
          seen++;
        }
    }
  g_assert_cmpuint (seen, ==, 3);
}

/* Created, polled, completed; the result is fetched (2025-11-25) or
 * inlined (the extension). */
static void
test_complete (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  JsonObject *call;

  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"steps\":3}", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (result), ==, "research done: tides");
  g_assert_cmpstr (mcp_task_get_id (task), ==, "task-1");
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_COMPLETED);
  g_assert_true (mcp_task_get_result (task) != NULL);
  g_assert_true (statuses_contain (fixture, "working"));
  g_assert_true (statuses_contain (fixture, "completed"));
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/get"), >=, 1);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tools/call"), ==, 1);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/result"), ==, fixture->modern ? 0 : 1);

  call = mcp_test_transport_find_sent (fixture->transport, "tools/call");
  g_assert_nonnull (call);
  /* 2025-11-25 asks for a task in the call; the extension declares it in
   * the capabilities of every request. */
  g_assert_true (json_object_has_member (json_object_get_object_member (call, "params"), "task") == !fixture->modern);
}

/* The task asks for input: answered by the same handlers as any question
 * of the server, then it completes with the answer. */
static void
test_input_required (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  g_signal_connect (fixture->client, "server-request", G_CALLBACK (answer_angle), fixture);
  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"path\":\"input\"}", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->asked, ==, 1);
  g_assert_cmpstr (result_text (result), ==, "research done: tides, angle history");
  g_assert_true (statuses_contain (fixture, "input_required"));
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_COMPLETED);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/update"), ==, fixture->modern ? 1 : 0);
}

static gboolean
record_tag (McpClient  *client,
            JsonNode   *id,
            const char *method,
            JsonObject *params,
            gpointer    tag,
            gpointer   *seen)
{
  *seen = tag;

  return FALSE;
}

/* 2025-11-25: the question a task asks while its tasks/result waits names
 * the task, not a request: it still belongs to whoever runs the task,
 * though another call of someone else is in flight too. */
static void
test_question_owner (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) other = NULL;
  g_autoptr(JsonNode) other_reply = NULL;
  int task_owner, other_owner;
  McpRequestOptions options = { .tag = &task_owner };
  McpRequestOptions other_options = { .tag = &other_owner };
  gpointer seen = NULL;

  mcp_client_call_tool_async (fixture->client, "hang", NULL, &other_options, cancellable, test_store_result,
                              &other);
  g_signal_connect (fixture->client, "server-request", G_CALLBACK (record_tag), &seen);
  g_signal_connect (fixture->client, "server-request", G_CALLBACK (answer_angle), fixture);
  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"path\":\"input\"}", &options, NULL,
                     &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->asked, ==, 1);
  g_assert_true (seen == &task_owner);

  g_cancellable_cancel (cancellable);
  test_wait_for (&other);
  other_reply = mcp_client_call_tool_finish (fixture->client, other, &error);
  g_assert_null (other_reply);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_failed (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"path\":\"fail\"}", NULL, NULL, &error);
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_FAILED);
  if (fixture->modern)
    {
      /* The extension inlines the error. */
      g_assert_error (error, MCP_RPC_ERROR, -32603);
      g_assert_nonnull (strstr (error->message, "research failed"));
      g_assert_nonnull (strstr (error->message, "task-1"));
    }
  else
    {
      /* tasks/result hands over the tool's own failure. */
      g_assert_no_error (error);
      g_assert_true (json_object_get_boolean_member (json_node_get_object (result), "isError"));
      g_assert_cmpstr (result_text (result), ==, "research failed");
    }
}

/* mcp_task_cancel() sends tasks/cancel; the run ends cancelled when the
 * server has answered. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonNode) args = json_from_string ("{\"topic\":\"tides\",\"path\":\"hang\"}", NULL);

  g_signal_connect (task, "notify::status", G_CALLBACK (status_cb), fixture);
  mcp_task_run_async (task, fixture->client, "research", json_node_get_object (args), NULL, NULL,
                      test_store_result, &result);
  while (mcp_task_get_status (task) != MCP_TASK_STATUS_WORKING)
    g_main_context_iteration (NULL, TRUE);
  mcp_task_cancel (task);
  test_wait_for (&result);

  reply = mcp_task_run_finish (task, result, &error);
  g_assert_null (reply);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_CANCELLED);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/cancel"), ==, 1);
}

/* Cancelling the run's GCancellable, even before the task exists, cancels
 * the task on the server. */
static void
test_cancellable (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonNode) args = json_from_string ("{\"topic\":\"tides\",\"path\":\"hang\"}", NULL);

  mcp_task_run_async (task, fixture->client, "research", json_node_get_object (args), NULL, cancellable,
                      test_store_result, &result);
  /* The call has left; its answer (the task) has not come yet. */
  g_cancellable_cancel (cancellable);
  test_wait_for (&result);

  reply = mcp_task_run_finish (task, result, &error);
  g_assert_null (reply);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (mcp_task_get_id (task));
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_CANCELLED);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/cancel"), ==, 1);
}

/* The server cancels on its own: cancelled, and nothing sent to cancel. */
static void
test_server_cancel (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"path\":\"server-cancel\"}", NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "the server gave up"));
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/cancel"), ==, 0);
}

/* Status notifications are taken: with a poll interval of 30 s, the task
 * still ends at once, without a single tasks/get. */
static void
test_notifications (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;

  result = run_task (fixture, task, "research",
                     "{\"topic\":\"tides\",\"notify\":true,\"pollInterval\":3600000}", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (result), ==, "research done: tides");
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/get"), ==, 0);
  g_assert_true (statuses_contain (fixture, "completed"));
}

/* A server that asks to be polled every millisecond is polled no more
 * often than MCP_TASK_MIN_POLL_INTERVAL_MS: the count of polls is bounded
 * by the time the task took, whatever that was. */
static void
test_poll_interval_bounded (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed_ms;
  guint polls;

  result = run_task (fixture, task, "research",
                     "{\"topic\":\"tides\",\"pollInterval\":1,\"steps\":4,\"stepMs\":40}", NULL, NULL, &error);
  g_assert_no_error (error);
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  polls = fake_mcp_core_get_count (fixture->core, "tasks/get");
  g_test_message ("%u polls in %" G_GINT64_FORMAT " ms", polls, elapsed_ms);
  g_assert_cmpuint (polls, >=, 1);
  g_assert_cmpuint (polls, <=, elapsed_ms / MCP_TASK_MIN_POLL_INTERVAL_MS + 1);
}

/* The whole task is bounded by the hard maximum: past it, it is cancelled
 * on the server and reported as a timeout. */
static void
test_deadline (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(McpTask) task = mcp_task_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) result = NULL;
  McpRequestOptions options = { .timeout_ms = 5000, .max_timeout_ms = 5000 };

  /* The hard maximum may not be below the per-request timeout; it is
   * raised to it. A task that never ends meets it. */
  options.timeout_ms = 300;
  options.max_timeout_ms = 300;
  result = run_task (fixture, task, "research", "{\"topic\":\"tides\",\"path\":\"hang\"}", &options, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_cmpuint (fake_mcp_core_get_count (fixture->core, "tasks/cancel"), ==, 1);
  g_assert_cmpint (mcp_task_get_status (task), ==, MCP_TASK_STATUS_CANCELLED);
}

/* A tool that allows tasks, called plainly, answers plainly: a plain
 * call never asks for a task (nor declares the extension). */
static void
test_plain_answer (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  mcp_client_call_tool_async (fixture->client, "quick", NULL, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (fixture->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (reply), ==, "quick, without a task");
}

static void
add (const char *name,
     void      (*func) (Fixture *, gconstpointer))
{
  for (int modern = 0; modern <= 1; modern++)
    {
      g_autofree char *path = g_strdup_printf ("/mcp-task/%s/%s", modern ? "2026" : "2025", name);

      g_test_add (path, Fixture, GINT_TO_POINTER (modern), fixture_set_up, func, fixture_tear_down);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add ("task-support", test_task_support);
  add ("complete", test_complete);
  add ("input-required", test_input_required);
  g_test_add ("/mcp-task/2025/question-owner", Fixture, GINT_TO_POINTER (FALSE), fixture_set_up,
              test_question_owner, fixture_tear_down);
  add ("failed", test_failed);
  add ("cancel", test_cancel);
  add ("cancellable", test_cancellable);
  add ("server-cancel", test_server_cancel);
  add ("notifications", test_notifications);
  add ("poll-interval-bounded", test_poll_interval_bounded);
  add ("deadline", test_deadline);
  add ("plain-answer", test_plain_answer);

  return g_test_run ();
}
