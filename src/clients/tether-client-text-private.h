/* tether-client-text-private.h — splicing an entry into a file's text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each function takes a text its syntax's reader has accepted, changes
 * one place of it and returns the new text; every byte outside that place
 * is kept. They fail, naming what they met, on a shape they cannot edit
 * (the caller then offers the snippet to paste). What they produce is
 * parsed again and compared with what was meant before anything is
 * written (tether-client-edit.c).
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The text's line ending ("\r\n" if it has one, else "\n") and the unit
 * of its indentation (two spaces if it has none). */
const char *_tether_client_text_newline      (const char          *text,
                                              gsize                length);
char       *_tether_client_text_indent_unit  (const char          *text,
                                              gsize                length);
char       *_tether_client_text_splice       (const char          *text,
                                              gsize                length,
                                              gsize                start,
                                              gsize                end,
                                              const char          *insert);

/* JSON and JSONC: the object at @path (member names from the root). */
char       *_tether_client_json_set          (const char          *text,
                                              gsize                length,
                                              const char * const  *path,
                                              const char          *name,
                                              JsonNode            *value,
                                              GError             **error);
char       *_tether_client_json_remove       (const char          *text,
                                              gsize                length,
                                              const char * const  *path,
                                              const char          *name,
                                              gboolean             drop_empty,
                                              GError             **error);
void        _tether_client_json_render       (JsonNode            *node,
                                              const char          *indent,
                                              const char          *unit,
                                              const char          *newline,
                                              GString             *out);

/* TOML: the table `[@table.@name]` */
char       *_tether_client_toml_add_table    (const char          *text,
                                              gsize                length,
                                              const char          *table,
                                              const char          *name,
                                              JsonObject          *entry,
                                              GError             **error);
char       *_tether_client_toml_remove_table (const char          *text,
                                              gsize                length,
                                              const char          *table,
                                              const char          *name,
                                              GError             **error);
char       *_tether_client_toml_set_key      (const char          *text,
                                              gsize                length,
                                              const char          *table,
                                              const char          *name,
                                              const char          *key,
                                              JsonNode            *value,
                                              GError             **error);
void        _tether_client_toml_render       (const char          *table,
                                              const char          *name,
                                              JsonObject          *entry,
                                              const char          *newline,
                                              GString             *out);

/* YAML, block style: the entry @name of the mapping at top-level key @map. */
char       *_tether_client_yaml_add_entry    (const char          *text,
                                              gsize                length,
                                              const char          *map,
                                              const char          *name,
                                              JsonObject          *entry,
                                              GError             **error);
char       *_tether_client_yaml_remove_entry (const char          *text,
                                              gsize                length,
                                              const char          *map,
                                              const char          *name,
                                              gboolean             drop_empty,
                                              GError             **error);
char       *_tether_client_yaml_set_key      (const char          *text,
                                              gsize                length,
                                              const char          *map,
                                              const char          *name,
                                              const char          *key,
                                              JsonNode            *value,
                                              GError             **error);
void        _tether_client_yaml_render       (const char          *name,
                                              JsonObject          *entry,
                                              const char          *indent,
                                              const char          *unit,
                                              const char          *newline,
                                              GString             *out);

G_END_DECLS
