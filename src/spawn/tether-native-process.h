/* tether-native-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-process.h"

G_BEGIN_DECLS

#define TETHER_TYPE_NATIVE_PROCESS (tether_native_process_get_type ())

G_DECLARE_FINAL_TYPE (TetherNativeProcess, tether_native_process, TETHER, NATIVE_PROCESS, TetherProcess)

TetherProcess *tether_native_process_new     (const char * const  *argv);
GPid           tether_native_process_get_pid (TetherNativeProcess *self);

G_END_DECLS
