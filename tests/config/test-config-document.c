/* test-config-document.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-read-limits.h"

/* The 300-byte "billion laughs": nine levels of nine aliases, 9^9 values
 * (387 million) if expanded. */
static const char billion_laughs[] =
  "a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n"
  "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
  "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
  "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
  "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
  "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
  "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";

/* The peak resident size of this process so far, in kB. It only grows: a
 * test compares it before and after, with a bound far above what a bounded
 * reader needs and far below what an unbounded one takes. */
static long
peak_rss_kb (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &usage), ==, 0);

  return usage.ru_maxrss;
}

#define RSS_BOUND_KB (200 * 1024)

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

static void
test_yaml_billion_laughs (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = NULL;
  long before = peak_rss_kb ();

  g_assert_cmpuint (strlen (billion_laughs), <, 330);
  doc = tether_config_document_parse_yaml (billion_laughs, -1, "laughs.yaml", &error);
  g_assert_null (doc);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "laughs.yaml, line "));
  g_assert_nonnull (strstr (error->message, "uses aliases that expand to more than"));
  g_test_message ("%s; peak RSS grew by %ld kB", error->message, peak_rss_kb () - before);
  g_assert_cmpint (peak_rss_kb () - before, <, RSS_BOUND_KB);
}

static void
test_yaml_alias_bounds (void)
{
  /* Aliases that abbreviate are fine, and repeat exactly what they name. */
  {
    const char *text = "base: &env {A: \"1\", B: [x, y]}\none: {env: *env}\ntwo: {env: *env}\n"
                       "inf: &inf [1e999, {k: -1e999}]\nagain: *inf\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_yaml (text, -1, "ok.yaml", &error);
    JsonObject *root;

    g_assert_no_error (error);
    root = json_node_get_object (tether_config_document_get_root (doc));
    g_assert_true (json_node_equal (json_object_get_member (root, "base"),
                                    json_object_get_member (json_object_get_object_member (root, "two"), "env")));
    /* An anchored value a JSON round trip could not copy (infinity). */
    g_assert_true (json_node_equal (json_object_get_member (root, "inf"), json_object_get_member (root, "again")));
  }

  /* A long string repeated past the text limit. */
  {
    g_autoptr(GString) text = g_string_new ("s: &s \"");
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = NULL;
    guint repeats = TETHER_READ_MAX_FILE_SIZE / (TETHER_READ_MAX_STRING_LENGTH - 16) + 1;

    for (gsize i = 0; i < TETHER_READ_MAX_STRING_LENGTH - 16; i++)
      g_string_append_c (text, 'x');
    g_string_append (text, "\"\nl: [");
    for (guint i = 0; i < repeats; i++)
      g_string_append (text, i > 0 ? ", *s" : "*s");
    g_string_append (text, "]\n");

    doc = tether_config_document_parse_yaml (text->str, text->len, "text.yaml", &error);
    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    g_assert_nonnull (strstr (error->message, "of text"));
  }

  /* Nesting through aliases counts too. */
  {
    g_autoptr(GString) text = g_string_new ("a: &a ");
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = NULL;

    for (guint i = 0; i < 100; i++)
      g_string_append_c (text, '[');
    for (guint i = 0; i < 100; i++)
      g_string_append_c (text, ']');
    g_string_append (text, "\nb: ");
    for (guint i = 0; i < 100; i++)
      g_string_append_c (text, '[');
    g_string_append (text, "*a");
    for (guint i = 0; i < 100; i++)
      g_string_append_c (text, ']');
    g_string_append_c (text, '\n');

    doc = tether_config_document_parse_yaml (text->str, text->len, "deep.yaml", &error);
    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "nested more than 128 levels deep"));
  }
}

static char *
dotted_key (guint parts)
{
  GString *key = g_string_new ("a");

  for (guint i = 1; i < parts; i++)
    g_string_append (key, ".a");

  return g_string_free (key, FALSE);
}

static void
test_toml_depth (void)
{
  /* Under the limit: 127 parts below the root table, 128 levels. */
  {
    g_autofree char *key = dotted_key (TETHER_READ_MAX_DEPTH - 1);
    g_autofree char *text = g_strdup_printf ("%s = 1\n[%s]\n", key, "t");
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_toml (text, -1, "ok.toml", &error);
    JsonNode *node;

    g_assert_no_error (error);
    node = tether_config_document_get_root (doc);
    for (guint i = 0; i < TETHER_READ_MAX_DEPTH - 1; i++)
      node = json_object_get_member (json_node_get_object (node), "a");
    g_assert_cmpint (json_node_get_int (node), ==, 1);
  }

  /* Past it, in a key or in a table header. */
  {
    g_autofree char *key = dotted_key (TETHER_READ_MAX_DEPTH);
    g_autofree char *text = g_strdup_printf ("x = 1\n%s = 1\n", key);
    g_autofree char *header = g_strdup_printf ("[%s]\n", key);
    g_autoptr(GError) error = NULL;
    g_autoptr(GError) header_error = NULL;
    g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_toml (text, -1, "deep.toml", &error);
    g_autoptr(TetherConfigDocument) header_doc =
      tether_config_document_parse_toml (header, -1, "deep.toml", &header_error);

    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
    assert_error_at (error, 2, 2 * TETHER_READ_MAX_DEPTH - 1, "nested more than 128 levels deep");
    g_assert_null (header_doc);
    g_assert_error (header_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
  }

  /* Under an inline table, the levels add up: t is the second. */
  {
    g_autofree char *key = dotted_key (TETHER_READ_MAX_DEPTH - 2);
    g_autofree char *deeper = dotted_key (TETHER_READ_MAX_DEPTH - 1);
    g_autofree char *text = g_strdup_printf ("t = { %s = 1 }\n", key);
    g_autofree char *deeper_text = g_strdup_printf ("t = { %s = 1 }\n", deeper);
    g_autoptr(GError) error = NULL;
    g_autoptr(GError) deeper_error = NULL;
    g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_toml (text, -1, "deep.toml", &error);
    g_autoptr(TetherConfigDocument) deeper_doc =
      tether_config_document_parse_toml (deeper_text, -1, "deep.toml", &deeper_error);

    g_assert_no_error (error);
    g_assert_nonnull (doc);
    g_assert_null (deeper_doc);
    g_assert_error (deeper_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
  }

  /* 40 KB of a.a.a…: refused at once, not after 850 MB of pointers. */
  {
    g_autofree char *key = dotted_key (20000);
    g_autofree char *text = g_strdup_printf ("%s=1\n", key);
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = NULL;
    long before = peak_rss_kb ();

    doc = tether_config_document_parse_toml (text, -1, "dotted.toml", &error);
    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
    g_test_message ("%s; peak RSS grew by %ld kB", error->message, peak_rss_kb () - before);
    g_assert_cmpint (peak_rss_kb () - before, <, RSS_BOUND_KB);
  }
}

/* Long keys over many members: positions cost what the text does. */
static void
test_positions_linear (void)
{
  g_autoptr(GString) text = g_string_new ("{\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autofree char *key = g_strnfill (TETHER_READ_MAX_STRING_LENGTH - 16, 'k');
  g_autofree char *pointer = NULL;
  guint line, column;
  long before;

  /* 1 MB of key over 20 000 members: 20 GB of full pointers. */
  g_string_append (text, key);
  g_string_append (text, "\": {");
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (text, "%s\n\"m%u\": [%u]", i > 0 ? "," : "", i, i);
  g_string_append (text, "}}");

  before = peak_rss_kb ();
  doc = tether_config_document_parse_json (text->str, text->len, "long.json", &error);
  g_assert_no_error (error);
  g_test_message ("peak RSS grew by %ld kB", peak_rss_kb () - before);
  g_assert_cmpint (peak_rss_kb () - before, <, RSS_BOUND_KB);

  pointer = g_strdup_printf ("/%s/m19999/0", key);
  g_assert_true (tether_config_document_get_position (doc, pointer, &line, &column));
  g_assert_cmpuint (line, ==, 20001);
  g_assert_cmpuint (column, ==, 12);
}

static void
test_value_limits (void)
{
  /* More values than a document may hold */
  {
    g_autoptr(GString) text = g_string_sized_new (2 * TETHER_READ_MAX_NODES + 16);
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherConfigDocument) doc = NULL;

    g_string_append_c (text, '[');
    for (guint i = 0; i < TETHER_READ_MAX_NODES; i++)
      g_string_append (text, "0,");
    g_string_append (text, "0]");
    doc = tether_config_document_parse_json (text->str, text->len, "many.json", &error);
    g_assert_null (doc);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    assert_error_at (error, 1, 2 * TETHER_READ_MAX_NODES, "holds more than 1000000 values");
  }

  /* A string longer than any may be, in each syntax */
  {
    g_autofree char *long_string = g_strnfill (TETHER_READ_MAX_STRING_LENGTH + 1, 'x');
    g_autofree char *json = g_strdup_printf ("{\"a\": \"%s\"}", long_string);
    g_autofree char *toml = g_strdup_printf ("a = '%s'\n", long_string);
    g_autofree char *toml_key = g_strdup_printf ("x = 1\n%s = 1\n", long_string);
    g_autofree char *yaml = g_strdup_printf ("a: %s\n", long_string);
    g_autoptr(GError) json_error = NULL;
    g_autoptr(GError) toml_error = NULL;
    g_autoptr(GError) yaml_error = NULL;
    g_autoptr(TetherConfigDocument) json_doc = tether_config_document_parse_json (json, -1, "s.json", &json_error);
    g_autoptr(TetherConfigDocument) toml_doc = tether_config_document_parse_toml (toml, -1, "s.toml", &toml_error);
    g_autoptr(TetherConfigDocument) yaml_doc = tether_config_document_parse_yaml (yaml, -1, "s.yaml", &yaml_error);

    g_assert_null (json_doc);
    g_assert_error (json_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    assert_error_at (json_error, 1, 7, "this string is longer than");
    g_assert_null (toml_doc);
    g_assert_error (toml_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    assert_error_at (toml_error, 1, 5, "this string is longer than");
    g_clear_error (&toml_error);
    g_assert_null (tether_config_document_parse_toml (toml_key, -1, "k.toml", &toml_error));
    g_assert_error (toml_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    assert_error_at (toml_error, 2, 1, "this string is longer than");
    g_assert_null (yaml_doc);
    g_assert_error (yaml_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
    assert_error_at (yaml_error, 1, 4, "this string is longer than");
  }
}

/* A key repeated many times: the later value, in the first place; the
 * first hundred recorded. */
static void
test_many_duplicates (void)
{
  g_autoptr(GString) text = g_string_new ("{\"first\": 0");
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *root;

  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (text, ", \"k%u\": %u", i, i);
  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (text, ", \"k%u\": {\"again\": %u}", i, i);
  g_string_append (text, "}");

  doc = tether_config_document_parse_json (text->str, text->len, "dup.json", &error);
  g_assert_no_error (error);
  root = json_node_get_object (tether_config_document_get_root (doc));
  members = json_object_get_members (root);
  g_assert_cmpuint (g_list_length (members), ==, 5001);
  g_assert_cmpstr (g_list_nth_data (members, 1), ==, "k0");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "k4999"), "again"), ==, 4999);
  g_assert_cmpuint (tether_config_document_get_n_duplicates (doc), ==, 100);
  g_assert_cmpstr (tether_config_document_get_duplicate (doc, 99, NULL, NULL), ==, "/k99");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* First those that measure the peak RSS, while it is low. */
  g_test_add_func ("/Tether/ConfigDocument/yaml-billion-laughs", test_yaml_billion_laughs);
  g_test_add_func ("/Tether/ConfigDocument/toml-depth", test_toml_depth);
  g_test_add_func ("/Tether/ConfigDocument/positions-linear", test_positions_linear);
  g_test_add_func ("/Tether/ConfigDocument/yaml-alias-bounds", test_yaml_alias_bounds);
  g_test_add_func ("/Tether/ConfigDocument/value-limits", test_value_limits);
  g_test_add_func ("/Tether/ConfigDocument/many-duplicates", test_many_duplicates);
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
