/* tether-server-manager.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-config-store.h"
#include "tether-server.h"
#include "tether-user-answerer.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_MANAGER (tether_server_manager_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerManager, tether_server_manager, TETHER, SERVER_MANAGER, GObject)

/**
 * TetherRemoval:
 *
 * What tether_server_manager_remove() took away, so that
 * tether_server_manager_undo_remove() can put it back exactly.
 */
typedef struct _TetherRemoval TetherRemoval;

#define TETHER_TYPE_REMOVAL (tether_removal_get_type ())

GType                tether_removal_get_type                (void) G_GNUC_CONST;
TetherRemoval       *tether_removal_ref                     (TetherRemoval              *removal);
void                 tether_removal_unref                   (TetherRemoval              *removal);
const char          *tether_removal_get_name                (TetherRemoval              *removal);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherRemoval, tether_removal_unref)

#define TETHER_SERVER_MANAGER_SHUTDOWN_TIMEOUT_MS 5000

TetherServerManager *tether_server_manager_new              (TetherConfigStore          *store,
                                                             const TetherServerTimings  *timings);
TetherConfigStore   *tether_server_manager_get_store        (TetherServerManager        *self);
TetherRequestRouter *tether_server_manager_get_router       (TetherServerManager        *self);
TetherUserAnswerer  *tether_server_manager_get_answerer     (TetherServerManager        *self);
const TetherServerTimings *
                     tether_server_manager_get_timings      (TetherServerManager        *self);
TetherServer        *tether_server_manager_lookup           (TetherServerManager        *self,
                                                             const char                 *name,
                                                             guint                      *position);
void                 tether_server_manager_start            (TetherServerManager        *self);
gboolean             tether_server_manager_add              (TetherServerManager        *self,
                                                             TetherServerConfig         *config,
                                                             GError                    **error);
gboolean             tether_server_manager_update           (TetherServerManager        *self,
                                                             const char                 *name,
                                                             TetherServerConfig         *config,
                                                             GError                    **error);
gboolean             tether_server_manager_merge            (TetherServerManager        *self,
                                                             GPtrArray                  *configs,
                                                             GError                    **error);
TetherRemoval       *tether_server_manager_remove           (TetherServerManager        *self,
                                                             const char                 *name,
                                                             GError                    **error);
gboolean             tether_server_manager_undo_remove      (TetherServerManager        *self,
                                                             TetherRemoval              *removal,
                                                             GError                    **error);
gboolean             tether_server_manager_set_enabled      (TetherServerManager        *self,
                                                             const char                 *name,
                                                             gboolean                    enabled,
                                                             GError                    **error);
void                 tether_server_manager_reconnect        (TetherServerManager        *self,
                                                             const char                 *name);
void                 tether_server_manager_shutdown_async   (TetherServerManager        *self,
                                                             guint                       timeout_ms,
                                                             GCancellable               *cancellable,
                                                             GAsyncReadyCallback         callback,
                                                             gpointer                    user_data);
gboolean             tether_server_manager_shutdown_finish  (TetherServerManager        *self,
                                                             GAsyncResult               *result,
                                                             GError                    **error);

G_END_DECLS
