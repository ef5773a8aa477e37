/* tether-cli-diagnostics.h — tether-cli diagnostics
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int tether_cli_diagnostics_main (gboolean   json,
                                 char     **args);

G_END_DECLS
