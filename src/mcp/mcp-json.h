/* mcp-json.h — the one JSON reader of Tether, and the writer's pieces
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * McpJsonProblem:
 * @MCP_JSON_PROBLEM_NONE: no problem
 * @MCP_JSON_PROBLEM_EXPECTED_VALUE: no value where one must start (the end
 *   of the text, or a character no value starts with)
 * @MCP_JSON_PROBLEM_BAD_WORD: a word that is not `true`, `false` or `null`
 * @MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME: no `"` where a member name must start
 * @MCP_JSON_PROBLEM_EXPECTED_COLON: no `:` after a member name
 * @MCP_JSON_PROBLEM_EXPECTED_OBJECT_END: no `,` or `}` after a member
 * @MCP_JSON_PROBLEM_EXPECTED_ARRAY_END: no `,` or `]` after an element
 * @MCP_JSON_PROBLEM_EXPECTED_DIGIT: a number without its first digit
 * @MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT: no digit after a decimal point
 * @MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT: no digit in an exponent
 * @MCP_JSON_PROBLEM_UNTERMINATED_STRING: the text ends inside a string
 * @MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE: the text ends after a backslash
 * @MCP_JSON_PROBLEM_CONTROL_CHARACTER: a raw control character (a newline
 *   too) inside a string
 * @MCP_JSON_PROBLEM_BAD_ESCAPE: a backslash before a character that has no
 *   escape
 * @MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE: `\u` without four hexadecimal digits
 * @MCP_JSON_PROBLEM_NUL: `\u0000`, which no C string can hold
 * @MCP_JSON_PROBLEM_INVALID_UTF8: a string that is not UTF-8
 * @MCP_JSON_PROBLEM_TOO_DEEP: values nested deeper than the limit
 * @MCP_JSON_PROBLEM_TOO_MANY_VALUES: more values than the limit
 * @MCP_JSON_PROBLEM_STRING_TOO_LONG: a string or member name longer than
 *   the limit
 * @MCP_JSON_PROBLEM_TRAILING_DATA: something after the value
 *
 * What stopped the reader: each caller words it for its own readers.
 */
typedef enum
{
  MCP_JSON_PROBLEM_NONE,
  MCP_JSON_PROBLEM_EXPECTED_VALUE,
  MCP_JSON_PROBLEM_BAD_WORD,
  MCP_JSON_PROBLEM_EXPECTED_MEMBER_NAME,
  MCP_JSON_PROBLEM_EXPECTED_COLON,
  MCP_JSON_PROBLEM_EXPECTED_OBJECT_END,
  MCP_JSON_PROBLEM_EXPECTED_ARRAY_END,
  MCP_JSON_PROBLEM_EXPECTED_DIGIT,
  MCP_JSON_PROBLEM_EXPECTED_FRACTION_DIGIT,
  MCP_JSON_PROBLEM_EXPECTED_EXPONENT_DIGIT,
  MCP_JSON_PROBLEM_UNTERMINATED_STRING,
  MCP_JSON_PROBLEM_UNTERMINATED_ESCAPE,
  MCP_JSON_PROBLEM_CONTROL_CHARACTER,
  MCP_JSON_PROBLEM_BAD_ESCAPE,
  MCP_JSON_PROBLEM_BAD_UNICODE_ESCAPE,
  MCP_JSON_PROBLEM_NUL,
  MCP_JSON_PROBLEM_INVALID_UTF8,
  MCP_JSON_PROBLEM_TOO_DEEP,
  MCP_JSON_PROBLEM_TOO_MANY_VALUES,
  MCP_JSON_PROBLEM_STRING_TOO_LONG,
  MCP_JSON_PROBLEM_TRAILING_DATA,
} McpJsonProblem;

/**
 * McpJsonFailure:
 * @problem: what went wrong
 * @offset: the byte where the reader stopped
 * @start: the byte where what it was reading began: the opening quote of a
 *   string (the backslash of a bad escape), the first byte of a number or
 *   of a word; else @offset
 */
typedef struct
{
  McpJsonProblem problem;
  gsize          offset;
  gsize          start;
} McpJsonFailure;

/**
 * MCP_JSON_ROOT:
 *
 * The parent the root value is reported under.
 */
#define MCP_JSON_ROOT G_MAXUINT

/**
 * McpJsonReadOptions:
 * @max_depth: how deeply values may nest, 0 for the bound of protocol
 *   messages (512)
 * @max_values: how many values the text may hold, 0 for no limit
 * @max_string_length: the longest string or member name in bytes (as
 *   read, escapes decoded), 0 for no limit
 * @member: (nullable): called for each member name, before its value, with
 *   the byte offset of its opening quote and whether the object had it
 *   already; returns the token its value is reported under
 * @element: (nullable): called where each array element (and the root,
 *   under %MCP_JSON_ROOT) starts; returns the token of that value
 * @number: (nullable): called for each number with the token of its value,
 *   its text as written and the node it became
 * @data: for the callbacks
 *
 * How a reader of files reads: its limits, and where it learns what is
 * where. Tokens are the caller's: the reader hands them back, as the
 * parent of what a value holds. Without callbacks nothing is reported and
 * nothing costs more than the bare tree.
 */
typedef struct
{
  guint      max_depth;
  guint      max_values;
  gsize      max_string_length;

  guint    (*member)  (gpointer    data,
                       guint       parent,
                       const char *key,
                       gsize       offset,
                       gboolean    repeated);
  guint    (*element) (gpointer    data,
                       guint       parent,
                       guint       index,
                       gsize       offset);
  void     (*number)  (gpointer    data,
                       guint       value,
                       const char *text,
                       gsize       length,
                       JsonNode   *node);
  gpointer   data;
} McpJsonReadOptions;

JsonNode *mcp_json_read              (const char                *data,
                                      gsize                      length,
                                      const McpJsonReadOptions  *options,
                                      McpJsonFailure            *failure,
                                      GError                   **error);
JsonNode *mcp_json_number_new        (const char                *text,
                                      gsize                      length);
JsonNode *mcp_json_deep_copy         (JsonNode                  *node);
void      mcp_json_write_string      (const char                *str,
                                      GString                   *out);
void      mcp_json_write             (JsonNode                  *node,
                                      GString                   *out);
JsonNode *mcp_json_raw_new_take      (GString                   *text);

/**
 * McpJsonObjectBuilder:
 *
 * An object being read whose keys may repeat: the later value counts, in
 * the earlier one's place, and a repeat costs no more than a new key
 * (json-glib finds the earlier place by a scan of every member).
 */
typedef struct _McpJsonObjectBuilder McpJsonObjectBuilder;

McpJsonObjectBuilder *mcp_json_object_builder_new  (void);
void                  mcp_json_object_builder_free (McpJsonObjectBuilder *self);
gboolean              mcp_json_object_builder_has  (McpJsonObjectBuilder *self,
                                                    const char           *key);
void                  mcp_json_object_builder_set  (McpJsonObjectBuilder *self,
                                                    const char           *key,
                                                    JsonNode             *value);
JsonNode             *mcp_json_object_builder_end  (McpJsonObjectBuilder *self);

G_END_DECLS
