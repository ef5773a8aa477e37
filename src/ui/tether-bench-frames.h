/* tether-bench-frames.h — frame times of the tool list, for a benchmark
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-window.h"

G_BEGIN_DECLS

void tether_bench_frames_start (TetherWindow *window,
                                const char   *spec);

G_END_DECLS
