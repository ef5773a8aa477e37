/* tether-server-page.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_PAGE (tether_server_page_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerPage, tether_server_page, TETHER, SERVER_PAGE, GtkWidget)

TetherServer *tether_server_page_get_server      (TetherServerPage *self);
void          tether_server_page_set_server      (TetherServerPage *self,
                                                  TetherServer     *server);
AdwViewStack *tether_server_page_get_view_stack  (TetherServerPage *self);
gboolean      tether_server_page_get_search_mode (TetherServerPage *self);
void          tether_server_page_set_search_mode (TetherServerPage *self,
                                                  gboolean          search_mode);
void          tether_server_page_start_search    (TetherServerPage *self);

G_END_DECLS
