/* tether-visible-text.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-visible-text"

#include "config.h"

#include "tether-text.h"
#include "tether-visible-text.h"

/* What a server or a file supplies is shown in a label as it is, never
 * obeyed: its control characters as Control Pictures (␛), C1 and bidi
 * controls as ⟨U+202E⟩, bytes that are not UTF-8 as U+FFFD (see
 * tether-text.c); and never read as markup. Labels are plain text unless
 * they say otherwise; where a widget's text is markup whatever we do (an
 * AdwPreferencesGroup's title and description, a toast's title), the text
 * goes through tether_visible_markup(). */

/**
 * tether_visible_text:
 * @text: (nullable): a name, a title, an error, a log line
 *
 * Returns: (transfer full) (nullable): @text for a label of one line
 */
char *
tether_visible_text (const char *text)
{
  return tether_text_make_visible (text, -1, TETHER_TEXT_SINGLE_LINE);
}

/**
 * tether_visible_lines:
 * @text: (nullable): a description, details of an error
 *
 * Returns: (transfer full) (nullable): @text for a label of many lines: its
 *   newlines and tabs kept
 */
char *
tether_visible_lines (const char *text)
{
  return tether_text_make_visible (text, -1, TETHER_TEXT_MULTI_LINE);
}

/**
 * tether_visible_markup:
 * @text: (nullable): a name, a title, an error
 *
 * Returns: (transfer full) (nullable): @text as markup that shows it, for
 *   widgets whose text is always markup
 */
char *
tether_visible_markup (const char *text)
{
  g_autofree char *visible = tether_visible_text (text);

  return visible != NULL ? g_markup_escape_text (visible, -1) : NULL;
}

/**
 * tether_visible_text_closure:
 * @instance: the template's object (unused)
 * @text: (nullable): the text
 *
 * tether_visible_text() for a template's expressions:
 * `<closure type="gchararray" function="tether_visible_text_closure">`.
 *
 * Returns: (transfer full) (nullable): @text for a label of one line
 */
char *
tether_visible_text_closure (gpointer    instance,
                             const char *text)
{
  return tether_visible_text (text);
}
