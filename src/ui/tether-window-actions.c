/* tether-window-actions.c — what the user can do from the window
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two families: actions on the selected server (win.reconnect, win.remove,
 * win.edit, win.copy-diagnostics: the page's buttons, the server menu and
 * the shortcuts), and the same on a named server (win.reconnect-server "s"…:
 * the rows' context menus, whatever is selected). All of them call the
 * manager; a refusal becomes a toast that says what failed and why.
 */

#define G_LOG_DOMAIN "tether-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-clients-page.h"
#include "tether-diagnostics-window.h"
#include "tether-run-window.h"
#include "tether-preferences-window.h"
#include "tether-server-dialog.h"
#include "tether-server-row.h"
#include "tether-visible-text.h"
#include "tether-window-private.h"

static const char *selected_actions[] = {
  "win.reconnect", "win.sign-in", "win.remove", "win.edit", "win.copy-diagnostics", "win.search",
  "win.server-menu",
};

void
_tether_window_update_actions (TetherWindow *self)
{
  gboolean selected = tether_window_get_selected (self) != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (selected_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), selected_actions[i], selected);
  gtk_widget_set_sensitive (GTK_WIDGET (self->server_menu_button), selected);
  gtk_widget_set_sensitive (GTK_WIDGET (self->search_button), selected);
}

static const char *
selected_name (TetherWindow *self)
{
  TetherServer *server = tether_window_get_selected (self);

  return server != NULL ? tether_server_get_name (server) : NULL;
}

/* Doing it */

static void
reconnect (TetherWindow *self,
           const char   *name)
{
  if (name == NULL || _tether_window_lookup (self, name) == NULL)
    return;

  tether_server_manager_reconnect (self->manager, name);
}

static void
set_enabled (TetherWindow *self,
             const char   *name,
             gboolean      enabled)
{
  g_autoptr(GError) error = NULL;

  if (name == NULL)
    return;

  if (!tether_server_manager_set_enabled (self->manager, name, enabled, &error))
    {
      if (enabled)
        _tether_window_toast (self, _("Could not turn “%s” on: %s"), name, error->message);
      else
        _tether_window_toast (self, _("Could not turn “%s” off: %s"), name, error->message);
    }
}

static void
dialog_saved_cb (TetherWindow       *self,
                 const char         *name,
                 TetherServerDialog *dialog)
{
  tether_window_show_server (self, name);
}

static void
open_dialog (TetherWindow *self,
             const char   *name)
{
  TetherServerDialog *dialog = tether_server_dialog_new (self->manager, name);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "saved", G_CALLBACK (dialog_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
removal_toast_dismissed_cb (TetherWindow *self,
                            AdwToast     *toast)
{
  /* Past the toast, the removal is final. */
  if (toast == self->removal_toast)
    {
      g_clear_object (&self->removal_toast);
      g_clear_pointer (&self->removal, tether_removal_unref);
    }
}

static void
remove_server (TetherWindow *self,
               const char   *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *title = NULL;
  TetherRemoval *removal;
  AdwToast *toast;

  if (name == NULL)
    return;

  removal = tether_server_manager_remove (self->manager, name, &error);
  if (removal == NULL)
    {
      _tether_window_toast (self, _("Could not remove “%s”: %s"), name, error->message);
      return;
    }

  /* One undo at a time: a new removal makes the last one final. */
  if (self->removal_toast != NULL)
    adw_toast_dismiss (self->removal_toast);
  g_clear_object (&self->removal_toast);
  g_clear_pointer (&self->removal, tether_removal_unref);

  escaped = tether_visible_markup (name);
  title = g_strdup_printf (_("“%s” removed"), escaped);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-remove");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (removal_toast_dismissed_cb), self,
                           G_CONNECT_SWAPPED);

  self->removal = removal;
  self->removal_toast = g_object_ref (toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
copy_diagnostics (TetherWindow *self,
                  const char   *name)
{
  TetherServer *server = name != NULL ? _tether_window_lookup (self, name) : NULL;
  g_autofree char *text = NULL;

  if (server == NULL)
    return;

  text = tether_server_dup_diagnostics (server);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _tether_window_toast (self, _("Copied the diagnostics of “%s”"), name);
}

/* On a named server */

static void
reconnect_server_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  reconnect (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
enable_server_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  set_enabled (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL), TRUE);
}

static void
disable_server_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  set_enabled (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL), FALSE);
}

static void
edit_server_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  open_dialog (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
remove_server_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  remove_server (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
copy_server_diagnostics_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  copy_diagnostics (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
show_server_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  tether_window_show_server (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* On the selected server */

static void
reconnect_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  reconnect (TETHER_WINDOW (widget), selected_name (TETHER_WINDOW (widget)));
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  g_autofree char *name = g_strdup (selected_name (TETHER_WINDOW (widget)));

  remove_server (TETHER_WINDOW (widget), name);
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);

  if (selected_name (self) != NULL)
    open_dialog (self, selected_name (self));
}

static void
copy_diagnostics_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  copy_diagnostics (TETHER_WINDOW (widget), selected_name (TETHER_WINDOW (widget)));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);

  if (tether_window_get_selected (self) == NULL)
    return;

  adw_leaflet_set_visible_child_name (self->leaflet, "content");
  tether_server_page_start_search (self->server_page);
}

static void
server_menu_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  TetherServer *server = tether_window_get_selected (self);

  /* The context menu of the selected row, for the Menu key. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->server_list));
       child != NULL && server != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);

      if (TETHER_IS_SERVER_ROW (row) && tether_server_row_get_server (TETHER_SERVER_ROW (row)) == server)
        {
          tether_server_row_popup_menu (TETHER_SERVER_ROW (row), -1, -1);
          return;
        }
    }
}

/* Window-wide */

static void
add_server_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  open_dialog (TETHER_WINDOW (widget), NULL);
}

static void
undo_remove_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  g_autoptr(TetherRemoval) removal = g_steal_pointer (&self->removal);
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->removal_toast);

  if (removal == NULL)
    return;

  if (!tether_server_manager_undo_remove (self->manager, removal, &error))
    {
      _tether_window_toast (self, _("Could not put “%s” back: %s"),
                            tether_removal_get_name (removal), error->message);
      return;
    }

  tether_window_show_server (self, tether_removal_get_name (removal));
}

static void
go_back_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  adw_leaflet_navigate (TETHER_WINDOW (widget)->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
open_config_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  GFile *file = tether_config_store_get_file (tether_server_manager_get_store (self->manager));
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
diagnostics_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  TetherDiagnosticsWindow *diagnostics = tether_diagnostics_window_new (self->manager);

  gtk_window_set_transient_for (GTK_WINDOW (diagnostics), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (diagnostics));
}

/* The Clients page, in a window of its own over this one */
static void
connect_clients_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  TetherClients *clients = self->clients;
  GtkWidget *window;
  GtkWidget *box;
  GtkShortcutController *shortcuts;

  if (clients == NULL)
    return;

  window = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Connect AI Clients"));
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 720);
  gtk_widget_set_size_request (window, 360, 294);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), tether_clients_page_new (clients));
  gtk_widget_set_vexpand (gtk_widget_get_last_child (box), TRUE);
  adw_window_set_content (ADW_WINDOW (window), box);

  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, GTK_EVENT_CONTROLLER (shortcuts));

  gtk_window_present (GTK_WINDOW (window));
}

/* "Run…" on a tool: one window per tool, brought back when open. */
static void
run_tool_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  const char *name;
  const char *tool_name;
  TetherServer *server;
  GListModel *tools;
  g_autoptr(McpTool) tool = NULL;
  GListModel *windows;
  TetherRunWindow *run;

  g_variant_get (parameter, "(&s&s)", &name, &tool_name);
  server = _tether_window_lookup (self, name);
  if (server == NULL)
    return;

  windows = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (windows, i);

      if (TETHER_IS_RUN_WINDOW (window) &&
          tether_run_window_get_server (TETHER_RUN_WINDOW (window)) == server &&
          g_strcmp0 (mcp_item_get_name (MCP_ITEM (tether_run_window_get_tool (TETHER_RUN_WINDOW (window)))),
                     tool_name) == 0)
        {
          gtk_window_present (GTK_WINDOW (window));
          return;
        }
    }

  tools = tether_server_get_tools (server);
  for (guint i = 0; tool == NULL && i < g_list_model_get_n_items (tools); i++)
    {
      g_autoptr(McpTool) candidate = g_list_model_get_item (tools, i);

      if (g_strcmp0 (mcp_item_get_name (MCP_ITEM (candidate)), tool_name) == 0)
        tool = g_steal_pointer (&candidate);
    }
  if (tool == NULL)
    return;

  run = tether_run_window_new (server, tool, self->run_history);
  gtk_window_set_transient_for (GTK_WINDOW (run), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (run));
}

static void
toast_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _tether_window_toast (TETHER_WINDOW (widget), "%s", g_variant_get_string (parameter, NULL));
}

static void
show_hub_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  tether_window_show_hub (TETHER_WINDOW (widget), NULL);
}

static void
show_servers_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);

  self->showing_hub = FALSE;
  _tether_window_update_main_stack (self);
}

static void
preferences_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);

  if (self->hub_control != NULL)
    gtk_window_present (GTK_WINDOW (tether_preferences_window_new (GTK_WINDOW (self), self->hub_control)));
}

static void
sign_in_server_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  _tether_window_sign_in (TETHER_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
sign_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  _tether_window_sign_in (TETHER_WINDOW (widget), selected_name (TETHER_WINDOW (widget)));
}

void
_tether_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.reconnect-server", "s", reconnect_server_action);
  gtk_widget_class_install_action (widget_class, "win.enable-server", "s", enable_server_action);
  gtk_widget_class_install_action (widget_class, "win.disable-server", "s", disable_server_action);
  gtk_widget_class_install_action (widget_class, "win.edit-server", "s", edit_server_action);
  gtk_widget_class_install_action (widget_class, "win.remove-server", "s", remove_server_action);
  gtk_widget_class_install_action (widget_class, "win.copy-server-diagnostics", "s",
                                   copy_server_diagnostics_action);
  gtk_widget_class_install_action (widget_class, "win.show-server", "s", show_server_action);
  gtk_widget_class_install_action (widget_class, "win.run-tool", "(ss)", run_tool_action);

  gtk_widget_class_install_action (widget_class, "win.reconnect", NULL, reconnect_action);
  gtk_widget_class_install_action (widget_class, "win.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "win.edit", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "win.copy-diagnostics", NULL, copy_diagnostics_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.server-menu", NULL, server_menu_action);

  gtk_widget_class_install_action (widget_class, "win.add-server", NULL, add_server_action);
  gtk_widget_class_install_action (widget_class, "win.undo-remove", NULL, undo_remove_action);
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, go_back_action);
  gtk_widget_class_install_action (widget_class, "win.open-config", NULL, open_config_action);
  gtk_widget_class_install_action (widget_class, "win.toast", "s", toast_action);
  gtk_widget_class_install_action (widget_class, "win.diagnostics", NULL, diagnostics_action);
  gtk_widget_class_install_action (widget_class, "win.connect-clients", NULL, connect_clients_action);
  gtk_widget_class_install_action (widget_class, "win.show-hub", NULL, show_hub_action);
  gtk_widget_class_install_action (widget_class, "win.show-servers", NULL, show_servers_action);
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, preferences_action);
  gtk_widget_class_install_action (widget_class, "win.sign-in-server", "s", sign_in_server_action);
  gtk_widget_class_install_action (widget_class, "win.sign-in", NULL, sign_in_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.preferences", NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.add-server", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "win.reconnect", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "win.remove", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "win.remove", NULL);
}
