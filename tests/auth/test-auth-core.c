/* test-auth-core.c — the pure parts of signing in: PKCE, the state,
 * WWW-Authenticate, where metadata is looked for, which resource is ours,
 * token lifetimes and scopes
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tether-auth-challenge.h"
#include "tether-auth-error.h"
#include "tether-auth-migration.h"
#include "tether-auth-pkce.h"
#include "tether-auth-tokens.h"
#include "tether-auth-urls.h"

/* RFC 7636 Appendix B */
static void
test_pkce_rfc_example (void)
{
  const guint8 octets[] = { 116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173,
                            187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83,
                            132, 141, 121 };
  g_autofree char *verifier = tether_auth_base64url (octets, sizeof octets);
  g_autofree char *challenge = NULL;

  g_assert_cmpstr (verifier, ==, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
  challenge = tether_auth_pkce_challenge (verifier);
  g_assert_cmpstr (challenge, ==, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  g_assert_true (tether_auth_pkce_verifier_ok (verifier));
}

static void
test_pkce_random (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GError) error = NULL;
      char *verifier = tether_auth_random_string (TETHER_AUTH_PKCE_VERIFIER_BYTES, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (strlen (verifier), ==, 43);
      g_assert_true (tether_auth_pkce_verifier_ok (verifier));
      g_assert_null (strchr (verifier, '='));
      g_assert_false (g_hash_table_contains (seen, verifier));
      g_hash_table_add (seen, verifier);
    }

  g_assert_false (tether_auth_pkce_verifier_ok ("short"));
  g_assert_false (tether_auth_pkce_verifier_ok ("dBjftJeZ4CVP+mB92K27uhbUJU1p1r/wW1gFWFOEjXk"));
}

static void
test_state_compare (void)
{
  g_assert_true (tether_auth_equal_secret ("abc", "abc"));
  g_assert_false (tether_auth_equal_secret ("abc", "abd"));
  g_assert_false (tether_auth_equal_secret ("abc", "abcd"));
  g_assert_false (tether_auth_equal_secret (NULL, "abc"));
  g_assert_false (tether_auth_equal_secret ("abc", NULL));
  g_assert_false (tether_auth_equal_secret (NULL, NULL));
}

static void
test_challenge_bearer (void)
{
  g_autoptr(GPtrArray) challenges = NULL;
  const TetherAuthChallenge *bearer;

  challenges = tether_auth_challenges_parse ("Bearer error=\"invalid_token\", "
                                             "resource_metadata=\"http://localhost:3000/.well-known/oauth-protected-resource/mcp\", "
                                             "scope=\"mcp:basic mcp:write\"");
  g_assert_cmpuint (challenges->len, ==, 1);
  bearer = tether_auth_challenges_find (challenges, "bearer");
  g_assert_nonnull (bearer);
  g_assert_cmpstr (tether_auth_challenge_get_scheme (bearer), ==, "Bearer");
  g_assert_cmpstr (tether_auth_challenge_get_param (bearer, "error"), ==, "invalid_token");
  g_assert_cmpstr (tether_auth_challenge_get_param (bearer, "resource_metadata"), ==,
                   "http://localhost:3000/.well-known/oauth-protected-resource/mcp");
  g_assert_cmpstr (tether_auth_challenge_get_param (bearer, "scope"), ==, "mcp:basic mcp:write");
}

static void
test_challenge_several (void)
{
  g_autoptr(GPtrArray) challenges = NULL;
  const TetherAuthChallenge *c;

  /* commas and escaped quotes inside quoted strings, a token68, a bare
   * token value, names in any case, a repeated name (the first wins) */
  challenges = tether_auth_challenges_parse ("Basic realm=\"a, \\\"b\\\"\", Negotiate abc+/def==, "
                                             "BEARER Scope=read ,  error=\"insufficient_scope\", "
                                             "scope=\"ignored\",error_description=\"needs \\\\ write\"");
  g_assert_cmpuint (challenges->len, ==, 3);

  c = g_ptr_array_index (challenges, 0);
  g_assert_cmpstr (tether_auth_challenge_get_scheme (c), ==, "Basic");
  g_assert_cmpstr (tether_auth_challenge_get_param (c, "realm"), ==, "a, \"b\"");

  c = g_ptr_array_index (challenges, 1);
  g_assert_cmpstr (tether_auth_challenge_get_scheme (c), ==, "Negotiate");
  g_assert_cmpstr (tether_auth_challenge_get_token68 (c), ==, "abc+/def==");

  c = tether_auth_challenges_find (challenges, "Bearer");
  g_assert_true (c == g_ptr_array_index (challenges, 2));
  g_assert_cmpstr (tether_auth_challenge_get_param (c, "scope"), ==, "read");
  g_assert_cmpstr (tether_auth_challenge_get_param (c, "error"), ==, "insufficient_scope");
  g_assert_cmpstr (tether_auth_challenge_get_param (c, "error_description"), ==, "needs \\ write");
}

static void
test_challenge_bad (void)
{
  const char *bad[] = { NULL, "", ",,, ", "Bearer scope=\"unterminated", "\"quoted\" scheme",
                        "Bearer =x", "Bearer scope=" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GPtrArray) challenges = tether_auth_challenges_parse (bad[i]);

      for (guint j = 0; j < challenges->len; j++)
        g_assert_null (tether_auth_challenge_get_param (g_ptr_array_index (challenges, j), "scope"));
    }

  /* a header past the bound is not read */
  {
    g_autofree char *huge = g_strnfill (TETHER_AUTH_CHALLENGE_MAX_LENGTH + 1, 'a');
    g_autoptr(GPtrArray) challenges = tether_auth_challenges_parse (huge);

    g_assert_cmpuint (challenges->len, ==, 0);
  }
}

static void
assert_strv (GStrv        got,
             const char  *first,
             ...)
{
  va_list args;
  const char *want = first;
  guint i = 0;

  va_start (args, first);
  for (; want != NULL; want = va_arg (args, const char *), i++)
    g_assert_cmpstr (got[i], ==, want);
  va_end (args);
  g_assert_cmpstr (got[i], ==, NULL);
}

static void
test_prm_urls (void)
{
  g_auto(GStrv) a = tether_auth_protected_resource_urls ("http://localhost:3000/mcp", NULL);
  g_auto(GStrv) b = tether_auth_protected_resource_urls ("https://example.com/", NULL);
  g_auto(GStrv) c = tether_auth_protected_resource_urls ("https://example.com/a/b/?q=1", NULL);
  g_auto(GStrv) d = tether_auth_protected_resource_urls ("https://example.com/mcp",
                                                         "https://meta.example.com/custom/prm");
  g_auto(GStrv) e = tether_auth_protected_resource_urls ("https://example.com/mcp", "file:///etc/passwd");
  g_auto(GStrv) f = tether_auth_protected_resource_urls ("http://[::1]:8080/mcp", NULL);

  assert_strv (a, "http://localhost:3000/.well-known/oauth-protected-resource/mcp",
               "http://localhost:3000/.well-known/oauth-protected-resource", NULL);
  assert_strv (b, "https://example.com/.well-known/oauth-protected-resource", NULL);
  assert_strv (c, "https://example.com/.well-known/oauth-protected-resource/a/b",
               "https://example.com/.well-known/oauth-protected-resource", NULL);
  assert_strv (d, "https://meta.example.com/custom/prm", NULL);
  /* a header naming something that is not http(s) is not followed */
  assert_strv (e, "https://example.com/.well-known/oauth-protected-resource/mcp",
               "https://example.com/.well-known/oauth-protected-resource", NULL);
  assert_strv (f, "http://[::1]:8080/.well-known/oauth-protected-resource/mcp",
               "http://[::1]:8080/.well-known/oauth-protected-resource", NULL);
}

static void
test_as_urls (void)
{
  g_auto(GStrv) root = tether_auth_server_metadata_urls ("https://auth.example.com");
  g_auto(GStrv) slash = tether_auth_server_metadata_urls ("https://auth.example.com/");
  g_auto(GStrv) path = tether_auth_server_metadata_urls ("http://localhost:4000/tenant1");
  g_auto(GStrv) deep = tether_auth_server_metadata_urls ("https://auth.example.com/a/b/");
  g_auto(GStrv) bad = tether_auth_server_metadata_urls ("ftp://auth.example.com");

  assert_strv (root, "https://auth.example.com/.well-known/oauth-authorization-server",
               "https://auth.example.com/.well-known/openid-configuration", NULL);
  assert_strv (slash, "https://auth.example.com/.well-known/oauth-authorization-server",
               "https://auth.example.com/.well-known/openid-configuration", NULL);
  assert_strv (path, "http://localhost:4000/.well-known/oauth-authorization-server/tenant1",
               "http://localhost:4000/.well-known/openid-configuration/tenant1",
               "http://localhost:4000/tenant1/.well-known/openid-configuration", NULL);
  assert_strv (deep, "https://auth.example.com/.well-known/oauth-authorization-server/a/b",
               "https://auth.example.com/.well-known/openid-configuration/a/b",
               "https://auth.example.com/a/b/.well-known/openid-configuration", NULL);
  assert_strv (bad, NULL);
}

static void
test_legacy_endpoints (void)
{
  g_autofree char *authorize = tether_auth_legacy_endpoint ("http://localhost:3000/mcp", "authorize");
  g_autofree char *token = tether_auth_legacy_endpoint ("https://example.com:8443/v1/mcp", "token");
  g_autofree char *origin = tether_auth_url_origin ("https://user@Example.COM:443/x?y#z");

  g_assert_cmpstr (authorize, ==, "http://localhost:3000/authorize");
  g_assert_cmpstr (token, ==, "https://example.com:8443/token");
  g_assert_nonnull (origin);
  g_assert_null (strchr (origin, '@'));
  g_assert_null (strchr (origin, '?'));
}

static void
test_resource_matches (void)
{
  const char *server = "http://localhost:3000/mcp";

  g_assert_true (tether_auth_resource_matches ("http://localhost:3000/mcp", server));
  g_assert_true (tether_auth_resource_matches ("http://localhost:3000/mcp/", server));
  g_assert_true (tether_auth_resource_matches ("http://localhost:3000", server));
  g_assert_true (tether_auth_resource_matches ("http://localhost:3000/", server));
  g_assert_false (tether_auth_resource_matches ("http://localhost:3001/mcp", server));
  g_assert_false (tether_auth_resource_matches ("https://localhost:3000/mcp", server));
  g_assert_false (tether_auth_resource_matches ("http://evil.example.com/mcp", server));
  g_assert_false (tether_auth_resource_matches ("http://localhost:3000/mc", server));
  g_assert_false (tether_auth_resource_matches ("http://localhost:3000/mcp/deeper", server));
  g_assert_false (tether_auth_resource_matches ("http://localhost:3000/mcp#frag", server));
  g_assert_false (tether_auth_resource_matches (NULL, server));
  g_assert_false (tether_auth_resource_matches ("not a url", server));
}

static void
test_safe_endpoint (void)
{
  g_assert_true (tether_auth_url_is_safe_endpoint ("https://auth.example.com/token"));
  g_assert_true (tether_auth_url_is_safe_endpoint ("http://localhost:3000/token"));
  g_assert_true (tether_auth_url_is_safe_endpoint ("http://127.0.0.1:3000/token"));
  g_assert_true (tether_auth_url_is_safe_endpoint ("http://[::1]:3000/token"));
  g_assert_false (tether_auth_url_is_safe_endpoint ("http://auth.example.com/token"));
  g_assert_false (tether_auth_url_is_safe_endpoint ("javascript:alert(1)"));
  g_assert_false (tether_auth_url_is_safe_endpoint (NULL));
}

static JsonObject *
parse_object (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static void
test_tokens_expiry (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) first = parse_object ("{\"access_token\":\"a1\",\"token_type\":\"bearer\","
                                              "\"expires_in\":3600,\"refresh_token\":\"r1\",\"scope\":\"mcp:basic\"}");
  g_autoptr(JsonObject) rotated = parse_object ("{\"access_token\":\"a2\",\"token_type\":\"Bearer\","
                                                "\"expires_in\":\"90\"}");
  g_autoptr(TetherAuthTokens) tokens = NULL;
  g_autoptr(TetherAuthTokens) refreshed = NULL;
  g_autoptr(TetherAuthTokens) back = NULL;
  g_autofree char *stored = NULL;

  tokens = tether_auth_tokens_new_from_response (first, "https://as.example.com", NULL, 1000, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tokens->access_token, ==, "a1");
  g_assert_cmpint (tokens->expires_at, ==, 4600);
  /* a minute before the end */
  g_assert_cmpint (tether_auth_tokens_refresh_at (tokens), ==, 4540);
  g_assert_false (tether_auth_tokens_expired (tokens, 4539));
  g_assert_true (tether_auth_tokens_expired (tokens, 4540));

  /* no new refresh token: the old one stays; the scope too */
  refreshed = tether_auth_tokens_new_from_response (rotated, "https://as.example.com", tokens, 5000, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (refreshed->access_token, ==, "a2");
  g_assert_cmpstr (refreshed->refresh_token, ==, "r1");
  g_assert_cmpstr (refreshed->scope, ==, "mcp:basic");
  /* 90 s: the margin is half the lifetime when that is under a minute */
  g_assert_cmpint (refreshed->expires_at, ==, 5090);
  g_assert_cmpint (tether_auth_tokens_refresh_at (refreshed), ==, 5045);

  stored = tether_auth_tokens_to_stored (refreshed);
  back = tether_auth_tokens_new_from_stored (stored, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->access_token, ==, "a2");
  g_assert_cmpstr (back->refresh_token, ==, "r1");
  g_assert_cmpstr (back->issuer, ==, "https://as.example.com");
  g_assert_cmpint (back->expires_at, ==, 5090);
  g_assert_cmpint (back->issued_at, ==, 5000);
}

static void
test_tokens_odd (void)
{
  const struct { const char *json; gint64 expires_at; } cases[] = {
    { "{\"access_token\":\"a\"}", 0 },                               /* never said: never refreshed early */
    { "{\"access_token\":\"a\",\"expires_in\":-5}", 0 },
    { "{\"access_token\":\"a\",\"expires_in\":\"soon\"}", 0 },
    { "{\"access_token\":\"a\",\"expires_in\":1e300}", 100 + TETHER_AUTH_MAX_LIFETIME_S },
    { "{\"access_token\":\"a\",\"expires_in\":9223372036854775807}", 100 + TETHER_AUTH_MAX_LIFETIME_S },
    { "{\"access_token\":\"a\",\"expires_in\":0}", 100 },
  };
  const char *bad[] = {
    "{}",
    "{\"access_token\":\"\"}",
    "{\"access_token\":7}",
    "{\"access_token\":\"a\",\"token_type\":\"mac\"}",
    "{\"access_token\":\"a\\r\\nX-Evil: 1\"}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) object = parse_object (cases[i].json);
      g_autoptr(TetherAuthTokens) tokens = tether_auth_tokens_new_from_response (object, "x", NULL, 100, &error);

      g_assert_no_error (error);
      g_assert_cmpint (tokens->expires_at, ==, cases[i].expires_at);
      if (cases[i].expires_at == 0)
        g_assert_false (tether_auth_tokens_expired (tokens, G_MAXINT64));
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) object = parse_object (bad[i]);
      g_autoptr(TetherAuthTokens) tokens = tether_auth_tokens_new_from_response (object, "x", NULL, 100, &error);

      g_assert_null (tokens);
      g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN);
    }
}

static void
test_scopes (void)
{
  g_autofree char *a = tether_auth_scope_union ("mcp:basic", "mcp:write");
  g_autofree char *b = tether_auth_scope_union ("mcp:basic mcp:write", "mcp:write  mcp:basic mcp:admin");
  g_autofree char *c = tether_auth_scope_union (NULL, "mcp:write");
  g_autofree char *d = tether_auth_scope_union (NULL, NULL);

  g_assert_cmpstr (a, ==, "mcp:basic mcp:write");
  g_assert_cmpstr (b, ==, "mcp:basic mcp:write mcp:admin");
  g_assert_cmpstr (c, ==, "mcp:write");
  g_assert_null (d);
  g_assert_true (tether_auth_scope_has ("a offline_access b", "offline_access"));
  g_assert_false (tether_auth_scope_has ("a offline_accessb", "offline_access"));
  g_assert_false (tether_auth_scope_has (NULL, "offline_access"));
}

/* Nothing of one authorization server is used with another: the
 * issuers compared exactly, and only a refresh completes what it renews */
static void
test_migration_rules (void)
{
  TetherAuthTokens held = { .access_token = (char *)"a1", .refresh_token = (char *)"r1",
                            .scope = (char *)"mcp:basic", .issuer = (char *)"https://as1.example" };
  TetherAuthTokens no_refresh = held;

  no_refresh.refresh_token = NULL;

  g_assert_true (tether_auth_registration_fits ("https://as1.example", "https://as1.example"));
  g_assert_false (tether_auth_registration_fits ("https://as1.example", "https://as2.example"));
  g_assert_false (tether_auth_registration_fits ("https://as1.example", "https://as1.example/"));
  g_assert_false (tether_auth_registration_fits (NULL, "https://as1.example"));

  g_assert_true (tether_auth_tokens_refreshable_at (&held, "https://as1.example"));
  g_assert_false (tether_auth_tokens_refreshable_at (&held, "https://as2.example"));
  g_assert_false (tether_auth_tokens_refreshable_at (&no_refresh, "https://as1.example"));
  g_assert_false (tether_auth_tokens_refreshable_at (NULL, "https://as1.example"));

  g_assert_true (tether_auth_tokens_carried (&held, "refresh_token", "https://as1.example") == &held);
  g_assert_null (tether_auth_tokens_carried (&held, "refresh_token", "https://as2.example"));
  g_assert_null (tether_auth_tokens_carried (&held, "authorization_code", "https://as1.example"));
  g_assert_null (tether_auth_tokens_carried (&held, "client_credentials", "https://as1.example"));
  g_assert_null (tether_auth_tokens_carried (NULL, "refresh_token", "https://as1.example"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/auth/pkce/rfc-example", test_pkce_rfc_example);
  g_test_add_func ("/auth/pkce/random", test_pkce_random);
  g_test_add_func ("/auth/state/compare", test_state_compare);
  g_test_add_func ("/auth/challenge/bearer", test_challenge_bearer);
  g_test_add_func ("/auth/challenge/several", test_challenge_several);
  g_test_add_func ("/auth/challenge/bad", test_challenge_bad);
  g_test_add_func ("/auth/urls/protected-resource", test_prm_urls);
  g_test_add_func ("/auth/urls/authorization-server", test_as_urls);
  g_test_add_func ("/auth/urls/legacy", test_legacy_endpoints);
  g_test_add_func ("/auth/urls/resource-matches", test_resource_matches);
  g_test_add_func ("/auth/urls/safe-endpoint", test_safe_endpoint);
  g_test_add_func ("/auth/tokens/expiry", test_tokens_expiry);
  g_test_add_func ("/auth/tokens/odd", test_tokens_odd);
  g_test_add_func ("/auth/scopes", test_scopes);
  g_test_add_func ("/auth/migration/rules", test_migration_rules);

  return g_test_run ();
}
