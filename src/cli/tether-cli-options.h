/* tether-cli-options.h — tether-cli's options, and what they open
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

typedef struct _TetherCliConfigCommand TetherCliConfigCommand;

/* A command that works on the configuration rather than on one connected
 * server. It gets every argument after its name (a "--" included) and
 * returns an exit code; when that is not TETHER_CLI_EXIT_OK, @error says
 * why (G_OPTION_ERROR for a usage error), or is left unset when the reason
 * was already printed. */
struct _TetherCliConfigCommand
{
  const char *name;
  const char *synopsis;
  const char *summary;
  int       (*main) (const TetherCliConfigCommand  *command,
                     const TetherCliOptions        *options,
                     char                         **args,
                     GError                       **error);
};

gboolean           tether_cli_options_init        (TetherCliOptions        *options,
                                                   const char              *timings_spec,
                                                   GError                 **error);
GFile             *tether_cli_options_get_file    (const TetherCliOptions  *options);
TetherConfigStore *tether_cli_open_store          (const TetherCliOptions  *options,
                                                   GError                 **error);
TetherCliTarget   *tether_cli_open_server_target  (const TetherCliOptions  *options,
                                                   const char              *name,
                                                   GError                 **error);
GError            *tether_cli_no_such_server      (TetherConfigStore       *store,
                                                   const char              *name);
void               tether_cli_prefix_path         (GError                  *error,
                                                   GFile                   *file);

/* One command's arguments, parsed by its GOptionContext */
typedef struct
{
  char     **positional;    /* what is not an option, in order */
  char     **command_line;  /* all that followed "--", never parsed; NULL without "--" */
  gboolean   help;          /* --help was asked for: the help is printed */
} TetherCliArgs;

void               tether_cli_args_clear          (TetherCliArgs           *args);
gboolean           tether_cli_args_parse          (TetherCliArgs           *args,
                                                   const char              *parameters,
                                                   const char              *summary,
                                                   const GOptionEntry      *entries,
                                                   const GOptionEntry      *more_entries,
                                                   gpointer                 user_data,
                                                   gboolean                *json,
                                                   char                   **argv,
                                                   GError                 **error);
gboolean           tether_cli_check_value         (const char              *name,
                                                   const char              *value,
                                                   GError                 **error);
gboolean           tether_cli_check_pairs         (const char              *name,
                                                   const char * const      *values,
                                                   char                     separator,
                                                   GError                 **error);
gboolean           tether_cli_check_roots         (char                   **roots,
                                                   GError                 **error);
gboolean           tether_cli_parse_count         (const char              *name,
                                                   const char              *value,
                                                   guint                    min,
                                                   guint                   *out,
                                                   GError                 **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TetherCliArgs, tether_cli_args_clear)

G_END_DECLS
