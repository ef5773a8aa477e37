/* mcp-tool.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-item.h"

G_BEGIN_DECLS

#define MCP_TYPE_TOOL (mcp_tool_get_type ())

G_DECLARE_FINAL_TYPE (McpTool, mcp_tool, MCP, TOOL, McpItem)

McpTool  *mcp_tool_new_from_json     (JsonObject  *object,
                                      GError     **error);
JsonNode *mcp_tool_get_input_schema  (McpTool     *self);
JsonNode *mcp_tool_dup_input_schema  (McpTool     *self);
JsonNode *mcp_tool_get_output_schema (McpTool     *self);
JsonNode *mcp_tool_get_annotations   (McpTool     *self);

G_END_DECLS
