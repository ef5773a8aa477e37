/* tether-auth-listener.h — the one-shot loopback redirect listener
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TETHER_TYPE_AUTH_LISTENER (tether_auth_listener_get_type ())

G_DECLARE_FINAL_TYPE (TetherAuthListener, tether_auth_listener, TETHER, AUTH_LISTENER, GObject)

TetherAuthListener *tether_auth_listener_new              (guint                port,
                                                           GError             **error);
const char         *tether_auth_listener_get_redirect_uri (TetherAuthListener  *self);
guint               tether_auth_listener_get_port         (TetherAuthListener  *self);
void                tether_auth_listener_wait_async       (TetherAuthListener  *self,
                                                           guint                timeout_s,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
GHashTable         *tether_auth_listener_wait_finish      (TetherAuthListener  *self,
                                                           GAsyncResult        *result,
                                                           GError             **error);
void                tether_auth_listener_close            (TetherAuthListener  *self);

G_END_DECLS
