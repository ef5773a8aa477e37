/* tether-config-banner.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-config-store.h"

G_BEGIN_DECLS

#define TETHER_TYPE_CONFIG_BANNER (tether_config_banner_get_type ())

G_DECLARE_FINAL_TYPE (TetherConfigBanner, tether_config_banner, TETHER, CONFIG_BANNER, GtkWidget)

TetherConfigStore *tether_config_banner_get_store    (TetherConfigBanner *self);
void               tether_config_banner_set_store    (TetherConfigBanner *self,
                                                      TetherConfigStore  *store);
gboolean           tether_config_banner_get_revealed (TetherConfigBanner *self);
const char        *tether_config_banner_get_title    (TetherConfigBanner *self);

G_END_DECLS
