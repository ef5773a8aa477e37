/* tether-server-config-private.h — what the files of TetherServerConfig share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-server-config.h"

G_BEGIN_DECLS

/* Tether's own per-server settings live in one object, so that other
 * clients reading the same entry see a single key they do not know:
 *
 *   "tether": { "connectTimeoutMs": 60000, "connectAttempts": 3 }
 */
#define TETHER_SERVER_CONFIG_KEY "tether"
/* In it, beside the integer settings: the folders offered as roots. */
#define TETHER_SERVER_CONFIG_ROOTS_KEY "roots"
/* A remote server's own OAuth client (tether-server-config-oauth.h) */
#define TETHER_SERVER_CONFIG_OAUTH_KEY "oauth"

typedef enum
{
  TETHER_SERVER_SETTING_CONNECT_TIMEOUT,
  TETHER_SERVER_SETTING_REQUEST_TIMEOUT,
  TETHER_SERVER_SETTING_TOOL_TIMEOUT,
  TETHER_SERVER_SETTING_TOOL_TIMEOUT_MAX,
  TETHER_SERVER_SETTING_PING_INTERVAL,
  TETHER_SERVER_SETTING_CONNECT_ATTEMPTS,
  TETHER_SERVER_SETTING_RETRY_DELAY,
  TETHER_SERVER_SETTING_RECONNECT_DELAY_MAX,
  TETHER_SERVER_N_SETTINGS
} TetherServerSetting;

typedef struct
{
  const char *key;       /* in the "tether" object */
  const char *property;
  int         min;       /* smallest value that is set */
} TetherServerSettingInfo;

extern const TetherServerSettingInfo _tether_server_settings[TETHER_SERVER_N_SETTINGS];

/* Ordered key/value pairs: env and headers keep the user's order. Header
 * names are found without regard to case, as HTTP compares them, but kept
 * as the user spelled them; two spellings of one name read from a file or
 * a list stay two entries, which tether_server_config_validate() refuses. */
typedef struct
{
  GPtrArray *keys;
  GPtrArray *values;
  gboolean   ignore_case;
} TetherPairs;

void         _tether_pairs_init      (TetherPairs        *pairs,
                                      gboolean            ignore_case);
void         _tether_pairs_clear     (TetherPairs        *pairs);
int          _tether_pairs_find      (const TetherPairs  *pairs,
                                      const char         *key);
const char  *_tether_pairs_lookup    (const TetherPairs  *pairs,
                                      const char         *key);
void         _tether_pairs_add       (TetherPairs        *pairs,
                                      const char         *key,
                                      const char         *value);
gboolean     _tether_pairs_set       (TetherPairs        *pairs,
                                      const char         *key,
                                      const char         *value);
void         _tether_pairs_copy      (const TetherPairs  *src,
                                      TetherPairs        *dest);
gboolean     _tether_pairs_equal     (const TetherPairs  *a,
                                      const TetherPairs  *b);
char       **_tether_pairs_dup_keys  (const TetherPairs  *pairs);
char       **_tether_pairs_to_strv   (const TetherPairs  *pairs,
                                      const char         *separator);
gboolean     _tether_pairs_from_strv (TetherPairs        *pairs,
                                      const char * const *strv,
                                      char                separator,
                                      gboolean            skip_space);

/* The model: the JSON reader and writer (tether-server-config-json.c) and
 * the checks (tether-server-config-checks.c) build on it; it calls
 * neither. */
struct _TetherServerConfig
{
  GObject           parent_instance;

  char             *name;
  TetherServerKind  kind;
  char             *command;
  char            **args;
  TetherPairs       env;
  char             *cwd;
  char             *url;
  TetherPairs       headers;
  int               settings[TETHER_SERVER_N_SETTINGS];
  char            **disabled_tools;  /* "disabledTools": not offered by the hub */
  char            **roots;           /* "tether": {"roots": …}, as written; NULL: none given */
  JsonObject       *oauth;           /* "oauth", as read or set; NULL: none */

  /* The entry as it was read: its key order, the spelling of its type and
   * every member we do not know, written back as they were. */
  JsonObject       *original;

  guint             enabled : 1;
};

/* tether-server-config-oauth.c */
gboolean  _tether_server_config_read_oauth  (TetherServerConfig  *self,
                                             JsonObject          *entry,
                                             GError             **error);
JsonNode *_tether_server_config_oauth_node  (TetherServerConfig  *self,
                                             gboolean             masked);
gboolean  _tether_server_config_check_oauth (TetherServerConfig  *self,
                                             GError             **error);

G_END_DECLS
