/* tether-cli-config.h — tether-cli on the user's configuration
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-target.h"
#include "tether-config-store.h"
#include "tether-server-timings.h"

G_BEGIN_DECLS

/* The global options that concern the configuration. */
typedef struct
{
  const char          *config_path;  /* --config FILE; NULL: the usual file */
  TetherServerTimings  timings;      /* defaults, then TETHER_TIMINGS, then --timings */
  guint                timeout_ms;   /* --timeout MS; 0 when not given */
  gboolean             json;         /* --json */
} TetherCliOptions;

/* A command that works on the configuration rather than on one connected
 * server. It gets every argument after its name (a "--" included) and
 * returns an exit code; when that is not TETHER_CLI_EXIT_OK, @error says
 * why (G_OPTION_ERROR for a usage error), or is left unset when the reason
 * was already printed. */
typedef struct
{
  const char *name;
  const char *synopsis;
  const char *summary;
  int       (*main) (const TetherCliOptions  *options,
                     char                   **args,
                     GError                 **error);
} TetherCliConfigCommand;

const TetherCliConfigCommand *tether_cli_get_config_commands   (guint                   *n_commands);
const TetherCliConfigCommand *tether_cli_find_config_command   (const char              *name);
gboolean                      tether_cli_options_init          (TetherCliOptions        *options,
                                                                const char              *timings_spec,
                                                                GError                 **error);
GFile                        *tether_cli_options_get_file      (const TetherCliOptions  *options);
TetherConfigStore            *tether_cli_open_store            (const TetherCliOptions  *options,
                                                                GError                 **error);
TetherCliTarget              *tether_cli_open_server_target    (const TetherCliOptions  *options,
                                                                const char              *name,
                                                                GError                 **error);

gboolean                      tether_cli_match_option          (char                   **args,
                                                                guint                   *i,
                                                                const char              *name,
                                                                const char             **value,
                                                                GError                 **error);
gboolean                      tether_cli_match_pair            (char                   **args,
                                                                guint                   *i,
                                                                const char              *name,
                                                                char                     separator,
                                                                const char             **value,
                                                                GError                 **error);

/* Output shared by the configuration commands */
void                          tether_cli_print_json_line       (JsonNode                *node);
JsonNode                     *tether_cli_masked_entry          (TetherServerConfig      *config);
char                         *tether_cli_describe_config       (TetherServerConfig      *config);
void                          tether_cli_set_warning_member    (JsonObject              *object,
                                                                TetherServerConfig      *config);
void                          tether_cli_warn_cleartext        (TetherServerConfig      *config);

/* The commands in files of their own */
int                           tether_cli_watch_main            (const TetherCliOptions  *options,
                                                                char                   **args,
                                                                GError                 **error);
int                           tether_cli_import_main           (const TetherCliOptions  *options,
                                                                char                   **args,
                                                                GError                 **error);
int                           tether_cli_diagnostics_main      (const TetherCliOptions  *options,
                                                                char                   **args,
                                                                GError                 **error);
int                           tether_cli_watch_requests_main   (const TetherCliOptions  *options,
                                                                GError                 **error);
int                           tether_cli_serve_main            (const TetherCliOptions  *options,
                                                                char                   **args,
                                                                GError                 **error);
int                           tether_cli_connect_main          (const TetherCliOptions  *options,
                                                                char                   **args,
                                                                GError                 **error);

G_END_DECLS
