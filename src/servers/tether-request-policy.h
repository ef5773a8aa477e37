/* tether-request-policy.h — how long a request may take, and what follows its failure
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "tether-server-timings.h"

G_BEGIN_DECLS

/**
 * TetherRequestKind:
 * @TETHER_REQUEST_KIND_READ: a list, `prompts/get`, `resources/read`,
 *   `completion/complete`…: safe to send again
 * @TETHER_REQUEST_KIND_PING: a `ping`: safe to send again, bounded shorter
 * @TETHER_REQUEST_KIND_CALL: a `tools/call`: never sent twice once it may
 *   have reached the server
 */
typedef enum
{
  TETHER_REQUEST_KIND_READ,
  TETHER_REQUEST_KIND_PING,
  TETHER_REQUEST_KIND_CALL,
} TetherRequestKind;

/**
 * TetherRequestRetry:
 * @TETHER_REQUEST_RETRY_NO: report the error as it is
 * @TETHER_REQUEST_RETRY_NOT_RESENT: a tool call that may have reached the
 *   server failed: report it, saying that it was not sent again
 * @TETHER_REQUEST_RETRY_RECONNECT: the session is stuck (a timeout, an
 *   expired session): reconnect, then send it once more
 * @TETHER_REQUEST_RETRY_NEXT_SESSION: the session is ending by itself (a
 *   closed connection, a message that never left): send it once more on
 *   the session that follows
 */
typedef enum
{
  TETHER_REQUEST_RETRY_NO,
  TETHER_REQUEST_RETRY_NOT_RESENT,
  TETHER_REQUEST_RETRY_RECONNECT,
  TETHER_REQUEST_RETRY_NEXT_SESSION,
} TetherRequestRetry;

TetherRequestKind  tether_request_kind_for_method        (const char                *method);
void               tether_request_policy_options         (const TetherServerTimings *timings,
                                                          TetherRequestKind          kind,
                                                          McpRequestOptions         *options);
TetherRequestRetry tether_request_policy_retry           (TetherRequestKind          kind,
                                                          const GError              *error,
                                                          gboolean                   retried);
gboolean           tether_request_policy_ends_session    (const GError              *error);

G_END_DECLS
