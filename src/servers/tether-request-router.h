/* tether-request-router.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-answerer.h"

G_BEGIN_DECLS

#define TETHER_TYPE_REQUEST_ROUTER (tether_request_router_get_type ())

G_DECLARE_FINAL_TYPE (TetherRequestRouter, tether_request_router, TETHER, REQUEST_ROUTER, GObject)

TetherRequestRouter *tether_request_router_new             (void);
void                 tether_request_router_add             (TetherRequestRouter *self,
                                                            TetherAnswerer      *answerer);
void                 tether_request_router_remove          (TetherRequestRouter *self,
                                                            TetherAnswerer      *answerer);
void                 tether_request_router_set_last        (TetherRequestRouter *self,
                                                            TetherAnswerer      *answerer);
JsonObject          *tether_request_router_dup_capabilities (TetherRequestRouter *self);
void                 tether_request_router_route           (TetherRequestRouter *self,
                                                            TetherServerQuestion *request);

G_END_DECLS
