/* tether-config-file.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char     *tether_config_file_resolve           (const char  *path,
                                                GError     **error);
gboolean  tether_config_file_check_writable    (const char  *target,
                                                GError     **error);
gboolean  tether_config_file_replace           (const char  *target,
                                                const char  *data,
                                                gsize        length,
                                                GError     **error);
gboolean  tether_config_file_replace_with_mode (const char  *target,
                                                const char  *data,
                                                gsize        length,
                                                guint        mode,
                                                GError     **error);
gboolean  tether_config_file_is_temporary      (const char  *target,
                                                const char  *name);
guint     tether_config_file_remove_stale      (const char  *target,
                                                gint64       before);
void      tether_config_file_sweep_if_idle     (const char  *target);

G_END_DECLS
