/* mcp-client-discover.c — McpClient: which era the server speaks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-http-transport.h"
#include "mcp-json-private.h"

/* The first thing said to a server is `server/discover`, with the `_meta`
 * of the stateless revision (2026-07-28). Its answer is the verdict:
 *
 * - a DiscoverResult: the server speaks the stateless revision, and is
 *   spoken to that way for the rest of the session;
 * - an error that only that revision has (-32022 listing it, -32020,
 *   -32021): it does, and the request was wrong; asked once more;
 * - any other JSON-RPC error, an HTTP 4xx other than 401/403 without such
 *   an error, or on stdio no answer in time: an older server, which gets
 *   `initialize`;
 * - an HTTP 5xx or no answer in time over HTTP: the server is failing; the
 *   connection fails rather than guess.
 *
 * No single error code is trusted to mean "older": older servers answer
 * the probe -32601 on stdio and HTTP 400 -32000 over HTTP, and the verdict
 * stands for this client only (a reconnect asks again). */

/* Over stdio an older server may say nothing at all to a method it does
 * not know before `initialize`: it is given this long. */
#define DISCOVER_STDIO_TIMEOUT_MS 10000

/* The attempts one connection makes, the first and a corrected one. */
#define DISCOVER_MAX_ATTEMPTS     2

typedef enum
{
  VERDICT_LEGACY,
  VERDICT_RETRY,
  VERDICT_FAIL,
} Verdict;

/**
 * mcp_client_get_era:
 * @self: a #McpClient
 *
 * Returns: the era the server speaks, known once connected
 */
McpEra
mcp_client_get_era (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), MCP_ERA_UNKNOWN);

  return self->era;
}

/**
 * mcp_client_set_era:
 * @self: a #McpClient, not yet connected
 * @era: the era the server is known to speak, or %MCP_ERA_UNKNOWN to ask it
 *
 * Skips asking: a server known to be of the legacy era gets `initialize`
 * at once, one of the stateless revision `server/discover` without falling
 * back to `initialize`.
 */
void
mcp_client_set_era (McpClient *self,
                    McpEra     era)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (!self->connecting && self->protocol_version == NULL);

  self->era = era;
}

/**
 * mcp_client_closed_at_discover:
 * @self: a #McpClient whose connection failed
 *
 * Some older servers exit on any request before `initialize`: the
 * connection fails because it closed (or the message could not be sent)
 * while `server/discover` was asked. Knowing that, a caller may connect a
 * new client with mcp_client_set_era() and %MCP_ERA_LEGACY.
 *
 * Returns: whether the connection closed while `server/discover` waited for
 *   its answer
 */
gboolean
mcp_client_closed_at_discover (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  return self->discover_closed;
}

/* The legacy HTTP+SSE transport is of the 2024-11-05 revision: nothing to
 * ask. */
static gboolean
wants_discover (McpClient *self)
{
  if (self->era == MCP_ERA_LEGACY)
    return FALSE;

  if (MCP_IS_HTTP_TRANSPORT (self->transport) &&
      mcp_http_transport_get_mode (MCP_HTTP_TRANSPORT (self->transport)) == MCP_HTTP_MODE_LEGACY_SSE)
    return FALSE;

  return TRUE;
}

static Verdict
classify_error (McpClient    *self,
                const GError *error)
{
  if (error->domain == MCP_RPC_ERROR)
    {
      g_autoptr(JsonNode) data = NULL;
      const char *data_json = mcp_rpc_error_get_data (error);

      if (error->code == MCP_RPC_HEADER_MISMATCH || error->code == MCP_RPC_MISSING_CAPABILITY)
        return VERDICT_RETRY;

      if (error->code != MCP_RPC_UNSUPPORTED_PROTOCOL)
        return VERDICT_LEGACY;

      if (data_json != NULL)
        data = json_from_string (data_json, NULL);
      if (data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
          _mcp_json_array_has_string (json_node_get_object (data), "supported",
                                      MCP_PROTOCOL_VERSION_STATELESS))
        return VERDICT_RETRY;

      return VERDICT_LEGACY;
    }

  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_PROBE_REFUSED))
    return VERDICT_LEGACY;

  /* Over HTTP a server that does not answer is failing, whatever its
   * era; over stdio an older one may just say nothing. */
  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_TIMEOUT) && !MCP_IS_HTTP_TRANSPORT (self->transport))
    return VERDICT_LEGACY;

  return VERDICT_FAIL;
}

static void
server_info_member (JsonObject  *object,
                    JsonObject  *meta,
                    JsonObject **info)
{
  JsonNode *node = NULL;

  /* Where the revision puts it, or where some servers still do. */
  if (meta != NULL && json_object_has_member (meta, MCP_META_SERVER_INFO))
    node = json_object_get_member (meta, MCP_META_SERVER_INFO);
  else if (json_object_has_member (object, "serverInfo"))
    node = json_object_get_member (object, "serverInfo");

  *info = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Takes the DiscoverResult @object. Returns FALSE when it is not one of a
 * revision we speak. */
static gboolean
take_discover_result (McpClient  *self,
                      JsonObject *object)
{
  JsonObject *meta = NULL;
  JsonObject *info = NULL;
  JsonNode *capabilities;
  g_autofree char *instructions = NULL;

  if (mcp_json_has_string (object, "resultType") &&
      !g_str_equal (json_object_get_string_member (object, "resultType"), "complete"))
    return FALSE;

  if (!_mcp_json_array_has_string (object, "supportedVersions", MCP_PROTOCOL_VERSION_STATELESS))
    return FALSE;

  if (json_object_has_member (object, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "_meta")))
    meta = json_object_get_object_member (object, "_meta");
  server_info_member (object, meta, &info);

  capabilities = json_object_get_member (object, "capabilities");
  instructions = mcp_json_dup_string (object, "instructions");

  self->era = MCP_ERA_STATELESS;
  _mcp_client_set_session (self, MCP_PROTOCOL_VERSION_STATELESS, info, instructions,
                           capabilities != NULL && JSON_NODE_HOLDS_OBJECT (capabilities) ? capabilities : NULL);

  return TRUE;
}

static void send_discover (McpClient *self,
                           GTask     *task);

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  GError *error = NULL;
  gssize outcome;

  outcome = g_task_propagate_int (G_TASK (result), &error);
  if (error != NULL)
    {
      /* The handshake has closed the client already. */
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  if (outcome == MCP_INITIALIZE_ONLY_STATELESS)
    {
      /* Translators: %s is a protocol revision such as 2026-07-28 */
      _mcp_client_emit_event (self, _("the server speaks only protocol %s; asking it with server/discover"),
                              MCP_PROTOCOL_VERSION_STATELESS);
      send_discover (self, task);
      return;
    }

  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* The handshake of the initialize era, for @task of
 * mcp_client_connect_async(). */
static void
initialize (McpClient *self,
            GTask     *task)
{
  GTask *step = g_task_new (self, g_task_get_cancellable (task), initialize_cb, task);

  g_task_set_source_tag (step, initialize);
  g_task_set_check_cancellable (step, FALSE);
  _mcp_client_initialize (self, step);
}

static void
discover_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  Verdict verdict;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply != NULL)
    {
      self->discover_answered = TRUE;

      if (JSON_NODE_HOLDS_OBJECT (reply) && take_discover_result (self, json_node_get_object (reply)))
        {
          self->connecting = FALSE;
          /* Translators: %s is a protocol revision such as 2026-07-28 */
          _mcp_client_emit_event (self, _("the server speaks protocol %s (stateless)"),
                                  MCP_PROTOCOL_VERSION_STATELESS);
          g_task_return_boolean (task, TRUE);
          g_object_unref (task);
          return;
        }

      if (self->era == MCP_ERA_STATELESS)
        {
          _mcp_client_connect_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_UNSUPPORTED_VERSION,
                                                       _("The server’s answer to server/discover does not offer protocol %s"),
                                                       MCP_PROTOCOL_VERSION_STATELESS));
          return;
        }

      /* Translators: %s is a protocol revision such as 2026-07-28 */
      _mcp_client_emit_event (self, _("the server answered server/discover without offering protocol %s; "
                                      "using initialize"),
                              MCP_PROTOCOL_VERSION_STATELESS);
      initialize (self, task);
      return;
    }

  verdict = classify_error (self, error);
  if (verdict == VERDICT_LEGACY && self->era == MCP_ERA_STATELESS)
    verdict = VERDICT_FAIL;
  if (verdict == VERDICT_RETRY && self->discover_attempts >= DISCOVER_MAX_ATTEMPTS)
    verdict = VERDICT_FAIL;

  switch (verdict)
    {
    case VERDICT_LEGACY:
      self->discover_answered = !g_error_matches (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
      /* Translators: %s is why, such as the server's error */
      _mcp_client_emit_event (self, _("the server does not speak protocol 2026-07-28 (%s); using initialize"),
                              error->message);
      initialize (self, task);
      break;

    case VERDICT_RETRY:
      self->discover_answered = TRUE;
      /* Translators: %s is the server's error */
      _mcp_client_emit_event (self, _("the server speaks protocol 2026-07-28 but refused server/discover (%s); "
                                      "asking once more"),
                              error->message);
      send_discover (self, task);
      break;

    case VERDICT_FAIL:
    default:
      self->discover_answered = error->domain == MCP_RPC_ERROR;
      /* As for initialize: a connection that closed, or a request that
       * could not be sent (a process that exited, a certificate refused),
       * fails with the transport's own reason once it has closed. */
      if (g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED) ||
          g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT))
        {
          self->discover_closed = TRUE;
          _mcp_client_handshake_closed (self, task);
        }
      else
        _mcp_client_connect_fail (task, g_steal_pointer (&error));
      break;
    }
}

static void
send_discover (McpClient *self,
               GTask     *task)
{
  McpRequestOptions options = { 0 };
  GTask *request;

  if (!MCP_IS_HTTP_TRANSPORT (self->transport))
    options.timeout_ms = MIN (self->request_timeout_ms, DISCOVER_STDIO_TIMEOUT_MS);
  options.flags = MCP_SEND_FLAGS_IDEMPOTENT;

  self->discover_attempts++;
  self->handshake_method = "server/discover";
  request = g_task_new (self, g_task_get_cancellable (task), discover_cb, task);
  g_task_set_source_tag (request, mcp_client_request_async);
  g_task_set_check_cancellable (request, FALSE);
  /* Like initialize: never cancelled with a notification. */
  _mcp_client_start_request (self, request, "server/discover", NULL, &options, TRUE);
}

/**
 * _mcp_client_handshake:
 * @self: a #McpClient whose transport is open
 * @connect_task: the task of mcp_client_connect_async()
 *
 * Asks the server with `server/discover` which era it speaks, where it
 * can be asked, and completes @connect_task for the stateless revision,
 * or goes on with `initialize`; a server known to be older gets
 * `initialize` at once.
 */
void
_mcp_client_handshake (McpClient *self,
                       GTask     *connect_task)
{
  if (wants_discover (self))
    send_discover (self, connect_task);
  else
    initialize (self, connect_task);
}
