/* tether-cli-target.h — what tether-cli talks to
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-http-transport.h"

G_BEGIN_DECLS

/* How long connecting (spawn and initialize) may take at least. */
#define TETHER_CLI_CONNECT_TIMEOUT_MS 60000

/* A target yields a connected McpClient: an ad-hoc stdio command
 * (`-- SERVER-COMMAND ARGS…`) or an HTTP server (`--url URL`); configured
 * servers by name add constructors here, and every command works with all
 * of them. */
typedef struct _TetherCliTarget TetherCliTarget;

TetherCliTarget *tether_cli_target_new_stdio       (const char * const  *argv);
TetherCliTarget *tether_cli_target_new_http        (const char          *url,
                                                    McpHttpMode          mode,
                                                    const char * const  *headers,
                                                    GError             **error);
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherCliTarget, tether_cli_target_free)

G_END_DECLS
