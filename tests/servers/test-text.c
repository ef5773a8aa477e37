/* test-text.c — text from servers and files, shown and never obeyed
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "tether-text.h"

/* What a hostile server puts in a name: colour, a window title, a carriage
 * return that overwrites the line, a C1 CSI, a right-to-left override and
 * an isolate, and a byte that is not UTF-8. */
static const char hostile[] =
  "\x1b[31mred\x1b[0m \x1b]0;title\x07 over\rwrite \xc2\x9b" "2J "
  "abc\xe2\x80\xae" "cba\xe2\x81\xa6x\xe2\x81\xa9 bad\xff end";

/* No byte of @text is a C0 control (but newline, when @newline_ok), DEL,
 * a C1 control or a bidi override or isolate; @text is UTF-8. */
static void
assert_no_raw_controls (const char *text,
                        gboolean    newline_ok)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (newline_ok && c == '\n')
        continue;
      g_assert_cmpuint (c, >=, 0x20);
      g_assert_cmpuint (c, !=, 0x7f);
      g_assert_false (c >= 0x80 && c <= 0x9f);
      g_assert_false (c >= 0x202a && c <= 0x202e);
      g_assert_false (c >= 0x2066 && c <= 0x2069);
    }
}

static void
test_terminal (void)
{
  g_autofree char *shown = tether_text_escape_for_terminal (hostile, -1, TETHER_TEXT_SINGLE_LINE);

  g_assert_cmpstr (shown, ==,
                   "\\x1b[31mred\\x1b[0m \\x1b]0;title\\x07 over\\x0dwrite \\u009b2J "
                   "abc\\u202ecba\\u2066x\\u2069 bad\\xff end");
  assert_no_raw_controls (shown, FALSE);
}

static void
test_terminal_lines (void)
{
  const char text[] = "one\ttab\r\ntwo\nthree\rback\x7f\xe2\x80\xa8" "sep";
  g_autofree char *single = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_SINGLE_LINE);
  g_autofree char *multi = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_MULTI_LINE);

  /* One line: nothing may start another, or move back over it. */
  g_assert_cmpstr (single, ==, "one\\x09tab\\x0d\\x0atwo\\x0athree\\x0dback\\x7f\\u2028sep");
  assert_no_raw_controls (single, FALSE);

  /* Many lines: they stay lines; a lone CR is still shown. */
  g_assert_cmpstr (multi, ==, "one\ttab\ntwo\nthree\\x0dback\\x7f\xe2\x80\xa8" "sep");
}

static void
test_terminal_length (void)
{
  const char text[] = { 'a', '\0', 'b', '\x1b' };
  g_autofree char *shown = tether_text_escape_for_terminal (text, sizeof text, TETHER_TEXT_SINGLE_LINE);
  g_autofree char *truncated_utf8 = tether_text_escape_for_terminal ("x\xe2\x82", 3, TETHER_TEXT_SINGLE_LINE);

  g_assert_cmpstr (shown, ==, "a\\x00b\\x1b");
  g_assert_cmpstr (truncated_utf8, ==, "x\\xe2\\x82");
  g_assert_null (tether_text_escape_for_terminal (NULL, -1, TETHER_TEXT_SINGLE_LINE));
}

static void
test_plain (void)
{
  const char *plain[] = { "", "memory", "héllo ✓ — 日本語 עברית", "C:\\path\\x1b is text", NULL };

  for (guint i = 0; plain[i] != NULL; i++)
    {
      g_autofree char *t = tether_text_escape_for_terminal (plain[i], -1, TETHER_TEXT_SINGLE_LINE);
      g_autofree char *w = tether_text_make_visible (plain[i], -1, TETHER_TEXT_SINGLE_LINE);

      g_assert_cmpstr (t, ==, plain[i]);
      g_assert_cmpstr (w, ==, plain[i]);
      g_assert_true (tether_text_is_plain (plain[i], -1, TETHER_TEXT_SINGLE_LINE));
    }

  g_assert_false (tether_text_is_plain (hostile, -1, TETHER_TEXT_SINGLE_LINE));
  g_assert_false (tether_text_is_plain ("a\nb", -1, TETHER_TEXT_SINGLE_LINE));
  g_assert_true (tether_text_is_plain ("a\nb\tc", -1, TETHER_TEXT_MULTI_LINE));
  g_assert_false (tether_text_is_plain ("ok\xff", -1, TETHER_TEXT_MULTI_LINE));
}

static void
test_window (void)
{
  g_autofree char *shown = tether_text_make_visible (hostile, -1, TETHER_TEXT_SINGLE_LINE);
  g_autofree char *multi = tether_text_make_visible ("a\tb\r\nc\x7f", -1, TETHER_TEXT_MULTI_LINE);
  g_autofree char *single = tether_text_make_visible ("a\tb\r\nc", -1, TETHER_TEXT_SINGLE_LINE);

  g_assert_cmpstr (shown, ==,
                   "␛[31mred␛[0m ␛]0;title␇ over␍write ⟨U+009B⟩2J "
                   "abc⟨U+202E⟩cba⟨U+2066⟩x⟨U+2069⟩ bad\xef\xbf\xbd end");
  assert_no_raw_controls (shown, FALSE);
  g_assert_cmpstr (multi, ==, "a\tb\nc␡");
  g_assert_cmpstr (single, ==, "a␉b␍␊c");
}

/* JSON: what the JSON writer leaves, escaped so that the same text comes
 * back when it is parsed. */
static void
test_json (void)
{
  g_autoptr(GString) all = g_string_new (NULL);
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  JsonObject *back;

  for (gunichar c = 1; c < 0x20; c++)
    g_string_append_unichar (all, c);
  g_string_append_unichar (all, 0x7f);
  for (gunichar c = 0x80; c <= 0x9f; c++)
    g_string_append_unichar (all, c);
  for (gunichar c = 0x202a; c <= 0x202e; c++)
    g_string_append_unichar (all, c);
  for (gunichar c = 0x2066; c <= 0x2069; c++)
    g_string_append_unichar (all, c);
  g_string_append (all, "é ✓ \\ \"");

  json_object_set_string_member (object, "all", all->str);
  json_object_set_string_member (object, all->str, "as a member name");
  json_node_set_object (node, object);
  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  escaped = tether_text_escape_json_output (text);

  assert_no_raw_controls (escaped, TRUE);
  g_assert_nonnull (strstr (escaped, "\\u001b"));
  g_assert_nonnull (strstr (escaped, "\\u007f"));
  g_assert_nonnull (strstr (escaped, "\\u009b"));
  g_assert_nonnull (strstr (escaped, "\\u202e"));
  g_assert_nonnull (strchr (escaped, '\n'));

  g_assert_true (json_parser_load_from_data (parser, escaped, -1, &error));
  g_assert_no_error (error);
  back = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (back, "all"), ==, all->str);
  g_assert_cmpstr (json_object_get_string_member (back, all->str), ==, "as a member name");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Text/terminal", test_terminal);
  g_test_add_func ("/Tether/Text/terminal-lines", test_terminal_lines);
  g_test_add_func ("/Tether/Text/terminal-length", test_terminal_length);
  g_test_add_func ("/Tether/Text/plain", test_plain);
  g_test_add_func ("/Tether/Text/window", test_window);
  g_test_add_func ("/Tether/Text/json", test_json);

  return g_test_run ();
}
