/* tether-server-config-oauth.h — a remote server's own OAuth client, the
 * `oauth` object of its entry
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server-config.h"

G_BEGIN_DECLS

/*
 *   "github": { "type": "http", "url": "https://api.example.com/mcp",
 *               "oauth": { "clientId": "Iv1.abc",
 *                          "clientSecret": "${secret:GITHUB_CLIENT}",
 *                          "scopes": ["repo", "read:org"],
 *                          "grantType": "authorization_code" } }
 *
 * Keys, each optional (the spelling of Gemini CLI's `oauth`):
 *
 *   clientId             a client registered beforehand with the server's
 *                        authorization server: used first, no registration
 *   clientSecret         its secret, best as `${secret:NAME}`
 *   scopes               the scopes to ask for (array of strings)
 *   clientMetadataUrl    the https URL of the Client ID Metadata Document
 *                        to use as the client id, for this server
 *   grantType            `authorization_code` (the default: a user signs
 *                        in with the browser) or `client_credentials`
 *                        (machine to machine: no user, no browser)
 *   privateKey           the client's private key (PEM), best as
 *                        `${secret:NAME}`: the client then authenticates
 *                        with signed assertions (`private_key_jwt`)
 *   privateKeyAlgorithm  the key's JWS algorithm: ES256, ES384, ES512 or
 *                        RS256
 *
 * Every other key in it is kept as it was.
 */

/**
 * TetherServerOAuthField:
 * @TETHER_SERVER_OAUTH_CLIENT_ID: `clientId`
 * @TETHER_SERVER_OAUTH_CLIENT_SECRET: `clientSecret` (secret)
 * @TETHER_SERVER_OAUTH_CLIENT_METADATA_URL: `clientMetadataUrl`
 * @TETHER_SERVER_OAUTH_GRANT_TYPE: `grantType`
 * @TETHER_SERVER_OAUTH_PRIVATE_KEY: `privateKey` (secret)
 * @TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM: `privateKeyAlgorithm`
 *
 * The string members of the `oauth` object.
 */
typedef enum
{
  TETHER_SERVER_OAUTH_CLIENT_ID,
  TETHER_SERVER_OAUTH_CLIENT_SECRET,
  TETHER_SERVER_OAUTH_CLIENT_METADATA_URL,
  TETHER_SERVER_OAUTH_GRANT_TYPE,
  TETHER_SERVER_OAUTH_PRIVATE_KEY,
  TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM,
  TETHER_SERVER_OAUTH_N_FIELDS
} TetherServerOAuthField;

#define TETHER_SERVER_OAUTH_AUTHORIZATION_CODE "authorization_code"
#define TETHER_SERVER_OAUTH_CLIENT_CREDENTIALS "client_credentials"

const char *tether_server_config_oauth_field_key          (TetherServerOAuthField  field);
gboolean    tether_server_config_oauth_field_is_secret    (TetherServerOAuthField  field);
gboolean    tether_server_config_has_oauth                (TetherServerConfig     *self);
const char *tether_server_config_get_oauth                (TetherServerConfig     *self,
                                                           TetherServerOAuthField  field);
void        tether_server_config_set_oauth                (TetherServerConfig     *self,
                                                           TetherServerOAuthField  field,
                                                           const char             *value);
char      **tether_server_config_dup_oauth_scopes         (TetherServerConfig     *self);
void        tether_server_config_set_oauth_scopes         (TetherServerConfig     *self,
                                                           const char * const     *scopes);
gboolean    tether_server_config_get_client_credentials   (TetherServerConfig     *self);
char       *tether_server_config_dup_oauth_warning        (TetherServerConfig     *self);

G_END_DECLS
