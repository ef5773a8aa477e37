/* tether-tool-parameter.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TETHER_TYPE_TOOL_PARAMETER (tether_tool_parameter_get_type ())

G_DECLARE_FINAL_TYPE (TetherToolParameter, tether_tool_parameter, TETHER, TOOL_PARAMETER, GObject)

GListModel *tether_tool_parameter_list_new_from_schema (JsonNode            *schema);
const char *tether_tool_parameter_get_name             (TetherToolParameter *self);
const char *tether_tool_parameter_get_type_text        (TetherToolParameter *self);
gboolean    tether_tool_parameter_get_required         (TetherToolParameter *self);
const char *tether_tool_parameter_get_description      (TetherToolParameter *self);

G_END_DECLS
