/* mcp-prompt.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_PROMPT (mcp_prompt_get_type ())

G_DECLARE_FINAL_TYPE (McpPrompt, mcp_prompt, MCP, PROMPT, GObject)

McpPrompt  *mcp_prompt_new_from_json   (JsonObject  *object,
                                        GError     **error);
const char *mcp_prompt_get_name        (McpPrompt *self);
const char *mcp_prompt_get_title       (McpPrompt *self);
const char *mcp_prompt_get_description (McpPrompt *self);
JsonNode   *mcp_prompt_get_arguments   (McpPrompt *self);
const char *mcp_prompt_get_label       (McpPrompt *self);
JsonObject *mcp_prompt_get_json        (McpPrompt *self);

G_END_DECLS
