/* http-test-fixture.c — an McpHttpTransport against an in-process server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "http-test-fixture.h"
#include "test-util.h"

/* ---------------------------------------------------------------------- */
/* Fixture                                                                 */

static void
on_message (McpTransport *transport,
            JsonNode     *message,
            Fixture      *f)
{
  g_ptr_array_add (f->messages, json_node_copy (message));
}

static void
on_invalid (McpTransport *transport,
            const char   *text,
            const char   *reason,
            Fixture      *f)
{
  g_ptr_array_add (f->invalid, g_strdup (reason));
}

static void
on_event (McpTransport *transport,
          const char   *message,
          Fixture      *f)
{
  g_test_message ("event: %s", message);
  g_ptr_array_add (f->events, g_strdup (message));
}

static void
on_closed (McpTransport *transport,
           const GError *error,
           Fixture      *f)
{
  f->n_closed++;
  g_clear_error (&f->closed_error);
  if (error != NULL)
    {
      f->closed_error = g_error_copy (error);
      g_ptr_array_add (f->errors, g_strdup (error->message));
    }
}

void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->fds_before = test_count_fds ();
  f->server = fake_http_server_new ();
  f->messages = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  f->invalid = g_ptr_array_new_with_free_func (g_free);
  f->events = g_ptr_array_new_with_free_func (g_free);
  f->errors = g_ptr_array_new_with_free_func (g_free);
}

void
make_transport_for (Fixture     *f,
                    const char  *url,
                    McpHttpMode  mode)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (f->transport);
  f->transport = mcp_http_transport_new (url, mode);
  mcp_http_transport_set_request_timeout (f->transport, 5000);
  mcp_http_transport_set_reconnect_delay (f->transport, 50);
  g_assert_true (mcp_http_transport_add_header (f->transport, "Authorization", SECRET_TOKEN, &error));
  g_assert_no_error (error);

  g_signal_connect (f->transport, "message-received", G_CALLBACK (on_message), f);
  g_signal_connect (f->transport, "invalid-message", G_CALLBACK (on_invalid), f);
  g_signal_connect (f->transport, "event", G_CALLBACK (on_event), f);
  g_signal_connect (f->transport, "closed", G_CALLBACK (on_closed), f);
}

void
make_transport (Fixture     *f,
                McpHttpMode  mode)
{
  make_transport_for (f, f->server->url, mode);
}

void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;
  FinishFunc finish = r->finish != NULL ? r->finish : mcp_transport_send_finish;

  finish (MCP_TRANSPORT (source), result, &r->error);
  r->done = TRUE;
  r->finished_us = g_get_monotonic_time ();
}

void
keep_error (Fixture      *f,
            const GError *error)
{
  if (error != NULL)
    {
      g_test_message ("error: %s", error->message);
      g_ptr_array_add (f->errors, g_strdup (error->message));
    }
}

GError *
open_transport (Fixture *f)
{
  Result r = { .finish = mcp_transport_open_finish };

  mcp_transport_open_async (MCP_TRANSPORT (f->transport), NULL, on_done, &r);
  WAIT_FOR (r.done);
  keep_error (f, r.error);

  return r.error;
}

JsonNode *
parse (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert_no_error (error);
  return node;
}

void
send_start (Fixture      *f,
            const char   *json,
            McpSendFlags  flags,
            GCancellable *cancellable,
            Result       *r)
{
  g_autoptr(JsonNode) node = parse (json);

  mcp_transport_send_async (MCP_TRANSPORT (f->transport), node, flags, cancellable, on_done, r);
}

GError *
send_json (Fixture      *f,
           const char   *json,
           McpSendFlags  flags)
{
  Result r = { 0 };

  send_start (f, json, flags, NULL, &r);
  WAIT_FOR (r.done);
  keep_error (f, r.error);

  return r.error;
}

JsonObject *
find_answer (Fixture *f,
             gint64   id)
{
  for (guint i = 0; i < f->messages->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (f->messages, i));

      if (!json_object_has_member (object, "method") && json_object_has_member (object, "id") &&
          JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "id")) &&
          json_object_get_int_member (object, "id") == id)
        return object;
    }

  return NULL;
}

guint
count_answers (Fixture *f,
               gint64   id)
{
  guint n = 0;

  for (guint i = 0; i < f->messages->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (f->messages, i));

      if (!json_object_has_member (object, "method") && json_object_has_member (object, "id") &&
          json_object_get_int_member (object, "id") == id)
        n++;
    }

  return n;
}

JsonObject *
find_notification (Fixture    *f,
                   const char *method)
{
  for (guint i = 0; i < f->messages->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (f->messages, i));

      if (g_strcmp0 (json_object_get_string_member_with_default (object, "method", NULL), method) == 0)
        return object;
    }

  return NULL;
}

gboolean
some_event_contains (Fixture    *f,
                     const char *needle)
{
  for (guint i = 0; i < f->events->len; i++)
    {
      if (strstr (g_ptr_array_index (f->events, i), needle) != NULL)
        return TRUE;
    }

  return FALSE;
}

JsonObject *
wait_answer (Fixture *f,
             gint64   id)
{
  WAIT_FOR (find_answer (f, id) != NULL || f->n_closed > 0);
  g_assert_nonnull (find_answer (f, id));

  return find_answer (f, id);
}

/* initialize (id 0), its answer, then notifications/initialized. */
void
initialize (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                        "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 0);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
}

void
open_and_initialize (Fixture *f)
{
  g_autoptr(GError) error = open_transport (f);

  g_assert_no_error (error);
  initialize (f);
}

GError *
close_transport (Fixture *f)
{
  Result r = { .finish = mcp_transport_close_finish };

  mcp_transport_close_async (MCP_TRANSPORT (f->transport), NULL, on_done, &r);
  WAIT_FOR (r.done);

  return r.error;
}

static void
assert_no_secret_in (const char *text,
                     GPtrArray  *secrets)
{
  for (guint i = 0; i < secrets->len; i++)
    {
      const char *secret = g_ptr_array_index (secrets, i);

      if (strstr (text, secret) != NULL)
        g_error ("a secret leaked into “%s”", text);
    }
}

void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) secrets = g_ptr_array_new_with_free_func (g_free);
  guint fds;
  gint64 deadline;

  if (f->transport != NULL)
    {
      if (!mcp_transport_is_closed (MCP_TRANSPORT (f->transport)))
        {
          g_autoptr(GError) error = close_transport (f);

          g_assert_no_error (error);
        }
      g_assert_cmpuint (f->n_closed, ==, 1);
      g_clear_object (&f->transport);
    }

  /* Nothing secret in what the transport told the user. */
  g_ptr_array_add (secrets, g_strdup ("secret-token-4f2a9c"));
  for (guint i = 0; i < f->server->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (f->server->requests, i);

      if (seen->session_id != NULL)
        g_ptr_array_add (secrets, g_strdup (seen->session_id));
    }
  if (f->server->session_id != NULL)
    g_ptr_array_add (secrets, g_strdup (f->server->session_id));
  for (guint i = 0; i < f->events->len; i++)
    assert_no_secret_in (g_ptr_array_index (f->events, i), secrets);
  for (guint i = 0; i < f->errors->len; i++)
    assert_no_secret_in (g_ptr_array_index (f->errors, i), secrets);
  for (guint i = 0; i < f->invalid->len; i++)
    assert_no_secret_in (g_ptr_array_index (f->invalid, i), secrets);

  g_clear_pointer (&f->server, fake_http_server_free);

  /* Every socket is closed once both ends are gone. */
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((fds = test_count_fds ()) > f->fds_before && g_get_monotonic_time () < deadline)
    test_iterate_for (10);
  if (data != WARM_UP && fds != f->fds_before)
    {
      g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename ("/proc/self/fd", name, NULL);
          g_autofree char *target = g_file_read_link (path, NULL);

          g_test_message ("fd %s → %s", name, target != NULL ? target : "?");
        }
      g_assert_cmpuint (fds, ==, f->fds_before);
    }

  g_clear_pointer (&f->messages, g_ptr_array_unref);
  g_clear_pointer (&f->invalid, g_ptr_array_unref);
  g_clear_pointer (&f->events, g_ptr_array_unref);
  g_clear_pointer (&f->errors, g_ptr_array_unref);
  g_clear_error (&f->closed_error);
}

/* GLib and libsoup create some things once per process (the worker
 * thread's wakeup fd, the proxy resolver): let them exist before the first
 * test counts fds. */
void
warm_up (void)
{
  Fixture f = { 0 };

  fixture_setup (&f, NULL);
  make_transport (&f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (&f);
  fixture_teardown (&f, WARM_UP);
}
