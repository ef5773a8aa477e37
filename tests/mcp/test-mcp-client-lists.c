/* test-mcp-client-lists.c — McpClient's lists: paging, its bounds,
 * list_changed, and the items made of them
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "client-harness.h"
#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-test-transport.h"
#include "test-util.h"

static void
count_signal (gpointer  instance,
              guint    *n)
{
  (*n)++;
}

static GPtrArray *
list_tools (McpClient  *client,
            GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_list_tools_finish (client, result, error);
}

static void
test_pagination (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3 };
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (&fake, &transport);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tools = list_tools (client, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 30);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 0))), ==, "echo");
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 29))), ==, "tool-00020");
  g_assert_cmpuint (fake_mcp_core_get_count (mcp_test_transport_get_core (transport), "tools/list"), ==, 10);

  /* Lists may be delivered twice: they are idempotent. */
  g_assert_true (mcp_test_transport_get_sent_flags (transport, 2) & MCP_SEND_FLAGS_IDEMPOTENT);

  mcp_client_list_resource_templates_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  templates = mcp_client_list_resource_templates_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (templates->len, ==, 1);
  g_assert_cmpstr (mcp_resource_get_uri_template (g_ptr_array_index (templates, 0)), ==, "fake://dynamic/{id}");
  g_assert_null (mcp_resource_get_uri (g_ptr_array_index (templates, 0)));

  close_client (client);
}

static void
test_repeating_cursor (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3, .repeat_cursor = TRUE };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;

  tools = list_tools (client, &error);
  g_assert_null (tools);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "same cursor"));

  close_client (client);
}

static void
test_page_cap (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3 };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_max_pages (client, 4);
  tools = list_tools (client, &error);
  g_assert_null (tools);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "past 4 pages"));

  close_client (client);
}

static void
test_list_changed_early (void)
{
  FakeMcpOptions fake = { .list_changed_early = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&fake);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  guint n = 0;

  g_signal_connect (client, "tools-changed", G_CALLBACK (count_signal), &n);
  /* Answered by hand as an initialize-era server. */
  mcp_client_set_era (client, MCP_ERA_LEGACY);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (client, result, NULL));
  iterate_pending ();
  g_assert_cmpuint (n, ==, 2);

  close_client (client);
}

static void
test_many_tools (void)
{
  FakeMcpOptions fake = { .n_tools = 10000 };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  /* The in-process fake builds 10 000 tools on the main loop: under the
   * sanitizers on a busy machine that alone took more than a minute, so
   * neither the request's timeout nor test_wait_for()'s 15 s apply. */
  mcp_client_set_request_timeout (client, 600000);
  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 10010);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 10009))), ==, "tool-10000");

  close_client (client);
}

static void
test_items (void)
{
  g_autoptr(McpClient) client = connect_with_core (NULL, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) prompts = NULL;
  g_autoptr(GPtrArray) resources = NULL;
  g_autoptr(GAsyncResult) r1 = NULL;
  g_autoptr(GAsyncResult) r2 = NULL;
  g_autoptr(GAsyncResult) r3 = NULL;
  g_autoptr(GAsyncResult) r4 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) prompt = NULL;
  g_autoptr(JsonObject) args = json_object_new ();
  g_autofree char *schema = NULL;
  McpTool *echo, *add, *fail;
  McpPrompt *greeting;
  JsonNode *arguments;
  char *title = NULL;

  tools = list_tools (client, &error);
  g_assert_no_error (error);
  echo = g_ptr_array_index (tools, 0);
  add = g_ptr_array_index (tools, 1);
  fail = g_ptr_array_index (tools, 3);

  /* label: title → annotations.title → name */
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (echo)), ==, "Echo");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (add)), ==, "Add numbers");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (fail)), ==, "fail");
  schema = json_to_string (mcp_tool_get_input_schema (echo), FALSE);
  g_assert_nonnull (strstr (schema, "\"required\":[\"message\"]"));
  g_assert_nonnull (mcp_tool_get_output_schema (add));
  g_assert_null (mcp_tool_get_output_schema (echo));
  g_object_get (echo, "title", &title, NULL);
  g_assert_cmpstr (title, ==, "Echo");
  g_free (title);

  mcp_client_list_prompts_async (client, NULL, NULL, test_store_result, &r1);
  test_wait_for (&r1);
  prompts = mcp_client_list_prompts_finish (client, r1, &error);
  g_assert_no_error (error);
  greeting = g_ptr_array_index (prompts, 0);
  arguments = mcp_prompt_get_arguments (greeting);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (arguments)), ==, 2);

  mcp_client_list_resources_async (client, NULL, NULL, test_store_result, &r2);
  test_wait_for (&r2);
  resources = mcp_client_list_resources_finish (client, r2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (resources->len, ==, 2);
  g_assert_cmpstr (mcp_resource_get_mime_type (g_ptr_array_index (resources, 0)), ==, "text/markdown");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (g_ptr_array_index (resources, 1))), ==, "pixel");

  json_object_set_string_member (args, "name", "Ada");
  mcp_client_get_prompt_async (client, "greeting", args, NULL, NULL, test_store_result, &r3);
  test_wait_for (&r3);
  prompt = mcp_client_get_prompt_finish (client, r3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (prompt), "messages")), ==, 1);

  mcp_client_read_resource_async (client, "fake://nowhere", NULL, NULL, test_store_result, &r4);
  test_wait_for (&r4);
  g_assert_null (mcp_client_read_resource_finish (client, r4, &error));
  g_assert_error (error, MCP_RPC_ERROR, -32002);

  close_client (client);
}

void
client_test_add_lists (void)
{
  g_test_add_func ("/Mcp/Client/pagination", test_pagination);
  g_test_add_func ("/Mcp/Client/repeating-cursor", test_repeating_cursor);
  g_test_add_func ("/Mcp/Client/page-cap", test_page_cap);
  g_test_add_func ("/Mcp/Client/list-changed-early", test_list_changed_early);
  g_test_add_func ("/Mcp/Client/ten-thousand-tools", test_many_tools);
  g_test_add_func ("/Mcp/Client/items", test_items);
}
