/* tether-server-page.c — everything about one server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The overview (state, transport, who answered, what went wrong, the enable
 * switch and Reconnect) over four tabs: Tools, Prompts, Resources and Log.
 * Every list is the server's own GListModel seen through a filter for the
 * search; tools expand into their parameters through a GtkTreeListModel, so
 * which rows are open is kept by the model, not by recycled row widgets.
 *
 * The page changes nothing itself: the switch and the buttons go through the
 * window's actions, which call the manager.
 */

#define G_LOG_DOMAIN "tether-server-page"

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"
#include "tether-accessible.h"
#include "tether-capability-row.h"
#include "tether-list-focus.h"
#include "tether-log-level-chooser.h"
#include "tether-log-row.h"
#include "tether-read-window.h"
#include "tether-search-filter.h"
#include "tether-tool-parameters.h"
#include "tether-server-page.h"
#include "tether-status-icon.h"
#include "tether-status-label.h"
#include "tether-tool-parameter.h"
#include "tether-visible-text.h"
#include "tether-warning-label.h"

typedef enum
{
  TAB_TOOLS,
  TAB_PROMPTS,
  TAB_RESOURCES,
  TAB_LOG,
  N_TABS
} Tab;

/* What an empty tab says, in each situation. */
static const struct {
  const char *name;
  const char *capability;
  const char *icon_name;
  const char *placeholder;
  const char *none_title;
  const char *not_offered;
  const char *listed_none;
  const char *loading;
  const char *not_connected;
  const char *disabled;
} tabs[N_TABS] = {
  [TAB_TOOLS] = {
    "tools", "tools", "tether-tools-symbolic",
    N_("Search tools"),
    N_("No Tools"),
    N_("This server does not offer tools."),
    N_("This server offers tools, but lists none right now."),
    N_("Loading the tools…"),
    N_("Its tools appear here once the server is connected."),
    N_("Turn the server on to see its tools."),
  },
  [TAB_PROMPTS] = {
    "prompts", "prompts", "tether-prompts-symbolic",
    N_("Search prompts"),
    N_("No Prompts"),
    N_("This server does not offer prompts."),
    N_("This server offers prompts, but lists none right now."),
    N_("Loading the prompts…"),
    N_("Its prompts appear here once the server is connected."),
    N_("Turn the server on to see its prompts."),
  },
  [TAB_RESOURCES] = {
    "resources", "resources", "tether-resources-symbolic",
    N_("Search resources"),
    N_("No Resources"),
    N_("This server does not offer resources."),
    N_("This server offers resources, but lists none right now."),
    N_("Loading the resources…"),
    N_("Its resources appear here once the server is connected."),
    N_("Turn the server on to see its resources."),
  },
  [TAB_LOG] = {
    "log", NULL, "tether-log-symbolic",
    N_("Search the log"),
    N_("Nothing Logged Yet"),
    NULL,
    NULL,
    NULL,
    N_("The server’s standard error and the protocol events appear here."),
    N_("The server’s standard error and the protocol events appear here."),
  },
};

struct _TetherServerPage
{
  GtkWidget           parent_instance;

  TetherServer       *server;
  GSignalGroup       *server_signals;

  /* The server's lists, through the search */
  GtkFilterListModel *filtered[N_TABS];
  GtkFlattenListModel *resources_flat;
  GtkTreeListModel   *tools_tree;
  GPtrArray          *search_filters;  /* TetherSearchFilter */

  /* Template widgets */
  GtkLabel           *details_label;
  GtkRevealer        *details_revealer;
  GtkWidget          *diagnostics_button;
  GtkSwitch          *enabled_switch;
  GtkWidget          *sign_in_button;
  GtkLabel           *info_label;
  GtkWidget          *info_title;
  GtkLabel           *log_count_label;
  TetherLogLevelChooser *log_level_chooser;
  AdwStatusPage      *log_empty;
  GtkScrolledWindow  *log_scroller;
  GtkStack           *log_stack;
  GtkListView        *log_view;
  GtkLabel           *name_label;
  AdwStatusPage      *prompts_empty;
  GtkStack           *prompts_stack;
  GtkListView        *prompts_view;
  AdwStatusPage      *resources_empty;
  GtkStack           *resources_stack;
  GtkListView        *resources_view;
  GtkSearchBar       *search_bar;
  GtkSearchEntry     *search_entry;
  TetherStatusIcon   *status_icon;
  TetherStatusLabel  *status_label;
  AdwStatusPage      *tools_empty;
  GtkStack           *tools_stack;
  GtkListView        *tools_view;
  GtkLabel           *transport_label;
  GtkLabel           *transport_title;
  AdwViewStack       *view_stack;
  TetherWarningLabel *warning_label;

  guint               log_sticky : 1;
};

G_DEFINE_FINAL_TYPE (TetherServerPage, tether_server_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SERVER,
  PROP_SEARCH_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GListModel *
source_model (TetherServerPage *self,
              Tab               tab)
{
  return gtk_filter_list_model_get_model (self->filtered[tab]);
}

/* Empty states */

static void
update_tab (TetherServerPage *self,
            Tab               tab)
{
  GtkStack *stacks[N_TABS] = { self->tools_stack, self->prompts_stack, self->resources_stack, self->log_stack };
  AdwStatusPage *empties[N_TABS] = { self->tools_empty, self->prompts_empty, self->resources_empty, self->log_empty };
  GListModel *source = source_model (self, tab);
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered[tab]));
  guint total = source != NULL ? g_list_model_get_n_items (source) : 0;
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  TetherServerState state = TETHER_SERVER_STATE_DISCONNECTED;
  const char *icon_name = tabs[tab].icon_name;
  const char *title = _(tabs[tab].none_title);
  const char *description = NULL;

  if (self->server != NULL)
    state = tether_server_get_state (self->server);

  if (shown > 0 || (total > 0 && gtk_filter_list_model_get_pending (self->filtered[tab]) > 0))
    {
      gtk_stack_set_visible_child_name (stacks[tab], "list");
      return;
    }

  if (total > 0 && search != NULL && *search != '\0')
    {
      icon_name = "edit-find-symbolic";
      title = _("No Results");
      description = _("Nothing here matches the search.");
    }
  else if (tab == TAB_LOG)
    description = _(tabs[tab].not_connected);
  else if (state == TETHER_SERVER_STATE_CONNECTED)
    {
      McpClient *client = tether_server_get_client (self->server);

      if (tether_server_get_busy (self->server))
        description = _(tabs[tab].loading);
      else if (client != NULL && !mcp_client_has_capability (client, tabs[tab].capability))
        description = _(tabs[tab].not_offered);
      else
        description = _(tabs[tab].listed_none);
    }
  else if (state == TETHER_SERVER_STATE_DISABLED)
    {
      title = _("Server Turned Off");
      description = _(tabs[tab].disabled);
    }
  else if (state == TETHER_SERVER_STATE_ERROR)
    {
      title = _("Not Connected");
      description = _("The server failed to start: the reason is above. Reconnect tries again.");
    }
  else if (state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED)
    {
      icon_name = "tether-state-sign-in-symbolic";
      title = _("Sign-in Required");
      description = _("The server wants you to sign in: Sign In opens your browser.");
    }
  else
    {
      title = _("Not Connected");
      description = _(tabs[tab].not_connected);
    }

  adw_status_page_set_icon_name (empties[tab], icon_name);
  adw_status_page_set_title (empties[tab], title);
  adw_status_page_set_description (empties[tab], description);
  gtk_stack_set_visible_child_name (stacks[tab], "empty");
}

static void
update_log_count (TetherServerPage *self)
{
  GListModel *source = source_model (self, TAB_LOG);
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered[TAB_LOG]));
  guint total = source != NULL ? g_list_model_get_n_items (source) : 0;
  g_autofree char *text = NULL;

  if (shown == total)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u line", "%u lines", total), total);
  else
    /* Translators: lines of the log that match the search, of all lines */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u line", "%u of %u lines", total),
                            shown, total);

  gtk_label_set_label (self->log_count_label, text);
}

static void
update_tabs (TetherServerPage *self)
{
  for (guint i = 0; i < N_TABS; i++)
    update_tab (self, i);
  update_log_count (self);
}

static void
filtered_items_changed_cb (TetherServerPage *self,
                           guint             position,
                           guint             removed,
                           guint             added,
                           GListModel       *model)
{
  for (guint i = 0; i < N_TABS; i++)
    if (G_LIST_MODEL (self->filtered[i]) == model)
      update_tab (self, i);

  if (model == G_LIST_MODEL (self->filtered[TAB_LOG]))
    update_log_count (self);
}

/* Overview */

static void
update_overview (TetherServerPage *self)
{
  TetherServerConfig *config;
  TetherServerState state;
  g_autofree char *name = NULL;
  g_autofree char *transport = NULL;
  g_autofree char *shown_transport = NULL;
  g_autofree char *warning = NULL;
  const char *details;
  const char *title;

  if (self->server == NULL)
    return;

  config = tether_server_get_config (self->server);
  state = tether_server_get_state (self->server);

  /* Names, commands, serverInfo and errors come from the file or the
   * server: shown, never obeyed. */
  name = tether_visible_text (tether_server_get_name (self->server));
  gtk_label_set_label (self->name_label, name);
  tether_status_icon_set_state (self->status_icon, state);
  gtk_widget_set_visible (self->sign_in_button, state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED);

  if (tether_server_kind_is_remote (tether_server_config_get_kind (config)))
    {
      gtk_label_set_label (self->transport_title, _("URL"));
      transport = tether_server_config_dup_masked_url (config);
    }
  else
    {
      gtk_label_set_label (self->transport_title, _("Command"));
      transport = tether_server_config_dup_command_line (config);
    }
  shown_transport = tether_visible_text (transport);
  gtk_label_set_label (self->transport_label, shown_transport != NULL ? shown_transport : "");

  warning = tether_server_config_dup_cleartext_warning (config);
  tether_warning_label_set_text (self->warning_label, warning);

  title = tether_server_get_server_title (self->server);
  if (title != NULL)
    {
      const char *version = tether_server_get_server_version (self->server);
      const char *protocol = tether_server_get_protocol_version (self->server);
      gboolean has_version = version != NULL && *version != '\0';
      g_autofree char *info = NULL;
      g_autofree char *shown_info = NULL;
      g_autofree char *instructions = NULL;

      if (has_version && protocol != NULL)
        /* Translators: the server's own title and version, then the MCP
         * protocol version it speaks, like 2025-06-18 */
        info = g_strdup_printf (_("%s %s · protocol %s"), title, version, protocol);
      else if (protocol != NULL)
        /* Translators: the server's own title, then the MCP protocol
         * version it speaks, like 2025-06-18 */
        info = g_strdup_printf (_("%s · protocol %s"), title, protocol);
      else if (has_version)
        /* Translators: the server's own title, then its version */
        info = g_strdup_printf (C_("server title and version", "%s %s"), title, version);
      else
        info = g_strdup (title);
      shown_info = tether_visible_text (info);
      instructions = tether_visible_lines (tether_server_get_instructions (self->server));
      gtk_label_set_label (self->info_label, shown_info);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->info_label), instructions);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->info_label), title != NULL);
  gtk_widget_set_visible (self->info_title, title != NULL);

  details = tether_server_get_error_details (self->server);
  if (details != NULL)
    {
      g_autofree char *shown_details = tether_visible_lines (details);

      gtk_label_set_label (self->details_label, shown_details);
    }
  gtk_widget_set_visible (self->diagnostics_button,
                          tether_server_get_command_not_found (self->server));
  gtk_revealer_set_reveal_child (self->details_revealer,
                                 details != NULL &&
                                 state != TETHER_SERVER_STATE_CONNECTED &&
                                 state != TETHER_SERVER_STATE_DISABLED);
}

static gboolean enabled_state_set_cb (TetherServerPage *self,
                                      gboolean          state,
                                      GtkSwitch        *widget);

static void
update_switch (TetherServerPage *self)
{
  gboolean enabled;

  if (self->server == NULL)
    return;

  enabled = tether_server_config_get_enabled (tether_server_get_config (self->server));

  g_signal_handlers_block_by_func (self->enabled_switch, enabled_state_set_cb, self);
  gtk_switch_set_active (self->enabled_switch, enabled);
  gtk_switch_set_state (self->enabled_switch, enabled);
  g_signal_handlers_unblock_by_func (self->enabled_switch, enabled_state_set_cb, self);
}

static void
server_changed_cb (TetherServerPage *self)
{
  update_overview (self);
  update_switch (self);
  update_tabs (self);
}

static gboolean
enabled_state_set_cb (TetherServerPage *self,
                      gboolean          state,
                      GtkSwitch        *widget)
{
  if (self->server != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self),
                                state ? "win.enable-server" : "win.disable-server",
                                "s", tether_server_get_name (self->server));

  /* The switch shows the configuration: if the change was refused, it
   * springs back; if it was saved, notify::config has set it already. */
  update_switch (self);

  return TRUE;
}

/* Tools */

static GListModel *
create_parameters_cb (gpointer item,
                      gpointer user_data)
{
  /* Asked for each row bound, expanded or not: the model reads the
   * schema only when the row is expanded. */
  return MCP_IS_TOOL (item) ? tether_tool_parameters_new_for_tool (item) : NULL;
}

/* The tools' rows are made in code rather than by a GtkBuilderListItemFactory:
 * scrolling far through 10 000 tools makes a page of rows at a time, and
 * parsing a template for each was most of that cost. */
static void
tool_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();

  gtk_tree_expander_set_indent_for_icon (GTK_TREE_EXPANDER (expander), TRUE);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), g_object_new (TETHER_TYPE_CAPABILITY_ROW, NULL));
  gtk_list_item_set_child (item, expander);
}

static void
tool_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkTreeExpander *expander = GTK_TREE_EXPANDER (gtk_list_item_get_child (item));
  GtkWidget *row = gtk_tree_expander_get_child (expander);
  GtkTreeListRow *list_row = gtk_list_item_get_item (item);
  g_autoptr(GObject) object = gtk_tree_list_row_get_item (list_row);
  GBinding *binding;

  TetherServerPage *self = user_data;

  gtk_tree_expander_set_list_row (expander, list_row);
  tether_capability_row_set_item (TETHER_CAPABILITY_ROW (row), object);
  if (MCP_IS_TOOL (object) && self->server != NULL)
    tether_capability_row_set_run_target (TETHER_CAPABILITY_ROW (row),
                                          g_variant_new ("(ss)", tether_server_get_name (self->server),
                                                         mcp_item_get_name (MCP_ITEM (object))));
  else
    tether_capability_row_set_run_target (TETHER_CAPABILITY_ROW (row), NULL);
  binding = g_object_bind_property (list_row, "expanded", row, "expanded", G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (item), "expanded-binding", binding);
}

/* A row let go of keeps its item and its tree row until it is bound again
 * (GTK 4.8's list view binds it to another item as it scrolls) or thrown
 * away: setting none would remake the expander's arrow and clear the
 * labels, work the next bind undoes. */
static void
tool_unbind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GBinding *binding = g_object_steal_data (G_OBJECT (item), "expanded-binding");

  if (binding != NULL)
    g_binding_unbind (binding);
}

static void
tool_activated_cb (TetherServerPage *self,
                   guint             position,
                   GtkListView      *view)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (view)),
                                                         position);

  if (row != NULL && gtk_tree_list_row_is_expandable (row))
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
}

/* Log */

static void
log_adjustment_value_changed_cb (TetherServerPage *self,
                                 GtkAdjustment    *adjustment)
{
  double bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  self->log_sticky = gtk_adjustment_get_value (adjustment) >= bottom - 2;
}

static void
log_adjustment_changed_cb (TetherServerPage *self,
                           GtkAdjustment    *adjustment)
{
  /* New lines keep the end in view, unless the user scrolled up to read. */
  if (self->log_sticky)
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_upper (adjustment) -
                              gtk_adjustment_get_page_size (adjustment));
}

static void
copy_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TetherServerPage *self = TETHER_SERVER_PAGE (widget);
  GListModel *model = G_LIST_MODEL (self->filtered[TAB_LOG]);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (model, i);
      g_autofree char *line = tether_log_entry_to_string (entry);

      g_string_append (text, line);
      g_string_append_c (text, '\n');
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text->str);
  gtk_widget_activate_action (widget, "win.toast", "s",
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Copied the log line", "Copied the log lines", n));
}

/* Prompts and resources */

static McpItem *
find_item (GListModel *items,
           const char *key,
           const char *(*get_key) (McpItem *item))
{
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(McpItem) item = g_list_model_get_item (items, i);

      if (g_strcmp0 (get_key (item), key) == 0)
        return g_steal_pointer (&item);
    }

  return NULL;
}

static const char *
resource_uri (McpItem *item)
{
  return mcp_resource_get_uri (MCP_RESOURCE (item));
}

static const char *
resource_uri_template (McpItem *item)
{
  return mcp_resource_get_uri_template (MCP_RESOURCE (item));
}

static void
get_prompt_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TetherServerPage *self = TETHER_SERVER_PAGE (widget);
  g_autoptr(McpItem) prompt = NULL;

  if (self->server != NULL)
    prompt = find_item (tether_server_get_prompts (self->server), g_variant_get_string (parameter, NULL),
                        mcp_item_get_name);
  if (prompt != NULL)
    tether_read_window_present (widget, self->server, prompt);
}

/* The parameter is a resource's URI or a template's URI template. */
static void
open_resource_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TetherServerPage *self = TETHER_SERVER_PAGE (widget);
  const char *key = g_variant_get_string (parameter, NULL);
  g_autoptr(McpItem) resource = NULL;

  if (self->server == NULL)
    return;

  resource = find_item (tether_server_get_resources (self->server), key, resource_uri);
  if (resource == NULL)
    resource = find_item (tether_server_get_resource_templates (self->server), key, resource_uri_template);
  if (resource != NULL)
    tether_read_window_present (widget, self->server, resource);
}

/* Search */

static void
search_changed_cb (TetherServerPage *self,
                   GtkSearchEntry   *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  for (guint i = 0; i < self->search_filters->len; i++)
    tether_search_filter_set_search (g_ptr_array_index (self->search_filters, i), text);

  update_tabs (self);
}

static void
stop_search_cb (TetherServerPage *self,
                GtkSearchEntry   *entry)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
}

static void
visible_tab_changed_cb (TetherServerPage *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  for (guint i = 0; i < N_TABS; i++)
    if (g_strcmp0 (name, tabs[i].name) == 0)
      g_object_set (self->search_entry, "placeholder-text", _(tabs[i].placeholder), NULL);
}

static void
search_mode_changed_cb (TetherServerPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_MODE]);
}

/* Matches an item when any of the properties contains the search text. */
static GtkFilter *
search_filter (TetherServerPage   *self,
               GType               type,
               const char * const *names)
{
  TetherSearchFilter *filter = tether_search_filter_new (type, names);

  g_ptr_array_add (self->search_filters, g_object_ref (filter));

  return GTK_FILTER (filter);
}

/* GObject */

static void
tether_server_page_dispose (GObject *object)
{
  TetherServerPage *self = (TetherServerPage *)object;

  if (self->server_signals != NULL)
    g_signal_group_set_target (self->server_signals, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_SERVER_PAGE);
  /* The template's outer box is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  for (guint i = 0; i < N_TABS; i++)
    g_clear_object (&self->filtered[i]);
  g_clear_object (&self->resources_flat);
  g_clear_object (&self->tools_tree);
  g_clear_object (&self->server_signals);
  g_clear_object (&self->server);
  g_clear_pointer (&self->search_filters, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_server_page_parent_class)->dispose (object);
}

static void
tether_server_page_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherServerPage *self = TETHER_SERVER_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;

    case PROP_SEARCH_MODE:
      g_value_set_boolean (value, tether_server_page_get_search_mode (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_page_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TetherServerPage *self = TETHER_SERVER_PAGE (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      tether_server_page_set_server (self, g_value_get_object (value));
      break;

    case PROP_SEARCH_MODE:
      tether_server_page_set_search_mode (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_page_class_init (TetherServerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_server_page_dispose;
  object_class->get_property = tether_server_page_get_property;
  object_class->set_property = tether_server_page_set_property;

  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL,
                         TETHER_TYPE_SERVER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SEARCH_MODE] =
    g_param_spec_boolean ("search-mode", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-server-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "serverpage");
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, details_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, details_revealer);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, diagnostics_button);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, enabled_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, sign_in_button);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, info_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, info_title);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_count_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_level_chooser);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, log_view);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, name_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, prompts_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, prompts_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, prompts_view);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, resources_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, resources_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, resources_view);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, search_bar);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, status_icon);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, tools_empty);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, tools_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, tools_view);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, transport_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, transport_title);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherServerPage, warning_label);
  gtk_widget_class_bind_template_callback (widget_class, enabled_state_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, tool_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, visible_tab_changed_cb);

  gtk_widget_class_install_action (widget_class, "page.copy-log", NULL, copy_log_action);
  gtk_widget_class_install_action (widget_class, "page.get-prompt", "s", get_prompt_action);
  gtk_widget_class_install_action (widget_class, "page.open-resource", "s", open_resource_action);

  g_type_ensure (TETHER_TYPE_CAPABILITY_ROW);
  g_type_ensure (TETHER_TYPE_LOG_LEVEL_CHOOSER);
  g_type_ensure (TETHER_TYPE_LOG_ROW);
  g_type_ensure (TETHER_TYPE_STATUS_ICON);
  g_type_ensure (TETHER_TYPE_STATUS_LABEL);
  g_type_ensure (TETHER_TYPE_WARNING_LABEL);
}

static void
tether_server_page_init (TetherServerPage *self)
{
  static const char *notifies[] = {
    "notify::config", "notify::state", "notify::busy", "notify::error-details",
    "notify::command-not-found", "notify::server-title", "notify::server-version", "notify::protocol-version",
    "notify::instructions",
  };
  static const char * const tool_search[] = { "name", "title", "description", NULL };
  static const char * const prompt_search[] = { "name", "title", "description", NULL };
  static const char * const resource_search[] = {
    "name", "title", "uri", "uri-template", "description", "mime-type", NULL
  };
  static const char * const log_search[] = { "text", NULL };
  GtkListItemFactory *factory;
  GtkFilter *filter;
  GtkAdjustment *adjustment;

  gtk_widget_init_template (GTK_WIDGET (self));

  tether_accessible_name_status_page (self->tools_empty);
  tether_accessible_name_status_page (self->prompts_empty);
  tether_accessible_name_status_page (self->resources_empty);
  tether_accessible_name_status_page (self->log_empty);
  tether_list_focus_install (GTK_WIDGET (self->tools_view));
  tether_list_focus_install (GTK_WIDGET (self->prompts_view));
  tether_list_focus_install (GTK_WIDGET (self->resources_view));
  tether_list_focus_install (GTK_WIDGET (self->log_view));

  self->search_filters = g_ptr_array_new_with_free_func (g_object_unref);
  self->log_sticky = TRUE;

  filter = search_filter (self, MCP_TYPE_TOOL, tool_search);
  self->filtered[TAB_TOOLS] = gtk_filter_list_model_new (NULL, filter);
  filter = search_filter (self, MCP_TYPE_PROMPT, prompt_search);
  self->filtered[TAB_PROMPTS] = gtk_filter_list_model_new (NULL, filter);
  filter = search_filter (self, MCP_TYPE_RESOURCE, resource_search);
  self->resources_flat = gtk_flatten_list_model_new (NULL);
  self->filtered[TAB_RESOURCES] = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->resources_flat)),
                                                             filter);
  filter = search_filter (self, TETHER_TYPE_LOG_ENTRY, log_search);
  self->filtered[TAB_LOG] = gtk_filter_list_model_new (NULL, filter);

  /* Not incremental: an incremental filter over 10 000 tools made every
   * frame of scrolling cost about as much as the list is long (measured:
   * 125 ms instead of 16 ms a step); filtering them at once takes a frame. */

  for (guint i = 0; i < N_TABS; i++)
    g_signal_connect_object (self->filtered[i], "items-changed",
                             G_CALLBACK (filtered_items_changed_cb), self, G_CONNECT_SWAPPED);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (tool_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (tool_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (tool_unbind_cb), NULL);
  gtk_list_view_set_factory (self->tools_view, factory);
  g_object_unref (factory);

  self->tools_tree = gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered[TAB_TOOLS])),
                                              FALSE, FALSE, create_parameters_cb, NULL, NULL);
  gtk_list_view_set_model (self->tools_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->tools_tree)))));
  gtk_list_view_set_model (self->prompts_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->filtered[TAB_PROMPTS])))));
  gtk_list_view_set_model (self->resources_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->filtered[TAB_RESOURCES])))));
  gtk_list_view_set_model (self->log_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->filtered[TAB_LOG])))));

  adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);
  g_signal_connect_object (adjustment, "value-changed",
                           G_CALLBACK (log_adjustment_value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "changed",
                           G_CALLBACK (log_adjustment_changed_cb), self, G_CONNECT_SWAPPED);

  self->server_signals = g_signal_group_new (TETHER_TYPE_SERVER);
  for (guint i = 0; i < G_N_ELEMENTS (notifies); i++)
    g_signal_group_connect_swapped (self->server_signals, notifies[i],
                                    G_CALLBACK (server_changed_cb), self);

  g_signal_connect_object (self->search_bar, "notify::search-mode-enabled",
                           G_CALLBACK (search_mode_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_key_capture_widget (self->search_bar, GTK_WIDGET (self));

  visible_tab_changed_cb (self);
  update_tabs (self);
}

TetherServer *
tether_server_page_get_server (TetherServerPage *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_PAGE (self), NULL);

  return self->server;
}

void
tether_server_page_set_server (TetherServerPage *self,
                               TetherServer     *server)
{
  g_autoptr(GListStore) resources = NULL;

  g_return_if_fail (TETHER_IS_SERVER_PAGE (self));
  g_return_if_fail (server == NULL || TETHER_IS_SERVER (server));

  if (!g_set_object (&self->server, server))
    return;

  g_signal_group_set_target (self->server_signals, server);
  tether_status_label_set_server (self->status_label, server);
  tether_log_level_chooser_set_server (self->log_level_chooser, server);

  if (server != NULL)
    {
      resources = g_list_store_new (G_TYPE_LIST_MODEL);
      g_list_store_append (resources, tether_server_get_resources (server));
      g_list_store_append (resources, tether_server_get_resource_templates (server));
    }

  gtk_filter_list_model_set_model (self->filtered[TAB_TOOLS],
                                   server != NULL ? tether_server_get_tools (server) : NULL);
  gtk_filter_list_model_set_model (self->filtered[TAB_PROMPTS],
                                   server != NULL ? tether_server_get_prompts (server) : NULL);
  gtk_flatten_list_model_set_model (self->resources_flat, G_LIST_MODEL (resources));
  gtk_filter_list_model_set_model (self->filtered[TAB_LOG],
                                   server != NULL ? tether_server_get_log (server) : NULL);

  /* A server's log opens at its end. */
  self->log_sticky = TRUE;

  server_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
}

AdwViewStack *
tether_server_page_get_view_stack (TetherServerPage *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_PAGE (self), NULL);

  return self->view_stack;
}

gboolean
tether_server_page_get_search_mode (TetherServerPage *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_PAGE (self), FALSE);

  return gtk_search_bar_get_search_mode (self->search_bar);
}

void
tether_server_page_set_search_mode (TetherServerPage *self,
                                    gboolean          search_mode)
{
  g_return_if_fail (TETHER_IS_SERVER_PAGE (self));

  gtk_search_bar_set_search_mode (self->search_bar, search_mode);
}

/**
 * tether_server_page_start_search:
 * @self: a #TetherServerPage
 *
 * Opens the search bar and puts the focus in it (Ctrl+F).
 */
void
tether_server_page_start_search (TetherServerPage *self)
{
  g_return_if_fail (TETHER_IS_SERVER_PAGE (self));

  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}
