/* fuzz-config-common.h — what must hold of any document the readers build
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-document.h"

G_BEGIN_DECLS

typedef TetherConfigDocument *(*FuzzParseFunc) (const char  *text,
                                                gssize       length,
                                                const char  *file_name,
                                                GError     **error);

void fuzz_check_document       (TetherConfigDocument *doc,
                                gboolean              every_position);
void fuzz_check_document_error (const GError         *error,
                                const char           *file_name);
void fuzz_config_document      (const guint8         *data,
                                gsize                 size,
                                FuzzParseFunc         parse,
                                const char           *file_name,
                                gboolean              every_position);

G_END_DECLS
