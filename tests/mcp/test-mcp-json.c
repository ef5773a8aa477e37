/* test-mcp-json.c — the message parser and writer of src/mcp
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp-json.h"
#include "mcp-json-private.h"

static JsonNode *
parse_with_json_glib (const char *text,
                      gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, text, (gssize)length, NULL))
    return NULL;

  return json_parser_steal_root (parser);
}

static char *
write_compact (JsonNode *node)
{
  GString *out = g_string_new (NULL);

  _mcp_json_write (node, out);

  return g_string_free (out, FALSE);
}

static void
test_valid (void)
{
  const char *cases[] = {
    "{}", "[]", "0", "-12", "1.5", "-0.25e-3", "1E+2", "true", "false", "null", "\"\"",
    "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}]}}",
    " \t\r\n{ \"a\" : [ 1 , 2 , { \"b\" : null } ] , \"c\" : \"d\" } \n",
    "\"tab\\there \\\"quoted\\\" back\\\\slash \\/ \\b\\f\\n\\r\"",
    "\"\\u00e9\\u4e2d\\ud83d\\ude00 and raw é中😀\"",
    "[9223372036854775807,-9223372036854775808,1e300]",
    "{\"dup\":1,\"dup\":2}",
    "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) ours = _mcp_json_parse (cases[i], strlen (cases[i]), &error);
      g_autoptr(JsonNode) theirs = parse_with_json_glib (cases[i], strlen (cases[i]));
      g_autofree char *written = NULL;
      g_autoptr(JsonNode) again = NULL;

      g_test_message ("case %u: %s", i, cases[i]);
      g_assert_no_error (error);
      g_assert_nonnull (ours);
      g_assert_nonnull (theirs);
      g_assert_true (json_node_equal (ours, theirs));

      /* What we write parses back to the same tree, on one line. */
      written = write_compact (ours);
      g_assert_null (strchr (written, '\n'));
      again = parse_with_json_glib (written, strlen (written));
      g_assert_nonnull (again);
      g_assert_true (json_node_equal (ours, again));
    }
}

static void
test_values (void)
{
  g_autoptr(JsonNode) n1 = _mcp_json_parse ("9223372036854775807", 19, NULL);
  g_autoptr(JsonNode) n2 = _mcp_json_parse ("9223372036854775808", 19, NULL);
  g_autoptr(JsonNode) n3 = _mcp_json_parse ("\"\\ud83d\\ude00\"", 14, NULL);
  g_autoptr(JsonNode) n4 = _mcp_json_parse ("\"\\ud83d alone\"", 14, NULL);
  g_autoptr(JsonNode) n5 = _mcp_json_parse ("\xEF\xBB\xBF{}", 5, NULL);

  g_assert_cmpint (json_node_get_value_type (n1), ==, G_TYPE_INT64);
  g_assert_cmpint (json_node_get_int (n1), ==, G_MAXINT64);
  /* json-glib 1.6 wraps this one round to G_MININT64. */
  g_assert_cmpint (json_node_get_value_type (n2), ==, G_TYPE_DOUBLE);
  g_assert_cmpstr (json_node_get_string (n3), ==, "😀");
  g_assert_cmpstr (json_node_get_string (n4), ==, "\xEF\xBF\xBD alone");
  g_assert_true (JSON_NODE_HOLDS_OBJECT (n5));
}

static void
test_writer (void)
{
  g_autoptr(JsonNode) node = json_from_string ("{\"s\":\"a\\u0001b\\n\\\"c\\\\\",\"i\":-42,\"d\":0.5,\"b\":true,\"n\":null,\"a\":[]}", NULL);
  g_autofree char *text = write_compact (node);

  g_assert_cmpstr (text, ==, "{\"s\":\"a\\u0001b\\n\\\"c\\\\\",\"i\":-42,\"d\":0.5,\"b\":true,\"n\":null,\"a\":[]}");
}

static void
test_invalid (void)
{
  const char *cases[] = {
    "", " ", "{", "}", "[1,]", "[1 2]", "{\"a\"}", "{\"a\":1,}", "{a:1}", "{'a':1}", "01", "1.", ".5",
    "-", "1e", "+1", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\uZZZZ\"", "tru", "nul", "truex",
    "{\"a\":1}x", "[1]]", "\"\x01\"", "\"\xff\"", "\"\xc3\"", "\"\\u0000\"", "NaN", "Infinity",
    "/* comment */ {}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = _mcp_json_parse (cases[i], strlen (cases[i]), &error);
      /* the case may be invalid UTF-8, which TAP output must not carry */
      g_autofree char *shown = g_strescape (cases[i], NULL);

      g_test_message ("case %u: %s → %s", i, shown, error != NULL ? error->message : "accepted");
      g_assert_null (node);
      g_assert_error (error, JSON_PARSER_ERROR, error->code);
      g_assert_nonnull (strstr (error->message, "at byte"));
    }
}

static void
test_depth (void)
{
  GString *deep = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');

  node = _mcp_json_parse (deep->str, deep->len, &error);
  g_assert_null (node);
  g_assert_nonnull (strstr (error->message, "nested too deeply"));
  g_string_free (deep, TRUE);
}

/* Random damage to real messages: never a crash, and whatever we accept
 * json-glib accepts too, with the same meaning. */
static void
test_mutations (void)
{
  const char *seeds[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9llo\\n\"}],\"isError\":false}}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":3,\"progress\":0.5,\"total\":1e1}}",
    "[{\"a\":[true,false,null,-1.5e-7]},\"\\ud83d\\ude00\",{}]",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260901);
  guint accepted = 0;

  for (guint round = 0; round < 20000; round++)
    {
      const char *seed = seeds[round % G_N_ELEMENTS (seeds)];
      g_autofree char *text = g_strdup (seed);
      gsize length = strlen (text);
      guint n = g_rand_int_range (rand, 1, 4);
      g_autoptr(JsonNode) ours = NULL;

      for (guint k = 0; k < n && length > 0; k++)
        {
          gsize at = g_rand_int_range (rand, 0, (gint32)length);

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0: text[at] = (char)g_rand_int_range (rand, 1, 256); break;
            case 1: length = at; break;
            default: text[at] = "{}[]\",:\\0-eE."[g_rand_int_range (rand, 0, 14)]; break;
            }
        }

      ours = _mcp_json_parse (text, length, NULL);
      if (ours != NULL)
        {
          g_autoptr(JsonNode) theirs = NULL;

          accepted++;

          /* A surrogate escape, perhaps left alone: json-glib refuses the
           * message (leaking on the way) or makes invalid UTF-8 of it; we
           * read a lone one as U+FFFD, like JSON.parse. */
          if (g_strstr_len (text, length, "\\ud") != NULL)
            continue;

          theirs = parse_with_json_glib (text, length);
          g_assert_nonnull (theirs);
          if (!json_node_equal (ours, theirs))
            {
              g_autofree char *a = json_to_string (ours, FALSE);
              g_autofree char *b = json_to_string (theirs, FALSE);
              g_test_message ("ours %s, json-glib %s", a, b);
            }
          g_assert_true (json_node_equal (ours, theirs));
        }
    }

  g_test_message ("%u of 20000 damaged messages were still valid JSON", accepted);
  g_assert_cmpuint (accepted, >, 0);
}

/* Where the reader stops, what it was reading, and what stopped it. */
static void
test_failures (void)
{
  static const struct { const char *text; McpJsonProblem problem; gsize offset, start; } cases[] = {
    { "", MCP_JSON_PROBLEM_EXPECTED_VALUE, 0, 0 },
    { "[1,]", MCP_JSON_PROBLEM_EXPECTED_VALUE, 3, 3 },
    { "truex", MCP_JSON_PROBLEM_BAD_WORD, 0, 0 },
    { "[nul]", MCP_JSON_PROBLEM_BAD_WORD, 1, 1 },
    { "{1:2}", MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME, 1, 1 },
    { "{\"a\" 1}", MCP_JSON_PROBLEM_EXPECTED_COLON, 5, 5 },
    { "{\"a\":1 \"b\":2}", MCP_JSON_PROBLEM_EXPECTED_OBJECT_END, 7, 7 },
    { "[1 2]", MCP_JSON_PROBLEM_EXPECTED_ARRAY_END, 3, 3 },
    { "[-x]", MCP_JSON_PROBLEM_EXPECTED_DIGIT, 2, 1 },
    { "[12.]", MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT, 4, 1 },
    { "[1e+]", MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT, 4, 1 },
    { "[\"ab", MCP_JSON_PROBLEM_UNTERMINATED_STRING, 4, 1 },
    { "[\"ab\\", MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE, 5, 1 },
    { "[\"a\nb\"]", MCP_JSON_PROBLEM_CONTROL_CHARACTER, 3, 1 },
    { "[\"ab\\q\"]", MCP_JSON_PROBLEM_BAD_ESCAPE, 5, 4 },
    { "[\"ab\\u12g4\"]", MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE, 6, 4 },
    { "[\"\\u0000\"]", MCP_JSON_PROBLEM_NUL, 8, 2 },
    { "[\"\xff\"]", MCP_JSON_PROBLEM_INVALID_UTF8, 3, 1 },
    { "{} x", MCP_JSON_PROBLEM_TRAILING_DATA, 3, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      McpJsonFailure failure = { 0 };
      g_autoptr(JsonNode) node = mcp_json_read (cases[i].text, strlen (cases[i].text), NULL, &failure, &error);
      g_autofree char *shown = g_strescape (cases[i].text, NULL);

      g_test_message ("case %u: %s: %s", i, shown, error != NULL ? error->message : "accepted");
      g_assert_null (node);
      g_assert_error (error, JSON_PARSER_ERROR, error->code);
      g_assert_cmpint (failure.problem, ==, cases[i].problem);
      g_assert_cmpuint (failure.offset, ==, cases[i].offset);
      g_assert_cmpuint (failure.start, ==, cases[i].start);
    }

  /* A message read well reports no problem. */
  {
    McpJsonFailure failure = { MCP_JSON_PROBLEM_BAD_WORD, 1, 1 };
    g_autoptr(JsonNode) node = mcp_json_read ("[]", 2, NULL, &failure, NULL);

    g_assert_nonnull (node);
    g_assert_cmpint (failure.problem, ==, MCP_JSON_PROBLEM_NONE);
  }
}

static void
assert_problem (const char                *text,
                const McpJsonReadOptions  *options,
                McpJsonProblem             problem,
                gsize                      at)
{
  McpJsonFailure failure = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = mcp_json_read (text, strlen (text), options, &failure, &error);

  if (problem == MCP_JSON_PROBLEM_NONE)
    {
      g_assert_no_error (error);
      g_assert_nonnull (node);
      return;
    }
  g_assert_null (node);
  g_assert_nonnull (error);
  g_assert_cmpint (failure.problem, ==, problem);
  g_assert_cmpuint (problem == MCP_JSON_PROBLEM_STRING_TOO_LONG ? failure.start : failure.offset, ==, at);
}

/* The bounds a reader of files passes in. */
static void
test_limits (void)
{
  McpJsonReadOptions depth = { .max_depth = 3 };
  McpJsonReadOptions values = { .max_values = 3 };
  McpJsonReadOptions length = { .max_string_length = 3 };

  assert_problem ("[[1]]", &depth, MCP_JSON_PROBLEM_NONE, 0);
  assert_problem ("[[[1]]]", &depth, MCP_JSON_PROBLEM_TOO_DEEP, 3);
  assert_problem ("{\"a\":{\"b\":{}}}", &depth, MCP_JSON_PROBLEM_NONE, 0);
  assert_problem ("{\"a\":{\"b\":{\"c\":1}}}", &depth, MCP_JSON_PROBLEM_TOO_DEEP, 15);

  assert_problem ("[1,2]", &values, MCP_JSON_PROBLEM_NONE, 0);
  assert_problem ("[1,2,3]", &values, MCP_JSON_PROBLEM_TOO_MANY_VALUES, 5);
  assert_problem ("{\"a\":[{}]}", &values, MCP_JSON_PROBLEM_NONE, 0);
  assert_problem ("{\"a\":[{},null]}", &values, MCP_JSON_PROBLEM_TOO_MANY_VALUES, 9);

  /* Bytes as read, escapes decoded; member names too. */
  assert_problem ("[\"abc\",\"\\u00e9a\"]", &length, MCP_JSON_PROBLEM_NONE, 0);
  assert_problem ("[\"abc\",\"abcd\"]", &length, MCP_JSON_PROBLEM_STRING_TOO_LONG, 7);
  assert_problem ("[\"ab\\u00e9\"]", &length, MCP_JSON_PROBLEM_STRING_TOO_LONG, 1);
  assert_problem ("{\"abc\":1,\"abcd\":2}", &length, MCP_JSON_PROBLEM_STRING_TOO_LONG, 9);

  /* Without options the protocol's own bound on nesting holds. */
  assert_problem ("[[1]]", NULL, MCP_JSON_PROBLEM_NONE, 0);
}

typedef struct
{
  GString *log;
  guint    next;
} Events;

static guint
on_member (gpointer    data,
           guint       parent,
           const char *key,
           gsize       offset,
           gboolean    repeated)
{
  Events *events = data;

  g_string_append_printf (events->log, "m%u<%u:%s@%" G_GSIZE_FORMAT "%s ", events->next, parent, key, offset,
                          repeated ? "!" : "");
  return events->next++;
}

static guint
on_element (gpointer data,
            guint    parent,
            guint    index,
            gsize    offset)
{
  Events *events = data;

  if (parent == MCP_JSON_ROOT)
    g_string_append_printf (events->log, "e%u<root@%" G_GSIZE_FORMAT " ", events->next, offset);
  else
    g_string_append_printf (events->log, "e%u<%u[%u]@%" G_GSIZE_FORMAT " ", events->next, parent, index, offset);
  return events->next++;
}

static void
on_number (gpointer    data,
           guint       value,
           const char *text,
           gsize       length,
           JsonNode   *node)
{
  Events *events = data;

  g_string_append_printf (events->log, "n%u=%.*s(%s) ", value, (int)length, text,
                          json_node_get_value_type (node) == G_TYPE_INT64 ? "int" : "double");
}

/* What a reader of files learns as the text is read: each value's place
 * by the caller's tokens, repeated keys, each number's text. */
static void
test_callbacks (void)
{
  const char *text = " {\"a\": [1, 2.50], \"b\": {\"c\": -0}, \"a\": [true, 1e2]}";
  Events events = { g_string_new (NULL), 1 };
  McpJsonReadOptions options = {
    .member = on_member, .element = on_element, .number = on_number, .data = &events,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = mcp_json_read (text, strlen (text), &options, NULL, &error);
  g_autoptr(JsonNode) plain = _mcp_json_parse (text, strlen (text), NULL);
  g_autofree char *log = g_string_free (events.log, FALSE);

  g_assert_no_error (error);
  g_assert_cmpstr (log, ==,
                   "e1<root@1 m2<1:a@2 e3<2[0]@8 n3=1(int) e4<2[1]@11 n4=2.50(double) "
                   "m5<1:b@18 m6<5:c@24 n6=-0(int) m7<1:a@34! e8<7[0]@40 e9<7[1]@46 n9=1e2(double) ");
  /* The same tree as without callbacks: the later "a" in the first place. */
  g_assert_true (json_node_equal (node, plain));
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (node), "a")));
}

/* A key repeated many times: the later value counts, in the first place,
 * read with and without callbacks. */
static void
test_repeated_keys (void)
{
  g_autoptr(GString) text = g_string_new ("{\"first\":0");
  Events events = { g_string_new (NULL), 1 };
  McpJsonReadOptions options = { .member = on_member, .element = on_element, .data = &events };

  for (guint i = 0; i < 500; i++)
    g_string_append_printf (text, ",\"k%u\":%u", i, i);
  for (guint i = 0; i < 500; i++)
    g_string_append_printf (text, ",\"k%u\":{\"again\":%u}", i, i);
  g_string_append (text, ",\"last\":1}");

  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = mcp_json_read (text->str, text->len, pass == 0 ? NULL : &options, NULL, &error);
      g_autoptr(GList) members = NULL;
      JsonObject *root;

      g_assert_no_error (error);
      root = json_node_get_object (node);
      members = json_object_get_members (root);
      g_assert_cmpuint (g_list_length (members), ==, 502);
      g_assert_cmpstr (g_list_nth_data (members, 0), ==, "first");
      g_assert_cmpstr (g_list_nth_data (members, 1), ==, "k0");
      g_assert_cmpstr (g_list_nth_data (members, 501), ==, "last");
      for (guint i = 0; i < 500; i += 99)
        {
          g_autofree char *key = g_strdup_printf ("k%u", i);

          g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, key), "again"), ==, i);
        }
    }
  g_string_free (events.log, TRUE);
}

static void
test_deep_copy (void)
{
  g_autoptr(JsonNode) node = _mcp_json_parse ("{\"a\":{\"b\":[1,{\"c\":\"d\"}]},\"e\":null}", 34, NULL);
  g_autoptr(JsonNode) copy = mcp_json_deep_copy (node);
  JsonArray *copied;

  g_assert_true (json_node_equal (node, copy));

  /* Nothing is shared: a change to the copy leaves the original. */
  copied = json_object_get_array_member (json_object_get_object_member (json_node_get_object (copy), "a"), "b");
  json_object_set_string_member (json_array_get_object_element (copied, 1), "c", "changed");
  json_array_add_int_element (copied, 2);
  g_assert_false (json_node_equal (node, copy));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (json_object_get_object_member (json_node_get_object (node), "a"), "b"), 1), "c"), ==, "d");
}

static void
test_write_string (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  mcp_json_write_string ("a\"b\\c\x01\x1f\x7f\n\r\t\b\f é/", out);
  g_assert_cmpstr (out->str, ==, "\"a\\\"b\\\\c\\u0001\\u001f\x7f\\n\\r\\t\\b\\f é/\"");
}

/* A list answer keeps each object entry as its text, checked as strictly
 * as the rest; anything else, anywhere else, is a tree as before. */
static void
test_raw_entries (void)
{
  const char *text = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"tools\":[{\"name\":\"a\", \"x\":[1,{\"y\":\"\\u00e9\"}]},"
                     "\"str\",5,{}],\"nextCursor\":\"c\",\"other\":[{\"z\":1}],\"prompts\":{\"p\":{}}}}";
  const char *not_lists[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"tools\":[{\"a\":1}]}}",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"x\":{\"tools\":[{\"a\":1}]}}}",
    "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"a\":1}]}}]",
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[{\"tools\":[{\"a\":1}]}]}",
  };
  g_autoptr(JsonNode) plain = _mcp_json_parse (text, strlen (text), NULL);
  g_autoptr(JsonNode) root = _mcp_json_parse_message (text, strlen (text), NULL);
  g_autoptr(GString) written = g_string_new (NULL);
  JsonNode *result;
  JsonArray *tools;

  g_assert_nonnull (root);
  result = json_object_get_member (json_node_get_object (root), "result");
  tools = json_object_get_array_member (json_node_get_object (result), "tools");
  g_assert_cmpuint (json_array_get_length (tools), ==, 4);
  g_assert_cmpstr (_mcp_json_raw_text (json_array_get_element (tools, 0)), ==,
                   "{\"name\":\"a\", \"x\":[1,{\"y\":\"\\u00e9\"}]}");
  g_assert_cmpstr (json_array_get_string_element (tools, 1), ==, "str");
  g_assert_null (_mcp_json_raw_text (json_array_get_element (tools, 1)));
  g_assert_cmpint (json_array_get_int_element (tools, 2), ==, 5);
  g_assert_cmpstr (_mcp_json_raw_text (json_array_get_element (tools, 3)), ==, "{}");
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_array_get_element (
    json_object_get_array_member (json_node_get_object (result), "other"), 0)));

  /* Written, a raw entry is its text; expanded, the tree is the same. */
  _mcp_json_write (root, written);
  g_assert_nonnull (strstr (written->str, "{\"name\":\"a\", \"x\":[1,{\"y\":\"\\u00e9\"}]}"));
  _mcp_json_expand_raw_entries (result);
  g_assert_true (json_node_equal (root, plain));

  for (guint i = 0; i < G_N_ELEMENTS (not_lists); i++)
    {
      g_autoptr(JsonNode) tree = _mcp_json_parse_message (not_lists[i], strlen (not_lists[i]), NULL);
      g_autoptr(GString) again = g_string_new (NULL);

      _mcp_json_write (tree, again);
      g_assert_cmpstr (again->str, ==, not_lists[i]);
    }
}

/* A bad entry fails the message where, and as, the tree reader fails. */
static void
test_raw_entries_invalid (void)
{
  const char *entries[] = {
    "{\"a\":\"\\x\"}", "{\"a\":\"\xC3\x28\"}", "{\"a\":tru}", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":[1 2]}",
    "{\"a\":\"\\u00\"}", "{\"a\":\"\\u0000\"}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":1e}", "{\"a\":\"x", "{1:2}",
    "{\"a\":[1,]}", "{\"a\":\"\x01\"}", "{\"a\":{}", "{",
  };
  g_autoptr(GString) deep = g_string_new ("{\"result\":{\"tools\":[{\"a\":");

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"id\":1,\"result\":{\"tools\":[{},%s]}}", entries[i]);
      g_autoptr(GError) plain_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) plain = _mcp_json_parse (text, strlen (text), &plain_error);
      g_autoptr(JsonNode) root = _mcp_json_parse_message (text, strlen (text), &error);

      g_assert_null (plain);
      g_assert_null (root);
      g_assert_cmpstr (error->message, ==, plain_error->message);
    }

  /* Nesting is bounded inside an entry too. */
  for (guint i = 0; i < MCP_JSON_MAX_DEPTH; i++)
    g_string_append_c (deep, '[');
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = _mcp_json_parse_message (deep->str, deep->len, &error);

    g_assert_null (root);
    g_assert_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "nested too deeply"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Json/valid-like-json-glib", test_valid);
  g_test_add_func ("/Mcp/Json/values", test_values);
  g_test_add_func ("/Mcp/Json/writer", test_writer);
  g_test_add_func ("/Mcp/Json/invalid", test_invalid);
  g_test_add_func ("/Mcp/Json/depth-limit", test_depth);
  g_test_add_func ("/Mcp/Json/mutations", test_mutations);
  g_test_add_func ("/Mcp/Json/failures", test_failures);
  g_test_add_func ("/Mcp/Json/limits", test_limits);
  g_test_add_func ("/Mcp/Json/callbacks", test_callbacks);
  g_test_add_func ("/Mcp/Json/repeated-keys", test_repeated_keys);
  g_test_add_func ("/Mcp/Json/deep-copy", test_deep_copy);
  g_test_add_func ("/Mcp/Json/write-string", test_write_string);
  g_test_add_func ("/Mcp/Json/raw-entries", test_raw_entries);
  g_test_add_func ("/Mcp/Json/raw-entries-invalid", test_raw_entries_invalid);

  return g_test_run ();
}
