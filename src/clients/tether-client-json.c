/* tether-client-json.c — a member added to or removed from JSON text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text has been parsed already. Its comments and trailing commas are
 * blanked (tether_config_document_strip_jsonc(), which keeps every offset),
 * so a small walker finds where each member's name and value start and
 * end; the change is then made to the original text, comments and all.
 *
 * Adding a member appends it after the object's last value, with the
 * separator and indentation its members use ("," newline indent, or ", "
 * in an object written on one line). Removing one deletes from the end of
 * the value before it (or, for the first, up to the next member's name),
 * which undoes an addition byte for byte.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-json.h"
#include "tether-client-error.h"
#include "tether-client-text-private.h"
#include "tether-config-document.h"

typedef struct
{
  gsize  key_start;
  gsize  value_start;
  gsize  value_end;
  char  *name;
} Member;

typedef struct
{
  gsize   start;      /* its "{" */
  gsize   end;        /* its "}" */
  GArray *members;    /* Member */
} Object;

static void
member_clear (Member *member)
{
  g_free (member->name);
}

static void
object_clear (Object *object)
{
  g_clear_pointer (&object->members, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Object, object_clear)

static gsize
skip_blank (const char *s,
            gsize       i,
            gsize       length)
{
  while (i < length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
    i++;

  return i;
}

static gsize
skip_string (const char *s,
             gsize       i,
             gsize       length)
{
  for (i++; i < length && s[i] != '"'; i++)
    {
      if (s[i] == '\\')
        i++;
    }

  return MIN (i + 1, length);
}

/* The end of the value starting at @i (the text is valid JSON). */
static gsize
skip_value (const char *s,
            gsize       i,
            gsize       length)
{
  guint depth = 0;

  if (s[i] != '{' && s[i] != '[')
    {
      if (s[i] == '"')
        return skip_string (s, i, length);
      while (i < length && strchr (",}] \t\r\n", s[i]) == NULL)
        i++;
      return i;
    }

  while (i < length)
    {
      if (s[i] == '"')
        {
          i = skip_string (s, i, length);
          continue;
        }
      if (s[i] == '{' || s[i] == '[')
        depth++;
      else if (s[i] == '}' || s[i] == ']')
        {
          if (--depth == 0)
            return i + 1;
        }
      i++;
    }

  return length;
}

static char *
decode_name (const char *s,
             gsize       start,
             gsize       end)
{
  g_autoptr(JsonNode) node = mcp_json_read (s + start, end - start, NULL, NULL, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return g_strdup ("");

  return g_strdup (json_node_get_string (node));
}

/* Reads the object whose "{" is at @start. */
static void
read_object (const char *s,
             gsize       start,
             gsize       length,
             Object     *object)
{
  gsize i = skip_blank (s, start + 1, length);

  object->start = start;
  object->members = g_array_new (FALSE, TRUE, sizeof (Member));
  g_array_set_clear_func (object->members, (GDestroyNotify)member_clear);

  while (i < length && s[i] == '"')
    {
      Member member = { 0 };
      gsize name_end = skip_string (s, i, length);

      member.key_start = i;
      member.name = decode_name (s, i, name_end);
      i = skip_blank (s, name_end, length);
      i = skip_blank (s, i + 1, length);      /* the colon */
      member.value_start = i;
      member.value_end = skip_value (s, i, length);
      g_array_append_val (object->members, member);

      i = skip_blank (s, member.value_end, length);
      if (i < length && s[i] == ',')
        i = skip_blank (s, i + 1, length);
    }

  object->end = i;
}

static Member *
find_member (Object     *object,
             const char *name,
             guint      *index)
{
  /* The last one wins, as with the readers. */
  for (guint i = object->members->len; i > 0; i--)
    {
      Member *member = &g_array_index (object->members, Member, i - 1);

      if (g_str_equal (member->name, name))
        {
          if (index != NULL)
            *index = i - 1;
          return member;
        }
    }

  return NULL;
}

/* The whitespace before the first non-blank of the line holding @at. */
static char *
line_indent (const char *s,
             gsize       at)
{
  gsize start = at;
  gsize end;

  while (start > 0 && s[start - 1] != '\n')
    start--;
  end = start;
  while (s[end] == ' ' || s[end] == '\t')
    end++;

  return g_strndup (s + start, end - start);
}

static gboolean
first_on_line (const char *s,
               gsize       at)
{
  while (at > 0 && (s[at - 1] == ' ' || s[at - 1] == '\t'))
    at--;

  return at == 0 || s[at - 1] == '\n';
}

void
_tether_client_json_render (JsonNode   *node,
                            const char *indent,
                            const char *unit,
                            const char *newline,
                            GString    *out)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *inner = g_strconcat (indent, unit, NULL);
      g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));

      if (members == NULL)
        {
          g_string_append (out, "{}");
          return;
        }
      g_string_append_c (out, '{');
      for (GList *l = members; l != NULL; l = l->next)
        {
          g_string_append (out, l == members ? newline : ",");
          if (l != members)
            g_string_append (out, newline);
          g_string_append (out, inner);
          mcp_json_write_string (l->data, out);
          g_string_append (out, ": ");
          _tether_client_json_render (json_object_get_member (json_node_get_object (node), l->data),
                                      inner, unit, newline, out);
        }
      g_string_append (out, newline);
      g_string_append (out, indent);
      g_string_append_c (out, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      g_string_append_c (out, '[');
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          _tether_client_json_render (json_array_get_element (array, i), indent, unit, newline,
                                      out);
        }
      g_string_append_c (out, ']');
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    mcp_json_write_string (json_node_get_string (node), out);
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else
    g_string_append (out, "null");
}

typedef struct
{
  char   *stripped;
  gsize   length;
  Object  parents[8];      /* the objects along the path, root first */
  guint   n_parents;       /* how many of the path's objects are there */
  gsize   missing_at;      /* path[n_parents - 1]… the first missing */
} Located;

static void
located_clear (Located *located)
{
  for (guint i = 0; i < located->n_parents; i++)
    object_clear (&located->parents[i]);
  g_clear_pointer (&located->stripped, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Located, located_clear)

/* Walks @path from the root object; n_parents - 1 keys of it were found. */
static gboolean
locate (const char          *text,
        gsize                length,
        const char * const  *path,
        Located             *located,
        GError             **error)
{
  gsize i;

  located->stripped = tether_config_document_strip_jsonc (text, length);
  located->length = length;
  i = 0;
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  i = skip_blank (located->stripped, i, length);
  if (i >= length || located->stripped[i] != '{')
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   "%s", _("the file does not hold a JSON object"));
      return FALSE;
    }

  read_object (located->stripped, i, length, &located->parents[0]);
  located->n_parents = 1;

  for (guint k = 0; path[k] != NULL; k++)
    {
      Member *member = find_member (&located->parents[k], path[k], NULL);

      g_assert (k + 1 < G_N_ELEMENTS (located->parents));
      if (member == NULL)
        return TRUE;
      if (located->stripped[member->value_start] != '{')
        {
          g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                       _("“%s” holds no object of named entries"), path[k]);
          return FALSE;
        }
      read_object (located->stripped, member->value_start, length, &located->parents[k + 1]);
      located->n_parents++;
    }

  return TRUE;
}

/* Text that adds "@name": @value to @object. */
static char *
add_member (const char *text,
            gsize       length,
            const char *s,
            Object     *object,
            const char *name,
            JsonNode   *value)
{
  const char *newline = _tether_client_text_newline (text, length);
  g_autofree char *unit = _tether_client_text_indent_unit (text, length);
  g_autofree char *outer = line_indent (s, object->start);
  g_autoptr(GString) insert = g_string_new (NULL);
  g_autofree char *indent = NULL;
  gboolean one_line;
  gsize at;

  if (object->members->len == 0)
    {
      indent = g_strconcat (outer, unit, NULL);
      g_string_append (insert, newline);
      g_string_append (insert, indent);
      mcp_json_write_string (name, insert);
      g_string_append (insert, ": ");
      _tether_client_json_render (value, indent, unit, newline, insert);
      g_string_append (insert, newline);
      g_string_append (insert, outer);
      return _tether_client_text_splice (text, length, object->start + 1, object->end, insert->str);
    }

  {
    Member *first = &g_array_index (object->members, Member, 0);
    Member *last = &g_array_index (object->members, Member, object->members->len - 1);

    one_line = !first_on_line (s, first->key_start);
    indent = one_line ? g_strdup (outer) : line_indent (s, first->key_start);
    at = last->value_end;
  }

  g_string_append (insert, ",");
  if (one_line)
    g_string_append_c (insert, ' ');
  else
    {
      g_string_append (insert, newline);
      g_string_append (insert, indent);
    }
  mcp_json_write_string (name, insert);
  g_string_append (insert, ": ");
  if (one_line)
    {
      g_autofree char *compact = json_to_string (value, FALSE);
      g_string_append (insert, compact);
    }
  else
    _tether_client_json_render (value, indent, unit, newline, insert);

  return _tether_client_text_splice (text, length, at, at, insert->str);
}

static char *
remove_member (const char *text,
               gsize       length,
               Object     *object,
               guint       index)
{
  Member *member = &g_array_index (object->members, Member, index);

  if (index > 0)
    return _tether_client_text_splice (text, length, g_array_index (object->members, Member,
                                                                    index - 1).value_end,
                   member->value_end, "");
  if (object->members->len > 1)
    return _tether_client_text_splice (text, length, member->key_start,
                   g_array_index (object->members, Member, 1).key_start, "");

  return _tether_client_text_splice (text, length, object->start + 1, object->end, "");
}

/**
 * _tether_client_json_set:
 * @path: the member names leading to the object, %NULL-terminated; the
 *   last may be missing (it is then added, holding only @name)
 *
 * Returns: (transfer full): the text with "@name": @value in the object:
 *   replaced where it is, else added
 */
char *
_tether_client_json_set (const char          *text,
                         gsize                length,
                         const char * const  *path,
                         const char          *name,
                         JsonNode            *value,
                         GError             **error)
{
  g_auto(Located) located = { 0 };
  guint depth = g_strv_length ((char **)path);
  Object *object;
  Member *member;

  if (!locate (text, length, path, &located, error))
    return NULL;

  if (located.n_parents < depth)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("the file has no “%s”"), path[located.n_parents - 1]);
      return NULL;
    }

  if (located.n_parents == depth)
    {
      /* The object itself is missing: add it, with the member in it. */
      g_autoptr(JsonObject) holder = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_object_set_member (holder, name, json_node_ref (value));
      json_node_set_object (node, holder);

      return add_member (text, length, located.stripped, &located.parents[depth - 1],
                         path[depth - 1], node);
    }

  object = &located.parents[depth];
  member = find_member (object, name, NULL);
  if (member != NULL)
    {
      const char *newline = _tether_client_text_newline (text, length);
      g_autofree char *unit = _tether_client_text_indent_unit (text, length);
      g_autofree char *indent = line_indent (located.stripped, member->key_start);
      g_autoptr(GString) insert = g_string_new (NULL);

      _tether_client_json_render (value, indent, unit, newline, insert);
      return _tether_client_text_splice (text, length, member->value_start, member->value_end,
                                         insert->str);
    }

  return add_member (text, length, located.stripped, object, name, value);
}

/**
 * _tether_client_json_remove:
 * @drop_empty: when the object is left empty, remove it too
 *
 * Returns: (transfer full): the text without "@name" in the object at
 *   @path, or a copy of @text if it has none there
 */
char *
_tether_client_json_remove (const char          *text,
                            gsize                length,
                            const char * const  *path,
                            const char          *name,
                            gboolean             drop_empty,
                            GError             **error)
{
  g_auto(Located) located = { 0 };
  guint depth = g_strv_length ((char **)path);
  Object *object;
  guint index;

  if (!locate (text, length, path, &located, error))
    return NULL;

  if (located.n_parents <= depth)
    return g_strndup (text, length);

  object = &located.parents[depth];
  if (find_member (object, name, &index) == NULL)
    return g_strndup (text, length);

  if (drop_empty && depth > 0 && object->members->len == 1)
    {
      Object *parent = &located.parents[depth - 1];
      guint parent_index = 0;

      find_member (parent, path[depth - 1], &parent_index);
      return remove_member (text, length, parent, parent_index);
    }

  return remove_member (text, length, object, index);
}
