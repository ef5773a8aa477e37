/* tether-cli-clients.h — tether-cli clients: connect AI clients to Tether
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-options.h"

G_BEGIN_DECLS

int tether_cli_clients_main (const TetherCliConfigCommand  *command,
                             const TetherCliOptions        *options,
                             char                         **args,
                             GError                       **error);

G_END_DECLS
