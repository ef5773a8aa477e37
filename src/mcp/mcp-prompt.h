/* mcp-prompt.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-item.h"

G_BEGIN_DECLS

#define MCP_TYPE_PROMPT (mcp_prompt_get_type ())

G_DECLARE_FINAL_TYPE (McpPrompt, mcp_prompt, MCP, PROMPT, McpItem)

McpPrompt *mcp_prompt_new_from_json (JsonObject  *object,
                                     GError     **error);
JsonNode  *mcp_prompt_get_arguments (McpPrompt   *self);

G_END_DECLS
