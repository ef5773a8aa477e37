/* test-mcp-list-memory.c — what a list of 10,000 tools costs to keep
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The answer is generated here, received through a transport as a server
 * sends it (parsed on a worker thread, as every large message is) and
 * read by McpClient into McpTools. The bytes the allocator holds after
 * that, with the tools alive and the answer gone, are bounded by a
 * multiple of the answer's size: a tree of JsonNodes per entry costs ten
 * times its text. Counted by the allocator (AddressSanitizer's count
 * under it, else glibc's, all threads in one arena), not timed.
 */

#include "config.h"

#include <malloc.h>
#include <string.h>

#include "mcp-client.h"
#include "mcp-json-private.h"
#include "mcp-stdio-transport.h"
#include "mcp-test-transport.h"
#include "mcp-tool.h"
#include "test-util.h"
#include "tether-native-process.h"

#define N_TOOLS 10000

static void
iterate_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A tool of about 900 bytes, its schema five arguments deep in places. */
static void
append_tool (GString *out,
             guint    i)
{
  g_string_append_printf (out,
                          "{\"name\":\"tool-%05u\",\"title\":\"Generated tool %u\","
                          "\"description\":\"Tool number %u of a large catalogue: it looks things up, "
                          "transforms them and reports what it found.\","
                          "\"inputSchema\":{\"type\":\"object\",\"properties\":{"
                          "\"query\":{\"type\":\"string\",\"description\":\"What to look for, as free text; "
                          "an empty query matches everything.\"},"
                          "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":%u,\"default\":20,"
                          "\"description\":\"How many results at most.\"},"
                          "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"thorough\",\"exhaustive\"],"
                          "\"description\":\"How hard to look.\"},"
                          "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
                          "\"description\":\"Only results with all of these tags.\"},"
                          "\"options\":{\"type\":\"object\",\"properties\":{"
                          "\"caseSensitive\":{\"type\":\"boolean\",\"default\":false},"
                          "\"regex\":{\"type\":\"boolean\",\"default\":false}},"
                          "\"additionalProperties\":false}},"
                          "\"required\":[\"query\"],\"additionalProperties\":false},"
                          "\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":false}}",
                          i, i, i, 1000 + i);
}

/* The answer to the request just sent for @method. */
static GString *
big_answer (McpTestTransport *transport,
            const char       *method)
{
  JsonObject *request;
  GString *answer = g_string_sized_new (N_TOOLS * 1000);

  iterate_pending ();
  request = mcp_test_transport_find_sent (transport, method);
  g_assert_nonnull (request);

  g_string_append_printf (answer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"tools\":[",
                          json_object_get_int_member (request, "id"));
  for (guint i = 0; i < N_TOOLS; i++)
    {
      if (i > 0)
        g_string_append_c (answer, ',');
      append_tool (answer, i);
    }
  g_string_append (answer, "]}}");

  return answer;
}

static void
test_tools_retained (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) answer = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) entry = NULL;
  g_autoptr(GString) one = g_string_new (NULL);
  gsize before, retained, length;
  McpTool *tool;

  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  answer = big_answer (transport, "tools/list");
  length = answer->len;
  g_test_message ("the answer: %lu bytes", (gulong)length);

  before = test_allocated_bytes ();
  mcp_test_transport_receive (transport, answer->str);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  iterate_pending ();
  retained = test_allocated_bytes () - before;

  g_test_message ("retained with %u tools: %lu bytes, %.2f times the answer",
                  tools->len, (gulong)retained, (double)retained / length);

  /* The list is whole and right. */
  g_assert_cmpuint (tools->len, ==, N_TOOLS);
  tool = g_ptr_array_index (tools, 1234);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (tool)), ==, "tool-01234");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (tool)), ==, "Generated tool 1234");
  g_assert_cmpstr (mcp_item_get_description (MCP_ITEM (tool)), ==,
                   "Tool number 1234 of a large catalogue: it looks things up, "
                   "transforms them and reports what it found.");
  append_tool (one, 1234);
  expected = _mcp_json_parse (one->str, one->len, NULL);
  g_assert_true (json_node_equal (mcp_tool_get_input_schema (tool),
                                  json_object_get_member (json_node_get_object (expected), "inputSchema")));
  entry = json_node_init_object (json_node_alloc (), mcp_item_get_json (MCP_ITEM (tool)));
  g_assert_true (json_node_equal (entry, expected));

  /* The bound: the entries' text once, and room for the objects and
   * strings of 10,000 items. */
  g_assert_cmpuint (retained, <=, 2 * length);

  mcp_test_client_close (client);
}

/* The stdio reader grows its buffer to hold a large message whole; once
 * the message is read, the buffer goes back to its usual size, not kept
 * at the message's size for the life of the connection. */
static void
test_stdio_buffer_released (void)
{
  const char *argv[] = { FAKE_MCP_SERVER, "--tools", "5000", NULL };
  g_autoptr(TetherProcess) process = tether_native_process_new (argv);
  g_autoptr(McpTransport) transport = mcp_stdio_transport_new (process);
  g_autoptr(McpClient) client = mcp_client_new (transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  gsize before, retained;

  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (client, result, &error));
  g_clear_object (&result);

  before = test_allocated_bytes ();
  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, >, 5000);
  g_clear_object (&result);
  g_clear_pointer (&tools, g_ptr_array_unref);
  iterate_pending ();
  retained = test_allocated_bytes () - before;

  /* The answer is about 1.5 MB, the buffer that held it 2 MB. */
  g_test_message ("retained after the list, the connection open: %lu bytes", (gulong)retained);
  g_assert_cmpuint (retained, <, 512 * 1024);

  mcp_test_client_close (client);
}

int
main (int   argc,
      char *argv[])
{
  /* Every thread's allocations in the arena mallinfo2() counts. */
  mallopt (M_ARENA_MAX, 1);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/ListMemory/tools-retained", test_tools_retained);
  g_test_add_func ("/Mcp/ListMemory/stdio-buffer-released", test_stdio_buffer_released);

  return g_test_run ();
}
