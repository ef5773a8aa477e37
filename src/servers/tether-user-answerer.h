/* tether-user-answerer.h — the user's answers to what servers ask
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-answerer.h"
#include "tether-asker.h"

G_BEGIN_DECLS

#define TETHER_TYPE_USER_ANSWERER (tether_user_answerer_get_type ())

G_DECLARE_FINAL_TYPE (TetherUserAnswerer, tether_user_answerer, TETHER, USER_ANSWERER, GObject)

TetherUserAnswerer *tether_user_answerer_new       (TetherAsker         *asker);
void                tether_user_answerer_set_asker (TetherUserAnswerer  *self,
                                                    TetherAsker         *asker);
gboolean            tether_user_answerer_set_roots (TetherUserAnswerer  *self,
                                                    const char          *server_name,
                                                    const char * const  *folders);
JsonNode           *tether_user_answerer_dup_roots (TetherUserAnswerer  *self,
                                                    const char          *server_name);

G_END_DECLS
