/* test-fake-server.h — the one way the tests run the fake MCP server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fake server (tests/fake/fake-mcp-server.c) as a command line or as a
 * config entry in servers.json; test_fake_server_config() in
 * test-server-util.h makes a TetherServerConfig of it. A count file
 * (--count-file) both counts what the server was asked and puts the test's
 * folder in the server's command line, which is how the leak checks find
 * processes a test left behind.
 */

#pragma once

#include <stdarg.h>

#include <glib.h>

G_BEGIN_DECLS

GStrv  test_fake_server_argv    (const char *first_arg,
                                 ...);
GStrv  test_fake_server_argv_va (const char *first_arg,
                                 va_list     args);
char  *test_fake_server_entry   (const char *count_file,
                                 const char *extra_args,
                                 const char *extra_members);

G_END_DECLS
