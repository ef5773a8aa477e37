/* tether-auth-error.h — the errors of signing in and of the secret store
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TETHER_AUTH_ERROR (tether_auth_error_quark ())

/**
 * TetherAuthError:
 * @TETHER_AUTH_ERROR_FAILED: anything else
 * @TETHER_AUTH_ERROR_DISCOVERY: the server's or the authorization server's
 *   metadata could not be found or is not usable
 * @TETHER_AUTH_ERROR_REFUSED: something the server or its authorization
 *   server sent breaks a rule of the specification (a foreign resource, an
 *   issuer that is not the expected one, no PKCE S256): nothing was sent on
 * @TETHER_AUTH_ERROR_REGISTRATION: no client id could be had
 * @TETHER_AUTH_ERROR_DENIED: the authorization server said no
 * @TETHER_AUTH_ERROR_TOKEN: the token endpoint said no or sent nonsense
 * @TETHER_AUTH_ERROR_SIGN_IN_REQUIRED: the user has to sign in (in a
 *   browser); nothing was opened because the operation may not ask
 * @TETHER_AUTH_ERROR_TIMED_OUT: the browser never came back
 * @TETHER_AUTH_ERROR_NO_SECRET_SERVICE: no Secret Service, and no consent
 *   to keep secrets in a file
 * @TETHER_AUTH_ERROR_SECRET_MISSING: a `${secret:NAME}` that is not stored
 * @TETHER_AUTH_ERROR_KEY: a signing key that cannot be read or used
 */
typedef enum
{
  TETHER_AUTH_ERROR_FAILED,
  TETHER_AUTH_ERROR_DISCOVERY,
  TETHER_AUTH_ERROR_REFUSED,
  TETHER_AUTH_ERROR_REGISTRATION,
  TETHER_AUTH_ERROR_DENIED,
  TETHER_AUTH_ERROR_TOKEN,
  TETHER_AUTH_ERROR_SIGN_IN_REQUIRED,
  TETHER_AUTH_ERROR_TIMED_OUT,
  TETHER_AUTH_ERROR_NO_SECRET_SERVICE,
  TETHER_AUTH_ERROR_SECRET_MISSING,
  TETHER_AUTH_ERROR_KEY,
} TetherAuthError;

GQuark tether_auth_error_quark (void);

G_END_DECLS
