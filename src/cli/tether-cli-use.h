/* tether-cli-use.h — prompt, read, complete: using a server's offers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-run.h"

G_BEGIN_DECLS

gboolean tether_cli_parse_prompt    (TetherCliRun  *run,
                                     char         **args,
                                     GError       **error);
void     tether_cli_cmd_prompt      (TetherCliRun  *run);
gboolean tether_cli_parse_read      (TetherCliRun  *run,
                                     char         **args,
                                     GError       **error);
void     tether_cli_cmd_read        (TetherCliRun  *run);
gboolean tether_cli_parse_complete  (TetherCliRun  *run,
                                     char         **args,
                                     GError       **error);
void     tether_cli_cmd_complete    (TetherCliRun  *run);
void     tether_cli_print_binary    (TetherCliRun  *run,
                                     const char    *kind,
                                     const char    *mime_type,
                                     const char    *base64);

G_END_DECLS
