/* tether-list-focus.h — one Tab stop per list
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tether_list_focus_install (GtkWidget *list);

G_END_DECLS
