/* mcp-tool.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_TOOL (mcp_tool_get_type ())

G_DECLARE_FINAL_TYPE (McpTool, mcp_tool, MCP, TOOL, GObject)

McpTool    *mcp_tool_new_from_json     (JsonObject  *object,
                                        GError     **error);
const char *mcp_tool_get_name          (McpTool *self);
const char *mcp_tool_get_title         (McpTool *self);
const char *mcp_tool_get_description   (McpTool *self);
JsonNode   *mcp_tool_get_input_schema  (McpTool *self);
JsonNode   *mcp_tool_get_output_schema (McpTool *self);
JsonNode   *mcp_tool_get_annotations   (McpTool *self);
const char *mcp_tool_get_label         (McpTool *self);
JsonObject *mcp_tool_get_json          (McpTool *self);

G_END_DECLS
