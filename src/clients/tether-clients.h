/* tether-clients.h — the AI clients on this machine, and connecting them
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-client-change.h"
#include "tether-client-error.h"
#include "tether-client.h"
#include "tether-config-store.h"

G_BEGIN_DECLS

/*
 * TetherClients: every AI client Tether can connect (the clients of the
 * import table it writes: Claude Desktop, VS Code, Cursor, Codex…), as a
 * #GListModel of #TetherClient, and the changes to their files:
 *
 *   clients = tether_clients_new ();
 *   tether_clients_set_endpoint (clients, url, token, bridge);
 *   tether_clients_set_store (clients, store);     for shared-servers
 *   tether_clients_refresh_async (clients, NULL, on_refreshed, self);
 *   model = tether_clients_get_model (clients);
 *
 *   tether_clients_preview_async (clients, client, TETHER_CLIENT_ACTION_CONNECT,
 *                                 FALSE, NULL, on_preview, self);
 *   change = tether_clients_preview_finish (clients, res, &error);
 *   change->diff: the exact change, token masked; change->notes
 *   tether_clients_apply_async (…the same…);
 *
 * After an apply the client's properties are read again.
 */

#define TETHER_TYPE_CLIENTS (tether_clients_get_type ())

G_DECLARE_FINAL_TYPE (TetherClients, tether_clients, TETHER, CLIENTS, GObject)

TetherClients      *tether_clients_new             (void);
void                tether_clients_set_home_dir    (TetherClients        *self,
                                                    const char           *home_dir);
void                tether_clients_set_config_dir  (TetherClients        *self,
                                                    const char           *config_dir);
void                tether_clients_set_endpoint    (TetherClients        *self,
                                                    const char           *url,
                                                    const char           *token,
                                                    const char * const   *bridge);
void                tether_clients_set_store       (TetherClients        *self,
                                                    TetherConfigStore    *store);
GListModel         *tether_clients_get_model       (TetherClients        *self);
TetherClient       *tether_clients_lookup          (TetherClients        *self,
                                                    const char           *name);

void                tether_clients_refresh         (TetherClients        *self);
void                tether_clients_refresh_async   (TetherClients        *self,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
gboolean            tether_clients_refresh_finish  (TetherClients        *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);

TetherClientChange *tether_clients_run             (TetherClients        *self,
                                                    TetherClient         *client,
                                                    TetherClientAction    action,
                                                    gboolean              stdio,
                                                    gboolean              write,
                                                    GError              **error);
void                tether_clients_preview_async   (TetherClients        *self,
                                                    TetherClient         *client,
                                                    TetherClientAction    action,
                                                    gboolean              stdio,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
TetherClientChange *tether_clients_preview_finish  (TetherClients        *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
void                tether_clients_apply_async     (TetherClients        *self,
                                                    TetherClient         *client,
                                                    TetherClientAction    action,
                                                    gboolean              stdio,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
TetherClientChange *tether_clients_apply_finish    (TetherClients        *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);

char              **tether_clients_bridge_command  (const char           *cli_path,
                                                    const char           *profile);

G_END_DECLS
