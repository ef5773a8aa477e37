/* mcp-json-private.h — JSON helpers shared inside src/mcp: a fast parser
 * and writer for messages, and small json-glib accessors
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The reader's bounds. It reads one message, already bounded by the
 * transport's maximum message size, so: nesting is bounded here (a hostile
 * message must not overflow the stack); no string can be longer than the
 * message; and it builds at most one value for every two bytes, plus one
 * (each takes a byte and a separator). The readers of files keep
 * the limits of src/config/tether-read-limits.h instead. */
#define MCP_JSON_MAX_DEPTH 512

/* Parses one JSON text (RFC 8259, UTF-8) into a tree of JsonNodes.
 * json-glib 1.6 builds a scanner with its own tables for every document,
 * which costs more than a small message itself; this parser allocates only
 * the nodes. Integers that fit in 64 bits become G_TYPE_INT64 values, other
 * numbers doubles, as with json-glib. Returns NULL with a
 * JSON_PARSER_ERROR on bad input (with the byte offset). */
JsonNode *_mcp_json_parse (const char  *data,
                           gsize        length,
                           GError     **error);

/* Parses one protocol message as _mcp_json_parse() does, except that
 * each entry of a list answer (`result.tools`, `result.prompts`,
 * `result.resources`, `result.resourceTemplates`) that is an object is
 * checked but not built: it stays its text, in a raw node (below), so
 * that a list of ten thousand tools is never a tree all at once. */
JsonNode *_mcp_json_parse_message (const char  *data,
                                   gsize        length,
                                   GError     **error);

/* A raw node is a string node whose text starts with this byte, which
 * no parsed string can hold (it is never valid UTF-8); the JSON text of
 * the value follows it, exactly as it came. */
#define MCP_JSON_RAW_MARK '\xff'

/* The JSON text a raw node holds, or NULL if @node is not one. */
static inline const char *
_mcp_json_raw_text (JsonNode *node)
{
  const char *str;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  str = json_node_get_string (node);

  return str != NULL && str[0] == MCP_JSON_RAW_MARK ? str + 1 : NULL;
}

/* The members of a result whose entries a message keeps raw. */
extern const char * const _mcp_json_raw_lists[4];

JsonNode *_mcp_json_parse_raw          (JsonNode    *node);
void      _mcp_json_expand_raw_entries (JsonNode    *result);

/* Appends @node to @out as compact JSON: no newline can appear in it, so
 * it is one line of a stdio stream. A raw node is written as the text it
 * holds. */
void      _mcp_json_write (JsonNode    *node,
                           GString     *out);

/* mcp-json-tree.c */
JsonObject *_mcp_json_object_copy      (JsonObject  *object);
gboolean    _mcp_json_array_has_string (JsonObject  *object,
                                        const char  *member,
                                        const char  *value);

/* TRUE if @member of @object is a JSON string. */
static inline gboolean
mcp_json_has_string (JsonObject *object,
                     const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

/* @member as a new string, or NULL if absent or not a string. */
static inline char *
mcp_json_dup_string (JsonObject *object,
                     const char *member)
{
  return mcp_json_has_string (object, member) ? g_strdup (json_object_get_string_member (object, member)) : NULL;
}

/* A new reference to @member, or NULL if absent or null. */
static inline JsonNode *
mcp_json_dup_node (JsonObject *object,
                   const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;

  return json_node_ref (node);
}

G_END_DECLS
