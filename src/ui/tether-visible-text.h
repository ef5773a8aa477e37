/* tether-visible-text.h — labels of text that servers and files supply
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *tether_visible_text         (const char *text);
char *tether_visible_lines        (const char *text);
char *tether_visible_markup       (const char *text);
char *tether_visible_text_closure (gpointer    instance,
                                   const char *text);

G_END_DECLS
