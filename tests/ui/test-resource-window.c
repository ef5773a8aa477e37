/* test-resource-window.c — reading a resource from the window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with a real fake server (window-harness.h) that
 * declares completions and offers, besides its text and blob resources and
 * its template, a resource that counts its reads and changes once
 * subscribed to (--use-extras).
 */

#include "config.h"

#include <signal.h>

#include "window-harness.h"
#include "mcp-stdio-transport.h"
#include "tether-completion-popover.h"
#include "tether-process.h"
#include "tether-read-window.h"

static void
start (Fixture *fixture)
{
  g_autofree char *good = fake_entry (fixture, "good", "\"--use-extras\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
}

static gboolean
not_busy (Fixture       *fixture,
          gconstpointer  data)
{
  return !tether_read_window_get_busy ((TetherReadWindow *)data);
}

static TetherReadWindow *
open_resource (Fixture    *fixture,
               const char *key)
{
  TetherReadWindow *window;

  tether_window_show_server (fixture->window, "good");
  test_iterate_for (100);
  gtk_widget_activate_action (GTK_WIDGET (get_page (fixture)), "page.open-resource", "s", key);
  test_iterate_for (100);
  window = find_toplevel (TETHER_TYPE_READ_WINDOW);
  g_assert_nonnull (window);
  wait_until (fixture, not_busy, window, 10000, "the resource to be read");

  return window;
}

static gboolean
has_label (Fixture       *fixture,
           gconstpointer  data)
{
  const struct { gpointer widget; const char *text; } *want = data;

  return find_label (want->widget, want->text) != NULL;
}

static void
wait_label (Fixture    *fixture,
            gpointer    widget,
            const char *text)
{
  struct { gpointer widget; const char *text; } want = { widget, text };

  wait_until (fixture, has_label, &want, 10000, text);
}

/* Resource rows offer Open…, which reads the resource at once. */
static void
row_button_body (Fixture *fixture)
{
  TetherReadWindow *window;

  wait_connected (fixture, "good");
  click_row_button (fixture, "good", "resources", "page.open-resource");
  window = find_toplevel (TETHER_TYPE_READ_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpstr (mcp_item_get_name (tether_read_window_get_item (window)), ==, "readme");
  wait_until (fixture, not_busy, window, 10000, "the resource to be read");
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 1);
  g_assert_nonnull (find_label (tether_read_window_get_result_view (window), "# Read me\n\nA fake resource.\n"));

  /* Read again on demand. */
  gtk_widget_activate_action (GTK_WIDGET (window), "read.get", NULL);
  wait_until (fixture, not_busy, window, 10000, "the resource to be read again");
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (100);
}

static void
test_row_button (Fixture       *fixture,
                 gconstpointer  data)
{
  start (fixture);
  run_app (fixture, row_button_body);
}

/* A blob is shown (an image here) and can be saved, never dumped as base64. */
static void
blob_body (Fixture *fixture)
{
  TetherReadWindow *window;
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

  wait_connected (fixture, "good");
  window = open_resource (fixture, "fake://static/pixel");
  collect_descendants (GTK_WIDGET (tether_read_window_get_result_view (window)), GTK_TYPE_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, ==, 1);
  g_assert_nonnull (gtk_picture_get_paintable (g_ptr_array_index (pictures, 0)));
  g_assert_nonnull (find_label (window, "Image · image/png · 70 bytes"));
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (100);
}

static void
test_blob (Fixture       *fixture,
           gconstpointer  data)
{
  start (fixture);
  run_app (fixture, blob_body);
}

static gboolean
popover_shows (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_visible (GTK_WIDGET (data)) && find_label ((gpointer)data, "alpha") != NULL;
}

/* A template asks for its variables, with completions, then reads the URI
 * they make. */
static void
template_body (Fixture *fixture)
{
  TetherReadWindow *window;
  GtkWidget *id;
  TetherCompletionPopover *popover;

  wait_connected (fixture, "good");
  window = open_resource (fixture, "fake://dynamic/{id}");
  /* Nothing is read before the variables are given. */
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 0);
  id = tether_schema_form_get_input (tether_read_window_get_form (window), "id");
  g_assert_true (GTK_IS_EDITABLE (id));

  gtk_window_present (GTK_WINDOW (window));
  popover = find_descendant (id, TETHER_TYPE_COMPLETION_POPOVER);
  g_assert_nonnull (popover);
  gtk_editable_set_text (GTK_EDITABLE (id), "a");
  wait_until (fixture, popover_shows, popover, 10000, "the suggestion alpha");
  g_assert_cmpuint (method_count (fixture, "good", "completion/complete"), ==, 1);
  screenshot ("resource-template.png");

  gtk_editable_set_text (GTK_EDITABLE (id), "beta gamma");
  gtk_widget_activate_action (GTK_WIDGET (window), "read.get", NULL);
  wait_until (fixture, not_busy, window, 10000, "the template to be read");
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 1);
  /* The value is escaped into the URI, and the server says what it read. */
  g_assert_nonnull (find_label (tether_read_window_get_result_view (window), "dynamic resource beta%20gamma"));
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (100);
}

static void
test_template (Fixture       *fixture,
               gconstpointer  data)
{
  start (fixture);
  run_app (fixture, template_body);
}

/* Subscribed, each update is read and shown; closing unsubscribes. */
static void
subscribe_body (Fixture *fixture)
{
  TetherReadWindow *window;
  GtkToggleButton *subscribe;
  TetherResultView *view;

  wait_connected (fixture, "good");
  window = open_resource (fixture, "fake://extras/counter");
  view = tether_read_window_get_result_view (window);
  g_assert_nonnull (find_label (view, "count 1"));

  subscribe = find_descendant (window, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (subscribe);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (subscribe)));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (subscribe)));
  gtk_toggle_button_set_active (subscribe, TRUE);

  /* The fake server says the counter changed as soon as it is subscribed. */
  wait_label (fixture, view, "count 2");
  g_assert_nonnull (find_label_prefix (window, "Changed at "));
  g_assert_cmpuint (method_count (fixture, "good", "resources/subscribe"), ==, 1);
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 2);
  gtk_window_present (GTK_WINDOW (window));
  screenshot ("resource-subscribed.png");

  /* Turned off, then on again: one more subscription, one unsubscription. */
  gtk_toggle_button_set_active (subscribe, FALSE);
  test_iterate_for (200);
  g_assert_cmpuint (method_count (fixture, "good", "resources/unsubscribe"), ==, 1);
  gtk_toggle_button_set_active (subscribe, TRUE);
  wait_label (fixture, view, "count 3");
  g_assert_cmpuint (method_count (fixture, "good", "resources/subscribe"), ==, 2);

  /* Closing the window unsubscribes. */
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (300);
  g_assert_cmpuint (method_count (fixture, "good", "resources/unsubscribe"), ==, 2);
}

static void
test_subscribe (Fixture       *fixture,
                gconstpointer  data)
{
  start (fixture);
  run_app (fixture, subscribe_body);
}

static pid_t
server_pid (Fixture *fixture)
{
  McpClient *client = tether_server_get_client (get_server (fixture, "good"));
  TetherProcess *process;

  g_assert_nonnull (client);
  process = mcp_stdio_transport_get_process (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client)));

  return (pid_t)g_ascii_strtoll (tether_process_get_identifier (process), NULL, 10);
}

static gboolean
other_process_connected (Fixture       *fixture,
                         gconstpointer  data)
{
  TetherServer *server = get_server (fixture, "good");

  return tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED &&
         tether_server_get_client (server) != NULL && server_pid (fixture) != *(const pid_t *)data;
}

/* The server dies and is started again by the connection rules: the window
 * stays subscribed, the new process is subscribed again, and its update is
 * read and shown. */
static void
subscribe_restart_body (Fixture *fixture)
{
  TetherReadWindow *window;
  GtkToggleButton *subscribe;
  TetherResultView *view;
  pid_t pid;

  wait_connected (fixture, "good");
  window = open_resource (fixture, "fake://extras/counter");
  view = tether_read_window_get_result_view (window);
  subscribe = find_descendant (window, GTK_TYPE_TOGGLE_BUTTON);
  gtk_toggle_button_set_active (subscribe, TRUE);
  wait_label (fixture, view, "count 2");

  pid = server_pid (fixture);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  wait_until (fixture, other_process_connected, &pid, 10000 * SLOWDOWN, "a new process to connect");

  /* A new process counts its reads from 0: its update was read once. */
  wait_label (fixture, view, "count 1");
  g_assert_true (gtk_toggle_button_get_active (subscribe));
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  g_assert_cmpuint (method_count (fixture, "good", "resources/subscribe"), ==, 2);
  g_assert_cmpuint (method_count (fixture, "good", "resources/unsubscribe"), ==, 0);

  /* Closing the window unsubscribes, in the new process. */
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (300);
  g_assert_cmpuint (method_count (fixture, "good", "resources/unsubscribe"), ==, 1);
}

static void
test_subscribe_restart (Fixture       *fixture,
                        gconstpointer  data)
{
  start (fixture);
  run_app (fixture, subscribe_restart_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("resource/row-button", test_row_button);
  WINDOW_TEST_ADD ("resource/blob", test_blob);
  WINDOW_TEST_ADD ("resource/template", test_template);
  WINDOW_TEST_ADD ("resource/subscribe", test_subscribe);
  WINDOW_TEST_ADD ("resource/subscribe-restart", test_subscribe_restart);

  return window_harness_run ();
}
