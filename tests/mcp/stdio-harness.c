/* stdio-harness.c
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
#include "mcp-stdio-transport.h"
#include "stdio-harness.h"
#include "test-fake-server.h"
#include "test-util.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn-error.h"

gboolean on_host;

/* Every log message, while a test wants them */
GPtrArray *captured;

/* The backend under test */
TetherProcess *
new_process (const char * const *argv)
{
  if (on_host)
    return tether_host_process_new (argv);

  return tether_native_process_new (argv);
}

pid_t
process_pid (TetherProcess *process)
{
  if (TETHER_IS_HOST_PROCESS (process))
    return (pid_t)tether_host_process_get_pid (TETHER_HOST_PROCESS (process));

  return tether_native_process_get_pid (TETHER_NATIVE_PROCESS (process));
}

void
on_event (McpClient  *client,
          const char *text,
          Harness    *h)
{
  g_ptr_array_add (h->events, g_strdup (text));
}

void
on_stderr (McpClient  *client,
           const char *line,
           Harness    *h)
{
  g_ptr_array_add (h->stderr_lines, g_strdup (line));
}

void
on_closed (McpClient    *client,
           const GError *error,
           Harness      *h)
{
  h->n_closed++;
  g_clear_error (&h->closed_error);
  if (error != NULL)
    h->closed_error = g_error_copy (error);
}

void
on_tools_changed (McpClient *client,
                  Harness   *h)
{
  h->n_tools_changed++;
}

gboolean
contains (GPtrArray  *lines,
          const char *needle)
{
  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

/* The fake server with @args (NULL-terminated). */
Harness *
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

gboolean
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

void
harness_close (Harness *h)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (h->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (h->client, result, NULL));
  g_assert_cmpuint (h->n_closed, ==, 1);
}

/* Close, check that nothing is left, report the time, free. */
void
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

JsonNode *
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

const char *
first_text (JsonNode *result)
{
  JsonArray *content = json_object_get_array_member (json_node_get_object (result), "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

gboolean
ping (Harness  *h,
      GError  **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_ping_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_ping_finish (h->client, result, error);
}

gboolean
is_closed (gpointer data)
{
  return ((Harness *)data)->n_closed > 0;
}

void
wait_closed (Harness *h)
{
  test_wait_until (is_closed, h, "waiting for ::closed");
}

GArray *
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

gboolean
has_grandchildren (gpointer data)
{
  g_autoptr(GArray) pids = grandchild_pids (data);

  return pids->len >= 2;
}

/* Waits for the server's children, and has them stopped should the test
 * fail: the server dies with us, they would not. */
void
wait_for_grandchildren (Harness *h)
{
  g_autoptr(GArray) pids = NULL;

  test_wait_until (has_grandchildren, h, "waiting for the grandchildren");
  pids = grandchild_pids (h);
  for (guint i = 0; i < pids->len; i++)
    test_stop_on_failure (g_array_index (pids, pid_t, i));
}
