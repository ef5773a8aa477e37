/* mcp-secrets.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean mcp_secrets_name_is_secret      (const char *name);
gboolean mcp_secrets_host_is_loopback    (const char *host);
gboolean mcp_secrets_url_is_cleartext    (const char *url);
gboolean mcp_secrets_url_has_credentials (const char *url);

G_END_DECLS
