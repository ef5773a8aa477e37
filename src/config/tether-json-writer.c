/* tether-json-writer.c — a configuration as text, numbers as they were
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layout is the one Tether has always written (json-glib's pretty
 * printer: `"key" : value`, one member or element a line, the file's own
 * indent), so files do not churn. What differs is what json-glib cannot do:
 *
 *  - a number is written as the text it was read from (`1.0`, `1E+2`,
 *    `-0`, `1e400`, an integer beyond 64 bits) as long as the value at
 *    that place is still the one that text means; json-glib would write
 *    `1`, `100.0`, `0`, `inf.0` (not JSON at all) or a rounded double;
 *  - every control character in a string is escaped, U+001F included.
 *
 * Literals are looked up by JSON pointer, as a reader that knows byte
 * offsets can record them (see tether_config_document_get_literals()).
 */

#define G_LOG_DOMAIN "tether-json-writer"

#include "config.h"

#include <math.h>
#include <string.h>

#include "mcp-json.h"

#include "tether-config-document.h"
#include "tether-json-writer.h"

typedef struct
{
  GString    *out;
  guint       indent;
  GHashTable *literals;
} Writer;

static void
write_indent (Writer *writer,
              guint   level)
{
  for (guint i = 0; i < level * writer->indent; i++)
    g_string_append_c (writer->out, ' ');
}

/* Whether @literal still says what @node holds: the same type, and the
 * same value to the bit. */
static gboolean
literal_means (const char *literal,
               JsonNode   *node)
{
  g_autoptr(JsonNode) read = mcp_json_number_new (literal, strlen (literal));
  double a, b;

  if (json_node_get_value_type (read) != json_node_get_value_type (node))
    return FALSE;

  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return json_node_get_int (read) == json_node_get_int (node);

  a = json_node_get_double (read);
  b = json_node_get_double (node);

  return memcmp (&a, &b, sizeof a) == 0;
}

static void
write_number (Writer     *writer,
              JsonNode   *node,
              const char *pointer)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  const char *literal = NULL;
  double value;

  if (writer->literals != NULL)
    literal = g_hash_table_lookup (writer->literals, pointer);

  if (literal != NULL && literal_means (literal, node))
    {
      g_string_append (writer->out, literal);
      return;
    }

  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      g_string_append_printf (writer->out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      return;
    }

  value = json_node_get_double (node);
  if (isnan (value))
    g_string_append (writer->out, "null");
  else if (isinf (value))
    /* Read back as the same infinity. */
    g_string_append (writer->out, value < 0 ? "-1e999" : "1e999");
  else
    {
      g_string_append (writer->out, g_ascii_dtostr (buffer, sizeof buffer, value));
      /* Still a double when read back */
      if (strpbrk (buffer, ".eE") == NULL)
        g_string_append (writer->out, ".0");
    }
}

static void write_node (Writer     *writer,
                        JsonNode   *node,
                        const char *pointer,
                        guint       level);

static void
write_object (Writer     *writer,
              JsonObject *object,
              const char *pointer,
              guint       level)
{
  g_autoptr(GList) members = json_object_get_members (object);

  if (members == NULL)
    {
      g_string_append (writer->out, "{}");
      return;
    }

  g_string_append (writer->out, "{\n");
  for (const GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *member_pointer = NULL;

      if (writer->literals != NULL)
        member_pointer = tether_json_pointer_append (pointer, l->data);

      write_indent (writer, level + 1);
      mcp_json_write_string (l->data, writer->out);
      g_string_append (writer->out, " : ");
      write_node (writer, json_object_get_member (object, l->data), member_pointer, level + 1);
      g_string_append (writer->out, l->next != NULL ? ",\n" : "\n");
    }
  write_indent (writer, level);
  g_string_append_c (writer->out, '}');
}

static void
write_array (Writer     *writer,
             JsonArray  *array,
             const char *pointer,
             guint       level)
{
  guint n = json_array_get_length (array);

  if (n == 0)
    {
      g_string_append (writer->out, "[]");
      return;
    }

  g_string_append (writer->out, "[\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *element_pointer = NULL;

      if (writer->literals != NULL)
        element_pointer = tether_json_pointer_append_index (pointer, i);

      write_indent (writer, level + 1);
      write_node (writer, json_array_get_element (array, i), element_pointer, level + 1);
      g_string_append (writer->out, i + 1 < n ? ",\n" : "\n");
    }
  write_indent (writer, level);
  g_string_append_c (writer->out, ']');
}

static void
write_node (Writer     *writer,
            JsonNode   *node,
            const char *pointer,
            guint       level)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      write_object (writer, json_node_get_object (node), pointer, level);
      break;

    case JSON_NODE_ARRAY:
      write_array (writer, json_node_get_array (node), pointer, level);
      break;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
        case G_TYPE_DOUBLE:
          write_number (writer, node, pointer);
          break;

        case G_TYPE_BOOLEAN:
          g_string_append (writer->out, json_node_get_boolean (node) ? "true" : "false");
          break;

        case G_TYPE_STRING:
          mcp_json_write_string (json_node_get_string (node), writer->out);
          break;

        default:
          g_string_append (writer->out, "null");
          break;
        }
      break;

    case JSON_NODE_NULL:
    default:
      g_string_append (writer->out, "null");
      break;
    }
}

/**
 * tether_json_writer_to_data:
 * @root: the document
 * @indent: spaces per level
 * @literals: (nullable) (element-type utf8 utf8): the text of numbers by
 *   JSON pointer, as tether_config_document_get_literals() gives them
 * @length: (out) (optional): the length of the text
 *
 * Writes @root as pretty-printed JSON, ending with a newline.
 *
 * Returns: (transfer full): the text
 */
char *
tether_json_writer_to_data (JsonNode   *root,
                            guint       indent,
                            GHashTable *literals,
                            gsize      *length)
{
  Writer writer = { g_string_new (NULL), indent, NULL };

  g_return_val_if_fail (root != NULL, NULL);

  /* Without literals, no pointer is worth building. */
  if (literals != NULL && g_hash_table_size (literals) > 0)
    writer.literals = literals;

  write_node (&writer, root, "", 0);
  g_string_append_c (writer.out, '\n');

  if (length != NULL)
    *length = writer.out->len;

  return g_string_free (writer.out, FALSE);
}
