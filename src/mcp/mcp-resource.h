/* mcp-resource.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_RESOURCE (mcp_resource_get_type ())

G_DECLARE_FINAL_TYPE (McpResource, mcp_resource, MCP, RESOURCE, GObject)

McpResource*mcp_resource_new_from_json    (JsonObject  *object,
                                           GError     **error);
const char *mcp_resource_get_name         (McpResource *self);
const char *mcp_resource_get_title        (McpResource *self);
const char *mcp_resource_get_uri          (McpResource *self);
const char *mcp_resource_get_uri_template (McpResource *self);
const char *mcp_resource_get_description  (McpResource *self);
const char *mcp_resource_get_mime_type    (McpResource *self);
const char *mcp_resource_get_label        (McpResource *self);
JsonObject *mcp_resource_get_json         (McpResource *self);

G_END_DECLS
