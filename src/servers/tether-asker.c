/* tether-asker.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-asker"

#include "config.h"

#include "tether-asker.h"

G_DEFINE_INTERFACE (TetherAsker, tether_asker, G_TYPE_OBJECT)

static void
tether_asker_default_init (TetherAskerInterface *iface)
{
}

gboolean
tether_asker_elicit (TetherAsker       *self,
                     TetherElicitation *elicitation)
{
  TetherAskerInterface *iface;

  g_return_val_if_fail (TETHER_IS_ASKER (self), FALSE);
  g_return_val_if_fail (TETHER_IS_ELICITATION (elicitation), FALSE);

  iface = TETHER_ASKER_GET_IFACE (self);

  return iface->elicit != NULL && iface->elicit (self, elicitation);
}

gboolean
tether_asker_sample (TetherAsker           *self,
                     TetherSamplingRequest *request)
{
  TetherAskerInterface *iface;

  g_return_val_if_fail (TETHER_IS_ASKER (self), FALSE);
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (request), FALSE);

  iface = TETHER_ASKER_GET_IFACE (self);

  return iface->sample != NULL && iface->sample (self, request);
}
