/* tether-spawn.c — starting a command, here or on the host
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-spawn"

#include "config.h"

#include "tether-flatpak.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn.h"

/* The one place that knows the backends: #TetherProcess itself does not,
 * so a backend may use the base class and never the other way round.
 *
 * What the caller then sets on the process (its argv, environment, working
 * directory, search path) and does with it (spawn, signal its whole group,
 * wait for its exit) is the same whichever backend runs it. */

/**
 * tether_spawn_new_process:
 * @argv: the command and its arguments
 *
 * Creates a process of the backend that fits where we run: inside the
 * Flatpak sandbox (see tether_flatpak_is_sandboxed()) a
 * #TetherHostProcess, which runs the command on the host; otherwise a
 * #TetherNativeProcess.
 *
 * Returns: (transfer full): a new #TetherProcess, not yet spawned
 */
TetherProcess *
tether_spawn_new_process (const char * const *argv)
{
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  if (tether_flatpak_is_sandboxed ())
    return tether_host_process_new (argv);

  return tether_native_process_new (argv);
}
