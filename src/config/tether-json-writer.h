/* tether-json-writer.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *tether_json_writer_to_data (JsonNode   *root,
                                  guint       indent,
                                  GHashTable *literals,
                                  gsize      *length);

G_END_DECLS
