/* tether-client-text.c — what every syntax's splicing needs
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include "tether-client-text-private.h"

const char *
_tether_client_text_newline (const char *text,
                             gsize       length)
{
  const char *nl = memchr (text, '\n', length);

  return nl != NULL && nl > text && nl[-1] == '\r' ? "\r\n" : "\n";
}

char *
_tether_client_text_indent_unit (const char *text,
                                 gsize       length)
{
  const char *p = text;
  const char *end = text + length;

  /* The first indented line that holds something. */
  while (p < end)
    {
      const char *line_end = memchr (p, '\n', end - p);
      const char *q = p;

      if (line_end == NULL)
        line_end = end;
      while (q < line_end && (*q == ' ' || *q == '\t'))
        q++;
      if (q > p && q < line_end && *q != '\r')
        return g_strndup (p, *p == '\t' ? 1 : q - p);
      p = line_end + 1;
    }

  return g_strdup ("  ");
}

/* @text with [@start, @end) replaced by @insert */
char *
_tether_client_text_splice (const char *text,
                            gsize       length,
                            gsize       start,
                            gsize       end,
                            const char *insert)
{
  GString *out = g_string_sized_new (length + strlen (insert));

  g_string_append_len (out, text, start);
  g_string_append (out, insert);
  g_string_append_len (out, text + end, length - end);

  return g_string_free (out, FALSE);
}
