/* tether-process-private.h — what the TetherProcess backends share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-process.h"

G_BEGIN_DECLS

#define TETHER_PROCESS_FALLBACK_PATH "/usr/local/bin:/usr/bin:/bin"

char       **_tether_process_build_environment_from    (TetherProcess      *self,
                                                        const char * const *base);
const char  *_tether_process_get_search_path_in_effect (TetherProcess      *self,
                                                        const char * const *base);

G_END_DECLS
