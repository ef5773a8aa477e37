/* tether-config-document.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-document"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-config-document-private.h"

/* A value's position: where its key (or, in an array, the value itself)
 * starts. */
typedef struct
{
  guint       parent;
  guint       line;     /* 0 when not known */
  guint       column;
  const char *key;      /* the tail of its key in children */
} Position;

typedef struct
{
  guint  position;
  guint  line;
  guint  column;
  char  *pointer;       /* built when first asked for */
} Duplicate;

typedef struct
{
  guint  position;
  char  *text;
} Literal;

struct _TetherConfigDocument
{
  gatomicrefcount  ref_count;
  char            *file_name;
  JsonNode        *root;
  GArray          *positions;   /* Position, by id; the root is 0 */
  GHashTable      *children;    /* "PARENT/KEY" → id + 1 */
  GArray          *duplicates;  /* Duplicate */
  GArray          *literal_at;  /* Literal: numbers not written as they print */
  GHashTable      *literals;    /* pointer → a number's text, built when asked for */
};

G_DEFINE_BOXED_TYPE (TetherConfigDocument, tether_config_document,
                     tether_config_document_ref, tether_config_document_unref)

static void
duplicate_clear (gpointer data)
{
  Duplicate *duplicate = data;

  g_clear_pointer (&duplicate->pointer, g_free);
}

static void
literal_clear (gpointer data)
{
  Literal *literal = data;

  g_clear_pointer (&literal->text, g_free);
}

TetherConfigDocument *
_tether_config_document_new (const char *file_name)
{
  TetherConfigDocument *self = g_new0 (TetherConfigDocument, 1);
  Position root = { TETHER_CONFIG_DOCUMENT_NO_POSITION, 0, 0, "" };

  g_atomic_ref_count_init (&self->ref_count);
  self->file_name = g_strdup (file_name);
  self->positions = g_array_new (FALSE, FALSE, sizeof (Position));
  g_array_append_val (self->positions, root);
  self->children = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->literal_at = g_array_new (FALSE, FALSE, sizeof (Literal));
  g_array_set_clear_func (self->literal_at, literal_clear);
  self->duplicates = g_array_new (FALSE, FALSE, sizeof (Duplicate));
  g_array_set_clear_func (self->duplicates, duplicate_clear);

  return self;
}

void
_tether_config_document_take_root (TetherConfigDocument *self,
                                   JsonNode             *root)
{
  g_clear_pointer (&self->root, json_node_unref);
  self->root = root;
}

/* The position of @key (unescaped) under @parent, or
 * %TETHER_CONFIG_DOCUMENT_NO_POSITION. */
guint
_tether_config_document_find_position (TetherConfigDocument *self,
                                       guint                 parent,
                                       const char           *key)
{
  g_autofree char *child_key = g_strdup_printf ("%u/%s", parent, key);
  gpointer id;

  if (!g_hash_table_lookup_extended (self->children, child_key, NULL, &id))
    return TETHER_CONFIG_DOCUMENT_NO_POSITION;

  return GPOINTER_TO_UINT (id) - 1;
}

/* Records where the member @key of the value at @parent is (or, with
 * @parent %TETHER_CONFIG_DOCUMENT_NO_POSITION, where the root is); a later
 * call for the same member moves it. Returns the member's position, the
 * parent of what it holds. */
guint
_tether_config_document_add_position (TetherConfigDocument *self,
                                      guint                 parent,
                                      const char           *key,
                                      guint                 line,
                                      guint                 column)
{
  Position position = { parent, line, column, NULL };
  char *child_key;
  gpointer id;

  if (parent == TETHER_CONFIG_DOCUMENT_NO_POSITION)
    {
      g_array_index (self->positions, Position, TETHER_CONFIG_DOCUMENT_ROOT).line = line;
      g_array_index (self->positions, Position, TETHER_CONFIG_DOCUMENT_ROOT).column = column;
      return TETHER_CONFIG_DOCUMENT_ROOT;
    }

  child_key = g_strdup_printf ("%u/%s", parent, key);
  if (g_hash_table_lookup_extended (self->children, child_key, NULL, &id))
    {
      Position *known = &g_array_index (self->positions, Position, GPOINTER_TO_UINT (id) - 1);

      g_free (child_key);
      known->line = line;
      known->column = column;
      return GPOINTER_TO_UINT (id) - 1;
    }

  position.key = strchr (child_key, '/') + 1;
  g_array_append_val (self->positions, position);
  g_hash_table_insert (self->children, child_key, GUINT_TO_POINTER (self->positions->len));

  return self->positions->len - 1;
}

/* The same for element @index of an array. */
guint
_tether_config_document_add_element (TetherConfigDocument *self,
                                     guint                 parent,
                                     guint                 index,
                                     guint                 line,
                                     guint                 column)
{
  char key[16];

  g_snprintf (key, sizeof key, "%u", index);

  return _tether_config_document_add_position (self, parent, key, line, column);
}

/* Keeps the text of the number at @position, as it was written. */
void
_tether_config_document_add_literal (TetherConfigDocument *self,
                                     guint                 position,
                                     const char           *text,
                                     gsize                 length)
{
  Literal literal = { position, g_strndup (text, length) };

  g_array_append_val (self->literal_at, literal);
}

void
_tether_config_document_add_duplicate (TetherConfigDocument *self,
                                       guint                 position,
                                       guint                 line,
                                       guint                 column)
{
  Duplicate duplicate = { position, line, column, NULL };

  if (self->duplicates->len < TETHER_CONFIG_DOCUMENT_MAX_DUPLICATES)
    g_array_append_val (self->duplicates, duplicate);
}

/* The JSON pointer of a position. */
static char *
pointer_of (TetherConfigDocument *self,
            guint                 id)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autofree char *pointer = g_strdup ("");

  for (; id != TETHER_CONFIG_DOCUMENT_ROOT; id = g_array_index (self->positions, Position, id).parent)
    g_ptr_array_add (keys, (gpointer)g_array_index (self->positions, Position, id).key);

  for (guint i = keys->len; i > 0; i--)
    {
      char *longer = tether_json_pointer_append (pointer, g_ptr_array_index (keys, i - 1));

      g_free (pointer);
      pointer = longer;
    }

  return g_steal_pointer (&pointer);
}

GError *
_tether_config_document_error (TetherConfigDocument *self,
                               TetherConfigError     code,
                               guint                 line,
                               guint                 column,
                               const char           *format,
                               ...)
{
  g_autofree char *message = NULL;
  GError *error;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  error = tether_config_error_new (code, NULL, "%s", message);
  tether_config_error_locate (error, self->file_name, line, column);

  return error;
}

/* A document past one of the read limits: a located error. */
GError *
_tether_config_document_limit_error (TetherConfigDocument      *self,
                                     TetherConfigDocumentLimit  limit,
                                     guint                      line,
                                     guint                      column)
{
  switch (limit)
    {
    case TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH:
      return _tether_config_document_error (self, TETHER_CONFIG_ERROR_SYNTAX, line, column,
                                            g_dngettext (GETTEXT_PACKAGE,
                                                         "values are nested more than %d level deep",
                                                         "values are nested more than %d levels deep",
                                                         TETHER_READ_MAX_DEPTH),
                                            TETHER_READ_MAX_DEPTH);
    case TETHER_CONFIG_DOCUMENT_LIMIT_NODES:
      return _tether_config_document_error (self, TETHER_CONFIG_ERROR_TOO_LARGE, line, column,
                                            g_dngettext (GETTEXT_PACKAGE,
                                                         "the file holds more than %d value",
                                                         "the file holds more than %d values",
                                                         TETHER_READ_MAX_NODES),
                                            TETHER_READ_MAX_NODES);
    case TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH:
    default:
      {
        g_autofree char *size = g_format_size (TETHER_READ_MAX_STRING_LENGTH);

        return _tether_config_document_error (self, TETHER_CONFIG_ERROR_TOO_LARGE, line, column,
                                              _("this string is longer than %s"), size);
      }
    }
}

/* The 1-based column of @at in the line starting at @line_start: columns
 * count characters. Positions mostly move forward, so counting on from the
 * last one asked for keeps a long line (minified JSON, a TOML inline table)
 * linear; @column remembers it. */
guint
_tether_column_at (TetherColumn *column,
                   const char   *line_start,
                   const char   *at)
{
  if (column->at == NULL || column->at < line_start || at < column->at)
    {
      column->at = line_start;
      column->column = 1;
    }

  column->column += (guint)g_utf8_strlen (column->at, at - column->at);
  column->at = at;

  return column->column;
}

/* “x”, “end of file”, or “U+0007” for what the parser found at @p. */
char *
_tether_config_document_describe_char (const char *p,
                                       const char *end)
{
  gunichar c;

  if (p >= end)
    return g_strdup (_("the end of the file"));

  c = g_utf8_get_char_validated (p, end - p);
  if (c == (gunichar)-1 || c == (gunichar)-2)
    return g_strdup_printf (_("the byte 0x%02X"), (guchar)*p);
  if (c == '\n')
    return g_strdup (_("the end of the line"));
  if (g_unichar_iscntrl (c) || g_unichar_isspace (c))
    return g_strdup_printf ("U+%04X", c);

  return g_strdup_printf ("“%.*s”", (int)(g_utf8_next_char (p) - p), p);
}

/**
 * tether_json_type_name:
 * @node: (nullable): a value
 *
 * Returns: what @node is, for messages: “a number”, “an array”, “nothing”…
 */
const char *
tether_json_type_name (JsonNode *node)
{
  if (node == NULL)
    return _("nothing");

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return _("null");
    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_BOOLEAN:
          return _("a boolean");
        case G_TYPE_STRING:
          return _("a string");
        default:
          return _("a number");
        }
    }
}

static void
position_at (const char *text,
             const char *p,
             guint      *line,
             guint      *column)
{
  *line = 1;
  *column = 1;
  for (const char *q = text; q < p; q++)
    {
      if (*q == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar)*q & 0xC0) != 0x80)
        (*column)++;
    }
}

gboolean
_tether_config_document_check_utf8 (TetherConfigDocument  *self,
                                    const char            *text,
                                    gsize                  length,
                                    GError               **error)
{
  const char *bad;
  guint line, column;

  if (g_utf8_validate_len (text, length, &bad))
    return TRUE;

  position_at (text, bad, &line, &column);
  g_propagate_error (error,
                     _tether_config_document_error (self, TETHER_CONFIG_ERROR_BINARY, line, column,
                                                    _("the text is not valid UTF-8 (byte 0x%02X)"),
                                                    (guchar)*bad));

  return FALSE;
}

/* Where every reader starts: the length of @text (-1: up to its NUL), a
 * byte order mark skipped if @skip_bom, the text checked for UTF-8. Returns
 * a new document, or NULL with @error. */
TetherConfigDocument *
_tether_config_document_begin (const char  **text,
                               gssize       *length,
                               gboolean      skip_bom,
                               const char   *file_name,
                               GError      **error)
{
  g_autoptr(TetherConfigDocument) doc = _tether_config_document_new (file_name);

  if (*length < 0)
    *length = strlen (*text);

  if (skip_bom && *length >= 3 && memcmp (*text, "\xEF\xBB\xBF", 3) == 0)
    {
      *text += 3;
      *length -= 3;
    }

  if (!_tether_config_document_check_utf8 (doc, *text, *length, error))
    return NULL;

  return g_steal_pointer (&doc);
}

/**
 * tether_config_document_ref:
 * @self: a #TetherConfigDocument
 *
 * Returns: (transfer full): @self
 */
TetherConfigDocument *
tether_config_document_ref (TetherConfigDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

/**
 * tether_config_document_unref:
 * @self: (transfer full): a #TetherConfigDocument
 */
void
tether_config_document_unref (TetherConfigDocument *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_clear_pointer (&self->file_name, g_free);
  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->positions, g_array_unref);
  g_clear_pointer (&self->children, g_hash_table_unref);
  g_clear_pointer (&self->duplicates, g_array_unref);
  g_clear_pointer (&self->literal_at, g_array_unref);
  g_clear_pointer (&self->literals, g_hash_table_unref);
  g_free (self);
}

/**
 * tether_config_document_get_root:
 * @self: a #TetherConfigDocument
 *
 * Returns: (transfer none): the document's root value
 */
JsonNode *
tether_config_document_get_root (TetherConfigDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->root;
}

/**
 * tether_config_document_get_file_name:
 * @self: a #TetherConfigDocument
 *
 * Returns: (nullable): the name errors use for the document
 */
const char *
tether_config_document_get_file_name (TetherConfigDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->file_name;
}

/**
 * tether_config_document_get_position:
 * @self: a #TetherConfigDocument
 * @pointer: a JSON pointer
 * @line: (out) (optional): the 1-based line
 * @column: (out) (optional): the 1-based column
 *
 * Returns: %TRUE if the document knows where @pointer came from
 */
gboolean
tether_config_document_get_position (TetherConfigDocument *self,
                                     const char           *pointer,
                                     guint                *line,
                                     guint                *column)
{
  g_autoptr(GString) key = NULL;
  const Position *position;
  guint id = TETHER_CONFIG_DOCUMENT_ROOT;
  const char *p = pointer;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (pointer != NULL, FALSE);

  if (*p != '\0' && *p != '/')
    return FALSE;

  key = g_string_new (NULL);
  while (*p == '/')
    {
      g_string_truncate (key, 0);
      for (p++; *p != '\0' && *p != '/'; p++)
        {
          if (p[0] == '~' && (p[1] == '0' || p[1] == '1'))
            {
              g_string_append_c (key, p[1] == '0' ? '~' : '/');
              p++;
            }
          else
            g_string_append_c (key, *p);
        }

      id = _tether_config_document_find_position (self, id, key->str);
      if (id == TETHER_CONFIG_DOCUMENT_NO_POSITION)
        return FALSE;
    }

  position = &g_array_index (self->positions, Position, id);
  if (position->line == 0)
    return FALSE;

  if (line != NULL)
    *line = position->line;
  if (column != NULL)
    *column = position->column;

  return TRUE;
}

/**
 * tether_config_document_locate_error:
 * @self: a #TetherConfigDocument
 * @base: (nullable): the JSON pointer of the value the error's path is
 *   relative to (the entry given to tether_server_config_new_from_json()),
 *   or %NULL for the root
 * @error: an error of the %TETHER_CONFIG_ERROR domain
 *
 * Gives @error the file name, line and column of the value it is about:
 * @base joined with tether_config_error_get_path(), or the nearest enclosing
 * value the document knows the position of.
 */
void
tether_config_document_locate_error (TetherConfigDocument *self,
                                     const char           *base,
                                     GError               *error)
{
  g_autofree char *pointer = NULL;
  const char *relative;
  guint line = 0, column = 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (error != NULL);

  relative = tether_config_error_get_path (error);
  pointer = g_strconcat (base != NULL ? base : "", relative != NULL ? relative : "", NULL);

  for (;;)
    {
      char *slash;

      if (tether_config_document_get_position (self, pointer, &line, &column))
        break;
      slash = strrchr (pointer, '/');
      if (slash == NULL)
        break;
      *slash = '\0';
    }

  tether_config_error_locate (error, self->file_name, line, column);
}

/**
 * tether_config_document_get_n_duplicates:
 * @self: a #TetherConfigDocument
 *
 * Returns: how many keys appeared more than once in their object (the
 *   first hundred are recorded)
 */
guint
tether_config_document_get_n_duplicates (TetherConfigDocument *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->duplicates->len;
}

/**
 * tether_config_document_get_duplicate:
 * @self: a #TetherConfigDocument
 * @index: which duplicate
 * @line: (out) (optional): line of the repeated key
 * @column: (out) (optional): column of the repeated key
 *
 * Returns: (transfer none): the JSON pointer of the repeated key
 */
const char *
tether_config_document_get_duplicate (TetherConfigDocument *self,
                                      guint                 index,
                                      guint                *line,
                                      guint                *column)
{
  Duplicate *duplicate;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->duplicates->len, NULL);

  duplicate = &g_array_index (self->duplicates, Duplicate, index);
  if (duplicate->pointer == NULL)
    duplicate->pointer = pointer_of (self, duplicate->position);
  if (line != NULL)
    *line = duplicate->line;
  if (column != NULL)
    *column = duplicate->column;

  return duplicate->pointer;
}

/**
 * tether_config_document_get_literals:
 * @self: a #TetherConfigDocument
 *
 * Every number of a JSON document as it was written (`1.0`, `1e400`, `-0`,
 * an integer of 30 digits), by JSON pointer, so that a writer can give it
 * back byte for byte: the tree holds only what the text means, as a 64-bit
 * integer or a double (see mcp_json_number_new()). An integer written
 * as it prints is left out: it needs no help to come back the same. Empty
 * for TOML and YAML.
 *
 * The reader keeps positions, not pointers (a pointer per value costs
 * memory quadratic in the nesting); the table is built on the first call.
 *
 * Returns: (transfer none) (element-type utf8 utf8): pointer → literal
 */
GHashTable *
tether_config_document_get_literals (TetherConfigDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->literals == NULL)
    {
      self->literals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; i < self->literal_at->len; i++)
        {
          Literal *literal = &g_array_index (self->literal_at, Literal, i);

          g_hash_table_replace (self->literals, pointer_of (self, literal->position),
                                g_strdup (literal->text));
        }
    }

  return self->literals;
}

/* JSON pointers */

/**
 * tether_json_pointer_append:
 * @base: a JSON pointer (`""` is the root)
 * @key: an object member name
 *
 * Returns: (transfer full): @base followed by `/` and @key escaped as
 *   RFC 6901 says (`~` ⇒ `~0`, `/` ⇒ `~1`)
 */
char *
tether_json_pointer_append (const char *base,
                            const char *key)
{
  GString *out = g_string_new (base);

  g_string_append_c (out, '/');
  for (const char *p = key; *p != '\0'; p++)
    {
      if (*p == '~')
        g_string_append (out, "~0");
      else if (*p == '/')
        g_string_append (out, "~1");
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}

/**
 * tether_json_pointer_append_index:
 * @base: a JSON pointer
 * @index: an array index
 *
 * Returns: (transfer full): @base followed by `/` and @index
 */
char *
tether_json_pointer_append_index (const char *base,
                                  guint       index)
{
  return g_strdup_printf ("%s/%u", base, index);
}

/**
 * tether_json_pointer_last:
 * @pointer: a JSON pointer
 *
 * Returns: (transfer full): the last reference token, unescaped
 */
char *
tether_json_pointer_last (const char *pointer)
{
  const char *slash = strrchr (pointer, '/');
  GString *out = g_string_new (NULL);

  for (const char *p = slash != NULL ? slash + 1 : pointer; *p != '\0'; p++)
    {
      if (p[0] == '~' && (p[1] == '0' || p[1] == '1'))
        {
          g_string_append_c (out, p[1] == '0' ? '~' : '/');
          p++;
        }
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}
