/* tether-read-window.c — get a prompt or read a resource of a server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A prompt: its arguments on the left, as a form (each a string, the
 * required ones marked), with what the server suggests as the user types
 * when it offers completions; Get (Ctrl+Return) under them. The messages
 * the server gives back are shown on the right as a conversation.
 *
 * A resource is read as the window opens, and shown on the right (text as
 * text, blobs to save). A resource template first asks for its variables,
 * with completions as for a prompt, then reads the URI they make. Where
 * the server offers subscriptions, Subscribe shows the resource again each
 * time the server says it changed, until it is turned off or the window
 * closes, which unsubscribes.
 *
 * Closing the window cancels a request in flight.
 */

#define G_LOG_DOMAIN "tether-read-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-uri-template.h"
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
  char              *uri;          /* the resource last read */
  char              *subscribed_uri; /* the resource the server tells of its changes */
  char              *status;       /* said once the request in flight ends */

  /* Template widgets */
  GtkLabel          *description_label;
  GtkBox            *form_box;
  GtkLabel          *form_note;
  GtkButton         *get_button;
  GtkLabel          *problem_label;
  GtkLabel          *status_label;
  GtkToggleButton   *subscribe_button;
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
  gtk_widget_set_sensitive (GTK_WIDGET (self->subscribe_button), self->uri != NULL || self->subscribed_uri != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "read.copy-result",
                                 tether_result_view_get_result (self->result_view) != NULL);
}

/* Adds the string field @name to an object schema being built. */
static JsonObject *
add_string_field (JsonObject *properties,
                  const char *name)
{
  JsonObject *property = json_object_new ();

  json_object_set_string_member (property, "type", "string");
  json_object_set_object_member (properties, name, property);

  return property;
}

static JsonNode *
object_schema (JsonObject *properties,
               JsonArray  *required)
{
  JsonObject *schema = json_object_new ();

  json_object_set_string_member (schema, "type", "object");
  json_object_set_object_member (schema, "properties", properties);
  json_object_set_array_member (schema, "required", required);

  return json_node_init_object (json_node_alloc (), schema);
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *member = json_object_get_member (object, name);

  if (member == NULL || !JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (member);
}

/* A prompt's arguments, as the object schema of string fields the form
 * knows: {"type": "object", "properties": {NAME: {"type": "string",
 * "description": …}}, "required": [NAME…]}. An argument without a name is
 * left out. */
static JsonNode *
prompt_schema (McpPrompt *prompt)
{
  JsonNode *arguments = mcp_prompt_get_arguments (prompt);
  JsonObject *properties = json_object_new ();
  JsonArray *required = json_array_new ();
  JsonArray *list = arguments != NULL && JSON_NODE_HOLDS_ARRAY (arguments) ? json_node_get_array (arguments) : NULL;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    {
      JsonNode *element = json_array_get_element (list, i);
      JsonObject *argument = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      JsonObject *property;
      const char *name = argument != NULL ? string_member (argument, "name") : NULL;
      JsonNode *member;

      if (name == NULL || json_object_has_member (properties, name))
        continue;

      property = add_string_field (properties, name);
      if (string_member (argument, "description") != NULL)
        json_object_set_string_member (property, "description", string_member (argument, "description"));
      if (string_member (argument, "title") != NULL)
        json_object_set_string_member (property, "title", string_member (argument, "title"));

      member = json_object_get_member (argument, "required");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) &&
          json_node_get_value_type (member) == G_TYPE_BOOLEAN && json_node_get_boolean (member))
        json_array_add_string_element (required, name);
    }

  return object_schema (properties, required);
}

/* A resource template's variables, as string fields; none is required, as
 * a URI template leaves out what is not given. */
static JsonNode *
template_schema (const char *uri_template)
{
  g_auto(GStrv) names = mcp_uri_template_get_variables (uri_template);
  JsonObject *properties = json_object_new ();

  for (guint i = 0; names[i] != NULL; i++)
    add_string_field (properties, names[i]);

  return object_schema (properties, json_array_new ());
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
  gtk_label_set_label (self->status_label, self->status != NULL ? self->status : "");
  g_clear_pointer (&self->status, g_free);
  gtk_widget_set_visible (self->result_placeholder, FALSE);
  if (node != NULL && MCP_IS_PROMPT (self->item))
    tether_result_view_show_messages (self->result_view, node);
  else if (node != NULL)
    tether_result_view_show_contents (self->result_view, node);
  else
    tether_result_view_show_error (self->result_view, error);

  update_actions (self);
  tether_window_call_free (request);
}

static void
send (TetherReadWindow *self,
      const char       *method,
      JsonObject       *params)
{
  self->cancellable = g_cancellable_new ();
  gtk_label_set_label (self->status_label, _("Asking the server…"));
  tether_server_request_async (self->server, method, params, self->cancellable, got_cb,
                               tether_window_call_new (self, self->cancellable));
  update_actions (self);
}

static void
read_uri (TetherReadWindow *self,
          const char       *uri)
{
  g_autoptr(JsonObject) params = json_object_new ();

  if (self->cancellable != NULL)
    return;

  g_free (self->uri);
  self->uri = g_strdup (uri);
  json_object_set_string_member (params, "uri", uri);
  send (self, "resources/read", params);
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

  if (self->cancellable != NULL)
    return;

  if (self->form == NULL)
    {
      read_uri (self, mcp_resource_get_uri (MCP_RESOURCE (self->item)));
      return;
    }

  arguments = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), &problem);
  if (problem != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Not sent: %s"), problem);

      tether_dialog_parts_show_problem (self->problem_label, text);
      return;
    }
  tether_dialog_parts_show_problem (self->problem_label, NULL);

  if (MCP_IS_RESOURCE (self->item))
    {
      g_autofree char *uri = mcp_uri_template_expand (mcp_resource_get_uri_template (MCP_RESOURCE (self->item)),
                                                      arguments);

      read_uri (self, uri);
      return;
    }

  json_object_set_string_member (params, "name", mcp_item_get_name (self->item));
  json_object_set_object_member (params, "arguments", g_steal_pointer (&arguments));
  send (self, "prompts/get", params);
}

/* Subscriptions */

static void
resource_updated_cb (TetherReadWindow *self,
                     const char       *uri)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *time = NULL;
  g_autofree char *text = NULL;

  if (g_strcmp0 (uri, self->subscribed_uri) != 0 || self->cancellable != NULL)
    return;

  now = g_date_time_new_now_local ();
  time = g_date_time_format (now, "%X");
  /* Translators: when the server last said a resource changed */
  text = g_strdup_printf (_("Changed at %s"), time);
  read_uri (self, uri);
  g_free (self->status);
  self->status = g_steal_pointer (&text);
}

static void
subscribed_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  TetherWindowCall *call = user_data;
  g_autoptr(TetherReadWindow) self = g_weak_ref_get (&call->window);
  g_autoptr(GError) error = NULL;

  if (!tether_server_subscribe_finish (TETHER_SERVER (object), result, &error) && self != NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *text = g_strdup_printf (_("The server did not subscribe: %s"), error->message);
      g_autofree char *shown = tether_visible_lines (text);

      tether_dialog_parts_show_problem (self->problem_label, shown);
      /* The server forgot it already: only the button goes back. */
      g_clear_pointer (&self->subscribed_uri, g_free);
      g_signal_handlers_disconnect_by_func (self->server, resource_updated_cb, self);
      gtk_toggle_button_set_active (self->subscribe_button, FALSE);
    }

  tether_window_call_free (call);
}

static void
unsubscribe (TetherReadWindow *self)
{
  if (self->subscribed_uri == NULL)
    return;

  g_signal_handlers_disconnect_by_func (self->server, resource_updated_cb, self);
  tether_server_unsubscribe (self->server, self->subscribed_uri);
  g_clear_pointer (&self->subscribed_uri, g_free);
}

/* The subscription is the server's: it holds across reconnects and
 * restarts until the window lets go of it. */
static void
subscribe_toggled_cb (TetherReadWindow *self)
{
  if (!gtk_toggle_button_get_active (self->subscribe_button))
    {
      unsubscribe (self);
      update_actions (self);
      return;
    }

  if (self->subscribed_uri != NULL || self->uri == NULL || tether_server_get_client (self->server) == NULL)
    return;

  self->subscribed_uri = g_strdup (self->uri);
  g_signal_connect_object (self->server, "resource-updated", G_CALLBACK (resource_updated_cb), self,
                           G_CONNECT_SWAPPED);
  tether_server_subscribe_async (self->server, self->uri, NULL, subscribed_cb,
                                 tether_window_call_new (self, NULL));
}

/* Does the server take subscriptions to its resources? */
static gboolean
server_subscribes (TetherServer *server)
{
  McpClient *client = tether_server_get_client (server);
  JsonNode *capabilities = client != NULL ? mcp_client_get_server_capabilities (client) : NULL;
  JsonObject *resources;
  JsonNode *subscribe;

  if (capabilities == NULL || !JSON_NODE_HOLDS_OBJECT (capabilities) ||
      !json_object_has_member (json_node_get_object (capabilities), "resources") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (capabilities), "resources")))
    return FALSE;

  resources = json_object_get_object_member (json_node_get_object (capabilities), "resources");
  subscribe = json_object_get_member (resources, "subscribe");

  return subscribe != NULL && JSON_NODE_HOLDS_VALUE (subscribe) &&
         json_node_get_value_type (subscribe) == G_TYPE_BOOLEAN && json_node_get_boolean (subscribe);
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
  if (self->server != NULL)
    unsubscribe (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_READ_WINDOW);

  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->status, g_free);
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
  gtk_widget_class_bind_template_child (widget_class, TetherReadWindow, subscribe_button);
  gtk_widget_class_bind_template_callback (widget_class, subscribe_toggled_cb);
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
set_up_form (TetherReadWindow *self,
             JsonNode         *schema,
             JsonObject       *ref)
{
  self->fields = tether_schema_field_new_from_schema (schema);
  self->form = tether_schema_form_new (self->fields);
  gtk_box_append (self->form_box, self->form);
  g_signal_connect_object (self->form, "changed", G_CALLBACK (form_changed_cb), self, G_CONNECT_SWAPPED);
  attach_completions (self, ref);
}

static void
set_up_prompt (TetherReadWindow *self)
{
  g_autoptr(JsonNode) schema = prompt_schema (MCP_PROMPT (self->item));
  g_autoptr(JsonObject) ref = json_object_new ();

  json_object_set_string_member (ref, "type", "ref/prompt");
  json_object_set_string_member (ref, "name", mcp_item_get_name (self->item));
  set_up_form (self, schema, ref);
  if (g_list_model_get_n_items (tether_schema_field_get_fields (self->fields)) == 0)
    {
      gtk_label_set_label (self->form_note, _("This prompt takes no arguments."));
      gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
    }

  gtk_button_set_label (self->get_button, _("_Get"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->get_button), _("Get the Prompt (Ctrl+Return)"));
  gtk_label_set_label (GTK_LABEL (self->result_placeholder),
                       _("Fill in the arguments and get the prompt: its messages appear here."));
}

static void
set_up_resource (TetherReadWindow *self)
{
  McpResource *resource = MCP_RESOURCE (self->item);
  const char *uri = mcp_resource_get_uri (resource);
  const char *uri_template = mcp_resource_get_uri_template (resource);
  g_autofree char *shown = tether_visible_text (uri != NULL ? uri : uri_template != NULL ? uri_template : "");

  gtk_label_set_label (self->form_note, shown);
  gtk_widget_remove_css_class (GTK_WIDGET (self->form_note), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->form_note), "monospace");
  gtk_widget_set_visible (GTK_WIDGET (self->form_note), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->subscribe_button), server_subscribes (self->server));

  gtk_button_set_label (self->get_button, _("_Read"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->get_button), _("Read the Resource (Ctrl+Return)"));

  if (uri == NULL && uri_template != NULL)
    {
      g_autoptr(JsonNode) schema = template_schema (uri_template);
      g_autoptr(JsonObject) ref = json_object_new ();

      json_object_set_string_member (ref, "type", "ref/resource");
      json_object_set_string_member (ref, "uri", uri_template);
      set_up_form (self, schema, ref);
      gtk_label_set_label (GTK_LABEL (self->result_placeholder),
                           _("Fill in the variables and read the resource: its contents appear here."));
      return;
    }

  /* A resource as it is: read at once. */
  gtk_label_set_label (GTK_LABEL (self->result_placeholder), "");
  if (uri != NULL)
    read_uri (self, uri);
}

/**
 * tether_read_window_new:
 * @server: the server
 * @item: one of its prompts, resources or resource templates
 *
 * Returns: (transfer full): a new window to get or read @item
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
  g_return_val_if_fail (MCP_IS_PROMPT (item) || MCP_IS_RESOURCE (item), NULL);

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
  if (MCP_IS_PROMPT (item))
    set_up_prompt (self);
  else
    set_up_resource (self);
  update_actions (self);

  return self;
}

/* What tells two items of a server apart: a prompt's name, a resource's
 * URI, a template's URI template. */
static const char *
item_key (McpItem *item)
{
  if (MCP_IS_RESOURCE (item))
    return mcp_resource_get_uri (MCP_RESOURCE (item)) != NULL ? mcp_resource_get_uri (MCP_RESOURCE (item))
                                                              : mcp_resource_get_uri_template (MCP_RESOURCE (item));

  return mcp_item_get_name (item);
}

/**
 * tether_read_window_present:
 * @from: a widget of the window it opens over
 * @server: the server
 * @item: one of its prompts, resources or resource templates
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
