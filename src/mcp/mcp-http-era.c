/* mcp-http-era.c — McpHttpTransport: the headers of the stateless revision
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-http-transport"

#include "config.h"

#include "mcp-era.h"
#include "mcp-http-transport-private.h"
#include "mcp-json-private.h"

/* A message of the stateless revision (2026-07-28) says its version in
 * its `_meta`; over HTTP its POST repeats it in MCP-Protocol-Version, its
 * method in Mcp-Method and, for a call, a prompt or a read, the name or URI
 * in Mcp-Name (in base64 form when it cannot go into a header as it is).
 * Such a POST carries no session: the revision has none. */

/**
 * _mcp_http_outgoing_take_era:
 * @out: a message about to be sent
 * @object: (nullable): the message
 *
 * Notes what the headers of the stateless revision need from @object.
 */
void
_mcp_http_outgoing_take_era (McpHttpOutgoing *out,
                             JsonObject      *object)
{
  JsonObject *params;
  JsonObject *meta;
  const char *member = NULL;

  if (object == NULL || out->method == NULL ||
      !json_object_has_member (object, "params") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")))
    return;

  params = json_object_get_object_member (object, "params");
  if (!json_object_has_member (params, "_meta") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    return;

  meta = json_object_get_object_member (params, "_meta");
  out->era_version = mcp_json_dup_string (meta, MCP_META_PROTOCOL_VERSION);
  if (out->era_version == NULL)
    return;

  if (g_str_equal (out->method, "tools/call") || g_str_equal (out->method, "prompts/get"))
    member = "name";
  else if (g_str_equal (out->method, "resources/read"))
    member = "uri";

  if (member != NULL)
    out->call_name = mcp_json_dup_string (params, member);
}

/**
 * _mcp_http_exchange_add_era_headers:
 * @ex: the POST of a message of the stateless revision
 *
 * Sets MCP-Protocol-Version, Mcp-Method and Mcp-Name.
 */
void
_mcp_http_exchange_add_era_headers (McpHttpExchange *ex)
{
  SoupMessageHeaders *headers = soup_message_get_request_headers (ex->msg);
  McpHttpOutgoing *out = ex->out;
  g_autofree char *method = mcp_era_encode_header (out->method);

  soup_message_headers_replace (headers, "MCP-Protocol-Version", out->era_version);
  soup_message_headers_replace (headers, "Mcp-Method", method);
  if (out->call_name != NULL)
    {
      g_autofree char *name = mcp_era_encode_header (out->call_name);

      soup_message_headers_replace (headers, "Mcp-Name", name);
    }
}
