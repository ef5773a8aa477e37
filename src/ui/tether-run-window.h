/* tether-run-window.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "mcp-tool.h"
#include "tether-result-view.h"
#include "tether-run-history.h"
#include "tether-schema-form.h"
#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_RUN_WINDOW (tether_run_window_get_type ())

G_DECLARE_FINAL_TYPE (TetherRunWindow, tether_run_window, TETHER, RUN_WINDOW, AdwWindow)

TetherRunWindow  *tether_run_window_new             (TetherServer     *server,
                                                     McpTool          *tool,
                                                     TetherRunHistory *history);
TetherServer     *tether_run_window_get_server      (TetherRunWindow  *self);
McpTool          *tether_run_window_get_tool        (TetherRunWindow  *self);
TetherSchemaForm *tether_run_window_get_form        (TetherRunWindow  *self);
TetherResultView *tether_run_window_get_result_view (TetherRunWindow  *self);
gboolean          tether_run_window_get_running     (TetherRunWindow  *self);
void              tether_run_window_show_json       (TetherRunWindow  *self,
                                                     gboolean          json);
char             *tether_run_window_dup_json_text   (TetherRunWindow  *self);
void              tether_run_window_set_json_text   (TetherRunWindow  *self,
                                                     const char       *text);

G_END_DECLS
