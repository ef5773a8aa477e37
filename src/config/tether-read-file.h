/* tether-read-file.h — reading a file the user named, safely
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "tether-read-limits.h"

G_BEGIN_DECLS

gboolean  tether_read_file              (const char  *path,
                                         const char  *display,
                                         guint64      max_size,
                                         char       **contents,
                                         gsize       *length,
                                         GError     **error);
GError   *tether_read_error_not_a_file  (const char  *display,
                                         guint32      mode);
GError   *tether_read_error_too_large   (const char  *display,
                                         guint64      size,
                                         guint64      max_size);

G_END_DECLS
