/* tether-server-lists-private.h — what the lists offer the state machine above them
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server-private.h"

G_BEGIN_DECLS

void            _tether_server_lists_watch           (TetherServer        *self,
                                                      McpClient           *client);
void            _tether_server_lists_begin           (TetherServer        *self);
void            _tether_server_lists_fetch           (TetherServer        *self);
void            _tether_server_lists_stop            (TetherServer        *self);

G_END_DECLS
