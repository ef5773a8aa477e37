/* tether-cli-run.h — one run of a command on one client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "tether-cli-output.h"
#include "tether-cli-target.h"

G_BEGIN_DECLS

typedef struct _TetherCliRun TetherCliRun;

/* One run of one command against one connected server. */
struct _TetherCliRun
{
  TetherCliTarget *target;
  McpClient       *client;
  GCancellable    *cancellable;
  char           **args;        /* the command's own arguments */
  gboolean         json;
  guint            timeout_ms;  /* 0: the client's defaults */
  guint            count;       /* ping */
  guint            inflight;    /* ping */
  int              exit_code;
  const char      *save_dir;    /* --save-dir: binary content goes there */
  gboolean         save_failed;
  gboolean         task;        /* call --task */
  gboolean         finishes_on_interrupt; /* ends its work on the server itself, then is done */

  /* Called once, when the command is over. */
  void           (*done)        (TetherCliRun *run);
};

void tether_cli_run_complete (TetherCliRun *run,
                              int           exit_code,
                              const GError *error);

G_END_DECLS
