/* tether-hub-entry.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void _tether_hub_entry_write_renamed (const char *text,
                                      const char *name,
                                      const char *server,
                                      const char *label,
                                      const char *description,
                                      gboolean    drop_execution,
                                      GString    *out);

G_END_DECLS
