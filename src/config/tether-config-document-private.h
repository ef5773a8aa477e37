/* tether-config-document-private.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-read-limits.h"

G_BEGIN_DECLS

/* Where values came from is kept as a tree of positions, one per value,
 * each known by its parent and its key (or array index): memory and time
 * grow with the text, however deep or long the keys. */
#define TETHER_CONFIG_DOCUMENT_ROOT 0u           /* the root value's position */
#define TETHER_CONFIG_DOCUMENT_NO_POSITION G_MAXUINT

/* Only the first duplicate keys are recorded: a warning each is plenty. */
#define TETHER_CONFIG_DOCUMENT_MAX_DUPLICATES 100

/* The last column computed on a line, to count on from. */
typedef struct
{
  const char *at;
  guint       column;
} TetherColumn;

typedef enum
{
  TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH,
  TETHER_CONFIG_DOCUMENT_LIMIT_NODES,
  TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH,
} TetherConfigDocumentLimit;

TetherConfigDocument *_tether_config_document_new            (const char                *file_name);
TetherConfigDocument *_tether_config_document_begin          (const char               **text,
                                                              gssize                    *length,
                                                              gboolean                   skip_bom,
                                                              const char                *file_name,
                                                              GError                   **error);
void                  _tether_config_document_take_root      (TetherConfigDocument      *self,
                                                              JsonNode                  *root);
guint                 _tether_config_document_add_position   (TetherConfigDocument      *self,
                                                              guint                      parent,
                                                              const char                *key,
                                                              guint                      line,
                                                              guint                      column);
guint                 _tether_config_document_add_element    (TetherConfigDocument      *self,
                                                              guint                      parent,
                                                              guint                      index,
                                                              guint                      line,
                                                              guint                      column);
guint                 _tether_config_document_find_position  (TetherConfigDocument      *self,
                                                              guint                      parent,
                                                              const char                *key);
void                  _tether_config_document_add_duplicate  (TetherConfigDocument      *self,
                                                              guint                      position,
                                                              guint                      line,
                                                              guint                      column);
void                  _tether_config_document_add_literal    (TetherConfigDocument      *self,
                                                              guint                      position,
                                                              const char                *text,
                                                              gsize                      length);

GError               *_tether_config_document_error          (TetherConfigDocument      *self,
                                                              TetherConfigError          code,
                                                              guint                      line,
                                                              guint                      column,
                                                              const char                *format,
                                                              ...) G_GNUC_PRINTF (5, 6);
GError               *_tether_config_document_limit_error    (TetherConfigDocument      *self,
                                                              TetherConfigDocumentLimit  limit,
                                                              guint                      line,
                                                              guint                      column);
gboolean              _tether_config_document_check_utf8     (TetherConfigDocument      *self,
                                                              const char                *text,
                                                              gsize                      length,
                                                              GError                   **error);
char                 *_tether_config_document_describe_char  (const char                *p,
                                                              const char                *end);
guint                 _tether_column_at                      (TetherColumn              *column,
                                                              const char                *line_start,
                                                              const char                *at);

G_END_DECLS
