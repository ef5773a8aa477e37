/* tether-log-level-chooser.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_LOG_LEVEL_CHOOSER (tether_log_level_chooser_get_type ())

G_DECLARE_FINAL_TYPE (TetherLogLevelChooser, tether_log_level_chooser, TETHER, LOG_LEVEL_CHOOSER, GtkWidget)

void         tether_log_level_chooser_set_server   (TetherLogLevelChooser *self,
                                                    TetherServer          *server);
GtkDropDown *tether_log_level_chooser_get_dropdown (TetherLogLevelChooser *self);
const char  *tether_log_level_chooser_get_level    (TetherLogLevelChooser *self);
gboolean     tether_log_level_chooser_get_busy     (TetherLogLevelChooser *self);

G_END_DECLS
