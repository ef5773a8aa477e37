/* tether-log-entry.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TetherLogKind:
 * @TETHER_LOG_KIND_STDERR: a line the server wrote to its standard error
 * @TETHER_LOG_KIND_EVENT: something Tether or the protocol did
 * @TETHER_LOG_KIND_ERROR: a failure
 * @TETHER_LOG_KIND_SERVER: a `notifications/message` the server sent
 */
typedef enum
{
  TETHER_LOG_KIND_STDERR,
  TETHER_LOG_KIND_EVENT,
  TETHER_LOG_KIND_ERROR,
  TETHER_LOG_KIND_SERVER,
} TetherLogKind;

#define TETHER_TYPE_LOG_ENTRY (tether_log_entry_get_type ())

G_DECLARE_FINAL_TYPE (TetherLogEntry, tether_log_entry, TETHER, LOG_ENTRY, GObject)

TetherLogEntry *tether_log_entry_new           (TetherLogKind   kind,
                                                const char     *text);
TetherLogEntry *tether_log_entry_new_at        (TetherLogKind   kind,
                                                const char     *text,
                                                gint64          time);
TetherLogKind   tether_log_entry_get_kind      (TetherLogEntry *self);
const char     *tether_log_entry_get_text      (TetherLogEntry *self);
gint64          tether_log_entry_get_time      (TetherLogEntry *self);
char           *tether_log_entry_format_time   (TetherLogEntry *self);
char           *tether_log_entry_to_string     (TetherLogEntry *self);

G_END_DECLS
