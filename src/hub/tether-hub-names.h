/* tether-hub-names.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest advertised name: Claude Code adds `mcp__tether__` (13) and
 * allows 64 in all. */
#define TETHER_HUB_NAME_MAX 51
/* The longest server part of a name. */
#define TETHER_HUB_SLUG_MAX 16

char *tether_hub_names_slug (const char *server);
char *tether_hub_names_make (const char *server,
                             const char *item,
                             GHashTable *taken);

G_END_DECLS
