/* mcp-native-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-process.h"

G_BEGIN_DECLS

#define MCP_TYPE_NATIVE_PROCESS (mcp_native_process_get_type ())

G_DECLARE_FINAL_TYPE (McpNativeProcess, mcp_native_process, MCP, NATIVE_PROCESS, McpProcess)

McpProcess *mcp_native_process_new     (const char * const *argv);
GPid        mcp_native_process_get_pid (McpNativeProcess   *self);

G_END_DECLS
