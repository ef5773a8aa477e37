/* tether-auth-migration.c — what a sign-in with one authorization server
 * may take from another: nothing
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A server's resource metadata may name a new authorization server. The
 * client id, the secret and the tokens of the old one are its own: they
 * are never sent to the new one, which gets a registration and a sign-in
 * of its own. Issuers are compared as exact strings, as everywhere.
 */

#include "config.h"

#include "tether-auth-migration.h"

/**
 * tether_auth_registration_fits:
 * @registered_issuer: (nullable): the issuer a client was registered with
 * @issuer: the authorization server about to be used
 *
 * Returns: whether that registration may be used with @issuer
 */
gboolean
tether_auth_registration_fits (const char *registered_issuer,
                               const char *issuer)
{
  return registered_issuer != NULL && issuer != NULL && g_strcmp0 (registered_issuer, issuer) == 0;
}

/**
 * tether_auth_tokens_refreshable_at:
 * @tokens: (nullable): the tokens held
 * @issuer: the authorization server about to be used
 *
 * Returns: whether @tokens have a refresh token that @issuer granted
 */
gboolean
tether_auth_tokens_refreshable_at (const TetherAuthTokens *tokens,
                                   const char             *issuer)
{
  return tokens != NULL && tokens->refresh_token != NULL && tether_auth_registration_fits (tokens->issuer, issuer);
}

/**
 * tether_auth_tokens_carried:
 * @held: (nullable): the tokens held
 * @grant: the grant_type of the token request answered
 * @issuer: the authorization server that answered
 *
 * A refresh answer that leaves out the refresh token or the scope keeps
 * those of the tokens it replaces (RFC 6749, section 6). Any other grant
 * starts afresh: a new sign-in, and above all one at another
 * authorization server, inherits nothing.
 *
 * Returns: (nullable): the tokens a token answer may complete, or %NULL
 */
const TetherAuthTokens *
tether_auth_tokens_carried (const TetherAuthTokens *held,
                            const char             *grant,
                            const char             *issuer)
{
  if (g_strcmp0 (grant, "refresh_token") != 0 || !tether_auth_tokens_refreshable_at (held, issuer))
    return NULL;
  return held;
}
