/* tether-text.h — showing text that a server or a file supplied
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * TetherTextFlags:
 * @TETHER_TEXT_SINGLE_LINE: a name, a title, an error, a log line: every
 *   control character is shown, newline and tab included
 * @TETHER_TEXT_MULTI_LINE: a description, a tool's text result: newlines
 *   and tabs stay (a CR before a newline goes), everything else is shown
 */
typedef enum
{
  TETHER_TEXT_SINGLE_LINE = 0,
  TETHER_TEXT_MULTI_LINE  = 1 << 0,
} TetherTextFlags;

char     *tether_text_escape_for_terminal (const char      *text,
                                           gssize           length,
                                           TetherTextFlags  flags);
char     *tether_text_make_visible        (const char      *text,
                                           gssize           length,
                                           TetherTextFlags  flags);
char     *tether_text_escape_json_output  (const char      *json);
void      tether_text_map_strings         (JsonNode        *node,
                                           char          *(*map) (const char *text));
gboolean  tether_text_is_plain            (const char      *text,
                                           gssize           length,
                                           TetherTextFlags  flags);

G_END_DECLS
