/* fuzz-text.c — libFuzzer target for tether-text: whatever the bytes, what
 * is shown on a terminal or in a label is UTF-8 and holds nothing a
 * terminal or a text layout obeys; JSON output parses to the same text.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tether-text.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
assert_shown (const char      *shown,
              TetherTextFlags  flags)
{
  gboolean multi_line = (flags & TETHER_TEXT_MULTI_LINE) != 0;

  g_assert (shown != NULL);
  g_assert (g_utf8_validate (shown, -1, NULL));

  for (const char *p = shown; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x20)
        g_assert (multi_line && (c == '\n' || c == '\t'));
      g_assert (c != 0x7f);
      g_assert (!(c >= 0x80 && c <= 0x9f));
      g_assert (!(c >= 0x202a && c <= 0x202e));
      g_assert (!(c >= 0x2066 && c <= 0x2069));
      g_assert (multi_line || (c != 0x2028 && c != 0x2029));
    }
}

/* The input as a JSON string, written and escaped: the same text parsed. */
static void
check_json (const char *text,
            gsize       length)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *copy = g_strndup (text, length);

  /* JSON strings are UTF-8 without NUL */
  if (!g_utf8_validate (text, length, NULL))
    return;

  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, copy);
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  escaped = tether_text_escape_json_output (json);

  /* (the newlines of pretty printing stay, and so do line separators) */
  assert_shown (escaped, TETHER_TEXT_MULTI_LINE);
  g_assert (json_parser_load_from_data (parser, escaped, -1, NULL));
  g_assert (g_strcmp0 (json_node_get_string (json_parser_get_root (parser)), copy) == 0);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *)data;
  const TetherTextFlags all_flags[] = { TETHER_TEXT_SINGLE_LINE, TETHER_TEXT_MULTI_LINE };

  for (guint i = 0; i < G_N_ELEMENTS (all_flags); i++)
    {
      g_autofree char *terminal = tether_text_escape_for_terminal (text, size, all_flags[i]);
      g_autofree char *visible = tether_text_make_visible (text, size, all_flags[i]);

      assert_shown (terminal, all_flags[i]);
      assert_shown (visible, all_flags[i]);

      /* Plain text is shown as it is. */
      if (tether_text_is_plain (text, size, all_flags[i]))
        {
          g_assert (strlen (terminal) == size && memcmp (terminal, text, size) == 0);
          g_assert (strcmp (terminal, visible) == 0);
        }
    }

  check_json (text, size);

  return 0;
}
