/* mcp-client-tool-headers.c — McpClient: tools whose arguments go in headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-http-transport.h"
#include "mcp-tool-headers.h"

/* In the stateless revision a tool's schema may mark arguments that a call
 * over HTTP repeats in Mcp-Param-* headers (mcp-tool-headers.c). Each
 * `tools/list` checks the marks: a tool whose marks are invalid is left
 * out of the list, with an event naming it and why, and a call of it is
 * refused; the marks of the others go to the HTTP transport, which adds
 * the headers to each call. */

/* A new table of tool → what, for one listing. */
GHashTable *
_mcp_client_tool_table_new (GDestroyNotify value_free)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, value_free);
}

/**
 * _mcp_client_tool_check:
 * @self: a #McpClient
 * @tool: a tool just listed
 * @headers: tool → #GPtrArray of #McpToolHeader, of this listing
 * @rejected: tool → why it is left out, of this listing
 *
 * Returns: whether @tool stays in the list
 */
gboolean
_mcp_client_tool_check (McpClient  *self,
                        McpTool    *tool,
                        GHashTable *headers,
                        GHashTable *rejected)
{
  const char *name = mcp_item_get_name (MCP_ITEM (tool));
  g_autoptr(GError) error = NULL;
  GPtrArray *marks;

  if (self->era != MCP_ERA_STATELESS)
    return TRUE;

  marks = mcp_tool_headers_parse (mcp_tool_get_input_schema (tool), &error);
  if (marks == NULL)
    {
      /* Translators: the first %s is the name of a tool, the second why
       * it cannot be used */
      _mcp_client_emit_event (self, _("tools/list: left out tool “%s”: %s"), name, error->message);
      g_hash_table_replace (rejected, g_strdup (name), g_strdup (error->message));
      return FALSE;
    }

  g_hash_table_replace (headers, g_strdup (name), marks);
  return TRUE;
}

/**
 * _mcp_client_tools_listed:
 * @self: a #McpClient
 * @headers: tool → #GPtrArray of #McpToolHeader, of a whole listing
 * @rejected: tool → why it is left out
 *
 * Keeps what a whole `tools/list` said of the tools' header marks.
 */
void
_mcp_client_tools_listed (McpClient  *self,
                          GHashTable *headers,
                          GHashTable *rejected)
{
  if (self->era != MCP_ERA_STATELESS)
    return;

  g_clear_pointer (&self->tool_headers, g_hash_table_unref);
  g_clear_pointer (&self->tool_rejected, g_hash_table_unref);
  self->tool_headers = g_hash_table_ref (headers);
  self->tool_rejected = g_hash_table_ref (rejected);

  if (MCP_IS_HTTP_TRANSPORT (self->transport))
    _mcp_http_transport_set_tool_headers (MCP_HTTP_TRANSPORT (self->transport), headers);
}

/**
 * _mcp_client_tools_unknown:
 * @self: a #McpClient
 *
 * Returns: whether a call of a tool needs the tools listed first: the
 *   server speaks the stateless revision over HTTP, and no `tools/list`
 *   has said which arguments go in headers
 */
gboolean
_mcp_client_tools_unknown (McpClient *self)
{
  return self->era == MCP_ERA_STATELESS && MCP_IS_HTTP_TRANSPORT (self->transport) &&
         self->tool_headers == NULL && !self->closed;
}

/**
 * _mcp_client_tool_rejected:
 * @self: a #McpClient
 * @name: a tool
 *
 * Returns: (nullable): why the tool was left out of the last list, or
 *   %NULL when it was not
 */
const char *
_mcp_client_tool_rejected (McpClient  *self,
                           const char *name)
{
  return self->tool_rejected != NULL ? g_hash_table_lookup (self->tool_rejected, name) : NULL;
}
