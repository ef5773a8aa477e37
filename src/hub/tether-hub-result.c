/* tether-hub-result.c — how the hub says who it is, and shapes a result for a stateless client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lowest piece of the hub's request handling: the session, the
 * methods and the calls of both eras use it, and it uses none of them.
 */

#include "config.h"

#include "mcp-era.h"
#include "tether-hub-private.h"

/* Whether @object's @name is a string. */
static gboolean
has_string (JsonObject *object,
            const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/**
 * _tether_hub_server_info_new:
 *
 * Returns: (transfer full): the hub as `serverInfo`
 */
JsonObject *
_tether_hub_server_info_new (void)
{
  JsonObject *info = json_object_new ();

  json_object_set_string_member (info, "name", "tether");
  json_object_set_string_member (info, "title", "Tether");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);

  return info;
}

/* Lists and reads a client may cache, for as long as `ttlMs` says. */
static const char * const cacheable_methods[] = {
  "server/discover", "tools/list", "prompts/list", "resources/list",
  "resources/templates/list", "resources/read", NULL
};

/**
 * _tether_hub_stateless_result:
 * @method: the method answered
 * @result: its result
 *
 * Returns: (transfer full): @result as a client of the stateless revision
 *   gets it: with `resultType` (complete unless it says otherwise), the
 *   hub as serverInfo in `_meta`, and cache hints on lists
 */
JsonObject *
_tether_hub_stateless_result (const char *method,
                              JsonObject *result)
{
  JsonObject *copy = json_object_new ();
  g_autoptr(GList) members = json_object_get_members (result);
  JsonNode *meta_node = json_object_get_member (result, "_meta");
  JsonObject *meta;

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "_meta"))
      json_object_set_member (copy, l->data, json_node_copy (json_object_get_member (result, l->data)));

  if (!has_string (copy, "resultType"))
    json_object_set_string_member (copy, "resultType", "complete");

  if (g_strv_contains (cacheable_methods, method) &&
      g_str_equal (json_object_get_string_member (copy, "resultType"), "complete"))
    {
      /* The hub's lists carry the hints merged from their servers
       * (tether_hub_catalog_list_hints()); anything else, a read or the
       * discovery, changes with the hub's servers and is this user's. */
      if (!g_str_has_suffix (method, "/list") || !json_object_has_member (copy, "ttlMs"))
        {
          json_object_set_int_member (copy, "ttlMs", 0);
          json_object_set_string_member (copy, "cacheScope", "private");
        }
    }

  if (meta_node != NULL && JSON_NODE_HOLDS_OBJECT (meta_node))
    {
      g_autoptr(JsonNode) meta_copy = json_node_copy (meta_node);

      meta = json_node_dup_object (meta_copy);
    }
  else
    meta = json_object_new ();
  json_object_set_object_member (meta, MCP_META_SERVER_INFO, _tether_hub_server_info_new ());
  json_object_set_object_member (copy, "_meta", meta);

  return copy;
}
