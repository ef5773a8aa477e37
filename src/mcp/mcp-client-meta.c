/* mcp-client-meta.c — McpClient: who we are, in each request
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include "mcp-client-private.h"
#include "mcp-era.h"
#include "mcp-json-private.h"

/* What the client says of itself: its name and version (in `initialize`,
 * and in the stateless revision on every request), and the `_meta` the
 * stateless revision adds to each request: which revision, which client
 * and which capabilities, since there is no session to remember them. */

/* Who we are, as `initialize` and the stateless `_meta` say it. */
JsonObject *
_mcp_client_info_new (void)
{
  JsonObject *info = json_object_new ();

  json_object_set_string_member (info, "name", "tether");
  json_object_set_string_member (info, "title", "Tether");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);

  return info;
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

  /* A copy of the caller's `_meta` too: a node copy shares its object,
   * and what is added here is for this sending only. */
  sent = _mcp_json_object_copy (params);
  if (json_object_has_member (sent, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (sent, "_meta")))
    meta = _mcp_json_object_copy (json_object_get_object_member (sent, "_meta"));
  else
    meta = json_object_new ();
  json_object_set_object_member (sent, "_meta", meta);

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
      /* The caller's own level (the hub passing on its client's) wins. */
      if (self->log_level != NULL && !json_object_has_member (meta, MCP_META_LOG_LEVEL))
        json_object_set_string_member (meta, MCP_META_LOG_LEVEL, self->log_level);
    }

  return sent;
}

/**
 * mcp_client_set_log_level:
 * @self: a #McpClient
 * @level: (nullable): an RFC 5424 level name ("debug", "info"…), or %NULL
 *
 * The level of the log messages a server of the stateless revision is to
 * send while it answers: that revision has no `logging/setLevel`, each
 * request names its level in its `_meta`, and one that names none gets no
 * `notifications/message`. From now on every request of that revision
 * carries @level, unless its caller gave one of its own. Nothing is sent
 * to a server of the initialize era, which is asked with
 * `logging/setLevel` instead.
 */
void
mcp_client_set_log_level (McpClient  *self,
                          const char *level)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  g_free (self->log_level);
  self->log_level = g_strdup (level);
}

/**
 * mcp_client_get_log_level:
 * @self: a #McpClient
 *
 * Returns: (nullable): the level given to mcp_client_set_log_level()
 */
const char *
mcp_client_get_log_level (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->log_level;
}
