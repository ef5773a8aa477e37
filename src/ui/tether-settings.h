/* tether-settings.h — the application's settings, wherever their schema is
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *tether_settings_new (const char  *schema_id,
                                GError     **error);

G_END_DECLS
