/* tether-application.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-server-manager.h"

G_BEGIN_DECLS

/* tether-hub.h, without its include path for those who do not need it */
typedef struct _TetherHub TetherHub;
/* tether-clients.h, likewise */
typedef struct _TetherClients TetherClients;
typedef struct _TetherHubControl TetherHubControl;

#define TETHER_TYPE_APPLICATION (tether_application_get_type ())

G_DECLARE_FINAL_TYPE (TetherApplication, tether_application, TETHER, APPLICATION, AdwApplication)

TetherApplication   *tether_application_new             (void);
TetherServerManager *tether_application_get_manager     (TetherApplication *self);
TetherHub           *tether_application_get_hub         (TetherApplication *self);
TetherHubControl    *tether_application_get_hub_control (TetherApplication *self);
TetherClients       *tether_application_get_clients     (TetherApplication *self);

G_END_DECLS
