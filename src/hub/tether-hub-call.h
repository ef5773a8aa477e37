/* tether-hub-call.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TETHER_TYPE_HUB_CALL (tether_hub_call_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubCall, tether_hub_call, TETHER, HUB_CALL, GObject)

const char *tether_hub_call_get_method (TetherHubCall *self);

G_END_DECLS
