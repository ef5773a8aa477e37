/* test-mcp-stdio.c — McpClient over McpStdioTransport against the fake
 * server's fault modes: the right result or error, in bounded time, and no
 * process or fd left behind.
 *
 * With TETHER_TEST_PROCESS_BACKEND=host the same tests run every server
 * through TetherHostProcess, on the session bus's flatpak-session-helper: the
 * transport must not be able to tell the difference.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gstdio.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn-error.h"
#include "mcp-stdio-transport.h"
#include "test-fake-server.h"
#include "test-util.h"

#define GRACE_MS 300

#define TOKEN_VARIABLE "TETHER_GROUP_TOKEN"

static gboolean on_host;

/* Every log message, while a test wants them */
static GPtrArray *captured;

/* The backend under test */
static TetherProcess *
new_process (const char * const *argv)
{
  if (on_host)
    return tether_host_process_new (argv);

  return tether_native_process_new (argv);
}

static pid_t
process_pid (TetherProcess *process)
{
  if (TETHER_IS_HOST_PROCESS (process))
    return (pid_t)tether_host_process_get_pid (TETHER_HOST_PROCESS (process));

  return tether_native_process_get_pid (TETHER_NATIVE_PROCESS (process));
}

typedef struct
{
  TetherProcess   *process;
  McpTransport *transport;
  McpClient    *client;
  GPtrArray    *events;
  GPtrArray    *stderr_lines;
  GError       *closed_error;
  guint         n_closed;
  guint         n_tools_changed;
  guint         fds_before;
  gint64        started;
  pid_t         pgid;
} Harness;

static void
on_event (McpClient  *client,
          const char *text,
          Harness    *h)
{
  g_ptr_array_add (h->events, g_strdup (text));
}

static void
on_stderr (McpClient  *client,
           const char *line,
           Harness    *h)
{
  g_ptr_array_add (h->stderr_lines, g_strdup (line));
}

static void
on_closed (McpClient    *client,
           const GError *error,
           Harness      *h)
{
  h->n_closed++;
  g_clear_error (&h->closed_error);
  if (error != NULL)
    h->closed_error = g_error_copy (error);
}

static void
on_tools_changed (McpClient *client,
                  Harness   *h)
{
  h->n_tools_changed++;
}

static gboolean
contains (GPtrArray  *lines,
          const char *needle)
{
  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

static guint
count_containing (GPtrArray  *lines,
                  const char *needle)
{
  guint n = 0;

  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), needle) != NULL)
      n++;

  return n;
}

/* The fake server with @args (NULL-terminated). */
static Harness *
harness_new (const char *first_arg,
             ...)
{
  Harness *h = g_new0 (Harness, 1);
  g_auto(GStrv) argv = NULL;
  va_list args;

  h->fds_before = test_count_fds ();
  h->started = g_get_monotonic_time ();

  va_start (args, first_arg);
  argv = test_fake_server_argv_va (first_arg, args);
  va_end (args);

  h->process = new_process ((const char * const *)argv);
  h->transport = mcp_stdio_transport_new (h->process);
  mcp_stdio_transport_set_terminate_grace (MCP_STDIO_TRANSPORT (h->transport), GRACE_MS);
  mcp_stdio_transport_set_kill_grace (MCP_STDIO_TRANSPORT (h->transport), GRACE_MS);
  h->client = mcp_client_new (h->transport);
  mcp_client_set_request_timeout (h->client, 10000);
  h->events = g_ptr_array_new_with_free_func (g_free);
  h->stderr_lines = g_ptr_array_new_with_free_func (g_free);

  g_signal_connect (h->client, "event", G_CALLBACK (on_event), h);
  g_signal_connect (h->client, "stderr-line", G_CALLBACK (on_stderr), h);
  g_signal_connect (h->client, "closed", G_CALLBACK (on_closed), h);
  g_signal_connect (h->client, "tools-changed", G_CALLBACK (on_tools_changed), h);

  return h;
}

static gboolean
harness_connect (Harness  *h,
                 GError  **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  gboolean ret;

  mcp_client_connect_async (h->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  ret = mcp_client_connect_finish (h->client, result, error);

  h->pgid = process_pid (h->process);

  return ret;
}

static void
harness_close (Harness *h)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (h->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (h->client, result, NULL));
  g_assert_cmpuint (h->n_closed, ==, 1);
}

/* Close, check that nothing is left, report the time, free. */
static void
harness_finish (Harness *h,
                guint    max_ms)
{
  double elapsed;
  guint fds_before = h->fds_before;
  pid_t pgid = h->pgid;

  if (!mcp_client_is_closed (h->client) || h->n_closed == 0)
    harness_close (h);
  else
    {
      /* Closed by itself; closing again still waits for the cleanup. */
      harness_close (h);
    }

  {
    McpClient *client = h->client;
    McpTransport *transport = h->transport;
    TetherProcess *process = h->process;

    g_object_add_weak_pointer (G_OBJECT (client), (gpointer *)&client);
    g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *)&transport);
    g_object_add_weak_pointer (G_OBJECT (process), (gpointer *)&process);
    g_clear_object (&h->client);
    g_clear_object (&h->transport);
    g_clear_object (&h->process);
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_null (client);
    g_assert_null (transport);
    g_assert_null (process);
  }
  g_clear_pointer (&h->events, g_ptr_array_unref);
  g_clear_pointer (&h->stderr_lines, g_ptr_array_unref);
  g_clear_error (&h->closed_error);

  test_assert_no_leftovers (fds_before, pgid, 2000);

  elapsed = (g_get_monotonic_time () - h->started) / 1000.0;
  g_test_message ("elapsed %.0f ms (bound %u ms), fds back to %u, process group %d empty",
                  elapsed, max_ms, fds_before, (int)pgid);
  g_assert_cmpfloat (elapsed, <, max_ms);
  g_free (h);
}

static JsonNode *
call_tool (Harness                 *h,
           const char              *name,
           const char              *args_json,
           const McpRequestOptions *options,
           GError                 **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) args = json_from_string (args_json != NULL ? args_json : "{}", NULL);

  mcp_client_call_tool_async (h->client, name, json_node_get_object (args), options, NULL,
                              test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_call_tool_finish (h->client, result, error);
}

static const char *
first_text (JsonNode *result)
{
  JsonArray *content = json_object_get_array_member (json_node_get_object (result), "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

static gboolean
ping (Harness  *h,
      GError  **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_ping_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_ping_finish (h->client, result, error);
}

static gboolean
is_closed (gpointer data)
{
  return ((Harness *)data)->n_closed > 0;
}

static void
wait_closed (Harness *h)
{
  test_wait_until (is_closed, h, "waiting for ::closed");
}

/* ---------------------------------------------------------------------- */

static void
test_normal (void)
{
  Harness *h = harness_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(JsonNode) reply = NULL;
  int status, sig;

  g_assert_true (harness_connect (h, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mcp_client_get_server_name (h->client), ==, "fake-mcp-server");

  mcp_client_list_tools_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (h->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 10);

  reply = call_tool (h, "echo", "{\"message\":\"héllo ✓\"}", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_text (reply), ==, "héllo ✓");
  g_assert_true (ping (h, &error));

  harness_close (h);
  g_assert_null (h->closed_error);
  g_assert_true (mcp_stdio_transport_get_exit (MCP_STDIO_TRANSPORT (h->transport), &status, &sig));
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpint (sig, ==, 0);
  g_assert_false (contains (h->events, "SIGTERM"));
  g_clear_object (&result);
  harness_finish (h, 6000);
}

static void
test_command_not_found (void)
{
  guint fds = test_count_fds ();
  const char *argv[] = { "tether-no-such-command", "--flag", NULL };
  g_autoptr(TetherProcess) process = new_process (argv);
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  tether_process_set_search_path (process, "/nonexistent/bin:/also/missing");
  transport = mcp_stdio_transport_new (process);
  client = mcp_client_new (transport);
  /* Said at once, in its own words: not as the initialize's timeout, a
   * minute here, which no load or sanitizer brings the refusal near. */
  mcp_client_set_request_timeout (client, 60000);

  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_COMMAND_NOT_FOUND);
  g_assert_cmpstr (error->message, ==,
                   on_host ? "command not found on the host: tether-no-such-command (searched: /nonexistent/bin:/also/missing)"
                           : "command not found: tether-no-such-command (searched: /nonexistent/bin:/also/missing)");
  g_assert_true (mcp_client_is_closed (client));
  g_test_message ("refused in %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, <, 30000);

  g_clear_error (&error);
  {
    const char *argv2[] = { "./no/such/server", NULL };
    g_autoptr(TetherProcess) p2 = new_process (argv2);
    g_autofree char *resolved = tether_process_resolve_command (p2, &error);

    g_assert_null (resolved);
    g_assert_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND);
    g_assert_cmpstr (error->message, ==, "command not found: ./no/such/server");
  }

  /* The result holds the client, the client the transport and the process
   * (and on the host, the process its bus connection). */
  g_clear_object (&result);
  g_clear_object (&client);
  g_clear_object (&transport);
  g_clear_object (&process);
  test_assert_no_leftovers (fds, 0, 0);
}

static void
expect_connect_failure (Harness    *h,
                        const char *exit_text,
                        const char *stderr_text)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (harness_connect (h, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_test_message ("connect failed: %s", error->message);
  g_assert_nonnull (strstr (error->message, "during initialize"));
  g_assert_nonnull (strstr (error->message, exit_text));
  g_assert_nonnull (strstr (error->message, stderr_text));
  wait_closed (h);
  g_assert_nonnull (h->closed_error);
}

static void
test_crash_on_start (void)
{
  Harness *h = harness_new ("--crash-on-start", NULL);

  expect_connect_failure (h, "exited with status 3", "crashing on start as asked");
  harness_finish (h, 6000);
}

static void
test_exit_during_initialize (void)
{
  Harness *h = harness_new ("--exit-during-initialize", NULL);

  expect_connect_failure (h, "exited with status 4", "exiting during initialize as asked");
  harness_finish (h, 6000);
}

static void
test_crash_mid_call (void)
{
  Harness *h = harness_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  g_assert_true (harness_connect (h, &error));
  reply = call_tool (h, "crash", NULL, NULL, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_test_message ("call failed: %s", error->message);
  g_assert_nonnull (strstr (error->message, "outcome is unknown"));
  g_assert_nonnull (strstr (error->message, "was killed by signal 9 (SIGKILL)"));
  g_assert_nonnull (strstr (error->message, "crashing in tools/call"));

  wait_closed (h);
  g_assert_error (h->closed_error, MCP_ERROR, MCP_ERROR_CLOSED);
  harness_finish (h, 6000);
}

static void
test_hang (void)
{
  Harness *h = harness_new ("--hang-on", "tools/call", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  McpRequestOptions options = { .timeout_ms = 200 };

  g_assert_true (harness_connect (h, &error));
  reply = call_tool (h, "echo", "{\"message\":\"x\"}", &options, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "tools/call"));
  g_assert_nonnull (strstr (error->message, "200 ms"));
  g_assert_true (contains (h->events, "sent notifications/cancelled"));

  /* A timeout is not a dead server. */
  g_clear_error (&error);
  g_assert_true (ping (h, &error));
  g_assert_no_error (error);
  g_assert_false (mcp_client_is_closed (h->client));
  harness_finish (h, 6000);
}

static void
test_garbage (void)
{
  Harness *h = harness_new ("--garbage", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(JsonNode) reply = NULL;

  g_assert_true (harness_connect (h, &error));
  mcp_client_list_tools_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (h->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 10);
  reply = call_tool (h, "echo", "{\"message\":\"through the noise\"}", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_text (reply), ==, "through the noise");

  g_assert_true (contains (h->events, "this line is not JSON"));
  g_assert_true (contains (h->events, "{\"not\":\"json-rpc\"}"));
  g_assert_true (contains (h->events, "[1,2,3]"));
  /* One note per bad line (the batch gets one per member); blank lines
   * and CRLF line ends are not worth a note. */
  for (guint i = 0; i < h->events->len; i++)
    g_test_message ("event: %s", (const char *)g_ptr_array_index (h->events, i));
  g_assert_cmpuint (count_containing (h->events, "skipped a message"), ==, 1 + 1 + 3);
  g_assert_false (mcp_client_is_closed (h->client));
  g_clear_object (&result);
  harness_finish (h, 6000);
}

static void
test_huge_reply (void)
{
  Harness *h = harness_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonNode) refused = NULL;
  const guint size = 12 * 1024 * 1024;
  g_autofree char *args = g_strdup_printf ("{\"bytes\":%u}", size);

  g_assert_true (harness_connect (h, &error));
  reply = call_tool (h, "huge", args, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (first_text (reply)), ==, size);

  /* Over the limit: the transport closes with a clear error. */
  mcp_transport_set_max_message_size (h->transport, 1024 * 1024);
  refused = call_tool (h, "huge", "{\"bytes\":2000000}", NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_test_message ("call failed: %s", error->message);
  g_assert_nonnull (strstr (error->message, "larger than the limit of 1 MiB"));
  wait_closed (h);
  g_assert_error (h->closed_error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
  harness_finish (h, 10000);
}

/* An answer that is not UTF-8 fails its call at once, saying so; the
 * session goes on. */
static void
test_invalid_utf8_answer (void)
{
  Harness *h = harness_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  McpRequestOptions options = { .timeout_ms = 600000, .max_timeout_ms = 600000 };

  g_assert_true (harness_connect (h, &error));
  reply = call_tool (h, "bad-utf8", NULL, &options, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_test_message ("call failed: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "The server’s answer to tools/call cannot be read: "
                                                   "it is not valid UTF-8 (byte "));
  g_assert_true (contains (h->events, "an answer that is not valid UTF-8"));

  g_clear_error (&error);
  g_assert_true (ping (h, &error));
  g_assert_no_error (error);
  harness_finish (h, 6000);
}

static void
test_stderr_flood (void)
{
  Harness *h = harness_new ("--stderr-flood", "20000", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (harness_connect (h, &error));
  g_assert_true (ping (h, &error));
  harness_close (h);
  g_assert_null (h->closed_error);
  g_assert_cmpuint (h->stderr_lines->len, ==, 20000);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (h->stderr_lines, 19999), "fake-mcp-server: flood line 20000 of 20000"));
  harness_finish (h, 10000);
}

static void
test_ignore_stdin_eof (void)
{
  Harness *h = harness_new ("--ignore-stdin-eof", NULL);
  g_autoptr(GError) error = NULL;
  gint64 start;
  int status, sig;

  g_assert_true (harness_connect (h, &error));
  start = g_get_monotonic_time ();
  harness_close (h);
  g_test_message ("close took %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, >=, GRACE_MS);
  g_assert_true (contains (h->events, "sending SIGTERM"));
  g_assert_false (contains (h->events, "sending SIGKILL"));
  g_assert_true (mcp_stdio_transport_get_exit (MCP_STDIO_TRANSPORT (h->transport), &status, &sig));
  g_assert_cmpint (sig, ==, SIGTERM);
  g_assert_null (h->closed_error);
  harness_finish (h, 6000);
}

static void
test_ignore_sigterm (void)
{
  Harness *h = harness_new ("--ignore-stdin-eof", "--ignore-sigterm", NULL);
  g_autoptr(GError) error = NULL;
  gint64 start;
  int status, sig;

  g_assert_true (harness_connect (h, &error));
  start = g_get_monotonic_time ();
  harness_close (h);
  g_test_message ("close took %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, >=, 2 * GRACE_MS);
  g_assert_true (contains (h->events, "sending SIGTERM"));
  g_assert_true (contains (h->events, "sending SIGKILL"));
  g_assert_true (mcp_stdio_transport_get_exit (MCP_STDIO_TRANSPORT (h->transport), &status, &sig));
  g_assert_cmpint (sig, ==, SIGKILL);
  harness_finish (h, 6000);
}

static GArray *
grandchild_pids (Harness *h)
{
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (pid_t));

  for (guint i = 0; i < h->stderr_lines->len; i++)
    {
      const char *line = g_ptr_array_index (h->stderr_lines, i);
      const char *p = strstr (line, "grandchild pid ");

      if (p != NULL)
        {
          pid_t pid = (pid_t)atoi (p + strlen ("grandchild pid "));
          g_array_append_val (pids, pid);
        }
    }

  return pids;
}

static gboolean
has_grandchildren (gpointer data)
{
  g_autoptr(GArray) pids = grandchild_pids (data);

  return pids->len >= 2;
}

/* Waits for the server's children, and has them stopped should the test
 * fail: the server dies with us, they would not. */
static void
wait_for_grandchildren (Harness *h)
{
  g_autoptr(GArray) pids = NULL;

  test_wait_until (has_grandchildren, h, "waiting for the grandchildren");
  pids = grandchild_pids (h);
  for (guint i = 0; i < pids->len; i++)
    test_stop_on_failure (g_array_index (pids, pid_t, i));
}

static void
check_grandchildren (gboolean crash)
{
  Harness *h = harness_new ("--grandchildren", "3", "--ignore-stdin-eof", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;

  g_assert_true (harness_connect (h, &error));
  wait_for_grandchildren (h);
  pids = grandchild_pids (h);
  g_assert_cmpuint (pids->len, ==, 3);
  for (guint i = 0; i < pids->len; i++)
    g_assert_true (test_pid_alive (g_array_index (pids, pid_t, i)));
  g_assert_cmpuint (test_count_group (h->pgid), ==, 4);

  if (crash)
    {
      /* The leader dies; its children still hold stdout and stderr. */
      g_autoptr(JsonNode) reply = call_tool (h, "crash", NULL, NULL, &error);

      g_assert_null (reply);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
      wait_closed (h);
    }
  else
    harness_close (h);

  for (guint i = 0; i < pids->len; i++)
    {
      pid_t pid = g_array_index (pids, pid_t, i);

      g_assert_true (test_wait_pid_gone (pid, 2000));
    }

  harness_finish (h, 8000);
}

static void
test_grandchildren (void)
{
  check_grandchildren (FALSE);
}

static void
test_grandchildren_after_crash (void)
{
  check_grandchildren (TRUE);
}

static void
test_slow_start (void)
{
  Harness *h = harness_new ("--slow-start", "700", NULL);
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_true (harness_connect (h, &error));
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, >=, 650);
  g_assert_true (ping (h, &error));
  harness_finish (h, 6000);
}

static void
count_progress (double      progress,
                double      total,
                const char *message,
                gpointer    user_data)
{
  (*(guint *)user_data)++;
}

static void
test_progress (void)
{
  Harness *h = harness_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  guint n = 0;
  McpRequestOptions options = {
    .timeout_ms = 200, .max_timeout_ms = 5000,
    .progress_callback = count_progress, .progress_data = &n,
  };

  g_assert_true (harness_connect (h, &error));
  reply = call_tool (h, "slow", "{\"ms\":800,\"steps\":16}", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_text (reply), ==, "done");
  g_assert_cmpuint (n, ==, 16);
  harness_finish (h, 6000);
}

static void
test_pagination (void)
{
  Harness *h = harness_new ("--tools", "25", "--page-size", "7", NULL);
  Harness *r = harness_new ("--tools", "25", "--page-size", "7", "--repeat-cursor", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) result2 = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) none = NULL;

  g_assert_true (harness_connect (h, &error));
  mcp_client_list_tools_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (h->client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 35);
  g_clear_object (&result);
  harness_finish (h, 6000);

  g_assert_true (harness_connect (r, &error));
  mcp_client_list_tools_async (r->client, NULL, NULL, test_store_result, &result2);
  test_wait_for (&result2);
  none = mcp_client_list_tools_finish (r->client, result2, &error);
  g_assert_null (none);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_clear_object (&result2);
  harness_finish (r, 6000);
}

static void
test_list_changed_early (void)
{
  Harness *h = harness_new ("--list-changed-early", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (harness_connect (h, &error));
  g_assert_true (ping (h, &error));
  g_assert_cmpuint (h->n_tools_changed, ==, 2);
  harness_finish (h, 6000);
}

static void
test_crash_after (void)
{
  Harness *h = harness_new ("--crash-after-ms", "300", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (harness_connect (h, &error));
  wait_closed (h);
  g_assert_error (h->closed_error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_test_message ("closed: %s", h->closed_error->message);
  g_assert_nonnull (strstr (h->closed_error->message, "exited with status 70"));
  g_assert_nonnull (strstr (h->closed_error->message, "crashing after 300 ms"));
  harness_finish (h, 6000);
}

static void
test_environment (void)
{
  Harness *h;
  const char *env[] = { "TETHER_CONFIGURED=yes", "LANG=C.UTF-8", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) vars = NULL;
  gsize length;

  g_setenv ("TETHER_NOT_ALLOWED", "secret-value", TRUE);
  g_setenv ("XDG_TETHER_TEST", "allowed", TRUE);
  g_setenv ("BASH_FUNC_x%%", "() { echo; }", TRUE);

  h = harness_new (NULL);
  tether_process_set_environment (h->process, env);
  tether_process_set_search_path (h->process, "/tether/test/bin:/usr/bin:/bin");
  g_assert_true (harness_connect (h, &error));

  path = g_strdup_printf ("/proc/%d/environ", (int)h->pgid);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize i = 0; i + 1 < length; i++)
    if (contents[i] == '\0')
      contents[i] = '\n';
  vars = g_strsplit (contents, "\n", -1);

  g_assert_true (g_strv_contains ((const char * const *)vars, "TETHER_CONFIGURED=yes"));
  g_assert_true (g_strv_contains ((const char * const *)vars, "XDG_TETHER_TEST=allowed"));
  g_assert_true (g_strv_contains ((const char * const *)vars, "PATH=/tether/test/bin:/usr/bin:/bin"));
  g_assert_null (strstr (contents, "TETHER_NOT_ALLOWED"));
  g_assert_null (strstr (contents, "BASH_FUNC"));

  g_unsetenv ("TETHER_NOT_ALLOWED");
  g_unsetenv ("XDG_TETHER_TEST");
  g_unsetenv ("BASH_FUNC_x%%");
  harness_finish (h, 6000);
}

static void
test_count_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-test-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "counts", NULL);
  g_autofree char *contents = NULL;
  Harness *h = harness_new ("--count-file", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) r1 = NULL;
  g_autoptr(JsonNode) r2 = NULL;

  g_assert_true (harness_connect (h, &error));
  r1 = call_tool (h, "echo", "{\"message\":\"1\"}", NULL, &error);
  r2 = call_tool (h, "echo", "{\"message\":\"2\"}", NULL, &error);
  g_assert_no_error (error);
  harness_finish (h, 6000);

  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "initialize 1\ntools/call 2\n");
  g_unlink (file);
  g_rmdir (dir);
}

static GLogWriterOutput
capture_writer (GLogLevelFlags   log_level,
                const GLogField *fields,
                gsize            n_fields,
                gpointer         user_data)
{
  if (captured != NULL)
    for (gsize i = 0; i < n_fields; i++)
      if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
        g_ptr_array_add (captured, g_strdup (fields[i].value));

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

static void
capture_event (McpClient  *client,
               const char *text,
               gpointer    user_data)
{
  g_ptr_array_add (captured, g_strdup (text));
}

/* The server's group carries a random token in its environment, which what
 * it starts inherits and a configured variable cannot replace; no log line,
 * event, stderr line or error shows it. */
static void
test_group_token (void)
{
  const char *env[] = { TOKEN_VARIABLE "=forged", NULL };
  Harness *h;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autofree char *token = NULL;
  gboolean debug = g_log_get_debug_enabled ();

  captured = g_ptr_array_new_with_free_func (g_free);
  g_log_set_debug_enabled (TRUE);

  h = harness_new ("--grandchildren", "2", NULL);
  g_signal_connect (h->client, "event", G_CALLBACK (capture_event), NULL);
  g_signal_connect (h->client, "stderr-line", G_CALLBACK (capture_event), NULL);
  tether_process_set_environment (h->process, env);
  g_assert_true (harness_connect (h, &error));
  g_assert_no_error (error);
  reply = call_tool (h, "echo", "{\"message\":\"hello\"}", NULL, &error);
  g_assert_no_error (error);
  wait_for_grandchildren (h);

  token = test_environ_value (h->pgid, TOKEN_VARIABLE);
  g_assert_nonnull (token);
  g_assert_cmpuint (strlen (token), ==, 32);
  for (const char *p = token; *p != '\0'; p++)
    g_assert_true (g_ascii_isxdigit (*p));
  pids = grandchild_pids (h);
  for (guint i = 0; i < pids->len; i++)
    {
      g_autofree char *inherited = test_environ_value (g_array_index (pids, pid_t, i), TOKEN_VARIABLE);

      g_assert_cmpstr (inherited, ==, token);
    }

  harness_finish (h, 8000);
  g_log_set_debug_enabled (debug);

  /* debug messages among them: the spawn's own */
  g_assert_true (contains (captured, "started "));
  for (guint i = 0; i < captured->len; i++)
    g_assert_null (strstr (g_ptr_array_index (captured, i), token));
  g_clear_pointer (&captured, g_ptr_array_unref);
}

/* A grandchild that replaced its environment no longer carries the token:
 * once the server has been reaped, its group is not provably ours and is
 * left alone. Better one process left behind than someone else's killed. */
static void
test_cleared_environment (void)
{
  Harness *h = harness_new ("--grandchildren", "2", "--clear-grandchildren-env", "--ignore-stdin-eof", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(JsonNode) reply = NULL;

  g_assert_true (harness_connect (h, &error));
  wait_for_grandchildren (h);
  pids = grandchild_pids (h);
  g_assert_cmpuint (pids->len, ==, 2);
  for (guint i = 0; i < pids->len; i++)
    {
      g_autofree char *token = test_environ_value (g_array_index (pids, pid_t, i), TOKEN_VARIABLE);

      g_assert_null (token);
    }

  /* The leader dies and is reaped; the group's SIGKILL would follow. */
  reply = call_tool (h, "crash", NULL, NULL, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  wait_closed (h);

  for (guint i = 0; i < pids->len; i++)
    g_assert_true (test_pid_alive (g_array_index (pids, pid_t, i)));

  /* The test's own: gone now, for the leak check. */
  for (guint i = 0; i < pids->len; i++)
    {
      g_assert_cmpint (kill (g_array_index (pids, pid_t, i), SIGKILL), ==, 0);
      g_assert_true (test_wait_pid_gone (g_array_index (pids, pid_t, i), 5000));
    }

  harness_finish (h, 8000);
}

typedef struct
{
  guint     n_refused;
  GError   *refusal;
  gboolean  called;
} Sends;

static void
sent_cb (McpTransport *transport,
         const GError *error,
         gpointer      user_data)
{
  Sends *sends = user_data;

  sends->called = TRUE;

  /* What is still queued when it closes fails otherwise. */
  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_PEER_NOT_READING))
    {
      sends->n_refused++;
      if (sends->refusal == NULL)
        sends->refusal = g_error_copy (error);
    }
}

/* A notification of about 64 KiB. */
static JsonNode *
big_message (guint i)
{
  g_autofree char *padding = g_strnfill (64 * 1024, 'x');
  JsonObject *params = json_object_new ();
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_int_member (params, "i", i);
  json_object_set_string_member (params, "padding", padding);
  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_string_member (object, "method", "notifications/padding");
  json_object_set_object_member (object, "params", params);
  json_node_take_object (node, object);

  return node;
}

/* A server that never reads its input: what we hold for it is bounded, and
 * past the bound every message fails at once, unsent, saying why. */
static void
test_never_reads_stdin (void)
{
  Harness *h = harness_new ("--never-read-stdin", NULL);
  McpStdioTransport *stdio = MCP_STDIO_TRANSPORT (h->transport);
  const gsize bound = MCP_STDIO_MAX_QUEUED_BYTES;
  g_autoptr(GAsyncResult) opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  Sends sends = { 0, };
  gsize message_size = 0;
  gsize peak = 0;
  guint n_taken = 0;

  mcp_transport_open_async (h->transport, NULL, test_store_result, &opened);
  test_wait_for (&opened);
  g_assert_true (mcp_transport_open_finish (h->transport, opened, &error));
  g_assert_no_error (error);
  g_clear_object (&opened);
  h->pgid = process_pid (h->process);

  /* Up to four times the bound, and a message beyond that for the old
   * unbounded queue to take. */
  for (guint i = 0; i < 4 * bound / (64 * 1024) && sends.n_refused == 0; i++)
    {
      g_autoptr(JsonNode) message = big_message (i);
      gsize before = mcp_stdio_transport_get_queued_bytes (stdio);

      sends.called = FALSE;
      mcp_transport_send_message (h->transport, message, MCP_SEND_FLAGS_NONE, sent_cb, &sends);
      if (sends.n_refused == 0)
        {
          n_taken++;
          message_size = MAX (message_size, mcp_stdio_transport_get_queued_bytes (stdio) - before);
          peak = MAX (peak, mcp_stdio_transport_get_queued_bytes (stdio));
        }
      else
        /* At once: the callback ran before send_message() returned. */
        g_assert_true (sends.called);

      /* The pipe takes what it takes; let its writes run. */
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }

  g_test_message ("%u messages of %lu bytes taken, peak %lu bytes held (bound %lu)",
                  n_taken, (gulong)message_size, (gulong)peak, (gulong)bound);
  g_assert_cmpuint (sends.n_refused, ==, 1);
  g_assert_nonnull (strstr (sends.refusal->message, "not reading its input"));
  g_assert_cmpuint (peak, >=, bound);
  g_assert_cmpuint (peak, <, bound + message_size);
  g_assert_true (contains (h->events, "refusing messages until it does"));

  /* It stays refused, and what is held does not grow. */
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(JsonNode) message = big_message (i);

      sends.called = FALSE;
      mcp_transport_send_message (h->transport, message, MCP_SEND_FLAGS_NONE, sent_cb, &sends);
      g_assert_true (sends.called);
      g_assert_cmpuint (mcp_stdio_transport_get_queued_bytes (stdio), <=, peak);
    }
  g_assert_cmpuint (sends.n_refused, ==, 51);
  g_assert_cmpuint (count_containing (h->events, "refusing messages"), ==, 1);

  /* A request fails at once with the reason, not after its timeout. */
  reply = call_tool (h, "echo", "{\"message\":\"x\"}", NULL, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_PEER_NOT_READING);
  g_test_message ("call failed: %s", error->message);
  g_assert_nonnull (strstr (error->message, "tools/call was not sent: The server is not reading its input"));

  /* Closing still stops it (it never sees its input close: SIGTERM). */
  g_clear_error (&sends.refusal);
  harness_finish (h, 10000);
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static void
test_dispose_kills (void)
{
  guint fds = test_count_fds ();
  Harness *h = harness_new ("--ignore-stdin-eof", "--grandchildren", "2", NULL);
  g_autoptr(GError) error = NULL;
  pid_t pgid;

  g_assert_true (harness_connect (h, &error));
  wait_for_grandchildren (h);
  pgid = h->pgid;
  g_assert_cmpuint (test_count_group (pgid), ==, 3);

  /* Dropped without a clean close: the group dies all the same. */
  {
    McpClient *client = h->client;
    McpTransport *transport = h->transport;

    g_object_add_weak_pointer (G_OBJECT (client), (gpointer *)&client);
    g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *)&transport);

    g_clear_object (&h->client);
    g_clear_object (&h->transport);
    g_clear_object (&h->process);
    g_assert_null (client);

    /* A write still in flight holds it until it completes. */
    test_wait_until (pointer_is_null, &transport, "waiting for the transport to go");
  }
  g_ptr_array_unref (h->events);
  g_ptr_array_unref (h->stderr_lines);
  g_clear_error (&h->closed_error);
  g_free (h);

  test_assert_no_leftovers (fds, pgid, 3000);
}

static void
warm_up (void)
{
  Harness *h = harness_new (NULL);
  gint64 until;

  g_assert_true (harness_connect (h, NULL));
  harness_close (h);
  g_clear_object (&h->client);
  g_clear_object (&h->transport);
  g_clear_object (&h->process);
  g_ptr_array_unref (h->events);
  g_ptr_array_unref (h->stderr_lines);
  g_free (h);

  until = g_get_monotonic_time () + 200 * 1000;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (capture_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  on_host = g_strcmp0 (g_getenv ("TETHER_TEST_PROCESS_BACKEND"), "host") == 0;
  if (on_host && g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_error ("the host backend needs a session bus with flatpak-session-helper: run under dbus-run-session");

  /* GLib opens a few descriptors once, on the first spawn (the worker
   * thread's wakeup, /dev/null): let that happen before counting ours. */
  warm_up ();

  g_test_add_func ("/Mcp/Stdio/normal", test_normal);
  g_test_add_func ("/Mcp/Stdio/command-not-found", test_command_not_found);
  g_test_add_func ("/Mcp/Stdio/crash-on-start", test_crash_on_start);
  g_test_add_func ("/Mcp/Stdio/exit-during-initialize", test_exit_during_initialize);
  g_test_add_func ("/Mcp/Stdio/crash-mid-call", test_crash_mid_call);
  g_test_add_func ("/Mcp/Stdio/hang", test_hang);
  g_test_add_func ("/Mcp/Stdio/garbage-and-partial-lines", test_garbage);
  g_test_add_func ("/Mcp/Stdio/huge-reply", test_huge_reply);
  g_test_add_func ("/Mcp/Stdio/invalid-utf8-answer", test_invalid_utf8_answer);
  g_test_add_func ("/Mcp/Stdio/stderr-flood", test_stderr_flood);
  g_test_add_func ("/Mcp/Stdio/ignore-stdin-eof", test_ignore_stdin_eof);
  g_test_add_func ("/Mcp/Stdio/ignore-sigterm", test_ignore_sigterm);
  g_test_add_func ("/Mcp/Stdio/grandchildren", test_grandchildren);
  g_test_add_func ("/Mcp/Stdio/grandchildren-after-crash", test_grandchildren_after_crash);
  g_test_add_func ("/Mcp/Stdio/slow-start", test_slow_start);
  g_test_add_func ("/Mcp/Stdio/progress", test_progress);
  g_test_add_func ("/Mcp/Stdio/pagination", test_pagination);
  g_test_add_func ("/Mcp/Stdio/list-changed-early", test_list_changed_early);
  g_test_add_func ("/Mcp/Stdio/crash-after", test_crash_after);
  g_test_add_func ("/Mcp/Stdio/environment", test_environment);
  g_test_add_func ("/Mcp/Stdio/count-file", test_count_file);
  g_test_add_func ("/Mcp/Stdio/dispose-kills-group", test_dispose_kills);
  g_test_add_func ("/Mcp/Stdio/group-token", test_group_token);
  /* On the host, the kill after the leader's exit runs as a script, later:
   * test-process-group checks that script on groups without the token. */
  if (!on_host)
    g_test_add_func ("/Mcp/Stdio/cleared-environment-left-alone", test_cleared_environment);
  g_test_add_func ("/Mcp/Stdio/never-reads-stdin", test_never_reads_stdin);

  return g_test_run ();
}
