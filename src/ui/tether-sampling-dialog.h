/* tether-sampling-dialog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-sampling-request.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SAMPLING_DIALOG (tether_sampling_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TetherSamplingDialog, tether_sampling_dialog, TETHER, SAMPLING_DIALOG, AdwWindow)

TetherSamplingDialog  *tether_sampling_dialog_new         (TetherSamplingRequest *request);
TetherSamplingRequest *tether_sampling_dialog_get_request (TetherSamplingDialog  *self);
GtkTextView           *tether_sampling_dialog_get_reply   (TetherSamplingDialog  *self);

G_END_DECLS
