/* tether-host-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-process.h"

G_BEGIN_DECLS

#define TETHER_TYPE_HOST_PROCESS (tether_host_process_get_type ())

G_DECLARE_FINAL_TYPE (TetherHostProcess, tether_host_process, TETHER, HOST_PROCESS, TetherProcess)

TetherProcess *tether_host_process_new         (const char * const *argv);
guint32        tether_host_process_get_pid     (TetherHostProcess  *self);
const char    *tether_host_process_get_program (TetherHostProcess  *self);

G_END_DECLS
