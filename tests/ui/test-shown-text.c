/* test-shown-text.c — what the window shows of servers' text and secrets, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h).
 */

#include "config.h"

#include "window-harness.h"

/* Text from servers and files, shown and never obeyed: FAKE_MCP_HOSTILE as
 * a label shows it (test-tether-cli has the terminal's side). */
#define HOSTILE_SHOWN "␛[31mred␛[0m ␛]0;title␇ ␍back ⟨U+009B⟩2J ⟨U+202E⟩txet <b>bold</b> & more"

/* No label under @widget holds a control character, a C1 control or a bidi
 * override or isolate, and each that shows hostile text shows its override
 * and its markup as text. Returns how many show it. */
static guint
assert_labels_safe (gpointer widget)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = 0;

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

      g_assert_true (g_utf8_validate (text, -1, NULL));
      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
              (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
            g_error ("a label shows U+%04X: %s", (guint)c, text);
        }

      if (strstr (text, "txet") != NULL)
        {
          if (strstr (text, "⟨U+202E⟩txet <b>bold</b> & more") == NULL)
            g_error ("a label shows hostile text otherwise: %s", text);
          n++;
        }
    }

  return n;
}

typedef struct
{
  gpointer widget;
  guint    at_least;
} Shown;

static gboolean
labels_show_hostile (Fixture       *fixture,
                     gconstpointer  data)
{
  const Shown *shown = data;

  return assert_labels_safe (shown->widget) >= shown->at_least;
}

static void
hostile_call_done_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(JsonNode) reply = tether_server_call_tool_finish (TETHER_SERVER (object), result, NULL);

  *(gboolean *)user_data = TRUE;
}

static gboolean
flag_set (Fixture       *fixture,
          gconstpointer  data)
{
  return *(const gboolean *)data;
}

static void
hostile_text_body (Fixture *fixture)
{
  const char *name = "evil \x1b[31mred\x1b[0m \x1b]0;title\x07 \rback \xc2\x9b" "2J \xe2\x80\xae"
                     "txet <b>bold</b> & more";
  const char *tabs[] = { "tools", "prompts", "resources", "log" };
  TetherServerPage *page;
  TetherImportDialog *dialog;
  gboolean called = FALSE;

  wait_connected (fixture, "hostile");
  wait_state (fixture, "dying", TETHER_SERVER_STATE_ERROR);
  /* A name with control characters is refused at start, and shown */
  wait_state (fixture, name, TETHER_SERVER_STATE_ERROR);

  /* The sidebar: the refused name, and the other's error with the stderr lines */
  g_assert_cmpstr (gtk_label_get_text (find_descendant (find_row (fixture, name), GTK_TYPE_LABEL)), ==,
                   "evil " HOSTILE_SHOWN);
  g_assert_cmpuint (assert_labels_safe (fixture->window), >=, 2);

  /* The page: serverInfo, every list, the log (stderr, a log message) */
  tether_server_call_tool_async (get_server (fixture, "hostile"), "hostile", NULL, NULL, NULL, NULL,
                                 hostile_call_done_cb, &called);
  wait_until (fixture, flag_set, &called, 10000, "the hostile call");
  tether_window_show_server (fixture->window, "hostile");
  page = get_page (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (tabs); i++)
    {
      adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (page), tabs[i]);
      /* its name, its serverInfo, and the tab's rows */
      wait_until (fixture, labels_show_hostile, &(Shown) { page, 3 }, 5000, tabs[i]);
      g_test_message ("%s: %u labels show the hostile text", tabs[i], assert_labels_safe (page));
    }
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    guint tooltips = 0;

    /* The instructions, in the serverInfo's tooltip */
    collect_descendants (GTK_WIDGET (page), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        const char *tooltip = gtk_widget_get_tooltip_text (g_ptr_array_index (labels, i));

        if (tooltip != NULL && g_str_has_prefix (tooltip, "Instructions"))
          {
            g_assert_cmpstr (tooltip, ==, "Instructions " HOSTILE_SHOWN "\nsecond line");
            tooltips++;
          }
      }
    g_assert_cmpuint (tooltips, ==, 1);
  }

  /* The failed one's details */
  tether_window_show_server (fixture->window, "dying");
  wait_until (fixture, labels_show_hostile, &(Shown) { page, 2 }, 5000, "the failed server's details");

  /* The import preview of a file that holds it */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)),
                          "{ \"mcpServers\": { \"pasted \\u202etxet <b>bold</b> & more\": { \"command\": \"npx\", "
                          "\"args\": [\"\\u001b[31mred\\u001b[0m \\u001b]0;title\\u0007 \\rback \\u009b2J "
                          "\\u202etxet <b>bold</b> & more\"] } } }");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.paste-import", NULL);
  dialog = wait_import_dialog (fixture);
  test_iterate_for (200 * SLOWDOWN);
  g_assert_cmpuint (assert_labels_safe (dialog), >=, 1);
  {
    g_autoptr(GPtrArray) groups = g_ptr_array_new ();
    guint shown = 0;

    /* A group's title is markup: it shows the name's as text. */
    collect_descendants (GTK_WIDGET (dialog), ADW_TYPE_PREFERENCES_GROUP, groups);
    for (guint i = 0; i < groups->len; i++)
      if (g_strcmp0 (adw_preferences_group_get_title (g_ptr_array_index (groups, i)),
                     "pasted ⟨U+202E⟩txet <b>bold</b> & more") == 0)
        shown++;
    g_assert_cmpuint (shown, ==, 1);
  }
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  test_iterate_for (100);

  /* A toast that names it */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove-server", "s", name);
  test_iterate_for (200 * SLOWDOWN);
  g_assert_cmpuint (assert_labels_safe (fixture->window), >=, 1);
}

static void
test_hostile_text (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *evil = test_fake_server_entry (NULL, "\"--hostile-text\"", NULL);
  g_autofree char *hostile = fake_entry (fixture, "hostile", "\"--hostile-text\"");
  g_autofree char *dying = fake_entry (fixture, "dying", "\"--hostile-text\", \"--exit-during-initialize\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": {"
                                             " \"evil \\u001b[31mred\\u001b[0m \\u001b]0;title\\u0007 \\rback"
                                             " \\u009b2J \\u202etxet <b>bold</b> & more\": %s, %s, %s } }\n",
                                             evil, hostile, dying);

  write_config (fixture, config);
  run_app (fixture, hostile_text_body);
}

/* Secrets in URLs, and credentials sent in clear */

/* What every secret of these tests holds. */
#define MARK "zq7wv"

#define CLEARTEXT_WARNING "Sends its Authorization header unencrypted: anyone on the network can read it. Use https."

static const char *secret_servers =
  "{ \"mcpServers\": {"
  " \"web\": { \"url\": \"http://127.0.0.1:1/mcp?key=" MARK "-1\","
  "   \"headers\": { \"Authorization\": \"Bearer " MARK "-2\" } },"
  " \"tok\": { \"type\": \"http\", \"url\": \"http://" MARK "-3@127.0.0.1:1/tok\" },"
  " \"bare\": { \"type\": \"sse\", \"url\": \"http://127.0.0.1:1/bare?" MARK "-4#" MARK "-5\" },"
  " \"clear\": { \"url\": \"http://192.0.2.10/mcp\", \"disabled\": true,"
  "   \"headers\": { \"Authorization\": \"Bearer " MARK "-6\" } },"
  " \"inurl\": { \"type\": \"http\", \"url\": \"http://user:" MARK "-7@192.0.2.10/mcp\", \"disabled\": true }"
  " } }\n";

static void
assert_no_mark (const char *what,
                const char *text)
{
  if (strstr (text, MARK) != NULL)
    g_error ("a secret reached %s:\n%s", what, text);
}

/* A warning as GNOME apps show one: its text in the warning colour, with a
 * mapped dialog-warning-symbolic beside it. */
static void
assert_warning_shown (gpointer    widget,
                      const char *prefix)
{
  GtkLabel *label = find_shown_label (widget, prefix);
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  gboolean icon = FALSE;

  if (label == NULL)
    {
      g_autofree char *texts = widget_texts (widget);

      g_error ("no warning “%s” shown in:\n%s", prefix, texts);
    }
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (label), "warning"));

  collect_descendants (gtk_widget_get_parent (GTK_WIDGET (label)), GTK_TYPE_IMAGE, images);
  for (guint i = 0; i < images->len; i++)
    icon = icon || (gtk_widget_get_mapped (g_ptr_array_index (images, i)) &&
                    g_strcmp0 (gtk_image_get_icon_name (g_ptr_array_index (images, i)),
                               "dialog-warning-symbolic") == 0);
  g_assert_true (icon);
}

static void
show_tab (Fixture    *fixture,
          const char *tab)
{
  adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (get_page (fixture)), tab);
  test_iterate_for (100);
}

static void
secrets_body (Fixture *fixture)
{
  const char *names[] = { "web", "tok", "bare", "clear", "inurl" };
  const char *pages[][2] = {
    { "web", "http://127.0.0.1:1/mcp?key=••••" },
    { "tok", "http://••••@127.0.0.1:1/tok" },
    { "bare", "http://127.0.0.1:1/bare?••••#••••" },
    { "inurl", "http://••••@192.0.2.10/mcp" },
  };
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  g_autofree char *texts = NULL;
  g_autofree char *report = NULL;
  TetherDiagnosticsWindow *diagnostics;
  TetherImportDialog *dialog;
  GtkWidget *row;

  wait_state (fixture, "web", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "tok", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "bare", TETHER_SERVER_STATE_ERROR);

  /* Every server's page, every tab: the URL masked, path kept, and no
   * secret in any label, field or tooltip of the window. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (tether_window_show_server (fixture->window, names[i]));
      test_iterate_for (100);
      for (guint t = 0; t < 4; t++)
        {
          const char *tabs[] = { "tools", "prompts", "resources", "log" };

          show_tab (fixture, tabs[t]);
          g_clear_pointer (&texts, g_free);
          texts = widget_texts (fixture->window);
          assert_no_mark ("the window", texts);
        }

      /* The log entries, shown or not, and the copied diagnostics */
      {
        GListModel *log = tether_server_get_log (get_server (fixture, names[i]));

        for (guint e = 0; e < g_list_model_get_n_items (log); e++)
          {
            g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, e);

            assert_no_mark ("the log", tether_log_entry_get_text (entry));
          }
      }
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.copy-diagnostics", NULL);
      g_clear_pointer (&report, g_free);
      report = read_clipboard (fixture);
      assert_no_mark ("the copied diagnostics", report);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      tether_window_show_server (fixture->window, pages[i][0]);
      test_iterate_for (100);
      if (find_label (get_page (fixture), pages[i][1]) == NULL)
        g_error ("%s: its page does not show %s", pages[i][0], pages[i][1]);
    }

  /* Why it failed names the URL, masked, with its path: on the page and in
   * the log. */
  tether_window_show_server (fixture->window, "web");
  show_tab (fixture, "log");
  g_assert_nonnull (find_shown_label (get_page (fixture),
                                      "Attempt 3 of 3 failed:\nCould not reach the server at "
                                      "http://127.0.0.1:1/mcp?key=••••: "));
  g_assert_nonnull (strstr (tether_server_get_error_message (get_server (fixture, "tok")),
                            "Could not reach the server at http://••••@127.0.0.1:1/tok: "));

  /* A token in clear to another machine: said on its row and its page, in
   * the warning colour with the warning icon; a loopback server is fine. */
  assert_warning_shown (find_row (fixture, "clear"), CLEARTEXT_WARNING);
  assert_warning_shown (find_row (fixture, "inurl"), "Sends the credentials in its URL unencrypted");
  g_assert_null (find_shown_label (find_row (fixture, "web"), "Sends"));
  tether_window_show_server (fixture->window, "clear");
  show_tab (fixture, "tools");
  assert_warning_shown (get_page (fixture), CLEARTEXT_WARNING);
  screenshot ("cleartext-warning.png");
  tether_window_show_server (fixture->window, "web");
  test_iterate_for (100);
  g_assert_null (find_shown_label (get_page (fixture), "Sends"));

  /* Diagnostics: its window, and the report it copies */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.diagnostics", NULL);
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");
  diagnostics = find_diagnostics ();
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (diagnostics);
  assert_no_mark ("the diagnostics window", texts);
  row = diagnostics_server_row (diagnostics, "tok");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, "http://••••@127.0.0.1:1/tok"));
  row = diagnostics_server_row (diagnostics, "clear");
  g_assert_nonnull (row);
  assert_warning_shown (row, CLEARTEXT_WARNING);
  screenshot_at_end (diagnostics, "cleartext-warning-diagnostics.png");
  gtk_widget_activate_action (GTK_WIDGET (diagnostics), "diagnostics.copy-report", NULL);
  g_clear_pointer (&report, g_free);
  report = read_clipboard (fixture);
  assert_no_mark ("the diagnostics report", report);
  assert_contains (report, "http://127.0.0.1:1/bare?••••#••••");
  assert_contains (report, "warning: " CLEARTEXT_WARNING);
  gtk_window_destroy (GTK_WINDOW (diagnostics));

  /* The import preview of the same servers */
  g_assert_true (g_file_set_contents (import_file, secret_servers, -1, NULL));
  drop_file (fixture, import_file);
  dialog = wait_import_dialog (fixture);
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (dialog);
  assert_no_mark ("the import preview", texts);
  assert_contains (texts, "http://••••@127.0.0.1:1/tok\n");
  assert_contains (texts, "http://127.0.0.1:1/bare?••••#••••\n");
  assert_contains (texts, CLEARTEXT_WARNING);
  screenshot_at_end (dialog, "cleartext-warning-import.png");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  test_iterate_for (300);
  g_assert_null (find_import_dialog ());
}

static void
test_secrets (Fixture       *fixture,
              gconstpointer  data)
{
  write_config (fixture, secret_servers);
  run_app (fixture, secrets_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("hostile-text", test_hostile_text);
  WINDOW_TEST_ADD ("secrets", test_secrets);

  return window_harness_run ();
}
