/* tether-config-document-json.c — JSON and JSONC documents
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The JSONC pre-pass, then the protocol's JSON reader (mcp-json.h), told
 * the read limits and asked where each value starts. */

#define G_LOG_DOMAIN "tether-config-document"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mcp-json.h"

#include "tether-config-document-private.h"

/* JSONC */

/**
 * tether_config_document_skip_blank:
 * @p: where to start
 * @end: the end of the text
 *
 * Returns: where the next token starts after white space and JSONC
 *   comments, or @end
 */
const char *
tether_config_document_skip_blank (const char *p,
                                    const char *end)
{
  while (p < end)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
      else if (p + 1 < end && p[0] == '/' && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
        }
      else if (p + 1 < end && p[0] == '/' && p[1] == '*')
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "*/");

          p = close != NULL ? close + 2 : end;
        }
      else
        break;
    }

  return p;
}

static void
blank (GString    *out,
       const char *from,
       const char *to)
{
  /* One space per character, newlines kept: columns count characters. */
  for (const char *p = from; p < to; p++)
    {
      if (*p == '\n' || *p == '\r')
        g_string_append_c (out, *p);
      else if (((guchar)*p & 0xC0) != 0x80)
        g_string_append_c (out, ' ');
    }
}

/**
 * tether_config_document_strip_jsonc:
 * @text: JSON with comments (JSONC), UTF-8
 * @length: length of @text in bytes
 *
 * The JSONC pre-pass: outside strings, replaces line comments, block
 * comments and the commas before a `}` or `]` with spaces, one per
 * character, keeping every newline, so that each remaining character keeps
 * its line and column. An unterminated block comment is blanked to the end.
 * The result is plain JSON for any parser, json-glib included.
 *
 * Returns: (transfer full): the text without comments and trailing commas
 */
char *
tether_config_document_strip_jsonc (const char *text,
                                    gsize       length)
{
  const char *end = text + length;
  GString *out = g_string_sized_new (length + 1);
  const char *p = text;

  while (p < end)
    {
      if (*p == '"')
        {
          const char *start = p++;

          while (p < end && *p != '"' && *p != '\n')
            p += (*p == '\\' && p + 1 < end) ? 2 : 1;
          if (p < end && *p == '"')
            p++;
          g_string_append_len (out, start, p - start);
        }
      else if (p + 1 < end && p[0] == '/' && (p[1] == '/' || p[1] == '*'))
        {
          const char *next;

          if (p[1] == '/')
            {
              next = p;
              while (next < end && *next != '\n')
                next++;
            }
          else
            {
              next = g_strstr_len (p + 2, end - p - 2, "*/");
              next = next != NULL ? next + 2 : end;
            }
          blank (out, p, next);
          p = next;
        }
      else if (*p == ',')
        {
          const char *next = tether_config_document_skip_blank (p + 1, end);

          if (next < end && (*next == '}' || *next == ']'))
            g_string_append_c (out, ' ');
          else
            g_string_append_c (out, ',');
          p++;
        }
      else
        g_string_append_c (out, *p++);
    }

  return g_string_free (out, FALSE);
}

/* JSON on the protocol's reader, which reports where everything is. */

typedef struct
{
  TetherConfigDocument *doc;
  const char           *text;
  const char           *end;
  const char           *counted;      /* lines are counted up to here */
  guint                 line;
  const char           *line_start;
  TetherColumn          column;
} JsonReading;

/* The line and column of @offset. Offsets mostly move forward, so lines
 * are counted on from the last one asked for: linear in the text. */
static void
json_reading_locate (JsonReading *reading,
                     gsize        offset,
                     guint       *line,
                     guint       *column)
{
  const char *at = reading->text + MIN (offset, (gsize)(reading->end - reading->text));
  const char *newline;

  if (at < reading->counted)
    {
      reading->counted = reading->text;
      reading->line = 1;
      reading->line_start = reading->text;
    }

  while ((newline = memchr (reading->counted, '\n', at - reading->counted)) != NULL)
    {
      reading->line++;
      reading->line_start = newline + 1;
      reading->counted = newline + 1;
    }
  reading->counted = at;

  *line = reading->line;
  *column = _tether_column_at (&reading->column, reading->line_start, at);
}

/* A member is where its key is. */
static guint
on_member (gpointer    data,
           guint       parent,
           const char *key,
           gsize       offset,
           gboolean    repeated)
{
  JsonReading *reading = data;
  guint line, column;
  guint member;

  json_reading_locate (reading, offset, &line, &column);
  member = _tether_config_document_add_position (reading->doc, parent, key, line, column);
  if (repeated)
    _tether_config_document_add_duplicate (reading->doc, member, line, column);

  return member;
}

/* An element, or the root, is where its value starts. */
static guint
on_element (gpointer data,
            guint    parent,
            guint    index,
            gsize    offset)
{
  JsonReading *reading = data;
  guint line, column;

  json_reading_locate (reading, offset, &line, &column);
  if (parent == MCP_JSON_ROOT)
    return _tether_config_document_add_position (reading->doc, TETHER_CONFIG_DOCUMENT_NO_POSITION,
                                                 NULL, line, column);

  return _tether_config_document_add_element (reading->doc, parent, index, line, column);
}

/* The tree keeps a number's value; its text is kept beside it, unless it
 * is an integer that prints as it was written. */
static void
on_number (gpointer    data,
           guint       position,
           const char *text,
           gsize       length,
           JsonNode   *node)
{
  JsonReading *reading = data;
  char printed[32];

  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      g_snprintf (printed, sizeof printed, "%" G_GINT64_FORMAT, json_node_get_int (node));
      if (strlen (printed) == length && memcmp (printed, text, length) == 0)
        return;
    }

  _tether_config_document_add_literal (reading->doc, position, text, length);
}

/* What the reader stopped at, said for a person, with the line and column
 * of the offending character. */
static GError *
json_reading_error (JsonReading          *reading,
                    const McpJsonFailure *failure)
{
  const char *at = reading->text + failure->offset;
  const char *expected = NULL;
  g_autofree char *found = NULL;
  g_autofree char *message = NULL;
  gsize where = failure->offset;
  guint line, column;

  switch (failure->problem)
    {
    case MCP_JSON_PROBLEM_TOO_DEEP:
    case MCP_JSON_PROBLEM_TOO_MANY_VALUES:
    case MCP_JSON_PROBLEM_STRING_TOO_LONG:
      {
        TetherConfigDocumentLimit limit = TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH;

        if (failure->problem == MCP_JSON_PROBLEM_TOO_DEEP)
          limit = TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH;
        else if (failure->problem == MCP_JSON_PROBLEM_TOO_MANY_VALUES)
          limit = TETHER_CONFIG_DOCUMENT_LIMIT_NODES;
        else
          where = failure->start;
        json_reading_locate (reading, where, &line, &column);
        return _tether_config_document_limit_error (reading->doc, limit, line, column);
      }

    case MCP_JSON_PROBLEM_EXPECTED_VALUE:
    case MCP_JSON_PROBLEM_BAD_WORD:
      if (at < reading->end && *at == '\'')
        message = g_strdup (_("strings must be in double quotes, found “'”"));
      else
        expected = _("a value");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME:
      expected = _("a member name in double quotes");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_COLON:
      expected = _("“:” after the member name");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_OBJECT_END:
      expected = _("“,” or “}” after an object member");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_ARRAY_END:
      expected = _("“,” or “]” after an array element");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_DIGIT:
      expected = _("a digit");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT:
      expected = _("a digit after the decimal point");
      break;
    case MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT:
      expected = _("a digit in the exponent");
      break;
    case MCP_JSON_PROBLEM_TRAILING_DATA:
      found = _tether_config_document_describe_char (at, reading->end);
      message = g_strdup_printf (_("expected the end of the file after the JSON value, found %s"),
                                 found);
      break;
    case MCP_JSON_PROBLEM_UNTERMINATED_STRING:
    case MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE:
      where = failure->start;
      message = g_strdup (_("this string is not closed before the end of the file"));
      break;
    case MCP_JSON_PROBLEM_CONTROL_CHARACTER:
      if (*at == '\n')
        {
          where = failure->start;
          message = g_strdup (_("this string is not closed before the end of the line"));
        }
      else
        /* Translators: control character U+0007 inside a string… */
        message = g_strdup_printf (_("control character U+%04X inside a string "
                                     "(write it as an escape)"), (guchar)*at);
      break;
    case MCP_JSON_PROBLEM_BAD_ESCAPE:
      where = failure->start;
      found = _tether_config_document_describe_char (at, reading->end);
      message = g_strdup_printf (_("invalid escape “\\%s” in a string"), found);
      break;
    case MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE:
      where = failure->start;
      message = g_strdup (_("“\\u” must be followed by four hexadecimal digits"));
      break;
    case MCP_JSON_PROBLEM_NUL:
      where = failure->start;
      message = g_strdup (_("a string must not contain U+0000"));
      break;
    case MCP_JSON_PROBLEM_INVALID_UTF8:
      message = g_strdup_printf (_("the text is not valid UTF-8 (byte 0x%02X)"), (guchar)*at);
      break;
    case MCP_JSON_PROBLEM_NONE:
    default:
      g_assert_not_reached ();
    }

  if (expected != NULL)
    {
      found = _tether_config_document_describe_char (at, reading->end);
      /* Translators: expected “,” or “}”, found “"” */
      message = g_strdup_printf (_("expected %s, found %s"), expected, found);
    }

  json_reading_locate (reading, where, &line, &column);

  return _tether_config_document_error (reading->doc, TETHER_CONFIG_ERROR_SYNTAX, line, column,
                                        "%s", message);
}

/**
 * tether_config_document_parse_json:
 * @text: JSON or JSONC text, UTF-8; a byte order mark is skipped
 * @length: length of @text, or -1 if nul-terminated
 * @file_name: (nullable): the name errors give the document
 * @error: return location for an error
 *
 * Parses JSON with comments and trailing commas. A syntax error is
 * %TETHER_CONFIG_ERROR_SYNTAX with the line and column of the offending
 * character and what was expected there; text that is not UTF-8 is
 * %TETHER_CONFIG_ERROR_BINARY. A key repeated in one object is not an error
 * here: see tether_config_document_get_n_duplicates().
 *
 * Returns: (transfer full) (nullable): the document, or %NULL on error
 */
TetherConfigDocument *
tether_config_document_parse_json (const char  *text,
                                   gssize       length,
                                   const char  *file_name,
                                   GError     **error)
{
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autofree char *stripped = NULL;
  JsonReading reading = { 0 };
  McpJsonReadOptions options = {
    .max_depth = TETHER_READ_MAX_DEPTH,
    .max_values = TETHER_READ_MAX_NODES,
    .max_string_length = TETHER_READ_MAX_STRING_LENGTH,
    .member = on_member,
    .element = on_element,
    .number = on_number,
    .data = &reading,
  };
  McpJsonFailure failure;
  JsonNode *root;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = _tether_config_document_begin (&text, &length, TRUE, file_name, error);
  if (doc == NULL)
    return NULL;

  /* Comments and trailing commas become blanks: positions stay true. */
  stripped = tether_config_document_strip_jsonc (text, length);

  reading.doc = doc;
  reading.text = stripped;
  reading.end = stripped + strlen (stripped);
  reading.counted = stripped;
  reading.line = 1;
  reading.line_start = stripped;

  root = mcp_json_read (stripped, reading.end - stripped, &options, &failure, NULL);
  if (root == NULL)
    {
      g_propagate_error (error, json_reading_error (&reading, &failure));
      return NULL;
    }

  _tether_config_document_take_root (doc, root);

  return g_steal_pointer (&doc);
}
