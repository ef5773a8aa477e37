/* tether-config-edit.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tether-server-config.h"

G_BEGIN_DECLS

/**
 * TetherConfigEntry:
 * @name: the server's name, its key in `mcpServers`
 * @entry: its entry, exactly as read or written
 * @config: what @entry says
 *
 * One server of the configuration, as #TetherConfigStore keeps it.
 */
typedef struct
{
  char               *name;
  JsonNode           *entry;
  TetherServerConfig *config;
} TetherConfigEntry;

/**
 * TetherConfigEdit:
 *
 * One change to the servers of a configuration, made by the user through
 * #TetherConfigStore. It is kept as what was asked, not as its result, so
 * that it can be applied to the file as it is when the lock is had, with
 * what another program changed in the meantime.
 */
typedef struct _TetherConfigEdit TetherConfigEdit;

TetherConfigEntry *tether_config_entry_new             (const char          *name,
                                                        JsonNode            *entry,
                                                        TetherServerConfig  *config);
void               tether_config_entry_free            (TetherConfigEntry   *self);
GPtrArray         *tether_config_entries_copy          (GPtrArray           *entries);
TetherConfigEntry *tether_config_entries_find          (GPtrArray           *entries,
                                                        const char          *name,
                                                        guint               *position);

TetherConfigEdit  *tether_config_edit_new_add          (TetherServerConfig  *config);
TetherConfigEdit  *tether_config_edit_new_replace      (const char          *name,
                                                        TetherServerConfig  *config);
TetherConfigEdit  *tether_config_edit_new_merge        (GPtrArray           *configs);
TetherConfigEdit  *tether_config_edit_new_remove       (const char          *name);
TetherConfigEdit  *tether_config_edit_new_insert       (guint                position,
                                                        const char          *name,
                                                        JsonNode            *entry,
                                                        TetherServerConfig  *config);
TetherConfigEdit  *tether_config_edit_new_set_enabled  (const char          *name,
                                                        gboolean             enabled);
void               tether_config_edit_free             (TetherConfigEdit    *self);
gint64             tether_config_edit_get_deadline     (TetherConfigEdit    *self);
void               tether_config_edit_set_deadline     (TetherConfigEdit    *self,
                                                        gint64               deadline);
gboolean           tether_config_edit_apply            (TetherConfigEdit    *self,
                                                        GPtrArray           *entries,
                                                        gboolean            *changed,
                                                        guint               *position,
                                                        JsonNode           **entry,
                                                        GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherConfigEdit, tether_config_edit_free)

G_END_DECLS
