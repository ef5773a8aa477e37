/* tether-accessible.h — names for what a screen reader reads
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void tether_accessible_set_row_label    (GtkWidget     *row,
                                         const char    *label);
void tether_accessible_name_status_page (AdwStatusPage *page);
void tether_accessible_name_inner       (GtkWidget     *container,
                                         GType          type,
                                         const char    *label);

GtkWidget          *tether_accessible_find_descendant   (GtkWidget *widget,
                                                         GType      type);
GtkListItemFactory *tether_accessible_new_text_factory  (void);
void                tether_accessible_name_window_parts (GtkWindow *window);

G_END_DECLS
