/* tether-server-dialog.c — add a server, or edit one
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog edits a draft: a copy of the server's TetherServerConfig (so the
 * keys Tether does not know survive), or a new one. Every change is checked
 * at once and said next to the field: errors (an empty or taken name, a URL
 * that is not http(s), arguments that do not parse) keep Save off; warnings
 * (a command that is not on PATH, a missing folder) do not. Saving goes
 * through the manager, which writes the configuration file; the server
 * connects from there if it is enabled. Env and header values whose row
 * is locked (a name that looks like a credential's, or the user's choice)
 * go into the keyring first and the file gets `${secret:NAME}`; without a
 * keyring they stay in the file, and the dialog says so.
 */

#define G_LOG_DOMAIN "tether-server-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-http-check.h"
#include "tether-accessible.h"

#include "tether-pair-row.h"
#include "tether-roots-group.h"
#include "tether-config-store.h"
#include "tether-secret-move.h"
#include "tether-secret-refs.h"
#include "tether-server-dialog.h"
#include "tether-visible-text.h"

typedef enum
{
  KIND_LOCAL,
  KIND_REMOTE,
} DialogKind;

typedef enum
{
  TIMEOUT_CONNECT,
  TIMEOUT_REQUEST,
  TIMEOUT_TOOL,
  TIMEOUT_ATTEMPTS,
  N_TIMEOUTS
} Timeout;

struct _TetherServerDialog
{
  AdwWindow            parent_instance;

  TetherServerManager *manager;
  TetherServerConfig  *original;
  char                *name;
  char                *problem;
  GPtrArray           *env_rows;
  GPtrArray           *header_rows;
  GtkFileChooserNative *chooser;
  double               initial_timeouts[N_TIMEOUTS];
  TetherSecretStore   *secrets;
  GCancellable        *cancellable;
  TetherServerConfig  *saving;     /* its secrets going into the keyring */

  /* Template widgets */
  GtkLabel            *args_preview;
  AdwEntryRow         *args_row;
  GtkSpinButton       *attempts_spin;
  AdwPreferencesGroup *command_group;
  GtkLabel            *command_message;
  AdwEntryRow         *command_row;
  GtkSpinButton       *connect_spin;
  AdwEntryRow         *cwd_row;
  AdwPreferencesGroup *env_group;
  GtkLabel            *env_message;
  AdwPreferencesGroup *headers_group;
  GtkLabel            *headers_message;
  AdwComboRow         *kind_row;
  GtkLabel            *name_message;
  AdwEntryRow         *name_row;
  GtkSpinButton       *request_spin;
  TetherRootsGroup    *roots_group;
  GtkButton           *save_button;
  GtkLabel            *save_error_label;
  GtkRevealer         *save_error_revealer;
  AdwPreferencesGroup *server_group;
  AdwExpanderRow      *timeouts_row;
  GtkSpinButton       *tool_spin;
  AdwPreferencesGroup *url_group;
  GtkLabel            *url_message;
  AdwEntryRow         *url_row;

  guint                name_touched : 1;
  guint                command_touched : 1;
  guint                url_touched : 1;
  guint                filling : 1;
  guint                can_save : 1;
  guint                no_keyring : 1;
};

G_DEFINE_FINAL_TYPE (TetherServerDialog, tether_server_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_MANAGER,
  PROP_NAME,
  PROP_PROBLEM,
  PROP_CAN_SAVE,
  N_PROPS
};

enum {
  SAVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void validate (TetherServerDialog *self);

/* Messages */

typedef struct
{
  GString  *errors;
  GString  *warnings;
  gboolean  blocked;   /* Save stays off, though nothing is said yet */
} Messages;

static void
add_message (GString    *to,
             const char *text)
{
  if (to->len > 0)
    g_string_append_c (to, '\n');
  g_string_append (to, text);
}

static void
show_messages (GtkLabel *label,
               Messages *messages)
{
  GtkWidget *widget = GTK_WIDGET (label);

  if (messages->errors->len > 0)
    {
      gtk_label_set_label (label, messages->errors->str);
      gtk_widget_remove_css_class (widget, "warning");
      gtk_widget_add_css_class (widget, "error");
    }
  else if (messages->warnings->len > 0)
    {
      gtk_label_set_label (label, messages->warnings->str);
      gtk_widget_remove_css_class (widget, "error");
      gtk_widget_add_css_class (widget, "warning");
    }

  gtk_widget_set_visible (widget, messages->errors->len > 0 || messages->warnings->len > 0);
}

static void
mark_row (GtkWidget *row,
          gboolean   error)
{
  if (error)
    gtk_widget_add_css_class (row, "error");
  else
    gtk_widget_remove_css_class (row, "error");
}

static DialogKind
get_kind (TetherServerDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == KIND_REMOTE ? KIND_REMOTE : KIND_LOCAL;
}

/* Reading the fields */

static char **
parse_args (TetherServerDialog  *self,
            GError             **error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->args_row));
  char **argv = NULL;

  if (strspn (text, " \t\n") == strlen (text))
    return g_new0 (char *, 1);

  if (!g_shell_parse_argv (text, NULL, &argv, error))
    return NULL;

  return argv;
}

static char **
collect_pairs (GPtrArray  *rows,
               const char *separator)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < rows->len; i++)
    {
      TetherPairRow *row = g_ptr_array_index (rows, i);
      const char *key = tether_pair_row_get_key (row);
      g_autofree char *pair = NULL;

      if (*key == '\0')
        continue;

      pair = g_strconcat (key, separator, tether_pair_row_get_value (row), NULL);

      g_strv_builder_add (builder, pair);
    }

  return g_strv_builder_end (builder);
}

/* Headers are checked as the transport checks them: a valid name, not
 * one of the rows above in any case, a value on one line. */
static gboolean
check_header_row (GPtrArray  *names,
                  const char *key,
                  const char *value,
                  Messages   *messages)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (mcp_http_check_new_header ((const char * const *)names->pdata, names->len, key, value, &error))
    {
      g_ptr_array_add (names, (gpointer)key);
      return TRUE;
    }

  text = g_strdup_printf ("%s.", error->message);
  add_message (messages->errors, text);

  return FALSE;
}

/* The names of the locked rows with a value to move to the keyring */
static GStrv
locked_keys (GPtrArray *rows)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < rows->len; i++)
    {
      TetherPairRow *row = g_ptr_array_index (rows, i);

      if (tether_pair_row_get_secret (row) && *tether_pair_row_get_key (row) != '\0' &&
          tether_secret_move_wanted ("secret", tether_pair_row_get_value (row)))
        g_strv_builder_add (builder, tether_pair_row_get_key (row));
    }
  return g_strv_builder_end (builder);
}

static void
check_pairs (GPtrArray  *rows,
             gboolean    headers,
             gboolean    no_keyring,
             Messages   *messages)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) header_names = g_ptr_array_new ();
  g_auto(GStrv) locked = no_keyring ? locked_keys (rows) : NULL;

  if (locked != NULL && locked[0] != NULL)
    add_message (messages->warnings,
                 _("No keyring is available: secrets stay in the config file, readable only by you."));

  for (guint i = 0; i < rows->len; i++)
    {
      TetherPairRow *row = g_ptr_array_index (rows, i);
      const char *key = tether_pair_row_get_key (row);
      const char *value = tether_pair_row_get_value (row);
      gboolean bad = FALSE;

      if (*key == '\0')
        {
          if (*value != '\0')
            {
              add_message (messages->errors, headers ? _("Every header needs a name.")
                                                     : _("Every variable needs a name."));
              bad = TRUE;
            }
        }
      else if (headers)
        bad = !check_header_row (header_names, key, value, messages);
      else if (!tether_server_config_env_name_is_valid (key))
        {
          g_autofree char *text = g_strdup_printf (_("“%s” cannot be a variable name: use letters, digits and “_”, "
                                                     "not starting with a digit."), key);

          add_message (messages->errors, text);
          bad = TRUE;
        }
      else if (g_hash_table_contains (seen, key))
        {
          g_autofree char *text = g_strdup_printf (_("“%s” is set twice."), key);

          add_message (messages->errors, text);
          bad = TRUE;
        }
      else
        g_hash_table_add (seen, (gpointer)key);

      mark_row (tether_pair_row_get_key_entry (row), bad);
    }
}

static double
timeout_to_spin (int msec,
                 gboolean count)
{
  if (msec < 0)
    return 0;

  return count ? msec : (msec + 999) / 1000;
}

static int
spin_to_timeout (TetherServerDialog *self,
                 Timeout             which,
                 GtkSpinButton      *spin,
                 int                 original)
{
  double value = gtk_spin_button_get_value (spin);

  /* Untouched, the file keeps what it had (to the millisecond). */
  if (value == self->initial_timeouts[which])
    return original;
  if (value <= 0)
    return -1;

  return which == TIMEOUT_ATTEMPTS ? (int)value : (int)value * 1000;
}

/* The draft as it would be saved, or NULL with the reason. */
static TetherServerConfig *
build_config (TetherServerDialog  *self,
              GError             **error)
{
  g_autoptr(TetherServerConfig) config = NULL;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  TetherServerConfig *original = self->original;

  if (original != NULL)
    config = tether_server_config_copy (original);
  else
    config = tether_server_config_new (name);

  tether_server_config_set_name (config, name);

  if (get_kind (self) == KIND_LOCAL)
    {
      g_auto(GStrv) argv = parse_args (self, error);
      g_auto(GStrv) env = collect_pairs (self->env_rows, "=");
      const char *cwd = gtk_editable_get_text (GTK_EDITABLE (self->cwd_row));

      if (argv == NULL)
        return NULL;

      tether_server_config_set_kind (config, TETHER_SERVER_KIND_STDIO);
      tether_server_config_set_command (config, gtk_editable_get_text (GTK_EDITABLE (self->command_row)));
      tether_server_config_set_args (config, (const char * const *)argv);
      tether_server_config_set_cwd (config, *cwd != '\0' ? cwd : NULL);
      tether_server_config_set_env (config, (const char * const *)env);
      tether_server_config_set_url (config, NULL);
      tether_server_config_set_headers (config, NULL);
    }
  else
    {
      g_auto(GStrv) headers = collect_pairs (self->header_rows, ": ");

      if (original == NULL ||
          !tether_server_kind_is_remote (tether_server_config_get_kind (original)))
        tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
      tether_server_config_set_url (config, gtk_editable_get_text (GTK_EDITABLE (self->url_row)));
      tether_server_config_set_headers (config, (const char * const *)headers);
      tether_server_config_set_command (config, NULL);
      tether_server_config_set_args (config, NULL);
      tether_server_config_set_cwd (config, NULL);
      tether_server_config_set_env (config, NULL);
    }

  {
    g_auto(GStrv) roots = tether_roots_group_dup_roots (self->roots_group);

    tether_server_config_set_roots (config, (const char * const *)roots);
  }

  tether_server_config_set_connect_timeout (config,
    spin_to_timeout (self, TIMEOUT_CONNECT, self->connect_spin,
                     original ? tether_server_config_get_connect_timeout (original) : -1));
  tether_server_config_set_request_timeout (config,
    spin_to_timeout (self, TIMEOUT_REQUEST, self->request_spin,
                     original ? tether_server_config_get_request_timeout (original) : -1));
  tether_server_config_set_tool_timeout (config,
    spin_to_timeout (self, TIMEOUT_TOOL, self->tool_spin,
                     original ? tether_server_config_get_tool_timeout (original) : -1));
  tether_server_config_set_connect_attempts (config,
    spin_to_timeout (self, TIMEOUT_ATTEMPTS, self->attempts_spin,
                     original ? tether_server_config_get_connect_attempts (original) : -1));

  if (!tether_server_config_validate (config, error))
    return NULL;

  return g_steal_pointer (&config);
}

/* Validation */

static void
validate_name (TetherServerDialog *self,
               Messages           *messages)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  gboolean bad = FALSE;

  if (strspn (name, " \t\n") == strlen (name))
    {
      if (self->name_touched)
        add_message (messages->errors, _("Enter a name for the server."));
      bad = TRUE;
    }
  else if (g_strcmp0 (name, self->name) != 0 &&
           tether_server_manager_lookup (self->manager, name, NULL) != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("A server named “%s” already exists."), name);

      add_message (messages->errors, text);
      bad = TRUE;
    }
  else if (name[0] == ' ' || name[strlen (name) - 1] == ' ')
    add_message (messages->warnings, _("The name starts or ends with a space."));

  mark_row (GTK_WIDGET (self->name_row), bad && (self->name_touched || messages->errors->len > 0));
  if (bad)
    messages->blocked = TRUE;
}

static void
validate_command (TetherServerDialog *self,
                  Messages           *messages)
{
  const char *command = gtk_editable_get_text (GTK_EDITABLE (self->command_row));
  const char *cwd = gtk_editable_get_text (GTK_EDITABLE (self->cwd_row));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) argv = parse_args (self, &error);
  gboolean command_bad = FALSE;

  if (*command == '\0')
    {
      if (self->command_touched)
        add_message (messages->errors, _("Enter the command that starts the server, like npx or uvx."));
      command_bad = TRUE;
    }
  else if (strchr (command, '/') != NULL)
    {
      if (g_path_is_absolute (command) && !g_file_test (command, G_FILE_TEST_IS_EXECUTABLE))
        {
          g_autofree char *text = g_strdup_printf (_("“%s” does not exist or cannot be run. "
                                                     "Tether will try it anyway."), command);

          add_message (messages->warnings, text);
        }
    }
  else
    {
      g_autofree char *path = g_find_program_in_path (command);

      if (path == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("“%s” was not found on PATH. Tether will try it "
                                                     "anyway; the server fails if it is not there "
                                                     "when it starts."), command);

          add_message (messages->warnings, text);
        }
    }

  mark_row (GTK_WIDGET (self->command_row), command_bad && self->command_touched);

  if (argv == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The arguments cannot be read: %s"), error->message);

      add_message (messages->errors, text);
      mark_row (GTK_WIDGET (self->args_row), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->args_preview), FALSE);
    }
  else
    {
      guint n = g_strv_length (argv);

      mark_row (GTK_WIDGET (self->args_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->args_preview), n > 0);
      if (n > 0)
        {
          g_autoptr(GString) list = g_string_new (NULL);
          g_autofree char *text = NULL;

          /* The arguments as the server will get them, one by one, each
           * shown whatever it holds. */
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *arg = tether_visible_text (argv[i]);

              g_string_append_printf (list, "%s%s", i > 0 ? " · " : "", arg);
            }
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%u argument: %s", "%u arguments: %s", n),
                                  n, list->str);
          gtk_label_set_label (self->args_preview, text);
        }
    }

  if (*cwd != '\0' && !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *text = g_strdup_printf (_("The folder “%s” does not exist."), cwd);

      add_message (messages->warnings, text);
    }

  if (command_bad)
    messages->blocked = TRUE;
}

static void
validate_url (TetherServerDialog *self,
              Messages           *messages)
{
  const char *url = gtk_editable_get_text (GTK_EDITABLE (self->url_row));
  const char *scheme = g_uri_peek_scheme (url);
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) uri = NULL;
  gboolean bad = TRUE;

  if (*url == '\0')
    {
      if (self->url_touched)
        add_message (messages->errors, _("Enter the server’s URL, like https://example.com/mcp."));
      messages->blocked = TRUE;
    }
  else if (g_strcmp0 (scheme, "http") != 0 && g_strcmp0 (scheme, "https") != 0)
    add_message (messages->errors, _("The URL must start with http:// or https://."));
  else if ((uri = mcp_http_parse_url (url, &error)) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s.", error->message);

      add_message (messages->errors, text);
    }
  else
    bad = FALSE;

  mark_row (GTK_WIDGET (self->url_row), bad && (self->url_touched || *url != '\0'));
}

static gboolean
messages_say_something (Messages *messages)
{
  return messages->errors->len > 0;
}

static gboolean
messages_block (Messages *messages)
{
  return messages->errors->len > 0 || messages->blocked;
}

static void
messages_clear (Messages *messages)
{
  g_string_truncate (messages->errors, 0);
  g_string_truncate (messages->warnings, 0);
  messages->blocked = FALSE;
}

static void
set_problem (TetherServerDialog *self,
             const char         *problem)
{
  if (g_strcmp0 (problem, self->problem) == 0)
    return;

  g_free (self->problem);
  self->problem = g_strdup (problem);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBLEM]);
}

static void
validate (TetherServerDialog *self)
{
  g_autoptr(GString) errors = g_string_new (NULL);
  g_autoptr(GString) warnings = g_string_new (NULL);
  Messages messages = { errors, warnings, FALSE };
  g_autoptr(GString) first = g_string_new (NULL);
  gboolean can_save = TRUE;
  gboolean local = get_kind (self) == KIND_LOCAL;
  gboolean could_save = tether_server_dialog_get_can_save (self);

  if (self->filling)
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->command_group), local);
  gtk_widget_set_visible (GTK_WIDGET (self->env_group), local);
  gtk_widget_set_visible (GTK_WIDGET (self->url_group), !local);
  gtk_widget_set_visible (GTK_WIDGET (self->headers_group), !local);

  validate_name (self, &messages);
  show_messages (self->name_message, &messages);
  if (messages_block (&messages))
    can_save = FALSE;
  if (messages_say_something (&messages))
    g_string_append (first, messages.errors->str);
  messages_clear (&messages);

  if (local)
    {
      validate_command (self, &messages);
      show_messages (self->command_message, &messages);
      if (messages_block (&messages))
        can_save = FALSE;
      if (first->len == 0 && messages_say_something (&messages))
        g_string_append (first, messages.errors->str);
      messages_clear (&messages);

      check_pairs (self->env_rows, FALSE, self->no_keyring, &messages);
      show_messages (self->env_message, &messages);
    }
  else
    {
      validate_url (self, &messages);
      show_messages (self->url_message, &messages);
      if (messages_block (&messages))
        can_save = FALSE;
      if (first->len == 0 && messages_say_something (&messages))
        g_string_append (first, messages.errors->str);
      messages_clear (&messages);

      check_pairs (self->header_rows, TRUE, self->no_keyring, &messages);
      show_messages (self->headers_message, &messages);
    }
  if (messages_block (&messages))
    can_save = FALSE;
  if (first->len == 0 && messages_say_something (&messages))
    g_string_append (first, messages.errors->str);

  /* Whatever the config itself refuses (control characters in the name…). */
  if (can_save)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = build_config (self, &error);

      if (config == NULL)
        {
          can_save = FALSE;
          g_string_append (first, error->message);
          add_message (messages.errors, error->message);
          show_messages (self->name_message, &messages);
        }
    }

  set_problem (self, first->len > 0 ? first->str : NULL);
  self->can_save = can_save;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.save", can_save);
  if (could_save != can_save)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_SAVE]);
}

/* Callbacks */

static void
name_changed_cb (TetherServerDialog *self)
{
  if (!self->filling)
    self->name_touched = TRUE;
  validate (self);
}

static void
command_changed_cb (TetherServerDialog *self)
{
  if (!self->filling)
    self->command_touched = TRUE;
  validate (self);
}

static void
url_changed_cb (TetherServerDialog *self)
{
  if (!self->filling)
    self->url_touched = TRUE;
  validate (self);
}

static void
field_changed_cb (TetherServerDialog *self)
{
  validate (self);
}

static void
kind_changed_cb (TetherServerDialog *self)
{
  validate (self);
}

static void
remove_pair_cb (TetherServerDialog *self,
                TetherPairRow      *row)
{
  AdwPreferencesGroup *group = g_ptr_array_find (self->env_rows, row, NULL) ? self->env_group
                                                                           : self->headers_group;

  g_ptr_array_remove (self->env_rows, row);
  g_ptr_array_remove (self->header_rows, row);
  adw_preferences_group_remove (group, GTK_WIDGET (row));
  validate (self);
}

static TetherPairRow *
add_pair (TetherServerDialog  *self,
          AdwPreferencesGroup *group,
          GPtrArray           *rows,
          const char          *key,
          const char          *value)
{
  GtkWidget *row = tether_pair_row_new (key, value);

  g_signal_connect_object (row, "changed", G_CALLBACK (validate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row, "remove", G_CALLBACK (remove_pair_cb), self, G_CONNECT_SWAPPED);
  g_ptr_array_add (rows, row);
  adw_preferences_group_add (group, row);

  return TETHER_PAIR_ROW (row);
}

static void
add_env_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (widget);
  TetherPairRow *row = add_pair (self, self->env_group, self->env_rows, NULL, NULL);

  gtk_widget_grab_focus (tether_pair_row_get_key_entry (row));
  validate (self);
}

static void
add_header_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (widget);
  TetherPairRow *row = add_pair (self, self->headers_group, self->header_rows, NULL, NULL);

  gtk_widget_grab_focus (tether_pair_row_get_key_entry (row));
  validate (self);
}

static void
chooser_response_cb (TetherServerDialog   *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;

      if (path != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->cwd_row), path);
    }

  g_clear_object (&self->chooser);
}

static void
choose_folder_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (widget);

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Working Folder"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Select"), _("_Cancel"));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_failed (TetherServerDialog *self,
             const char         *reason)
{
  g_autofree char *text = g_strdup_printf (_("Could not save: %s"), reason);

  gtk_label_set_label (self->save_error_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->save_error_label), TRUE);
  gtk_revealer_set_reveal_child (self->save_error_revealer, TRUE);
  set_problem (self, text);
}

static void
clear_secrets_thread (GTask        *task,
                      gpointer      source,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  TetherSecretStore *secrets = TETHER_SECRET_STORE (source);
  char **names = task_data;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!tether_secret_store_clear (secrets, NULL, "", names[i], &error))
        g_message ("Secret %s, no longer used, stays in the keyring: %s", names[i], error->message);
    }
  g_task_return_boolean (task, TRUE);
}

/* A stored secret the edit replaced leaves the keyring, unless another
 * server still refers to it (secret names are global). In a thread: the
 * keyring may be slow. */
static void
clear_unused_secrets (TetherServerDialog *self)
{
  TetherConfigStore *store = tether_server_manager_get_store (self->manager);
  g_autoptr(GPtrArray) configs = g_ptr_array_new ();
  g_auto(GStrv) unused = NULL;
  g_autoptr(GTask) task = NULL;

  if (self->original == NULL || self->no_keyring)
    return;
  for (guint i = 0; i < tether_config_store_get_n_servers (store); i++)
    g_ptr_array_add (configs, tether_config_store_get_server (store, i));
  unused = tether_secret_refs_unused (self->original, configs);
  if (unused[0] == NULL)
    return;
  task = g_task_new (self->secrets, NULL, NULL, NULL);
  g_task_set_task_data (task, g_steal_pointer (&unused), (GDestroyNotify)g_strfreev);
  g_task_run_in_thread (task, clear_secrets_thread);
}

static void
save_config (TetherServerDialog *self,
             TetherServerConfig *config)
{
  g_autoptr(GError) error = NULL;
  gboolean saved;

  if (self->name != NULL)
    saved = tether_server_manager_update (self->manager, self->name, config, &error);
  else
    saved = tether_server_manager_add (self->manager, config, &error);

  if (!saved)
    {
      save_failed (self, error->message);
      return;
    }

  clear_unused_secrets (self);
  g_signal_emit (self, signals[SAVED], 0, tether_server_config_get_name (config));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
secrets_moved_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(TetherServerDialog) self = user_data;
  g_autoptr(TetherServerConfig) config = g_steal_pointer (&self->saving);
  g_autoptr(GError) error = NULL;

  if (!tether_secret_move_configs_finish (result, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        save_failed (self, error->message);
      return;
    }
  save_config (self, config);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (widget);
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  g_auto(GStrv) headers = NULL;

  self->name_touched = self->command_touched = self->url_touched = TRUE;
  validate (self);
  if (!tether_server_dialog_get_can_save (self) || self->saving != NULL)
    return;

  config = build_config (self, &error);
  if (config == NULL)
    {
      save_failed (self, error->message);
      return;
    }

  /* The locked values into the keyring first (in a thread: it may ask to
   * be unlocked); nothing is saved unless all of them are stored. */
  if (get_kind (self) == KIND_LOCAL)
    env = locked_keys (self->env_rows);
  else
    headers = locked_keys (self->header_rows);
  if (self->no_keyring || ((env == NULL || env[0] == NULL) && (headers == NULL || headers[0] == NULL)))
    {
      save_config (self, config);
      return;
    }
  self->saving = g_steal_pointer (&config);
  tether_secret_move_keys_async (self->secrets, self->saving, (const char * const *)env,
                                 (const char * const *)headers, self->cancellable, secrets_moved_cb,
                                 g_object_ref (self));
}

/* Without a keyring the locked values stay in the file, and the dialog
 * says so. */
static void
probed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TetherServerDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (tether_secret_store_probe_finish (TETHER_SECRET_STORE (source), result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->no_keyring = TRUE;
  validate (self);
}

/* Filling in */

static void
fill (TetherServerDialog *self)
{
  TetherServerConfig *config = self->original;
  g_auto(GStrv) env_names = NULL;
  g_auto(GStrv) header_names = NULL;
  g_autoptr(GString) args = g_string_new (NULL);
  const char * const *argv;
  gboolean remote;

  if (config == NULL)
    return;

  self->filling = TRUE;

  remote = tether_server_kind_is_remote (tether_server_config_get_kind (config));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), tether_server_config_get_name (config));
  adw_combo_row_set_selected (self->kind_row, remote ? KIND_REMOTE : KIND_LOCAL);

  if (tether_server_config_get_command (config) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->command_row), tether_server_config_get_command (config));

  argv = tether_server_config_get_args (config);
  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    {
      g_autofree char *quoted = NULL;

      /* Quote only what needs it, so the line reads as typed. */
      if (argv[i][0] != '\0' && strpbrk (argv[i], " \t\n'\"\\$`*?[]#~<>|;&(){}!") == NULL)
        quoted = g_strdup (argv[i]);
      else
        quoted = g_shell_quote (argv[i]);

      if (i > 0)
        g_string_append_c (args, ' ');
      g_string_append (args, quoted);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->args_row), args->str);

  if (tether_server_config_get_cwd (config) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->cwd_row), tether_server_config_get_cwd (config));

  env_names = tether_server_config_dup_env_names (config);
  for (guint i = 0; env_names != NULL && env_names[i] != NULL; i++)
    add_pair (self, self->env_group, self->env_rows, env_names[i],
              tether_server_config_get_env_value (config, env_names[i]));

  if (tether_server_config_get_url (config) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->url_row), tether_server_config_get_url (config));

  header_names = tether_server_config_dup_header_names (config);
  for (guint i = 0; header_names != NULL && header_names[i] != NULL; i++)
    add_pair (self, self->headers_group, self->header_rows, header_names[i],
              tether_server_config_get_header_value (config, header_names[i]));

  tether_roots_group_set_roots (self->roots_group, tether_server_config_get_roots (config));

  self->initial_timeouts[TIMEOUT_CONNECT] = timeout_to_spin (tether_server_config_get_connect_timeout (config), FALSE);
  self->initial_timeouts[TIMEOUT_REQUEST] = timeout_to_spin (tether_server_config_get_request_timeout (config), FALSE);
  self->initial_timeouts[TIMEOUT_TOOL] = timeout_to_spin (tether_server_config_get_tool_timeout (config), FALSE);
  self->initial_timeouts[TIMEOUT_ATTEMPTS] = timeout_to_spin (tether_server_config_get_connect_attempts (config), TRUE);
  gtk_spin_button_set_value (self->connect_spin, self->initial_timeouts[TIMEOUT_CONNECT]);
  gtk_spin_button_set_value (self->request_spin, self->initial_timeouts[TIMEOUT_REQUEST]);
  gtk_spin_button_set_value (self->tool_spin, self->initial_timeouts[TIMEOUT_TOOL]);
  gtk_spin_button_set_value (self->attempts_spin, self->initial_timeouts[TIMEOUT_ATTEMPTS]);

  self->filling = FALSE;
  self->name_touched = self->command_touched = self->url_touched = TRUE;
}

/* GObject */

static void
tether_server_dialog_constructed (GObject *object)
{
  TetherServerDialog *self = (TetherServerDialog *)object;

  G_OBJECT_CLASS (tether_server_dialog_parent_class)->constructed (object);

  g_assert (self->manager != NULL);

  if (self->name != NULL)
    {
      TetherServer *server = tether_server_manager_lookup (self->manager, self->name, NULL);

      if (server != NULL)
        self->original = tether_server_config_copy (tether_server_get_config (server));
    }

  if (self->original != NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Edit Server"));
      gtk_button_set_label (self->save_button, _("_Save"));
    }
  else
    {
      g_clear_pointer (&self->name, g_free);
      gtk_window_set_title (GTK_WINDOW (self), _("Add Server"));
      gtk_button_set_label (self->save_button, _("_Add"));
    }

  fill (self);
  validate (self);
}

/* The name takes the focus when the dialog shows. Not before: a focus given
 * to a window that was never shown makes GTK expose the window to a screen
 * reader as a plain "filler" that is never "showing", where it finds no
 * dialog at all. */
static void
tether_server_dialog_show (GtkWidget *widget)
{
  TetherServerDialog *self = (TetherServerDialog *)widget;

  GTK_WIDGET_CLASS (tether_server_dialog_parent_class)->show (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

static void
tether_server_dialog_dispose (GObject *object)
{
  TetherServerDialog *self = (TetherServerDialog *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_SERVER_DIALOG);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->secrets);
  g_clear_object (&self->saving);
  g_clear_object (&self->manager);
  g_clear_object (&self->original);
  g_clear_pointer (&self->env_rows, g_ptr_array_unref);
  g_clear_pointer (&self->header_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_server_dialog_parent_class)->dispose (object);
}

static void
tether_server_dialog_finalize (GObject *object)
{
  TetherServerDialog *self = (TetherServerDialog *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->problem, g_free);

  G_OBJECT_CLASS (tether_server_dialog_parent_class)->finalize (object);
}

static void
tether_server_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_PROBLEM:
      g_value_set_string (value, self->problem);
      break;

    case PROP_CAN_SAVE:
      g_value_set_boolean (value, tether_server_dialog_get_can_save (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_dialog_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherServerDialog *self = TETHER_SERVER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;

    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_dialog_class_init (TetherServerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tether_server_dialog_constructed;
  object_class->dispose = tether_server_dialog_dispose;
  object_class->finalize = tether_server_dialog_finalize;
  object_class->get_property = tether_server_dialog_get_property;
  object_class->set_property = tether_server_dialog_set_property;

  widget_class->show = tether_server_dialog_show;

  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         TETHER_TYPE_SERVER_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* The server being edited, or NULL when adding one. */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* The first error that keeps Save off, in words, or NULL. */
  properties[PROP_PROBLEM] =
    g_param_spec_string ("problem", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CAN_SAVE] =
    g_param_spec_boolean ("can-save", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TetherServerDialog::saved:
   * @name: the server's name, as saved
   *
   * The configuration file has the server; the dialog closes.
   */
  signals[SAVED] =
    g_signal_new ("saved",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-server-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, args_preview);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, args_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, attempts_spin);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, command_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, command_message);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, command_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, connect_spin);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, cwd_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, env_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, env_message);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, headers_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, headers_message);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, name_message);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, request_spin);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, roots_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, save_error_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, save_error_revealer);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, server_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, timeouts_row);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, tool_spin);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, url_group);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, url_message);
  gtk_widget_class_bind_template_child (widget_class, TetherServerDialog, url_row);
  gtk_widget_class_bind_template_callback (widget_class, command_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, url_changed_cb);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "dialog.add-env", NULL, add_env_action);
  gtk_widget_class_install_action (widget_class, "dialog.add-header", NULL, add_header_action);
  gtk_widget_class_install_action (widget_class, "dialog.choose-folder", NULL, choose_folder_action);

  g_type_ensure (TETHER_TYPE_PAIR_ROW);
  g_type_ensure (TETHER_TYPE_ROOTS_GROUP);
}

static void
tether_server_dialog_init (TetherServerDialog *self)
{
  g_autoptr(GtkListItemFactory) choices = tether_accessible_new_text_factory ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Parts libadwaita leaves unnamed: the list of the first group (it has
   * no title to be named after), the timeouts' row and its list, and the
   * connection's choices. */
  tether_accessible_name_inner (GTK_WIDGET (self->server_group), GTK_TYPE_LIST_BOX, _("Server"));
  tether_accessible_name_inner (GTK_WIDGET (self->timeouts_row), ADW_TYPE_EXPANDER_ROW,
                                _("Timeouts and Retries"));
  tether_accessible_name_inner (GTK_WIDGET (self->timeouts_row), GTK_TYPE_LIST_BOX,
                                _("Timeouts and Retries"));
  adw_combo_row_set_factory (self->kind_row, choices);
  tether_accessible_name_inner (GTK_WIDGET (self->kind_row), GTK_TYPE_LIST_VIEW, _("Connection"));

  self->env_rows = g_ptr_array_new ();
  self->header_rows = g_ptr_array_new ();

  self->cancellable = g_cancellable_new ();
  self->secrets = g_object_ref (tether_secret_store_get_default ());
  tether_secret_store_probe_async (self->secrets, self->cancellable, probed_cb, g_object_ref (self));
}

/**
 * tether_server_dialog_new:
 * @manager: where the server is saved
 * @name: (nullable): the server to edit, or %NULL to add one
 *
 * Returns: (transfer full): a new dialog, not shown yet
 */
TetherServerDialog *
tether_server_dialog_new (TetherServerManager *manager,
                          const char          *name)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);

  return g_object_new (TETHER_TYPE_SERVER_DIALOG,
                       "manager", manager,
                       "name", name,
                       NULL);
}

TetherServerManager *
tether_server_dialog_get_manager (TetherServerDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_DIALOG (self), NULL);

  return self->manager;
}

const char *
tether_server_dialog_get_name (TetherServerDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_DIALOG (self), NULL);

  return self->name;
}

const char *
tether_server_dialog_get_problem (TetherServerDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_DIALOG (self), NULL);

  return self->problem;
}

gboolean
tether_server_dialog_get_can_save (TetherServerDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_DIALOG (self), FALSE);

  return self->can_save;
}
