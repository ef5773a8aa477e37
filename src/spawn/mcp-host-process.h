/* mcp-host-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-process.h"

G_BEGIN_DECLS

#define MCP_TYPE_HOST_PROCESS (mcp_host_process_get_type ())

G_DECLARE_FINAL_TYPE (McpHostProcess, mcp_host_process, MCP, HOST_PROCESS, McpProcess)

McpProcess *mcp_host_process_new                    (const char * const  *argv);
guint32     mcp_host_process_get_pid                (McpHostProcess      *self);
const char *mcp_host_process_get_program            (McpHostProcess      *self);

gboolean    mcp_host_process_is_sandboxed           (void);
gboolean    mcp_host_process_check_permission       (GError             **error);
char       *mcp_host_process_dup_app_id             (void);
char       *mcp_host_process_dup_override_command   (void);
const char *mcp_host_process_get_flatpak_info_path  (void);
void        mcp_host_process_set_flatpak_info_path  (const char          *path);

G_END_DECLS
