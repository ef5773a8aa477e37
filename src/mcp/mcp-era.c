/* mcp-era.c — the two eras of MCP: names, header values, request `_meta`
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <string.h>

#include "mcp-client-private.h"
#include "mcp-era.h"

/* What the stateless revision adds to each request: the `_meta` that says
 * which revision, which client and which capabilities (there is no
 * session to remember them), and the value form of the HTTP headers that
 * repeat the method and the name of what is called. */

#define BASE64_PREFIX "=?base64?"
#define BASE64_SUFFIX "?="

/**
 * mcp_era_to_string:
 * @era: a #McpEra
 *
 * Returns: a short name for logs: `unknown`, `legacy` or `stateless`
 */
const char *
mcp_era_to_string (McpEra era)
{
  switch (era)
    {
    case MCP_ERA_UNKNOWN:
      return "unknown";
    case MCP_ERA_LEGACY:
      return "legacy";
    case MCP_ERA_STATELESS:
      return "stateless";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mcp_era_header_needs_base64:
 * @value: a header value as the body has it (UTF-8)
 *
 * A value goes into an `Mcp-*` header as it is only when it is printable
 * ASCII (0x20 to 0x7E) without leading or trailing whitespace, and does not
 * itself look like the base64 form.
 *
 * Returns: whether @value must be sent in its base64 form
 */
gboolean
mcp_era_header_needs_base64 (const char *value)
{
  gsize length;

  g_return_val_if_fail (value != NULL, FALSE);

  length = strlen (value);
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar)value[i];

      if (c < 0x20 || c > 0x7e)
        return TRUE;
    }

  if (length > 0 && (value[0] == ' ' || value[length - 1] == ' '))
    return TRUE;

  return g_str_has_prefix (value, BASE64_PREFIX) && g_str_has_suffix (value, BASE64_SUFFIX);
}

/**
 * mcp_era_encode_header:
 * @value: a header value as the body has it (UTF-8)
 *
 * Returns: (transfer full): @value as it goes into an `Mcp-*` header:
 *   itself, or `=?base64?…?=` of its UTF-8 bytes
 */
char *
mcp_era_encode_header (const char *value)
{
  g_autofree char *encoded = NULL;

  g_return_val_if_fail (value != NULL, NULL);

  if (!mcp_era_header_needs_base64 (value))
    return g_strdup (value);

  encoded = g_base64_encode ((const guchar *)value, strlen (value));

  return g_strconcat (BASE64_PREFIX, encoded, BASE64_SUFFIX, NULL);
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

/* The client capabilities as the stateless revision declares them: per
 * request, and `roots` without `listChanged` (there is no notification to
 * send it with). */
static JsonObject *
stateless_capabilities (McpClient *self)
{
  JsonObject *capabilities = _mcp_json_object_copy (self->capabilities);

  if (json_object_has_member (capabilities, "roots"))
    json_object_set_object_member (capabilities, "roots", json_object_new ());

  return capabilities;
}

/**
 * _mcp_client_request_params:
 * @self: a #McpClient
 * @params: (nullable): the caller's params
 * @progress_token: the `_meta.progressToken` to add, or -1
 * @stateless: whether to add the `_meta` of the stateless revision
 *
 * Returns: (transfer full) (nullable): the params to send: @params itself
 *   (a new reference) when nothing is added, else a copy with its `_meta`
 */
JsonObject *
_mcp_client_request_params (McpClient  *self,
                            JsonObject *params,
                            gint64      progress_token,
                            gboolean    stateless)
{
  JsonObject *sent;
  JsonObject *meta;

  if (progress_token < 0 && !stateless)
    return params != NULL ? json_object_ref (params) : NULL;

  sent = _mcp_json_object_copy (params);
  if (json_object_has_member (sent, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (sent, "_meta")))
    meta = json_object_get_object_member (sent, "_meta");
  else
    {
      meta = json_object_new ();
      json_object_set_object_member (sent, "_meta", meta);
    }

  if (progress_token >= 0)
    json_object_set_int_member (meta, "progressToken", progress_token);

  if (stateless)
    {
      JsonObject *capabilities = stateless_capabilities (self);

      json_object_set_string_member (meta, MCP_META_PROTOCOL_VERSION, MCP_PROTOCOL_VERSION_STATELESS);
      json_object_set_object_member (meta, MCP_META_CLIENT_INFO, _mcp_client_info_new ());
      /* Capabilities are per request: a caller may declare more for its
       * own (McpTask declares the tasks extension). */
      if (json_object_has_member (meta, MCP_META_CLIENT_CAPABILITIES) &&
          JSON_NODE_HOLDS_OBJECT (json_object_get_member (meta, MCP_META_CLIENT_CAPABILITIES)))
        {
          JsonObject *more = json_object_get_object_member (meta, MCP_META_CLIENT_CAPABILITIES);
          g_autoptr(GList) names = json_object_get_members (more);

          for (GList *l = names; l != NULL; l = l->next)
            json_object_set_member (capabilities, l->data,
                                    json_node_copy (json_object_get_member (more, l->data)));
        }
      json_object_set_object_member (meta, MCP_META_CLIENT_CAPABILITIES, capabilities);
    }

  return sent;
}
