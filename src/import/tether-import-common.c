/* tether-import-common.c — the entries most clients share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `mcpServers` (Claude Desktop, Cursor, Windsurf, Cline, Gemini CLI…), VS
 * Code's `servers`, Zed's `context_servers`, a bare map of servers and one
 * server on its own: `command`, `args`, `env`, `envFile`, `cwd`, a URL in
 * one of the keys the client spells it with, `headers`, a transport `type`
 * (or Cline's `transportType`), the flags that turn an entry off, and a
 * `timeout` in the client's unit. What differs between clients comes from
 * their entry in tether-import-clients.c.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"
#include "tether-server-config-oauth.h"

/* Keys every entry of this shape may have besides the client's URL keys
 * and flags; the others are reported as ignored. */
static const char * const common_keys[] = {
  "type", "transportType", "command", "args", "env", "envFile", "cwd", "headers", "timeout", "name",
  "description", "source", "settings", "$schema", "oauth", NULL
};

/* Gemini CLI's `oauth`: what Tether takes of it. The client secret goes
 * to the keyring with the other secrets when the import moves them. */
static const char * const oauth_keys[] = { "clientId", "clientSecret", "scopes", NULL };

static gboolean
read_oauth (TetherImportEntry  *entry,
            GError            **error)
{
  JsonNode *node = json_object_get_member (entry->object, "oauth");
  g_autofree char *pointer = tether_json_pointer_append (entry->pointer, "oauth");
  TetherImportEntry inner = *entry;
  g_autofree char *client_id = NULL;
  g_autofree char *client_secret = NULL;
  g_auto(GStrv) scopes = NULL;
  g_autoptr(GList) members = NULL;
  g_autoptr(GString) ignored = g_string_new (NULL);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, _tether_import_entry_wrong_type (entry, "oauth", _("an object")));
      return FALSE;
    }

  inner.object = json_node_get_object (node);
  inner.pointer = pointer;
  if (!_tether_import_entry_get_string (&inner, "clientId", &client_id, error) ||
      !_tether_import_entry_get_string (&inner, "clientSecret", &client_secret, error) ||
      !_tether_import_entry_get_strv (&inner, "scopes", FALSE, &scopes, error))
    return FALSE;

  members = json_object_get_members (inner.object);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (oauth_keys, l->data))
      g_string_append_printf (ignored, "%s“oauth.%s”", ignored->len > 0 ? ", " : "", (const char *)l->data);
  if (ignored->len > 0)
    _tether_import_entry_warn (entry, _("ignored: %s (Tether finds the authorization server itself)"),
                               ignored->str);

  tether_server_config_set_oauth (entry->config, TETHER_SERVER_OAUTH_CLIENT_ID, client_id);
  tether_server_config_set_oauth (entry->config, TETHER_SERVER_OAUTH_CLIENT_SECRET, client_secret);
  if (scopes != NULL && scopes[0] != NULL)
    tether_server_config_set_oauth_scopes (entry->config, (const char * const *)scopes);
  if (client_secret != NULL)
    memset (client_secret, 0, strlen (client_secret));
  return TRUE;
}

/* Old Zed: "command": { "path", "args", "env" }. OpenCode: an array. */
static gboolean
read_command (TetherImportEntry   *entry,
              char               **command,
              char              ***args,
              char              ***command_argv,
              GError             **error)
{
  JsonNode *node = json_object_get_member (entry->object, "command");

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      TetherImportEntry inner = *entry;
      g_autofree char *pointer = tether_json_pointer_append (entry->pointer, "command");

      inner.object = json_node_get_object (node);
      inner.pointer = pointer;
      if (!_tether_import_entry_get_string (&inner, "path", command, error) ||
          !_tether_import_entry_get_strv (&inner, "args", FALSE, args, error) ||
          !_tether_import_entry_get_map (&inner, "env", _tether_import_set_env_value, error))
        return FALSE;
      if (*command == NULL)
        {
          g_propagate_error (error,
                             _tether_import_entry_error (&inner, TETHER_CONFIG_ERROR_INVALID_TYPE, "path",
                                                         _("server “%s”: “command.path” must be a string"),
                                                         entry->name));
          return FALSE;
        }
      return TRUE;
    }

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      if (!_tether_import_entry_get_strv (entry, "command", FALSE, command_argv, error))
        return FALSE;
      if ((*command_argv)[0] == NULL)
        {
          g_propagate_error (error,
                             _tether_import_entry_wrong_type (entry, "command", _("a string")));
          return FALSE;
        }
      *command = g_strdup ((*command_argv)[0]);
      return TRUE;
    }

  return _tether_import_entry_get_string (entry, "command", command, error);
}

/* The transport an explicit type names. */
static gboolean
read_type (TetherImportEntry  *entry,
           const char         *key,
           const char         *type,
           const char         *expected,
           TetherServerKind   *kind,
           GError            **error)
{
  if (tether_server_kind_from_string (type, kind))
    return TRUE;

  g_propagate_error (error,
                     _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, key,
                                                 _("server “%s”: unknown transport type “%s” "
                                                   "(expected %s)"),
                                                 entry->name, type, expected));
  return FALSE;
}

/* timeout: in the client's unit, or a guess where it has none. */
static gboolean
read_timeout (TetherImportEntry  *entry,
              GError            **error)
{
  double scale = 1;

  if (!json_object_has_member (entry->object, "timeout"))
    return TRUE;

  switch (entry->run->client->timeout)
    {
    case TETHER_IMPORT_TIMEOUT_SECONDS:
      scale = 1000;
      break;
    case TETHER_IMPORT_TIMEOUT_MILLISECONDS:
      scale = 1;
      break;
    case TETHER_IMPORT_TIMEOUT_GUESS:
    default:
      {
        double value;

        if (!_tether_import_entry_get_number (entry, "timeout", &value, error))
          return FALSE;
        scale = value < 1000 ? 1000 : 1;
        _tether_import_entry_warn (entry,
                                   _("“timeout” has no unit in this format; %g was taken as %s"),
                                   value, scale > 1 ? _("seconds") : _("milliseconds"));
      }
      break;
    }

  return _tether_import_entry_set_timeout (entry, "timeout", scale,
                                           tether_server_config_set_tool_timeout,
                                           _("tool call timeout"), error);
}

static gboolean
read_common_entry (TetherImportEntry  *entry,
                   GError            **error)
{
  const TetherImportClient *client = entry->run->client;
  const char *client_name = g_dgettext (GETTEXT_PACKAGE, client->name);
  TetherServerConfig *config = entry->config;
  g_autofree char *type = NULL;
  g_autofree char *transport_type = NULL;
  g_autofree char *command = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *env_file = NULL;
  g_autofree char *url = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) command_argv = NULL;
  TetherServerKind kind = TETHER_SERVER_KIND_STDIO;
  TetherServerKind url_kind = TETHER_SERVER_KIND_AUTO;
  gboolean has_kind = FALSE;

  if (!read_command (entry, &command, &args, &command_argv, error))
    return FALSE;

  if (args == NULL && !_tether_import_entry_get_strv (entry, "args", TRUE, &args, error))
    return FALSE;

  if (command_argv != NULL && command_argv[1] != NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      g_strv_builder_addv (builder, (const char **)command_argv + 1);
      if (args != NULL)
        g_strv_builder_addv (builder, (const char **)args);
      g_strfreev (args);
      args = g_strv_builder_end (builder);
    }

  if (!_tether_import_entry_get_string (entry, "type", &type, error) ||
      !_tether_import_entry_get_string (entry, "transportType", &transport_type, error) ||
      !_tether_import_entry_get_map (entry, "env", _tether_import_set_env_value, error) ||
      !_tether_import_entry_get_string (entry, "envFile", &env_file, error) ||
      !_tether_import_entry_get_string (entry, "cwd", &cwd, error))
    return FALSE;

  /* The URL: the first of the client's keys that is given. */
  for (const TetherImportUrlKey *key = client->url_keys; key->key != NULL; key++)
    {
      g_autofree char *value = NULL;

      if (!_tether_import_entry_get_string (entry, key->key, &value, error))
        return FALSE;
      if (value != NULL && url == NULL)
        {
          url = g_steal_pointer (&value);
          url_kind = key->kind;
        }
    }

  if (!_tether_import_entry_get_map (entry, "headers", _tether_import_add_header, error))
    return FALSE;

  /* The transport: an explicit type first, then what is given. */
  if (type != NULL)
    {
      if (!read_type (entry, "type", type, _("stdio, http, streamable-http or sse"), &kind, error))
        return FALSE;
      has_kind = TRUE;
    }
  else if (transport_type != NULL)
    {
      if (!read_type (entry, "transportType", transport_type, _("stdio, http or sse"),
                      &kind, error))
        return FALSE;
      has_kind = TRUE;
    }

  if (!has_kind)
    {
      if (command != NULL)
        kind = TETHER_SERVER_KIND_STDIO;
      else if (url != NULL)
        kind = url_kind;
      else
        {
          g_propagate_error (error,
                             _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, NULL,
                                                         _("server “%s” has neither a “command” "
                                                           "nor a “url”"),
                                                         entry->name));
          return FALSE;
        }
    }

  if (command != NULL && url != NULL && kind == TETHER_SERVER_KIND_STDIO)
    _tether_import_entry_warn (entry, _("it has both a command and a URL; the command is used"));

  if (kind == TETHER_SERVER_KIND_AUTO && type == NULL && transport_type == NULL &&
      (client->quirks & TETHER_IMPORT_QUIRK_UNTYPED_URL_IS_SSE) != 0)
    _tether_import_entry_note (entry, _("a URL without a type is SSE in %s; Tether tries Streamable "
                                        "HTTP first and falls back to SSE"), client_name);

  if ((client->quirks & TETHER_IMPORT_QUIRK_STDIO_ONLY) != 0 && tether_server_kind_is_remote (kind))
    _tether_import_entry_warn (entry, _("%s runs only stdio servers from this file, so it probably "
                                        "ignored this entry"), client_name);

  tether_server_config_set_kind (config, kind);
  tether_server_config_set_command (config, command);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_cwd (config, cwd);
  tether_server_config_set_url (config, url);

  if (env_file != NULL)
    _tether_import_entry_read_env_file (entry, env_file);

  if (tether_server_kind_is_remote (kind) && !read_oauth (entry, error))
    return FALSE;

  /* Off, whatever the client calls it. */
  for (const TetherImportDisabledKey *key = client->disabled_keys; key->key != NULL; key++)
    {
      if (!_tether_import_entry_read_enabled (entry, key->key, key->disabled_when, error))
        return FALSE;
    }

  return read_timeout (entry, error);
}

/* Zed: entries of extensions carry only settings. */
static gboolean
is_extension_entry (TetherImportEntry *entry)
{
  JsonNode *source = json_object_get_member (entry->object, "source");

  if (tether_import_node_is_string (source) && g_str_equal (json_node_get_string (source), "extension"))
    return TRUE;

  return !json_object_has_member (entry->object, "command") && !json_object_has_member (entry->object, "url");
}

/* The keys read: the common ones, and the client's own spellings. */
static char **
handled_keys (const TetherImportClient *client)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **)common_keys);
  for (const TetherImportUrlKey *key = client->url_keys; key->key != NULL; key++)
    g_strv_builder_add (builder, key->key);
  for (const TetherImportDisabledKey *key = client->disabled_keys; key->key != NULL; key++)
    g_strv_builder_add (builder, key->key);

  return g_strv_builder_end (builder);
}

/* One entry of the common shape. */
gboolean
_tether_import_read_common_entry (TetherImportEntry  *entry,
                                  GError            **error)
{
  const TetherImportClient *client = entry->run->client;
  g_auto(GStrv) handled = NULL;

  if ((client->quirks & TETHER_IMPORT_QUIRK_EXTENSION_ENTRIES) != 0 && is_extension_entry (entry))
    {
      g_autofree char *reason =
        g_strdup_printf (_("provided by a %s extension, which Tether cannot run; "
                           "add the server’s own command instead"),
                         g_dgettext (GETTEXT_PACKAGE, client->name));

      _tether_import_entry_skip (entry, reason);
      return TRUE;
    }

  if (!read_common_entry (entry, error))
    return FALSE;

  if ((client->quirks & TETHER_IMPORT_QUIRK_EXTENSION_ENTRIES) != 0)
    {
      JsonNode *settings = json_object_get_member (entry->object, "settings");

      if (settings != NULL && JSON_NODE_HOLDS_OBJECT (settings) &&
          json_object_get_size (json_node_get_object (settings)) > 0)
        _tether_import_entry_warn (entry, _("its %s “settings” are not used by Tether"),
                                   g_dgettext (GETTEXT_PACKAGE, client->name));
    }

  /* VS Code's sandbox and dev keys, Cline's approvals and the like. */
  handled = handled_keys (client);
  _tether_import_entry_warn_ignored (entry, (const char * const *)handled);

  return TRUE;
}

/* An array of entries named by a member: 5ire's legacy "servers", an
 * "mcpServers" array. */
void
_tether_import_common_array (TetherImportRun *run,
                             JsonArray       *servers,
                             const char      *pointer,
                             const char      *source_prefix,
                             const char      *name_key)
{
  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonNode *node = json_array_get_element (servers, i);
      g_autofree char *entry_pointer = tether_json_pointer_append_index (pointer, i);
      g_autofree char *fallback = g_strdup_printf ("server-%u", i + 1);
      g_autofree char *source_key = g_strdup_printf ("%s[%u]", source_prefix, i);
      const char *name = fallback;

      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *object = json_node_get_object (node);

          if (tether_import_node_is_string (json_object_get_member (object, name_key)))
            name = json_object_get_string_member (object, name_key);
          else if (tether_import_node_is_string (json_object_get_member (object, "name")))
            name = json_object_get_string_member (object, "name");
        }

      _tether_import_entry_read (run, name, node, entry_pointer, source_key,
                                 _tether_import_read_common_entry);
    }
}

/* One server on its own: named by its "name", else after the file. */
void
_tether_import_single_server (TetherImportRun *run,
                              JsonNode        *root)
{
  JsonNode *name_node = json_object_get_member (json_node_get_object (root), "name");
  g_autofree char *name = NULL;

  if (tether_import_node_is_string (name_node) && *json_node_get_string (name_node) != '\0')
    name = g_strdup (json_node_get_string (name_node));
  else if (run->base_name != NULL && *run->base_name != '.')
    {
      const char *dot = strrchr (run->base_name, '.');

      gsize length = dot != NULL ? (gsize)(dot - run->base_name) : strlen (run->base_name);

      name = g_strndup (run->base_name, length);
    }
  else
    name = g_strdup ("server");

  _tether_import_entry_read (run, name, root, "", "(root)", _tether_import_read_common_entry);

  if (!tether_import_node_is_string (name_node))
    {
      GListModel *items = tether_import_result_get_items (run->result);
      g_autoptr(TetherImportItem) item = g_list_model_get_item (items, 0);

      _tether_import_item_add_warning (item, _("the entry has no name; it was named after the "
                                               "file, rename it if you like"));
    }
}
