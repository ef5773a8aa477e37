/* tether-server-status.h — the states of a managed connection
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TetherServerState:
 * @TETHER_SERVER_STATE_DISABLED: the user switched it off; nothing runs
 * @TETHER_SERVER_STATE_DISCONNECTED: enabled, but not started (or stopped)
 * @TETHER_SERVER_STATE_CONNECTING: an attempt is under way
 * @TETHER_SERVER_STATE_CONNECTED: a live session
 * @TETHER_SERVER_STATE_WAITING: waiting to try again (see #TetherServer:retry-at)
 * @TETHER_SERVER_STATE_ERROR: gave up; see #TetherServer:error-message
 */
typedef enum
{
  TETHER_SERVER_STATE_DISABLED,
  TETHER_SERVER_STATE_DISCONNECTED,
  TETHER_SERVER_STATE_CONNECTING,
  TETHER_SERVER_STATE_CONNECTED,
  TETHER_SERVER_STATE_WAITING,
  TETHER_SERVER_STATE_ERROR,
} TetherServerState;

#define TETHER_TYPE_SERVER_STATE (tether_server_state_get_type ())

GType       tether_server_state_get_type  (void) G_GNUC_CONST;
const char *tether_server_state_to_string (TetherServerState state);

/* Keep at most this many lines in a server's log. */
#define TETHER_SERVER_LOG_LIMIT 5000

G_END_DECLS
