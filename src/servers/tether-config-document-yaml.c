/* tether-config-document-yaml.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* YAML (goose's config.yaml) through libyaml's event parser, building the
 * same JsonNode tree as the JSON reader. */

#define G_LOG_DOMAIN "tether-config-document"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <yaml.h>

#include "tether-config-document-private.h"

typedef struct
{
  JsonNode *node;
  char     *pointer;
  char     *pending_key;   /* a mapping waiting for the value of this key */
  guint     count;         /* elements of a sequence so far */
} Frame;

typedef struct
{
  TetherConfigDocument *doc;
  yaml_parser_t         parser;
  GArray               *stack;    /* Frame */
  GHashTable           *anchors;  /* name → JsonNode */
  JsonNode             *root;
  GError               *error;
} Yaml;

static void
frame_clear (gpointer data)
{
  Frame *frame = data;

  g_clear_pointer (&frame->node, json_node_unref);
  g_clear_pointer (&frame->pointer, g_free);
  g_clear_pointer (&frame->pending_key, g_free);
}

static void
yaml_fail (Yaml              *yaml,
           TetherConfigError  code,
           yaml_mark_t        mark,
           const char        *message)
{
  if (yaml->error == NULL)
    yaml->error = _tether_config_document_error (yaml->doc, code, mark.line + 1, mark.column + 1,
                                                 "%s", message);
}

static JsonNode *
json_node_deep_copy (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);

  return json_from_string (text, NULL);
}

static JsonNode *
scalar_node (yaml_event_t *event)
{
  const char *value = (const char *)event->data.scalar.value;
  gsize length = event->data.scalar.length;
  const char *tag = (const char *)event->data.scalar.tag;

  if (event->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
      (tag != NULL && g_str_equal (tag, YAML_STR_TAG)))
    return json_node_init_string (json_node_alloc (), value);

  if (length == 0 || g_str_equal (value, "~") || g_str_equal (value, "null") ||
      g_str_equal (value, "Null") || g_str_equal (value, "NULL"))
    return json_node_init_null (json_node_alloc ());

  if (g_str_equal (value, "true") || g_str_equal (value, "True") || g_str_equal (value, "TRUE"))
    return json_node_init_boolean (json_node_alloc (), TRUE);

  if (g_str_equal (value, "false") || g_str_equal (value, "False") || g_str_equal (value, "FALSE"))
    return json_node_init_boolean (json_node_alloc (), FALSE);

  {
    const char *p = value;
    char *end = NULL;
    gint64 integer;
    double number;

    if (*p == '-' || *p == '+')
      p++;
    if (g_ascii_isdigit (*p))
      {
        while (g_ascii_isdigit (*p))
          p++;
        if (*p == '\0')
          {
            errno = 0;
            integer = g_ascii_strtoll (value, NULL, 10);
            if (errno == 0)
              return json_node_init_int (json_node_alloc (), integer);
          }
        number = g_ascii_strtod (value, &end);
        if (end != NULL && *end == '\0' && strpbrk (value, ".eE") != NULL)
          return json_node_init_double (json_node_alloc (), number);
      }
  }

  return json_node_init_string (json_node_alloc (), value);
}

/* Hands a finished value to the frame on top of the stack (or makes it the
 * root). Takes @node. */
static void
yaml_add (Yaml        *yaml,
          JsonNode    *node,
          yaml_mark_t  mark,
          const char  *anchor)
{
  if (anchor != NULL)
    g_hash_table_replace (yaml->anchors, g_strdup (anchor), json_node_deep_copy (node));

  if (yaml->stack->len == 0)
    {
      g_clear_pointer (&yaml->root, json_node_unref);
      yaml->root = node;
      _tether_config_document_set_position (yaml->doc, "", mark.line + 1, mark.column + 1);
      return;
    }

  {
    Frame *top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);

    if (JSON_NODE_HOLDS_ARRAY (top->node))
      {
        g_autofree char *pointer = tether_json_pointer_append_index (top->pointer, top->count++);

        _tether_config_document_set_position (yaml->doc, pointer, mark.line + 1, mark.column + 1);
        json_array_add_element (json_node_get_array (top->node), node);
      }
    else if (top->pending_key == NULL)
      {
        /* A key. */
        if (!JSON_NODE_HOLDS_VALUE (node) && !JSON_NODE_HOLDS_NULL (node))
          {
            yaml_fail (yaml, TETHER_CONFIG_ERROR_UNSUPPORTED, mark,
                       _("only plain keys are supported, found a mapping or a sequence as a key"));
            json_node_unref (node);
            return;
          }
        if (JSON_NODE_HOLDS_NULL (node))
          top->pending_key = g_strdup ("");
        else if (json_node_get_value_type (node) == G_TYPE_STRING)
          top->pending_key = g_strdup (json_node_get_string (node));
        else if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
          top->pending_key = g_strdup (json_node_get_boolean (node) ? "true" : "false");
        else if (json_node_get_value_type (node) == G_TYPE_INT64)
          top->pending_key = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
        else
          top->pending_key = g_strdup_printf ("%g", json_node_get_double (node));

        {
          g_autofree char *pointer = tether_json_pointer_append (top->pointer, top->pending_key);

          if (json_object_has_member (json_node_get_object (top->node), top->pending_key))
            _tether_config_document_add_duplicate (yaml->doc, pointer, mark.line + 1, mark.column + 1);
          _tether_config_document_set_position (yaml->doc, pointer, mark.line + 1, mark.column + 1);
        }
        json_node_unref (node);
      }
    else
      {
        json_object_set_member (json_node_get_object (top->node), top->pending_key, node);
        g_clear_pointer (&top->pending_key, g_free);
      }
  }
}

/* The pointer a value starting now will have. */
static char *
yaml_next_pointer (Yaml *yaml)
{
  Frame *top;

  if (yaml->stack->len == 0)
    return g_strdup ("");

  top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);
  if (JSON_NODE_HOLDS_ARRAY (top->node))
    return tether_json_pointer_append_index (top->pointer, top->count);
  if (top->pending_key != NULL)
    return tether_json_pointer_append (top->pointer, top->pending_key);

  return g_strdup (top->pointer);
}

static void
yaml_push (Yaml         *yaml,
           JsonNode     *node,
           yaml_event_t *event)
{
  Frame frame = { node, yaml_next_pointer (yaml), NULL, 0 };

  if (yaml->stack->len >= TETHER_CONFIG_DOCUMENT_MAX_DEPTH)
    {
      yaml_fail (yaml, TETHER_CONFIG_ERROR_SYNTAX, event->start_mark,
                 _("values are nested too deeply"));
      frame_clear (&frame);
      return;
    }

  g_array_append_val (yaml->stack, frame);
}

static void
yaml_pop (Yaml         *yaml,
          yaml_event_t *event,
          const char   *anchor,
          yaml_mark_t   start)
{
  Frame *top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);
  JsonNode *node = g_steal_pointer (&top->node);

  g_array_set_size (yaml->stack, yaml->stack->len - 1);
  yaml_add (yaml, node, start, anchor);
}

typedef struct
{
  char        *anchor;
  yaml_mark_t  mark;
} Open;

/**
 * tether_config_document_parse_yaml:
 * @text: YAML text, UTF-8
 * @length: length of @text, or -1 if nul-terminated
 * @file_name: (nullable): the name errors give the document
 * @error: return location for an error
 *
 * Parses the first YAML document of @text. Syntax errors are
 * %TETHER_CONFIG_ERROR_SYNTAX with libyaml's description, line and column.
 * Anchors and aliases are expanded; a key repeated in a mapping is recorded
 * as a duplicate, the later value kept. An empty stream gives a %NULL root
 * node of type %JSON_NODE_NULL.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL on error
 */
TetherConfigDocument *
tether_config_document_parse_yaml (const char  *text,
                                   gssize       length,
                                   const char  *file_name,
                                   GError     **error)
{
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (Open));
  gboolean done = FALSE;
  guint documents = 0;
  Yaml yaml = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);

  doc = _tether_config_document_new (file_name);
  if (!_tether_config_document_check_utf8 (doc, text, length, error))
    return NULL;

  yaml.doc = doc;
  yaml.stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_array_set_clear_func (yaml.stack, frame_clear);
  yaml.anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)json_node_unref);
  yaml_parser_initialize (&yaml.parser);
  yaml_parser_set_input_string (&yaml.parser, (const unsigned char *)text, length);
  yaml_parser_set_encoding (&yaml.parser, YAML_UTF8_ENCODING);

  while (!done && yaml.error == NULL)
    {
      yaml_event_t event;

      if (!yaml_parser_parse (&yaml.parser, &event))
        {
          g_autofree char *message = NULL;

          if (yaml.parser.context != NULL)
            message = g_strdup_printf ("%s (%s)", yaml.parser.problem, yaml.parser.context);
          else
            message = g_strdup (yaml.parser.problem != NULL ? yaml.parser.problem : _("invalid YAML"));
          yaml_fail (&yaml, TETHER_CONFIG_ERROR_SYNTAX, yaml.parser.problem_mark, message);
          break;
        }

      switch (event.type)
        {
        case YAML_DOCUMENT_START_EVENT:
          /* Only the first document counts. */
          if (++documents > 1)
            done = TRUE;
          break;

        case YAML_STREAM_END_EVENT:
          done = TRUE;
          break;

        case YAML_SCALAR_EVENT:
          yaml_add (&yaml, scalar_node (&event), event.start_mark,
                    (const char *)event.data.scalar.anchor);
          break;

        case YAML_ALIAS_EVENT:
          {
            JsonNode *target = g_hash_table_lookup (yaml.anchors, event.data.alias.anchor);

            if (target == NULL)
              {
                g_autofree char *message =
                  g_strdup_printf (_("the alias “*%s” names no anchor"), event.data.alias.anchor);

                yaml_fail (&yaml, TETHER_CONFIG_ERROR_SYNTAX, event.start_mark, message);
              }
            else
              yaml_add (&yaml, json_node_deep_copy (target), event.start_mark, NULL);
          }
          break;

        case YAML_MAPPING_START_EVENT:
        case YAML_SEQUENCE_START_EVENT:
          {
            Open o = { NULL, event.start_mark };
            JsonNode *node;
            const yaml_char_t *anchor;

            if (event.type == YAML_MAPPING_START_EVENT)
              {
                JsonObject *object = json_object_new ();

                node = json_node_init_object (json_node_alloc (), object);
                json_object_unref (object);
                anchor = event.data.mapping_start.anchor;
              }
            else
              {
                JsonArray *array = json_array_new ();

                node = json_node_init_array (json_node_alloc (), array);
                json_array_unref (array);
                anchor = event.data.sequence_start.anchor;
              }
            o.anchor = g_strdup ((const char *)anchor);
            g_array_append_val (open, o);
            yaml_push (&yaml, node, &event);
          }
          break;

        case YAML_MAPPING_END_EVENT:
        case YAML_SEQUENCE_END_EVENT:
          {
            Open o = g_array_index (open, Open, open->len - 1);

            g_array_set_size (open, open->len - 1);
            yaml_pop (&yaml, &event, o.anchor, o.mark);
            g_free (o.anchor);
          }
          break;

        case YAML_NO_EVENT:
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_END_EVENT:
        default:
          break;
        }

      yaml_event_delete (&event);
    }

  for (guint i = 0; i < open->len; i++)
    g_free (g_array_index (open, Open, i).anchor);
  yaml_parser_delete (&yaml.parser);
  g_array_unref (yaml.stack);
  g_hash_table_unref (yaml.anchors);

  if (yaml.error != NULL)
    {
      g_clear_pointer (&yaml.root, json_node_unref);
      g_propagate_error (error, yaml.error);
      return NULL;
    }

  _tether_config_document_take_root (doc, yaml.root != NULL ? yaml.root
                                                            : json_node_init_null (json_node_alloc ()));

  return g_steal_pointer (&doc);
}
