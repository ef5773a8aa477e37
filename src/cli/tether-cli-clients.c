/* tether-cli-clients.c — tether-cli clients: connect AI clients to Tether
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   tether-cli clients [--json]
 *   tether-cli clients connect NAME [--dry-run] [--profile P] [--stdio] [--json]
 *   tether-cli clients disconnect NAME [--dry-run] [--json]
 *   tether-cli clients disable-servers NAME [--dry-run] [--json]
 *   tether-cli clients enable-servers NAME [--dry-run] [--json]
 *
 * NAME is a client's name in the table (`clients` lists them). Connecting
 * writes one entry, `tether`, into the client's file: the hub's URL with
 * the token in an `Authorization` header where the client takes one, else
 * the stdio bridge (this tether-cli's `connect`). The URL is the running
 * hub's (hub.json), else the app's `hub-port` setting's. `--dry-run`
 * prints the change as a diff and writes nothing. The token is written
 * into the client's file, where the client needs it, and never printed.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-clients.h"
#include "tether-cli-output.h"
#include "tether-cli-serve.h"
#include "tether-clients.h"
#include "tether-hub.h"
#include "tether-hub-token.h"

typedef struct
{
  const char         *name;
  TetherClientAction  action;
  const char         *parameters;
  const char         *summary;
  gboolean            connects;     /* takes --profile and --stdio */
} Subcommand;

static const Subcommand subcommands[] = {
  { "connect", TETHER_CLIENT_ACTION_CONNECT, "clients connect NAME",
    N_("Writes Tether’s entry, “tether”, into the AI client’s configuration: the hub’s URL and "
       "token where the client takes a URL, else the “tether-cli connect” bridge. The file keeps "
       "everything else byte for byte; a backup NAME.tether-backup is made before its first "
       "change."),
    TRUE },
  { "disconnect", TETHER_CLIENT_ACTION_DISCONNECT, "clients disconnect NAME",
    N_("Removes exactly what “clients connect” wrote into the AI client’s configuration."), FALSE },
  { "disable-servers", TETHER_CLIENT_ACTION_DISABLE_SHARED, "clients disable-servers NAME",
    N_("Turns off, with the client’s own switch, the client’s servers that Tether provides, so "
       "they do not run twice."), FALSE },
  { "enable-servers", TETHER_CLIENT_ACTION_ENABLE_SHARED, "clients enable-servers NAME",
    N_("Turns the servers “clients disable-servers” turned off on again."), FALSE },
};

static const char *
connection_name (TetherClient *client)
{
  switch (tether_client_get_connection (client))
    {
    case TETHER_CLIENT_CONNECTION_HTTP:
      return "http";
    case TETHER_CLIENT_CONNECTION_STDIO:
      return "stdio";
    case TETHER_CLIENT_CONNECTION_NONE:
    default:
      return NULL;
    }
}

static JsonNode *
strv_node (const char * const *strv)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_array_add_string_element (array, strv[i]);
  json_node_take_array (node, array);

  return node;
}

static JsonNode *
client_to_json (TetherClient *client)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "name", tether_client_get_name (client));
  json_object_set_string_member (object, "display_name", tether_client_get_display_name (client));
  json_object_set_string_member (object, "path", tether_client_get_path (client));
  json_object_set_string_member (object, "format", tether_client_get_format (client));
  json_object_set_boolean_member (object, "found", tether_client_get_found (client));
  json_object_set_boolean_member (object, "connected", tether_client_get_connected (client));
  json_object_set_string_member (object, "connection", connection_name (client));
  json_object_set_string_member (object, "entry", tether_client_get_entry_name (client));
  json_object_set_string_member (object, "url", tether_client_get_url (client));
  json_object_set_member (object, "command", strv_node (tether_client_get_command (client)));
  json_object_set_boolean_member (object, "takes_http", tether_client_get_takes_http (client));
  json_object_set_boolean_member (object, "can_disable", tether_client_get_can_disable (client));
  json_object_set_member (object, "shared_servers",
                          strv_node (tether_client_get_shared_servers (client)));
  json_object_set_string_member (object, "error", tether_client_get_error_message (client));
  json_node_take_object (node, object);

  return node;
}

static char *
describe_state (TetherClient *client)
{
  if (tether_client_get_error_message (client) != NULL)
    return g_strdup (_("error"));
  if (tether_client_get_connected (client))
    return g_strdup_printf (tether_client_get_connection (client) == TETHER_CLIENT_CONNECTION_HTTP
                            ? _("connected (HTTP)") : _("connected (stdio)"));
  if (tether_client_get_found (client))
    return g_strdup (_("not connected"));

  return g_strdup (_("not found"));
}

static void
print_table (TetherClients *clients,
             gboolean       json)
{
  GListModel *model = tether_clients_get_model (clients);

  if (json)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(TetherClient) client = g_list_model_get_item (model, i);

          json_array_add_element (array, client_to_json (client));
        }
      json_node_take_array (node, array);
      tether_cli_print_json (node);
      return;
    }

  printf ("%-16s %-24s %-18s %s\n", _("NAME"), _("CLIENT"), _("STATE"), _("FILE"));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TetherClient) client = g_list_model_get_item (model, i);
      g_autofree char *state = describe_state (client);
      g_autofree char *path = tether_cli_escape (tether_client_get_path (client));
      const char * const *shared = tether_client_get_shared_servers (client);

      printf ("%-16s %-24s %-18s %s\n", tether_client_get_name (client),
              tether_client_get_display_name (client), state, path);
      if (tether_client_get_error_message (client) != NULL)
        {
          g_autofree char *message = tether_cli_escape (tether_client_get_error_message (client));

          printf ("%-16s %s\n", "", message);
        }
      if (shared != NULL && shared[0] != NULL)
        {
          g_autofree char *names = g_strjoinv (", ", (char **)shared);
          g_autofree char *escaped = tether_cli_escape (names);

          printf ("%-16s %s %s\n", "", _("also in Tether:"), escaped);
        }
    }
}

/* The URL AI clients reach the hub at: the running hub's, else the one
 * the app's setting gives. */
static char *
hub_url (const char *profile)
{
  g_autofree char *runtime_file = tether_hub_dup_default_runtime_file ();
  g_autofree char *url = NULL;

  if (!tether_hub_read_runtime_file (runtime_file, &url, NULL, NULL) || url == NULL)
    url = g_strdup_printf ("http://127.0.0.1:%u/mcp", tether_cli_serve_default_port ());

  if (profile != NULL)
    {
      g_autofree char *escaped = g_uri_escape_string (profile, NULL, FALSE);

      return g_strconcat (url, "/", escaped, NULL);
    }

  return g_steal_pointer (&url);
}

static char *
this_program (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe != NULL)
    return g_steal_pointer (&exe);

  exe = g_find_program_in_path ("tether-cli");

  return exe != NULL ? g_steal_pointer (&exe) : g_strdup ("tether-cli");
}

static void
print_change (TetherClient       *client,
              TetherClientChange *change,
              TetherClientAction  action,
              gboolean            dry_run,
              gboolean            json)
{
  if (json)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "client", tether_client_get_name (client));
      json_object_set_string_member (object, "path", change->path);
      json_object_set_string_member (object, "entry", change->entry_name);
      json_object_set_boolean_member (object, "changed", change->changed);
      json_object_set_boolean_member (object, "written", change->changed && !dry_run);
      json_object_set_string_member (object, "diff", change->diff);
      json_object_set_string_member (object, "backup", change->backup);
      json_object_set_member (object, "notes", strv_node ((const char * const *)change->notes));
      json_node_take_object (node, object);
      tether_cli_print_json (node);
      return;
    }

  if (dry_run)
    fputs (change->diff, stdout);

  for (guint i = 0; change->notes != NULL && change->notes[i] != NULL; i++)
    printf ("%s\n", change->notes[i]);

  if (!change->changed)
    {
      if (action == TETHER_CLIENT_ACTION_CONNECT)
        printf (_("%s is connected to Tether already (entry “%s” in %s)\n"),
                tether_client_get_display_name (client), change->entry_name, change->path);
      else if (action == TETHER_CLIENT_ACTION_DISCONNECT)
        printf (_("%s is not connected to Tether; %s was not changed\n"),
                tether_client_get_display_name (client), change->path);
      else
        printf (_("Nothing to change in %s\n"), change->path);
      return;
    }

  if (dry_run)
    {
      printf ("%s\n", _("Dry run: nothing was written."));
      return;
    }

  switch (action)
    {
    case TETHER_CLIENT_ACTION_CONNECT:
      printf (_("Connected %s to Tether: entry “%s” in %s\n"),
              tether_client_get_display_name (client),
              change->entry_name, change->path);
      printf ("%s\n", _("Restart the client, or reload its servers, to use it."));
      break;
    case TETHER_CLIENT_ACTION_DISCONNECT:
      printf (_("Disconnected %s from Tether: removed entry “%s” from %s\n"),
              tether_client_get_display_name (client), change->entry_name, change->path);
      break;
    case TETHER_CLIENT_ACTION_DISABLE_SHARED:
    case TETHER_CLIENT_ACTION_ENABLE_SHARED:
    default:
      printf (_("Changed %s\n"), change->path);
      break;
    }
  if (change->backup != NULL)
    printf (_("Backup of the file as it was before Tether first changed it: %s\n"), change->backup);
}

static int
run_subcommand (const Subcommand  *sub,
                TetherClients     *clients,
                char             **args,
                GError           **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autofree char *profile = NULL;
  g_autofree char *url = NULL;
  g_autofree char *token = NULL;
  g_autofree char *token_path = NULL;
  g_autofree char *program = NULL;
  g_auto(GStrv) bridge = NULL;
  g_autoptr(TetherClientChange) change = NULL;
  gboolean dry_run = FALSE, stdio = FALSE, json = FALSE;
  TetherClient *client;
  const GOptionEntry entries[] = {
    { "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Print the change as a diff (the token masked) and write nothing"), NULL },
    { NULL }
  };
  const GOptionEntry connect_entries[] = {
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile,
      N_("Serve this profile of Tether’s (its endpoint /mcp/NAME)"), N_("NAME") },
    { "stdio", 0, 0, G_OPTION_ARG_NONE, &stdio,
      N_("Write the “tether-cli connect” bridge even where the client takes a URL"), NULL },
    { NULL }
  };

  if (!tether_cli_args_parse (&parsed, sub->parameters, sub->summary, entries,
                              sub->connects ? connect_entries : NULL, NULL, &json, args + 1, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (parsed.positional[0] == NULL || parsed.positional[1] != NULL || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("clients %s takes the name of one client (see “tether-cli clients”)"),
                   sub->name);
      return TETHER_CLI_EXIT_USAGE;
    }
  if (!tether_cli_check_value ("--profile", profile, error))
    return TETHER_CLI_EXIT_USAGE;

  client = tether_clients_lookup (clients, parsed.positional[0]);
  if (client == NULL)
    {
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      GListModel *model = tether_clients_get_model (clients);
      g_auto(GStrv) list = NULL;
      g_autofree char *joined = NULL;
      g_autofree char *escaped = tether_cli_escape (parsed.positional[0]);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(TetherClient) item = g_list_model_get_item (model, i);

          g_strv_builder_add (names, tether_client_get_name (item));
        }
      list = g_strv_builder_end (names);
      joined = g_strjoinv (", ", list);
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_NO_SUCH_CLIENT,
                   _("No client is called “%s”; the clients are: %s"), escaped, joined);
      return TETHER_CLI_EXIT_USAGE;
    }

  if (sub->action == TETHER_CLIENT_ACTION_CONNECT)
    {
      /* A dry run makes no token either; the diff masks it anyway. */
      token_path = tether_hub_token_dup_default_path ();
      token = tether_hub_token_load (token_path, !dry_run, dry_run ? NULL : error);
      if (token == NULL && dry_run)
        token = g_strdup ("********");
      if (token == NULL)
        return TETHER_CLI_EXIT_FAILURE;
      url = hub_url (profile);
      program = this_program ();
      bridge = tether_clients_bridge_command (program, profile);
      tether_clients_set_endpoint (clients, url, token, (const char * const *)bridge);
    }

  if (!tether_client_get_found (client) && sub->action == TETHER_CLIENT_ACTION_CONNECT)
    {
      g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_NOT_FOUND,
                   _("%s is not installed here: neither %s nor its folder exists"),
                   tether_client_get_display_name (client), tether_client_get_path (client));
      return TETHER_CLI_EXIT_FAILURE;
    }

  change = tether_clients_run (clients, client, sub->action, stdio, !dry_run, error);
  if (change == NULL)
    {
      char *snippet = *error != NULL ? strchr ((*error)->message, '\n') : NULL;

      /* The entry to paste (its token masked), as it is, on stdout: the
       * one-line error on stderr would run its lines together. */
      if (snippet != NULL && g_error_matches (*error, TETHER_CLIENT_ERROR,
                                              TETHER_CLIENT_ERROR_UNSUPPORTED))
        {
          *snippet = '\0';
          tether_cli_print_error ("%s", (*error)->message);
          fflush (stderr);
          fputs (snippet + 1, stdout);
          g_clear_error (error);
        }
      return TETHER_CLI_EXIT_FAILURE;
    }

  print_change (client, change, sub->action, dry_run, json);

  return TETHER_CLI_EXIT_OK;
}

int
tether_cli_clients_main (const TetherCliConfigCommand  *command,
                         const TetherCliOptions        *options,
                         char                         **args,
                         GError                       **error)
{
  g_autoptr(TetherClients) clients = tether_clients_new ();
  g_autoptr(TetherConfigStore) store = NULL;
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autoptr(GString) summary = NULL;
  g_autoptr(GFile) file = tether_cli_options_get_file (options);
  gboolean json = FALSE;

  /* Tether's servers, to tell which of a client's it provides; a
   * configuration with an error only leaves that out. */
  store = tether_config_store_new (file);
  if (tether_config_store_load (store, NULL))
    tether_clients_set_store (clients, store);

  for (guint i = 0; args[0] != NULL && i < G_N_ELEMENTS (subcommands); i++)
    {
      if (g_str_equal (args[0], subcommands[i].name))
        {
          tether_clients_refresh (clients);
          return run_subcommand (&subcommands[i], clients, args, error);
        }
    }

  summary = g_string_new (_("Lists the AI clients Tether can connect, and whether each is "
                            "connected. Subcommands (each with its own --help):"));
  for (guint i = 0; i < G_N_ELEMENTS (subcommands); i++)
    g_string_append_printf (summary, "\n  %s", subcommands[i].parameters);

  if (!tether_cli_args_parse (&parsed, "clients [SUBCOMMAND NAME]", summary->str,
                              (GOptionEntry[]) { { NULL } },
                              NULL, NULL, &json, args, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (parsed.positional[0] != NULL || parsed.command_line != NULL)
    {
      const char *word = parsed.positional[0] != NULL ? parsed.positional[0] : "--";
      g_autofree char *escaped = tether_cli_escape (word);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("clients has no subcommand “%s”: connect, disconnect, disable-servers or "
                     "enable-servers"), escaped);
      return TETHER_CLI_EXIT_USAGE;
    }

  tether_clients_refresh (clients);
  print_table (clients, json);

  return TETHER_CLI_EXIT_OK;
}
