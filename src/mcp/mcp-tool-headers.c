/* mcp-tool-headers.c — the x-mcp-header annotations of a tool's schema
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-tool"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "mcp-tool-headers.h"

/* In the stateless revision a property of a tool's input schema may say
 * `"x-mcp-header": "Region"`: a call over HTTP then repeats that argument
 * in the header `Mcp-Param-Region`, an integer in decimal, a boolean as
 * `true` or `false`, a string as it is or in the base64 form the other
 * `Mcp-*` headers use; an argument that is null or absent gets no header.
 *
 * Only a top-level property of the schema may carry it, only one of type
 * string, integer or boolean, with a name that is a valid header token
 * and unique without regard to case. A tool that breaks any of these is
 * not to be used at all: mcp_tool_headers_parse() says why. */

#define ANNOTATION "x-mcp-header"

static void
tool_header_free (McpToolHeader *header)
{
  g_free (header->property);
  g_free (header->name);
  g_free (header);
}

/**
 * mcp_tool_header_name_is_valid:
 * @name: a header name, after `Mcp-Param-`
 *
 * Returns: whether @name is a non-empty HTTP token (letters, digits and
 *   `!#$%&'*+-.^_`|~`)
 */
gboolean
mcp_tool_header_name_is_valid (const char *name)
{
  if (name == NULL || *name == '\0')
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("!#$%&'*+-.^_`|~", *p) == NULL)
      return FALSE;

  return TRUE;
}

/* How many objects under @node carry the annotation. */
static guint
count_annotations (JsonNode *node)
{
  guint count = 0;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &key, &member))
        {
          if (g_str_equal (key, ANNOTATION))
            count++;
          count += count_annotations (member);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        count += count_annotations (json_array_get_element (array, i));
    }

  return count;
}

/* Whether a value of the JSON Schema type @type can be a header: a
 * string, an integer or a boolean, or one of them or null. */
static gboolean
type_is_primitive (JsonNode *type)
{
  static const char * const allowed[] = { "string", "integer", "boolean", NULL };

  if (type == NULL)
    return FALSE;

  if (JSON_NODE_HOLDS_VALUE (type) && json_node_get_value_type (type) == G_TYPE_STRING)
    return g_strv_contains (allowed, json_node_get_string (type));

  if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *array = json_node_get_array (type);
      guint primitives = 0;

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);
          const char *name;

          if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
            return FALSE;
          name = json_node_get_string (element);
          if (g_strv_contains (allowed, name))
            primitives++;
          else if (!g_str_equal (name, "null"))
            return FALSE;
        }

      return primitives == 1;
    }

  return FALSE;
}

/**
 * mcp_tool_headers_parse:
 * @input_schema: (nullable): a tool's `inputSchema`
 * @error: why the tool's annotations are invalid
 *
 * Returns: (transfer full) (element-type McpToolHeader) (nullable): the
 *   arguments of the tool to repeat in headers (perhaps none); %NULL with
 *   @error when an annotation is invalid and the tool is not to be used
 */
GPtrArray *
mcp_tool_headers_parse (JsonNode  *input_schema,
                        GError   **error)
{
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func ((GDestroyNotify)tool_header_free);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonObject *properties = NULL;
  guint total;
  guint counted = 0;

  if (input_schema == NULL)
    return g_steal_pointer (&headers);

  total = count_annotations (input_schema);
  if (total == 0)
    return g_steal_pointer (&headers);

  if (JSON_NODE_HOLDS_OBJECT (input_schema))
    {
      JsonNode *node = json_object_get_member (json_node_get_object (input_schema), "properties");

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        properties = json_node_get_object (node);
    }

  if (properties != NULL)
    {
      JsonObjectIter iter;
      const char *property;
      JsonNode *node;

      json_object_iter_init (&iter, properties);
      while (json_object_iter_next (&iter, &property, &node))
        {
          JsonObject *schema;
          JsonNode *annotation;
          const char *name;
          g_autofree char *folded = NULL;
          McpToolHeader *header;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          schema = json_node_get_object (node);
          annotation = json_object_get_member (schema, ANNOTATION);
          if (annotation == NULL)
            continue;
          counted++;

          if (!JSON_NODE_HOLDS_VALUE (annotation) || json_node_get_value_type (annotation) != G_TYPE_STRING)
            {
              /* Translators: %s is the name of an argument of a tool */
              g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("the x-mcp-header of argument “%s” is not a string"), property);
              return NULL;
            }

          name = json_node_get_string (annotation);
          if (*name == '\0')
            {
              g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("the x-mcp-header of argument “%s” is empty"), property);
              return NULL;
            }

          if (!mcp_tool_header_name_is_valid (name))
            {
              /* Translators: the first %s is the name of an argument of a
               * tool, the second the header name it gives */
              g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("the x-mcp-header of argument “%s” is not a valid header name: “%s”"),
                           property, name);
              return NULL;
            }

          if (!type_is_primitive (json_object_get_member (schema, "type")))
            {
              g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("argument “%s” has an x-mcp-header but is not a string, an integer or a boolean"),
                           property);
              return NULL;
            }

          folded = g_ascii_strdown (name, -1);
          if (g_hash_table_contains (seen, folded))
            {
              g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("the x-mcp-header of argument “%s” repeats the header name “%s”"),
                           property, name);
              return NULL;
            }
          g_hash_table_add (seen, g_steal_pointer (&folded));

          header = g_new0 (McpToolHeader, 1);
          header->property = g_strdup (property);
          header->name = g_strdup (name);
          g_ptr_array_add (headers, header);
        }
    }

  if (counted != total)
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("an x-mcp-header stands elsewhere than on a top-level argument"));
      return NULL;
    }

  return g_steal_pointer (&headers);
}

/**
 * mcp_tool_header_value:
 * @argument: (nullable): the value of an annotated argument in a call
 *
 * Returns: (transfer full) (nullable): the header's value: an integer in
 *   decimal, `true` or `false`, a string as mcp_era_encode_header() gives
 *   it; %NULL when no header is sent (no value, null, or a value that is
 *   none of these)
 */
char *
mcp_tool_header_value (JsonNode *argument)
{
  if (argument == NULL || !JSON_NODE_HOLDS_VALUE (argument))
    return NULL;

  switch (json_node_get_value_type (argument))
    {
    case G_TYPE_STRING:
      return mcp_era_encode_header (json_node_get_string (argument));

    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (argument));

    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (argument) ? "true" : "false");

    case G_TYPE_DOUBLE:
      {
        double value = json_node_get_double (argument);
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        if (!isfinite (value))
          return NULL;
        return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value));
      }

    default:
      return NULL;
    }
}
