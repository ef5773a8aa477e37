/* tether-server-config-json.c — a configuration to and from its mcpServers entry
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

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-server-config-private.h"

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
                                  server, key, expected, tether_json_type_name (found));
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
                 TetherPairs      *pairs,
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
      if (pairs->ignore_case && _tether_pairs_find (pairs, l->data) >= 0)
        {
          g_autofree char *item_path = tether_json_pointer_append (path, l->data);
          g_autoptr(GError) same = NULL;

          mcp_http_check_header_names (g_ptr_array_index (pairs->keys, _tether_pairs_find (pairs, l->data)),
                                       l->data, &same);
          g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_DUPLICATE_KEY, item_path,
                                                             _("server “%s”: “%s”: %s"),
                                                             server, key, same->message));
          return FALSE;
        }
      _tether_pairs_add (pairs, l->data, json_node_get_string (value));
    }

  return TRUE;
}

/* An array of strings at @path, named @key in messages, into @out. */
static gboolean
read_strings (const char  *server,
              JsonNode    *node,
              const char  *key,
              const char  *path,
              char      ***out,
              GError     **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_propagate_error (error, wrong_type (server, key, path, _("an array of strings"), node));
      return FALSE;
    }

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *element_path = tether_json_pointer_append_index (path, i);

      if (!node_is_string (element))
        {
          g_propagate_error (error, wrong_type (server, key, element_path,
                                                _("an array of strings"), element));
          return FALSE;
        }
      g_strv_builder_add (builder, json_node_get_string (element));
    }

  g_strfreev (*out);
  *out = g_strv_builder_end (builder);

  return TRUE;
}

/* "disabledTools": an array of tool names, as the server names them. */
static gboolean
read_disabled_tools (TetherServerConfig  *self,
                     JsonObject          *object,
                     GError             **error)
{
  JsonNode *node = json_object_get_member (object, "disabledTools");

  return node == NULL ||
         read_strings (self->name, node, "disabledTools", "/disabledTools", &self->disabled_tools, error);
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
                                                      self->name, tether_json_type_name (element), i + 1));
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
  JsonNode *node = json_object_get_member (object, TETHER_SERVER_CONFIG_KEY);
  JsonObject *settings;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, wrong_type (self->name, TETHER_SERVER_CONFIG_KEY,
                                            "/" TETHER_SERVER_CONFIG_KEY, _("an object"), node));
      return FALSE;
    }

  settings = json_node_get_object (node);
  for (guint i = 0; i < TETHER_SERVER_N_SETTINGS; i++)
    {
      const TetherServerSettingInfo *info = &_tether_server_settings[i];
      JsonNode *value = json_object_get_member (settings, info->key);
      gboolean integer;
      gint64 number = 0;

      if (value == NULL)
        continue;

      integer = JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_INT64;
      if (integer)
        number = json_node_get_int (value);
      if (!integer || number < info->min || number > G_MAXINT)
        {
          g_autofree char *path = tether_json_pointer_append ("/" TETHER_SERVER_CONFIG_KEY, info->key);
          g_autofree char *what = g_strdup_printf (TETHER_SERVER_CONFIG_KEY ".%s", info->key);

          if (integer)
            g_propagate_error (error,
                               tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                        _("server “%s”: “%s” must be an integer from %d "
                                                          "to %d, found %lld"),
                                                        self->name, what, info->min, G_MAXINT,
                                                        (long long)number));
          else
            g_propagate_error (error, wrong_type (self->name, what, path, _("an integer"), value));
          return FALSE;
        }

      self->settings[i] = (int)number;
    }

  /* The folders offered as roots: checked as values by
   * tether_server_config_validate(), like the other settings. */
  node = json_object_get_member (settings, TETHER_SERVER_CONFIG_ROOTS_KEY);
  if (node != NULL &&
      !read_strings (self->name, node, TETHER_SERVER_CONFIG_KEY "." TETHER_SERVER_CONFIG_ROOTS_KEY,
                     "/" TETHER_SERVER_CONFIG_KEY "/" TETHER_SERVER_CONFIG_ROOTS_KEY, &self->roots, error))
    return FALSE;

  return TRUE;
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
 * | `oauth` | object | the server's own OAuth client (tether-server-config-oauth.h) |
 *
 * Without `type`, an entry with `command` is stdio and one with only `url`
 * is auto. The `tether` object holds integers, each optional (absent means
 * “use the default”): `connectTimeoutMs`, `requestTimeoutMs` (list and other
 * requests), `toolTimeoutMs`, `toolTimeoutMaxMs` (the hard cap progress may
 * extend a call to), `pingIntervalMs` (0 turns liveness pings off),
 * `connectAttempts`, `retryDelayMs` (the step of the waits between connect
 * attempts: 0, d, 2d…) and `reconnectDelayMaxMs` (the cap of the backoff
 * after a drop). Its `roots` is an array of strings: the folders offered
 * to the server as roots (see tether_server_config_get_roots()).
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
                   _("server “%s” must be an object, found %s"), name, tether_json_type_name (entry));
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
      !read_disabled_tools (self, object, error) ||
      !read_settings (self, object, error) ||
      !_tether_server_config_read_oauth (self, object, error))
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
pairs_to_node (const TetherPairs *pairs,
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

/* An array of strings; an empty one only when it was in the entry. */
static JsonNode *
strv_node (char     **strv,
           gboolean   present)
{
  JsonArray *array;
  JsonNode *node;

  if (strv == NULL || (strv[0] == NULL && !present))
    return NULL;
  array = json_array_new ();
  for (guint i = 0; strv[i] != NULL; i++)
    json_array_add_string_element (array, strv[i]);
  node = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);

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
    return strv_node (self->args, present);

  if (g_str_equal (key, "disabledTools"))
    return strv_node (self->disabled_tools, present);

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

  if (g_str_equal (key, TETHER_SERVER_CONFIG_OAUTH_KEY))
    return _tether_server_config_oauth_node (self, masked);

  if (g_str_equal (key, TETHER_SERVER_CONFIG_KEY))
    {
      JsonObject *original = NULL;
      JsonObject *object = json_object_new ();
      g_autoptr(GList) members = NULL;
      JsonNode *node;

      if (present)
        original = json_object_get_object_member (self->original, TETHER_SERVER_CONFIG_KEY);
      if (original != NULL)
        members = json_object_get_members (original);

      /* Original order first, then settings that were not there. */
      for (GList *l = members; l != NULL; l = l->next)
        {
          gboolean known = FALSE;

          for (guint i = 0; i < TETHER_SERVER_N_SETTINGS; i++)
            {
              if (g_str_equal (l->data, _tether_server_settings[i].key))
                {
                  known = TRUE;
                  if (self->settings[i] >= 0)
                    json_object_set_int_member (object, l->data, self->settings[i]);
                }
            }
          if (g_str_equal (l->data, TETHER_SERVER_CONFIG_ROOTS_KEY))
            {
              known = TRUE;
              if (self->roots != NULL)
                json_object_set_member (object, l->data, strv_node (self->roots, TRUE));
            }
          if (!known)
            {
              JsonNode *value = mcp_json_deep_copy (json_object_get_member (original, l->data));

              json_object_set_member (object, l->data, masked ? mask_strings (value) : value);
            }
        }
      for (guint i = 0; i < TETHER_SERVER_N_SETTINGS; i++)
        {
          const char *setting = _tether_server_settings[i].key;

          if (self->settings[i] >= 0 && !json_object_has_member (object, setting))
            json_object_set_int_member (object, setting, self->settings[i]);
        }
      if (self->roots != NULL && !json_object_has_member (object, TETHER_SERVER_CONFIG_ROOTS_KEY))
        json_object_set_member (object, TETHER_SERVER_CONFIG_ROOTS_KEY, strv_node (self->roots, TRUE));

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
  "type", "command", "args", "env", "cwd", "url", "headers", "oauth", "disabled", "disabledTools",
  TETHER_SERVER_CONFIG_KEY,
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
      !_tether_pairs_equal (&a->env, &b->env) ||
      g_strcmp0 (a->cwd, b->cwd) != 0 ||
      g_strcmp0 (a->url, b->url) != 0 ||
      !_tether_pairs_equal (&a->headers, &b->headers) ||
      memcmp (a->settings, b->settings, sizeof a->settings) != 0 ||
      !strv_equal0 (a->disabled_tools, b->disabled_tools) ||
      !strv_equal0 (a->roots, b->roots))
    return FALSE;

  /* Unknown members (and a type spelling) decide the rest. */
  json_a = to_json (a, FALSE);
  json_b = to_json (b, FALSE);

  return json_node_equal (json_a, json_b);
}

/* Whether @a and @b are equal once @b takes @a's disabled tools, and
 * its roots too when @but_roots. */
static gboolean
equal_but (TetherServerConfig *a,
           TetherServerConfig *b,
           gboolean            but_roots)
{
  g_autoptr(TetherServerConfig) copy = tether_server_config_copy (b);

  tether_server_config_set_disabled_tools (copy, (const char * const *)a->disabled_tools);
  if (but_roots)
    tether_server_config_set_roots (copy, (const char * const *)a->roots);

  return tether_server_config_equal (a, copy);
}

/**
 * tether_server_config_equal_but_tools:
 * @a: a #TetherServerConfig
 * @b: a #TetherServerConfig
 *
 * Whether @a and @b differ at most in `disabledTools`: the same server,
 * reached the same way, which need not be restarted.
 *
 * Returns: %TRUE if equal but for the disabled tools
 */
gboolean
tether_server_config_equal_but_tools (TetherServerConfig *a,
                                      TetherServerConfig *b)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (a), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (b), FALSE);

  return equal_but (a, b, FALSE);
}

/**
 * tether_server_config_equal_but_live:
 * @a: a #TetherServerConfig
 * @b: a #TetherServerConfig
 *
 * Whether @a and @b differ at most in what applies to a running server
 * without a restart: `disabledTools` (the hub's offer) and the roots (the
 * server is told they changed).
 *
 * Returns: %TRUE if equal but for the disabled tools and the roots
 */
gboolean
tether_server_config_equal_but_live (TetherServerConfig *a,
                                     TetherServerConfig *b)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (a), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (b), FALSE);

  return equal_but (a, b, TRUE);
}
