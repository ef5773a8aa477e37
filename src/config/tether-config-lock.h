/* tether-config-lock.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * TetherConfigLock:
 *
 * The advisory lock every writer of a configuration file holds while it
 * reads, changes and replaces the file, so that two writers (two
 * `tether-cli` runs, or the app and the CLI) never lose each other's
 * change. See tether-config-lock.c for the choices.
 */
typedef struct _TetherConfigLock TetherConfigLock;

#define TETHER_CONFIG_LOCK_DEFAULT_WAIT_MS 10000

char             *tether_config_lock_path_for   (const char        *target);
TetherConfigLock *tether_config_lock_try        (const char        *target,
                                                 gboolean          *busy,
                                                 GError           **error);
TetherConfigLock *tether_config_lock_acquire    (const char        *target,
                                                 guint              wait_ms,
                                                 GError           **error);
gint64            tether_config_lock_get_since  (TetherConfigLock  *self);
void              tether_config_lock_release    (TetherConfigLock  *self);
GError           *tether_config_lock_busy_error (const char        *target,
                                                 guint              waited_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherConfigLock, tether_config_lock_release)

G_END_DECLS
