/* test-import-dialog.c — importing other clients' configs: drops, pasted text, Import from…, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h).
 */

#include "config.h"

#include "window-harness.h"

/* Importing */


/* Activates a button, check button or switch as a click ends up doing,
 * without click()'s pause to show it pressed. */
static void
press (gpointer widget)
{
  gboolean is_switch = GTK_IS_SWITCH (widget);
  gboolean was_on = is_switch && gtk_switch_get_active (widget);
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC * SLOWDOWN;

  g_assert_true (gtk_widget_is_sensitive (widget));
  if (GTK_IS_BUTTON (widget))
    g_signal_emit_by_name (widget, "clicked");
  else
    gtk_widget_activate (widget);
  test_iterate_for (50);

  /* A switch turns at the end of its animation. (A button may have closed
   * its window: do not look at it again.) */
  while (is_switch && gtk_switch_get_active (widget) == was_on)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      test_iterate_for (10);
    }
}

static char *
corpus (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

static AdwMessageDialog *
find_message_dialog (void)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
}

static gboolean
message_shown (Fixture       *fixture,
               gconstpointer  data)
{
  return find_message_dialog () != NULL && gtk_widget_get_mapped (GTK_WIDGET (find_message_dialog ()));
}

/* Every subtitle of the action rows titled @title, one a line; valid until
 * the next call */
static const char *
row_subtitles (gpointer    widget,
               const char *title)
{
  static char *last;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  collect_descendants (GTK_WIDGET (widget), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      g_string_append_printf (out, "%s\n", adw_action_row_get_subtitle (g_ptr_array_index (rows, i)));

  g_free (last);
  last = g_strdup (out->str);

  return last;
}

static gboolean
confirm_sensitive (TetherImportDialog *dialog)
{
  return gtk_widget_is_sensitive (find_actionable (dialog, "import.confirm"));
}

static const char *
confirm_label (TetherImportDialog *dialog)
{
  return gtk_button_get_label (GTK_BUTTON (find_actionable (dialog, "import.confirm")));
}

static char *
entry_string (Fixture    *fixture,
              const char *name,
              const char *member,
              guint       index)
{
  g_autoptr(JsonNode) node = config_member (fixture, name, member);

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_ARRAY (node))
    return g_strdup (json_array_get_string_element (json_node_get_array (node), index));
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));

      return g_strdup (json_object_get_string_member (json_node_get_object (node), g_list_nth_data (members, index)));
    }

  return g_strdup (json_node_get_string (node));
}

static void
import_preview_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *commands = NULL;
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;
  TetherImportDialog *dialog;
  TetherImportPlan *plan;
  const char *names[] = { "filesystem", "github", "windows-leftover", "café ☕ 日本語", "docs" };

  /* A Claude Desktop file dropped from the file manager */
  drop_files (fixture, (const char *[]) { claude, NULL });
  dialog = wait_import_dialog (fixture);
  plan = tether_import_dialog_get_plan (dialog);
  g_assert_cmpuint (tether_import_plan_get_n_items (plan), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (plan, i)), ==, names[i]);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Import from claude_desktop_config.json");
  g_assert_nonnull (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE));
  g_assert_cmpstr (adw_window_title_get_subtitle (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE)), ==,
                   "Claude Desktop");

  /* The exact command lines and URL, env names with their values masked */
  commands = g_strdup (row_subtitles (dialog, "Command"));
  assert_contains (commands, "npx -y @modelcontextprotocol/server-filesystem '/home/me/My Documents' /home/me/Downloads\n");
  assert_contains (commands, "docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server\n");
  assert_contains (commands, "uvx mcp-server-time --local-timezone=Europe/Paris\n");
  g_assert_cmpstr (row_subtitles (dialog, "URL"), ==, "https://docs.example.com/mcp\n");
  g_assert_cmpstr (row_subtitles (dialog, "Environment Variables"), ==,
                   "GITHUB_PERSONAL_ACCESS_TOKEN=••••, DEBUG=••••\n");
  /* No secret anywhere in the dialog */
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();

    collect_descendants (GTK_WIDGET (dialog), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      g_assert_null (strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "ghp_"));
    g_assert_cmpuint (labels->len, >, 20);
  }
  assert_contains (row_subtitles (dialog, "Working Folder"), "/tmp");
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 5 Servers");
  g_assert_true (confirm_sensitive (dialog));
  screenshot ("import-preview.png");

  /* Leaving one out counts down; connecting after import off: disabled. */
  press (find_named (dialog, "include:windows-leftover"));
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 4 Servers");
  press (find_named (dialog, "connect"));
  g_assert_false (tether_import_dialog_get_connect (dialog));
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_str_equal (names[i], "windows-leftover"))
        {
          g_autoptr(JsonNode) left = config_member (fixture, names[i], "command");

          g_assert_null (left);
          continue;
        }
      g_assert_true (config_disabled (fixture, names[i]));
      g_assert_nonnull (get_server (fixture, names[i]));
    }
  value = entry_string (fixture, "filesystem", "args", 2);
  g_assert_cmpstr (value, ==, "/home/me/My Documents");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "github", "env", 0);
  g_assert_cmpstr (value, ==, "ghp_exampleexampleexample");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "docs", "url", 0);
  g_assert_cmpstr (value, ==, "https://docs.example.com/mcp");
  g_clear_pointer (&value, g_free);
  /* The first imported server is selected; nothing runs. */
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "filesystem"));
  g_assert_cmpint (tether_server_get_state (get_server (fixture, "github")), ==, TETHER_SERVER_STATE_DISABLED);

  /* A VS Code mcp.json: its inputs are asked for, and confirm waits. */
  drop_file (fixture, vscode);
  dialog = wait_import_dialog (fixture);
  plan = tether_import_dialog_get_plan (dialog);
  g_assert_cmpuint (tether_import_plan_get_n_items (plan), ==, 5);
  g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (plan, 0)), ==, "perplexity");
  commands = (g_free (commands), g_strdup (row_subtitles (dialog, "Command")));
  assert_contains (commands, "npx -y server-perplexity-ask --region '${input:region}'\n");
  g_assert_true (ADW_IS_PASSWORD_ENTRY_ROW (find_named (dialog, "variable:perplexity-key")));
  press (find_named (dialog, "connect"));
  /* legacy needs nothing, but the others wait for values */
  g_assert_false (confirm_sensitive (dialog));
  gtk_editable_set_text (find_named (dialog, "variable:region"), "eu-1");
  gtk_editable_set_text (find_named (dialog, "variable:perplexity-key"), "pk-secret-9");
  g_assert_false (confirm_sensitive (dialog));
  /* unknown-var needs ${config:…}: left out, the rest can go */
  press (find_named (dialog, "include:unknown-var"));
  g_assert_true (confirm_sensitive (dialog));
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 3 Servers");
  /* Emptied again, a value is missing again. */
  gtk_editable_set_text (find_named (dialog, "variable:region"), "");
  g_assert_false (confirm_sensitive (dialog));
  gtk_editable_set_text (find_named (dialog, "variable:region"), "eu-1");
  screenshot ("import-preview-variables.png");
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  value = entry_string (fixture, "perplexity", "args", 3);
  g_assert_cmpstr (value, ==, "eu-1");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "context7", "headers", 0);
  g_assert_cmpstr (value, ==, "pk-secret-9");
  g_clear_pointer (&value, g_free);
  g_assert_nonnull (get_server (fixture, "legacy"));
  g_assert_null (get_server (fixture, "unknown-var"));
  g_assert_null (get_server (fixture, "socket"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "perplexity"));
  text = read_config (fixture);
  g_assert_null (strstr (text, "${input:"));
}

static void
test_import_preview (Fixture       *fixture,
                     gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_preview_body);
}

static void
import_cancel_body (Fixture *fixture)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;

  /* The Cancel button */
  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  press (find_named (dialog, "conflict:github"));
  press (find_actionable (dialog, "window.close"));
  g_assert_null (find_import_dialog ());

  /* Escape */
  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  test_iterate_for (300);
  g_assert_null (find_import_dialog ());

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (get_manager (fixture))), ==, 1);
}

static void
test_import_cancel (Fixture       *fixture,
                    gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"true\", \"disabled\": true }\n  }\n}\n");
  run_app (fixture, import_cancel_body);
}

static void
import_conflict_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *value = NULL;
  TetherImportDialog *dialog;

  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  press (find_named (dialog, "connect"));

  /* Taken names ask; the others do not. */
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:github")));
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:filesystem")));
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:docs")));
  g_assert_false (gtk_widget_get_visible (find_named (dialog, "conflict:windows-leftover")));
  /* Skip by default */
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 2 Servers");

  adw_combo_row_set_selected (find_named (dialog, "conflict:github"), TETHER_IMPORT_CONFLICT_REPLACE);
  adw_combo_row_set_selected (find_named (dialog, "conflict:filesystem"), TETHER_IMPORT_CONFLICT_KEEP_BOTH);
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 4 Servers");
  assert_contains (row_subtitles (dialog, "Command"), "npx");
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    gboolean said = FALSE;

    collect_descendants (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW, rows);
    for (guint i = 0; i < rows->len; i++)
      said |= gtk_widget_get_visible (g_ptr_array_index (rows, i)) &&
              g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "Added as “filesystem-2”") == 0;
    g_assert_true (said);
  }
  screenshot ("import-conflicts.png");
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  /* Replace: github is the imported one now */
  value = entry_string (fixture, "github", "command", 0);
  g_assert_cmpstr (value, ==, "docker");
  g_clear_pointer (&value, g_free);
  /* Keep Both: the old one stays, the new one is filesystem-2 */
  value = entry_string (fixture, "filesystem", "command", 0);
  g_assert_cmpstr (value, ==, "old-filesystem");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "filesystem-2", "command", 0);
  g_assert_cmpstr (value, ==, "npx");
  g_clear_pointer (&value, g_free);
  /* Skip: docs untouched */
  value = entry_string (fixture, "docs", "command", 0);
  g_assert_cmpstr (value, ==, "old-docs");
  g_clear_pointer (&value, g_free);
  {
    g_autoptr(JsonNode) url = config_member (fixture, "docs", "url");

    g_assert_null (url);
  }
  value = entry_string (fixture, "windows-leftover", "args", 0);
  g_assert_cmpstr (value, ==, "--db-path");
}

static void
test_import_conflict (Fixture       *fixture,
                      gconstpointer  data)
{
  write_config (fixture,
                "{\n  \"mcpServers\": {\n"
                "    \"github\": { \"command\": \"old-github\", \"disabled\": true },\n"
                "    \"filesystem\": { \"command\": \"old-filesystem\", \"disabled\": true },\n"
                "    \"docs\": { \"command\": \"old-docs\", \"disabled\": true }\n"
                "  }\n}\n");
  run_app (fixture, import_conflict_body);
}

static void
expect_bad_drop (Fixture    *fixture,
                 const char *path,
                 const char *expected,
                 const char *shot)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autofree char *base = g_path_get_basename (path);
  AdwMessageDialog *message;

  drop_file (fixture, path);
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  message = find_message_dialog ();
  g_test_message ("%s: %s — %s", base, adw_message_dialog_get_heading (message), adw_message_dialog_get_body (message));
  assert_contains (adw_message_dialog_get_heading (message), base);
  assert_contains (adw_message_dialog_get_body (message), expected);
  g_assert_null (find_import_dialog ());
  if (shot != NULL)
    screenshot (shot);
  adw_message_dialog_response (message, "close");
  gtk_window_destroy (GTK_WINDOW (message));
  test_iterate_for (100);

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
}

static void
import_bad_body (Fixture *fixture)
{
  g_autofree char *binary = corpus ("broken-binary.png");
  g_autofree char *empty = corpus ("broken-empty.json");
  g_autofree char *zero = corpus ("broken-zero-servers.json");
  g_autofree char *not_json = corpus ("broken-not-json.txt");
  g_autofree char *truncated = corpus ("broken-truncated.json");
  g_autofree char *folder = g_build_filename (fixture->dir, "a-folder", NULL);
  g_autofree char *huge = g_build_filename (fixture->dir, "huge.json", NULL);
  g_autofree char *missing = g_build_filename (fixture->dir, "gone.json", NULL);
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  /* A named pipe nobody writes to (opened to read, it would wait for
   * ever) and a link to /dev/zero (read, it never ends). */
  g_autofree char *fifo = g_build_filename (fixture->dir, "pipe.json", NULL);
  g_autofree char *dev_zero = g_build_filename (fixture->dir, "dev-zero.json", NULL);
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", dev_zero), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  fd = g_open (huge, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE + 1), ==, 0);
  close (fd);

  expect_bad_drop (fixture, binary, "not a text file", "import-bad-drop.png");
  expect_bad_drop (fixture, empty, "empty", NULL);
  expect_bad_drop (fixture, zero, "no servers", NULL);
  expect_bad_drop (fixture, not_json, "not a server configuration", NULL);
  expect_bad_drop (fixture, truncated, "line 5, column 22", NULL);
  expect_bad_drop (fixture, folder, "folder", NULL);
  expect_bad_drop (fixture, fifo, "is a named pipe (FIFO), not a file", NULL);
  expect_bad_drop (fixture, dev_zero, "is a character device, not a file", NULL);
  expect_bad_drop (fixture, huge, "MB", NULL);
  expect_bad_drop (fixture, missing, "gone.json", NULL);

  /* Several at once: each in turn, the bad one said, the good one shown. */
  drop_files (fixture, (const char *[]) { empty, claude, NULL });
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  g_assert_null (find_import_dialog ());
  adw_message_dialog_response (find_message_dialog (), "close");
  gtk_window_destroy (GTK_WINDOW (find_message_dialog ()));
  dialog = wait_import_dialog (fixture);
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_iterate_for (100);

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_rmdir (folder);
  g_unlink (fifo);
  g_unlink (dev_zero);
}

static void
test_import_bad_drops (Fixture       *fixture,
                       gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"kept\": { \"command\": \"true\", \"disabled\": true }\n  }\n}\n");
  run_app (fixture, import_bad_body);
}

static gboolean
revealed (Fixture       *fixture,
          gconstpointer  data)
{
  return gtk_revealer_get_child_revealed (GTK_REVEALER ((gpointer)data));
}

static void
import_text_body (Fixture *fixture)
{
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *entry = fake_entry (fixture, "pasted", NULL);
  g_autofree char *text = g_strdup_printf ("{ \"mcpServers\": { %s } }", entry);
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;
  AdwMessageDialog *message;
  GtkRevealer *highlight;
  GdkDragAction action = 0;

  /* Something hovers: the window says what a drop does. */
  highlight = GTK_REVEALER (gtk_widget_get_ancestor (find_named (fixture->window, "drop-status"), GTK_TYPE_REVEALER));
  g_assert_false (gtk_revealer_get_child_revealed (highlight));
  g_signal_emit_by_name (find_drop_target (fixture), "enter", 100.0, 100.0, &action);
  g_assert_cmpint (action, ==, GDK_ACTION_COPY);
  wait_until (fixture, revealed, highlight, 5000, "the drop highlight");
  screenshot ("import-drop-highlight.png");
  g_signal_emit_by_name (find_drop_target (fixture), "leave");
  g_assert_false (gtk_revealer_get_reveal_child (highlight));

  /* Not a configuration: said, nothing changed */
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "just some words");
  g_assert_true (drop_value (fixture, &value));
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  message = find_message_dialog ();
  assert_contains (adw_message_dialog_get_heading (message), "Text");
  adw_message_dialog_response (message, "close");
  gtk_window_destroy (GTK_WINDOW (message));
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);

  /* A text/uri-list of a file, as text: the file */
  {
    g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
    g_autofree char *uri = g_filename_to_uri (claude, NULL, NULL);
    g_autofree char *list = g_strdup_printf ("%s\r\n", uri);

    g_value_set_string (&value, list);
    g_assert_true (drop_value (fixture, &value));
    dialog = wait_import_dialog (fixture);
    g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
    test_iterate_for (100);
    g_assert_null (find_import_dialog ());
  }

  /* Ctrl+V of a configuration copied as text */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)),
                          "{ \"servers\": { \"copied\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\" } } }");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.paste-import", NULL);
  dialog = wait_import_dialog (fixture);
  g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (tether_import_dialog_get_plan (dialog), 0)),
                   ==, "copied");
  g_assert_cmpstr (row_subtitles (dialog, "URL"), ==, "http://127.0.0.1:9/mcp\n");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  test_iterate_for (100);
  after = (g_free (after), read_config (fixture));
  g_assert_cmpstr (after, ==, before);

  /* Dropped JSON text: the preview; Connect after import on, it connects. */
  g_value_set_string (&value, text);
  g_assert_true (drop_value (fixture, &value));
  dialog = wait_import_dialog (fixture);
  g_assert_true (tether_import_dialog_get_connect (dialog));
  assert_contains (row_subtitles (dialog, "Command"), FAKE_MCP_SERVER);
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 1 Server");
  /* Nothing runs before confirming */
  g_assert_null (get_server (fixture, "pasted"));
  g_assert_cmpuint (running (fixture, "pasted"), ==, 0);
  press (find_actionable (dialog, "import.confirm"));
  wait_connected (fixture, "pasted");
  g_assert_false (config_disabled (fixture, "pasted"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "pasted"));
}

static void
test_import_text (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_text_body);
}

static gboolean
portal_asked (Fixture       *fixture,
              gconstpointer  data)
{
  return portal_title != NULL;
}

static void
import_chooser_body (Fixture *fixture)
{
  g_autofree char *codex = corpus ("codex/config.toml");
  g_autoptr(GVariant) filters = NULL;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  TetherImportDialog *dialog;
  GVariantIter iter;
  const char *name;

  /* Cancelled: nothing */
  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_answer, g_free);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import", NULL);
  wait_until (fixture, portal_asked, NULL, 10000, "the file chooser");
  test_iterate_for (300 * SLOWDOWN);
  g_assert_null (find_import_dialog ());
  g_assert_null (find_message_dialog ());

  /* Import… (Ctrl+O): a file chooser for JSON, TOML and YAML, or anything */
  g_clear_pointer (&portal_title, g_free);
  portal_answer = g_filename_to_uri (codex, NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import", NULL);
  wait_until (fixture, portal_asked, NULL, 10000, "the file chooser");
  g_assert_cmpstr (portal_title, ==, "Import Servers");
  g_assert_true (g_variant_lookup (portal_options, "filters", "@a(sa(us))", &filters));
  g_variant_iter_init (&iter, filters);
  while (g_variant_iter_next (&iter, "(&s@a(us))", &name, NULL))
    g_string_append_printf (names, "%s;", name);
  g_assert_cmpstr (names->str, ==, "Configuration Files;JSON;TOML (Codex);YAML (goose);All Files;");

  dialog = wait_import_dialog (fixture);
  g_assert_cmpstr (adw_window_title_get_subtitle (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE)), ==, "Codex");
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 3);
  press (find_actionable (dialog, "window.close"));
  g_assert_null (find_import_dialog ());
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&portal_answer, g_free);
  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_options, g_variant_unref);
}

/* GtkFileChooserNative (GTK 4.8) builds its fallback dialog even when it
 * asks the portal, and that dialog's places sidebar leaks the GFileInfo of
 * each place it looks up, allocated in GIO's worker threads where no GTK
 * frame shows for a suppression to match. So this test runs in a process of
 * its own, which a sanitized build runs with every check but the leak check
 * at exit. */
static void
test_import_chooser (Fixture       *fixture,
                     gconstpointer  data)
{
  if (g_test_subprocess ())
    {
      write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
      run_app (fixture, import_chooser_body);
      return;
    }

#if defined(__SANITIZE_ADDRESS__)
  {
    g_autofree char *options = g_strdup (g_getenv ("ASAN_OPTIONS"));
    g_autofree char *no_leaks = g_strconcat (options != NULL ? options : "", options != NULL ? ":" : "",
                                             "detect_leaks=0", NULL);

    g_setenv ("ASAN_OPTIONS", no_leaks, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
    if (options != NULL)
      g_setenv ("ASAN_OPTIONS", options, TRUE);
    else
      g_unsetenv ("ASAN_OPTIONS");
  }
#else
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
#endif
  g_test_trap_assert_passed ();
}

static gboolean
sources_found (Fixture       *fixture,
               gconstpointer  data)
{
  return tether_import_sources_dialog_get_sources ((TetherImportSourcesDialog *)data) != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (data));
}

static TetherImportSourcesDialog *
open_sources (Fixture *fixture)
{
  TetherImportSourcesDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import-from", NULL);
  dialog = find_toplevel (TETHER_TYPE_IMPORT_SOURCES_DIALOG);
  g_assert_nonnull (dialog);
  wait_until (fixture, sources_found, dialog, 10000, "the clients' files");

  return dialog;
}

static void
import_from_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *claude_dir = g_build_filename (g_get_home_dir (), ".config", "Claude", NULL);
  g_autofree char *claude_copy = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autofree char *gemini_dir = g_build_filename (g_get_home_dir (), ".gemini", NULL);
  g_autofree char *gemini = g_build_filename (gemini_dir, "settings.json", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportSourcesDialog *sources;
  TetherImportDialog *dialog;
  GtkStack *stack;
  AdwActionRow *row;

  /* Nothing on this (fake) home: the empty state */
  sources = open_sources (fixture);
  stack = find_descendant (sources, GTK_TYPE_STACK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  screenshot ("import-from-empty.png");
  gtk_window_destroy (GTK_WINDOW (sources));

  /* Claude Desktop's file, and a Gemini CLI one that is broken */
  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (gemini_dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (claude, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (claude_copy, contents, -1, NULL));
  g_assert_true (g_file_set_contents (gemini, "{ \"mcpServers\": { \"x\": ", -1, NULL));

  sources = open_sources (fixture);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack = find_descendant (sources, GTK_TYPE_STACK)), ==, "list");
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_sources_dialog_get_sources (sources)), ==, 2);
  row = find_named (sources, gemini);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Gemini CLI");
  assert_contains (adw_action_row_get_subtitle (row), "line 1");
  g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  row = find_named (sources, claude_copy);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Claude Desktop");
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, claude_copy);
  {
    GtkLabel *count = find_descendant (row, GTK_TYPE_LABEL);
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean said = FALSE;

    g_assert_nonnull (count);
    collect_descendants (GTK_WIDGET (row), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      said |= g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), "5 servers") == 0;
    g_assert_true (said);
  }
  screenshot ("import-from.png");

  /* Choosing it previews it; cancelling changes nothing. */
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_signal_emit_by_name (row, "activated");
  dialog = wait_import_dialog (fixture);
  g_assert_null (find_toplevel (TETHER_TYPE_IMPORT_SOURCES_DIALOG));
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  test_iterate_for (100);
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);

  g_unlink (claude_copy);
  g_unlink (gemini);
  g_rmdir (claude_dir);
  g_rmdir (gemini_dir);
}

static void
test_import_from (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_from_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("import-preview", test_import_preview);
  WINDOW_TEST_ADD ("import-cancel", test_import_cancel);
  WINDOW_TEST_ADD ("import-conflict", test_import_conflict);
  WINDOW_TEST_ADD ("import-bad-drops", test_import_bad_drops);
  WINDOW_TEST_ADD ("import-text", test_import_text);
  WINDOW_TEST_ADD ("import-from", test_import_from);
  WINDOW_TEST_ADD ("import-chooser", test_import_chooser);

  return window_harness_run ();
}
