/* tether-accessible.h — names for what a screen reader reads
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tether_accessible_set_row_label (GtkWidget  *row,
                                      const char *label);

G_END_DECLS
