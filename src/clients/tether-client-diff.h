/* tether-client-diff.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *tether_client_diff (const char *old_text,
                          gsize       old_length,
                          const char *new_text,
                          gsize       new_length,
                          const char *label,
                          const char *secret);

G_END_DECLS
