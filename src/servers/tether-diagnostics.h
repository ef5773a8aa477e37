/* tether-diagnostics.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tether-config-import.h"
#include "tether-config-store.h"
#include "tether-shell-environment.h"

G_BEGIN_DECLS

#define TETHER_TYPE_DIAGNOSTICS (tether_diagnostics_get_type ())

G_DECLARE_FINAL_TYPE (TetherDiagnostics, tether_diagnostics, TETHER, DIAGNOSTICS, GObject)

TetherDiagnostics      *tether_diagnostics_new             (TetherConfigStore       *store,
                                                            TetherShellEnvironment  *environment);

TetherConfigStore      *tether_diagnostics_get_store       (TetherDiagnostics       *self);
TetherShellEnvironment *tether_diagnostics_get_environment (TetherDiagnostics       *self);
TetherConfigImport     *tether_diagnostics_get_import      (TetherDiagnostics       *self);

void                    tether_diagnostics_collect_async   (TetherDiagnostics       *self,
                                                            GCancellable            *cancellable,
                                                            GAsyncReadyCallback      callback,
                                                            gpointer                 user_data);
JsonNode               *tether_diagnostics_collect_finish  (TetherDiagnostics       *self,
                                                            GAsyncResult            *result,
                                                            GError                 **error);

char                   *tether_diagnostics_format_text     (JsonNode                *report);

G_END_DECLS
