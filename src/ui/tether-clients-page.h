/* tether-clients-page.h — connecting AI clients to Tether
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-clients.h"

G_BEGIN_DECLS

#define TETHER_TYPE_CLIENTS_PAGE (tether_clients_page_get_type ())

G_DECLARE_FINAL_TYPE (TetherClientsPage, tether_clients_page, TETHER, CLIENTS_PAGE, AdwBin)

GtkWidget     *tether_clients_page_new         (TetherClients     *clients);
TetherClients *tether_clients_page_get_clients (TetherClientsPage *self);
gboolean       tether_clients_page_get_busy    (TetherClientsPage *self);
void           tether_clients_page_refresh     (TetherClientsPage *self);

G_END_DECLS
