/* tether-client-file.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-client-edit.h"

G_BEGIN_DECLS

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

G_END_DECLS
