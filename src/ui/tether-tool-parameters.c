/* tether-tool-parameters.c — a tool's parameters, read when first asked for
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The children of a tool's row in the server page's tree. GtkTreeListModel
 * makes a row's children model to learn whether the row can be expanded at
 * all, and throws it away: GtkTreeExpander asks that each time a row is
 * bound, so scrolling through 10 000 tools made a parameter list (a schema
 * read, an object a parameter) for every row that came into view. This
 * model reads the schema only when its items are asked for, that is when
 * the row is expanded; whether a tool has parameters at all is read once
 * and remembered on the tool.
 */

#define G_LOG_DOMAIN "tether-tool-parameters"

#include "config.h"

#include "tether-tool-parameter.h"
#include "tether-tool-parameters.h"

struct _TetherToolParameters
{
  GObject     parent_instance;

  McpTool    *tool;
  GListModel *parameters;   /* TetherToolParameter, read when first asked for */
};

static void tether_tool_parameters_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherToolParameters, tether_tool_parameters, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, tether_tool_parameters_list_model_init))

/* on a tool: how many parameters it has, plus one (0: not read yet) */
static GQuark
count_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("tether-tool-parameters-count");

  return quark;
}

static GListModel *
read_parameters (McpTool *tool)
{
  g_autoptr(JsonNode) schema = mcp_tool_dup_input_schema (tool);
  GListModel *parameters = tether_tool_parameter_list_new_from_schema (schema);

  g_object_set_qdata (G_OBJECT (tool), count_quark (),
                      GUINT_TO_POINTER (g_list_model_get_n_items (parameters) + 1));

  return parameters;
}

static GListModel *
parameters (TetherToolParameters *self)
{
  if (self->parameters == NULL)
    self->parameters = read_parameters (self->tool);

  return self->parameters;
}

static GType
tether_tool_parameters_get_item_type (GListModel *model)
{
  return TETHER_TYPE_TOOL_PARAMETER;
}

static guint
tether_tool_parameters_get_n_items (GListModel *model)
{
  return g_list_model_get_n_items (parameters (TETHER_TOOL_PARAMETERS (model)));
}

static gpointer
tether_tool_parameters_get_item (GListModel *model,
                                 guint       position)
{
  return g_list_model_get_item (parameters (TETHER_TOOL_PARAMETERS (model)), position);
}

static void
tether_tool_parameters_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = tether_tool_parameters_get_item_type;
  iface->get_n_items = tether_tool_parameters_get_n_items;
  iface->get_item = tether_tool_parameters_get_item;
}

static void
tether_tool_parameters_finalize (GObject *object)
{
  TetherToolParameters *self = (TetherToolParameters *)object;

  g_clear_object (&self->tool);
  g_clear_object (&self->parameters);

  G_OBJECT_CLASS (tether_tool_parameters_parent_class)->finalize (object);
}

static void
tether_tool_parameters_class_init (TetherToolParametersClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_tool_parameters_finalize;
}

static void
tether_tool_parameters_init (TetherToolParameters *self)
{
}

/**
 * tether_tool_parameters_new_for_tool:
 * @tool: a #McpTool
 *
 * Its schema is read the first time the model's items are counted or
 * asked for, or now if it was never read: so that a tool without
 * parameters gets no model.
 *
 * Returns: (transfer full) (nullable): a #GListModel of
 *   #TetherToolParameter, or %NULL if @tool has no parameters
 */
GListModel *
tether_tool_parameters_new_for_tool (McpTool *tool)
{
  TetherToolParameters *self;
  guint known;

  g_return_val_if_fail (MCP_IS_TOOL (tool), NULL);

  known = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (tool), count_quark ()));
  self = g_object_new (TETHER_TYPE_TOOL_PARAMETERS, NULL);
  self->tool = g_object_ref (tool);
  if (known == 0)
    {
      /* the first time: keep what was read for the row's expansion */
      self->parameters = read_parameters (tool);
      known = g_list_model_get_n_items (self->parameters) + 1;
    }
  if (known == 1)
    {
      g_object_unref (self);
      return NULL;
    }

  return G_LIST_MODEL (self);
}
