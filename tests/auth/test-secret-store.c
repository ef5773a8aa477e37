/* test-secret-store.c — secrets in a real keyring, and the refusal to
 * fall back to a file without consent
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

#include "tether-auth-error.h"
#include "tether-secret-store.h"
#include "test-util.h"

static const char *secret_value = "ghp_test-SECRET-1f2e3d4c5b6a";

static char *
fallback_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tether", "secrets.json", NULL);
}

static void
test_keyring_round_trip (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *path = fallback_path ();
  char *value;

  g_assert_true (tether_secret_store_probe (store, &error));
  g_assert_no_error (error);
  g_assert_false (tether_secret_store_uses_file (store));

  g_assert_null (tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error));
  g_assert_no_error (error);

  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", "old", &error));
  g_assert_no_error (error);
  /* stored again: replaced, not doubled */
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", secret_value, &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_HEADER, "", "LINEAR_KEY", "lin", &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", "{\"a\":1}", &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_OAUTH, "notion", "client", "{}", &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_OAUTH, "sentry", "tokens", "{\"b\":2}", &error));
  g_assert_no_error (error);

  value = tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (value, ==, secret_value);
  tether_secret_free (value);
  value = tether_secret_store_lookup_named (store, "LINEAR_KEY", &error);
  g_assert_cmpstr (value, ==, "lin");
  tether_secret_free (value);

  /* names only, sorted, without the sign-ins */
  names = tether_secret_store_list_named (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "GITHUB_TOKEN");
  g_assert_cmpstr (names[1], ==, "LINEAR_KEY");

  /* a server's sign-in goes as a whole, the other server's stays */
  g_assert_true (tether_secret_store_clear (store, TETHER_SECRET_KIND_OAUTH, "notion", NULL, &error));
  g_assert_no_error (error);
  value = tether_secret_store_lookup (store, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", &error);
  g_assert_no_error (error);
  g_assert_null (value);
  value = tether_secret_store_lookup (store, TETHER_SECRET_KIND_OAUTH, "sentry", "tokens", &error);
  g_assert_cmpstr (value, ==, "{\"b\":2}");
  tether_secret_free (value);

  g_assert_true (tether_secret_store_clear (store, NULL, "", "GITHUB_TOKEN", &error));
  g_assert_no_error (error);
  g_assert_null (tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error));
  g_assert_no_error (error);
  /* clearing what is not there is no error */
  g_assert_true (tether_secret_store_clear (store, NULL, "", "GITHUB_TOKEN", &error));

  /* it went to the keyring, never to a file in clear */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "KEPT", secret_value, &error));
  test_assert_in_no_file (g_get_home_dir (), secret_value);
  test_assert_in_no_file (g_get_user_data_dir (), secret_value);
  g_assert_true (tether_secret_store_clear (store, NULL, NULL, NULL, &error));
}

static void
test_keyring_bad_value (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *huge = g_strnfill (TETHER_SECRET_MAX_VALUE + 1, 'x');

  g_assert_false (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "BIG", huge, &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_false (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "BAD", "\xff\xfe", &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED);
}

static void
test_no_service_refused (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fallback_path ();

  g_assert_false (tether_secret_store_probe (store, &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);
  /* it says what is missing and how to go on */
  g_assert_nonnull (strstr (error->message, "org.freedesktop.secrets"));
  g_assert_nonnull (strstr (error->message, "--allow-file-secrets"));
  g_clear_error (&error);

  g_assert_false (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", secret_value, &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);
  g_clear_error (&error);
  g_assert_null (tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);

  /* nothing was written anywhere */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  test_assert_in_no_file (g_get_home_dir (), secret_value);
  test_assert_in_no_file (g_get_user_data_dir (), secret_value);
}

static void
test_no_service_file_with_consent (void)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fallback_path ();
  g_auto(GStrv) names = NULL;
  g_autofree char *garbage = NULL;
  GStatBuf st;
  char *value;

  g_assert_true (tether_secret_store_probe (store, &error));
  g_assert_true (tether_secret_store_uses_file (store));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", "old", &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "GITHUB_TOKEN", secret_value, &error));
  g_assert_true (tether_secret_store_store (store, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", "{}", &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  value = tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (value, ==, secret_value);
  tether_secret_free (value);

  names = tether_secret_store_list_named (store, &error);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  g_assert_cmpstr (names[0], ==, "GITHUB_TOKEN");

  g_assert_true (tether_secret_store_clear (store, NULL, "", "GITHUB_TOKEN", &error));
  g_assert_null (tether_secret_store_lookup_named (store, "GITHUB_TOKEN", &error));
  g_assert_no_error (error);

  /* a file it cannot read is left as it is */
  g_assert_true (g_file_set_contents (path, "{ not json", -1, NULL));
  g_assert_false (tether_secret_store_store (store, TETHER_SECRET_KIND_ENV, "", "X", "y", &error));
  g_assert_nonnull (error);
  g_assert_true (g_file_get_contents (path, &garbage, NULL, NULL));
  g_assert_cmpstr (garbage, ==, "{ not json");
  g_unlink (path);
}

/* A sign-in kept in the file by `tether-cli login --allow-file-secrets`
 * is found by the window's store; without that file it refuses, and it
 * never makes one. */
static void
test_no_service_default_reads_consented_file (void)
{
  TetherSecretStore *app = tether_secret_store_get_default ();
  g_autoptr(TetherSecretStore) cli = tether_secret_store_new (TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fallback_path ();
  char *value;

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (tether_secret_store_probe (app, &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);
  g_clear_error (&error);
  g_assert_false (tether_secret_store_store (app, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", "{}", &error));
  g_assert_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (tether_secret_store_store (cli, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", secret_value,
                                            &error));
  g_assert_no_error (error);

  value = tether_secret_store_lookup (app, TETHER_SECRET_KIND_OAUTH, "notion", "tokens", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (value, ==, secret_value);
  tether_secret_free (value);
  g_assert_true (tether_secret_store_uses_file (app));
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  const char *mode = g_getenv ("TETHER_TEST_KEYRING");

  g_test_init (&argc, &argv, NULL);

  if (g_strcmp0 (mode, "keyring") == 0)
    {
      g_test_add_func ("/secret-store/keyring/round-trip", test_keyring_round_trip);
      g_test_add_func ("/secret-store/keyring/bad-value", test_keyring_bad_value);
    }
  else if (g_strcmp0 (mode, "none") == 0)
    {
      g_test_add_func ("/secret-store/no-service/refused", test_no_service_refused);
      g_test_add_func ("/secret-store/no-service/file-with-consent", test_no_service_file_with_consent);
      g_test_add_func ("/secret-store/no-service/default-reads-consented-file",
                       test_no_service_default_reads_consented_file);
    }
  else
    g_error ("run me with tests/auth/with-keyring.sh keyring|none");

  return g_test_run ();
}
