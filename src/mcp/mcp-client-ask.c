/* mcp-client-ask.c — McpClient: what the server asks, to its handlers
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

/* A question of the server (`roots/list`, `elicitation/create`,
 * `sampling/createMessage`) goes to whoever routes it through
 * McpClient::server-request, whether the server sent it as a request of
 * its own or inside a result (mcp-input-required.c). What nobody takes is
 * answered at once, by the caller, with the answer this file gives: no
 * roots, or "method not found". */

guint _mcp_client_server_request_signal;

/**
 * _mcp_client_ask:
 * @self: a #McpClient
 * @id: the id the answer will come back with
 * @method: what the server asks (`roots/list`, `elicitation/create`…)
 * @params: (nullable): its params
 * @tag: (nullable): the tag of our request it belongs to
 * @result: (out) (transfer full) (nullable): the answer to give now, when
 *   nobody took the question and the answer is a result
 * @error: the answer to give now, when nobody took the question and the
 *   answer is an error (%MCP_RPC_ERROR)
 *
 * Hands a question of the server to whoever routes it, who answers later
 * with mcp_client_reply().
 *
 * Returns: %TRUE when a handler took it; %FALSE with the answer to give
 *   now in @result or @error
 */
gboolean
_mcp_client_ask (McpClient   *self,
                 JsonNode    *id,
                 const char  *method,
                 JsonObject  *params,
                 gpointer     tag,
                 JsonObject **result,
                 GError     **error)
{
  gboolean handled = FALSE;

  *result = NULL;

  g_signal_emit (self, _mcp_client_server_request_signal, 0, id, method, params, tag, &handled);
  if (handled)
    return TRUE;

  if (g_str_equal (method, "roots/list"))
    {
      *result = json_object_new ();
      json_object_set_array_member (*result, "roots", json_array_new ());
      return FALSE;
    }

  /* Translators: %s is a method such as sampling/createMessage */
  _mcp_client_emit_event (self, _("the server asked for %s, which we do not offer"), method);
  g_set_error (error, MCP_RPC_ERROR, MCP_RPC_METHOD_NOT_FOUND, "Method not found: %s", method);

  return FALSE;
}
