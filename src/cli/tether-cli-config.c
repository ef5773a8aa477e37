/* tether-cli-config.c — tether-cli on the user's configuration
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The configuration is the app's: `--config FILE`, by default
 * `$XDG_CONFIG_HOME/tether/servers.json`, read and written through
 * TetherConfigStore (atomic saves, unknown keys kept, a file with an error
 * never written), and servers are run by TetherServer and
 * TetherServerManager with the connection rules of src/README.md, so what
 * tether-cli shows is what the app would.
 *
 *   list                  every server's state after trying to connect
 *   add NAME -- CMD…      add a stdio server
 *   add NAME --url URL    add an HTTP server
 *   remove NAME, enable NAME, disable NAME
 *   enable NAME/TOOL, disable NAME/TOOL   a tool offered by the hub or not
 *
 * `watch`, `import`, `diagnostics`, `serve`, `connect` and `clients` live in files of
 * their own.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "mcp-http-check.h"

#include "tether-cli-auth.h"
#include "tether-cli-config.h"
#include "tether-cli-clients.h"
#include "tether-cli-connect.h"
#include "tether-cli-diagnostics.h"
#include "tether-cli-import.h"
#include "tether-cli-output.h"
#include "tether-cli-serve.h"
#include "tether-cli-watch.h"
#include "tether-config-error.h"
#include "tether-server-manager.h"

/* How long `list` waits for the servers to settle, unless --timeout says. */
#define LIST_DEFAULT_BOUND_MS 30000

/* ---------------------------------------------------------------------- */
/* Arguments and output                                                     */

/* The arguments of a command that takes @n names and no option of its
 * own but --json (into @local). Returns FALSE on a usage error;
 * @parsed->help when --help printed the command's options. */
static gboolean
parse_names (const TetherCliConfigCommand  *command,
             char                         **args,
             guint                          n,
             TetherCliOptions              *local,
             TetherCliArgs                 *parsed,
             GError                       **error)
{
  static const GOptionEntry none[] = { { NULL } };

  if (!tether_cli_args_parse (parsed, command->synopsis, command->summary, none, NULL, NULL,
                              &local->json, args, error))
    return FALSE;

  if (!parsed->help &&
      (g_strv_length (parsed->positional) != n || parsed->command_line != NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("usage: tether-cli %s"), command->synopsis);
      return FALSE;
    }

  return TRUE;
}

/* Prints what a changing command did, and tells the exit code. */
static int
report_change (const TetherCliOptions *options,
               TetherConfigStore      *store,
               const char             *action,
               const char             *name,
               gboolean                changed,
               const char             *message)
{
  if (options->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      TetherServerConfig *config = tether_config_store_lookup (store, name, NULL);

      json_object_set_string_member (object, "server", name);
      json_object_set_string_member (object, "action", action);
      json_object_set_boolean_member (object, "changed", changed);
      json_object_set_string_member (object, "file", g_file_peek_path (tether_config_store_get_file (store)));
      if (config != NULL)
        {
          json_object_set_member (object, "config", tether_cli_masked_entry (config));
          tether_cli_set_warning_member (object, config);
        }
      json_node_set_object (node, object);
      tether_cli_print_json (node);
    }
  else
    {
      g_autofree char *shown = tether_cli_escape (message);

      printf ("%s\n", shown);
    }

  return TETHER_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------- */
/* add                                                                      */

typedef struct
{
  const char  *name;
  char        *url;
  char        *transport;
  char        *cwd;
  char       **command;  /* after "--" */
  char       **env;      /* K=V */
  char       **headers;  /* K: V */
  char       **roots;    /* folders */
  gboolean     disabled;
} AddArgs;

static void
add_args_clear (AddArgs *add)
{
  g_clear_pointer (&add->url, g_free);
  g_clear_pointer (&add->transport, g_free);
  g_clear_pointer (&add->cwd, g_free);
  g_clear_pointer (&add->env, g_strfreev);
  g_clear_pointer (&add->headers, g_strfreev);
  g_clear_pointer (&add->roots, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AddArgs, add_args_clear)

/* What the options of add say, checked against each other; the command
 * line is @parsed's. */
static gboolean
check_add (AddArgs        *add,
           TetherCliArgs  *parsed,
           GError        **error)
{
  if (parsed->positional[0] == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("add needs a name first: add NAME -- COMMAND [ARGS…] or add NAME --url URL"));
      return FALSE;
    }

  if (parsed->positional[0][0] == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s",
                   _("add: the server’s name is empty; a server needs a name"));
      return FALSE;
    }

  if (parsed->positional[1] != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("add: unknown argument %s"), parsed->positional[1]);
      return FALSE;
    }

  add->name = parsed->positional[0];
  add->command = parsed->command_line;

  if (!tether_cli_check_value ("--url", add->url, error) ||
      !tether_cli_check_value ("--transport", add->transport, error) ||
      !tether_cli_check_value ("--cwd", add->cwd, error) ||
      !tether_cli_check_pairs ("--env", (const char * const *)add->env, '=', error) ||
      !tether_cli_check_pairs ("--header", (const char * const *)add->headers, ':', error) ||
      !tether_cli_check_roots (add->roots, error))
    return FALSE;

  if (add->command != NULL && add->command[0] == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("add: put the server's command line after “--”"));
      return FALSE;
    }

  if ((add->command == NULL) == (add->url == NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("add needs either a command line after “--” or --url URL"));
      return FALSE;
    }

  if (add->command != NULL && (add->transport != NULL || add->headers != NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--transport and --header are for servers added with --url"));
      return FALSE;
    }

  if (add->url != NULL && (add->cwd != NULL || add->env != NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--env and --cwd are for servers started from a command line"));
      return FALSE;
    }

  return TRUE;
}

static TetherServerConfig *
build_config (AddArgs  *add,
              GError  **error)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new (add->name);

  if (add->command != NULL)
    {
      tether_server_config_set_kind (config, TETHER_SERVER_KIND_STDIO);
      tether_server_config_set_command (config, add->command[0]);
      tether_server_config_set_args (config, (const char * const *)&add->command[1]);
      tether_server_config_set_cwd (config, add->cwd);
    }
  else
    {
      TetherServerKind kind = TETHER_SERVER_KIND_AUTO;

      if (add->transport != NULL &&
          (!tether_server_kind_from_string (add->transport, &kind) ||
           !tether_server_kind_is_remote (kind)))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--transport is http, sse or auto, not “%s”"), add->transport);
          return NULL;
        }

      tether_server_config_set_kind (config, kind);
      tether_server_config_set_url (config, add->url);
    }

  for (guint i = 0; add->env != NULL && add->env[i] != NULL; i++)
    {
      const char *pair = add->env[i];
      const char *eq = strchr (pair, '=');
      g_autofree char *key = g_strndup (pair, eq - pair);

      tether_server_config_set_env_value (config, key, eq + 1);
    }

  for (guint i = 0; add->headers != NULL && add->headers[i] != NULL; i++)
    {
      const char *line = add->headers[i];
      const char *colon = strchr (line, ':');
      g_autofree char *key = g_strstrip (g_strndup (line, colon - line));
      g_autofree char *value = mcp_http_strip_header_value (colon + 1);
      g_auto(GStrv) names = tether_server_config_dup_header_names (config);
      g_autoptr(GError) header_error = NULL;

      /* A second value for a name, in any case, is refused: the server
       * would get only one of them. */
      if (!mcp_http_check_new_header ((const char * const *)names, g_strv_length (names),
                                      key, value, &header_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--header: %s", header_error->message);
          return NULL;
        }

      tether_server_config_set_header_value (config, key, value);
    }

  tether_server_config_set_roots (config, (const char * const *)add->roots);
  tether_server_config_set_enabled (config, !add->disabled);

  return g_steal_pointer (&config);
}

static int
cmd_add (const TetherCliConfigCommand  *command,
         const TetherCliOptions        *options,
         char                         **args,
         GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_auto(AddArgs) add = { 0 };
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *description = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) local = NULL;
  TetherCliOptions add_options = *options;
  const GOptionEntry entries[] = {
    { "url", 0, 0, G_OPTION_ARG_STRING, &add.url,
      N_("Reach the server at this http or https URL"), N_("URL") },
    { "header", 0, 0, G_OPTION_ARG_STRING_ARRAY, &add.headers,
      N_("Send this header with every request (repeatable)"), N_("'NAME: VALUE'") },
    { "transport", 0, 0, G_OPTION_ARG_STRING, &add.transport,
      N_("Streamable HTTP, legacy HTTP+SSE, or try both (the default)"), "http|sse|auto" },
    { "env", 0, 0, G_OPTION_ARG_STRING_ARRAY, &add.env,
      N_("Set this environment variable for the command (repeatable)"), N_("NAME=VALUE") },
    { "cwd", 0, 0, G_OPTION_ARG_FILENAME, &add.cwd,
      N_("Start the command in this folder"), N_("DIR") },
    { "root", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &add.roots,
      N_("Offer this folder to the server as a root (repeatable)"), N_("DIR") },
    { "disabled", 0, 0, G_OPTION_ARG_NONE, &add.disabled,
      N_("Add the server disabled"), NULL },
    { NULL }
  };

  if (!tether_cli_args_parse (&parsed, "add NAME [-- COMMAND [ARGS…]]",
                              N_("add a server: started from a command line after “--”, or reached "
                                 "over HTTP with --url"),
                              entries, NULL, NULL, &add_options.json, args, error))
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  options = &add_options;  /* --json may follow the command */
  if (!check_add (&add, &parsed, error) || (config = build_config (&add, error)) == NULL)
    return TETHER_CLI_EXIT_USAGE;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (!tether_config_store_add (store, config, &local))
    {
      tether_cli_prefix_path (local, tether_config_store_get_file (store));
      g_propagate_error (error, g_steal_pointer (&local));
      return TETHER_CLI_EXIT_FAILURE;
    }

  description = tether_cli_describe_config (config);
  message = g_strdup_printf (_("Added “%s”: %s"), add.name, description);

  /* Added all the same: the user may have no choice of server. */
  tether_cli_warn_cleartext (config);

  return report_change (options, store, "added", add.name, TRUE, message);
}

/* ---------------------------------------------------------------------- */
/* remove, enable, disable                                                  */

static int
cmd_remove (const TetherCliConfigCommand  *command,
            const TetherCliOptions        *options,
            char                         **args,
            GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *message = NULL;
  TetherCliOptions local = *options;
  const char *name;

  if (!parse_names (command, args, 1, &local, &parsed, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;
  name = parsed.positional[0];

  store = tether_cli_open_store (&local, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (tether_config_store_lookup (store, name, NULL) == NULL)
    {
      g_propagate_error (error, tether_cli_no_such_server (store, name));
      return TETHER_CLI_EXIT_FAILURE;
    }

  if (!tether_config_store_remove (store, name, NULL, NULL, error))
    return TETHER_CLI_EXIT_FAILURE;

  message = g_strdup_printf (_("Removed “%s”"), name);

  return report_change (&local, store, "removed", name, TRUE, message);
}

/* NAME/TOOL: one tool of a server, offered by the hub or not
 * (`disabledTools`). The server keeps running either way. */
static int
set_tool_enabled (const TetherCliOptions  *options,
                  TetherConfigStore       *store,
                  const char              *spec,
                  gboolean                 enabled,
                  GError                 **error)
{
  g_autofree char *name = g_strndup (spec, strchr (spec, '/') - spec);
  const char *tool = strchr (spec, '/') + 1;
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) tools = NULL;
  g_autofree char *message = NULL;
  const char * const *disabled;
  TetherServerConfig *config;
  gboolean changed;

  config = tether_config_store_lookup (store, name, NULL);
  if (config == NULL || *tool == '\0')
    {
      g_propagate_error (error, tether_cli_no_such_server (store, *tool == '\0' ? spec : name));
      return TETHER_CLI_EXIT_FAILURE;
    }

  changed = tether_server_config_is_tool_enabled (config, tool) != enabled;
  if (changed)
    {
      disabled = tether_server_config_get_disabled_tools (config);
      for (guint i = 0; disabled != NULL && disabled[i] != NULL; i++)
        if (!g_str_equal (disabled[i], tool))
          g_strv_builder_add (builder, disabled[i]);
      if (!enabled)
        g_strv_builder_add (builder, tool);
      tools = g_strv_builder_end (builder);

      copy = tether_server_config_copy (config);
      tether_server_config_set_disabled_tools (copy, (const char * const *)tools);
      if (!tether_config_store_replace (store, name, copy, error))
        return TETHER_CLI_EXIT_FAILURE;
    }

  if (enabled)
    message = changed ? g_strdup_printf (_("The hub offers “%s” of “%s” again"), tool, name)
                      : g_strdup_printf (_("The hub already offers “%s” of “%s”"), tool, name);
  else
    message = changed ? g_strdup_printf (_("The hub no longer offers “%s” of “%s”"), tool, name)
                      : g_strdup_printf (_("The hub already does not offer “%s” of “%s”"), tool, name);

  return report_change (options, store, enabled ? "tool-enabled" : "tool-disabled", name, changed, message);
}

static int
set_enabled (const TetherCliConfigCommand  *command,
             const TetherCliOptions        *options,
             char                         **args,
             gboolean                       enabled,
             GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *message = NULL;
  TetherCliOptions local = *options;
  TetherServerConfig *config;
  const char *name;
  gboolean changed;
  /* One help for both forms: a server, or one of its tools */
  const TetherCliConfigCommand shown = {
    command->name,
    enabled ? "enable NAME[/TOOL]" : "disable NAME[/TOOL]",
    enabled ? N_("enable a server; with NAME/TOOL, offer that tool of the server through the hub "
                 "again")
            : N_("disable a server; with NAME/TOOL, stop offering that tool of the server through "
                 "the hub (its disabledTools), while the server runs on"),
    command->main,
  };

  if (!parse_names (&shown, args, 1, &local, &parsed, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;
  name = parsed.positional[0];

  store = tether_cli_open_store (&local, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  config = tether_config_store_lookup (store, name, NULL);
  if (config == NULL && strchr (name, '/') != NULL)
    return set_tool_enabled (&local, store, name, enabled, error);
  if (config == NULL)
    {
      g_propagate_error (error, tether_cli_no_such_server (store, name));
      return TETHER_CLI_EXIT_FAILURE;
    }

  changed = tether_server_config_get_enabled (config) != enabled;
  if (changed && !tether_config_store_set_enabled (store, name, enabled, error))
    return TETHER_CLI_EXIT_FAILURE;

  if (enabled)
    message = changed ? g_strdup_printf (_("Enabled “%s”"), name)
                      : g_strdup_printf (_("“%s” is already enabled"), name);
  else
    message = changed ? g_strdup_printf (_("Disabled “%s”"), name)
                      : g_strdup_printf (_("“%s” is already disabled"), name);

  return report_change (&local, store, enabled ? "enabled" : "disabled", name, changed, message);
}

static int
cmd_enable (const TetherCliConfigCommand  *command,
            const TetherCliOptions        *options,
            char                         **args,
            GError                       **error)
{
  return set_enabled (command, options, args, TRUE, error);
}

static int
cmd_disable (const TetherCliConfigCommand  *command,
             const TetherCliOptions        *options,
             char                         **args,
             GError                       **error)
{
  return set_enabled (command, options, args, FALSE, error);
}

/* ---------------------------------------------------------------------- */
/* list                                                                     */

typedef struct
{
  GMainLoop           *loop;
  TetherServerManager *manager;
  GCancellable        *cancellable;
  guint                pending;
  guint                bound_ms;
  guint                bound_id;
  gboolean             interrupted;
  gboolean             stopped;
} Listing;

static void
list_settled_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Listing *listing = user_data;

  /* An error is a state (error, disabled) or the bound: the state tells. */
  tether_server_wait_settled_finish (TETHER_SERVER (object), result, NULL);

  if (--listing->pending == 0)
    g_main_loop_quit (listing->loop);
}

static gboolean
list_bound_cb (gpointer user_data)
{
  Listing *listing = user_data;

  listing->bound_id = 0;
  g_cancellable_cancel (listing->cancellable);

  return G_SOURCE_REMOVE;
}

static gboolean
list_interrupt_cb (gpointer user_data)
{
  Listing *listing = user_data;

  listing->interrupted = TRUE;
  g_cancellable_cancel (listing->cancellable);

  return G_SOURCE_CONTINUE;
}

static void
list_stopped_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Listing *listing = user_data;

  tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, NULL);
  listing->stopped = TRUE;
  g_main_loop_quit (listing->loop);
}

static guint
count_items (GListModel *model)
{
  return g_list_model_get_n_items (model);
}

static char *
describe_lists (TetherServer *server)
{
  GString *out = g_string_new (NULL);
  guint tools = count_items (tether_server_get_tools (server));
  guint prompts = count_items (tether_server_get_prompts (server));
  guint resources = count_items (tether_server_get_resources (server)) +
                    count_items (tether_server_get_resource_templates (server));

  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u tool", "%u tools", tools), tools);
  if (prompts > 0)
    {
      g_string_append (out, " · ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u prompt", "%u prompts", prompts), prompts);
    }
  if (resources > 0)
    {
      g_string_append (out, " · ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u resource", "%u resources", resources),
                              resources);
    }

  return g_string_free (out, FALSE);
}

static char *
describe_state (TetherServer *server,
                guint         bound_ms)
{
  switch (tether_server_get_state (server))
    {
    case TETHER_SERVER_STATE_CONNECTED:
      return describe_lists (server);

    case TETHER_SERVER_STATE_ERROR:
      return g_strdup (tether_server_get_error_message (server));

    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return g_strdup_printf (_("sign-in required (tether-cli login %s)"), tether_server_get_name (server));

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_WAITING:
      {
        g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());

        return g_strdup_printf (_("%s (still trying after %g s)"), status, bound_ms / 1000.0);
      }

    case TETHER_SERVER_STATE_DISABLED:
    case TETHER_SERVER_STATE_DISCONNECTED:
    default:
      return g_strdup ("");
    }
}

static JsonNode *
server_to_json (TetherServer *server,
                guint         bound_ms)
{
  g_autoptr(JsonObject) object = json_object_new ();
  TetherServerConfig *config = tether_server_get_config (server);
  TetherServerState state = tether_server_get_state (server);
  g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());
  const char *lists[] = { "tools", "prompts", "resources" };

  json_object_set_string_member (object, "name", tether_server_get_name (server));
  json_object_set_string_member (object, "state", tether_server_state_to_string (state));
  json_object_set_boolean_member (object, "enabled", tether_server_config_get_enabled (config));
  json_object_set_string_member (object, "transport",
                                 tether_server_kind_to_string (tether_server_config_get_kind (config)));
  json_object_set_int_member (object, "attempt", tether_server_get_attempt (server));
  json_object_set_int_member (object, "of", tether_server_get_attempts (server));

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      if (state != TETHER_SERVER_STATE_CONNECTED)
        json_object_set_null_member (object, lists[i]);
      else if (i == 0)
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_tools (server)));
      else if (i == 1)
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_prompts (server)));
      else
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_resources (server)) +
                                                      count_items (tether_server_get_resource_templates (server)));
    }

  if (tether_server_get_error_message (server) != NULL)
    json_object_set_string_member (object, "error", tether_server_get_error_message (server));
  else
    json_object_set_null_member (object, "error");
  json_object_set_string_member (object, "status", status);
  json_object_set_boolean_member (object, "settled",
                                  state != TETHER_SERVER_STATE_CONNECTING &&
                                  state != TETHER_SERVER_STATE_WAITING);
  tether_cli_set_warning_member (object, config);

  return json_node_init_object (json_node_alloc (), object);
}

static void
print_listing (const TetherCliOptions *options,
               TetherConfigStore      *store,
               Listing                *listing)
{
  GListModel *servers = G_LIST_MODEL (listing->manager);
  guint n = g_list_model_get_n_items (servers);
  glong width = 0;

  if (options->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);

          json_array_add_element (array, server_to_json (server, listing->bound_ms));
        }

      json_object_set_string_member (object, "file", g_file_peek_path (tether_config_store_get_file (store)));
      json_object_set_array_member (object, "servers", array);
      json_node_set_object (node, object);
      tether_cli_print_json (node);
      return;
    }

  if (n == 0)
    {
      GFile *file = tether_config_store_get_file (store);
      g_autofree char *path = tether_cli_escape (g_file_peek_path (file));

      printf (_("No servers in %s\n"), path);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);
      g_autofree char *name = tether_cli_escape (tether_server_get_name (server));

      width = MAX (width, g_utf8_strlen (name, -1));
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);
      g_autofree char *name = tether_cli_escape (tether_server_get_name (server));
      g_autofree char *raw_details = describe_state (server, listing->bound_ms);
      g_autofree char *details = tether_cli_escape (raw_details);
      g_autofree char *line = NULL;
      g_autofree char *warning = NULL;

      line = g_strdup_printf ("%s%*s  %-12s %s", name, (int)(width - g_utf8_strlen (name, -1)), "",
                              tether_server_state_to_string (tether_server_get_state (server)), details);
      printf ("%s\n", g_strchomp (line));

      warning = tether_server_config_dup_cleartext_warning (tether_server_get_config (server));
      if (warning != NULL)
        printf ("%*s  %s: %s\n", (int)width, "", _("warning"), warning);
    }
}

static int
cmd_list (const TetherCliConfigCommand  *command,
          const TetherCliOptions        *options,
          char                         **args,
          GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  TetherCliOptions local = *options;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Listing listing = { 0 };
  guint sigint_id, sigterm_id;

  if (!parse_names (command, args, 0, &local, &parsed, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;
  options = &local;  /* --json may follow the command */

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  listing.loop = loop;
  listing.cancellable = cancellable;
  listing.bound_ms = options->timeout_ms > 0 ? options->timeout_ms : LIST_DEFAULT_BOUND_MS;
  listing.manager = tether_server_manager_new (store, &options->timings);

  /* Every enabled server tries at once; each is waited for until it has
   * settled (connected with its lists, or given up), within the bound. */
  tether_server_manager_start (listing.manager);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (listing.manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (listing.manager), i);

      listing.pending++;
      tether_server_wait_settled_async (server, cancellable, list_settled_cb, &listing);
    }

  listing.bound_id = g_timeout_add (listing.bound_ms, list_bound_cb, &listing);
  sigint_id = g_unix_signal_add (SIGINT, list_interrupt_cb, &listing);
  sigterm_id = g_unix_signal_add (SIGTERM, list_interrupt_cb, &listing);

  if (listing.pending > 0)
    g_main_loop_run (loop);

  if (!listing.interrupted)
    print_listing (options, store, &listing);
  fflush (stdout);

  /* Leave nothing running. */
  tether_server_manager_shutdown_async (listing.manager, 0, NULL, list_stopped_cb, &listing);
  while (!listing.stopped)
    g_main_loop_run (loop);

  g_clear_handle_id (&listing.bound_id, g_source_remove);
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);
  g_clear_object (&listing.manager);

  if (listing.interrupted)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("interrupted"));
      return TETHER_CLI_EXIT_FAILURE;
    }

  return TETHER_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------- */

static const TetherCliConfigCommand config_commands[] = {
  { "list", "list",
    N_("connect every server and show its state: its tools, or why it failed (waits up to --timeout, 30 s)"),
    cmd_list },
  { "add", "add NAME [--env K=V]… [--cwd DIR] [--root DIR]… [--disabled] -- CMD [ARGS…]",
    N_("add a server started from a command line"), cmd_add },
  { "add", "add NAME --url URL [--header 'K: V']… [--transport http|sse|auto] [--root DIR]… [--disabled]",
    N_("add a server reached over HTTP"), cmd_add },
  { "remove", "remove NAME", N_("remove a server from the configuration"), cmd_remove },
  { "enable", "enable NAME", N_("enable a server"), cmd_enable },
  { "disable", "disable NAME", N_("disable a server"), cmd_disable },
  { "enable", "enable NAME/TOOL", N_("offer a tool of a server through the hub again"), cmd_enable },
  { "disable", "disable NAME/TOOL",
    N_("stop offering a tool of a server through the hub (its disabledTools); the server runs on"), cmd_disable },
  { "watch", "watch",
    N_("keep every enabled server connected and print one JSON line per state change, until interrupted"),
    tether_cli_watch_main },
  { "watch", "watch --requests",
    N_("print the running hub's activity: one JSON line per request of an AI client, until interrupted"),
    tether_cli_watch_main },
  { "import", "import [--dry-run] [OPTIONS] FILE",
    N_("add the servers of another client's configuration file (see “tether-cli import --help”)"),
    tether_cli_import_main },
  { "serve", "serve [--listen 127.0.0.1:PORT]",
    N_("run the hub: one MCP endpoint for every enabled server; prints its URL, runs until interrupted"),
    tether_cli_serve_main },
  { "connect", "connect [--profile NAME]",
    N_("an MCP server on stdin and stdout that forwards to the running hub (starts Tether if none runs)"),
    tether_cli_connect_main },
  { "clients", "clients",
    N_("the AI clients on this machine (Claude Desktop, VS Code, Cursor, Codex…) and whether each "
       "uses Tether"), tether_cli_clients_main },
  { "clients", "clients connect NAME [--dry-run] [--profile NAME] [--stdio]",
    N_("write Tether’s entry into that client’s configuration (a backup is kept; --dry-run shows the diff)"),
    tether_cli_clients_main },
  { "clients", "clients disconnect NAME [--dry-run]",
    N_("remove exactly what “clients connect” wrote"), tether_cli_clients_main },
  { "clients", "clients disable-servers NAME [--dry-run]",
    N_("turn off in that client the servers Tether provides (enable-servers undoes it)"),
    tether_cli_clients_main },
  { "diagnostics", "diagnostics [--config FILE]",
    N_("where servers run: the sandbox, the login shell's PATH, each command's path, other clients' files"),
    tether_cli_diagnostics_main },
};

const TetherCliConfigCommand *
tether_cli_get_config_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (config_commands);

  return config_commands;
}

const TetherCliConfigCommand *
tether_cli_find_config_command (const char *name)
{
  const TetherCliConfigCommand *auth;
  guint n_auth;

  for (guint i = 0; i < G_N_ELEMENTS (config_commands); i++)
    if (g_str_equal (config_commands[i].name, name))
      return &config_commands[i];

  auth = tether_cli_get_auth_commands (&n_auth);
  for (guint i = 0; i < n_auth; i++)
    if (g_str_equal (auth[i].name, name))
      return &auth[i];

  return NULL;
}
