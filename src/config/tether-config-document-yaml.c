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

#include "mcp-json.h"

#include "tether-config-document-private.h"

/* A mapping or a sequence being read. */
typedef struct
{
  JsonNode             *node;              /* a sequence… */
  McpJsonObjectBuilder *members;           /* …or a mapping */
  guint                 position;          /* its own (its member's or element's) */
  char                 *pending_key;       /* a mapping waiting for the value of this key */
  guint                 pending_position;
  guint                 count;             /* elements of a sequence so far */
  char                 *anchor;
  yaml_mark_t           mark;
  /* What it holds so far, itself included */
  guint64               nodes;
  guint64               bytes;             /* of strings and keys */
  guint                 height;            /* levels of collections, itself included */
} Frame;

/* An anchored value, ready to be repeated by aliases. */
typedef struct
{
  JsonNode *node;
  guint64   nodes;
  guint64   bytes;
  guint     height;
} Anchor;

typedef struct
{
  TetherConfigDocument *doc;
  yaml_parser_t         parser;
  GArray               *stack;     /* Frame */
  GHashTable           *anchors;   /* name → Anchor */
  JsonNode             *root;
  GError               *error;
  /* Values written in the text (an alias is one), and produced from it */
  guint64               written;
  guint64               produced;
  guint64               alias_bytes;
} Yaml;

static void
frame_clear (gpointer data)
{
  Frame *frame = data;

  g_clear_pointer (&frame->node, json_node_unref);
  g_clear_pointer (&frame->members, mcp_json_object_builder_free);
  g_clear_pointer (&frame->pending_key, g_free);
  g_clear_pointer (&frame->anchor, g_free);
}

static void
anchor_free (gpointer data)
{
  Anchor *anchor = data;

  json_node_unref (anchor->node);
  g_free (anchor);
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

static void
yaml_fail_limit (Yaml                      *yaml,
                 TetherConfigDocumentLimit  limit,
                 yaml_mark_t                mark)
{
  if (yaml->error == NULL)
    yaml->error = _tether_config_document_limit_error (yaml->doc, limit, mark.line + 1, mark.column + 1);
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

/* The text of a key: a scalar's, as written. */
static char *
key_text (JsonNode *node)
{
  if (JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("");
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? "true" : "false");
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));

  return g_strdup_printf ("%g", json_node_get_double (node));
}

/* Hands a finished value to the frame on top of the stack (or makes it the
 * root), with what it holds. Takes @node. */
static void
yaml_add (Yaml        *yaml,
          JsonNode    *node,
          yaml_mark_t  mark,
          const char  *anchor,
          guint64      nodes,
          guint64      bytes,
          guint        height)
{
  Frame *top;

  if (anchor != NULL)
    {
      Anchor *copy = g_new (Anchor, 1);

      /* A copy: a later key repeated in a mapping replaces its value in
       * place, which must not change what an alias repeats. */
      copy->node = mcp_json_deep_copy (node);
      copy->nodes = nodes;
      copy->bytes = bytes;
      copy->height = height;
      g_hash_table_replace (yaml->anchors, g_strdup (anchor), copy);
    }

  if (yaml->stack->len == 0)
    {
      g_clear_pointer (&yaml->root, json_node_unref);
      yaml->root = node;
      _tether_config_document_add_position (yaml->doc, TETHER_CONFIG_DOCUMENT_NO_POSITION, NULL,
                                            mark.line + 1, mark.column + 1);
      return;
    }

  top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);
  top->nodes += nodes;
  top->bytes += bytes;
  top->height = MAX (top->height, height + 1);

  if (top->members == NULL)
    {
      _tether_config_document_add_element (yaml->doc, top->position, top->count++,
                                           mark.line + 1, mark.column + 1);
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

      top->pending_key = key_text (node);
      top->pending_position = _tether_config_document_add_position (yaml->doc, top->position,
                                                                    top->pending_key,
                                                                    mark.line + 1, mark.column + 1);
      if (mcp_json_object_builder_has (top->members, top->pending_key))
        _tether_config_document_add_duplicate (yaml->doc, top->pending_position,
                                               mark.line + 1, mark.column + 1);
      json_node_unref (node);
    }
  else
    {
      mcp_json_object_builder_set (top->members, top->pending_key, node);
      g_clear_pointer (&top->pending_key, g_free);
    }
}

/* The position a collection starting now will have. */
static guint
yaml_next_position (Yaml        *yaml,
                    yaml_mark_t  mark)
{
  Frame *top;

  if (yaml->stack->len == 0)
    return _tether_config_document_add_position (yaml->doc, TETHER_CONFIG_DOCUMENT_NO_POSITION, NULL,
                                                 mark.line + 1, mark.column + 1);

  top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);
  if (top->members == NULL)
    return _tether_config_document_add_element (yaml->doc, top->position, top->count,
                                                mark.line + 1, mark.column + 1);
  if (top->pending_key != NULL)
    return top->pending_position;

  /* A collection as a key: refused when it ends. */
  return top->position;
}

/* Counts one value written in the text; FALSE past the limit. */
static gboolean
yaml_count (Yaml        *yaml,
            yaml_mark_t  mark)
{
  yaml->written++;
  if (++yaml->produced > TETHER_READ_MAX_NODES)
    {
      yaml_fail_limit (yaml, TETHER_CONFIG_DOCUMENT_LIMIT_NODES, mark);
      return FALSE;
    }

  return TRUE;
}

/* Starts a mapping, or a sequence when @array is given (taking it). */
static void
yaml_push (Yaml         *yaml,
           JsonNode     *array,
           yaml_event_t *event,
           const char   *anchor)
{
  Frame frame = { array, array == NULL ? mcp_json_object_builder_new () : NULL, 0, NULL, 0, 0,
                  g_strdup (anchor), event->start_mark, 1, 0, 1 };

  if (yaml->stack->len >= TETHER_READ_MAX_DEPTH)
    {
      yaml_fail_limit (yaml, TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH, event->start_mark);
      frame_clear (&frame);
      return;
    }

  frame.position = yaml_next_position (yaml, event->start_mark);
  g_array_append_val (yaml->stack, frame);
}

static void
yaml_pop (Yaml *yaml)
{
  Frame *top = &g_array_index (yaml->stack, Frame, yaml->stack->len - 1);
  Frame frame = *top;
  JsonNode *node;

  /* The frame is ours now; the array only drops it. */
  memset (top, 0, sizeof *top);
  g_array_set_size (yaml->stack, yaml->stack->len - 1);
  node = frame.members != NULL ? mcp_json_object_builder_end (g_steal_pointer (&frame.members))
                               : g_steal_pointer (&frame.node);
  yaml_add (yaml, node, frame.mark, frame.anchor, frame.nodes, frame.bytes, frame.height);
  frame_clear (&frame);
}

/* Repeats an anchored value, within the bounds of the document. */
static void
yaml_alias (Yaml         *yaml,
            yaml_event_t *event)
{
  const char *name = (const char *)event->data.alias.anchor;
  Anchor *anchor = g_hash_table_lookup (yaml->anchors, name);
  guint64 limit;

  if (anchor == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("the alias “*%s” names no anchor"), name);

      yaml_fail (yaml, TETHER_CONFIG_ERROR_SYNTAX, event->start_mark, message);
      return;
    }

  yaml->written++;
  yaml->produced += anchor->nodes;
  yaml->alias_bytes += anchor->bytes;

  /* Aliases abbreviate; past these bounds they multiply (“billion
   * laughs”), and the document is refused before it is built. */
  limit = MIN ((guint64)TETHER_READ_MAX_NODES, yaml->written * TETHER_READ_MAX_ALIAS_EXPANSION);
  if (yaml->produced > limit)
    {
      g_autofree char *message =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "the document uses aliases that expand to more than %llu value",
                                      "the document uses aliases that expand to more than %llu values",
                                      (gulong)limit),
                         (unsigned long long)limit);

      yaml_fail (yaml, TETHER_CONFIG_ERROR_TOO_LARGE, event->start_mark, message);
      return;
    }

  if (yaml->alias_bytes > TETHER_READ_MAX_FILE_SIZE)
    {
      g_autofree char *size = g_format_size (TETHER_READ_MAX_FILE_SIZE);
      g_autofree char *message =
        g_strdup_printf (_("the document uses aliases that expand to more than %s of text"), size);

      yaml_fail (yaml, TETHER_CONFIG_ERROR_TOO_LARGE, event->start_mark, message);
      return;
    }

  if (yaml->stack->len + anchor->height > TETHER_READ_MAX_DEPTH)
    {
      yaml_fail_limit (yaml, TETHER_CONFIG_DOCUMENT_LIMIT_DEPTH, event->start_mark);
      return;
    }

  yaml_add (yaml, mcp_json_deep_copy (anchor->node), event->start_mark, NULL,
            anchor->nodes, anchor->bytes, anchor->height);
}

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
  gboolean done = FALSE;
  guint documents = 0;
  Yaml yaml = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* libyaml reads a byte order mark itself. */
  doc = _tether_config_document_begin (&text, &length, FALSE, file_name, error);
  if (doc == NULL)
    return NULL;

  yaml.doc = doc;
  yaml.stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_array_set_clear_func (yaml.stack, frame_clear);
  yaml.anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, anchor_free);
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
          if (event.data.scalar.length > TETHER_READ_MAX_STRING_LENGTH)
            yaml_fail_limit (&yaml, TETHER_CONFIG_DOCUMENT_LIMIT_STRING_LENGTH, event.start_mark);
          else if (yaml_count (&yaml, event.start_mark))
            yaml_add (&yaml, scalar_node (&event), event.start_mark,
                      (const char *)event.data.scalar.anchor, 1, event.data.scalar.length, 0);
          break;

        case YAML_ALIAS_EVENT:
          yaml_alias (&yaml, &event);
          break;

        case YAML_MAPPING_START_EVENT:
          if (yaml_count (&yaml, event.start_mark))
            yaml_push (&yaml, NULL, &event, (const char *)event.data.mapping_start.anchor);
          break;

        case YAML_SEQUENCE_START_EVENT:
          if (yaml_count (&yaml, event.start_mark))
            {
              g_autoptr(JsonArray) array = json_array_new ();

              yaml_push (&yaml, json_node_init_array (json_node_alloc (), array), &event,
                         (const char *)event.data.sequence_start.anchor);
            }
          break;

        case YAML_MAPPING_END_EVENT:
        case YAML_SEQUENCE_END_EVENT:
          yaml_pop (&yaml);
          break;

        case YAML_NO_EVENT:
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_END_EVENT:
        default:
          break;
        }

      yaml_event_delete (&event);
    }

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
