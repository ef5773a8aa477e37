/* tether-auth-pkce.c — PKCE (RFC 7636, S256) and the state of an attempt
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The code verifier and the state come from the kernel's random source
 * (getrandom(2)), never from GLib's pseudo-random generator.
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include <glib/gi18n-lib.h>

#include "tether-auth-error.h"
#include "tether-auth-pkce.h"

/**
 * tether_auth_base64url:
 * @data: bytes
 * @length: how many
 *
 * Returns: (transfer full): @data in base64url without padding (RFC 4648 §5)
 */
char *
tether_auth_base64url (const guint8 *data,
                       gsize         length)
{
  char *text = g_base64_encode (data, length);
  char *end;

  for (char *p = text; *p != '\0'; p++)
    {
      if (*p == '+')
        *p = '-';
      else if (*p == '/')
        *p = '_';
    }
  end = strchr (text, '=');
  if (end != NULL)
    *end = '\0';
  return text;
}

/**
 * tether_auth_random_bytes:
 * @buffer: where to put them
 * @length: how many
 * @error: where to put an error
 *
 * Fills @buffer from getrandom(2), waiting for the pool if it must.
 *
 * Returns: %FALSE if the kernel gave none
 */
gboolean
tether_auth_random_bytes (guint8   *buffer,
                          gsize     length,
                          GError  **error)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = getrandom (buffer + done, length - done, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;

          g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                       _("Could not get random bytes from the kernel: %s"), g_strerror (saved));
          return FALSE;
        }
      done += (gsize)n;
    }
  return TRUE;
}

/**
 * tether_auth_random_string:
 * @n_bytes: random bytes to draw (at most 128)
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): @n_bytes random bytes in base64url,
 *   fit for a PKCE verifier or a state
 */
char *
tether_auth_random_string (gsize    n_bytes,
                           GError **error)
{
  guint8 bytes[128];
  char *text;

  g_return_val_if_fail (n_bytes > 0 && n_bytes <= sizeof bytes, NULL);

  if (!tether_auth_random_bytes (bytes, n_bytes, error))
    return NULL;
  text = tether_auth_base64url (bytes, n_bytes);
  memset (bytes, 0, sizeof bytes);
  return text;
}

/**
 * tether_auth_pkce_challenge:
 * @verifier: a code verifier
 *
 * Returns: (transfer full): BASE64URL(SHA256(@verifier)), the S256 challenge
 */
char *
tether_auth_pkce_challenge (const char *verifier)
{
  g_autoptr(GChecksum) sha = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_checksum_update (sha, (const guchar *)verifier, strlen (verifier));
  g_checksum_get_digest (sha, digest, &length);
  return tether_auth_base64url (digest, length);
}

/**
 * tether_auth_pkce_verifier_ok:
 * @verifier: a code verifier
 *
 * Returns: whether @verifier has 43 to 128 characters of the unreserved set
 *   RFC 7636 §4.1 allows
 */
gboolean
tether_auth_pkce_verifier_ok (const char *verifier)
{
  gsize length = strlen (verifier);

  if (length < 43 || length > 128)
    return FALSE;
  for (const char *p = verifier; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("-._~", *p) == NULL)
      return FALSE;
  return TRUE;
}

/**
 * tether_auth_equal_secret:
 * @a: (nullable): a string
 * @b: (nullable): another
 *
 * Compares two secrets (a state) in time that depends only on their
 * lengths.
 *
 * Returns: whether both are set and equal
 */
gboolean
tether_auth_equal_secret (const char *a,
                          const char *b)
{
  gsize la, lb;
  guint8 diff = 0;

  if (a == NULL || b == NULL)
    return FALSE;
  la = strlen (a);
  lb = strlen (b);
  if (la != lb)
    return FALSE;
  for (gsize i = 0; i < la; i++)
    diff |= (guint8)(a[i] ^ b[i]);
  return diff == 0;
}
