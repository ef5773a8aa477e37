/* mcp-util-private.h — small helpers shared inside src/mcp
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* g_set_str() is GLib 2.76: replace *@dest by a copy of @value.
 * Returns TRUE if it changed. */
static inline gboolean
_mcp_set_str (char       **dest,
              const char  *value)
{
  if (g_strcmp0 (*dest, value) == 0)
    return FALSE;

  g_free (*dest);
  *dest = g_strdup (value);

  return TRUE;
}

G_END_DECLS
