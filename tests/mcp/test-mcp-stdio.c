/* test-mcp-stdio.c — McpClient over McpStdioTransport against the fake
 * server's fault modes: the life of a server (start, crash, hang, stop,
 * its process group), with the right result or error, and no process or fd
 * left behind.
 *
 * With TETHER_TEST_PROCESS_BACKEND=host the same tests run every server
 * through TetherHostProcess, on the session bus's flatpak-session-helper: the
 * transport must not be able to tell the difference.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What crosses the pipes (framing, bounds, a server that never reads) is
 * in test-mcp-stdio-framing.c; the environment a server gets in
 * test-mcp-stdio-environment.c; the harness they share in stdio-harness.c.
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gstdio.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "stdio-harness.h"
#include "test-fake-server.h"
#include "test-util.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn-error.h"

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
  g_assert_nonnull (strstr (error->message, "closed the connection during"));
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
  /* On the host, the group's watchdog too (tether-host-process.c) */
  g_assert_cmpuint (test_count_group (h->pgid), ==, on_host ? 5 : 4);

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
  g_assert_cmpuint (test_count_group (pgid), ==, on_host ? 4 : 3);

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
  /* The debug lines this test reads go to stderr, out of the TAP stream. */
  g_log_writer_default_set_use_stderr (TRUE);

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
  g_test_add_func ("/Mcp/Stdio/ignore-stdin-eof", test_ignore_stdin_eof);
  g_test_add_func ("/Mcp/Stdio/ignore-sigterm", test_ignore_sigterm);
  g_test_add_func ("/Mcp/Stdio/grandchildren", test_grandchildren);
  g_test_add_func ("/Mcp/Stdio/grandchildren-after-crash", test_grandchildren_after_crash);
  g_test_add_func ("/Mcp/Stdio/slow-start", test_slow_start);
  g_test_add_func ("/Mcp/Stdio/crash-after", test_crash_after);
  g_test_add_func ("/Mcp/Stdio/dispose-kills-group", test_dispose_kills);
  stdio_test_add_framing ();
  stdio_test_add_environment ();
  stdio_test_add_owner ();

  return g_test_run ();
}
