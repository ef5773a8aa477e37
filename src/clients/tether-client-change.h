/* tether-client-change.h — what Tether does to an AI client's file
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TetherClientAction:
 * @TETHER_CLIENT_ACTION_CONNECT: write Tether's entry (or bring it up to date)
 * @TETHER_CLIENT_ACTION_DISCONNECT: remove exactly what connecting wrote
 * @TETHER_CLIENT_ACTION_DISABLE_SHARED: turn off, with the client's own
 *   switch, its servers that Tether provides
 * @TETHER_CLIENT_ACTION_ENABLE_SHARED: undo %TETHER_CLIENT_ACTION_DISABLE_SHARED
 */
typedef enum
{
  TETHER_CLIENT_ACTION_CONNECT,
  TETHER_CLIENT_ACTION_DISCONNECT,
  TETHER_CLIENT_ACTION_DISABLE_SHARED,
  TETHER_CLIENT_ACTION_ENABLE_SHARED,
} TetherClientAction;

/**
 * TetherClientChange:
 * @path: the file
 * @diff: the change, as a unified diff, the token masked
 * @entry_name: the entry written or removed, or %NULL
 * @notes: what the user should know (translated)
 * @changed: whether the file changes (or, written, changed)
 * @backup: (nullable): the backup of the file as it was before Tether
 *   first changed it
 *
 * What an action does, or did, to a client's file.
 */
typedef struct
{
  char      *path;
  char      *diff;
  char      *entry_name;
  char     **notes;
  gboolean   changed;
  char      *backup;
} TetherClientChange;

void tether_client_change_free (TetherClientChange *change);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherClientChange, tether_client_change_free)

G_END_DECLS
