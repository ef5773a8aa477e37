/* tether-cli-run.c — one run of a command on one client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each command is one function that starts from a connected client and
 * ends with tether_cli_run_complete(): its exit code, and the error as one
 * line on stderr.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>

#include "tether-cli-run.h"

void
tether_cli_run_complete (TetherCliRun *run,
                         int           exit_code,
                         const GError *error)
{
  if (error != NULL)
    tether_cli_print_error ("%s", error->message);

  run->exit_code = exit_code;
  fflush (stdout);
  run->done (run);
}
