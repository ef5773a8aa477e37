/* tether-sampling-dialog.c — a server asks for a model's reply
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tether has no model of its own: sampling/createMessage is shown to the
 * user (the conversation, the system prompt, the model preferences, the
 * token limit), who writes the reply or declines. Closing the dialog
 * declines; so does the server giving up on the question.
 */

#define G_LOG_DOMAIN "tether-sampling-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-dialog-parts.h"
#include "tether-sampling-dialog.h"
#include "tether-visible-text.h"

struct _TetherSamplingDialog
{
  AdwWindow              parent_instance;

  TetherSamplingRequest *request;
  GtkTextView           *reply;
  GtkLabel              *problem_label;
  gboolean               answered;
};

G_DEFINE_FINAL_TYPE (TetherSamplingDialog, tether_sampling_dialog, ADW_TYPE_WINDOW)

static void
send_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TetherSamplingDialog *self = TETHER_SAMPLING_DIALOG (widget);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->reply);
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (*text == '\0')
    {
      gtk_label_set_label (self->problem_label, _("Write a reply, or decline."));
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), TRUE);
      return;
    }

  self->answered = TRUE;
  tether_sampling_request_reply_text (self->request, text);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
decline_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static gboolean
tether_sampling_dialog_close_request (GtkWindow *window)
{
  TetherSamplingDialog *self = TETHER_SAMPLING_DIALOG (window);

  if (!self->answered)
    {
      self->answered = TRUE;
      tether_sampling_request_decline (self->request, _("The user declined to reply."));
    }

  return GTK_WINDOW_CLASS (tether_sampling_dialog_parent_class)->close_request (window);
}

static void
question_cancelled_cb (GCancellable         *cancellable,
                       TetherSamplingDialog *self)
{
  self->answered = TRUE;
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
tether_sampling_dialog_dispose (GObject *object)
{
  TetherSamplingDialog *self = (TetherSamplingDialog *)object;

  if (self->request != NULL && !self->answered)
    {
      self->answered = TRUE;
      tether_sampling_request_decline (self->request, _("The user declined to reply."));
    }
  g_clear_object (&self->request);

  G_OBJECT_CLASS (tether_sampling_dialog_parent_class)->dispose (object);
}

static void
tether_sampling_dialog_class_init (TetherSamplingDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tether_sampling_dialog_dispose;
  window_class->close_request = tether_sampling_dialog_close_request;

  gtk_widget_class_install_action (widget_class, "sampling.send", NULL, send_action);
  gtk_widget_class_install_action (widget_class, "sampling.decline", NULL, decline_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "sampling.send", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "sampling.decline", NULL);
}

static void
tether_sampling_dialog_init (TetherSamplingDialog *self)
{
}

static GtkWidget *
add_label (GtkWidget  *box,
           const char *text,
           const char *css_class)
{
  GtkWidget *label = tether_dialog_parts_add_label (box, text, css_class);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);

  return label;
}

/* "Max tokens 100 · hints: claude · intelligence 0.8" */
static char *
describe_limits (TetherSamplingRequest *request)
{
  g_autoptr(GString) text = g_string_new (NULL);
  JsonObject *preferences = tether_sampling_request_get_model_preferences (request);
  gint64 max_tokens = tether_sampling_request_get_max_tokens (request);

  if (max_tokens > 0)
    g_string_append_printf (text, _("At most %lld tokens"), (long long)max_tokens);

  if (preferences != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), preferences);
      g_autofree char *json = json_to_string (node, FALSE);

      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: the model the server would like, as JSON */
      g_string_append_printf (text, _("model preferences %s"), json);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * tether_sampling_dialog_new:
 * @request: what a server asks
 *
 * Returns: (transfer full): a dialog that answers @request once
 */
TetherSamplingDialog *
tether_sampling_dialog_new (TetherSamplingRequest *request)
{
  TetherSamplingDialog *self;
  GtkWidget *box, *buttons, *frame;
  g_autofree char *server = NULL;
  g_autofree char *title = NULL;
  g_autofree char *transcript = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *limits = NULL;
  g_autofree char *shown_limits = NULL;
  GCancellable *cancellable;

  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (request), NULL);

  self = g_object_new (TETHER_TYPE_SAMPLING_DIALOG,
                       "default-width", 560,
                       "default-height", 520,
                       "modal", TRUE,
                       NULL);
  self->request = g_object_ref (request);

  /* Everything here comes from the server: shown, never obeyed. */
  server = tether_visible_text (tether_sampling_request_get_server_name (request));
  /* Translators: the title of a dialog in which a server asks for a model's reply */
  title = g_strdup_printf (_("“%s” Asks for a Reply"), server);
  gtk_window_set_title (GTK_WINDOW (self), title);

  box = tether_dialog_parts_build (ADW_WINDOW (self), -1, &buttons);

  add_label (box, _("Tether has no model of its own: write the reply the server asks for, or decline."),
             "dim-label");
  transcript = tether_sampling_request_dup_transcript (request);
  shown = tether_visible_lines (transcript);
  gtk_widget_add_css_class (add_label (box, shown, "card"), "sampling-transcript");
  limits = describe_limits (request);
  shown_limits = tether_visible_lines (limits);
  if (shown_limits != NULL && *shown_limits != '\0')
    add_label (box, shown_limits, "caption");

  add_label (box, _("Your reply"), "heading");
  frame = tether_dialog_parts_text_view_new (&self->reply, FALSE, 100);
  gtk_box_append (GTK_BOX (box), frame);

  self->problem_label = GTK_LABEL (add_label (box, NULL, "error"));
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), FALSE);

  tether_dialog_parts_add_button (buttons, _("_Decline"), "sampling.decline", FALSE);
  tether_dialog_parts_add_button (buttons, _("_Send Reply"), "sampling.send", TRUE);

  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->reply));

  cancellable = tether_server_question_get_cancellable (tether_sampling_request_get_question (request));
  if (cancellable != NULL)
    g_signal_connect_object (cancellable, "cancelled", G_CALLBACK (question_cancelled_cb), self, 0);

  return self;
}

TetherSamplingRequest *
tether_sampling_dialog_get_request (TetherSamplingDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_DIALOG (self), NULL);

  return self->request;
}

GtkTextView *
tether_sampling_dialog_get_reply (TetherSamplingDialog *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_DIALOG (self), NULL);

  return self->reply;
}
