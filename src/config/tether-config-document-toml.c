/* tether-config-document-toml.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A strict reader for the TOML that Codex's config.toml uses, building the
 * same JsonNode tree as the JSON reader. See tether-config-document.h for
 * what is accepted; everything else is refused with its line and column. */

#define G_LOG_DOMAIN "tether-config-document"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-config-document-private.h"

typedef enum
{
  TABLE_IMPLICIT = 1,  /* created as the parent of a header: [a] may still come */
  TABLE_HEADER,        /* defined by a [header] */
  TABLE_DOTTED,        /* created by a dotted key: a = 1 under [x] made x.a */
  TABLE_INLINE,        /* an inline table: closed for good */
} TableKind;

typedef struct
{
  TetherConfigDocument *doc;
  const char           *p;
  const char           *end;
  guint                 line;
  const char           *line_start;
  TetherColumn          column;
  GHashTable           *tables;     /* position → TableKind */
  guint                 nodes;
  GError               *error;
} Toml;

static guint
toml_column (Toml       *toml,
             const char *at)
{
  return _tether_column_at (&toml->column, toml->line_start, at);
}

static TableKind
table_kind (Toml  *toml,
            guint  position)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (toml->tables, GUINT_TO_POINTER (position)));
}

static void
set_table_kind (Toml      *toml,
                guint      position,
                TableKind  kind)
{
  g_hash_table_insert (toml->tables, GUINT_TO_POINTER (position), GUINT_TO_POINTER (kind));
}

static void toml_fail (Toml              *toml,
                       TetherConfigError  code,
                       const char        *at,
                       const char        *format,
                       ...) G_GNUC_PRINTF (4, 5);

static void
toml_fail (Toml              *toml,
           TetherConfigError  code,
           const char        *at,
           const char        *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (toml->error != NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  toml->error = _tether_config_document_error (toml->doc, code, toml->line,
                                               toml_column (toml, at), "%s", message);
}

static void
toml_fail_limit (Toml                      *toml,
                 const char                *at,
                 TetherConfigDocumentLimit  limit)
{
  if (toml->error == NULL)
    toml->error = _tether_config_document_limit_error (toml->doc, limit, toml->line,
                                                       toml_column (toml, at));
}

/* Counts one value; FALSE past the limit. */
static gboolean
toml_count (Toml       *toml,
            const char *at)
{
  if (++toml->nodes > TETHER_READ_MAX_NODES)
    {
      toml_fail_limit (toml, at, TETHER_CONFIG_DOCUMENT_LIMIT_NODES);
      return FALSE;
    }

  return TRUE;
}

static void
toml_fail_expected (Toml       *toml,
                    const char *expected)
{
  g_autofree char *found = _tether_config_document_describe_char (toml->p, toml->end);

  toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, toml->p, _("expected %s, found %s"), expected, found);
}

static void
toml_skip_spaces (Toml *toml)
{
  while (toml->p < toml->end && (*toml->p == ' ' || *toml->p == '\t'))
    toml->p++;
}

static void
toml_newline (Toml *toml)
{
  g_assert (*toml->p == '\n');
  toml->p++;
  toml->line++;
  toml->line_start = toml->p;
}

static void
toml_skip_comment (Toml *toml)
{
  if (toml->p < toml->end && *toml->p == '#')
    {
      while (toml->p < toml->end && *toml->p != '\n')
        toml->p++;
    }
}

/* Spaces, comments and newlines (between array elements, between lines). */
static void
toml_skip_blank (Toml *toml)
{
  for (;;)
    {
      toml_skip_spaces (toml);
      toml_skip_comment (toml);
      if (toml->p < toml->end && *toml->p == '\r' && toml->p + 1 < toml->end && toml->p[1] == '\n')
        toml->p++;
      if (toml->p < toml->end && *toml->p == '\n')
        toml_newline (toml);
      else
        break;
    }
}

/* After a value or a header: spaces, an optional comment, then a newline. */
static gboolean
toml_end_of_line (Toml *toml)
{
  toml_skip_spaces (toml);
  toml_skip_comment (toml);
  if (toml->p < toml->end && *toml->p == '\r')
    toml->p++;
  if (toml->p >= toml->end)
    return TRUE;
  if (*toml->p == '\n')
    {
      toml_newline (toml);
      return TRUE;
    }

  toml_fail_expected (toml, _("the end of the line"));

  return FALSE;
}

static gboolean
read_hex (const char *p,
          const char *end,
          guint       n,
          gunichar   *out)
{
  *out = 0;
  if ((gsize)(end - p) < n)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isxdigit (p[i]))
        return FALSE;
      *out = (*out << 4) | g_ascii_xdigit_value (p[i]);
    }

  return TRUE;
}

static char *
toml_parse_string (Toml *toml)
{
  const char quote = *toml->p;
  const char *start = toml->p;
  GString *out;

  if (toml->end - toml->p >= 3 && toml->p[1] == quote && toml->p[2] == quote)
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, toml->p,
                 _("multi-line strings (%c%c%c) are not supported here"), quote, quote, quote);
      return NULL;
    }

  out = g_string_new (NULL);
  toml->p++;

  while (toml->p < toml->end && *toml->p != quote)
    {
      guchar c = *toml->p;

      if (c == '\n' || c == '\r')
        {
          toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, start,
                     _("this string is not closed before the end of the line"));
          goto fail;
        }
      if ((c < 0x20 && c != '\t') || c == 0x7F)
        {
          toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, toml->p,
                     _("control character U+%04X inside a string"), c);
          goto fail;
        }

      if (out->len >= TETHER_READ_MAX_STRING_LENGTH)
        {
          toml_fail_limit (toml, start, TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH);
          goto fail;
        }

      if (c != '\\' || quote == '\'')
        {
          g_string_append_c (out, c);
          toml->p++;
          continue;
        }

      if (toml->p + 1 >= toml->end)
        break;

      switch (toml->p[1])
        {
        case 'b': g_string_append_c (out, '\b'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case '"': g_string_append_c (out, '"'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        case 'u':
        case 'U':
          {
            guint n = toml->p[1] == 'u' ? 4 : 8;
            gunichar u;

            if (!read_hex (toml->p + 2, toml->end, n, &u) || u == 0 || u > 0x10FFFF ||
                (u >= 0xD800 && u < 0xE000))
              {
                toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, toml->p,
                           _("“\\%c” must be followed by %u hexadecimal digits naming a Unicode character"),
                           toml->p[1], n);
                goto fail;
              }
            g_string_append_unichar (out, u);
            toml->p += n;
          }
          break;
        default:
          {
            g_autofree char *found = _tether_config_document_describe_char (toml->p + 1, toml->end);

            toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, toml->p,
                       _("invalid escape “\\%s” in a string"), found);
            goto fail;
          }
        }
      toml->p += 2;
    }

  if (toml->p >= toml->end)
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, start,
                 _("this string is not closed before the end of the file"));
      goto fail;
    }

  toml->p++;

  return g_string_free (out, FALSE);

fail:
  g_string_free (out, TRUE);
  return NULL;
}

static gboolean
is_bare_key_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-';
}

/* A dotted key: a.b."c d".'e', starting @depth levels down. Returns the
 * parts, or NULL on error (more parts than levels left is one). */
static GPtrArray *
toml_parse_key (Toml  *toml,
                guint  depth)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (;;)
    {
      toml_skip_spaces (toml);
      if (depth + parts->len >= TETHER_READ_MAX_DEPTH)
        {
          toml_fail_limit (toml, toml->p, TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH);
          return NULL;
        }
      if (toml->p < toml->end && (*toml->p == '"' || *toml->p == '\''))
        {
          char *part = toml_parse_string (toml);

          if (part == NULL)
            return NULL;
          g_ptr_array_add (parts, part);
        }
      else if (toml->p < toml->end && is_bare_key_char (*toml->p))
        {
          const char *start = toml->p;

          while (toml->p < toml->end && is_bare_key_char (*toml->p))
            toml->p++;
          if (toml->p - start > TETHER_READ_MAX_STRING_LENGTH)
            {
              toml_fail_limit (toml, start, TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH);
              return NULL;
            }
          g_ptr_array_add (parts, g_strndup (start, toml->p - start));
        }
      else
        {
          toml_fail_expected (toml, _("a key"));
          return NULL;
        }

      toml_skip_spaces (toml);
      if (toml->p < toml->end && *toml->p == '.')
        toml->p++;
      else
        return g_steal_pointer (&parts);
    }
}

static char *
key_join (GPtrArray *parts,
          guint      upto)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < upto; i++)
    {
      if (i > 0)
        g_string_append_c (out, '.');
      g_string_append (out, g_ptr_array_index (parts, i));
    }

  return g_string_free (out, FALSE);
}

/* Walks @parts below @object, creating tables; returns the last table,
 * its position in @position. Each step is one lookup, whatever the depth. */
static JsonObject *
toml_descend (Toml        *toml,
              JsonObject  *object,
              guint       *position,
              GPtrArray   *parts,
              guint        n,
              TableKind    create_as,
              const char  *at)
{
  for (guint i = 0; i < n; i++)
    {
      const char *key = g_ptr_array_index (parts, i);
      JsonNode *node = json_object_get_member (object, key);
      TableKind kind;

      if (node == NULL)
        {
          JsonObject *child;

          if (!toml_count (toml, at))
            return NULL;
          child = json_object_new ();
          json_object_set_object_member (object, key, child);
          *position = _tether_config_document_add_position (toml->doc, *position, key, toml->line,
                                                            toml_column (toml, at));
          set_table_kind (toml, *position, create_as);
          object = child;
          continue;
        }

      *position = _tether_config_document_find_position (toml->doc, *position, key);
      kind = table_kind (toml, *position);
      if (!JSON_NODE_HOLDS_OBJECT (node) || kind == TABLE_INLINE)
        {
          g_autofree char *name = key_join (parts, i + 1);

          toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, at,
                     JSON_NODE_HOLDS_OBJECT (node)
                     ? _("“%s” is an inline table and cannot be extended")
                     : _("“%s” already has a value that is not a table"),
                     name);
          return NULL;
        }
      object = json_node_get_object (node);
    }

  return object;
}

static JsonNode *toml_parse_value (Toml  *toml,
                                   guint  position,
                                   guint  depth);

/* key = value in @table, which is @depth levels down (the root is 1). */
static gboolean
toml_parse_key_value (Toml       *toml,
                      JsonObject *table,
                      guint       table_position,
                      guint       depth)
{
  g_autoptr(GPtrArray) parts = NULL;
  guint position = table_position;
  const char *key_start;
  const char *key;
  JsonObject *object;
  JsonNode *value;
  guint line, column;

  toml_skip_spaces (toml);
  key_start = toml->p;
  line = toml->line;
  column = toml_column (toml, key_start);

  parts = toml_parse_key (toml, depth);
  if (parts == NULL)
    return FALSE;

  object = toml_descend (toml, table, &position, parts, parts->len - 1, TABLE_DOTTED, key_start);
  if (object == NULL)
    return FALSE;

  key = g_ptr_array_index (parts, parts->len - 1);
  if (json_object_has_member (object, key))
    {
      g_autofree char *name = key_join (parts, parts->len);

      toml_fail (toml, TETHER_CONFIG_ERROR_DUPLICATE_KEY, key_start,
                 _("the key “%s” is defined twice"), name);
      return FALSE;
    }
  position = _tether_config_document_add_position (toml->doc, position, key, line, column);

  toml_skip_spaces (toml);
  if (toml->p >= toml->end || *toml->p != '=')
    {
      toml_fail_expected (toml, _("“=” after the key"));
      return FALSE;
    }
  toml->p++;
  toml_skip_spaces (toml);

  value = toml_parse_value (toml, position, depth + parts->len);
  if (value == NULL)
    return FALSE;
  json_object_set_member (object, key, value);

  return TRUE;
}

static JsonNode *
toml_parse_integer (Toml *toml)
{
  const char *start = toml->p;
  const char *p = toml->p;
  g_autoptr(GString) digits = g_string_new (NULL);
  gint64 value;

  if (*p == '+' || *p == '-')
    g_string_append_c (digits, *p++);

  if (p + 3 <= toml->end && (strncmp (p, "inf", 3) == 0 || strncmp (p, "nan", 3) == 0))
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, start,
                 _("floating-point numbers are not supported here"));
      return NULL;
    }

  if (p + 1 < toml->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'o' || p[1] == 'b'))
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, start,
                 _("only decimal integers are supported here"));
      return NULL;
    }

  while (p < toml->end && (g_ascii_isdigit (*p) || *p == '_'))
    {
      if (*p == '_' && (p == start || !g_ascii_isdigit (p[-1]) || p + 1 >= toml->end ||
                        !g_ascii_isdigit (p[1])))
        {
          toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, p,
                     _("an underscore in a number must stand between two digits"));
          return NULL;
        }
      if (*p != '_')
        g_string_append_c (digits, *p);
      p++;
    }

  if (p < toml->end && (*p == '.' || *p == 'e' || *p == 'E'))
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, start,
                 _("floating-point numbers are not supported here"));
      return NULL;
    }
  if (p < toml->end && (*p == '-' || *p == ':' || *p == 'T'))
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, start,
                 _("dates and times are not supported here"));
      return NULL;
    }

  {
    const char *first = digits->str + (digits->str[0] == '+' || digits->str[0] == '-');

    if (*first == '\0')
      {
        toml->p = p;
        toml_fail_expected (toml, _("a digit"));
        return NULL;
      }
    if (first[0] == '0' && first[1] != '\0')
      {
        toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, start,
                   _("an integer must not start with a zero"));
        return NULL;
      }
  }

  errno = 0;
  value = g_ascii_strtoll (digits->str, NULL, 10);
  if (errno != 0)
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, start,
                 _("this integer does not fit in 64 bits"));
      return NULL;
    }

  toml->p = p;

  return json_node_init_int (json_node_alloc (), value);
}

static JsonNode *
toml_parse_array (Toml  *toml,
                  guint  position)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_array_unref (array);
  toml->p++;

  for (guint i = 0; ; i++)
    {
      char *string;

      toml_skip_blank (toml);
      if (toml->p < toml->end && *toml->p == ']')
        {
          toml->p++;
          return node;
        }

      if (toml->p >= toml->end)
        {
          toml_fail_expected (toml, _("a string or “]”"));
          goto fail;
        }
      if (*toml->p != '"' && *toml->p != '\'')
        {
          toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, toml->p,
                     _("only arrays of strings are supported here"));
          goto fail;
        }

      if (!toml_count (toml, toml->p))
        goto fail;
      _tether_config_document_add_element (toml->doc, position, i, toml->line,
                                           toml_column (toml, toml->p));
      string = toml_parse_string (toml);
      if (string == NULL)
        goto fail;
      json_array_add_string_element (array, string);
      g_free (string);

      toml_skip_blank (toml);
      if (toml->p < toml->end && *toml->p == ',')
        {
          toml->p++;
          continue;
        }
      if (toml->p < toml->end && *toml->p == ']')
        {
          toml->p++;
          return node;
        }
      toml_fail_expected (toml, _("“,” or “]” after an array element"));
      goto fail;
    }

fail:
  json_node_unref (node);
  return NULL;
}

/* { … } at @position, @depth levels down. */
static JsonNode *
toml_parse_inline_table (Toml  *toml,
                         guint  position,
                         guint  depth)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  json_object_unref (object);
  set_table_kind (toml, position, TABLE_INLINE);
  toml->p++;
  toml_skip_spaces (toml);

  if (toml->p < toml->end && *toml->p == '}')
    {
      toml->p++;
      return node;
    }

  for (;;)
    {
      if (!toml_parse_key_value (toml, object, position, depth))
        goto fail;

      toml_skip_spaces (toml);
      if (toml->p < toml->end && *toml->p == ',')
        {
          toml->p++;
          toml_skip_spaces (toml);
          if (toml->p < toml->end && *toml->p == '}')
            {
              toml_fail (toml, TETHER_CONFIG_ERROR_SYNTAX, toml->p,
                         _("an inline table must not end with a comma"));
              goto fail;
            }
          continue;
        }
      if (toml->p < toml->end && *toml->p == '}')
        {
          toml->p++;
          return node;
        }
      toml_fail_expected (toml, (toml->p < toml->end && (*toml->p == '\n' || *toml->p == '\r'))
                                ? _("“,” or “}” on the same line (an inline table is one line)")
                                : _("“,” or “}” after a key/value pair"));
      goto fail;
    }

fail:
  json_node_unref (node);
  return NULL;
}

/* The value at @position, @depth levels down. */
static JsonNode *
toml_parse_value (Toml  *toml,
                  guint  position,
                  guint  depth)
{
  char c;

  if (toml->p >= toml->end)
    {
      toml_fail_expected (toml, _("a value"));
      return NULL;
    }

  if (!toml_count (toml, toml->p))
    return NULL;

  c = *toml->p;
  if (c == '"' || c == '\'')
    {
      g_autofree char *string = toml_parse_string (toml);

      return string != NULL ? json_node_init_string (json_node_alloc (), string) : NULL;
    }

  if (c == '[')
    return toml_parse_array (toml, position);

  if (c == '{')
    return toml_parse_inline_table (toml, position, depth);

  if (toml->end - toml->p >= 4 && strncmp (toml->p, "true", 4) == 0 &&
      (toml->p + 4 == toml->end || !is_bare_key_char (toml->p[4])))
    {
      toml->p += 4;
      return json_node_init_boolean (json_node_alloc (), TRUE);
    }

  if (toml->end - toml->p >= 5 && strncmp (toml->p, "false", 5) == 0 &&
      (toml->p + 5 == toml->end || !is_bare_key_char (toml->p[5])))
    {
      toml->p += 5;
      return json_node_init_boolean (json_node_alloc (), FALSE);
    }

  if (c == '+' || c == '-' || g_ascii_isdigit (c) ||
      (toml->end - toml->p >= 3 && (strncmp (toml->p, "inf", 3) == 0 || strncmp (toml->p, "nan", 3) == 0)))
    return toml_parse_integer (toml);

  toml_fail_expected (toml, _("a value (a string, an integer, a boolean, an array or an inline table)"));

  return NULL;
}

/* [a.b] — returns the table the following key/values go to, its position
 * in @position and its depth in @depth. */
static JsonObject *
toml_parse_header (Toml       *toml,
                   JsonObject *root,
                   guint      *position,
                   guint      *depth)
{
  g_autoptr(GPtrArray) parts = NULL;
  const char *start = toml->p;
  JsonObject *parent;
  JsonObject *table;

  if (toml->p + 1 < toml->end && toml->p[1] == '[')
    {
      toml_fail (toml, TETHER_CONFIG_ERROR_UNSUPPORTED, toml->p,
                 _("arrays of tables ([[…]]) are not supported here"));
      return NULL;
    }

  toml->p++;
  parts = toml_parse_key (toml, 1);
  if (parts == NULL)
    return NULL;

  if (toml->p >= toml->end || *toml->p != ']')
    {
      toml_fail_expected (toml, _("“]” to close the table header"));
      return NULL;
    }
  toml->p++;

  *position = TETHER_CONFIG_DOCUMENT_ROOT;
  *depth = 1 + parts->len;
  parent = toml_descend (toml, root, position, parts, parts->len - 1, TABLE_IMPLICIT, start + 1);
  if (parent == NULL)
    return NULL;

  {
    const char *key = g_ptr_array_index (parts, parts->len - 1);
    JsonNode *node = json_object_get_member (parent, key);

    if (node == NULL)
      {
        if (!toml_count (toml, start))
          return NULL;
        table = json_object_new ();
        json_object_set_object_member (parent, key, table);
      }
    else
      {
        /* Only a table made as the parent of an earlier header may be
         * defined now. */
        TableKind kind = table_kind (toml, _tether_config_document_find_position (toml->doc, *position, key));

        if (!JSON_NODE_HOLDS_OBJECT (node) || kind != TABLE_IMPLICIT)
          {
            g_autofree char *name = key_join (parts, parts->len);

            toml_fail (toml, TETHER_CONFIG_ERROR_DUPLICATE_KEY, start,
                       kind == TABLE_HEADER
                       ? _("the table [%s] is defined twice")
                       : _("the table [%s] is defined twice (it already has a value)"),
                       name);
            return NULL;
          }
        table = json_node_get_object (node);
      }

    *position = _tether_config_document_add_position (toml->doc, *position, key, toml->line,
                                                      toml_column (toml, start + 1));
    set_table_kind (toml, *position, TABLE_HEADER);
  }

  if (!toml_end_of_line (toml))
    return NULL;

  return table;
}

/**
 * tether_config_document_parse_toml:
 * @text: TOML text, UTF-8
 * @length: length of @text, or -1 if nul-terminated
 * @file_name: (nullable): the name errors give the document
 * @error: return location for an error
 *
 * Parses the TOML subset described in #TetherConfigDocument. Syntax errors
 * are %TETHER_CONFIG_ERROR_SYNTAX, keys and tables defined twice
 * %TETHER_CONFIG_ERROR_DUPLICATE_KEY, valid TOML outside the subset
 * %TETHER_CONFIG_ERROR_UNSUPPORTED; each names the line and column.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL on error
 */
TetherConfigDocument *
tether_config_document_parse_toml (const char  *text,
                                   gssize       length,
                                   const char  *file_name,
                                   GError     **error)
{
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autoptr(JsonNode) root = NULL;
  guint position = TETHER_CONFIG_DOCUMENT_ROOT;
  guint depth = 1;
  JsonObject *root_object;
  JsonObject *table;
  Toml toml = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = _tether_config_document_begin (&text, &length, TRUE, file_name, error);
  if (doc == NULL)
    return NULL;

  root_object = json_object_new ();
  root = json_node_init_object (json_node_alloc (), root_object);
  json_object_unref (root_object);

  toml.doc = doc;
  toml.p = text;
  toml.end = text + length;
  toml.line = 1;
  toml.line_start = text;
  toml.tables = g_hash_table_new (g_direct_hash, g_direct_equal);

  table = root_object;
  for (;;)
    {
      toml_skip_blank (&toml);
      if (toml.p >= toml.end)
        break;

      if (*toml.p == '[')
        table = toml_parse_header (&toml, root_object, &position, &depth);
      else if (!toml_parse_key_value (&toml, table, position, depth) || !toml_end_of_line (&toml))
        table = NULL;

      if (table == NULL)
        break;
    }

  g_hash_table_unref (toml.tables);

  if (toml.error != NULL)
    {
      g_propagate_error (error, toml.error);
      return NULL;
    }

  _tether_config_document_take_root (doc, g_steal_pointer (&root));

  return g_steal_pointer (&doc);
}
