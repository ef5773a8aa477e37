/* tether-hub-error.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TETHER_HUB_ERROR (tether_hub_error_quark ())

typedef enum
{
  TETHER_HUB_ERROR_FAILED,
  TETHER_HUB_ERROR_ADDRESS_IN_USE,  /* the port is taken */
  TETHER_HUB_ERROR_TOKEN,           /* the token file cannot be used */
  TETHER_HUB_ERROR_NOT_RUNNING,     /* no hub answers */
  TETHER_HUB_ERROR_PROFILE,         /* a profile that is not there, or is malformed */
} TetherHubError;

GQuark tether_hub_error_quark (void);

G_END_DECLS
