/* test-http-redirect.c — McpHttpTransport and the redirects a server sends
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two servers on 127.0.0.1, on two ports: two origins. The first redirects
 * requests of one kind (each of 301, 302, 303, 307 and 308) to the second,
 * which records what it receives: the configured headers must never reach
 * it, nor anything else, and the request fails naming the target, masked.
 * Within the first server's origin, a redirect is followed with the same
 * request; a loop ends with an error.
 */

#include "config.h"

#include <string.h>

#include "mcp/mcp-url.h"

#include "http-test-fixture.h"
#include "test-util.h"

#define LOCATION_SECRET "loc-secret-9b2e"
#define INITIALIZE "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":" \
                   "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}," \
                   "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}"

/* Every header the user configured, each holding the fixture's secret. */
static void
make_transport_with_headers (Fixture     *f,
                             const char  *url,
                             McpHttpMode  mode)
{
  g_autoptr(GError) error = NULL;

  make_transport_for (f, url, mode);
  g_assert_true (mcp_http_transport_add_header (f->transport, "X-Api-Key", "key-secret-token-4f2a9c", &error));
  g_assert_true (mcp_http_transport_add_header (f->transport, "Cookie", "sid=secret-token-4f2a9c", &error));
  g_assert_no_error (error);
}

/* Requests to @path (with @method, or any) go to @other, with a token in
 * the query that must not be shown. */
static void
redirect_elsewhere (Fixture        *f,
                    FakeHttpServer *other,
                    const char     *path,
                    const char     *method,
                    guint           status)
{
  f->server->redirect_path = g_strdup (path);
  f->server->redirect_method = g_strdup (method);
  f->server->redirect_status = status;
  f->server->redirect_location = g_strdup_printf ("%s?key=" LOCATION_SECRET, other->url);
}

static void
assert_saw_nothing (FakeHttpServer *other)
{
  for (guint i = 0; i < other->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (other->requests, i);

      g_test_message ("the other origin got %s %s with:\n%s", seen->http_method, seen->path, seen->headers);
    }
  g_assert_cmpuint (other->requests->len, ==, 0);
}

/* The message names the configured server and the target, masked. */
static void
assert_names_other_origin (Fixture        *f,
                           FakeHttpServer *other,
                           const char     *message)
{
  g_autofree char *target = g_strdup_printf ("%s?key=" MCP_URL_MASK, other->url);

  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "another origin"));
  g_assert_nonnull (strstr (message, target));
  g_assert_nonnull (strstr (message, f->server->url));
  g_assert_null (strstr (message, LOCATION_SECRET));
}

static const char *
find_event (Fixture    *f,
            const char *needle)
{
  for (guint i = 0; i < f->events->len; i++)
    {
      if (strstr (g_ptr_array_index (f->events, i), needle) != NULL)
        return g_ptr_array_index (f->events, i);
    }

  return NULL;
}

/* ---------------------------------------------------------------------- */
/* To another origin: nothing goes there                                   */

static void
test_other_origin_post (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(FakeHttpServer) other = fake_http_server_new ();
  g_autoptr(GError) error = NULL;

  redirect_elsewhere (f, other, "/mcp", NULL, GPOINTER_TO_UINT (data));
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_no_error (error);

  error = send_json (f, INITIALIZE, MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  assert_names_other_origin (f, other, error->message);
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "initialize"), ==, 1);
  assert_saw_nothing (other);
}

static void
test_other_origin_get_stream (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(FakeHttpServer) other = fake_http_server_new ();
  g_autoptr(GError) error = NULL;

  f->server->get_status = 0;
  redirect_elsewhere (f, other, "/mcp", "GET", SOUP_STATUS_TEMPORARY_REDIRECT);
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* Said once, not tried again, and the session goes on without it. */
  WAIT_FOR (find_event (f, "another origin") != NULL);
  assert_names_other_origin (f, other, find_event (f, "another origin"));
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/echo\",\"params\":{\"v\":1}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 2);
  test_iterate_for (200);
  g_assert_cmpuint (fake_http_server_count (f->server, "GET", NULL), ==, 1);
  g_assert_cmpuint (f->n_closed, ==, 0);
  assert_saw_nothing (other);
}

static void
test_other_origin_resume (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(FakeHttpServer) other = fake_http_server_new ();
  g_autoptr(GError) error = NULL;

  f->server->reply = FAKE_REPLY_SSE;
  redirect_elsewhere (f, other, "/mcp", "GET", SOUP_STATUS_PERMANENT_REDIRECT);
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* The stream breaks before the answer; resuming it is redirected. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"test/drop\",\"params\":{\"retry\":10}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (f->closed_error->message, "“test/drop”"));
  assert_names_other_origin (f, other, f->closed_error->message);
  assert_saw_nothing (other);
}

static void
test_other_origin_delete (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(FakeHttpServer) other = fake_http_server_new ();
  g_autoptr(GError) error = NULL;

  redirect_elsewhere (f, other, "/mcp", "DELETE", SOUP_STATUS_FOUND);
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = close_transport (f);
  g_assert_no_error (error);
  g_assert_cmpuint (fake_http_server_count (f->server, "DELETE", NULL), ==, 1);
  assert_saw_nothing (other);
}

/* Legacy HTTP+SSE: the event stream (GET) or the message endpoint (POST). */
static void
test_other_origin_legacy (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(FakeHttpServer) other = fake_http_server_new ();
  g_autoptr(GError) error = NULL;
  gboolean stream = g_str_equal (data, "GET");

  f->server->legacy = TRUE;
  redirect_elsewhere (f, other, stream ? "/mcp" : "/message", data,
                      stream ? SOUP_STATUS_MOVED_PERMANENTLY : SOUP_STATUS_TEMPORARY_REDIRECT);
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_LEGACY_SSE);

  error = open_transport (f);
  if (!stream)
    {
      g_assert_no_error (error);
      error = send_json (f, INITIALIZE, MCP_SEND_FLAGS_NONE);
    }
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  assert_names_other_origin (f, other, error->message);
  assert_saw_nothing (other);
}

/* ---------------------------------------------------------------------- */
/* Within the origin: followed, with the same request                     */

static guint
count_on (Fixture    *f,
          const char *http_method,
          const char *path)
{
  guint n = 0;

  for (guint i = 0; i < f->server->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (f->server->requests, i);

      if (g_str_equal (seen->http_method, http_method) && g_str_equal (seen->path, path))
        n++;
    }

  return n;
}

static void
test_same_origin (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *old_url = g_strdup_printf ("%s/old", f->server->base_url);
  g_autoptr(GError) error = NULL;
  JsonObject *answer;

  f->server->reply = FAKE_REPLY_SSE;
  f->server->get_status = 0;
  f->server->redirect_path = g_strdup ("/old");
  f->server->redirect_status = GPOINTER_TO_UINT (data);
  f->server->redirect_location = g_strdup ("/mcp");
  make_transport_with_headers (f, old_url, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* A call, its body sent again to where the server points. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/echo\",\"params\":{\"v\":42}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (answer, "result"), "v"), ==, 42);
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "test/echo"), ==, 2);

  /* A broken stream resumed through the redirect. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/drop\",\"params\":{\"retry\":10}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, 3);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (answer, "result"), "resumed"));

  /* The GET stream, and the DELETE on close. */
  WAIT_FOR (fake_http_server_n_streams (f->server) >= 1);
  error = close_transport (f);
  g_assert_no_error (error);

  g_assert_cmpuint (count_on (f, "POST", "/old"), ==, count_on (f, "POST", "/mcp"));
  g_assert_cmpuint (count_on (f, "POST", "/mcp"), ==, 4);
  g_assert_cmpuint (count_on (f, "GET", "/old"), ==, count_on (f, "GET", "/mcp"));
  g_assert_cmpuint (count_on (f, "GET", "/mcp"), >=, 2);
  g_assert_cmpuint (count_on (f, "DELETE", "/mcp"), ==, 1);

  /* With the configured headers, there. */
  for (guint i = 0; i < f->server->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (f->server->requests, i);

      g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
      g_assert_nonnull (strstr (seen->headers, "X-Api-Key: key-secret-token-4f2a9c\n"));
    }
  g_assert_true (some_event_contains (f, "following"));
}

/* 303 See Other: a GET follows it, a POST fails and is not sent again. */
static void
test_see_other (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *old_url = g_strdup_printf ("%s/old", f->server->base_url);
  g_autoptr(GError) error = NULL;

  f->server->get_status = 0;
  f->server->redirect_path = g_strdup ("/old");
  f->server->redirect_status = SOUP_STATUS_TEMPORARY_REDIRECT;
  f->server->redirect_get_status = SOUP_STATUS_SEE_OTHER;
  f->server->redirect_location = g_strdup ("/mcp");
  make_transport_with_headers (f, old_url, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  WAIT_FOR (fake_http_server_n_streams (f->server) >= 1);
  g_assert_cmpuint (count_on (f, "GET", "/mcp"), ==, 1);

  f->server->redirect_status = SOUP_STATUS_SEE_OTHER;
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/echo\",\"params\":{}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (error->message, "303 See Other"));
  g_assert_nonnull (strstr (error->message, "not sent again"));
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "test/echo"), ==, 1);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_loop (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->redirect_path = g_strdup ("/mcp");
  f->server->redirect_status = SOUP_STATUS_FOUND;
  f->server->redirect_location = g_strdup ("/mcp");
  make_transport_with_headers (f, f->server->url, MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_no_error (error);

  error = send_json (f, INITIALIZE, MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (error->message, "more than 5 times"));
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "initialize"), ==, 6);
}

int
main (int   argc,
      char *argv[])
{
  static const guint statuses[] = { 301, 302, 303, 307, 308 };

  g_test_init (&argc, &argv, NULL);
  warm_up ();

#define ADD(path, func, data) \
  g_test_add ("/Mcp/HttpRedirect/" path, Fixture, data, fixture_setup, func, fixture_teardown)

  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    {
      g_autofree char *other = g_strdup_printf ("/Mcp/HttpRedirect/other-origin/post-%u", statuses[i]);

      g_test_add (other, Fixture, GUINT_TO_POINTER (statuses[i]), fixture_setup,
                  test_other_origin_post, fixture_teardown);
      if (statuses[i] != SOUP_STATUS_SEE_OTHER)
        {
          g_autofree char *same = g_strdup_printf ("/Mcp/HttpRedirect/same-origin/%u", statuses[i]);

          g_test_add (same, Fixture, GUINT_TO_POINTER (statuses[i]), fixture_setup,
                      test_same_origin, fixture_teardown);
        }
    }
  ADD ("other-origin/get-stream", test_other_origin_get_stream, NULL);
  ADD ("other-origin/resume", test_other_origin_resume, NULL);
  ADD ("other-origin/delete", test_other_origin_delete, NULL);
  ADD ("other-origin/legacy-get", test_other_origin_legacy, "GET");
  ADD ("other-origin/legacy-post", test_other_origin_legacy, "POST");
  ADD ("same-origin/see-other", test_see_other, NULL);
  ADD ("loop", test_loop, NULL);

#undef ADD

  return g_test_run ();
}
