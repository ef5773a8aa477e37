/* test-tether-cli.c — tether-cli as a user runs it, against the fake server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <signal.h>
#include <sys/wait.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

typedef struct
{
  int   status;
  char *out;
  char *err;
  double elapsed_ms;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* tether-cli ARGS…; "FAKE" stands for the fake server. */
static void
run_cli_argv (Run                *run,
              const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int wait_status;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)(g_str_equal (args[i], "FAKE") ? FAKE_MCP_SERVER : args[i]));
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  run_cli_argv (run, (const char * const *)args->pdata);
}

static void
assert_one_line (const char *text)
{
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "tether-cli: "));
  g_assert_true (strchr (text, '\n') == text + strlen (text) - 1);
}

static void
test_usage (void)
{
  const char *cases[][6] = {
    { NULL },
    { "bogus", "--", "FAKE", NULL },
    { "tools", NULL },
    { "tools", "--", NULL },
    { "--frobnicate", "tools", "--", "FAKE", NULL },
    { "--timeout", "soon", "tools", "--", "FAKE", NULL },
    { "call", "--", "FAKE", NULL },
    { "call", "echo", "not json", "--", "FAKE", NULL },
    { "call", "echo", "[1]", "--", "FAKE", NULL },
    { "ping", "--count", "0", "--", "FAKE", NULL },
    { "info", "extra", "--", "FAKE", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli_argv (&run, cases[i]);
      g_test_message ("case %u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_true (g_str_has_prefix (run.err, "tether-cli: "));
    }
}

static void
test_help (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "call TOOL [JSON-ARGS]"));
  g_assert_nonnull (strstr (run.out, "ping [--count N] [--inflight K]"));
}

static void
test_info (void)
{
  g_auto(Run) text = { 0 };
  g_auto(Run) json = { 0 };
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  run_cli (&text, "info", "--", "FAKE", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "fake-mcp-server"));
  g_assert_nonnull (strstr (text.out, "2025-11-25"));

  run_cli (&json, "--json", "info", "--", "FAKE", NULL);
  g_assert_cmpint (json.status, ==, 0);
  node = json_from_string (json.out, NULL);
  g_assert_nonnull (node);
  object = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (object, "protocolVersion"), ==, "2025-11-25");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "serverInfo"), "name"),
                   ==, "fake-mcp-server");
}

static void
test_lists (void)
{
  g_auto(Run) tools = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) prompts = { 0 };
  g_auto(Run) resources = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) rnode = NULL;

  run_cli (&tools, "--json", "tools", "--", "FAKE", "--tools", "30", "--page-size", "4", NULL);
  g_assert_cmpint (tools.status, ==, 0);
  node = json_from_string (tools.out, NULL);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (node), "tools")), ==, 40);

  run_cli (&text, "tools", "--", "FAKE", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_str_has_prefix (text.out, "echo — Echo\n    Returns the message it is given.\n"
                                             "    arguments: message (string, required)\n"));

  run_cli (&prompts, "prompts", "--", "FAKE", NULL);
  g_assert_cmpint (prompts.status, ==, 0);
  g_assert_nonnull (strstr (prompts.out, "arguments: name (required), style"));

  run_cli (&resources, "--json", "resources", "--", "FAKE", NULL);
  g_assert_cmpint (resources.status, ==, 0);
  rnode = json_from_string (resources.out, NULL);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (rnode), "resources")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (rnode), "resourceTemplates")), ==, 1);
}

static void
test_call (void)
{
  g_auto(Run) echo = { 0 };
  g_auto(Run) fail = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) slow = { 0 };

  run_cli (&echo, "call", "echo", "{\"message\":\"hello there\"}", "--", "FAKE", NULL);
  g_assert_cmpint (echo.status, ==, 0);
  g_assert_cmpstr (echo.out, ==, "hello there\n");

  run_cli (&fail, "call", "fail", "--", "FAKE", NULL);
  g_assert_cmpint (fail.status, ==, 1);
  g_assert_cmpstr (fail.err, ==, "tether-cli: fail reported an error: This tool always fails.\n");

  run_cli (&json, "--json", "call", "add", "{\"a\":2,\"b\":40}", "--", "FAKE", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"sum\" : 42"));

  run_cli (&slow, "call", "slow", "{\"ms\":200,\"steps\":4}", "--", "FAKE", NULL);
  g_assert_cmpint (slow.status, ==, 0);
  g_assert_nonnull (strstr (slow.err, "tether-cli: progress 4/4: working"));
}

static void
test_failures (void)
{
  g_auto(Run) missing = { 0 };
  g_auto(Run) crash = { 0 };
  g_auto(Run) timeout = { 0 };
  g_auto(Run) modern = { 0 };

  run_cli (&missing, "tools", "--", "tether-no-such-server", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  assert_one_line (missing.err);
  g_assert_nonnull (strstr (missing.err, "command not found: tether-no-such-server (searched: "));

  run_cli (&crash, "tools", "--", "FAKE", "--crash-on-start", NULL);
  g_assert_cmpint (crash.status, ==, 1);
  assert_one_line (crash.err);
  g_assert_nonnull (strstr (crash.err, "exited with status 3"));
  g_assert_nonnull (strstr (crash.err, "crashing on start as asked"));

  run_cli (&timeout, "--timeout", "300", "call", "hang", "--", "FAKE", NULL);
  g_assert_cmpint (timeout.status, ==, 1);
  assert_one_line (timeout.err);
  g_assert_nonnull (strstr (timeout.err, "tools/call timed out"));
  g_assert_nonnull (strstr (timeout.err, "300 ms"));
  g_assert_cmpfloat (timeout.elapsed_ms, <, 5000);

  run_cli (&modern, "info", "--", "FAKE", "--modern-only", NULL);
  g_assert_cmpint (modern.status, ==, 1);
  assert_one_line (modern.err);
  g_assert_nonnull (strstr (modern.err, "server requires protocol 2026-07-28"));
}

static void
test_ping (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  run_cli (&run, "--json", "ping", "--count", "200", "--inflight", "8", "--", "FAKE", NULL);
  g_assert_cmpint (run.status, ==, 0);
  node = json_from_string (run.out, NULL);
  object = json_node_get_object (node);
  g_assert_cmpint (json_object_get_int_member (object, "count"), ==, 200);
  g_assert_cmpint (json_object_get_int_member (object, "inflight"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (object, "median_us"), >, 0);
  g_assert_cmpint (json_object_get_int_member (object, "p99_us"), >=, json_object_get_int_member (object, "median_us"));
}

static void
test_count_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "counts", NULL);
  g_autofree char *contents = NULL;
  g_auto(Run) run = { 0 };

  /* A call that crashes the server is not sent again. */
  run_cli (&run, "call", "crash", "--", "FAKE", "--count-file", file, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "outcome is unknown"));
  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "initialize 1\ntools/call 1\n");
  g_remove (file);
  g_rmdir (dir);
}

static gboolean
file_contains (const char *path,
               const char *needle)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, needle) != NULL;
}

static void
test_interrupt (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "counts", NULL);
  const char *argv[] = { TETHER_CLI, "call", "slow", "{\"ms\":600000}", "--",
                         FAKE_MCP_SERVER, "--count-file", file, NULL };
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  cli = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);

  while (!file_contains (file, "tools/call 1") && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_true (file_contains (file, "tools/call 1"));

  /* Ctrl-C: the call is cancelled, the server stopped, exit 1. */
  g_subprocess_send_signal (cli, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (cli, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (cli));
  g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 1);
  g_assert_nonnull (strstr (err, "tether-cli: interrupted"));

  g_remove (file);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Cli/usage-errors", test_usage);
  g_test_add_func ("/Tether/Cli/help", test_help);
  g_test_add_func ("/Tether/Cli/info", test_info);
  g_test_add_func ("/Tether/Cli/lists", test_lists);
  g_test_add_func ("/Tether/Cli/call", test_call);
  g_test_add_func ("/Tether/Cli/failures", test_failures);
  g_test_add_func ("/Tether/Cli/ping", test_ping);
  g_test_add_func ("/Tether/Cli/call-not-repeated", test_count_file);
  g_test_add_func ("/Tether/Cli/interrupt", test_interrupt);

  return g_test_run ();
}
