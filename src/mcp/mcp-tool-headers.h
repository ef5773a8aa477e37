/* mcp-tool-headers.h — the x-mcp-header annotations of a tool's schema
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One argument of a tool that the stateless revision repeats in an HTTP
 * header, `Mcp-Param-<name>`. */
typedef struct
{
  char *property;  /* the argument, a top-level property of the schema */
  char *name;      /* the header's name after `Mcp-Param-` */
} McpToolHeader;

GPtrArray *mcp_tool_headers_parse        (JsonNode    *input_schema,
                                          GError     **error);
char      *mcp_tool_header_value         (JsonNode    *argument);
gboolean   mcp_tool_header_name_is_valid (const char  *name);

G_END_DECLS
