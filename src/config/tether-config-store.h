/* tether-config-store.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tether-server-config.h"

G_BEGIN_DECLS

#define TETHER_TYPE_CONFIG_STORE (tether_config_store_get_type ())

G_DECLARE_FINAL_TYPE (TetherConfigStore, tether_config_store, TETHER, CONFIG_STORE, GObject)

TetherConfigStore  *tether_config_store_new               (GFile              *file);
GFile              *tether_config_store_get_default_file  (void);
GFile              *tether_config_store_get_file          (TetherConfigStore  *self);
const GError       *tether_config_store_get_error         (TetherConfigStore  *self);
gboolean            tether_config_store_load              (TetherConfigStore  *self,
                                                           GError            **error);
void                tether_config_store_set_watching      (TetherConfigStore  *self,
                                                           gboolean            watching);
void                tether_config_store_set_lock_timeout  (TetherConfigStore  *self,
                                                           guint               timeout_ms);
void                tether_config_store_set_defer_saves   (TetherConfigStore  *self,
                                                           gboolean            defer);
gboolean            tether_config_store_get_pending       (TetherConfigStore  *self);
guint               tether_config_store_get_n_servers     (TetherConfigStore  *self);
JsonNode           *tether_config_store_dup_member        (TetherConfigStore  *self,
                                                           const char         *name);
TetherServerConfig *tether_config_store_get_server        (TetherConfigStore  *self,
                                                           guint               position);
TetherServerConfig *tether_config_store_lookup            (TetherConfigStore  *self,
                                                           const char         *name,
                                                           guint              *position);
gboolean            tether_config_store_add               (TetherConfigStore  *self,
                                                           TetherServerConfig *config,
                                                           GError            **error);
gboolean            tether_config_store_replace           (TetherConfigStore  *self,
                                                           const char         *name,
                                                           TetherServerConfig *config,
                                                           GError            **error);
gboolean            tether_config_store_merge             (TetherConfigStore  *self,
                                                           GPtrArray          *configs,
                                                           GError            **error);
gboolean            tether_config_store_remove            (TetherConfigStore  *self,
                                                           const char         *name,
                                                           guint              *position,
                                                           JsonNode          **entry,
                                                           GError            **error);
gboolean            tether_config_store_insert_entry      (TetherConfigStore  *self,
                                                           guint               position,
                                                           const char         *name,
                                                           JsonNode           *entry,
                                                           GError            **error);
gboolean            tether_config_store_set_enabled       (TetherConfigStore  *self,
                                                           const char         *name,
                                                           gboolean            enabled,
                                                           GError            **error);

G_END_DECLS
