/* client-harness.h — an McpClient over the scripted transport,
 * shared by the test-mcp-client files
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-test-transport.h"

G_BEGIN_DECLS

void       iterate_pending          (void);
McpClient *connect_with_core        (const FakeMcpOptions  *options,
                                     McpTestTransport     **transport_out);
McpClient *connect_with_core_era    (const FakeMcpOptions  *options,
                                     McpEra                 era,
                                     McpTestTransport     **transport_out);
McpClient *connect_by_hand          (McpTestTransport **transport_out);
gint64     sent_id                  (McpTestTransport *transport,
                                     guint             index);
void       collect_event            (McpClient  *client,
                                     const char *text,
                                     GPtrArray  *events);
gboolean   events_contain           (GPtrArray  *events,
                                     const char *needle);
void       close_client             (McpClient *client);
void       client_test_add_requests (void);
void       client_test_add_lists    (void);

G_END_DECLS
