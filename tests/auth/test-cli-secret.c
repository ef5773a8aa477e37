/* test-cli-secret.c — tether-cli's secret, login, logout and auth commands
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by with-keyring.sh: with TETHER_TEST_KEYRING=keyring a real
 * gnome-keyring-daemon answers on a private session bus; with "none" the
 * bus has no Secret Service, and a secret goes to a file only with the
 * user's consent (--allow-file-secrets).
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "tether-secret-store.h"
#include "test-util.h"

static const char *secret_value = "ghp_cli-SECRET-0a1b2c3d4e5f";

static gboolean
have_keyring (void)
{
  return g_strcmp0 (g_getenv ("TETHER_TEST_KEYRING"), "keyring") == 0;
}

/* Runs tether-cli with @input on its stdin; returns its exit status. */
static int
run_cli (const char  *input,
         char       **out,
         char       **err,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  va_list args;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *)argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, out, err, &error);
  g_assert_no_error (error);
  g_test_message ("%s: status %d\nstdout: %s\nstderr: %s", first, g_subprocess_get_exit_status (process),
                  *out, *err);
  /* what was typed never comes back */
  g_assert_null (strstr (*out, secret_value));
  g_assert_null (strstr (*err, secret_value));

  return g_subprocess_get_exit_status (process);
}

static void
test_secret_commands (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *input = g_strdup_printf ("%s\n", secret_value);
  g_autofree char *file = g_build_filename (g_get_user_data_dir (), "tether", "secrets.json", NULL);
  const char *consent = have_keyring () ? NULL : "--allow-file-secrets";

  if (!have_keyring ())
    {
      /* no keyring and no consent: refused, nothing written */
      g_assert_cmpint (run_cli (input, &out, &err, "secret", "set", "GH_TOKEN", NULL), ==, 1);
      g_assert_nonnull (strstr (err, "--allow-file-secrets"));
      g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }

  g_assert_cmpint (run_cli (input, &out, &err, "secret", "set", "GH_TOKEN", consent, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Stored GH_TOKEN."));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    g_autoptr(TetherSecretStore) store = tether_secret_store_new (!have_keyring ());
    g_autoptr(GError) error = NULL;
    g_autofree char *value = tether_secret_store_lookup_named (store, "GH_TOKEN", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (value, ==, secret_value);
  }
  if (have_keyring ())
    test_assert_in_no_file (g_get_home_dir (), secret_value);
  else
    {
      struct stat st;

      g_assert_cmpint (g_stat (file, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0600);
    }

  g_assert_cmpint (run_cli (NULL, &out, &err, "secret", "list", consent, NULL), ==, 0);
  g_assert_cmpstr (out, ==, "GH_TOKEN\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (NULL, &out, &err, "secret", "remove", "GH_TOKEN", consent, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Removed GH_TOKEN."));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (NULL, &out, &err, "secret", "list", consent, NULL), ==, 0);
  g_assert_cmpstr (out, ==, "");
}

static void
test_usage (void)
{
  const char * const wrong[][4] = {
    { "secret", NULL },
    { "secret", "set", NULL },
    { "secret", "set", "A", "B" },
    { "secret", "frob", "A", NULL },
    { "secret", "set", "no spaces", NULL },
    { "login", NULL },
    { "logout", "a", "b", NULL },
    { "auth", "--bogus", "a", NULL },
  };
  const char * const helped[] = { "login", "logout", "auth", "secret" };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (NULL, &out, &err, wrong[i][0], wrong[i][1], wrong[i][2], wrong[i][3], NULL), ==, 2);
      g_assert_cmpstr (out, ==, "");
    }

  for (guint i = 0; i < G_N_ELEMENTS (helped); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (NULL, &out, &err, helped[i], "--help", NULL), ==, 0);
      g_assert_nonnull (strstr (out, "--allow-file-secrets"));
    }
}

/* auth, login and logout name a server of the configuration, reached over
 * HTTP: anything else is said, never a browser opened. */
static void
test_server_commands (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-secret-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "servers.json", NULL);
  const char *consent = have_keyring () ? NULL : "--allow-file-secrets";
  const char * const commands[] = { "login", "logout", "auth" };

  g_assert_true (g_file_set_contents (config, "{\"mcpServers\": {\"local\": {\"command\": \"true\"}}}", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (NULL, &out, &err, "--config", config, commands[i], "local", consent, NULL), ==, 1);
      g_assert_nonnull (strstr (err, "nothing to sign in to"));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);

      g_assert_cmpint (run_cli (NULL, &out, &err, "--config", config, commands[i], "nowhere", consent, NULL), ==, 1);
      g_assert_nonnull (strstr (err, "nowhere"));
    }

  test_remove_tree (dir);
}

/* `auth NAME` says which client signs in and with which grant, never its
 * secret */
static void
test_auth_client (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-secret-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "servers.json", NULL);
  const char *consent = have_keyring () ? NULL : "--allow-file-secrets";
  static const struct { const char *name; const char *says[2]; } cases[] = {
    { "m2m", { "pre-registered (client id m2m-client, client secret)", "client credentials" } },
    { "cimd", { "metadata document https://tether.example/cimd.json", "authorization code" } },
    { "plain", { "registered at sign-in", "authorization code" } },
  };

  g_assert_true (g_file_set_contents (config,
                                      "{\"mcpServers\": {"
                                      " \"m2m\": {\"url\": \"http://127.0.0.1:9/mcp\", \"oauth\": {"
                                      "  \"clientId\": \"m2m-client\", \"clientSecret\": \"clear-cli-secret-77\","
                                      "  \"grantType\": \"client_credentials\"}},"
                                      " \"cimd\": {\"url\": \"http://127.0.0.1:9/mcp\", \"oauth\": {"
                                      "  \"clientMetadataUrl\": \"https://tether.example/cimd.json\"}},"
                                      " \"plain\": {\"url\": \"http://127.0.0.1:9/mcp\"}}}", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (NULL, &out, &err, "--config", config, "auth", cases[i].name, consent, NULL), ==, 0);
      g_assert_nonnull (strstr (out, "not signed in"));
      g_assert_nonnull (strstr (out, cases[i].says[0]));
      g_assert_nonnull (strstr (out, cases[i].says[1]));
      g_assert_null (strstr (out, "clear-cli-secret-77"));
      g_assert_null (strstr (err, "clear-cli-secret-77"));
    }

  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/CliSecret/secret", test_secret_commands);
  g_test_add_func ("/Tether/CliSecret/usage", test_usage);
  g_test_add_func ("/Tether/CliSecret/server", test_server_commands);
  g_test_add_func ("/Tether/CliSecret/auth-client", test_auth_client);

  return g_test_run ();
}
