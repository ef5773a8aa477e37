/* tether-schema-field.h — a JSON Schema as the fields of a form
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * TetherSchemaKind:
 * @TETHER_SCHEMA_KIND_STRING: text, with its format, pattern and lengths
 * @TETHER_SCHEMA_KIND_NUMBER: a number, with its bounds
 * @TETHER_SCHEMA_KIND_INTEGER: a whole number, with its bounds
 * @TETHER_SCHEMA_KIND_BOOLEAN: true or false
 * @TETHER_SCHEMA_KIND_CHOICE: one of a few values (`enum`, or `oneOf` or
 *   `anyOf` of `const`s, with their titles)
 * @TETHER_SCHEMA_KIND_ARRAY: a list of values of one scalar field
 * @TETHER_SCHEMA_KIND_OBJECT: a group of named fields
 * @TETHER_SCHEMA_KIND_RAW: what a form cannot express (`$ref`, `anyOf` of
 *   objects, a schema that is not valid): edited as raw JSON
 */
typedef enum
{
  TETHER_SCHEMA_KIND_STRING,
  TETHER_SCHEMA_KIND_NUMBER,
  TETHER_SCHEMA_KIND_INTEGER,
  TETHER_SCHEMA_KIND_BOOLEAN,
  TETHER_SCHEMA_KIND_CHOICE,
  TETHER_SCHEMA_KIND_ARRAY,
  TETHER_SCHEMA_KIND_OBJECT,
  TETHER_SCHEMA_KIND_RAW,
} TetherSchemaKind;

#define TETHER_TYPE_SCHEMA_FIELD (tether_schema_field_get_type ())

G_DECLARE_FINAL_TYPE (TetherSchemaField, tether_schema_field, TETHER, SCHEMA_FIELD, GObject)

TetherSchemaField *tether_schema_field_new_from_schema  (JsonNode          *schema);

const char        *tether_schema_field_get_name         (TetherSchemaField *self);
const char        *tether_schema_field_get_label        (TetherSchemaField *self);
const char        *tether_schema_field_get_title        (TetherSchemaField *self);
const char        *tether_schema_field_get_description  (TetherSchemaField *self);
TetherSchemaKind   tether_schema_field_get_kind         (TetherSchemaField *self);
gboolean           tether_schema_field_get_required     (TetherSchemaField *self);
gboolean           tether_schema_field_get_nullable     (TetherSchemaField *self);
JsonNode          *tether_schema_field_get_default      (TetherSchemaField *self);
const char        *tether_schema_field_get_format       (TetherSchemaField *self);
const char        *tether_schema_field_get_pattern      (TetherSchemaField *self);
gint64             tether_schema_field_get_min_length   (TetherSchemaField *self);
gint64             tether_schema_field_get_max_length   (TetherSchemaField *self);
gboolean           tether_schema_field_get_minimum      (TetherSchemaField *self,
                                                         double            *minimum,
                                                         gboolean          *exclusive);
gboolean           tether_schema_field_get_maximum      (TetherSchemaField *self,
                                                         double            *maximum,
                                                         gboolean          *exclusive);
guint              tether_schema_field_get_n_choices    (TetherSchemaField *self);
JsonNode          *tether_schema_field_get_choice       (TetherSchemaField *self,
                                                         guint              i);
const char        *tether_schema_field_get_choice_label (TetherSchemaField *self,
                                                         guint              i);
TetherSchemaField *tether_schema_field_get_items        (TetherSchemaField *self);
gint64             tether_schema_field_get_min_items    (TetherSchemaField *self);
gint64             tether_schema_field_get_max_items    (TetherSchemaField *self);
GListModel        *tether_schema_field_get_fields       (TetherSchemaField *self);
const char        *tether_schema_field_get_raw_reason   (TetherSchemaField *self);
gboolean           tether_schema_field_needs_raw_json   (TetherSchemaField *self);

char              *tether_schema_field_validate         (TetherSchemaField *self,
                                                         JsonNode          *value);
JsonNode          *tether_schema_field_parse_text       (TetherSchemaField *self,
                                                         const char        *text,
                                                         GError           **error);
JsonObject        *tether_schema_field_apply_defaults   (TetherSchemaField *self,
                                                         JsonObject        *values);

G_END_DECLS
