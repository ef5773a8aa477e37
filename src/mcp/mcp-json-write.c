/* mcp-json-write.c — JSON as one line of a message
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-json"

#include "config.h"

#include <math.h>

#include "mcp-json.h"
#include "mcp-json-private.h"

/**
 * mcp_json_write_string:
 * @str: UTF-8 text
 * @out: where to append it
 *
 * Appends @str as a JSON string: quotes, backslashes and every control
 * character (U+0000 to U+001F) escaped, everything else as it is. No
 * newline can appear in it.
 */
void
mcp_json_write_string (const char *str,
                       GString    *out)
{
  static const char hex[] = "0123456789abcdef";
  const char *run = str;
  const char *p;

  g_string_append_c (out, '"');
  for (p = str; *p != '\0'; p++)
    {
      guchar c = (guchar)*p;

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;

      g_string_append_len (out, run, p - run);
      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          g_string_append (out, "\\u00");
          g_string_append_c (out, hex[c >> 4]);
          g_string_append_c (out, hex[c & 0xf]);
          break;
        }
      run = p + 1;
    }
  g_string_append_len (out, run, p - run);
  g_string_append_c (out, '"');
}

static void
write_int (gint64   value,
           GString *out)
{
  char buffer[24];
  char *p = buffer + sizeof buffer;
  guint64 magnitude = value < 0 ? -(guint64)value : (guint64)value;

  do
    {
      *--p = '0' + (char)(magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (value < 0)
    *--p = '-';

  g_string_append_len (out, p, buffer + sizeof buffer - p);
}

static void
write_value (JsonNode *node,
             GString  *out)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      write_int (json_node_get_int (node), out);
      break;

    case G_TYPE_DOUBLE:
      {
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];
        double value = json_node_get_double (node);

        /* JSON has no NaN or infinity. */
        if (!isfinite (value))
          g_string_append (out, "null");
        else
          g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, value));
      }
      break;

    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
      break;

    case G_TYPE_STRING:
      {
        const char *raw = _mcp_json_raw_text (node);

        if (raw != NULL)
          g_string_append (out, raw);
        else
          mcp_json_write_string (json_node_get_string (node), out);
      }
      break;

    default:
      g_string_append (out, "null");
      break;
    }
}

/* json-glib's generator (json_generator_to_gstring(), compact) writes
 * the same text for the same tree, but on the mix of messages of
 * tests/bench/bench-json.c it costs 16 % more instructions (callgrind, 200
 * rounds: 994 million against 859 million), and it writes NaN and the
 * infinities as text that is no JSON at all: this writer stays. */
void
_mcp_json_write (JsonNode *node,
                 GString  *out)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;
        gboolean first = TRUE;

        g_string_append_c (out, '{');
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &name, &member))
          {
            if (!first)
              g_string_append_c (out, ',');
            first = FALSE;
            mcp_json_write_string (name, out);
            g_string_append_c (out, ':');
            _mcp_json_write (member, out);
          }
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        g_string_append_c (out, '[');
        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            _mcp_json_write (json_array_get_element (array, i), out);
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_VALUE:
      write_value (node, out);
      break;

    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

/**
 * mcp_json_write:
 * @node: a tree
 * @out: where to append it
 *
 * Appends @node as compact JSON, one line, as Tether sends a message: a
 * node of mcp_json_raw_new_take() is written as the text it holds.
 */
void
mcp_json_write (JsonNode *node,
                GString  *out)
{
  g_return_if_fail (node != NULL);
  g_return_if_fail (out != NULL);

  _mcp_json_write (node, out);
}
