/* tether-cli-target.h — what tether-cli talks to
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-http-transport.h"
#include "tether-request-router.h"
#include "tether-server.h"

G_BEGIN_DECLS

/* How long connecting (spawn and initialize) may take at least. */
#define TETHER_CLI_CONNECT_TIMEOUT_MS 60000

/* Once a command has its answer, the server's input is closed and a
 * server still running this long after (one that keeps a timer going)
 * gets SIGTERM, then SIGKILL as long again after: a command does not
 * wait seconds for a server to notice it is done. */
#define TETHER_CLI_STOP_GRACE_MS 100

/* A target yields a connected McpClient: an ad-hoc stdio command
 * (`-- SERVER-COMMAND ARGS…`), an HTTP server (`--url URL`), or a server
 * of the configuration, by name, managed by a TetherServer with the
 * connection rules of src/README.md. Every command works with all of
 * them; the ones that must go through the server's rules (a tool call)
 * ask tether_cli_target_get_server(). */
typedef struct _TetherCliTarget TetherCliTarget;

TetherCliTarget *tether_cli_target_new_stdio       (const char * const  *argv);
TetherCliTarget *tether_cli_target_new_http        (const char          *url,
                                                    McpHttpMode          mode,
                                                    const char * const  *headers,
                                                    GError             **error);
TetherCliTarget *tether_cli_target_new_server      (TetherServer        *server);
void             tether_cli_target_free            (TetherCliTarget     *target);
const char      *tether_cli_target_get_name        (TetherCliTarget     *target);
void             tether_cli_target_connect_async   (TetherCliTarget     *target,
                                                    guint                timeout_ms,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
McpClient       *tether_cli_target_connect_finish  (TetherCliTarget     *target,
                                                    GAsyncResult        *result,
                                                    GError             **error);
TetherServer    *tether_cli_target_get_server      (TetherCliTarget     *target);
void             tether_cli_target_set_environment (TetherCliTarget     *target,
                                                    const char * const  *environment);
void             tether_cli_target_set_router      (TetherCliTarget     *target,
                                                    TetherRequestRouter *router);
void             tether_cli_target_set_token_provider (TetherCliTarget  *target,
                                                       McpTokenProvider *provider);
void             tether_cli_target_close_async     (TetherCliTarget     *target,
                                                    McpClient           *client,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
void             tether_cli_target_close_finish    (TetherCliTarget     *target,
                                                    GAsyncResult        *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherCliTarget, tether_cli_target_free)

G_END_DECLS
