/* tether-auth-session.c — signing in to one remote server, and keeping
 * its tokens fresh: the object, its settings and its public face
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The attempt itself (discovery, registration, the grants) is in
 * tether-auth-attempt.c; what it does as the HTTP transport's token
 * provider in tether-auth-session-provider.c; the keyring's sign-in taken
 * back in tether-auth-session-load.c.
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include "tether-auth-http.h"
#include "tether-auth-session.h"
#include "tether-auth-session-private.h"

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherAuthSession, tether_auth_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MCP_TYPE_TOKEN_PROVIDER,
                                                      _tether_auth_session_provider_init))

/* ---------------------------------------------------------------------- */
/* GObject and the public API                                             */

static void
tether_auth_session_dispose (GObject *object)
{
  TetherAuthSession *self = TETHER_AUTH_SESSION (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->open_destroy != NULL)
    g_clear_pointer (&self->open_data, self->open_destroy);
  self->open_uri = NULL;
  if (self->http != NULL)
    soup_session_abort (self->http);
  g_clear_object (&self->http);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tether_auth_session_parent_class)->dispose (object);
}

static void
tether_auth_session_finalize (GObject *object)
{
  TetherAuthSession *self = TETHER_AUTH_SESSION (object);

  g_free (self->server_name);
  g_free (self->server_url);
  g_free (self->client_id);
  tether_secret_free (self->client_secret);
  g_free (self->client_metadata_url);
  g_free (self->scopes);
  g_clear_pointer (&self->client_key, tether_auth_key_free);
  g_free (self->workload_token_file);
  g_free (self->idp_token_url);
  g_free (self->id_token_file);
  g_clear_pointer (&self->tokens, tether_auth_tokens_free);
  g_clear_pointer (&self->registration, _tether_auth_registration_free);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (tether_auth_session_parent_class)->finalize (object);
}

static void
tether_auth_session_class_init (TetherAuthSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tether_auth_session_dispose;
  G_OBJECT_CLASS (klass)->finalize = tether_auth_session_finalize;
}

static void
tether_auth_session_init (TetherAuthSession *self)
{
  self->browser_timeout_s = TETHER_AUTH_BROWSER_TIMEOUT_S;
  self->cancellable = g_cancellable_new ();
  self->http = soup_session_new_with_options ("timeout", TETHER_AUTH_HTTP_TIMEOUT_S,
                                              "idle-timeout", TETHER_AUTH_HTTP_TIMEOUT_S,
                                              "user-agent", "Tether/" PACKAGE_VERSION, NULL);
}

/**
 * tether_auth_session_new:
 * @server_name: (nullable): the server's name in the configuration, under
 *   which its sign-in is kept; %NULL keeps nothing
 * @server_url: its URL
 * @store: (nullable): where to keep the sign-in
 *
 * Returns: (transfer full): a session that signs in to @server_url
 */
TetherAuthSession *
tether_auth_session_new (const char        *server_name,
                         const char        *server_url,
                         TetherSecretStore *store)
{
  TetherAuthSession *self = g_object_new (TETHER_TYPE_AUTH_SESSION, NULL);

  self->server_name = g_strdup (server_name);
  self->server_url = g_strdup (server_url);
  self->store = store != NULL ? g_object_ref (store) : NULL;
  return self;
}

void
tether_auth_session_set_client (TetherAuthSession *self,
                                const char        *client_id,
                                const char        *client_secret)
{
  g_free (self->client_id);
  self->client_id = g_strdup (client_id);
  tether_secret_free (self->client_secret);
  self->client_secret = g_strdup (client_secret);
}

/**
 * tether_auth_session_set_client_metadata_url:
 * @self: a session
 * @url: (nullable): the https URL of Tether's Client ID Metadata Document,
 *   the client id where the authorization server supports them
 */
void
tether_auth_session_set_client_metadata_url (TetherAuthSession *self,
                                             const char        *url)
{
  g_free (self->client_metadata_url);
  self->client_metadata_url = g_strdup (url);
}

/**
 * tether_auth_session_set_client_key:
 * @self: a session
 * @pem: (nullable): the private key (PEM) of the configured client, which
 *   then authenticates with signed assertions (`private_key_jwt`, RFC
 *   7523) where the authorization server takes them
 * @error: where to put why the key is not usable (never the key)
 *
 * Returns: whether the key was taken
 */
gboolean
tether_auth_session_set_client_key (TetherAuthSession  *self,
                                    const char         *pem,
                                    GError            **error)
{
  TetherAuthKey *key = NULL;

  if (pem != NULL && (key = tether_auth_key_new_from_pem (pem, error)) == NULL)
    return FALSE;
  g_clear_pointer (&self->client_key, tether_auth_key_free);
  g_free (self->workload_token_file);
  g_free (self->idp_token_url);
  g_free (self->id_token_file);
  self->client_key = key;
  return TRUE;
}

/**
 * tether_auth_session_set_workload_token_file:
 * @self: a session
 * @path: (nullable): the file in which the platform keeps this workload's
 *   identity token: if set, the session signs in with it (the JWT-bearer
 *   grant), no user and no browser
 */
void
tether_auth_session_set_workload_token_file (TetherAuthSession *self,
                                             const char        *path)
{
  g_free (self->workload_token_file);
  g_free (self->idp_token_url);
  g_free (self->id_token_file);
  self->workload_token_file = g_strdup (path);
}

/**
 * tether_auth_session_set_identity_provider:
 * @self: a session
 * @token_url: (nullable): the token endpoint of the organisation's
 *   identity provider
 * @id_token_file: (nullable): the file holding the user's ID token from
 *   it: if set, the session signs in by trading it there for a grant for
 *   this server (enterprise-managed authorization), no browser
 */
void
tether_auth_session_set_identity_provider (TetherAuthSession *self,
                                           const char        *token_url,
                                           const char        *id_token_file)
{
  g_free (self->idp_token_url);
  self->idp_token_url = g_strdup (token_url);
  g_free (self->id_token_file);
  self->id_token_file = g_strdup (id_token_file);
}

/**
 * tether_auth_session_set_scopes:
 * @self: a session
 * @scopes: (nullable): the scopes to ask for, space-separated, with those
 *   a server's challenge names; %NULL: what the server says
 */
void
tether_auth_session_set_scopes (TetherAuthSession *self,
                                const char        *scopes)
{
  g_free (self->scopes);
  self->scopes = g_strdup (scopes);
}

void
tether_auth_session_set_client_credentials (TetherAuthSession *self,
                                            gboolean           client_credentials)
{
  self->client_credentials = client_credentials;
}

/**
 * tether_auth_session_get_offers_oauth:
 * @self: a session
 *
 * Whether the server offers OAuth, as far as the last sign-in attempt
 * found: %FALSE only when that attempt found no protected resource
 * metadata (none named by a Bearer challenge, none at the well-known
 * paths) and no authorization server metadata at the server's origin,
 * every one of those requests answered that its document is not there
 * (a transport error, a timeout or a 5xx is no such answer), and the
 * attempt did not go on to use the default endpoints of the 2025-03-26
 * revision (a refresh, a sign-in with the browser). A 401 from such a
 * server is not a sign-in to ask for.
 *
 * Returns: %TRUE until an attempt found no OAuth at all
 */
gboolean
tether_auth_session_get_offers_oauth (TetherAuthSession *self)
{
  g_return_val_if_fail (TETHER_IS_AUTH_SESSION (self), TRUE);

  return !self->no_oauth;
}

/**
 * tether_auth_session_set_opener:
 * @self: a session
 * @open_uri: (nullable): how to show the authorization URL; %NULL: never
 *   (a 401 then means "sign-in required")
 * @user_data: for @open_uri
 * @destroy: (nullable): frees @user_data
 */
void
tether_auth_session_set_opener (TetherAuthSession *self,
                                TetherAuthOpenUri  open_uri,
                                gpointer           user_data,
                                GDestroyNotify     destroy)
{
  if (self->open_destroy != NULL && self->open_data != NULL)
    self->open_destroy (self->open_data);
  self->open_uri = open_uri;
  self->open_data = user_data;
  self->open_destroy = destroy;
}

void
tether_auth_session_set_browser_timeout (TetherAuthSession *self,
                                         guint              timeout_s)
{
  self->browser_timeout_s = MAX (timeout_s, 1);
}

/**
 * tether_auth_session_forget:
 * @self: a session
 * @error: where to put an error
 *
 * Signs out: drops the tokens and the registrations, here and in the
 * keyring.
 *
 * Returns: whether the keyring forgot them
 */
gboolean
tether_auth_session_forget (TetherAuthSession  *self,
                            GError            **error)
{
  g_clear_pointer (&self->tokens, tether_auth_tokens_free);
  g_clear_pointer (&self->registration, _tether_auth_registration_free);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->store == NULL || self->server_name == NULL)
    return TRUE;
  return tether_secret_store_clear (self->store, TETHER_SECRET_KIND_OAUTH, self->server_name, NULL, error);
}

/**
 * tether_auth_session_get_tokens:
 * @self: a session
 *
 * Returns: (nullable): the tokens held; never show them
 */
const TetherAuthTokens *
tether_auth_session_get_tokens (TetherAuthSession *self)
{
  return self->tokens;
}

/**
 * tether_auth_session_sign_in_async:
 * @self: a session
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when signed in, or not
 * @user_data: for @callback
 *
 * Signs in with the browser now (what "Sign In…" and `tether-cli login`
 * do), whatever tokens are held.
 */
void
tether_auth_session_sign_in_async (TetherAuthSession   *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_clear_pointer (&self->tokens, tether_auth_tokens_free);
  self->step_ups = 0;
  _tether_auth_session_run_attempt (self, NULL, TRUE, FALSE, cancellable,
                                    _tether_auth_session_challenge_done, task);
}

gboolean
tether_auth_session_sign_in_finish (TetherAuthSession  *self,
                                    GAsyncResult       *result,
                                    GError            **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
