/* tether-auth-token-file.h — a signed token that a platform or an
 * identity provider left in a file for Tether to present
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Such a token is a JWT of a few kilobytes at most */
#define TETHER_AUTH_TOKEN_FILE_MAX_SIZE (64 * 1024)

char *tether_auth_token_file_read (const char  *path,
                                   GError     **error);

G_END_DECLS
