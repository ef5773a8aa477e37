/* test-tool-parameters.c — a tool's parameters as the children of its row
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "mcp-tool.h"
#include "tether-tool-parameter.h"
#include "tether-tool-parameters.h"

static McpTool *
tool_from (const char *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);
  g_autoptr(GError) error = NULL;
  McpTool *tool;

  g_assert_nonnull (node);
  tool = mcp_tool_new_from_json (json_node_get_object (node), &error);
  g_assert_no_error (error);

  return tool;
}

/* No parameters, no model: the row is not expandable, the first time and
 * every time after. */
static void
test_none (void)
{
  const char *tools[] = {
    "{\"name\":\"a\"}",
    "{\"name\":\"b\",\"inputSchema\":{\"type\":\"object\"}}",
    "{\"name\":\"c\",\"inputSchema\":{\"type\":\"object\",\"properties\":{}}}",
    "{\"name\":\"d\",\"inputSchema\":{\"type\":\"object\",\"properties\":[1]}}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autoptr(McpTool) tool = tool_from (tools[i]);

      for (guint round = 0; round < 3; round++)
        g_assert_null (tether_tool_parameters_new_for_tool (tool));
    }
}

static void
assert_parameters (GListModel *model)
{
  g_autoptr(TetherToolParameter) first = NULL;
  g_autoptr(TetherToolParameter) second = NULL;

  g_assert_nonnull (model);
  g_assert_true (g_list_model_get_item_type (model) == TETHER_TYPE_TOOL_PARAMETER);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  first = g_list_model_get_item (model, 0);
  second = g_list_model_get_item (model, 1);
  g_assert_cmpstr (tether_tool_parameter_get_name (first), ==, "message");
  g_assert_true (tether_tool_parameter_get_required (first));
  g_assert_cmpstr (tether_tool_parameter_get_description (first), ==, "What to say");
  g_assert_cmpstr (tether_tool_parameter_get_name (second), ==, "times");
  g_assert_false (tether_tool_parameter_get_required (second));
  g_assert_null (g_list_model_get_item (model, 2));
}

/* With parameters: the same items whether the model is the first one made
 * for the tool (which read the schema) or a later one (which reads it when
 * its items are first asked for, by count or by item). */
static void
test_some (void)
{
  g_autoptr(McpTool) tool = tool_from ("{\"name\":\"say\",\"inputSchema\":{\"type\":\"object\","
                                       "\"properties\":{\"message\":{\"type\":\"string\","
                                       "\"description\":\"What to say\"},"
                                       "\"times\":{\"type\":\"integer\"}},"
                                       "\"required\":[\"message\"]}}");
  g_autoptr(GListModel) first = tether_tool_parameters_new_for_tool (tool);
  g_autoptr(GListModel) later = tether_tool_parameters_new_for_tool (tool);
  g_autoptr(GListModel) by_item = tether_tool_parameters_new_for_tool (tool);
  g_autoptr(TetherToolParameter) parameter = NULL;

  assert_parameters (first);
  assert_parameters (later);
  g_assert_nonnull (by_item);
  parameter = g_list_model_get_item (by_item, 1);
  g_assert_cmpstr (tether_tool_parameter_get_name (parameter), ==, "times");
  g_assert_cmpuint (g_list_model_get_n_items (by_item), ==, 2);
  g_assert_false (first == later);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/ToolParameters/none", test_none);
  g_test_add_func ("/Tether/ToolParameters/some", test_some);

  return g_test_run ();
}
