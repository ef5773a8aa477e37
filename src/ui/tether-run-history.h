/* tether-run-history.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-run-record.h"

G_BEGIN_DECLS

#define TETHER_RUN_HISTORY_MAX_RUNS 20

#define TETHER_TYPE_RUN_HISTORY (tether_run_history_get_type ())

G_DECLARE_FINAL_TYPE (TetherRunHistory, tether_run_history, TETHER, RUN_HISTORY, GObject)

TetherRunHistory *tether_run_history_new      (void);
GListModel       *tether_run_history_get_runs (TetherRunHistory *self,
                                               const char       *server_name,
                                               const char       *tool);
void              tether_run_history_add      (TetherRunHistory *self,
                                               const char       *server_name,
                                               TetherRunRecord  *record);

G_END_DECLS
