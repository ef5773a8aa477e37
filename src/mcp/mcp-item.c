/* mcp-item.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-item"

#include "config.h"

#include "mcp-item.h"
#include "mcp-json-private.h"

/* The base of McpTool, McpPrompt and McpResource: the entry as the server
 * sent it and the members every kind shares (name, title, description,
 * _meta). A subclass checks what it requires of the entry, then creates
 * itself with the entry as #McpItem:json and reads its own members. */

typedef struct
{
  JsonObject *json;
  char       *name;
  char       *title;
  char       *description;
  JsonNode   *meta;
} McpItemPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (McpItem, mcp_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_JSON,
  PROP_NAME,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_META,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_item_set_json (McpItem    *self,
                   JsonObject *object)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_assert (priv->json == NULL);

  if (object == NULL)
    return;

  priv->json = json_object_ref (object);
  priv->name = mcp_json_dup_string (object, "name");
  priv->title = mcp_json_dup_string (object, "title");
  priv->description = mcp_json_dup_string (object, "description");
  priv->meta = mcp_json_dup_node (object, "_meta");
}

static const char *
mcp_item_real_get_label (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  if (priv->title != NULL && *priv->title != '\0')
    return priv->title;

  return priv->name;
}

static void
mcp_item_finalize (GObject *object)
{
  McpItem *self = (McpItem *)object;
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_clear_pointer (&priv->json, json_object_unref);
  g_clear_pointer (&priv->name, g_free);
  g_clear_pointer (&priv->title, g_free);
  g_clear_pointer (&priv->description, g_free);
  g_clear_pointer (&priv->meta, json_node_unref);

  G_OBJECT_CLASS (mcp_item_parent_class)->finalize (object);
}

static void
mcp_item_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpItem *self = MCP_ITEM (object);
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_JSON:
      g_value_set_boxed (value, priv->json);
      break;

    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;

    case PROP_TITLE:
      g_value_set_string (value, priv->title);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, priv->description);
      break;

    case PROP_META:
      g_value_set_boxed (value, priv->meta);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_item_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  McpItem *self = MCP_ITEM (object);

  switch (prop_id)
    {
    case PROP_JSON:
      mcp_item_set_json (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_item_class_init (McpItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_item_finalize;
  object_class->get_property = mcp_item_get_property;
  object_class->set_property = mcp_item_set_property;

  klass->get_label = mcp_item_real_get_label;

  /**
   * McpItem:json:
   *
   * The entry as the server sent it.
   */
  properties[PROP_JSON] =
    g_param_spec_boxed ("json", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpItem:name:
   *
   * The programmatic name.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpItem:title:
   *
   * The human title, if any.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpItem:description:
   *
   * What the item does or holds, if said.
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpItem:meta:
   *
   * The entry's `_meta` member, if any: what the server adds for its
   * clients, untrusted.
   */
  properties[PROP_META] =
    g_param_spec_boxed ("meta", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_item_init (McpItem *self)
{
}

const char *
mcp_item_get_name (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return priv->name;
}

const char *
mcp_item_get_title (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return priv->title;
}

const char *
mcp_item_get_description (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return priv->description;
}

/**
 * mcp_item_get_meta:
 * @self: a #McpItem
 *
 * Returns: (transfer none) (nullable): the entry's `_meta` member
 */
JsonNode *
mcp_item_get_meta (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return priv->meta;
}

/**
 * mcp_item_get_json:
 * @self: a #McpItem
 *
 * Returns: (transfer none): the entry as the server sent it
 */
JsonObject *
mcp_item_get_json (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return priv->json;
}

/**
 * mcp_item_get_label:
 * @self: a #McpItem
 *
 * Returns: (nullable): what to show for it: the title, else what the kind
 *   of item falls back to (the name, for most)
 */
const char *
mcp_item_get_label (McpItem *self)
{
  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return MCP_ITEM_GET_CLASS (self)->get_label (self);
}
