/* tether-secret-refs.h — `${secret:NAME}` in a server's env and headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-secret-store.h"
#include "tether-server-config.h"

G_BEGIN_DECLS

/* The longest secret name, as `tether-cli secret set NAME` takes it */
#define TETHER_SECRET_NAME_MAX 128

gboolean            tether_secret_name_is_valid      (const char           *name);
char               *tether_secret_ref_new            (const char           *name);
GStrv               tether_secret_refs_find          (const char           *value);
char               *tether_secret_refs_expand        (const char           *value,
                                                      GHashTable           *secrets);
GStrv               tether_secret_refs_in_config     (TetherServerConfig   *config);
GStrv               tether_secret_refs_unused        (TetherServerConfig   *before,
                                                      GPtrArray            *configs);
void                tether_secret_refs_resolve_async (TetherServerConfig   *config,
                                                      TetherSecretStore    *store,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
TetherServerConfig *tether_secret_refs_resolve_finish (GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS
