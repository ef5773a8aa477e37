/* tether-cli.c — Tether's protocol core, headless, for scripts and tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli [--timeout MS] [--json] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]
 * tether-cli [--config FILE] [--timings SPEC] [--timeout MS] [--json] COMMAND NAME [ARGS…]
 * tether-cli [--config FILE] [--timings SPEC] [--json] list|add|remove|enable|disable|watch|import|
 *            diagnostics|serve|connect …
 * tether-cli [--timeout MS] [--json] --url URL [--header 'Name: value']…
 *            [--transport auto|http|sse] COMMAND [ARGS…]
 *
 * Exit status: 0 success, 1 failure (one line on stderr says why),
 * 2 usage error.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "tether-cli-asker.h"
#include "tether-cli-auth.h"
#include "tether-cli-commands.h"
#include "tether-cli-config.h"
#include "tether-cli-env.h"
#include "tether-cli-options.h"
#include "tether-cli-target.h"
#include "tether-user-answerer.h"

/* --url and what goes with it, before or after the command. */
typedef struct
{
  char  **urls;        /* given once */
  char  **headers;     /* NAME: VALUE */
  char   *transport;
  TetherCliAuthArgs auth;
} UrlArgs;

static void
url_args_clear (UrlArgs *url)
{
  g_clear_pointer (&url->urls, g_strfreev);
  g_clear_pointer (&url->headers, g_strfreev);
  g_clear_pointer (&url->transport, g_free);
  g_clear_pointer (&url->auth.client_id, g_free);
  g_clear_pointer (&url->auth.client_metadata_url, g_free);
  g_clear_pointer (&url->auth.client_key_file, g_free);
  g_clear_pointer (&url->auth.workload_token_file, g_free);
  g_clear_pointer (&url->auth.id_token_file, g_free);
  g_clear_pointer (&url->auth.idp_token_url, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (UrlArgs, url_args_clear)

typedef struct
{
  GMainLoop       *loop;
  TetherCliRun     run;
  const TetherCliCommand *command;
  gboolean         interrupted;
} Cli;

static void
print_usage (FILE *out)
{
  const TetherCliCommand *commands;
  const TetherCliConfigCommand *config_commands;
  guint n, n_config;

  commands = tether_cli_get_commands (&n);
  config_commands = tether_cli_get_config_commands (&n_config);

  fprintf (out, "%s\n", _("Usage: tether-cli [OPTIONS] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]"));
  /* The other forms, under the first one after “Usage: ” */
  fprintf (out, "       %s\n", _("tether-cli [OPTIONS] COMMAND NAME [ARGS…]"));
  fprintf (out, "       %s\n", _("tether-cli [OPTIONS] --url URL [--header 'NAME: VALUE']… COMMAND [ARGS…]"));
  fprintf (out, "       %s\n\n", _("tether-cli [OPTIONS] CONFIGURATION-COMMAND [ARGS…]"));
  fprintf (out, "%s\n", _("Commands, for a server given by its command line after “--” or by its NAME in the configuration:"));
  for (guint i = 0; i < n; i++)
    fprintf (out, "  %-33s %s\n", commands[i].synopsis, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Configuration commands:"));
  for (guint i = 0; i < n_config; i++)
    {
      /* a long synopsis gets a line of its own */
      if (g_utf8_strlen (config_commands[i].synopsis, -1) > 33)
        fprintf (out, "  %s\n  %-33s %s\n", config_commands[i].synopsis, "", _(config_commands[i].summary));
      else
        fprintf (out, "  %-33s %s\n", config_commands[i].synopsis, _(config_commands[i].summary));
    }
  config_commands = tether_cli_get_auth_commands (&n_config);
  for (guint i = 0; i < n_config; i++)
    fprintf (out, "  %-33s %s\n", config_commands[i].synopsis, _(config_commands[i].summary));
  fprintf (out, "\n%s\n", _("Options:"));
  fprintf (out, "  %-33s %s\n", "--config FILE", _("the configuration (default: ~/.config/tether/servers.json)"));
  fprintf (out, "  %-33s %s\n", "--timings NAME=MS,...",
           _("durations of the connection rules, e.g. connect_attempts=2,reconnect_delay_ms=500 "
             "(also from TETHER_TIMINGS)"));
  fprintf (out, "  %-33s %s\n", "--timeout MS", _("wait at most MS milliseconds for each answer (default 60000);"));
  fprintf (out, "  %-33s %s\n", "", _("starting the server may take 60 s in any case"));
  fprintf (out, "  %-33s %s\n", "--json", _("print JSON instead of text"));
  fprintf (out, "  %-33s %s\n", "--url URL", _("talk to the MCP server at this http or https URL"));
  fprintf (out, "  %-33s %s\n", "--header 'NAME: VALUE'", _("send this header with every request (repeatable);"));
  fprintf (out, "  %-33s %s\n", "", _("values are never printed"));
  fprintf (out, "  %-33s %s\n", "--transport auto|http|sse", _("Streamable HTTP, legacy HTTP+SSE, or try both (auto,"));
  fprintf (out, "  %-33s %s\n", "", _("the default)"));
  fprintf (out, "  %-33s %s\n", "--root DIR", _("offer this folder to the server as a root (repeatable)"));
  fprintf (out, "  %-33s %s\n", "--elicit JSON", _("accept what the server asks to fill in with these values"));
  fprintf (out, "  %-33s %s\n", "", _("(the defaults fill the rest)"));
  fprintf (out, "  %-33s %s\n", "--sample TEXT", _("answer the server's sampling requests with TEXT"));
  fprintf (out, "  %-33s %s\n", "--save-dir DIR", _("save images, audio and blobs as files in DIR"));
  fprintf (out, "  %-33s %s\n", "--env NAME=VALUE", _("set this variable for a server command after “--”"));
  fprintf (out, "  %-33s %s\n", "", _("(repeatable; values are never printed)"));
  fprintf (out, "  %-33s %s\n", "--env-file FILE", _("set the variables of this NAME=VALUE file, before --env"));
  fprintf (out, "  %-33s %s\n", "", _("(repeatable); the server otherwise gets HOME, USER, PATH,"));
  fprintf (out, "  %-33s %s\n", "", _("LANG, LC_*, XDG_*, the display, proxy and CA variables"));
  fprintf (out, "  %-33s %s\n", "--help", _("show this help; after a command, the command's options"));
  fprintf (out, "  %-33s %s\n", "--version", _("show the version"));
  fprintf (out, "\n%s\n", _("Examples:"));
  fprintf (out, "  %s\n", "tether-cli tools -- npx -y @modelcontextprotocol/server-everything");
  fprintf (out, "  %s\n", "tether-cli --url http://127.0.0.1:3001/mcp tools");
  fprintf (out, "  %s\n", "tether-cli add memory -- npx -y @modelcontextprotocol/server-memory");
  fprintf (out, "  %s\n", "tether-cli list");
  fprintf (out, "  %s\n", "tether-cli call memory read_graph '{}'");
  fprintf (out, "  %s\n", "tether-cli import --dry-run ~/.config/Claude/claude_desktop_config.json");
}

static int
usage_error (const char *format,
             ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  tether_cli_print_error ("%s", message);
  fprintf (stderr, "%s\n", _("Try “tether-cli --help”."));

  return TETHER_CLI_EXIT_USAGE;
}

/* A configuration command prints its own results; errors go here. */
static int
run_config_command (const TetherCliConfigCommand *command,
                    const TetherCliOptions       *options,
                    char                        **args)
{
  g_autoptr(GError) error = NULL;
  int exit_code;

  exit_code = command->main (command, options, args, &error);
  fflush (stdout);

  if (exit_code == TETHER_CLI_EXIT_USAGE)
    return usage_error ("%s", error != NULL ? error->message : _("invalid arguments"));

  if (exit_code != TETHER_CLI_EXIT_OK && error != NULL)
    tether_cli_print_error ("%s", error->message);

  return exit_code;
}

/* How many options url_entries() and server_entries() give: the arrays
 * they fill hold these and an empty entry; adding an option without
 * changing the count does not compile. */
#define N_URL_OPTIONS    11
#define N_SERVER_OPTIONS (N_URL_OPTIONS + 6)

/* The options of --url, into @entries (N_URL_OPTIONS, then an empty one). */
static void
url_entries (GOptionEntry  entries[N_URL_OPTIONS + 1],
             UrlArgs      *url)
{
  const GOptionEntry these[] = {
    { "url", 0, 0, G_OPTION_ARG_STRING_ARRAY, &url->urls,
      N_("Talk to the MCP server at this http or https URL"), N_("URL") },
    { "header", 0, 0, G_OPTION_ARG_STRING_ARRAY, &url->headers,
      N_("Send this header with every request (repeatable); values are never printed"),
      N_("'NAME: VALUE'") },
    { "transport", 0, 0, G_OPTION_ARG_STRING, &url->transport,
      N_("Streamable HTTP, legacy HTTP+SSE, or try both (auto, the default)"), "auto|http|sse" },
    { "sign-in", 0, 0, G_OPTION_ARG_NONE, &url->auth.sign_in,
      N_("Sign in with the browser if the server asks (OAuth); the tokens are kept in memory only"), NULL },
    { "client-id", 0, 0, G_OPTION_ARG_STRING, &url->auth.client_id,
      N_("The client id to sign in with (its secret, if any, in TETHER_OAUTH_CLIENT_SECRET)"), N_("ID") },
    { "client-metadata-url", 0, 0, G_OPTION_ARG_STRING, &url->auth.client_metadata_url,
      N_("The https URL of the client's metadata document, the client id where the server supports it"), N_("URL") },
    { "client-key", 0, 0, G_OPTION_ARG_FILENAME, &url->auth.client_key_file,
      N_("The client's private key (PEM), to sign its assertions where the server takes them"), N_("FILE") },
    { "workload-token", 0, 0, G_OPTION_ARG_FILENAME, &url->auth.workload_token_file,
      N_("Sign in as a workload with the identity token its platform keeps in FILE (read at each sign-in)"),
      N_("FILE") },
    { "id-token", 0, 0, G_OPTION_ARG_FILENAME, &url->auth.id_token_file,
      N_("Sign in with the ID token in FILE from your organisation's identity provider (needs --idp-token-endpoint)"),
      N_("FILE") },
    { "idp-token-endpoint", 0, 0, G_OPTION_ARG_STRING, &url->auth.idp_token_url,
      N_("The token endpoint of that identity provider"), N_("URL") },
    { "client-credentials", 0, 0, G_OPTION_ARG_NONE, &url->auth.client_credentials,
      N_("Sign in as the client itself (no user): needs --client-id, and TETHER_OAUTH_CLIENT_SECRET or --client-key"), NULL },
    { NULL }
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (these) == N_URL_OPTIONS + 1);
  memcpy (entries, these, sizeof these);
}

/* --root, --elicit, --sample, --save-dir, --env and --env-file, before or
 * after the command */
typedef struct
{
  char **roots;
  char  *elicit;
  char  *sample;
  char  *save_dir;
  char **env;         /* NAME=VALUE; the values may be secrets */
  char **env_files;
} UseArgs;

static void
use_args_clear (UseArgs *use)
{
  g_clear_pointer (&use->roots, g_strfreev);
  g_clear_pointer (&use->elicit, g_free);
  g_clear_pointer (&use->sample, g_free);
  g_clear_pointer (&use->save_dir, g_free);
  g_clear_pointer (&use->env, g_strfreev);
  g_clear_pointer (&use->env_files, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (UseArgs, use_args_clear)

/* The options of a command on a server, into @entries (N_SERVER_OPTIONS,
 * then an empty one): --url and its company, then how to answer the server
 * and what an ad-hoc server's environment holds. */
static void
server_entries (GOptionEntry  entries[N_SERVER_OPTIONS + 1],
                UrlArgs      *url,
                UseArgs      *use)
{
  const GOptionEntry these[] = {
    { "root", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &use->roots,
      N_("Offer this folder to the server as a root (repeatable)"), N_("DIR") },
    { "elicit", 0, 0, G_OPTION_ARG_STRING, &use->elicit,
      N_("Accept what the server asks to fill in with these values (the defaults fill the rest)"), N_("JSON") },
    { "sample", 0, 0, G_OPTION_ARG_STRING, &use->sample,
      N_("Answer the server's sampling requests with TEXT"), N_("TEXT") },
    { "save-dir", 0, 0, G_OPTION_ARG_FILENAME, &use->save_dir,
      N_("Save images, audio and blobs as files in DIR"), N_("DIR") },
    { "env", 0, 0, G_OPTION_ARG_STRING_ARRAY, &use->env,
      N_("Set this variable for a server command after “--” (repeatable)"), N_("NAME=VALUE") },
    { "env-file", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &use->env_files,
      N_("Set the variables of this NAME=VALUE file for a server command after “--” (repeatable)"),
      N_("FILE") },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (these) == N_SERVER_OPTIONS - N_URL_OPTIONS);
  url_entries (entries, url);
  memcpy (entries + N_URL_OPTIONS, these, sizeof these);
  memset (entries + N_SERVER_OPTIONS, 0, sizeof entries[N_SERVER_OPTIONS]);
}

/* @after's values follow @strv's */
static void
strv_append (char ***strv,
             char  **after)
{
  g_autoptr(GStrvBuilder) builder = NULL;

  if (after == NULL)
    return;

  builder = g_strv_builder_new ();
  if (*strv != NULL)
    g_strv_builder_addv (builder, (const char **)*strv);
  g_strv_builder_addv (builder, (const char **)after);
  g_strfreev (*strv);
  *strv = g_strv_builder_end (builder);
}

static void
string_replace (char **string,
                char **after)
{
  if (*after == NULL)
    return;

  g_free (*string);
  *string = g_steal_pointer (after);
}

/* What was given after the command wins; roots and variables add up, a
 * later variable of a name winning. */
static void
use_args_merge (UseArgs *use,
                UseArgs *after)
{
  strv_append (&use->roots, after->roots);
  strv_append (&use->env, after->env);
  strv_append (&use->env_files, after->env_files);
  string_replace (&use->elicit, &after->elicit);
  string_replace (&use->sample, &after->sample);
  string_replace (&use->save_dir, &after->save_dir);
}

static gboolean
url_args_given (UrlArgs *url)
{
  return url->urls != NULL || url->headers != NULL || url->transport != NULL || url->auth.sign_in ||
         url->auth.client_id != NULL || url->auth.client_metadata_url != NULL || url->auth.client_key_file != NULL ||
         url->auth.workload_token_file != NULL || url->auth.id_token_file != NULL ||
         url->auth.idp_token_url != NULL || url->auth.client_credentials;
}

/* The --url options given before the command and after it, as one; the
 * values are checked, header values never echoed. */
static gboolean
url_args_merge (UrlArgs      *url,
                UrlArgs      *after,
                McpHttpMode  *mode,
                GError      **error)
{
  g_autoptr(GStrvBuilder) urls = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) headers = g_strv_builder_new ();

  if (url->urls != NULL)
    g_strv_builder_addv (urls, (const char **)url->urls);
  if (after->urls != NULL)
    g_strv_builder_addv (urls, (const char **)after->urls);
  if (url->headers != NULL)
    g_strv_builder_addv (headers, (const char **)url->headers);
  if (after->headers != NULL)
    g_strv_builder_addv (headers, (const char **)after->headers);
  if (after->transport != NULL)
    {
      g_free (url->transport);
      url->transport = g_steal_pointer (&after->transport);
    }
  url->auth.sign_in |= after->auth.sign_in;
  url->auth.client_credentials |= after->auth.client_credentials;
  if (after->auth.client_id != NULL)
    {
      g_free (url->auth.client_id);
      url->auth.client_id = g_steal_pointer (&after->auth.client_id);
    }
  if (after->auth.client_metadata_url != NULL)
    {
      g_free (url->auth.client_metadata_url);
      url->auth.client_metadata_url = g_steal_pointer (&after->auth.client_metadata_url);
    }
  string_replace (&url->auth.client_key_file, &after->auth.client_key_file);
  string_replace (&url->auth.workload_token_file, &after->auth.workload_token_file);
  string_replace (&url->auth.id_token_file, &after->auth.id_token_file);
  string_replace (&url->auth.idp_token_url, &after->auth.idp_token_url);

  g_strfreev (url->urls);
  url->urls = g_strv_builder_end (urls);
  g_strfreev (url->headers);
  url->headers = g_strv_builder_end (headers);

  if (g_strv_length (url->urls) > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s", _("--url may be given once"));
      return FALSE;
    }

  if (!tether_cli_check_value ("--url", url->urls[0], error) ||
      !tether_cli_check_pairs ("--header", (const char * const *)url->headers, ':', error) ||
      !tether_cli_check_value ("--transport", url->transport, error))
    return FALSE;

  if (url->transport != NULL && !mcp_http_mode_from_string (url->transport, mode))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--transport must be auto, http or sse, not “%s”"), url->transport);
      return FALSE;
    }

  return TRUE;
}

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Cli *cli = user_data;

  tether_cli_target_close_finish (cli->run.target, result);
  g_main_loop_quit (cli->loop);
}

static void
run_done (TetherCliRun *run)
{
  Cli *cli = (Cli *)((char *)run - G_STRUCT_OFFSET (Cli, run));

  /* Stop the server and wait until nothing of it is left. */
  tether_cli_target_close_async (run->target, run->client, closed_cb, cli);
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Cli *cli = user_data;
  g_autoptr(GError) error = NULL;

  cli->run.client = tether_cli_target_connect_finish (cli->run.target, result, &error);
  if (cli->run.client == NULL)
    {
      if (!cli->interrupted)
        tether_cli_print_error ("%s: %s", tether_cli_target_get_name (cli->run.target), error->message);
      cli->run.exit_code = TETHER_CLI_EXIT_FAILURE;
      g_main_loop_quit (cli->loop);
      return;
    }

  cli->command->run (&cli->run);
}

/* After the cancellation: the client has told the server its requests are
 * cancelled (from idles of default priority, which run before this one). */
static gboolean
close_after_interrupt_cb (gpointer user_data)
{
  Cli *cli = user_data;

  if (cli->run.client != NULL)
    tether_cli_target_close_async (cli->run.target, cli->run.client, NULL, NULL);

  return G_SOURCE_REMOVE;
}

static gboolean
interrupt_cb (gpointer user_data)
{
  Cli *cli = user_data;

  /* Cancel what runs, which sends notifications/cancelled for each request
   * in flight, then stop the server: a command waiting for something else
   * (a person at the terminal) ends too. */
  if (!cli->interrupted)
    {
      cli->interrupted = TRUE;
      tether_cli_print_error ("%s", _("interrupted"));
      g_cancellable_cancel (cli->run.cancellable);
      /* A command that ends its own work on the server (call --task sends
       * tasks/cancel) closes when that is done; a second interrupt does
       * not wait for it. */
      if (!cli->run.finishes_on_interrupt)
        g_idle_add_full (G_PRIORITY_LOW, close_after_interrupt_cb, cli, NULL);
    }
  else if (cli->run.finishes_on_interrupt)
    {
      cli->run.finishes_on_interrupt = FALSE;
      g_idle_add_full (G_PRIORITY_LOW, close_after_interrupt_cb, cli, NULL);
    }

  return G_SOURCE_CONTINUE;
}

/* --root folders are absolute and exist; --elicit is a JSON object;
 * --save-dir is a folder. */
static gboolean
check_use_options (char       **roots,
                   const char  *elicit,
                   const char  *save_dir,
                   GError     **error)
{
  if (!tether_cli_check_roots (roots, error))
    return FALSE;

  if (elicit != NULL)
    {
      g_autoptr(JsonNode) node = json_from_string (elicit, NULL);

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               _("--elicit needs a JSON object, like '{\"name\": \"Ada\"}'"));
          return FALSE;
        }
    }

  if (save_dir != NULL && !g_file_test (save_dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--save-dir %s: not a folder"), save_dir);
      return FALSE;
    }

  return TRUE;
}

/* "call [NAME] TOOL [JSON-ARGS] [-- SERVER-COMMAND [ARGS…]]", for --help */
static char *
server_command_parameters (const TetherCliCommand *command)
{
  const char *rest = strchr (command->synopsis, ' ');

  return g_strdup_printf ("%s [NAME]%s [-- SERVER-COMMAND [ARGS…]]",
                          command->name, rest != NULL ? rest : "");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TetherCliTarget) target = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) command_args = g_ptr_array_new ();
  g_auto(TetherCliArgs) parsed = { 0 };
  g_auto(UrlArgs) url = { 0 };
  g_auto(UrlArgs) url_after = { 0 };
  g_auto(GStrv) strv = NULL;
  g_autofree char *config_path = NULL;
  g_autofree char *timings_spec = NULL;
  g_autofree char *timeout = NULL;
  g_autofree char *parameters = NULL;
  const TetherCliConfigCommand *config_command;
  TetherCliOptions options = { 0 };
  McpHttpMode mode = MCP_HTTP_MODE_AUTO;
  GOptionEntry url_options[N_URL_OPTIONS + 1];
  GOptionEntry url_after_options[N_SERVER_OPTIONS + 1];
  g_auto(UseArgs) use = { 0 };
  g_auto(UseArgs) use_after = { 0 };
  g_auto(GStrv) environment = NULL;
  const char *server_name = NULL;
  const char *command_name;
  char **rest;
  g_autoptr(TetherCliAsker) asker = NULL;
  g_autoptr(TetherUserAnswerer) answerer = NULL;
  g_autoptr(TetherRequestRouter) router = NULL;
  gboolean help = FALSE;
  gboolean version = FALSE;
  gboolean json = FALSE;
  guint dashes;
  Cli cli = { 0 };
  const GOptionEntry global_options[] = {
    { "config", 0, 0, G_OPTION_ARG_FILENAME, &config_path, NULL, NULL },
    { "timings", 0, 0, G_OPTION_ARG_STRING, &timings_spec, NULL, NULL },
    { "timeout", 0, 0, G_OPTION_ARG_STRING, &timeout, NULL, NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, NULL, NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, NULL, NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, NULL, NULL },
    { "root", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &use.roots, NULL, NULL },
    { "elicit", 0, 0, G_OPTION_ARG_STRING, &use.elicit, NULL, NULL },
    { "sample", 0, 0, G_OPTION_ARG_STRING, &use.sample, NULL, NULL },
    { "save-dir", 0, 0, G_OPTION_ARG_FILENAME, &use.save_dir, NULL, NULL },
    { "env", 0, 0, G_OPTION_ARG_STRING_ARRAY, &use.env, NULL, NULL },
    { "env-file", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &use.env_files, NULL, NULL },
    { NULL }
  };

  /* stdout is for results only: logs (G_MESSAGES_DEBUG) go to stderr. */
  g_log_writer_default_set_use_stderr (TRUE);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("tether-cli");

  /* Global options, then the command and its arguments, then "--" and the
   * server's command line, which is never parsed. The global options stop
   * at the command's name; print_usage() says what they are. */
  for (dashes = 1; dashes < (guint)argc && !g_str_equal (argv[dashes], "--"); dashes++)
    ;
  strv = g_new0 (char *, dashes + 1);
  for (guint i = 0; i < dashes; i++)
    strv[i] = g_strdup (argv[i]);

  url_entries (url_options, &url);
  context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_strict_posix (context, TRUE);
  g_option_context_add_main_entries (context, global_options, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, url_options, GETTEXT_PACKAGE);
  if (!g_option_context_parse_strv (context, &strv, &error))
    return usage_error ("%s", error->message);

  if (help)
    {
      print_usage (stdout);
      return TETHER_CLI_EXIT_OK;
    }

  if (version)
    {
      printf ("tether-cli %s\n", PACKAGE_VERSION);
      return TETHER_CLI_EXIT_OK;
    }

  command_name = strv[1];
  if (command_name == NULL)
    return usage_error (_("no command given"));

  if (timeout != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (timeout, 10, 1, G_MAXUINT, &n, NULL))
        return usage_error (_("--timeout needs a number of milliseconds, at least 1"));
      options.timeout_ms = (guint)n;
    }

  if (!tether_cli_check_value ("--config", config_path, &error) ||
      !tether_cli_check_value ("--timings", timings_spec, &error))
    return usage_error ("%s", error->message);

  options.config_path = config_path;
  options.json = json;
  if (!tether_cli_options_init (&options, timings_spec, &error))
    return usage_error ("%s", error->message);

  /* The command's arguments: the rest, with the "--" and what follows. */
  for (guint i = 2; strv[i] != NULL; i++)
    g_ptr_array_add (command_args, strv[i]);
  for (guint i = dashes; i < (guint)argc; i++)
    g_ptr_array_add (command_args, argv[i]);
  g_ptr_array_add (command_args, NULL);

  config_command = tether_cli_find_config_command (command_name);
  if (config_command != NULL && url_args_given (&url))
    return usage_error (_("--url, --header and --transport go with %s only after it, to add a server"),
                        command_name);
  if (config_command != NULL)
    return run_config_command (config_command, &options, (char **)command_args->pdata);

  cli.command = tether_cli_find_command (command_name);
  if (cli.command == NULL)
    return usage_error (_("unknown command %s"), command_name);

  /* The command's own options (their callbacks get the run), --url and
   * what goes with it, and --json may follow the command. */
  server_entries (url_after_options, &url_after, &use_after);
  parameters = server_command_parameters (cli.command);
  if (!tether_cli_args_parse (&parsed, parameters, cli.command->summary, url_after_options,
                              cli.command->options, &cli.run, &json, (char **)command_args->pdata,
                              &error))
    return usage_error ("%s: %s", command_name, error->message);

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (!url_args_merge (&url, &url_after, &mode, &error))
    return usage_error ("%s", error->message);

  rest = parsed.positional;
  if (url.urls[0] != NULL)
    {
      if (parsed.command_line != NULL)
        return usage_error (_("give either --url or a server command after “--”, not both"));
    }
  else if (url.headers[0] != NULL || url.transport != NULL || url.auth.sign_in || url.auth.client_id != NULL ||
           url.auth.client_metadata_url != NULL || url.auth.client_key_file != NULL ||
           url.auth.workload_token_file != NULL || url.auth.id_token_file != NULL ||
           url.auth.idp_token_url != NULL || url.auth.client_credentials)
    return usage_error (_("--header, --transport and the sign-in options go with --url"));
  /* Without "--", the server is one of the configuration, named first. */
  else if (parsed.command_line == NULL && rest[0] != NULL)
    server_name = *rest++;

  if (server_name == NULL && url.urls[0] == NULL &&
      (parsed.command_line == NULL || parsed.command_line[0] == NULL))
    return usage_error (_("no server given: name one of the configuration, put its command line after “--”, "
                          "or give its --url"));

  use_args_merge (&use, &use_after);
  if (!check_use_options (use.roots, use.elicit, use.save_dir, &error))
    return usage_error ("%s", error->message);
  if ((use.env != NULL || use.env_files != NULL) && parsed.command_line == NULL)
    return usage_error (_("--env and --env-file are for a server command after “--”; a server of the "
                          "configuration has its own “env”"));
  environment = tether_cli_env_build ((const char * const *)use.env_files, (const char * const *)use.env, &error);
  if (environment == NULL)
    return usage_error ("%s", error->message);

  cli.run.json = json;
  cli.run.save_dir = use.save_dir;
  cli.run.timeout_ms = options.timeout_ms;
  cli.run.cancellable = cancellable;
  cli.run.done = run_done;
  cli.run.args = NULL;

  if (!cli.command->parse (&cli.run, rest, &error))
    return usage_error ("%s", error->message);

  if (url.urls[0] != NULL)
    {
      g_autoptr(TetherAuthSession) auth = NULL;

      target = tether_cli_target_new_http (url.urls[0], mode, (const char * const *)url.headers, &error);
      if (target != NULL)
        {
          auth = tether_cli_auth_new_url_session (url.urls[0], &url.auth, &error);
          if (auth != NULL)
            tether_cli_target_set_token_provider (target, MCP_TOKEN_PROVIDER (auth));
        }
      if (target == NULL || error != NULL)
        {
          g_clear_pointer (&cli.run.args, g_strfreev);
          return usage_error ("%s", error->message);
        }
    }
  else if (server_name != NULL)
    {
      target = tether_cli_open_server_target (&options, server_name, &error);
      if (target == NULL)
        {
          tether_cli_print_error ("%s", error->message);
          g_clear_pointer (&cli.run.args, g_strfreev);
          return TETHER_CLI_EXIT_FAILURE;
        }
    }
  else
    {
      target = tether_cli_target_new_stdio ((const char * const *)parsed.command_line);
      tether_cli_target_set_environment (target, (const char * const *)environment);
    }
  cli.run.target = target;
  cli.loop = g_main_loop_new (NULL, FALSE);

  /* What the server asks is answered by --root, --elicit and --sample, or
   * by the person at the terminal; else declined. */
  asker = tether_cli_asker_new (use.elicit, use.sample, isatty (STDIN_FILENO) && isatty (STDERR_FILENO));
  answerer = tether_user_answerer_new (TETHER_ASKER (asker));
  tether_user_answerer_set_roots (answerer, NULL, (const char * const *)use.roots);
  if (tether_cli_target_get_server (target) != NULL)
    {
      TetherServerConfig *config = tether_server_get_config (tether_cli_target_get_server (target));
      g_auto(GStrv) configured = tether_server_config_dup_root_paths (config);

      tether_user_answerer_set_roots (answerer, server_name, (const char * const *)configured);
    }
  router = tether_request_router_new ();
  tether_request_router_add (router, TETHER_ANSWERER (answerer));
  tether_cli_target_set_router (target, router);

  g_unix_signal_add (SIGINT, interrupt_cb, &cli);
  g_unix_signal_add (SIGTERM, interrupt_cb, &cli);
  g_unix_signal_add (SIGHUP, interrupt_cb, &cli);

  tether_cli_target_connect_async (target, options.timeout_ms, cancellable, connected_cb, &cli);
  g_main_loop_run (cli.loop);

  g_clear_object (&cli.run.client);
  g_clear_pointer (&cli.run.args, g_strfreev);
  g_main_loop_unref (cli.loop);

  if (cli.interrupted && cli.run.exit_code == TETHER_CLI_EXIT_OK)
    return TETHER_CLI_EXIT_FAILURE;

  return cli.run.exit_code;
}
