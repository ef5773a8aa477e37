/* test-keyring-dialogs.c — secrets into the keyring from the import preview
 * and the server dialog, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application (window-harness.h), run by with-keyring.sh: with
 * TETHER_TEST_KEYRING=keyring a real gnome-keyring-daemon on a private bus
 * (the secrets go there and the file gets ${secret:NAME}), with "none" a
 * bus with no Secret Service (nothing moves, and the window says why).
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tether-secret-store.h"
#include "window-harness.h"

#define NO_KEYRING "No keyring is available: secrets stay in the config file, readable only by you"

static const char *import_secret = "ntn_SECRET-import-5521";
static const char *env_secret = "sk-live-SECRET-8842";
static const char *marked_secret = "hand-marked-SECRET-77";

static gboolean
have_keyring (void)
{
  return g_strcmp0 (g_getenv ("TETHER_TEST_KEYRING"), "keyring") == 0;
}

static void
assert_named (const char *name,
              const char *expected)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(GError) error = NULL;
  char *value = tether_secret_store_lookup_named (store, name, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (value, ==, expected);
  tether_secret_free (value);
}

static const char *
env_value (Fixture    *fixture,
           const char *server,
           const char *name)
{
  static char *value;
  g_autoptr(JsonNode) env = config_member (fixture, server, "env");

  g_clear_pointer (&value, g_free);
  g_assert_nonnull (env);
  value = g_strdup (json_object_get_string_member_with_default (json_node_get_object (env), name, NULL));
  return value;
}

static gboolean
import_closed (Fixture       *fixture,
               gconstpointer  data)
{
  return find_import_dialog () == NULL;
}

static gboolean
dialog_closed (Fixture       *fixture,
               gconstpointer  data)
{
  return find_dialog () == NULL;
}

/* @data, a secret's name, is not in the keyring */
static gboolean
secret_gone (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (FALSE);
  g_autoptr(GError) error = NULL;
  char *value = tether_secret_store_lookup_named (store, data, &error);

  g_assert_no_error (error);
  tether_secret_free (value);
  return value == NULL;
}

static gboolean
insensitive (Fixture       *fixture,
             gconstpointer  data)
{
  return !gtk_widget_get_sensitive (GTK_WIDGET (data));
}

static gboolean
label_shown (Fixture       *fixture,
             gconstpointer  data)
{
  TetherServerDialog *dialog = find_dialog ();

  return dialog != NULL && find_shown_label (dialog, data) != NULL;
}

/* The import preview: the switch on, the secret stored, a reference in the
 * file; without a keyring the switch off and insensitive, and why. */
static void
import_body (Fixture *fixture)
{
  g_autofree char *source = g_build_filename (g_get_home_dir (), "claude_desktop_config.json", NULL);
  g_autofree char *text = g_strdup_printf ("{\"mcpServers\": {\"notion\": {\"command\": \"npx\", "
                                           "\"args\": [\"notion-mcp\"], \"env\": {\"NOTION_TOKEN\": \"%s\", "
                                           "\"LOG\": \"info\"}}}}", import_secret);
  g_autoptr(GError) error = NULL;
  TetherImportDialog *dialog;
  GtkWidget *move;
  GtkWidget *row;

  g_assert_true (g_file_set_contents (source, text, -1, &error));
  drop_file (fixture, source);
  dialog = wait_import_dialog (fixture);
  move = find_named (dialog, "move-secrets");
  row = gtk_widget_get_ancestor (move, ADW_TYPE_ACTION_ROW);
  /* added turned off: nothing runs */
  gtk_switch_set_active (find_named (dialog, "connect"), FALSE);

  if (have_keyring ())
    {
      g_assert_true (gtk_switch_get_active (GTK_SWITCH (move)));
      screenshot ("import-keyring.png");
      g_assert_true (tether_import_dialog_get_move_secrets (dialog));
    }
  else
    {
      wait_until (fixture, insensitive, row, 10000, "the switch turned off for want of a keyring");
      g_assert_false (gtk_switch_get_active (GTK_SWITCH (move)));
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, NO_KEYRING);
      g_assert_false (tether_import_dialog_get_move_secrets (dialog));
      screenshot ("import-no-keyring.png");
    }

  gtk_widget_activate_action (GTK_WIDGET (dialog), "import.confirm", NULL);
  wait_until (fixture, import_closed, NULL, 20000, "the import done");
  g_assert_cmpint (g_unlink (source), ==, 0);

  g_assert_cmpstr (env_value (fixture, "notion", "LOG"), ==, "info");
  if (have_keyring ())
    {
      g_assert_cmpstr (env_value (fixture, "notion", "NOTION_TOKEN"), ==, "${secret:NOTION_TOKEN}");
      assert_named ("NOTION_TOKEN", import_secret);
      test_assert_in_no_file (g_get_home_dir (), import_secret);
      test_assert_in_no_file (g_get_user_data_dir (), import_secret);
    }
  else
    /* the user's own file, readable by them only */
    g_assert_cmpstr (env_value (fixture, "notion", "NOTION_TOKEN"), ==, import_secret);
}

static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_body);
}

static TetherPairRow *
add_env (TetherServerDialog *dialog,
         const char         *key,
         const char         *value)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  TetherPairRow *row;

  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-env", NULL);
  collect_descendants (GTK_WIDGET (dialog), TETHER_TYPE_PAIR_ROW, rows);
  row = g_ptr_array_index (rows, rows->len - 1);
  tether_pair_row_set_key (row, key);
  tether_pair_row_set_value (row, value);
  return row;
}

static TetherPairRow *
find_pair (TetherServerDialog *dialog,
           const char         *key)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (dialog), TETHER_TYPE_PAIR_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (tether_pair_row_get_key (g_ptr_array_index (rows, i)), key) == 0)
      return g_ptr_array_index (rows, i);
  g_error ("no row for %s", key);
}

static TetherServerDialog *
edit_good (Fixture *fixture)
{
  TetherServerDialog *dialog;

  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  return dialog;
}

/* The server dialog: a name that looks secret and a value locked by hand
 * go to the keyring on Save; a stored one shows as such and stays. */
static void
server_dialog_body (Fixture *fixture)
{
  TetherServerDialog *dialog;
  TetherPairRow *api;
  TetherPairRow *marked;
  TetherPairRow *plain;
  GtkWidget *lock;
  g_autofree char *texts = NULL;

  wait_connected (fixture, "good");
  dialog = edit_good (fixture);
  api = add_env (dialog, "API_KEY", env_secret);
  marked = add_env (dialog, "WORKSPACE", marked_secret);
  plain = add_env (dialog, "LEVEL", "debug");
  g_assert_true (tether_pair_row_get_secret (api));
  g_assert_false (tether_pair_row_get_secret (marked));
  g_assert_false (tether_pair_row_get_secret (plain));
  /* the lock, as the user turns it */
  lock = find_named (marked, "secret");
  g_signal_emit_by_name (lock, "clicked");
  test_iterate_for (50);
  g_assert_true (tether_pair_row_get_secret (marked));
  /* changing the name does not undo what the user chose */
  tether_pair_row_set_key (marked, "WORKSPACE_ID");
  g_assert_true (tether_pair_row_get_secret (marked));
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  if (!have_keyring ())
    {
      wait_until (fixture, label_shown, NO_KEYRING ".", 10000, "the warning that there is no keyring");
      screenshot_at_end (dialog, "server-dialog-no-keyring.png");
      gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
      wait_until (fixture, dialog_closed, NULL, 20000, "the server saved");
      g_assert_cmpstr (env_value (fixture, "good", "API_KEY"), ==, env_secret);
      g_assert_cmpstr (env_value (fixture, "good", "WORKSPACE_ID"), ==, marked_secret);
      return;
    }

  g_assert_null (find_shown_label (dialog, NO_KEYRING));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  wait_until (fixture, dialog_closed, NULL, 20000, "the server saved");
  g_assert_cmpstr (env_value (fixture, "good", "API_KEY"), ==, "${secret:API_KEY}");
  g_assert_cmpstr (env_value (fixture, "good", "WORKSPACE_ID"), ==, "${secret:WORKSPACE_ID}");
  g_assert_cmpstr (env_value (fixture, "good", "LEVEL"), ==, "debug");
  assert_named ("API_KEY", env_secret);
  assert_named ("WORKSPACE_ID", marked_secret);
  test_assert_in_no_file (g_get_home_dir (), env_secret);
  test_assert_in_no_file (g_get_user_data_dir (), marked_secret);
  /* the server starts with the values from the keyring */
  wait_connected (fixture, "good");

  /* Opened again: "Stored in the keyring", never the secret */
  dialog = edit_good (fixture);
  api = find_pair (dialog, "API_KEY");
  g_assert_true (tether_pair_row_get_stored (api));
  g_assert_true (tether_pair_row_get_secret (api));
  g_assert_cmpstr (tether_pair_row_get_value (api), ==, "${secret:API_KEY}");
  {
    GtkWidget *entry = gtk_widget_get_next_sibling (tether_pair_row_get_key_entry (api));
    g_autofree char *placeholder = NULL;

    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
    g_object_get (entry, "placeholder-text", &placeholder, NULL);
    g_assert_cmpstr (placeholder, ==, "Stored in the keyring");
  }
  texts = widget_texts (dialog);
  g_assert_null (strstr (texts, env_secret));
  screenshot_at_end (dialog, "server-dialog-keyring.png");

  /* A new value typed over it: stored under a new name; the old one leaves
   * the keyring, since no other server refers to it */
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_next_sibling (tether_pair_row_get_key_entry (api))),
                         "sk-live-SECRET-new");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  wait_until (fixture, dialog_closed, NULL, 20000, "the server saved again");
  g_assert_cmpstr (env_value (fixture, "good", "API_KEY"), ==, "${secret:GOOD_API_KEY}");
  g_assert_cmpstr (env_value (fixture, "good", "WORKSPACE_ID"), ==, "${secret:WORKSPACE_ID}");
  assert_named ("GOOD_API_KEY", "sk-live-SECRET-new");
  wait_until (fixture, secret_gone, "API_KEY", 20000, "the replaced secret removed from the keyring");
  assert_named ("WORKSPACE_ID", marked_secret);
  test_assert_in_no_file (g_get_home_dir (), "sk-live-SECRET-new");
}

static void
test_server_dialog (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, server_dialog_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  if (g_getenv ("TETHER_TEST_KEYRING") == NULL)
    g_error ("run this test with with-keyring.sh keyring|none");

  WINDOW_TEST_ADD ("keyring/import", test_import);
  WINDOW_TEST_ADD ("keyring/server-dialog", test_server_dialog);

  return window_harness_run ();
}
