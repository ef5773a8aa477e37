/* tether-cli-task.h — tether-cli call, run as a task
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-cli-run.h"

G_BEGIN_DECLS

/* Called with the call's result (or its error) once the task is over. */
typedef void (*TetherCliCallFinished) (TetherCliRun *run,
                                       JsonNode     *reply,
                                       GError       *error);

void tether_cli_call_tool (TetherCliRun          *run,
                           JsonObject            *arguments,
                           gboolean               as_task,
                           McpRequestOptions     *options,
                           TetherCliCallFinished  finished);

G_END_DECLS
