/* mcp-tls-reason.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *mcp_tls_describe_refusal (GTlsCertificate      *certificate,
                                GTlsCertificateFlags  errors,
                                const char           *host);

G_END_DECLS
