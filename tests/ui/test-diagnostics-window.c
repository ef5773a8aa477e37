/* test-diagnostics-window.c — the diagnostics window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h).
 */

#include "config.h"

#include "window-harness.h"

#define LOGIN_ONLY_COMMAND "tether-diag-login-only"
#define MISSING_COMMAND    "tether-diag-nowhere"
#define SECRET             "sekrit"

#define DENIED_OVERRIDE "flatpak override --user --talk-name=org.freedesktop.Flatpak io.github.tethermcp.Tether"

/* "login", whose command only the login shell's PATH finds, and @more */
static char *
diagnostics_config (Fixture    *fixture,
                    const char *more)
{
  return g_strdup_printf ("{ \"mcpServers\": {"
                          " \"login\": { \"command\": \"" LOGIN_ONLY_COMMAND "\","
                          "   \"args\": [\"--count-file\", \"%s/login.counts\"],"
                          "   \"env\": { \"API_TOKEN\": \"" SECRET "-1\" } }%s } }\n",
                          fixture->dir, more);
}

static gboolean
diagnostics_shows_server (Fixture       *fixture,
                          gconstpointer  data)
{
  TetherDiagnosticsWindow *window = find_diagnostics ();

  return diagnostics_idle (fixture, NULL) && diagnostics_server_row (window, data) != NULL;
}

static void
diagnostics_body (Fixture *fixture)
{
  g_autofree char *home = g_build_filename (fixture->dir, "home", NULL);
  g_autofree char *claude_dir = g_build_filename (home, ".config", "Claude", NULL);
  g_autofree char *claude = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autofree char *link = g_build_filename (login_bin, LOGIN_ONLY_COMMAND, NULL);
  g_autofree char *dot_config = g_build_filename (home, ".config", NULL);
  g_autofree char *resolved_text = g_strdup_printf ("%s → %s", LOGIN_ONLY_COMMAND, link);
  g_autofree char *not_found = g_strdup_printf ("command not found: %s (searched: %s:", MISSING_COMMAND, login_bin);
  g_autofree char *texts = NULL;
  g_autofree char *report = NULL;
  g_autofree char *path_lines = NULL;
  g_auto(GStrv) path_dirs = NULL;
  TetherShellEnvironment *environment = tether_shell_environment_get_default ();
  TetherDiagnosticsWindow *window;
  TetherConfigImport *import;
  GtkWidget *button;
  GtkWidget *row;
  GtkLabel *label;

  /* The command is found where only the login shell looks: it runs. */
  wait_connected (fixture, "login");
  g_assert_true (tether_shell_environment_get_from_login_shell (environment));

  /* A server whose command is not found offers Diagnostics on its page;
   * one that runs does not. */
  wait_state (fixture, "missing", TETHER_SERVER_STATE_ERROR);
  g_assert_true (tether_server_get_command_not_found (get_server (fixture, "missing")));
  g_assert_true (tether_window_show_server (fixture->window, "login"));
  test_iterate_for (50);
  button = find_actionable (get_page (fixture), "win.diagnostics");
  g_assert_nonnull (button);
  g_assert_false (gtk_widget_get_visible (button));
  g_assert_true (tether_window_show_server (fixture->window, "missing"));
  test_iterate_for (50);
  g_assert_true (gtk_widget_get_visible (button));
  g_signal_emit_by_name (button, "clicked");
  window = find_diagnostics ();
  g_assert_nonnull (window);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (window)) == GTK_WINDOW (fixture->window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Diagnostics");

  /* Other clients' files, in a home of the test's own */
  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (claude, "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"env\": "
                                              "{\"KEY\": \"" SECRET "-claude\"}}, \"b\": {\"command\": \"uvx\"}}}",
                                      -1, NULL));
  import = tether_diagnostics_get_import (tether_diagnostics_window_get_diagnostics (window));
  tether_config_import_set_home_dir (import, home);
  tether_config_import_set_config_dir (import, dot_config);
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.refresh", NULL);
  g_assert_true (tether_diagnostics_window_get_busy (window));
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");

  /* The login shell and its PATH, one folder per line, its own first */
  texts = widget_texts (window);
  g_test_message ("%s", texts);
  g_assert_nonnull (strstr (texts, g_getenv ("SHELL")));
  path_dirs = g_strsplit (tether_shell_environment_get_path (environment), ":", -1);
  g_assert_cmpstr (path_dirs[0], ==, login_bin);
  path_lines = g_strjoinv ("\n", path_dirs);
  label = find_label (window, path_lines);
  g_assert_nonnull (label);
  g_assert_true (gtk_label_get_selectable (label));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));

  /* Each server: the program its command resolves to, or where it was not found */
  row = diagnostics_server_row (window, "login");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, resolved_text));
  row = diagnostics_server_row (window, "missing");
  g_assert_nonnull (row);
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    GtkLabel *error_label = NULL;

    collect_descendants (row, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), not_found))
        error_label = g_ptr_array_index (labels, i);
    g_assert_nonnull (error_label);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (error_label), "error"));
  }
  row = diagnostics_server_row (window, "web");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, "http://127.0.0.1:9/mcp?key=••••"));

  /* The other clients' files */
  g_assert_nonnull (strstr (texts, "Claude Desktop"));
  g_assert_nonnull (strstr (texts, claude));
  g_assert_nonnull (strstr (texts, "2 servers"));

  /* Outside the sandbox, nothing about its permission */
  g_assert_null (strstr (texts, "flatpak override"));

  /* No secret anywhere: not the servers' env or headers, not the session's
   * environment (the login shell printed all of it), not the other client's. */
  g_assert_null (strstr (texts, SECRET));

  screenshot ("diagnostics.png");
  screenshot_at_end (window, "diagnostics-servers.png");

  /* Copy Report: the same facts, as text, and no secret either */
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.copy-report", NULL);
  report = read_clipboard (fixture);
  g_test_message ("%s", report);
  g_assert_true (g_str_has_prefix (report, "Tether "));
  g_assert_nonnull (strstr (report, link));
  g_assert_nonnull (strstr (report, not_found));
  g_assert_nonnull (strstr (report, "http://127.0.0.1:9/mcp"));
  g_assert_nonnull (strstr (report, "Claude Desktop"));
  g_assert_nonnull (strstr (report, tether_shell_environment_get_path (environment)));
  g_assert_null (strstr (report, SECRET));

  /* Copy PATH */
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.copy-path", NULL);
  g_clear_pointer (&report, g_free);
  report = read_clipboard (fixture);
  g_assert_cmpstr (report, ==, tether_shell_environment_get_path (environment));

  /* A change to the configuration is looked at at once. */
  {
    g_autofree char *config = diagnostics_config (fixture, ", \"later\": { \"command\": \"" MISSING_COMMAND "\","
                                                           " \"disabled\": true }");

    write_config (fixture, config);
  }
  wait_until (fixture, diagnostics_shows_server, "later", 10000, "the new server in the diagnostics");
  g_assert_null (diagnostics_server_row (window, "web"));
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (window);
  g_assert_nonnull (strstr (texts, "stdio · off"));
  g_assert_null (strstr (texts, SECRET));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (find_diagnostics ());
  test_remove_tree (home);
}

static void
test_diagnostics (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *link = g_build_filename (login_bin, LOGIN_ONLY_COMMAND, NULL);
  g_autofree char *config = NULL;

  g_assert_null (g_find_program_in_path (LOGIN_ONLY_COMMAND));
  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);

  /* Secrets in every place they can be: the servers' environment and
   * headers, and the session's environment the login shell prints. */
  config = diagnostics_config (fixture,
                               ", \"missing\": { \"command\": \"" MISSING_COMMAND "\","
                               "   \"env\": { \"OTHER\": \"" SECRET "-2\" } },"
                               " \"web\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp?key=" SECRET "-5\","
                               "   \"disabled\": true,"
                               "   \"headers\": { \"Authorization\": \"Bearer " SECRET "-3\" } }");
  write_config (fixture, config);
  g_setenv ("TETHER_TEST_SESSION_SECRET", SECRET "-4", TRUE);

  run_app (fixture, diagnostics_body);

  g_unsetenv ("TETHER_TEST_SESSION_SECRET");
  g_unlink (link);
}

/* In a sandbox without the permission to run host commands: the exact
 * override command, with a button that copies it. */
static void
diagnostics_denied_body (Fixture *fixture)
{
  g_autofree char *info = g_build_filename (fixture->dir, "flatpak-info", NULL);
  g_autofree char *texts = NULL;
  g_autofree char *copied = NULL;
  TetherDiagnosticsWindow *window;
  GtkWidget *copy;

  g_assert_true (g_file_set_contents (info,
                                      "[Application]\nname=io.github.tethermcp.Tether\n\n"
                                      "[Context]\nshared=network;ipc;\n", -1, NULL));
  tether_flatpak_set_info_path (info);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.diagnostics", NULL);
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");
  window = find_diagnostics ();

  texts = widget_texts (window);
  g_assert_nonnull (strstr (texts, "Flatpak (io.github.tethermcp.Tether)"));
  g_assert_nonnull (find_label (window, DENIED_OVERRIDE));
  screenshot ("diagnostics-denied.png");

  copy = find_actionable (window, "diagnostics.copy-override");
  g_assert_nonnull (copy);
  g_assert_true (gtk_widget_get_mapped (copy));
  click (copy);
  copied = read_clipboard (fixture);
  g_assert_cmpstr (copied, ==, DENIED_OVERRIDE);

  tether_flatpak_set_info_path (NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_diagnostics_denied (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;

  /* The PATH is the host's, learnt before the sandbox is pretended. */
  tether_shell_environment_resolve_async (tether_shell_environment_get_default (), NULL,
                                          test_store_result, &result);
  test_wait_for (&result);

  write_config (fixture, "{ \"mcpServers\": { \"web\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\","
                         " \"disabled\": true } } }\n");
  run_app (fixture, diagnostics_denied_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("diagnostics", test_diagnostics);
  WINDOW_TEST_ADD ("diagnostics-denied", test_diagnostics_denied);

  return window_harness_run ();
}
