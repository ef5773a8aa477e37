/* mcp-uri-template.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

GStrv  mcp_uri_template_get_variables (const char  *uri_template);
char  *mcp_uri_template_expand        (const char  *uri_template,
                                       JsonObject  *values);

G_END_DECLS
