/* tether-elicitation-dialog.c — a server asks the user to fill in a form
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * elicitation/create as a dialog: which server asks, its message, and the
 * form of its requested schema with the defaults filled in; Accept, Decline
 * or Cancel (closing the dialog cancels). In URL mode, the URL and the
 * server's name are shown and the browser opens only when the user
 * agrees. Nothing is ever accepted on the user's behalf.
 *
 * When the server gives up on the question (the call it belongs to was
 * cancelled), the dialog closes.
 */

#define G_LOG_DOMAIN "tether-elicitation-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-dialog-parts.h"
#include "tether-elicitation-dialog.h"
#include "tether-visible-text.h"

struct _TetherElicitationDialog
{
  AdwWindow          parent_instance;

  TetherElicitation *elicitation;
  GtkWidget         *form;
  GtkLabel          *problem_label;
  gboolean           answered;
};

G_DEFINE_FINAL_TYPE (TetherElicitationDialog, tether_elicitation_dialog, ADW_TYPE_WINDOW)

static void
answered (TetherElicitationDialog *self)
{
  self->answered = TRUE;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TetherElicitationDialog *self = TETHER_ELICITATION_DIALOG (widget);
  g_autoptr(JsonObject) values = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(GError) error = NULL;

  if (tether_elicitation_get_mode (self->elicitation) == TETHER_ELICITATION_MODE_URL)
    {
      /* The user agreed: only now is the URL opened. */
      gtk_show_uri (gtk_window_get_transient_for (GTK_WINDOW (self)),
                    tether_elicitation_get_url (self->elicitation), GDK_CURRENT_TIME);
      tether_elicitation_accept (self->elicitation, NULL, NULL);
      answered (self);
      return;
    }

  values = tether_schema_form_dup_values (TETHER_SCHEMA_FORM (self->form), &problem);
  if (problem == NULL && !tether_elicitation_accept (self->elicitation, values, &error))
    problem = g_strdup (error->message);

  if (problem != NULL)
    {
      g_autofree char *shown = tether_visible_lines (problem);

      gtk_label_set_label (self->problem_label, shown);
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), TRUE);
      return;
    }

  answered (self);
}

static void
decline_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TetherElicitationDialog *self = TETHER_ELICITATION_DIALOG (widget);

  tether_elicitation_decline (self->elicitation);
  answered (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static gboolean
tether_elicitation_dialog_close_request (GtkWindow *window)
{
  TetherElicitationDialog *self = TETHER_ELICITATION_DIALOG (window);

  if (!self->answered)
    {
      self->answered = TRUE;
      tether_elicitation_cancel (self->elicitation);
    }

  return GTK_WINDOW_CLASS (tether_elicitation_dialog_parent_class)->close_request (window);
}

static void
question_cancelled_cb (GCancellable            *cancellable,
                       TetherElicitationDialog *self)
{
  /* The server no longer waits for the answer. */
  self->answered = TRUE;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
tether_elicitation_dialog_dispose (GObject *object)
{
  TetherElicitationDialog *self = (TetherElicitationDialog *)object;

  /* Destroyed unanswered (Tether quits): the server hears Cancel. */
  if (self->elicitation != NULL && !self->answered)
    {
      self->answered = TRUE;
      tether_elicitation_cancel (self->elicitation);
    }
  g_clear_object (&self->elicitation);

  G_OBJECT_CLASS (tether_elicitation_dialog_parent_class)->dispose (object);
}

static void
tether_elicitation_dialog_class_init (TetherElicitationDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tether_elicitation_dialog_dispose;
  window_class->close_request = tether_elicitation_dialog_close_request;

  gtk_widget_class_install_action (widget_class, "elicitation.accept", NULL, accept_action);
  gtk_widget_class_install_action (widget_class, "elicitation.decline", NULL, decline_action);
  gtk_widget_class_install_action (widget_class, "elicitation.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "elicitation.cancel", NULL);
}

static void
tether_elicitation_dialog_init (TetherElicitationDialog *self)
{
}

/**
 * tether_elicitation_dialog_new:
 * @elicitation: what a server asks
 *
 * Returns: (transfer full): a dialog that answers @elicitation once
 */
TetherElicitationDialog *
tether_elicitation_dialog_new (TetherElicitation *elicitation)
{
  TetherElicitationDialog *self;
  gboolean url_mode;
  GtkWidget *box, *buttons;
  g_autofree char *server = NULL;
  g_autofree char *title = NULL;
  g_autofree char *message = NULL;
  GCancellable *cancellable;

  g_return_val_if_fail (TETHER_IS_ELICITATION (elicitation), NULL);

  self = g_object_new (TETHER_TYPE_ELICITATION_DIALOG,
                       "default-width", 480,
                       "modal", TRUE,
                       NULL);
  self->elicitation = g_object_ref (elicitation);
  url_mode = tether_elicitation_get_mode (elicitation) == TETHER_ELICITATION_MODE_URL;

  /* Everything here comes from the server: shown, never obeyed. */
  server = tether_visible_text (tether_elicitation_get_server_name (elicitation));
  /* Translators: the title of a dialog in which a server asks the user something */
  title = g_strdup_printf (_("“%s” Asks"), server);
  gtk_window_set_title (GTK_WINDOW (self), title);

  box = tether_dialog_parts_build (ADW_WINDOW (self), 560, &buttons);

  message = tether_visible_lines (tether_elicitation_get_message (elicitation));
  if (message != NULL && *message != '\0')
    tether_dialog_parts_add_label (box, message, NULL);

  if (url_mode)
    {
      g_autofree char *url = tether_visible_text (tether_elicitation_get_url (elicitation));
      g_autofree char *explain = g_strdup_printf (_("The server “%s” asks you to open this address in your browser:"),
                                                  server);
      GtkWidget *label;

      tether_dialog_parts_add_label (box, explain, "dim-label");
      label = tether_dialog_parts_add_label (box, url, "monospace");
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "elicitation-url");
    }
  else
    {
      self->form = tether_schema_form_new (tether_elicitation_get_form (elicitation));
      gtk_box_append (GTK_BOX (box), self->form);
    }

  self->problem_label = GTK_LABEL (tether_dialog_parts_add_label (box, NULL, "error"));
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), FALSE);

  tether_dialog_parts_add_button (buttons, _("_Cancel"), "elicitation.cancel", FALSE);
  tether_dialog_parts_add_button (buttons, _("_Decline"), "elicitation.decline", FALSE);
  tether_dialog_parts_add_button (buttons, url_mode ? _("_Open in Browser") : _("_Accept"),
                                  "elicitation.accept", TRUE);

  cancellable = tether_server_question_get_cancellable (tether_elicitation_get_question (elicitation));
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled", G_CALLBACK (question_cancelled_cb), self, 0);

  return self;
}

TetherElicitation *
tether_elicitation_dialog_get_elicitation (TetherElicitationDialog *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION_DIALOG (self), NULL);

  return self->elicitation;
}

/**
 * tether_elicitation_dialog_get_form:
 * @self: a #TetherElicitationDialog
 *
 * Returns: (transfer none) (nullable): the form, %NULL in URL mode
 */
TetherSchemaForm *
tether_elicitation_dialog_get_form (TetherElicitationDialog *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION_DIALOG (self), NULL);

  return self->form != NULL ? TETHER_SCHEMA_FORM (self->form) : NULL;
}
