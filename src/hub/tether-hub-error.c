/* tether-hub-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-hub-error.h"

G_DEFINE_QUARK (tether-hub-error-quark, tether_hub_error)
