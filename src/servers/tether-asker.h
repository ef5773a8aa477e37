/* tether-asker.h — how a front end asks its user what a server asks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-elicitation.h"
#include "tether-sampling-request.h"

G_BEGIN_DECLS

#define TETHER_TYPE_ASKER (tether_asker_get_type ())

G_DECLARE_INTERFACE (TetherAsker, tether_asker, TETHER, ASKER, GObject)

/**
 * TetherAskerInterface:
 * @elicit: show @elicitation to the user (a dialog, a terminal prompt) and
 *   later answer it once with tether_elicitation_accept(), _decline() or
 *   _cancel(); return %FALSE when nobody can be asked now (it is declined)
 * @sample: show @request to the user and later answer it once with
 *   tether_sampling_request_reply_text() or _decline(); return %FALSE when
 *   nobody can be asked now (it is refused)
 *
 * What a front end implements so that a person answers the questions of
 * servers; see #TetherUserAnswerer. Never accept on the user's behalf.
 */
struct _TetherAskerInterface
{
  GTypeInterface parent_iface;

  gboolean (*elicit) (TetherAsker           *self,
                      TetherElicitation     *elicitation);
  gboolean (*sample) (TetherAsker           *self,
                      TetherSamplingRequest *request);
};

gboolean tether_asker_elicit (TetherAsker           *self,
                              TetherElicitation     *elicitation);
gboolean tether_asker_sample (TetherAsker           *self,
                              TetherSamplingRequest *request);

G_END_DECLS
