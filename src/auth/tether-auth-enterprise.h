/* tether-auth-enterprise.h — an enterprise-managed sign-in: the identity
 * provider's ID token traded for an authorization grant for one server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

void  tether_auth_enterprise_exchange_async  (SoupSession          *http,
                                              const char           *idp_token_url,
                                              const char           *id_token_file,
                                              const char           *audience,
                                              const char           *resource,
                                              const char           *scope,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
char *tether_auth_enterprise_exchange_finish (GAsyncResult         *result,
                                              GError              **error);

G_END_DECLS
