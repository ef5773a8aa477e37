/* tether-elicitation-dialog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-elicitation.h"
#include "tether-schema-form.h"

G_BEGIN_DECLS

#define TETHER_TYPE_ELICITATION_DIALOG (tether_elicitation_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TetherElicitationDialog, tether_elicitation_dialog, TETHER, ELICITATION_DIALOG, AdwWindow)

TetherElicitationDialog *tether_elicitation_dialog_new             (TetherElicitation       *elicitation);
TetherElicitation       *tether_elicitation_dialog_get_elicitation (TetherElicitationDialog *self);
TetherSchemaForm        *tether_elicitation_dialog_get_form        (TetherElicitationDialog *self);

G_END_DECLS
