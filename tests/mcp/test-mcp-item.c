/* test-mcp-item.c — McpItem, the base of McpTool, McpPrompt and McpResource
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-error.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));

  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* What every kind shares comes from the base class, by getter and by
 * property (the window's search looks the properties up by name). */
static void
test_shared_members (void)
{
  g_autoptr(JsonObject) object = parse_object ("{\"name\": \"echo\", \"title\": \"Echo\","
                                               " \"description\": \"Says it again\","
                                               " \"_meta\": {\"io.example/x\": 1},"
                                               " \"inputSchema\": {\"type\": \"object\"}}");
  g_autoptr(GError) error = NULL;
  g_autoptr(McpTool) tool = mcp_tool_new_from_json (object, &error);
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;
  g_autoptr(JsonObject) entry = NULL;
  g_autoptr(JsonNode) entry_node = NULL;
  g_autoptr(JsonNode) object_node = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  JsonNode *meta;

  g_assert_no_error (error);
  g_assert_true (MCP_IS_ITEM (tool));
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (tool)), ==, "echo");
  g_assert_cmpstr (mcp_item_get_title (MCP_ITEM (tool)), ==, "Echo");
  g_assert_cmpstr (mcp_item_get_description (MCP_ITEM (tool)), ==, "Says it again");
  /* The entry is kept as its text, its tree built when asked for (once,
   * or each time): the same members, the same order. */
  entry = mcp_item_dup_json (MCP_ITEM (tool));
  g_assert_false (entry == object);
  entry_node = json_node_init_object (json_node_alloc (), entry);
  object_node = json_node_init_object (json_node_alloc (), object);
  g_assert_true (json_node_equal (entry_node, object_node));
  g_assert_true (mcp_item_get_json (MCP_ITEM (tool)) == mcp_item_get_json (MCP_ITEM (tool)));
  g_assert_false (mcp_item_get_json (MCP_ITEM (tool)) == entry);
  mcp_item_write_json (MCP_ITEM (tool), text);
  g_assert_cmpstr (text->str, ==, "{\"name\":\"echo\",\"title\":\"Echo\",\"description\":\"Says it again\","
                                  "\"_meta\":{\"io.example/x\":1},\"inputSchema\":{\"type\":\"object\"}}");

  meta = mcp_item_get_meta (MCP_ITEM (tool));
  g_assert_nonnull (meta);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (meta));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (meta), "io.example/x"), ==, 1);

  g_assert_nonnull (mcp_tool_get_input_schema (tool));
  g_assert_null (mcp_tool_get_output_schema (tool));

  g_object_get (tool, "name", &name, "description", &description, NULL);
  g_assert_cmpstr (name, ==, "echo");
  g_assert_cmpstr (description, ==, "Says it again");
}

/* A member of the wrong type, or null, is as good as absent. */
static void
test_absent_members (void)
{
  g_autoptr(JsonObject) object = parse_object ("{\"name\": \"p\", \"title\": 3, \"_meta\": null}");
  g_autoptr(GError) error = NULL;
  g_autoptr(McpPrompt) prompt = mcp_prompt_new_from_json (object, &error);

  g_assert_no_error (error);
  g_assert_null (mcp_item_get_title (MCP_ITEM (prompt)));
  g_assert_null (mcp_item_get_description (MCP_ITEM (prompt)));
  g_assert_null (mcp_item_get_meta (MCP_ITEM (prompt)));
  g_assert_null (mcp_prompt_get_arguments (prompt));
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (prompt)), ==, "p");
}

typedef enum { TOOL, PROMPT, RESOURCE } Kind;

/* Each kind says what to show when there is no title. */
static void
test_labels (void)
{
  const struct {
    Kind        kind;
    const char *json;
    const char *label;
  } cases[] = {
    { TOOL, "{\"name\": \"t\", \"title\": \"Title\", \"annotations\": {\"title\": \"Hint\"}}", "Title" },
    { TOOL, "{\"name\": \"t\", \"title\": \"\", \"annotations\": {\"title\": \"Hint\"}}", "Hint" },
    { TOOL, "{\"name\": \"t\", \"annotations\": {\"title\": \"\"}}", "t" },
    { PROMPT, "{\"name\": \"p\", \"title\": \"Prompt\"}", "Prompt" },
    { PROMPT, "{\"name\": \"p\", \"title\": \"\"}", "p" },
    { RESOURCE, "{\"uri\": \"file:///a\", \"name\": \"a\"}", "a" },
    { RESOURCE, "{\"uri\": \"file:///a\", \"name\": \"\"}", "file:///a" },
    { RESOURCE, "{\"uriTemplate\": \"file:///{x}\"}", "file:///{x}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonObject) object = parse_object (cases[i].json);
      g_autoptr(GError) error = NULL;
      g_autoptr(McpItem) item = NULL;

      switch (cases[i].kind)
        {
        case TOOL:
          item = MCP_ITEM (mcp_tool_new_from_json (object, &error));
          break;

        case PROMPT:
          item = MCP_ITEM (mcp_prompt_new_from_json (object, &error));
          break;

        case RESOURCE:
        default:
          item = MCP_ITEM (mcp_resource_new_from_json (object, &error));
          break;
        }

      g_assert_no_error (error);
      g_assert_cmpstr (mcp_item_get_label (item), ==, cases[i].label);
    }
}

/* What a kind requires is checked before any item is made. */
static void
test_required (void)
{
  g_autoptr(JsonObject) no_name = parse_object ("{\"title\": \"T\"}");
  g_autoptr(JsonObject) no_uri = parse_object ("{\"name\": \"r\"}");
  g_autoptr(GError) error = NULL;

  g_assert_null (mcp_tool_new_from_json (no_name, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_clear_error (&error);

  g_assert_null (mcp_prompt_new_from_json (no_name, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_clear_error (&error);

  g_assert_null (mcp_resource_new_from_json (no_uri, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Item/shared-members", test_shared_members);
  g_test_add_func ("/Mcp/Item/absent-members", test_absent_members);
  g_test_add_func ("/Mcp/Item/labels", test_labels);
  g_test_add_func ("/Mcp/Item/required", test_required);

  return g_test_run ();
}
