/* mcp-item.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-item"

#include "config.h"

#include <string.h>

#include "mcp-item-private.h"
#include "mcp-json-private.h"

/* The base of McpTool, McpPrompt and McpResource: the entry as the server
 * sent it and the members every kind shares (name, title, description,
 * _meta). A subclass checks what it requires of the entry, then creates
 * itself with the entry as #McpItem:json and reads its own members.
 *
 * A server may list ten thousand tools: an item keeps its entry as compact
 * JSON text, not as a tree (a tree costs ten times its text), and builds a
 * tree of it only when asked for one. */

typedef struct
{
  char       *text;   /* the entry, compact JSON */
  JsonObject *json;   /* its tree, once asked for */
  char       *name;
  char       *title;
  char       *description;
  JsonNode   *meta;
  guint       meta_read : 1;
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

  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GString) text = NULL;

  g_assert (priv->text == NULL);

  if (object == NULL)
    return;

  node = json_node_init_object (json_node_alloc (), object);
  text = g_string_new (NULL);
  _mcp_json_write (node, text);
  /* Exactly its length: a GString keeps room to grow. */
  priv->text = g_strndup (text->str, text->len);
  priv->name = mcp_json_dup_string (object, "name");
  priv->title = mcp_json_dup_string (object, "title");
  priv->description = mcp_json_dup_string (object, "description");
}

/* A new tree of the entry, or the one already built. */
static JsonObject *
parse_entry (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);
  g_autoptr(JsonNode) node = NULL;

  if (priv->json != NULL)
    return json_object_ref (priv->json);

  if (priv->text == NULL)
    return json_object_new ();

  /* The text is this item's own writing of a tree: it parses. */
  node = _mcp_json_parse (priv->text, strlen (priv->text), NULL);
  g_assert (node != NULL && JSON_NODE_HOLDS_OBJECT (node));

  return json_object_ref (json_node_get_object (node));
}

/**
 * _mcp_item_dup_member:
 * @self: a #McpItem
 * @member: a member of its entry
 *
 * Builds the tree of one member of the entry, and only what it needs.
 *
 * Returns: (transfer full) (nullable): @member, or %NULL if absent or null
 */
JsonNode *
_mcp_item_dup_member (McpItem    *self,
                      const char *member)
{
  g_autoptr(JsonObject) entry = parse_entry (self);
  JsonNode *node = json_object_get_member (entry, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;

  /* A copy has no parent: the rest of the entry goes. */
  return json_node_copy (node);
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

  g_clear_pointer (&priv->text, g_free);
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
      g_value_set_boxed (value, mcp_item_get_json (self));
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
      g_value_set_boxed (value, mcp_item_get_meta (self));
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

  if (!priv->meta_read)
    {
      priv->meta = _mcp_item_dup_member (self, "_meta");
      priv->meta_read = TRUE;
    }

  return priv->meta;
}

/**
 * mcp_item_get_json:
 * @self: a #McpItem
 *
 * Builds the tree of the entry once, and keeps it as long as the item: to
 * read the whole entry of many items once, use mcp_item_dup_json() or
 * mcp_item_write_json().
 *
 * Returns: (transfer none): the entry as the server sent it
 */
JsonObject *
mcp_item_get_json (McpItem *self)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  if (priv->json == NULL)
    priv->json = parse_entry (self);

  return priv->json;
}

/**
 * mcp_item_dup_json:
 * @self: a #McpItem
 *
 * Returns: (transfer full): the entry as the server sent it, a tree the
 *   item does not keep
 */
JsonObject *
mcp_item_dup_json (McpItem *self)
{
  g_return_val_if_fail (MCP_IS_ITEM (self), NULL);

  return parse_entry (self);
}

/**
 * mcp_item_write_json:
 * @self: a #McpItem
 * @out: where to append
 *
 * Appends the entry as compact JSON, with no tree built.
 */
void
mcp_item_write_json (McpItem *self,
                     GString *out)
{
  McpItemPrivate *priv = mcp_item_get_instance_private (self);

  g_return_if_fail (MCP_IS_ITEM (self));

  g_string_append (out, priv->text != NULL ? priv->text : "{}");
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
