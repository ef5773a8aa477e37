/* tether-client-edit.c — what connecting, disconnecting and turning off
 * servers does to a client's file
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tether's entry is written where the client table (src/import) says the
 * client keeps its servers, with the keys the table names: a URL and an
 * `Authorization` header for a client that takes them, else the stdio
 * bridge's command line. It is named `tether` (`tether-2`… if the name is
 * taken by an entry that is not Tether's). An entry is Tether's when its
 * name starts with `tether` and it points at Tether: a loopback
 * `http://…/mcp` URL, or `tether-cli connect`.
 *
 * Every change is made to the text (tether-client-json.c, -toml.c,
 * -yaml.c), then the new text is parsed again and compared with the old
 * tree changed as meant: if they differ in anything, the change is refused
 * and the entry offered to paste by hand. Nothing else in the file can
 * change.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-client-edit.h"
#include "tether-client-error.h"
#include "tether-client-text-private.h"
#include "tether-config-document.h"

#define ENTRY_NAME "tether"
#define TOKEN_MASK "********"

void
tether_client_edit_clear (TetherClientEdit *edit)
{
  g_clear_pointer (&edit->text, g_free);
  g_clear_pointer (&edit->entry_name, g_free);
  g_clear_pointer (&edit->notes, g_ptr_array_unref);
  edit->length = 0;
  edit->changed = FALSE;
}

/**
 * tether_client_parse:
 *
 * Returns: (transfer full) (nullable): the tree of @text, read as the
 *   client's syntax, or %NULL with @error set
 */
JsonNode *
tether_client_parse (const TetherImportClient  *client,
                     const char                *file_name,
                     const char                *text,
                     gsize                      length,
                     GError                   **error)
{
  g_autoptr(TetherConfigDocument) document = NULL;

  switch (client->syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      document = tether_config_document_parse_toml (text, length, file_name, error);
      break;
    case TETHER_IMPORT_SYNTAX_YAML:
      document = tether_config_document_parse_yaml (text, length, file_name, error);
      break;
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      document = tether_config_document_parse_json (text, length, file_name, error);
      break;
    }

  if (document == NULL)
    return NULL;

  /* An empty YAML or TOML file is an empty mapping. */
  if (tether_config_document_get_root (document) == NULL ||
      JSON_NODE_HOLDS_NULL (tether_config_document_get_root (document)))
    {
      JsonNode *empty = json_node_new (JSON_NODE_OBJECT);

      json_node_take_object (empty, json_object_new ());
      return empty;
    }

  return json_node_copy (tether_config_document_get_root (document));
}

/**
 * tether_client_get_servers:
 *
 * Returns: (transfer none) (nullable): the map of the client's servers in
 *   @root, if it has one
 */
JsonObject *
tether_client_get_servers (const TetherImportClient *client,
                           JsonNode                 *root)
{
  JsonNode *servers;

  if (client->writing == NULL || root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;

  servers = json_object_get_member (json_node_get_object (root), client->writing->servers_key);

  if (servers == NULL || !JSON_NODE_HOLDS_OBJECT (servers))
    return NULL;

  return json_node_get_object (servers);
}

/**
 * tether_client_get_string:
 * @member: (nullable): a member's name
 *
 * Returns: (transfer none) (nullable): @member of @object, if it is a string
 */
const char *
tether_client_get_string (JsonObject *object,
                          const char *member)
{
  JsonNode *node = member != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static gboolean
is_hub_url (const char *url)
{
  g_autoptr(GUri) uri = url != NULL ? g_uri_parse (url, G_URI_FLAGS_NONE, NULL) : NULL;
  const char *host;
  const char *path;

  if (uri == NULL || g_strcmp0 (g_uri_get_scheme (uri), "http") != 0)
    return FALSE;

  host = g_uri_get_host (uri);
  path = g_uri_get_path (uri);

  return (g_strcmp0 (host, "127.0.0.1") == 0 || g_strcmp0 (host, "localhost") == 0 ||
          g_strcmp0 (host, "::1") == 0) &&
         (g_strcmp0 (path, "/mcp") == 0 || g_str_has_prefix (path, "/mcp/"));
}

static gboolean
is_bridge (const char *command,
           JsonNode   *args)
{
  g_autofree char *base = command != NULL ? g_path_get_basename (command) : NULL;
  JsonArray *array;
  gboolean flatpak_cli = FALSE;
  gboolean connect = FALSE;

  if (base == NULL || args == NULL || !JSON_NODE_HOLDS_ARRAY (args))
    return FALSE;

  array = json_node_get_array (args);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *arg = json_array_get_element (array, i);
      const char *s;

      if (!JSON_NODE_HOLDS_VALUE (arg) || json_node_get_value_type (arg) != G_TYPE_STRING)
        return FALSE;
      s = json_node_get_string (arg);
      if (g_str_equal (s, "--command=tether-cli"))
        flatpak_cli = TRUE;
      else if (g_str_equal (s, "connect"))
        {
          connect = TRUE;
          break;
        }
    }

  return connect &&
         (g_str_equal (base, "tether-cli") || (g_str_equal (base, "flatpak") && flatpak_cli));
}

/**
 * tether_client_entry_is_ours:
 *
 * Returns: whether @entry points at Tether: the hub's URL, or the bridge
 */
gboolean
tether_client_entry_is_ours (const TetherImportClient *client,
                             JsonNode                 *entry)
{
  const char * const url_keys[] = {
    client->writing->url_key, "url", "serverUrl", "httpUrl", "uri",
  };
  const char * const command_keys[] = { client->writing->command_key, "command", "cmd" };
  JsonObject *object;

  if (entry == NULL || !JSON_NODE_HOLDS_OBJECT (entry))
    return FALSE;
  object = json_node_get_object (entry);

  for (guint i = 0; i < G_N_ELEMENTS (url_keys); i++)
    {
      if (is_hub_url (tether_client_get_string (object, url_keys[i])))
        return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (command_keys); i++)
    {
      const char *command = tether_client_get_string (object, command_keys[i]);

      if (is_bridge (command, json_object_get_member (object, "args")))
        return TRUE;
    }

  return FALSE;
}

static gboolean
is_our_name (const char *name)
{
  return g_str_equal (name, ENTRY_NAME) || g_str_has_prefix (name, ENTRY_NAME "-");
}

/**
 * tether_client_find_ours:
 *
 * Returns: (transfer full) (nullable): the name of Tether's entry in @root
 */
char *
tether_client_find_ours (const TetherImportClient *client,
                         JsonNode                 *root)
{
  JsonObject *servers = tether_client_get_servers (client, root);
  g_autoptr(GList) names = servers != NULL ? json_object_get_members (servers) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *entry = json_object_get_member (servers, l->data);

      if (is_our_name (l->data) && tether_client_entry_is_ours (client, entry))
        return g_strdup (l->data);
    }

  return NULL;
}

static gboolean
writes_http (const TetherImportClient   *client,
             const TetherClientEndpoint *endpoint)
{
  return client->writing->url_key != NULL && !endpoint->stdio && endpoint->url != NULL;
}

static JsonObject *
build_entry (const TetherImportClient   *client,
             const char                 *name,
             const TetherClientEndpoint *endpoint,
             const char                 *token)
{
  const TetherImportWriting *w = client->writing;
  JsonObject *entry = json_object_new ();
  gboolean http = writes_http (client, endpoint);
  const char *type = http ? w->http_type : w->stdio_type;

  if (w->on_key != NULL)
    json_object_set_boolean_member (entry, w->on_key, TRUE);
  if (w->type_key != NULL && type != NULL)
    json_object_set_string_member (entry, w->type_key, type);
  if (w->name_key != NULL)
    {
      /* goose shows these two in its list of extensions */
      json_object_set_string_member (entry, w->name_key, name);
      json_object_set_string_member (entry, "description",
                                     "Tether: the MCP servers it keeps running");
    }

  if (http)
    {
      g_autoptr(JsonObject) headers = json_object_new ();
      g_autofree char *bearer = g_strconcat ("Bearer ", token, NULL);

      json_object_set_string_member (entry, w->url_key, endpoint->url);
      json_object_set_string_member (headers, "Authorization", bearer);
      json_object_set_object_member (entry, w->headers_key, g_steal_pointer (&headers));
    }
  else
    {
      g_autoptr(JsonArray) args = json_array_new ();

      json_object_set_string_member (entry, w->command_key, endpoint->bridge[0]);
      for (guint i = 1; endpoint->bridge[i] != NULL; i++)
        json_array_add_string_element (args, endpoint->bridge[i]);
      json_object_set_array_member (entry, "args", g_steal_pointer (&args));
    }

  if (w->name_key != NULL)
    json_object_set_int_member (entry, "timeout", 300);

  return entry;
}

/**
 * tether_client_dup_snippet:
 *
 * Returns: (transfer full): Tether's entry as the client's file would hold
 *   it, with the token masked, for a person to paste
 */
char *
tether_client_dup_snippet (const TetherImportClient   *client,
                           const char                 *name,
                           const TetherClientEndpoint *endpoint)
{
  g_autoptr(JsonObject) entry = build_entry (client, name, endpoint, TOKEN_MASK);
  GString *out = g_string_new (NULL);

  switch (client->syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      _tether_client_toml_render (client->writing->servers_key, name, entry, "\n", out);
      break;
    case TETHER_IMPORT_SYNTAX_YAML:
      g_string_append_printf (out, "%s:\n", client->writing->servers_key);
      _tether_client_yaml_render (name, entry, "  ", "  ", "\n", out);
      break;
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      {
        g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
        g_autoptr(JsonObject) servers = json_object_new ();
        g_autoptr(JsonObject) root = json_object_new ();
        g_autoptr(JsonNode) root_node = json_node_new (JSON_NODE_OBJECT);

        json_node_set_object (node, entry);
        json_object_set_member (servers, name, json_node_ref (node));
        json_object_set_object_member (root, client->writing->servers_key,
                                       json_object_ref (servers));
        json_node_set_object (root_node, root);
        _tether_client_json_render (root_node, "", "  ", "\n", out);
        g_string_append_c (out, '\n');
      }
      break;
    }

  return g_string_free (out, FALSE);
}

static gboolean
has_servers_key (const TetherImportClient *client,
                 const char               *file_name,
                 const char               *text,
                 gsize                     length)
{
  g_autoptr(JsonNode) root = NULL;

  if (text == NULL)
    return TRUE;
  root = tether_client_parse (client, file_name, text, length, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return TRUE;

  return json_object_has_member (json_node_get_object (root), client->writing->servers_key);
}

static JsonObject *
ensure_object (JsonObject *parent,
               const char *name)
{
  JsonNode *node = json_object_get_member (parent, name);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      json_object_set_object_member (parent, name, json_object_new ());
      node = json_object_get_member (parent, name);
    }

  return json_node_get_object (node);
}

static char *
text_set (const TetherImportClient  *client,
          const char                *text,
          gsize                      length,
          const char                *name,
          const char                *key,
          JsonNode                  *value,
          GError                   **error)
{
  const char *servers_key = client->writing->servers_key;

  switch (client->syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      return _tether_client_toml_set_key (text, length, servers_key, name, key, value, error);
    case TETHER_IMPORT_SYNTAX_YAML:
      return _tether_client_yaml_set_key (text, length, servers_key, name, key, value, error);
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      {
        const char *path[] = { servers_key, name, NULL };

        if (value == NULL)
          return _tether_client_json_remove (text, length, path, key, FALSE, error);
        return _tether_client_json_set (text, length, path, key, value, error);
      }
    }
}

/* The off switch of entry @name in the file as it was before Tether's
 * first change, if it had one. */
static JsonNode *
original_switch (JsonObject *original_servers,
                 const char *name,
                 const char *key)
{
  JsonNode *entry;

  if (original_servers == NULL)
    return NULL;
  entry = json_object_get_member (original_servers, name);
  if (entry == NULL || !JSON_NODE_HOLDS_OBJECT (entry))
    return NULL;

  return json_object_get_member (json_node_get_object (entry), key);
}

/* Turns the client's shared servers off (or on again), in @text and in
 * @expected. */
static char *
switch_shared (const TetherImportClient  *client,
               const char                *text,
               gsize                      length,
               JsonObject                *original_servers,
               JsonObject                *expected_servers,
               gboolean                   off,
               const char * const        *shared,
               GPtrArray                 *notes,
               GError                   **error)
{
  const TetherImportWriting *w = client->writing;
  g_autofree char *current = g_strndup (text, length);

  if (w->off_key == NULL)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("%s has no switch to turn a server off; remove the servers by hand"),
                   g_dgettext (GETTEXT_PACKAGE, client->name));
      return NULL;
    }

  for (guint i = 0; shared != NULL && shared[i] != NULL; i++)
    {
      JsonNode *entry = json_object_get_member (expected_servers, shared[i]);
      JsonNode *now;
      gboolean is_off;
      g_autoptr(JsonNode) value = NULL;
      char *next;

      if (entry == NULL || !JSON_NODE_HOLDS_OBJECT (entry) || is_our_name (shared[i]))
        continue;

      now = json_object_get_member (json_node_get_object (entry), w->off_key);
      is_off = now != NULL && JSON_NODE_HOLDS_VALUE (now) &&
               json_node_get_value_type (now) == G_TYPE_BOOLEAN &&
               json_node_get_boolean (now) == w->off_value;
      if (is_off == off)
        continue;

      if (off)
        {
          value = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (value, w->off_value);
        }
      else if (original_switch (original_servers, shared[i], w->off_key) != NULL)
        /* the switch as the file had it before Tether's first change */
        value = json_node_copy (original_switch (original_servers, shared[i], w->off_key));
      else if (w->on_key != NULL && g_str_equal (w->on_key, w->off_key))
        {
          /* the switch is part of every entry: turned back on */
          value = json_node_new (JSON_NODE_VALUE);
          json_node_set_boolean (value, !w->off_value);
        }

      next = text_set (client, current, strlen (current), shared[i], w->off_key, value, error);
      if (next == NULL)
        return NULL;
      g_free (current);
      current = next;

      if (value != NULL)
        json_object_set_member (json_node_get_object (entry), w->off_key, json_node_ref (value));
      else
        json_object_remove_member (json_node_get_object (entry), w->off_key);

      g_ptr_array_add (notes, g_strdup_printf (off ? _("Turned off “%s”, which Tether provides")
                                                   : _("Turned “%s” on again"), shared[i]));
    }

  return g_steal_pointer (&current);
}

static char *
unused_name (JsonObject *servers)
{
  if (servers == NULL || !json_object_has_member (servers, ENTRY_NAME))
    return g_strdup (ENTRY_NAME);

  for (guint i = 2;; i++)
    {
      g_autofree char *name = g_strdup_printf (ENTRY_NAME "-%u", i);

      if (!json_object_has_member (servers, name))
        return g_steal_pointer (&name);
    }
}

/**
 * tether_client_edit_apply:
 * @client: the client, from the table
 * @file_name: the file, for messages
 * @text: the file as it is (an empty text if there is none)
 * @original: (nullable): the file before Tether first changed it (its
 *   backup), if it has one: disconnecting removes the servers map too
 *   when Tether added it
 * @shared: (nullable): the names of the client's servers that Tether
 *   provides, for %TETHER_CLIENT_ACTION_DISABLE_SHARED and _ENABLE_SHARED
 * @edit: (out caller-allocates): the result
 *
 * Returns: %TRUE with @edit filled in; %FALSE if @text does not parse, or
 *   has a shape that cannot be edited safely (the message then gives the
 *   entry to paste)
 */
gboolean
tether_client_edit_apply (const TetherImportClient    *client,
                          const char                  *file_name,
                          const char                  *text,
                          gsize                        length,
                          const char                  *original,
                          gsize                        original_length,
                          TetherClientAction           action,
                          const TetherClientEndpoint  *endpoint,
                          const char * const          *shared,
                          TetherClientEdit            *edit,
                          GError                     **error)
{
  const TetherImportWriting *w = client->writing;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *ours = NULL;
  g_autofree char *name = NULL;
  g_autofree char *new_text = NULL;
  JsonObject *expected_root;

  memset (edit, 0, sizeof *edit);
  edit->notes = g_ptr_array_new_with_free_func (g_free);

  if (w == NULL)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_NOT_WRITABLE,
                   _("Tether does not write %s files"), g_dgettext (GETTEXT_PACKAGE, client->name));
      return FALSE;
    }

  root = tether_client_parse (client, file_name, text, length, &local);
  if (root == NULL)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_PARSE,
                   _("%s was not changed, because it has an error: %s"), file_name, local->message);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                   _("%s was not changed: it does not hold a map of settings"), file_name);
      return FALSE;
    }

  expected = json_node_copy (root);
  expected_root = json_node_get_object (expected);
  ours = tether_client_find_ours (client, root);

  switch (action)
    {
    case TETHER_CLIENT_ACTION_CONNECT:
      {
        g_autoptr(JsonObject) entry = NULL;
        JsonObject *servers = tether_client_get_servers (client, root);

        name = ours != NULL ? g_strdup (ours) : unused_name (servers);
        if (ours == NULL && !g_str_equal (name, ENTRY_NAME))
          g_ptr_array_add (edit->notes,
                           g_strdup_printf (_("“%s” is taken by an entry that is not Tether’s; "
                                              "Tether’s entry is “%s”"), ENTRY_NAME, name));
        entry = build_entry (client, name, endpoint, endpoint->token);
        json_object_set_object_member (ensure_object (expected_root, w->servers_key), name,
                                       json_object_ref (entry));

        /* Tether's entry as it would write it already: nothing to do */
        if (ours != NULL && json_node_equal (expected, root))
          {
            edit->text = g_strndup (text, length);
            edit->length = length;
            edit->entry_name = g_steal_pointer (&name);
            return TRUE;
          }

        switch (client->syntax)
          {
          case TETHER_IMPORT_SYNTAX_TOML:
            if (ours != NULL)
              {
                g_autofree char *without = _tether_client_toml_remove_table (text, length,
                                                                             w->servers_key,
                                                                             name, &local);
                if (without != NULL)
                  new_text = _tether_client_toml_add_table (without, strlen (without),
                                                            w->servers_key,
                                                            name, entry, &local);
              }
            else
              new_text = _tether_client_toml_add_table (text, length, w->servers_key, name, entry,
                                                        &local);
            break;
          case TETHER_IMPORT_SYNTAX_YAML:
            if (ours != NULL)
              {
                g_autofree char *without = _tether_client_yaml_remove_entry (text, length,
                                                                             w->servers_key,
                                                                             name, FALSE, &local);
                if (without != NULL)
                  new_text = _tether_client_yaml_add_entry (without, strlen (without),
                                                            w->servers_key,
                                                            name, entry, &local);
              }
            else
              new_text = _tether_client_yaml_add_entry (text, length, w->servers_key, name, entry,
                                                        &local);
            break;
          case TETHER_IMPORT_SYNTAX_JSON:
          default:
            {
              const char *path[] = { w->servers_key, NULL };
              g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

              json_node_set_object (node, entry);
              new_text = _tether_client_json_set (text, length, path, name, node, &local);
            }
            break;
          }
      }
      break;

    case TETHER_CLIENT_ACTION_DISCONNECT:
      {
        gboolean drop_empty;
        JsonObject *servers;

        if (ours == NULL)
          {
            edit->text = g_strndup (text, length);
            edit->length = length;
            return TRUE;
          }

        name = g_strdup (ours);
        drop_empty = !has_servers_key (client, file_name, original, original_length);
        servers = ensure_object (expected_root, w->servers_key);
        json_object_remove_member (servers, name);
        if (drop_empty && json_object_get_size (servers) == 0)
          json_object_remove_member (expected_root, w->servers_key);
        else if (client->syntax == TETHER_IMPORT_SYNTAX_YAML && json_object_get_size (servers) == 0)
          /* `extensions:` with nothing under it reads as null */
          json_object_set_null_member (expected_root, w->servers_key);

        switch (client->syntax)
          {
          case TETHER_IMPORT_SYNTAX_TOML:
            new_text = _tether_client_toml_remove_table (text, length, w->servers_key, name,
                                                         &local);
            break;
          case TETHER_IMPORT_SYNTAX_YAML:
            new_text = _tether_client_yaml_remove_entry (text, length, w->servers_key, name,
                                                         drop_empty,
                                                         &local);
            break;
          case TETHER_IMPORT_SYNTAX_JSON:
          default:
            {
              const char *path[] = { w->servers_key, NULL };

              new_text = _tether_client_json_remove (text, length, path, name, drop_empty, &local);
            }
            break;
          }
      }
      break;

    case TETHER_CLIENT_ACTION_DISABLE_SHARED:
    case TETHER_CLIENT_ACTION_ENABLE_SHARED:
      {
        JsonObject *servers = tether_client_get_servers (client, expected);
        g_autoptr(JsonNode) original_root = NULL;

        if (servers == NULL)
          {
            edit->text = g_strndup (text, length);
            edit->length = length;
            return TRUE;
          }
        if (original != NULL)
          original_root = tether_client_parse (client, file_name, original, original_length, NULL);
        new_text = switch_shared (client, text, length,
                                  tether_client_get_servers (client, original_root), servers,
                                  action == TETHER_CLIENT_ACTION_DISABLE_SHARED, shared,
                                  edit->notes, error);
        if (new_text == NULL)
          return FALSE;
      }
      break;

    default:
      g_assert_not_reached ();
    }

  /* What was written must read back as exactly what was meant. */
  if (new_text != NULL)
    result = tether_client_parse (client, file_name, new_text, strlen (new_text), NULL);

  /* In TOML, a map that only its subtables made goes with the last of them. */
  if (result != NULL && client->syntax == TETHER_IMPORT_SYNTAX_TOML &&
      tether_client_get_servers (client, expected) != NULL &&
      json_object_get_size (tether_client_get_servers (client, expected)) == 0 &&
      !json_object_has_member (json_node_get_object (result), w->servers_key))
    json_object_remove_member (expected_root, w->servers_key);

  if (new_text == NULL || result == NULL || !json_node_equal (result, expected))
    {
      const char *why = local != NULL ? local->message : _("its layout is not one Tether edits");

      if (action == TETHER_CLIENT_ACTION_CONNECT)
        {
          g_autofree char *snippet = tether_client_dup_snippet (client, name, endpoint);

          g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                       _("%s was not changed: Tether cannot edit it safely (%s). Add this to it "
                         "by hand, with the token of ~/.config/tether/hub-token in place of the "
                         "stars:\n%s"),
                       file_name, why, snippet);
        }
      else
        g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED,
                     _("%s was not changed: Tether cannot edit it safely (%s); edit it by hand"),
                     file_name, why);
      return FALSE;
    }

  edit->length = strlen (new_text);
  edit->changed = edit->length != length || memcmp (new_text, text, length) != 0;
  edit->text = g_steal_pointer (&new_text);
  edit->entry_name = g_steal_pointer (&name);

  return TRUE;
}
