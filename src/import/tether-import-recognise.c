/* tether-import-recognise.c — which syntax, which client, where its servers are
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Content first, names second: the syntax is what the text starts with
 * (JSON starts with an object or an array), then the file's suffix, then
 * lines only a client's TOML or YAML has. The client is the one whose
 * servers key the document has (keys in the order of the client table);
 * where clients share a key, the hints of the table tell them apart.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

void
_tether_import_found_clear (TetherImportFound *found)
{
  g_clear_pointer (&found->pointer, g_free);
  g_clear_pointer (&found->source_prefix, g_free);
}

static gboolean
has_suffix_ci (const char *name,
               const char *suffix)
{
  gsize n, m;

  if (name == NULL)
    return FALSE;
  n = strlen (name);
  m = strlen (suffix);

  return n >= m && g_ascii_strcasecmp (name + n - m, suffix) == 0;
}

static gboolean
has_line_matching (const char *text,
                   const char *pattern)
{
  return g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0);
}

/* A line only a file of a client with @syntax has: a TOML table (or dotted
 * key) under its servers key, a YAML mapping of it at the top. */
static gboolean
has_client_line (const char         *text,
                 TetherImportSyntax  syntax)
{
  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      const TetherImportClient *client = _tether_import_clients_get_nth (i);

      if (client->syntax != syntax || client->roots == NULL)
        continue;

      for (const TetherImportRoot *root = client->roots; root->key != NULL; root++)
        {
          g_autofree char *key = g_regex_escape_string (root->key, -1);
          g_autofree char *table = NULL;
          g_autofree char *dotted = NULL;

          if (syntax == TETHER_IMPORT_SYNTAX_YAML)
            {
              table = g_strdup_printf ("^%s\\s*:", key);
              if (has_line_matching (text, table))
                return TRUE;
              continue;
            }

          table = g_strdup_printf ("^\\s*\\[\\s*%s[.\\]]", key);
          dotted = g_strdup_printf ("^\\s*%s\\.[^=]+=", key);
          if (has_line_matching (text, table) || has_line_matching (text, dotted))
            return TRUE;
        }
    }

  return FALSE;
}

/* The syntax of @text (nul-terminated at @length), or an error: a text of
 * only comments, binary data, or nothing Tether reads. */
gboolean
_tether_import_choose_syntax (TetherImportRun     *run,
                              const char          *text,
                              gsize                length,
                              TetherImportSyntax  *syntax,
                              GError             **error)
{
  const char *end = text + length;
  const char *p = tether_config_document_skip_blank (text, end);

  if (p >= end)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_EMPTY,
                   _("%s: the file holds only comments"), run->display);
      return FALSE;
    }

  *syntax = TETHER_IMPORT_SYNTAX_JSON;
  if (*p == '{')
    return TRUE;
  if (*p == '[' && !has_line_matching (text, "^\\s*\\[[A-Za-z0-9_.\"' -]+\\]\\s*(#.*)?$"))
    return TRUE;

  if (has_suffix_ci (run->base_name, ".toml"))
    *syntax = TETHER_IMPORT_SYNTAX_TOML;
  else if (has_suffix_ci (run->base_name, ".yaml") || has_suffix_ci (run->base_name, ".yml"))
    *syntax = TETHER_IMPORT_SYNTAX_YAML;
  else if (has_suffix_ci (run->base_name, ".json") || has_suffix_ci (run->base_name, ".jsonc"))
    *syntax = TETHER_IMPORT_SYNTAX_JSON;
  else if (has_client_line (text, TETHER_IMPORT_SYNTAX_TOML))
    *syntax = TETHER_IMPORT_SYNTAX_TOML;
  else if (has_client_line (text, TETHER_IMPORT_SYNTAX_YAML))
    *syntax = TETHER_IMPORT_SYNTAX_YAML;
  else if (!g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                   _("%s: not a text file (it is not UTF-8)"), run->display);
      return FALSE;
    }
  else
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NOT_A_CONFIG,
                   _("%s: not a server configuration (expected JSON, Codex TOML or goose YAML)"),
                   run->display);
      return FALSE;
    }

  return TRUE;
}

/* @key in @object: a key with dots nested (`mcp.servers` in
 * `"mcp": { "servers": … }`), unless @nested says otherwise, then as it
 * is. Sets @pointer and @nested to how it was found. */
static JsonNode *
lookup_key (JsonObject  *object,
            const char  *key,
            gboolean     try_nested,
            gboolean     try_literal,
            char       **pointer,
            gboolean    *nested)
{
  if (try_nested && strchr (key, '.') != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (key, ".", -1);
      g_autofree char *path = g_strdup ("");
      JsonObject *at = object;
      JsonNode *node = NULL;

      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *longer;

          node = at != NULL ? json_object_get_member (at, parts[i]) : NULL;
          if (node == NULL)
            break;
          longer = tether_json_pointer_append (path, parts[i]);
          g_free (path);
          path = longer;
          at = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
        }
      if (node != NULL)
        {
          *pointer = g_steal_pointer (&path);
          *nested = TRUE;
          return node;
        }
    }

  if (try_literal && json_object_has_member (object, key))
    {
      *pointer = tether_json_pointer_append ("", key);
      *nested = FALSE;
      return json_object_get_member (object, key);
    }

  return NULL;
}

static gboolean
root_accepts (const TetherImportRoot *root,
              JsonNode               *node)
{
  switch (root->servers)
    {
    case TETHER_IMPORT_SERVERS_MAP:
      return JSON_NODE_HOLDS_OBJECT (node);
    case TETHER_IMPORT_SERVERS_ARRAY:
      return JSON_NODE_HOLDS_ARRAY (node);
    case TETHER_IMPORT_SERVERS_MAP_OR_ARRAY:
    default:
      return JSON_NODE_HOLDS_OBJECT (node) || JSON_NODE_HOLDS_ARRAY (node);
    }
}

/* @client's root for @key, if it has one. */
static const TetherImportRoot *
client_root (const TetherImportClient *client,
             const char               *key)
{
  for (const TetherImportRoot *root = client->roots; root != NULL && root->key != NULL; root++)
    {
      if (g_str_equal (root->key, key))
        return root;
    }

  return NULL;
}

static gboolean
any_entry_has (JsonObject         *servers,
               const char * const *keys)
{
  g_autoptr(GList) members = json_object_get_members (servers);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (servers, l->data);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      for (guint i = 0; keys[i] != NULL; i++)
        {
          if (json_object_has_member (json_node_get_object (node), keys[i]))
            return TRUE;
        }
    }

  return FALSE;
}

static gboolean
object_has_any (JsonObject         *object,
                const char * const *keys)
{
  for (guint i = 0; keys[i] != NULL; i++)
    {
      if (json_object_has_member (object, keys[i]))
        return TRUE;
    }

  return FALSE;
}

static gboolean
name_in (const char         *name,
         const char * const *names)
{
  for (guint i = 0; name != NULL && names[i] != NULL; i++)
    {
      if (g_ascii_strcasecmp (name, names[i]) == 0)
        return TRUE;
    }

  return FALSE;
}

static gboolean
path_at_location (const char               *path,
                  const TetherImportClient *client)
{
  for (const TetherImportLocation *location = client->locations;
       path != NULL && location != NULL && location->path != NULL; location++)
    {
      gsize n = strlen (path);
      gsize m = strlen (location->path);

      if (n > m && path[n - m - 1] == '/' && strcmp (path + n - m, location->path) == 0)
        return TRUE;
    }

  return FALSE;
}

typedef enum
{
  HINT_ENTRY_KEYS,
  HINT_ROOT_KEYS,
  HINT_LOCATION,
  HINT_FILE_NAME,
  HINT_DIR_NAME,
  N_HINTS
} Hint;

static gboolean
client_matches (TetherImportRun          *run,
                const TetherImportClient *client,
                Hint                      hint,
                JsonObject               *root,
                JsonNode                 *servers)
{
  switch (hint)
    {
    case HINT_ENTRY_KEYS:
      return client->entry_hints != NULL && JSON_NODE_HOLDS_OBJECT (servers) &&
             any_entry_has (json_node_get_object (servers), client->entry_hints);
    case HINT_ROOT_KEYS:
      return client->root_hints != NULL && object_has_any (root, client->root_hints);
    case HINT_LOCATION:
      return path_at_location (run->path, client);
    case HINT_FILE_NAME:
      return client->file_names != NULL && name_in (run->base_name, client->file_names);
    case HINT_DIR_NAME:
      return client->dir_names != NULL && name_in (run->dir_name, client->dir_names);
    case N_HINTS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
has_no_hints (const TetherImportClient *client)
{
  return client->entry_hints == NULL && client->root_hints == NULL &&
         client->file_names == NULL && client->dir_names == NULL &&
         (client->locations == NULL || client->locations->path == NULL);
}

/* Among the clients reading the same key, the first whose hints match, hint
 * by hint; else the one without hints, the last resort for its key. */
static const TetherImportClient *
choose_client (TetherImportRun *run,
               GPtrArray       *candidates,
               JsonObject      *root,
               JsonNode        *servers)
{
  if (candidates->len == 1)
    return g_ptr_array_index (candidates, 0);

  for (Hint hint = 0; hint < N_HINTS; hint++)
    {
      for (guint i = 0; i < candidates->len; i++)
        {
          if (client_matches (run, g_ptr_array_index (candidates, i), hint, root, servers))
            return g_ptr_array_index (candidates, i);
        }
    }

  for (guint i = 0; i < candidates->len; i++)
    {
      if (has_no_hints (g_ptr_array_index (candidates, i)))
        return g_ptr_array_index (candidates, i);
    }

  return g_ptr_array_index (candidates, 0);
}

static const TetherImportClient *
client_of_shape (TetherImportShape shape)
{
  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      if (_tether_import_clients_get_nth (i)->shape == shape)
        return _tether_import_clients_get_nth (i);
    }

  g_return_val_if_reached (NULL);
}

/* The servers keys of @syntax, each once, in the order of the table. */
static GPtrArray *
servers_keys (TetherImportSyntax syntax)
{
  GPtrArray *keys = g_ptr_array_new ();

  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      const TetherImportClient *client = _tether_import_clients_get_nth (i);

      if (client->syntax != syntax)
        continue;
      for (const TetherImportRoot *root = client->roots; root != NULL && root->key != NULL; root++)
        {
          if (!g_ptr_array_find_with_equal_func (keys, root->key, g_str_equal, NULL))
            g_ptr_array_add (keys, (gpointer)root->key);
        }
    }

  return keys;
}

static GError *
wrong_servers_type (TetherImportRun    *run,
                    TetherImportSyntax  syntax,
                    const char         *key,
                    const char         *pointer,
                    JsonNode           *node)
{
  switch (syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      return _tether_import_run_error (run, TETHER_CONFIG_ERROR_INVALID_TYPE, pointer,
                                       _("“%s” must be a table of servers, found %s"), key,
                                       tether_json_type_name (node));
    case TETHER_IMPORT_SYNTAX_YAML:
      return _tether_import_run_error (run, TETHER_CONFIG_ERROR_INVALID_TYPE, pointer,
                                       _("“%s” must be a mapping, found %s"), key,
                                       tether_json_type_name (node));
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      return _tether_import_run_error (run, TETHER_CONFIG_ERROR_INVALID_TYPE, pointer,
                                       _("“%s” must be an object of servers, found %s"), key,
                                       tether_json_type_name (node));
    }
}

/* The first servers key the document has, and the client it is; FALSE
 * with @error when a key no other client shares holds no servers. */
static gboolean
find_servers (TetherImportRun     *run,
              TetherImportSyntax   syntax,
              JsonObject          *root,
              TetherImportFound   *found,
              GError             **error)
{
  g_autoptr(GPtrArray) keys = servers_keys (syntax);

  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
      g_autofree char *pointer = NULL;
      const TetherImportRoot *shared = NULL;
      gboolean loose = FALSE;
      gboolean nested;
      JsonNode *servers;

      servers = lookup_key (root, key, TRUE, TRUE, &pointer, &nested);
      if (servers == NULL)
        continue;

      for (guint i = 0; i < _tether_import_clients_get_n (); i++)
        {
          const TetherImportClient *client = _tether_import_clients_get_nth (i);
          const TetherImportRoot *client_key;

          if (client->syntax != syntax || (client_key = client_root (client, key)) == NULL)
            continue;
          /* A key clients read as different things claims nothing. */
          if (shared != NULL && shared->servers != client_key->servers)
            loose = TRUE;
          shared = client_key;
          if (root_accepts (client_key, servers))
            g_ptr_array_add (candidates, (gpointer)client);
        }

      if (candidates->len == 0)
        {
          if (loose)
            continue;
          g_propagate_error (error, wrong_servers_type (run, syntax, key, pointer, servers));
          return FALSE;
        }

      found->client = choose_client (run, candidates, root, servers);
      found->root = client_root (found->client, key);
      found->servers = servers;
      found->pointer = g_steal_pointer (&pointer);
      found->source_prefix = g_strdup (key);
      if (found->root->inputs_key != NULL)
        {
          g_autofree char *inputs_pointer = NULL;
          gboolean inputs_nested;

          /* Beside the servers: nested if they were. */
          found->inputs = lookup_key (root, found->root->inputs_key, nested, !nested,
                                      &inputs_pointer, &inputs_nested);
        }
      return TRUE;
    }

  found->client = NULL;

  return TRUE;
}

static gboolean
looks_like_server (JsonNode *node)
{
  static const char * const keys[] = { "command", "url", "serverUrl", "httpUrl", NULL };

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) &&
         object_has_any (json_node_get_object (node), keys);
}

/* "“mcpServers”, “servers”…": the keys Tether looks for in JSON. */
static char *
list_keys (TetherImportSyntax syntax)
{
  g_autoptr(GPtrArray) keys = servers_keys (syntax);
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < keys->len; i++)
    g_string_append_printf (list, "%s“%s”", i > 0 ? ", " : "",
                            (const char *)g_ptr_array_index (keys, i));

  return g_string_free (list, FALSE);
}

/* A JSON document without a client's servers key: one server, a bare map of
 * them, or nothing Tether imports. */
static gboolean
recognise_bare_json (TetherImportRun    *run,
                     JsonNode           *root,
                     TetherImportFound  *found,
                     GError            **error)
{
  JsonObject *object = json_node_get_object (root);
  g_autoptr(GList) members = NULL;
  gboolean all_servers;

  if (looks_like_server (root))
    {
      found->client = client_of_shape (TETHER_IMPORT_SHAPE_SINGLE_SERVER);
      return TRUE;
    }

  members = json_object_get_members (object);
  all_servers = members != NULL;
  for (GList *l = members; l != NULL; l = l->next)
    all_servers = all_servers && looks_like_server (json_object_get_member (object, l->data));

  if (all_servers)
    {
      found->client = client_of_shape (TETHER_IMPORT_SHAPE_FRAGMENT);
      return TRUE;
    }

  if (run->base_name != NULL && g_ascii_strcasecmp (run->base_name, "settings.json") == 0)
    {
      g_propagate_error (error,
                         _tether_import_run_error (run, TETHER_CONFIG_ERROR_NO_SERVERS, NULL,
                                                   _("these settings configure no MCP servers")));
    }
  else
    {
      g_autofree char *keys = list_keys (TETHER_IMPORT_SYNTAX_JSON);

      g_propagate_error (error,
                         _tether_import_run_error (run, TETHER_CONFIG_ERROR_NOT_A_CONFIG, NULL,
                                                   _("not a server configuration: it has none "
                                                     "of %s, nor a server’s “command” or "
                                                     "“url”"),
                                                   keys));
    }

  return FALSE;
}

/* The first client of @syntax in the table, to name what is missing. */
static const TetherImportClient *
first_client (TetherImportSyntax syntax)
{
  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      const TetherImportClient *client = _tether_import_clients_get_nth (i);

      if (client->syntax == syntax && client->roots != NULL && client->roots->key != NULL)
        return client;
    }

  g_return_val_if_reached (NULL);
}

/* Which client the parsed document is, and where its servers are: sets
 * @found, or fails with an error that says what the file lacks. */
gboolean
_tether_import_recognise (TetherImportRun     *run,
                          TetherImportSyntax   syntax,
                          TetherImportFound   *found,
                          GError             **error)
{
  JsonNode *root = tether_config_document_get_root (run->doc);
  const TetherImportClient *first = first_client (syntax);

  if (syntax == TETHER_IMPORT_SYNTAX_YAML && JSON_NODE_HOLDS_NULL (root))
    {
      g_propagate_error (error, _tether_import_run_error (run, TETHER_CONFIG_ERROR_EMPTY, NULL,
                                                          _("the file is empty")));
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (root) && syntax == TETHER_IMPORT_SYNTAX_JSON)
    {
      g_propagate_error (error,
                         _tether_import_run_error (run, TETHER_CONFIG_ERROR_NOT_A_CONFIG, "",
                                                   _("not a server configuration: the file holds "
                                                     "%s, not an object"),
                                                   tether_json_type_name (root)));
      return FALSE;
    }

  if (JSON_NODE_HOLDS_OBJECT (root) &&
      !find_servers (run, syntax, json_node_get_object (root), found, error))
    return FALSE;
  if (found->client != NULL)
    return TRUE;

  switch (syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      {
        gboolean empty = json_object_get_size (json_node_get_object (root)) == 0;

        g_propagate_error (error,
                           _tether_import_run_error (run, empty ? TETHER_CONFIG_ERROR_EMPTY
                                                                : TETHER_CONFIG_ERROR_NO_SERVERS,
                                                     NULL,
                                                     _("this TOML file has no [%s.NAME] table"),
                                                     first->roots->key));
        return FALSE;
      }

    case TETHER_IMPORT_SYNTAX_YAML:
      g_propagate_error (error,
                         _tether_import_run_error (run, TETHER_CONFIG_ERROR_NOT_A_CONFIG, NULL,
                                                   _("not a %s configuration: this YAML file has "
                                                     "no “%s”"),
                                                   g_dgettext (GETTEXT_PACKAGE, first->name),
                                                   first->roots->key));
      return FALSE;

    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      return recognise_bare_json (run, root, found, error);
    }
}
