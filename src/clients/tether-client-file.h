/* tether-client-file.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-client-edit.h"

G_BEGIN_DECLS

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

void     tether_client_change_free   (TetherClientChange          *change);
char    *tether_client_file_read     (const char                  *path,
                                      gsize                       *length,
                                      gboolean                    *exists,
                                      GError                     **error);
TetherClientChange *
         tether_client_file_apply    (const TetherImportClient    *client,
                                      const char                  *path,
                                      TetherClientAction           action,
                                      const TetherClientEndpoint  *endpoint,
                                      const char * const          *shared,
                                      gboolean                     write,
                                      GError                     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherClientChange, tether_client_change_free)

G_END_DECLS
