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
  GObject   parent_instance;

  JsonObject *json;
  char     *name;
  char     *title;
  char     *description;
  JsonNode *input_schema;
  JsonNode *output_schema;
  JsonNode *annotations;
};

G_DEFINE_FINAL_TYPE (McpTool, mcp_tool, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_INPUT_SCHEMA,
  PROP_OUTPUT_SCHEMA,
  PROP_ANNOTATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_tool_finalize (GObject *object)
{
  McpTool *self = (McpTool *)object;

  g_clear_pointer (&self->json, json_object_unref);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->description, g_free);
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
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

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

  object_class->finalize = mcp_tool_finalize;
  object_class->get_property = mcp_tool_get_property;

  /**
   * McpTool:name:
   *
   * The programmatic name.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:title:
   *
   * The human title, if any.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTool:description:
   *
   * What the tool does.
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

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
  g_autoptr(McpTool) self = NULL;

  g_return_val_if_fail (object != NULL, NULL);

  if (!mcp_json_has_string (object, "name"))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("A tool has no name"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_TOOL, NULL);
  self->json = json_object_ref (object);
  self->name = mcp_json_dup_string (object, "name");
  self->title = mcp_json_dup_string (object, "title");
  self->description = mcp_json_dup_string (object, "description");
  self->input_schema = mcp_json_dup_node (object, "inputSchema");
  self->output_schema = mcp_json_dup_node (object, "outputSchema");
  self->annotations = mcp_json_dup_node (object, "annotations");

  return g_steal_pointer (&self);
}

const char *
mcp_tool_get_name (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->name;
}

const char *
mcp_tool_get_title (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->title;
}

const char *
mcp_tool_get_description (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->description;
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

/**
 * mcp_tool_get_json:
 * @self: a #McpTool
 *
 * Returns: (transfer none): the entry as the server sent it
 */
JsonObject *
mcp_tool_get_json (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  return self->json;
}

/**
 * mcp_tool_get_label:
 * @self: a #McpTool
 *
 * Returns: what to show for it: the title, else `annotations.title`, else the name
 */
const char *
mcp_tool_get_label (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  if (self->title != NULL && *self->title != '\0')
    return self->title;

  if (self->annotations != NULL && JSON_NODE_HOLDS_OBJECT (self->annotations))
    {
      JsonObject *annotations = json_node_get_object (self->annotations);
      const char *title = json_object_get_string_member_with_default (annotations, "title", NULL);

      if (title != NULL && *title != '\0')
        return title;
    }

  return self->name;
}
