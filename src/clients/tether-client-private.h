/* tether-client-private.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-client.h"
#include "tether-import-clients-private.h"

G_BEGIN_DECLS

/* What reading a client's file found. */
typedef struct
{
  char                   *path;
  gboolean                found;
  TetherClientConnection  connection;
  char                   *entry_name;
  char                   *url;
  char                  **command;
  char                  **shared;
  char                   *error_message;
} TetherClientState;

void                      _tether_client_state_clear (TetherClientState        *state);
TetherClient             *_tether_client_new         (const TetherImportClient *table);
const TetherImportClient *_tether_client_get_table   (TetherClient             *self);
void                      _tether_client_set_state   (TetherClient             *self,
                                                      const TetherClientState  *state);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TetherClientState, _tether_client_state_clear)

G_END_DECLS
