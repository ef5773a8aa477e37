/* tether-answerer.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-server-question.h"

G_BEGIN_DECLS

#define TETHER_TYPE_ANSWERER (tether_answerer_get_type ())

G_DECLARE_INTERFACE (TetherAnswerer, tether_answerer, TETHER, ANSWERER, GObject)

/**
 * TetherAnswererInterface:
 * @take: look at @request; return %TRUE to answer it (later, once, with
 *   tether_server_question_reply() or _reply_error()), %FALSE to leave it
 *   to the next answerer
 *
 * Something that can answer what servers ask of their client: the hub
 * client whose call caused the question, a dialog of the window, a prompt of
 * the command line.
 */
struct _TetherAnswererInterface
{
  GTypeInterface parent_iface;

  gboolean (*take) (TetherAnswerer      *self,
                    TetherServerQuestion *request);
};

gboolean tether_answerer_take (TetherAnswerer      *self,
                               TetherServerQuestion *request);

G_END_DECLS
