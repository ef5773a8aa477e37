/* tether-hub-view.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-config-store.h"
#include "tether-hub-control.h"

G_BEGIN_DECLS

/* How many of the latest requests the Activity page shows */
#define TETHER_HUB_VIEW_ACTIVITY_SHOWN 200

#define TETHER_TYPE_HUB_VIEW (tether_hub_view_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubView, tether_hub_view, TETHER, HUB_VIEW, AdwBin)

void          tether_hub_view_set_control (TetherHubView     *self,
                                           TetherHubControl  *control,
                                           TetherConfigStore *store);
AdwViewStack *tether_hub_view_get_stack   (TetherHubView     *self);

G_END_DECLS
