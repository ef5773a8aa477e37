/* tether-run-record.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TETHER_TYPE_RUN_RECORD (tether_run_record_get_type ())

G_DECLARE_FINAL_TYPE (TetherRunRecord, tether_run_record, TETHER, RUN_RECORD, GObject)

TetherRunRecord *tether_run_record_new           (const char      *tool,
                                                  JsonObject      *arguments,
                                                  JsonNode        *result,
                                                  const char      *error_message,
                                                  gint64           duration_us);
const char      *tether_run_record_get_tool      (TetherRunRecord *self);
JsonObject      *tether_run_record_get_arguments (TetherRunRecord *self);
JsonNode        *tether_run_record_get_result    (TetherRunRecord *self);
const char      *tether_run_record_get_error     (TetherRunRecord *self);
gint64           tether_run_record_get_duration  (TetherRunRecord *self);
GDateTime       *tether_run_record_get_time      (TetherRunRecord *self);

G_END_DECLS
