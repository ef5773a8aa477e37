/* tether-client.h — an AI client on this machine, as Tether can connect it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * TetherClientConnection:
 * @TETHER_CLIENT_CONNECTION_NONE: the client's file has no entry of Tether's
 * @TETHER_CLIENT_CONNECTION_HTTP: it reaches the hub's URL with the token
 * @TETHER_CLIENT_CONNECTION_STDIO: it starts the bridge, `tether-cli connect`
 */
typedef enum
{
  TETHER_CLIENT_CONNECTION_NONE,
  TETHER_CLIENT_CONNECTION_HTTP,
  TETHER_CLIENT_CONNECTION_STDIO,
} TetherClientConnection;

#define TETHER_TYPE_CLIENT (tether_client_get_type ())

G_DECLARE_FINAL_TYPE (TetherClient, tether_client, TETHER, CLIENT, GObject)

const char             *tether_client_get_name           (TetherClient *self);
const char             *tether_client_get_display_name   (TetherClient *self);
const char             *tether_client_get_path           (TetherClient *self);
const char             *tether_client_get_format         (TetherClient *self);
gboolean                tether_client_get_found          (TetherClient *self);
gboolean                tether_client_get_connected      (TetherClient *self);
TetherClientConnection  tether_client_get_connection     (TetherClient *self);
const char             *tether_client_get_entry_name     (TetherClient *self);
const char             *tether_client_get_url            (TetherClient *self);
const char * const     *tether_client_get_command        (TetherClient *self);
const char * const     *tether_client_get_shared_servers (TetherClient *self);
const char             *tether_client_get_error_message  (TetherClient *self);
gboolean                tether_client_get_takes_http     (TetherClient *self);
gboolean                tether_client_get_can_disable    (TetherClient *self);

G_END_DECLS
