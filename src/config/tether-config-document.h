/* tether-config-document.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * TetherConfigDocument:
 *
 * A parsed configuration file: a #JsonNode tree plus where each value came
 * from, so that an error found later (a wrong type three levels down) can
 * still name the line and column.
 *
 * Three front ends build the same tree:
 *
 * - JSON and JSONC: tether_config_document_strip_jsonc() blanks comments and
 *   trailing commas (keeping every newline, so positions stay true), then
 *   the protocol's strict JSON reader (mcp_json_read()) builds the tree and
 *   says where each value starts. Unlike json-glib it reports a key that
 *   appears twice in one object (the later value is kept, as VS Code and
 *   json-glib do) and gives exact positions in its errors.
 * - TOML, the subset Codex's `config.toml` uses: tables and dotted table
 *   headers, bare, quoted and dotted keys, basic and literal strings with
 *   escapes, decimal integers, booleans, arrays of strings and inline tables.
 *   Anything else (floats, dates, multi-line strings, arrays of tables, mixed
 *   arrays) is rejected with %TETHER_CONFIG_ERROR_UNSUPPORTED, naming the line
 *   and column.
 * - YAML, through libyaml: mappings become objects, sequences arrays; plain
 *   scalars `true`/`false`, decimal integers and `null`/`~` get their types,
 *   everything else is a string.
 *
 * Every front end keeps the limits of `tether-read-limits.h`: values nest at
 * most %TETHER_READ_MAX_DEPTH deep (a dotted TOML key counts each part), a
 * document produces at most %TETHER_READ_MAX_NODES values and no string is
 * longer than %TETHER_READ_MAX_STRING_LENGTH; YAML aliases may expand a
 * document at most %TETHER_READ_MAX_ALIAS_EXPANSION times. Past a limit the
 * document is refused with %TETHER_CONFIG_ERROR_TOO_LARGE (too deep:
 * %TETHER_CONFIG_ERROR_SYNTAX), naming the file, line and column, before
 * more is built. Time and memory grow linearly with the text.
 *
 * Positions are looked up by JSON pointer (RFC 6901: `/mcpServers/a~1b/args/0`).
 * A member's position is that of its key; an array element's is that of the
 * element. Lines and columns are 1-based; columns count characters.
 */
typedef struct _TetherConfigDocument TetherConfigDocument;

#define TETHER_TYPE_CONFIG_DOCUMENT (tether_config_document_get_type ())

GType                 tether_config_document_get_type           (void) G_GNUC_CONST;
TetherConfigDocument *tether_config_document_parse_json         (const char            *text,
                                                                 gssize                 length,
                                                                 const char            *file_name,
                                                                 GError               **error);
TetherConfigDocument *tether_config_document_parse_toml         (const char            *text,
                                                                 gssize                 length,
                                                                 const char            *file_name,
                                                                 GError               **error);
TetherConfigDocument *tether_config_document_parse_yaml         (const char            *text,
                                                                 gssize                 length,
                                                                 const char            *file_name,
                                                                 GError               **error);
TetherConfigDocument *tether_config_document_ref                (TetherConfigDocument  *self);
void                  tether_config_document_unref              (TetherConfigDocument  *self);

JsonNode             *tether_config_document_get_root           (TetherConfigDocument  *self);
const char           *tether_config_document_get_file_name      (TetherConfigDocument  *self);
gboolean              tether_config_document_get_position       (TetherConfigDocument  *self,
                                                                 const char            *pointer,
                                                                 guint                 *line,
                                                                 guint                 *column);
void                  tether_config_document_locate_error       (TetherConfigDocument  *self,
                                                                 const char            *base,
                                                                 GError                *error);
guint                 tether_config_document_get_n_duplicates   (TetherConfigDocument  *self);
const char           *tether_config_document_get_duplicate      (TetherConfigDocument  *self,
                                                                 guint                  index,
                                                                 guint                 *line,
                                                                 guint                 *column);
GHashTable           *tether_config_document_get_literals       (TetherConfigDocument  *self);

char                 *tether_config_document_strip_jsonc        (const char            *text,
                                                                 gsize                  length);
const char           *tether_config_document_skip_blank         (const char            *p,
                                                                 const char            *end);
const char           *tether_json_type_name                     (JsonNode              *node);
char                 *tether_json_pointer_append                (const char            *base,
                                                                 const char            *key);
char                 *tether_json_pointer_append_index          (const char            *base,
                                                                 guint                  index);
char                 *tether_json_pointer_last                  (const char            *pointer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherConfigDocument, tether_config_document_unref)

G_END_DECLS
