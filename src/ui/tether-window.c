/* tether-window.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main window: the servers in a sidebar, the selected one in a page
 * beside it, folding to one pane with a back button when narrow. It watches
 * the manager (a GListModel of TetherServer) and the config store; which
 * server is selected is its only state of its own.
 */

#define G_LOG_DOMAIN "tether-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-asker.h"
#include "tether-clients.h"
#include "tether-elicitation-dialog.h"
#include "tether-list-focus.h"
#include "tether-sampling-dialog.h"
#include "tether-server-row.h"
#include "tether-status-page-icon.h"
#include "tether-visible-text.h"
#include "tether-window-private.h"

static void asker_iface_init (TetherAskerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherWindow, tether_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ASKER, asker_iface_init))

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Size */

static void
tether_window_save_size (TetherWindow *self)
{
  int width;
  int height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_apply (self->settings);
}

static gboolean
tether_window_close_request (GtkWindow *window)
{
  tether_window_save_size (TETHER_WINDOW (window));

  return GTK_WINDOW_CLASS (tether_window_parent_class)->close_request (window);
}

/* What servers ask the user: a dialog each, answered only by the user */

static gboolean
tether_window_elicit (TetherAsker       *asker,
                      TetherElicitation *elicitation)
{
  TetherElicitationDialog *dialog = tether_elicitation_dialog_new (elicitation);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (asker));
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

static gboolean
tether_window_sample (TetherAsker           *asker,
                      TetherSamplingRequest *request)
{
  TetherSamplingDialog *dialog = tether_sampling_dialog_new (request);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (asker));
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

static void
asker_iface_init (TetherAskerInterface *iface)
{
  iface->elicit = tether_window_elicit;
  iface->sample = tether_window_sample;
}

/* Notifications: a server failed while the user looked elsewhere */

static char *
notification_id (TetherServer *server)
{
  return g_strdup_printf ("server-failed-%s", tether_server_get_name (server));
}

static void
server_state_changed_cb (TetherWindow *self,
                         GParamSpec   *pspec,
                         TetherServer *server)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  TetherServerState state = tether_server_get_state (server);
  g_autofree char *id = NULL;

  if (app == NULL)
    return;

  id = notification_id (server);

  if (state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED && !gtk_window_is_active (GTK_WINDOW (self)))
    {
      g_autoptr(GNotification) notification = NULL;
      g_autofree char *name = tether_visible_text (tether_server_get_name (server));
      g_autofree char *title = g_strdup_printf (_("“%s” needs you to sign in"), name);

      notification = g_notification_new (title);
      g_notification_set_body (notification, _("Open Tether and press Sign In."));
      g_notification_set_default_action_and_target (notification, "app.show-server", "s",
                                                    tether_server_get_name (server));
      g_application_send_notification (app, id, notification);
    }
  else if (state == TETHER_SERVER_STATE_ERROR && !gtk_window_is_active (GTK_WINDOW (self)))
    {
      g_autoptr(GNotification) notification = NULL;
      g_autofree char *name = tether_visible_text (tether_server_get_name (server));
      g_autofree char *title = g_strdup_printf (_("“%s” failed"), name);
      g_autofree char *message = tether_visible_text (tether_server_get_error_message (server));

      notification = g_notification_new (title);
      g_notification_set_body (notification, message);
      g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
      g_notification_set_default_action_and_target (notification, "app.show-server", "s",
                                                    tether_server_get_name (server));
      g_application_send_notification (app, id, notification);
    }
  else if (state == TETHER_SERVER_STATE_CONNECTED || state == TETHER_SERVER_STATE_DISABLED)
    {
      /* Fixed, or switched off: the news is stale. */
      g_application_withdraw_notification (app, id);
    }
}

static void
watch_servers (TetherWindow *self,
               guint         position,
               guint         added)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (self->manager), i);

      /* A server moved in the list is the same object: watch it once. */
      if (g_signal_handler_find (server, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA,
                                 0, 0, NULL, server_state_changed_cb, self) != 0)
        continue;

      g_signal_connect_object (server, "notify::state",
                               G_CALLBACK (server_state_changed_cb), self, G_CONNECT_SWAPPED);
    }
}

/* Layout */

/* The Hub page is built the first time it is shown: most windows never
 * show it, and its widgets cost about as much as an empty server page. */
static TetherHubView *
ensure_hub_view (TetherWindow *self)
{
  if (self->hub_view == NULL)
    {
      self->hub_view = g_object_new (TETHER_TYPE_HUB_VIEW, NULL);
      adw_bin_set_child (self->hub_bin, GTK_WIDGET (self->hub_view));
      if (self->hub_control != NULL)
        tether_hub_view_set_control (self->hub_view, self->hub_control,
                                     tether_server_manager_get_store (self->manager));
    }

  return self->hub_view;
}

void
_tether_window_update_main_stack (TetherWindow *self)
{
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (self->manager)) == 0;

  if (self->showing_hub)
    {
      ensure_hub_view (self);
      gtk_stack_set_visible_child_name (self->main_stack, "hub");
    }
  else
    gtk_stack_set_visible_child_name (self->main_stack, empty ? "empty" : "servers");
}

/* A change that waited for another program's lock could not be saved in
 * the end: the window that asked for it has long returned. */
static void
save_failed_cb (TetherWindow      *self,
                const GError      *error,
                TetherConfigStore *store)
{
  _tether_window_toast (self, _("A change was not saved: %s"), error->message);
}

static void
manager_items_changed_cb (TetherWindow *self,
                          guint         position,
                          guint         removed,
                          guint         added,
                          GListModel   *model)
{
  watch_servers (self, position, added);
  _tether_window_update_main_stack (self);
}

static void
selected_changed_cb (TetherWindow *self)
{
  TetherServer *server = tether_window_get_selected (self);
  g_autofree char *name = NULL;

  if (server != NULL)
    name = tether_visible_text (tether_server_get_name (server));

  tether_server_page_set_server (self->server_page, server);
  adw_view_switcher_title_set_title (self->switcher_title, name != NULL ? name : "");
  _tether_window_update_actions (self);
}

static void
server_activated_cb (TetherWindow *self,
                     guint         position,
                     GtkListView  *list)
{
  gtk_single_selection_set_selected (self->selection, position);
  adw_leaflet_set_visible_child_name (self->leaflet, "content");
}

static void
folded_changed_cb (TetherWindow *self)
{
  /* Unfolded, both panes show: the content is what the selection says. */
  if (!adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
}

/* GObject */

/* The manager and the settings are given at construction. */
static void
tether_window_constructed (GObject *object)
{
  TetherWindow *self = (TetherWindow *)object;
  TetherConfigStore *store;

  G_OBJECT_CLASS (tether_window_parent_class)->constructed (object);

  g_assert (TETHER_IS_SERVER_MANAGER (self->manager));
  g_assert (G_IS_SETTINGS (self->settings));

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  store = tether_server_manager_get_store (self->manager);

  tether_config_banner_set_store (self->empty_banner, store);
  tether_config_banner_set_store (self->sidebar_banner, store);
  tether_config_banner_set_store (self->content_banner, store);
  g_signal_connect_object (store, "save-failed",
                           G_CALLBACK (save_failed_cb), self, G_CONNECT_SWAPPED);

  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->manager)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected-item",
                           G_CALLBACK (selected_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_list_view_set_model (self->server_list, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_object (self->manager, "items-changed",
                           G_CALLBACK (manager_items_changed_cb), self, G_CONNECT_SWAPPED);
  watch_servers (self, 0, g_list_model_get_n_items (G_LIST_MODEL (self->manager)));

  _tether_window_update_main_stack (self);
  selected_changed_cb (self);
  /* until it is given a hub */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-hub", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.preferences", FALSE);
}

static void
tether_window_dispose (GObject *object)
{
  TetherWindow *self = (TetherWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_WINDOW);

  _tether_window_dispose_dnd (self);
  g_clear_object (&self->selection);
  g_clear_object (&self->hub_control);
  g_clear_object (&self->clients);
  g_clear_object (&self->manager);
  g_clear_object (&self->settings);
  g_clear_object (&self->removal_toast);
  g_clear_pointer (&self->removal, tether_removal_unref);
  g_clear_object (&self->run_history);
  tether_window_set_uri_opener (self, NULL, NULL, NULL);

  G_OBJECT_CLASS (tether_window_parent_class)->dispose (object);
}

static void
tether_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TetherWindow *self = TETHER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TetherWindow *self = TETHER_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_set_object (&self->manager, g_value_get_object (value));
      break;

    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_window_class_init (TetherWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = tether_window_constructed;
  object_class->dispose = tether_window_dispose;
  object_class->get_property = tether_window_get_property;
  object_class->set_property = tether_window_set_property;

  window_class->close_request = tether_window_close_request;

  /**
   * TetherWindow:manager:
   *
   * The servers the window shows and acts on.
   */
  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL, TETHER_TYPE_SERVER_MANAGER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * TetherWindow:settings:
   *
   * The application's settings, where the window keeps its size.
   */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, content_banner);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, drop_revealer);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, empty_banner);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, drop_page);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, hub_bin);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, search_button);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, server_list);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, server_menu_button);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, server_page);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, sidebar_banner);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, toast_overlay);
  gtk_widget_class_bind_template_callback (widget_class, folded_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, server_activated_cb);

  _tether_window_class_init_actions (widget_class);
  _tether_window_class_init_dnd (widget_class);

  g_type_ensure (TETHER_TYPE_CONFIG_BANNER);
  g_type_ensure (TETHER_TYPE_SERVER_PAGE);
  g_type_ensure (TETHER_TYPE_SERVER_ROW);
}

static void
tether_window_init (TetherWindow *self)
{
  AdwViewStack *stack;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->run_history = tether_run_history_new ();

  tether_status_page_set_icon_when_shown (self->empty_page, "tether-app-symbolic");
  tether_accessible_name_status_page (self->empty_page);
  tether_accessible_name_status_page (self->drop_page);
  tether_status_page_set_icon_when_shown (self->drop_page, "document-send-symbolic");
  tether_list_focus_install (GTK_WIDGET (self->server_list));

  stack = tether_server_page_get_view_stack (self->server_page);
  adw_view_switcher_title_set_stack (self->switcher_title, stack);
  adw_view_switcher_bar_set_stack (self->switcher_bar, stack);
  _tether_window_init_dnd (self);

  g_object_bind_property (self->search_button, "active",
                          self->server_page, "search-mode",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}

/**
 * tether_window_new:
 * @application: the application
 * @manager: the servers to show
 * @settings: the application's settings (its schema's keys)
 *
 * Returns: (transfer none): a new window, which GTK holds until it is
 *   destroyed
 */
TetherWindow *
tether_window_new (GtkApplication      *application,
                   TetherServerManager *manager,
                   GSettings           *settings)
{
  GtkShortcutsWindow *shortcuts;
  TetherWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (TETHER_TYPE_WINDOW,
                       "application", application,
                       "manager", manager,
                       "settings", settings,
                       NULL);

  /* GtkApplication gave the window its Keyboard Shortcuts as it was added */
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));
  if (shortcuts != NULL)
    tether_accessible_name_window_parts (GTK_WINDOW (shortcuts));

  return self;
}

/**
 * tether_window_get_manager:
 * @self: a #TetherWindow
 *
 * Returns: (transfer none): the servers the window shows
 */
TetherServerManager *
tether_window_get_manager (TetherWindow *self)
{
  g_return_val_if_fail (TETHER_IS_WINDOW (self), NULL);

  return self->manager;
}

/**
 * tether_window_get_selected:
 * @self: a #TetherWindow
 *
 * Returns: (transfer none) (nullable): the server the page shows
 */
TetherServer *
tether_window_get_selected (TetherWindow *self)
{
  g_return_val_if_fail (TETHER_IS_WINDOW (self), NULL);

  if (self->selection == NULL)
    return NULL;

  return gtk_single_selection_get_selected_item (self->selection);
}

/**
 * tether_window_show_server:
 * @self: a #TetherWindow
 * @name: a server's name
 *
 * Selects the server and shows its page (also when folded).
 *
 * Returns: %TRUE if there is such a server
 */
gboolean
tether_window_show_server (TetherWindow *self,
                           const char   *name)
{
  guint position;

  g_return_val_if_fail (TETHER_IS_WINDOW (self), FALSE);

  if (tether_server_manager_lookup (self->manager, name, &position) == NULL)
    return FALSE;

  gtk_single_selection_set_selected (self->selection, position);
  adw_leaflet_set_visible_child_name (self->leaflet, "content");

  return TRUE;
}

/**
 * tether_window_set_clients:
 * @self: a #TetherWindow
 * @clients: the AI clients the application can connect to its hub
 *
 * Gives the window its Connect AI Clients page; given once.
 */
void
tether_window_set_clients (TetherWindow  *self,
                           TetherClients *clients)
{
  g_return_if_fail (TETHER_IS_WINDOW (self));
  g_return_if_fail (TETHER_IS_CLIENTS (clients));
  g_return_if_fail (self->clients == NULL);

  self->clients = g_object_ref (clients);
}

/**
 * tether_window_set_hub_control:
 * @self: a #TetherWindow
 * @control: the application's hub, as the settings say
 *
 * Gives the window its Hub page and Preferences; given once.
 */
void
tether_window_set_hub_control (TetherWindow     *self,
                               TetherHubControl *control)
{
  g_return_if_fail (TETHER_IS_WINDOW (self));
  g_return_if_fail (TETHER_IS_HUB_CONTROL (control));
  g_return_if_fail (self->hub_control == NULL);

  self->hub_control = g_object_ref (control);
  if (self->hub_view != NULL)
    tether_hub_view_set_control (self->hub_view, control, tether_server_manager_get_store (self->manager));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-hub", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.preferences", TRUE);
}

/**
 * tether_window_show_hub:
 * @self: a #TetherWindow
 * @page: (nullable): `endpoint`, `clients`, `activity` or `profiles`
 *
 * Shows the Hub instead of the servers, at @page if given.
 */
void
tether_window_show_hub (TetherWindow *self,
                        const char   *page)
{
  g_return_if_fail (TETHER_IS_WINDOW (self));

  if (self->hub_control == NULL)
    return;

  self->showing_hub = TRUE;
  if (page != NULL)
    adw_view_stack_set_visible_child_name (tether_hub_view_get_stack (ensure_hub_view (self)), page);
  _tether_window_update_main_stack (self);
}

void
tether_window_add_toast (TetherWindow *self,
                         AdwToast     *toast)
{
  g_return_if_fail (TETHER_IS_WINDOW (self));

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

TetherServer *
_tether_window_lookup (TetherWindow *self,
                       const char   *name)
{
  return tether_server_manager_lookup (self->manager, name, NULL);
}

void
_tether_window_toast (TetherWindow *self,
                      const char   *format,
                      ...)
{
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  /* A toast's title is markup; server names and errors are not, and are
   * shown, never obeyed. */
  escaped = tether_visible_markup (text);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}
