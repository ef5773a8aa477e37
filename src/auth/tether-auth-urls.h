/* tether-auth-urls.h — where the metadata of a server and of its
 * authorization server are looked for, and which resource is ours
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char      *tether_auth_url_origin                  (const char  *url);
GStrv      tether_auth_protected_resource_urls     (const char  *server_url,
                                                    const char  *resource_metadata);
GStrv      tether_auth_server_metadata_urls        (const char  *issuer);
char      *tether_auth_legacy_endpoint             (const char  *server_url,
                                                    const char  *name);
gboolean   tether_auth_resource_matches            (const char  *resource,
                                                    const char  *server_url);
gboolean   tether_auth_url_is_safe_endpoint        (const char  *url);

G_END_DECLS
