/* tether-completion-popover.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_COMPLETION_POPOVER (tether_completion_popover_get_type ())

G_DECLARE_FINAL_TYPE (TetherCompletionPopover, tether_completion_popover, TETHER, COMPLETION_POPOVER, GtkPopover)

typedef JsonObject *(*TetherCompletionContextFunc) (gpointer user_data);

TetherCompletionPopover *tether_completion_popover_attach     (GtkWidget                   *entry,
                                                               TetherServer                *server,
                                                               JsonObject                  *ref,
                                                               const char                  *argument,
                                                               TetherCompletionContextFunc  context_func,
                                                               gpointer                     context_data);
GtkListBox              *tether_completion_popover_get_list   (TetherCompletionPopover     *self);
guint                    tether_completion_popover_get_n_asked (TetherCompletionPopover    *self);

G_END_DECLS
