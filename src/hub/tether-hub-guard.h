/* tether-hub-guard.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TetherHubGuardVerdict:
 * @TETHER_HUB_GUARD_OK: let it in
 * @TETHER_HUB_GUARD_BAD_HOST: `Host` does not name our loopback address and
 *   port (DNS rebinding): 421
 * @TETHER_HUB_GUARD_BAD_ORIGIN: an `Origin` that is not loopback: 403
 * @TETHER_HUB_GUARD_NO_TOKEN: no `Authorization: Bearer`: 401
 * @TETHER_HUB_GUARD_BAD_TOKEN: a bearer token that is not ours: 401
 */
typedef enum
{
  TETHER_HUB_GUARD_OK,
  TETHER_HUB_GUARD_BAD_HOST,
  TETHER_HUB_GUARD_BAD_ORIGIN,
  TETHER_HUB_GUARD_NO_TOKEN,
  TETHER_HUB_GUARD_BAD_TOKEN,
} TetherHubGuardVerdict;

gboolean              tether_hub_guard_host_ok     (const char *host,
                                                    guint       port);
gboolean              tether_hub_guard_origin_ok   (const char *origin);
TetherHubGuardVerdict tether_hub_guard_check       (const char *host,
                                                    const char *origin,
                                                    const char *authorization,
                                                    guint       port,
                                                    const char *token);
guint                 tether_hub_guard_status      (TetherHubGuardVerdict verdict);
const char           *tether_hub_guard_describe    (TetherHubGuardVerdict verdict);

G_END_DECLS
