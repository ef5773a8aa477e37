/* tether-warning-label.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TETHER_TYPE_WARNING_LABEL (tether_warning_label_get_type ())

G_DECLARE_FINAL_TYPE (TetherWarningLabel, tether_warning_label, TETHER, WARNING_LABEL, GtkWidget)

GtkWidget  *tether_warning_label_new         (const char         *text);
const char *tether_warning_label_get_text    (TetherWarningLabel *self);
void        tether_warning_label_set_text    (TetherWarningLabel *self,
                                              const char         *text);
gboolean    tether_warning_label_get_compact (TetherWarningLabel *self);
void        tether_warning_label_set_compact (TetherWarningLabel *self,
                                              gboolean            compact);

G_END_DECLS
