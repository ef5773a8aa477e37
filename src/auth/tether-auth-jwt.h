/* tether-auth-jwt.h — signing keys and the JSON Web Tokens Tether signs
 * with them (RFC 7515, 7519): client assertions (RFC 7523)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* How long an assertion Tether signs is good for, in seconds */
#define TETHER_AUTH_ASSERTION_LIFETIME_S 300

typedef struct _TetherAuthKey TetherAuthKey;

TetherAuthKey *tether_auth_key_new_from_pem       (const char     *pem,
                                                   GError        **error);
TetherAuthKey *tether_auth_key_generate           (GError        **error);
void           tether_auth_key_free               (TetherAuthKey  *key);
const char    *tether_auth_key_get_algorithm      (TetherAuthKey  *key);
JsonObject    *tether_auth_key_dup_public_jwk     (TetherAuthKey  *key);
GBytes        *tether_auth_key_sign               (TetherAuthKey  *key,
                                                   const char     *data,
                                                   gsize           length,
                                                   GError        **error);

char          *tether_auth_jwt_sign               (TetherAuthKey  *key,
                                                   JsonObject     *header,
                                                   JsonObject     *claims,
                                                   GError        **error);
char          *tether_auth_jwt_client_assertion   (TetherAuthKey  *key,
                                                   const char     *client_id,
                                                   const char     *audience,
                                                   gint64          now,
                                                   GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherAuthKey, tether_auth_key_free)

G_END_DECLS
