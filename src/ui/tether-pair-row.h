/* tether-pair-row.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TETHER_TYPE_PAIR_ROW (tether_pair_row_get_type ())

G_DECLARE_FINAL_TYPE (TetherPairRow, tether_pair_row, TETHER, PAIR_ROW, AdwPreferencesRow)

GtkWidget  *tether_pair_row_new       (const char    *key,
                                       const char    *value);
const char *tether_pair_row_get_key   (TetherPairRow *self);
void        tether_pair_row_set_key   (TetherPairRow *self,
                                       const char    *key);
const char *tether_pair_row_get_value (TetherPairRow *self);
void        tether_pair_row_set_value (TetherPairRow *self,
                                       const char    *value);
gboolean    tether_pair_row_get_stored (TetherPairRow *self);
gboolean    tether_pair_row_get_secret (TetherPairRow *self);
void        tether_pair_row_set_secret (TetherPairRow *self,
                                        gboolean       secret);
GtkWidget  *tether_pair_row_get_key_entry (TetherPairRow *self);

G_END_DECLS
