/* tether-capability-row.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TETHER_TYPE_CAPABILITY_ROW (tether_capability_row_get_type ())

G_DECLARE_FINAL_TYPE (TetherCapabilityRow, tether_capability_row, TETHER, CAPABILITY_ROW, GtkWidget)

GObject  *tether_capability_row_get_item     (TetherCapabilityRow *self);
void      tether_capability_row_set_item     (TetherCapabilityRow *self,
                                              GObject             *item);
void      tether_capability_row_set_run_target (TetherCapabilityRow *self,
                                                GVariant            *target);
const char *tether_capability_row_get_action_name (TetherCapabilityRow *self);
GtkWidget *tether_capability_row_get_button      (TetherCapabilityRow *self);
gboolean  tether_capability_row_get_expanded (TetherCapabilityRow *self);
void      tether_capability_row_set_expanded (TetherCapabilityRow *self,
                                              gboolean             expanded);

G_END_DECLS
