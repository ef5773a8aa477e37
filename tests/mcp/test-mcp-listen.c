/* test-mcp-listen.c — McpClient's subscriptions/listen with a server of the
 * stateless revision, over stdio (the fake server's process) and HTTP
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fake-http-server.h"
#include "mcp-client.h"
#include "mcp-http-transport.h"
#include "mcp-stdio-transport.h"
#include "mcp-test-transport.h"
#include "tether-native-process.h"
#include "test-util.h"

typedef struct
{
  McpClient *client;
  GPtrArray *events;
  GPtrArray *updated;
  guint      n_tools_changed;
} Listener;

static void
on_event (McpClient  *client,
          const char *text,
          Listener   *l)
{
  g_ptr_array_add (l->events, g_strdup (text));
}

static void
on_tools_changed (McpClient *client,
                  Listener  *l)
{
  l->n_tools_changed++;
}

static void
on_resource_updated (McpClient  *client,
                     const char *uri,
                     Listener   *l)
{
  g_ptr_array_add (l->updated, g_strdup (uri));
}

static gboolean
event_seen (Listener   *l,
            const char *needle)
{
  for (guint i = 0; i < l->events->len; i++)
    if (strstr (g_ptr_array_index (l->events, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

static void
listener_connect (Listener     *l,
                  McpTransport *transport)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  l->client = mcp_client_new (transport);
  l->events = g_ptr_array_new_with_free_func (g_free);
  l->updated = g_ptr_array_new_with_free_func (g_free);
  mcp_client_set_request_timeout (l->client, 20000);
  g_signal_connect (l->client, "event", G_CALLBACK (on_event), l);
  g_signal_connect (l->client, "tools-changed", G_CALLBACK (on_tools_changed), l);
  g_signal_connect (l->client, "resource-updated", G_CALLBACK (on_resource_updated), l);

  mcp_client_connect_async (l->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (l->client, result, &error));
  g_assert_no_error (error);
}

static void
listener_close (Listener *l)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (l->client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (l->client, result, NULL));
  g_clear_object (&l->client);
  g_clear_pointer (&l->events, g_ptr_array_unref);
  g_clear_pointer (&l->updated, g_ptr_array_unref);
}

static void
call_tool (Listener   *l,
           const char *name,
           const char *arguments)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) args = arguments != NULL ? json_from_string (arguments, NULL) : NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_call_tool_async (l->client, name, args != NULL ? json_node_get_object (args) : NULL, NULL, NULL,
                              test_store_result, &result);
  test_wait_for (&result);
  answer = mcp_client_call_tool_finish (l->client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
}

static gboolean
granted (gpointer data)
{
  Listener *l = data;

  return mcp_client_get_listen_granted (l->client) != NULL;
}

static guint
granted_uris (Listener *l)
{
  JsonObject *filter = mcp_client_get_listen_granted (l->client);

  if (filter == NULL || !json_object_has_member (filter, "resourceSubscriptions"))
    return 0;

  return json_array_get_length (json_object_get_array_member (filter, "resourceSubscriptions"));
}

static gboolean
tools_changed_once (gpointer data)
{
  return ((Listener *)data)->n_tools_changed == 1;
}

static gboolean
one_update (gpointer data)
{
  return ((Listener *)data)->updated->len == 1;
}

static gboolean
two_uris (gpointer data)
{
  return granted_uris (data) == 2;
}

static gboolean
ungranted (gpointer data)
{
  return !granted (data);
}

static McpTransport *
stdio_transport (const char *extra)
{
  const char *argv[] = { FAKE_MCP_SERVER, "--era", "2026", extra, NULL };
  g_autoptr(TetherProcess) process = tether_native_process_new (argv);

  return mcp_stdio_transport_new (process);
}

typedef struct
{
  FakeHttpServer *http;
  McpTransport   *transport;
} Http;

static void
http_start (Http *h)
{
  h->http = fake_http_server_new ();
  fake_mcp_core_set_era_2026 (h->http->core, TRUE);
  h->http->sessionless = TRUE;
  h->http->reply = FAKE_REPLY_SSE;
  g_free (h->http->version);
  h->http->version = g_strdup ("2026-07-28");
  h->transport = MCP_TRANSPORT (mcp_http_transport_new (h->http->url, MCP_HTTP_MODE_AUTO));
}

static void
http_stop (Http *h)
{
  g_clear_object (&h->transport);
  g_clear_pointer (&h->http, fake_http_server_free);
}

/* The changes the filter names arrive, tagged, and reach the signals of
 * the initialize era; a resource not subscribed to says nothing. */
static void
assert_changes_heard (Listener *l)
{
  const char *uris[] = { "fake://a", NULL };
  JsonObject *filter;

  mcp_client_listen (l->client, uris);
  test_wait_until (granted, l, "granted");

  filter = mcp_client_get_listen_granted (l->client);
  g_assert_true (json_object_get_boolean_member (filter, "toolsListChanged"));
  g_assert_true (json_object_get_boolean_member (filter, "resourcesListChanged"));
  g_assert_cmpuint (granted_uris (l), ==, 1);
  g_assert_true (event_seen (l, "acknowledged"));

  call_tool (l, "touch-list", "{}");
  test_wait_until (tools_changed_once, l, "tools_changed_once");

  call_tool (l, "touch-resource", "{\"uri\": \"fake://b\"}");
  call_tool (l, "touch-resource", "{\"uri\": \"fake://a\"}");
  test_wait_until (one_update, l, "one_update");
  g_assert_cmpstr (g_ptr_array_index (l->updated, 0), ==, "fake://a");

  call_tool (l, "echo", "{\"message\": \"round trip\"}");
  g_assert_cmpuint (l->updated->len, ==, 1);
  g_assert_cmpuint (l->n_tools_changed, ==, 1);
  g_assert_false (event_seen (l, "ignored"));
}

/* A new set of resources opens a new subscription and ends the old one:
 * a change then comes once, for the new one only. */
static void
assert_refilter (Listener *l)
{
  const char *one[] = { "fake://a", NULL };
  const char *two[] = { "fake://a", "fake://b", NULL };

  mcp_client_listen (l->client, one);
  test_wait_until (granted, l, "granted");
  mcp_client_listen (l->client, two);
  test_wait_until (two_uris, l, "two_uris");

  call_tool (l, "touch-resource", "{\"uri\": \"fake://b\"}");
  test_wait_until (one_update, l, "one_update");
  g_assert_cmpstr (g_ptr_array_index (l->updated, 0), ==, "fake://b");

  call_tool (l, "touch-list", "{}");
  test_wait_until (tools_changed_once, l, "tools_changed_once");
  call_tool (l, "echo", "{\"message\": \"round trip\"}");
  g_assert_cmpuint (l->n_tools_changed, ==, 1);
  /* The server forgot the old subscription: nothing came tagged for it. */
  g_assert_false (event_seen (l, "ignored"));
}

static void
test_stdio_changes (void)
{
  g_autoptr(McpTransport) transport = stdio_transport (NULL);
  Listener l = { 0 };

  listener_connect (&l, transport);
  g_assert_cmpint (mcp_client_get_era (l.client), ==, MCP_ERA_STATELESS);
  assert_changes_heard (&l);
  listener_close (&l);
}

static void
test_stdio_refilter (void)
{
  g_autoptr(McpTransport) transport = stdio_transport (NULL);
  Listener l = { 0 };

  listener_connect (&l, transport);
  assert_refilter (&l);
  listener_close (&l);
}

/* A change tagged for a subscription that is not ours is dropped, with a
 * note; ours still come. */
static void
test_stdio_wrong_tag (void)
{
  g_autoptr(McpTransport) transport = stdio_transport ("--listen-wrong-tag");
  Listener l = { 0 };

  listener_connect (&l, transport);
  mcp_client_listen (l.client, NULL);
  test_wait_until (granted, &l, "granted");
  call_tool (&l, "echo", "{\"message\": \"round trip\"}");

  g_assert_cmpuint (l.n_tools_changed, ==, 0);
  g_assert_true (event_seen (&l, "ignored notifications/tools/list_changed tagged for subscription 4242"));

  call_tool (&l, "touch-list", "{}");
  test_wait_until (tools_changed_once, &l, "tools_changed_once");
  listener_close (&l);
}

/* The server ends the subscription (a complete result, then
 * notifications/cancelled): it is left ended, not opened again. */
static void
test_stdio_graceful_end (void)
{
  g_autoptr(McpTransport) transport = stdio_transport (NULL);
  Listener l = { 0 };

  listener_connect (&l, transport);
  mcp_client_listen (l.client, NULL);
  test_wait_until (granted, &l, "granted");

  call_tool (&l, "end-listen", "{}");
  test_wait_until (ungranted, &l, "ungranted");
  g_assert_true (event_seen (&l, "the server ended subscription"));

  test_iterate_for (700);
  g_assert_null (mcp_client_get_listen_granted (l.client));
  call_tool (&l, "touch-list", "{}");
  call_tool (&l, "echo", "{\"message\": \"round trip\"}");
  g_assert_cmpuint (l.n_tools_changed, ==, 0);
  g_assert_false (mcp_client_is_closed (l.client));
  listener_close (&l);
}

static void
test_http_changes (void)
{
  Http h = { 0 };
  Listener l = { 0 };

  http_start (&h);
  listener_connect (&l, h.transport);
  g_assert_cmpint (mcp_client_get_era (l.client), ==, MCP_ERA_STATELESS);
  assert_changes_heard (&l);

  /* One POST that stays open: no GET stream, no resources/subscribe. */
  g_assert_cmpuint (fake_http_server_count (h.http, "POST", "subscriptions/listen"), ==, 1);
  g_assert_cmpuint (fake_http_server_count (h.http, "GET", NULL), ==, 0);
  g_assert_cmpuint (fake_http_server_count (h.http, "POST", "resources/subscribe"), ==, 0);
  listener_close (&l);
  http_stop (&h);
}

static gboolean
one_subscription (gpointer data)
{
  return fake_mcp_listen_get_n_subscriptions (fake_mcp_core_get_listen (data)) == 1;
}

static gboolean
abandoned (gpointer data)
{
  return ((FakeHttpServer *)data)->n_abandoned >= 1;
}

static void
test_http_refilter (void)
{
  Http h = { 0 };
  Listener l = { 0 };

  http_start (&h);
  listener_connect (&l, h.transport);
  assert_refilter (&l);

  /* The old request's stream was closed and the server told. */
  g_assert_cmpuint (fake_http_server_count (h.http, "POST", "subscriptions/listen"), ==, 2);
  test_wait_until (one_subscription, h.http->core, "one_subscription");
  test_wait_until (abandoned, h.http, "abandoned");
  listener_close (&l);
  http_stop (&h);
}

static gboolean
listened_twice (gpointer data)
{
  Http *h = data;

  return fake_http_server_count (h->http, "POST", "subscriptions/listen") == 2;
}

/* A stream that ends without an answer is an abrupt end: listened to
 * again after a short wait; the connection stays. */
static void
test_http_abrupt_end (void)
{
  Http h = { 0 };
  Listener l = { 0 };

  http_start (&h);
  h.http->listen_drops = 1;
  listener_connect (&l, h.transport);
  mcp_client_listen (l.client, NULL);

  test_wait_until (listened_twice, &h, "listened_twice");
  test_wait_until (granted, &l, "granted");
  g_assert_true (event_seen (&l, "listening again"));
  g_assert_false (mcp_client_is_closed (l.client));

  call_tool (&l, "touch-list", "{}");
  test_wait_until (tools_changed_once, &l, "tools_changed_once");
  listener_close (&l);
  http_stop (&h);
}

static gboolean
gave_up (gpointer data)
{
  return event_seen (data, "stopped listening for changes");
}

/* Every stream ends at once, even after its acknowledgement: listened to
 * again a bounded number of times, then given up with a note; the
 * connection stays. */
static void
test_http_abrupt_bounded (void)
{
  Http h = { 0 };
  Listener l = { 0 };

  http_start (&h);
  h.http->listen_drops = 1000;
  listener_connect (&l, h.transport);
  mcp_client_listen (l.client, NULL);

  test_wait_until (gave_up, &l, "gave_up");
  test_iterate_for (500);
  g_assert_cmpuint (fake_http_server_count (h.http, "POST", "subscriptions/listen"), ==, 6);
  g_assert_false (mcp_client_is_closed (l.client));
  call_tool (&l, "echo", "{\"message\": \"still here\"}");
  listener_close (&l);
  http_stop (&h);
}

/* A server of the initialize era is never sent subscriptions/listen. */
static void
test_legacy_untouched (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (NULL);
  FakeMcpCore *core = mcp_test_transport_get_core (transport);
  const char *uris[] = { "fake://a", NULL };
  Listener l = { 0 };

  listener_connect (&l, MCP_TRANSPORT (transport));
  g_assert_cmpint (mcp_client_get_era (l.client), ==, MCP_ERA_LEGACY);
  mcp_client_listen (l.client, uris);
  call_tool (&l, "echo", "{\"message\": \"round trip\"}");
  g_assert_cmpuint (fake_mcp_core_get_count (core, "subscriptions/listen"), ==, 0);
  g_assert_null (mcp_client_get_listen_granted (l.client));
  listener_close (&l);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mcp-listen/stdio/changes", test_stdio_changes);
  g_test_add_func ("/mcp-listen/stdio/refilter", test_stdio_refilter);
  g_test_add_func ("/mcp-listen/stdio/wrong-tag", test_stdio_wrong_tag);
  g_test_add_func ("/mcp-listen/stdio/graceful-end", test_stdio_graceful_end);
  g_test_add_func ("/mcp-listen/http/changes", test_http_changes);
  g_test_add_func ("/mcp-listen/http/refilter", test_http_refilter);
  g_test_add_func ("/mcp-listen/http/abrupt-end", test_http_abrupt_end);
  g_test_add_func ("/mcp-listen/http/abrupt-bounded", test_http_abrupt_bounded);
  g_test_add_func ("/mcp-listen/legacy-untouched", test_legacy_untouched);

  return g_test_run ();
}
