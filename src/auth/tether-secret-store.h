/* tether-secret-store.h — Tether's secrets in the desktop keyring
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The kinds of secret (the `kind` attribute) */
#define TETHER_SECRET_KIND_OAUTH  "oauth"
#define TETHER_SECRET_KIND_ENV    "env"
#define TETHER_SECRET_KIND_HEADER "header"

/* The longest value stored or read, in bytes */
#define TETHER_SECRET_MAX_VALUE (64 * 1024)
/* The longest fallback file read */
#define TETHER_SECRET_MAX_FILE (4 * 1024 * 1024)

#define TETHER_TYPE_SECRET_STORE (tether_secret_store_get_type ())

G_DECLARE_FINAL_TYPE (TetherSecretStore, tether_secret_store, TETHER, SECRET_STORE, GObject)

TetherSecretStore *tether_secret_store_new           (gboolean            allow_file);
TetherSecretStore *tether_secret_store_new_for_file  (const char         *path,
                                                      gboolean            allow_file);
gboolean           tether_secret_store_probe         (TetherSecretStore  *self,
                                                      GError            **error);
void               tether_secret_store_probe_async   (TetherSecretStore  *self,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
gboolean           tether_secret_store_probe_finish  (TetherSecretStore  *self,
                                                      GAsyncResult       *result,
                                                      GError            **error);
gboolean           tether_secret_store_uses_file     (TetherSecretStore  *self);
const char        *tether_secret_store_get_file_path (TetherSecretStore  *self);
gboolean           tether_secret_store_store         (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      const char         *name,
                                                      const char         *value,
                                                      GError            **error);
char              *tether_secret_store_lookup        (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      const char         *name,
                                                      GError            **error);
gboolean           tether_secret_store_clear         (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      const char         *name,
                                                      GError            **error);
GStrv              tether_secret_store_list_names    (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      GError            **error);
char              *tether_secret_store_lookup_named  (TetherSecretStore  *self,
                                                      const char         *name,
                                                      GError            **error);
GStrv              tether_secret_store_list_named    (TetherSecretStore  *self,
                                                      GError            **error);
void               tether_secret_store_store_async   (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      const char         *name,
                                                      const char         *value,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
gboolean           tether_secret_store_store_finish  (TetherSecretStore  *self,
                                                      GAsyncResult       *result,
                                                      GError            **error);
void               tether_secret_store_lookup_async  (TetherSecretStore  *self,
                                                      const char         *kind,
                                                      const char         *server,
                                                      const char         *name,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
void               tether_secret_store_lookup_named_async
                                                     (TetherSecretStore  *self,
                                                      const char         *name,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
char              *tether_secret_store_lookup_finish (TetherSecretStore  *self,
                                                      GAsyncResult       *result,
                                                      GError            **error);
TetherSecretStore *tether_secret_store_get_default   (void);
void               tether_secret_free                (char               *value);

G_END_DECLS
