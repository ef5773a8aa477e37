/* tether-group-ledger.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/types.h>

#include <glib.h>

G_BEGIN_DECLS

void  tether_group_ledger_record (pid_t       pgid,
                                  const char *token_digest);
void  tether_group_ledger_forget (pid_t       pgid);
guint tether_group_ledger_sweep  (void);

G_END_DECLS
