/* tether-cli-diagnostics.c — tether-cli diagnostics
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli [--config FILE] [--json] diagnostics [--config FILE] [--json]
 *
 * Where servers run and what they find there: the sandbox and the
 * permission to run commands on the host, the login shell's PATH (how long
 * resolving it took, and why it is a fallback if it is), each configured
 * command's absolute path (or where it was looked for), and the other
 * clients' configuration files found in the real home directory. Nothing is
 * started: commands are only looked up. Environment values are never
 * printed, PATH aside.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "mcp-host-process.h"
#include "tether-cli-commands.h"
#include "tether-cli-config.h"
#include "tether-config-import.h"
#include "tether-config-store.h"
#include "tether-shell-environment.h"

typedef struct
{
  GMainLoop               *loop;
  TetherShellEnvironment  *environment;
  TetherConfigStore       *store;
  TetherConfigImport      *import;
  GListModel              *discovered;
  JsonArray               *servers;
  guint                    next;
  gboolean                 json;
} Diagnostics;

static void look_up_next (Diagnostics *diagnostics);

static void
discovered_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Diagnostics *diagnostics = user_data;

  diagnostics->discovered = tether_config_import_discover_finish (TETHER_CONFIG_IMPORT (object), result, NULL);
  g_main_loop_quit (diagnostics->loop);
}

static void
found_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Diagnostics *diagnostics = user_data;
  JsonObject *entry = json_array_get_object_element (diagnostics->servers, diagnostics->next - 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *program = NULL;

  program = tether_shell_environment_find_program_finish (TETHER_SHELL_ENVIRONMENT (object), result, &error);
  if (program != NULL)
    json_object_set_string_member (entry, "resolved", program);
  else
    {
      json_object_set_null_member (entry, "resolved");
      json_object_set_string_member (entry, "error", error->message);
    }

  look_up_next (diagnostics);
}

/* One configured command after another; then the other clients' files. */
static void
look_up_next (Diagnostics *diagnostics)
{
  guint n = tether_config_store_get_n_servers (diagnostics->store);

  while (diagnostics->next < n)
    {
      TetherServerConfig *config = tether_config_store_get_server (diagnostics->store, diagnostics->next++);
      JsonObject *entry = json_object_new ();
      TetherServerKind kind = tether_server_config_get_kind (config);

      json_object_set_string_member (entry, "name", tether_server_config_get_name (config));
      json_object_set_string_member (entry, "kind", tether_server_kind_to_string (kind));
      json_object_set_boolean_member (entry, "enabled", tether_server_config_get_enabled (config));
      json_array_add_object_element (diagnostics->servers, entry);

      if (kind == TETHER_SERVER_KIND_STDIO)
        {
          g_auto(GStrv) argv = tether_server_config_dup_argv (config);
          const char *command = argv != NULL ? argv[0] : NULL;

          json_object_set_string_member (entry, "command", command);
          tether_shell_environment_find_program_async (diagnostics->environment, command,
                                                       tether_server_config_get_cwd (config),
                                                       NULL, found_cb, diagnostics);
          return;
        }

      json_object_set_string_member (entry, "url", tether_server_config_get_url (config));
    }

  tether_config_import_discover_async (diagnostics->import, NULL, discovered_cb, diagnostics);
}

static void
resolved_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Diagnostics *diagnostics = user_data;

  tether_shell_environment_resolve_finish (TETHER_SHELL_ENVIRONMENT (object), result, NULL);
  look_up_next (diagnostics);
}

static JsonNode *
build_report (Diagnostics *diagnostics)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  TetherShellEnvironment *environment = diagnostics->environment;
  g_autofree char *file_path = g_file_get_path (tether_config_store_get_file (diagnostics->store));
  const GError *store_error = tether_config_store_get_error (diagnostics->store);
  g_autoptr(GError) permission = NULL;
  g_autofree char *app_id = mcp_host_process_dup_app_id ();
  gboolean sandboxed = mcp_host_process_is_sandboxed ();
  gboolean permitted = mcp_host_process_check_permission (&permission);
  guint n;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, PACKAGE_VERSION);

  json_builder_set_member_name (builder, "sandbox");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "flatpak");
  json_builder_add_boolean_value (builder, sandboxed);
  json_builder_set_member_name (builder, "appId");
  json_builder_add_string_value (builder, sandboxed ? app_id : NULL);
  json_builder_set_member_name (builder, "hostCommands");
  json_builder_add_boolean_value (builder, permitted);
  if (!permitted)
    {
      g_autofree char *command = mcp_host_process_dup_override_command ();

      json_builder_set_member_name (builder, "overrideCommand");
      json_builder_add_string_value (builder, command);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, permission->message);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "loginShell");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "shell");
  json_builder_add_string_value (builder, tether_shell_environment_get_login_shell (environment));
  json_builder_set_member_name (builder, "fromLoginShell");
  json_builder_add_boolean_value (builder, tether_shell_environment_get_from_login_shell (environment));
  json_builder_set_member_name (builder, "onHost");
  json_builder_add_boolean_value (builder, tether_shell_environment_get_on_host (environment));
  json_builder_set_member_name (builder, "elapsedMs");
  json_builder_add_int_value (builder, tether_shell_environment_get_elapsed_ms (environment));
  json_builder_set_member_name (builder, "path");
  json_builder_add_string_value (builder, tether_shell_environment_get_path (environment));
  json_builder_set_member_name (builder, "note");
  json_builder_add_string_value (builder, tether_shell_environment_get_note (environment));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "configuration");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, file_path);
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, store_error != NULL ? store_error->message : NULL);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "servers");
  {
    JsonNode *servers = json_node_new (JSON_NODE_ARRAY);

    json_node_set_array (servers, diagnostics->servers);
    json_builder_add_value (builder, servers);
  }

  json_builder_set_member_name (builder, "discovered");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "home");
  json_builder_add_string_value (builder, tether_config_import_get_home_dir (diagnostics->import));
  json_builder_set_member_name (builder, "configDir");
  json_builder_add_string_value (builder, tether_config_import_get_config_dir (diagnostics->import));
  json_builder_set_member_name (builder, "files");
  json_builder_begin_array (builder);
  n = diagnostics->discovered != NULL ? g_list_model_get_n_items (diagnostics->discovered) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherImportSource) source = g_list_model_get_item (diagnostics->discovered, i);
      g_autofree char *path = g_file_get_path (tether_import_source_get_file (source));

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "client");
      json_builder_add_string_value (builder, tether_import_source_get_client (source));
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, path);
      json_builder_set_member_name (builder, "servers");
      json_builder_add_int_value (builder, tether_import_source_get_n_servers (source));
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, tether_import_source_get_error_message (source));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;

  return json_node_get_string (node);
}

static void
print_text (JsonNode *report)
{
  JsonObject *root = json_node_get_object (report);
  JsonObject *sandbox = json_object_get_object_member (root, "sandbox");
  JsonObject *login = json_object_get_object_member (root, "loginShell");
  JsonObject *configuration = json_object_get_object_member (root, "configuration");
  JsonArray *servers = json_object_get_array_member (root, "servers");
  JsonObject *discovered = json_object_get_object_member (root, "discovered");
  JsonArray *files = json_object_get_array_member (discovered, "files");
  const char *shell = member_string (login, "shell");
  const char *note = member_string (login, "note");
  const char *error = member_string (configuration, "error");

  printf ("Tether %s\n", member_string (root, "version"));

  if (json_object_get_boolean_member (sandbox, "flatpak"))
    printf (_("Sandbox:        Flatpak (%s): servers’ commands run on the host\n"),
            member_string (sandbox, "appId"));
  else
    printf (_("Sandbox:        none\n"));

  if (!json_object_get_boolean_member (sandbox, "hostCommands"))
    {
      printf (_("Host commands:  not allowed; stdio servers cannot start. To allow them, run:\n"));
      printf ("                  %s\n", member_string (sandbox, "overrideCommand"));
    }
  else if (json_object_get_boolean_member (sandbox, "flatpak"))
    printf (_("Host commands:  allowed\n"));

  if (json_object_get_boolean_member (login, "fromLoginShell"))
    printf (_("Login shell:    %s%s, %u ms\n"), shell,
            json_object_get_boolean_member (login, "onHost") ? _(" on the host") : "",
            (guint)json_object_get_int_member (login, "elapsedMs"));
  else
    printf (_("Login shell:    not used, %u ms\n"), (guint)json_object_get_int_member (login, "elapsedMs"));
  if (note != NULL)
    printf (_("Note:           %s\n"), note);
  printf ("PATH:           %s\n", member_string (login, "path"));

  printf (_("Configuration:  %s\n"), member_string (configuration, "file"));
  if (error != NULL)
    printf (_("                cannot be used: %s\n"), error);

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonObject *server = json_array_get_object_element (servers, i);
      const char *kind = member_string (server, "kind");
      const char *disabled = json_object_get_boolean_member (server, "enabled") ? "" : _(" (disabled)");

      if (g_strcmp0 (kind, "stdio") == 0)
        {
          const char *resolved = member_string (server, "resolved");

          if (resolved != NULL)
            printf ("  %-20s %s → %s%s\n", member_string (server, "name"),
                    member_string (server, "command"), resolved, disabled);
          else
            printf ("  %-20s %s: %s%s\n", member_string (server, "name"),
                    member_string (server, "command"), member_string (server, "error"), disabled);
        }
      else
        printf ("  %-20s %s %s%s\n", member_string (server, "name"), kind,
                member_string (server, "url"), disabled);
    }
  if (json_array_get_length (servers) == 0)
    printf (_("  (no servers)\n"));

  printf (_("Other clients’ configuration files, in %s:\n"), member_string (discovered, "home"));
  for (guint i = 0; i < json_array_get_length (files); i++)
    {
      JsonObject *source = json_array_get_object_element (files, i);
      const char *source_error = member_string (source, "error");
      guint n_servers = (guint)json_object_get_int_member (source, "servers");

      g_autofree char *count = g_strdup_printf (ngettext ("%u server", "%u servers", n_servers), n_servers);

      if (source_error != NULL)
        printf ("  %-20s %s: %s\n", member_string (source, "client"), member_string (source, "file"),
                source_error);
      else
        printf ("  %-20s %s (%s)\n", member_string (source, "client"), member_string (source, "file"), count);
    }
  if (json_array_get_length (files) == 0)
    printf (_("  (none found)\n"));
}

int
tether_cli_diagnostics_main (const TetherCliOptions  *options,
                             char                   **args,
                             GError                 **error)
{
  Diagnostics diagnostics = { 0 };
  TetherCliOptions local = *options;
  g_autoptr(GFile) file = NULL;
  g_autoptr(JsonNode) report = NULL;
  gboolean json = options->json;

  /* --config may follow the command too */
  for (guint i = 0; args[i] != NULL; i++)
    {
      if (tether_cli_match_option (args, &i, "--config", &local.config_path, error))
        {
          if (local.config_path == NULL)
            return TETHER_CLI_EXIT_USAGE;
          continue;
        }

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("diagnostics: unexpected argument %s"), args[i]);
      return TETHER_CLI_EXIT_USAGE;
    }

  file = tether_cli_options_get_file (&local);

  diagnostics.json = json;
  diagnostics.loop = g_main_loop_new (NULL, FALSE);
  diagnostics.environment = g_object_ref (tether_shell_environment_get_default ());
  diagnostics.store = tether_config_store_new (file);
  diagnostics.import = tether_config_import_new ();
  diagnostics.servers = json_array_new ();

  /* A file that cannot be used is reported, not fatal. */
  tether_config_store_load (diagnostics.store, NULL);

  tether_shell_environment_resolve_async (diagnostics.environment, NULL, resolved_cb, &diagnostics);
  g_main_loop_run (diagnostics.loop);

  report = build_report (&diagnostics);
  if (json)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;

      json_generator_set_pretty (generator, TRUE);
      json_generator_set_indent (generator, 2);
      json_generator_set_root (generator, report);
      text = json_generator_to_data (generator, NULL);
      printf ("%s\n", text);
    }
  else
    print_text (report);

  g_clear_pointer (&diagnostics.servers, json_array_unref);
  g_clear_object (&diagnostics.discovered);
  g_clear_object (&diagnostics.import);
  g_clear_object (&diagnostics.store);
  g_clear_object (&diagnostics.environment);
  g_main_loop_unref (diagnostics.loop);

  return TETHER_CLI_EXIT_OK;
}
