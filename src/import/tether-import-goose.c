/* tether-import-goose.c — goose's extensions
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each extension has a `type`: `stdio` (`cmd`, `args`, `envs`, `env_keys`:
 * names of secrets goose keeps in its keyring) or `streamable_http` (`uri`,
 * `headers`); `sse` is no longer supported by goose but still imported.
 * The built-in kinds (`builtin`, `platform`, `frontend`, `inline_python`)
 * run inside goose and are skipped. `timeout` is in seconds.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

static gboolean
is_built_in (const char *type)
{
  static const char * const built_in[] = {
    "builtin", "platform", "frontend", "inline_python", NULL
  };

  return g_strv_contains (built_in, type);
}

static gboolean
read_extension (TetherImportEntry  *entry,
                const char         *type,
                GError            **error)
{
  static const char * const handled[] = {
    "type", "cmd", "args", "envs", "env_keys", "timeout", "uri", "headers", "enabled", "name",
    "description", "bundled", NULL
  };
  TetherServerConfig *config = entry->config;
  g_autofree char *cmd = NULL;
  g_autofree char *uri = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) env_keys = NULL;
  TetherServerKind kind;

  if (!tether_server_kind_from_string (type, &kind) || kind == TETHER_SERVER_KIND_AUTO)
    {
      g_propagate_error (error,
                         _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, "type",
                                                     _("extension “%s”: unknown type “%s” "
                                                       "(expected stdio or streamable_http)"),
                                                     entry->name, type));
      return FALSE;
    }

  if (!_tether_import_entry_get_string (entry, "cmd", &cmd, error) ||
      !_tether_import_entry_get_strv (entry, "args", FALSE, &args, error) ||
      !_tether_import_entry_get_map (entry, "envs", _tether_import_set_env_value, error) ||
      !_tether_import_entry_get_strv (entry, "env_keys", FALSE, &env_keys, error) ||
      !_tether_import_entry_get_string (entry, "uri", &uri, error) ||
      !_tether_import_entry_get_map (entry, "headers", _tether_import_add_header, error))
    return FALSE;

  tether_server_config_set_kind (config, kind);
  tether_server_config_set_command (config, cmd);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_url (config, uri);

  if (kind == TETHER_SERVER_KIND_SSE)
    _tether_import_entry_warn (entry, _("goose no longer supports SSE extensions; "
                                        "it is imported as legacy SSE"));

  /* Secrets goose keeps in its keyring: the environment, or ask. */
  _tether_import_entry_pass_env (entry, env_keys);

  if (kind != TETHER_SERVER_KIND_STDIO)
    {
      g_auto(GStrv) names = tether_server_config_dup_env_names (config);

      if (names[0] != NULL)
        _tether_import_entry_warn (entry, _("“envs” and “env_keys” of a remote extension "
                                            "are not used by Tether"));
    }

  if (!_tether_import_entry_set_timeout (entry, "timeout", 1000,
                                         tether_server_config_set_tool_timeout,
                                         _("tool call timeout"), error) ||
      !_tether_import_entry_read_enabled (entry, "enabled", FALSE, error))
    return FALSE;

  _tether_import_entry_warn_ignored (entry, handled);

  return TRUE;
}

/* An extension of a type Tether can run; a built-in one is skipped. */
gboolean
_tether_import_read_goose_entry (TetherImportEntry  *entry,
                                 GError            **error)
{
  JsonNode *type = json_object_get_member (entry->object, "type");

  if (!tether_import_node_is_string (type))
    {
      g_propagate_error (error, _tether_import_entry_wrong_type (entry, "type", _("a string")));
      return FALSE;
    }

  if (is_built_in (json_node_get_string (type)))
    {
      g_autofree char *reason =
        g_strdup_printf (_("a goose %s extension, which runs inside goose"),
                         json_node_get_string (type));

      _tether_import_entry_skip (entry, reason);
      return TRUE;
    }

  return read_extension (entry, json_node_get_string (type), error);
}
