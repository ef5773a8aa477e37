/* mcp-test-transport.h — an in-memory McpTransport for unit tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "fake-mcp-core.h"
#include "mcp-client.h"
#include "mcp-transport.h"

G_BEGIN_DECLS

#define MCP_TYPE_TEST_TRANSPORT (mcp_test_transport_get_type ())

G_DECLARE_FINAL_TYPE (McpTestTransport, mcp_test_transport, MCP, TEST_TRANSPORT, McpTransport)

McpTestTransport *mcp_test_transport_new             (void);
McpTestTransport *mcp_test_transport_new_with_core   (const FakeMcpOptions *options);
FakeMcpCore      *mcp_test_transport_get_core        (McpTestTransport     *self);
void              mcp_test_transport_receive         (McpTestTransport     *self,
                                                      const char           *text);
GPtrArray        *mcp_test_transport_get_sent        (McpTestTransport     *self);
McpSendFlags      mcp_test_transport_get_sent_flags  (McpTestTransport     *self,
                                                      guint                 index);
JsonObject       *mcp_test_transport_find_sent       (McpTestTransport     *self,
                                                      const char           *method);
void              mcp_test_transport_set_hold_sends  (McpTestTransport     *self,
                                                      gboolean              hold);
void              mcp_test_transport_release_sends   (McpTestTransport     *self,
                                                      const GError         *error);
void              mcp_test_transport_close_with_error (McpTestTransport    *self,
                                                      const GError         *error);

McpClient        *mcp_test_client_connect_by_hand    (McpTestTransport    **transport_out);
void              mcp_test_client_close              (McpClient            *client);

G_END_DECLS
