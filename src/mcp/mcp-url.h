/* mcp-url.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * MCP_URL_MASK:
 *
 * What stands in for a secret part of a URL wherever one is shown.
 */
#define MCP_URL_MASK "••••"

char *mcp_url_mask (const char *url);

G_END_DECLS
