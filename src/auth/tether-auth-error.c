/* tether-auth-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-auth-error.h"

G_DEFINE_QUARK (tether-auth-error-quark, tether_auth_error)
