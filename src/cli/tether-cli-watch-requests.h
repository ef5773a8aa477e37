/* tether-cli-watch-requests.h — tether-cli watch --requests: the running hub's activity
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-options.h"

G_BEGIN_DECLS

int tether_cli_watch_requests_main (const TetherCliOptions  *options,
                                    GError                 **error);

G_END_DECLS
