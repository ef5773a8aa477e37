/* tether-cli-asker.h — the terminal answers what a server asks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-asker.h"

G_BEGIN_DECLS

#define TETHER_TYPE_CLI_ASKER (tether_cli_asker_get_type ())

G_DECLARE_FINAL_TYPE (TetherCliAsker, tether_cli_asker, TETHER, CLI_ASKER, GObject)

TetherCliAsker *tether_cli_asker_new           (const char *elicit_json,
                                                const char *sample_text,
                                                gboolean    interactive);
TetherCliAsker *tether_cli_asker_new_declining (const char *command);

G_END_DECLS
