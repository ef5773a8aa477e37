/* tether-status-label.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_STATUS_LABEL (tether_status_label_get_type ())

G_DECLARE_FINAL_TYPE (TetherStatusLabel, tether_status_label, TETHER, STATUS_LABEL, GtkWidget)

TetherServer *tether_status_label_get_server  (TetherStatusLabel *self);
void          tether_status_label_set_server  (TetherStatusLabel *self,
                                               TetherServer      *server);
const char   *tether_status_label_get_text    (TetherStatusLabel *self);
gboolean      tether_status_label_get_compact (TetherStatusLabel *self);
void          tether_status_label_set_compact (TetherStatusLabel *self,
                                               gboolean           compact);

G_END_DECLS
