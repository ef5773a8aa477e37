/* mcp-item.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_ITEM (mcp_item_get_type ())

G_DECLARE_DERIVABLE_TYPE (McpItem, mcp_item, MCP, ITEM, GObject)

/**
 * McpItemClass:
 * @get_label: what to show for the item. The default is the title, else
 *   the name.
 *
 * An entry of one of a server's lists: what every kind has in common.
 */
struct _McpItemClass
{
  GObjectClass parent_class;

  const char *(*get_label) (McpItem *self);

  /*< private >*/
  gpointer _reserved[4];
};

const char *mcp_item_get_name        (McpItem *self);
const char *mcp_item_get_title       (McpItem *self);
const char *mcp_item_get_description (McpItem *self);
JsonNode   *mcp_item_get_meta        (McpItem *self);
JsonObject *mcp_item_get_json        (McpItem *self);
JsonObject *mcp_item_dup_json        (McpItem *self);
void        mcp_item_write_json      (McpItem *self,
                                      GString *out);
const char *mcp_item_get_label       (McpItem *self);

G_END_DECLS
