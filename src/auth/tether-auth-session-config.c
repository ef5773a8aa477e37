/* tether-auth-session-config.c — a server's own OAuth client (the `oauth`
 * object of its entry) handed to its sign-in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-auth-error.h"
#include "tether-auth-session-config.h"
#include "tether-auth-session-private.h"
#include "tether-server-config-oauth.h"

/**
 * tether_auth_session_configure:
 * @self: a session
 * @config: the server's configuration, with its secrets in place
 *   (tether_secret_refs_resolve_async())
 * @error: where to put why its client cannot be used (never a secret)
 *
 * Takes the server's own client: a client id (and secret or key)
 * registered beforehand is used first, with no registration; the
 * `client_credentials` grant signs in with no user and no browser; the
 * scopes are asked for; a metadata document URL is the client id where
 * the authorization server takes one. Without an `oauth` object, nothing
 * configured before is kept but what the front end set.
 *
 * Returns: whether the client is usable
 */
gboolean
tether_auth_session_configure (TetherAuthSession   *self,
                               TetherServerConfig  *config,
                               GError             **error)
{
  const char *key = tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY);
  const char *algorithm = tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM);
  const char *metadata = tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_METADATA_URL);
  g_auto(GStrv) scopes = tether_server_config_dup_oauth_scopes (config);
  g_autofree char *scope = scopes != NULL && scopes[0] != NULL ? g_strjoinv (" ", scopes) : NULL;
  GError *key_error = NULL;

  g_return_val_if_fail (TETHER_IS_AUTH_SESSION (self), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), FALSE);

  tether_auth_session_set_client (self,
                                  tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID),
                                  tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET));
  if (metadata != NULL)
    tether_auth_session_set_client_metadata_url (self, metadata);
  tether_auth_session_set_client_credentials (self, tether_server_config_get_client_credentials (config));
  tether_auth_session_set_scopes (self, scope);

  if (key == NULL)
    g_clear_pointer (&self->client_key, tether_auth_key_free);
  else if (!tether_auth_session_set_client_key (self, key, &key_error))
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                   _("Server “%s”: the private key of “oauth.privateKey” cannot be used: %s"),
                   tether_server_config_get_name (config), key_error->message);
      g_error_free (key_error);
      return FALSE;
    }
  if (algorithm != NULL && self->client_key != NULL &&
      g_strcmp0 (algorithm, tether_auth_key_get_algorithm (self->client_key)) != 0)
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                   _("Server “%s”: “oauth.privateKeyAlgorithm” says %s, but the key signs with %s"),
                   tether_server_config_get_name (config), algorithm,
                   tether_auth_key_get_algorithm (self->client_key));
      g_clear_pointer (&self->client_key, tether_auth_key_free);
      return FALSE;
    }
  return TRUE;
}

/**
 * tether_auth_session_describe_client:
 * @config: a remote server's configuration
 *
 * Returns: (transfer full): what kind of client signs in to it, and with
 *   which grant, for people (never a secret)
 */
char *
tether_auth_session_describe_client (TetherServerConfig *config)
{
  const char *client_id = tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID);
  const char *metadata = tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_METADATA_URL);
  const char *grant = tether_server_config_get_client_credentials (config)
                      ? _("client credentials (no user, no browser)")
                      : _("authorization code (you sign in with your browser)");
  g_autofree char *client = NULL;

  if (client_id != NULL)
    client = g_strdup_printf (_("pre-registered (client id %s, %s)"), client_id,
                              tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY) != NULL
                              ? _("private key")
                              : tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET) != NULL
                              ? _("client secret") : _("no secret"));
  else if (metadata != NULL)
    client = g_strdup_printf (_("metadata document %s, else registered at sign-in"), metadata);
  else
    client = g_strdup (_("registered at sign-in (metadata document or dynamic registration)"));

  /* Translators: client: pre-registered (…); grant: authorization code (…) */
  return g_strdup_printf (_("client: %s; grant: %s"), client, grant);
}
