/* test-sign-in.c — "Sign-in required" and Sign In, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application (window-harness.h) with a remote server behind an
 * OAuth authorization server on 127.0.0.1 (oauth-mock.h), a real
 * gnome-keyring-daemon on a private bus (with-keyring.sh), and the
 * browser stand-in of oauth-mock.c as the window's launcher.
 */

#include "config.h"

#include <string.h>

#include "oauth-mock.h"
#include "tether-secret-store.h"
#include "window-harness.h"

static OAuthMock *mock;

static gboolean
row_button_hidden (Fixture       *fixture,
                   gconstpointer  data)
{
  return !gtk_widget_get_visible (GTK_WIDGET (data));
}

static void
assert_not_in_file (const char *path,
                    const char *secret)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return;
  if (memmem (contents, length, secret, strlen (secret)) != NULL)
    g_error ("the token is in %s", path);
}

/* No file under @dir holds @secret (the keyring's own file is encrypted). */
static void
assert_not_in_tree (const char *dir,
                    const char *secret)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        assert_not_in_tree (path, secret);
      else if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        assert_not_in_file (path, secret);
    }
}

static void
sign_in_body (Fixture *fixture)
{
  TetherServerRow *row;
  GtkWidget *row_button;
  GtkWidget *page_button;
  g_autoptr(GError) error = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *config = NULL;
  g_autofree char *page_texts = NULL;

  wait_state (fixture, "remote", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_cmpuint (mock->n_browsed, ==, 0);

  /* The row and the page say so, each with its button */
  row = find_row (fixture, "remote");
  g_assert_nonnull (row);
  row_button = find_actionable (row, "win.sign-in-server");
  g_assert_nonnull (row_button);
  g_assert_true (gtk_widget_get_visible (row_button));
  tether_window_show_server (fixture->window, "remote");
  test_iterate_for (200);
  page_button = find_actionable (get_page (fixture), "win.sign-in");
  g_assert_nonnull (page_button);
  g_assert_true (gtk_widget_get_visible (page_button));
  g_assert_true (gtk_widget_get_visible (row_button));
  /* Only the sign-in's message: no attempt count, as nothing is retried */
  page_texts = widget_texts (get_page (fixture));
  g_assert_null (strstr (page_texts, "Attempt"));
  /* The empty tools say sign in, with the padlock, not the tools' icon */
  {
    g_autoptr(GPtrArray) empties = g_ptr_array_new ();
    guint n_sign_in = 0;

    collect_descendants (GTK_WIDGET (get_page (fixture)), ADW_TYPE_STATUS_PAGE, empties);
    for (guint i = 0; i < empties->len; i++)
      if (gtk_widget_is_drawable (g_ptr_array_index (empties, i)))
        {
          g_assert_cmpstr (adw_status_page_get_title (g_ptr_array_index (empties, i)), ==, "Sign-in Required");
          g_assert_cmpstr (adw_status_page_get_icon_name (g_ptr_array_index (empties, i)), ==,
                           "tether-state-sign-in-symbolic");
          n_sign_in++;
        }
    g_assert_cmpuint (n_sign_in, ==, 1);
  }
  screenshot ("sign-in-required.png");

  /* Sign In: the stand-in browser approves, the row turns connected */
  tether_window_set_uri_opener (fixture->window, oauth_mock_open_browser, mock, NULL);
  click (row_button);
  wait_connected (fixture, "remote");
  wait_until (fixture, row_button_hidden, row_button, 10000, "the row's Sign In button to go");
  g_assert_false (gtk_widget_get_visible (page_button));
  g_assert_cmpuint (mock->n_browsed, ==, 1);
  g_assert_cmpuint (mock->n_tokens, ==, 1);
  screenshot ("signed-in.png");

  /* The token is in the test's private keyring, and in no file */
  stored = tether_secret_store_lookup (tether_secret_store_get_default (), TETHER_SECRET_KIND_OAUTH, "remote",
                                       "tokens", &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);
  g_assert_nonnull (strstr (stored, mock->access_token));
  config = read_config (fixture);
  g_assert_null (strstr (config, mock->access_token));
  assert_not_in_tree (fixture->dir, mock->access_token);
  assert_not_in_tree (g_get_home_dir (), mock->access_token);
  assert_not_in_tree (g_get_user_data_dir (), mock->access_token);
  assert_not_in_tree (g_get_user_config_dir (), mock->access_token);
  wait_subtitle (fixture, "remote", "Connected · 10 tools");
  assert_subtitles (fixture, "remote", "Sign-in required", "Connected · 10 tools", NULL);
  {
    GPtrArray *seen = g_hash_table_lookup (fixture->subtitles, "remote");

    for (guint i = 0; i < seen->len; i++)
      g_assert_null (strstr (g_ptr_array_index (seen, i), mock->access_token));
  }

  soup_session_abort (mock->browser);
}

static void
test_sign_in (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *config = NULL;
  g_autoptr(GError) error = NULL;

  mock = oauth_mock_new ();
  config = g_strdup_printf ("{ \"mcpServers\": { \"remote\": { \"type\": \"http\", \"url\": \"%s\" } } }\n",
                            mock->server->url);
  write_config (fixture, config);

  /* The keyring's connection is the program's, for good: opened before the
   * run counts what it leaves open */
  g_assert_true (tether_secret_store_probe (tether_secret_store_get_default (), &error));
  g_assert_no_error (error);

  run_app (fixture, sign_in_body);
  g_clear_pointer (&mock, oauth_mock_free);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  if (g_strcmp0 (g_getenv ("TETHER_TEST_KEYRING"), "keyring") != 0)
    g_error ("run this test with with-keyring.sh keyring");

  WINDOW_TEST_ADD ("sign-in", test_sign_in);

  return window_harness_run ();
}
