/* tether-secret-move.h — values that look secret moved into the keyring
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-secret-store.h"
#include "tether-server-config.h"

G_BEGIN_DECLS

gboolean  tether_secret_move_wanted         (const char          *key,
                                             const char          *value);
gboolean  tether_secret_move_is_reference   (const char          *value);
guint     tether_secret_move_count          (TetherServerConfig  *config);
char     *tether_secret_move_value          (TetherSecretStore   *store,
                                             const char          *kind,
                                             const char          *server,
                                             const char          *key,
                                             const char          *value,
                                             GError             **error);
gboolean  tether_secret_move_config         (TetherSecretStore   *store,
                                             TetherServerConfig  *config,
                                             guint               *n_moved,
                                             GError             **error);
gboolean  tether_secret_move_keys           (TetherSecretStore   *store,
                                             TetherServerConfig  *config,
                                             const char * const  *env,
                                             const char * const  *headers,
                                             guint               *n_moved,
                                             GError             **error);
gboolean  tether_secret_move_configs        (TetherSecretStore   *store,
                                             GPtrArray           *configs,
                                             guint               *n_moved,
                                             GError             **error);
void      tether_secret_move_configs_async  (TetherSecretStore   *store,
                                             GPtrArray           *configs,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
void      tether_secret_move_keys_async     (TetherSecretStore   *store,
                                             TetherServerConfig  *config,
                                             const char * const  *env,
                                             const char * const  *headers,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean  tether_secret_move_configs_finish (GAsyncResult        *result,
                                             guint               *n_moved,
                                             GError             **error);

G_END_DECLS
