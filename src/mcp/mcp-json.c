/* mcp-json.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-json"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json.h"
#include "mcp-json-private.h"

typedef struct
{
  const char     *start;
  const char     *p;
  const char     *end;
  GString        *scratch;
  McpJsonFailure  failure;
  guint           depth;
  guint           max_depth;
  guint           values;
  guint           max_values;
  gsize           max_string_length;

  /* Where a protocol message's list entries are (see RawState) */
  guint           raw_state;

  /* The caller's callbacks, NULL when it wants only the tree. */
  guint         (*member)  (gpointer, guint, const char *, gsize, gboolean);
  guint         (*element) (gpointer, guint, guint, gsize);
  void          (*number)  (gpointer, guint, const char *, gsize, JsonNode *);
  gpointer        data;
} Parser;

static JsonNode *parse_value (Parser *parser,
                              guint   token);

/* A protocol message read for a list keeps each entry of
 * `result.tools` (prompts, resources, resourceTemplates) that is an
 * object as its text: the state says how far down that path the reader
 * is. */
typedef enum
{
  RAW_NONE,
  RAW_ROOT,
  RAW_RESULT,
  RAW_LIST,
} RawState;

/* How often an object's size is checked for repeated keys. */
#define DUPLICATE_CHECK_INTERVAL 32

/* Records the first problem: where the reader stopped (parser->p) and
 * where what it was reading began. */
static gboolean
fail_from (Parser         *parser,
           McpJsonProblem  problem,
           const char     *start)
{
  if (parser->failure.problem == MCP_JSON_PROBLEM_NONE)
    {
      parser->failure.problem = problem;
      parser->failure.offset = parser->p - parser->start;
      parser->failure.start = start - parser->start;
    }

  return FALSE;
}

static gboolean
fail (Parser         *parser,
      McpJsonProblem  problem)
{
  return fail_from (parser, problem, parser->p);
}

static inline void
skip_space (Parser *parser)
{
  while (parser->p < parser->end &&
         (*parser->p == ' ' || *parser->p == '\t' || *parser->p == '\n' || *parser->p == '\r'))
    parser->p++;
}

/* true, false or null, as a whole word: `truex` is no value. */
static gboolean
expect_word (Parser     *parser,
             const char *word,
             gsize       length)
{
  if ((gsize)(parser->end - parser->p) < length || memcmp (parser->p, word, length) != 0 ||
      (parser->p + length < parser->end && g_ascii_isalnum (parser->p[length])))
    return fail (parser, MCP_JSON_PROBLEM_BAD_WORD);

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

/* The four hexadecimal digits at @p, if @p holds them before @end. */
static gboolean
read_hex4 (const char *p,
           const char *end,
           gunichar   *out)
{
  gunichar value = 0;

  if (end - p < 4)
    return FALSE;

  for (int i = 0; i < 4; i++)
    {
      int h = hex_value (p[i]);

      if (h < 0)
        return FALSE;
      value = value * 16 + (gunichar)h;
    }

  *out = value;

  return TRUE;
}

/* Decodes the `\uXXXX` escape whose `u` parser->p is past, with a low
 * surrogate escape after it if the first is a high one. A surrogate left
 * alone becomes U+FFFD, as JSON.parse reads it. */
static gboolean
read_unicode_escape (Parser     *parser,
                     const char *backslash,
                     gunichar   *out)
{
  gunichar c, low;

  if (!read_hex4 (parser->p, parser->end, &c))
    return fail_from (parser, MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE, backslash);
  parser->p += 4;

  if (c >= 0xD800 && c <= 0xDBFF)
    {
      if (parser->end - parser->p >= 6 && parser->p[0] == '\\' && parser->p[1] == 'u' &&
          read_hex4 (parser->p + 2, parser->end, &low) && low >= 0xDC00 && low <= 0xDFFF)
        {
          c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
          parser->p += 6;
        }
      else
        c = 0xFFFD;
    }
  else if (c >= 0xDC00 && c <= 0xDFFF)
    c = 0xFFFD;

  if (c == 0)
    return fail_from (parser, MCP_JSON_PROBLEM_NUL, backslash);

  *out = c;

  return TRUE;
}

static inline gboolean
string_too_long (Parser *parser,
                 gsize   length)
{
  return G_UNLIKELY (parser->max_string_length != 0) && length > parser->max_string_length;
}

/* Parses the string at parser->p (after the opening quote, at @quote)
 * into @out. Returns FALSE on error. */
static gboolean
parse_string_contents (Parser     *parser,
                       const char *quote,
                       GString    *out)
{
  const char *run = parser->p;

  g_string_truncate (out, 0);

  for (;;)
    {
      const char *p = parser->p;
      const char *backslash;

      /* The common case: a run of plain characters. */
      while (p < parser->end && *p != '"' && *p != '\\' && (guchar)*p >= 0x20)
        p++;

      if (p > run)
        {
          if (string_too_long (parser, out->len + (p - run)))
            return fail_from (parser, MCP_JSON_PROBLEM_STRING_TOO_LONG, quote);
          if (!g_utf8_validate_len (run, p - run, NULL))
            {
              parser->p = p;
              return fail_from (parser, MCP_JSON_PROBLEM_INVALID_UTF8, quote);
            }
          g_string_append_len (out, run, p - run);
        }
      parser->p = p;

      if (p >= parser->end)
        return fail_from (parser, MCP_JSON_PROBLEM_UNTERMINATED_STRING, quote);

      if (*p == '"')
        {
          parser->p++;
          return TRUE;
        }

      if ((guchar)*p < 0x20)
        return fail_from (parser, MCP_JSON_PROBLEM_CONTROL_CHARACTER, quote);

      /* A backslash */
      backslash = parser->p++;
      if (parser->p >= parser->end)
        return fail_from (parser, MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE, quote);

      switch (*parser->p++)
        {
        case '"': g_string_append_c (out, '"'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        case '/': g_string_append_c (out, '/'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'u':
          {
            gunichar c;

            if (!read_unicode_escape (parser, backslash, &c))
              return FALSE;
            g_string_append_unichar (out, c);
          }
          break;
        default:
          parser->p--;
          return fail_from (parser, MCP_JSON_PROBLEM_BAD_ESCAPE, backslash);
        }

      if (string_too_long (parser, out->len))
        return fail_from (parser, MCP_JSON_PROBLEM_STRING_TOO_LONG, quote);

      run = parser->p;
    }
}

/* A number's node: an integer if it has neither fraction nor exponent and
 * fits in 64 bits, else the nearest double. */
static JsonNode *
number_node (const char *text,
             gsize       length,
             gboolean    is_integer)
{
  char buffer[64];
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  /* The text is not NUL-terminated: copy it out. */
  if (length >= sizeof buffer)
    {
      g_autofree char *copy = g_strndup (text, length);

      json_node_set_double (node, g_ascii_strtod (copy, NULL));
      return node;
    }

  memcpy (buffer, text, length);
  buffer[length] = '\0';

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

/**
 * mcp_json_number_new:
 * @text: a JSON number, as RFC 8259 spells it
 * @length: its length in bytes
 *
 * What the reader makes of a number: a 64-bit integer if @text has neither
 * fraction nor exponent and fits, else the nearest double (infinite beyond
 * the range of doubles), as json-glib does.
 *
 * Returns: (transfer full): a value node
 */
JsonNode *
mcp_json_number_new (const char *text,
                     gsize       length)
{
  return number_node (text, length,
                      memchr (text, '.', length) == NULL && memchr (text, 'e', length) == NULL &&
                      memchr (text, 'E', length) == NULL);
}

static JsonNode *
parse_number (Parser *parser)
{
  const char *begin = parser->p;
  const char *p = parser->p;
  gboolean is_integer = TRUE;

  if (p < parser->end && *p == '-')
    p++;
  if (p >= parser->end || !g_ascii_isdigit (*p))
    {
      parser->p = p;
      fail_from (parser, MCP_JSON_PROBLEM_EXPECTED_DIGIT, begin);
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
          fail_from (parser, MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT, begin);
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
          fail_from (parser, MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT, begin);
          return NULL;
        }
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }

  parser->p = p;

  return number_node (begin, p - begin, is_integer);
}

/* The members read so far, to go on with in a builder. */
static McpJsonObjectBuilder *
builder_new_from (JsonObject *object)
{
  McpJsonObjectBuilder *self = mcp_json_object_builder_new ();
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, &value))
    mcp_json_object_builder_set (self, key, json_node_ref (value));

  return self;
}

static RawState
raw_state_of_member (RawState    state,
                     const char *name)
{
  if (state == RAW_ROOT && strcmp (name, "result") == 0)
    return RAW_RESULT;

  if (state == RAW_RESULT)
    for (guint i = 0; i < G_N_ELEMENTS (_mcp_json_raw_lists); i++)
      if (strcmp (name, _mcp_json_raw_lists[i]) == 0)
        return RAW_LIST;

  return RAW_NONE;
}

static JsonNode *
parse_object (Parser   *parser,
              guint     token,
              RawState  state)
{
  JsonObject *object = json_object_new ();
  McpJsonObjectBuilder *builder = NULL;
  guint added = 0;
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
      g_autofree char *long_name = NULL;
      char short_name[64];
      const char *name;
      const char *quote;
      gboolean repeated = FALSE;
      guint member = 0;
      JsonNode *value;

      skip_space (parser);
      if (parser->p >= parser->end || *parser->p != '"')
        {
          fail (parser, MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME);
          goto error;
        }
      /* The name is kept while the value is read; most are short. */
      quote = parser->p++;
      if (!parse_string_contents (parser, quote, parser->scratch))
        goto error;
      if (parser->scratch->len < sizeof short_name)
        name = memcpy (short_name, parser->scratch->str, parser->scratch->len + 1);
      else
        name = long_name = g_strndup (parser->scratch->str, parser->scratch->len);

      if (parser->member != NULL)
        {
          repeated = builder != NULL ? mcp_json_object_builder_has (builder, name)
                                     : json_object_has_member (object, name);
          member = parser->member (parser->data, token, name, quote - parser->start, repeated);
        }

      skip_space (parser);
      if (parser->p >= parser->end || *parser->p != ':')
        {
          fail (parser, MCP_JSON_PROBLEM_EXPECTED_COLON);
          goto error;
        }
      parser->p++;

      if (G_UNLIKELY (state != RAW_NONE))
        parser->raw_state = raw_state_of_member (state, name);
      value = parse_value (parser, member);
      if (value == NULL)
        goto error;

      if (builder == NULL && !repeated)
        {
          json_object_set_member (object, name, value);
          /* A key that came before: json-glib found its place by a scan
           * of every member. Counted every so many members (the count
           * costs more than a member), a text of repeated keys costs at
           * most that many scans; the rest of the object then goes
           * through a builder, where a repeat costs no more than a new
           * key. */
          if (++added % DUPLICATE_CHECK_INTERVAL == 0 && json_object_get_size (object) != added)
            builder = builder_new_from (object);
        }
      else
        {
          if (builder == NULL)
            builder = builder_new_from (object);
          mcp_json_object_builder_set (builder, name, value);
        }

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
      fail (parser, MCP_JSON_PROBLEM_EXPECTED_OBJECT_END);
      goto error;
    }

done:
  if (builder != NULL)
    {
      json_object_unref (object);
      return mcp_json_object_builder_end (builder);
    }
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;

error:
  g_clear_pointer (&builder, mcp_json_object_builder_free);
  json_object_unref (object);
  return NULL;
}

/* Where a value starts after white space: an element, or the root. */
static guint
report_element (Parser *parser,
                guint   parent,
                guint   index)
{
  skip_space (parser);

  return parser->element (parser->data, parent, index, parser->p - parser->start);
}

static gboolean skip_value (Parser *parser);

/* The object at parser->p, checked but not built: a string node holding
 * MCP_JSON_RAW_MARK, then the object's text as it came. */
static JsonNode *
parse_raw_object (Parser *parser)
{
  const char *begin = parser->p;
  JsonNode *node;

  if (!skip_value (parser))
    return NULL;

  g_string_truncate (parser->scratch, 0);
  g_string_append_c (parser->scratch, MCP_JSON_RAW_MARK);
  g_string_append_len (parser->scratch, begin, parser->p - begin);
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, parser->scratch->str);

  return node;
}

static JsonNode *
parse_array (Parser   *parser,
             guint     token,
             RawState  state)
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

  for (guint i = 0; ; i++)
    {
      guint element = parser->element != NULL ? report_element (parser, token, i) : 0;
      JsonNode *value;

      if (G_UNLIKELY (state == RAW_LIST))
        skip_space (parser);
      if (G_UNLIKELY (state == RAW_LIST) && parser->p < parser->end && *parser->p == '{')
        value = parse_raw_object (parser);
      else
        value = parse_value (parser, element);

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
      fail (parser, MCP_JSON_PROBLEM_EXPECTED_ARRAY_END);
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

/* The value at parser->p, known to the caller as @token. */
static JsonNode *
parse_value (Parser *parser,
             guint   token)
{
  JsonNode *node = NULL;
  RawState state = parser->raw_state;

  parser->raw_state = RAW_NONE;
  skip_space (parser);

  if (parser->p >= parser->end)
    {
      fail (parser, MCP_JSON_PROBLEM_EXPECTED_VALUE);
      return NULL;
    }

  if (G_UNLIKELY (parser->max_values != 0) && ++parser->values > parser->max_values)
    {
      fail (parser, MCP_JSON_PROBLEM_TOO_MANY_VALUES);
      return NULL;
    }

  if (++parser->depth > parser->max_depth)
    {
      fail (parser, MCP_JSON_PROBLEM_TOO_DEEP);
      return NULL;
    }

  switch (*parser->p)
    {
    case '{':
      node = parse_object (parser, token, state);
      break;

    case '[':
      node = parse_array (parser, token, state);
      break;

    case '"':
      {
        const char *quote = parser->p++;

        if (parse_string_contents (parser, quote, parser->scratch))
          {
            node = json_node_new (JSON_NODE_VALUE);
            json_node_set_string (node, parser->scratch->str);
          }
      }
      break;

    case 't':
      if (expect_word (parser, "true", 4))
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (node, TRUE);
        }
      break;

    case 'f':
      if (expect_word (parser, "false", 5))
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (node, FALSE);
        }
      break;

    case 'n':
      if (expect_word (parser, "null", 4))
        node = json_node_new (JSON_NODE_NULL);
      break;

    default:
      if (*parser->p == '-' || g_ascii_isdigit (*parser->p))
        {
          const char *begin = parser->p;

          node = parse_number (parser);
          if (node != NULL && parser->number != NULL)
            parser->number (parser->data, token, begin, parser->p - begin, node);
        }
      else
        fail (parser, MCP_JSON_PROBLEM_EXPECTED_VALUE);
      break;
    }

  parser->depth--;

  return node;
}

/* Checks the value at parser->p by the same rules as parse_value(),
 * building nothing. */
static gboolean
skip_value (Parser *parser)
{
  gboolean ok = FALSE;

  skip_space (parser);

  if (parser->p >= parser->end)
    return fail (parser, MCP_JSON_PROBLEM_EXPECTED_VALUE);

  if (++parser->depth > parser->max_depth)
    return fail (parser, MCP_JSON_PROBLEM_TOO_DEEP);

  switch (*parser->p)
    {
    case '{':
    case '[':
      {
        gboolean is_object = *parser->p == '{';
        char close = is_object ? '}' : ']';

        parser->p++;
        skip_space (parser);
        if (parser->p < parser->end && *parser->p == close)
          {
            parser->p++;
            ok = TRUE;
            break;
          }

        for (;;)
          {
            if (is_object)
              {
                const char *quote;

                skip_space (parser);
                if (parser->p >= parser->end || *parser->p != '"')
                  {
                    fail (parser, MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME);
                    break;
                  }
                quote = parser->p++;
                if (!parse_string_contents (parser, quote, parser->scratch))
                  break;
                skip_space (parser);
                if (parser->p >= parser->end || *parser->p != ':')
                  {
                    fail (parser, MCP_JSON_PROBLEM_EXPECTED_COLON);
                    break;
                  }
                parser->p++;
              }

            if (!skip_value (parser))
              break;

            skip_space (parser);
            if (parser->p < parser->end && *parser->p == ',')
              {
                parser->p++;
                continue;
              }
            if (parser->p < parser->end && *parser->p == close)
              {
                parser->p++;
                ok = TRUE;
                break;
              }
            fail (parser, is_object ? MCP_JSON_PROBLEM_EXPECTED_OBJECT_END : MCP_JSON_PROBLEM_EXPECTED_ARRAY_END);
            break;
          }
      }
      break;

    case '"':
      {
        const char *quote = parser->p++;

        ok = parse_string_contents (parser, quote, parser->scratch);
      }
      break;

    case 't':
      ok = expect_word (parser, "true", 4);
      break;

    case 'f':
      ok = expect_word (parser, "false", 5);
      break;

    case 'n':
      ok = expect_word (parser, "null", 4);
      break;

    default:
      if (*parser->p == '-' || g_ascii_isdigit (*parser->p))
        {
          JsonNode *number = parse_number (parser);

          ok = number != NULL;
          g_clear_pointer (&number, json_node_unref);
        }
      else
        fail (parser, MCP_JSON_PROBLEM_EXPECTED_VALUE);
      break;
    }

  parser->depth--;

  return ok;
}

/* The problem as the protocol's errors have always said it, each a whole
 * sentence with the byte offset in it. */
static void
set_error (const McpJsonFailure  *failure,
           gsize                  length,
           GError               **error)
{
  unsigned long at = failure->offset;
  gboolean at_end = failure->offset >= length;
  gboolean short_escape = failure->offset + 4 > length;

  switch (failure->problem)
    {
    case MCP_JSON_PROBLEM_EXPECTED_VALUE:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   /* Translators: the %lu in this message and the ones below
                    * is the position of the problem in the JSON text, in
                    * bytes from its start */
                   at_end ? _("unexpected end at byte %lu")
                          : _("unexpected character at byte %lu"),
                   at);
      break;
    case MCP_JSON_PROBLEM_BAD_WORD:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_BAREWORD,
                   _("unexpected word at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("expected a member name at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_COLON:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_MISSING_COLON,
                   _("expected ':' at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_OBJECT_END:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_MISSING_COMMA,
                   _("expected ',' or '}' at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_ARRAY_END:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_MISSING_COMMA,
                   _("expected ',' or ']' at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_DIGIT:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("bad number at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("bad fraction at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("bad exponent at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_UNTERMINATED_STRING:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("unterminated string at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("unterminated escape at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_CONTROL_CHARACTER:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("control character in a string at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_BAD_ESCAPE:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("bad escape at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   short_escape ? _("short \\u escape at byte %lu")
                                : _("bad \\u escape at byte %lu"),
                   at);
      break;
    case MCP_JSON_PROBLEM_NUL:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("NUL in a string at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_INVALID_UTF8:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("invalid UTF-8 in a string at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_TOO_DEEP:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("nested too deeply at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_TOO_MANY_VALUES:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("too many values at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_STRING_TOO_LONG:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                   _("string too long at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_TRAILING_DATA:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("trailing data after the message at byte %lu"), at);
      break;
    case MCP_JSON_PROBLEM_NONE:
    default:
      g_assert_not_reached ();
    }
}

static JsonNode *
read_text (const char                *data,
           gsize                      length,
           const McpJsonReadOptions  *options,
           RawState                   raw_state,
           McpJsonFailure            *failure,
           GError                   **error)
{
  Parser parser = { data, data, data + length };
  g_autoptr(GString) scratch = g_string_sized_new (64);
  JsonNode *node;
  guint token;

  parser.scratch = scratch;
  parser.max_depth = MCP_JSON_MAX_DEPTH;
  if (options != NULL)
    {
      if (options->max_depth != 0)
        parser.max_depth = options->max_depth;
      parser.max_values = options->max_values;
      parser.max_string_length = options->max_string_length;
      parser.member = options->member;
      parser.element = options->element;
      parser.number = options->number;
      parser.data = options->data;
    }

  /* A byte order mark is tolerated, as json-glib does. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    parser.p += 3;

  token = parser.element != NULL ? report_element (&parser, MCP_JSON_ROOT, 0) : 0;
  parser.raw_state = raw_state;
  node = parse_value (&parser, token);
  if (node != NULL)
    {
      skip_space (&parser);
      if (parser.p != parser.end)
        {
          fail (&parser, MCP_JSON_PROBLEM_TRAILING_DATA);
          g_clear_pointer (&node, json_node_unref);
        }
    }

  if (failure != NULL)
    *failure = parser.failure;
  if (node == NULL)
    set_error (&parser.failure, length, error);

  return node;
}

/**
 * mcp_json_read:
 * @data: one JSON text (RFC 8259, UTF-8); a byte order mark is skipped
 * @length: its length in bytes
 * @options: (nullable): limits and callbacks, or %NULL for a protocol
 *   message (nesting bounded; the transport bounds the rest)
 * @failure: (out caller-allocates) (optional): what stopped the reader, at
 *   which byte
 * @error: return location for a %JSON_PARSER_ERROR naming the byte
 *
 * Reads @data into a tree of JsonNodes. json-glib 1.6 builds a scanner
 * with its own tables for every document, which costs more than a small
 * message itself; this reader allocates only the nodes. Integers that fit
 * in 64 bits become %G_TYPE_INT64 values, other numbers doubles (see
 * mcp_json_number_new()). A key repeated in an object keeps its first
 * place and its last value, as with json-glib, at no extra cost.
 *
 * Returns: (transfer full) (nullable): the tree, or %NULL on bad input
 */
JsonNode *
mcp_json_read (const char                *data,
               gsize                      length,
               const McpJsonReadOptions  *options,
               McpJsonFailure            *failure,
               GError                   **error)
{
  return read_text (data, length, options, RAW_NONE, failure, error);
}

JsonNode *
_mcp_json_parse (const char  *data,
                 gsize        length,
                 GError     **error)
{
  return read_text (data, length, NULL, RAW_NONE, NULL, error);
}

JsonNode *
_mcp_json_parse_message (const char  *data,
                         gsize        length,
                         GError     **error)
{
  return read_text (data, length, NULL, RAW_ROOT, NULL, error);
}
