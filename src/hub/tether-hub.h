/* tether-hub.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-hub-error.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

/* The hub's port unless the settings or --listen say otherwise. */
#define TETHER_HUB_DEFAULT_PORT 7624

#define TETHER_TYPE_HUB (tether_hub_get_type ())

G_DECLARE_FINAL_TYPE (TetherHub, tether_hub, TETHER, HUB, GObject)

TetherHub  *tether_hub_new                   (TetherServerManager  *manager);
void        tether_hub_set_port              (TetherHub            *self,
                                              guint                 port);
guint       tether_hub_get_port              (TetherHub            *self);
void        tether_hub_set_token_path        (TetherHub            *self,
                                              const char           *path);
void        tether_hub_set_runtime_file      (TetherHub            *self,
                                              const char           *path);
gboolean    tether_hub_start                 (TetherHub            *self,
                                              GError              **error);
void        tether_hub_stop                  (TetherHub            *self);
gboolean    tether_hub_get_running           (TetherHub            *self);
const char *tether_hub_get_url               (TetherHub            *self);
const char *tether_hub_get_token             (TetherHub            *self);
char       *tether_hub_dup_profile_url       (TetherHub            *self,
                                              const char           *profile);
GListModel *tether_hub_get_sessions          (TetherHub            *self);
void        tether_hub_set_recent_idle       (TetherHub            *self,
                                              guint                 ms);
GListModel *tether_hub_get_activity          (TetherHub            *self);
guint       tether_hub_count_tools           (TetherHub            *self,
                                              const char           *profile);
GSocketAddress **tether_hub_dup_addresses    (TetherHub            *self,
                                              guint                *n_addresses);

char       *tether_hub_dup_default_runtime_file (void);
gboolean    tether_hub_read_runtime_file        (const char        *path,
                                                 char             **url,
                                                 GPid              *pid,
                                                 GError           **error);

G_END_DECLS
