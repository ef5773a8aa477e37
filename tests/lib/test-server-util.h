/* test-server-util.h — waiting on a TetherServer, shared by the servers tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server.h"

G_BEGIN_DECLS

void test_server_wait_settled (TetherServer *server,
                               const char   *what);
void test_server_stop         (TetherServer *server);
void test_remove_tree         (const char   *path);

G_END_DECLS
