/* tether-tool-parameter.c — one parameter of a tool, read from its input schema
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tool's `inputSchema` is a JSON Schema object. What a person needs to
 * read from it is a list: each property's name, its type in words, whether
 * it is required, and its description. Anything the schema says in a way
 * this reading does not know becomes "any", never an error: the schema comes
 * from the server.
 */

#define G_LOG_DOMAIN "tether-tool-parameter"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-tool-parameter.h"

struct _TetherToolParameter
{
  GObject   parent_instance;

  char     *name;
  char     *type_text;
  char     *description;
  gboolean  required;
};

G_DEFINE_FINAL_TYPE (TetherToolParameter, tether_tool_parameter, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_TYPE_TEXT,
  PROP_REQUIRED,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Deep enough for any schema a person writes; a deeper one reads "any". */
#define MAX_DEPTH 8

static void
tether_tool_parameter_finalize (GObject *object)
{
  TetherToolParameter *self = (TetherToolParameter *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->type_text, g_free);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (tether_tool_parameter_parent_class)->finalize (object);
}

static void
tether_tool_parameter_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TetherToolParameter *self = TETHER_TOOL_PARAMETER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_TYPE_TEXT:
      g_value_set_string (value, self->type_text);
      break;

    case PROP_REQUIRED:
      g_value_set_boolean (value, self->required);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_tool_parameter_class_init (TetherToolParameterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_tool_parameter_finalize;
  object_class->get_property = tether_tool_parameter_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * TetherToolParameter:type-text:
   *
   * The type in words: `string`, `integer | null`, `array of string`,
   * `string, one of "a", "b"`, `number, default 5`, or `any`.
   */
  properties[PROP_TYPE_TEXT] =
    g_param_spec_string ("type-text", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_REQUIRED] =
    g_param_spec_boolean ("required", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_tool_parameter_init (TetherToolParameter *self)
{
}

static char *
node_to_text (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);

  return json_generator_to_data (generator, NULL);
}

static const char *
object_get_string (JsonObject *object,
                   const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);

  return NULL;
}

static char *describe_type (JsonNode *schema,
                            guint     depth);

/* "a | b" from an array of type names or of schemas. */
static char *
describe_alternatives (JsonArray *array,
                       gboolean   schemas,
                       guint      depth)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint n = json_array_get_length (array);

  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (schemas)
        g_ptr_array_add (parts, describe_type (element, depth + 1));
      else if (JSON_NODE_HOLDS_VALUE (element) &&
               json_node_get_value_type (element) == G_TYPE_STRING)
        g_ptr_array_add (parts, g_strdup (json_node_get_string (element)));
    }

  if (parts->len == 0)
    return g_strdup ("any");

  g_ptr_array_add (parts, NULL);

  return g_strjoinv (" | ", (char **)parts->pdata);
}

static char *
describe_type (JsonNode *schema,
               guint     depth)
{
  JsonObject *object;
  JsonNode *type;
  JsonNode *node;
  g_autofree char *base = NULL;
  const char *format;

  if (schema == NULL || !JSON_NODE_HOLDS_OBJECT (schema) || depth > MAX_DEPTH)
    return g_strdup ("any");

  object = json_node_get_object (schema);
  type = json_object_get_member (object, "type");

  if (type != NULL && JSON_NODE_HOLDS_ARRAY (type))
    base = describe_alternatives (json_node_get_array (type), FALSE, depth);
  else if (object_get_string (object, "type") != NULL)
    {
      const char *name = object_get_string (object, "type");

      if (g_str_equal (name, "array"))
        {
          g_autofree char *items = NULL;

          node = json_object_get_member (object, "items");
          if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
            {
              items = describe_type (node, depth + 1);
              /* Translators: a JSON Schema type, like "array of string" */
              base = g_strdup_printf (_("array of %s"), items);
            }
          else
            base = g_strdup (name);
        }
      else
        base = g_strdup (name);
    }
  else if ((node = json_object_get_member (object, "anyOf")) != NULL && JSON_NODE_HOLDS_ARRAY (node))
    base = describe_alternatives (json_node_get_array (node), TRUE, depth);
  else if ((node = json_object_get_member (object, "oneOf")) != NULL && JSON_NODE_HOLDS_ARRAY (node))
    base = describe_alternatives (json_node_get_array (node), TRUE, depth);
  else if ((node = json_object_get_member (object, "const")) != NULL)
    base = node_to_text (node);
  else
    base = g_strdup ("any");

  format = object_get_string (object, "format");
  if (format != NULL)
    {
      char *with_format = g_strdup_printf ("%s (%s)", base, format);

      g_free (base);
      base = with_format;
    }

  node = json_object_get_member (object, "enum");
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *values = json_node_get_array (node);
      g_autoptr(GString) list = g_string_new (NULL);
      char *with_enum;

      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          g_autofree char *text = node_to_text (json_array_get_element (values, i));

          if (i > 0)
            g_string_append (list, ", ");
          g_string_append (list, text);
        }

      /* Translators: a JSON Schema type and its allowed values: string, one of "a", "b" */
      with_enum = g_strdup_printf (_("%s, one of %s"), base, list->str);
      g_free (base);
      base = with_enum;
    }

  node = json_object_get_member (object, "default");
  if (node != NULL && depth == 0)
    {
      g_autofree char *text = node_to_text (node);
      /* Translators: a JSON Schema type and its default value: integer, default 5 */
      char *with_default = g_strdup_printf (_("%s, default %s"), base, text);

      g_free (base);
      base = with_default;
    }

  return g_steal_pointer (&base);
}

static gboolean
is_required (JsonObject *schema,
             const char *name)
{
  JsonNode *node = json_object_get_member (schema, "required");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (element) &&
          json_node_get_value_type (element) == G_TYPE_STRING &&
          g_strcmp0 (json_node_get_string (element), name) == 0)
        return TRUE;
    }

  return FALSE;
}

/**
 * tether_tool_parameter_list_new_from_schema:
 * @schema: (nullable): a tool's input schema
 *
 * Reads the top-level properties of an object schema, in the schema's order.
 * A schema that is not an object, or has no properties, gives an empty list.
 *
 * Returns: (transfer full): a #GListModel of #TetherToolParameter
 */
GListModel *
tether_tool_parameter_list_new_from_schema (JsonNode *schema)
{
  GListStore *store = g_list_store_new (TETHER_TYPE_TOOL_PARAMETER);
  JsonObject *object;
  JsonNode *props;
  JsonObject *members;
  g_autoptr(GList) names = NULL;

  if (schema == NULL || !JSON_NODE_HOLDS_OBJECT (schema))
    return G_LIST_MODEL (store);

  object = json_node_get_object (schema);
  props = json_object_get_member (object, "properties");
  if (props == NULL || !JSON_NODE_HOLDS_OBJECT (props))
    return G_LIST_MODEL (store);

  members = json_node_get_object (props);
  names = json_object_get_members (members);

  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *property = json_object_get_member (members, name);
      g_autoptr(TetherToolParameter) parameter = g_object_new (TETHER_TYPE_TOOL_PARAMETER, NULL);

      parameter->name = g_strdup (name);
      parameter->type_text = describe_type (property, 0);
      parameter->required = is_required (object, name);
      if (JSON_NODE_HOLDS_OBJECT (property))
        parameter->description = g_strdup (object_get_string (json_node_get_object (property),
                                                               "description"));

      g_list_store_append (store, parameter);
    }

  return G_LIST_MODEL (store);
}

const char *
tether_tool_parameter_get_name (TetherToolParameter *self)
{
  g_return_val_if_fail (TETHER_IS_TOOL_PARAMETER (self), NULL);

  return self->name;
}

const char *
tether_tool_parameter_get_type_text (TetherToolParameter *self)
{
  g_return_val_if_fail (TETHER_IS_TOOL_PARAMETER (self), NULL);

  return self->type_text;
}

gboolean
tether_tool_parameter_get_required (TetherToolParameter *self)
{
  g_return_val_if_fail (TETHER_IS_TOOL_PARAMETER (self), FALSE);

  return self->required;
}

const char *
tether_tool_parameter_get_description (TetherToolParameter *self)
{
  g_return_val_if_fail (TETHER_IS_TOOL_PARAMETER (self), NULL);

  return self->description;
}
