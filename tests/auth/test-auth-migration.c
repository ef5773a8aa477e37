/* test-auth-migration.c — a server whose resource metadata names a new
 * authorization server: a registration and tokens of the new one only,
 * nothing of the old one carried over; a refresh at the same one keeps a
 * refresh token that was not rotated
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two authorization servers on 127.0.0.1 (oauth-mock.c), the session
 * driven as the HTTP transport drives it: a sign-in, then challenges.
 */

#include "config.h"

#include "oauth-mock.h"
#include "tether-auth-session.h"
#include "test-util.h"

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Outcome;

static void
on_signed_in (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = tether_auth_session_sign_in_finish (TETHER_AUTH_SESSION (source), result, &outcome->error);
  outcome->done = TRUE;
}

static void
on_challenged (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = mcp_token_provider_challenge_finish (MCP_TOKEN_PROVIDER (source), result, &outcome->error);
  outcome->done = TRUE;
}

static void
wait_for (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (outcome->error);
  g_assert_true (outcome->ok);
}

/* What the transport does with a 401 */
static void
challenge (TetherAuthSession *session,
           OAuthMock         *resource)
{
  g_autofree char *header = g_strdup_printf ("Bearer resource_metadata=\"%s/.well-known/oauth-protected-resource\"",
                                             resource->server->base_url);
  Outcome outcome = { 0 };

  mcp_token_provider_challenge_async (MCP_TOKEN_PROVIDER (session), SOUP_STATUS_UNAUTHORIZED, header, NULL,
                                      on_challenged, &outcome);
  wait_for (&outcome);
}

static void
test_migration (void)
{
  g_autoptr(OAuthMock) first = oauth_mock_new ();
  g_autoptr(OAuthMock) second = oauth_mock_new ();
  g_autoptr(TetherAuthSession) session = tether_auth_session_new (NULL, first->server->url, NULL);
  const TetherAuthTokens *tokens;
  Outcome outcome = { 0 };

  tether_auth_session_set_opener (session, oauth_mock_open_browser, first, NULL);
  tether_auth_session_sign_in_async (session, NULL, on_signed_in, &outcome);
  wait_for (&outcome);
  tokens = tether_auth_session_get_tokens (session);
  g_assert_cmpstr (tokens->issuer, ==, first->server->base_url);
  g_assert_cmpstr (tokens->refresh_token, ==, first->refresh_token);

  /* A refresh that rotates nothing keeps the refresh token it used */
  first->no_refresh_token = TRUE;
  challenge (session, first);
  g_assert_cmpuint (first->n_refreshed, ==, 1);
  g_assert_cmpuint (first->n_authorized, ==, 1);
  tokens = tether_auth_session_get_tokens (session);
  g_assert_cmpstr (tokens->refresh_token, ==, first->refresh_token);

  /* The resource now names the second authorization server: a
   * registration there, a sign-in there, and no token of the first kept
   * as if the second had granted it (a refresh would send it there). */
  g_free (first->authorization_server);
  first->authorization_server = g_strdup (second->server->base_url);
  second->resource = g_strdup (first->server->url);
  second->no_refresh_token = TRUE;
  challenge (session, first);
  g_assert_cmpuint (second->n_registered, ==, 1);
  g_assert_cmpuint (second->n_authorized, ==, 1);
  g_assert_cmpuint (second->n_tokens, ==, 1);
  g_assert_cmpuint (first->n_refreshed, ==, 1);
  tokens = tether_auth_session_get_tokens (session);
  g_assert_cmpstr (tokens->issuer, ==, second->server->base_url);
  g_assert_cmpstr (tokens->access_token, ==, second->access_token);
  g_assert_null (tokens->refresh_token);

  /* Expired there: the second is asked to sign in again, never sent a
   * refresh token of the first */
  challenge (session, first);
  g_assert_cmpuint (second->n_refreshed, ==, 0);
  g_assert_cmpuint (second->n_authorized, ==, 2);
  g_assert_cmpuint (second->n_registered, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/auth/migration/new-authorization-server", test_migration);

  return g_test_run ();
}
