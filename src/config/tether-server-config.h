/* tether-server-config.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-url.h"

G_BEGIN_DECLS

/*
 * TetherServerConfig: one server as the user configured it, to and from one
 * entry of the `mcpServers` map (the config format in src/README.md). The
 * entry's key is the name.
 *
 *   "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"],
 *               "env": { "K": "v" }, "cwd": "/srv" }
 *   "docs":   { "type": "http", "url": "https://example.com/mcp",
 *               "headers": { "Authorization": "Bearer …" }, "disabled": true,
 *               "tether": { "connectTimeoutMs": 60000, "connectAttempts": 3 } }
 *
 * Keys: `type` (any spelling of tether_server_kind_from_string(); absent:
 * stdio with `command`, auto with only `url`), `command`, `args` (strings),
 * `env` and `headers` (objects of strings, order kept), `cwd`, `url`,
 * `disabled`. Tether's own settings sit in one object, `tether`, each
 * optional — absent means “use the default”, and is never written back:
 *
 *   connectTimeoutMs     one connect attempt
 *   requestTimeoutMs     list/get/read requests
 *   toolTimeoutMs        a tool call (progress may extend it…)
 *   toolTimeoutMaxMs     …up to this hard maximum
 *   pingIntervalMs       liveness pings, 0 = none
 *   connectAttempts      attempts before `error` (≥ 1)
 *   retryDelayMs         step of the waits before attempts: 0, d, 2d…
 *   reconnectDelayMaxMs  cap of the backoff after a drop
 *   roots                folders offered to the server as its roots
 *                        (`roots/list`): absolute paths, or “~” and
 *                        “~/…” for the home folder, expanded when used
 *                        and kept as written; changing them restarts
 *                        nothing, the server is told
 *
 * `disabledTools` (an array of the server's tool names) lists the tools
 * the hub does not offer to AI clients; changing it restarts nothing.
 *
 * In the API these are ints in milliseconds with -1 for unset.
 *
 * Round trip: every key Tether does not know, in the entry and inside
 * `tether`, is written back unchanged and in its place; known keys keep their
 * place; a `type` keeps its spelling while the kind is unchanged. Wrong types
 * fail with %TETHER_CONFIG_ERROR_INVALID_TYPE naming the server and the key,
 * with the JSON pointer of the value in tether_config_error_get_path() so
 * tether_config_document_locate_error() can add the line and column.
 *
 * Secrets: env values, header values and the URL's userinfo, query and
 * fragment may be secret. Only tether_server_config_describe(),
 * tether_server_config_to_masked_json() and
 * tether_server_config_dup_masked_url() are fit for logs and diagnostics;
 * tether_server_config_dup_cleartext_warning() says when a secret would
 * cross the network unencrypted.
 */

/**
 * TetherServerKind:
 * @TETHER_SERVER_KIND_STDIO: a local process speaking newline-delimited
 *   JSON-RPC on stdin/stdout (`command`, `args`, `env`, `cwd`)
 * @TETHER_SERVER_KIND_HTTP: Streamable HTTP at `url`
 * @TETHER_SERVER_KIND_SSE: the legacy HTTP+SSE transport at `url`
 * @TETHER_SERVER_KIND_AUTO: a `url` without a type: try Streamable HTTP,
 *   fall back to legacy SSE when the server answers 400, 404 or 405
 *
 * How Tether talks to a server. The nicks (`stdio`, `http`, `sse`, `auto`)
 * are the spellings Tether writes.
 */
typedef enum
{
  TETHER_SERVER_KIND_STDIO,
  TETHER_SERVER_KIND_HTTP,
  TETHER_SERVER_KIND_SSE,
  TETHER_SERVER_KIND_AUTO,
} TetherServerKind;

#define TETHER_TYPE_SERVER_KIND (tether_server_kind_get_type ())

GType       tether_server_kind_get_type    (void) G_GNUC_CONST;
gboolean    tether_server_kind_from_string (const char       *spelling,
                                            TetherServerKind *kind);
const char *tether_server_kind_to_string   (TetherServerKind  kind);
gboolean    tether_server_kind_is_remote   (TetherServerKind  kind);

/**
 * TETHER_SERVER_CONFIG_MASK:
 *
 * What replaces a secret (an env value, a header value, a password in a URL)
 * in every masked rendering of a configuration.
 */
#define TETHER_SERVER_CONFIG_MASK MCP_URL_MASK

#define TETHER_TYPE_SERVER_CONFIG (tether_server_config_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerConfig, tether_server_config, TETHER, SERVER_CONFIG, GObject)

TetherServerConfig  *tether_server_config_new                  (const char               *name);
TetherServerConfig  *tether_server_config_new_from_json        (const char               *name,
                                                                JsonNode                 *entry,
                                                                GError                  **error);
JsonNode            *tether_server_config_to_json              (TetherServerConfig       *self);
char                *tether_server_config_to_json_string       (TetherServerConfig       *self);
TetherServerConfig  *tether_server_config_copy                 (TetherServerConfig       *self);
gboolean             tether_server_config_equal                (TetherServerConfig       *a,
                                                                TetherServerConfig       *b);
gboolean             tether_server_config_equal_but_tools      (TetherServerConfig       *a,
                                                                TetherServerConfig       *b);
gboolean             tether_server_config_equal_but_live       (TetherServerConfig       *a,
                                                                TetherServerConfig       *b);
gboolean             tether_server_config_validate             (TetherServerConfig       *self,
                                                                GError                  **error);

char                *tether_server_config_dup_command_line     (TetherServerConfig       *self);
char                *tether_server_config_dup_masked_url       (TetherServerConfig       *self);
char                *tether_server_config_to_masked_json       (TetherServerConfig       *self);
char                *tether_server_config_describe             (TetherServerConfig       *self);
char                *tether_server_config_dup_cleartext_warning (TetherServerConfig      *self);
gboolean             tether_server_config_env_name_is_valid    (const char               *name);

const char          *tether_server_config_get_name             (TetherServerConfig       *self);
void                 tether_server_config_set_name             (TetherServerConfig       *self,
                                                                const char               *name);
TetherServerKind     tether_server_config_get_kind             (TetherServerConfig       *self);
void                 tether_server_config_set_kind             (TetherServerConfig       *self,
                                                                TetherServerKind          kind);
gboolean             tether_server_config_get_enabled          (TetherServerConfig       *self);
void                 tether_server_config_set_enabled          (TetherServerConfig       *self,
                                                                gboolean                  enabled);

const char          *tether_server_config_get_command          (TetherServerConfig       *self);
void                 tether_server_config_set_command          (TetherServerConfig       *self,
                                                                const char               *command);
const char * const  *tether_server_config_get_args             (TetherServerConfig       *self);
void                 tether_server_config_set_args             (TetherServerConfig       *self,
                                                                const char * const       *args);
char               **tether_server_config_dup_argv             (TetherServerConfig       *self);
const char          *tether_server_config_get_cwd              (TetherServerConfig       *self);
void                 tether_server_config_set_cwd              (TetherServerConfig       *self,
                                                                const char               *cwd);

char               **tether_server_config_dup_env              (TetherServerConfig       *self);
void                 tether_server_config_set_env              (TetherServerConfig       *self,
                                                                const char * const       *env);
char               **tether_server_config_dup_env_names        (TetherServerConfig       *self);
const char          *tether_server_config_get_env_value        (TetherServerConfig       *self,
                                                                const char               *name);
void                 tether_server_config_set_env_value        (TetherServerConfig       *self,
                                                                const char               *name,
                                                                const char               *value);

const char          *tether_server_config_get_url              (TetherServerConfig       *self);
void                 tether_server_config_set_url              (TetherServerConfig       *self,
                                                                const char               *url);
char               **tether_server_config_dup_headers          (TetherServerConfig       *self);
void                 tether_server_config_set_headers          (TetherServerConfig       *self,
                                                                const char * const       *headers);
char               **tether_server_config_dup_header_names     (TetherServerConfig       *self);
const char          *tether_server_config_get_header_value     (TetherServerConfig       *self,
                                                                const char               *name);
void                 tether_server_config_set_header_value     (TetherServerConfig       *self,
                                                                const char               *name,
                                                                const char               *value);
void                 tether_server_config_add_header           (TetherServerConfig       *self,
                                                                const char               *name,
                                                                const char               *value);

const char * const  *tether_server_config_get_disabled_tools    (TetherServerConfig       *self);
void                 tether_server_config_set_disabled_tools    (TetherServerConfig       *self,
                                                                 const char * const       *tools);
gboolean             tether_server_config_is_tool_enabled       (TetherServerConfig       *self,
                                                                 const char               *tool);

int                  tether_server_config_get_connect_timeout  (TetherServerConfig       *self);
void                 tether_server_config_set_connect_timeout  (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_request_timeout  (TetherServerConfig       *self);
void                 tether_server_config_set_request_timeout  (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_tool_timeout     (TetherServerConfig       *self);
void                 tether_server_config_set_tool_timeout     (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_tool_timeout_max (TetherServerConfig       *self);
void                 tether_server_config_set_tool_timeout_max (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_ping_interval    (TetherServerConfig       *self);
void                 tether_server_config_set_ping_interval    (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_connect_attempts (TetherServerConfig       *self);
void                 tether_server_config_set_connect_attempts (TetherServerConfig       *self,
                                                                int                       attempts);
int                  tether_server_config_get_retry_delay      (TetherServerConfig       *self);
void                 tether_server_config_set_retry_delay      (TetherServerConfig       *self,
                                                                int                       msec);
int                  tether_server_config_get_reconnect_delay_max (TetherServerConfig    *self);
void                 tether_server_config_set_reconnect_delay_max (TetherServerConfig    *self,
                                                                   int                    msec);
const char * const  *tether_server_config_get_roots            (TetherServerConfig       *self);
void                 tether_server_config_set_roots            (TetherServerConfig       *self,
                                                                const char * const       *roots);
char               **tether_server_config_dup_root_paths       (TetherServerConfig       *self);
gboolean             tether_server_config_root_is_valid        (const char               *root);

G_END_DECLS
