/* tether-client-yaml.c — an entry added to or removed from a YAML mapping
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only the block style is edited: a top-level `KEY:` line alone, then its
 * entries indented below it (goose's `extensions:`). A mapping written in
 * flow style (`extensions: {…}`) is refused, and the caller offers the
 * snippet to paste. An entry is added after the mapping's last line, at
 * the indentation of its entries; it is removed line for line.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json.h"
#include "tether-client-error.h"
#include "tether-client-text-private.h"

typedef struct
{
  gsize start;      /* the line's first byte */
  gsize end;        /* after its newline */
  guint indent;     /* -1 for a blank line */
  char  first;      /* its first non-blank character */
} Line;

static GArray *
split_lines (const char *text,
             gsize       length)
{
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (Line));
  gsize i = 0;

  while (i < length)
    {
      const char *nl = memchr (text + i, '\n', length - i);
      Line line = { i, nl != NULL ? (gsize)(nl - text) + 1 : length, 0, '\0' };
      gsize j = i;

      while (j < line.end && (text[j] == ' ' || text[j] == '\t'))
        j++;
      line.indent = j - i;
      line.first = j < line.end && text[j] != '\r' && text[j] != '\n' ? text[j] : '\0';
      if (line.first == '\0')
        line.indent = G_MAXUINT;
      g_array_append_val (lines, line);
      i = line.end;
    }

  return lines;
}

#define LINE(i) (&g_array_index (lines, Line, (i)))

/* The key of a `KEY:` line at @line, unquoted, or NULL. Sets @rest to
 * what follows the colon. */
static char *
line_key (const char  *text,
          const Line  *line,
          const char **rest)
{
  const char *p = text + line->start + (line->indent == G_MAXUINT ? 0 : line->indent);
  const char *end = text + line->end;
  const char *colon;
  char *key;

  if (line->first == '\0' || line->first == '#' || line->first == '-')
    return NULL;

  if (*p == '"' || *p == '\'')
    {
      const char *close = memchr (p + 1, *p, end - p - 1);

      if (close == NULL || close + 1 >= end || close[1] != ':')
        return NULL;
      key = g_strndup (p + 1, close - p - 1);
      colon = close + 1;
    }
  else
    {
      colon = p;
      while (colon < end && *colon != ':')
        colon++;
      if (colon >= end || (colon + 1 < end && colon[1] != ' ' && colon[1] != '\t' &&
                           colon[1] != '\r' && colon[1] != '\n'))
        return NULL;
      key = g_strndup (p, colon - p);
      g_strchomp (key);
    }

  *rest = colon + 1;

  return key;
}

/* Only spaces, and perhaps a comment, after the colon. */
static gboolean
rest_is_empty (const char *rest,
               const char *end)
{
  while (rest < end && (*rest == ' ' || *rest == '\t'))
    rest++;

  return rest >= end || *rest == '#' || *rest == '\r' || *rest == '\n';
}

typedef struct
{
  GArray *lines;
  guint   map_line;     /* the line of `KEY:`; G_MAXUINT if none */
  guint   last;         /* its last line with something indented, or map_line */
  guint   child_indent; /* of its entries; 0 if it has none */
} Mapping;

static void
mapping_clear (Mapping *mapping)
{
  g_clear_pointer (&mapping->lines, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Mapping, mapping_clear)

static gboolean
find_mapping (const char  *text,
              gsize        length,
              const char  *map,
              Mapping     *mapping,
              GError     **error)
{
  GArray *lines;

  mapping->lines = lines = split_lines (text, length);
  mapping->map_line = G_MAXUINT;

  for (guint i = 0; i < lines->len; i++)
    {
      const char *rest = NULL;
      g_autofree char *key = NULL;

      if (LINE (i)->indent != 0)
        continue;
      key = line_key (text, LINE (i), &rest);
      if (key == NULL || !g_str_equal (key, map))
        continue;

      if (!rest_is_empty (rest, text + LINE (i)->end))
        {
          g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                       _("“%s” is not written in block style (one entry under another)"), map);
          return FALSE;
        }

      mapping->map_line = mapping->last = i;
      for (guint j = i + 1; j < lines->len; j++)
        {
          if (LINE (j)->indent == G_MAXUINT)
            continue;
          if (LINE (j)->indent == 0 && LINE (j)->first != '#')
            break;
          if (LINE (j)->indent == 0)
            continue;
          if (mapping->child_indent == 0 && LINE (j)->first != '#')
            mapping->child_indent = LINE (j)->indent;
          mapping->last = j;
        }
    }

  return TRUE;
}

/* The lines of entry @name: [*first, *end). */
static gboolean
find_entry (const char *text,
            Mapping    *mapping,
            const char *name,
            guint      *first,
            guint      *end)
{
  GArray *lines = mapping->lines;

  if (mapping->map_line == G_MAXUINT || mapping->child_indent == 0)
    return FALSE;

  for (guint i = mapping->map_line + 1; i <= mapping->last; i++)
    {
      const char *rest = NULL;
      g_autofree char *key = NULL;

      if (LINE (i)->indent != mapping->child_indent)
        continue;
      key = line_key (text, LINE (i), &rest);
      if (key == NULL || !g_str_equal (key, name))
        continue;

      *first = i;
      for (*end = i + 1; *end <= mapping->last; (*end)++)
        {
          if (LINE (*end)->indent == G_MAXUINT || LINE (*end)->indent <= mapping->child_indent)
            break;
        }
      return TRUE;
    }

  return FALSE;
}

static void
append_key (GString    *out,
            const char *key)
{
  for (const char *p = key; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
        {
          mcp_json_write_string (key, out);
          return;
        }
    }
  g_string_append (out, key);
}

static void
render_members (JsonObject *object,
                const char *indent,
                const char *unit,
                const char *newline,
                GString    *out)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);

      g_string_append (out, indent);
      append_key (out, l->data);
      g_string_append_c (out, ':');
      if (JSON_NODE_HOLDS_OBJECT (value) && json_object_get_size (json_node_get_object (value)) > 0)
        {
          g_autofree char *inner = g_strconcat (indent, unit, NULL);

          g_string_append (out, newline);
          render_members (json_node_get_object (value), inner, unit, newline, out);
        }
      else
        {
          g_string_append_c (out, ' ');
          /* JSON's strings, arrays and scalars are YAML's flow style */
          _tether_client_json_render (value, "", "", "", out);
          g_string_append (out, newline);
        }
    }
}

void
_tether_client_yaml_render (const char *name,
                            JsonObject *entry,
                            const char *indent,
                            const char *unit,
                            const char *newline,
                            GString    *out)
{
  g_autofree char *inner = g_strconcat (indent, unit, NULL);

  g_string_append (out, indent);
  append_key (out, name);
  g_string_append_c (out, ':');
  g_string_append (out, newline);
  render_members (entry, inner, unit, newline, out);
}

char *
_tether_client_yaml_add_entry (const char  *text,
                               gsize        length,
                               const char  *map,
                               const char  *name,
                               JsonObject  *entry,
                               GError     **error)
{
  const char *newline = _tether_client_text_newline (text, length);
  g_autofree char *unit = _tether_client_text_indent_unit (text, length);
  g_auto(Mapping) mapping = { 0 };
  g_autoptr(GString) insert = g_string_new (NULL);
  g_autofree char *indent = NULL;
  gsize at;

  if (!find_mapping (text, length, map, &mapping, error))
    return NULL;

  if (mapping.map_line == G_MAXUINT)
    {
      at = length;
      if (length > 0 && text[length - 1] != '\n')
        g_string_append (insert, newline);
      append_key (insert, map);
      g_string_append_c (insert, ':');
      g_string_append (insert, newline);
      indent = g_strdup (unit);
    }
  else
    {
      Line *last = &g_array_index (mapping.lines, Line, mapping.last);

      at = last->end;
      if (at > 0 && text[at - 1] != '\n')
        g_string_append (insert, newline);
      if (mapping.child_indent > 0)
        indent = g_strnfill (mapping.child_indent, ' ');   /* YAML indents with spaces */
      else
        indent = g_strdup (unit);
    }

  _tether_client_yaml_render (name, entry, indent, unit, newline, insert);

  return _tether_client_text_splice (text, length, at, at, insert->str);
}

char *
_tether_client_yaml_remove_entry (const char  *text,
                                  gsize        length,
                                  const char  *map,
                                  const char  *name,
                                  gboolean     drop_empty,
                                  GError     **error)
{
  g_auto(Mapping) mapping = { 0 };
  GArray *lines;
  guint first, end;
  gsize start, stop;
  gboolean alone = TRUE;

  if (!find_mapping (text, length, map, &mapping, error))
    return NULL;
  lines = mapping.lines;

  if (!find_entry (text, &mapping, name, &first, &end))
    return g_strndup (text, length);

  start = LINE (first)->start;
  stop = end < lines->len ? LINE (end)->start : length;

  for (guint i = mapping.map_line + 1; i <= mapping.last && alone; i++)
    {
      if ((i < first || i >= end) && LINE (i)->indent != G_MAXUINT && LINE (i)->first != '#')
        alone = FALSE;
    }

  /* Only the lines between the mapping's key and the entry: nothing else */
  if (drop_empty && alone && first == mapping.map_line + 1)
    start = LINE (mapping.map_line)->start;

  return _tether_client_text_splice (text, length, start, stop, "");
}

char *
_tether_client_yaml_set_key (const char  *text,
                             gsize        length,
                             const char  *map,
                             const char  *name,
                             const char  *key,
                             JsonNode    *value,
                             GError     **error)
{
  const char *newline = _tether_client_text_newline (text, length);
  g_auto(Mapping) mapping = { 0 };
  g_autoptr(GString) line = g_string_new (NULL);
  GArray *lines;
  guint first, end, indent;
  gsize at, stop;

  if (!find_mapping (text, length, map, &mapping, error))
    return NULL;
  lines = mapping.lines;

  if (!find_entry (text, &mapping, name, &first, &end) || end == first + 1)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("the entry “%s” is not written in block style"), name);
      return NULL;
    }

  indent = LINE (first + 1)->indent;
  at = stop = LINE (first)->end;
  for (guint i = first + 1; i < end; i++)
    {
      const char *rest = NULL;
      g_autofree char *found = NULL;

      if (LINE (i)->indent != indent)
        continue;
      found = line_key (text, LINE (i), &rest);
      if (found != NULL && g_str_equal (found, key))
        {
          at = LINE (i)->start;
          stop = LINE (i)->end;
          break;
        }
    }

  if (value != NULL)
    {
      g_autoptr(JsonObject) object = json_object_new ();

      json_object_set_member (object, key, json_node_ref (value));
      {
        g_autofree char *spaces = g_strndup (text + LINE (first + 1)->start, indent);

        render_members (object, spaces, "", newline, line);
      }
    }

  return _tether_client_text_splice (text, length, at, stop, line->str);
}
