/* tether-spawn-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-spawn-error.h"

G_DEFINE_QUARK (tether-spawn-error-quark, tether_spawn_error)
