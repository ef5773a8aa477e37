/* tether-group-ledger-private.h — test hooks of the process group ledger
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void _tether_group_ledger_set_directory (const char *path);

G_END_DECLS
