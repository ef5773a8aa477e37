/* test-server-util.h — waiting on a TetherServer or its manager, shared by the tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

void   test_server_wait_settled     (TetherServer        *server,
                                     const char          *what);
void   test_server_stop             (TetherServer        *server);
gint64 test_server_manager_shutdown (TetherServerManager *manager);
char  *test_server_ask_roots        (TetherServer        *server);

G_END_DECLS
