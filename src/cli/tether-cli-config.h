/* tether-cli-config.h — tether-cli on the user's configuration
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-options.h"

G_BEGIN_DECLS

const TetherCliConfigCommand *tether_cli_get_config_commands   (guint       *n_commands);
const TetherCliConfigCommand *tether_cli_find_config_command   (const char  *name);

G_END_DECLS
