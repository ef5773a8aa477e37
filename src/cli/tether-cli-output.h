/* tether-cli-output.h — what tether-cli prints, and how it ends
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tether-server-config.h"

G_BEGIN_DECLS

/* Exit codes */
#define TETHER_CLI_EXIT_OK      0
#define TETHER_CLI_EXIT_FAILURE 1
#define TETHER_CLI_EXIT_USAGE   2

char     *tether_cli_escape             (const char         *text);
void      tether_cli_print_error        (const char         *format,
                                         ...) G_GNUC_PRINTF (1, 2);
void      tether_cli_print_json         (JsonNode           *node);
void      tether_cli_print_json_line    (JsonNode           *node);

/* A configured server, shown */
JsonNode *tether_cli_masked_entry       (TetherServerConfig *config);
char     *tether_cli_describe_config    (TetherServerConfig *config);
void      tether_cli_set_warning_member (JsonObject         *object,
                                         TetherServerConfig *config);
void      tether_cli_warn_cleartext     (TetherServerConfig *config);

G_END_DECLS
