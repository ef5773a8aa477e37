/* tether-roots-group.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TETHER_TYPE_ROOTS_GROUP (tether_roots_group_get_type ())

G_DECLARE_FINAL_TYPE (TetherRootsGroup, tether_roots_group, TETHER, ROOTS_GROUP, AdwPreferencesGroup)

GtkWidget  *tether_roots_group_new           (void);
void        tether_roots_group_set_roots     (TetherRootsGroup   *self,
                                              const char * const *roots);
char      **tether_roots_group_dup_roots     (TetherRootsGroup   *self);
void        tether_roots_group_add_folder    (TetherRootsGroup   *self,
                                              const char         *path);
char       *tether_roots_group_display_path  (const char         *root);

G_END_DECLS
