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
 * @TETHER_SERVER_STATE_SIGN_IN_REQUIRED: the server wants a sign-in that
 *   only the user can give (in their browser); nothing is retried until
 *   they do (see #TetherServer:error-message for the reason)
 */
typedef enum
{
  TETHER_SERVER_STATE_DISABLED,
  TETHER_SERVER_STATE_DISCONNECTED,
  TETHER_SERVER_STATE_CONNECTING,
  TETHER_SERVER_STATE_CONNECTED,
  TETHER_SERVER_STATE_WAITING,
  TETHER_SERVER_STATE_ERROR,
  TETHER_SERVER_STATE_SIGN_IN_REQUIRED,
} TetherServerState;

#define TETHER_TYPE_SERVER_STATE (tether_server_state_get_type ())

GType       tether_server_state_get_type  (void) G_GNUC_CONST;
const char *tether_server_state_to_string (TetherServerState state);

/* Keep at most this many lines in a server's log. */
#define TETHER_SERVER_LOG_LIMIT 5000

G_END_DECLS
