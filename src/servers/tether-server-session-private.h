/* tether-server-session-private.h — what the state machine offers the layers above it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server-private.h"

G_BEGIN_DECLS

void            _tether_server_abandon_session       (TetherServer        *self);
void            _tether_server_start_round           (TetherServer        *self);
void            _tether_server_restart               (TetherServer        *self);
void            _tether_server_stop                  (TetherServer        *self,
                                                      gboolean             disable);
TetherAuthSession *
                _tether_server_ensure_auth           (TetherServer        *self);
gboolean        _tether_server_died_of               (TetherServer        *self,
                                                      const GError        *error,
                                                      guint                generation);

G_END_DECLS
