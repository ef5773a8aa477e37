/* test-run-tool.c — running a tool from the window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with a real fake server (window-harness.h) offering
 * a tool with a field of every kind and one with every kind of content.
 */

#include "config.h"

#include "window-harness.h"
#include "tether-run-window.h"

static char *
rich_entry (Fixture *fixture)
{
  return fake_entry (fixture, "good", "\"--rich-tools\"");
}

static void
start (Fixture *fixture)
{
  g_autofree char *good = rich_entry (fixture);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
}

static TetherRunWindow *
open_run (Fixture    *fixture,
          const char *tool)
{
  TetherRunWindow *run;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run-tool", "(ss)", "good", tool);
  test_iterate_for (100);
  run = find_toplevel (TETHER_TYPE_RUN_WINDOW);
  g_assert_nonnull (run);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (tether_run_window_get_tool (run))), ==, tool);

  return run;
}

static void
close_run (TetherRunWindow *run)
{
  gtk_window_destroy (GTK_WINDOW (run));
  test_iterate_for (100);
}

static gboolean
run_done (Fixture       *fixture,
          gconstpointer  data)
{
  return !tether_run_window_get_running ((TetherRunWindow *)data);
}

static void
run_and_wait (Fixture         *fixture,
              TetherRunWindow *run)
{
  gtk_widget_activate_action (GTK_WIDGET (run), "run.run", NULL);
  g_assert_true (tether_run_window_get_running (run));
  wait_until (fixture, run_done, run, 10000, "the run to end");
}

static void
set_entry (TetherSchemaForm *form,
           const char       *path,
           const char       *text)
{
  GtkWidget *input = tether_schema_form_get_input (form, path);

  g_assert_true (GTK_IS_EDITABLE (input));
  gtk_editable_set_text (GTK_EDITABLE (input), text);
}

static JsonObject *
result_object (TetherRunWindow *run)
{
  JsonNode *result = tether_result_view_get_result (tether_run_window_get_result_view (run));

  g_assert_nonnull (result);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (result));

  return json_node_get_object (result);
}

/* Tool rows offer Run…, which opens the tool's window. */
static void
row_button_body (Fixture *fixture)
{
  GtkWidget *button;
  TetherRunWindow *run;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  test_iterate_for (200);

  button = find_actionable (tab_list (fixture, "tools"), "win.run-tool");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  click (button);
  run = find_toplevel (TETHER_TYPE_RUN_WINDOW);
  g_assert_nonnull (run);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (tether_run_window_get_tool (run))), ==, "echo");

  /* Asked again, the same window comes back. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run-tool", "(ss)", "good", "echo");
  test_iterate_for (100);
  {
    g_autoptr(GPtrArray) runs = g_ptr_array_new ();
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

        if (TETHER_IS_RUN_WINDOW (window))
          g_ptr_array_add (runs, window);
      }
    g_assert_cmpuint (runs->len, ==, 1);
  }

  /* echo: run, the text comes back. */
  set_entry (tether_run_window_get_form (run), "message", "hello there");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (tether_run_window_get_result_view (run), "hello there"));
  close_run (run);
}

static void
test_row_button (Fixture       *fixture,
                 gconstpointer  data)
{
  start (fixture);
  run_app (fixture, row_button_body);
}

/* Every kind of field: defaults, live validation, required, the values sent. */
static void
form_body (Fixture *fixture)
{
  TetherRunWindow *run;
  TetherSchemaForm *form;
  GtkWidget *input;
  JsonObject *sent;
  JsonArray *tags;

  wait_connected (fixture, "good");
  run = open_run (fixture, "form");
  form = tether_run_window_get_form (run);
  g_assert_nonnull (form);

  /* Defaults are filled in; a $ref is edited as JSON inside the form. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tether_schema_form_get_input (form, "count"))), ==, "3");
  g_assert_true (GTK_IS_SWITCH (tether_schema_form_get_input (form, "loud")));
  g_assert_true (GTK_IS_DROP_DOWN (tether_schema_form_get_input (form, "colour")));
  g_assert_true (GTK_IS_TEXT_VIEW (tether_schema_form_get_input (form, "extra")));
  g_assert_true (GTK_IS_EDITABLE (tether_schema_form_get_input (form, "point.x")));

  /* Live validation, the reason next to the field. */
  set_entry (form, "text", "a");
  g_assert_nonnull (tether_schema_form_get_reason (form, "text"));
  set_entry (form, "count", "9");
  g_assert_nonnull (tether_schema_form_get_reason (form, "count"));
  set_entry (form, "count", "2");
  g_assert_null (tether_schema_form_get_reason (form, "count"));
  set_entry (form, "email", "not an address");
  g_assert_nonnull (tether_schema_form_get_reason (form, "email"));
  set_entry (form, "email", "ada@example.com");
  g_assert_null (tether_schema_form_get_reason (form, "email"));

  /* A required field left empty: not run, and said so. */
  set_entry (form, "text", "");
  gtk_widget_activate_action (GTK_WIDGET (run), "run.run", NULL);
  g_assert_false (tether_run_window_get_running (run));
  g_assert_cmpstr (tether_schema_form_get_reason (form, "text"), ==, "is required");
  test_iterate_for (100);
  g_assert_cmpuint (method_count (fixture, "good", "tools/call"), ==, 0);

  set_entry (form, "text", "hello");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (tether_schema_form_get_input (form, "colour")), 2);
  click (tether_schema_form_get_input (form, "tags"));
  set_entry (form, "tags[0]", "first");
  click (tether_schema_form_get_input (form, "tags"));
  set_entry (form, "tags[1]", "second");
  set_entry (form, "point.x", "1.5");
  gtk_switch_set_active (GTK_SWITCH (tether_schema_form_get_input (form, "loud")), TRUE);
  input = tether_schema_form_get_input (form, "extra");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (input)), "{\"any\": [1]}", -1);
  screenshot ("run-form.png");

  run_and_wait (fixture, run);
  sent = json_object_get_object_member (result_object (run), "structuredContent");
  g_assert_cmpstr (json_object_get_string_member (sent, "text"), ==, "hello");
  g_assert_cmpstr (json_object_get_string_member (sent, "email"), ==, "ada@example.com");
  g_assert_cmpint (json_object_get_int_member (sent, "count"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (sent, "colour"), ==, "green");
  g_assert_true (json_object_get_boolean_member (sent, "loud"));
  tags = json_object_get_array_member (sent, "tags");
  g_assert_cmpuint (json_array_get_length (tags), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (tags, 1), ==, "second");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (sent, "point"), "x"), ==, 1.5);
  g_assert_false (json_object_has_member (json_object_get_object_member (sent, "point"), "y"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (sent, "extra"),
                                                                          "any")), ==, 1);
  /* Optional fields left empty are not sent. */
  g_assert_false (json_object_has_member (sent, "ratio"));
  screenshot ("run-result.png");

  /* The JSON editor shows the same values, and back again. */
  tether_run_window_show_json (run, TRUE);
  {
    g_autofree char *text = tether_run_window_dup_json_text (run);

    assert_contains (text, "\"text\" : \"hello\"");
    assert_contains (text, "\"second\"");
  }
  tether_run_window_set_json_text (run, "{\"text\": \"bye\", \"count\": 4}");
  tether_run_window_show_json (run, FALSE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tether_schema_form_get_input (form, "text"))), ==, "bye");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tether_schema_form_get_input (form, "count"))), ==, "4");
  g_assert_null (tether_schema_form_get_input (form, "tags[0]"));

  /* JSON that does not read keeps the editor open, saying why. */
  tether_run_window_show_json (run, TRUE);
  tether_run_window_set_json_text (run, "{\"text\": ");
  tether_run_window_show_json (run, FALSE);
  test_iterate_for (100);
  g_assert_nonnull (find_shown_label (run, "The arguments are not valid JSON"));
  {
    g_autofree char *text = tether_run_window_dup_json_text (run);

    g_assert_cmpstr (text, ==, "{\"text\": ");
  }

  /* Anything an object holds can be sent from the JSON editor. */
  tether_run_window_set_json_text (run, "{\"text\": \"raw\", \"unknown\": null}");
  run_and_wait (fixture, run);
  sent = json_object_get_object_member (result_object (run), "structuredContent");
  g_assert_cmpstr (json_object_get_string_member (sent, "text"), ==, "raw");
  g_assert_true (json_object_has_member (sent, "unknown"));

  /* Copy result as JSON. */
  gtk_widget_activate_action (GTK_WIDGET (run), "run.copy-result", NULL);
  {
    g_autofree char *copied = read_clipboard (fixture);

    assert_contains (copied, "\"structuredContent\"");
    assert_contains (copied, "\"raw\"");
  }

  close_run (run);
}

static void
test_form (Fixture       *fixture,
           gconstpointer  data)
{
  start (fixture);
  run_app (fixture, form_body);
}

static gboolean
progress_shown (Fixture       *fixture,
                gconstpointer  data)
{
  GtkProgressBar *bar = find_descendant ((gpointer)data, GTK_TYPE_PROGRESS_BAR);

  return gtk_widget_get_visible (GTK_WIDGET (bar)) && gtk_progress_bar_get_fraction (bar) > 0;
}

static gboolean
cancel_received (Fixture       *fixture,
                 gconstpointer  data)
{
  return method_count (fixture, "good", "notifications/cancelled") >= 1;
}

/* Progress as the server sends it; Cancel sends notifications/cancelled. */
static void
progress_body (Fixture *fixture)
{
  TetherRunWindow *run;
  GtkProgressBar *bar;

  wait_connected (fixture, "good");
  run = open_run (fixture, "slow");
  set_entry (tether_run_window_get_form (run), "ms", "600000");
  set_entry (tether_run_window_get_form (run), "steps", "6000");
  gtk_widget_activate_action (GTK_WIDGET (run), "run.run", NULL);
  g_assert_true (tether_run_window_get_running (run));
  wait_until (fixture, progress_shown, run, 10000, "progress");
  bar = find_descendant (run, GTK_TYPE_PROGRESS_BAR);
  assert_contains (gtk_progress_bar_get_text (bar), "of 6000");
  g_assert_nonnull (find_shown_label (run, "0."));

  gtk_widget_activate_action (GTK_WIDGET (run), "run.cancel", NULL);
  wait_until (fixture, run_done, run, 10000, "the run to be cancelled");
  g_assert_nonnull (find_shown_label (run, "Cancelled after"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  wait_until (fixture, cancel_received, NULL, 10000, "notifications/cancelled at the server");

  /* The server still answers: the call ended there, not the session. */
  set_entry (tether_run_window_get_form (run), "ms", "10");
  set_entry (tether_run_window_get_form (run), "steps", "1");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (tether_run_window_get_result_view (run), "done"));
  close_run (run);
}

static void
test_progress (Fixture       *fixture,
               gconstpointer  data)
{
  start (fixture);
  run_app (fixture, progress_body);
}

/* The button says where it saved, once the file is complete. */
static gboolean
file_written (Fixture       *fixture,
              gconstpointer  data)
{
  return g_object_get_data (G_OBJECT (data), "saved-path") != NULL;
}

static gboolean
resource_read (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = 0;

  collect_descendants (GTK_WIDGET (data), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), "# Read me"))
      n++;

  return n == 2;
}

/* Every kind of content; the image saved through the portal. */
static void
media_body (Fixture *fixture)
{
  TetherRunWindow *run;
  TetherResultView *view;
  GtkWidget *save;
  GtkWidget *open;
  g_autofree char *saved = g_build_filename (fixture->dir, "saved.png", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

  wait_connected (fixture, "good");
  run = open_run (fixture, "media");
  g_assert_nonnull (find_shown_label (run, "This tool takes no arguments."));
  run_and_wait (fixture, run);
  view = tether_run_window_get_result_view (run);

  /* The image is shown, audio summarised, JSON text pretty-printed. */
  collect_descendants (GTK_WIDGET (view), GTK_TYPE_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, ==, 1);
  g_assert_nonnull (gtk_picture_get_paintable (g_ptr_array_index (pictures, 0)));
  g_assert_nonnull (find_shown_label (view, "Image · image/png"));
  g_assert_nonnull (find_shown_label (view, "Audio · audio/wav"));
  g_assert_nonnull (find_shown_label (view, "{\n  \"ok\" : true"));
  screenshot ("run-media.png");

  /* Saved where the user says. */
  save = find_descendant (view, GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_has_css_class (save, "result-save"));
  g_clear_pointer (&portal_answer, g_free);
  portal_answer = g_filename_to_uri (saved, NULL, NULL);
  click (save);
  wait_until (fixture, file_written, save, 10000, "the image to be saved");
  g_assert_cmpstr (g_object_get_data (G_OBJECT (save), "saved-path"), ==, saved);
  g_clear_pointer (&portal_answer, g_free);
  g_assert_cmpstr (portal_title, ==, "Save");
  g_assert_true (g_file_get_contents (saved, &contents, &length, NULL));
  g_assert_cmpuint (length, ==, 70);
  g_assert_cmpmem (contents, 4, "\x89PNG", 4);

  /* A resource link is read when asked. */
  g_assert_true (resource_read (fixture, view) == FALSE);
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

    collect_descendants (GTK_WIDGET (view), GTK_TYPE_BUTTON, buttons);
    open = NULL;
    for (guint i = 0; i < buttons->len; i++)
      if (gtk_widget_has_css_class (g_ptr_array_index (buttons, i), "result-open"))
        open = g_ptr_array_index (buttons, i);
  }
  g_assert_nonnull (open);
  click (open);
  wait_until (fixture, resource_read, view, 10000, "the linked resource");
  g_assert_cmpuint (method_count (fixture, "good", "resources/read"), ==, 1);
  close_run (run);

  /* isError is the tool's error, not the protocol's. */
  run = open_run (fixture, "fail");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (run, "The tool reported an error"));
  g_assert_nonnull (find_label (run, "This tool always fails."));
  g_assert_null (find_label (run, "No result"));
  close_run (run);

  /* Its structuredContent checked against its outputSchema. */
  run = open_run (fixture, "add");
  set_entry (tether_run_window_get_form (run), "a", "1");
  set_entry (tether_run_window_get_form (run), "b", "2");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (run, "Matches the tool’s output schema."));
  g_assert_nonnull (find_shown_label (run, "sum: 3"));
  close_run (run);
}

static void
test_media (Fixture       *fixture,
            gconstpointer  data)
{
  start (fixture);
  run_app (fixture, media_body);
}

/* A protocol error is not a tool error. */
static void
protocol_error_body (Fixture *fixture)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(McpTool) tool = NULL;
  g_autoptr(TetherRunHistory) history = tether_run_history_new ();
  TetherRunWindow *run;

  wait_connected (fixture, "good");
  g_assert_true (json_parser_load_from_data (parser,
                                             "{\"name\":\"hostile-error\",\"inputSchema\":{\"$ref\":\"#/x\"}}",
                                             -1, NULL));
  tool = mcp_tool_new_from_json (json_node_get_object (json_parser_get_root (parser)), NULL);
  g_assert_nonnull (tool);
  run = tether_run_window_new (get_server (fixture, "good"), tool, history);
  gtk_window_present (GTK_WINDOW (run));
  test_iterate_for (100);

  /* A schema the form cannot express opens as JSON. */
  g_assert_null (tether_run_window_get_form (run));
  g_assert_nonnull (find_label_prefix (run, "The arguments can only be written as JSON"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (find_descendant (run, GTK_TYPE_STACK)), ==, "json");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (run, "No result"));
  g_assert_null (find_label (run, "The tool reported an error"));
  close_run (run);
}

static void
test_protocol_error (Fixture       *fixture,
                     gconstpointer  data)
{
  start (fixture);
  run_app (fixture, protocol_error_body);
}

/* The runs of a tool are kept for the session, and run again. */
static void
history_body (Fixture *fixture)
{
  TetherRunWindow *run;
  GtkListBox *list;
  GtkWidget *again;
  GtkListBoxRow *row;

  wait_connected (fixture, "good");
  run = open_run (fixture, "echo");
  set_entry (tether_run_window_get_form (run), "message", "first");
  run_and_wait (fixture, run);
  set_entry (tether_run_window_get_form (run), "message", "second");
  run_and_wait (fixture, run);
  close_run (run);

  /* A new window for the tool has its history. */
  run = open_run (fixture, "echo");
  list = find_descendant (run, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 1));
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));

  /* Opening the older run shows its arguments and result. */
  row = gtk_list_box_get_row_at_index (list, 1);
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tether_schema_form_get_input (tether_run_window_get_form (run),
                                                                                      "message"))), ==, "first");
  g_assert_nonnull (find_label (tether_run_window_get_result_view (run), "first"));

  /* Run again: the same arguments reach the server once more. */
  again = find_descendant (row, GTK_TYPE_BUTTON);
  g_signal_emit_by_name (again, "clicked");
  g_assert_true (tether_run_window_get_running (run));
  wait_until (fixture, run_done, run, 10000, "the run again to end");
  g_assert_cmpuint (method_count (fixture, "good", "tools/call"), ==, 3);
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
  g_assert_nonnull (find_label (tether_run_window_get_result_view (run), "first"));
  close_run (run);
}

static void
test_history (Fixture       *fixture,
              gconstpointer  data)
{
  start (fixture);
  run_app (fixture, history_body);
}

static gboolean
task_label_shown (Fixture       *fixture,
                  gconstpointer  data)
{
  return find_label_prefix ((TetherRunWindow *)data, "Task working") != NULL;
}

/* A tool that runs only as a task runs as one: its status shows while it
 * runs, Cancel cancels it on the server, and the end shows too. */
static void
task_body (Fixture *fixture)
{
  TetherRunWindow *run;

  wait_connected (fixture, "good");
  run = open_run (fixture, "research");
  g_assert_nonnull (find_label_prefix (run, "This tool runs as a task"));

  /* One that completes. */
  set_entry (tether_run_window_get_form (run), "topic", "tides");
  run_and_wait (fixture, run);
  g_assert_nonnull (find_label (tether_run_window_get_result_view (run), "research done: tides"));
  g_assert_nonnull (find_label_prefix (run, "Task completed"));
  screenshot ("run-task-completed.png");

  /* One that works until it is cancelled. */
  set_entry (tether_run_window_get_form (run), "path", "hang");
  gtk_widget_activate_action (GTK_WIDGET (run), "run.run", NULL);
  wait_until (fixture, task_label_shown, run, 10000, "the task to work");
  g_assert_nonnull (find_label_prefix (run, "Task working — starting"));
  screenshot ("run-task-working.png");
  gtk_widget_activate_action (GTK_WIDGET (run), "run.cancel", NULL);
  wait_until (fixture, run_done, run, 10000, "the task to be cancelled");
  g_assert_nonnull (find_label_prefix (run, "Task cancelled — cancelled by the client"));
  g_assert_cmpuint (method_count (fixture, "good", "tasks/cancel"), ==, 1);
  g_assert_cmpuint (method_count (fixture, "good", "tools/call"), ==, 2);
  screenshot ("run-task-cancelled.png");
  close_run (run);
}

static void
test_task (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", "\"--use-tasks\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, task_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("run/row-button", test_row_button);
  WINDOW_TEST_ADD ("run/form", test_form);
  WINDOW_TEST_ADD ("run/progress", test_progress);
  WINDOW_TEST_ADD ("run/media", test_media);
  WINDOW_TEST_ADD ("run/protocol-error", test_protocol_error);
  WINDOW_TEST_ADD ("run/history", test_history);
  WINDOW_TEST_ADD ("run/task", test_task);

  return window_harness_run ();
}
