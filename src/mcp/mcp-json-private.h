/* mcp-json-private.h — small json-glib helpers shared inside src/mcp
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* TRUE if @member of @object is a JSON string. */
static inline gboolean
has_string (JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

/* @member as a new string, or NULL if absent or not a string. */
static inline char *
dup_string (JsonObject *object,
            const char *member)
{
  return has_string (object, member) ? g_strdup (json_object_get_string_member (object, member)) : NULL;
}

/* A new reference to @member, or NULL if absent or null. */
static inline JsonNode *
dup_node (JsonObject *object,
          const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;

  return json_node_ref (node);
}

G_END_DECLS
