/* test-config-document.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tether-config-document.h"
#include "tether-config-error.h"

static void
assert_error_at (GError     *error,
                 guint       line,
                 guint       column,
                 const char *part)
{
  g_autofree char *where = g_strdup_printf ("line %u, column %u", line, column);

  g_assert_nonnull (error);
  g_assert_true (error->domain == TETHER_CONFIG_ERROR);
  if (tether_config_error_get_line (error) != line || tether_config_error_get_column (error) != column ||
      strstr (error->message, where) == NULL || strstr (error->message, part) == NULL)
    g_error ("expected “%s” at %u:%u, got “%s” at %u:%u", part, line, column, error->message,
             tether_config_error_get_line (error), tether_config_error_get_column (error));
}

static void
test_strip_jsonc (void)
{
  const char *text = "{ // comment with \"quote\"\n"
                     "  \"a\": \"// not a comment\", /* block\n é */ \"b\": [1, 2,],\n"
                     "  \"c\": \"/* nor this */\",\n}";
  g_autofree char *stripped = tether_config_document_strip_jsonc (text, strlen (text));
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  /* Same lines; each line keeps its length in characters. */
  {
    g_auto(GStrv) before = g_strsplit (text, "\n", -1);
    g_auto(GStrv) after = g_strsplit (stripped, "\n", -1);

    g_assert_cmpuint (g_strv_length (before), ==, g_strv_length (after));
    for (guint i = 0; before[i] != NULL; i++)
      g_assert_cmpint (g_utf8_strlen (before[i], -1), ==, g_utf8_strlen (after[i], -1));
  }

  /* json-glib itself takes the result. */
  g_assert_true (json_parser_load_from_data (parser, stripped, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "a"), ==, "// not a comment");
  g_assert_cmpstr (json_object_get_string_member (root, "c"), ==, "/* nor this */");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "b")), ==, 2);
}

static void
test_json_values (void)
{
  const char *text = "\xEF\xBB\xBF{\"s\": \"a\\u00e9\\ud83d\\ude00\\n\\\"\", \"i\": -12, \"big\": 12345678901234,"
                     " \"d\": 1.5e2, \"t\": true, \"f\": false, \"n\": null, \"a\": [], \"o\": {}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "v.json", &error);
  JsonObject *root;

  g_assert_no_error (error);
  root = json_node_get_object (tether_config_document_get_root (doc));
  g_assert_cmpstr (json_object_get_string_member (root, "s"), ==, "aé😀\n\"");
  g_assert_cmpint (json_object_get_int_member (root, "i"), ==, -12);
  g_assert_cmpint (json_object_get_int_member (root, "big"), ==, G_GINT64_CONSTANT (12345678901234));
  g_assert_cmpfloat (json_object_get_double_member (root, "d"), ==, 150.0);
  g_assert_true (json_object_get_boolean_member (root, "t"));
  g_assert_false (json_object_get_boolean_member (root, "f"));
  g_assert_true (json_object_get_null_member (root, "n"));
  g_assert_cmpuint (tether_config_document_get_n_duplicates (doc), ==, 0);
}

static void
test_json_positions (void)
{
  const char *text = "{\n  \"mcpServers\": {\n    \"é\": { \"args\": [\"a\",\n      \"b\"] }\n  }\n}";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "p.json", &error);
  guint line, column;

  g_assert_no_error (error);
  g_assert_true (tether_config_document_get_position (doc, "/mcpServers", &line, &column));
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 3);
  g_assert_true (tether_config_document_get_position (doc, "/mcpServers/é/args", &line, &column));
  g_assert_cmpuint (line, ==, 3);
  g_assert_cmpuint (column, ==, 12);
  g_assert_true (tether_config_document_get_position (doc, "/mcpServers/é/args/1", &line, &column));
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 7);
  g_assert_false (tether_config_document_get_position (doc, "/nope", NULL, NULL));
}

static void
test_json_errors (void)
{
  static const struct { const char *text; guint line, column; const char *part; } cases[] = {
    { "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected “,” or “}” after an object member, found “\"”" },
    { "{\n  \"a\": [1, 2\n}", 3, 1, "expected “,” or “]” after an array element, found “}”" },
    { "{ \"a\": tru }", 1, 8, "expected a value, found “t”" },
    { "{ \"a\": 'x' }", 1, 8, "strings must be in double quotes" },
    { "{ \"a\": \"x }", 1, 8, "not closed before the end of the file" },
    { "{ \"a\": \"x\n\" }", 1, 8, "not closed before the end of the line" },
    { "{ \"a\": \"\\q\" }", 1, 9, "invalid escape" },
    { "{ \"a\": 01 }", 1, 9, "expected “,” or “}”" },
    { "{ \"a\": 1. }", 1, 10, "a digit after the decimal point" },
    { "{ a: 1 }", 1, 3, "expected a member name in double quotes, found “a”" },
    { "{ \"a\" 1 }", 1, 7, "expected “:” after the member name" },
    { "{ \"a\": 1 } x", 1, 12, "expected the end of the file" },
    { "{ \"a\":", 1, 7, "expected a value, found the end of the file" },
    /* Comments are blanked, so positions after them stay true. */
    { "// c\n/* é é */ { \"a\": // x\n ! }", 3, 2, "expected a value, found “!”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherConfigDocument) doc =
        tether_config_document_parse_json (cases[i].text, -1, "bad.json", &error);

      g_assert_null (doc);
      g_assert_true (g_error_matches (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX));
      g_assert_true (g_str_has_prefix (error->message, "bad.json, line "));
      assert_error_at (error, cases[i].line, cases[i].column, cases[i].part);
    }

  /* Not UTF-8. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc =
      tether_config_document_parse_json ("{\n \"a\": \"\xff\"}", -1, "bin.json", &error);

    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY);
    assert_error_at (error, 2, 8, "not valid UTF-8");
  }

  /* Deep nesting is refused, not a stack overflow. */
  {
    g_autoptr(GString) deep = g_string_new (NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, '[');
    doc = tether_config_document_parse_json (deep->str, deep->len, "deep.json", &error);
    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "nested more than"));
  }
}

static void
test_json_duplicates (void)
{
  const char *text = "{\"a\": 1,\n \"o\": {\"x\": 1, \"x\": 2},\n \"a\": 3}";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "d.json", &error);
  JsonObject *root;
  guint line, column;

  g_assert_no_error (error);
  g_assert_cmpuint (tether_config_document_get_n_duplicates (doc), ==, 2);
  g_assert_cmpstr (tether_config_document_get_duplicate (doc, 0, &line, &column), ==, "/o/x");
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 16);
  g_assert_cmpstr (tether_config_document_get_duplicate (doc, 1, &line, &column), ==, "/a");
  g_assert_cmpuint (line, ==, 3);
  g_assert_cmpuint (column, ==, 2);

  /* The later value counts, as in VS Code. */
  root = json_node_get_object (tether_config_document_get_root (doc));
  g_assert_cmpint (json_object_get_int_member (root, "a"), ==, 3);
}

static void
test_toml_subset (void)
{
  const char *text =
    "# comment\n"
    "top = \"x\" # trailing\n"
    "n = -1_000\n"
    "yes = true\n"
    "[a.\"b c\".'d']\n"
    "s = \"tab\\t\\u00e9\\U0001F600\"\n"
    "lit = 'C:\\path'\n"
    "arr = [\n  \"one\", # c\n  'two',\n]\n"
    "empty = []\n"
    "inline = { k = \"v\", nested = { z = 1 }, list = [\"q\"] }\n"
    "dotted.key = \"dk\"\n"
    "[a]\n"
    "after = 1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_toml (text, -1, "c.toml", &error);
  g_autofree char *json = NULL;
  guint line, column;

  g_assert_no_error (error);
  json = json_to_string (tether_config_document_get_root (doc), FALSE);
  g_assert_cmpstr (json, ==,
                   "{\"top\":\"x\",\"n\":-1000,\"yes\":true,\"a\":{\"b c\":{\"d\":{"
                   "\"s\":\"tab\\té😀\",\"lit\":\"C:\\\\path\",\"arr\":[\"one\",\"two\"],\"empty\":[],"
                   "\"inline\":{\"k\":\"v\",\"nested\":{\"z\":1},\"list\":[\"q\"]},"
                   "\"dotted\":{\"key\":\"dk\"}}},\"after\":1}}");

  g_assert_true (tether_config_document_get_position (doc, "/a/b c/d/lit", &line, &column));
  g_assert_cmpuint (line, ==, 7);
  g_assert_cmpuint (column, ==, 1);
  g_assert_true (tether_config_document_get_position (doc, "/a/b c/d/arr/1", &line, &column));
  g_assert_cmpuint (line, ==, 10);
  g_assert_cmpuint (column, ==, 3);
}

static void
test_toml_rejects (void)
{
  static const struct { const char *text; TetherConfigError code; guint line, column; const char *part; } cases[] = {
    { "a = 1.5\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "floating-point" },
    { "a = 1e3\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "floating-point" },
    { "a = inf\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "floating-point" },
    { "d = 1979-05-27\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "dates and times" },
    { "t = 07:32:00\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "dates and times" },
    { "h = 0xFF\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "only decimal integers" },
    { "s = \"\"\"\nx\"\"\"\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "multi-line strings" },
    { "s = '''x'''\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 5, "multi-line strings" },
    { "\n[[servers]]\nname = \"x\"\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 2, 1, "arrays of tables" },
    { "a = [1, 2]\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 6, "only arrays of strings" },
    { "a = [\"x\", [\"y\"]]\n", TETHER_CONFIG_ERROR_UNSUPPORTED, 1, 11, "only arrays of strings" },
    { "a = 1\na = 2\n", TETHER_CONFIG_ERROR_DUPLICATE_KEY, 2, 1, "the key “a” is defined twice" },
    { "[x]\n[x]\n", TETHER_CONFIG_ERROR_DUPLICATE_KEY, 2, 1, "the table [x] is defined twice" },
    { "a = { b = 1, }\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 14, "must not end with a comma" },
    { "a = { b = 1,\n c = 2 }\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 13, "a key" },
    { "a = { b = 1\n}\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 12, "on the same line" },
    { "a = \"x\" b = 1\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 9, "expected the end of the line" },
    { "a = \"x\\q\"\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 7, "invalid escape" },
    { "a = \"open\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 5, "not closed before the end of the line" },
    { "a = 012\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 5, "must not start with a zero" },
    { "= 1\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 1, "expected a key" },
    { "a 1\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 3, "expected “=” after the key" },
    { "a = \n", TETHER_CONFIG_ERROR_SYNTAX, 1, 5, "expected a value" },
    { "a = 1\na.b = 2\n", TETHER_CONFIG_ERROR_SYNTAX, 2, 1, "already has a value that is not a table" },
    { "a = {b = 1}\n[a]\n", TETHER_CONFIG_ERROR_DUPLICATE_KEY, 2, 1, "defined twice" },
    { "[x\n", TETHER_CONFIG_ERROR_SYNTAX, 1, 3, "“]” to close the table header" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherConfigDocument) doc =
        tether_config_document_parse_toml (cases[i].text, -1, "config.toml", &error);

      g_assert_null (doc);
      if (!g_error_matches (error, TETHER_CONFIG_ERROR, cases[i].code))
        g_error ("case %u: code %d, expected %d: %s", i, error->code, cases[i].code, error->message);
      assert_error_at (error, cases[i].line, cases[i].column, cases[i].part);
    }
}

static void
test_yaml (void)
{
  const char *text =
    "top: 1\n"
    "list: [a, \"b\", 3]\n"
    "map:\n"
    "  t: true\n"
    "  n: ~\n"
    "  q: 'true'\n"
    "  f: 1.5\n"
    "  anchor: &x {k: v}\n"
    "  alias: *x\n"
    "top: 2\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_yaml (text, -1, "c.yaml", &error);
  g_autofree char *json = NULL;
  guint line, column;

  g_assert_no_error (error);
  json = json_to_string (tether_config_document_get_root (doc), FALSE);
  g_assert_cmpstr (json, ==,
                   "{\"top\":2,\"list\":[\"a\",\"b\",3],\"map\":{\"t\":true,\"n\":null,\"q\":\"true\","
                   "\"f\":1.5,\"anchor\":{\"k\":\"v\"},\"alias\":{\"k\":\"v\"}}}");
  g_assert_cmpuint (tether_config_document_get_n_duplicates (doc), ==, 1);
  g_assert_cmpstr (tether_config_document_get_duplicate (doc, 0, &line, &column), ==, "/top");
  g_assert_cmpuint (line, ==, 10);
  g_assert_true (tether_config_document_get_position (doc, "/map/q", &line, &column));
  g_assert_cmpuint (line, ==, 6);
  g_assert_cmpuint (column, ==, 3);

  {
    g_autoptr(GError) bad_error = NULL;
    g_autoptr(TetherConfigDocument) bad =
      tether_config_document_parse_yaml ("a: 1\n b: 2\nc: [\n", -1, "bad.yaml", &bad_error);

    g_assert_null (bad);
    g_assert_error (bad_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
    g_assert_cmpuint (tether_config_error_get_line (bad_error), ==, 2);
    g_assert_true (g_str_has_prefix (bad_error->message, "bad.yaml, line 2, column "));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/ConfigDocument/strip-jsonc", test_strip_jsonc);
  g_test_add_func ("/Tether/ConfigDocument/json-values", test_json_values);
  g_test_add_func ("/Tether/ConfigDocument/json-positions", test_json_positions);
  g_test_add_func ("/Tether/ConfigDocument/json-errors", test_json_errors);
  g_test_add_func ("/Tether/ConfigDocument/json-duplicates", test_json_duplicates);
  g_test_add_func ("/Tether/ConfigDocument/toml-subset", test_toml_subset);
  g_test_add_func ("/Tether/ConfigDocument/toml-rejects", test_toml_rejects);
  g_test_add_func ("/Tether/ConfigDocument/yaml", test_yaml);

  return g_test_run ();
}
