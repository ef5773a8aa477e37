/* tether-auth-pkce.h — PKCE (RFC 7636, S256) and the state of an attempt
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* 32 random bytes give a verifier of 43 characters */
#define TETHER_AUTH_PKCE_VERIFIER_BYTES 32

char     *tether_auth_base64url         (const guint8  *data,
                                         gsize          length);
gboolean  tether_auth_random_bytes      (guint8        *buffer,
                                         gsize          length,
                                         GError       **error);
char     *tether_auth_random_string     (gsize          n_bytes,
                                         GError       **error);
char     *tether_auth_pkce_challenge    (const char    *verifier);
gboolean  tether_auth_pkce_verifier_ok  (const char    *verifier);
gboolean  tether_auth_equal_secret      (const char    *a,
                                         const char    *b);

G_END_DECLS
