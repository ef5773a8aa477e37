/* tether-auth-tokens.h — what a token endpoint granted, and when it ends
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A lifetime longer than this is taken as this (ten years, in seconds). */
#define TETHER_AUTH_MAX_LIFETIME_S (10 * 365 * 24 * 3600LL)
/* Refresh when less than this remains (or half the lifetime, if shorter). */
#define TETHER_AUTH_REFRESH_MARGIN_S 60

typedef struct
{
  char   *access_token;
  char   *refresh_token;  /* nullable */
  char   *scope;          /* nullable: what was granted, if said */
  char   *issuer;         /* the authorization server that granted it */
  gint64  issued_at;      /* Unix seconds */
  gint64  expires_at;     /* Unix seconds; 0 if the server did not say */
} TetherAuthTokens;

TetherAuthTokens *tether_auth_tokens_new_from_response (JsonObject              *response,
                                                        const char              *issuer,
                                                        const TetherAuthTokens  *previous,
                                                        gint64                   now,
                                                        GError                 **error);
TetherAuthTokens *tether_auth_tokens_new_from_stored   (const char              *json,
                                                        GError                 **error);
char             *tether_auth_tokens_to_stored         (const TetherAuthTokens  *tokens);
gint64            tether_auth_tokens_refresh_at        (const TetherAuthTokens  *tokens);
gboolean          tether_auth_tokens_expired           (const TetherAuthTokens  *tokens,
                                                        gint64                   now);
void              tether_auth_tokens_free              (TetherAuthTokens        *tokens);

char             *tether_auth_scope_union              (const char              *a,
                                                        const char              *b);
gboolean          tether_auth_scope_has                (const char              *scope,
                                                        const char              *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherAuthTokens, tether_auth_tokens_free)

G_END_DECLS
