/* test-auth-jwt.c — the keys and the JWTs Tether signs: known answers
 * (RFC 6979's P-256 key and vector), signatures GnuTLS verifies, client
 * assertions, bad keys; and the workload tokens it sends as they are
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>

#include "tether-auth-error.h"
#include "tether-auth-jwt.h"
#include "tether-auth-pkce.h"
#include "tether-auth-token-file.h"

/* RFC 6979, appendix A.2.5: the P-256 key, as PKCS #8 */
static const char rfc6979_p256_pem[] =
  "-----BEGIN PRIVATE KEY-----\n"
  "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgya+p2EW6dRZrXCFX\n"
  "Z7HWk05Qw9s26JsSe4piKxIPZyGhRANCAARg/tS6JVqdMclh63TGNW1owEm4kjth\n"
  "+mzmaWIuYPKftnkD/hAIuLyZpBrp6VYovGTy8bIMLX6fUXejwpTURiKZ\n"
  "-----END PRIVATE KEY-----\n";

static char *
hex (GBytes *bytes)
{
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < g_bytes_get_size (bytes); i++)
    g_string_append_printf (text, "%02X", data[i]);
  return g_string_free (text, FALSE);
}

static guint8 *
base64url_decode (const char *text,
                  gsize      *length)
{
  g_autofree char *plain = g_strdup (text);
  g_autofree char *padding = g_strnfill ((4 - strlen (text) % 4) % 4, '=');
  g_autofree char *padded = NULL;

  g_strdelimit (plain, "-", '+');
  g_strdelimit (plain, "_", '/');
  padded = g_strconcat (plain, padding, NULL);
  return g_base64_decode (padded, length);
}

static JsonObject *
decode_part (const char *part)
{
  gsize length;
  g_autofree guint8 *data = base64url_decode (part, &length);
  g_autofree char *text = g_strndup ((const char *)data, length);
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* GnuTLS, not Tether, checks @jwt's signature with @key's public half */
static void
assert_verifies (TetherAuthKey *key,
                 const char    *pem,
                 const char    *jwt)
{
  g_auto(GStrv) parts = g_strsplit (jwt, ".", -1);
  g_autofree char *input = NULL;
  g_autofree guint8 *raw = NULL;
  gsize raw_length;
  gnutls_privkey_t private = NULL;
  gnutls_pubkey_t public = NULL;
  gnutls_datum_t pem_datum = { (unsigned char *)pem, (unsigned int)strlen (pem) };
  gnutls_datum_t data;
  gnutls_datum_t signature = { NULL, 0 };
  gnutls_sign_algorithm_t algorithm;
  const char *alg = tether_auth_key_get_algorithm (key);

  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  input = g_strconcat (parts[0], ".", parts[1], NULL);
  raw = base64url_decode (parts[2], &raw_length);
  g_assert_cmpint (gnutls_privkey_init (&private), ==, 0);
  g_assert_cmpint (gnutls_privkey_import_x509_raw (private, &pem_datum, GNUTLS_X509_FMT_PEM, NULL, 0), ==, 0);
  g_assert_cmpint (gnutls_pubkey_init (&public), ==, 0);
  g_assert_cmpint (gnutls_pubkey_import_privkey (public, private, 0, 0), ==, 0);

  if (g_str_equal (alg, "ES256"))
    {
      gnutls_datum_t r = { raw, 32 };
      gnutls_datum_t s = { raw + 32, 32 };

      g_assert_cmpuint (raw_length, ==, 64);
      g_assert_cmpint (gnutls_encode_rs_value (&signature, &r, &s), ==, 0);
      algorithm = GNUTLS_SIGN_ECDSA_SHA256;
    }
  else
    {
      g_assert_cmpstr (alg, ==, "RS256");
      signature.data = gnutls_malloc (raw_length);
      memcpy (signature.data, raw, raw_length);
      signature.size = raw_length;
      algorithm = GNUTLS_SIGN_RSA_SHA256;
    }
  data.data = (unsigned char *)input;
  data.size = strlen (input);
  g_assert_cmpint (gnutls_pubkey_verify_data2 (public, algorithm, 0, &data, &signature), >=, 0);

  /* one bit changed: refused */
  input[strlen (input) - 1] ^= 1;
  g_assert_cmpint (gnutls_pubkey_verify_data2 (public, algorithm, 0, &data, &signature), <, 0);

  gnutls_free (signature.data);
  gnutls_pubkey_deinit (public);
  gnutls_privkey_deinit (private);
}

/* RFC 6979 A.2.5: P-256, SHA-256, "sample" */
static void
test_rfc6979_vector (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthKey) key = tether_auth_key_new_from_pem (rfc6979_p256_pem, &error);
  g_autoptr(GBytes) signature = NULL;
  g_autofree char *shown = NULL;
  g_autoptr(JsonObject) jwk = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (tether_auth_key_get_algorithm (key), ==, "ES256");
  signature = tether_auth_key_sign (key, "sample", 6, &error);
  g_assert_no_error (error);
  shown = hex (signature);
  g_assert_cmpstr (shown, ==,
                   "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
                   "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8");

  /* its public half: Ux and Uy of the RFC, and nothing private */
  jwk = tether_auth_key_dup_public_jwk (key);
  g_assert_cmpstr (json_object_get_string_member (jwk, "kty"), ==, "EC");
  g_assert_cmpstr (json_object_get_string_member (jwk, "crv"), ==, "P-256");
  g_assert_cmpstr (json_object_get_string_member (jwk, "x"), ==, "YP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Y");
  g_assert_cmpstr (json_object_get_string_member (jwk, "y"), ==, "eQP-EAi4vJmkGunpVii8ZPLxsgwtfp9Rd6PClNRGIpk");
  g_assert_false (json_object_has_member (jwk, "d"));
  g_assert_cmpuint (json_object_get_size (jwk), ==, 4);
}

/* A whole JWT with that key: header, claims and signature exactly as an
 * independent implementation of RFC 7515 and RFC 6979 makes them */
static void
test_jwt_known_answer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthKey) key = tether_auth_key_new_from_pem (rfc6979_p256_pem, &error);
  g_autoptr(JsonObject) claims = json_object_new ();
  g_autofree char *jwt = NULL;

  json_object_set_string_member (claims, "iss", "tether-test");
  json_object_set_string_member (claims, "sub", "tether-test");
  json_object_set_string_member (claims, "aud", "https://as.example");
  json_object_set_int_member (claims, "iat", 1700000000);
  json_object_set_int_member (claims, "exp", 1700000300);
  json_object_set_string_member (claims, "jti", "fixed");
  jwt = tether_auth_jwt_sign (key, NULL, claims, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (jwt, ==,
                   "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9"
                   ".eyJpc3MiOiJ0ZXRoZXItdGVzdCIsInN1YiI6InRldGhlci10ZXN0IiwiYXVkIjoiaHR0cHM6Ly9hcy5leGFtcGxlIiwi"
                   "aWF0IjoxNzAwMDAwMDAwLCJleHAiOjE3MDAwMDAzMDAsImp0aSI6ImZpeGVkIn0"
                   ".YP45PW8uu2LNGQAJtn7kk5dv22eiOCQhkAQP79ZSuX6Y7lMmMoneOs11x2UZ2FbT5Jv7uLiUKjazJt2M6U2Rog");
  assert_verifies (key, rfc6979_p256_pem, jwt);
}

/* RFC 7523 section 2.2 */
static void
test_client_assertion (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthKey) key = tether_auth_key_new_from_pem (rfc6979_p256_pem, &error);
  g_autofree char *first = tether_auth_jwt_client_assertion (key, "my-client", "https://as.example", 1700000000, &error);
  g_autofree char *second = tether_auth_jwt_client_assertion (key, "my-client", "https://as.example", 1700000000, &error);
  g_auto(GStrv) parts = g_strsplit (first, ".", -1);
  g_auto(GStrv) other = g_strsplit (second, ".", -1);
  g_autoptr(JsonObject) header = decode_part (parts[0]);
  g_autoptr(JsonObject) claims = decode_part (parts[1]);
  g_autoptr(JsonObject) claims2 = decode_part (other[1]);

  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (header, "alg"), ==, "ES256");
  g_assert_cmpstr (json_object_get_string_member (header, "typ"), ==, "JWT");
  g_assert_cmpstr (json_object_get_string_member (claims, "iss"), ==, "my-client");
  g_assert_cmpstr (json_object_get_string_member (claims, "sub"), ==, "my-client");
  g_assert_cmpstr (json_object_get_string_member (claims, "aud"), ==, "https://as.example");
  g_assert_cmpint (json_object_get_int_member (claims, "iat"), ==, 1700000000);
  g_assert_cmpint (json_object_get_int_member (claims, "exp"), ==, 1700000000 + TETHER_AUTH_ASSERTION_LIFETIME_S);
  g_assert_cmpuint (strlen (json_object_get_string_member (claims, "jti")), >=, 16);
  /* never the same assertion twice */
  g_assert_cmpstr (json_object_get_string_member (claims, "jti"), !=, json_object_get_string_member (claims2, "jti"));
  assert_verifies (key, rfc6979_p256_pem, first);
}

/* A key of GnuTLS's making, exported as PEM: ES256 and RS256 */
static char *
make_pem (gnutls_pk_algorithm_t algorithm,
          guint                 bits)
{
  gnutls_x509_privkey_t key;
  gnutls_datum_t out = { NULL, 0 };
  char *pem;

  g_assert_cmpint (gnutls_x509_privkey_init (&key), ==, 0);
  g_assert_cmpint (gnutls_x509_privkey_generate (key, algorithm, bits, 0), ==, 0);
  g_assert_cmpint (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN, &out), ==, 0);
  pem = g_strndup ((const char *)out.data, out.size);
  gnutls_free (out.data);
  gnutls_x509_privkey_deinit (key);
  return pem;
}

static void
test_other_keys (void)
{
  const struct { gnutls_pk_algorithm_t pk; guint bits; const char *alg; const char *kty; } cases[] = {
    { GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), "ES256", "EC" },
    { GNUTLS_PK_RSA, 2048, "RS256", "RSA" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pem = make_pem (cases[i].pk, cases[i].bits);
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherAuthKey) key = tether_auth_key_new_from_pem (pem, &error);
      g_autoptr(JsonObject) jwk = NULL;
      g_autofree char *jwt = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (tether_auth_key_get_algorithm (key), ==, cases[i].alg);
      jwk = tether_auth_key_dup_public_jwk (key);
      g_assert_cmpstr (json_object_get_string_member (jwk, "kty"), ==, cases[i].kty);
      g_assert_false (json_object_has_member (jwk, "d"));
      jwt = tether_auth_jwt_client_assertion (key, "c", "https://as.example", g_get_real_time () / G_USEC_PER_SEC, &error);
      g_assert_no_error (error);
      assert_verifies (key, pem, jwt);
    }

  /* a key of our own making, for proofs of possession */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherAuthKey) key = tether_auth_key_generate (&error);
    g_autoptr(JsonObject) jwk = NULL;

    g_assert_no_error (error);
    g_assert_cmpstr (tether_auth_key_get_algorithm (key), ==, "ES256");
    jwk = tether_auth_key_dup_public_jwk (key);
    g_assert_cmpuint (strlen (json_object_get_string_member (jwk, "x")), ==, 43);
    g_assert_cmpuint (strlen (json_object_get_string_member (jwk, "y")), ==, 43);
  }
}

/* A key that is no key: a clear error, which never quotes it */
static void
test_bad_keys (void)
{
  const char *bad[] = {
    "not a key at all: s3cr3t-material",
    "-----BEGIN PRIVATE KEY-----\ns3cr3t-material\n-----END PRIVATE KEY-----\n",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherAuthKey) key = tether_auth_key_new_from_pem (bad[i], &error);

      g_assert_null (key);
      g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_KEY);
      g_assert_null (strstr (error->message, "s3cr3t"));
    }
}

/* A token's file: the token without its white space; what is
 * no JWT, too large or no file at all refused without being quoted */
static void
test_workload_token (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-token-file-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "token", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *large = g_build_filename (dir, "large", NULL);
  g_autofree char *huge = g_strnfill (TETHER_AUTH_TOKEN_FILE_MAX_SIZE + 1, 'a');
  const char *refused[] = { bad, missing, large, "/dev/zero", dir };
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;

  g_assert_true (g_file_set_contents (good, "  eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3In0.c2ln\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "s3cr3t.not a.jwt\n", -1, NULL));
  g_assert_true (g_file_set_contents (large, huge, -1, NULL));

  token = tether_auth_token_file_read (good, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (token, ==, "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3In0.c2ln");

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) local_error = NULL;
      g_autofree char *none = tether_auth_token_file_read (refused[i], &local_error);

      g_assert_null (none);
      g_assert_nonnull (local_error);
      g_assert_null (strstr (local_error->message, "s3cr3t"));
      g_assert_null (strstr (local_error->message, "aaaa"));
    }

  g_unlink (good);
  g_unlink (bad);
  g_unlink (large);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/auth/jwt/rfc6979-vector", test_rfc6979_vector);
  g_test_add_func ("/auth/jwt/known-answer", test_jwt_known_answer);
  g_test_add_func ("/auth/jwt/client-assertion", test_client_assertion);
  g_test_add_func ("/auth/jwt/other-keys", test_other_keys);
  g_test_add_func ("/auth/jwt/bad-keys", test_bad_keys);
  g_test_add_func ("/auth/token-file", test_workload_token);

  return g_test_run ();
}
