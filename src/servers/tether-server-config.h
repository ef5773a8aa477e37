/* tether-server-config.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

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
#define TETHER_SERVER_CONFIG_MASK "••••"

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
gboolean             tether_server_config_validate             (TetherServerConfig       *self,
                                                                GError                  **error);

char                *tether_server_config_dup_command_line     (TetherServerConfig       *self);
char                *tether_server_config_dup_masked_url       (TetherServerConfig       *self);
char                *tether_server_config_to_masked_json       (TetherServerConfig       *self);
char                *tether_server_config_describe             (TetherServerConfig       *self);

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

G_END_DECLS
