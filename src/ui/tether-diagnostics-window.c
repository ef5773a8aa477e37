/* tether-diagnostics-window.c — where servers run and what they find there
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's face of `tether-cli diagnostics`: TetherDiagnostics gathers
 * the facts (asynchronously: the login shell may take seconds the first
 * time) and this shows them — the sandbox and the permission to run host
 * commands (with the override command to copy when it is missing), the
 * login shell and its PATH one folder per line, each server's command and
 * the program it resolves to (or where it was looked for), and the other
 * clients' files. It looks again when the configuration changes, or when
 * asked. No environment or header value is ever shown or copied.
 */

#define G_LOG_DOMAIN "tether-diagnostics-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-diagnostics-window.h"
#include "tether-text.h"
#include "tether-visible-text.h"
#include "tether-warning-label.h"

struct _TetherDiagnosticsWindow
{
  AdwWindow            parent_instance;

  TetherServerManager *manager;
  TetherDiagnostics   *diagnostics;
  GCancellable        *cancellable;
  JsonNode            *report;
  GPtrArray           *server_rows;
  GPtrArray           *client_rows;
  gboolean             busy;

  /* Template widgets */
  AdwPreferencesGroup *clients_group;
  GtkSpinner          *header_spinner;
  AdwStatusPage       *loading_page;
  GtkSpinner          *loading_spinner;
  AdwActionRow        *override_row;
  GtkLabel            *path_label;
  AdwPreferencesGroup *path_group;
  AdwPreferencesGroup *permission_group;
  GtkStack            *refresh_stack;
  AdwActionRow        *sandbox_row;
  AdwPreferencesGroup *servers_group;
  AdwActionRow        *shell_row;
  GtkStack            *stack;
  AdwToastOverlay     *toast_overlay;
};

G_DEFINE_FINAL_TYPE (TetherDiagnosticsWindow, tether_diagnostics_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  return json_node_get_string (node);
}

static void
set_busy (TetherDiagnosticsWindow *self,
          gboolean                 busy)
{
  if (self->busy == busy)
    return;

  self->busy = busy;
  gtk_spinner_set_spinning (self->header_spinner, busy);
  gtk_spinner_set_spinning (self->loading_spinner, busy && self->report == NULL);
  gtk_stack_set_visible_child_name (self->refresh_stack, busy ? "busy" : "idle");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
toast (TetherDiagnosticsWindow *self,
       const char              *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_timeout (toast, 2);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
copy_text (TetherDiagnosticsWindow *self,
           const char              *text,
           const char              *done)
{
  if (text == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, done);
}

/* ---------------------------------------------------------------------- */
/* Showing a report                                                        */

static GtkWidget *
line_label (const char *text,
            const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);

  return label;
}

/* A server: its name, kind, and where its command leads. */
static GtkWidget *
server_row_new (JsonObject *server)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon;
  GtkWidget *name;
  GtkWidget *kind;
  const char *server_name = member_string (server, "name");
  const char *state;
  g_autofree char *spoken = NULL;
  const char *kind_name = member_string (server, "kind");
  const char *command = member_string (server, "command");
  const char *resolved = member_string (server, "resolved");
  const char *error = member_string (server, "error");
  gboolean enabled = json_object_get_boolean_member_with_default (server, "enabled", TRUE);
  gboolean stdio = g_strcmp0 (kind_name, "stdio") == 0;
  g_autofree char *kind_text = NULL;

  /* names, paths and errors come from files: plain text, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), member_string (server, "name"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "diagnostics-server");

  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  /* The mark says in words what its shape and colour say, and the row is
   * read as one sentence. */
  if (!stdio)
    {
      icon = gtk_image_new_from_icon_name ("network-server-symbolic");
      state = _("Remote server");
      /* Translators: a server in the diagnostics, as a screen reader reads it */
      spoken = g_strdup_printf (_("%s: a remote server"), server_name);
    }
  else if (resolved != NULL)
    {
      icon = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_add_css_class (icon, "success");
      state = _("Command found");
      /* Translators: a server in the diagnostics, as a screen reader reads it */
      spoken = g_strdup_printf (_("%s: its command is found"), server_name);
    }
  else
    {
      icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");
      gtk_widget_add_css_class (icon, "error");
      state = _("Command not found");
      /* Translators: a server in the diagnostics, as a screen reader reads it */
      spoken = g_strdup_printf (_("%s: its command is not found"), server_name);
    }
  gtk_widget_set_tooltip_text (icon, state);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, state, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  gtk_box_append (GTK_BOX (header), icon);

  name = gtk_label_new (server_name);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (header), name);

  /* Translators: a server's transport, as in the configuration: stdio, http, sse */
  kind_text = enabled ? g_strdup (kind_name) : g_strdup_printf (_("%s · off"), kind_name);
  kind = gtk_label_new (kind_text);
  gtk_widget_add_css_class (kind, "dim-label");
  gtk_widget_add_css_class (kind, "caption");
  gtk_box_append (GTK_BOX (header), kind);
  gtk_box_append (GTK_BOX (box), header);

  if (stdio && resolved != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s → %s", command, resolved);

      gtk_box_append (GTK_BOX (box), line_label (text, "monospace"));
    }
  else if (stdio)
    {
      if (command != NULL)
        gtk_box_append (GTK_BOX (box), line_label (command, "monospace"));
      gtk_box_append (GTK_BOX (box), line_label (error != NULL ? error : _("Not found"), "error"));
    }
  else
    {
      const char *warning = member_string (server, "warning");

      gtk_box_append (GTK_BOX (box), line_label (member_string (server, "url"), "monospace"));
      if (warning != NULL)
        {
          GtkWidget *label = tether_warning_label_new (warning);

          gtk_widget_add_css_class (label, "caption");
          gtk_box_append (GTK_BOX (box), label);
        }
    }

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  return row;
}

static GtkWidget *
client_row_new (JsonObject *source)
{
  GtkWidget *row = adw_action_row_new ();
  const char *error = member_string (source, "error");
  guint n = (guint)json_object_get_int_member_with_default (source, "servers", 0);
  GtkWidget *suffix;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), member_string (source, "client"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), member_string (source, "file"));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

  if (error != NULL)
    {
      suffix = gtk_label_new (error);
      gtk_label_set_wrap (GTK_LABEL (suffix), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (suffix), 30);
      gtk_widget_add_css_class (suffix, "error");
    }
  else
    {
      g_autofree char *count = g_strdup_printf (ngettext ("%u server", "%u servers", n), n);

      suffix = gtk_label_new (count);
      gtk_widget_add_css_class (suffix, "dim-label");
    }
  gtk_label_set_xalign (GTK_LABEL (suffix), 1);
  gtk_widget_add_css_class (suffix, "caption");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), suffix);

  return row;
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_row (AdwPreferencesGroup *group,
         GPtrArray           *rows,
         GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
}

static GtkWidget *
placeholder_row_new (const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  gtk_widget_add_css_class (row, "dim-label");

  return row;
}

static void
show_environment (TetherDiagnosticsWindow *self,
                  JsonObject              *root)
{
  JsonObject *sandbox = json_object_get_object_member (root, "sandbox");
  JsonObject *login = json_object_get_object_member (root, "loginShell");
  gboolean flatpak = json_object_get_boolean_member_with_default (sandbox, "flatpak", FALSE);
  gboolean permitted = json_object_get_boolean_member_with_default (sandbox, "hostCommands", TRUE);
  guint elapsed = (guint)json_object_get_int_member_with_default (login, "elapsedMs", 0);
  const char *shell = member_string (login, "shell");
  const char *note = member_string (login, "note");
  const char *path = member_string (login, "path");
  g_autofree char *sandbox_text = NULL;
  g_autofree char *shell_text = NULL;
  g_auto(GStrv) dirs = NULL;
  g_autofree char *lines = NULL;
  g_autofree char *path_text = NULL;

  /* The sandbox, and the permission to reach out of it */
  if (!flatpak)
    sandbox_text = g_strdup (_("None: servers’ commands run directly on this computer"));
  else if (permitted)
    sandbox_text = g_strdup_printf (_("Flatpak (%s): servers’ commands run on the host, which is allowed"),
                                    member_string (sandbox, "appId"));
  else
    sandbox_text = g_strdup_printf (_("Flatpak (%s): commands on the host are not allowed"),
                                    member_string (sandbox, "appId"));
  adw_action_row_set_subtitle (self->sandbox_row, sandbox_text);

  gtk_widget_set_visible (GTK_WIDGET (self->permission_group), !permitted);
  if (!permitted)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->override_row),
                                   member_string (sandbox, "overrideCommand"));

  /* The login shell, or why its PATH is not used */
  if (json_object_get_boolean_member_with_default (login, "fromLoginShell", FALSE))
    {
      if (json_object_get_boolean_member_with_default (login, "onHost", FALSE))
        shell_text = g_strdup_printf (_("%s on the host gave the PATH below, in %u ms"), shell, elapsed);
      else
        shell_text = g_strdup_printf (_("%s gave the PATH below, in %u ms"), shell, elapsed);
      gtk_widget_remove_css_class (GTK_WIDGET (self->shell_row), "warning");
    }
  else
    {
      shell_text = g_strdup_printf (_("Not used, after %u ms: %s"), elapsed,
                                    note != NULL ? note : _("no reason given"));
      gtk_widget_add_css_class (GTK_WIDGET (self->shell_row), "warning");
    }
  adw_action_row_set_subtitle (self->shell_row, shell_text);

  /* PATH, one folder per line, in the order searched */
  dirs = g_strsplit (path != NULL ? path : "", ":", -1);
  lines = g_strjoinv ("\n", dirs);
  gtk_label_set_label (self->path_label, lines);
  if (json_object_get_boolean_member_with_default (login, "fromLoginShell", FALSE))
    path_text = g_strdup (_("Where servers’ commands are looked up, in this order: your login shell’s PATH"));
  else
    path_text = g_strdup (_("Where servers’ commands are looked up, in this order: a fallback, as the login shell’s PATH is not known"));
  adw_preferences_group_set_description (self->path_group, path_text);
}

static void
show_report (TetherDiagnosticsWindow *self)
{
  g_autoptr(JsonNode) shown = json_node_copy (self->report);
  JsonObject *root = json_node_get_object (shown);
  JsonObject *configuration = json_object_get_object_member (root, "configuration");
  JsonArray *servers = json_object_get_array_member (root, "servers");
  JsonObject *discovered = json_object_get_object_member (root, "discovered");
  JsonArray *files = json_object_get_array_member (discovered, "files");
  const char *config_error = member_string (configuration, "error");
  g_autofree char *clients_text = NULL;
  g_autofree char *clients_markup = NULL;

  /* Paths, names, commands and errors come from files and the system:
   * shown, never obeyed (the copies keep them as they are). */
  tether_text_map_strings (shown, tether_visible_text);
  show_environment (self, root);

  clear_rows (self->servers_group, self->server_rows);
  if (config_error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The configuration cannot be used: %s"), config_error);
      GtkWidget *row = placeholder_row_new (text);

      gtk_widget_remove_css_class (row, "dim-label");
      gtk_widget_add_css_class (row, "error");
      add_row (self->servers_group, self->server_rows, row);
    }
  for (guint i = 0; i < json_array_get_length (servers); i++)
    add_row (self->servers_group, self->server_rows, server_row_new (json_array_get_object_element (servers, i)));
  if (json_array_get_length (servers) == 0 && config_error == NULL)
    add_row (self->servers_group, self->server_rows, placeholder_row_new (_("No servers configured")));

  clear_rows (self->clients_group, self->client_rows);
  for (guint i = 0; i < json_array_get_length (files); i++)
    add_row (self->clients_group, self->client_rows, client_row_new (json_array_get_object_element (files, i)));
  if (member_string (discovered, "error") != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not look: %s"), member_string (discovered, "error"));

      add_row (self->clients_group, self->client_rows, placeholder_row_new (text));
    }
  else if (json_array_get_length (files) == 0)
    add_row (self->clients_group, self->client_rows, placeholder_row_new (_("None found")));

  /* A group's description is markup, always. */
  clients_text = g_strdup_printf (_("Found in %s"), member_string (discovered, "home"));
  clients_markup = g_markup_escape_text (clients_text, -1);
  adw_preferences_group_set_description (self->clients_group, clients_markup);

  gtk_stack_set_visible_child_name (self->stack, "report");
}

/* ---------------------------------------------------------------------- */
/* Collecting                                                              */

static void
collected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(TetherDiagnosticsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  JsonNode *report;

  report = tether_diagnostics_collect_finish (TETHER_DIAGNOSTICS (object), result, &error);
  if (report == NULL)
    {
      /* Cancelled: a newer collection, or the window went. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_warning ("Diagnostics failed: %s", error->message);
          g_clear_object (&self->cancellable);
          set_busy (self, FALSE);
        }
      return;
    }

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, json_node_unref);
  self->report = report;
  show_report (self);
  set_busy (self, FALSE);
}

/**
 * tether_diagnostics_window_refresh:
 * @self: a #TetherDiagnosticsWindow
 *
 * Looks again, dropping a look still under way.
 */
void
tether_diagnostics_window_refresh (TetherDiagnosticsWindow *self)
{
  g_return_if_fail (TETHER_IS_DIAGNOSTICS_WINDOW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  self->cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  tether_diagnostics_collect_async (self->diagnostics, self->cancellable, collected_cb, g_object_ref (self));
}

/* ---------------------------------------------------------------------- */
/* Actions                                                                 */

static void
refresh_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  tether_diagnostics_window_refresh (TETHER_DIAGNOSTICS_WINDOW (widget));
}

static void
copy_report_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherDiagnosticsWindow *self = TETHER_DIAGNOSTICS_WINDOW (widget);
  g_autofree char *text = NULL;

  if (self->report == NULL)
    return;

  text = tether_diagnostics_format_text (self->report);
  copy_text (self, text, _("Report copied"));
}

static void
copy_path_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TetherDiagnosticsWindow *self = TETHER_DIAGNOSTICS_WINDOW (widget);
  JsonObject *login;

  if (self->report == NULL)
    return;

  login = json_object_get_object_member (json_node_get_object (self->report), "loginShell");
  copy_text (self, member_string (login, "path"), _("PATH copied"));
}

static void
copy_override_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TetherDiagnosticsWindow *self = TETHER_DIAGNOSTICS_WINDOW (widget);
  JsonObject *sandbox;

  if (self->report == NULL)
    return;

  sandbox = json_object_get_object_member (json_node_get_object (self->report), "sandbox");
  copy_text (self, member_string (sandbox, "overrideCommand"), _("Command copied"));
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
store_changed_cb (TetherDiagnosticsWindow *self)
{
  tether_diagnostics_window_refresh (self);
}

static void
tether_diagnostics_window_constructed (GObject *object)
{
  TetherDiagnosticsWindow *self = (TetherDiagnosticsWindow *)object;
  TetherConfigStore *store;

  G_OBJECT_CLASS (tether_diagnostics_window_parent_class)->constructed (object);

  g_assert (self->manager != NULL);
  store = tether_server_manager_get_store (self->manager);

  /* The environment servers start in: tether_shell_environment_get_default() */
  self->diagnostics = tether_diagnostics_new (store, NULL);
  g_signal_connect_object (store, "changed", G_CALLBACK (store_changed_cb), self, G_CONNECT_SWAPPED);

  tether_diagnostics_window_refresh (self);
}

static void
tether_diagnostics_window_dispose (GObject *object)
{
  TetherDiagnosticsWindow *self = (TetherDiagnosticsWindow *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_DIAGNOSTICS_WINDOW);

  g_clear_object (&self->diagnostics);
  g_clear_object (&self->manager);
  g_clear_pointer (&self->report, json_node_unref);
  g_clear_pointer (&self->server_rows, g_ptr_array_unref);
  g_clear_pointer (&self->client_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_diagnostics_window_parent_class)->dispose (object);
}

static void
tether_diagnostics_window_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  TetherDiagnosticsWindow *self = TETHER_DIAGNOSTICS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_diagnostics_window_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  TetherDiagnosticsWindow *self = TETHER_DIAGNOSTICS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_diagnostics_window_class_init (TetherDiagnosticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tether_diagnostics_window_constructed;
  object_class->dispose = tether_diagnostics_window_dispose;
  object_class->get_property = tether_diagnostics_window_get_property;
  object_class->set_property = tether_diagnostics_window_set_property;

  /**
   * TetherDiagnosticsWindow:manager:
   *
   * Whose configuration is looked at.
   */
  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL, TETHER_TYPE_SERVER_MANAGER,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * TetherDiagnosticsWindow:busy:
   *
   * Whether a look is under way.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-diagnostics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, clients_group);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, header_spinner);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, loading_page);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, override_row);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, path_group);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, path_label);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, permission_group);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, refresh_stack);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, sandbox_row);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, servers_group);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, shell_row);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TetherDiagnosticsWindow, toast_overlay);

  gtk_widget_class_install_action (widget_class, "diagnostics.refresh", NULL, refresh_action);
  gtk_widget_class_install_action (widget_class, "diagnostics.copy-report", NULL, copy_report_action);
  gtk_widget_class_install_action (widget_class, "diagnostics.copy-path", NULL, copy_path_action);
  gtk_widget_class_install_action (widget_class, "diagnostics.copy-override", NULL, copy_override_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "diagnostics.refresh", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tether_diagnostics_window_init (TetherDiagnosticsWindow *self)
{
  self->server_rows = g_ptr_array_new ();
  self->client_rows = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  tether_accessible_name_status_page (self->loading_page);
}

/**
 * tether_diagnostics_window_new:
 * @manager: the servers
 *
 * Returns: (transfer full): a new window, already looking
 */
TetherDiagnosticsWindow *
tether_diagnostics_window_new (TetherServerManager *manager)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);

  return g_object_new (TETHER_TYPE_DIAGNOSTICS_WINDOW, "manager", manager, NULL);
}

TetherServerManager *
tether_diagnostics_window_get_manager (TetherDiagnosticsWindow *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS_WINDOW (self), NULL);

  return self->manager;
}

/**
 * tether_diagnostics_window_get_diagnostics:
 * @self: a #TetherDiagnosticsWindow
 *
 * Returns: (transfer none): what gathers the facts
 */
TetherDiagnostics *
tether_diagnostics_window_get_diagnostics (TetherDiagnosticsWindow *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS_WINDOW (self), NULL);

  return self->diagnostics;
}

gboolean
tether_diagnostics_window_get_busy (TetherDiagnosticsWindow *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS_WINDOW (self), FALSE);

  return self->busy;
}

/**
 * tether_diagnostics_window_get_report:
 * @self: a #TetherDiagnosticsWindow
 *
 * Returns: (transfer none) (nullable): the report shown, once there is one
 */
JsonNode *
tether_diagnostics_window_get_report (TetherDiagnosticsWindow *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS_WINDOW (self), NULL);

  return self->report;
}
