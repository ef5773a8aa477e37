/* client-harness.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "client-harness.h"
#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-test-transport.h"
#include "test-util.h"

void
iterate_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A client connected to the fake server's core; @era as mcp_client_set_era()
 * (UNKNOWN asks the server). */
McpClient *
connect_with_core_era (const FakeMcpOptions  *options,
                       McpEra                 era,
                       McpTestTransport     **transport_out)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (options);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_era (client, era);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  mcp_client_connect_finish (client, result, &error);
  g_assert_no_error (error);

  if (transport_out != NULL)
    *transport_out = g_object_ref (transport);

  return g_steal_pointer (&client);
}

/* The initialize era's handshake, whose messages the tests count. */
McpClient *
connect_with_core (const FakeMcpOptions  *options,
                   McpTestTransport     **transport_out)
{
  return connect_with_core_era (options, MCP_ERA_LEGACY, transport_out);
}

/* A client over a transport without a peer: the test answers by hand. */
McpClient *
connect_by_hand (McpTestTransport **transport_out)
{
  return mcp_test_client_connect_by_hand (transport_out);
}

gint64
sent_id (McpTestTransport *transport,
         guint             index)
{
  GPtrArray *sent = mcp_test_transport_get_sent (transport);

  g_assert_cmpuint (index, <, sent->len);

  return json_object_get_int_member (json_node_get_object (g_ptr_array_index (sent, index)), "id");
}

void
collect_event (McpClient  *client,
               const char *text,
               GPtrArray  *events)
{
  g_ptr_array_add (events, g_strdup (text));
}

gboolean
events_contain (GPtrArray  *events,
                const char *needle)
{
  for (guint i = 0; i < events->len; i++)
    if (strstr (g_ptr_array_index (events, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

void
close_client (McpClient *client)
{
  mcp_test_client_close (client);
}
