/* test-mcp-stdio-framing.c — what crosses a stdio server's pipes: garbage
 * and partial lines, huge replies, invalid UTF-8, a flood on stderr, a
 * server that never reads, and progress and paging through them
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

/* Connects @h, lists its tools to the end and lets it go: the list, or
 * NULL and @error */
static GPtrArray *
list_all (Harness  *h,
          GError  **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  GPtrArray *tools;

  g_assert_true (harness_connect (h, error));
  mcp_client_list_tools_async (h->client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (h->client, result, error);
  g_clear_object (&result);   /* it holds the client, which the harness frees */
  harness_finish (h, 6000);

  return tools;
}

static void
test_pagination (void)
{
  Harness *h = harness_new ("--tools", "25", "--page-size", "7", NULL);
  Harness *r = harness_new ("--tools", "25", "--page-size", "7", "--repeat-cursor", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) none = NULL;

  tools = list_all (h, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 35);

  none = list_all (r, &error);
  g_assert_null (none);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
}

/* Pages long enough to be built in a thread (mcp-client-lists.c), then a
 * short last one: every tool, in the server's order. */
static void
test_pagination_long_pages (void)
{
  Harness *h = harness_new ("--tools", "1000", "--page-size", "300", NULL);
  Harness *r = harness_new ("--tools", "1000", "--page-size", "300", "--repeat-cursor", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) none = NULL;
  guint generated = 0;

  tools = list_all (h, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 1010);
  for (guint i = 0; i < tools->len; i++)
    {
      const char *name = mcp_item_get_name (g_ptr_array_index (tools, i));

      if (g_str_has_prefix (name, "tool-"))
        {
          g_autofree char *expected = g_strdup_printf ("tool-%05u", ++generated);   /* from 1 */

          g_assert_cmpstr (name, ==, expected);
        }
    }
  g_assert_cmpuint (generated, ==, 1000);

  none = list_all (r, &error);
  g_assert_null (none);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
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

void
stdio_test_add_framing (void)
{
  g_test_add_func ("/Mcp/Stdio/garbage-and-partial-lines", test_garbage);
  g_test_add_func ("/Mcp/Stdio/huge-reply", test_huge_reply);
  g_test_add_func ("/Mcp/Stdio/invalid-utf8-answer", test_invalid_utf8_answer);
  g_test_add_func ("/Mcp/Stdio/stderr-flood", test_stderr_flood);
  g_test_add_func ("/Mcp/Stdio/progress", test_progress);
  g_test_add_func ("/Mcp/Stdio/pagination", test_pagination);
  g_test_add_func ("/Mcp/Stdio/pagination-long-pages", test_pagination_long_pages);
  g_test_add_func ("/Mcp/Stdio/list-changed-early", test_list_changed_early);
  g_test_add_func ("/Mcp/Stdio/never-reads-stdin", test_never_reads_stdin);
}
