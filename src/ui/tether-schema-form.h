/* tether-schema-form.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-schema-field.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SCHEMA_FORM (tether_schema_form_get_type ())

G_DECLARE_FINAL_TYPE (TetherSchemaForm, tether_schema_form, TETHER, SCHEMA_FORM, GtkWidget)

GtkWidget         *tether_schema_form_new          (TetherSchemaField *root);
TetherSchemaField *tether_schema_form_get_root     (TetherSchemaForm  *self);
JsonObject        *tether_schema_form_dup_values   (TetherSchemaForm  *self,
                                                    char             **problem);
void               tether_schema_form_set_values   (TetherSchemaForm  *self,
                                                    JsonObject        *values);
GtkWidget         *tether_schema_form_get_input    (TetherSchemaForm  *self,
                                                    const char        *path);
const char        *tether_schema_form_get_reason   (TetherSchemaForm  *self,
                                                    const char        *path);

G_END_DECLS
