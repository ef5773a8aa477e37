/* test-prompt-window.c — getting a prompt from the window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with a real fake server (window-harness.h): "good"
 * declares completions and offers the prompt "conversation" (--use-extras),
 * "plain" offers the default prompts and declares no completions.
 */

#include "config.h"

#include "window-harness.h"
#include "tether-completion-popover.h"
#include "tether-read-window.h"

static void
start (Fixture *fixture)
{
  g_autofree char *good = fake_entry (fixture, "good", "\"--use-extras\"");
  g_autofree char *plain = fake_entry (fixture, "plain", "\"--no-completions\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s, %s } }\n", good, plain);

  write_config (fixture, config);
}

static TetherReadWindow *
open_prompt (Fixture    *fixture,
             const char *server,
             const char *prompt)
{
  TetherReadWindow *window;

  tether_window_show_server (fixture->window, server);
  test_iterate_for (100);
  gtk_widget_activate_action (GTK_WIDGET (get_page (fixture)), "page.get-prompt", "s", prompt);
  test_iterate_for (100);
  window = find_toplevel (TETHER_TYPE_READ_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpstr (mcp_item_get_name (tether_read_window_get_item (window)), ==, prompt);

  return window;
}

static void
close_window (TetherReadWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (100);
}

static gboolean
not_busy (Fixture       *fixture,
          gconstpointer  data)
{
  return !tether_read_window_get_busy ((TetherReadWindow *)data);
}

static void
get_and_wait (Fixture          *fixture,
              TetherReadWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "read.get", NULL);
  g_assert_true (tether_read_window_get_busy (window));
  wait_until (fixture, not_busy, window, 10000, "the prompt to come back");
}

static GtkEditable *
entry (TetherReadWindow *window,
       const char       *name)
{
  GtkWidget *input = tether_schema_form_get_input (tether_read_window_get_form (window), name);

  g_assert_true (GTK_IS_EDITABLE (input));

  return GTK_EDITABLE (input);
}

static guint
n_children (gpointer widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;

  return n;
}

/* Prompt rows offer Get…, which opens the prompt's window, once. */
static void
row_button_body (Fixture *fixture)
{
  GtkWidget *button;
  TetherReadWindow *window;
  guint n = 0;
  GListModel *toplevels;

  wait_connected (fixture, "good");
  button = click_row_button (fixture, "good", "prompts", "page.get-prompt");
  window = find_toplevel (TETHER_TYPE_READ_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpstr (mcp_item_get_name (tether_read_window_get_item (window)), ==, "greeting");

  /* Required arguments are marked in the form. */
  g_assert_nonnull (find_label (window, "Who to greet"));

  click (button);
  test_iterate_for (100);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      n += TETHER_IS_READ_WINDOW (toplevel);
    }
  g_assert_cmpuint (n, ==, 1);
  close_window (window);
}

static void
test_row_button (Fixture       *fixture,
                 gconstpointer  data)
{
  start (fixture);
  run_app (fixture, row_button_body);
}

/* A required argument left empty is not sent; filled in, the messages come
 * back as a conversation: who says what, text, an image, a resource. */
static void
conversation_body (Fixture *fixture)
{
  TetherReadWindow *window;
  TetherResultView *view;
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

  wait_connected (fixture, "good");
  window = open_prompt (fixture, "good", "conversation");

  gtk_widget_activate_action (GTK_WIDGET (window), "read.get", NULL);
  g_assert_false (tether_read_window_get_busy (window));
  g_assert_nonnull (find_label (window, "Not sent: topic: is required"));
  test_iterate_for (100);
  g_assert_cmpuint (method_count (fixture, "good", "prompts/get"), ==, 0);

  gtk_editable_set_text (entry (window, "topic"), "cats");
  get_and_wait (fixture, window);
  g_assert_cmpuint (method_count (fixture, "good", "prompts/get"), ==, 1);

  view = tether_read_window_get_result_view (window);
  g_assert_nonnull (find_label (view, "A conversation"));
  g_assert_nonnull (find_label (view, "User"));
  g_assert_nonnull (find_label (view, "Assistant"));
  g_assert_nonnull (find_label (view, "Tell me about cats."));
  g_assert_nonnull (find_label (view, "cats is a fine topic."));
  g_assert_nonnull (find_label (view, "# Read me"));
  collect_descendants (GTK_WIDGET (view), GTK_TYPE_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, ==, 1);
  g_assert_nonnull (gtk_picture_get_paintable (g_ptr_array_index (pictures, 0)));
  gtk_window_present (GTK_WINDOW (window));
  screenshot ("prompt-conversation.png");
  close_window (window);
}

static void
test_conversation (Fixture       *fixture,
                   gconstpointer  data)
{
  start (fixture);
  run_app (fixture, conversation_body);
}

static gboolean
list_has (Fixture       *fixture,
          gconstpointer  data)
{
  const struct { TetherCompletionPopover *popover; guint n; } *want = data;

  return n_children (tether_completion_popover_get_list (want->popover)) == want->n &&
         gtk_widget_get_visible (GTK_WIDGET (want->popover));
}

/* As the user types, the server's suggestions are listed; choosing one
 * fills the entry in. */
static void
completions_body (Fixture *fixture)
{
  TetherReadWindow *window;
  TetherCompletionPopover *popover;
  struct { TetherCompletionPopover *popover; guint n; } want;
  GtkListBoxRow *row;

  wait_connected (fixture, "good");
  window = open_prompt (fixture, "good", "conversation");
  gtk_window_present (GTK_WINDOW (window));
  test_iterate_for (200);
  popover = find_descendant (entry (window, "topic"), TETHER_TYPE_COMPLETION_POPOVER);
  g_assert_nonnull (popover);

  gtk_editable_set_text (entry (window, "topic"), "c");
  want.popover = popover;
  want.n = 3;
  wait_until (fixture, list_has, &want, 10000, "three suggestions");
  g_assert_nonnull (find_label (popover, "comets"));
  screenshot ("prompt-completions.png");

  gtk_editable_set_text (entry (window, "topic"), "co");
  want.n = 1;
  wait_until (fixture, list_has, &want, 10000, "one suggestion");
  g_assert_cmpuint (method_count (fixture, "good", "completion/complete"), ==, 2);

  row = gtk_list_box_get_row_at_index (tether_completion_popover_get_list (popover), 0);
  g_signal_emit_by_name (tether_completion_popover_get_list (popover), "row-activated", row);
  g_assert_cmpstr (gtk_editable_get_text (entry (window, "topic")), ==, "comets");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  /* Filling the entry in asks nothing more. */
  test_iterate_for (200);
  g_assert_cmpuint (method_count (fixture, "good", "completion/complete"), ==, 2);

  /* Nothing the server suggests: the list closes. */
  gtk_editable_set_text (entry (window, "topic"), "zebra");
  test_iterate_for (300);
  g_assert_cmpuint (method_count (fixture, "good", "completion/complete"), ==, 3);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  close_window (window);

  /* A server that declares no completions is never asked. */
  wait_connected (fixture, "plain");
  window = open_prompt (fixture, "plain", "greeting");
  g_assert_null (find_descendant (entry (window, "name"), TETHER_TYPE_COMPLETION_POPOVER));
  gtk_editable_set_text (entry (window, "name"), "A");
  test_iterate_for (300);
  g_assert_cmpuint (method_count (fixture, "plain", "completion/complete"), ==, 0);
  close_window (window);
}

static void
test_completions (Fixture       *fixture,
                  gconstpointer  data)
{
  start (fixture);
  run_app (fixture, completions_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("prompt/row-button", test_row_button);
  WINDOW_TEST_ADD ("prompt/conversation", test_conversation);
  WINDOW_TEST_ADD ("prompt/completions", test_completions);

  return window_harness_run ();
}
