/* tether-completion-popover.c — what the server suggests for an argument
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Attached to the entry of a prompt's argument or a resource template's
 * variable: as the user types, completion/complete is asked for what the
 * entry holds (with the other arguments as context), and the values that
 * come back are listed under the entry. Choosing one fills the entry in;
 * Down moves into the list, Escape closes it. An answer to text the entry
 * no longer holds is dropped, and each keystroke cancels the question
 * before it.
 */

#define G_LOG_DOMAIN "tether-completion-popover"

#include "config.h"

#include "tether-completion-popover.h"
#include "tether-visible-text.h"

/* The protocol caps an answer at 100 values; so does the list. */
#define MAX_VALUES 100

struct _TetherCompletionPopover
{
  GtkPopover                   parent_instance;

  GtkWidget                   *entry;
  TetherServer                *server;
  JsonObject                  *ref;
  char                        *argument;
  TetherCompletionContextFunc  context_func;
  gpointer                     context_data;

  GtkListBox                  *list;
  GCancellable                *cancellable;
  guint                        ask_id;
  gboolean                     filling;
  guint                        n_asked;
};

G_DEFINE_FINAL_TYPE (TetherCompletionPopover, tether_completion_popover, GTK_TYPE_POPOVER)

typedef struct
{
  GWeakRef  popover;
  char     *value;
} Ask;

static void
ask_free (Ask *ask)
{
  g_weak_ref_clear (&ask->popover);
  g_free (ask->value);
  g_free (ask);
}

static void
clear_list (TetherCompletionPopover *self)
{
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL;)
    gtk_list_box_remove (self->list, child);
}

static void
completed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Ask *ask = user_data;
  g_autoptr(TetherCompletionPopover) self = g_weak_ref_get (&ask->popover);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_request_finish (TETHER_SERVER (object), result, &error);
  JsonObject *completion = NULL;
  JsonArray *values = NULL;
  guint shown = 0;

  if (self == NULL || g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->entry)), ask->value) != 0)
    {
      ask_free (ask);
      return;
    }

  if (node == NULL)
    {
      /* Suggestions are a help, not the task: a failure only says why in the log. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("completion/complete for “%s” failed: %s", self->argument, error->message);
      ask_free (ask);
      return;
    }

  if (JSON_NODE_HOLDS_OBJECT (node) &&
      json_object_has_member (json_node_get_object (node), "completion") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (json_node_get_object (node), "completion")))
    completion = json_object_get_object_member (json_node_get_object (node), "completion");
  if (completion != NULL && json_object_has_member (completion, "values") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (completion, "values")))
    values = json_object_get_array_member (completion, "values");

  clear_list (self);
  for (guint i = 0; values != NULL && i < json_array_get_length (values) && shown < MAX_VALUES; i++)
    {
      JsonNode *element = json_array_get_element (values, i);
      g_autofree char *text = NULL;
      GtkWidget *label;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        continue;

      text = tether_visible_text (json_node_get_string (element));
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_margin_top (label, 3);
      gtk_widget_set_margin_bottom (label, 3);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      /* The value as the server gave it is what fills the entry. */
      g_object_set_data_full (G_OBJECT (label), "value", g_strdup (json_node_get_string (element)), g_free);
      gtk_list_box_append (self->list, label);
      shown++;
    }

  if (shown > 0)
    {
      /* As wide as the entry it completes. */
      gtk_widget_set_size_request (gtk_popover_get_child (GTK_POPOVER (self)),
                                   MAX (gtk_widget_get_width (self->entry), 200), -1);
      gtk_popover_popup (GTK_POPOVER (self));
    }
  else
    gtk_popover_popdown (GTK_POPOVER (self));

  ask_free (ask);
}

static gboolean
ask_cb (gpointer user_data)
{
  TetherCompletionPopover *self = user_data;
  g_autoptr(JsonObject) params = json_object_new ();
  JsonObject *argument = json_object_new ();
  const char *value = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  Ask *ask;

  self->ask_id = 0;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  json_object_set_object_member (params, "ref", json_object_ref (self->ref));
  json_object_set_string_member (argument, "name", self->argument);
  json_object_set_string_member (argument, "value", value);
  json_object_set_object_member (params, "argument", argument);
  if (self->context_func != NULL)
    {
      g_autoptr(JsonObject) arguments = self->context_func (self->context_data);

      if (arguments != NULL)
        {
          JsonObject *context = json_object_new ();

          json_object_set_object_member (context, "arguments", g_steal_pointer (&arguments));
          json_object_set_object_member (params, "context", context);
        }
    }

  ask = g_new0 (Ask, 1);
  g_weak_ref_init (&ask->popover, self);
  ask->value = g_strdup (value);
  self->n_asked++;
  tether_server_request_async (self->server, "completion/complete", params, self->cancellable, completed_cb, ask);

  return G_SOURCE_REMOVE;
}

static void
entry_changed_cb (TetherCompletionPopover *self)
{
  /* One question for what one change leaves: replacing the text deletes,
   * then inserts, and says "changed" at each. */
  if (!self->filling && self->ask_id == 0)
    self->ask_id = g_idle_add (ask_cb, self);
}

static void
row_activated_cb (TetherCompletionPopover *self,
                  GtkListBoxRow           *row)
{
  const char *value = g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (row)), "value");

  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), value);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
  self->filling = FALSE;
  gtk_popover_popdown (GTK_POPOVER (self));
  gtk_widget_grab_focus (self->entry);
}

static gboolean
entry_key_pressed_cb (TetherCompletionPopover *self,
                      guint                    keyval,
                      guint                    keycode,
                      GdkModifierType          state)
{
  GtkListBoxRow *first;

  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return FALSE;

  if (keyval == GDK_KEY_Escape)
    {
      gtk_popover_popdown (GTK_POPOVER (self));
      return TRUE;
    }

  first = gtk_list_box_get_row_at_index (self->list, 0);
  if ((keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down) && first != NULL)
    {
      gtk_widget_grab_focus (GTK_WIDGET (first));
      return TRUE;
    }

  return FALSE;
}

/* The entry goes, and takes the popover with it. */
static void
entry_destroy_cb (TetherCompletionPopover *self)
{
  g_clear_handle_id (&self->ask_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  gtk_widget_unparent (GTK_WIDGET (self));
}

static void
tether_completion_popover_dispose (GObject *object)
{
  TetherCompletionPopover *self = (TetherCompletionPopover *)object;

  g_clear_handle_id (&self->ask_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->server);
  g_clear_pointer (&self->ref, json_object_unref);

  G_OBJECT_CLASS (tether_completion_popover_parent_class)->dispose (object);
}

static void
tether_completion_popover_finalize (GObject *object)
{
  TetherCompletionPopover *self = (TetherCompletionPopover *)object;

  g_free (self->argument);

  G_OBJECT_CLASS (tether_completion_popover_parent_class)->finalize (object);
}

static void
tether_completion_popover_class_init (TetherCompletionPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_completion_popover_dispose;
  object_class->finalize = tether_completion_popover_finalize;
}

static void
tether_completion_popover_init (TetherCompletionPopover *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_popover_set_autohide (GTK_POPOVER (self), FALSE);
  gtk_popover_set_has_arrow (GTK_POPOVER (self), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self), GTK_POS_BOTTOM);
  gtk_widget_add_css_class (GTK_WIDGET (self), "completion");

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  g_signal_connect_object (self->list, "row-activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_popover_set_child (GTK_POPOVER (self), scroller);
}

/**
 * tether_completion_popover_attach:
 * @entry: a #GtkEditable widget
 * @server: the server to ask
 * @ref: the `ref` of completion/complete (a prompt or a resource template)
 * @argument: the name of the argument @entry edits
 * @context_func: (nullable): gives the other arguments' values
 * @context_data: data for @context_func, which outlives @entry
 *
 * Returns: (transfer none): the popover, which lives as long as @entry
 */
TetherCompletionPopover *
tether_completion_popover_attach (GtkWidget                   *entry,
                                  TetherServer                *server,
                                  JsonObject                  *ref,
                                  const char                  *argument,
                                  TetherCompletionContextFunc  context_func,
                                  gpointer                     context_data)
{
  TetherCompletionPopover *self;
  GtkEventController *keys;

  g_return_val_if_fail (GTK_IS_EDITABLE (entry), NULL);
  g_return_val_if_fail (TETHER_IS_SERVER (server), NULL);
  g_return_val_if_fail (ref != NULL, NULL);
  g_return_val_if_fail (argument != NULL, NULL);

  self = g_object_new (TETHER_TYPE_COMPLETION_POPOVER, NULL);
  self->entry = entry;
  self->server = g_object_ref (server);
  self->ref = json_object_ref (ref);
  self->argument = g_strdup (argument);
  self->context_func = context_func;
  self->context_data = context_data;
  gtk_widget_set_parent (GTK_WIDGET (self), entry);

  g_signal_connect_object (entry, "changed", G_CALLBACK (entry_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (entry, "destroy", G_CALLBACK (entry_destroy_cb), self, G_CONNECT_SWAPPED);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (entry_key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (entry, keys);

  return self;
}

GtkListBox *
tether_completion_popover_get_list (TetherCompletionPopover *self)
{
  g_return_val_if_fail (TETHER_IS_COMPLETION_POPOVER (self), NULL);

  return self->list;
}

guint
tether_completion_popover_get_n_asked (TetherCompletionPopover *self)
{
  g_return_val_if_fail (TETHER_IS_COMPLETION_POPOVER (self), 0);

  return self->n_asked;
}
