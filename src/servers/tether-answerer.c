/* tether-answerer.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-answerer"

#include "config.h"

#include "tether-answerer.h"

G_DEFINE_INTERFACE (TetherAnswerer, tether_answerer, G_TYPE_OBJECT)

static void
tether_answerer_default_init (TetherAnswererInterface *iface)
{
}

/**
 * tether_answerer_take:
 * @self: a #TetherAnswerer
 * @request: what a server asks
 *
 * Returns: %TRUE if @self answers @request
 */
gboolean
tether_answerer_take (TetherAnswerer      *self,
                      TetherServerQuestion *request)
{
  TetherAnswererInterface *iface;

  g_return_val_if_fail (TETHER_IS_ANSWERER (self), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (request), FALSE);

  iface = TETHER_ANSWERER_GET_IFACE (self);

  return iface->take != NULL && iface->take (self, request);
}
