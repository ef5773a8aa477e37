/* tether-read-window.c — get a prompt of a server, and see its messages
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The prompt's arguments on the left, as a form (each a string, the
 * required ones marked), with what the server suggests as the user types
 * when it offers completions; Get (Ctrl+Return) under them. The messages
 * the server gives back are shown on the right as a conversation.
 *
 * Closing the window cancels a request in flight.
 */

#define G_LOG_DOMAIN "tether-read-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-prompt.h"
#include "tether-completion-popover.h"
#include "tether-dialog-parts.h"
#include "tether-read-window.h"
#include "tether-visible-text.h"

struct _TetherReadWindow
{
  AdwWindow          parent_instance;

  TetherServer      *server;
  McpItem           *item;
  TetherSchemaField *fields;
  GtkWidget         *form;
  GCancellable      *cancellable;

  /* Template widgets */
  GtkLabel          *description_label;
  GtkBox            *form_box;
  GtkLabel          *form_note;
  GtkButton         *get_button;
  GtkLabel          *problem_label;
  GtkLabel          *status_label;
  GtkWidget         *result_placeholder;
  TetherResultView  *result_view;
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
};

G_DEFINE_FINAL_TYPE (TetherReadWindow, tether_read_window, ADW_TYPE_WINDOW)

static void
update_actions (TetherReadWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "read.get", self->cancellable == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "read.copy-result",
                                 tether_result_view_get_result (self->result_view) != NULL);
}

/* A prompt's arguments, as the object schema of string fields the form
 * knows: {"type": "object", "properties": {NAME: {"type": "string",
 * "description": …}}, "required": [NAME…]}. An argument without a name is
 * left out. */
static JsonNode *
prompt_schema (McpPrompt *prompt)
{
  JsonNode *arguments = mcp_prompt_get_arguments (prompt);
  JsonObject *schema = json_object_new ();
  JsonObject *properties = json_object_new ();
  JsonArray *required = json_array_new ();
  JsonArray *list = arguments != NULL && JSON_NODE_HOLDS_ARRAY (arguments) ? json_node_get_array (arguments) : NULL;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *element = json_array_get_element (list, i);
      JsonObject *argument = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      JsonObject *property;
      const char *name;
      JsonNode *member;

      if (argument == NULL || (member = json_object_get_member (argument, "name")) == NULL ||
          !JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_STRING)
        continue;
      name = json_node_get_string (member);
      if (json_object_has_member (properties, name))
        continue;

      property = json_object_new ();
      json_object_set_string_member (property, "type", "string");
      member = json_object_get_member (argument, "description");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING)
        json_object_set_string_member (property, "description", json_node_get_string (member));
      member = json_object_get_member (argument, "title");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) && json_node_get_value_type (member) == G_TYPE_STRING)
        json_object_set_string_member (property, "title", json_node_get_string (member));
      json_object_set_object_member (properties, name, property);

      member = json_object_get_member (argument, "required");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) &&
          json_node_get_value_type (member) == G_TYPE_BOOLEAN && json_node_get_boolean (member))
        json_array_add_string_element (required, name);
    }

  json_object_set_string_member (schema, "type", "object");
  json_object_set_object_member (schema, "properties", properties);
  json_object_set_array_member (schema, "required", required);

  return json_node_init_object (json_node_alloc (), schema);
}

/* The values filled in so far, the context of a completion. */
static JsonObject *
completion_context (gpointer user_data)
{
  TetherReadWindow *self = user_data;

  return self->form != NULL ? tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), NULL) : NULL;
}

static void
attach_completions (TetherReadWindow *self,
                    JsonObject       *ref)
{
  McpClient *client = tether_server_get_client (self->server);
  GListModel *fields;

  /* Asked only of a server that says it answers. */
  if (client == NULL || !mcp_client_has_capability (client, "completions"))
    return;

  fields = tether_schema_field_get_fields (self->fields);
  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(TetherSchemaField) field = g_list_model_get_item (fields, i);
      const char *name = tether_schema_field_get_name (field);
      GtkWidget *input = tether_schema_form_get_input (TETHER_SCHEMA_FORM (self->form), name);

      if (input != NULL && GTK_IS_EDITABLE (input))
        tether_completion_popover_attach (input, self->server, ref, name, completion_context, self);
    }
}

/* Getting */

static void
got_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  TetherWindowCall *request = user_data;
  g_autoptr(TetherReadWindow) self = g_weak_ref_get (&request->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_request_finish (TETHER_SERVER (object), result, &error);

  if (self == NULL || self->cancellable != request->cancellable)
    {
      tether_window_call_free (request);
      return;
    }

  g_clear_object (&self->cancellable);
  gtk_label_set_label (self->status_label, "");
  gtk_widget_set_visible (self->result_placeholder, FALSE);
  if (node != NULL)
    tether_result_view_show_messages (self->result_view, node);
  else
    tether_result_view_show_error (self->result_view, error);

  update_actions (self);
  tether_window_call_free (request);
}

static void
get_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TetherReadWindow *self = TETHER_READ_WINDOW (widget);
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonObject) arguments = NULL;
  g_autofree char *problem = NULL;
  TetherWindowCall *request;

  if (self->cancellable != NULL)
    return;

  arguments = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), &problem);
  if (problem != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Not sent: %s"), problem);

      tether_dialog_parts_show_problem (self->problem_label, text);
      return;
    }
  tether_dialog_parts_show_problem (self->problem_label, NULL);

  json_object_set_string_member (params, "name", mcp_item_get_name (self->item));
  json_object_set_object_member (params, "arguments", g_steal_pointer (&arguments));

  self->cancellable = g_cancellable_new ();
  request = tether_window_call_new (self, self->cancellable);
  gtk_label_set_label (self->status_label, _("Asking the server…"));
  tether_server_request_async (self->server, "prompts/get", params, self->cancellable, got_cb, request);
  update_actions (self);
}

static void
copy_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherReadWindow *self = TETHER_READ_WINDOW (widget);
  g_autofree char *json = tether_result_view_dup_json (self->result_view);

  tether_dialog_parts_copy_json (self->toast_overlay, json, _("Copied the result"));
}

static void
toast_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  tether_dialog_parts_toast_markup (TETHER_READ_WINDOW (widget)->toast_overlay,
                                    g_variant_get_string (parameter, NULL));
}

static void
form_changed_cb (TetherReadWindow *self)
{
  tether_dialog_parts_show_problem (self->problem_label, NULL);
}

/* GObject */

static void
tether_read_window_dispose (GObject *object)
{
  TetherReadWindow *self = (TetherReadWindow *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_READ_WINDOW);

  g_clear_object (&self->fields);
  g_clear_object (&self->item);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (tether_read_window_parent_class)->dispose (object);
}

static void
tether_read_window_class_init (TetherReadWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_read_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-read-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, description_label);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, form_box);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, form_note);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, get_button);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, result_placeholder);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, result_view);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, window_title);

  gtk_widget_class_install_action (widget_class, "read.get", NULL, get_action);
  gtk_widget_class_install_action (widget_class, "read.copy-result", NULL, copy_result_action);
  gtk_widget_class_install_action (widget_class, "win.toast", "s", toast_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "read.get", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "read.get", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);

  g_type_ensure (TETHER_TYPE_RESULT_VIEW);
}

static void
tether_read_window_init (TetherReadWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
set_up_prompt (TetherReadWindow *self)
{
  g_autoptr(JsonNode) schema = prompt_schema (MCP_PROMPT (self->item));
  g_autoptr(JsonObject) ref = json_object_new ();

  self->fields = tether_schema_field_new_from_schema (schema);
  self->form = tether_schema_form_new (self->fields);
  gtk_box_append (self->form_box, self->form);
  g_signal_connect_object (self->form, "changed", G_CALLBACK (form_changed_cb), self, G_CONNECT_SWAPPED);
  if (g_list_model_get_n_items (tether_schema_field_get_fields (self->fields)) == 0)
    {
      gtk_label_set_label (self->form_note, _("This prompt takes no arguments."));
      gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
    }

  json_object_set_string_member (ref, "type", "ref/prompt");
  json_object_set_string_member (ref, "name", mcp_item_get_name (self->item));
  attach_completions (self, ref);

  gtk_button_set_label (self->get_button, _("_Get"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->get_button), _("Get the Prompt (Ctrl+Return)"));
  gtk_label_set_label (GTK_LABEL (self->result_placeholder),
                       _("Fill in the arguments and get the prompt: its messages appear here."));
}

/**
 * tether_read_window_new:
 * @server: the server
 * @item: one of its prompts
 *
 * Returns: (transfer full): a new window to get @item
 */
TetherReadWindow *
tether_read_window_new (TetherServer *server,
                        McpItem      *item)
{
  TetherReadWindow *self;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  const char *description;

  g_return_val_if_fail (TETHER_IS_SERVER (server), NULL);
  g_return_val_if_fail (MCP_IS_PROMPT (item), NULL);

  self = g_object_new (TETHER_TYPE_READ_WINDOW, NULL);
  self->server = g_object_ref (server);
  self->item = g_object_ref (item);

  /* Names and descriptions come from the server: shown, never obeyed. */
  title = tether_visible_text (mcp_item_get_label (item));
  subtitle = tether_visible_text (tether_server_get_name (server));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);

  description = mcp_item_get_description (item);
  if (description != NULL && *description != '\0')
    {
      g_autofree char *lines = tether_visible_lines (description);

      gtk_label_set_label (self->description_label, lines);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL && *description != '\0');

  tether_result_view_set_server (self->result_view, server);
  set_up_prompt (self);
  update_actions (self);

  return self;
}

/* What tells two items of a server apart: a prompt's name. */
static const char *
item_key (McpItem *item)
{
  return mcp_item_get_name (item);
}

/**
 * tether_read_window_present:
 * @from: a widget of the window it opens over
 * @server: the server
 * @item: one of its prompts
 *
 * Presents the window already open for @item, or a new one.
 *
 * Returns: (transfer none): the window
 */
TetherReadWindow *
tether_read_window_present (GtkWidget    *from,
                            TetherServer *server,
                            McpItem      *item)
{
  GListModel *windows = gtk_window_get_toplevels ();
  TetherReadWindow *self;
  GtkRoot *root;

  g_return_val_if_fail (GTK_IS_WIDGET (from), NULL);
  g_return_val_if_fail (TETHER_IS_SERVER (server), NULL);
  g_return_val_if_fail (MCP_IS_ITEM (item), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (windows, i);

      if (TETHER_IS_READ_WINDOW (window) &&
          TETHER_READ_WINDOW (window)->server == server &&
          G_OBJECT_TYPE (TETHER_READ_WINDOW (window)->item) == G_OBJECT_TYPE (item) &&
          g_strcmp0 (item_key (TETHER_READ_WINDOW (window)->item), item_key (item)) == 0)
        {
          gtk_window_present (GTK_WINDOW (window));
          return TETHER_READ_WINDOW (window);
        }
    }

  self = tether_read_window_new (server, item);
  root = gtk_widget_get_root (from);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (self), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (self));

  return self;
}

TetherServer *
tether_read_window_get_server (TetherReadWindow *self)
{
  g_return_val_if_fail (TETHER_IS_READ_WINDOW (self), NULL);

  return self->server;
}

McpItem *
tether_read_window_get_item (TetherReadWindow *self)
{
  g_return_val_if_fail (TETHER_IS_READ_WINDOW (self), NULL);

  return self->item;
}

/**
 * tether_read_window_get_form:
 * @self: a #TetherReadWindow
 *
 * Returns: (transfer none) (nullable): the form of the arguments
 */
TetherSchemaForm *
tether_read_window_get_form (TetherReadWindow *self)
{
  g_return_val_if_fail (TETHER_IS_READ_WINDOW (self), NULL);

  return self->form != NULL ? TETHER_SCHEMA_FORM (self->form) : NULL;
}

TetherResultView *
tether_read_window_get_result_view (TetherReadWindow *self)
{
  g_return_val_if_fail (TETHER_IS_READ_WINDOW (self), NULL);

  return self->result_view;
}

gboolean
tether_read_window_get_busy (TetherReadWindow *self)
{
  g_return_val_if_fail (TETHER_IS_READ_WINDOW (self), FALSE);

  return self->cancellable != NULL;
}
