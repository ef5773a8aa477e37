/* tether-auth-jwt.c — signing keys and the JSON Web Tokens Tether signs
 * with them (RFC 7515, 7519): client assertions (RFC 7523)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keys are GnuTLS's: elliptic curves P-256, P-384 and P-521 (ES256,
 * ES384, ES512) and RSA (RS256). ECDSA signs deterministically (RFC 6979):
 * no signature depends on the quality of a random number, and a known
 * key and message give a known answer. A key and what it signs are
 * secrets: neither reaches a message.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "tether-auth-error.h"
#include "tether-auth-jwt.h"
#include "tether-auth-pkce.h"

struct _TetherAuthKey
{
  gnutls_privkey_t        key;
  gnutls_sign_algorithm_t sign;
  const char             *alg;       /* the JWS "alg" */
  const char             *crv;       /* the JWK "crv", for a curve */
  guint                   coord;     /* bytes of a coordinate, for a curve */
};

void
tether_auth_key_free (TetherAuthKey *key)
{
  if (key == NULL)
    return;
  if (key->key != NULL)
    gnutls_privkey_deinit (key->key);
  g_free (key);
}

/* The curves, and how JWS names them */
static const struct
{
  gnutls_ecc_curve_t      curve;
  gnutls_sign_algorithm_t sign;
  const char             *alg;
  const char             *crv;
  guint                   coord;
} curves[] = {
  { GNUTLS_ECC_CURVE_SECP256R1, GNUTLS_SIGN_ECDSA_SHA256, "ES256", "P-256", 32 },
  { GNUTLS_ECC_CURVE_SECP384R1, GNUTLS_SIGN_ECDSA_SHA384, "ES384", "P-384", 48 },
  { GNUTLS_ECC_CURVE_SECP521R1, GNUTLS_SIGN_ECDSA_SHA512, "ES512", "P-521", 66 },
};

/* Which JWS algorithm a key signs with */
static gboolean
key_classify (TetherAuthKey  *key,
              GError        **error)
{
  gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
  int pk = gnutls_privkey_get_pk_algorithm (key->key, NULL);

  if (pk == GNUTLS_PK_RSA)
    {
      key->sign = GNUTLS_SIGN_RSA_SHA256;
      key->alg = "RS256";
      return TRUE;
    }
  if (pk == GNUTLS_PK_ECDSA && gnutls_privkey_export_ecc_raw2 (key->key, &curve, NULL, NULL, NULL, 0) == 0)
    for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
      if (curves[i].curve == curve)
        {
          key->sign = curves[i].sign;
          key->alg = curves[i].alg;
          key->crv = curves[i].crv;
          key->coord = curves[i].coord;
          return TRUE;
        }
  g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                       _("The signing key is neither RSA nor an elliptic curve key on P-256, P-384 or P-521"));
  return FALSE;
}

/**
 * tether_auth_key_new_from_pem:
 * @pem: a private key in PEM (PKCS #8, or the SEC 1 and PKCS #1 forms),
 *   not encrypted
 * @error: where to put why not (never the key)
 *
 * Returns: (transfer full) (nullable): the key
 */
TetherAuthKey *
tether_auth_key_new_from_pem (const char  *pem,
                              GError     **error)
{
  g_autoptr(TetherAuthKey) key = g_new0 (TetherAuthKey, 1);
  gnutls_datum_t data = { (unsigned char *)pem, pem != NULL ? (unsigned int)strlen (pem) : 0 };
  int code;

  if (pem == NULL || strstr (pem, "-----BEGIN") == NULL)
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                           _("The signing key is not a PEM private key"));
      return NULL;
    }
  if ((code = gnutls_privkey_init (&key->key)) < 0 ||
      (code = gnutls_privkey_import_x509_raw (key->key, &data, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN)) < 0)
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                   _("The signing key could not be read: %s"), gnutls_strerror (code));
      return NULL;
    }
  if (!key_classify (key, error))
    return NULL;
  return g_steal_pointer (&key);
}

/**
 * tether_auth_key_generate:
 * @error: where to put why not
 *
 * Returns: (transfer full) (nullable): a new P-256 key, for proofs of
 *   possession that live as long as the program
 */
TetherAuthKey *
tether_auth_key_generate (GError **error)
{
  g_autoptr(TetherAuthKey) key = g_new0 (TetherAuthKey, 1);
  int code;

  if ((code = gnutls_privkey_init (&key->key)) < 0 ||
      (code = gnutls_privkey_generate2 (key->key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1),
                                        0, NULL, 0)) < 0)
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                   _("No signing key could be made: %s"), gnutls_strerror (code));
      return NULL;
    }
  if (!key_classify (key, error))
    return NULL;
  return g_steal_pointer (&key);
}

const char *
tether_auth_key_get_algorithm (TetherAuthKey *key)
{
  return key->alg;
}

/* A big-endian number as exactly @size bytes, base64url */
static char *
encode_fixed (const gnutls_datum_t *number,
              gsize                 size)
{
  g_autofree guint8 *buffer = g_malloc0 (size);
  const guint8 *data = number->data;
  gsize length = number->size;

  while (length > size && *data == 0)
    {
      data++;
      length--;
    }
  if (length > size)
    return NULL;
  memcpy (buffer + size - length, data, length);
  return tether_auth_base64url (buffer, size);
}

static void
add_member (JsonObject *object,
            const char *name,
            char       *value)
{
  json_object_set_string_member (object, name, value);
  g_free (value);
}

/**
 * tether_auth_key_dup_public_jwk:
 * @key: a key
 *
 * Returns: (transfer full): its public half as a JSON Web Key (RFC 7517),
 *   with the members of its thumbprint (RFC 7638) only
 */
JsonObject *
tether_auth_key_dup_public_jwk (TetherAuthKey *key)
{
  JsonObject *jwk = json_object_new ();
  gnutls_datum_t a = { NULL, 0 };
  gnutls_datum_t b = { NULL, 0 };

  if (key->crv != NULL)
    {
      gnutls_privkey_export_ecc_raw2 (key->key, NULL, &a, &b, NULL, GNUTLS_EXPORT_FLAG_NO_LZ);
      json_object_set_string_member (jwk, "crv", key->crv);
      json_object_set_string_member (jwk, "kty", "EC");
      add_member (jwk, "x", encode_fixed (&a, key->coord));
      add_member (jwk, "y", encode_fixed (&b, key->coord));
    }
  else
    {
      gnutls_privkey_export_rsa_raw2 (key->key, &a, &b, NULL, NULL, NULL, NULL, NULL, NULL, GNUTLS_EXPORT_FLAG_NO_LZ);
      add_member (jwk, "e", tether_auth_base64url (b.data, b.size));
      json_object_set_string_member (jwk, "kty", "RSA");
      add_member (jwk, "n", tether_auth_base64url (a.data, a.size));
    }
  gnutls_free (a.data);
  gnutls_free (b.data);
  return jwk;
}

/**
 * tether_auth_key_sign:
 * @key: a key
 * @data: what to sign
 * @length: its length
 * @error: where to put why not
 *
 * Returns: (transfer full) (nullable): the signature as JWS has it (RFC
 *   7518, section 3.4: for a curve, R and S of fixed size, not DER)
 */
GBytes *
tether_auth_key_sign (TetherAuthKey  *key,
                      const char     *data,
                      gsize           length,
                      GError        **error)
{
  gnutls_datum_t input = { (unsigned char *)data, (unsigned int)length };
  gnutls_datum_t signature = { NULL, 0 };
  gnutls_datum_t r = { NULL, 0 };
  gnutls_datum_t s = { NULL, 0 };
  guint flags = key->crv != NULL ? GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE : 0;
  GBytes *result = NULL;
  int code;

  if ((code = gnutls_privkey_sign_data2 (key->key, key->sign, flags, &input, &signature)) < 0 ||
      (key->crv != NULL && (code = gnutls_decode_rs_value (&signature, &r, &s)) < 0))
    g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY,
                 _("Could not sign with the key: %s"), gnutls_strerror (code));
  else if (key->crv == NULL)
    result = g_bytes_new (signature.data, signature.size);
  else
    {
      guint8 *raw = g_malloc0 (2 * key->coord);
      const gnutls_datum_t *halves[2] = { &r, &s };

      for (guint i = 0; i < 2; i++)
        {
          const guint8 *bytes = halves[i]->data;
          gsize n = halves[i]->size;

          /* a DER integer may have a leading zero; never more than that */
          while (n > key->coord && *bytes == 0)
            {
              bytes++;
              n--;
            }
          n = MIN (n, key->coord);
          memcpy (raw + (i + 1) * key->coord - n, bytes, n);
        }
      result = g_bytes_new_take (raw, 2 * key->coord);
    }
  gnutls_free (signature.data);
  gnutls_free (r.data);
  gnutls_free (s.data);
  return result;
}

static char *
encode_object (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autofree char *text = json_to_string (node, FALSE);
  char *encoded = tether_auth_base64url ((const guint8 *)text, strlen (text));

  memset (text, 0, strlen (text));
  return encoded;
}

/**
 * tether_auth_jwt_sign:
 * @key: the key to sign with
 * @header: (nullable): members of the JOSE header besides "alg" (a "typ"
 *   replaces the default "JWT")
 * @claims: the claims
 * @error: where to put why not
 *
 * Returns: (transfer full) (nullable): the JWT in compact serialisation; a
 *   secret, never to be shown
 */
char *
tether_auth_jwt_sign (TetherAuthKey  *key,
                      JsonObject     *header,
                      JsonObject     *claims,
                      GError        **error)
{
  g_autoptr(JsonObject) full = json_object_new ();
  g_autofree char *head = NULL;
  g_autofree char *body = NULL;
  g_autofree char *input = NULL;
  g_autofree char *signature = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *jwt;

  json_object_set_string_member (full, "alg", key->alg);
  if (header == NULL || !json_object_has_member (header, "typ"))
    json_object_set_string_member (full, "typ", "JWT");
  if (header != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init (&iter, header);
      while (json_object_iter_next (&iter, &name, &value))
        if (g_strcmp0 (name, "alg") != 0)
          json_object_set_member (full, name, json_node_copy (value));
    }
  head = encode_object (full);
  body = encode_object (claims);
  input = g_strconcat (head, ".", body, NULL);
  bytes = tether_auth_key_sign (key, input, strlen (input), error);
  if (bytes == NULL)
    return NULL;
  signature = tether_auth_base64url (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  jwt = g_strconcat (input, ".", signature, NULL);
  memset (input, 0, strlen (input));
  return jwt;
}

/**
 * tether_auth_jwt_client_assertion:
 * @key: the client's key
 * @client_id: the client id: issuer and subject
 * @audience: the authorization server's issuer identifier
 * @now: the time, in Unix seconds
 * @error: where to put why not
 *
 * A client's proof of its identity at the token endpoint, for
 * `private_key_jwt` (RFC 7523, section 2.2): short lived and never used
 * twice (a random "jti").
 *
 * Returns: (transfer full) (nullable): the assertion; a secret
 */
char *
tether_auth_jwt_client_assertion (TetherAuthKey  *key,
                                  const char     *client_id,
                                  const char     *audience,
                                  gint64          now,
                                  GError        **error)
{
  g_autoptr(JsonObject) claims = json_object_new ();
  g_autofree char *jti = tether_auth_random_string (16, error);

  if (jti == NULL)
    return NULL;
  json_object_set_string_member (claims, "iss", client_id);
  json_object_set_string_member (claims, "sub", client_id);
  json_object_set_string_member (claims, "aud", audience);
  json_object_set_int_member (claims, "iat", now);
  json_object_set_int_member (claims, "exp", now + TETHER_AUTH_ASSERTION_LIFETIME_S);
  json_object_set_string_member (claims, "jti", jti);
  return tether_auth_jwt_sign (key, NULL, claims, error);
}
