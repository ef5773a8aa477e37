/* tether-diagnostics-window.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-diagnostics.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

#define TETHER_TYPE_DIAGNOSTICS_WINDOW (tether_diagnostics_window_get_type ())

G_DECLARE_FINAL_TYPE (TetherDiagnosticsWindow, tether_diagnostics_window, TETHER, DIAGNOSTICS_WINDOW, AdwWindow)

TetherDiagnosticsWindow *tether_diagnostics_window_new             (TetherServerManager     *manager);
TetherServerManager     *tether_diagnostics_window_get_manager     (TetherDiagnosticsWindow *self);
TetherDiagnostics       *tether_diagnostics_window_get_diagnostics (TetherDiagnosticsWindow *self);
gboolean                 tether_diagnostics_window_get_busy        (TetherDiagnosticsWindow *self);
JsonNode                *tether_diagnostics_window_get_report      (TetherDiagnosticsWindow *self);
void                     tether_diagnostics_window_refresh         (TetherDiagnosticsWindow *self);

G_END_DECLS
