/* test-server-util.h — running and waiting on a TetherServer or its manager, shared by the tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdarg.h>

#include "tether-server.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

TetherServerConfig *test_fake_server_config             (const char          *name,
                                                         const char          *count_file,
                                                         const char          *first_arg,
                                                         ...);
TetherServerConfig *test_fake_server_config_va          (const char          *name,
                                                         const char          *count_file,
                                                         const char          *first_arg,
                                                         va_list              args);

void                test_server_wait_state              (TetherServer        *server,
                                                         TetherServerState    state);
void                test_server_wait_idle               (TetherServer        *server,
                                                         TetherServerState    state);
void                test_server_wait_settled            (TetherServer        *server,
                                                         const char          *what);
void                test_server_stop                    (TetherServer        *server);
void                test_server_stop_kept               (TetherServer        *server);
gint64              test_server_manager_shutdown        (TetherServerManager *manager);
gint64              test_server_manager_shutdown_within (TetherServerManager *manager,
                                                         guint                timeout_ms);
char               *test_server_ask_roots               (TetherServer        *server);

G_END_DECLS
