/* tether-run-window.c — run one tool of a server, and see what it gives
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The arguments on the left, as a form made from the tool's inputSchema or
 * as raw JSON (either at any time, kept in sync; a schema the form cannot
 * express opens as JSON), Run (Ctrl+Return) and Cancel under them, with
 * the elapsed time and the progress the server sends; the result on the
 * right. Earlier runs of the tool, for the session, are under the history
 * button: opening one shows its arguments and result, and runs it again.
 *
 * Cancel cancels the request, which sends notifications/cancelled; closing
 * the window cancels a run in flight too.
 */

#define G_LOG_DOMAIN "tether-run-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-dialog-parts.h"
#include "tether-run-window.h"
#include "tether-visible-text.h"

struct _TetherRunWindow
{
  AdwWindow          parent_instance;

  TetherServer      *server;
  McpTool           *tool;
  TetherRunHistory  *history;
  TetherSchemaField *fields;
  GtkWidget         *form;

  /* The run in flight */
  GCancellable      *cancellable;
  JsonObject        *arguments;
  gint64             started;
  guint              tick_id;
  gboolean           json_shown;  /* the page the values were last synced to */
  McpTask           *task;        /* of the last run, when it ran as a task */

  /* Template widgets */
  GtkLabel          *description_label;
  GtkLabel          *elapsed_label;
  GtkBox            *form_box;
  GtkLabel          *form_note;
  GtkListBox        *history_list;
  GtkMenuButton     *history_button;
  GtkStack          *input_stack;
  GtkTextView       *json_view;
  GtkLabel          *problem_label;
  GtkProgressBar    *progress_bar;
  GtkLabel          *task_label;
  GtkWidget         *result_placeholder;
  TetherResultView  *result_view;
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
};

G_DEFINE_FINAL_TYPE (TetherRunWindow, tether_run_window, ADW_TYPE_WINDOW)

/* Helpers */

static void
show_problem (TetherRunWindow *self,
              const char      *problem)
{
  tether_dialog_parts_show_problem (self->problem_label, problem);
}

static void
update_actions (TetherRunWindow *self)
{
  gboolean running = self->cancellable != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "run.run", !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "run.cancel", running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "run.copy-result",
                                 tether_result_view_get_result (self->result_view) != NULL);
}

static char *
format_duration (gint64 us)
{
  /* Translators: how long a run took, in seconds */
  return g_strdup_printf (_("%.1f s"), us / (double)G_USEC_PER_SEC);
}

static gboolean
json_visible (TetherRunWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->input_stack), "json") == 0;
}

char *
tether_run_window_dup_json_text (TetherRunWindow *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), NULL);

  buffer = gtk_text_view_get_buffer (self->json_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);

  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
tether_run_window_set_json_text (TetherRunWindow *self,
                                 const char      *text)
{
  g_return_if_fail (TETHER_IS_RUN_WINDOW (self));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->json_view), text, -1);
}

static void
set_json_from (TetherRunWindow *self,
               JsonObject      *values)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), values);
  g_autofree char *text = json_to_string (node, TRUE);

  tether_run_window_set_json_text (self, text);
}

/* The JSON editor's object, or NULL with the reason shown. */
static JsonObject *
parse_json_arguments (TetherRunWindow *self)
{
  g_autofree char *text = tether_run_window_dup_json_text (self);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (*g_strstrip (text) == '\0')
    return json_object_new ();

  if (!json_parser_load_from_data (parser, text, -1, &error))
    {
      g_autofree char *problem = g_strdup_printf (_("The arguments are not valid JSON: %s"), error->message);

      show_problem (self, problem);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      show_problem (self, _("The arguments must be a JSON object, like {\"name\": \"value\"}."));
      return NULL;
    }

  return json_object_ref (json_node_get_object (root));
}

/* A problem said at Run is gone once the user changes a value. */
static void
form_changed_cb (TetherRunWindow *self)
{
  show_problem (self, NULL);
}

/* Switching between the form and the JSON carries the values over. */
static void
input_page_changed_cb (TetherRunWindow *self)
{
  /* Compared with the page last synced to, as the stack may say so twice. */
  if (self->form == NULL || json_visible (self) == self->json_shown)
    return;

  self->json_shown = json_visible (self);
  show_problem (self, NULL);
  if (self->json_shown)
    {
      g_autoptr(JsonObject) values = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), NULL);

      set_json_from (self, values);
    }
  else
    {
      g_autoptr(JsonObject) values = parse_json_arguments (self);

      if (values == NULL)
        {
          /* Stay with the JSON until it reads. */
          self->json_shown = TRUE;
          gtk_stack_set_visible_child_name (self->input_stack, "json");
          return;
        }
      tether_schema_form_set_values (TETHER_SCHEMA_FORM (self->form), values);
    }
}

void
tether_run_window_show_json (TetherRunWindow *self,
                             gboolean         json)
{
  g_return_if_fail (TETHER_IS_RUN_WINDOW (self));

  gtk_stack_set_visible_child_name (self->input_stack, json ? "json" : "form");
}

/* History */

static void run_with (TetherRunWindow *self,
                      JsonObject      *arguments);

static void
show_record (TetherRunWindow *self,
             TetherRunRecord *record)
{
  JsonNode *result = tether_run_record_get_result (record);

  gtk_widget_set_visible (self->result_placeholder, FALSE);
  if (result != NULL)
    tether_result_view_show_result (self->result_view, result, mcp_tool_get_output_schema (self->tool));
  else
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED,
                                                     tether_run_record_get_error (record));

      tether_result_view_show_error (self->result_view, error);
    }
}

static void
load_arguments (TetherRunWindow *self,
                JsonObject      *arguments)
{
  set_json_from (self, arguments);
  if (self->form != NULL && !json_visible (self))
    tether_schema_form_set_values (TETHER_SCHEMA_FORM (self->form), arguments);
}

static void
history_row_activated_cb (GtkListBox      *list,
                          GtkListBoxRow   *row,
                          TetherRunWindow *self)
{
  TetherRunRecord *record = g_object_get_data (G_OBJECT (row), "record");

  load_arguments (self, tether_run_record_get_arguments (record));
  show_record (self, record);
  gtk_menu_button_popdown (self->history_button);
  update_actions (self);
}

static void
rerun_clicked_cb (GtkButton       *button,
                  TetherRunWindow *self)
{
  TetherRunRecord *record = g_object_get_data (G_OBJECT (button), "record");

  gtk_menu_button_popdown (self->history_button);
  load_arguments (self, tether_run_record_get_arguments (record));
  run_with (self, tether_run_record_get_arguments (record));
}

static GtkWidget *
create_history_row (gpointer item,
                    gpointer user_data)
{
  TetherRunWindow *self = user_data;
  TetherRunRecord *record = item;
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), tether_run_record_get_arguments (record));
  g_autofree char *arguments = json_to_string (node, FALSE);
  g_autofree char *shown_arguments = tether_visible_text (arguments);
  g_autofree char *time = g_date_time_format (tether_run_record_get_time (record), "%X");
  g_autofree char *duration = format_duration (tether_run_record_get_duration (record));
  g_autofree char *title = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *label;
  GtkWidget *again = gtk_button_new_from_icon_name ("view-refresh-symbolic");
  const char *outcome = tether_run_record_get_error (record) != NULL ? _("no result") : _("result");

  /* Translators: a run in the history: when, how long it took, and whether it gave a result */
  title = g_strdup_printf (_("%s · %s · %s"), time, duration, outcome);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_box_append (GTK_BOX (texts), label);
  label = gtk_label_new (shown_arguments);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (texts), label);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (box), texts);

  gtk_widget_set_tooltip_text (again, _("Run Again"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (again), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Run Again"), -1);
  gtk_widget_set_valign (again, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (again, "flat");
  g_object_set_data_full (G_OBJECT (again), "record", g_object_ref (record), g_object_unref);
  g_signal_connect_object (again, "clicked", G_CALLBACK (rerun_clicked_cb), self, 0);
  gtk_box_append (GTK_BOX (box), again);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "record", g_object_ref (record), g_object_unref);

  return row;
}

static void
history_changed_cb (TetherRunWindow *self)
{
  GListModel *runs = tether_run_history_get_runs (self->history, tether_server_get_name (self->server),
                                                  mcp_item_get_name (MCP_ITEM (self->tool)));

  gtk_widget_set_sensitive (GTK_WIDGET (self->history_button), g_list_model_get_n_items (runs) > 0);
}

/* Running */

static gboolean
tick_cb (gpointer user_data)
{
  TetherRunWindow *self = user_data;
  g_autofree char *elapsed = format_duration (g_get_monotonic_time () - self->started);

  gtk_label_set_label (self->elapsed_label, elapsed);

  return G_SOURCE_CONTINUE;
}

static void
progress_cb (double      progress,
             double      total,
             const char *message,
             gpointer    user_data)
{
  TetherWindowCall *call = user_data;
  g_autoptr(TetherRunWindow) self = g_weak_ref_get (&call->window);
  g_autofree char *text = NULL;

  if (self == NULL || self->cancellable != call->cancellable)
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  if (total > 0)
    {
      char progress_text[G_ASCII_DTOSTR_BUF_SIZE], total_text[G_ASCII_DTOSTR_BUF_SIZE];

      gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (progress / total, 0.0, 1.0));
      g_ascii_formatd (progress_text, sizeof progress_text, "%g", progress);
      g_ascii_formatd (total_text, sizeof total_text, "%g", total);
      /* Translators: the progress a server reports, like "3 of 10" */
      text = g_strdup_printf (_("%s of %s"), progress_text, total_text);
    }
  else
    gtk_progress_bar_pulse (self->progress_bar);

  if (message != NULL && *message != '\0')
    {
      g_autofree char *shown = tether_visible_text (message);
      g_autofree char *with_message = text != NULL ? g_strdup_printf ("%s · %s", text, shown) : g_strdup (shown);

      g_free (text);
      text = g_steal_pointer (&with_message);
    }
  gtk_progress_bar_set_text (self->progress_bar, text);
}

/* Where the task of the run is: working, waiting for the person's answer,
 * over — with the server's note, shown as text. */
static void
show_task_status (TetherRunWindow *self)
{
  const char *message = mcp_task_get_status_message (self->task);
  const char *status;
  g_autofree char *text = NULL;

  switch (mcp_task_get_status (self->task))
    {
    case MCP_TASK_STATUS_WORKING: status = _("Task working"); break;
    case MCP_TASK_STATUS_INPUT_REQUIRED: status = _("Task waiting for input"); break;
    case MCP_TASK_STATUS_COMPLETED: status = _("Task completed"); break;
    case MCP_TASK_STATUS_FAILED: status = _("Task failed"); break;
    case MCP_TASK_STATUS_CANCELLED: status = _("Task cancelled"); break;
    case MCP_TASK_STATUS_NONE:
    default: status = _("Creating the task…"); break;
    }

  if (message != NULL && *message != '\0')
    {
      g_autofree char *shown = tether_visible_text (message);

      /* Translators: a task's status, then the server's note on it */
      text = g_strdup_printf (_("%s — %s"), status, shown);
    }
  else
    text = g_strdup (status);

  gtk_label_set_label (self->task_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->task_label), TRUE);
}

static void
task_changed_cb (TetherRunWindow *self)
{
  show_task_status (self);
}

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  TetherWindowCall *call = user_data;
  g_autoptr(TetherRunWindow) self = g_weak_ref_get (&call->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_call_tool_finish (TETHER_SERVER (object), result, &error);
  g_autoptr(TetherRunRecord) record = NULL;
  g_autofree char *elapsed = NULL;
  gint64 duration;

  if (self == NULL || self->cancellable != call->cancellable)
    {
      tether_window_call_free (call);
      return;
    }

  duration = g_get_monotonic_time () - self->started;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_object (&self->cancellable);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);

  elapsed = format_duration (duration);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Translators: a run the user cancelled, after how long */
      g_autofree char *text = g_strdup_printf (_("Cancelled after %s"), elapsed);

      gtk_label_set_label (self->elapsed_label, text);
    }
  else
    {
      /* Translators: how long the run took */
      g_autofree char *text = g_strdup_printf (_("Took %s"), elapsed);

      gtk_label_set_label (self->elapsed_label, text);
    }

  gtk_widget_set_visible (self->result_placeholder, FALSE);
  if (node != NULL)
    tether_result_view_show_result (self->result_view, node, mcp_tool_get_output_schema (self->tool));
  else
    tether_result_view_show_error (self->result_view, error);

  record = tether_run_record_new (mcp_item_get_name (MCP_ITEM (self->tool)), self->arguments, node,
                                  error != NULL ? error->message : NULL, duration);
  tether_run_history_add (self->history, tether_server_get_name (self->server), record);

  update_actions (self);
  tether_window_call_free (call);
}

static void
run_with (TetherRunWindow *self,
          JsonObject      *arguments)
{
  TetherWindowCall *call;

  if (self->cancellable != NULL)
    return;

  show_problem (self, NULL);
  g_clear_pointer (&self->arguments, json_object_unref);
  self->arguments = json_object_ref (arguments);
  self->cancellable = g_cancellable_new ();
  self->started = g_get_monotonic_time ();
  self->tick_id = g_timeout_add (100, tick_cb, self);
  tick_cb (self);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);

  call = tether_window_call_new (self, self->cancellable);
  if (self->task != NULL)
    g_signal_handlers_disconnect_by_data (self->task, self);
  g_clear_object (&self->task);
  gtk_widget_set_visible (GTK_WIDGET (self->task_label), FALSE);

  /* A tool that runs only as a task runs as one: its status shows while
   * it runs, and Cancel cancels it on the server. */
  if (mcp_tool_get_task_support (self->tool) == MCP_TASK_SUPPORT_REQUIRED)
    {
      self->task = mcp_task_new ();
      g_signal_connect_object (self->task, "notify::status", G_CALLBACK (task_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->task, "notify::status-message", G_CALLBACK (task_changed_cb), self,
                               G_CONNECT_SWAPPED);
      show_task_status (self);
      tether_server_call_tool_task_async (self->server, mcp_item_get_name (MCP_ITEM (self->tool)), arguments,
                                          G_OBJECT (self), self->task, self->cancellable, call_done_cb, call);
    }
  else
    tether_server_call_tool_full_async (self->server, mcp_item_get_name (MCP_ITEM (self->tool)), arguments,
                                        NULL, G_OBJECT (self), progress_cb, call, self->cancellable,
                                        call_done_cb, call);
  update_actions (self);
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TetherRunWindow *self = TETHER_RUN_WINDOW (widget);
  g_autoptr(JsonObject) arguments = NULL;

  if (self->cancellable != NULL)
    return;

  if (json_visible (self) || self->form == NULL)
    {
      arguments = parse_json_arguments (self);
      if (arguments == NULL)
        return;
    }
  else
    {
      g_autofree char *problem = NULL;

      arguments = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), &problem);
      if (problem != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("Not run: %s"), problem);

          show_problem (self, text);
          return;
        }
      set_json_from (self, arguments);
    }

  run_with (self, arguments);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TetherRunWindow *self = TETHER_RUN_WINDOW (widget);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
copy_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherRunWindow *self = TETHER_RUN_WINDOW (widget);
  g_autofree char *json = tether_result_view_dup_json (self->result_view);

  tether_dialog_parts_copy_json (self->toast_overlay, json, _("Copied the result"));
}

static void
toast_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  tether_dialog_parts_toast_markup (TETHER_RUN_WINDOW (widget)->toast_overlay,
                                    g_variant_get_string (parameter, NULL));
}

/* GObject */

static gboolean
tether_run_window_close_request (GtkWindow *window)
{
  TetherRunWindow *self = TETHER_RUN_WINDOW (window);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);

  return GTK_WINDOW_CLASS (tether_run_window_parent_class)->close_request (window);
}

static void
tether_run_window_dispose (GObject *object)
{
  TetherRunWindow *self = (TetherRunWindow *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->tick_id, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_RUN_WINDOW);

  g_clear_pointer (&self->arguments, json_object_unref);
  if (self->task != NULL)
    g_signal_handlers_disconnect_by_data (self->task, self);
  g_clear_object (&self->task);
  g_clear_object (&self->fields);
  g_clear_object (&self->history);
  g_clear_object (&self->tool);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (tether_run_window_parent_class)->dispose (object);
}

static void
tether_run_window_class_init (TetherRunWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tether_run_window_dispose;
  window_class->close_request = tether_run_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-run-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, description_label);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, form_box);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, form_note);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, task_label);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, history_list);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, input_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, json_view);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, result_placeholder);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, result_view);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TetherRunWindow, window_title);
  gtk_widget_class_bind_template_callback (widget_class, input_page_changed_cb);

  gtk_widget_class_install_action (widget_class, "run.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "run.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "run.copy-result", NULL, copy_result_action);
  gtk_widget_class_install_action (widget_class, "win.toast", "s", toast_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "run.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "run.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);

  g_type_ensure (TETHER_TYPE_RESULT_VIEW);
}

static void
tether_run_window_init (TetherRunWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The menu button's own button, which takes focus, is left unnamed */
  tether_accessible_name_inner (GTK_WIDGET (self->history_button), GTK_TYPE_TOGGLE_BUTTON, _("Earlier Runs"));
}

/**
 * tether_run_window_new:
 * @server: the server
 * @tool: one of its tools
 * @history: where the runs are kept for the session
 *
 * Returns: (transfer full): a new window to run @tool
 */
TetherRunWindow *
tether_run_window_new (TetherServer     *server,
                       McpTool          *tool,
                       TetherRunHistory *history)
{
  TetherRunWindow *self;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  const char *description;
  GListModel *runs;

  g_return_val_if_fail (TETHER_IS_SERVER (server), NULL);
  g_return_val_if_fail (MCP_IS_TOOL (tool), NULL);
  g_return_val_if_fail (TETHER_IS_RUN_HISTORY (history), NULL);

  self = g_object_new (TETHER_TYPE_RUN_WINDOW, NULL);
  self->server = g_object_ref (server);
  self->tool = g_object_ref (tool);
  self->history = g_object_ref (history);

  /* Names and descriptions come from the server: shown, never obeyed. */
  title = tether_visible_text (mcp_item_get_label (MCP_ITEM (tool)));
  subtitle = tether_visible_text (tether_server_get_name (server));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);

  description = mcp_item_get_description (MCP_ITEM (tool));
  if (description != NULL && *description != '\0')
    {
      g_autofree char *lines = tether_visible_lines (description);

      gtk_label_set_label (self->description_label, lines);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL && *description != '\0');

  self->fields = tether_schema_field_new_from_schema (mcp_tool_get_input_schema (tool));
  tether_result_view_set_server (self->result_view, server);

  if (tether_schema_field_get_kind (self->fields) == TETHER_SCHEMA_KIND_OBJECT)
    {
      g_autoptr(JsonObject) values = NULL;

      self->form = tether_schema_form_new (self->fields);
      gtk_box_append (self->form_box, self->form);
      g_signal_connect_object (self->form, "changed", G_CALLBACK (form_changed_cb), self, G_CONNECT_SWAPPED);
      values = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), NULL);
      set_json_from (self, values);
      if (g_list_model_get_n_items (tether_schema_field_get_fields (self->fields)) == 0)
        {
          gtk_label_set_label (self->form_note, _("This tool takes no arguments."));
          gtk_widget_add_css_class (GTK_WIDGET (self->form_note), "dim-label");
          gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
        }
    }
  else
    {
      /* What the form cannot express opens as JSON. */
      const char *why = tether_schema_field_get_raw_reason (self->fields);
      g_autofree char *note = g_strdup_printf (_("The arguments can only be written as JSON: %s"),
                                               why != NULL ? why : _("the schema is not an object"));

      gtk_label_set_label (self->form_note, note);
      gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
      tether_run_window_set_json_text (self, "{}");
      self->json_shown = TRUE;
      gtk_stack_set_visible_child_name (self->input_stack, "json");
    }

  if (mcp_tool_get_task_support (tool) == MCP_TASK_SUPPORT_REQUIRED)
    {
      const char *before = gtk_widget_get_visible (GTK_WIDGET (self->form_note))
                             ? gtk_label_get_label (self->form_note) : NULL;
      const char *note = _("This tool runs as a task: its status shows while it runs, and Cancel stops it on the server.");
      g_autofree char *text = before != NULL ? g_strdup_printf ("%s\n%s", before, note) : g_strdup (note);

      gtk_label_set_label (self->form_note, text);
      gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
    }

  runs = tether_run_history_get_runs (history, tether_server_get_name (server),
                                      mcp_item_get_name (MCP_ITEM (tool)));
  gtk_list_box_bind_model (self->history_list, runs, create_history_row, self, NULL);
  g_signal_connect_object (self->history_list, "row-activated",
                           G_CALLBACK (history_row_activated_cb), self, 0);
  g_signal_connect_object (runs, "items-changed", G_CALLBACK (history_changed_cb), self, G_CONNECT_SWAPPED);
  history_changed_cb (self);

  update_actions (self);

  return self;
}

TetherServer *
tether_run_window_get_server (TetherRunWindow *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), NULL);

  return self->server;
}

McpTool *
tether_run_window_get_tool (TetherRunWindow *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), NULL);

  return self->tool;
}

/**
 * tether_run_window_get_form:
 * @self: a #TetherRunWindow
 *
 * Returns: (transfer none) (nullable): the form, %NULL when the arguments
 *   can only be written as JSON
 */
TetherSchemaForm *
tether_run_window_get_form (TetherRunWindow *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), NULL);

  return self->form != NULL ? TETHER_SCHEMA_FORM (self->form) : NULL;
}

TetherResultView *
tether_run_window_get_result_view (TetherRunWindow *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), NULL);

  return self->result_view;
}

gboolean
tether_run_window_get_running (TetherRunWindow *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_WINDOW (self), FALSE);

  return self->cancellable != NULL;
}
