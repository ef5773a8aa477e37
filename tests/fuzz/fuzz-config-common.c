/* fuzz-config-common.c — what must hold of any document the readers build
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fuzz-config-common.h"
#include "tether-config-error.h"
#include "tether-read-limits.h"

static void
walk (TetherConfigDocument *doc,
      JsonNode             *node,
      const char           *pointer,
      guint                 depth,
      gboolean              every_position,
      guint64              *count)
{
  guint line = 0, column = 0;

  /* A leaf may sit one level below the deepest collection. */
  g_assert (depth <= TETHER_READ_MAX_DEPTH + 1);
  g_assert (++*count <= TETHER_READ_MAX_NODES);

  if (every_position && pointer[0] != '\0')
    {
      if (!tether_config_document_get_position (doc, pointer, &line, &column))
        g_error ("no position for %s", pointer);
      g_assert (line >= 1 && column >= 1);
    }

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *key;
        JsonNode *member;

        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &key, &member))
          {
            g_autofree char *child = tether_json_pointer_append (pointer, key);
            g_autofree char *last = tether_json_pointer_last (child);

            g_assert (g_utf8_validate (key, -1, NULL));
            g_assert_cmpstr (last, ==, key);
            walk (doc, member, child, depth + 1, every_position, count);
          }
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            g_autofree char *child = tether_json_pointer_append_index (pointer, i);

            walk (doc, json_array_get_element (array, i), child, depth + 1, every_position, count);
          }
      }
      break;

    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        {
          const char *string = json_node_get_string (node);

          g_assert (g_utf8_validate (string, -1, NULL));
          /* An escape may add a few bytes past the check. */
          g_assert (strlen (string) <= TETHER_READ_MAX_STRING_LENGTH + 4);
        }
      break;

    case JSON_NODE_NULL:
    default:
      break;
    }
}

/**
 * fuzz_check_document:
 * @doc: a document a reader built
 * @every_position: whether every value must have a position (not so for
 *   what YAML aliases repeat)
 *
 * Walks the whole tree within the read limits, checks that positions and
 * duplicates resolve, and that an error located in it names a place.
 */
void
fuzz_check_document (TetherConfigDocument *doc,
                     gboolean              every_position)
{
  JsonNode *root = tether_config_document_get_root (doc);
  g_autoptr(GError) located = NULL;
  guint64 count = 0;

  g_assert (root != NULL);
  walk (doc, root, "", 1, every_position, &count);

  for (guint i = 0; i < tether_config_document_get_n_duplicates (doc); i++)
    {
      guint line = 0, column = 0;
      const char *pointer = tether_config_document_get_duplicate (doc, i, &line, &column);

      g_assert (pointer != NULL && pointer[0] == '/');
      g_assert (g_utf8_validate (pointer, -1, NULL));
      g_assert (line >= 1 && column >= 1);
      g_assert (tether_config_document_get_position (doc, pointer, NULL, NULL));
      /* The same pointer, built once and kept. */
      g_assert (tether_config_document_get_duplicate (doc, i, NULL, NULL) == pointer);
    }

  located = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, "/mcpServers/x/args/0",
                                     "%s", "wrong");
  tether_config_document_locate_error (doc, "", located);
  g_assert (g_utf8_validate (located->message, -1, NULL));
}

/**
 * fuzz_check_document_error:
 * @error: what a reader refused a document with
 * @file_name: the name it was given
 *
 * A refusal is a %TETHER_CONFIG_ERROR naming the file, line and column.
 */
void
fuzz_check_document_error (const GError *error,
                           const char   *file_name)
{
  g_autofree char *prefix = g_strdup_printf ("%s, line ", file_name);

  g_assert (error != NULL);
  g_assert (error->domain == TETHER_CONFIG_ERROR);
  g_assert (g_utf8_validate (error->message, -1, NULL));
  g_assert (tether_config_error_get_line (error) >= 1);
  g_assert (tether_config_error_get_column (error) >= 1);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("the error does not say where: %s", error->message);
}

/**
 * fuzz_config_document:
 * @data: the input
 * @size: its length
 * @parse: a reader
 * @file_name: the name to give the document
 * @every_position: see fuzz_check_document()
 *
 * One input through one reader: a document within the limits, or a
 * located refusal.
 */
void
fuzz_config_document (const guint8  *data,
                      gsize          size,
                      FuzzParseFunc  parse,
                      const char    *file_name,
                      gboolean       every_position)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = parse ((const char *)data, size, file_name, &error);

  if (doc == NULL)
    fuzz_check_document_error (error, file_name);
  else
    fuzz_check_document (doc, every_position);
}
