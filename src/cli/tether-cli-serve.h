/* tether-cli-serve.h — tether-cli serve: the hub without GTK, until interrupted
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-options.h"

G_BEGIN_DECLS

int   tether_cli_serve_main         (const TetherCliConfigCommand  *command,
                                    const TetherCliOptions        *options,
                                    char                         **args,
                                    GError                       **error);
guint tether_cli_serve_default_port (void);

G_END_DECLS
