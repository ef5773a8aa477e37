/* tether-server-request.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-client.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_REQUEST (tether_server_request_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerRequest, tether_server_request, TETHER, SERVER_REQUEST, GObject)

TetherServerRequest *tether_server_request_new             (McpClient           *client,
                                                            const char          *server_name,
                                                            JsonNode            *id,
                                                            const char          *method,
                                                            JsonObject          *params,
                                                            GObject             *owner);
const char          *tether_server_request_get_server_name (TetherServerRequest *self);
const char          *tether_server_request_get_method      (TetherServerRequest *self);
JsonObject          *tether_server_request_get_params      (TetherServerRequest *self);
JsonNode            *tether_server_request_get_id          (TetherServerRequest *self);
GObject             *tether_server_request_get_owner       (TetherServerRequest *self);
GCancellable        *tether_server_request_get_cancellable (TetherServerRequest *self);
gboolean             tether_server_request_is_answered     (TetherServerRequest *self);
void                 tether_server_request_reply           (TetherServerRequest *self,
                                                            JsonNode            *result);
void                 tether_server_request_reply_error     (TetherServerRequest *self,
                                                            int                  code,
                                                            const char          *message);
void                 tether_server_request_reply_default   (TetherServerRequest *self,
                                                            const char          *why);

G_END_DECLS
