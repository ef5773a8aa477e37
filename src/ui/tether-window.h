/* tether-window.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-server-manager.h"

/* tether-hub-control.h, without its include path for those who do not need it */
typedef struct _TetherHubControl TetherHubControl;
/* tether-clients.h, likewise */
typedef struct _TetherClients TetherClients;

G_BEGIN_DECLS

#define TETHER_TYPE_WINDOW (tether_window_get_type ())

G_DECLARE_FINAL_TYPE (TetherWindow, tether_window, TETHER, WINDOW, AdwApplicationWindow)

TetherWindow        *tether_window_new             (GtkApplication      *application,
                                                    TetherServerManager *manager,
                                                    GSettings           *settings);
TetherServerManager *tether_window_get_manager     (TetherWindow        *self);
TetherServer        *tether_window_get_selected    (TetherWindow        *self);
gboolean             tether_window_show_server     (TetherWindow        *self,
                                                    const char          *name);
void                 tether_window_add_toast       (TetherWindow        *self,
                                                    AdwToast            *toast);
void                 tether_window_set_hub_control (TetherWindow        *self,
                                                    TetherHubControl    *control);
void                 tether_window_set_clients     (TetherWindow        *self,
                                                    TetherClients       *clients);
void                 tether_window_show_hub        (TetherWindow        *self,
                                                    const char          *page);
void                 tether_window_set_uri_opener  (TetherWindow        *self,
                                                    TetherAuthOpenUri    open_uri,
                                                    gpointer             user_data,
                                                    GDestroyNotify       destroy);

G_END_DECLS
