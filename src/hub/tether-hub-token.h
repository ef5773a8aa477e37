/* tether-hub-token.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* 32 random bytes, base64url without padding: 43 characters. */
#define TETHER_HUB_TOKEN_LENGTH 43

char     *tether_hub_token_dup_default_path (void);
char     *tether_hub_token_generate         (GError     **error);
char     *tether_hub_token_load             (const char  *path,
                                             gboolean     create,
                                             GError     **error);
gboolean  tether_hub_token_equal            (const char  *a,
                                             const char  *b);

G_END_DECLS
