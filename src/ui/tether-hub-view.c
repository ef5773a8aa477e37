/* tether-hub-view.c — the hub in the window
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Four pages over the application's hub:
 *  - Endpoint: whether it runs, its URL (Copy URL), Copy Token (the token
 *    itself is never shown), its port, why it does not run when it should
 *    (with a way to another port);
 *  - Connected: the hub's sessions, the AI clients connected right now;
 *  - Activity: the hub's activity log, newest first, the latest
 *    TETHER_HUB_VIEW_ACTIVITY_SHOWN of it;
 *  - Profiles: how many tools each endpoint offers (every server, and each
 *    profile of servers.json), with a warning past the tool limit the user
 *    picked for their client (presets for clients' known limits).
 * All of it follows the models (the hub, its lists, the settings); the view
 * holds no state of its own.
 */

#define G_LOG_DOMAIN "tether-hub-view"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-hub-activity.h"
#include "tether-hub-session.h"
#include "tether-hub-view.h"
#include "tether-port-row.h"
#include "tether-profile.h"
#include "tether-status-page-icon.h"
#include "tether-visible-text.h"

struct _TetherHubView
{
  AdwBin                parent_instance;

  TetherHubControl     *control;
  TetherHub            *hub;
  GSettings            *settings;
  TetherConfigStore    *store;
  GListStore           *endpoints;   /* GtkStringObject: a profile, "" for every server */
  GtkSliceListModel    *activity;    /* the latest records, newest first */
  guint                 profiles_id; /* counting again, at the next idle */

  /* Template widgets */
  GtkSwitch            *enabled_switch;
  AdwActionRow         *error_row;
  AdwPreferencesGroup  *activity_group;
  AdwStatusPage        *activity_empty;
  GtkListBox           *activity_list;
  AdwPreferencesPage   *activity_page;
  GtkStack             *activity_stack;
  AdwPreferencesGroup  *endpoint_group;
  AdwPreferencesPage   *endpoint_page;
  AdwComboRow          *limit_row;
  GtkSpinButton        *limit_spin;
  GtkButton            *pick_port_button;
  TetherPortRow        *port_row;
  GtkListBox           *profiles_list;
  AdwPreferencesPage   *profiles_page;
  AdwStatusPage        *sessions_empty;
  GtkListBox           *sessions_list;
  AdwPreferencesPage   *sessions_page;
  GtkStack             *sessions_stack;
  AdwViewStack         *stack;
  AdwActionRow         *status_row;
  AdwActionRow         *url_row;

  guint                 updating_limit : 1;
};

G_DEFINE_FINAL_TYPE (TetherHubView, tether_hub_view, ADW_TYPE_BIN)

/* Popular clients' known tool limits (what their documentation or their
 * warnings said in 2025). */
static const struct
{
  const char *name;
  guint       limit;
} presets[] = {
  { N_("No limit"), 0 },
  { "Cursor", 40 },
  { "Windsurf", 50 },
  { "Antigravity", 100 },
  { "VS Code (GitHub Copilot)", 128 },
};
/* The combo row's last item: a limit of the user's own */
#define PRESET_OTHER G_N_ELEMENTS (presets)

static void
toast (TetherHubView *self,
       const char    *text)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", text);
}

static void
set_subtitle (AdwActionRow *row,
              const char   *text)
{
  g_autofree char *visible = tether_visible_text (text);

  adw_action_row_set_subtitle (row, visible);
}

static char *
format_clock (gint64 usec)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);

  return time != NULL ? g_date_time_format (time, "%X") : g_strdup ("");
}

/* ---------------------------------------------------------------------- */
/* Endpoint                                                                */

static void
update_endpoint (TetherHubView *self)
{
  gboolean running = tether_hub_get_running (self->hub);
  const char *error = tether_hub_control_get_error_message (self->control);

  if (running)
    adw_action_row_set_subtitle (self->status_row, _("Running"));
  else if (g_settings_get_boolean (self->settings, "hub-enabled"))
    adw_action_row_set_subtitle (self->status_row, _("Not running"));
  else
    adw_action_row_set_subtitle (self->status_row, _("Off: AI clients cannot connect"));

  gtk_widget_set_visible (GTK_WIDGET (self->error_row), error != NULL);
  set_subtitle (self->error_row, error);
  gtk_widget_set_visible (GTK_WIDGET (self->pick_port_button),
                          tether_hub_control_get_port_taken (self->control));

  if (running)
    set_subtitle (self->url_row, tether_hub_get_url (self->hub));
  else
    adw_action_row_set_subtitle (self->url_row, _("None while the hub is not running"));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "hub.copy-url", running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "hub.copy-token",
                                 tether_hub_get_token (self->hub) != NULL);
}

static void
copy_text (TetherHubView *self,
           const char    *text,
           const char    *done)
{
  if (text == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, done);
}

static void
copy_url_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TetherHubView *self = TETHER_HUB_VIEW (widget);

  copy_text (self, tether_hub_get_url (self->hub), _("URL copied"));
}

static void
copy_token_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TetherHubView *self = TETHER_HUB_VIEW (widget);

  /* The secret goes to the clipboard only; the toast does not say it. */
  copy_text (self, tether_hub_get_token (self->hub), _("Token copied"));
}

static void
pick_port_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TetherHubView *self = TETHER_HUB_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (tether_hub_control_pick_free_port (self->control, &error) == 0)
    toast (self, error->message);
}

/* ---------------------------------------------------------------------- */
/* Connected                                                               */

static void
update_session_row (AdwActionRow     *row,
                    TetherHubSession *session)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *since = format_clock (tether_hub_session_get_started (session));
  const char *profile = tether_hub_session_get_profile (session);
  guint n_calls = tether_hub_session_get_n_calls (session);

  g_string_append_printf (subtitle, _("Protocol %s"), tether_hub_session_get_protocol_version (session));
  g_string_append (subtitle, " · ");
  if (profile != NULL)
    g_string_append_printf (subtitle, _("Profile “%s”"), profile);
  else
    g_string_append (subtitle, _("All servers"));
  g_string_append (subtitle, " · ");
  if (tether_hub_session_is_stateless (session))
    {
      g_autofree char *last = format_clock (tether_hub_session_get_last_seen (session));

      /* Translators: %s is a time of day, when a client without a
       * session last sent a request */
      g_string_append_printf (subtitle, _("Last request %s"), last);
    }
  else
    g_string_append_printf (subtitle, _("Since %s"), since);
  if (n_calls > 0)
    {
      g_string_append (subtitle, " · ");
      g_string_append_printf (subtitle, ngettext ("%u call running", "%u calls running", n_calls), n_calls);
    }

  set_subtitle (row, subtitle->str);
}

static GtkWidget *
create_session_row (gpointer item,
                    gpointer user_data)
{
  TetherHubSession *session = item;
  const char *name = tether_hub_session_get_client_name (session);
  const char *version = tether_hub_session_get_client_version (session);
  g_autofree char *title = NULL;
  g_autofree char *visible = NULL;
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());

  if (name == NULL)
    title = g_strdup (_("Unnamed client"));
  else if (version != NULL)
    title = g_strdup_printf ("%s %s", name, version);
  else
    title = g_strdup (name);
  visible = tether_visible_text (title);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), visible);
  adw_action_row_add_prefix (row, gtk_image_new_from_icon_name ("system-users-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "session", g_object_ref (session), g_object_unref);
  update_session_row (row, session);

  return GTK_WIDGET (row);
}

static void
update_sessions (TetherHubView *self)
{
  GListModel *sessions = tether_hub_get_sessions (self->hub);
  GtkListBoxRow *row;

  gtk_stack_set_visible_child_name (self->sessions_stack,
                                    g_list_model_get_n_items (sessions) > 0 ? "list" : "empty");

  /* Calls running change with every request */
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->sessions_list, i)) != NULL; i++)
    update_session_row (ADW_ACTION_ROW (row), g_object_get_data (G_OBJECT (row), "session"));
}

/* ---------------------------------------------------------------------- */
/* Activity                                                                */

static char *
format_duration (gint64 usec)
{
  if (usec < 0)
    return NULL;
  if (usec < 10 * G_USEC_PER_SEC)
    return g_strdup_printf (_("%lu ms"), (unsigned long)(usec / 1000));

  return g_strdup_printf (_("%lu s"), (unsigned long)(usec / G_USEC_PER_SEC));
}

static void
update_record_row (AdwActionRow    *row,
                   TetherHubRecord *record)
{
  const char *outcome = tether_hub_record_get_outcome (record);
  const char *message = tether_hub_record_get_message (record);
  const char *client = tether_hub_record_get_client (record);
  GtkImage *icon = g_object_get_data (G_OBJECT (row), "icon");
  g_autofree char *clock = format_clock (tether_hub_record_get_time (record));
  g_autofree char *duration = format_duration (tether_hub_record_get_duration (record));
  g_autofree char *result = NULL;
  g_autoptr(GString) subtitle = g_string_new (clock);
  const char *icon_name;

  if (outcome == NULL)
    {
      result = g_strdup (_("Running"));
      icon_name = "emblem-synchronizing-symbolic";
    }
  else if (g_str_equal (outcome, "ok"))
    {
      result = g_strdup (_("Done"));
      icon_name = "emblem-ok-symbolic";
    }
  else if (g_str_equal (outcome, "cancelled"))
    {
      result = g_strdup (_("Cancelled"));
      icon_name = "process-stop-symbolic";
    }
  else
    {
      const char *what = g_str_equal (outcome, "tool-error") ? _("Tool error") : _("Failed");

      result = message != NULL ? g_strdup_printf ("%s: %s", what, message) : g_strdup (what);
      icon_name = "dialog-error-symbolic";
    }

  g_string_append_printf (subtitle, " · %s", client != NULL ? client : _("Unnamed client"));
  if (duration != NULL)
    g_string_append_printf (subtitle, " · %s", duration);
  g_string_append_printf (subtitle, " · %s", result);

  gtk_image_set_from_icon_name (icon, icon_name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (icon), outcome != NULL ? outcome : "running");
  set_subtitle (row, subtitle->str);
}

static void
record_outcome_cb (AdwActionRow    *row,
                   GParamSpec      *pspec,
                   TetherHubRecord *record)
{
  GtkWidget *view = gtk_widget_get_ancestor (GTK_WIDGET (row), TETHER_TYPE_HUB_VIEW);

  update_record_row (row, record);
  if (view != NULL)
    update_sessions (TETHER_HUB_VIEW (view));
}

static GtkWidget *
create_record_row (gpointer item,
                   gpointer user_data)
{
  TetherHubRecord *record = item;
  const char *server = tether_hub_record_get_server (record);
  const char *tool = tether_hub_record_get_item (record);
  g_autofree char *title = NULL;
  g_autofree char *visible = NULL;
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *icon = gtk_image_new ();

  /* What was asked of which server: never its arguments, which the
   * record does not hold. */
  if (server != NULL && tool != NULL)
    title = g_strdup_printf ("%s › %s", server, tool);
  else if (server != NULL)
    title = g_strdup_printf ("%s › %s", server, tether_hub_record_get_method (record));
  else
    title = g_strdup (tether_hub_record_get_method (record));
  visible = tether_visible_text (title);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), visible);
  adw_action_row_add_prefix (row, icon);
  g_object_set_data (G_OBJECT (row), "icon", icon);
  g_object_set_data_full (G_OBJECT (row), "record", g_object_ref (record), g_object_unref);
  g_signal_connect_object (record, "notify::outcome", G_CALLBACK (record_outcome_cb), row,
                           G_CONNECT_SWAPPED);
  update_record_row (row, record);

  return GTK_WIDGET (row);
}

static int
newest_first (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  gint64 time_a = tether_hub_record_get_time ((TetherHubRecord *)a);
  gint64 time_b = tether_hub_record_get_time ((TetherHubRecord *)b);

  return time_a < time_b ? GTK_ORDERING_LARGER : time_a > time_b ? GTK_ORDERING_SMALLER : GTK_ORDERING_EQUAL;
}

static void
update_activity (TetherHubView *self)
{
  guint n = g_list_model_get_n_items (tether_hub_get_activity (self->hub));
  g_autofree char *description = NULL;

  gtk_stack_set_visible_child_name (self->activity_stack, n > 0 ? "list" : "empty");

  if (n > TETHER_HUB_VIEW_ACTIVITY_SHOWN)
    description = g_strdup_printf (ngettext ("The latest %u of %u request", "The latest %u of %u requests", n),
                                   TETHER_HUB_VIEW_ACTIVITY_SHOWN, n);
  adw_preferences_group_set_description (self->activity_group, description);
  update_sessions (self);
}

/* ---------------------------------------------------------------------- */
/* Profiles                                                                */

static const char *
limit_client (guint limit)
{
  for (guint i = 1; i < G_N_ELEMENTS (presets); i++)
    if (presets[i].limit == limit)
      return presets[i].name;

  return NULL;
}

static GtkWidget *
create_endpoint_row (gpointer item,
                     gpointer user_data)
{
  TetherHubView *self = user_data;
  const char *name = gtk_string_object_get_string (item);
  const char *profile = name[0] != '\0' ? name : NULL;
  guint count = GPOINTER_TO_UINT (g_object_get_data (item, "tool-count"));
  guint limit = g_settings_get_uint (self->settings, "hub-tool-limit");
  g_autofree char *url = tether_hub_dup_profile_url (self->hub, profile);
  g_autofree char *title = tether_visible_text (profile != NULL ? profile : _("All Servers"));
  g_autoptr(GString) subtitle = g_string_new (NULL);
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);

  g_string_append_printf (subtitle, ngettext ("%u tool", "%u tools", count), count);
  if (limit > 0 && count > limit)
    {
      const char *client = limit_client (limit);

      g_string_append (subtitle, " · ");
      if (client != NULL)
        g_string_append_printf (subtitle, _("more than the %u that %s takes"), limit, client);
      else
        g_string_append_printf (subtitle, _("more than your limit of %u"), limit);
      adw_action_row_add_prefix (row, gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
      gtk_widget_add_css_class (GTK_WIDGET (row), "warning");
    }
  if (url != NULL)
    g_string_append_printf (subtitle, " · %s", url);

  set_subtitle (row, subtitle->str);
  g_object_set_data (G_OBJECT (row), "tool-count", GUINT_TO_POINTER (count));

  return GTK_WIDGET (row);
}

static gboolean
count_tools_cb (gpointer user_data)
{
  TetherHubView *self = user_data;
  g_autoptr(JsonNode) node = tether_config_store_dup_member (self->store, "profiles");
  g_autoptr(GPtrArray) profiles = tether_profile_list_from_json (node, NULL);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  self->profiles_id = 0;

  g_ptr_array_add (items, gtk_string_object_new (""));
  for (guint i = 0; profiles != NULL && i < profiles->len; i++)
    g_ptr_array_add (items, gtk_string_object_new (tether_profile_get_name (g_ptr_array_index (profiles, i))));

  /* Counted before the rows are made: counting may bring the hub's
   * catalog up to date, which says so (and comes back here later). */
  for (guint i = 0; i < items->len; i++)
    {
      const char *name = gtk_string_object_get_string (g_ptr_array_index (items, i));
      guint count = tether_hub_count_tools (self->hub, name[0] != '\0' ? name : NULL);

      g_object_set_data (g_ptr_array_index (items, i), "tool-count", GUINT_TO_POINTER (count));
    }

  /* New rows, with counts of now */
  g_list_store_splice (self->endpoints, 0, g_list_model_get_n_items (G_LIST_MODEL (self->endpoints)),
                       items->pdata, items->len);

  return G_SOURCE_REMOVE;
}

static void
update_profiles (TetherHubView *self)
{
  if (self->profiles_id == 0)
    self->profiles_id = g_idle_add (count_tools_cb, self);
}

static void
update_limit (TetherHubView *self)
{
  guint limit = g_settings_get_uint (self->settings, "hub-tool-limit");
  guint selected = PRESET_OTHER;

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (presets[i].limit == limit)
      selected = i;

  self->updating_limit = TRUE;
  adw_combo_row_set_selected (self->limit_row, selected);
  self->updating_limit = FALSE;

  update_profiles (self);
}

static void
limit_preset_cb (TetherHubView *self)
{
  guint selected = adw_combo_row_get_selected (self->limit_row);

  if (self->updating_limit || self->settings == NULL || selected >= G_N_ELEMENTS (presets))
    return;

  g_settings_set_uint (self->settings, "hub-tool-limit", presets[selected].limit);
}

static void
visible_page_cb (TetherHubView *self)
{
  /* Counts of now when the page is looked at */
  if (self->hub != NULL && g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "profiles") == 0)
    update_profiles (self);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
tether_hub_view_dispose (GObject *object)
{
  TetherHubView *self = (TetherHubView *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_HUB_VIEW);

  g_clear_handle_id (&self->profiles_id, g_source_remove);
  if (self->hub != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->hub, self);
      g_signal_handlers_disconnect_by_data (tether_hub_get_sessions (self->hub), self);
      g_signal_handlers_disconnect_by_data (tether_hub_get_activity (self->hub), self);
    }
  if (self->control != NULL)
    g_signal_handlers_disconnect_by_data (self->control, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->activity);
  g_clear_object (&self->endpoints);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->hub);
  g_clear_object (&self->control);

  G_OBJECT_CLASS (tether_hub_view_parent_class)->dispose (object);
}

static void
tether_hub_view_class_init (TetherHubViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_hub_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-hub-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, activity_group);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, activity_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, activity_list);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, activity_page);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, activity_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, enabled_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, endpoint_group);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, endpoint_page);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, error_row);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, limit_row);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, limit_spin);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, pick_port_button);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, port_row);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, profiles_list);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, profiles_page);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, sessions_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, sessions_list);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, sessions_page);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, sessions_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, stack);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, status_row);
  gtk_widget_class_bind_template_child (widget_class, TetherHubView, url_row);
  gtk_widget_class_bind_template_callback (widget_class, limit_preset_cb);

  gtk_widget_class_install_action (widget_class, "hub.copy-url", NULL, copy_url_action);
  gtk_widget_class_install_action (widget_class, "hub.copy-token", NULL, copy_token_action);
  gtk_widget_class_install_action (widget_class, "hub.pick-port", NULL, pick_port_action);

  g_type_ensure (TETHER_TYPE_PORT_ROW);
}

static void
tether_hub_view_init (TetherHubView *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GtkListItemFactory) choices = tether_accessible_new_text_factory ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Parts libadwaita leaves unnamed: the panes that scroll each page, the
   * list of the endpoint's group (it has no title to be named after) and
   * the clients' choices. */
  tether_accessible_name_inner (GTK_WIDGET (self->endpoint_page), GTK_TYPE_SCROLLED_WINDOW, _("Hub Endpoint"));
  tether_accessible_name_inner (GTK_WIDGET (self->sessions_page), GTK_TYPE_SCROLLED_WINDOW, _("Connected AI Clients"));
  tether_accessible_name_inner (GTK_WIDGET (self->activity_page), GTK_TYPE_SCROLLED_WINDOW, _("Hub Activity"));
  tether_accessible_name_inner (GTK_WIDGET (self->profiles_page), GTK_TYPE_SCROLLED_WINDOW,
                                _("Tool Limit and Endpoints"));
  tether_accessible_name_inner (GTK_WIDGET (self->endpoint_group), GTK_TYPE_LIST_BOX, _("Hub Endpoint"));
  tether_accessible_name_status_page (self->sessions_empty);
  tether_status_page_set_icon_when_shown (self->sessions_empty, "system-users-symbolic");
  tether_accessible_name_status_page (self->activity_empty);
  adw_combo_row_set_factory (self->limit_row, choices);
  tether_accessible_name_inner (GTK_WIDGET (self->limit_row), GTK_TYPE_LIST_VIEW, _("Client"));

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      g_autofree char *label = NULL;

      if (presets[i].limit == 0)
        label = g_strdup (_(presets[i].name));
      else
        label = g_strdup_printf (ngettext ("%s — %u tool", "%s — %u tools", presets[i].limit),
                                 presets[i].name, presets[i].limit);
      gtk_string_list_append (labels, label);
    }
  gtk_string_list_append (labels, _("Other"));
  adw_combo_row_set_model (self->limit_row, G_LIST_MODEL (labels));

  self->endpoints = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (visible_page_cb), self, G_CONNECT_SWAPPED);
}

/**
 * tether_hub_view_set_control:
 * @self: a #TetherHubView
 * @control: the application's hub, as the settings say
 * @store: servers.json, for its profiles
 *
 * Shows @control's hub; given once.
 */
void
tether_hub_view_set_control (TetherHubView     *self,
                             TetherHubControl  *control,
                             TetherConfigStore *store)
{
  g_autoptr(GtkSortListModel) sorted = NULL;

  g_return_if_fail (TETHER_IS_HUB_VIEW (self));
  g_return_if_fail (TETHER_IS_HUB_CONTROL (control));
  g_return_if_fail (TETHER_IS_CONFIG_STORE (store));
  g_return_if_fail (self->control == NULL);

  self->control = g_object_ref (control);
  self->hub = g_object_ref (tether_hub_control_get_hub (control));
  self->settings = g_object_ref (tether_hub_control_get_settings (control));
  self->store = g_object_ref (store);

  /* Endpoint */
  g_settings_bind (self->settings, "hub-enabled", self->enabled_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->hub, "notify::running", G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hub, "notify::url", G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hub, "notify::token", G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->control, "notify::error-message",
                           G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->control, "notify::port-taken",
                           G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::hub-enabled",
                           G_CALLBACK (update_endpoint), self, G_CONNECT_SWAPPED);
  tether_port_row_set_control (self->port_row, control);
  update_endpoint (self);

  /* Connected */
  gtk_list_box_bind_model (self->sessions_list, tether_hub_get_sessions (self->hub),
                           create_session_row, NULL, NULL);
  g_signal_connect_object (tether_hub_get_sessions (self->hub), "items-changed",
                           G_CALLBACK (update_sessions), self, G_CONNECT_SWAPPED);
  update_sessions (self);

  /* Activity: newest first, the latest only */
  sorted = gtk_sort_list_model_new (g_object_ref (tether_hub_get_activity (self->hub)),
                                    GTK_SORTER (gtk_custom_sorter_new (newest_first, NULL, NULL)));
  self->activity = gtk_slice_list_model_new (G_LIST_MODEL (g_steal_pointer (&sorted)), 0,
                                             TETHER_HUB_VIEW_ACTIVITY_SHOWN);
  gtk_list_box_bind_model (self->activity_list, G_LIST_MODEL (self->activity), create_record_row, NULL, NULL);
  g_signal_connect_object (tether_hub_get_activity (self->hub), "items-changed",
                           G_CALLBACK (update_activity), self, G_CONNECT_SWAPPED);
  update_activity (self);

  /* Profiles */
  g_settings_bind (self->settings, "hub-tool-limit", gtk_spin_button_get_adjustment (self->limit_spin),
                   "value", G_SETTINGS_BIND_DEFAULT);
  gtk_list_box_bind_model (self->profiles_list, G_LIST_MODEL (self->endpoints), create_endpoint_row, self, NULL);
  g_signal_connect_object (self->settings, "changed::hub-tool-limit",
                           G_CALLBACK (update_limit), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hub, "tools-changed", G_CALLBACK (update_profiles), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hub, "notify::running", G_CALLBACK (update_profiles), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "changed", G_CALLBACK (update_profiles), self, G_CONNECT_SWAPPED);
  update_limit (self);
}

/**
 * tether_hub_view_get_stack:
 * @self: a #TetherHubView
 *
 * Returns: (transfer none): the pages: `endpoint`, `clients`, `activity`,
 *   `profiles`
 */
AdwViewStack *
tether_hub_view_get_stack (TetherHubView *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_VIEW (self), NULL);

  return self->stack;
}
