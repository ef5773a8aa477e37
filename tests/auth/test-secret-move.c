/* test-secret-move.c — values that look secret moved into a real keyring,
 * by the code and by `tether-cli import`; nothing moved without one
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by with-keyring.sh: with TETHER_TEST_KEYRING=keyring a real
 * gnome-keyring-daemon answers on a private session bus; with "none" the
 * bus has no Secret Service to activate.
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "tether-auth-error.h"
#include "tether-secret-move.h"
#include "tether-secret-refs.h"
#include "tether-secret-store.h"
#include "tether-server-config-oauth.h"
#include "test-util.h"

static gboolean
have_keyring (void)
{
  return g_strcmp0 (g_getenv ("TETHER_TEST_KEYRING"), "keyring") == 0;
}

static void
assert_named (TetherSecretStore *store,
              const char        *name,
              const char        *expected)
{
  g_autoptr(GError) error = NULL;
  char *value = tether_secret_store_lookup_named (store, name, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (value, ==, expected);
  tether_secret_free (value);
}

static TetherServerConfig *
new_config (const char *name,
            const char *token)
{
  TetherServerConfig *config = tether_server_config_new (name);
  tether_server_config_set_command (config, "server");
  tether_server_config_set_env_value (config, "GITHUB_TOKEN", token);
  tether_server_config_set_env_value (config, "DEBUG", "1");
  tether_server_config_set_env_value (config, "API_TOKEN", "${env:HOME}");
  return config;
}

static void
test_wanted (void)
{
  g_assert_true (tether_secret_move_wanted ("GITHUB_TOKEN", "ghp_x"));
  g_assert_true (tether_secret_move_wanted ("Authorization", "Bearer abc"));
  g_assert_true (tether_secret_move_wanted ("X-Api-Key", "k"));
  /* not a secret's name, empty, a placeholder or a reference already */
  g_assert_false (tether_secret_move_wanted ("DEBUG", "1"));
  g_assert_false (tether_secret_move_wanted ("GITHUB_TOKEN", ""));
  g_assert_false (tether_secret_move_wanted ("Authorization", "Bearer   "));
  g_assert_false (tether_secret_move_wanted ("GITHUB_TOKEN", "${env:GITHUB_TOKEN}"));
  g_assert_false (tether_secret_move_wanted ("Authorization", "Bearer ${secret:X}"));

  /* what the server dialog shows as "Stored in the keyring" */
  g_assert_true (tether_secret_move_is_reference ("${secret:GITHUB_TOKEN}"));
  g_assert_true (tether_secret_move_is_reference ("Bearer ${secret:A}"));
  g_assert_false (tether_secret_move_is_reference ("x${secret:A}"));
  g_assert_false (tether_secret_move_is_reference ("${secret:A}${secret:B}"));
  g_assert_false (tether_secret_move_is_reference ("${secret:bad name}"));
  g_assert_false (tether_secret_move_is_reference ("${env:A}"));
  g_assert_false (tether_secret_move_is_reference (NULL));
}

/* The values named (the rows the user locked), whatever their names */
static void
test_move_keys (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(TetherServerConfig) config = new_config ("keys", "ghp_not-named");
  g_autoptr(GError) error = NULL;
  const char *env[] = { "WORKSPACE", "API_TOKEN", "MISSING", NULL };
  guint n_moved = 0;

  tether_server_config_set_env_value (config, "WORKSPACE", "ws-SECRET-31");
  g_assert_true (tether_secret_move_keys (store, config, env, NULL, &n_moved, &error));
  g_assert_no_error (error);
  /* a placeholder and a name it does not have stay as they are; only the
   * values named move */
  g_assert_cmpuint (n_moved, ==, 1);
  g_assert_cmpstr (tether_server_config_get_env_value (config, "WORKSPACE"), ==, "${secret:WORKSPACE}");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "API_TOKEN"), ==, "${env:HOME}");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "GITHUB_TOKEN"), ==, "ghp_not-named");
  assert_named (store, "WORKSPACE", "ws-SECRET-31");
}

static void
test_move (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(TetherServerConfig) config = new_config ("my server", "ghp_moved-1");
  g_autoptr(GError) error = NULL;
  guint n_moved = 0;

  if (!have_keyring ())
    {
      /* No keyring: nothing moved, the config as it was, the reason said */
      g_assert_false (tether_secret_move_config (store, config, &n_moved, &error));
      g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);
      g_assert_cmpuint (n_moved, ==, 0);
      g_assert_cmpstr (tether_server_config_get_env_value (config, "GITHUB_TOKEN"), ==, "ghp_moved-1");
      return;
    }

  tether_server_config_set_url (config, "https://example.com/mcp");
  tether_server_config_add_header (config, "Authorization", "Bearer tok-abc");
  tether_server_config_add_header (config, "X-Api-Key", "key-123");
  tether_server_config_add_header (config, "Accept-Language", "fr");
  g_assert_cmpuint (tether_secret_move_count (config), ==, 3);

  g_assert_true (tether_secret_move_config (store, config, &n_moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_moved, ==, 3);
  g_assert_cmpuint (tether_secret_move_count (config), ==, 0);

  /* an env variable keeps its own name; a header the server's and its */
  g_assert_cmpstr (tether_server_config_get_env_value (config, "GITHUB_TOKEN"), ==, "${secret:GITHUB_TOKEN}");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "DEBUG"), ==, "1");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "API_TOKEN"), ==, "${env:HOME}");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "Authorization"), ==,
                   "Bearer ${secret:MY_SERVER_AUTHORIZATION}");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "X-Api-Key"), ==, "${secret:MY_SERVER_X_API_KEY}");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "Accept-Language"), ==, "fr");
  assert_named (store, "GITHUB_TOKEN", "ghp_moved-1");
  assert_named (store, "MY_SERVER_AUTHORIZATION", "tok-abc");
  assert_named (store, "MY_SERVER_X_API_KEY", "key-123");
  test_assert_in_no_file (g_get_home_dir (), "ghp_moved-1");
  test_assert_in_no_file (g_get_user_data_dir (), "tok-abc");
}

/* The OAuth client's secret (Gemini CLI's `oauth`, imported) moves like
 * the other secrets, whatever its name looks like; a reference stays */
static void
test_move_oauth (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("gh");
  g_autoptr(GError) error = NULL;
  guint n_moved = 0;

  tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (config, "https://gh.example/mcp");
  tether_server_config_set_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID, "gem-client");
  tether_server_config_set_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET, "oauth-client-SECRET-8e1");
  tether_server_config_set_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY, "${secret:GH_KEY}");
  g_assert_cmpuint (tether_secret_move_count (config), ==, 1);

  g_assert_true (tether_secret_move_config (store, config, &n_moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_moved, ==, 1);
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET), ==,
                   "${secret:GH_CLIENT_SECRET}");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_PRIVATE_KEY), ==, "${secret:GH_KEY}");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID), ==, "gem-client");
  assert_named (store, "GH_CLIENT_SECRET", "oauth-client-SECRET-8e1");
  g_assert_null (tether_server_config_dup_oauth_warning (config));
}

static void
test_collisions (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(TetherServerConfig) same = new_config ("one", "ghp_first");
  g_autoptr(TetherServerConfig) other = new_config ("two", "ghp_second");
  g_autoptr(TetherServerConfig) third = new_config ("two", "ghp_third");
  g_autoptr(GPtrArray) configs = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  guint n_moved = 0;

  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", "ghp_first",
                                            &error));
  g_assert_no_error (error);

  g_ptr_array_add (configs, same);
  g_ptr_array_add (configs, other);
  g_ptr_array_add (configs, third);
  g_assert_true (tether_secret_move_configs (store, configs, &n_moved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_moved, ==, 3);

  /* the same value under its name: used again */
  g_assert_cmpstr (tether_server_config_get_env_value (same, "GITHUB_TOKEN"), ==, "${secret:GITHUB_TOKEN}");
  /* a different one: never clobbered, a new name */
  g_assert_cmpstr (tether_server_config_get_env_value (other, "GITHUB_TOKEN"), ==, "${secret:TWO_GITHUB_TOKEN}");
  g_assert_cmpstr (tether_server_config_get_env_value (third, "GITHUB_TOKEN"), ==,
                   "${secret:TWO_GITHUB_TOKEN_2}");
  assert_named (store, "GITHUB_TOKEN", "ghp_first");
  assert_named (store, "TWO_GITHUB_TOKEN", "ghp_second");
  assert_named (store, "TWO_GITHUB_TOKEN_2", "ghp_third");
}

/* tether-cli import: the values in the keyring and references in the
 * configuration, or, without a keyring, in place with the reason */
static void
test_cli_import (void)
{
  g_autofree char *dir = g_build_filename (g_get_home_dir (), "cli-import", NULL);
  g_autofree char *source = g_build_filename (dir, "claude_desktop_config.json", NULL);
  g_autofree char *config = g_build_filename (dir, "servers.json", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  const char *secret = "lin_api_SECRET-4711";
  int status = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  text = g_strdup_printf ("{\"mcpServers\": {\"linear\": {\"command\": \"npx\", \"args\": [\"linear-mcp\"],"
                          " \"env\": {\"LINEAR_API_KEY\": \"%s\", \"LOG\": \"info\"}}}}", secret);
  g_assert_true (g_file_set_contents (source, text, -1, &error));
  g_clear_pointer (&text, g_free);

  {
    const char *argv[] = { TETHER_CLI, "--config", config, "import", source, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
  }
  g_test_message ("stdout: %s\nstderr: %s", out, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_null (strstr (out, secret));
  g_assert_null (strstr (err, secret));
  g_assert_true (g_file_get_contents (config, &text, NULL, &error));

  if (have_keyring ())
    {
      g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);

      g_assert_nonnull (strstr (text, "\"LINEAR_API_KEY\" : \"${secret:LINEAR_API_KEY}\""));
      g_assert_nonnull (strstr (out, "1 value that looks secret was moved to the keyring"));
      assert_named (store, "LINEAR_API_KEY", secret);
      /* the source file is only read; nothing else holds it */
      g_assert_cmpint (g_unlink (source), ==, 0);
      test_assert_in_no_file (g_get_home_dir (), secret);
      test_assert_in_no_file (g_get_user_data_dir (), secret);
    }
  else
    {
      struct stat st;

      g_assert_nonnull (strstr (text, secret));
      g_assert_nonnull (strstr (err, "No keyring is available: secrets stay in the config file, readable only by you"));
      g_assert_cmpint (g_stat (config, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0077, ==, 0);
      g_assert_cmpint (g_unlink (source), ==, 0);
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&text, g_free);

  /* --keep-secrets: left in place on purpose */
  text = g_strdup_printf ("{\"mcpServers\": {\"sentry\": {\"command\": \"npx\","
                          " \"env\": {\"SENTRY_TOKEN\": \"kept-%s\"}}}}", secret);
  g_assert_true (g_file_set_contents (source, text, -1, &error));
  g_clear_pointer (&text, g_free);
  {
    const char *argv[] = { TETHER_CLI, "--config", kept, "import", "--keep-secrets", source, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
  }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_get_contents (kept, &text, NULL, &error));
  g_assert_nonnull (strstr (text, "kept-lin_api_SECRET-4711"));
  g_assert_null (strstr (err, "No keyring"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Secret/move/wanted", test_wanted);
  g_test_add_func ("/Tether/Secret/move/config", test_move);
  /* names only collide in a keyring */
  if (have_keyring ())
    {
      g_test_add_func ("/Tether/Secret/move/collisions", test_collisions);
      g_test_add_func ("/Tether/Secret/move/keys", test_move_keys);
      g_test_add_func ("/Tether/Secret/move/oauth", test_move_oauth);
    }
  g_test_add_func ("/Tether/Secret/move/cli-import", test_cli_import);

  return g_test_run ();
}
