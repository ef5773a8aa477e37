/* tether-host-group-private.h — a host process group, signalled by number
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-flatpak.h"

G_BEGIN_DECLS

/* org.freedesktop.Flatpak.Development, of flatpak-session-helper */
#define FLATPAK_BUS_NAME     TETHER_FLATPAK_BUS_NAME
#define DEVELOPMENT_PATH     "/org/freedesktop/Flatpak/Development"
#define DEVELOPMENT_IFACE    "org.freedesktop.Flatpak.Development"

#define HOST_COMMAND_CLEAR_ENV (1 << 0)
#define HOST_COMMAND_WATCH_BUS (1 << 1)

/* The kill script's environment variable with the token to look for */
#define TETHER_HOST_GROUP_EXPECTED_TOKEN "TETHER_EXPECTED_GROUP_TOKEN"

const char *_tether_host_group_get_kill_script (void);
gboolean    _tether_host_group_is_signallable  (guint32          pgid);
void        _tether_host_group_kill            (GDBusConnection *connection,
                                                guint32          pgid,
                                                int              signum,
                                                const char      *token,
                                                GDestroyNotify   done,
                                                gpointer         done_data);

G_END_DECLS
