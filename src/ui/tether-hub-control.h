/* tether-hub-control.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-hub.h"

G_BEGIN_DECLS

#define TETHER_TYPE_HUB_CONTROL (tether_hub_control_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubControl, tether_hub_control, TETHER, HUB_CONTROL, GObject)

TetherHubControl *tether_hub_control_new               (TetherHub         *hub,
                                                        GSettings         *settings);
TetherHub        *tether_hub_control_get_hub           (TetherHubControl  *self);
GSettings        *tether_hub_control_get_settings      (TetherHubControl  *self);
const char       *tether_hub_control_get_error_message (TetherHubControl  *self);
gboolean          tether_hub_control_get_port_taken    (TetherHubControl  *self);
gboolean          tether_hub_control_set_port          (TetherHubControl  *self,
                                                        const char        *text,
                                                        GError           **error);
guint             tether_hub_control_pick_free_port    (TetherHubControl  *self,
                                                        GError           **error);

G_END_DECLS
