/* tether-auth-migration.h — what a sign-in with one authorization server
 * may take from another: nothing
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "tether-auth-tokens.h"

G_BEGIN_DECLS

gboolean                tether_auth_registration_fits     (const char              *registered_issuer,
                                                           const char              *issuer);
gboolean                tether_auth_tokens_refreshable_at (const TetherAuthTokens  *tokens,
                                                           const char              *issuer);
const TetherAuthTokens *tether_auth_tokens_carried        (const TetherAuthTokens  *held,
                                                           const char              *grant,
                                                           const char              *issuer);

G_END_DECLS
