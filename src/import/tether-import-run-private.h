/* tether-import-run-private.h — one import of one text, inside src/import
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-document.h"
#include "tether-config-import-private.h"
#include "tether-import-clients-private.h"

G_BEGIN_DECLS

/* The importer's files, each calling only those before it:
 *
 *   tether-import-entry.c      an import and its entries: messages, skips, checks
 *   tether-import-resolve.c    placeholders in values (${env:X}, ${input:Y}…)
 *   tether-import-members.c    an entry's members, typed, placeholders resolved
 *   tether-import-common.c     the shape most clients share (mcpServers…)
 *   tether-import-codex.c      Codex's [mcp_servers.NAME] tables
 *   tether-import-goose.c      goose's extensions
 *   tether-import-recognise.c  which syntax, which client, where its servers are
 *   tether-import-text.c       the whole import of one text
 *
 * and the client table, tether-import-clients.c, which all of them read. */

/* What one import needs from the importer, copied so a worker thread can
 * use it while the importer changes. */
typedef struct
{
  char     *home;
  char    **environment;
  guint64   max_size;
  gboolean  env_file_values;
} TetherImportSettings;

/* One import of one text. */
typedef struct
{
  TetherImportSettings     *settings;
  TetherConfigDocument     *doc;
  const char               *display;           /* for messages */
  char                     *base_name;         /* the file's name, for recognition */
  char                     *dir_name;          /* its folder's name */
  char                     *path;              /* its full path, when local */
  const TetherImportClient *client;            /* once recognised */
  TetherImportResult       *result;
  JsonArray                *inputs;
  char                     *workspace;
  GError                   *first_skip_error;
} TetherImportRun;

/* One entry of it, being normalised into a TetherServerConfig. */
typedef struct
{
  TetherImportRun    *run;
  TetherImportItem   *item;
  TetherServerConfig *config;
  const char         *name;
  const char         *pointer;                 /* of the entry */
  JsonObject         *object;
  GPtrArray          *taken;                   /* values taken from the environment,
                                                * each followed by its placeholder */
} TetherImportEntry;

static inline gboolean
tether_import_node_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

static inline gboolean
tether_import_node_is_scalar (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node);
}

/* tether-config-import.c */
TetherImportSettings *_tether_import_settings_new           (TetherConfigImport        *importer);
void                  _tether_import_settings_free          (TetherImportSettings      *settings);

/* tether-import-entry.c */
void                  _tether_import_run_clear              (TetherImportRun           *run);
void                  _tether_import_run_begin              (TetherImportRun           *run,
                                                             const TetherImportClient  *client,
                                                             GFile                     *file);
GError               *_tether_import_run_error              (TetherImportRun           *run,
                                                             TetherConfigError          code,
                                                             const char                *pointer,
                                                             const char                *format,
                                                             ...) G_GNUC_PRINTF (4, 5);
gboolean              _tether_import_run_check_duplicates   (TetherImportRun           *run,
                                                             const char                *servers_pointer,
                                                             GError                   **error);
char                 *_tether_import_source_key             (const char                *prefix,
                                                             const char                *name);
gboolean              _tether_import_entry_set_object       (TetherImportEntry         *entry,
                                                             JsonNode                  *node);
GError               *_tether_import_entry_error            (TetherImportEntry         *entry,
                                                             TetherConfigError          code,
                                                             const char                *key,
                                                             const char                *format,
                                                             ...) G_GNUC_PRINTF (4, 5);
GError               *_tether_import_entry_wrong_type       (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             const char                *expected);
void                  _tether_import_entry_warn             (TetherImportEntry         *entry,
                                                             const char                *format,
                                                             ...) G_GNUC_PRINTF (2, 3);
void                  _tether_import_entry_note             (TetherImportEntry         *entry,
                                                             const char                *format,
                                                             ...) G_GNUC_PRINTF (2, 3);
TetherImportVariable *_tether_import_entry_variable         (TetherImportEntry         *entry,
                                                             const char                *placeholder,
                                                             const char                *name,
                                                             TetherImportVariableKind   kind,
                                                             const char                *description,
                                                             gboolean                   secret);
char                 *_tether_import_entry_dup_shown         (TetherImportEntry         *entry,
                                                             const char                *text);
char                 *_tether_import_entry_dup_shown        (TetherImportEntry         *entry,
                                                             const char                *text);
void                  _tether_import_entry_skip             (TetherImportEntry         *entry,
                                                             const char                *reason);
void                  _tether_import_entry_skip_error       (TetherImportEntry         *entry,
                                                             GError                    *error);
void                  _tether_import_entry_finish           (TetherImportEntry         *entry);

typedef gboolean (*TetherImportReadEntry) (TetherImportEntry  *entry,
                                           GError            **error);

void                  _tether_import_entry_read             (TetherImportRun           *run,
                                                             const char                *name,
                                                             JsonNode                  *node,
                                                             const char                *pointer,
                                                             const char                *source_key,
                                                             TetherImportReadEntry      read);
void                  _tether_import_entry_read_map         (TetherImportRun           *run,
                                                             JsonObject                *servers,
                                                             const char                *pointer,
                                                             const char                *source_prefix,
                                                             TetherImportReadEntry      read);

/* tether-import-resolve.c */
char                 *_tether_import_resolve_text           (TetherImportEntry         *entry,
                                                             const char                *text);
void                  _tether_import_resolve_env            (TetherImportEntry         *entry,
                                                             GString                   *out,
                                                             const char                *name,
                                                             const char                *fallback);

/* tether-import-members.c */
typedef void (*TetherImportSetPair) (TetherServerConfig *config,
                                     const char         *name,
                                     const char         *value);
typedef void (*TetherImportSetMsec) (TetherServerConfig *config,
                                     int                 msec);

gboolean              _tether_import_entry_get_string       (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             char                     **out,
                                                             GError                   **error);
gboolean              _tether_import_entry_get_strv         (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             gboolean                   split_string,
                                                             char                    ***out,
                                                             GError                   **error);
gboolean              _tether_import_entry_get_map          (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             TetherImportSetPair        set,
                                                             GError                   **error);
gboolean              _tether_import_entry_get_bool         (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             gboolean                  *present,
                                                             gboolean                  *out,
                                                             GError                   **error);
gboolean              _tether_import_entry_get_number       (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             double                    *out,
                                                             GError                   **error);
gboolean              _tether_import_entry_set_timeout      (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             double                     scale,
                                                             TetherImportSetMsec        set,
                                                             const char                *what,
                                                             GError                   **error);
gboolean              _tether_import_entry_read_enabled     (TetherImportEntry         *entry,
                                                             const char                *key,
                                                             gboolean                   disabled_when,
                                                             GError                   **error);
void                  _tether_import_entry_pass_env         (TetherImportEntry         *entry,
                                                             char                     **names);
void                  _tether_import_entry_read_env_file    (TetherImportEntry         *entry,
                                                             const char                *path);
void                  _tether_import_entry_warn_ignored     (TetherImportEntry         *entry,
                                                             const char * const        *handled);
void                  _tether_import_set_env_value          (TetherServerConfig        *config,
                                                             const char                *name,
                                                             const char                *value);
void                  _tether_import_add_header             (TetherServerConfig        *config,
                                                             const char                *name,
                                                             const char                *value);

/* tether-import-common.c, -codex.c, -goose.c: one entry of each shape;
 * a bad one is skipped with its reason. */
gboolean              _tether_import_read_common_entry      (TetherImportEntry         *entry,
                                                             GError                   **error);
gboolean              _tether_import_read_codex_entry       (TetherImportEntry         *entry,
                                                             GError                   **error);
gboolean              _tether_import_read_goose_entry       (TetherImportEntry         *entry,
                                                             GError                   **error);
void                  _tether_import_common_array           (TetherImportRun           *run,
                                                             JsonArray                 *servers,
                                                             const char                *pointer,
                                                             const char                *source_prefix,
                                                             const char                *name_key);
void                  _tether_import_single_server          (TetherImportRun           *run,
                                                             JsonNode                  *root);

/* tether-import-recognise.c */
typedef struct
{
  const TetherImportClient *client;
  const TetherImportRoot   *root;              /* NULL for a fragment or one server */
  JsonNode                 *servers;           /* the document's */
  char                     *pointer;           /* of @servers */
  char                     *source_prefix;     /* the servers key as written */
  JsonNode                 *inputs;            /* the document's, or NULL */
} TetherImportFound;

void                  _tether_import_found_clear            (TetherImportFound         *found);
gboolean              _tether_import_choose_syntax          (TetherImportRun           *run,
                                                             const char                *text,
                                                             gsize                      length,
                                                             TetherImportSyntax        *syntax,
                                                             GError                   **error);
gboolean              _tether_import_recognise              (TetherImportRun           *run,
                                                             TetherImportSyntax         syntax,
                                                             TetherImportFound         *found,
                                                             GError                   **error);

/* tether-import-text.c */
TetherImportResult   *_tether_import_text                   (TetherImportSettings      *settings,
                                                             const char                *data,
                                                             gsize                      length,
                                                             GFile                     *file,
                                                             const char                *display,
                                                             const char                *path_hint,
                                                             GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherImportSettings, _tether_import_settings_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TetherImportRun, _tether_import_run_clear)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TetherImportFound, _tether_import_found_clear)

G_END_DECLS
