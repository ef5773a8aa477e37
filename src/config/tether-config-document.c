/* tether-config-document.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-document"

#include "config.h"

#include <errno.h>
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

/* An object being read. A key may come twice (the later value counts, in
 * the earlier one's place); json-glib finds that place by a scan of every
 * member, which a file repeating keys could make quadratic, so the members
 * are gathered here and handed to json-glib once, each key once. */
struct _TetherObjectBuilder
{
  GHashTable *members;  /* key → JsonNode */
  GPtrArray  *keys;     /* in the order they first came; owned by members */
};

TetherObjectBuilder *
_tether_object_builder_new (void)
{
  TetherObjectBuilder *self = g_new0 (TetherObjectBuilder, 1);

  self->members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)json_node_unref);
  self->keys = g_ptr_array_new ();

  return self;
}

void
_tether_object_builder_free (TetherObjectBuilder *self)
{
  g_hash_table_unref (self->members);
  g_ptr_array_unref (self->keys);
  g_free (self);
}

gboolean
_tether_object_builder_has (TetherObjectBuilder *self,
                            const char          *key)
{
  return g_hash_table_contains (self->members, key);
}

/* Sets @key to @value, taking it. */
void
_tether_object_builder_set (TetherObjectBuilder *self,
                            const char          *key,
                            JsonNode            *value)
{
  char *copy = g_strdup (key);

  if (!g_hash_table_contains (self->members, key))
    g_ptr_array_add (self->keys, copy);
  /* A key already there keeps its first copy; this one is freed. */
  g_hash_table_insert (self->members, copy, value);
}

/* The object, as a new node; frees @self. */
JsonNode *
_tether_object_builder_end (TetherObjectBuilder *self)
{
  g_autoptr(JsonObject) object = json_object_new ();

  for (guint i = 0; i < self->keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->keys, i);

      json_object_set_member (object, key, json_node_ref (g_hash_table_lookup (self->members, key)));
    }
  _tether_object_builder_free (self);

  return json_node_init_object (json_node_alloc (), object);
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
                                            _("values are nested more than %d levels deep"),
                                            TETHER_READ_MAX_DEPTH);
    case TETHER_CONFIG_DOCUMENT_LIMIT_NODES:
      return _tether_config_document_error (self, TETHER_CONFIG_ERROR_TOO_LARGE, line, column,
                                            _("the file holds more than %d values"),
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

/* “a number”, “an array”…: what a value is, for messages. */
const char *
_tether_json_type_name (JsonNode *node)
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
 * integer or a double (see tether_json_number_new()). An integer written
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

/**
 * tether_json_number_new:
 * @literal: a JSON number, as RFC 8259 spells it
 * @length: its length in bytes
 *
 * What the JSON reader makes of a number: a 64-bit integer if @literal has
 * neither fraction nor exponent and fits, else the nearest double (infinite
 * beyond the range of doubles).
 *
 * Returns: (transfer full): a value node
 */
JsonNode *
tether_json_number_new (const char *literal,
                        gsize       length)
{
  g_autofree char *text = g_strndup (literal, length);

  if (strpbrk (text, ".eE") == NULL)
    {
      gint64 value;

      errno = 0;
      value = g_ascii_strtoll (text, NULL, 10);
      if (errno == 0)
        return json_node_init_int (json_node_alloc (), value);
    }

  return json_node_init_double (json_node_alloc (), g_ascii_strtod (text, NULL));
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

/* JSONC */

/* Skips white space and comments; returns where the next token starts. */
const char *
_tether_config_document_skip_blank (const char *p,
                                    const char *end)
{
  while (p < end)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
      else if (p + 1 < end && p[0] == '/' && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
        }
      else if (p + 1 < end && p[0] == '/' && p[1] == '*')
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "*/");

          p = close != NULL ? close + 2 : end;
        }
      else
        break;
    }

  return p;
}

static void
blank (GString    *out,
       const char *from,
       const char *to)
{
  /* One space per character, newlines kept: columns count characters. */
  for (const char *p = from; p < to; p++)
    {
      if (*p == '\n' || *p == '\r')
        g_string_append_c (out, *p);
      else if (((guchar)*p & 0xC0) != 0x80)
        g_string_append_c (out, ' ');
    }
}

/**
 * tether_config_document_strip_jsonc:
 * @text: JSON with comments (JSONC), UTF-8
 * @length: length of @text in bytes
 *
 * The JSONC pre-pass: outside strings, replaces line comments, block
 * comments and the commas before a `}` or `]` with spaces, one per
 * character, keeping every newline, so that each remaining character keeps
 * its line and column. An unterminated block comment is blanked to the end.
 * The result is plain JSON for any parser, json-glib included.
 *
 * Returns: (transfer full): the text without comments and trailing commas
 */
char *
tether_config_document_strip_jsonc (const char *text,
                                    gsize       length)
{
  const char *end = text + length;
  GString *out = g_string_sized_new (length + 1);
  const char *p = text;

  while (p < end)
    {
      if (*p == '"')
        {
          const char *start = p++;

          while (p < end && *p != '"' && *p != '\n')
            p += (*p == '\\' && p + 1 < end) ? 2 : 1;
          if (p < end && *p == '"')
            p++;
          g_string_append_len (out, start, p - start);
        }
      else if (p + 1 < end && p[0] == '/' && (p[1] == '/' || p[1] == '*'))
        {
          const char *next;

          if (p[1] == '/')
            {
              next = p;
              while (next < end && *next != '\n')
                next++;
            }
          else
            {
              next = g_strstr_len (p + 2, end - p - 2, "*/");
              next = next != NULL ? next + 2 : end;
            }
          blank (out, p, next);
          p = next;
        }
      else if (*p == ',')
        {
          const char *next = _tether_config_document_skip_blank (p + 1, end);

          if (next < end && (*next == '}' || *next == ']'))
            g_string_append_c (out, ' ');
          else
            g_string_append_c (out, ',');
          p++;
        }
      else
        g_string_append_c (out, *p++);
    }

  return g_string_free (out, FALSE);
}

/* A strict JSON parser that knows where everything came from. */

typedef struct
{
  TetherConfigDocument *doc;
  const char           *text;
  const char           *p;
  const char           *end;
  guint                 line;
  const char           *line_start;
  TetherColumn          column;
  guint                 depth;
  guint                 nodes;
  GError               *error;
} Parser;

static guint
parser_column (Parser     *parser,
               const char *at)
{
  return _tether_column_at (&parser->column, parser->line_start, at);
}

static void
parser_fail (Parser     *parser,
             const char *at,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static void
parser_fail (Parser     *parser,
             const char *at,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (parser->error != NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  parser->error = _tether_config_document_error (parser->doc, TETHER_CONFIG_ERROR_SYNTAX,
                                                 parser->line, parser_column (parser, at),
                                                 "%s", message);
}

static void
parser_fail_limit (Parser                    *parser,
                   const char                *at,
                   TetherConfigDocumentLimit  limit)
{
  if (parser->error == NULL)
    parser->error = _tether_config_document_limit_error (parser->doc, limit, parser->line,
                                                         parser_column (parser, at));
}

static void
parser_fail_expected (Parser     *parser,
                      const char *expected)
{
  g_autofree char *found = _tether_config_document_describe_char (parser->p, parser->end);

  /* Translators: expected “,” or “}”, found “"” */
  parser_fail (parser, parser->p, _("expected %s, found %s"), expected, found);
}

static void
parser_skip_ws (Parser *parser)
{
  while (parser->p < parser->end)
    {
      char c = *parser->p;

      if (c == '\n')
        {
          parser->line++;
          parser->line_start = parser->p + 1;
        }
      else if (c != ' ' && c != '\t' && c != '\r')
        break;
      parser->p++;
    }
}

static gboolean
read_hex4 (const char *p,
           const char *end,
           gunichar   *out)
{
  *out = 0;
  if (end - p < 4)
    return FALSE;

  for (guint i = 0; i < 4; i++)
    {
      if (!g_ascii_isxdigit (p[i]))
        return FALSE;
      *out = (*out << 4) | g_ascii_xdigit_value (p[i]);
    }

  return TRUE;
}

static char *
parse_string (Parser *parser)
{
  GString *out = g_string_new (NULL);
  const char *start = parser->p;

  g_assert (*parser->p == '"');
  parser->p++;

  while (parser->p < parser->end && *parser->p != '"')
    {
      guchar c = *parser->p;

      if (c < 0x20)
        {
          if (c == '\n')
            parser_fail (parser, start, _("this string is not closed before the end of the line"));
          else
            parser_fail (parser, parser->p, _("control character U+%04X inside a string (write it as an escape)"), c);
          goto fail;
        }

      if (out->len >= TETHER_READ_MAX_STRING_LENGTH)
        {
          parser_fail_limit (parser, start, TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH);
          goto fail;
        }

      if (c != '\\')
        {
          g_string_append_c (out, c);
          parser->p++;
          continue;
        }

      if (parser->p + 1 >= parser->end)
        break;

      switch (parser->p[1])
        {
        case '"': g_string_append_c (out, '"'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        case '/': g_string_append_c (out, '/'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'u':
          {
            gunichar u, low;

            if (!read_hex4 (parser->p + 2, parser->end, &u))
              {
                parser_fail (parser, parser->p, _("“\\u” must be followed by four hexadecimal digits"));
                goto fail;
              }
            parser->p += 4;
            if (u >= 0xD800 && u < 0xDC00 && parser->p + 7 < parser->end &&
                parser->p[2] == '\\' && parser->p[3] == 'u' &&
                read_hex4 (parser->p + 4, parser->end, &low) && low >= 0xDC00 && low < 0xE000)
              {
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                parser->p += 6;
              }
            else if (u >= 0xD800 && u < 0xE000)
              u = 0xFFFD;
            if (u == 0)
              {
                parser_fail (parser, parser->p, _("a string must not contain U+0000"));
                goto fail;
              }
            g_string_append_unichar (out, u);
          }
          break;
        default:
          {
            g_autofree char *found = _tether_config_document_describe_char (parser->p + 1, parser->end);

            parser_fail (parser, parser->p, _("invalid escape “\\%s” in a string"), found);
            goto fail;
          }
        }
      parser->p += 2;
    }

  if (parser->p >= parser->end)
    {
      parser_fail (parser, start, _("this string is not closed before the end of the file"));
      goto fail;
    }

  parser->p++;

  return g_string_free (out, FALSE);

fail:
  g_string_free (out, TRUE);
  return NULL;
}

static JsonNode *
parse_number (Parser *parser)
{
  const char *start = parser->p;
  const char *p = parser->p;

  if (p < parser->end && *p == '-')
    p++;
  if (p < parser->end && *p == '0')
    p++;
  else if (p < parser->end && g_ascii_isdigit (*p))
    {
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }
  else
    {
      parser->p = p;
      parser_fail_expected (parser, _("a digit"));
      return NULL;
    }

  if (p < parser->end && *p == '.')
    {
      p++;
      if (p >= parser->end || !g_ascii_isdigit (*p))
        {
          parser->p = p;
          parser_fail_expected (parser, _("a digit after the decimal point"));
          return NULL;
        }
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }

  if (p < parser->end && (*p == 'e' || *p == 'E'))
    {
      p++;
      if (p < parser->end && (*p == '+' || *p == '-'))
        p++;
      if (p >= parser->end || !g_ascii_isdigit (*p))
        {
          parser->p = p;
          parser_fail_expected (parser, _("a digit in the exponent"));
          return NULL;
        }
      while (p < parser->end && g_ascii_isdigit (*p))
        p++;
    }

  parser->p = p;

  return tether_json_number_new (start, p - start);
}

static JsonNode *parse_value (Parser *parser,
                              guint   position);

static JsonNode *
parse_object (Parser *parser,
              guint   position)
{
  TetherObjectBuilder *members = _tether_object_builder_new ();

  parser->p++;
  parser_skip_ws (parser);

  if (parser->p < parser->end && *parser->p == '}')
    {
      parser->p++;
      return _tether_object_builder_end (members);
    }

  for (;;)
    {
      g_autofree char *key = NULL;
      guint line, column;
      guint member;
      JsonNode *value;

      parser_skip_ws (parser);
      if (parser->p >= parser->end || *parser->p != '"')
        {
          parser_fail_expected (parser, _("a member name in double quotes"));
          goto fail;
        }

      line = parser->line;
      column = parser_column (parser, parser->p);
      key = parse_string (parser);
      if (key == NULL)
        goto fail;

      member = _tether_config_document_add_position (parser->doc, position, key, line, column);
      if (_tether_object_builder_has (members, key))
        _tether_config_document_add_duplicate (parser->doc, member, line, column);

      parser_skip_ws (parser);
      if (parser->p >= parser->end || *parser->p != ':')
        {
          parser_fail_expected (parser, _("“:” after the member name"));
          goto fail;
        }
      parser->p++;

      /* A member is where its key is. */
      value = parse_value (parser, member);
      if (value == NULL)
        goto fail;
      _tether_object_builder_set (members, key, value);

      parser_skip_ws (parser);
      if (parser->p < parser->end && *parser->p == ',')
        {
          parser->p++;
          continue;
        }
      if (parser->p < parser->end && *parser->p == '}')
        {
          parser->p++;
          return _tether_object_builder_end (members);
        }
      parser_fail_expected (parser, _("“,” or “}” after an object member"));
      goto fail;
    }

fail:
  _tether_object_builder_free (members);
  return NULL;
}

/* An element, or the root, is where its value starts. */
static guint
record_value (Parser *parser,
              guint   parent,
              guint   index)
{
  parser_skip_ws (parser);
  if (parser->p >= parser->end || *parser->p == ']' || *parser->p == '}')
    return TETHER_CONFIG_DOCUMENT_NO_POSITION;

  if (parent == TETHER_CONFIG_DOCUMENT_NO_POSITION)
    return _tether_config_document_add_position (parser->doc, parent, NULL, parser->line,
                                                 parser_column (parser, parser->p));

  return _tether_config_document_add_element (parser->doc, parent, index, parser->line,
                                              parser_column (parser, parser->p));
}

static JsonNode *
parse_array (Parser *parser,
             guint   position)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_array_unref (array);
  parser->p++;
  parser_skip_ws (parser);

  if (parser->p < parser->end && *parser->p == ']')
    {
      parser->p++;
      return node;
    }

  for (guint i = 0; ; i++)
    {
      JsonNode *value = parse_value (parser, record_value (parser, position, i));

      if (value == NULL)
        goto fail;
      json_array_add_element (array, value);

      parser_skip_ws (parser);
      if (parser->p < parser->end && *parser->p == ',')
        {
          parser->p++;
          continue;
        }
      if (parser->p < parser->end && *parser->p == ']')
        {
          parser->p++;
          return node;
        }
      parser_fail_expected (parser, _("“,” or “]” after an array element"));
      goto fail;
    }

fail:
  json_node_unref (node);
  return NULL;
}

static gboolean
parse_word (Parser     *parser,
            const char *word)
{
  gsize len = strlen (word);

  if ((gsize)(parser->end - parser->p) >= len && strncmp (parser->p, word, len) == 0 &&
      (parser->p + len == parser->end || !g_ascii_isalnum (parser->p[len])))
    {
      parser->p += len;
      return TRUE;
    }

  return FALSE;
}

/* The value at parser->p, whose position (its member's, or its own) is
 * @position. */
static JsonNode *
parse_value (Parser *parser,
             guint   position)
{
  JsonNode *node = NULL;
  char c;

  parser_skip_ws (parser);
  if (parser->p >= parser->end)
    {
      parser_fail_expected (parser, _("a value"));
      return NULL;
    }

  if (++parser->nodes > TETHER_READ_MAX_NODES)
    {
      parser_fail_limit (parser, parser->p, TETHER_CONFIG_DOCUMENT_LIMIT_NODES);
      return NULL;
    }

  if (parser->depth >= TETHER_READ_MAX_DEPTH)
    {
      parser_fail_limit (parser, parser->p, TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH);
      return NULL;
    }
  parser->depth++;

  c = *parser->p;
  if (c == '{')
    node = parse_object (parser, position);
  else if (c == '[')
    node = parse_array (parser, position);
  else if (c == '"')
    {
      g_autofree char *string = parse_string (parser);

      if (string != NULL)
        node = json_node_init_string (json_node_alloc (), string);
    }
  else if (c == '-' || g_ascii_isdigit (c))
    {
      const char *start = parser->p;

      /* The tree keeps the value; the text is kept beside it, unless it
       * is an integer that prints as it was written. */
      node = parse_number (parser);
      if (node != NULL)
        {
          Literal literal = { position, g_strndup (start, parser->p - start) };
          char printed[32];

          if (json_node_get_value_type (node) == G_TYPE_INT64)
            g_snprintf (printed, sizeof printed, "%" G_GINT64_FORMAT, json_node_get_int (node));
          if (json_node_get_value_type (node) != G_TYPE_INT64 || strcmp (printed, literal.text) != 0)
            g_array_append_val (parser->doc->literal_at, literal);
          else
            g_free (literal.text);
        }
    }
  else if (parse_word (parser, "true"))
    node = json_node_init_boolean (json_node_alloc (), TRUE);
  else if (parse_word (parser, "false"))
    node = json_node_init_boolean (json_node_alloc (), FALSE);
  else if (parse_word (parser, "null"))
    node = json_node_init_null (json_node_alloc ());
  else if (c == '\'')
    parser_fail (parser, parser->p, _("strings must be in double quotes, found “'”"));
  else
    parser_fail_expected (parser, _("a value"));

  parser->depth--;

  return node;
}

/**
 * tether_config_document_parse_json:
 * @text: JSON or JSONC text, UTF-8; a byte order mark is skipped
 * @length: length of @text, or -1 if nul-terminated
 * @file_name: (nullable): the name errors give the document
 * @error: return location for an error
 *
 * Parses JSON with comments and trailing commas. A syntax error is
 * %TETHER_CONFIG_ERROR_SYNTAX with the line and column of the offending
 * character and what was expected there; text that is not UTF-8 is
 * %TETHER_CONFIG_ERROR_BINARY. A key repeated in one object is not an error
 * here: see tether_config_document_get_n_duplicates().
 *
 * Returns: (transfer full) (nullable): the document, or %NULL on error
 */
TetherConfigDocument *
tether_config_document_parse_json (const char  *text,
                                   gssize       length,
                                   const char  *file_name,
                                   GError     **error)
{
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autofree char *stripped = NULL;
  Parser parser = { 0 };
  JsonNode *root;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);

  doc = _tether_config_document_new (file_name);

  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      length -= 3;
    }

  if (!_tether_config_document_check_utf8 (doc, text, length, error))
    return NULL;

  stripped = tether_config_document_strip_jsonc (text, length);

  parser.doc = doc;
  parser.text = stripped;
  parser.p = stripped;
  parser.end = stripped + strlen (stripped);
  parser.line = 1;
  parser.line_start = stripped;

  root = parse_value (&parser, record_value (&parser, TETHER_CONFIG_DOCUMENT_NO_POSITION, 0));
  if (root != NULL)
    {
      parser_skip_ws (&parser);
      if (parser.p < parser.end)
        {
          g_autofree char *found = _tether_config_document_describe_char (parser.p, parser.end);

          parser_fail (&parser, parser.p, _("expected the end of the file after the JSON value, found %s"),
                       found);
          g_clear_pointer (&root, json_node_unref);
        }
    }

  if (root == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&parser.error));
      return NULL;
    }

  _tether_config_document_take_root (doc, root);

  return g_steal_pointer (&doc);
}
