/* tether-cli.c — Tether's protocol core, headless, for scripts and tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli [--timeout MS] [--json] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]
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
#include "tether-cli-target.h"

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
  guint n;

  commands = tether_cli_get_commands (&n);

  fprintf (out, "%s\n\n",
           _("Usage: tether-cli [--timeout MS] [--json] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < n; i++)
    fprintf (out, "  %-33s %s\n", commands[i].synopsis, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Options:"));
  fprintf (out, "  %-33s %s\n", "--timeout MS", _("wait at most MS milliseconds for each answer (default 60000)"));
  fprintf (out, "  %-33s %s\n", "--json", _("print JSON instead of text"));
  fprintf (out, "  %-33s %s\n", "--help", _("show this help"));
  fprintf (out, "  %-33s %s\n", "--version", _("show the version"));
  fprintf (out, "\n%s\n", _("Example: tether-cli tools -- npx -y @modelcontextprotocol/server-everything"));
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

  fprintf (stderr, "tether-cli: %s\n", message);
  fprintf (stderr, "%s\n", _("Try “tether-cli --help”."));

  return TETHER_CLI_EXIT_USAGE;
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
      else if (g_str_equal (arg, "--"))
        return usage_error (_("no command given"));
      else if (arg[0] == '-')
        return usage_error (_("unknown option %s"), arg);
      else
        command_name = arg;
    }

  if (command_name == NULL)
    return usage_error (_("no command given"));

  cli.command = tether_cli_find_command (command_name);
  if (cli.command == NULL)
    return usage_error (_("unknown command %s"), command_name);

  for (; i < argc && !g_str_equal (argv[i], "--"); i++)
    g_ptr_array_add (command_args, argv[i]);
  g_ptr_array_add (command_args, NULL);

  if (i >= argc || i + 1 >= argc)
    return usage_error (_("no server given: put its command line after “--”"));

  cli.run.json = json;
  cli.run.timeout_ms = timeout_ms;
  cli.run.cancellable = cancellable;
  cli.run.done = run_done;
  cli.run.args = NULL;

  if (!cli.command->parse (&cli.run, (char **)command_args->pdata, &error))
    return usage_error ("%s", error->message);

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
