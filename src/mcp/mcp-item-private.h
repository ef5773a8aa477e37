/* mcp-item-private.h — what the kinds of McpItem share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-item.h"

G_BEGIN_DECLS

JsonNode *_mcp_item_dup_member (McpItem    *self,
                                const char *member);

G_END_DECLS
