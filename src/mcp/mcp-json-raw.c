/* mcp-json-raw.c — raw nodes: list entries kept as their text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-json"

#include "config.h"

#include <string.h>

#include "mcp-json.h"
#include "mcp-json-private.h"

/* A list answer read by _mcp_json_parse_message() holds its entries as
 * raw nodes: the list code builds each entry's tree on its own and lets
 * it go, any other reader of the answer expands them first. */

const char * const _mcp_json_raw_lists[4] = { "tools", "prompts", "resources", "resourceTemplates" };

/**
 * mcp_json_raw_new_take:
 * @text: (transfer full): JSON text, compact: one value, no newline
 *
 * A value already written, kept as its text: mcp_json_write() splices the
 * text where the node stands, with no tree built. Only the mcp-json
 * writer knows such a node (json-glib's generator would write it as a
 * string): a message that holds one is written by mcp_json_write().
 *
 * Returns: (transfer full): a raw node of @text; @text is freed
 */
JsonNode *
mcp_json_raw_new_take (GString *text)
{
  JsonNode *node;

  g_return_val_if_fail (text != NULL, NULL);

  g_string_prepend_c (text, MCP_JSON_RAW_MARK);
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_string (node, text->str);
  g_string_free (text, TRUE);

  return node;
}

/**
 * _mcp_json_parse_raw:
 * @node: a node, raw or not
 *
 * Returns: (transfer full) (nullable): the tree of the text a raw node
 *   holds, or %NULL if @node is not raw
 */
JsonNode *
_mcp_json_parse_raw (JsonNode *node)
{
  const char *text = _mcp_json_raw_text (node);
  JsonNode *tree;

  if (text == NULL)
    return NULL;

  /* The reader checked the text already: only a bug can fail here. */
  tree = _mcp_json_parse (text, strlen (text), NULL);
  if (tree == NULL)
    {
      g_critical ("a raw node that does not parse: %.40s", text);
      tree = json_node_new (JSON_NODE_NULL);
    }

  return tree;
}

/**
 * _mcp_json_expand_raw_entries:
 * @result: (nullable): the result of an answer
 *
 * Expands the raw entries of the lists @result holds, for a reader that
 * wants the whole tree. (A node cannot change its kind in place: json-glib
 * 1.6 leaves a freed pointer in a node given a new kind, so each list with
 * raw entries is replaced.)
 */
void
_mcp_json_expand_raw_entries (JsonNode *result)
{
  JsonObject *object;

  if (result == NULL || !JSON_NODE_HOLDS_OBJECT (result))
    return;

  object = json_node_get_object (result);
  for (guint i = 0; i < G_N_ELEMENTS (_mcp_json_raw_lists); i++)
    {
      JsonNode *list = json_object_get_member (object, _mcp_json_raw_lists[i]);
      JsonArray *array;
      JsonArray *expanded;
      guint n;

      if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
        continue;

      array = json_node_get_array (list);
      n = json_array_get_length (array);
      expanded = json_array_sized_new (n);
      for (guint j = 0; j < n; j++)
        {
          JsonNode *element = json_array_get_element (array, j);
          JsonNode *tree = _mcp_json_parse_raw (element);

          json_array_add_element (expanded, tree != NULL ? tree : json_node_ref (element));
        }
      json_object_set_array_member (object, _mcp_json_raw_lists[i], expanded);
    }
}
