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
#include "mcp-item-private.h"
#include "mcp-json-private.h"
#include "mcp-tool.h"

/* A tool a server offers (Tools › Listing). Its schemas and annotations
 * stay in the entry's text until asked for: the list shows names and
 * descriptions, and only a form or a check needs a schema's tree. */

struct _McpTool
{
  McpItem   parent_instance;

  JsonNode *input_schema;
  JsonNode *output_schema;
  JsonNode *annotations;
  char     *annotations_title;
  McpTaskSupport task_support;
  guint     input_schema_read : 1;
  guint     output_schema_read : 1;
  guint     annotations_read : 1;
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

  if (self->annotations_title != NULL)
    return self->annotations_title;

  return mcp_item_get_name (item);
}

static void
mcp_tool_finalize (GObject *object)
{
  McpTool *self = (McpTool *)object;

  g_clear_pointer (&self->input_schema, json_node_unref);
  g_clear_pointer (&self->output_schema, json_node_unref);
  g_clear_pointer (&self->annotations, json_node_unref);
  g_clear_pointer (&self->annotations_title, g_free);

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
      g_value_set_boxed (value, mcp_tool_get_input_schema (self));
      break;

    case PROP_OUTPUT_SCHEMA:
      g_value_set_boxed (value, mcp_tool_get_output_schema (self));
      break;

    case PROP_ANNOTATIONS:
      g_value_set_boxed (value, mcp_tool_get_annotations (self));
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
/* `execution.taskSupport`: absent, or a value this revision does not
 * know, is forbidden, as the specification says. */
static McpTaskSupport
read_task_support (JsonObject *object)
{
  JsonObject *execution;
  const char *value;

  if (!json_object_has_member (object, "execution") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "execution")))
    return MCP_TASK_SUPPORT_FORBIDDEN;

  execution = json_object_get_object_member (object, "execution");
  if (!mcp_json_has_string (execution, "taskSupport"))
    return MCP_TASK_SUPPORT_FORBIDDEN;

  value = json_object_get_string_member (execution, "taskSupport");
  if (g_str_equal (value, "required"))
    return MCP_TASK_SUPPORT_REQUIRED;
  if (g_str_equal (value, "optional"))
    return MCP_TASK_SUPPORT_OPTIONAL;

  return MCP_TASK_SUPPORT_FORBIDDEN;
}

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

  /* The label's last resort, read now: a list asks for every label. */
  if (json_object_has_member (object, "annotations") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "annotations")))
    {
      JsonObject *annotations = json_object_get_object_member (object, "annotations");

      if (mcp_json_has_string (annotations, "title") &&
          *json_object_get_string_member (annotations, "title") != '\0')
        self->annotations_title = g_strdup (json_object_get_string_member (annotations, "title"));
    }

  self->task_support = read_task_support (object);

  return self;
}

/* A member's tree, built the first time it is asked for and kept. */
static JsonNode *
get_member (McpTool    *self,
            const char *member,
            JsonNode  **node,
            guint       read)
{
  if (!read)
    *node = _mcp_item_dup_member (MCP_ITEM (self), member);

  return *node;
}

/**
 * mcp_tool_get_input_schema:
 * @self: a #McpTool
 *
 * The tree is built the first time and kept as long as the tool; to read
 * the schemas of many tools once, use mcp_tool_dup_input_schema().
 *
 * Returns: (transfer none) (nullable): the JSON Schema of the arguments
 */
JsonNode *
mcp_tool_get_input_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  get_member (self, "inputSchema", &self->input_schema, self->input_schema_read);
  self->input_schema_read = TRUE;

  return self->input_schema;
}

/**
 * mcp_tool_dup_input_schema:
 * @self: a #McpTool
 *
 * Returns: (transfer full) (nullable): the JSON Schema of the arguments,
 *   a tree the tool does not keep
 */
JsonNode *
mcp_tool_dup_input_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  if (self->input_schema_read)
    return self->input_schema != NULL ? json_node_ref (self->input_schema) : NULL;

  return _mcp_item_dup_member (MCP_ITEM (self), "inputSchema");
}

/**
 * mcp_tool_get_output_schema:
 * @self: a #McpTool
 *
 * Returns: (transfer none) (nullable): the JSON Schema of
 *   `structuredContent`, if any
 */
JsonNode *
mcp_tool_get_output_schema (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  get_member (self, "outputSchema", &self->output_schema, self->output_schema_read);
  self->output_schema_read = TRUE;

  return self->output_schema;
}

/**
 * mcp_tool_get_annotations:
 * @self: a #McpTool
 *
 * Returns: (transfer none) (nullable): hints about its behaviour
 *   (untrusted)
 */
JsonNode *
mcp_tool_get_annotations (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), NULL);

  get_member (self, "annotations", &self->annotations, self->annotations_read);
  self->annotations_read = TRUE;

  return self->annotations;
}

/**
 * mcp_tool_get_task_support:
 * @self: a #McpTool
 *
 * Returns: whether the tool may, or must, run as a task
 */
McpTaskSupport
mcp_tool_get_task_support (McpTool *self)
{
  g_return_val_if_fail (MCP_IS_TOOL (self), MCP_TASK_SUPPORT_FORBIDDEN);

  return self->task_support;
}
