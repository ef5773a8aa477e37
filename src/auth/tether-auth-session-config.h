/* tether-auth-session-config.h — a server's own OAuth client handed to
 * its sign-in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-auth-session.h"
#include "tether-server-config.h"

G_BEGIN_DECLS

gboolean tether_auth_session_configure       (TetherAuthSession   *self,
                                              TetherServerConfig  *config,
                                              GError             **error);
char    *tether_auth_session_describe_client (TetherServerConfig  *config);

G_END_DECLS
