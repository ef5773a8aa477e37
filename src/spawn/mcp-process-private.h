/* mcp-process-private.h — what the McpProcess backends share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-process.h"

G_BEGIN_DECLS

#define MCP_PROCESS_FALLBACK_PATH "/usr/local/bin:/usr/bin:/bin"

char       **_mcp_process_build_environment_from    (McpProcess         *self,
                                                     const char * const *base);
const char  *_mcp_process_get_search_path_in_effect (McpProcess         *self,
                                                     const char * const *base);

G_END_DECLS
