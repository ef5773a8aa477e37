/* mcp-list-kind.h — the four lists a server offers, and their methods
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * McpListKind:
 * @MCP_LIST_TOOLS: `tools/list`
 * @MCP_LIST_PROMPTS: `prompts/list`
 * @MCP_LIST_RESOURCES: `resources/list`
 * @MCP_LIST_RESOURCE_TEMPLATES: `resources/templates/list`
 * @MCP_LIST_N_KINDS: how many there are; also "no list"
 *
 * A list a server offers page by page.
 */
typedef enum
{
  MCP_LIST_TOOLS,
  MCP_LIST_PROMPTS,
  MCP_LIST_RESOURCES,
  MCP_LIST_RESOURCE_TEMPLATES,
  MCP_LIST_N_KINDS,
} McpListKind;

McpListKind  mcp_list_kind_for_method (const char  *method);
const char  *mcp_list_kind_get_method (McpListKind  kind);
const char  *mcp_list_kind_get_member (McpListKind  kind);

G_END_DECLS
