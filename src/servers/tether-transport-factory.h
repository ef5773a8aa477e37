/* tether-transport-factory.h — the transport a server's config asks for
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-http-transport.h"
#include "mcp-token-provider.h"
#include "mcp-transport.h"
#include "tether-server-config.h"
#include "tether-server-timings.h"
#include "tether-shell-environment.h"

G_BEGIN_DECLS

McpTransport *tether_transport_factory_create (TetherServerConfig         *config,
                                               const TetherServerTimings  *timings,
                                               McpHttpMode                 remembered,
                                               TetherShellEnvironment     *shell_environment,
                                               McpTokenProvider           *token_provider,
                                               GError                    **error);

G_END_DECLS
