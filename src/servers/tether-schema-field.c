/* tether-schema-field.c — a JSON Schema as the fields of a form
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tool's `inputSchema`, a prompt's arguments or an elicitation's
 * `requestedSchema` (JSON Schema 2020-12 or draft-07) turned into a tree of
 * fields a front end can show: the command line's prompts, the window's
 * forms and dialogs. Only the keywords a form can express are understood;
 * anything else (`$ref`, `anyOf` of objects, a schema that is not valid)
 * makes its field RAW, edited as JSON and left to the server to check.
 * Whatever a schema holds, building its fields never fails and is bounded
 * in depth.
 */

#define G_LOG_DOMAIN "tether-schema-field"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-schema-field.h"

/* Nesting deeper than this is RAW: no schema makes the tree unbounded. */
#define MAX_DEPTH 32

struct _TetherSchemaField
{
  GObject            parent_instance;

  char              *name;
  char              *title;
  char              *description;
  TetherSchemaKind   kind;
  guint              required : 1;
  guint              nullable : 1;
  guint              has_minimum : 1;
  guint              has_maximum : 1;
  guint              exclusive_minimum : 1;
  guint              exclusive_maximum : 1;
  JsonNode          *default_value;
  char              *format;
  char              *pattern;
  GRegex            *regex;          /* NULL when the pattern does not compile */
  gint64             min_length;
  gint64             max_length;
  double             minimum;
  double             maximum;
  GPtrArray         *choices;        /* JsonNode */
  GPtrArray         *choice_labels;  /* char *, NULL for none */
  TetherSchemaField *items;
  gint64             min_items;
  gint64             max_items;
  GListStore        *fields;
  char              *raw_reason;
};

G_DEFINE_FINAL_TYPE (TetherSchemaField, tether_schema_field, G_TYPE_OBJECT)

static void
tether_schema_field_finalize (GObject *object)
{
  TetherSchemaField *self = (TetherSchemaField *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->default_value, json_node_unref);
  g_clear_pointer (&self->format, g_free);
  g_clear_pointer (&self->pattern, g_free);
  g_clear_pointer (&self->regex, g_regex_unref);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  g_clear_pointer (&self->choice_labels, g_ptr_array_unref);
  g_clear_object (&self->items);
  g_clear_object (&self->fields);
  g_clear_pointer (&self->raw_reason, g_free);

  G_OBJECT_CLASS (tether_schema_field_parent_class)->finalize (object);
}

static void
tether_schema_field_class_init (TetherSchemaFieldClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_schema_field_finalize;
}

static void
tether_schema_field_init (TetherSchemaField *self)
{
  self->min_length = self->max_length = -1;
  self->min_items = self->max_items = -1;
  self->fields = g_list_store_new (TETHER_TYPE_SCHEMA_FIELD);
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  self->choice_labels = g_ptr_array_new_with_free_func (g_free);
}

/* ---------------------------------------------------------------------- */
/* Reading a schema                                                         */

static const char *
string_member (JsonObject *object,
               const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static gboolean
is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static gboolean
number_member (JsonObject *object,
               const char *member,
               double     *out)
{
  JsonNode *node = json_object_get_member (object, member);

  if (!is_number (node))
    return FALSE;

  *out = json_node_get_double (node);
  return isfinite (*out);
}

/* A non-negative count, -1 when absent or wrong */
static gint64
count_member (JsonObject *object,
              const char *member)
{
  JsonNode *node = json_object_get_member (object, member);
  double value;

  if (!is_number (node))
    return -1;

  value = json_node_get_double (node);
  if (!isfinite (value) || value < 0 || value > (double)G_MAXINT32 || floor (value) != value)
    return -1;

  return (gint64)value;
}

static gboolean
is_scalar (JsonNode *node)
{
  return node != NULL && (JSON_NODE_HOLDS_VALUE (node) || JSON_NODE_HOLDS_NULL (node));
}

static void
make_raw (TetherSchemaField *self,
          const char        *reason)
{
  self->kind = TETHER_SCHEMA_KIND_RAW;
  g_free (self->raw_reason);
  self->raw_reason = g_strdup (reason);
}

/* `oneOf` or `anyOf` whose every branch is `{"const": …, "title": …}` */
static gboolean
read_const_choices (TetherSchemaField *self,
                    JsonArray         *branches)
{
  guint n = json_array_get_length (branches);

  if (n == 0)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *branch = json_array_get_element (branches, i);

      if (!JSON_NODE_HOLDS_OBJECT (branch) ||
          !is_scalar (json_object_get_member (json_node_get_object (branch), "const")))
        return FALSE;
    }

  for (guint i = 0; i < n; i++)
    {
      JsonObject *branch = json_array_get_object_element (branches, i);

      g_ptr_array_add (self->choices, json_node_copy (json_object_get_member (branch, "const")));
      g_ptr_array_add (self->choice_labels, g_strdup (string_member (branch, "title")));
    }

  return TRUE;
}

/* `anyOf`/`oneOf` of [X, {"type": "null"}]: X, nullable */
static JsonObject *
nullable_branch (JsonArray *branches)
{
  JsonObject *other = NULL;

  if (json_array_get_length (branches) != 2)
    return NULL;

  for (guint i = 0; i < 2; i++)
    {
      JsonNode *branch = json_array_get_element (branches, i);
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (branch))
        return NULL;
      object = json_node_get_object (branch);
      if (g_strcmp0 (string_member (object, "type"), "null") == 0 && json_object_get_size (object) == 1)
        continue;
      if (other != NULL)
        return NULL;
      other = object;
    }

  return other;
}

static gboolean
kind_from_name (const char       *name,
                TetherSchemaKind *kind)
{
  static const struct { const char *name; TetherSchemaKind kind; } kinds[] = {
    { "string", TETHER_SCHEMA_KIND_STRING },
    { "number", TETHER_SCHEMA_KIND_NUMBER },
    { "integer", TETHER_SCHEMA_KIND_INTEGER },
    { "boolean", TETHER_SCHEMA_KIND_BOOLEAN },
    { "array", TETHER_SCHEMA_KIND_ARRAY },
    { "object", TETHER_SCHEMA_KIND_OBJECT },
  };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (name, kinds[i].name))
      {
        *kind = kinds[i].kind;
        return TRUE;
      }

  return FALSE;
}

static TetherSchemaField *field_new (JsonNode   *schema,
                                     const char *name,
                                     guint       depth);

/* `type`, as one name or a list with "null": FALSE when absent, RAW when
 * it cannot be one kind. */
static gboolean
read_type (TetherSchemaField *self,
           JsonObject        *schema)
{
  JsonNode *type = json_object_get_member (schema, "type");
  const char *name = NULL;

  if (type == NULL)
    return FALSE;

  if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *names = json_node_get_array (type);

      for (guint i = 0; i < json_array_get_length (names); i++)
        {
          JsonNode *element = json_array_get_element (names, i);
          const char *one;

          if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
            {
              make_raw (self, _("its type is not a name"));
              return TRUE;
            }
          one = json_node_get_string (element);
          if (g_str_equal (one, "null"))
            self->nullable = TRUE;
          else if (name != NULL)
            {
              make_raw (self, _("it may have more than one type"));
              return TRUE;
            }
          else
            name = one;
        }
    }
  else if (JSON_NODE_HOLDS_VALUE (type) && json_node_get_value_type (type) == G_TYPE_STRING)
    name = json_node_get_string (type);

  if (!kind_from_name (name, &self->kind))
    make_raw (self, name != NULL ? _("its type is not one a form can show") : _("its type is not valid"));

  return TRUE;
}

static void
read_string (TetherSchemaField *self,
             JsonObject        *schema)
{
  self->format = g_strdup (string_member (schema, "format"));
  self->pattern = g_strdup (string_member (schema, "pattern"));
  self->min_length = count_member (schema, "minLength");
  self->max_length = count_member (schema, "maxLength");

  /* JSON Schema patterns are ECMA-262; a pattern PCRE cannot read is left
   * to the server to check. */
  if (self->pattern != NULL)
    self->regex = g_regex_new (self->pattern, G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT, NULL);
}

static void
read_bounds (TetherSchemaField *self,
             JsonObject        *schema)
{
  JsonNode *node;
  double value;

  self->has_minimum = number_member (schema, "minimum", &self->minimum);
  self->has_maximum = number_member (schema, "maximum", &self->maximum);

  /* 2020-12 and draft-07: a number; draft-04: a flag on minimum/maximum */
  if (number_member (schema, "exclusiveMinimum", &value))
    {
      self->has_minimum = self->exclusive_minimum = TRUE;
      self->minimum = value;
    }
  else if ((node = json_object_get_member (schema, "exclusiveMinimum")) != NULL &&
           JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    self->exclusive_minimum = self->has_minimum && json_node_get_boolean (node);

  if (number_member (schema, "exclusiveMaximum", &value))
    {
      self->has_maximum = self->exclusive_maximum = TRUE;
      self->maximum = value;
    }
  else if ((node = json_object_get_member (schema, "exclusiveMaximum")) != NULL &&
           JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    self->exclusive_maximum = self->has_maximum && json_node_get_boolean (node);
}

static void
read_object (TetherSchemaField *self,
             JsonObject        *schema,
             guint              depth)
{
  JsonNode *properties = json_object_get_member (schema, "properties");
  JsonNode *required = json_object_get_member (schema, "required");
  g_autoptr(GList) names = NULL;

  if (properties == NULL)
    return;

  if (!JSON_NODE_HOLDS_OBJECT (properties))
    {
      make_raw (self, _("its properties are not an object"));
      return;
    }

  names = json_object_get_members (json_node_get_object (properties));
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *property = json_object_get_member (json_node_get_object (properties), l->data);
      g_autoptr(TetherSchemaField) field = field_new (property, l->data, depth + 1);

      if (required != NULL && JSON_NODE_HOLDS_ARRAY (required))
        {
          JsonArray *array = json_node_get_array (required);

          for (guint i = 0; i < json_array_get_length (array); i++)
            {
              JsonNode *element = json_array_get_element (array, i);

              if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING &&
                  g_str_equal (json_node_get_string (element), l->data))
                field->required = TRUE;
            }
        }

      g_list_store_append (self->fields, field);
    }
}

static void
read_array (TetherSchemaField *self,
            JsonObject        *schema,
            guint              depth)
{
  JsonNode *items = json_object_get_member (schema, "items");

  if (items == NULL || !JSON_NODE_HOLDS_OBJECT (items))
    {
      make_raw (self, _("its items have no single schema"));
      return;
    }

  self->items = field_new (items, NULL, depth + 1);
  switch (self->items->kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
    case TETHER_SCHEMA_KIND_BOOLEAN:
    case TETHER_SCHEMA_KIND_CHOICE:
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
    case TETHER_SCHEMA_KIND_OBJECT:
    case TETHER_SCHEMA_KIND_RAW:
    default:
      g_clear_object (&self->items);
      make_raw (self, _("it is a list of things that are not simple values"));
      return;
    }

  self->min_items = count_member (schema, "minItems");
  self->max_items = count_member (schema, "maxItems");
}

static void
read_schema (TetherSchemaField *self,
             JsonObject        *schema,
             guint              depth)
{
  JsonNode *enum_node = json_object_get_member (schema, "enum");
  JsonNode *const_node = json_object_get_member (schema, "const");
  JsonObject *inner;
  gboolean typed;

  if (depth > MAX_DEPTH)
    {
      make_raw (self, _("it is nested too deep"));
      return;
    }

  if (json_object_has_member (schema, "$ref"))
    {
      make_raw (self, _("it refers to another schema ($ref)"));
      return;
    }

  /* anyOf [X, null]: X that may be null */
  for (guint i = 0; i < 2; i++)
    {
      const char *member = i == 0 ? "anyOf" : "oneOf";
      JsonNode *node = json_object_get_member (schema, member);

      if (node != NULL && JSON_NODE_HOLDS_ARRAY (node) &&
          (inner = nullable_branch (json_node_get_array (node))) != NULL)
        {
          read_schema (self, inner, depth + 1);
          self->nullable = TRUE;
          return;
        }
    }

  typed = read_type (self, schema);
  if (self->kind == TETHER_SCHEMA_KIND_RAW)
    return;

  if (enum_node != NULL)
    {
      JsonArray *values;

      if (!JSON_NODE_HOLDS_ARRAY (enum_node) || json_array_get_length (json_node_get_array (enum_node)) == 0)
        {
          make_raw (self, _("its enum is not a list of values"));
          return;
        }

      values = json_node_get_array (enum_node);
      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          g_ptr_array_add (self->choices, json_node_copy (json_array_get_element (values, i)));
          g_ptr_array_add (self->choice_labels, NULL);
        }

      /* a list of enum values is a multiple choice: handled by read_array() */
      if (!typed || self->kind != TETHER_SCHEMA_KIND_ARRAY)
        {
          /* titles of the older elicitation form: enumNames */
          JsonNode *names = json_object_get_member (schema, "enumNames");

          if (names != NULL && JSON_NODE_HOLDS_ARRAY (names) &&
              json_array_get_length (json_node_get_array (names)) == self->choices->len)
            for (guint i = 0; i < self->choices->len; i++)
              {
                JsonNode *label = json_array_get_element (json_node_get_array (names), i);

                if (JSON_NODE_HOLDS_VALUE (label) && json_node_get_value_type (label) == G_TYPE_STRING)
                  {
                    g_free (self->choice_labels->pdata[i]);
                    self->choice_labels->pdata[i] = g_strdup (json_node_get_string (label));
                  }
              }
          self->kind = TETHER_SCHEMA_KIND_CHOICE;
          return;
        }
    }
  else if (const_node != NULL && is_scalar (const_node))
    {
      g_ptr_array_add (self->choices, json_node_copy (const_node));
      g_ptr_array_add (self->choice_labels, NULL);
      self->kind = TETHER_SCHEMA_KIND_CHOICE;
      return;
    }

  for (guint i = 0; i < 2; i++)
    {
      const char *member = i == 0 ? "oneOf" : "anyOf";
      JsonNode *node = json_object_get_member (schema, member);

      if (node == NULL)
        continue;
      if (JSON_NODE_HOLDS_ARRAY (node) && read_const_choices (self, json_node_get_array (node)))
        {
          self->kind = TETHER_SCHEMA_KIND_CHOICE;
          return;
        }
      make_raw (self, i == 0 ? _("it is one of several schemas (oneOf)")
                             : _("it is any of several schemas (anyOf)"));
      return;
    }

  if (json_object_has_member (schema, "allOf") || json_object_has_member (schema, "not") ||
      json_object_has_member (schema, "if"))
    {
      make_raw (self, _("it combines schemas"));
      return;
    }

  if (!typed)
    {
      /* no type: an object if it has properties, else anything */
      if (json_object_has_member (schema, "properties"))
        self->kind = TETHER_SCHEMA_KIND_OBJECT;
      else
        {
          make_raw (self, _("it has no type"));
          return;
        }
    }

  switch (self->kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
      read_string (self, schema);
      break;

    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
      read_bounds (self, schema);
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
      read_array (self, schema, depth);
      break;

    case TETHER_SCHEMA_KIND_OBJECT:
      read_object (self, schema, depth);
      break;

    case TETHER_SCHEMA_KIND_BOOLEAN:
    case TETHER_SCHEMA_KIND_CHOICE:
    case TETHER_SCHEMA_KIND_RAW:
    default:
      break;
    }
}

static TetherSchemaField *
field_new (JsonNode   *schema,
           const char *name,
           guint       depth)
{
  TetherSchemaField *self = g_object_new (TETHER_TYPE_SCHEMA_FIELD, NULL);
  JsonObject *object;
  JsonNode *default_value;

  self->name = g_strdup (name);

  if (schema == NULL || !JSON_NODE_HOLDS_OBJECT (schema))
    {
      /* `true` (anything) is valid JSON Schema, but says nothing to show */
      make_raw (self, _("its schema is not an object"));
      return self;
    }

  object = json_node_get_object (schema);
  self->title = g_strdup (string_member (object, "title"));
  self->description = g_strdup (string_member (object, "description"));
  read_schema (self, object, depth);

  default_value = json_object_get_member (object, "default");
  if (default_value != NULL)
    {
      g_autofree char *reason = tether_schema_field_validate (self, default_value);

      /* a default the schema refuses is not offered */
      if (reason == NULL)
        self->default_value = json_node_copy (default_value);
    }

  return self;
}

/**
 * tether_schema_field_new_from_schema:
 * @schema: (nullable): a JSON Schema, as a tool's `inputSchema`
 *
 * The fields of @schema. The form of a tool or an elicitation is an
 * object: when @schema is not one, or cannot be shown as fields, the
 * result is a RAW field and tether_schema_field_get_raw_reason() says why.
 * Never fails.
 *
 * Returns: (transfer full): the root field
 */
TetherSchemaField *
tether_schema_field_new_from_schema (JsonNode *schema)
{
  TetherSchemaField *self = field_new (schema, NULL, 0);

  if (self->kind != TETHER_SCHEMA_KIND_OBJECT && self->kind != TETHER_SCHEMA_KIND_RAW)
    make_raw (self, _("it is not an object"));

  return self;
}

/* ---------------------------------------------------------------------- */
/* Accessors                                                                */

/**
 * tether_schema_field_get_name:
 * @self: a #TetherSchemaField
 *
 * Returns: (nullable): the member it fills, %NULL for the root and for the
 *   items of a list
 */
const char *
tether_schema_field_get_name (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->name;
}

/**
 * tether_schema_field_get_label:
 * @self: a #TetherSchemaField
 *
 * Returns: (nullable): what to call it: its title, else its name
 */
const char *
tether_schema_field_get_label (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->title != NULL ? self->title : self->name;
}

const char *
tether_schema_field_get_title (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->title;
}

const char *
tether_schema_field_get_description (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->description;
}

TetherSchemaKind
tether_schema_field_get_kind (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), TETHER_SCHEMA_KIND_RAW);

  return self->kind;
}

/**
 * tether_schema_field_get_required:
 * @self: a #TetherSchemaField
 *
 * Returns: whether the object it belongs to lists it in `required`
 */
gboolean
tether_schema_field_get_required (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), FALSE);

  return self->required;
}

/**
 * tether_schema_field_get_nullable:
 * @self: a #TetherSchemaField
 *
 * Returns: whether `null` is a valid value too
 */
gboolean
tether_schema_field_get_nullable (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), FALSE);

  return self->nullable;
}

/**
 * tether_schema_field_get_default:
 * @self: a #TetherSchemaField
 *
 * Returns: (transfer none) (nullable): its `default`, when the schema
 *   itself accepts it
 */
JsonNode *
tether_schema_field_get_default (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->default_value;
}

const char *
tether_schema_field_get_format (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->format;
}

const char *
tether_schema_field_get_pattern (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->pattern;
}

/**
 * tether_schema_field_get_min_length:
 * @self: a #TetherSchemaField
 *
 * Returns: `minLength` in characters, -1 when there is none
 */
gint64
tether_schema_field_get_min_length (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), -1);

  return self->min_length;
}

/**
 * tether_schema_field_get_max_length:
 * @self: a #TetherSchemaField
 *
 * Returns: `maxLength` in characters, -1 when there is none
 */
gint64
tether_schema_field_get_max_length (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), -1);

  return self->max_length;
}

/**
 * tether_schema_field_get_minimum:
 * @self: a #TetherSchemaField
 * @minimum: (out) (optional): the bound
 * @exclusive: (out) (optional): whether the bound itself is refused
 *
 * Returns: whether there is a lower bound
 */
gboolean
tether_schema_field_get_minimum (TetherSchemaField *self,
                                 double            *minimum,
                                 gboolean          *exclusive)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), FALSE);

  if (minimum != NULL)
    *minimum = self->minimum;
  if (exclusive != NULL)
    *exclusive = self->exclusive_minimum;

  return self->has_minimum;
}

/**
 * tether_schema_field_get_maximum:
 * @self: a #TetherSchemaField
 * @maximum: (out) (optional): the bound
 * @exclusive: (out) (optional): whether the bound itself is refused
 *
 * Returns: whether there is an upper bound
 */
gboolean
tether_schema_field_get_maximum (TetherSchemaField *self,
                                 double            *maximum,
                                 gboolean          *exclusive)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), FALSE);

  if (maximum != NULL)
    *maximum = self->maximum;
  if (exclusive != NULL)
    *exclusive = self->exclusive_maximum;

  return self->has_maximum;
}

guint
tether_schema_field_get_n_choices (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), 0);

  return self->choices->len;
}

/**
 * tether_schema_field_get_choice:
 * @self: a CHOICE #TetherSchemaField
 * @i: which, below tether_schema_field_get_n_choices()
 *
 * Returns: (transfer none): the value
 */
JsonNode *
tether_schema_field_get_choice (TetherSchemaField *self,
                                guint              i)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);
  g_return_val_if_fail (i < self->choices->len, NULL);

  return g_ptr_array_index (self->choices, i);
}

/**
 * tether_schema_field_get_choice_label:
 * @self: a CHOICE #TetherSchemaField
 * @i: which, below tether_schema_field_get_n_choices()
 *
 * Returns: (nullable): the title the schema gives the value
 */
const char *
tether_schema_field_get_choice_label (TetherSchemaField *self,
                                      guint              i)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);
  g_return_val_if_fail (i < self->choices->len, NULL);

  return g_ptr_array_index (self->choice_labels, i);
}

/**
 * tether_schema_field_get_items:
 * @self: an ARRAY #TetherSchemaField
 *
 * Returns: (transfer none) (nullable): the field of each item
 */
TetherSchemaField *
tether_schema_field_get_items (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->items;
}

gint64
tether_schema_field_get_min_items (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), -1);

  return self->min_items;
}

gint64
tether_schema_field_get_max_items (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), -1);

  return self->max_items;
}

/**
 * tether_schema_field_get_fields:
 * @self: a #TetherSchemaField
 *
 * Returns: (transfer none): the #TetherSchemaField of each property of an
 *   OBJECT, in the schema's order; empty for the other kinds
 */
GListModel *
tether_schema_field_get_fields (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return G_LIST_MODEL (self->fields);
}

/**
 * tether_schema_field_get_raw_reason:
 * @self: a #TetherSchemaField
 *
 * Returns: (nullable): why a RAW field cannot be shown as a form, for the
 *   user ("it refers to another schema ($ref)")
 */
const char *
tether_schema_field_get_raw_reason (TetherSchemaField *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);

  return self->raw_reason;
}

/**
 * tether_schema_field_needs_raw_json:
 * @self: a #TetherSchemaField
 *
 * Returns: whether it or a field within it is RAW: the whole value is best
 *   edited as JSON
 */
gboolean
tether_schema_field_needs_raw_json (TetherSchemaField *self)
{
  guint n;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), TRUE);

  if (self->kind == TETHER_SCHEMA_KIND_RAW)
    return TRUE;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->fields));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherSchemaField) field = g_list_model_get_item (G_LIST_MODEL (self->fields), i);

      if (tether_schema_field_needs_raw_json (field))
        return TRUE;
    }

  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* Checking values                                                          */

static gboolean
valid_format (const char *format,
              const char *text)
{
  if (g_str_equal (format, "email"))
    {
      const char *at = strchr (text, '@');

      return at != NULL && at != text && at[1] != '\0' && strchr (at + 1, '@') == NULL &&
             strpbrk (text, " \t\r\n") == NULL;
    }

  if (g_str_equal (format, "uri"))
    return g_uri_is_valid (text, G_URI_FLAGS_NONE, NULL) && g_uri_peek_scheme (text) != NULL;

  if (g_str_equal (format, "date-time"))
    {
      g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (text, NULL);

      return time != NULL && strlen (text) >= 20;
    }

  if (g_str_equal (format, "date"))
    {
      g_autofree char *midnight = g_strdup_printf ("%sT00:00:00Z", text);
      g_autoptr(GDateTime) time = NULL;

      if (strlen (text) != 10)
        return FALSE;
      time = g_date_time_new_from_iso8601 (midnight, NULL);
      return time != NULL;
    }

  /* other formats are the server's to check */
  return TRUE;
}

static const char *
kind_name (TetherSchemaKind kind)
{
  switch (kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
      return _("text");
    case TETHER_SCHEMA_KIND_NUMBER:
      return _("a number");
    case TETHER_SCHEMA_KIND_INTEGER:
      return _("a whole number");
    case TETHER_SCHEMA_KIND_BOOLEAN:
      return _("true or false");
    case TETHER_SCHEMA_KIND_ARRAY:
      return _("a list");
    case TETHER_SCHEMA_KIND_OBJECT:
      return _("an object");
    case TETHER_SCHEMA_KIND_CHOICE:
    case TETHER_SCHEMA_KIND_RAW:
    default:
      return _("a value");
    }
}

static char *
bound_text (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g", value));
}

static char *
validate_number (TetherSchemaField *self,
                 JsonNode          *value)
{
  double number;

  if (!is_number (value))
    return g_strdup_printf (_("must be %s"), kind_name (self->kind));

  number = json_node_get_double (value);
  if (self->kind == TETHER_SCHEMA_KIND_INTEGER &&
      json_node_get_value_type (value) != G_TYPE_INT64 && floor (number) != number)
    return g_strdup (_("must be a whole number"));

  if (self->has_minimum &&
      (self->exclusive_minimum ? number <= self->minimum : number < self->minimum))
    {
      g_autofree char *bound = bound_text (self->minimum);

      return self->exclusive_minimum ? g_strdup_printf (_("must be more than %s"), bound)
                                     : g_strdup_printf (_("must be at least %s"), bound);
    }

  if (self->has_maximum &&
      (self->exclusive_maximum ? number >= self->maximum : number > self->maximum))
    {
      g_autofree char *bound = bound_text (self->maximum);

      return self->exclusive_maximum ? g_strdup_printf (_("must be less than %s"), bound)
                                     : g_strdup_printf (_("must be at most %s"), bound);
    }

  return NULL;
}

static char *
validate_string (TetherSchemaField *self,
                 JsonNode          *value)
{
  const char *text;
  glong length;

  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    return g_strdup (_("must be text"));

  text = json_node_get_string (value);
  length = g_utf8_strlen (text, -1);
  if (self->min_length >= 0 && length < self->min_length)
    return g_strdup_printf (ngettext ("must be at least %d character long",
                                      "must be at least %d characters long",
                                      (gulong)self->min_length), (int)self->min_length);
  if (self->max_length >= 0 && length > self->max_length)
    return g_strdup_printf (ngettext ("must be at most %d character long",
                                      "must be at most %d characters long",
                                      (gulong)self->max_length), (int)self->max_length);
  if (self->regex != NULL && !g_regex_match (self->regex, text, G_REGEX_MATCH_DEFAULT, NULL))
    return g_strdup_printf (_("must match the pattern %s"), self->pattern);
  if (self->format != NULL && !valid_format (self->format, text))
    return g_strdup_printf (_("must be a valid %s"), self->format);

  return NULL;
}

static char *
validate_object (TetherSchemaField *self,
                 JsonNode          *value)
{
  JsonObject *object;
  guint n;

  if (!JSON_NODE_HOLDS_OBJECT (value))
    return g_strdup (_("must be an object"));

  object = json_node_get_object (value);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->fields));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherSchemaField) field = g_list_model_get_item (G_LIST_MODEL (self->fields), i);
      JsonNode *member = json_object_get_member (object, field->name);
      g_autofree char *reason = NULL;

      if (member == NULL)
        {
          if (field->required)
            return g_strdup_printf (_("%s: is required"), tether_schema_field_get_label (field));
          continue;
        }

      reason = tether_schema_field_validate (field, member);
      if (reason != NULL)
        return g_strdup_printf ("%s: %s", tether_schema_field_get_label (field), reason);
    }

  return NULL;
}

static char *
validate_array (TetherSchemaField *self,
                JsonNode          *value)
{
  JsonArray *array;
  guint n;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return g_strdup (_("must be a list"));

  array = json_node_get_array (value);
  n = json_array_get_length (array);
  if (self->min_items >= 0 && n < self->min_items)
    return g_strdup_printf (ngettext ("must have at least %d item", "must have at least %d items",
                                      (gulong)self->min_items), (int)self->min_items);
  if (self->max_items >= 0 && n > self->max_items)
    return g_strdup_printf (ngettext ("must have at most %d item", "must have at most %d items",
                                      (gulong)self->max_items), (int)self->max_items);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *reason = tether_schema_field_validate (self->items, json_array_get_element (array, i));

      if (reason != NULL)
        return g_strdup_printf (_("item %u: %s"), i + 1, reason);
    }

  return NULL;
}

/**
 * tether_schema_field_validate:
 * @self: a #TetherSchemaField
 * @value: a value for it
 *
 * Checks @value against what the field understood of its schema (a RAW
 * field takes anything: the server checks it).
 *
 * Returns: (transfer full) (nullable): %NULL when @value is valid, else
 *   why not, for the user ("must be at least 3 characters long"; for an
 *   object, prefixed by the field: "age: must be a whole number")
 */
char *
tether_schema_field_validate (TetherSchemaField *self,
                              JsonNode          *value)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);
  g_return_val_if_fail (value != NULL, NULL);

  if (JSON_NODE_HOLDS_NULL (value) && self->kind != TETHER_SCHEMA_KIND_RAW &&
      self->kind != TETHER_SCHEMA_KIND_CHOICE)
    return self->nullable ? NULL : g_strdup_printf (_("must be %s"), kind_name (self->kind));

  switch (self->kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
      return validate_string (self, value);

    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
      return validate_number (self, value);

    case TETHER_SCHEMA_KIND_BOOLEAN:
      if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_BOOLEAN)
        return g_strdup (_("must be true or false"));
      return NULL;

    case TETHER_SCHEMA_KIND_CHOICE:
      if (JSON_NODE_HOLDS_NULL (value) && self->nullable)
        return NULL;
      for (guint i = 0; i < self->choices->len; i++)
        if (json_node_equal (g_ptr_array_index (self->choices, i), value))
          return NULL;
      return g_strdup (_("must be one of the choices"));

    case TETHER_SCHEMA_KIND_ARRAY:
      return validate_array (self, value);

    case TETHER_SCHEMA_KIND_OBJECT:
      return validate_object (self, value);

    case TETHER_SCHEMA_KIND_RAW:
    default:
      return NULL;
    }
}

/* ---------------------------------------------------------------------- */
/* Values from text                                                         */

static JsonNode *
parse_choice (TetherSchemaField  *self,
              const char         *text,
              GError            **error)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      JsonNode *choice = g_ptr_array_index (self->choices, i);
      const char *label = g_ptr_array_index (self->choice_labels, i);
      g_autofree char *json = json_to_string (choice, FALSE);

      if ((JSON_NODE_HOLDS_VALUE (choice) && json_node_get_value_type (choice) == G_TYPE_STRING &&
           g_str_equal (json_node_get_string (choice), text)) ||
          g_str_equal (json, text) || g_strcmp0 (label, text) == 0)
        return json_node_copy (choice);
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", _("must be one of the choices"));
  return NULL;
}

/**
 * tether_schema_field_parse_text:
 * @self: a #TetherSchemaField
 * @text: what a person typed
 * @error: return location for why it is not a value of the field
 *
 * The value of what a person typed: text as it is for a STRING, a number,
 * `true`/`false` (or yes/no), a choice by its value or its title, JSON for
 * the others. The value is checked with tether_schema_field_validate().
 *
 * Returns: (transfer full) (nullable): the value
 */
JsonNode *
tether_schema_field_parse_text (TetherSchemaField  *self,
                                const char         *text,
                                GError            **error)
{
  g_autoptr(JsonNode) value = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  switch (self->kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
      value = json_node_init_string (json_node_alloc (), text);
      break;

    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
      {
        g_autofree char *stripped = g_strstrip (g_strdup (text));
        char *end = NULL;
        gint64 integer;
        double number;

        if (g_ascii_string_to_signed (stripped, 10, G_MININT64, G_MAXINT64, &integer, NULL))
          value = json_node_init_int (json_node_alloc (), integer);
        else
          {
            number = g_ascii_strtod (stripped, &end);
            if (*stripped == '\0' || end == NULL || *end != '\0' || !isfinite (number))
              {
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("must be %s"), kind_name (self->kind));
                return NULL;
              }
            value = json_node_init_double (json_node_alloc (), number);
          }
      }
      break;

    case TETHER_SCHEMA_KIND_BOOLEAN:
      if (g_ascii_strcasecmp (text, "true") == 0 || g_ascii_strcasecmp (text, "yes") == 0 ||
          g_ascii_strcasecmp (text, "y") == 0)
        value = json_node_init_boolean (json_node_alloc (), TRUE);
      else if (g_ascii_strcasecmp (text, "false") == 0 || g_ascii_strcasecmp (text, "no") == 0 ||
               g_ascii_strcasecmp (text, "n") == 0)
        value = json_node_init_boolean (json_node_alloc (), FALSE);
      else
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", _("must be true or false"));
          return NULL;
        }
      break;

    case TETHER_SCHEMA_KIND_CHOICE:
      value = parse_choice (self, text, error);
      if (value == NULL)
        return NULL;
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
    case TETHER_SCHEMA_KIND_OBJECT:
    case TETHER_SCHEMA_KIND_RAW:
    default:
      {
        g_autoptr(GError) json_error = NULL;

        value = json_from_string (text, &json_error);
        if (value == NULL)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("is not JSON: %s"),
                         json_error != NULL ? json_error->message : _("empty"));
            return NULL;
          }
      }
      break;
    }

  reason = tether_schema_field_validate (self, value);
  if (reason != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, reason);
      return NULL;
    }

  return g_steal_pointer (&value);
}

/**
 * tether_schema_field_apply_defaults:
 * @self: an OBJECT #TetherSchemaField
 * @values: (nullable): the values given
 *
 * @values with the `default` of each field it leaves out, in nested
 * objects too; a value given is never replaced. This is what a client does
 * with the defaults of an elicitation's schema when the user accepts.
 *
 * Returns: (transfer full): a new object
 */
JsonObject *
tether_schema_field_apply_defaults (TetherSchemaField *self,
                                    JsonObject        *values)
{
  JsonObject *result = json_object_new ();
  g_autoptr(GList) members = NULL;
  guint n;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (self), result);

  if (values != NULL)
    {
      members = json_object_get_members (values);
      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (result, l->data, json_node_copy (json_object_get_member (values, l->data)));
    }

  n = g_list_model_get_n_items (G_LIST_MODEL (self->fields));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherSchemaField) field = g_list_model_get_item (G_LIST_MODEL (self->fields), i);
      JsonNode *given = json_object_get_member (result, field->name);

      if (given == NULL && field->default_value != NULL)
        json_object_set_member (result, field->name, json_node_copy (field->default_value));
      else if (field->kind == TETHER_SCHEMA_KIND_OBJECT && given != NULL && JSON_NODE_HOLDS_OBJECT (given))
        {
          JsonObject *inner = tether_schema_field_apply_defaults (field, json_node_get_object (given));

          json_object_set_object_member (result, field->name, inner);
        }
    }

  return result;
}
