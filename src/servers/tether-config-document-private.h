/* tether-config-document-private.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-document.h"
#include "tether-config-error.h"

G_BEGIN_DECLS

/* Parsers never nest deeper than this: a hostile file must not overflow
 * the stack. Real configurations are a handful of levels deep. */
#define TETHER_CONFIG_DOCUMENT_MAX_DEPTH 128

TetherConfigDocument *_tether_config_document_new           (const char           *file_name);
void                  _tether_config_document_take_root     (TetherConfigDocument *self,
                                                             JsonNode             *root);
void                  _tether_config_document_set_position  (TetherConfigDocument *self,
                                                             const char           *pointer,
                                                             guint                 line,
                                                             guint                 column);
void                  _tether_config_document_add_duplicate (TetherConfigDocument *self,
                                                             const char           *pointer,
                                                             guint                 line,
                                                             guint                 column);
GError               *_tether_config_document_error         (TetherConfigDocument *self,
                                                             TetherConfigError     code,
                                                             guint                 line,
                                                             guint                 column,
                                                             const char           *format,
                                                             ...) G_GNUC_PRINTF (5, 6);
gboolean              _tether_config_document_check_utf8    (TetherConfigDocument *self,
                                                             const char           *text,
                                                             gsize                 length,
                                                             GError              **error);
char                 *_tether_config_document_describe_char (const char           *p,
                                                             const char           *end);
const char           *_tether_config_document_skip_blank    (const char           *p,
                                                             const char           *end);
const char           *_tether_json_type_name                (JsonNode             *node);

G_END_DECLS
