/* test-server-dialog.c — the dialog that adds and edits a server, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h).
 */

#include "config.h"

#include "window-harness.h"

static void
assert_problem (TetherServerDialog *dialog,
                const char         *pattern)
{
  const char *problem = tether_server_dialog_get_problem (dialog);

  g_test_message ("problem: %s", problem);
  g_assert_false (tether_server_dialog_get_can_save (dialog));
  g_assert_nonnull (problem);
  if (!g_pattern_match_simple (pattern, problem))
    g_error ("the dialog says “%s”, expected “%s”", problem, pattern);
}

static void
add_body (Fixture *fixture)
{
  TetherServerDialog *dialog;
  AdwComboRow *kind;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *entry;
  JsonArray *args;

  wait_connected (fixture, "good");

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.add-server", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  kind = find_descendant (dialog, ADW_TYPE_COMBO_ROW);

  /* Nothing typed yet: Save is off, but no message shouts yet. */
  g_assert_false (tether_server_dialog_get_can_save (dialog));

  set_text (dialog, "_Name", "x");
  set_text (dialog, "_Name", "");
  assert_problem (dialog, "Enter a name*");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (find_entry_row (dialog, "_Name")), "error"));

  set_text (dialog, "_Name", "good");
  assert_problem (dialog, "A server named “good” already exists.");

  set_text (dialog, "_Name", "added");
  set_text (dialog, "_Command", "x");
  set_text (dialog, "_Command", "");
  assert_problem (dialog, "Enter the command*");

  /* A command that is not on PATH is a warning: it may be later. */
  set_text (dialog, "_Command", "tether-not-on-path");
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  g_assert_null (tether_server_dialog_get_problem (dialog));
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean warned = FALSE;

    collect_descendants (GTK_WIDGET (dialog), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (gtk_widget_get_visible (g_ptr_array_index (labels, i)) &&
          gtk_widget_has_css_class (g_ptr_array_index (labels, i), "warning") &&
          strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "was not found on PATH") != NULL)
        warned = TRUE;
    g_assert_true (warned);
  }

  set_text (dialog, "_Arguments", "--say 'unfinished");
  assert_problem (dialog, "The arguments cannot be read:*");

  /* Remote: the URL must be http(s). */
  adw_combo_row_set_selected (kind, 1);
  set_text (dialog, "_URL", "ftp://example.com/mcp");
  assert_problem (dialog, "The URL must start with http:// or https://.");
  set_text (dialog, "_URL", "https://example.com/mcp ");
  assert_problem (dialog, "The https URL holds a space*");
  set_text (dialog, "_URL", "https://example.com/mcp");
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  /* Headers: checked as the transport checks them, a name in any case. */
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    TetherPairRow *first;
    TetherPairRow *second;

    gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-header", NULL);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-header", NULL);
    collect_descendants (GTK_WIDGET (dialog), TETHER_TYPE_PAIR_ROW, rows);
    g_assert_cmpuint (rows->len, ==, 2);
    first = g_ptr_array_index (rows, 0);
    second = g_ptr_array_index (rows, 1);

    tether_pair_row_set_key (first, "Authorization");
    tether_pair_row_set_value (first, "Bearer one-secret");
    tether_pair_row_set_key (second, "authorization");
    tether_pair_row_set_value (second, "Bearer two-secret");
    assert_problem (dialog, "“Authorization” and “authorization” are the same header*");
    g_assert_null (strstr (tether_server_dialog_get_problem (dialog), "secret"));
    g_assert_true (gtk_widget_has_css_class (tether_pair_row_get_key_entry (second), "error"));
    g_assert_false (gtk_widget_has_css_class (tether_pair_row_get_key_entry (first), "error"));

    tether_pair_row_set_key (second, "X-Api Key");
    assert_problem (dialog, "“X-Api…” is not a valid HTTP header name: it holds a space*");
    tether_pair_row_set_key (second, "X-Api-Key");
    tether_pair_row_set_value (second, "two\x01secret");
    assert_problem (dialog, "The value of the header “X-Api-Key” holds a control character*");
    g_assert_null (strstr (tether_server_dialog_get_problem (dialog), "secret"));
    tether_pair_row_set_value (second, "k");
    g_assert_true (tether_server_dialog_get_can_save (dialog));
  }

  /* Refused input never reached the file. */
  after = read_config (fixture);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* Good input is saved, and the server connects. */
  adw_combo_row_set_selected (kind, 0);
  set_text (dialog, "_Command", FAKE_MCP_SERVER);
  {
    g_autofree char *counts = counts_path (fixture, "added");
    g_autofree char *quoted = g_shell_quote (counts);
    g_autofree char *line = g_strdup_printf ("--count-file %s --tools 2", quoted);

    set_text (dialog, "_Arguments", line);
  }
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  after = read_config (fixture);
  root = json_from_string (after, NULL);
  g_assert_nonnull (root);
  entry = json_object_get_object_member (json_object_get_object_member (json_node_get_object (root),
                                                                        "mcpServers"),
                                         "added");
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "command"), ==, FAKE_MCP_SERVER);
  args = json_object_get_array_member (entry, "args");
  g_assert_cmpuint (json_array_get_length (args), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (args, 2), ==, "--tools");
  g_assert_false (json_object_has_member (entry, "url"));

  wait_connected (fixture, "added");
  g_assert_cmpuint (initialize_count (fixture, "added"), ==, 1);
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "added"));
  test_iterate_for (100);
  wait_subtitle (fixture, "added", "Connected · 12 tools");
}

static void
test_add_server (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, add_body);
}

static void
edit_body (Fixture *fixture)
{
  TetherServerDialog *dialog;
  AdwEntryRow *args;
  g_autofree char *text = NULL;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Edit Server");

  /* The fields show the server as configured. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry_row (dialog, "_Name"))), ==, "good");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry_row (dialog, "_Command"))), ==,
                   FAKE_MCP_SERVER);
  args = find_entry_row (dialog, "_Arguments");
  g_assert_true (g_str_has_prefix (gtk_editable_get_text (GTK_EDITABLE (args)), "--count-file "));
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  text = g_strdup_printf ("%s --tools 5", gtk_editable_get_text (GTK_EDITABLE (args)));
  gtk_editable_set_text (GTK_EDITABLE (args), text);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  {
    g_autoptr(JsonNode) args_node = config_member (fixture, "good", "args");
    g_autoptr(JsonNode) note = config_member (fixture, "good", "x-note");
    JsonArray *array = json_node_get_array (args_node);

    g_assert_cmpuint (json_array_get_length (array), ==, 4);
    g_assert_cmpstr (json_array_get_string_element (array, 2), ==, "--tools");
    g_assert_cmpstr (json_array_get_string_element (array, 3), ==, "5");
    /* The key Tether does not know survived the edit. */
    g_assert_nonnull (note);
    g_assert_cmpstr (json_node_get_string (note), ==, "kept");
  }

  /* The server restarted on its new configuration. */
  wait_connected (fixture, "good");
  test_iterate_for (200);
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  wait_subtitle (fixture, "good", "Connected · 15 tools");
}

static void
test_edit_server (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *counts = counts_path (fixture, "good");
  g_autofree char *good = test_fake_server_entry (counts, NULL, "\"x-note\": \"kept\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { \"good\": %s } }\n", good);
  write_config (fixture, config);
  run_app (fixture, edit_body);
}

/* A variable's name is checked as it is typed: letters, digits and “_”,
 * not starting with a digit; anything else is said under the variables,
 * the name is marked, and Save is off. */
static void
env_names_body (Fixture *fixture)
{
  const char *bad[] = { "PATH=/tmp/evil:", "MY-VAR", "1ST" };
  TetherServerDialog *dialog;
  TetherPairRow *row;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-env", NULL);
  row = find_descendant (dialog, TETHER_TYPE_PAIR_ROW);
  g_assert_nonnull (row);
  tether_pair_row_set_value (row, "x");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *message = g_strdup_printf ("“%s” cannot be a variable name: use letters, digits and “_”, "
                                                  "not starting with a digit.", bad[i]);

      tether_pair_row_set_key (row, bad[i]);
      test_iterate_for (50);
      assert_problem (dialog, message);
      g_assert_nonnull (find_shown_label (dialog, message));
      g_assert_true (gtk_widget_has_css_class (tether_pair_row_get_key_entry (row), "error"));
    }

  tether_pair_row_set_key (row, "_MY_VAR1");
  test_iterate_for (50);
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  g_assert_false (gtk_widget_has_css_class (tether_pair_row_get_key_entry (row), "error"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_env_names (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, env_names_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("add-server", test_add_server);
  WINDOW_TEST_ADD ("edit-server", test_edit_server);
  WINDOW_TEST_ADD ("env-names", test_env_names);

  return window_harness_run ();
}
