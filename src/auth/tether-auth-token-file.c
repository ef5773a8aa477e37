/* tether-auth-token-file.c — a signed token that a platform or an
 * identity provider left in a file for Tether to present
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Workload identity federation: the platform a program runs on (a CI job,
 * a cluster) writes a short-lived signed token for it into a file, and
 * renews it there; Tether exchanges it for an access token with the
 * JWT-bearer grant (RFC 7523, section 2.1). An identity provider's ID
 * token, for an enterprise-managed sign-in, comes the same way. The file
 * is read afresh at each sign-in, never kept, and its token is sent as it
 * is: a rejected one is reported, never tried again nor traded for
 * another grant.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-auth-error.h"
#include "tether-auth-token-file.h"
#include "tether-read-file.h"

static gboolean
is_base64url (const char *text,
              gsize       length)
{
  if (length == 0)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (text[i]) && text[i] != '-' && text[i] != '_')
      return FALSE;
  return TRUE;
}

/* Three base64url parts: a JWS in its compact form */
static gboolean
looks_like_jwt (const char *text)
{
  const char *first = strchr (text, '.');
  const char *second = first != NULL ? strchr (first + 1, '.') : NULL;

  return second != NULL && strchr (second + 1, '.') == NULL &&
         is_base64url (text, first - text) &&
         is_base64url (first + 1, second - first - 1) &&
         is_base64url (second + 1, strlen (second + 1));
}

/**
 * tether_auth_token_file_read:
 * @path: the file the token is kept in
 * @error: where to put why not (never the file's contents)
 *
 * Returns: (transfer full) (nullable): the token, without the white space
 *   around it; a secret
 */
char *
tether_auth_token_file_read (const char  *path,
                             GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  char *token;

  if (!tether_read_file (path, path, TETHER_AUTH_TOKEN_FILE_MAX_SIZE, &contents, &length, error))
    return NULL;
  token = g_strdup (g_strstrip (contents));
  memset (contents, 0, length);
  if (!looks_like_jwt (token))
    {
      memset (token, 0, strlen (token));
      g_free (token);
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                   _("%s does not hold a signed token (a JWT)"), path);
      return NULL;
    }
  return token;
}
