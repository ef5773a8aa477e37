/* tether-elicitation.h — what a server asks the user to fill in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-schema-field.h"
#include "tether-server-question.h"

G_BEGIN_DECLS

/**
 * TetherElicitationMode:
 * @TETHER_ELICITATION_MODE_FORM: fill in the fields of a schema
 * @TETHER_ELICITATION_MODE_URL: open a URL (only if the user agrees)
 */
typedef enum
{
  TETHER_ELICITATION_MODE_FORM,
  TETHER_ELICITATION_MODE_URL,
} TetherElicitationMode;

#define TETHER_TYPE_ELICITATION (tether_elicitation_get_type ())

G_DECLARE_FINAL_TYPE (TetherElicitation, tether_elicitation, TETHER, ELICITATION, GObject)

TetherElicitation     *tether_elicitation_new             (TetherServerQuestion  *question,
                                                           GError               **error);
TetherServerQuestion  *tether_elicitation_get_question    (TetherElicitation     *self);
const char            *tether_elicitation_get_server_name (TetherElicitation     *self);
TetherElicitationMode  tether_elicitation_get_mode        (TetherElicitation     *self);
const char            *tether_elicitation_get_message     (TetherElicitation     *self);
TetherSchemaField     *tether_elicitation_get_form        (TetherElicitation     *self);
const char            *tether_elicitation_get_url         (TetherElicitation     *self);
gboolean               tether_elicitation_accept          (TetherElicitation     *self,
                                                           JsonObject            *content,
                                                           GError               **error);
void                   tether_elicitation_decline         (TetherElicitation     *self);
void                   tether_elicitation_cancel          (TetherElicitation     *self);

G_END_DECLS
