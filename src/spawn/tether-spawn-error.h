/* tether-spawn-error.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TETHER_SPAWN_ERROR:
 *
 * A command that could not be started, or looked up. A process that
 * started and then failed is not an error of this domain: its exit status
 * says how it ended.
 */
#define TETHER_SPAWN_ERROR (tether_spawn_error_quark ())

typedef enum
{
  TETHER_SPAWN_ERROR_FAILED,            /* the process could not be started */
  TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND, /* the command is not where it was looked for */
  TETHER_SPAWN_ERROR_PERMISSION_DENIED, /* e.g. no permission to run commands on the host */
} TetherSpawnError;

GQuark tether_spawn_error_quark (void);

G_END_DECLS
