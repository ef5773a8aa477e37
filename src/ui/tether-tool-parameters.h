/* tether-tool-parameters.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "mcp-tool.h"

G_BEGIN_DECLS

#define TETHER_TYPE_TOOL_PARAMETERS (tether_tool_parameters_get_type ())

G_DECLARE_FINAL_TYPE (TetherToolParameters, tether_tool_parameters, TETHER, TOOL_PARAMETERS, GObject)

GListModel *tether_tool_parameters_new_for_tool (McpTool *tool);

G_END_DECLS
