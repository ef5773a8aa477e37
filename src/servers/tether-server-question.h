/* tether-server-question.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-client.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_QUESTION (tether_server_question_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerQuestion, tether_server_question, TETHER, SERVER_QUESTION, GObject)

TetherServerQuestion *tether_server_question_new             (McpClient            *client,
                                                             const char           *server_name,
                                                             JsonNode             *id,
                                                             const char           *method,
                                                             JsonObject           *params,
                                                             GObject              *owner);
const char           *tether_server_question_get_server_name (TetherServerQuestion *self);
const char           *tether_server_question_get_method      (TetherServerQuestion *self);
JsonObject           *tether_server_question_get_params      (TetherServerQuestion *self);
JsonNode             *tether_server_question_get_id          (TetherServerQuestion *self);
GObject              *tether_server_question_get_owner       (TetherServerQuestion *self);
GCancellable         *tether_server_question_get_cancellable (TetherServerQuestion *self);
gboolean              tether_server_question_is_answered     (TetherServerQuestion *self);
void                  tether_server_question_reply           (TetherServerQuestion *self,
                                                             JsonNode             *result);
void                  tether_server_question_reply_error     (TetherServerQuestion *self,
                                                             int                   code,
                                                             const char           *message);
void                  tether_server_question_reply_default   (TetherServerQuestion *self,
                                                             const char           *why);

G_END_DECLS
