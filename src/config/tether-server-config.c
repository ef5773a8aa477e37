/* tether-server-config.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mcp-http-check.h"
#include "mcp-json.h"
#include "mcp-url.h"

#include "tether-config-document-private.h"
#include "tether-config-error.h"
#include "tether-server-config.h"

/* Tether's own per-server settings live in one object, so that other
 * clients reading the same entry see a single key they do not know:
 *
 *   "tether": { "connectTimeoutMs": 60000, "connectAttempts": 3 }
 */
#define TETHER_KEY "tether"

typedef enum
{
  SETTING_CONNECT_TIMEOUT,
  SETTING_REQUEST_TIMEOUT,
  SETTING_TOOL_TIMEOUT,
  SETTING_TOOL_TIMEOUT_MAX,
  SETTING_PING_INTERVAL,
  SETTING_CONNECT_ATTEMPTS,
  SETTING_RETRY_DELAY,
  SETTING_RECONNECT_DELAY_MAX,
  N_SETTINGS
} Setting;

static const struct
{
  const char *key;       /* in the "tether" object */
  const char *property;
  int         min;       /* smallest value that is set */
} settings_info[N_SETTINGS] = {
  { "connectTimeoutMs",    "connect-timeout",     1 },
  { "requestTimeoutMs",    "request-timeout",     1 },
  { "toolTimeoutMs",       "tool-timeout",        1 },
  { "toolTimeoutMaxMs",    "tool-timeout-max",    1 },
  { "pingIntervalMs",      "ping-interval",       0 },
  { "connectAttempts",     "connect-attempts",    1 },
  { "retryDelayMs",        "retry-delay",         0 },
  { "reconnectDelayMaxMs", "reconnect-delay-max", 0 },
};

/* Ordered key/value pairs: env and headers keep the user's order. Header
 * names are found without regard to case, as HTTP compares them, but kept
 * as the user spelled them; two spellings of one name read from a file or
 * a list stay two entries, which tether_server_config_validate() refuses. */
typedef struct
{
  GPtrArray *keys;
  GPtrArray *values;
  gboolean   ignore_case;
} Pairs;

struct _TetherServerConfig
{
  GObject           parent_instance;

  char             *name;
  TetherServerKind  kind;
  char             *command;
  char            **args;
  Pairs             env;
  char             *cwd;
  char             *url;
  Pairs             headers;
  int               settings[N_SETTINGS];

  /* The entry as it was read: its key order, the spelling of its type and
   * every member we do not know, written back as they were. */
  JsonObject       *original;

  guint             enabled : 1;
};

G_DEFINE_FINAL_TYPE (TetherServerConfig, tether_server_config, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_KIND,
  PROP_ENABLED,
  PROP_COMMAND,
  PROP_ARGS,
  PROP_ENV,
  PROP_CWD,
  PROP_URL,
  PROP_HEADERS,
  PROP_FIRST_SETTING,
  N_PROPS = PROP_FIRST_SETTING + N_SETTINGS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ENUM_TYPE (TetherServerKind, tether_server_kind,
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_STDIO, "stdio"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_HTTP, "http"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_SSE, "sse"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_AUTO, "auto"))

/**
 * tether_server_kind_from_string:
 * @spelling: a transport type as some client writes it
 * @kind: (out): where to store the kind
 *
 * Maps every spelling of config-formats §3, case-insensitively: `stdio`,
 * `local` ⇒ stdio; `http`, `streamable-http`, `streamableHttp`,
 * `streamable_http`, `streamable` ⇒ Streamable HTTP; `sse` ⇒ legacy SSE;
 * `url`, `remote`, `auto` ⇒ auto.
 *
 * Returns: %TRUE if @spelling is known
 */
gboolean
tether_server_kind_from_string (const char       *spelling,
                                TetherServerKind *kind)
{
  static const struct { const char *spelling; TetherServerKind kind; } map[] = {
    { "stdio", TETHER_SERVER_KIND_STDIO },
    { "local", TETHER_SERVER_KIND_STDIO },
    { "http", TETHER_SERVER_KIND_HTTP },
    { "streamable-http", TETHER_SERVER_KIND_HTTP },
    { "streamablehttp", TETHER_SERVER_KIND_HTTP },
    { "streamable_http", TETHER_SERVER_KIND_HTTP },
    { "streamable", TETHER_SERVER_KIND_HTTP },
    { "sse", TETHER_SERVER_KIND_SSE },
    { "url", TETHER_SERVER_KIND_AUTO },
    { "remote", TETHER_SERVER_KIND_AUTO },
    { "auto", TETHER_SERVER_KIND_AUTO },
  };

  g_return_val_if_fail (kind != NULL, FALSE);

  if (spelling == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    {
      if (g_ascii_strcasecmp (spelling, map[i].spelling) == 0)
        {
          *kind = map[i].kind;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * tether_server_kind_to_string:
 * @kind: a #TetherServerKind
 *
 * Returns: the spelling Tether writes: `stdio`, `http`, `sse` or `auto`
 */
const char *
tether_server_kind_to_string (TetherServerKind kind)
{
  switch (kind)
    {
    case TETHER_SERVER_KIND_STDIO:
      return "stdio";
    case TETHER_SERVER_KIND_HTTP:
      return "http";
    case TETHER_SERVER_KIND_SSE:
      return "sse";
    case TETHER_SERVER_KIND_AUTO:
      return "auto";
    default:
      g_return_val_if_reached ("stdio");
    }
}

/**
 * tether_server_kind_is_remote:
 * @kind: a #TetherServerKind
 *
 * Returns: %TRUE for the kinds reached at a URL
 */
gboolean
tether_server_kind_is_remote (TetherServerKind kind)
{
  return kind != TETHER_SERVER_KIND_STDIO;
}

/* Pairs */

static void
pairs_init (Pairs    *pairs,
            gboolean  ignore_case)
{
  pairs->keys = g_ptr_array_new_with_free_func (g_free);
  pairs->values = g_ptr_array_new_with_free_func (g_free);
  pairs->ignore_case = ignore_case;
}

static void
pairs_clear (Pairs *pairs)
{
  g_clear_pointer (&pairs->keys, g_ptr_array_unref);
  g_clear_pointer (&pairs->values, g_ptr_array_unref);
}

static void
pairs_reset (Pairs *pairs)
{
  g_ptr_array_set_size (pairs->keys, 0);
  g_ptr_array_set_size (pairs->values, 0);
}

static int
pairs_find (const Pairs *pairs,
            const char  *key)
{
  for (guint i = 0; i < pairs->keys->len; i++)
    {
      const char *candidate = g_ptr_array_index (pairs->keys, i);

      if (pairs->ignore_case ? g_ascii_strcasecmp (candidate, key) == 0 : strcmp (candidate, key) == 0)
        return (int)i;
    }

  return -1;
}

static const char *
pairs_lookup (const Pairs *pairs,
              const char  *key)
{
  int i = pairs_find (pairs, key);

  return i < 0 ? NULL : g_ptr_array_index (pairs->values, i);
}

static void
pairs_add (Pairs      *pairs,
           const char *key,
           const char *value)
{
  g_ptr_array_add (pairs->keys, g_strdup (key));
  g_ptr_array_add (pairs->values, g_strdup (value));
}

/* Returns TRUE if something changed. A NULL value removes the key (every
 * spelling of it). An existing key takes the spelling given. */
static gboolean
pairs_set (Pairs      *pairs,
           const char *key,
           const char *value)
{
  int i = pairs_find (pairs, key);
  gboolean changed = FALSE;

  if (value == NULL)
    {
      for (; i >= 0; i = pairs_find (pairs, key))
        {
          g_ptr_array_remove_index (pairs->keys, i);
          g_ptr_array_remove_index (pairs->values, i);
          changed = TRUE;
        }
      return changed;
    }

  if (i >= 0)
    {
      char **key_slot = (char **)&g_ptr_array_index (pairs->keys, i);
      char **value_slot = (char **)&g_ptr_array_index (pairs->values, i);

      if (strcmp (*key_slot, key) == 0 && strcmp (*value_slot, value) == 0)
        return FALSE;
      g_free (*key_slot);
      *key_slot = g_strdup (key);
      g_free (*value_slot);
      *value_slot = g_strdup (value);
      return TRUE;
    }

  pairs_add (pairs, key, value);

  return TRUE;
}

static void
pairs_copy (const Pairs *src,
            Pairs       *dest)
{
  pairs_reset (dest);
  for (guint i = 0; i < src->keys->len; i++)
    pairs_add (dest, g_ptr_array_index (src->keys, i), g_ptr_array_index (src->values, i));
}

static gboolean
pairs_equal (const Pairs *a,
             const Pairs *b)
{
  if (a->keys->len != b->keys->len)
    return FALSE;

  for (guint i = 0; i < a->keys->len; i++)
    {
      if (g_strcmp0 (g_ptr_array_index (a->keys, i), g_ptr_array_index (b->keys, i)) != 0 ||
          g_strcmp0 (g_ptr_array_index (a->values, i), g_ptr_array_index (b->values, i)) != 0)
        return FALSE;
    }

  return TRUE;
}

static char **
pairs_dup_keys (const Pairs *pairs)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **result;

  for (guint i = 0; i < pairs->keys->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (pairs->keys, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return result;
}

static char **
pairs_to_strv (const Pairs *pairs,
               const char  *separator)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **result;

  for (guint i = 0; i < pairs->keys->len; i++)
    {
      g_autofree char *item = g_strconcat (g_ptr_array_index (pairs->keys, i), separator,
                                           g_ptr_array_index (pairs->values, i), NULL);

      g_strv_builder_add (builder, item);
    }
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return result;
}

/* Splits at the first @separator character; a following space is skipped
 * when @skip_space is set (for "Name: value"). Header names are kept as
 * given, a second spelling of one too. Returns TRUE if changed. */
static gboolean
pairs_from_strv (Pairs              *pairs,
                 const char * const *strv,
                 char                separator,
                 gboolean            skip_space)
{
  g_auto(GStrv) before = pairs_to_strv (pairs, "\n");
  g_auto(GStrv) after = NULL;

  pairs_reset (pairs);
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      const char *sep = strchr (strv[i], separator);
      g_autofree char *key = NULL;
      const char *value;

      if (sep == NULL)
        {
          key = g_strdup (strv[i]);
          value = "";
        }
      else
        {
          key = g_strndup (strv[i], sep - strv[i]);
          value = sep + 1;
          if (skip_space && *value == ' ')
            value++;
        }
      if (pairs->ignore_case)
        pairs_add (pairs, key, value);
      else
        pairs_set (pairs, key, value);
    }

  after = pairs_to_strv (pairs, "\n");

  return !g_strv_equal ((const char * const *)before, (const char * const *)after);
}

/* JSON helpers */

static gboolean
node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static GError *
wrong_type (const char *server,
            const char *key,
            const char *path,
            const char *expected,
            JsonNode   *found)
{
  /* Translators: server “memory”: “args” must be an array of strings, found a number */
  return tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, path,
                                  _("server “%s”: “%s” must be %s, found %s"),
                                  server, key, expected, _tether_json_type_name (found));
}

static gboolean
read_string (const char  *server,
             JsonObject  *object,
             const char  *key,
             const char  *path_prefix,
             char       **out,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);
  g_autofree char *path = NULL;

  if (node == NULL)
    return TRUE;

  if (!node_is_string (node))
    {
      path = tether_json_pointer_append (path_prefix, key);
      g_propagate_error (error, wrong_type (server, key, path, _("a string"), node));
      return FALSE;
    }

  g_free (*out);
  *out = g_strdup (json_node_get_string (node));

  return TRUE;
}

static gboolean
read_string_map (const char *server,
                 JsonObject *object,
                 const char *key,
                 Pairs      *pairs,
                 GError    **error)
{
  JsonNode *node = json_object_get_member (object, key);
  g_autoptr(GList) members = NULL;
  g_autofree char *path = tether_json_pointer_append ("", key);
  JsonObject *map;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, wrong_type (server, key, path, _("an object of strings"), node));
      return FALSE;
    }

  map = json_node_get_object (node);
  members = json_object_get_members (map);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (map, l->data);

      if (!node_is_string (value))
        {
          g_autofree char *item_path = tether_json_pointer_append (path, l->data);
          g_autofree char *what = g_strdup_printf ("%s.%s", key, (const char *)l->data);

          g_propagate_error (error, wrong_type (server, what, item_path, _("a string"), value));
          return FALSE;
        }

      /* The same header in two spellings: which one the user meant is not
       * ours to guess, like a key given twice. */
      if (pairs->ignore_case && pairs_find (pairs, l->data) >= 0)
        {
          g_autofree char *item_path = tether_json_pointer_append (path, l->data);
          g_autoptr(GError) same = NULL;

          mcp_http_check_header_names (g_ptr_array_index (pairs->keys, pairs_find (pairs, l->data)),
                                       l->data, &same);
          g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_DUPLICATE_KEY, item_path,
                                                             _("server “%s”: “%s”: %s"),
                                                             server, key, same->message));
          return FALSE;
        }
      pairs_add (pairs, l->data, json_node_get_string (value));
    }

  return TRUE;
}

static gboolean
read_args (TetherServerConfig  *self,
           JsonObject          *object,
           GError             **error)
{
  JsonNode *node = json_object_get_member (object, "args");
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_propagate_error (error, wrong_type (self->name, "args", "/args",
                                            _("an array of strings"), node));
      return FALSE;
    }

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!node_is_string (element))
        {
          g_autofree char *path = tether_json_pointer_append_index ("/args", i);

          /* Translators: server “memory”: “args” must be an array of strings, found a number */
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, path,
                                                      _("server “%s”: “args” must be an array of strings, found %s at position %u"),
                                                      self->name, _tether_json_type_name (element), i + 1));
          return FALSE;
        }
      g_strv_builder_add (builder, json_node_get_string (element));
    }

  g_strfreev (self->args);
  self->args = g_strv_builder_end (builder);

  return TRUE;
}

static gboolean
read_settings (TetherServerConfig  *self,
               JsonObject          *object,
               GError             **error)
{
  JsonNode *node = json_object_get_member (object, TETHER_KEY);
  JsonObject *settings;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, wrong_type (self->name, TETHER_KEY, "/" TETHER_KEY,
                                            _("an object"), node));
      return FALSE;
    }

  settings = json_node_get_object (node);
  for (guint i = 0; i < N_SETTINGS; i++)
    {
      JsonNode *value = json_object_get_member (settings, settings_info[i].key);
      gint64 number;

      if (value == NULL)
        continue;

      if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_INT64 ||
          (number = json_node_get_int (value)) < settings_info[i].min || number > G_MAXINT)
        {
          g_autofree char *path = tether_json_pointer_append ("/" TETHER_KEY, settings_info[i].key);
          g_autofree char *what = g_strdup_printf (TETHER_KEY ".%s", settings_info[i].key);

          if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_INT64)
            g_propagate_error (error,
                               tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                        _("server “%s”: “%s” must be an integer from %d to %d, found %" G_GINT64_FORMAT),
                                                        self->name, what, settings_info[i].min,
                                                        G_MAXINT, json_node_get_int (value)));
          else
            g_propagate_error (error, wrong_type (self->name, what, path, _("an integer"), value));
          return FALSE;
        }

      self->settings[i] = (int)number;
    }

  return TRUE;
}

/**
 * tether_server_config_new:
 * @name: the server's name, the key of its entry in `mcpServers`
 *
 * Returns: (transfer full): a new, empty stdio configuration, enabled
 */
TetherServerConfig *
tether_server_config_new (const char *name)
{
  return g_object_new (TETHER_TYPE_SERVER_CONFIG, "name", name, NULL);
}

/**
 * tether_server_config_new_from_json:
 * @name: the server's name (the entry's key)
 * @entry: the entry: a JSON object
 * @error: return location for an error
 *
 * Reads one `mcpServers` entry. Known members:
 *
 * | member | type | meaning |
 * |---|---|---|
 * | `type` | string | any spelling of tether_server_kind_from_string() |
 * | `command` | string | the program (stdio) |
 * | `args` | array of strings | its arguments |
 * | `env` | object of strings | environment, in order |
 * | `cwd` | string | working directory |
 * | `url` | string | the endpoint (http, sse, auto) |
 * | `headers` | object of strings | HTTP headers, in order |
 * | `disabled` | boolean | not started when true |
 * | `tether` | object | Tether's own settings, below |
 *
 * Without `type`, an entry with `command` is stdio and one with only `url`
 * is auto. The `tether` object holds integers, each optional (absent means
 * “use the default”): `connectTimeoutMs`, `requestTimeoutMs` (list and other
 * requests), `toolTimeoutMs`, `toolTimeoutMaxMs` (the hard cap progress may
 * extend a call to), `pingIntervalMs` (0 turns liveness pings off),
 * `connectAttempts`, `retryDelayMs` (the step of the waits between connect
 * attempts: 0, d, 2d…) and `reconnectDelayMaxMs` (the cap of the backoff
 * after a drop).
 *
 * Every other member, in the entry and in `tether`, is kept as it was and
 * written back by tether_server_config_to_json(), in its place.
 *
 * A wrong type gives %TETHER_CONFIG_ERROR_INVALID_TYPE naming the server and
 * the key, with the JSON pointer of the value relative to @entry (see
 * tether_config_error_get_path()). One header name in two spellings
 * (`Authorization` and `authorization`) is one header given twice, like a
 * key given twice: %TETHER_CONFIG_ERROR_DUPLICATE_KEY naming both, at the
 * second. This checks types only; see tether_server_config_validate() for
 * values.
 *
 * Returns: (transfer full) (nullable): the configuration, or %NULL on error
 */
TetherServerConfig *
tether_server_config_new_from_json (const char  *name,
                                    JsonNode    *entry,
                                    GError     **error)
{
  g_autoptr(TetherServerConfig) self = NULL;
  g_autofree char *type = NULL;
  JsonObject *object;
  JsonNode *node;
  JsonNode *copy;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (entry))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                   _("server “%s” must be an object, found %s"), name, _tether_json_type_name (entry));
      return NULL;
    }

  self = tether_server_config_new (name);
  object = json_node_get_object (entry);

  if (!read_string (name, object, "type", "", &type, error) ||
      !read_string (name, object, "command", "", &self->command, error) ||
      !read_args (self, object, error) ||
      !read_string_map (name, object, "env", &self->env, error) ||
      !read_string (name, object, "cwd", "", &self->cwd, error) ||
      !read_string (name, object, "url", "", &self->url, error) ||
      !read_string_map (name, object, "headers", &self->headers, error) ||
      !read_settings (self, object, error))
    return NULL;

  if (type != NULL)
    {
      if (!tether_server_kind_from_string (type, &self->kind))
        {
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/type",
                                                      _("server “%s”: “type” must be “stdio”, “http” or “sse”, found “%s”"),
                                                      name, type));
          return NULL;
        }
    }
  else if (self->command == NULL && self->url != NULL)
    self->kind = TETHER_SERVER_KIND_AUTO;

  node = json_object_get_member (object, "disabled");
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          g_propagate_error (error, wrong_type (name, "disabled", "/disabled", _("a boolean"), node));
          return NULL;
        }
      self->enabled = !json_node_get_boolean (node);
    }

  copy = mcp_json_deep_copy (entry);
  self->original = json_object_ref (json_node_get_object (copy));
  json_node_unref (copy);

  return g_steal_pointer (&self);
}

static JsonNode *
string_node (const char *value)
{
  return json_node_init_string (json_node_alloc (), value);
}

static JsonNode *
pairs_to_node (const Pairs *pairs,
               gboolean     masked)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  for (guint i = 0; i < pairs->keys->len; i++)
    json_object_set_member (object, g_ptr_array_index (pairs->keys, i),
                            string_node (masked ? TETHER_SERVER_CONFIG_MASK
                                                : g_ptr_array_index (pairs->values, i)));
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  return node;
}

static JsonNode *
mask_strings (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (object, l->data, mask_strings (json_object_dup_member (object, l->data)));
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (node_is_string (element))
            json_node_set_string (element, TETHER_SERVER_CONFIG_MASK);
          else
            json_node_unref (mask_strings (json_node_ref (element)));
        }
    }
  else if (node_is_string (node))
    {
      json_node_unref (node);
      return string_node (TETHER_SERVER_CONFIG_MASK);
    }

  return node;
}

/* The value of a known member, or NULL when it is not to be written. */
static JsonNode *
known_member (TetherServerConfig *self,
              const char         *key,
              gboolean            present,
              gboolean            masked)
{
  if (g_str_equal (key, "type"))
    {
      const char *spelling = NULL;
      TetherServerKind kind;

      if (present)
        {
          spelling = json_object_get_string_member (self->original, "type");
          /* Keep the user's spelling while it still says the same thing. */
          if (!tether_server_kind_from_string (spelling, &kind) || kind != self->kind)
            spelling = NULL;
        }
      if (spelling == NULL)
        {
          switch (self->kind)
            {
            case TETHER_SERVER_KIND_HTTP:
            case TETHER_SERVER_KIND_SSE:
              spelling = tether_server_kind_to_string (self->kind);
              break;
            case TETHER_SERVER_KIND_STDIO:
              /* Implied by "command"; written only when it was there. */
              spelling = present || self->command == NULL ? "stdio" : NULL;
              break;
            case TETHER_SERVER_KIND_AUTO:
            default:
              /* Implied by a lone "url"; with a command it must be said. */
              spelling = present || self->command != NULL ? "auto" : NULL;
              break;
            }
        }
      return spelling != NULL ? string_node (spelling) : NULL;
    }

  if (g_str_equal (key, "command"))
    return self->command != NULL ? string_node (self->command) : NULL;

  if (g_str_equal (key, "args"))
    {
      JsonArray *array;
      JsonNode *node;

      if (self->args == NULL || (self->args[0] == NULL && !present))
        return NULL;
      array = json_array_new ();
      for (guint i = 0; self->args[i] != NULL; i++)
        json_array_add_string_element (array, self->args[i]);
      node = json_node_init_array (json_node_alloc (), array);
      json_array_unref (array);
      return node;
    }

  if (g_str_equal (key, "env"))
    return self->env.keys->len > 0 || present ? pairs_to_node (&self->env, masked) : NULL;

  if (g_str_equal (key, "cwd"))
    return self->cwd != NULL ? string_node (self->cwd) : NULL;

  if (g_str_equal (key, "url"))
    {
      g_autofree char *url = masked ? tether_server_config_dup_masked_url (self) : NULL;

      if (self->url == NULL)
        return NULL;
      return string_node (url != NULL ? url : self->url);
    }

  if (g_str_equal (key, "headers"))
    return self->headers.keys->len > 0 || present ? pairs_to_node (&self->headers, masked) : NULL;

  if (g_str_equal (key, "disabled"))
    return !self->enabled || present ? json_node_init_boolean (json_node_alloc (), !self->enabled)
                                     : NULL;

  if (g_str_equal (key, TETHER_KEY))
    {
      JsonObject *original = NULL;
      JsonObject *object = json_object_new ();
      g_autoptr(GList) members = NULL;
      JsonNode *node;

      if (present)
        original = json_object_get_object_member (self->original, TETHER_KEY);
      if (original != NULL)
        members = json_object_get_members (original);

      /* Original order first, then settings that were not there. */
      for (GList *l = members; l != NULL; l = l->next)
        {
          gboolean known = FALSE;

          for (guint i = 0; i < N_SETTINGS; i++)
            {
              if (g_str_equal (l->data, settings_info[i].key))
                {
                  known = TRUE;
                  if (self->settings[i] >= 0)
                    json_object_set_int_member (object, l->data, self->settings[i]);
                }
            }
          if (!known)
            {
              JsonNode *value = mcp_json_deep_copy (json_object_get_member (original, l->data));

              json_object_set_member (object, l->data, masked ? mask_strings (value) : value);
            }
        }
      for (guint i = 0; i < N_SETTINGS; i++)
        {
          if (self->settings[i] >= 0 && !json_object_has_member (object, settings_info[i].key))
            json_object_set_int_member (object, settings_info[i].key, self->settings[i]);
        }

      if (json_object_get_size (object) == 0 && !present)
        {
          json_object_unref (object);
          return NULL;
        }
      node = json_node_init_object (json_node_alloc (), object);
      json_object_unref (object);
      return node;
    }

  g_assert_not_reached ();
}

static const char * const known_keys[] = {
  "type", "command", "args", "env", "cwd", "url", "headers", "disabled", TETHER_KEY,
};

static gboolean
is_known_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_keys); i++)
    {
      if (g_str_equal (key, known_keys[i]))
        return TRUE;
    }

  return FALSE;
}

static JsonNode *
to_json (TetherServerConfig *self,
         gboolean            masked)
{
  JsonObject *object = json_object_new ();
  g_autoptr(GList) members = NULL;
  JsonNode *node;

  if (self->original != NULL)
    members = json_object_get_members (self->original);

  /* The entry's own order first: known members with their current value
   * (dropped if unset since), unknown ones as they were. */
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;

      if (is_known_key (key))
        node = known_member (self, key, TRUE, masked);
      else
        {
          node = mcp_json_deep_copy (json_object_get_member (self->original, key));
          if (masked)
            node = mask_strings (node);
        }

      if (node != NULL)
        json_object_set_member (object, key, node);
    }

  /* Then what was set and was not in the entry, in the canonical order. */
  for (guint i = 0; i < G_N_ELEMENTS (known_keys); i++)
    {
      if (self->original != NULL && json_object_has_member (self->original, known_keys[i]))
        continue;
      node = known_member (self, known_keys[i], FALSE, masked);
      if (node != NULL)
        json_object_set_member (object, known_keys[i], node);
    }

  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  return node;
}

/**
 * tether_server_config_to_json:
 * @self: a #TetherServerConfig
 *
 * Builds the `mcpServers` entry (without the name, which is its key). Keys
 * that were read and are unknown come back unchanged and in their place;
 * known keys that were read keep their place; a setting never read nor set
 * is not written. A `type` read in another spelling keeps its spelling while
 * the kind is unchanged.
 *
 * Returns: (transfer full): a JSON object node
 */
JsonNode *
tether_server_config_to_json (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return to_json (self, FALSE);
}

static char *
node_to_string (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, node);

  return json_generator_to_data (generator, NULL);
}

/**
 * tether_server_config_to_json_string:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): tether_server_config_to_json() as pretty-printed
 *   text. It contains secrets: never log it.
 */
char *
tether_server_config_to_json_string (TetherServerConfig *self)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  node = to_json (self, FALSE);

  return node_to_string (node);
}

/**
 * tether_server_config_to_masked_json:
 * @self: a #TetherServerConfig
 *
 * The entry as tether_server_config_to_json_string() writes it, with every
 * env value and header value, the password and query values of the URL, and
 * every string in members Tether does not know replaced by
 * %TETHER_SERVER_CONFIG_MASK. Safe for logs and diagnostics.
 *
 * Returns: (transfer full): pretty-printed JSON
 */
char *
tether_server_config_to_masked_json (TetherServerConfig *self)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  node = to_json (self, TRUE);

  return node_to_string (node);
}

/**
 * tether_server_config_copy:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): a deep copy, unknown members included
 */
TetherServerConfig *
tether_server_config_copy (TetherServerConfig *self)
{
  TetherServerConfig *copy;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  copy = tether_server_config_new (self->name);
  copy->kind = self->kind;
  copy->enabled = self->enabled;
  copy->command = g_strdup (self->command);
  copy->args = g_strdupv (self->args);
  pairs_copy (&self->env, &copy->env);
  copy->cwd = g_strdup (self->cwd);
  copy->url = g_strdup (self->url);
  pairs_copy (&self->headers, &copy->headers);
  memcpy (copy->settings, self->settings, sizeof self->settings);
  if (self->original != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), self->original);
      g_autoptr(JsonNode) node_copy = mcp_json_deep_copy (node);

      copy->original = json_object_ref (json_node_get_object (node_copy));
    }

  return copy;
}

static gboolean
strv_equal0 (char **a,
             char **b)
{
  if (a == NULL || b == NULL)
    return (a == NULL || a[0] == NULL) && (b == NULL || b[0] == NULL);

  return g_strv_equal ((const char * const *)a, (const char * const *)b);
}

/**
 * tether_server_config_equal:
 * @a: a #TetherServerConfig
 * @b: a #TetherServerConfig
 *
 * Whether two configurations describe the same server: the same name, kind,
 * enabled state, command, arguments, env (in order), cwd, url, headers (in
 * order) and settings, and the same unknown members (compared as JSON values).
 * The store restarts a server only when its entry is not equal any more.
 *
 * Returns: %TRUE if equal
 */
gboolean
tether_server_config_equal (TetherServerConfig *a,
                            TetherServerConfig *b)
{
  g_autoptr(JsonNode) json_a = NULL;
  g_autoptr(JsonNode) json_b = NULL;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (a), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (b), FALSE);

  if (a == b)
    return TRUE;

  if (g_strcmp0 (a->name, b->name) != 0 ||
      a->kind != b->kind ||
      a->enabled != b->enabled ||
      g_strcmp0 (a->command, b->command) != 0 ||
      !strv_equal0 (a->args, b->args) ||
      !pairs_equal (&a->env, &b->env) ||
      g_strcmp0 (a->cwd, b->cwd) != 0 ||
      g_strcmp0 (a->url, b->url) != 0 ||
      !pairs_equal (&a->headers, &b->headers) ||
      memcmp (a->settings, b->settings, sizeof a->settings) != 0)
    return FALSE;

  /* Unknown members (and a type spelling) decide the rest. */
  json_a = to_json (a, FALSE);
  json_b = to_json (b, FALSE);

  return json_node_equal (json_a, json_b);
}

/**
 * tether_server_config_validate:
 * @self: a #TetherServerConfig
 * @error: return location for an error
 *
 * Checks that the configuration can be started: a name without control
 * characters; for stdio a non-empty command; for the remote kinds a URL and
 * headers the HTTP transport takes (mcp_http_parse_url(),
 * mcp_http_check_headers(): no header name given twice, in any case);
 * env names valid (see tether_server_config_env_name_is_valid()); connect
 * attempts at least 1. Fails with %TETHER_CONFIG_ERROR_INVALID_VALUE naming
 * the server.
 *
 * Returns: %TRUE if valid
 */
gboolean
tether_server_config_validate (TetherServerConfig  *self,
                               GError             **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  if (self->name == NULL || strspn (self->name, " \t\r\n") == strlen (self->name))
    {
      g_set_error_literal (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                           _("A server needs a name: this server’s name is empty"));
      return FALSE;
    }

  for (const char *p = self->name; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (g_unichar_iscntrl (g_utf8_get_char (p)))
        {
          /* The name as it is: whoever shows the message makes it safe to
           * show (tether-text.h), as for every text from a file. */
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("server “%s”: the name must not contain control characters"),
                       self->name);
          return FALSE;
        }
    }

  if (self->kind == TETHER_SERVER_KIND_STDIO)
    {
      if (self->command == NULL || *self->command == '\0')
        {
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/command",
                                                      _("server “%s”: no command to run (“command” is missing or empty)"),
                                                      self->name));
          return FALSE;
        }
    }
  else
    {
      g_autoptr(GError) url_error = NULL;
      g_autoptr(GUri) uri = NULL;

      if (self->url == NULL || *self->url == '\0')
        {
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/url",
                                                      _("server “%s”: no URL to connect to (“url” is missing or empty)"),
                                                      self->name));
          return FALSE;
        }

      uri = mcp_http_parse_url (self->url, &url_error);
      if (uri == NULL)
        {
          g_autofree char *shown = tether_server_config_dup_masked_url (self);

          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/url",
                                                      _("server “%s”: the URL “%s” cannot be used: %s"),
                                                      self->name, shown, url_error->message));
          return FALSE;
        }
    }

  for (guint i = 0; i < self->env.keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->env.keys, i);

      if (!tether_server_config_env_name_is_valid (key))
        {
          g_autofree char *path = tether_json_pointer_append ("/env", key);

          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                      _("server “%s”: “%s” is not a valid environment variable name "
                                                        "(letters, digits and “_”, not starting with a digit)"),
                                                      self->name, key));
          return FALSE;
        }
    }

  {
    g_autoptr(GError) header_error = NULL;
    guint bad;

    if (!mcp_http_check_headers ((const char * const *)self->headers.keys->pdata,
                                 (const char * const *)self->headers.values->pdata,
                                 self->headers.keys->len, &bad, &header_error))
      {
        g_autofree char *path = tether_json_pointer_append ("/headers",
                                                            g_ptr_array_index (self->headers.keys, bad));

        g_propagate_error (error,
                           tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                    _("server “%s”: %s"),
                                                    self->name, header_error->message));
        return FALSE;
      }
  }

  if (self->settings[SETTING_CONNECT_ATTEMPTS] == 0)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("server “%s”: “connectAttempts” must be at least 1"), self->name);
      return FALSE;
    }

  return TRUE;
}

static void
append_quoted (GString    *out,
               const char *word)
{
  gboolean plain = *word != '\0';

  for (const char *p = word; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && strchr ("@%+=:,./_-", *p) == NULL && !((guchar)*p & 0x80))
        {
          plain = FALSE;
          break;
        }
    }

  if (plain)
    {
      g_string_append (out, word);
      return;
    }

  g_string_append_c (out, '\'');
  for (const char *p = word; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "'\\''");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
}

/**
 * tether_server_config_dup_command_line:
 * @self: a #TetherServerConfig
 *
 * The command and its arguments as one line a POSIX shell would split back
 * into the same argv: words with only safe characters stay bare, others are
 * single-quoted (`npx -y '@scope/pkg' 'My Documents'` never loses a space).
 * For display only: Tether always spawns the argv itself.
 *
 * Returns: (transfer full) (nullable): the command line, or %NULL without a
 *   command
 */
char *
tether_server_config_dup_command_line (TetherServerConfig *self)
{
  GString *out;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  if (self->command == NULL)
    return NULL;

  out = g_string_new (NULL);
  append_quoted (out, self->command);
  for (guint i = 0; self->args != NULL && self->args[i] != NULL; i++)
    {
      g_string_append_c (out, ' ');
      append_quoted (out, self->args[i]);
    }

  return g_string_free (out, FALSE);
}

/**
 * tether_server_config_dup_masked_url:
 * @self: a #TetherServerConfig
 *
 * The URL as it may be shown: see mcp_url_mask() for what is masked.
 *
 * Returns: (transfer full) (nullable): the masked URL, or %NULL without one
 */
char *
tether_server_config_dup_masked_url (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return mcp_url_mask (self->url);
}

/**
 * tether_server_config_describe:
 * @self: a #TetherServerConfig
 *
 * A one-line description for diagnostics, secrets masked:
 * `memory: stdio: npx -y @modelcontextprotocol/server-memory; env: API_KEY=••••`
 * or `docs: http: https://example.com/mcp; headers: Authorization=••••; disabled`.
 *
 * Returns: (transfer full): the description
 */
char *
tether_server_config_describe (TetherServerConfig *self)
{
  GString *out;
  g_autofree char *target = NULL;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "%s: %s: ", self->name, tether_server_kind_to_string (self->kind));

  if (self->kind == TETHER_SERVER_KIND_STDIO)
    target = tether_server_config_dup_command_line (self);
  else
    target = tether_server_config_dup_masked_url (self);
  g_string_append (out, target != NULL ? target : _("(none)"));

  if (self->cwd != NULL && self->kind == TETHER_SERVER_KIND_STDIO)
    g_string_append_printf (out, "; cwd: %s", self->cwd);

  for (guint p = 0; p < 2; p++)
    {
      const Pairs *pairs = p == 0 ? &self->env : &self->headers;

      if (pairs->keys->len == 0)
        continue;
      g_string_append (out, p == 0 ? "; env: " : "; headers: ");
      for (guint i = 0; i < pairs->keys->len; i++)
        g_string_append_printf (out, "%s%s=" TETHER_SERVER_CONFIG_MASK, i > 0 ? " " : "",
                                (const char *)g_ptr_array_index (pairs->keys, i));
    }

  if (!self->enabled)
    g_string_append (out, "; disabled");

  return g_string_free (out, FALSE);
}

/* GObject */

static void
tether_server_config_finalize (GObject *object)
{
  TetherServerConfig *self = (TetherServerConfig *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->command, g_free);
  g_clear_pointer (&self->args, g_strfreev);
  pairs_clear (&self->env);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->url, g_free);
  pairs_clear (&self->headers);
  g_clear_pointer (&self->original, json_object_unref);

  G_OBJECT_CLASS (tether_server_config_parent_class)->finalize (object);
}

static void
tether_server_config_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherServerConfig *self = TETHER_SERVER_CONFIG (object);

  if (prop_id >= PROP_FIRST_SETTING && prop_id < N_PROPS)
    {
      g_value_set_int (value, self->settings[prop_id - PROP_FIRST_SETTING]);
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;

    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;

    case PROP_ARGS:
      g_value_set_boxed (value, self->args);
      break;

    case PROP_ENV:
      g_value_take_boxed (value, pairs_to_strv (&self->env, "="));
      break;

    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_HEADERS:
      g_value_take_boxed (value, pairs_to_strv (&self->headers, ": "));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_config_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherServerConfig *self = TETHER_SERVER_CONFIG (object);

  if (prop_id >= PROP_FIRST_SETTING && prop_id < N_PROPS)
    {
      int *slot = &self->settings[prop_id - PROP_FIRST_SETTING];

      if (*slot != g_value_get_int (value))
        {
          *slot = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      tether_server_config_set_name (self, g_value_get_string (value));
      break;

    case PROP_KIND:
      tether_server_config_set_kind (self, g_value_get_enum (value));
      break;

    case PROP_ENABLED:
      tether_server_config_set_enabled (self, g_value_get_boolean (value));
      break;

    case PROP_COMMAND:
      tether_server_config_set_command (self, g_value_get_string (value));
      break;

    case PROP_ARGS:
      tether_server_config_set_args (self, g_value_get_boxed (value));
      break;

    case PROP_ENV:
      tether_server_config_set_env (self, g_value_get_boxed (value));
      break;

    case PROP_CWD:
      tether_server_config_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_URL:
      tether_server_config_set_url (self, g_value_get_string (value));
      break;

    case PROP_HEADERS:
      tether_server_config_set_headers (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_config_class_init (TetherServerConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tether_server_config_finalize;
  object_class->get_property = tether_server_config_get_property;
  object_class->set_property = tether_server_config_set_property;

  /**
   * TetherServerConfig:name:
   *
   * The server's name: its key in `mcpServers`.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:kind:
   *
   * How Tether talks to the server.
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TETHER_TYPE_SERVER_KIND, TETHER_SERVER_KIND_STDIO,
                       flags);

  /**
   * TetherServerConfig:enabled:
   *
   * Whether the server is started (`"disabled": true` in the file when not).
   */
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE, flags);

  /**
   * TetherServerConfig:command:
   *
   * The program of a stdio server, looked up in PATH when not absolute.
   */
  properties[PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:args:
   *
   * The arguments after the command; never joined into one string.
   */
  properties[PROP_ARGS] =
    g_param_spec_boxed ("args", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:env:
   *
   * Extra environment, in order, as `NAME=value` strings (split at the
   * first `=`). Contains secrets.
   */
  properties[PROP_ENV] =
    g_param_spec_boxed ("env", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:cwd:
   *
   * The working directory of a stdio server, or %NULL to inherit Tether's.
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:url:
   *
   * The endpoint of a remote server. May contain secrets in its query.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:headers:
   *
   * Extra HTTP headers, in order, as `Name: value` strings (split at the
   * first `:`, one following space dropped). Contains secrets.
   */
  properties[PROP_HEADERS] =
    g_param_spec_boxed ("headers", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:connect-timeout:
   *
   * Bound of one connect attempt in milliseconds; -1 for the default.
   */
  /**
   * TetherServerConfig:request-timeout:
   *
   * Bound of a list, get or read request in milliseconds; -1 for the default.
   */
  /**
   * TetherServerConfig:tool-timeout:
   *
   * Bound of a tool call in milliseconds (progress may extend it); -1 for
   * the default.
   */
  /**
   * TetherServerConfig:tool-timeout-max:
   *
   * Hard maximum of a tool call in milliseconds, whatever progress says;
   * -1 for the default.
   */
  /**
   * TetherServerConfig:ping-interval:
   *
   * Interval of liveness pings in milliseconds, 0 for none; -1 for the
   * default (off for stdio, on for HTTP).
   */
  /**
   * TetherServerConfig:connect-attempts:
   *
   * How many connect attempts before giving up; -1 for the default.
   */
  /**
   * TetherServerConfig:retry-delay:
   *
   * Step of the waits before connect attempts (0, d, 2d…) in milliseconds;
   * -1 for the default.
   */
  /**
   * TetherServerConfig:reconnect-delay-max:
   *
   * Cap of the growing wait between reconnections after a drop, in
   * milliseconds; -1 for the default.
   */
  for (guint i = 0; i < N_SETTINGS; i++)
    properties[PROP_FIRST_SETTING + i] =
      g_param_spec_int (settings_info[i].property, NULL, NULL,
                        -1, G_MAXINT, -1, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_server_config_init (TetherServerConfig *self)
{
  self->kind = TETHER_SERVER_KIND_STDIO;
  self->enabled = TRUE;
  pairs_init (&self->env, FALSE);
  pairs_init (&self->headers, TRUE);
  for (guint i = 0; i < N_SETTINGS; i++)
    self->settings[i] = -1;
}

/* Accessors */

static void
set_string (TetherServerConfig  *self,
            char               **field,
            const char          *value,
            guint                prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/**
 * tether_server_config_get_name:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the name
 */
const char *
tether_server_config_get_name (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->name;
}

/**
 * tether_server_config_set_name:
 * @self: a #TetherServerConfig
 * @name: the new name
 */
void
tether_server_config_set_name (TetherServerConfig *self,
                               const char         *name)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->name, name, PROP_NAME);
}

/**
 * tether_server_config_get_kind:
 * @self: a #TetherServerConfig
 *
 * Returns: the transport kind
 */
TetherServerKind
tether_server_config_get_kind (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), TETHER_SERVER_KIND_STDIO);

  return self->kind;
}

/**
 * tether_server_config_set_kind:
 * @self: a #TetherServerConfig
 * @kind: the transport kind
 */
void
tether_server_config_set_kind (TetherServerConfig *self,
                               TetherServerKind    kind)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (self->kind == kind)
    return;

  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

/**
 * tether_server_config_get_enabled:
 * @self: a #TetherServerConfig
 *
 * Returns: whether the server is to be started
 */
gboolean
tether_server_config_get_enabled (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  return self->enabled;
}

/**
 * tether_server_config_set_enabled:
 * @self: a #TetherServerConfig
 * @enabled: whether the server is to be started
 */
void
tether_server_config_set_enabled (TetherServerConfig *self,
                                  gboolean            enabled)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  enabled = !!enabled;
  if (self->enabled == (guint)enabled)
    return;

  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

/**
 * tether_server_config_get_command:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the program of a stdio server
 */
const char *
tether_server_config_get_command (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->command;
}

/**
 * tether_server_config_set_command:
 * @self: a #TetherServerConfig
 * @command: (nullable): the program
 */
void
tether_server_config_set_command (TetherServerConfig *self,
                                  const char         *command)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->command, command, PROP_COMMAND);
}

/**
 * tether_server_config_get_args:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer none) (nullable): the arguments after the command
 */
const char * const *
tether_server_config_get_args (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *)self->args;
}

/**
 * tether_server_config_set_args:
 * @self: a #TetherServerConfig
 * @args: (nullable) (array zero-terminated=1): the arguments
 */
void
tether_server_config_set_args (TetherServerConfig *self,
                               const char * const *args)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (args == NULL ? self->args == NULL
                   : self->args != NULL && g_strv_equal (args, (const char * const *)self->args))
    return;

  g_strfreev (self->args);
  self->args = g_strdupv ((char **)args);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARGS]);
}

/**
 * tether_server_config_dup_argv:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full) (nullable): the command followed by the
 *   arguments, ready to spawn, or %NULL without a command
 */
char **
tether_server_config_dup_argv (TetherServerConfig *self)
{
  GStrvBuilder *builder;
  char **argv;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  if (self->command == NULL)
    return NULL;

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, self->command);
  if (self->args != NULL)
    g_strv_builder_addv (builder, (const char **)self->args);
  argv = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return argv;
}

/**
 * tether_server_config_get_cwd:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the working directory
 */
const char *
tether_server_config_get_cwd (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->cwd;
}

/**
 * tether_server_config_set_cwd:
 * @self: a #TetherServerConfig
 * @cwd: (nullable): the working directory
 */
void
tether_server_config_set_cwd (TetherServerConfig *self,
                              const char         *cwd)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->cwd, cwd, PROP_CWD);
}

/**
 * tether_server_config_dup_env:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the env as `NAME=value` strings, in order, ready
 *   for g_environ_setenv() or a launcher. Contains secrets.
 */
char **
tether_server_config_dup_env (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return pairs_to_strv (&self->env, "=");
}

/**
 * tether_server_config_set_env:
 * @self: a #TetherServerConfig
 * @env: (nullable) (array zero-terminated=1): `NAME=value` strings
 *
 * Replaces the whole env. A later duplicate name replaces the earlier value.
 */
void
tether_server_config_set_env (TetherServerConfig *self,
                              const char * const *env)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (pairs_from_strv (&self->env, env, '=', FALSE))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENV]);
}

/**
 * tether_server_config_dup_env_names:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the names of the env variables, in order
 */
char **
tether_server_config_dup_env_names (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return pairs_dup_keys (&self->env);
}

/**
 * tether_server_config_get_env_value:
 * @self: a #TetherServerConfig
 * @name: a variable name
 *
 * Returns: (nullable): its value, or %NULL if unset
 */
const char *
tether_server_config_get_env_value (TetherServerConfig *self,
                                    const char         *name)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return pairs_lookup (&self->env, name);
}

/**
 * tether_server_config_set_env_value:
 * @self: a #TetherServerConfig
 * @name: a variable name
 * @value: (nullable): its value, or %NULL to remove it
 *
 * Sets one variable, keeping its place if it exists, else appending it.
 */
void
tether_server_config_set_env_value (TetherServerConfig *self,
                                    const char         *name,
                                    const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);

  if (pairs_set (&self->env, name, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENV]);
}

/**
 * tether_server_config_get_url:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the endpoint of a remote server
 */
const char *
tether_server_config_get_url (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->url;
}

/**
 * tether_server_config_set_url:
 * @self: a #TetherServerConfig
 * @url: (nullable): the endpoint
 */
void
tether_server_config_set_url (TetherServerConfig *self,
                              const char         *url)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->url, url, PROP_URL);
}

/**
 * tether_server_config_dup_headers:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the headers as `Name: value` strings, in order.
 *   Contains secrets.
 */
char **
tether_server_config_dup_headers (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return pairs_to_strv (&self->headers, ": ");
}

/**
 * tether_server_config_set_headers:
 * @self: a #TetherServerConfig
 * @headers: (nullable) (array zero-terminated=1): `Name: value` strings
 *
 * Replaces all headers, as given: a name that comes twice (in any case)
 * stays twice, for tether_server_config_validate() to refuse.
 */
void
tether_server_config_set_headers (TetherServerConfig *self,
                                  const char * const *headers)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (pairs_from_strv (&self->headers, headers, ':', TRUE))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}

/**
 * tether_server_config_dup_header_names:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the header names, in order
 */
char **
tether_server_config_dup_header_names (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return pairs_dup_keys (&self->headers);
}

/**
 * tether_server_config_get_header_value:
 * @self: a #TetherServerConfig
 * @name: a header name, in any case
 *
 * Returns: (nullable): its value (the first, if the name is there twice)
 */
const char *
tether_server_config_get_header_value (TetherServerConfig *self,
                                       const char         *name)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return pairs_lookup (&self->headers, name);
}

/**
 * tether_server_config_set_header_value:
 * @self: a #TetherServerConfig
 * @name: a header name
 * @value: (nullable): its value, or %NULL to remove it
 *
 * Sets the header of that name in any case, which takes the spelling
 * @name, or adds it last.
 */
void
tether_server_config_set_header_value (TetherServerConfig *self,
                                       const char         *name,
                                       const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);

  if (pairs_set (&self->headers, name, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}

/**
 * tether_server_config_add_header:
 * @self: a #TetherServerConfig
 * @name: a header name
 * @value: its value
 *
 * Adds a header last, as a file gave it: unlike
 * tether_server_config_set_header_value(), a name already there in another
 * case is not replaced but kept twice, so that
 * tether_server_config_validate() refuses the pair and says which two.
 */
void
tether_server_config_add_header (TetherServerConfig *self,
                                 const char         *name,
                                 const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (value != NULL);

  if (pairs_find (&self->headers, name) < 0)
    {
      tether_server_config_set_header_value (self, name, value);
      return;
    }

  pairs_add (&self->headers, name, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}

static int
get_setting (TetherServerConfig *self,
             Setting             setting)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), -1);

  return self->settings[setting];
}

static void
set_setting (TetherServerConfig *self,
             Setting             setting,
             int                 value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (value >= -1);

  g_object_set (self, settings_info[setting].property, value, NULL);
}

/**
 * tether_server_config_get_connect_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:connect-timeout; -1 when unset
 */
int
tether_server_config_get_connect_timeout (TetherServerConfig *self)
{
  return get_setting (self, SETTING_CONNECT_TIMEOUT);
}

/**
 * tether_server_config_set_connect_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_connect_timeout (TetherServerConfig *self,
                                          int                 msec)
{
  set_setting (self, SETTING_CONNECT_TIMEOUT, msec);
}

/**
 * tether_server_config_get_request_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:request-timeout; -1 when unset
 */
int
tether_server_config_get_request_timeout (TetherServerConfig *self)
{
  return get_setting (self, SETTING_REQUEST_TIMEOUT);
}

/**
 * tether_server_config_set_request_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_request_timeout (TetherServerConfig *self,
                                          int                 msec)
{
  set_setting (self, SETTING_REQUEST_TIMEOUT, msec);
}

/**
 * tether_server_config_get_tool_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:tool-timeout; -1 when unset
 */
int
tether_server_config_get_tool_timeout (TetherServerConfig *self)
{
  return get_setting (self, SETTING_TOOL_TIMEOUT);
}

/**
 * tether_server_config_set_tool_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_tool_timeout (TetherServerConfig *self,
                                       int                 msec)
{
  set_setting (self, SETTING_TOOL_TIMEOUT, msec);
}

/**
 * tether_server_config_get_tool_timeout_max:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:tool-timeout-max; -1 when unset
 */
int
tether_server_config_get_tool_timeout_max (TetherServerConfig *self)
{
  return get_setting (self, SETTING_TOOL_TIMEOUT_MAX);
}

/**
 * tether_server_config_set_tool_timeout_max:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_tool_timeout_max (TetherServerConfig *self,
                                           int                 msec)
{
  set_setting (self, SETTING_TOOL_TIMEOUT_MAX, msec);
}

/**
 * tether_server_config_get_ping_interval:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:ping-interval; -1 when unset
 */
int
tether_server_config_get_ping_interval (TetherServerConfig *self)
{
  return get_setting (self, SETTING_PING_INTERVAL);
}

/**
 * tether_server_config_set_ping_interval:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, 0 for no pings, or -1 to unset
 */
void
tether_server_config_set_ping_interval (TetherServerConfig *self,
                                        int                 msec)
{
  set_setting (self, SETTING_PING_INTERVAL, msec);
}

/**
 * tether_server_config_get_connect_attempts:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:connect-attempts; -1 when unset
 */
int
tether_server_config_get_connect_attempts (TetherServerConfig *self)
{
  return get_setting (self, SETTING_CONNECT_ATTEMPTS);
}

/**
 * tether_server_config_set_connect_attempts:
 * @self: a #TetherServerConfig
 * @attempts: at least 1, or -1 to unset
 */
void
tether_server_config_set_connect_attempts (TetherServerConfig *self,
                                           int                 attempts)
{
  set_setting (self, SETTING_CONNECT_ATTEMPTS, attempts);
}

/**
 * tether_server_config_get_retry_delay:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:retry-delay; -1 when unset
 */
int
tether_server_config_get_retry_delay (TetherServerConfig *self)
{
  return get_setting (self, SETTING_RETRY_DELAY);
}

/**
 * tether_server_config_set_retry_delay:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_retry_delay (TetherServerConfig *self,
                                      int                 msec)
{
  set_setting (self, SETTING_RETRY_DELAY, msec);
}

/**
 * tether_server_config_get_reconnect_delay_max:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:reconnect-delay-max; -1 when unset
 */
int
tether_server_config_get_reconnect_delay_max (TetherServerConfig *self)
{
  return get_setting (self, SETTING_RECONNECT_DELAY_MAX);
}

/**
 * tether_server_config_set_reconnect_delay_max:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_reconnect_delay_max (TetherServerConfig *self,
                                              int                 msec)
{
  set_setting (self, SETTING_RECONNECT_DELAY_MAX, msec);
}
