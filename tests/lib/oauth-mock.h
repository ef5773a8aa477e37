/* oauth-mock.h — a remote MCP server that wants an OAuth sign-in, with its
 * authorization server, on 127.0.0.1; and a browser stand-in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "fake-http-server.h"

G_BEGIN_DECLS

/*
 * One FakeHttpServer is both: its /mcp answers 401 without the bearer
 * token the authorization server issues, and it serves the protected
 * resource metadata, the authorization server metadata, /register,
 * /authorize (approving at once: a 302 to the redirect URI with a code)
 * and /token (the code, with its PKCE verifier checked, for the token).
 */
typedef struct
{
  FakeHttpServer *server;
  char           *access_token;   /* what /token issues, and /mcp wants */
  char           *refresh_token;
  char           *code;           /* the last code /authorize gave */
  char           *code_challenge; /* and the challenge it came with */
  char           *redirect_uri;
  guint           n_registered;
  guint           n_authorized;
  guint           n_tokens;
  guint           n_refreshed;
  guint           n_browsed;      /* URLs the stand-in browser opened */
  SoupSession    *browser;
  /* for an authorization server that moves: */
  char           *authorization_server; /* nullable: the one the resource
                                         * metadata names, else this one */
  char           *resource;       /* the resource it grants tokens for: this
                                   * server's /mcp unless set */
  gboolean        no_refresh_token; /* /token issues none */
  /* a client registered beforehand: when set, no registration endpoint
   * is advertised, /authorize and /token take only it, authenticated with its secret (Basic or in the form), and
   * /token also takes the client_credentials grant */
  char           *client_id;
  char           *client_secret;
  guint           n_client_credentials;
  char           *last_scope;     /* the scope of the last /authorize or
                                   * client_credentials request */
  gboolean        refuse_refresh; /* /token answers every refresh with
                                   * 400 invalid_grant */
  guint           n_refresh_refused;
  guint           metadata_status; /* when not 0, what every metadata
                                    * request is answered instead: 404
                                    * for none, 503 for an outage */
  guint           n_metadata_refused;
  guint           expires_in;     /* the tokens' lifetime in s (0: 3600) */
  gboolean        rotate_on_refresh; /* a refresh issues a new access and
                                      * refresh token and ends the old ones */
} OAuthMock;

OAuthMock *oauth_mock_new          (void);
void       oauth_mock_free         (OAuthMock   *self);
void       oauth_mock_revoke_access (OAuthMock  *self);
void       oauth_mock_refuse_tokens (OAuthMock  *self);
gboolean   oauth_mock_open_browser (const char  *uri,
                                    gpointer     user_data,
                                    GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OAuthMock, oauth_mock_free)

G_END_DECLS
