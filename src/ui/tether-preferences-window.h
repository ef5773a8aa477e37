/* tether-preferences-window.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-hub-control.h"

G_BEGIN_DECLS

#define TETHER_TYPE_PREFERENCES_WINDOW (tether_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (TetherPreferencesWindow, tether_preferences_window, TETHER, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

TetherPreferencesWindow *tether_preferences_window_new (GtkWindow        *parent,
                                                        TetherHubControl *control);

G_END_DECLS
