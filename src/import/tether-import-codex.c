/* tether-import-codex.c — Codex's [mcp_servers.NAME] tables
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stdio: `command`, `args`, `env`, `env_vars` (names passed through from
 * Codex's environment), `cwd`. Streamable HTTP: `url`,
 * `bearer_token_env_var`, `http_headers`, `env_http_headers` (header →
 * variable name); an inline `bearer_token`, which Codex refuses, still
 * becomes the header, with a warning. Timeouts in `*_sec` or `*_ms`.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

static void
set_bearer (TetherImportEntry *entry,
            const char        *token)
{
  g_autofree char *value = g_strdup_printf ("Bearer %s", token);

  _tether_import_add_header (entry->config, "Authorization", value);
}

static gboolean
read_env_http_headers (TetherImportEntry  *entry,
                       GError            **error)
{
  JsonNode *node = json_object_get_member (entry->object, "env_http_headers");
  g_autoptr(GList) members = NULL;
  JsonObject *headers;

  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, _tether_import_entry_wrong_type (entry, "env_http_headers",
                                                                 _("a table of strings")));
      return FALSE;
    }

  headers = json_node_get_object (node);
  members = json_object_get_members (headers);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *name = json_object_get_member (headers, l->data);
      g_autoptr(GString) value = g_string_new (NULL);

      if (!tether_import_node_is_string (name))
        {
          g_propagate_error (error, _tether_import_entry_wrong_type (entry, "env_http_headers",
                                                                     _("a table of strings")));
          return FALSE;
        }
      _tether_import_resolve_env (entry, value, json_node_get_string (name), NULL);
      _tether_import_add_header (entry->config, l->data, value->str);
    }

  return TRUE;
}

gboolean
_tether_import_read_codex_entry (TetherImportEntry  *entry,
                                 GError            **error)
{
  static const char * const handled[] = {
    "command", "args", "env", "env_vars", "cwd", "url", "bearer_token_env_var", "bearer_token",
    "http_headers", "env_http_headers", "startup_timeout_sec", "startup_timeout_ms",
    "tool_timeout_sec", "enabled", NULL
  };
  TetherServerConfig *config = entry->config;
  g_autofree char *command = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *url = NULL;
  g_autofree char *bearer_env = NULL;
  g_autofree char *bearer = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) env_vars = NULL;

  if (!_tether_import_entry_get_string (entry, "command", &command, error) ||
      !_tether_import_entry_get_strv (entry, "args", FALSE, &args, error) ||
      !_tether_import_entry_get_map (entry, "env", _tether_import_set_env_value, error) ||
      !_tether_import_entry_get_strv (entry, "env_vars", FALSE, &env_vars, error) ||
      !_tether_import_entry_get_string (entry, "cwd", &cwd, error) ||
      !_tether_import_entry_get_string (entry, "url", &url, error) ||
      !_tether_import_entry_get_string (entry, "bearer_token_env_var", &bearer_env, error) ||
      !_tether_import_entry_get_string (entry, "bearer_token", &bearer, error) ||
      !_tether_import_entry_get_map (entry, "http_headers", _tether_import_add_header, error))
    return FALSE;

  if (command != NULL)
    tether_server_config_set_kind (config, TETHER_SERVER_KIND_STDIO);
  else if (url != NULL)
    tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  else
    {
      g_propagate_error (error,
                         _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, NULL,
                                                     _("server “%s” has neither a “command” "
                                                       "nor a “url”"),
                                                     entry->name));
      return FALSE;
    }

  tether_server_config_set_command (config, command);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_cwd (config, cwd);
  tether_server_config_set_url (config, url);

  _tether_import_entry_pass_env (entry, env_vars);

  if (bearer_env != NULL)
    {
      g_autoptr(GString) value = g_string_new (NULL);

      _tether_import_resolve_env (entry, value, bearer_env, NULL);
      set_bearer (entry, value->str);
    }
  else if (bearer != NULL)
    {
      set_bearer (entry, bearer);
      _tether_import_entry_warn (entry, _("an inline “bearer_token” (which Codex refuses) became the "
                                          "Authorization header"));
    }

  if (!read_env_http_headers (entry, error) ||
      !_tether_import_entry_set_timeout (entry, "startup_timeout_sec", 1000,
                                         tether_server_config_set_connect_timeout,
                                         _("connect timeout"), error) ||
      !_tether_import_entry_set_timeout (entry, "startup_timeout_ms", 1,
                                         tether_server_config_set_connect_timeout,
                                         _("connect timeout"), error) ||
      !_tether_import_entry_set_timeout (entry, "tool_timeout_sec", 1000,
                                         tether_server_config_set_tool_timeout,
                                         _("tool call timeout"), error) ||
      !_tether_import_entry_read_enabled (entry, "enabled", FALSE, error))
    return FALSE;

  _tether_import_entry_warn_ignored (entry, handled);

  return TRUE;
}
