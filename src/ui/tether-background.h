/* tether-background.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void      tether_background_request_async  (GDBusConnection      *bus,
                                            const char           *reason,
                                            gboolean              autostart,
                                            GCancellable         *cancellable,
                                            GAsyncReadyCallback   callback,
                                            gpointer              user_data);
gboolean  tether_background_request_finish (GAsyncResult         *result,
                                            gboolean             *autostart,
                                            GError              **error);

char     *tether_autostart_dup_path        (void);
gboolean  tether_autostart_set_enabled     (gboolean              enabled,
                                            const char           *program,
                                            GError              **error);

G_END_DECLS
