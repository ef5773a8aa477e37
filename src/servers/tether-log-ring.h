/* tether-log-ring.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-log-entry.h"

G_BEGIN_DECLS

#define TETHER_TYPE_LOG_RING (tether_log_ring_get_type ())

G_DECLARE_FINAL_TYPE (TetherLogRing, tether_log_ring, TETHER, LOG_RING, GObject)

TetherLogRing *tether_log_ring_new       (guint          limit);
guint          tether_log_ring_get_limit (TetherLogRing *self);
void           tether_log_ring_append    (TetherLogRing *self,
                                          TetherLogKind  kind,
                                          const char    *text);

G_END_DECLS
