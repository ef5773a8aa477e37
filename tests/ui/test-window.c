/* test-window.c — the main window: the list of servers, their rows and states, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h).
 */

#include "config.h"

#include "tether-hub-view.h"
#include "window-harness.h"

static void
empty_body (Fixture *fixture)
{
  AdwStatusPage *status = find_descendant (fixture->window, ADW_TYPE_STATUS_PAGE);
  GtkWidget *add = find_actionable (status, "win.add-server");
  TetherServerDialog *dialog;

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (status)));
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No MCP Servers");
  g_assert_nonnull (strstr (adw_status_page_get_description (status), "drop"));

  /* The empty state's own button adds the first server. */
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_get_mapped (add));
  click (add);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Add Server");

  set_text (dialog, "_Name", "first");
  set_text (dialog, "_Command", FAKE_MCP_SERVER);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  wait_connected (fixture, "first");
  wait_until (fixture, widget_unmapped, status, 5000, "the empty state to go (a crossfade)");
  g_assert_nonnull (find_row (fixture, "first"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "first"));
}

static void
test_empty_state (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, empty_body);
}

static gboolean
window_inactive (Fixture       *fixture,
                 gconstpointer  data)
{
  return !gtk_window_is_active (GTK_WINDOW (fixture->window));
}

static gboolean
notified (Fixture       *fixture,
          gconstpointer  data)
{
  return g_hash_table_contains (notifications, data);
}

static gboolean
page_shows_details (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (get_page (fixture)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_label (g_ptr_array_index (labels, i));

      if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
          g_str_has_prefix (text, "Attempt 1 of 3 failed:\n") &&
          strstr (text, data) != NULL)
        return TRUE;
    }

  return FALSE;
}

static void
rows_body (Fixture *fixture)
{
  const char *names[] = { "good", "broken", "flaky", "crashy", "off" };
  TetherServerRow *row;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (find_row (fixture, names[i]));

  wait_connected (fixture, "good");
  wait_state (fixture, "broken", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
  wait_subtitle (fixture, "good", "Connected · 10 tools");
  wait_subtitle (fixture, "crashy", "Failed: *");
  wait_subtitle (fixture, "broken", "Failed: *");

  row = find_row (fixture, "good");
  g_assert_cmpstr (row_subtitle (row), ==, "Connected · 10 tools");
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-connected-symbolic");

  row = find_row (fixture, "broken");
  g_assert_true (g_str_has_prefix (row_subtitle (row), "Failed: command not found: tether-no-such-command"));
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-error-symbolic");

  row = find_row (fixture, "off");
  g_assert_cmpstr (row_subtitle (row), ==, "Disabled");
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-disabled-symbolic");

  /* The flaky server dies after 1.5 s and is brought back. */
  wait_state (fixture, "flaky", TETHER_SERVER_STATE_WAITING);
  wait_connected (fixture, "flaky");
  wait_subtitle (fixture, "flaky", "Connected · 10 tools");

  assert_subtitles (fixture, "good", "Connected · 10 tools", NULL);
  assert_subtitles (fixture, "broken", "Failed: command not found: *", NULL);
  assert_subtitles (fixture, "flaky", "Connected*", "Retrying in 1 s", "Connected · 10 tools", NULL);

  /* A server that fails to start, reconnected from its row's menu: every
   * attempt shows, then the failure. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "crashy");
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_CONNECTING);
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
  wait_subtitle (fixture, "crashy", "Failed: *");
  assert_subtitles (fixture, "crashy", "Failed: *", "Connecting — attempt 1 of 3",
                    "Connecting — attempt 2 of 3", "Connecting — attempt 3 of 3", "Failed: *", NULL);
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (find_row (fixture, "crashy"),
                                                                       TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-error-symbolic");

  /* A server fails while the user works in another window: a notification
   * says so, and clicking it opens that server. */
  {
    GtkWidget *other = gtk_window_new ();
    GVariant *notification;
    g_autoptr(GVariant) target = NULL;
    const char *title = NULL;
    const char *action = NULL;

    g_hash_table_remove_all (notifications);
    gtk_window_present (GTK_WINDOW (other));
    wait_until (fixture, window_inactive, NULL, 5000, "the other window to take the focus");

    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "crashy");
    wait_state (fixture, "crashy", TETHER_SERVER_STATE_CONNECTING);
    wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
    wait_until (fixture, notified, "server-failed-crashy", 5000, "the notification");

    notification = g_hash_table_lookup (notifications, "server-failed-crashy");
    g_assert_true (g_variant_lookup (notification, "title", "&s", &title));
    g_assert_cmpstr (title, ==, "“crashy” failed");
    g_assert_true (g_variant_lookup (notification, "default-action", "&s", &action));
    g_assert_cmpstr (action, ==, "app.show-server");
    target = g_variant_lookup_value (notification, "default-action-target", G_VARIANT_TYPE_STRING);
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "crashy");
    g_assert_cmpuint (g_hash_table_size (notifications), ==, 1);

    gtk_window_destroy (GTK_WINDOW (other));
    tether_window_show_server (fixture->window, "good");
    g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "show-server", target);
    g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "crashy"));
  }

  /* The page of a failed server shows the whole reason. */
  tether_window_show_server (fixture->window, "broken");
  wait_until (fixture, page_shows_details, "tether-no-such-command", 5000, "the error details");
}

static void
test_rows_follow_state (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *flaky = fake_entry (fixture, "flaky", "\"--crash-after-ms\", \"1500\"");
  /* Each attempt lasts a moment (slow start), then fails in initialize. */
  g_autofree char *crashy = fake_entry (fixture, "crashy",
                                        "\"--slow-start\", \"300\", \"--exit-during-initialize\"");
  g_autofree char *off_counts = counts_path (fixture, "off");
  g_autofree char *off = test_fake_server_entry (off_counts, NULL, "\"disabled\": true");
  g_autofree char *config = NULL;

  config = g_strdup_printf ("{ \"mcpServers\": { %s,\n"
                            "  \"broken\": { \"command\": \"tether-no-such-command\" },\n"
                            "  %s,\n  %s,\n  \"off\": %s } }\n",
                            good, flaky, crashy, off);
  write_config (fixture, config);
  run_app (fixture, rows_body);
}

static gboolean
initialized_twice (Fixture       *fixture,
                   gconstpointer  data)
{
  return initialize_count (fixture, data) >= 2;
}

static void
reconnect_body (Fixture *fixture)
{
  GtkWidget *button;

  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 1);
  g_assert_true (tether_window_show_server (fixture->window, "good"));
  test_iterate_for (50);

  /* The page's Reconnect button. */
  button = find_actionable (get_page (fixture), "win.reconnect");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  click (button);
  wait_until (fixture, initialized_twice, "good", 10000, "a new initialize");
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  g_assert_cmpuint (running (fixture, "good"), ==, 1);

  /* Ctrl+R's action, and the row menu's, do the same. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect", NULL);
  wait_connected (fixture, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "good");
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 4);
}

static void
test_reconnect (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, reconnect_body);
}

/* Whether a label under @widget reads @text. */
static gboolean
has_label (gpointer    widget,
           const char *text)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (found, i)), text) == 0)
      return TRUE;

  return FALSE;
}

/* What most windows never show is built when first shown: a row's menu
 * (a sidebar of many servers would otherwise hold a popover menu a
 * server) and the Hub page. */
static void
built_when_shown_body (Fixture *fixture)
{
  TetherServerRow *row;
  GtkPopover *popover;
  TetherHubView *hub;

  wait_connected (fixture, "good");
  g_assert_null (find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW));
  row = find_row (fixture, "good");
  g_assert_nonnull (row);
  g_assert_null (find_descendant (row, GTK_TYPE_POPOVER));

  tether_server_row_popup_menu (row, -1, -1);
  popover = find_descendant (row, GTK_TYPE_POPOVER_MENU);
  g_assert_nonnull (popover);
  wait_until (fixture, widget_mapped, popover, 5000 * SLOWDOWN, "the row's menu");
  g_assert_nonnull (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)));
  g_assert_true (has_label (popover, "Reconnect"));

  gtk_popover_popdown (popover);
  wait_until (fixture, widget_unmapped, popover, 5000 * SLOWDOWN, "the row's menu to close");

  /* Opened again, the same menu. */
  tether_server_row_popup_menu (row, -1, -1);
  g_assert_true (find_descendant (row, GTK_TYPE_POPOVER_MENU) == (gpointer)popover);
  wait_until (fixture, widget_mapped, popover, 5000 * SLOWDOWN, "the row's menu again");
  gtk_popover_popdown (popover);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-hub", NULL));
  hub = find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW);
  g_assert_nonnull (hub);
  wait_until (fixture, widget_mapped, hub, 5000 * SLOWDOWN, "the Hub page");
  tether_window_show_hub (fixture->window, "activity");
  g_assert_true (find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW) == (gpointer)hub);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (tether_hub_view_get_stack (hub)), ==, "activity");
}

static void
test_built_when_shown (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, built_when_shown_body);
}

static gboolean
not_running (Fixture       *fixture,
             gconstpointer  data)
{
  return running (fixture, data) == 0;
}

static void
switch_body (Fixture *fixture)
{
  GtkSwitch *toggle;

  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  tether_window_show_server (fixture->window, "good");
  test_iterate_for (50);

  toggle = find_descendant (get_page (fixture), GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_true (gtk_switch_get_active (toggle));
  g_assert_false (config_disabled (fixture, "good"));

  /* Off: saved in the file, and the process stops. */
  gtk_widget_activate (GTK_WIDGET (toggle));
  wait_until (fixture, not_running, "good", 10000, "the server's process to stop");
  wait_state (fixture, "good", TETHER_SERVER_STATE_DISABLED);
  g_assert_true (config_disabled (fixture, "good"));
  test_iterate_for (100);
  g_assert_false (gtk_switch_get_active (toggle));
  wait_subtitle (fixture, "good", "Disabled");

  /* On: a new process. */
  gtk_widget_activate (GTK_WIDGET (toggle));
  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  g_assert_true (gtk_switch_get_active (toggle));
  g_assert_false (config_disabled (fixture, "good"));
}

static void
test_enable_switch (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{\n  \"mcpServers\": {\n    %s\n  }\n}\n", good);

  write_config (fixture, config);
  run_app (fixture, switch_body);
}

static gboolean
row_gone (Fixture       *fixture,
          gconstpointer  data)
{
  return get_server (fixture, data) == NULL;
}

static gboolean
row_back (Fixture       *fixture,
          gconstpointer  data)
{
  return get_server (fixture, data) != NULL;
}

static void
remove_body (Fixture *fixture)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *removed = NULL;
  g_autofree char *restored = NULL;

  wait_connected (fixture, "good");
  g_assert_true (tether_window_show_server (fixture->window, "good"));

  /* Delete's action: gone from the file, the list and the processes. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove", NULL);
  wait_until (fixture, row_gone, "good", 5000, "good to be removed");
  wait_until (fixture, not_running, "good", 10000, "good's process to stop");
  removed = read_config (fixture);
  g_assert_null (strstr (removed, "\"good\""));
  g_assert_nonnull (strstr (removed, "\"second\""));
  test_iterate_for (100);
  g_assert_null (find_row (fixture, "good"));

  /* The toast's Undo puts the entry back exactly, and it runs again. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  wait_until (fixture, row_back, "good", 5000, "good to be back");
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);
  wait_connected (fixture, "good");
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "good"));

  /* Undo again does nothing: it was used. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  g_clear_pointer (&restored, g_free);
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);

  /* The row menu's Remove names its server, whatever is selected. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove-server", "s", "second");
  wait_until (fixture, row_gone, "second", 5000, "second to be removed");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  wait_until (fixture, row_back, "second", 5000, "second to be back");
  g_clear_pointer (&restored, g_free);
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);
}

static void
test_remove_undo (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = NULL;

  /* Unknown keys, at the top and in an entry: undo must give back the very
   * bytes. The file is in the layout Tether writes (json-glib, the file's
   * own indent): the store keeps values and order, not a foreign layout. */
  config = g_strdup_printf ("{\n  \"mcpServers\": {\n    \"first\":   { \"command\": \"tether-no-such-command\", \"disabled\": true },\n"
                            "    %s,\n    \"second\": {\"command\": \"tether-no-such-command\", \"disabled\": true, \"x-keep\": [1, 2]}\n  },\n"
                            "  \"x-top\": true\n}\n", good);
  {
    g_autoptr(JsonNode) root = json_from_string (config, NULL);
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autofree char *text = NULL;

    g_assert_nonnull (root);
    json_generator_set_pretty (generator, TRUE);
    json_generator_set_indent (generator, 2);
    json_generator_set_root (generator, root);
    text = json_generator_to_data (generator, NULL);
    g_free (config);
    config = g_strconcat (text, "\n", NULL);
  }
  write_config (fixture, config);
  run_app (fixture, remove_body);
}

static gboolean
banner_revealed (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) banners = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_CONFIG_BANNER, banners);
  for (guint i = 0; i < banners->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (banners, i)) &&
        tether_config_banner_get_revealed (g_ptr_array_index (banners, i)))
      return GPOINTER_TO_INT (data);

  return !GPOINTER_TO_INT (data);
}

static void
banner_body (Fixture *fixture)
{
  g_autofree char *good_config = read_config (fixture);
  g_autoptr(GPtrArray) banners = g_ptr_array_new ();
  TetherConfigBanner *shown = NULL;

  wait_connected (fixture, "good");
  g_assert_true (banner_revealed (fixture, GINT_TO_POINTER (FALSE)));

  /* An edit from outside breaks the file: the banner says where. */
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"good\": { \"command\": }\n  }\n}\n");
  wait_until (fixture, banner_revealed, GINT_TO_POINTER (TRUE), 10000, "the banner");

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_CONFIG_BANNER, banners);
  for (guint i = 0; i < banners->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (banners, i)) &&
        tether_config_banner_get_revealed (g_ptr_array_index (banners, i)))
      shown = g_ptr_array_index (banners, i);
  g_assert_nonnull (shown);
  g_test_message ("banner: %s", tether_config_banner_get_title (shown));
  g_assert_nonnull (strstr (tether_config_banner_get_title (shown), "line 3"));
  {
    GtkButton *open = find_descendant (shown, GTK_TYPE_BUTTON);

    g_assert_nonnull (open);
    g_assert_cmpstr (gtk_button_get_label (open), ==, "_Open File");
    wait_until (fixture, widget_mapped, open, 5000, "the banner's button");
  }

  /* Tether runs on with the last good configuration. */
  test_iterate_for (300);
  g_assert_cmpint (tether_server_get_state (get_server (fixture, "good")), ==,
                   TETHER_SERVER_STATE_CONNECTED);
  g_assert_nonnull (find_row (fixture, "good"));

  /* Fixed: the banner goes. */
  write_config (fixture, good_config);
  wait_until (fixture, banner_revealed, GINT_TO_POINTER (FALSE), 10000, "the banner to go");
}

static void
test_invalid_config_banner (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, banner_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("empty-state", test_empty_state);
  WINDOW_TEST_ADD ("rows-follow-state", test_rows_follow_state);
  WINDOW_TEST_ADD ("reconnect", test_reconnect);
  WINDOW_TEST_ADD ("built-when-shown", test_built_when_shown);
  WINDOW_TEST_ADD ("enable-switch", test_enable_switch);
  WINDOW_TEST_ADD ("remove-undo", test_remove_undo);
  WINDOW_TEST_ADD ("invalid-config-banner", test_invalid_config_banner);

  return window_harness_run ();
}
