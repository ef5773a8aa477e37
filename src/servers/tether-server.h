/* tether-server.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "mcp-client.h"
#include "mcp-task.h"
#include "tether-auth-session.h"
#include "tether-secret-store.h"
#include "tether-request-router.h"
#include "tether-server-config.h"
#include "tether-server-status.h"
#include "tether-server-timings.h"
#include "tether-shell-environment.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER (tether_server_get_type ())

G_DECLARE_FINAL_TYPE (TetherServer, tether_server, TETHER, SERVER, GObject)

TetherServer        *tether_server_new                   (TetherServerConfig         *config,
                                                          const TetherServerTimings  *timings);
TetherServerConfig  *tether_server_get_config            (TetherServer               *self);
void                 tether_server_set_router            (TetherServer               *self,
                                                          TetherRequestRouter        *router);
void                 tether_server_set_config            (TetherServer               *self,
                                                          TetherServerConfig         *config);
void                 tether_server_set_config_file       (TetherServer               *self,
                                                          GFile                      *file);
const char          *tether_server_get_name              (TetherServer               *self);
TetherShellEnvironment *
                     tether_server_get_shell_environment (TetherServer               *self);
void                 tether_server_set_shell_environment (TetherServer               *self,
                                                          TetherShellEnvironment     *shell_environment);
const TetherServerTimings *
                     tether_server_get_timings           (TetherServer               *self);
TetherServerState    tether_server_get_state             (TetherServer               *self);
guint                tether_server_get_attempt           (TetherServer               *self);
guint                tether_server_get_attempts          (TetherServer               *self);
gint64               tether_server_get_retry_at          (TetherServer               *self);
const char          *tether_server_get_error_message     (TetherServer               *self);
const char          *tether_server_get_error_details     (TetherServer               *self);
gboolean             tether_server_get_command_not_found (TetherServer               *self);
const char          *tether_server_get_server_title      (TetherServer               *self);
const char          *tether_server_get_server_version    (TetherServer               *self);
const char          *tether_server_get_protocol_version  (TetherServer               *self);
const char          *tether_server_get_instructions      (TetherServer               *self);
McpClient           *tether_server_get_client            (TetherServer               *self);
gboolean             tether_server_get_list_hints        (TetherServer               *self,
                                                          const char                 *method,
                                                          gint64                     *ttl_ms,
                                                          gboolean                   *is_public);
GListModel          *tether_server_get_tools             (TetherServer               *self);
GListModel          *tether_server_get_prompts           (TetherServer               *self);
GListModel          *tether_server_get_resources         (TetherServer               *self);
GListModel          *tether_server_get_resource_templates(TetherServer               *self);
GListModel          *tether_server_get_log               (TetherServer               *self);
gboolean             tether_server_get_busy              (TetherServer               *self);
char                *tether_server_dup_status_text       (TetherServer               *self,
                                                          gint64                      now);
char                *tether_server_dup_diagnostics       (TetherServer               *self);

void                 tether_server_set_secret_store      (TetherServer               *self,
                                                          TetherSecretStore          *store);
void                 tether_server_sign_in_async         (TetherServer               *self,
                                                          TetherAuthOpenUri           open_uri,
                                                          gpointer                    open_data,
                                                          GDestroyNotify              open_destroy,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
gboolean             tether_server_sign_in_finish        (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);

void                 tether_server_start                 (TetherServer               *self);
void                 tether_server_reconnect             (TetherServer               *self);
void                 tether_server_stop_async            (TetherServer               *self,
                                                          gboolean                    disable,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
gboolean             tether_server_stop_finish           (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);

void                 tether_server_request_async         (TetherServer               *self,
                                                          const char                 *method,
                                                          JsonObject                 *params,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
JsonNode            *tether_server_request_finish        (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);
void                 tether_server_call_tool_async       (TetherServer               *self,
                                                          const char                 *name,
                                                          JsonObject                 *arguments,
                                                          McpProgressFunc             progress_callback,
                                                          gpointer                    progress_data,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
void                 tether_server_call_tool_full_async  (TetherServer               *self,
                                                          const char                 *name,
                                                          JsonObject                 *arguments,
                                                          JsonObject                 *meta,
                                                          GObject                    *owner,
                                                          McpProgressFunc             progress_callback,
                                                          gpointer                    progress_data,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
void                 tether_server_call_tool_task_async  (TetherServer               *self,
                                                          const char                 *name,
                                                          JsonObject                 *arguments,
                                                          GObject                    *owner,
                                                          McpTask                    *task,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
McpTaskSupport       tether_server_get_tool_task_support (TetherServer               *self,
                                                          const char                 *name);
JsonNode            *tether_server_call_tool_finish      (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);
void                 tether_server_set_log_level_async   (TetherServer               *self,
                                                          const char                 *level,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
gboolean             tether_server_set_log_level_finish  (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);
void                 tether_server_roots_changed         (TetherServer               *self);
void                 tether_server_subscribe_async       (TetherServer               *self,
                                                          const char                 *uri,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
gboolean             tether_server_subscribe_finish      (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);
void                 tether_server_unsubscribe           (TetherServer               *self,
                                                          const char                 *uri);
void                 tether_server_wait_settled_async    (TetherServer               *self,
                                                          GCancellable               *cancellable,
                                                          GAsyncReadyCallback         callback,
                                                          gpointer                    user_data);
gboolean             tether_server_wait_settled_finish   (TetherServer               *self,
                                                          GAsyncResult               *result,
                                                          GError                    **error);

G_END_DECLS
