/* test-server-config-oauth.c — a server's own OAuth client in its entry:
 * read, checked, written back, masked
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-server-config-oauth.h"

static TetherServerConfig *
config_from (const char  *text,
             GError     **error)
{
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "test.json", &parse_error);

  g_assert_no_error (parse_error);
  return tether_server_config_new_from_json ("gh", tether_config_document_get_root (doc), error);
}

/* A valid entry: @oauth is its `oauth` object */
static TetherServerConfig *
oauth_config (const char *oauth)
{
  g_autofree char *text = g_strdup_printf ("{\"url\": \"https://h.example/mcp\", \"oauth\": %s}", oauth);
  g_autoptr(GError) error = NULL;
  TetherServerConfig *config = config_from (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (config);
  return config;
}

static void
test_read (void)
{
  g_autoptr(TetherServerConfig) config =
    oauth_config ("{\"clientId\": \"Iv1.abc\", \"clientSecret\": \"${secret:GH_CLIENT}\","
                  " \"scopes\": [\"repo\", \"read:org\"], \"clientMetadataUrl\": \"https://tether.example/cimd.json\","
                  " \"grantType\": \"client_credentials\", \"privateKey\": \"${secret:GH_KEY}\","
                  " \"privateKeyAlgorithm\": \"ES256\"}");
  g_auto(GStrv) scopes = tether_server_config_dup_oauth_scopes (config);
  g_autoptr(GError) error = NULL;

  g_assert_true (tether_server_config_has_oauth (config));
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID), ==, "Iv1.abc");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET), ==, "${secret:GH_CLIENT}");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_METADATA_URL), ==,
                   "https://tether.example/cimd.json");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY), ==, "${secret:GH_KEY}");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM), ==, "ES256");
  g_assert_true (tether_server_config_get_client_credentials (config));
  g_assert_cmpuint (g_strv_length (scopes), ==, 2);
  g_assert_cmpstr (scopes[1], ==, "read:org");
  g_assert_true (tether_server_config_validate (config, &error));
  g_assert_no_error (error);
  /* references only: nothing to warn of */
  g_assert_null (tether_server_config_dup_oauth_warning (config));
}

/* Kept across a round trip: its order, the keys Tether does not know, and
 * a change in place; a copy is equal, a change is not. */
static void
test_round_trip (void)
{
  const char *text = "{\"url\":\"https://h.example/mcp\",\"oauth\":{\"enabled\":true,\"clientId\":\"a\","
                     "\"tokenUrl\":\"https://as.example/token\",\"scopes\":[\"x\"]},\"zeta\":1}";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = config_from (text, &error);
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(JsonNode) written = NULL;
  g_autofree char *actual = NULL;
  const char * const scopes[] = { "x", "y", NULL };

  g_assert_no_error (error);
  written = tether_server_config_to_json (config);
  actual = json_to_string (written, FALSE);
  g_assert_cmpstr (actual, ==, text);

  copy = tether_server_config_copy (config);
  g_assert_true (tether_server_config_equal (config, copy));
  tether_server_config_set_oauth (copy, TETHER_SERVER_OAUTH_CLIENT_ID, "b");
  tether_server_config_set_oauth_scopes (copy, scopes);
  tether_server_config_set_oauth (copy, TETHER_SERVER_OAUTH_GRANT_TYPE, "authorization_code");
  g_assert_false (tether_server_config_equal (config, copy));
  g_assert_false (tether_server_config_equal_but_live (config, copy));
  g_clear_pointer (&written, json_node_unref);
  g_clear_pointer (&actual, g_free);
  written = tether_server_config_to_json (copy);
  actual = json_to_string (written, FALSE);
  g_assert_cmpstr (actual, ==,
                   "{\"url\":\"https://h.example/mcp\",\"oauth\":{\"enabled\":true,\"clientId\":\"b\","
                   "\"tokenUrl\":\"https://as.example/token\",\"scopes\":[\"x\",\"y\"],"
                   "\"grantType\":\"authorization_code\"},\"zeta\":1}");

  /* the original is untouched by the copy's changes */
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID), ==, "a");
}

/* Set on a configuration made in code; emptied, it is not written. */
static void
test_set_and_clear (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("s");
  g_autoptr(JsonNode) written = NULL;

  tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (config, "https://h.example/mcp");
  g_assert_false (tether_server_config_has_oauth (config));
  tether_server_config_set_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID, "id");
  written = tether_server_config_to_json (config);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_node_get_object (written),
                                                                                  "oauth"), "clientId"), ==, "id");
  tether_server_config_set_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID, NULL);
  g_assert_false (tether_server_config_has_oauth (config));
  g_clear_pointer (&written, json_node_unref);
  written = tether_server_config_to_json (config);
  g_assert_false (json_object_has_member (json_node_get_object (written), "oauth"));
}

/* The secrets are masked, the rest is shown */
static void
test_masked (void)
{
  g_autoptr(TetherServerConfig) config =
    oauth_config ("{\"clientId\": \"visible-id\", \"clientSecret\": \"clear-secret-91f3\","
                  " \"privateKey\": \"-----BEGIN PRIVATE KEY-----x\", \"other\": \"maybe-secret-22\"}");
  g_autofree char *masked = tether_server_config_to_masked_json (config);
  g_autofree char *warning = tether_server_config_dup_oauth_warning (config);

  g_assert_nonnull (strstr (masked, "visible-id"));
  g_assert_null (strstr (masked, "clear-secret-91f3"));
  g_assert_null (strstr (masked, "BEGIN PRIVATE KEY"));
  g_assert_null (strstr (masked, "maybe-secret-22"));

  /* a secret in clear is accepted, with a warning naming the key only */
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "oauth.clientSecret"));
  g_assert_null (strstr (warning, "clear-secret-91f3"));
}

/* Wrong types: the server, the key and where */
static void
test_wrong_types (void)
{
  static const struct { const char *oauth; const char *key; const char *path; } cases[] = {
    { "\"id\"", "“oauth”", "/oauth" },
    { "{\"clientId\": 7}", "“oauth.clientId”", "/oauth/clientId" },
    { "{\"scopes\": \"repo\"}", "“oauth.scopes”", "/oauth/scopes" },
    { "{\"scopes\": [\"a\", 1]}", "“oauth.scopes”", "/oauth/scopes" },
    { "{\"grantType\": null}", "“oauth.grantType”", "/oauth/grantType" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"url\": \"https://h.example/mcp\", \"oauth\": %s}", cases[i].oauth);
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = config_from (text, &error);

      g_assert_null (config);
      g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE);
      g_assert_nonnull (strstr (error->message, "“gh”"));
      g_assert_nonnull (strstr (error->message, cases[i].key));
      g_assert_cmpstr (tether_config_error_get_path (error), ==, cases[i].path);
    }
}

/* Values that cannot be used: a clear message naming the server and key */
static void
test_checks (void)
{
  static const struct { const char *entry; const char *says; } cases[] = {
    { "{\"command\": \"x\", \"oauth\": {\"clientId\": \"a\"}}", "reached over HTTP" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientId\": \"\"}}", "“oauth.clientId”: must not be empty" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"grantType\": \"password\"}}", "“oauth.grantType”: must be" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientMetadataUrl\": \"http://x/c.json\"}}",
      "“oauth.clientMetadataUrl”: must be an https URL" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientSecret\": \"${secret:S}\"}}",
      "“oauth.clientSecret”: goes with “oauth.clientId”" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientId\": \"a\", \"grantType\": \"client_credentials\"}}",
      "client_credentials needs" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientId\": \"a\", \"privateKey\": \"${secret:K}\","
      " \"privateKeyAlgorithm\": \"HS256\"}}", "“oauth.privateKeyAlgorithm”: must be ES256" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"clientId\": \"a\", \"privateKeyAlgorithm\": \"RS256\"}}",
      "“privateKey” is not" },
    { "{\"url\": \"https://h/mcp\", \"oauth\": {\"scopes\": [\"two words\"]}}", "“oauth.scopes”: “two words”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = config_from (cases[i].entry, &error);

      g_assert_no_error (error);
      g_assert_false (tether_server_config_validate (config, &error));
      g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
      if (strstr (error->message, cases[i].says) == NULL || strstr (error->message, "“gh”") == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].says);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/ServerConfig/oauth/read", test_read);
  g_test_add_func ("/Tether/ServerConfig/oauth/round-trip", test_round_trip);
  g_test_add_func ("/Tether/ServerConfig/oauth/set-and-clear", test_set_and_clear);
  g_test_add_func ("/Tether/ServerConfig/oauth/masked", test_masked);
  g_test_add_func ("/Tether/ServerConfig/oauth/wrong-types", test_wrong_types);
  g_test_add_func ("/Tether/ServerConfig/oauth/checks", test_checks);

  return g_test_run ();
}
