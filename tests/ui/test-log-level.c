/* test-log-level.c — choosing how much a server logs, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with real fake servers (window-harness.h): "good"
 * declares logging, "quiet" does not (--no-logging).
 */

#include "config.h"

#include "window-harness.h"
#include "tether-log-level-chooser.h"

static TetherLogLevelChooser *
show_log (Fixture    *fixture,
          const char *name)
{
  TetherServerPage *page;

  tether_window_show_server (fixture->window, name);
  page = get_page (fixture);
  adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (page), "log");
  test_iterate_for (200);

  return find_descendant (page, TETHER_TYPE_LOG_LEVEL_CHOOSER);
}

static gboolean
set_level_count (Fixture       *fixture,
                 gconstpointer  data)
{
  return method_count (fixture, "good", "logging/setLevel") == GPOINTER_TO_UINT (data);
}

static gboolean
answered (Fixture       *fixture,
          gconstpointer  data)
{
  return !tether_log_level_chooser_get_busy ((TetherLogLevelChooser *)data);
}

static void
level_body (Fixture *fixture)
{
  TetherLogLevelChooser *chooser;
  GtkDropDown *dropdown;

  wait_connected (fixture, "good");
  wait_connected (fixture, "quiet");

  /* Built the first time it is shown: hidden for a server that does not
   * log, and with no drop-down yet (the first server in the file). */
  chooser = show_log (fixture, "quiet");
  g_assert_nonnull (chooser);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (chooser)));

  /* Shown for a server that logs; the server chooses until the user does. */
  chooser = show_log (fixture, "good");
  g_assert_nonnull (chooser);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  dropdown = tether_log_level_chooser_get_dropdown (chooser);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_null (tether_log_level_chooser_get_level (chooser));
  test_iterate_for (200);
  g_assert_cmpuint (method_count (fixture, "good", "logging/setLevel"), ==, 0);

  /* Choosing a level asks the server. */
  gtk_drop_down_set_selected (dropdown, 1);
  g_assert_true (tether_log_level_chooser_get_busy (chooser));
  wait_until (fixture, answered, chooser, 10000, "the answer to logging/setLevel");
  g_assert_cmpuint (method_count (fixture, "good", "logging/setLevel"), ==, 1);
  g_assert_cmpstr (tether_log_level_chooser_get_level (chooser), ==, "debug");
  screenshot ("log-level.png");

  /* A new connection is told again: a restarted server forgot. */
  tether_server_reconnect (get_server (fixture, "good"));
  wait_connected (fixture, "good");
  wait_until (fixture, set_level_count, GUINT_TO_POINTER (2), 10000, "logging/setLevel after reconnecting");
  wait_until (fixture, answered, chooser, 10000, "the answer after reconnecting");

  /* Hidden for a server that does not log. */
  chooser = show_log (fixture, "quiet");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);

  /* Back on the first server, its level is shown, and not sent again. */
  chooser = show_log (fixture, "good");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 1);
  test_iterate_for (200);
  g_assert_cmpuint (method_count (fixture, "good", "logging/setLevel"), ==, 2);
  g_assert_cmpuint (method_count (fixture, "quiet", "logging/setLevel"), ==, 0);
}

static void
test_level (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *quiet = fake_entry (fixture, "quiet", "\"--no-logging\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s, %s } }\n", quiet, good);

  write_config (fixture, config);
  run_app (fixture, level_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("log/level", test_level);

  return window_harness_run ();
}
