/* tether-import-dialog.c — what importing a file would add, before it does
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The preview of an import: every server the file holds, with its
 * transport, the exact command line or URL it would run, the names of its
 * environment variables and headers (values masked), the importer's
 * warnings; a field for each value the file leaves open; for a name the
 * configuration has already, Skip, Replace or Keep Both. The decisions are a
 * TetherImportPlan. Nothing is written and nothing runs until the user
 * confirms; then every chosen server goes in with one save through the
 * manager, enabled only if "Connect after import" stayed on, and ::imported
 * says which. Cancel changes nothing. With "Move secrets to the keyring" on
 * (when there is a keyring), the env and header values that look secret go
 * into the keyring first and the configuration gets `${secret:NAME}`
 * (tether-secret-move.c): those values never reach the file.
 */

#define G_LOG_DOMAIN "tether-import-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-import-dialog.h"
#include "tether-import-variable.h"
#include "tether-secret-move.h"
#include "tether-visible-text.h"

typedef struct
{
  AdwPreferencesGroup *group;
  GtkCheckButton      *include;
  AdwComboRow         *conflict;
  AdwActionRow        *status;
  GtkImage            *status_icon;
  GPtrArray           *warning_rows;
} ServerWidgets;

struct _TetherImportDialog
{
  AdwWindow            parent_instance;

  TetherServerManager *manager;
  TetherImportPlan    *plan;
  GArray              *servers;   /* ServerWidgets, one per plan item */
  TetherSecretStore   *secrets;
  GCancellable        *cancellable;
  GPtrArray           *moving;    /* configurations whose secrets go into the keyring */
  gboolean             probing;   /* not yet known whether there is a keyring */

  /* Template widgets */
  GtkButton           *confirm_button;
  GtkSwitch           *connect_switch;
  AdwActionRow        *secrets_row;
  GtkSwitch           *secrets_switch;
  GtkLabel            *error_label;
  GtkRevealer         *error_revealer;
  AdwPreferencesGroup *file_warnings_group;
  AdwPreferencesGroup *options_group;
  GtkBox              *servers_box;
  GtkLabel            *summary_label;
  AdwPreferencesGroup *variables_group;
  AdwWindowTitle      *window_title;
};

G_DEFINE_FINAL_TYPE (TetherImportDialog, tether_import_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_CONNECT,
  PROP_N_ADDING,
  N_PROPS
};

enum {
  IMPORTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
server_widgets_clear (ServerWidgets *widgets)
{
  g_clear_pointer (&widgets->warning_rows, g_ptr_array_unref);
}

/* Rows */

static AdwActionRow *
new_row (const char *title,
         const char *subtitle)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *shown_title = tether_visible_text (title);
  g_autofree char *shown_subtitle = tether_visible_text (subtitle);

  /* Names, commands and messages come from the file: not markup, and
   * shown, never obeyed. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown_title);
  if (shown_subtitle != NULL)
    adw_action_row_set_subtitle (row, shown_subtitle);

  return row;
}

static AdwActionRow *
new_message_row (const char *text,
                 const char *icon_name,
                 const char *css_class)
{
  AdwActionRow *row = new_row (text, NULL);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

  adw_action_row_set_title_lines (row, 0);
  gtk_widget_add_css_class (icon, css_class);
  adw_action_row_add_prefix (row, icon);
  g_object_set_data (G_OBJECT (row), "icon", icon);
  gtk_widget_add_css_class (GTK_WIDGET (row), "import-message");

  return row;
}

static const char *
describe_kind (TetherServerKind kind)
{
  switch (kind)
    {
    case TETHER_SERVER_KIND_STDIO:
      return _("Local program (stdio)");
    case TETHER_SERVER_KIND_HTTP:
      return _("Remote server (Streamable HTTP)");
    case TETHER_SERVER_KIND_SSE:
      return _("Remote server (HTTP with SSE)");
    case TETHER_SERVER_KIND_AUTO:
    default:
      return _("Remote server (Streamable HTTP, or SSE if that fails)");
    }
}

/* “API_KEY=••••, DEBUG=••••”, or NULL when there are none */
static char *
masked_pairs (char **names)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_string_append_printf (text, "%s%s=" TETHER_SERVER_CONFIG_MASK, i > 0 ? ", " : "", names[i]);

  return text->len > 0 ? g_strdup (text->str) : NULL;
}

static void
add_details (AdwPreferencesGroup *group,
             TetherServerConfig  *config)
{
  TetherServerKind kind = tether_server_config_get_kind (config);
  g_auto(GStrv) env_names = tether_server_config_dup_env_names (config);
  g_auto(GStrv) header_names = tether_server_config_dup_header_names (config);
  g_autofree char *env = masked_pairs (env_names);
  g_autofree char *headers = masked_pairs (header_names);
  g_autofree char *target = NULL;
  AdwActionRow *row;

  if (kind == TETHER_SERVER_KIND_STDIO)
    {
      target = tether_server_config_dup_command_line (config);
      row = new_row (_("Command"), target != NULL ? target : _("(none)"));
    }
  else
    {
      target = tether_server_config_dup_masked_url (config);
      row = new_row (_("URL"), target != NULL ? target : _("(none)"));
    }
  adw_action_row_set_subtitle_lines (row, 0);
  gtk_widget_add_css_class (GTK_WIDGET (row), "import-command");
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), adw_action_row_get_subtitle (row));
  adw_preferences_group_add (group, GTK_WIDGET (row));

  if (kind == TETHER_SERVER_KIND_STDIO && tether_server_config_get_cwd (config) != NULL)
    adw_preferences_group_add (group, GTK_WIDGET (new_row (_("Working Folder"),
                                                           tether_server_config_get_cwd (config))));

  if (env != NULL)
    {
      row = new_row (_("Environment Variables"), env);
      adw_action_row_set_subtitle_lines (row, 0);
      adw_preferences_group_add (group, GTK_WIDGET (row));
    }

  if (headers != NULL && kind != TETHER_SERVER_KIND_STDIO)
    {
      row = new_row (_("HTTP Headers"), headers);
      adw_action_row_set_subtitle_lines (row, 0);
      adw_preferences_group_add (group, GTK_WIDGET (row));
    }
}

/* Following the plan */

static void
update_warnings (TetherImportDialog *self,
                 guint               i)
{
  ServerWidgets *widgets = &g_array_index (self->servers, ServerWidgets, i);
  g_auto(GStrv) warnings = tether_import_plan_dup_warnings (self->plan, i);
  TetherImportItem *item = tether_import_plan_get_item (self->plan, i);
  const char * const *notes = tether_import_item_get_notes (item);

  for (guint r = 0; r < widgets->warning_rows->len; r++)
    adw_preferences_group_remove (widgets->group, g_ptr_array_index (widgets->warning_rows, r));
  g_ptr_array_set_size (widgets->warning_rows, 0);

  for (guint w = 0; warnings[w] != NULL; w++)
    {
      AdwActionRow *row = new_message_row (warnings[w], "dialog-warning-symbolic", "warning");

      g_ptr_array_add (widgets->warning_rows, row);
      adw_preferences_group_add (widgets->group, GTK_WIDGET (row));
    }

  for (guint n = 0; notes != NULL && notes[n] != NULL; n++)
    {
      AdwActionRow *row = new_message_row (notes[n], "dialog-information-symbolic", "dim-label");

      g_ptr_array_add (widgets->warning_rows, row);
      adw_preferences_group_add (widgets->group, GTK_WIDGET (row));
    }
}

static char *
describe_unresolved (TetherImportItem *item)
{
  GListModel *variables = tether_import_item_get_variables (item);
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

      if (tether_import_variable_get_value (variable) == NULL)
        g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "",
                                tether_import_variable_get_placeholder (variable));
    }

  /* Translators: the placeholders still without a value */
  return g_strdup_printf (_("Waiting for a value for %s"), list->str);
}

static void
update_server (TetherImportDialog *self,
               guint               i)
{
  ServerWidgets *widgets = &g_array_index (self->servers, ServerWidgets, i);
  TetherImportItem *item = tether_import_plan_get_item (self->plan, i);
  TetherImportAction action = tether_import_plan_get_action (self->plan, i);
  const char *new_name = tether_import_plan_get_new_name (self->plan, i);
  const char *reason = tether_import_plan_get_reason (self->plan, i);
  g_autofree char *status = NULL;
  const char *icon = NULL;
  const char *css = NULL;

  gtk_check_button_set_active (widgets->include, tether_import_plan_get_included (self->plan, i) &&
                                                 !tether_import_item_get_skipped (item));
  gtk_widget_set_visible (GTK_WIDGET (widgets->conflict),
                          tether_import_plan_get_name_taken (self->plan, i) &&
                          action != TETHER_IMPORT_ACTION_SKIP);
  adw_combo_row_set_selected (widgets->conflict, tether_import_plan_get_conflict (self->plan, i));

  switch (action)
    {
    case TETHER_IMPORT_ACTION_SKIP:
      status = g_strdup_printf (_("Cannot be imported: %s"), reason);
      icon = "dialog-error-symbolic";
      css = "error";
      break;
    case TETHER_IMPORT_ACTION_INVALID:
      status = g_strdup_printf (_("Cannot be added: %s"), reason);
      icon = "dialog-error-symbolic";
      css = "error";
      break;
    case TETHER_IMPORT_ACTION_UNRESOLVED:
      status = describe_unresolved (item);
      icon = "dialog-warning-symbolic";
      css = "warning";
      break;
    case TETHER_IMPORT_ACTION_EXISTS:
      status = g_strdup (_("Not imported: the server you have is kept"));
      icon = "dialog-information-symbolic";
      css = "dim-label";
      break;
    case TETHER_IMPORT_ACTION_REPLACE:
      status = g_strdup (_("Replaces the server you have"));
      icon = "dialog-information-symbolic";
      css = "accent";
      break;
    case TETHER_IMPORT_ACTION_RENAME:
      status = g_strdup_printf (_("Added as “%s”"), new_name);
      icon = "dialog-information-symbolic";
      css = "accent";
      break;
    case TETHER_IMPORT_ACTION_ADD:
    case TETHER_IMPORT_ACTION_EXCLUDED:
    default:
      break;
    }

  gtk_widget_set_visible (GTK_WIDGET (widgets->status), status != NULL);
  if (status != NULL)
    {
      g_autofree char *shown = tether_visible_text (status);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widgets->status), shown);
      gtk_image_set_from_icon_name (widgets->status_icon, icon);
      gtk_widget_set_css_classes (GTK_WIDGET (widgets->status_icon), (const char *[]) { css, NULL });
    }

  /* Left out, the server's details recede. */
  if (action == TETHER_IMPORT_ACTION_EXCLUDED || action == TETHER_IMPORT_ACTION_SKIP)
    gtk_widget_add_css_class (GTK_WIDGET (widgets->group), "import-excluded");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (widgets->group), "import-excluded");

  update_warnings (self, i);
}

static void
plan_changed_cb (TetherImportDialog *self)
{
  guint n_adding = tether_import_plan_get_n_adding (self->plan);
  guint n_unresolved = tether_import_plan_get_n_unresolved (self->plan);
  g_autofree char *label = NULL;

  for (guint i = 0; i < self->servers->len; i++)
    update_server (self, i);

  if (n_adding > 0)
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "_Add %u Server", "_Add %u Servers", n_adding),
                             n_adding);
  else
    label = g_strdup (_("_Add Servers"));
  gtk_button_set_label (self->confirm_button, label);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.confirm", n_adding > 0 && n_unresolved == 0);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ADDING]);
}

/* Building */

static void
include_toggled_cb (GtkCheckButton     *button,
                    TetherImportDialog *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));

  tether_import_plan_set_included (self->plan, i, gtk_check_button_get_active (button));
}

static void
conflict_selected_cb (AdwComboRow        *row,
                      GParamSpec         *pspec,
                      TetherImportDialog *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "position"));
  guint selected = adw_combo_row_get_selected (row);

  if (selected != GTK_INVALID_LIST_POSITION)
    tether_import_plan_set_conflict (self->plan, i, (TetherImportConflict)selected);
}

static void
add_server (TetherImportDialog *self,
            guint               i)
{
  TetherImportItem *item = tether_import_plan_get_item (self->plan, i);
  TetherServerConfig *config = tether_import_item_get_config (item);
  const char *name = tether_import_item_get_name (item);
  g_autofree char *group_title = tether_visible_markup (name);
  const char *choices[] = { _("Skip"), _("Replace"), _("Keep Both"), NULL };
  g_autoptr(GtkStringList) model = gtk_string_list_new (choices);
  g_autoptr(GtkListItemFactory) choice_factory = tether_accessible_new_text_factory ();
  g_autofree char *include_name = g_strconcat ("include:", name, NULL);
  g_autofree char *conflict_name = g_strconcat ("conflict:", name, NULL);
  ServerWidgets widgets = { 0 };

  widgets.group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* A group's title is markup, always: the name from the file is not. */
  adw_preferences_group_set_title (widgets.group, group_title);
  adw_preferences_group_set_description (widgets.group, describe_kind (tether_server_config_get_kind (config)));

  widgets.include = GTK_CHECK_BUTTON (gtk_check_button_new ());
  gtk_widget_set_name (GTK_WIDGET (widgets.include), include_name);
  gtk_widget_set_valign (GTK_WIDGET (widgets.include), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (widgets.include), _("Import This Server"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widgets.include),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Import This Server"), -1);
  gtk_widget_set_sensitive (GTK_WIDGET (widgets.include), !tether_import_item_get_skipped (item));
  gtk_check_button_set_active (widgets.include, !tether_import_item_get_skipped (item));
  g_object_set_data (G_OBJECT (widgets.include), "position", GUINT_TO_POINTER (i));
  g_signal_connect_object (widgets.include, "toggled", G_CALLBACK (include_toggled_cb), self, 0);
  adw_preferences_group_set_header_suffix (widgets.group, GTK_WIDGET (widgets.include));

  add_details (widgets.group, config);

  widgets.conflict = ADW_COMBO_ROW (adw_combo_row_new ());
  gtk_widget_set_name (GTK_WIDGET (widgets.conflict), conflict_name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widgets.conflict), _("A Server of This Name Exists"));
  adw_combo_row_set_model (widgets.conflict, G_LIST_MODEL (model));
  adw_combo_row_set_factory (widgets.conflict, choice_factory);
  tether_accessible_name_inner (GTK_WIDGET (widgets.conflict), GTK_TYPE_LIST_VIEW, _("A Server of This Name Exists"));
  g_object_set_data (G_OBJECT (widgets.conflict), "position", GUINT_TO_POINTER (i));
  g_signal_connect_object (widgets.conflict, "notify::selected", G_CALLBACK (conflict_selected_cb), self, 0);
  adw_preferences_group_add (widgets.group, GTK_WIDGET (widgets.conflict));

  widgets.status = new_message_row ("", "dialog-information-symbolic", "dim-label");
  widgets.status_icon = g_object_get_data (G_OBJECT (widgets.status), "icon");
  adw_preferences_group_add (widgets.group, GTK_WIDGET (widgets.status));

  widgets.warning_rows = g_ptr_array_new ();

  gtk_box_append (self->servers_box, GTK_WIDGET (widgets.group));
  g_array_append_val (self->servers, widgets);
}

static void
variable_changed_cb (GtkEditable          *editable,
                     TetherImportVariable *variable)
{
  const char *text = gtk_editable_get_text (editable);

  tether_import_variable_set_value (variable, *text != '\0' ? text : NULL);
}

static void
add_variable (TetherImportDialog   *self,
              TetherImportVariable *variable)
{
  const char *description = tether_import_variable_get_description (variable);
  const char *placeholder = tether_import_variable_get_placeholder (variable);
  g_autofree char *widget_name = g_strconcat ("variable:", tether_import_variable_get_name (variable), NULL);
  g_autofree char *title = NULL;
  g_autofree char *shown_title = NULL;
  GtkWidget *row;

  if (tether_import_variable_get_secret (variable))
    row = adw_password_entry_row_new ();
  else
    row = adw_entry_row_new ();

  if (description != NULL && *description != '\0')
    /* Translators: a variable's description, then how the file writes it */
    title = g_strdup_printf (_("%s — %s"), description, placeholder);
  else
    title = g_strdup (placeholder);

  gtk_widget_set_name (row, widget_name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  shown_title = tether_visible_text (title);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown_title);
  if (tether_import_variable_get_value (variable) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (row), tether_import_variable_get_value (variable));
  g_signal_connect_object (row, "changed", G_CALLBACK (variable_changed_cb), variable, 0);
  adw_preferences_group_add (self->variables_group, row);
  gtk_widget_set_visible (GTK_WIDGET (self->variables_group), TRUE);
}

static void
build (TetherImportDialog *self)
{
  TetherImportResult *result = tether_import_plan_get_result (self->plan);
  const char * const *warnings = tether_import_result_get_warnings (result);
  GListModel *variables = tether_import_result_get_variables (result);
  guint n_items = tether_import_plan_get_n_items (self->plan);
  g_autofree char *title = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *shown_summary = NULL;
  g_autofree char *display_name = NULL;
  GFile *file = tether_import_result_get_file (result);
  g_autofree char *where = file != NULL ? g_file_get_parse_name (file) : g_strdup (_("pasted text"));

  /* Translators: the file's name */
  display_name = tether_visible_text (tether_import_result_get_display_name (result));
  title = g_strdup_printf (_("Import from %s"), display_name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title,
                                 tether_import_format_get_display_name (tether_import_result_get_format (result)));
  gtk_window_set_title (GTK_WINDOW (self), title);

  /* Translators: the number of servers, the client's name, then the file's path */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u server found in this %s file, %s. Nothing is added until you confirm.",
                                          "%u servers found in this %s file, %s. Nothing is added until you confirm.",
                                          n_items),
                             n_items,
                             tether_import_format_get_display_name (tether_import_result_get_format (result)),
                             where);
  shown_summary = tether_visible_text (summary);
  gtk_label_set_label (self->summary_label, shown_summary);

  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    {
      adw_preferences_group_add (self->file_warnings_group,
                                 GTK_WIDGET (new_message_row (warnings[i], "dialog-warning-symbolic", "warning")));
      gtk_widget_set_visible (GTK_WIDGET (self->file_warnings_group), TRUE);
    }

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

      add_variable (self, variable);
    }

  for (guint i = 0; i < n_items; i++)
    add_server (self, i);

  g_signal_connect_object (self->plan, "changed", G_CALLBACK (plan_changed_cb), self, G_CONNECT_SWAPPED);
  plan_changed_cb (self);
}

/* Confirming */

static void
show_error (TetherImportDialog *self,
            const char         *reason)
{
  g_autofree char *message = g_strdup_printf (_("Nothing was added: %s"), reason);
  g_autofree char *shown = tether_visible_text (message);

  gtk_label_set_label (self->error_label, shown);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
}

static void
merge (TetherImportDialog *self,
       GPtrArray          *configs)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *first = g_strdup (tether_server_config_get_name (g_ptr_array_index (configs, 0)));

  if (!tether_server_manager_merge (self->manager, configs, &error))
    {
      show_error (self, error->message);
      return;
    }

  g_signal_emit (self, signals[IMPORTED], 0, first, configs->len);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
secrets_moved_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(TetherImportDialog) self = user_data;
  g_autoptr(GPtrArray) configs = g_steal_pointer (&self->moving);
  g_autoptr(GError) error = NULL;

  if (!tether_secret_move_configs_finish (result, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  merge (self, configs);
}

static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TetherImportDialog *self = TETHER_IMPORT_DIALOG (widget);
  g_autoptr(GPtrArray) configs = NULL;

  if (self->moving != NULL || tether_import_plan_get_n_adding (self->plan) == 0 ||
      tether_import_plan_get_n_unresolved (self->plan) > 0)
    return;

  configs = tether_import_plan_dup_configs (self->plan, !gtk_switch_get_active (self->connect_switch));
  if (!tether_import_dialog_get_move_secrets (self))
    {
      merge (self, configs);
      return;
    }

  /* Secrets into the keyring first, in a thread: the keyring may ask to be
   * unlocked. Nothing is saved unless every one of them is stored. */
  self->moving = g_ptr_array_ref (configs);
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  tether_secret_move_configs_async (self->secrets, configs, self->cancellable, secrets_moved_cb,
                                    g_object_ref (self));
}

/* Whether there is a keyring: without one the switch is off and says why */
static void
probed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TetherImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  self->probing = FALSE;
  if (tether_secret_store_probe_finish (TETHER_SECRET_STORE (source), result, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  gtk_switch_set_active (self->secrets_switch, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->secrets_row), FALSE);
  adw_action_row_set_subtitle (self->secrets_row,
                               _("No keyring is available: secrets stay in the config file, readable only by you"));
}

/* GObject */

static void
tether_import_dialog_dispose (GObject *object)
{
  TetherImportDialog *self = (TetherImportDialog *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_IMPORT_DIALOG);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->secrets);
  g_clear_object (&self->plan);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (tether_import_dialog_parent_class)->dispose (object);
}

static void
tether_import_dialog_finalize (GObject *object)
{
  TetherImportDialog *self = (TetherImportDialog *)object;

  g_clear_pointer (&self->servers, g_array_unref);

  G_OBJECT_CLASS (tether_import_dialog_parent_class)->finalize (object);
}

static void
tether_import_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherImportDialog *self = TETHER_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;
    case PROP_CONNECT:
      g_value_set_boolean (value, tether_import_dialog_get_connect (self));
      break;
    case PROP_N_ADDING:
      g_value_set_uint (value, tether_import_dialog_get_n_adding (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_dialog_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherImportDialog *self = TETHER_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;
    case PROP_CONNECT:
      tether_import_dialog_set_connect (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
connect_changed_cb (TetherImportDialog *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECT]);
}

static void
tether_import_dialog_class_init (TetherImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_import_dialog_dispose;
  object_class->finalize = tether_import_dialog_finalize;
  object_class->get_property = tether_import_dialog_get_property;
  object_class->set_property = tether_import_dialog_set_property;

  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         TETHER_TYPE_SERVER_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherImportDialog:connect:
   *
   * Whether the imported servers are added enabled, so they connect at once.
   */
  properties[PROP_CONNECT] =
    g_param_spec_boolean ("connect", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherImportDialog:n-adding:
   *
   * How many servers confirming would add or replace now.
   */
  properties[PROP_N_ADDING] =
    g_param_spec_uint ("n-adding", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TetherImportDialog::imported:
   * @self: the dialog
   * @first: the name of the first server added
   * @n_servers: how many were added or replaced
   *
   * The servers were saved; the dialog closes.
   */
  signals[IMPORTED] =
    g_signal_new ("imported",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, connect_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, file_warnings_group);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, secrets_row);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, secrets_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, servers_box);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, variables_group);
  gtk_widget_class_bind_template_child (widget_class, TetherImportDialog, window_title);

  gtk_widget_class_install_action (widget_class, "import.confirm", NULL, confirm_action);
}

static void
tether_import_dialog_init (TetherImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The group has no title for its list to be named after. */
  tether_accessible_name_inner (GTK_WIDGET (self->options_group), GTK_TYPE_LIST_BOX, _("Import Options"));

  self->servers = g_array_new (FALSE, TRUE, sizeof (ServerWidgets));
  g_array_set_clear_func (self->servers, (GDestroyNotify)server_widgets_clear);

  g_signal_connect_object (self->connect_switch, "notify::active",
                           G_CALLBACK (connect_changed_cb), self, G_CONNECT_SWAPPED);

  self->cancellable = g_cancellable_new ();
  self->secrets = g_object_ref (tether_secret_store_get_default ());
  self->probing = TRUE;
  tether_secret_store_probe_async (self->secrets, self->cancellable, probed_cb, g_object_ref (self));
}

/**
 * tether_import_dialog_new:
 * @manager: the servers
 * @result: what the importer found in a file
 *
 * Returns: (transfer full): a new dialog; present it transient for the window
 */
TetherImportDialog *
tether_import_dialog_new (TetherServerManager *manager,
                          TetherImportResult  *result)
{
  TetherImportDialog *self;

  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (result), NULL);

  self = g_object_new (TETHER_TYPE_IMPORT_DIALOG,
                       "manager", manager,
                       NULL);
  self->plan = tether_import_plan_new (result, tether_server_manager_get_store (manager));
  build (self);

  return self;
}

TetherServerManager *
tether_import_dialog_get_manager (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), NULL);

  return self->manager;
}

/**
 * tether_import_dialog_get_plan:
 * @self: a #TetherImportDialog
 *
 * Returns: (transfer none): what confirming would do
 */
TetherImportPlan *
tether_import_dialog_get_plan (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), NULL);

  return self->plan;
}

gboolean
tether_import_dialog_get_connect (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), FALSE);

  return gtk_switch_get_active (self->connect_switch);
}

void
tether_import_dialog_set_connect (TetherImportDialog *self,
                                  gboolean            connect)
{
  g_return_if_fail (TETHER_IS_IMPORT_DIALOG (self));

  gtk_switch_set_active (self->connect_switch, connect);
}

guint
tether_import_dialog_get_n_adding (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), 0);

  return self->plan != NULL ? tether_import_plan_get_n_adding (self->plan) : 0;
}

/**
 * tether_import_dialog_get_move_secrets:
 * @self: a #TetherImportDialog
 *
 * Returns: whether confirming moves the values that look secret into the
 *   keyring (off when there is none)
 */
gboolean
tether_import_dialog_get_move_secrets (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), FALSE);

  return gtk_switch_get_active (self->secrets_switch) &&
         gtk_widget_get_sensitive (GTK_WIDGET (self->secrets_row));
}

/**
 * tether_import_dialog_get_probing:
 * @self: a #TetherImportDialog
 *
 * Returns: whether it is not known yet if there is a keyring (confirming
 *   then waits for it)
 */
gboolean
tether_import_dialog_get_probing (TetherImportDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_DIALOG (self), FALSE);

  return self->probing;
}
