/* mcp-era.h — the two eras of MCP: initialize-based and stateless
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The stateless revision: no initialize, no sessions; every request says
 * who we are in its `_meta`. */
#define MCP_PROTOCOL_VERSION_STATELESS "2026-07-28"

#define MCP_META_PROTOCOL_VERSION      "io.modelcontextprotocol/protocolVersion"
#define MCP_META_CLIENT_INFO           "io.modelcontextprotocol/clientInfo"
#define MCP_META_CLIENT_CAPABILITIES   "io.modelcontextprotocol/clientCapabilities"
#define MCP_META_SERVER_INFO           "io.modelcontextprotocol/serverInfo"
#define MCP_META_LOG_LEVEL             "io.modelcontextprotocol/logLevel"

/* Errors of the stateless revision that prove the server speaks it: a
 * header that does not match the body, a capability the request lacks. */
#define MCP_RPC_HEADER_MISMATCH        (-32020)
#define MCP_RPC_MISSING_CAPABILITY     (-32021)
#define MCP_RPC_UNSUPPORTED_VERSION    (-32022)

/**
 * McpEra:
 * @MCP_ERA_UNKNOWN: not connected yet
 * @MCP_ERA_LEGACY: `initialize` and a session (revisions up to 2025-11-25)
 * @MCP_ERA_STATELESS: `server/discover` and `_meta` on each request
 *   (revision 2026-07-28)
 *
 * How a server is spoken to, learnt when connecting.
 */
typedef enum
{
  MCP_ERA_UNKNOWN,
  MCP_ERA_LEGACY,
  MCP_ERA_STATELESS,
} McpEra;

const char *mcp_era_to_string          (McpEra       era);
char       *mcp_era_encode_header      (const char  *value);
char       *mcp_era_decode_header      (const char  *header);
gboolean    mcp_era_header_needs_base64 (const char *value);
const char *mcp_era_name_member        (const char  *method);

G_END_DECLS
