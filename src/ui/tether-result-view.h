/* tether-result-view.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_RESULT_VIEW (tether_result_view_get_type ())

G_DECLARE_FINAL_TYPE (TetherResultView, tether_result_view, TETHER, RESULT_VIEW, GtkWidget)

void        tether_result_view_set_server   (TetherResultView *self,
                                             TetherServer     *server);
void        tether_result_view_show_result  (TetherResultView *self,
                                             JsonNode         *result,
                                             JsonNode         *output_schema);
void        tether_result_view_show_error   (TetherResultView *self,
                                             const GError     *error);
void        tether_result_view_show_contents(TetherResultView *self,
                                             JsonNode         *result);
void        tether_result_view_show_messages(TetherResultView *self,
                                             JsonNode         *result);
void        tether_result_view_clear        (TetherResultView *self);
JsonNode   *tether_result_view_get_result   (TetherResultView *self);
char       *tether_result_view_dup_json     (TetherResultView *self);

G_END_DECLS
