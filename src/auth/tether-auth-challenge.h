/* tether-auth-challenge.h — what a WWW-Authenticate header asks for
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TetherAuthChallenge TetherAuthChallenge;

/* A header longer than this is not read at all. */
#define TETHER_AUTH_CHALLENGE_MAX_LENGTH (16 * 1024)

GPtrArray           *tether_auth_challenges_parse      (const char                *header);
const TetherAuthChallenge *
                     tether_auth_challenges_find       (GPtrArray                 *challenges,
                                                        const char                *scheme);
const char          *tether_auth_challenge_get_scheme  (const TetherAuthChallenge *challenge);
const char          *tether_auth_challenge_get_token68 (const TetherAuthChallenge *challenge);
const char          *tether_auth_challenge_get_param   (const TetherAuthChallenge *challenge,
                                                        const char                *name);
void                 tether_auth_challenge_free        (TetherAuthChallenge       *challenge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherAuthChallenge, tether_auth_challenge_free)

G_END_DECLS
