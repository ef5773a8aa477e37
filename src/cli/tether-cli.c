/* tether-cli.c — Tether's protocol core, headless, for scripts and tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli [--timeout MS] [--json] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]
 * tether-cli [--config FILE] [--timings SPEC] [--timeout MS] [--json] COMMAND NAME [ARGS…]
 * tether-cli [--config FILE] [--timings SPEC] [--json] list|add|remove|enable|disable|watch|import …
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

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "tether-cli-commands.h"
#include "tether-cli-config.h"
#include "tether-cli-target.h"

/* --url and what goes with it, before or after the command. */
typedef struct
{
  const char  *url;
  GPtrArray   *headers;
  McpHttpMode  mode;
  gboolean     mode_given;
} UrlOptions;

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
  fprintf (out, "%s\n", _("       tether-cli [OPTIONS] COMMAND NAME [ARGS…]"));
  fprintf (out, "%s\n", _("       tether-cli [OPTIONS] --url URL [--header 'NAME: VALUE']… COMMAND [ARGS…]"));
  fprintf (out, "%s\n\n", _("       tether-cli [OPTIONS] CONFIGURATION-COMMAND [ARGS…]"));
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
  fprintf (out, "  %-33s %s\n", "--help", _("show this help"));
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
  g_autoptr(GPtrArray) rest = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  TetherCliOptions local = *options;
  gboolean dashes = FALSE;
  int exit_code;

  /* --json may follow the command too (not in a server's command line) */
  for (guint i = 0; args[i] != NULL; i++)
    {
      dashes = dashes || g_str_equal (args[i], "--");
      if (!dashes && g_str_equal (args[i], "--json"))
        local.json = TRUE;
      else
        g_ptr_array_add (rest, args[i]);
    }
  g_ptr_array_add (rest, NULL);

  exit_code = command->main (&local, (char **)rest->pdata, &error);
  fflush (stdout);

  if (exit_code == TETHER_CLI_EXIT_USAGE)
    return usage_error ("%s", error != NULL ? error->message : _("invalid arguments"));

  if (exit_code != TETHER_CLI_EXIT_OK && error != NULL)
    tether_cli_print_error ("%s", error->message);

  return exit_code;
}

/* --name VALUE or --name=VALUE, at argv[*i] */
static gboolean
take_value (const char  *name,
            char       **argv,
            int         *i,
            const char **value,
            GError     **error)
{
  guint at = (guint)*i;

  if (!tether_cli_match_option (argv, &at, name, value, error))
    return FALSE;

  *i = (int)at;

  return TRUE;
}

/* Takes --url, --header or --transport (with its value) at argv[*i].
 * Returns TRUE if it was one; *error is set if its value is missing or
 * wrong. Header values are never echoed. */
static gboolean
take_url_option (char       **argv,
                 int         *i,
                 UrlOptions  *options,
                 GError     **error)
{
  guint at = (guint)*i;
  const char *value;

  if (tether_cli_match_option (argv, &at, "--url", &value, error))
    {
      if (value != NULL && options->url != NULL)
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s", _("--url may be given once"));
      options->url = value;
    }
  else if (tether_cli_match_pair (argv, &at, "--header", ':', &value, error))
    {
      if (value != NULL)
        g_ptr_array_add (options->headers, (gpointer)value);
    }
  else if (tether_cli_match_option (argv, &at, "--transport", &value, error))
    {
      if (value != NULL && !mcp_http_mode_from_string (value, &options->mode))
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--transport must be auto, http or sse, not “%s”"), value);
      options->mode_given = TRUE;
    }
  else
    return FALSE;

  *i = (int)at;

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

static gboolean
interrupt_cb (gpointer user_data)
{
  Cli *cli = user_data;

  /* Cancel what runs; the command then ends and stops the server. */
  if (!cli->interrupted)
    {
      cli->interrupted = TRUE;
      tether_cli_print_error ("%s", _("interrupted"));
      g_cancellable_cancel (cli->run.cancellable);
      if (cli->run.client != NULL)
        tether_cli_target_close_async (cli->run.target, cli->run.client, NULL, NULL);
    }

  return G_SOURCE_CONTINUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TetherCliTarget) target = NULL;
  g_autoptr(GPtrArray) command_args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const TetherCliConfigCommand *config_command;
  TetherCliOptions options = { 0 };
  const char *timings_spec = NULL;
  const char *server_name = NULL;
  g_autoptr(GPtrArray) headers = g_ptr_array_new ();
  UrlOptions url_options = { .headers = headers, .mode = MCP_HTTP_MODE_AUTO };
  const char *command_name = NULL;
  gboolean json = FALSE;
  guint timeout_ms = 0;
  Cli cli = { 0 };
  int i;

  /* stdout is for results only: logs (G_MESSAGES_DEBUG) go to stderr. */
  g_log_writer_default_set_use_stderr (TRUE);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Global options, then the command and its arguments, then "--" and the
   * server's command line, which is never parsed. */
  for (i = 1; i < argc && command_name == NULL; i++)
    {
      const char *arg = argv[i];

      if (g_str_equal (arg, "--help") || g_str_equal (arg, "-h"))
        {
          print_usage (stdout);
          return TETHER_CLI_EXIT_OK;
        }
      else if (g_str_equal (arg, "--version"))
        {
          printf ("tether-cli %s\n", PACKAGE_VERSION);
          return TETHER_CLI_EXIT_OK;
        }
      else if (g_str_equal (arg, "--json"))
        json = TRUE;
      else if (g_str_equal (arg, "--timeout") || g_str_has_prefix (arg, "--timeout="))
        {
          const char *value = arg[strlen ("--timeout")] == '=' ? arg + strlen ("--timeout=") : argv[++i];
          guint64 n;

          if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT, &n, NULL))
            return usage_error (_("--timeout needs a number of milliseconds, at least 1"));
          timeout_ms = (guint)n;
        }
      else if (take_value ("--config", argv, &i, &options.config_path, &error) ||
               take_value ("--timings", argv, &i, &timings_spec, &error) ||
               take_url_option (argv, &i, &url_options, &error))
        {
          if (error != NULL)
            return usage_error ("%s", error->message);
        }
      else if (g_str_equal (arg, "--"))
        return usage_error (_("no command given"));
      else if (arg[0] == '-')
        return usage_error (_("unknown option %s"), arg);
      else
        command_name = arg;
    }

  if (command_name == NULL)
    return usage_error (_("no command given"));

  options.json = json;
  options.timeout_ms = timeout_ms;
  if (!tether_cli_options_init (&options, timings_spec, &error))
    return usage_error ("%s", error->message);

  config_command = tether_cli_find_config_command (command_name);
  if (config_command != NULL && (url_options.url != NULL || headers->len > 0 || url_options.mode_given))
    return usage_error (_("--url, --header and --transport go with %s only after it, to add a server"),
                        command_name);
  if (config_command != NULL)
    return run_config_command (config_command, &options, &argv[i]);

  cli.command = tether_cli_find_command (command_name);
  if (cli.command == NULL)
    return usage_error (_("unknown command %s"), command_name);

  for (; i < argc && !g_str_equal (argv[i], "--"); i++)
    {
      if (take_url_option (argv, &i, &url_options, &error))
        {
          if (error != NULL)
            return usage_error ("%s", error->message);
        }
      else
        g_ptr_array_add (command_args, argv[i]);
    }

  if (url_options.url != NULL)
    {
      if (i < argc)
        return usage_error (_("give either --url or a server command after “--”, not both"));
    }
  else if (headers->len > 0 || url_options.mode_given)
    return usage_error (_("--header and --transport go with --url"));
  /* Without "--", the server is one of the configuration, named first. */
  else if (i >= argc && command_args->len > 0)
    {
      server_name = g_ptr_array_steal_index (command_args, 0);
      if (server_name[0] == '-')
        return usage_error (_("name the server first: tether-cli %s NAME [ARGS…]"), command_name);
    }
  g_ptr_array_add (command_args, NULL);

  if (server_name == NULL && url_options.url == NULL && (i >= argc || i + 1 >= argc))
    return usage_error (_("no server given: name one of the configuration, put its command line after “--”, "
                          "or give its --url"));

  cli.run.json = json;
  cli.run.timeout_ms = timeout_ms;
  cli.run.cancellable = cancellable;
  cli.run.done = run_done;
  cli.run.args = NULL;

  if (!cli.command->parse (&cli.run, (char **)command_args->pdata, &error))
    return usage_error ("%s", error->message);

  if (url_options.url != NULL)
    {
      g_ptr_array_add (headers, NULL);
      target = tether_cli_target_new_http (url_options.url, url_options.mode,
                                           (const char * const *)headers->pdata, &error);
      if (target == NULL)
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
    target = tether_cli_target_new_stdio ((const char * const *)&argv[i + 1]);
  cli.run.target = target;
  cli.loop = g_main_loop_new (NULL, FALSE);

  g_unix_signal_add (SIGINT, interrupt_cb, &cli);
  g_unix_signal_add (SIGTERM, interrupt_cb, &cli);
  g_unix_signal_add (SIGHUP, interrupt_cb, &cli);

  tether_cli_target_connect_async (target, timeout_ms, cancellable, connected_cb, &cli);
  g_main_loop_run (cli.loop);

  g_clear_object (&cli.run.client);
  g_clear_pointer (&cli.run.args, g_strfreev);
  g_main_loop_unref (cli.loop);

  if (cli.interrupted && cli.run.exit_code == TETHER_CLI_EXIT_OK)
    return TETHER_CLI_EXIT_FAILURE;

  return cli.run.exit_code;
}
