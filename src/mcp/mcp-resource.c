/* mcp-resource.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-resource"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-resource.h"

/* A resource or a resource template a server offers (Resources › Listing). */

struct _McpResource
{
  McpItem  parent_instance;

  char    *uri;
  char    *uri_template;
  char    *mime_type;
};

G_DEFINE_FINAL_TYPE (McpResource, mcp_resource, MCP_TYPE_ITEM)

enum {
  PROP_0,
  PROP_URI,
  PROP_URI_TEMPLATE,
  PROP_MIME_TYPE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The title, else the name, else the URI (or the template) */
static const char *
mcp_resource_real_get_label (McpItem *item)
{
  McpResource *self = MCP_RESOURCE (item);
  const char *title = mcp_item_get_title (item);
  const char *name = mcp_item_get_name (item);

  if (title != NULL && *title != '\0')
    return title;

  if (name != NULL && *name != '\0')
    return name;

  return self->uri != NULL ? self->uri : self->uri_template;
}

static void
mcp_resource_finalize (GObject *object)
{
  McpResource *self = (McpResource *)object;

  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->uri_template, g_free);
  g_clear_pointer (&self->mime_type, g_free);

  G_OBJECT_CLASS (mcp_resource_parent_class)->finalize (object);
}

static void
mcp_resource_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  McpResource *self = MCP_RESOURCE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;

    case PROP_URI_TEMPLATE:
      g_value_set_string (value, self->uri_template);
      break;

    case PROP_MIME_TYPE:
      g_value_set_string (value, self->mime_type);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_resource_class_init (McpResourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpItemClass *item_class = MCP_ITEM_CLASS (klass);

  object_class->finalize = mcp_resource_finalize;
  object_class->get_property = mcp_resource_get_property;

  item_class->get_label = mcp_resource_real_get_label;

  /**
   * McpResource:uri:
   *
   * The URI of a resource; %NULL for a template.
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:uri-template:
   *
   * The RFC 6570 template of a resource template; %NULL for a resource.
   */
  properties[PROP_URI_TEMPLATE] =
    g_param_spec_string ("uri-template", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpResource:mime-type:
   *
   * Its MIME type, if known.
   */
  properties[PROP_MIME_TYPE] =
    g_param_spec_string ("mime-type", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_resource_init (McpResource *self)
{
}

/**
 * mcp_resource_new_from_json:
 * @object: an entry of the server's list
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the item, or %NULL with
 *   %MCP_ERROR_INVALID_RESPONSE when a required member is missing
 */
McpResource *
mcp_resource_new_from_json (JsonObject  *object,
                            GError     **error)
{
  McpResource *self;

  g_return_val_if_fail (object != NULL, NULL);

  if (!mcp_json_has_string (object, "uri") && !mcp_json_has_string (object, "uriTemplate"))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("A resource has no URI"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_RESOURCE, "json", object, NULL);
  self->uri = mcp_json_dup_string (object, "uri");
  self->uri_template = mcp_json_dup_string (object, "uriTemplate");
  self->mime_type = mcp_json_dup_string (object, "mimeType");

  return self;
}

const char *
mcp_resource_get_uri (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return self->uri;
}

const char *
mcp_resource_get_uri_template (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return self->uri_template;
}

const char *
mcp_resource_get_mime_type (McpResource *self)
{
  g_return_val_if_fail (MCP_IS_RESOURCE (self), NULL);

  return self->mime_type;
}
