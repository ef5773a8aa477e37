/* tether-text.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-text"

#include "config.h"

#include <string.h>

#include "tether-text.h"

/* Text that a server or a file supplied (names, descriptions, serverInfo,
 * error messages, stderr lines) is shown, never obeyed. A terminal obeys
 * escape sequences (ESC [ 31 m, OSC 0 ; title BEL), carriage returns that
 * overwrite a line, and C1 controls (U+009B is CSI to some terminals); any
 * display reorders text around bidirectional overrides and isolates, so
 * that what is shown differs from what it is. Those characters are written
 * out instead:
 *
 *   for a terminal   C0 and DEL as \x1b, C1 and the others as \u009b,
 *                    bytes that are not UTF-8 as \xff
 *   for the window   C0 as its Control Picture (U+241B ␛ for ESC), DEL as
 *                    ␡, C1 and the others as ⟨U+202E⟩, bytes that are not
 *                    UTF-8 as U+FFFD
 *   in JSON          \u001b, \u007f, \u009b, \u202e; bytes that are not
 *                    UTF-8 as \ufffd. JSON itself requires only characters
 *                    below U+0020 to be escaped; DEL, C1 and the bidi
 *                    controls are escaped too, so that JSON output read on
 *                    a terminal is as safe as the rest. Parsed, it is the
 *                    same text.
 *
 * A backslash is left as it is: a name that holds the four characters
 * "\x1b" is shown as they are, which no terminal obeys. */

typedef enum
{
  STYLE_TERMINAL,
  STYLE_WINDOW,
  STYLE_JSON,
} Style;

/* Whether @c may not be written out as it is. */
static gboolean
needs_showing (gunichar        c,
               TetherTextFlags flags)
{
  gboolean multi_line = (flags & TETHER_TEXT_MULTI_LINE) != 0;

  if (c < 0x20)
    return !(multi_line && (c == '\n' || c == '\t'));

  if (c < 0x7f)
    return FALSE;

  return c == 0x7f ||
         (c >= 0x80 && c <= 0x9f) ||              /* C1 */
         (c >= 0x202a && c <= 0x202e) ||          /* bidi embeddings and overrides */
         (c >= 0x2066 && c <= 0x2069) ||          /* bidi isolates */
         (!multi_line && (c == 0x2028 || c == 0x2029)); /* line and paragraph separators */
}

static void
append_character (GString  *out,
                  Style     style,
                  gunichar  c)
{
  switch (style)
    {
    case STYLE_TERMINAL:
      if (c <= 0x7f)
        g_string_append_printf (out, "\\x%02x", (guint)c);
      else
        g_string_append_printf (out, "\\u%04x", (guint)c);
      break;

    case STYLE_WINDOW:
      if (c < 0x20)
        g_string_append_unichar (out, 0x2400 + c);
      else if (c == 0x7f)
        g_string_append_unichar (out, 0x2421);
      else
        g_string_append_printf (out, "⟨U+%04X⟩", (guint)c);
      break;

    case STYLE_JSON:
      g_string_append_printf (out, "\\u%04x", (guint)c);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
append_invalid_byte (GString *out,
                     Style    style,
                     guchar   byte)
{
  switch (style)
    {
    case STYLE_TERMINAL:
      g_string_append_printf (out, "\\x%02x", (guint)byte);
      break;

    case STYLE_WINDOW:
      g_string_append_unichar (out, 0xfffd);
      break;

    case STYLE_JSON:
      g_string_append (out, "\\ufffd");
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Returns @text with what may not be written out as it is shown in
 * @style. With @plain, only tells whether anything would be: returns NULL. */
static char *
show (const char      *text,
      gssize           length,
      TetherTextFlags  flags,
      Style            style,
      gboolean        *plain)
{
  g_autoptr(GString) out = NULL;
  const char *end;
  const char *run;
  const char *p;

  if (length < 0)
    length = strlen (text);

  end = text + length;
  run = p = text;

  while (p < end)
    {
      guchar byte = (guchar)*p;
      gunichar c;
      gsize n;

      if (byte < 0x80)
        {
          c = byte;
          n = 1;
        }
      else
        {
          c = g_utf8_get_char_validated (p, end - p);
          if (c == (gunichar)-1 || c == (gunichar)-2)
            {
              if (plain != NULL)
                {
                  *plain = FALSE;
                  return NULL;
                }
              if (out == NULL)
                out = g_string_sized_new (length + 16);
              g_string_append_len (out, run, p - run);
              append_invalid_byte (out, style, byte);
              run = ++p;
              continue;
            }
          n = g_utf8_next_char (p) - p;
        }

      if (!needs_showing (c, flags))
        {
          p += n;
          continue;
        }

      if (plain != NULL)
        {
          *plain = FALSE;
          return NULL;
        }

      if (out == NULL)
        out = g_string_sized_new (length + 16);
      g_string_append_len (out, run, p - run);

      /* CR LF in a text of many lines is a line end, not a return. */
      if (c == '\r' && (flags & TETHER_TEXT_MULTI_LINE) != 0 && p + 1 < end && p[1] == '\n')
        ;
      else
        append_character (out, style, c);

      p += n;
      run = p;
    }

  if (plain != NULL)
    {
      *plain = TRUE;
      return NULL;
    }

  if (out == NULL)
    return g_strndup (text, length);

  g_string_append_len (out, run, p - run);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * tether_text_escape_for_terminal:
 * @text: (nullable): text from a server or a file
 * @length: its length in bytes, or -1 if nul-terminated
 * @flags: one line, or many
 *
 * Makes @text safe to print on a terminal: control characters, C1
 * controls, bidirectional overrides and isolates are written as escapes
 * (`\x1b`, `\u202e`), bytes that are not UTF-8 as `\xNN`.
 *
 * Returns: (transfer full) (nullable): the text to print, or %NULL for %NULL
 */
char *
tether_text_escape_for_terminal (const char      *text,
                                 gssize           length,
                                 TetherTextFlags  flags)
{
  if (text == NULL)
    return NULL;

  return show (text, length, flags, STYLE_TERMINAL, NULL);
}

/**
 * tether_text_make_visible:
 * @text: (nullable): text from a server or a file
 * @length: its length in bytes, or -1 if nul-terminated
 * @flags: one line, or many
 *
 * Makes @text safe to show in a label: control characters become their
 * Control Pictures (␛ for ESC), C1 controls and bidirectional overrides
 * and isolates a visible ⟨U+202E⟩, bytes that are not UTF-8 U+FFFD. The
 * result is valid UTF-8. It is plain text, not markup.
 *
 * Returns: (transfer full) (nullable): the text to show, or %NULL for %NULL
 */
char *
tether_text_make_visible (const char      *text,
                          gssize           length,
                          TetherTextFlags  flags)
{
  if (text == NULL)
    return NULL;

  return show (text, length, flags, STYLE_WINDOW, NULL);
}

/**
 * tether_text_escape_json_output:
 * @json: (nullable): a JSON text, as a JSON writer made it
 *
 * Escapes what a JSON writer may leave as it is but a terminal obeys:
 * DEL, C1 controls and bidirectional overrides and isolates become `\u007f`,
 * `\u009b`, `\u202e`. Such characters can only be inside strings, where the
 * escape means the same character: the result parses to the same value.
 * The newlines and indentation of pretty printing stay.
 *
 * Returns: (transfer full) (nullable): the JSON text to print
 */
char *
tether_text_escape_json_output (const char *json)
{
  if (json == NULL)
    return NULL;

  return show (json, -1, TETHER_TEXT_MULTI_LINE, STYLE_JSON, NULL);
}

/**
 * tether_text_map_strings:
 * @node: a JSON value, changed in place
 * @map: makes a string safe to show, e.g. one line of
 *   tether_text_escape_for_terminal()
 *
 * Replaces every string in @node (member names aside) with what @map
 * makes of it: a report's paths, names, commands and errors, made safe to
 * show before it is worded around them.
 */
void
tether_text_map_strings (JsonNode   *node,
                         char     *(*map) (const char *text))
{
  g_return_if_fail (node != NULL);
  g_return_if_fail (map != NULL);

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        tether_text_map_strings (member, map);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        tether_text_map_strings (json_array_get_element (array, i), map);
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      g_autofree char *shown = map (json_node_get_string (node));

      json_node_set_string (node, shown);
    }
}

/**
 * tether_text_is_plain:
 * @text: text
 * @length: its length in bytes, or -1 if nul-terminated
 * @flags: one line, or many
 *
 * Returns: %TRUE when @text is valid UTF-8 and holds nothing that
 *   tether_text_escape_for_terminal() or tether_text_make_visible() would
 *   change
 */
gboolean
tether_text_is_plain (const char      *text,
                      gssize           length,
                      TetherTextFlags  flags)
{
  gboolean plain = TRUE;

  g_return_val_if_fail (text != NULL, FALSE);

  show (text, length, flags, STYLE_TERMINAL, &plain);

  return plain;
}
