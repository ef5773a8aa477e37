/* tether-import-clients-private.h — what the importer knows of each client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-import-result.h"
#include "tether-server-config.h"

G_BEGIN_DECLS

/* The syntax of a client's file. JSON includes JSONC (comments, trailing
 * commas): every JSON file is read with the JSONC pre-pass. */
typedef enum
{
  TETHER_IMPORT_SYNTAX_JSON,
  TETHER_IMPORT_SYNTAX_TOML,
  TETHER_IMPORT_SYNTAX_YAML,
} TetherImportSyntax;

/* How the entries of a client are read: the shape most clients share
 * (`command`, `args`, `env`, `url`, `headers`…), or one of their own. */
typedef enum
{
  TETHER_IMPORT_SHAPE_COMMON,
  TETHER_IMPORT_SHAPE_CODEX,
  TETHER_IMPORT_SHAPE_GOOSE,
  TETHER_IMPORT_SHAPE_FRAGMENT,        /* a bare map of servers */
  TETHER_IMPORT_SHAPE_SINGLE_SERVER,   /* one server on its own */
} TetherImportShape;

/* What a client's servers key holds. */
typedef enum
{
  TETHER_IMPORT_SERVERS_MAP,           /* name → entry */
  TETHER_IMPORT_SERVERS_ARRAY,         /* entries, each named by a member */
  TETHER_IMPORT_SERVERS_MAP_OR_ARRAY,
} TetherImportServers;

/* Where its servers are. A key with a dot (`mcp.servers`) is looked up
 * nested (`"mcp": { "servers": … }`) and then as it is. */
typedef struct
{
  const char          *key;
  TetherImportServers  servers;
  const char          *name_key;       /* in an array: the member naming each entry */
  const char          *inputs_key;     /* VS Code's `inputs`, beside the servers */
} TetherImportRoot;

/* A key an entry gives its URL in, and what a URL there means when the
 * entry names no transport type. */
typedef struct
{
  const char       *key;
  TetherServerKind  kind;
} TetherImportUrlKey;

/* A key that says an entry is off, and the value that says it. */
typedef struct
{
  const char *key;
  gboolean    disabled_when;
} TetherImportDisabledKey;

typedef enum
{
  TETHER_IMPORT_BASE_HOME,             /* the home directory */
  TETHER_IMPORT_BASE_CONFIG,           /* the host's ~/.config */
} TetherImportBase;

/* Where discovery looks for a client's file. */
typedef struct
{
  const char       *label;             /* NULL for the client's name */
  TetherImportBase  base;
  const char       *path;
  gboolean          servers_only;      /* the file holds only servers: shown
                                        * even when it has none */
} TetherImportLocation;

/* Placeholders a client's values may hold, besides `${env:NAME}`,
 * `${userHome}`, `${workspaceFolder}` and `${input:ID}`. */
typedef enum
{
  TETHER_IMPORT_VARIABLES_ENV_BRACES = 1 << 0,   /* ${NAME}, ${NAME:-default} */
  TETHER_IMPORT_VARIABLES_DOLLAR     = 1 << 1,   /* $NAME */
  TETHER_IMPORT_VARIABLES_FIVE_IRE   = 1 << 2,   /* {{name@type::description}} */
} TetherImportVariables;

/* The unit of an entry's `timeout`. */
typedef enum
{
  TETHER_IMPORT_TIMEOUT_GUESS,         /* none said: below 1000, seconds */
  TETHER_IMPORT_TIMEOUT_SECONDS,
  TETHER_IMPORT_TIMEOUT_MILLISECONDS,
} TetherImportTimeout;

typedef enum
{
  TETHER_IMPORT_QUIRK_STDIO_ONLY         = 1 << 0,  /* the client ignores remote entries */
  TETHER_IMPORT_QUIRK_EXTENSION_ENTRIES  = 1 << 1,  /* entries of its extensions carry only settings */
  TETHER_IMPORT_QUIRK_UNTYPED_URL_IS_SSE = 1 << 2,  /* a URL without a type is legacy SSE */
} TetherImportQuirks;

/* How Tether writes an entry of its own into the client's file, so that
 * the client reaches Tether (src/clients). The entry goes in the map at
 * .servers_key, a key of the file's top level. */
typedef struct
{
  const char *servers_key;
  const char *url_key;          /* a Streamable HTTP URL; NULL: the client runs commands only */
  const char *headers_key;      /* the map of HTTP headers beside it */
  const char *type_key;         /* NULL: the client names no transport type */
  const char *http_type;        /* the type of an HTTP entry */
  const char *stdio_type;       /* the type of a command; NULL: none written */
  const char *command_key;      /* the command (its arguments are in `args`) */
  const char *name_key;         /* the entry repeats its name here (goose) */
  const char *on_key;           /* written true in every entry (goose's `enabled`) */
  const char *off_key;          /* the entry's off switch; NULL: it has none */
  gboolean    off_value;        /* the value of .off_key that turns it off */
} TetherImportWriting;

/* One client: see the table in tether-import-clients.c. */
typedef struct
{
  TetherImportFormat              format;       /* 0: the next free number */
  const char                     *id;           /* the format's nick */
  const char                     *name;         /* translatable, marked N_() */
  TetherImportSyntax              syntax;
  TetherImportShape               shape;
  const TetherImportRoot         *roots;        /* ends with { NULL } */

  /* How its entries say things (the common shape) */
  const TetherImportUrlKey       *url_keys;     /* the first given wins; ends with { NULL } */
  const TetherImportDisabledKey  *disabled_keys;
  TetherImportTimeout             timeout;
  TetherImportVariables           variables;
  TetherImportQuirks              quirks;

  /* How to tell it from the clients that share its servers key */
  const char * const             *entry_hints;  /* keys only its entries have */
  const char * const             *root_hints;   /* top-level keys only its files have */
  const char * const             *file_names;
  const char * const             *dir_names;    /* the folder its file is in */

  const TetherImportLocation     *locations;    /* ends with { NULL } */

  const TetherImportWriting      *writing;      /* NULL: Tether does not write it */
} TetherImportClient;

guint                     _tether_import_clients_get_n       (void);
const TetherImportClient *_tether_import_clients_get_nth     (guint                     index);
const TetherImportClient *_tether_import_clients_lookup      (TetherImportFormat        format);
TetherImportFormat        _tether_import_client_get_format   (const TetherImportClient *client);

G_END_DECLS
