/* tether-cli-env.h — the environment given to an ad-hoc server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char **tether_cli_env_build (const char * const  *files,
                             const char * const  *pairs,
                             GError             **error);

G_END_DECLS
