/* tether-flatpak.h — the Flatpak sandbox we may run in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* flatpak-session-helper, which runs commands on the host */
#define TETHER_FLATPAK_BUS_NAME "org.freedesktop.Flatpak"

gboolean    tether_flatpak_is_sandboxed          (void);
gboolean    tether_flatpak_check_host_permission (GError     **error);
GError     *tether_flatpak_new_permission_error  (const char  *reason);
char       *tether_flatpak_dup_app_id            (void);
char       *tether_flatpak_dup_override_command  (void);
const char *tether_flatpak_get_info_path         (void);
void        tether_flatpak_set_info_path         (const char  *path);

G_END_DECLS
