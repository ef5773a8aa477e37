/* tether-spawn.h — starting a command, here or on the host
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-process.h"
#include "tether-spawn-error.h"

G_BEGIN_DECLS

TetherProcess *tether_spawn_new_process (const char * const *argv);

G_END_DECLS
