/* tether-dialog-parts.c — the pieces every dialog built in code shares
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A header bar, a scroller holding a padded column, and a row of buttons
 * at the bottom right; labels that wrap anywhere (what a server sends may
 * be one long word); a framed text view with room around its text; the
 * problem label, the toasts and the requests of the windows that use a
 * server.
 */

#include "config.h"

#include "tether-dialog-parts.h"
#include "tether-visible-text.h"

/**
 * tether_dialog_parts_add_label:
 * @box: a #GtkBox
 * @text: (nullable): the label's text
 * @css_class: (nullable): a style class for it
 *
 * Returns: (transfer none): a left-aligned, wrapping label appended to @box
 */
GtkWidget *
tether_dialog_parts_add_label (GtkWidget  *box,
                               const char *text,
                               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (box), label);

  return label;
}

/**
 * tether_dialog_parts_build:
 * @window: the dialog
 * @max_content_height: the height the scroller grows to with its content,
 *   or -1 to fill the window
 * @buttons: (out) (transfer none): the row to add the buttons to
 *
 * Sets the content of @window: a header bar, a scroller and a button row.
 *
 * Returns: (transfer none): the vertical box inside the scroller
 */
GtkWidget *
tether_dialog_parts_build (AdwWindow  *window,
                           int         max_content_height,
                           GtkWidget **buttons)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  g_return_val_if_fail (ADW_IS_WINDOW (window), NULL);
  g_return_val_if_fail (buttons != NULL, NULL);

  gtk_box_append (GTK_BOX (content), adw_header_bar_new ());

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  if (max_content_height > 0)
    {
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), max_content_height);
    }
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_box_append (GTK_BOX (content), scroller);

  gtk_widget_set_halign (row, GTK_ALIGN_END);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 12);
  gtk_widget_set_margin_end (row, 18);
  gtk_box_append (GTK_BOX (content), row);

  adw_window_set_content (window, content);
  *buttons = row;

  return box;
}

/**
 * tether_dialog_parts_add_button:
 * @buttons: the button row
 * @label: the label, with a mnemonic
 * @action_name: the action it activates
 * @suggested: whether it is the dialog's suggested action
 *
 * Returns: (transfer none): the button, appended to @buttons
 */
GtkWidget *
tether_dialog_parts_add_button (GtkWidget  *buttons,
                                const char *label,
                                const char *action_name,
                                gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), button);

  return button;
}

/**
 * tether_dialog_parts_text_view_new:
 * @view: (out) (transfer none): the text view
 * @monospace: whether the text is monospace
 * @min_height: the height it asks for at least
 *
 * Returns: (transfer floating): a frame holding a wrapping text view
 */
GtkWidget *
tether_dialog_parts_text_view_new (GtkTextView **view,
                                   gboolean      monospace,
                                   int           min_height)
{
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkTextView *text_view = GTK_TEXT_VIEW (gtk_text_view_new ());

  gtk_text_view_set_monospace (text_view, monospace);
  gtk_text_view_set_wrap_mode (text_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (text_view, 6);
  gtk_text_view_set_bottom_margin (text_view, 6);
  gtk_text_view_set_left_margin (text_view, 6);
  gtk_text_view_set_right_margin (text_view, 6);
  gtk_widget_set_size_request (GTK_WIDGET (text_view), -1, min_height);
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (text_view));
  *view = text_view;

  return frame;
}

/**
 * tether_dialog_parts_show_problem:
 * @label: the label that says what is wrong
 * @problem: (nullable): what is wrong, %NULL to hide it
 */
void
tether_dialog_parts_show_problem (GtkLabel   *label,
                                  const char *problem)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_label (label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (label), problem != NULL);
}

/**
 * tether_dialog_parts_toast_markup:
 * @overlay: where to show the toast
 * @text: its text, which may hold text from a server: escaped, never obeyed
 */
void
tether_dialog_parts_toast_markup (AdwToastOverlay *overlay,
                                  const char      *text)
{
  g_autofree char *markup = tether_visible_markup (text);

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  adw_toast_overlay_add_toast (overlay, adw_toast_new (markup));
}

/**
 * tether_dialog_parts_copy_json:
 * @overlay: where to say it was copied
 * @json: (nullable): what to copy; nothing is done when %NULL
 * @toast: what to say
 */
void
tether_dialog_parts_copy_json (AdwToastOverlay *overlay,
                               const char      *json,
                               const char      *toast)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  if (json == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (overlay)), json);
  adw_toast_overlay_add_toast (overlay, adw_toast_new (toast));
}

/**
 * tether_window_call_new:
 * @window: the window that sends a request
 * @cancellable: (nullable): the request's
 *
 * Returns: (transfer full): the request's data, for its callback
 */
TetherWindowCall *
tether_window_call_new (gpointer      window,
                        GCancellable *cancellable)
{
  TetherWindowCall *call = g_new0 (TetherWindowCall, 1);

  g_weak_ref_init (&call->window, window);
  call->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;

  return call;
}

void
tether_window_call_free (TetherWindowCall *call)
{
  g_weak_ref_clear (&call->window);
  g_clear_object (&call->cancellable);
  g_free (call);
}
