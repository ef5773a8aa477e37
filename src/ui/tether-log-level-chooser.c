/* tether-log-level-chooser.c — how much a server logs
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drop-down on a server's Log tab, shown only when the connected server
 * declares `logging`: "Server's Choice" (nothing is asked), then the eight
 * levels of RFC 5424. Choosing one sends logging/setLevel; the level chosen
 * holds for the session, and is asked again of a new connection seen while
 * the server is shown, since a restarted server forgets it. A refusal is
 * said in a toast.
 */

#define G_LOG_DOMAIN "tether-log-level-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-log-level-chooser.h"

/* The level chosen for a server, kept on it for the session */
#define LEVEL_KEY "tether-log-level-chooser-level"

struct _TetherLogLevelChooser
{
  GtkWidget     parent_instance;

  GtkDropDown  *dropdown;
  TetherServer *server;
  guint         n_pending; /* requests not answered yet */
  gboolean      updating;
};

G_DEFINE_FINAL_TYPE (TetherLogLevelChooser, tether_log_level_chooser, GTK_TYPE_WIDGET)

static const struct
{
  const char *level;
  const char *label;
} levels[] = {
  /* Translators: the log level entry that leaves the level to the server */
  { NULL, N_("Server’s Choice") },
  { "debug", N_("Debug") },
  { "info", N_("Info") },
  { "notice", N_("Notice") },
  { "warning", N_("Warning") },
  { "error", N_("Error") },
  { "critical", N_("Critical") },
  { "alert", N_("Alert") },
  { "emergency", N_("Emergency") },
};

static GtkDropDown *ensure_dropdown (TetherLogLevelChooser *self);

static const char *
chosen_level (TetherLogLevelChooser *self)
{
  return self->server != NULL ? g_object_get_data (G_OBJECT (self->server), LEVEL_KEY) : NULL;
}

/* The drop-down's index of the level chosen for the server: 0 (the
 * server's own) when none was chosen or it is no level we offer */
static guint
chosen_index (TetherLogLevelChooser *self)
{
  const char *level = chosen_level (self);

  for (guint i = 1; level != NULL && i < G_N_ELEMENTS (levels); i++)
    if (g_str_equal (levels[i].level, level))
      return i;

  return 0;
}

static void
level_set_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GtkWidget) widget = user_data;
  g_autoptr(GError) error = NULL;

  TetherLogLevelChooser *self = TETHER_LOG_LEVEL_CHOOSER (widget);

  self->n_pending--;
  if (!tether_server_set_log_level_finish (TETHER_SERVER (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Translators: a toast: the server's name, then its error */
      g_autofree char *text = g_strdup_printf (_("“%s” did not change its log level: %s"),
                                               tether_server_get_name (TETHER_SERVER (object)), error->message);

      gtk_widget_activate_action (widget, "win.toast", "s", text);
    }
}

static void
tell (TetherLogLevelChooser *self)
{
  const char *level = chosen_level (self);

  if (level != NULL)
    {
      self->n_pending++;
      tether_server_set_log_level_async (self->server, level, NULL, level_set_cb, g_object_ref (self));
    }
}

/* Shown for a connected server that declares logging. A new connection is
 * told the level chosen by the server itself (it keeps what
 * tether_server_set_log_level_async() was given), whether or not this
 * chooser is shown. */
static void
server_state_cb (TetherLogLevelChooser *self)
{
  McpClient *client = self->server != NULL ? tether_server_get_client (self->server) : NULL;
  gboolean logs = client != NULL && tether_server_get_state (self->server) == TETHER_SERVER_STATE_CONNECTED &&
                  mcp_client_has_capability (client, "logging");

  if (logs)
    ensure_dropdown (self);
  gtk_widget_set_visible (GTK_WIDGET (self), logs);
}

static void
selected_cb (TetherLogLevelChooser *self)
{
  guint selected = gtk_drop_down_get_selected (self->dropdown);

  if (self->updating || self->server == NULL || selected >= G_N_ELEMENTS (levels))
    return;

  g_object_set_data_full (G_OBJECT (self->server), LEVEL_KEY, g_strdup (levels[selected].level), g_free);
  tell (self);
}

static void
tether_log_level_chooser_dispose (GObject *object)
{
  TetherLogLevelChooser *self = (TetherLogLevelChooser *)object;

  tether_log_level_chooser_set_server (self, NULL);
  if (self->dropdown != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->dropdown));
      self->dropdown = NULL;
    }

  G_OBJECT_CLASS (tether_log_level_chooser_parent_class)->dispose (object);
}

static void
tether_log_level_chooser_class_init (TetherLogLevelChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_log_level_chooser_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

/* GTK 4.8 shows the chosen level in the button through a list item of its
 * own, which it announces by its type name: name it after the button. */
static void
name_shown_choice (TetherLogLevelChooser *self)
{
  GType item_type = g_type_from_name ("GtkListItemWidget");

  /* only in the button: the choices in its popover are named by their text */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->dropdown));
       child != NULL && item_type != G_TYPE_INVALID;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      tether_accessible_name_inner (child, item_type, _("Log Level"));
}

/* The drop-down is built the first time it is shown: most pages show no
 * server that logs, and a drop-down with its list and popover is a tenth of
 * the page. */
static GtkDropDown *
ensure_dropdown (TetherLogLevelChooser *self)
{
  g_autoptr(GtkStringList) labels = NULL;
  g_autoptr(GtkListItemFactory) choices = NULL;

  if (self->dropdown != NULL)
    return self->dropdown;

  labels = gtk_string_list_new (NULL);
  choices = tether_accessible_new_text_factory ();
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    gtk_string_list_append (labels, _(levels[i].label));

  self->dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL));
  /* each choice, and the button that opens them, named for a screen reader */
  gtk_drop_down_set_factory (self->dropdown, choices);
  tether_accessible_name_inner (GTK_WIDGET (self->dropdown), GTK_TYPE_TOGGLE_BUTTON, _("Log Level"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dropdown), _("The least severe messages the server sends to its log"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Log Level"), -1);
  gtk_widget_set_parent (GTK_WIDGET (self->dropdown), GTK_WIDGET (self));

  gtk_drop_down_set_selected (self->dropdown, chosen_index (self));

  g_signal_connect_object (self->dropdown, "notify::selected", G_CALLBACK (selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->dropdown, "notify::selected", G_CALLBACK (name_shown_choice), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  name_shown_choice (self);

  return self->dropdown;
}

static void
tether_log_level_chooser_init (TetherLogLevelChooser *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
tether_log_level_chooser_set_server (TetherLogLevelChooser *self,
                                     TetherServer          *server)
{
  g_return_if_fail (TETHER_IS_LOG_LEVEL_CHOOSER (self));
  g_return_if_fail (server == NULL || TETHER_IS_SERVER (server));

  if (self->server == server)
    return;

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_func (self->server, server_state_cb, self);
  g_set_object (&self->server, server);

  if (self->dropdown != NULL)
    {
      self->updating = TRUE;
      gtk_drop_down_set_selected (self->dropdown, chosen_index (self));
      self->updating = FALSE;
    }

  if (server != NULL)
    g_signal_connect_object (server, "notify::state", G_CALLBACK (server_state_cb), self, G_CONNECT_SWAPPED);
  server_state_cb (self);
}

GtkDropDown *
tether_log_level_chooser_get_dropdown (TetherLogLevelChooser *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_LEVEL_CHOOSER (self), NULL);

  return ensure_dropdown (self);
}

/**
 * tether_log_level_chooser_get_level:
 * @self: a #TetherLogLevelChooser
 *
 * Returns: (nullable): the level chosen for the server, %NULL for the
 *   server's choice
 */
const char *
tether_log_level_chooser_get_level (TetherLogLevelChooser *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_LEVEL_CHOOSER (self), NULL);

  return chosen_level (self);
}

/**
 * tether_log_level_chooser_get_busy:
 * @self: a #TetherLogLevelChooser
 *
 * Returns: whether a level sent is not answered yet
 */
gboolean
tether_log_level_chooser_get_busy (TetherLogLevelChooser *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_LEVEL_CHOOSER (self), FALSE);

  return self->n_pending > 0;
}
