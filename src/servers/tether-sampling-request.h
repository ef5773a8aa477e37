/* tether-sampling-request.h — a server asks for a model's reply
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server-question.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SAMPLING_REQUEST (tether_sampling_request_get_type ())

G_DECLARE_FINAL_TYPE (TetherSamplingRequest, tether_sampling_request, TETHER, SAMPLING_REQUEST, GObject)

TetherSamplingRequest *tether_sampling_request_new               (TetherServerQuestion   *question,
                                                                  GError                **error);
TetherServerQuestion  *tether_sampling_request_get_question      (TetherSamplingRequest  *self);
const char            *tether_sampling_request_get_server_name   (TetherSamplingRequest  *self);
JsonArray             *tether_sampling_request_get_messages      (TetherSamplingRequest  *self);
const char            *tether_sampling_request_get_system_prompt (TetherSamplingRequest  *self);
gint64                 tether_sampling_request_get_max_tokens    (TetherSamplingRequest  *self);
JsonObject            *tether_sampling_request_get_model_preferences (TetherSamplingRequest *self);
char                  *tether_sampling_request_dup_transcript    (TetherSamplingRequest  *self);
void                   tether_sampling_request_reply_text        (TetherSamplingRequest  *self,
                                                                  const char             *text);
void                   tether_sampling_request_decline           (TetherSamplingRequest  *self,
                                                                  const char             *why);

G_END_DECLS
