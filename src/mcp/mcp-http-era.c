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
#include "mcp-tool-headers.h"

/* A message of the stateless revision (2026-07-28) says its version in
 * its `_meta`; over HTTP its POST repeats it in MCP-Protocol-Version, its
 * method in Mcp-Method and, for a call, a prompt or a read, the name or URI
 * in Mcp-Name (in base64 form when it cannot go into a header as it is).
 * Such a POST carries no session: the revision has none. A call of a tool
 * whose schema marks arguments with x-mcp-header repeats them in
 * Mcp-Param-* headers (mcp-tool-headers.c), as the client last listed the
 * tool. */

/**
 * _mcp_http_transport_set_tool_headers:
 * @self: a #McpHttpTransport
 * @tool_headers: (nullable): tool name → #GPtrArray of #McpToolHeader, from
 *   the last whole `tools/list`
 *
 * Sets what the calls of tools repeat in Mcp-Param-* headers.
 */
void
_mcp_http_transport_set_tool_headers (McpHttpTransport *self,
                                      GHashTable       *tool_headers)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  g_clear_pointer (&self->tool_headers, g_hash_table_unref);
  if (tool_headers != NULL)
    self->tool_headers = g_hash_table_ref (tool_headers);
}

/* The Mcp-Param-* headers of a call of a tool with @params. */
static GPtrArray *
param_headers (McpHttpTransport *self,
               JsonObject       *params)
{
  GPtrArray *headers;
  GPtrArray *out;
  JsonObject *arguments = NULL;

  if (self == NULL || self->tool_headers == NULL || !mcp_json_has_string (params, "name"))
    return NULL;

  headers = g_hash_table_lookup (self->tool_headers, json_object_get_string_member (params, "name"));
  if (headers == NULL || headers->len == 0)
    return NULL;

  if (json_object_has_member (params, "arguments") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "arguments")))
    arguments = json_object_get_object_member (params, "arguments");
  if (arguments == NULL)
    return NULL;

  out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < headers->len; i++)
    {
      McpToolHeader *header = g_ptr_array_index (headers, i);
      char *value = mcp_tool_header_value (json_object_get_member (arguments, header->property));

      if (value == NULL)
        continue;
      g_ptr_array_add (out, g_strconcat ("Mcp-Param-", header->name, NULL));
      g_ptr_array_add (out, value);
    }

  return out;
}

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

  member = mcp_era_name_member (out->method);
  if (member != NULL)
    out->call_name = mcp_json_dup_string (params, member);

  if (g_str_equal (out->method, "tools/call"))
    out->param_headers = param_headers (out->self, params);
}

/**
 * _mcp_http_exchange_add_era_headers:
 * @ex: the POST of a message of the stateless revision
 *
 * Sets MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-*.
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

  for (guint i = 0; out->param_headers != NULL && i + 1 < out->param_headers->len; i += 2)
    soup_message_headers_replace (headers, g_ptr_array_index (out->param_headers, i),
                                  g_ptr_array_index (out->param_headers, i + 1));
}
