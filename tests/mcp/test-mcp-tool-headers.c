/* test-mcp-tool-headers.c — the x-mcp-header marks of a tool's schema
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp-error.h"
#include "mcp-tool-headers.h"

static GPtrArray *
parse (const char  *schema,
       GError     **error)
{
  g_autoptr(JsonNode) node = json_from_string (schema, NULL);

  g_assert_nonnull (node);
  return mcp_tool_headers_parse (node, error);
}

static void
test_valid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) headers = NULL;
  McpToolHeader *header;

  headers = parse ("{\"type\":\"object\",\"properties\":{"
                   "\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
                   "\"priority\":{\"type\":\"integer\",\"x-mcp-header\":\"Priority\"},"
                   "\"verbose\":{\"type\":[\"boolean\",\"null\"],\"x-mcp-header\":\"Verbose\"},"
                   "\"query\":{\"type\":\"string\"},"
                   "\"score\":{\"type\":\"number\"}}}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (headers->len, ==, 3);
  for (guint i = 0; i < headers->len; i++)
    {
      header = g_ptr_array_index (headers, i);
      if (g_str_equal (header->property, "region"))
        g_assert_cmpstr (header->name, ==, "Region");
      else if (g_str_equal (header->property, "priority"))
        g_assert_cmpstr (header->name, ==, "Priority");
      else
        {
          g_assert_cmpstr (header->property, ==, "verbose");
          g_assert_cmpstr (header->name, ==, "Verbose");
        }
    }

  /* No marks, no schema: nothing to send, and the tool is fine. */
  g_clear_pointer (&headers, g_ptr_array_unref);
  headers = parse ("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (headers->len, ==, 0);
  g_clear_pointer (&headers, g_ptr_array_unref);
  headers = mcp_tool_headers_parse (NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (headers->len, ==, 0);
}

static void
test_invalid (void)
{
  static const struct { const char *schema; const char *said; } cases[] = {
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"\"}}}", "empty" },
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":7}}}", "not a string" },
    { "{\"properties\":{\"v\":{\"type\":\"object\",\"x-mcp-header\":\"Data\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"v\":{\"type\":\"array\",\"x-mcp-header\":\"Items\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"v\":{\"type\":\"null\",\"x-mcp-header\":\"Nil\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"v\":{\"type\":\"number\",\"x-mcp-header\":\"Score\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"v\":{\"x-mcp-header\":\"Untyped\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"v\":{\"type\":[\"string\",\"integer\"],\"x-mcp-header\":\"Two\"}}}", "not a string, an integer" },
    { "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
      "\"b\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"}}}", "repeats" },
    { "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"MyField\"},"
      "\"b\":{\"type\":\"string\",\"x-mcp-header\":\"myfield\"}}}", "repeats" },
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"My Region\"}}}", "not a valid header name" },
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"Region:Primary\"}}}", "not a valid header name" },
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"R\\u00e9gion\"}}}", "not a valid header name" },
    { "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"Region\\t1\"}}}", "not a valid header name" },
    /* Only a top-level property may carry one. */
    { "{\"properties\":{\"o\":{\"type\":\"object\",\"properties\":"
      "{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"Deep\"}}}}}", "elsewhere" },
    { "{\"$defs\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"Def\"}},\"properties\":{}}", "elsewhere" },
    { "{\"type\":\"string\",\"x-mcp-header\":\"Top\"}", "elsewhere" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) headers = parse (cases[i].schema, &error);

      g_test_message ("%s", cases[i].schema);
      g_assert_null (headers);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
      g_assert_nonnull (strstr (error->message, cases[i].said));
    }
}

static void
test_values (void)
{
  static const struct { const char *json; const char *value; } cases[] = {
    { "\"us-west1\"", "us-west1" },
    { "\"us west 1\"", "us west 1" },
    { "\"\"", "" },
    { "42", "42" },
    { "-7", "-7" },
    { "true", "true" },
    { "false", "false" },
    /* Base64 for what cannot go into a header as it is. */
    { "\" padded \"", "=?base64?IHBhZGRlZCA=?=" },
    { "\"\\tindented\"", "=?base64?CWluZGVudGVk?=" },
    { "\"line1\\r\\nline2\"", "=?base64?bGluZTENCmxpbmUy?=" },
    { "\"Hello, \\u4e16\\u754c\"", "=?base64?SGVsbG8sIOS4lueVjA==?=" },
    /* Nothing for null, an object or an array. */
    { "null", NULL },
    { "{}", NULL },
    { "[1]", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) node = json_from_string (cases[i].json, NULL);
      g_autofree char *value = mcp_tool_header_value (node);

      g_assert_cmpstr (value, ==, cases[i].value);
    }

  g_assert_null (mcp_tool_header_value (NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/ToolHeaders/valid", test_valid);
  g_test_add_func ("/Mcp/ToolHeaders/invalid", test_invalid);
  g_test_add_func ("/Mcp/ToolHeaders/values", test_values);

  return g_test_run ();
}
