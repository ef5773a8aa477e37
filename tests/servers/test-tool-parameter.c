/* test-tool-parameter.c — a tool's input schema read as parameters
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-tool-parameter.h"

static GListModel *
parse (const char *json)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  node = json_from_string (json, &error);
  g_assert_no_error (error);

  return tether_tool_parameter_list_new_from_schema (node);
}

static TetherToolParameter *
get (GListModel *list,
     guint       i)
{
  g_autoptr(TetherToolParameter) parameter = g_list_model_get_item (list, i);

  g_assert_nonnull (parameter);

  return parameter;   /* the list keeps it alive */
}

static void
test_types (void)
{
  g_autoptr(GListModel) list = parse (
    "{\"type\":\"object\",\"required\":[\"path\",\"mode\"],\"properties\":{"
    "\"path\":{\"type\":\"string\",\"description\":\"Where\"},"
    "\"count\":{\"type\":\"integer\",\"default\":5},"
    "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
    "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"slow\"]},"
    "\"maybe\":{\"type\":[\"number\",\"null\"]},"
    "\"either\":{\"anyOf\":[{\"type\":\"string\",\"format\":\"uri\"},{\"type\":\"boolean\"}]},"
    "\"free\":{},"
    "\"weird\":42}}");
  TetherToolParameter *p;

  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 8);

  /* The schema's order, not sorted. */
  p = get (list, 0);
  g_assert_cmpstr (tether_tool_parameter_get_name (p), ==, "path");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (p), ==, "string");
  g_assert_true (tether_tool_parameter_get_required (p));
  g_assert_cmpstr (tether_tool_parameter_get_description (p), ==, "Where");

  p = get (list, 1);
  g_assert_cmpstr (tether_tool_parameter_get_name (p), ==, "count");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (p), ==, "integer, default 5");
  g_assert_false (tether_tool_parameter_get_required (p));
  g_assert_null (tether_tool_parameter_get_description (p));

  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 2)), ==, "array of string");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 3)), ==,
                   "string, one of \"fast\", \"slow\"");
  g_assert_true (tether_tool_parameter_get_required (get (list, 3)));
  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 4)), ==, "number | null");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 5)), ==,
                   "string (uri) | boolean");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 6)), ==, "any");
  g_assert_cmpstr (tether_tool_parameter_get_name (get (list, 7)), ==, "weird");
  g_assert_cmpstr (tether_tool_parameter_get_type_text (get (list, 7)), ==, "any");
}

static void
test_not_an_object (void)
{
  const char *schemas[] = {
    "{\"type\":\"object\"}",
    "{\"type\":\"object\",\"properties\":[1,2]}",
    "[]",
    "\"string\"",
    "null",
  };

  for (guint i = 0; i < G_N_ELEMENTS (schemas); i++)
    {
      g_autoptr(GListModel) list = parse (schemas[i]);

      g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
    }

  {
    g_autoptr(GListModel) list = tether_tool_parameter_list_new_from_schema (NULL);

    g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
  }
}

static void
test_deep (void)
{
  g_autoptr(GString) json = g_string_new ("{\"properties\":{\"deep\":");
  g_autoptr(GListModel) list = NULL;

  /* A hostile schema nests arrays a thousand deep: bounded, not a crash. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (json, "{\"type\":\"array\",\"items\":");
  g_string_append (json, "{\"type\":\"string\"}");
  for (guint i = 0; i < 1000; i++)
    g_string_append (json, "}");
  g_string_append (json, "}}");

  list = parse (json->str);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 1);
  g_assert_true (g_str_has_suffix (tether_tool_parameter_get_type_text (get (list, 0)),
                                   "array of any"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/ToolParameter/types", test_types);
  g_test_add_func ("/Tether/ToolParameter/not-an-object", test_not_an_object);
  g_test_add_func ("/Tether/ToolParameter/deep", test_deep);

  return g_test_run ();
}
