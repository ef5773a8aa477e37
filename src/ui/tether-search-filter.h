/* tether-search-filter.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TETHER_TYPE_SEARCH_FILTER (tether_search_filter_get_type ())

G_DECLARE_FINAL_TYPE (TetherSearchFilter, tether_search_filter, TETHER, SEARCH_FILTER, GtkFilter)

TetherSearchFilter *tether_search_filter_new        (GType                item_type,
                                                     const char * const  *properties);
const char         *tether_search_filter_get_search (TetherSearchFilter  *self);
void                tether_search_filter_set_search (TetherSearchFilter  *self,
                                                     const char          *search);

G_END_DECLS
