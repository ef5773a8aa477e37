/* mcp-json-tree.c — building and copying JSON trees
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-json"

#include "config.h"

#include "mcp-json.h"
#include "mcp-json-private.h"

struct _McpJsonObjectBuilder
{
  GHashTable *members;  /* key → JsonNode */
  GPtrArray  *keys;     /* in the order they first came; owned by members */
};

/**
 * mcp_json_object_builder_new:
 *
 * Returns: (transfer full): an empty object being read
 */
McpJsonObjectBuilder *
mcp_json_object_builder_new (void)
{
  McpJsonObjectBuilder *self = g_new0 (McpJsonObjectBuilder, 1);

  self->members = g_hash_table_new_full (g_str_hash, g_str_equal,
                                         g_free, (GDestroyNotify)json_node_unref);
  self->keys = g_ptr_array_new ();

  return self;
}

/**
 * mcp_json_object_builder_free:
 * @self: (transfer full): a builder, abandoned
 */
void
mcp_json_object_builder_free (McpJsonObjectBuilder *self)
{
  g_hash_table_unref (self->members);
  g_ptr_array_unref (self->keys);
  g_free (self);
}

/**
 * mcp_json_object_builder_has:
 * @self: a builder
 * @key: a member name
 *
 * Returns: whether @key was set already
 */
gboolean
mcp_json_object_builder_has (McpJsonObjectBuilder *self,
                             const char           *key)
{
  return g_hash_table_contains (self->members, key);
}

/**
 * mcp_json_object_builder_set:
 * @self: a builder
 * @key: a member name
 * @value: (transfer full): its value
 *
 * Sets @key to @value: a new key goes last, a known one keeps its place.
 */
void
mcp_json_object_builder_set (McpJsonObjectBuilder *self,
                             const char           *key,
                             JsonNode             *value)
{
  char *copy = g_strdup (key);

  if (!g_hash_table_contains (self->members, key))
    g_ptr_array_add (self->keys, copy);
  /* A key already there keeps its first copy; this one is freed. */
  g_hash_table_insert (self->members, copy, value);
}

/**
 * mcp_json_object_builder_end:
 * @self: (transfer full): a builder
 *
 * Returns: (transfer full): the object, each key once; frees @self
 */
JsonNode *
mcp_json_object_builder_end (McpJsonObjectBuilder *self)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (guint i = 0; i < self->keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->keys, i);

      JsonNode *value = g_hash_table_lookup (self->members, key);

      json_object_set_member (object, key, json_node_ref (value));
    }
  mcp_json_object_builder_free (self);
  json_node_take_object (node, object);

  return node;
}

/**
 * mcp_json_deep_copy:
 * @node: a JSON value
 *
 * json_node_copy() shares an object or array with the original; this copy
 * shares nothing, so either may change without the other seeing it.
 *
 * Returns: (transfer full): a copy of @node and all it holds
 */
JsonNode *
mcp_json_deep_copy (JsonNode *node)
{
  JsonNode *copy;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_object_new ();
        JsonObjectIter iter;
        const char *key;
        JsonNode *member;

        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &key, &member))
          json_object_set_member (object, key, mcp_json_deep_copy (member));
        copy = json_node_new (JSON_NODE_OBJECT);
        json_node_take_object (copy, object);
        return copy;
      }

    case JSON_NODE_ARRAY:
      {
        JsonArray *source = json_node_get_array (node);
        guint n = json_array_get_length (source);
        JsonArray *array = json_array_sized_new (n);

        for (guint i = 0; i < n; i++)
          json_array_add_element (array, mcp_json_deep_copy (json_array_get_element (source, i)));
        copy = json_node_new (JSON_NODE_ARRAY);
        json_node_take_array (copy, array);
        return copy;
      }

    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      return json_node_copy (node);
    }
}

/* Whether @object's @member is an array holding the string @value. */
gboolean
_mcp_json_array_has_string (JsonObject *object,
                            const char *member,
                            const char *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING &&
          g_strcmp0 (json_node_get_string (element), value) == 0)
        return TRUE;
    }

  return FALSE;
}

/* A shallow copy of @object with deep copies of its members; an empty
 * object for %NULL. */
JsonObject *
_mcp_json_object_copy (JsonObject *object)
{
  JsonObject *copy = json_object_new ();
  g_autoptr(GList) members = NULL;

  if (object == NULL)
    return copy;

  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (copy, l->data, json_node_copy (json_object_get_member (object, l->data)));

  return copy;
}
