/* tether-auth-session-private.h — what the files of TetherAuthSession
 * share. They call downwards only: the object (tether-auth-session.c) →
 * the token provider (tether-auth-session-provider.c) → the keyring's
 * sign-in taken back (tether-auth-session-load.c) → one attempt and the
 * refresh (tether-auth-attempt.c) → the client's authentication at the
 * token endpoint (tether-auth-client-auth.c)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "tether-auth-jwt.h"
#include "tether-auth-session.h"
#include "tether-auth-tokens.h"

G_BEGIN_DECLS

typedef struct
{
  char *issuer;
  char *client_id;
  char *client_secret;   /* nullable */
  char *auth_method;     /* nullable: what registration said */
  char *redirect_uri;    /* nullable: the one registered */
  gboolean refresh;      /* registered the refresh_token grant */
} Registration;

struct _TetherAuthSession
{
  GObject            parent_instance;

  char              *server_name;     /* nullable: nothing stored without it */
  char              *server_url;
  TetherSecretStore *store;           /* nullable */
  SoupSession       *http;

  /* configuration */
  char              *client_id;
  char              *client_secret;
  char              *client_metadata_url;
  TetherAuthKey     *client_key;      /* nullable: private_key_jwt */
  char              *workload_token_file; /* nullable: the JWT-bearer grant */
  char              *idp_token_url;   /* nullable: enterprise-managed */
  char              *id_token_file;   /* nullable: enterprise-managed */
  gboolean           client_credentials;
  char              *scopes;          /* nullable: configured, space-separated */
  TetherAuthOpenUri  open_uri;
  gpointer           open_data;
  GDestroyNotify     open_destroy;
  guint              browser_timeout_s;

  /* state */
  TetherAuthTokens  *tokens;
  gboolean           loaded;          /* the keyring's sign-in was read */
  gboolean           no_oauth;        /* the last discovery found no OAuth */
  Registration      *registration;
  guint              step_ups;        /* since the last success */
  guint              refresh_id;
  GCancellable      *cancellable;     /* of everything, until dispose */
};

/* tether-auth-attempt.c */
void        _tether_auth_registration_free           (Registration               *reg);
const char *_tether_auth_session_shown_name          (TetherAuthSession          *self);
void        _tether_auth_session_run_attempt         (TetherAuthSession          *self,
                                                      const char                 *www_authenticate,
                                                      gboolean                    interactive,
                                                      gboolean                    step_up,
                                                      GCancellable               *cancellable,
                                                      GAsyncReadyCallback         callback,
                                                      gpointer                    user_data);
gboolean    _tether_auth_session_run_attempt_finish  (GAsyncResult               *result,
                                                      GError                    **error);
void        _tether_auth_session_challenge_done      (GObject                    *source,
                                                      GAsyncResult               *result,
                                                      gpointer                    user_data);
void        _tether_auth_session_schedule_refresh    (TetherAuthSession          *self);

/* tether-auth-client-auth.c */
gboolean    _tether_auth_client_authenticate         (TetherAuthSession          *self,
                                                      JsonObject                 *as,
                                                      const char                 *issuer,
                                                      SoupMessage                *msg,
                                                      GHashTable                 *fields,
                                                      char                      **assertion,
                                                      GError                    **error);

/* tether-auth-session-provider.c */
void        _tether_auth_session_provider_init       (McpTokenProviderInterface  *iface);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Registration, _tether_auth_registration_free)

G_END_DECLS
