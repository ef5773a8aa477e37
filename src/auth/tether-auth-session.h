/* tether-auth-session.h — signing in to one remote server, and keeping
 * its tokens fresh
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "mcp-token-provider.h"
#include "tether-auth-tokens.h"
#include "tether-secret-store.h"

G_BEGIN_DECLS

/* How long the browser has to come back */
#define TETHER_AUTH_BROWSER_TIMEOUT_S 300
/* Fresh authorizations for more scope, per operation */
#define TETHER_AUTH_MAX_STEP_UPS 3

/**
 * TetherAuthOpenUri:
 * @uri: the authorization URL (https, or http on a loopback host)
 * @user_data: what was given with it
 * @error: where to put why it could not be opened
 *
 * Shows @uri to the user in their browser (the front end decides how).
 *
 * Returns: whether it was opened (or shown to the user)
 */
typedef gboolean (*TetherAuthOpenUri) (const char  *uri,
                                       gpointer     user_data,
                                       GError     **error);

#define TETHER_TYPE_AUTH_SESSION (tether_auth_session_get_type ())

G_DECLARE_FINAL_TYPE (TetherAuthSession, tether_auth_session, TETHER, AUTH_SESSION, GObject)

TetherAuthSession      *tether_auth_session_new                     (const char           *server_name,
                                                                     const char           *server_url,
                                                                     TetherSecretStore    *store);
void                    tether_auth_session_set_client              (TetherAuthSession    *self,
                                                                     const char           *client_id,
                                                                     const char           *client_secret);
void                    tether_auth_session_set_client_metadata_url (TetherAuthSession    *self,
                                                                     const char           *url);
gboolean                tether_auth_session_set_client_key          (TetherAuthSession    *self,
                                                                     const char           *pem,
                                                                     GError              **error);
void                    tether_auth_session_set_workload_token_file (TetherAuthSession    *self,
                                                                     const char           *path);
void                    tether_auth_session_set_identity_provider   (TetherAuthSession    *self,
                                                                     const char           *token_url,
                                                                     const char           *id_token_file);
void                    tether_auth_session_set_client_credentials  (TetherAuthSession    *self,
                                                                     gboolean              client_credentials);
void                    tether_auth_session_set_scopes              (TetherAuthSession    *self,
                                                                     const char           *scopes);
void                    tether_auth_session_set_opener              (TetherAuthSession    *self,
                                                                     TetherAuthOpenUri     open_uri,
                                                                     gpointer              user_data,
                                                                     GDestroyNotify        destroy);
void                    tether_auth_session_set_browser_timeout     (TetherAuthSession    *self,
                                                                     guint                 timeout_s);
gboolean                tether_auth_session_load                    (TetherAuthSession    *self,
                                                                     GError              **error);
void                    tether_auth_session_load_async              (TetherAuthSession    *self,
                                                                     GCancellable         *cancellable,
                                                                     GAsyncReadyCallback   callback,
                                                                     gpointer              user_data);
gboolean                tether_auth_session_load_finish             (TetherAuthSession    *self,
                                                                     GAsyncResult         *result,
                                                                     GError              **error);
gboolean                tether_auth_session_forget                  (TetherAuthSession    *self,
                                                                     GError              **error);
const TetherAuthTokens *tether_auth_session_get_tokens              (TetherAuthSession    *self);
void                    tether_auth_session_sign_in_async           (TetherAuthSession    *self,
                                                                     GCancellable         *cancellable,
                                                                     GAsyncReadyCallback   callback,
                                                                     gpointer              user_data);
gboolean                tether_auth_session_sign_in_finish          (TetherAuthSession    *self,
                                                                     GAsyncResult         *result,
                                                                     GError              **error);
gboolean                tether_auth_session_get_offers_oauth        (TetherAuthSession    *self);

G_END_DECLS
