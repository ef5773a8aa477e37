/* test-server-auth.c — configured servers with the keyring: a sign-in
 * kept there, the state "sign-in required", ${secret:NAME}
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by with-keyring.sh: a real gnome-keyring-daemon on a private bus,
 * and a HOME of its own.
 */

#include "config.h"

#include <string.h>

#include "oauth-mock.h"
#include "tether-auth-error.h"
#include "tether-log-entry.h"
#include "tether-secret-refs.h"
#include "tether-secret-store.h"
#include "tether-server.h"
#include "test-server-util.h"
#include "test-util.h"

#define NAMED_SECRET "s3cr3t-header-value-7d41"

static TetherServer *
new_remote_server (const char *name,
                   const char *url)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new (name);
  TetherServerTimings timings;

  tether_server_timings_init_defaults (&timings);
  tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (config, url);
  return tether_server_new (config, &timings);
}

/* Nothing the server shows (its error, its log) holds @secret. */
static void
assert_not_shown (TetherServer *server,
                  const char   *secret)
{
  GListModel *log = tether_server_get_log (server);
  g_autofree char *diagnostics = tether_server_dup_diagnostics (server);
  g_autofree char *json = tether_server_config_to_json_string (tether_server_get_config (server));

  g_assert_null (strstr (diagnostics, secret));
  g_assert_null (strstr (json, secret));
  if (tether_server_get_error_message (server) != NULL)
    g_assert_null (strstr (tether_server_get_error_message (server), secret));
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, i);

      g_assert_null (strstr (tether_log_entry_get_text (entry), secret));
    }
}

static void
signed_in_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GError **error = user_data;

  if (!tether_server_sign_in_finish (TETHER_SERVER (source), result, error) && *error == NULL)
    g_error ("sign-in failed without a reason");
  else if (*error == NULL)
    *error = g_error_new_literal (G_IO_ERROR, 0, "ok");
}

/* A server behind OAuth: "sign-in required" with no retry and no browser;
 * Sign In connects it, the tokens in the keyring only; a server made
 * afterwards (the app started again, `tether-cli tools NAME`) connects
 * with them, with no sign-in. */
static void
test_sign_in (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_remote_server ("remote", mock->server->url);
  TetherServer *again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) signed_in = NULL;
  g_autofree char *stored = NULL;
  guint posts;

  tether_server_start (server);
  test_server_wait_settled (server, "the first attempt");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_nonnull (tether_server_get_error_message (server));
  /* nothing is retried: no attempt count above the sign-in's message */
  g_assert_null (strstr (tether_server_get_error_details (server), "Attempt"));
  g_assert_cmpuint (mock->n_browsed, ==, 0);
  g_assert_cmpuint (mock->n_authorized, ==, 0);

  /* No retry loop: the state stays, and nothing more is sent */
  posts = fake_http_server_count (mock->server, "POST", NULL);
  g_assert_cmpuint (posts, >=, 1);
  test_iterate_for (1500);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_cmpuint (fake_http_server_count (mock->server, "POST", NULL), ==, posts);

  tether_server_sign_in_async (server, oauth_mock_open_browser, mock, NULL, NULL, signed_in_cb, &signed_in);
  while (signed_in == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_error_matches (signed_in, G_IO_ERROR, 0));
  g_assert_cmpuint (mock->n_browsed, ==, 1);
  g_assert_cmpuint (mock->n_tokens, ==, 1);

  test_server_wait_settled (server, "the connection after the sign-in");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  assert_not_shown (server, mock->access_token);
  assert_not_shown (server, mock->refresh_token);

  /* In the keyring, under the server's name */
  stored = tether_secret_store_lookup (tether_secret_store_get_default (), TETHER_SECRET_KIND_OAUTH, "remote",
                                       "tokens", &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);
  g_assert_nonnull (strstr (stored, mock->access_token));
  test_server_stop (server);

  /* Another server of the same name and URL: the stored sign-in */
  again = new_remote_server ("remote", mock->server->url);
  tether_server_start (again);
  test_server_wait_settled (again, "the start with the stored sign-in");
  g_assert_cmpint (tether_server_get_state (again), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (mock->n_browsed, ==, 1);
  g_assert_cmpuint (mock->n_authorized, ==, 1);
  test_server_stop (again);
}

/* ${secret:NAME} in a header: the keyring's value goes to the server, the
 * configuration keeps the reference, nothing shows the value. */
static void
test_secret_reference (void)
{
  g_autoptr(FakeHttpServer) fake = fake_http_server_new ();
  TetherServer *server = new_remote_server ("with-key", fake->url);
  g_autoptr(TetherServerConfig) config = tether_server_config_copy (tether_server_get_config (server));
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;

  fake->required_header = g_strdup ("X-Api-Key: prefix-" NAMED_SECRET);
  g_assert_true (tether_secret_store_store (tether_secret_store_get_default (), TETHER_SECRET_KIND_ENV, "",
                                            "API_KEY", NAMED_SECRET, &error));
  g_assert_no_error (error);
  tether_server_config_add_header (config, "X-Api-Key", "prefix-${secret:API_KEY}");
  tether_server_set_config (server, config);

  tether_server_start (server);
  test_server_wait_settled (server, "the start with a secret header");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);

  json = tether_server_config_to_json_string (tether_server_get_config (server));
  g_assert_nonnull (strstr (json, "prefix-${secret:API_KEY}"));
  assert_not_shown (server, NAMED_SECRET);
  test_server_stop (server);
}

/* A name the keyring does not have: a clear state that names it; the
 * server is never sent an empty value. */
static void
test_secret_missing (void)
{
  g_autoptr(FakeHttpServer) fake = fake_http_server_new ();
  TetherServer *server = new_remote_server ("missing", fake->url);
  g_autoptr(TetherServerConfig) config = tether_server_config_copy (tether_server_get_config (server));

  tether_server_config_add_header (config, "X-Api-Key", "${secret:GITHUB_TOKEN}");
  tether_server_set_config (server, config);

  tether_server_start (server);
  test_server_wait_settled (server, "the start with a missing secret");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_ERROR);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "GITHUB_TOKEN is not in the keyring"));
  g_assert_cmpuint (fake->requests->len, ==, 0);
  test_server_stop (server);
}

/* A server of servers.json with its own OAuth client: @oauth is the
 * entry's `oauth` object */
static TetherServer *
new_oauth_server (const char *name,
                  const char *url,
                  const char *oauth)
{
  g_autofree char *text = g_strdup_printf ("{\"type\": \"http\", \"url\": \"%s\", \"oauth\": %s}", url, oauth);
  g_autoptr(JsonNode) entry = json_from_string (text, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = tether_server_config_new_from_json (name, entry, &error);
  TetherServerTimings timings;

  g_assert_no_error (error);
  g_assert_true (tether_server_config_validate (config, &error));
  g_assert_no_error (error);
  tether_server_timings_init_defaults (&timings);
  return tether_server_new (config, &timings);
}

/* Starts @server and waits until it settles in @expected */
static void
start_settled (TetherServer      *server,
               const char        *what,
               TetherServerState  expected)
{
  tether_server_start (server);
  test_server_wait_settled (server, what);
  g_assert_cmpint (tether_server_get_state (server), ==, expected);
}

/* A key the server refuses (401) from a server that offers no OAuth: an
 * error that names the header and the secret its value comes from, never
 * "sign-in required", never the value; nothing tried again. */
static void
test_header_refused (gconstpointer data)
{
  const char *header = data;
  g_autoptr(FakeHttpServer) fake = fake_http_server_new ();
  TetherServer *server = new_remote_server ("key-refused", fake->url);
  g_autoptr(TetherServerConfig) config = tether_server_config_copy (tether_server_get_config (server));
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = g_strdup_printf ("the server refused the %s header (secret REFUSED_KEY)", header);
  const char *message;
  guint requests;

  fake->required_header = g_strdup_printf ("%s: Bearer the-right-key", header);
  g_assert_true (tether_secret_store_store (tether_secret_store_get_default (), TETHER_SECRET_KIND_HEADER, "",
                                            "REFUSED_KEY", NAMED_SECRET, &error));
  g_assert_no_error (error);
  tether_server_config_add_header (config, header, "Bearer ${secret:REFUSED_KEY}");
  tether_server_set_config (server, config);

  start_settled (server, "the start with a refused key", TETHER_SERVER_STATE_ERROR);
  message = tether_server_get_error_message (server);
  g_assert_nonnull (strstr (message, expected));
  g_assert_nonnull (strstr (message, "401"));
  g_assert_nonnull (strstr (message, fake->url));
  assert_not_shown (server, NAMED_SECRET);

  /* the same key gets the same answer: not tried again */
  requests = fake->requests->len;
  test_iterate_for (1500);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_ERROR);
  g_assert_cmpuint (fake->requests->len, ==, requests);
  test_server_stop (server);
}

/* An X-API-Key header on @server, its value NAMED_SECRET in the keyring
 * as @secret */
static void
add_key_header (TetherServer *server,
                const char   *secret)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_copy (tether_server_get_config (server));
  g_autoptr(GError) error = NULL;
  g_autofree char *value = g_strdup_printf ("${secret:%s}", secret);

  g_assert_true (tether_secret_store_store (tether_secret_store_get_default (), TETHER_SECRET_KIND_HEADER, "",
                                            secret, NAMED_SECRET, &error));
  g_assert_no_error (error);
  tether_server_config_add_header (config, "X-API-Key", value);
  tether_server_set_config (server, config);
}

/* A key header on a server that does offer OAuth (its resource metadata
 * names an authorization server): the sign-in stays what it asks for */
static void
test_header_with_oauth (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_remote_server ("key-and-oauth", mock->server->url);

  add_key_header (server, "OAUTH_SIDE_KEY");

  start_settled (server, "the start of a server with OAuth", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_null (strstr (tether_server_get_error_message (server), "refused the X-API-Key header"));
  g_assert_cmpuint (mock->n_browsed, ==, 0);
  assert_not_shown (server, NAMED_SECRET);
  test_server_stop (server);
}

/* Signs @server in with @mock's browser stand-in; it connects */
static void
sign_in_connected (TetherServer *server,
                   OAuthMock    *mock)
{
  g_autoptr(GError) signed_in = NULL;

  tether_server_sign_in_async (server, oauth_mock_open_browser, mock, NULL, NULL, signed_in_cb, &signed_in);
  while (signed_in == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_error_matches (signed_in, G_IO_ERROR, 0));
  test_server_wait_settled (server, "the connection after the sign-in");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
}

static void
echo_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GError **error = user_data;
  g_autoptr(JsonNode) reply = tether_server_call_tool_finish (TETHER_SERVER (object), result, error);

  if (reply != NULL)
    *error = g_error_new_literal (G_IO_ERROR, 0, "answered");
}

/* A sign-in whose access token lasts 4 s, and whose every refresh ends
 * the tokens it replaces: refreshed ahead of its end, by itself (no 401
 * first, no browser), the new tokens used from then on and kept in the
 * keyring; the server stays connected and answers, twice over. */
static void
test_refresh_ahead (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_remote_server ("refresh-ahead", mock->server->url);
  guint browsed;

  mock->expires_in = 4;
  mock->rotate_on_refresh = TRUE;
  start_settled (server, "the first start", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  sign_in_connected (server, mock);
  browsed = mock->n_browsed;

  for (guint round = 1; round <= 2; round++)
    {
      g_autoptr(GError) answered = NULL;
      guint unauthorized = mock->server->n_unauthorized;
      gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
      g_autoptr(JsonObject) args = json_object_new ();

      while (mock->n_refreshed < round && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpuint (mock->n_refreshed, ==, round);
      test_iterate_for (200);

      /* the old token is refused now: the call goes with the new one */
      json_object_set_string_member (args, "message", "still signed in");
      tether_server_call_tool_async (server, "echo", args, NULL, NULL, NULL, echo_done_cb, &answered);
      while (answered == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_assert_true (g_error_matches (answered, G_IO_ERROR, 0));
      g_assert_cmpuint (mock->server->n_unauthorized, ==, unauthorized);
      g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
    }
  g_assert_cmpuint (mock->n_browsed, ==, browsed);
  assert_not_shown (server, mock->access_token);
  assert_not_shown (server, mock->refresh_token);

  /* The latest tokens are what the keyring holds: another server of the
   * same name and URL connects with them, no sign-in asked. */
  test_server_stop (server);
  server = new_remote_server ("refresh-ahead", mock->server->url);
  start_settled (server, "the start after a restart", TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (mock->n_browsed, ==, browsed);
  test_server_stop (server);
}

/* A server with OAuth and a key header of its own, configured and signed
 * in, connected: the key's secret stored as OAUTH_SIDE_KEY */
static TetherServer *
new_signed_in_with_key (OAuthMock  *mock,
                        const char *name)
{
  TetherServer *server = new_remote_server (name, mock->server->url);

  add_key_header (server, "OAUTH_SIDE_KEY");
  start_settled (server, "the first start", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  sign_in_connected (server, mock);
  return server;
}

/* A server with OAuth and a key header whose every token is refused (its
 * access revoked): the token provider takes the 401 until the transport
 * stops asking it, and what comes back is a sign-in to ask for, never
 * "the server refused the X-API-Key header". */
static void
test_tokens_refused_with_key (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_signed_in_with_key (mock, "tokens-refused");
  guint refreshed;

  test_server_stop_kept (server);
  oauth_mock_refuse_tokens (mock);
  refreshed = mock->n_refreshed;

  start_settled (server, "the start with every token refused", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  /* the provider did take the 401s: the refusal is of its tokens */
  g_assert_cmpuint (mock->n_refreshed, >, refreshed);
  g_assert_null (strstr (tether_server_get_error_message (server), "refused the X-API-Key header"));
  assert_not_shown (server, NAMED_SECRET);
  assert_not_shown (server, mock->access_token);
  test_server_stop (server);
}

/* A server with OAuth and a key header whose metadata is first not there
 * (404: no OAuth, the key was refused); then whose resource metadata
 * names an authorization server with no usable metadata, and then in an
 * outage (503). The finding of the attempt before is not kept, and the
 * outage says nothing of OAuth: what it asks for is a sign-in, never
 * "the server refused the X-API-Key header"; which works once the
 * metadata is back. */
static void
test_metadata_outage_with_key (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_remote_server ("metadata-outage", mock->server->url);

  add_key_header (server, "OUTAGE_KEY");
  mock->metadata_status = SOUP_STATUS_NOT_FOUND;
  start_settled (server, "the start with no metadata", TETHER_SERVER_STATE_ERROR);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "refused the X-API-Key header"));
  g_assert_cmpuint (mock->n_metadata_refused, >, 0);
  test_server_stop_kept (server);

  mock->metadata_status = 0;
  mock->authorization_server = g_strconcat (mock->server->base_url, "/elsewhere", NULL);
  start_settled (server, "the start with no usable server metadata", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_null (strstr (tether_server_get_error_message (server), "refused the X-API-Key header"));
  g_clear_pointer (&mock->authorization_server, g_free);
  test_server_stop_kept (server);

  mock->metadata_status = SOUP_STATUS_SERVICE_UNAVAILABLE;
  mock->n_metadata_refused = 0;
  start_settled (server, "the start in a metadata outage", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_cmpuint (mock->n_metadata_refused, >, 0);
  g_assert_null (strstr (tether_server_get_error_message (server), "refused the X-API-Key header"));

  mock->metadata_status = 0;
  sign_in_connected (server, mock);
  assert_not_shown (server, NAMED_SECRET);
  test_server_stop (server);
}

static OAuthMock *
new_mock_with_client (void)
{
  OAuthMock *mock = oauth_mock_new ();
  g_autoptr(GError) error = NULL;

  mock->client_id = g_strdup ("pre-registered-client");
  mock->client_secret = g_strdup ("client-secret-" NAMED_SECRET);
  g_assert_true (tether_secret_store_store (tether_secret_store_get_default (), TETHER_SECRET_KIND_HEADER, "",
                                            "PRE_CLIENT_SECRET", mock->client_secret, &error));
  g_assert_no_error (error);
  return mock;
}

/* A client registered beforehand, its secret in the keyring: signed in
 * with it (no registration, its secret at the token endpoint, the scopes
 * configured), the secret shown nowhere. */
static void
test_pre_registered (void)
{
  g_autoptr(OAuthMock) mock = new_mock_with_client ();
  TetherServer *server = new_oauth_server ("pre", mock->server->url,
                                           "{\"clientId\": \"pre-registered-client\", "
                                           "\"clientSecret\": \"${secret:PRE_CLIENT_SECRET}\", "
                                           "\"scopes\": [\"mcp:read\", \"mcp:write\"]}");

  start_settled (server, "the first attempt", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_cmpuint (mock->n_browsed, ==, 0);

  sign_in_connected (server, mock);
  g_assert_cmpuint (mock->n_registered, ==, 0);
  g_assert_cmpuint (mock->n_authorized, ==, 1);
  g_assert_cmpuint (mock->n_tokens, ==, 1);
  g_assert_cmpstr (mock->last_scope, ==, "mcp:read mcp:write");
  assert_not_shown (server, mock->client_secret);
  assert_not_shown (server, mock->access_token);
  test_server_stop (server);
}

/* Machine to machine: connected at the first start, no user, no browser,
 * no registration */
static void
test_client_credentials (void)
{
  g_autoptr(OAuthMock) mock = new_mock_with_client ();
  TetherServer *server = new_oauth_server ("m2m", mock->server->url,
                                           "{\"clientId\": \"pre-registered-client\", "
                                           "\"clientSecret\": \"${secret:PRE_CLIENT_SECRET}\", "
                                           "\"scopes\": [\"mcp:read\"], "
                                           "\"grantType\": \"client_credentials\"}");

  start_settled (server, "the start with client credentials", TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (mock->n_client_credentials, ==, 1);
  g_assert_cmpuint (mock->n_browsed, ==, 0);
  g_assert_cmpuint (mock->n_authorized, ==, 0);
  g_assert_cmpuint (mock->n_registered, ==, 0);
  g_assert_cmpstr (mock->last_scope, ==, "mcp:read");
  assert_not_shown (server, mock->client_secret);
  test_server_stop (server);
}

/* Machine to machine, its token ended and its refresh token refused:
 * the client_credentials grant again, no browser, never "sign-in
 * required" */
static void
test_client_credentials_refresh_refused (void)
{
  g_autoptr(OAuthMock) mock = new_mock_with_client ();
  TetherServer *server = new_oauth_server ("m2m-refresh", mock->server->url,
                                           "{\"clientId\": \"pre-registered-client\", "
                                           "\"clientSecret\": \"${secret:PRE_CLIENT_SECRET}\", "
                                           "\"grantType\": \"client_credentials\"}");
  g_autofree char *old_token = NULL;

  start_settled (server, "the start with client credentials", TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (mock->n_client_credentials, ==, 1);

  old_token = g_strdup (mock->access_token);
  oauth_mock_revoke_access (mock);
  mock->refuse_refresh = TRUE;
  tether_server_reconnect (server);
  test_server_wait_settled (server, "the reconnection with a refused refresh");
  g_assert_cmpuint (mock->n_refresh_refused, ==, 1);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (mock->n_client_credentials, ==, 2);
  g_assert_cmpuint (mock->n_browsed, ==, 0);
  g_assert_cmpuint (mock->n_authorized, ==, 0);
  assert_not_shown (server, mock->client_secret);
  assert_not_shown (server, mock->access_token);
  assert_not_shown (server, old_token);
  test_server_stop (server);
}

/* A secret the token endpoint refuses: an error that says what it
 * answered, never "sign-in required" (no browser can help) */
static void
test_client_credentials_refused (void)
{
  g_autoptr(OAuthMock) mock = new_mock_with_client ();
  TetherServer *server = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (tether_secret_store_store (tether_secret_store_get_default (), TETHER_SECRET_KIND_HEADER, "",
                                            "WRONG_CLIENT_SECRET", "not-the-secret-" NAMED_SECRET, &error));
  g_assert_no_error (error);
  server = new_oauth_server ("m2m-refused", mock->server->url,
                             "{\"clientId\": \"pre-registered-client\", "
                             "\"clientSecret\": \"${secret:WRONG_CLIENT_SECRET}\", "
                             "\"grantType\": \"client_credentials\"}");
  start_settled (server, "the start with a refused secret", TETHER_SERVER_STATE_ERROR);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "invalid_client"));
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "401"));
  g_assert_cmpuint (mock->n_browsed, ==, 0);
  assert_not_shown (server, "not-the-secret-" NAMED_SECRET);
  test_server_stop (server);
}

/* The client secret not in the keyring: the clear state that names it,
 * nothing sent to the token endpoint */
static void
test_client_secret_missing (void)
{
  g_autoptr(OAuthMock) mock = oauth_mock_new ();
  TetherServer *server = new_oauth_server ("m2m-missing", mock->server->url,
                                           "{\"clientId\": \"c\", "
                                           "\"clientSecret\": \"${secret:NOT_STORED_CLIENT}\", "
                                           "\"grantType\": \"client_credentials\"}");

  start_settled (server, "the start with a missing client secret", TETHER_SERVER_STATE_ERROR);
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "NOT_STORED_CLIENT is not in the keyring"));
  g_assert_cmpuint (fake_http_server_count (mock->server, "POST", NULL), ==, 0);
  test_server_stop (server);
}

static void
test_refs_parse (void)
{
  g_auto(GStrv) none = tether_secret_refs_find ("plain ${env:X} $secret:Y ${secret:} ${secret:a b}");
  g_auto(GStrv) some = tether_secret_refs_find ("${secret:A}-${secret:B.c}-${secret:A}${secret:");
  g_autoptr(GHashTable) values = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *expanded = NULL;

  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_cmpuint (g_strv_length (some), ==, 2);
  g_assert_cmpstr (some[0], ==, "A");
  g_assert_cmpstr (some[1], ==, "B.c");

  g_hash_table_insert (values, "A", "1");
  g_hash_table_insert (values, "B.c", "2");
  expanded = tether_secret_refs_expand ("${secret:A}-${secret:B.c}-${secret:A}${secret:", values);
  g_assert_cmpstr (expanded, ==, "1-2-1${secret:");
}

static TetherServerConfig *
config_with_header (const char *name,
                    const char *value)
{
  TetherServerConfig *config = tether_server_config_new (name);

  tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (config, "https://h.example/mcp");
  tether_server_config_add_header (config, "Authorization", value);
  return config;
}

/* A secret an edit replaced may leave the keyring only when no server
 * refers to it any more: secret names are global */
static void
test_refs_unused (void)
{
  g_autoptr(TetherServerConfig) before = config_with_header ("a", "Bearer ${secret:OLD}");
  g_autoptr(GPtrArray) now = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) unused = NULL;

  tether_server_config_set_env_value (before, "K", "${secret:SHARED}");
  g_ptr_array_add (now, config_with_header ("a", "Bearer ${secret:NEW}"));
  g_ptr_array_add (now, config_with_header ("b", "${secret:SHARED}"));
  unused = tether_secret_refs_unused (before, now);
  g_assert_cmpuint (g_strv_length (unused), ==, 1);
  g_assert_cmpstr (unused[0], ==, "OLD");

  /* still referred to by another server: kept */
  g_ptr_array_add (now, config_with_header ("c", "Bearer ${secret:OLD}"));
  g_clear_pointer (&unused, g_strfreev);
  unused = tether_secret_refs_unused (before, now);
  g_assert_cmpuint (g_strv_length (unused), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  test_warm_up ();

  if (g_strcmp0 (g_getenv ("TETHER_TEST_KEYRING"), "keyring") != 0)
    g_error ("run this test with with-keyring.sh keyring");

  g_test_add_func ("/auth/secret-refs/parse", test_refs_parse);
  g_test_add_func ("/auth/secret-refs/unused", test_refs_unused);
  g_test_add_func ("/auth/server/sign-in", test_sign_in);
  g_test_add_func ("/auth/server/secret-reference", test_secret_reference);
  g_test_add_func ("/auth/server/secret-missing", test_secret_missing);
  g_test_add_data_func ("/auth/server/header-refused/api-key", "X-API-Key", test_header_refused);
  g_test_add_data_func ("/auth/server/header-refused/authorization", "Authorization", test_header_refused);
  g_test_add_func ("/auth/server/header-with-oauth", test_header_with_oauth);
  g_test_add_func ("/auth/server/oauth/tokens-refused-with-key", test_tokens_refused_with_key);
  g_test_add_func ("/auth/server/oauth/metadata-outage-with-key", test_metadata_outage_with_key);
  g_test_add_func ("/auth/server/oauth/refresh-ahead", test_refresh_ahead);
  g_test_add_func ("/auth/server/oauth/pre-registered", test_pre_registered);
  g_test_add_func ("/auth/server/oauth/client-credentials", test_client_credentials);
  g_test_add_func ("/auth/server/oauth/client-credentials-refused", test_client_credentials_refused);
  g_test_add_func ("/auth/server/oauth/client-credentials-refresh-refused", test_client_credentials_refresh_refused);
  g_test_add_func ("/auth/server/oauth/client-secret-missing", test_client_secret_missing);

  return g_test_run ();
}
