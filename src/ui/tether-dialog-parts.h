/* tether-dialog-parts.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

GtkWidget *tether_dialog_parts_add_label    (GtkWidget   *box,
                                             const char  *text,
                                             const char  *css_class);
GtkWidget *tether_dialog_parts_build        (AdwWindow   *window,
                                             int          max_content_height,
                                             GtkWidget  **buttons);
GtkWidget *tether_dialog_parts_add_button   (GtkWidget   *buttons,
                                             const char  *label,
                                             const char  *action_name,
                                             gboolean     suggested);
GtkWidget *tether_dialog_parts_text_view_new (GtkTextView **view,
                                              gboolean      monospace,
                                              int           min_height);

void       tether_dialog_parts_show_problem (GtkLabel        *label,
                                             const char      *problem);
void       tether_dialog_parts_toast_markup (AdwToastOverlay *overlay,
                                             const char      *text);
void       tether_dialog_parts_copy_json    (AdwToastOverlay *overlay,
                                             const char      *json,
                                             const char      *toast);

/* A request a window sent: it outlives neither the window nor its answer. */
typedef struct
{
  GWeakRef      window;
  GCancellable *cancellable;
} TetherWindowCall;

TetherWindowCall *tether_window_call_new  (gpointer          window,
                                           GCancellable     *cancellable);
void              tether_window_call_free (TetherWindowCall *call);

G_END_DECLS
