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

/**
 * McpTaskSupport:
 * @MCP_TASK_SUPPORT_FORBIDDEN: the tool runs only as a plain call (also
 *   when the server says nothing, or something Tether does not know)
 * @MCP_TASK_SUPPORT_OPTIONAL: it may run as a task
 * @MCP_TASK_SUPPORT_REQUIRED: it runs only as a task
 *
 * The tool's `execution.taskSupport`.
 */
typedef enum
{
  MCP_TASK_SUPPORT_FORBIDDEN,
  MCP_TASK_SUPPORT_OPTIONAL,
  MCP_TASK_SUPPORT_REQUIRED,
} McpTaskSupport;

McpTool  *mcp_tool_new_from_json     (JsonObject  *object,
                                      GError     **error);
JsonNode *mcp_tool_get_input_schema  (McpTool     *self);
JsonNode *mcp_tool_dup_input_schema  (McpTool     *self);
JsonNode *mcp_tool_get_output_schema (McpTool     *self);
JsonNode *mcp_tool_get_annotations   (McpTool     *self);
McpTaskSupport
          mcp_tool_get_task_support  (McpTool     *self);

G_END_DECLS
