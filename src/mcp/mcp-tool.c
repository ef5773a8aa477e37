/* mcp-tool.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-tool"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-tool.h"

/* A tool a server offers (Tools › Listing). */

struct _McpTool
{
  McpItem   parent_instance;

  JsonNode *input_schema;
  JsonNode *output_schema;
  JsonNode *annotations;
};

G_DEFINE_FINAL_TYPE (McpTool, mcp_tool, MCP_TYPE_ITEM)

enum {
  PROP_0,
  PROP_INPUT_SCHEMA,
  PROP_OUTPUT_SCHEMA,
  PROP_ANNOTATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The title, else `annotations.title`, else the name */
static const char *
mcp_tool_real_get_label (McpItem *item)
{
  McpTool *self = MCP_TOOL (item);
  const char *title = mcp_item_get_title (item);

  if (title != NULL && *title != '\0')
    return title;

  if (self->annotations != NULL && JSON_NODE_HOLDS_OBJECT (self->annotations))
    {
      JsonObject *annotations = json_node_get_object (self->annotations);

      title = json_object_get_string_member_with_default (annotations, "title", NULL);
      if (title != NULL && *title != '\0')
        return title;
    }

  return mcp_item_get_name (item);
}

static void
mcp_tool_finalize (GObject *object)
{
  McpTool *self = (McpTool *)object;

  g_clear_pointer (&self->input_schema, json_node_unref);
  g_clear_pointer (&self->output_schema, json_node_unref);
  g_clear_pointer (&self->annotations, json_node_unref);

  G_OBJECT_CLASS (mcp_tool_parent_class)->finalize (object);
}

static void
mcp_tool_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpTool *self = MCP_TOOL (object);

  switch (prop_id)
    {
    case PROP_INPUT_SCHEMA:
      g_value_set_boxed (value, self->input_schema);
      break;

    case PROP_OUTPUT_SCHEMA:
      g_value_set_boxed (value, self->output_schema);
      break;

    case PROP_ANNOTATIONS:
      g_value_set_boxed (value, self->annotations);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_tool_class_init (McpToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpItemClass *item_class = MCP_ITEM_CLASS (klass);

  object_class->finalize = mcp_tool_finalize;
  object_class->get_property = mcp_tool_get_property;

  item_class->get_label = mcp_tool_real_get_label;

  /**
   * McpTool:input-schema:
   *
   * The JSON Schema of the arguments.
   */
  properties[PROP_INPUT_SCHEMA] =
    g_param_spec_boxed ("input-schema", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:output-schema:
   *
   * The JSON Schema of structuredContent, if any.
   */
  properties[PROP_OUTPUT_SCHEMA] =
    g_param_spec_boxed ("output-schema", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:annotations:
   *
   * Hints about its behaviour (untrusted).
   */
  properties[PROP_ANNOTATIONS] =
    g_param_spec_boxed ("annotations", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_tool_init (McpTool *self)
{
}

/**
 * mcp_tool_new_from_json:
 * @object: an entry of the server's list
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the item, or %NULL with
 *   %MCP_ERROR_INVALID_RESPONSE when a required member is missing
 */
McpTool *
mcp_tool_new_from_json (JsonObject  *object,
                        GError     **error)
{
  McpTool *self;

  g_return_val_if_fail (object != NULL, NULL);

  if (!mcp_json_has_string (object, "name"))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("A tool has no name"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_TOOL, "json", object, NULL);
  self->input_schema = mcp_json_dup_node (object, "inputSchema");
  self->output_schema = mcp_json_dup_node (object, "outputSchema");
  self->annotations = mcp_json_dup_node (object, "annotations");

  return self;
}

JsonNode *
mcp_tool_get_input_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->input_schema;
}

JsonNode *
mcp_tool_get_output_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->output_schema;
}

JsonNode *
mcp_tool_get_annotations (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->annotations;
}
