/* test-mcp-json.c — the message parser and writer of src/mcp
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

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

  return g_test_run ();
}
