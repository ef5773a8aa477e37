/* mcp-json.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-json"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mcp-json-private.h"

typedef struct
{
  const char *start;
  const char *p;
  const char *end;
  GString    *scratch;
  GError    **error;
  guint       depth;
} Parser;

static JsonNode *parse_value (Parser *parser);

static gboolean
fail (Parser     *parser,
      JsonParserError code,
      const char *what)
{
  if (parser->error != NULL && *parser->error == NULL)
    g_set_error (parser->error, JSON_PARSER_ERROR, code,
                 "%s at byte %" G_GSIZE_FORMAT, what, (gsize)(parser->p - parser->start));

  return FALSE;
}

static inline void
skip_space (Parser *parser)
{
  while (parser->p < parser->end &&
         (*parser->p == ' ' || *parser->p == '\t' || *parser->p == '\n' || *parser->p == '\r'))
    parser->p++;
}

static gboolean
expect_literal (Parser     *parser,
                const char *literal,
                gsize       length)
{
  if ((gsize)(parser->end - parser->p) < length || memcmp (parser->p, literal, length) != 0)
    return fail (parser, JSON_PARSER_ERROR_INVALID_BAREWORD, "unexpected word");

  parser->p += length;

  return TRUE;
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (Parser   *parser,
           gunichar *out)
{
  gunichar value = 0;

  if (parser->end - parser->p < 4)
    return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "short \\u escape");

  for (int i = 0; i < 4; i++)
    {
      int h = hex_value (parser->p[i]);

      if (h < 0)
        return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "bad \\u escape");
      value = value * 16 + (gunichar)h;
    }

  parser->p += 4;
  *out = value;

  return TRUE;
}

/* Parses the string at parser->p (after the opening quote) into the
 * scratch buffer. Returns FALSE on error. */
static gboolean
parse_string_contents (Parser *parser)
{
  const char *run = parser->p;

  g_string_truncate (parser->scratch, 0);

  for (;;)
    {
      const char *p = parser->p;

      /* The common case: a run of plain characters. */
      while (p < parser->end && *p != '"' && *p != '\\' && (guchar)*p >= 0x20)
        p++;

      if (p > run)
        {
          if (!g_utf8_validate_len (run, p - run, NULL))
            {
              parser->p = p;
              return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "invalid UTF-8 in a string");
            }
          g_string_append_len (parser->scratch, run, p - run);
        }
      parser->p = p;

      if (p >= parser->end)
        return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "unterminated string");

      if (*p == '"')
        {
          parser->p++;
          return TRUE;
        }

      if ((guchar)*p < 0x20)
        return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "control character in a string");

      /* A backslash */
      parser->p++;
      if (parser->p >= parser->end)
        return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "unterminated escape");

      switch (*parser->p++)
        {
        case '"': g_string_append_c (parser->scratch, '"'); break;
        case '\\': g_string_append_c (parser->scratch, '\\'); break;
        case '/': g_string_append_c (parser->scratch, '/'); break;
        case 'b': g_string_append_c (parser->scratch, '\b'); break;
        case 'f': g_string_append_c (parser->scratch, '\f'); break;
        case 'n': g_string_append_c (parser->scratch, '\n'); break;
        case 'r': g_string_append_c (parser->scratch, '\r'); break;
        case 't': g_string_append_c (parser->scratch, '\t'); break;
        case 'u':
          {
            gunichar c;

            if (!read_hex4 (parser, &c))
              return FALSE;

            if (c >= 0xD800 && c <= 0xDBFF)
              {
                gunichar low;

                /* A high surrogate wants a low one; alone it becomes U+FFFD. */
                if (parser->end - parser->p >= 6 && parser->p[0] == '\\' && parser->p[1] == 'u')
                  {
                    const char *save = parser->p;

                    parser->p += 2;
                    if (!read_hex4 (parser, &low))
                      return FALSE;
                    if (low >= 0xDC00 && low <= 0xDFFF)
                      c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                    else
                      {
                        c = 0xFFFD;
                        parser->p = save;
                      }
                  }
                else
                  c = 0xFFFD;
              }
            else if (c >= 0xDC00 && c <= 0xDFFF)
              c = 0xFFFD;

            if (c == 0)
              return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "NUL in a string");

            g_string_append_unichar (parser->scratch, c);
          }
          break;
        default:
          parser->p--;
          return fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "bad escape");
        }

      run = parser->p;
    }
}

static JsonNode *
parse_number (Parser *parser)
{
  const char *begin = parser->p;
  const char *p = parser->p;
  gboolean is_integer = TRUE;
  char buffer[64];
  gsize length;
  JsonNode *node;

  if (p < parser->end && *p == '-')
    p++;
  if (p >= parser->end || !g_ascii_isdigit (*p))
    {
      parser->p = p;
      fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "bad number");
      return NULL;
    }
  if (*p == '0')
    p++;
  else
    while (p < parser->end && g_ascii_isdigit (*p))
      p++;

  if (p < parser->end && *p == '.')
    {
      is_integer = FALSE;
      p++;
      if (p >= parser->end || !g_ascii_isdigit (*p))
        {
          parser->p = p;
          fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "bad fraction");
          return NULL;
        }
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }

  if (p < parser->end && (*p == 'e' || *p == 'E'))
    {
      is_integer = FALSE;
      p++;
      if (p < parser->end && (*p == '+' || *p == '-'))
        p++;
      if (p >= parser->end || !g_ascii_isdigit (*p))
        {
          parser->p = p;
          fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "bad exponent");
          return NULL;
        }
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }

  length = p - begin;
  parser->p = p;

  /* The input is not NUL-terminated: copy the number out. */
  if (length >= sizeof buffer)
    {
      g_autofree char *copy = g_strndup (begin, length);

      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_double (node, g_ascii_strtod (copy, NULL));
      return node;
    }

  memcpy (buffer, begin, length);
  buffer[length] = '\0';
  node = json_node_new (JSON_NODE_VALUE);

  if (is_integer)
    {
      gint64 value;

      errno = 0;
      value = g_ascii_strtoll (buffer, NULL, 10);
      if (errno == 0)
        {
          json_node_set_int (node, value);
          return node;
        }
    }

  json_node_set_double (node, g_ascii_strtod (buffer, NULL));

  return node;
}

static JsonNode *
parse_object (Parser *parser)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  parser->p++;  /* { */
  skip_space (parser);

  if (parser->p < parser->end && *parser->p == '}')
    {
      parser->p++;
      goto done;
    }

  for (;;)
    {
      g_autofree char *name = NULL;
      JsonNode *value;

      skip_space (parser);
      if (parser->p >= parser->end || *parser->p != '"')
        {
          fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "expected a member name");
          goto error;
        }
      parser->p++;
      if (!parse_string_contents (parser))
        goto error;
      name = g_strndup (parser->scratch->str, parser->scratch->len);

      skip_space (parser);
      if (parser->p >= parser->end || *parser->p != ':')
        {
          fail (parser, JSON_PARSER_ERROR_MISSING_COLON, "expected ':'");
          goto error;
        }
      parser->p++;

      value = parse_value (parser);
      if (value == NULL)
        goto error;
      json_object_set_member (object, name, value);

      skip_space (parser);
      if (parser->p < parser->end && *parser->p == ',')
        {
          parser->p++;
          continue;
        }
      if (parser->p < parser->end && *parser->p == '}')
        {
          parser->p++;
          break;
        }
      fail (parser, JSON_PARSER_ERROR_MISSING_COMMA, "expected ',' or '}'");
      goto error;
    }

done:
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;

error:
  json_object_unref (object);
  return NULL;
}

static JsonNode *
parse_array (Parser *parser)
{
  JsonArray *array = json_array_new ();
  JsonNode *node;

  parser->p++;  /* [ */
  skip_space (parser);

  if (parser->p < parser->end && *parser->p == ']')
    {
      parser->p++;
      goto done;
    }

  for (;;)
    {
      JsonNode *value = parse_value (parser);

      if (value == NULL)
        goto error;
      json_array_add_element (array, value);

      skip_space (parser);
      if (parser->p < parser->end && *parser->p == ',')
        {
          parser->p++;
          continue;
        }
      if (parser->p < parser->end && *parser->p == ']')
        {
          parser->p++;
          break;
        }
      fail (parser, JSON_PARSER_ERROR_MISSING_COMMA, "expected ',' or ']'");
      goto error;
    }

done:
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;

error:
  json_array_unref (array);
  return NULL;
}

static JsonNode *
parse_value (Parser *parser)
{
  JsonNode *node = NULL;

  skip_space (parser);

  if (parser->p >= parser->end)
    {
      fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "unexpected end");
      return NULL;
    }

  if (++parser->depth > MCP_JSON_MAX_DEPTH)
    {
      fail (parser, JSON_PARSER_ERROR_PARSE, "nested too deeply");
      return NULL;
    }

  switch (*parser->p)
    {
    case '{':
      node = parse_object (parser);
      break;

    case '[':
      node = parse_array (parser);
      break;

    case '"':
      parser->p++;
      if (parse_string_contents (parser))
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_string (node, parser->scratch->str);
        }
      break;

    case 't':
      if (expect_literal (parser, "true", 4))
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (node, TRUE);
        }
      break;

    case 'f':
      if (expect_literal (parser, "false", 5))
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (node, FALSE);
        }
      break;

    case 'n':
      if (expect_literal (parser, "null", 4))
        node = json_node_new (JSON_NODE_NULL);
      break;

    default:
      if (*parser->p == '-' || g_ascii_isdigit (*parser->p))
        node = parse_number (parser);
      else
        fail (parser, JSON_PARSER_ERROR_INVALID_DATA, "unexpected character");
      break;
    }

  parser->depth--;

  return node;
}

JsonNode *
_mcp_json_parse (const char  *data,
                 gsize        length,
                 GError     **error)
{
  Parser parser = { data, data, data + length, NULL, error, 0 };
  g_autoptr(GString) scratch = g_string_sized_new (64);
  JsonNode *node;

  parser.scratch = scratch;

  /* A byte order mark is tolerated, as json-glib does. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    parser.p += 3;

  node = parse_value (&parser);
  if (node == NULL)
    return NULL;

  skip_space (&parser);
  if (parser.p != parser.end)
    {
      fail (&parser, JSON_PARSER_ERROR_PARSE, "trailing data after the message");
      json_node_unref (node);
      return NULL;
    }

  return node;
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                  */

static void
write_string (const char *str,
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
      write_string (json_node_get_string (node), out);
      break;

    default:
      g_string_append (out, "null");
      break;
    }
}

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
            write_string (name, out);
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
