/* tether-cli-commands.h — the commands of tether-cli on one server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-run.h"

G_BEGIN_DECLS

typedef struct
{
  const char         *name;
  const char         *synopsis;
  const char         *summary;
  /* The command's own options (nullable); their callbacks get the run. */
  const GOptionEntry *options;
  /* Checks and takes the arguments that are not options; an error is a
   * usage error. */
  gboolean          (*parse)   (TetherCliRun  *run,
                                char         **args,
                                GError       **error);
  void              (*run)     (TetherCliRun  *run);
} TetherCliCommand;

const TetherCliCommand *tether_cli_get_commands   (guint         *n_commands);
const TetherCliCommand *tether_cli_find_command   (const char    *name);

G_END_DECLS
