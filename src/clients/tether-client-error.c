/* tether-client-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-client-error.h"

G_DEFINE_QUARK (tether-client-error-quark, tether_client_error)
