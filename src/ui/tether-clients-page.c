/* tether-clients-page.c — connecting AI clients to Tether
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's face of `tether-cli clients`: every AI client of the table,
 * the ones found on this computer first, each with whether it reaches
 * Tether (over HTTP or through the command bridge) and a Connect or
 * Disconnect button. A button first shows the exact change (the diff, the
 * token masked, and where the backup is) and writes only when the user
 * applies it; a file that has an error, or a shape Tether does not edit, is
 * shown with its message (and the entry to paste by hand) and is left as it
 * was. Once a client is connected, the page offers to turn off, in that
 * client, the servers Tether now runs, with the same preview. It looks at
 * the files again each time it is shown.
 */

#define G_LOG_DOMAIN "tether-clients-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-clients-page.h"
#include "tether-visible-text.h"

struct _TetherClientsPage
{
  AdwBin              parent_instance;

  TetherClients      *clients;
  GCancellable       *cancellable;
  GPtrArray          *rows;
  guint               busy;

  /* The change shown, or the error */
  TetherClient       *client;
  TetherClientAction  action;
  gboolean            stdio;
  char               *diff;
  char               *snippet;

  /* Template widgets */
  GtkButton          *apply_button;
  GtkListBox         *bridge_list;
  AdwPreferencesPage *list_page;
  GtkSwitch          *bridge_switch;
  GtkLabel           *backup_label;
  GtkLabel           *change_path;
  GtkLabel           *change_title;
  GtkButton          *copy_button;
  GtkFrame           *diff_frame;
  GtkTextView        *diff_view;
  GtkLabel           *error_label;
  AdwPreferencesGroup *found_group;
  AdwPreferencesGroup *missing_group;
  GtkLabel           *notes_label;
  GtkStack           *stack;
  AdwToastOverlay    *toast_overlay;
};

G_DEFINE_FINAL_TYPE (TetherClientsPage, tether_clients_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CLIENTS,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_busy (TetherClientsPage *self,
          gboolean           busy)
{
  gboolean was_busy = self->busy > 0;

  if (busy)
    self->busy++;
  else
    {
      g_return_if_fail (self->busy > 0);
      self->busy--;
    }

  /* One change at a time: every button waits for the one in flight. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clients.preview", self->busy == 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "clients.apply", self->busy == 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->bridge_switch), self->busy == 0);

  if (was_busy != (self->busy > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
toast (TetherClientsPage *self,
       AdwToast          *toast)
{
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The list */

static const char *
state_icon (TetherClient *client)
{
  if (tether_client_get_error_message (client) != NULL)
    return "tether-state-error-symbolic";
  if (tether_client_get_connected (client))
    return "tether-state-connected-symbolic";
  if (tether_client_get_found (client))
    return "tether-state-disconnected-symbolic";

  return "tether-state-disabled-symbolic";
}

static char *
describe (TetherClient *client)
{
  const char * const *shared = tether_client_get_shared_servers (client);
  guint n_shared = shared != NULL ? g_strv_length ((char **)shared) : 0;
  GString *out = g_string_new (NULL);

  if (!tether_client_get_found (client))
    g_string_append_printf (out, _("Not found on this computer (looked for %s)"),
                            tether_client_get_path (client));
  else if (tether_client_get_error_message (client) != NULL)
    g_string_append (out, tether_client_get_error_message (client));
  else
    {
      if (tether_client_get_connection (client) == TETHER_CLIENT_CONNECTION_HTTP)
        g_string_append (out, _("Connected to Tether over HTTP"));
      else if (tether_client_get_connection (client) == TETHER_CLIENT_CONNECTION_STDIO)
        g_string_append (out, _("Connected to Tether through the command bridge"));
      else
        g_string_append (out, _("Not connected"));
      g_string_append_printf (out, "\n%s", tether_client_get_path (client));
    }

  if (n_shared > 0)
    {
      g_autofree char *names = g_strjoinv (", ", (char **)shared);

      g_string_append_c (out, '\n');
      g_string_append_printf (out, ngettext ("Also starts %u server Tether runs: %s",
                                             "Also starts %u servers Tether runs: %s", n_shared),
                              n_shared, names);
    }

  {
    g_autofree char *text = g_string_free (out, FALSE);

    return tether_visible_lines (text);
  }
}

static char *
offer_text (TetherClient *client)
{
  const char * const *shared = tether_client_get_shared_servers (client);
  guint n = shared != NULL ? g_strv_length ((char **)shared) : 0;

  return g_strdup_printf (ngettext ("Turn off %u server in %s that Tether now runs",
                                    "Turn off %u servers in %s that Tether now runs", n),
                          n, tether_client_get_display_name (client));
}

/* Whether to offer turning off the client's servers that Tether runs */
static gboolean
offers_disable (TetherClient *client)
{
  const char * const *shared = tether_client_get_shared_servers (client);

  return tether_client_get_connected (client) && tether_client_get_can_disable (client) &&
         shared != NULL && shared[0] != NULL;
}

static GtkWidget *
action_button_new (TetherClient       *client,
                   TetherClientAction  action,
                   const char         *label,
                   const char         *accessible_name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "clients.preview");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(su)",
                                    tether_client_get_name (client), (guint32)action);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name,
                                  -1);

  return button;
}

static GtkWidget *
client_row_new (TetherClient *client)
{
  const char *name = tether_client_get_display_name (client);
  g_autofree char *title = tether_visible_text (name);
  g_autofree char *subtitle = describe (client);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name (state_icon (client));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  gtk_widget_set_name (row, tether_client_get_name (client));

  if (!tether_client_get_found (client))
    return row;

  if (offers_disable (client))
    {
      g_autofree char *offer = offer_text (client);
      GtkWidget *button = action_button_new (client, TETHER_CLIENT_ACTION_DISABLE_SHARED,
                                             _("_Turn Off Duplicates…"), offer);

      gtk_widget_set_tooltip_text (button, offer);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }

  if (tether_client_get_connected (client))
    {
      /* Translators: the name of a button; %s is an AI client, “VS Code” */
      g_autofree char *accessible = g_strdup_printf (_("Disconnect %s"), name);

      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 action_button_new (client, TETHER_CLIENT_ACTION_DISCONNECT,
                                                    _("_Disconnect"), accessible));
    }
  else
    {
      /* Translators: the name of a button; %s is an AI client, “VS Code” */
      g_autofree char *accessible = g_strdup_printf (_("Connect %s"), name);
      GtkWidget *button = action_button_new (client, TETHER_CLIENT_ACTION_CONNECT,
                                             _("_Connect"), accessible);

      gtk_widget_add_css_class (button, "suggested-action");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }

  return row;
}

static void
rebuild_rows (TetherClientsPage *self)
{
  GListModel *model = tether_clients_get_model (self->clients);
  guint n_missing = 0;

  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (group), row);
    }
  g_ptr_array_set_size (self->rows, 0);

  /* Found ones first, each part in the table's order */
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(TetherClient) client = g_list_model_get_item (model, i);
          gboolean found = tether_client_get_found (client);
          GtkWidget *row;

          if (found != (pass == 0))
            continue;

          row = client_row_new (client);
          adw_preferences_group_add (found ? self->found_group : self->missing_group, row);
          g_ptr_array_add (self->rows, row);
          n_missing += !found;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->missing_group), n_missing > 0);
}

static void
refresh_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TetherClientsPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!tether_clients_refresh_finish (TETHER_CLIENTS (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  set_busy (self, FALSE);
  /* A file that could not be read is shown on its row. */
  rebuild_rows (self);
}

/**
 * tether_clients_page_refresh:
 *
 * Looks at every client's file again (in a thread); the page does it
 * whenever it is shown.
 */
void
tether_clients_page_refresh (TetherClientsPage *self)
{
  g_return_if_fail (TETHER_IS_CLIENTS_PAGE (self));

  set_busy (self, TRUE);
  tether_clients_refresh_async (self->clients, self->cancellable, refresh_cb, g_object_ref (self));
}

static void
show_list (TetherClientsPage *self)
{
  g_clear_object (&self->client);
  g_clear_pointer (&self->diff, g_free);
  g_clear_pointer (&self->snippet, g_free);
  gtk_stack_set_visible_child_name (self->stack, "list");
}

/* The change */

static char *
change_title (TetherClient       *client,
              TetherClientAction  action)
{
  const char *name = tether_client_get_display_name (client);

  switch (action)
    {
    case TETHER_CLIENT_ACTION_CONNECT:
      return g_strdup_printf (_("Connect %s to Tether"), name);
    case TETHER_CLIENT_ACTION_DISCONNECT:
      return g_strdup_printf (_("Disconnect %s from Tether"), name);
    case TETHER_CLIENT_ACTION_DISABLE_SHARED:
      return g_strdup_printf (_("Turn Off Servers in %s"), name);
    case TETHER_CLIENT_ACTION_ENABLE_SHARED:
    default:
      return g_strdup_printf (_("Turn On Servers in %s"), name);
    }
}

static void
set_diff_text (TetherClientsPage *self,
               const char        *text,
               gboolean           colored)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->diff_view);
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  GtkTextIter end;

  gtk_text_buffer_set_text (buffer, "", 0);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *tag = NULL;
      g_autofree char *visible = tether_visible_text (lines[i]);

      if (lines[i + 1] == NULL && *lines[i] == '\0')
        break;
      if (colored && g_str_has_prefix (lines[i], "+") && !g_str_has_prefix (lines[i], "+++"))
        tag = "added";
      else if (colored && g_str_has_prefix (lines[i], "-") && !g_str_has_prefix (lines[i], "---"))
        tag = "removed";
      else if (colored && g_str_has_prefix (lines[i], "@@"))
        tag = "hunk";

      gtk_text_buffer_get_end_iter (buffer, &end);
      if (tag != NULL)
        gtk_text_buffer_insert_with_tags_by_name (buffer, &end, visible, -1, tag, NULL);
      else
        gtk_text_buffer_insert (buffer, &end, visible, -1);
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_insert (buffer, &end, "\n", 1);
    }
}

/* What the shown change is about; the same for a change and an error */
static void
show_client (TetherClientsPage  *self,
             TetherClient       *client,
             TetherClientAction  action,
             gboolean            stdio)
{
  g_autofree char *title = change_title (client, action);
  g_autofree char *visible_title = tether_visible_text (title);

  if (self->client != client)
    g_set_object (&self->client, client);
  self->action = action;
  self->stdio = stdio;

  gtk_label_set_label (self->change_title, visible_title);
  gtk_widget_set_visible (GTK_WIDGET (self->bridge_list),
                          action == TETHER_CLIENT_ACTION_CONNECT &&
                          tether_client_get_takes_http (client));
  g_signal_handlers_block_matched (self->bridge_switch, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_switch_set_active (self->bridge_switch, stdio);
  g_signal_handlers_unblock_matched (self->bridge_switch, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_stack_set_visible_child_name (self->stack, "change");
}

static void
show_change (TetherClientsPage  *self,
             TetherClient       *client,
             TetherClientAction  action,
             gboolean            stdio,
             TetherClientChange *change,
             const char         *notice)
{
  g_autofree char *path = g_strdup_printf (_("Tether will make this change to %s:"), change->path);
  g_autofree char *visible_path = tether_visible_text (path);
  g_autoptr(GString) notes = g_string_new (notice);

  show_client (self, client, action, stdio);
  g_free (self->diff);
  self->diff = g_strdup (change->diff);
  g_clear_pointer (&self->snippet, g_free);

  gtk_label_set_label (self->change_path, visible_path);
  gtk_widget_set_visible (GTK_WIDGET (self->change_path), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), notice != NULL);
  if (notice != NULL)
    gtk_label_set_label (self->error_label, notice);
  set_diff_text (self, change->diff, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->diff_frame), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->diff_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("The change, as a diff"),
                                  -1);

  g_string_truncate (notes, 0);
  for (guint i = 0; change->notes != NULL && change->notes[i] != NULL; i++)
    g_string_append_printf (notes, "%s%s", notes->len > 0 ? "\n" : "", change->notes[i]);
  if (action == TETHER_CLIENT_ACTION_CONNECT)
    g_string_append_printf (notes, "%s%s", notes->len > 0 ? "\n" : "",
                            _("Restart the client, or reload its servers, once it is connected."));
  {
    g_autofree char *visible = tether_visible_lines (notes->str);

    gtk_label_set_label (self->notes_label, visible);
    gtk_widget_set_visible (GTK_WIDGET (self->notes_label), notes->len > 0);
  }

  {
    /* Before its first change, the file is copied beside itself. */
    g_autofree char *first = g_strconcat (change->path, ".tether-backup", NULL);
    g_autofree char *text = change->backup != NULL
      ? g_strdup_printf (_("The file as it was before Tether first changed it is kept as %s"),
                         change->backup)
      : g_strdup_printf (_("Before this change, Tether copies the file to %s"), first);
    g_autofree char *visible = tether_visible_text (text);

    gtk_label_set_label (self->backup_label, visible);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->backup_label), TRUE);

  gtk_widget_set_visible (GTK_WIDGET (self->apply_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->copy_button), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->apply_button));
}

/* Nothing was written: the message, and the entry to paste by hand when
 * Tether refused the file's shape. */
static void
show_error (TetherClientsPage  *self,
            TetherClient       *client,
            TetherClientAction  action,
            gboolean            stdio,
            const GError       *error)
{
  g_autofree char *message = g_strdup (error->message);
  g_autofree char *visible = NULL;
  char *snippet = strchr (message, '\n');

  show_client (self, client, action, stdio);
  g_clear_pointer (&self->diff, g_free);
  g_clear_pointer (&self->snippet, g_free);

  if (snippet != NULL && g_error_matches (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED))
    {
      *snippet = '\0';
      self->snippet = g_strdup (snippet + 1);
    }

  gtk_label_set_label (self->change_path, _("Nothing was written."));
  gtk_widget_set_visible (GTK_WIDGET (self->change_path), TRUE);
  visible = tether_visible_lines (message);
  gtk_label_set_label (self->error_label, visible);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);

  set_diff_text (self, self->snippet, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->diff_frame), self->snippet != NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->diff_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("The entry to add by hand"),
                                  -1);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->backup_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->apply_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->copy_button), self->snippet != NULL);
}

/* Previewing and applying */

typedef struct
{
  TetherClientsPage  *self;
  TetherClient       *client;
  TetherClientAction  action;
  gboolean            stdio;
  gboolean            then_apply;
} Operation;

static Operation *
operation_new (TetherClientsPage  *self,
               TetherClient       *client,
               TetherClientAction  action,
               gboolean            stdio,
               gboolean            then_apply)
{
  Operation *op = g_new0 (Operation, 1);

  op->self = g_object_ref (self);
  op->client = g_object_ref (client);
  op->action = action;
  op->stdio = stdio;
  op->then_apply = then_apply;

  return op;
}

static void
operation_free (Operation *op)
{
  g_object_unref (op->self);
  g_object_unref (op->client);
  g_free (op);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Operation, operation_free)

static void start_preview (TetherClientsPage  *self,
                           TetherClient       *client,
                           TetherClientAction  action,
                           gboolean            stdio,
                           gboolean            then_apply);

/* The end of a preview or an apply: %FALSE if that is all (the page went
 * away, or the error is shown) */
static gboolean
operation_done (Operation          *op,
                TetherClientChange *change,
                const GError       *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return FALSE;
  set_busy (op->self, FALSE);

  if (change == NULL)
    {
      show_error (op->self, op->client, op->action, op->stdio, error);
      return FALSE;
    }

  return TRUE;
}

static AdwToast *
done_toast (TetherClient       *client,
            TetherClientAction  action,
            TetherClientChange *change)
{
  const char *name = tether_client_get_display_name (client);
  g_autofree char *title = NULL;
  g_autofree char *visible = NULL;

  switch (action)
    {
    case TETHER_CLIENT_ACTION_CONNECT:
      title = g_strdup_printf (_("Connected %s to Tether"), name);
      break;
    case TETHER_CLIENT_ACTION_DISCONNECT:
      title = g_strdup_printf (_("Disconnected %s from Tether"), name);
      break;
    case TETHER_CLIENT_ACTION_DISABLE_SHARED:
      title = g_strdup_printf (_("Turned off the servers in %s that Tether runs"), name);
      break;
    case TETHER_CLIENT_ACTION_ENABLE_SHARED:
    default:
      title = g_strdup_printf (_("Turned the servers in %s on again"), name);
      break;
    }
  if (!change->changed)
    {
      g_free (title);
      title = g_strdup_printf (_("Nothing to change in %s"), change->path);
    }
  visible = tether_visible_text (title);

  return adw_toast_new (visible);
}

static void
apply_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(Operation) op = user_data;
  TetherClientsPage *self = op->self;
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  AdwToast *toast_;

  change = tether_clients_apply_finish (TETHER_CLIENTS (object), result, &error);
  if (!operation_done (op, change, error))
    return;

  toast_ = done_toast (op->client, op->action, change);
  /* Connected: the client's own copies of Tether's servers can go. */
  if (op->action == TETHER_CLIENT_ACTION_CONNECT && offers_disable (op->client))
    {
      g_autofree char *offer = offer_text (op->client);
      g_autofree char *visible = tether_visible_text (offer);

      adw_toast_set_title (toast_, visible);
      adw_toast_set_button_label (toast_, _("_Turn Off…"));
      adw_toast_set_action_name (toast_, "clients.preview");
      adw_toast_set_action_target (toast_, "(su)", tether_client_get_name (op->client),
                                   (guint32)TETHER_CLIENT_ACTION_DISABLE_SHARED);
      adw_toast_set_timeout (toast_, 0);
    }
  toast (self, toast_);

  show_list (self);
  rebuild_rows (self);
}

static void
preview_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(Operation) op = user_data;
  TetherClientsPage *self = op->self;
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;

  change = tether_clients_preview_finish (TETHER_CLIENTS (object), result, &error);
  if (!operation_done (op, change, error))
    return;

  if (op->then_apply)
    {
      /* Only the change the user saw is written: a file changed since is
       * shown again. */
      if (g_strcmp0 (change->diff, self->diff) == 0)
        {
          Operation *apply = g_steal_pointer (&op);

          set_busy (self, TRUE);
          tether_clients_apply_async (self->clients, apply->client, apply->action, apply->stdio,
                                      self->cancellable, apply_cb, apply);
          return;
        }
      show_change (self, op->client, op->action, op->stdio, change,
                   _("The file changed since the change was shown; this is the change now."));
      return;
    }

  if (!change->changed)
    {
      toast (self, done_toast (op->client, op->action, change));
      show_list (self);
      tether_clients_page_refresh (self);
      return;
    }

  show_change (self, op->client, op->action, op->stdio, change, NULL);
}

static void
start_preview (TetherClientsPage  *self,
               TetherClient       *client,
               TetherClientAction  action,
               gboolean            stdio,
               gboolean            then_apply)
{
  set_busy (self, TRUE);
  tether_clients_preview_async (self->clients, client, action, stdio, self->cancellable,
                                preview_cb, operation_new (self, client, action, stdio, then_apply));
}

static void
preview_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (widget);
  const char *name = NULL;
  guint32 action = 0;
  TetherClient *client;

  g_variant_get (parameter, "(&su)", &name, &action);
  client = tether_clients_lookup (self->clients, name);
  if (client == NULL || action > TETHER_CLIENT_ACTION_ENABLE_SHARED)
    return;

  start_preview (self, client, action, FALSE, FALSE);
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (widget);

  if (self->client == NULL || self->diff == NULL)
    return;

  start_preview (self, self->client, self->action, self->stdio, TRUE);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  show_list (TETHER_CLIENTS_PAGE (widget));
}

static void
copy_entry_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (widget);

  if (self->snippet == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->snippet);
  toast (self, adw_toast_new (_("Copied the entry; put the token in place of the stars")));
}

static void
bridge_switch_cb (TetherClientsPage *self,
                  GParamSpec        *pspec,
                  GtkSwitch         *bridge_switch)
{
  if (self->client == NULL)
    return;

  start_preview (self, self->client, self->action, gtk_switch_get_active (bridge_switch), FALSE);
}

/* The page */

static void
map_cb (TetherClientsPage *self)
{
  if (gtk_stack_get_visible_child_name (self->stack) != NULL &&
      g_str_equal (gtk_stack_get_visible_child_name (self->stack), "list"))
    tether_clients_page_refresh (self);
}

static void
tether_clients_page_constructed (GObject *object)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (object);

  G_OBJECT_CLASS (tether_clients_page_parent_class)->constructed (object);

  g_assert (TETHER_IS_CLIENTS (self->clients));
  rebuild_rows (self);
}

static void
tether_clients_page_dispose (GObject *object)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  /* The bin's child is the template's: gone once, not twice */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_CLIENTS_PAGE);

  G_OBJECT_CLASS (tether_clients_page_parent_class)->dispose (object);
}

static void
tether_clients_page_finalize (GObject *object)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->clients);
  g_clear_object (&self->client);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->diff, g_free);
  g_clear_pointer (&self->snippet, g_free);

  G_OBJECT_CLASS (tether_clients_page_parent_class)->finalize (object);
}

static void
tether_clients_page_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_CLIENTS:
      g_value_set_object (value, self->clients);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_clients_page_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TetherClientsPage *self = TETHER_CLIENTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_CLIENTS:
      self->clients = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_clients_page_class_init (TetherClientsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tether_clients_page_constructed;
  object_class->dispose = tether_clients_page_dispose;
  object_class->finalize = tether_clients_page_finalize;
  object_class->get_property = tether_clients_page_get_property;
  object_class->set_property = tether_clients_page_set_property;

  properties[PROP_CLIENTS] =
    g_param_spec_object ("clients", NULL, NULL,
                         TETHER_TYPE_CLIENTS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tethermcp/Tether/tether-clients-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, apply_button);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, backup_label);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, bridge_list);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, list_page);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, bridge_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, change_path);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, change_title);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, copy_button);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, diff_frame);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, diff_view);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, found_group);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, missing_group);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, notes_label);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TetherClientsPage, toast_overlay);

  gtk_widget_class_install_action (widget_class, "clients.preview", "(su)", preview_action);
  gtk_widget_class_install_action (widget_class, "clients.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "clients.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "clients.copy-entry", NULL, copy_entry_action);
}

static void
tether_clients_page_init (TetherClientsPage *self)
{
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Translators: the accessible name of the pane listing the AI clients */
  tether_accessible_name_inner (GTK_WIDGET (self->list_page), GTK_TYPE_SCROLLED_WINDOW, _("AI Clients"));

  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new ();

  buffer = gtk_text_view_get_buffer (self->diff_view);
  gtk_text_buffer_create_tag (buffer, "added", "foreground", "#26a269", NULL);
  gtk_text_buffer_create_tag (buffer, "removed", "foreground", "#c01c28", NULL);
  gtk_text_buffer_create_tag (buffer, "hunk", "foreground", "#1c71d8", NULL);

  g_signal_connect_swapped (self->bridge_switch, "notify::active", G_CALLBACK (bridge_switch_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
}

/**
 * tether_clients_page_new:
 * @clients: the clients to show and connect
 *
 * Returns: (transfer floating): a new page
 */
GtkWidget *
tether_clients_page_new (TetherClients *clients)
{
  g_return_val_if_fail (TETHER_IS_CLIENTS (clients), NULL);

  return g_object_new (TETHER_TYPE_CLIENTS_PAGE, "clients", clients, NULL);
}

TetherClients *
tether_clients_page_get_clients (TetherClientsPage *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENTS_PAGE (self), NULL);

  return self->clients;
}

/**
 * tether_clients_page_get_busy:
 *
 * Returns: whether the page is reading or writing a client's file
 */
gboolean
tether_clients_page_get_busy (TetherClientsPage *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENTS_PAGE (self), FALSE);

  return self->busy > 0;
}
