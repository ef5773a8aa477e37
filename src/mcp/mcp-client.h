/* mcp-client.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "mcp-era.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"
#include "mcp-transport.h"

G_BEGIN_DECLS

#define MCP_TYPE_CLIENT (mcp_client_get_type ())

G_DECLARE_FINAL_TYPE (McpClient, mcp_client, MCP, CLIENT, GObject)

/* The revision we offer, and the older ones we accept from a server. */
#define MCP_PROTOCOL_VERSION "2025-11-25"

#define MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT_MS     60000
#define MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT_MS (10 * 60 * 1000)
#define MCP_CLIENT_DEFAULT_MAX_PAGES              10000

/**
 * McpProgressFunc:
 * @progress: how far the request got
 * @total: the total, or a negative number when the server did not say
 * @message: (nullable): the server's note
 * @user_data: the data given with the callback
 *
 * Receives the `notifications/progress` of one request.
 */
typedef void (*McpProgressFunc) (double      progress,
                                 double      total,
                                 const char *message,
                                 gpointer    user_data);

/**
 * McpRequestOptions:
 * @timeout_ms: how long to wait for the answer; 0 for #McpClient:request-timeout.
 *   When @progress_callback is set, each progress notification restarts the
 *   wait, never past @max_timeout_ms after the request was sent.
 * @max_timeout_ms: the hard limit; 0 for #McpClient:max-request-timeout
 * @flags: how the transport may deliver it. Lists, gets, reads and ping are
 *   always sent %MCP_SEND_FLAGS_IDEMPOTENT, `tools/call` never.
 * @progress_callback: (nullable): asks the server for progress (a
 *   `_meta.progressToken`) and receives it
 * @progress_data: passed to @progress_callback; must live until the
 *   request completes
 * @tag: (nullable): an opaque pointer handed back with #McpClient::server-request
 *   when the server asks the client something on behalf of this request;
 *   must live until the request completes
 *
 * Per-call settings. A %NULL #McpRequestOptions means all defaults.
 */
typedef struct
{
  guint           timeout_ms;
  guint           max_timeout_ms;
  McpSendFlags    flags;
  McpProgressFunc progress_callback;
  gpointer        progress_data;
  gpointer        tag;
} McpRequestOptions;

/* The `_meta` member by which a server may say which of our requests one of
 * its own requests belongs to (its value is that request's id). */
#define MCP_META_RELATED_REQUEST "io.modelcontextprotocol/related-request-id"
#define MCP_META_RELATED_TASK    "io.modelcontextprotocol/related-task"

McpClient    *mcp_client_new                        (McpTransport             *transport);
McpTransport *mcp_client_get_transport              (McpClient                *self);
gboolean      mcp_client_is_closed                  (McpClient                *self);
const char   *mcp_client_get_protocol_version       (McpClient                *self);
McpEra        mcp_client_get_era                    (McpClient                *self);
void          mcp_client_set_era                    (McpClient                *self,
                                                     McpEra                    era);
gboolean      mcp_client_closed_at_discover         (McpClient                *self);
const char   *mcp_client_get_server_name            (McpClient                *self);
const char   *mcp_client_get_server_title           (McpClient                *self);
const char   *mcp_client_get_server_version         (McpClient                *self);
const char   *mcp_client_get_instructions           (McpClient                *self);
JsonNode     *mcp_client_get_server_capabilities    (McpClient                *self);
gboolean      mcp_client_has_capability             (McpClient                *self,
                                                     const char               *name);
guint         mcp_client_get_request_timeout        (McpClient                *self);
void          mcp_client_set_log_level              (McpClient                *self,
                                                     const char               *level);
const char   *mcp_client_get_log_level              (McpClient                *self);
void          mcp_client_set_request_timeout        (McpClient                *self,
                                                     guint                     timeout_ms);
guint         mcp_client_get_max_request_timeout    (McpClient                *self);
void          mcp_client_set_max_request_timeout    (McpClient                *self,
                                                     guint                     timeout_ms);
guint         mcp_client_get_max_pages              (McpClient                *self);
void          mcp_client_set_max_pages              (McpClient                *self,
                                                     guint                     max_pages);

void          mcp_client_connect_async              (McpClient                *self,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
gboolean      mcp_client_connect_finish             (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);

void          mcp_client_request_async              (McpClient                *self,
                                                     const char               *method,
                                                     JsonObject               *params,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
JsonNode     *mcp_client_request_finish             (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_notify                     (McpClient                *self,
                                                     const char               *method,
                                                     JsonObject               *params);
void          mcp_client_set_capabilities           (McpClient                *self,
                                                     JsonObject               *capabilities);
void          mcp_client_reply                      (McpClient                *self,
                                                     JsonNode                 *id,
                                                     JsonNode                 *result);
void          mcp_client_reply_error                (McpClient                *self,
                                                     JsonNode                 *id,
                                                     int                       code,
                                                     const char               *message);

void          mcp_client_list_tools_async           (McpClient                *self,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
GPtrArray    *mcp_client_list_tools_finish          (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_list_prompts_async         (McpClient                *self,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
GPtrArray    *mcp_client_list_prompts_finish        (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_list_resources_async       (McpClient                *self,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
GPtrArray    *mcp_client_list_resources_finish      (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_list_resource_templates_async  (McpClient            *self,
                                                         const McpRequestOptions *options,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
GPtrArray    *mcp_client_list_resource_templates_finish (McpClient            *self,
                                                         GAsyncResult         *result,
                                                         GError              **error);

void          mcp_client_call_async                 (McpClient                *self,
                                                     const char               *method,
                                                     JsonObject               *params,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
JsonNode     *mcp_client_call_finish                (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_call_tool_async            (McpClient                *self,
                                                     const char               *name,
                                                     JsonObject               *arguments,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
JsonNode     *mcp_client_call_tool_finish           (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_get_prompt_async           (McpClient                *self,
                                                     const char               *name,
                                                     JsonObject               *arguments,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
JsonNode     *mcp_client_get_prompt_finish          (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_read_resource_async        (McpClient                *self,
                                                     const char               *uri,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
JsonNode     *mcp_client_read_resource_finish       (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);
void          mcp_client_ping_async                 (McpClient                *self,
                                                     const McpRequestOptions  *options,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
gboolean      mcp_client_ping_finish                (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);

gboolean      mcp_client_get_list_hints             (McpClient                *self,
                                                     const char               *method,
                                                     gint64                   *ttl_ms,
                                                     gboolean                 *is_public);
void          mcp_client_listen                     (McpClient                *self,
                                                     const char * const       *resource_uris);
JsonObject   *mcp_client_get_listen_granted         (McpClient                *self);
gboolean      mcp_client_has_resource_subscriptions (McpClient                *self);

void          mcp_client_close_async                (McpClient                *self,
                                                     GCancellable             *cancellable,
                                                     GAsyncReadyCallback       callback,
                                                     gpointer                  user_data);
gboolean      mcp_client_close_finish               (McpClient                *self,
                                                     GAsyncResult             *result,
                                                     GError                  **error);

G_END_DECLS
