/* test-schema-field.c — a JSON Schema as the fields of a form
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "tether-schema-field.h"

static TetherSchemaField *
form (const char *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  return tether_schema_field_new_from_schema (node);
}

static TetherSchemaField *
field (TetherSchemaField *root,
       const char        *name)
{
  GListModel *fields = tether_schema_field_get_fields (root);

  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(TetherSchemaField) f = g_list_model_get_item (fields, i);

      if (g_strcmp0 (tether_schema_field_get_name (f), name) == 0)
        return f;  /* the root holds a reference */
    }

  g_assert_not_reached ();
}

/* NULL when @json is valid for @f, else the reason */
static char *
check (TetherSchemaField *f,
       const char        *json)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  return tether_schema_field_validate (f, node);
}

static void
assert_valid (TetherSchemaField *f,
              const char        *json)
{
  g_autofree char *reason = check (f, json);

  if (reason != NULL)
    g_error ("%s refused: %s", json, reason);
}

static void
assert_invalid (TetherSchemaField *f,
                const char        *json,
                const char        *part)
{
  g_autofree char *reason = check (f, json);

  if (reason == NULL)
    g_error ("%s accepted", json);
  if (strstr (reason, part) == NULL)
    g_error ("%s: “%s” does not say “%s”", json, reason, part);
}

static void
test_string (void)
{
  g_autoptr(TetherSchemaField) root = form (
    "{\"type\":\"object\",\"properties\":{"
    "\"name\":{\"type\":\"string\",\"title\":\"Name\",\"description\":\"Who\",\"minLength\":2,\"maxLength\":4},"
    "\"code\":{\"type\":\"string\",\"pattern\":\"^[A-Z]+$\"},"
    "\"mail\":{\"type\":\"string\",\"format\":\"email\"},"
    "\"site\":{\"type\":\"string\",\"format\":\"uri\"},"
    "\"day\":{\"type\":\"string\",\"format\":\"date\"},"
    "\"when\":{\"type\":\"string\",\"format\":\"date-time\"},"
    "\"odd\":{\"type\":\"string\",\"pattern\":\"(?<=x\"}},"
    "\"required\":[\"name\"]}");
  TetherSchemaField *name = field (root, "name");

  g_assert_cmpint (tether_schema_field_get_kind (root), ==, TETHER_SCHEMA_KIND_OBJECT);
  g_assert_false (tether_schema_field_needs_raw_json (root));
  g_assert_cmpint (tether_schema_field_get_kind (name), ==, TETHER_SCHEMA_KIND_STRING);
  g_assert_cmpstr (tether_schema_field_get_label (name), ==, "Name");
  g_assert_cmpstr (tether_schema_field_get_description (name), ==, "Who");
  g_assert_true (tether_schema_field_get_required (name));
  g_assert_false (tether_schema_field_get_required (field (root, "code")));
  g_assert_cmpint (tether_schema_field_get_min_length (name), ==, 2);
  g_assert_cmpint (tether_schema_field_get_max_length (name), ==, 4);
  assert_valid (name, "\"äöü\"");
  assert_invalid (name, "\"a\"", "at least 2 characters");
  assert_invalid (name, "\"abcde\"", "at most 4 characters");
  assert_invalid (name, "3", "must be text");
  assert_invalid (name, "null", "must be text");
  g_assert_cmpstr (tether_schema_field_get_pattern (field (root, "code")), ==, "^[A-Z]+$");
  assert_valid (field (root, "code"), "\"ABC\"");
  assert_invalid (field (root, "code"), "\"abc\"", "pattern ^[A-Z]+$");
  g_assert_cmpstr (tether_schema_field_get_format (field (root, "mail")), ==, "email");
  assert_valid (field (root, "mail"), "\"a@b.org\"");
  assert_invalid (field (root, "mail"), "\"ab.org\"", "valid email");
  assert_valid (field (root, "site"), "\"https://example.org/x\"");
  assert_invalid (field (root, "site"), "\"not a uri\"", "valid uri");
  assert_valid (field (root, "day"), "\"2026-02-28\"");
  assert_invalid (field (root, "day"), "\"2026-02-30\"", "valid date");
  assert_valid (field (root, "when"), "\"2026-02-28T10:00:00Z\"");
  assert_invalid (field (root, "when"), "\"yesterday\"", "valid date-time");
  /* a pattern that does not compile is the server's to check */
  assert_valid (field (root, "odd"), "\"anything\"");

  assert_invalid (root, "{}", "Name: is required");
  assert_invalid (root, "{\"name\":\"x\"}", "Name: must be at least 2");
  assert_valid (root, "{\"name\":\"xy\",\"unknown\":1}");
  assert_invalid (root, "[]", "must be an object");
}

static void
test_numbers (void)
{
  g_autoptr(TetherSchemaField) root = form (
    "{\"type\":\"object\",\"properties\":{"
    "\"n\":{\"type\":\"number\",\"minimum\":0.5,\"maximum\":10},"
    "\"i\":{\"type\":\"integer\",\"exclusiveMinimum\":0,\"exclusiveMaximum\":5},"
    "\"old\":{\"type\":\"integer\",\"minimum\":1,\"exclusiveMinimum\":true},"
    "\"b\":{\"type\":\"boolean\",\"default\":true}}}");
  TetherSchemaField *n = field (root, "n");
  TetherSchemaField *i = field (root, "i");
  double bound;
  gboolean exclusive;

  g_assert_true (tether_schema_field_get_minimum (n, &bound, &exclusive));
  g_assert_cmpfloat (bound, ==, 0.5);
  g_assert_false (exclusive);
  g_assert_true (tether_schema_field_get_maximum (i, &bound, &exclusive));
  g_assert_cmpfloat (bound, ==, 5);
  g_assert_true (exclusive);
  assert_valid (n, "0.5");
  assert_valid (n, "10");
  assert_invalid (n, "0.25", "at least 0.5");
  assert_invalid (n, "11", "at most 10");
  assert_invalid (n, "\"3\"", "must be a number");
  assert_valid (i, "4");
  assert_valid (i, "4.0");
  assert_invalid (i, "4.5", "whole number");
  assert_invalid (i, "0", "more than 0");
  assert_invalid (i, "5", "less than 5");
  /* draft-04's boolean exclusiveMinimum */
  assert_invalid (field (root, "old"), "1", "more than 1");
  assert_valid (field (root, "old"), "2");
  g_assert_cmpint (tether_schema_field_get_kind (field (root, "b")), ==, TETHER_SCHEMA_KIND_BOOLEAN);
  assert_invalid (field (root, "b"), "1", "true or false");
  g_assert_true (json_node_get_boolean (tether_schema_field_get_default (field (root, "b"))));
}

static void
test_choices (void)
{
  g_autoptr(TetherSchemaField) root = form (
    "{\"type\":\"object\",\"properties\":{"
    "\"e\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"],\"enumNames\":[\"A\",\"B\"]},"
    "\"o\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"x\",\"title\":\"Ex\"},{\"const\":\"y\",\"title\":\"Why\"}]},"
    "\"k\":{\"const\":3},"
    "\"n\":{\"type\":[\"string\",\"null\"],\"enum\":[\"a\",null]},"
    "\"many\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"r\",\"g\",\"b\"]},\"minItems\":1,\"maxItems\":2},"
    "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"maxLength\":3}}}}");
  TetherSchemaField *e = field (root, "e");
  TetherSchemaField *o = field (root, "o");
  TetherSchemaField *many = field (root, "many");
  g_autoptr(JsonNode) picked = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (tether_schema_field_get_kind (e), ==, TETHER_SCHEMA_KIND_CHOICE);
  g_assert_cmpuint (tether_schema_field_get_n_choices (e), ==, 2);
  g_assert_cmpstr (tether_schema_field_get_choice_label (e, 1), ==, "B");
  assert_valid (e, "\"a\"");
  assert_invalid (e, "\"c\"", "one of the choices");
  g_assert_cmpint (tether_schema_field_get_kind (o), ==, TETHER_SCHEMA_KIND_CHOICE);
  g_assert_cmpstr (tether_schema_field_get_choice_label (o, 0), ==, "Ex");
  g_assert_cmpstr (json_node_get_string (tether_schema_field_get_choice (o, 1)), ==, "y");
  picked = tether_schema_field_parse_text (o, "Why", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_node_get_string (picked), ==, "y");
  g_assert_cmpint (tether_schema_field_get_kind (field (root, "k")), ==, TETHER_SCHEMA_KIND_CHOICE);
  assert_valid (field (root, "k"), "3");
  assert_valid (field (root, "n"), "null");
  g_assert_true (tether_schema_field_get_nullable (field (root, "n")));

  g_assert_cmpint (tether_schema_field_get_kind (many), ==, TETHER_SCHEMA_KIND_ARRAY);
  g_assert_cmpint (tether_schema_field_get_kind (tether_schema_field_get_items (many)), ==, TETHER_SCHEMA_KIND_CHOICE);
  g_assert_cmpint (tether_schema_field_get_min_items (many), ==, 1);
  g_assert_cmpint (tether_schema_field_get_max_items (many), ==, 2);
  assert_valid (many, "[\"r\",\"b\"]");
  assert_invalid (many, "[]", "at least 1 item");
  assert_invalid (many, "[\"r\",\"g\",\"b\"]", "at most 2 items");
  assert_invalid (many, "[\"x\"]", "item 1: must be one of");
  assert_invalid (field (root, "tags"), "[\"ok\",\"long\"]", "item 2: must be at most 3");
}

static void
test_nested_and_defaults (void)
{
  g_autoptr(TetherSchemaField) root = form (
    "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\",\"properties\":{"
    "\"name\":{\"type\":\"string\",\"default\":\"John Doe\"},"
    "\"age\":{\"type\":\"integer\",\"default\":30},"
    "\"score\":{\"type\":\"number\",\"default\":95.5},"
    "\"status\":{\"type\":\"string\",\"enum\":[\"active\",\"inactive\"],\"default\":\"active\"},"
    "\"bad\":{\"type\":\"integer\",\"default\":\"not a number\"},"
    "\"inner\":{\"type\":\"object\",\"properties\":{\"deep\":{\"type\":\"boolean\",\"default\":false}},"
    "\"required\":[\"deep\"]}}}");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonObject) filled = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  JsonObject *given;
  TetherSchemaField *inner = field (root, "inner");

  g_assert_cmpint (tether_schema_field_get_kind (inner), ==, TETHER_SCHEMA_KIND_OBJECT);
  g_assert_cmpuint (g_list_model_get_n_items (tether_schema_field_get_fields (inner)), ==, 1);
  assert_invalid (root, "{\"inner\":{\"deep\":1}}", "inner: deep: must be true or false");
  /* a default the schema refuses is not one */
  g_assert_null (tether_schema_field_get_default (field (root, "bad")));

  g_assert_true (json_parser_load_from_data (parser, "{\"age\":41,\"inner\":{}}", -1, NULL));
  given = json_node_get_object (json_parser_get_root (parser));
  filled = tether_schema_field_apply_defaults (root, given);
  g_assert_cmpstr (json_object_get_string_member (filled, "name"), ==, "John Doe");
  g_assert_cmpint (json_object_get_int_member (filled, "age"), ==, 41);
  g_assert_cmpfloat (json_object_get_double_member (filled, "score"), ==, 95.5);
  g_assert_cmpstr (json_object_get_string_member (filled, "status"), ==, "active");
  g_assert_false (json_object_has_member (filled, "bad"));
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (filled, "inner"), "deep"));
  /* the values given are not touched */
  g_assert_false (json_object_has_member (json_object_get_object_member (given, "inner"), "deep"));
  node = json_node_init_object (json_node_alloc (), filled);
  text = json_to_string (node, FALSE);
  assert_valid (root, text);
}

static void
test_parse_text (void)
{
  g_autoptr(TetherSchemaField) root = form (
    "{\"type\":\"object\",\"properties\":{\"i\":{\"type\":\"integer\",\"maximum\":9},"
    "\"n\":{\"type\":\"number\"},\"b\":{\"type\":\"boolean\"},\"l\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}}}");
  struct { const char *field, *text, *json, *error; } cases[] = {
    { "i", "7", "7", NULL },
    { "i", " 7 ", "7", NULL },
    { "i", "12", NULL, "at most 9" },
    { "i", "seven", NULL, "whole number" },
    { "n", "2.5", "2.5", NULL },
    { "n", "", NULL, "a number" },
    { "n", "nan", NULL, "a number" },
    { "b", "yes", "true", NULL },
    { "b", "False", "false", NULL },
    { "b", "maybe", NULL, "true or false" },
    { "l", "[1,2]", "[1,2]", NULL },
    { "l", "[1,", NULL, "not JSON" },
    { "l", "[\"x\"]", NULL, "item 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) value = tether_schema_field_parse_text (field (root, cases[i].field), cases[i].text, &error);

      if (cases[i].json != NULL)
        {
          g_autofree char *json = NULL;

          g_assert_no_error (error);
          json = json_to_string (value, FALSE);
          g_assert_cmpstr (json, ==, cases[i].json);
        }
      else
        {
          g_assert_null (value);
          g_assert_nonnull (error);
          g_assert_nonnull (strstr (error->message, cases[i].error));
        }
    }
}

/* What a form cannot express is RAW, with a reason; never a crash. */
static void
test_raw (void)
{
  struct { const char *schema; const char *reason; } cases[] = {
    { "{\"$ref\":\"#/definitions/x\"}", "$ref" },
    { "{\"type\":\"object\",\"properties\":{\"a\":{\"anyOf\":[{\"type\":\"object\"},{\"type\":\"string\"}]}}}", NULL },
    { "{\"type\":\"string\"}", "not an object" },
    { "true", "not an object" },
    { "[]", "not an object" },
    { "\"object\"", "not an object" },
    { "{\"type\":42}", "not valid" },
    { "{\"type\":\"wat\"}", "not one a form" },
    { "{\"type\":[\"string\",\"integer\"]}", "more than one type" },
    { "{\"type\":\"object\",\"properties\":[]}", "properties are not an object" },
    { "{}", "no type" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TetherSchemaField) root = form (cases[i].schema);

      g_assert_true (tether_schema_field_needs_raw_json (root));
      if (cases[i].reason != NULL)
        {
          g_assert_cmpint (tether_schema_field_get_kind (root), ==, TETHER_SCHEMA_KIND_RAW);
          g_assert_nonnull (strstr (tether_schema_field_get_raw_reason (root), cases[i].reason));
        }
      /* a RAW field leaves checking to the server */
      assert_valid (root, "{\"anything\":[1]}");
    }

  {
    g_autoptr(TetherSchemaField) root = form (
      "{\"type\":\"object\",\"properties\":{\"a\":{\"anyOf\":[{\"type\":\"object\"},{\"type\":\"string\"}]},"
      "\"list\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},\"ok\":{\"type\":\"string\"},"
      "\"maybe\":{\"anyOf\":[{\"type\":\"string\",\"maxLength\":1},{\"type\":\"null\"}]}}}");

    g_assert_cmpint (tether_schema_field_get_kind (root), ==, TETHER_SCHEMA_KIND_OBJECT);
    g_assert_cmpint (tether_schema_field_get_kind (field (root, "a")), ==, TETHER_SCHEMA_KIND_RAW);
    g_assert_nonnull (strstr (tether_schema_field_get_raw_reason (field (root, "a")), "anyOf"));
    g_assert_cmpint (tether_schema_field_get_kind (field (root, "list")), ==, TETHER_SCHEMA_KIND_RAW);
    g_assert_cmpint (tether_schema_field_get_kind (field (root, "ok")), ==, TETHER_SCHEMA_KIND_STRING);
    g_assert_cmpint (tether_schema_field_get_kind (field (root, "maybe")), ==, TETHER_SCHEMA_KIND_STRING);
    g_assert_true (tether_schema_field_get_nullable (field (root, "maybe")));
    assert_valid (field (root, "maybe"), "null");
    assert_invalid (field (root, "maybe"), "\"ab\"", "at most 1");
  }

  {
    /* nested without end: bounded */
    GString *deep = g_string_new (NULL);
    g_autoptr(TetherSchemaField) root = NULL;

    for (guint i = 0; i < 5000; i++)
      g_string_append (deep, "{\"type\":\"object\",\"properties\":{\"x\":");
    g_string_append (deep, "{\"type\":\"string\"}");
    for (guint i = 0; i < 5000; i++)
      g_string_append (deep, "}}");
    root = form (deep->str);
    g_string_free (deep, TRUE);
    g_assert_true (tether_schema_field_needs_raw_json (root));
  }

  {
    g_autoptr(TetherSchemaField) root = tether_schema_field_new_from_schema (NULL);

    g_assert_cmpint (tether_schema_field_get_kind (root), ==, TETHER_SCHEMA_KIND_RAW);
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/schema-field/string", test_string);
  g_test_add_func ("/schema-field/numbers", test_numbers);
  g_test_add_func ("/schema-field/choices", test_choices);
  g_test_add_func ("/schema-field/nested-and-defaults", test_nested_and_defaults);
  g_test_add_func ("/schema-field/parse-text", test_parse_text);
  g_test_add_func ("/schema-field/raw", test_raw);

  return g_test_run ();
}
