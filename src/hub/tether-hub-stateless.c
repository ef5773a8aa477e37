/* tether-hub-stateless.c — the hub's side of the stateless revision
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Clients of both eras use the same endpoint. A request is of the
 * stateless revision (2026-07-28) when its `params._meta` claims a
 * protocol version; anything else (`initialize`, a request without the
 * claim, GET, DELETE) is of the initialize era and goes through sessions
 * as before. The headers only cross-check what the body says.
 *
 * A stateless request stands alone: no session is needed or minted (an
 * `Mcp-Session-Id` is ignored), its `_meta` says who the client is and
 * what it can do, for this request only. Before it runs:
 *  - `_meta` must give the version as a string and the capabilities as an
 *    object (else -32602);
 *  - MCP-Protocol-Version must equal the version of `_meta`, Mcp-Method
 *    the method, and Mcp-Name the name (tools/call, prompts/get) or the
 *    URI (resources/read), compared after undoing the base64 form (else
 *    -32020);
 *  - a version the hub does not speak gets -32022 with the versions it
 *    does;
 *  - a method the revision removed (ping, logging/setLevel,
 *    resources/subscribe and unsubscribe, initialize itself) or one the
 *    hub does not know gets HTTP 404 with -32601.
 * All of these are HTTP 400 unless said otherwise, and carry the request's
 * id. Results say `resultType`, the hub as `_meta` serverInfo, and lists
 * and reads the cache hints: a list the shortest `ttlMs` of the servers in
 * it, `public` only if all of them said so; a read `ttlMs` 0, `private`
 * (what the hub offers changes with its servers). A tools/call whose
 * `_meta` names a logLevel hears its server's logs at or above it on its
 * own stream while it runs; without one, none. A server's questions reach such a client
 * inside results (tether-hub-input.c). List changes reach such clients only through
 * `subscriptions/listen`: an SSE stream that is acknowledged first, then
 * carries the changes it asked for, each tagged with the request's id.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "tether-hub-private.h"

/* Open subscriptions/listen streams; past this the oldest one ends. */
#define MAX_LISTENERS 64

#define META_SUBSCRIPTION_ID "io.modelcontextprotocol/subscriptionId"

/* What the revision answers: every method it has that the hub offers. */
static const char * const known_methods[] = {
  "server/discover", "subscriptions/listen",
  "tools/list", "tools/call", "prompts/list", "prompts/get",
  "resources/list", "resources/templates/list", "resources/read",
  "completion/complete", NULL
};

/* One subscriptions/listen stream. */
struct _TetherHubListener
{
  McpSseWriter *writer;
  JsonNode     *id;
  guint         changes;          /* TetherHubCatalogChange granted */
};

void
_tether_hub_listener_free (TetherHubListener *listener)
{
  if (listener->writer != NULL)
    {
      mcp_sse_writer_close (listener->writer);
      g_clear_object (&listener->writer);
    }
  g_clear_pointer (&listener->id, json_node_unref);
  g_free (listener);
}

/**
 * _tether_hub_stateless_claimed:
 * @params: (nullable): the params of a message
 *
 * Returns: whether the message says, in its `_meta`, which protocol
 *   version it speaks: then it is of the stateless revision
 */
gboolean
_tether_hub_stateless_claimed (JsonObject *params)
{
  JsonNode *meta;

  if (params == NULL || (meta = json_object_get_member (params, "_meta")) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (meta))
    return FALSE;

  return json_object_has_member (json_node_get_object (meta), MCP_META_PROTOCOL_VERSION);
}

/* The member @name of @object if it is a string, else NULL. */
static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

/* Whether the header @name is there and says @expected (in either form). */
static gboolean
header_says (SoupMessageHeaders *headers,
             const char         *name,
             const char         *expected)
{
  const char *value = soup_message_headers_get_one (headers, name);
  g_autofree char *decoded = NULL;

  if (value == NULL || expected == NULL)
    return FALSE;

  decoded = mcp_era_decode_header (value);

  return g_strcmp0 (decoded, expected) == 0;
}

static JsonNode *
unsupported_data (const char *requested)
{
  JsonObject *data = json_object_new ();
  JsonArray *supported = json_array_new ();
  JsonNode *node;

  for (guint i = 0; _tether_hub_supported_versions[i] != NULL; i++)
    json_array_add_string_element (supported, _tether_hub_supported_versions[i]);
  json_object_set_array_member (data, "supported", supported);
  json_object_set_string_member (data, "requested", requested);

  node = json_node_init_object (json_node_alloc (), data);
  json_object_unref (data);

  return node;
}

/* Checks the `_meta` and the headers of a stateless request. Answers
 * @msg and returns FALSE when they are wrong. */
static gboolean
check_request (SoupServerMessage *msg,
               JsonNode          *id,
               const char        *method,
               JsonObject        *params)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  JsonObject *meta = json_object_get_object_member (params, "_meta");
  JsonNode *capabilities = json_object_get_member (meta, MCP_META_CLIENT_CAPABILITIES);
  const char *version = string_member (meta, MCP_META_PROTOCOL_VERSION);
  const char *name_member = NULL;

  if (version == NULL)
    {
      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_INVALID_PARAMS,
                              _("Bad request: _meta gives the protocol version as a string"), NULL);
      return FALSE;
    }

  if (capabilities == NULL || !JSON_NODE_HOLDS_OBJECT (capabilities))
    {
      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_INVALID_PARAMS,
                              _("Bad request: _meta must give the client capabilities, as an object"), NULL);
      return FALSE;
    }

  if (!header_says (headers, "MCP-Protocol-Version", version))
    {
      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_HEADER_MISMATCH,
                              _("Bad request: the MCP-Protocol-Version header is missing or differs from _meta"),
                              NULL);
      return FALSE;
    }

  if (!g_str_equal (version, MCP_PROTOCOL_VERSION_STATELESS))
    {
      g_autofree char *text = g_strdup_printf (_("Unsupported protocol version: %s"), version);

      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_UNSUPPORTED_VERSION, text,
                              unsupported_data (version));
      return FALSE;
    }

  if (method == NULL)
    return TRUE;

  if (!header_says (headers, "Mcp-Method", method))
    {
      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_HEADER_MISMATCH,
                              _("Bad request: the Mcp-Method header is missing or differs from the method"), NULL);
      return FALSE;
    }

  if (g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get"))
    name_member = "name";
  else if (g_str_equal (method, "resources/read"))
    name_member = "uri";

  if (name_member != NULL && !header_says (headers, "Mcp-Name", string_member (params, name_member)))
    {
      g_autofree char *text = g_strdup_printf (_("Bad request: the Mcp-Name header is missing or differs from the %s"),
                                               name_member);

      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_HEADER_MISMATCH, text, NULL);
      return FALSE;
    }

  return TRUE;
}

static void
listener_closed_cb (McpSseWriter *writer,
                    TetherHub    *self)
{
  for (guint i = 0; i < self->listeners->len; i++)
    {
      TetherHubListener *listener = g_ptr_array_index (self->listeners, i);

      if (listener->writer == writer)
        {
          g_signal_handlers_disconnect_by_data (writer, self);
          g_ptr_array_remove_index (self->listeners, i);
          return;
        }
    }
}

static JsonObject *
listener_params (TetherHubListener *listener)
{
  JsonObject *params = json_object_new ();
  JsonObject *meta = json_object_new ();

  json_object_set_member (meta, META_SUBSCRIPTION_ID, json_node_copy (listener->id));
  json_object_set_object_member (params, "_meta", meta);

  return params;
}

static const struct
{
  const char *filter;
  guint       change;
  const char *method;
} listen_kinds[] = {
  { "toolsListChanged", TETHER_HUB_CATALOG_TOOLS, "notifications/tools/list_changed" },
  { "promptsListChanged", TETHER_HUB_CATALOG_PROMPTS, "notifications/prompts/list_changed" },
  { "resourcesListChanged", TETHER_HUB_CATALOG_RESOURCES, "notifications/resources/list_changed" },
};

/* subscriptions/listen: what of the filter the hub grants (list changes;
 * it offers no resource subscriptions), acknowledged on the stream. */
static void
start_listening (TetherHub         *self,
        SoupServerMessage *msg,
        JsonNode          *id,
        JsonObject        *params)
{
  JsonNode *filter_node = json_object_get_member (params, "notifications");
  JsonObject *filter = filter_node != NULL && JSON_NODE_HOLDS_OBJECT (filter_node)
                         ? json_node_get_object (filter_node) : NULL;
  g_autoptr(JsonObject) ack = NULL;
  g_autoptr(JsonNode) message = NULL;
  JsonObject *granted = json_object_new ();
  TetherHubListener *listener;

  if (filter == NULL)
    {
      json_object_unref (granted);
      _tether_hub_http_error (msg, SOUP_STATUS_BAD_REQUEST, id, MCP_RPC_INVALID_PARAMS,
                              _("subscriptions/listen needs the notifications it asks for, as an object"), NULL);
      return;
    }

  if (self->listeners->len >= MAX_LISTENERS)
    {
      g_debug ("too many listen streams: ending the oldest");
      g_signal_handlers_disconnect_by_data (((TetherHubListener *)g_ptr_array_index (self->listeners, 0))->writer,
                                            self);
      g_ptr_array_remove_index (self->listeners, 0);
    }

  listener = g_new0 (TetherHubListener, 1);
  listener->id = json_node_copy (id);
  for (guint i = 0; i < G_N_ELEMENTS (listen_kinds); i++)
    if (json_object_get_boolean_member_with_default (filter, listen_kinds[i].filter, FALSE))
      {
        listener->changes |= listen_kinds[i].change;
        json_object_set_boolean_member (granted, listen_kinds[i].filter, TRUE);
      }

  listener->writer = mcp_sse_writer_new (msg);
  g_signal_connect (listener->writer, "closed", G_CALLBACK (listener_closed_cb), self);
  g_ptr_array_add (self->listeners, listener);

  ack = listener_params (listener);
  json_object_set_object_member (ack, "notifications", granted);
  message = _tether_hub_message_new (NULL, "notifications/subscriptions/acknowledged", ack);
  mcp_sse_writer_send (listener->writer, message);
}

/**
 * _tether_hub_stateless_changed:
 * @self: the hub
 * @change: what the catalog says changed
 *
 * Tells each listen stream that asked for it.
 */
void
_tether_hub_stateless_changed (TetherHub *self,
                               guint      change)
{
  for (guint i = self->listeners->len; i > 0; i--)
    {
      TetherHubListener *listener = g_ptr_array_index (self->listeners, i - 1);

      for (guint k = 0; k < G_N_ELEMENTS (listen_kinds); k++)
        if (change & listener->changes & listen_kinds[k].change)
          {
            g_autoptr(JsonObject) params = listener_params (listener);
            g_autoptr(JsonNode) message = _tether_hub_message_new (NULL, listen_kinds[k].method, params);

            mcp_sse_writer_send (listener->writer, message);
          }
    }
}

/**
 * _tether_hub_stateless_post:
 * @self: the hub
 * @msg: the POST
 * @profile: (nullable): the profile of its path
 * @object: the message
 * @method: (nullable): its method
 * @id: (nullable): its id
 * @params: its params, whose `_meta` claims a protocol version
 *
 * Answers a message of the stateless revision, now or later.
 */
void
_tether_hub_stateless_post (TetherHub         *self,
                            SoupServerMessage *msg,
                            const char        *profile,
                            JsonObject        *object,
                            const char        *method,
                            JsonNode          *id,
                            JsonObject        *params)
{
  g_autoptr(TetherHubSession) session = NULL;
  g_autoptr(TetherHubCall) call = NULL;

  if (!check_request (msg, id, method, params))
    return;

  if (method == NULL || id == NULL)
    {
      /* A notification (a cancel goes by closing the stream), or an
       * answer: the revision has no question of ours to answer. */
      soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
      return;
    }

  if (!g_strv_contains (known_methods, method))
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);

      _tether_hub_http_error (msg, SOUP_STATUS_NOT_FOUND, id, MCP_RPC_METHOD_NOT_FOUND, text, NULL);
      return;
    }

  if (g_str_equal (method, "subscriptions/listen"))
    {
      start_listening (self, msg, id, params);
      return;
    }

  if (_tether_hub_input_is_retry (params) &&
      (g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get") ||
       g_str_equal (method, "resources/read")))
    {
      _tether_hub_input_resume (self, msg, profile, method, id, params);
      return;
    }

  session = _tether_hub_session_new_stateless (self, profile, json_object_get_object_member (params, "_meta"));
  _tether_hub_recent_seen (self, session);
  call = _tether_hub_call_new (self, session, msg, method, id, params);

  if (g_str_equal (method, "server/discover"))
    {
      g_autoptr(JsonObject) result = _tether_hub_discover_result (self);

      _tether_hub_call_reply (call, result);
      return;
    }

  if (g_str_equal (method, "tools/call") && _tether_hub_accepts_sse (msg))
    _tether_hub_call_use_stream (call);
  _tether_hub_dispatch (self, call, params);
}

/**
 * _tether_hub_stateless_stop:
 * @self: the hub
 *
 * Ends every listen stream.
 */
void
_tether_hub_stateless_stop (TetherHub *self)
{
  for (guint i = 0; i < self->listeners->len; i++)
    g_signal_handlers_disconnect_by_data (((TetherHubListener *)g_ptr_array_index (self->listeners, i))->writer,
                                          self);
  g_ptr_array_set_size (self->listeners, 0);
}
