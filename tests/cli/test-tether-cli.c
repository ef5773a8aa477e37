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

#include "test-util.h"

/* tether-cli ARGS…; "FAKE" stands for the fake server. */
static void
run_cli_argv (TestRun            *run,
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
run_cli (TestRun    *run,
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
      g_auto(TestRun) run = { 0 };

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
  g_auto(TestRun) run = { 0 };

  run_cli (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "call [--task] TOOL [JSON-ARGS]"));
  g_assert_nonnull (strstr (run.out, "ping [--count N] [--inflight K]"));
  g_assert_nonnull (strstr (run.out, "read URI"));
  g_assert_nonnull (strstr (run.out, "--sample TEXT"));
  g_assert_nonnull (strstr (run.out, "--env NAME=VALUE"));
  g_assert_nonnull (strstr (run.out, "--env-file FILE"));

  /* Each command lists its own options, and starts no server. */
  {
    const char *commands[][4] = {
      { "ping", "--count=N", "--inflight=K", "--url=URL" },
      { "call", "TOOL [JSON-ARGS]", "--header=", "--transport=" },
      { "tools", "--url=URL", "--json", "-- SERVER-COMMAND" },
      { "info", "--url=URL", NULL },
      { "prompts", "--url=URL", NULL },
      { "resources", "--url=URL", NULL },
      { "prompt", "PROMPT [JSON-ARGS]", "--elicit=JSON", "--sample=TEXT" },
      { "read", "URI", "--save-dir=DIR", "--root=DIR" },
      { "complete", "prompt NAME|resource URI-TEMPLATE ARG PREFIX", "--url=URL", NULL },
      { "call", "--root=DIR", "--elicit=JSON", "--save-dir=DIR" },
      { "tools", "--env=NAME=VALUE", "--env-file=FILE", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        g_auto(TestRun) help = { 0 };

        run_cli (&help, commands[i][0], "--help", "--", "tether-no-such-server", NULL);
        g_assert_cmpint (help.status, ==, 0);
        g_assert_cmpstr (help.err, ==, "");
        for (guint j = 0; j < G_N_ELEMENTS (commands[i]) && commands[i][j] != NULL; j++)
          g_assert_nonnull (strstr (help.out, commands[i][j]));
      }
  }
}

/* --name VALUE and --name=VALUE alike, before the command or after it;
 * what follows "--" is the server's, never parsed. */
static void
test_option_forms (void)
{
  const char *forms[][10] = {
    { "--timeout=5000", "ping", "--count=3", "--inflight", "2", "--", "FAKE", NULL },
    { "--json", "--timeout", "5000", "ping", "--count", "3", "--", "FAKE", NULL },
    { "ping", "--json", "--inflight=2", "--count=3", "--", "FAKE", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_auto(TestRun) run = { 0 };

      run_cli_argv (&run, forms[i]);
      g_test_message ("form %u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "3"));
    }

  /* The server's own options are its business, never tether-cli's. */
  {
    g_auto(TestRun) tools = { 0 };

    run_cli (&tools, "--json", "tools", "--", "FAKE", "--tools", "2", NULL);
    g_assert_cmpint (tools.status, ==, 0);
  }
}

static void
test_info (void)
{
  g_auto(TestRun) text = { 0 };
  g_auto(TestRun) json = { 0 };
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
  g_auto(TestRun) tools = { 0 };
  g_auto(TestRun) text = { 0 };
  g_auto(TestRun) prompts = { 0 };
  g_auto(TestRun) resources = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) rnode = NULL;

  run_cli (&tools, "--json", "tools", "--", "FAKE", "--tools", "30", "--page-size", "4", NULL);
  g_assert_cmpint (tools.status, ==, 0);
  node = json_from_string (tools.out, NULL);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (node), "tools")), ==, 40);
  /* Each tool as the server wrote it: from its text, with no tree rebuilt */
  g_assert_nonnull (strstr (tools.out, "\n    {\"name\":\"echo\",\"title\":\"Echo\",\"description\":"));

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
  g_auto(TestRun) echo = { 0 };
  g_auto(TestRun) fail = { 0 };
  g_auto(TestRun) json = { 0 };
  g_auto(TestRun) slow = { 0 };

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
  g_auto(TestRun) missing = { 0 };
  g_auto(TestRun) crash = { 0 };
  g_auto(TestRun) timeout = { 0 };
  g_auto(TestRun) modern = { 0 };

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
  g_auto(TestRun) run = { 0 };
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
  g_auto(TestRun) run = { 0 };

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

/* diagnostics: the login shell's PATH, each command's path (or where it was
 * looked for), the other clients' files in the home directory. */
static void
test_diagnostics (void)
{
  g_autofree char *home = g_dir_make_tmp ("tether-cli-diag-XXXXXX", NULL);
  g_autofree char *bin = g_build_filename (home, "bin", NULL);
  g_autofree char *claude_dir = g_build_filename (home, ".config", "Claude", NULL);
  g_autofree char *claude = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autofree char *config = g_build_filename (home, "servers.json", NULL);
  g_autofree char *link = g_build_filename (bin, "tether-diag-login-only", NULL);
  g_autofree char *saved_home = g_strdup (g_getenv ("HOME"));
  g_autofree char *saved_xdg = g_strdup (g_getenv ("XDG_CONFIG_HOME"));
  g_autofree char *servers = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(TestRun) run = { 0 };
  g_auto(TestRun) text = { 0 };
  JsonObject *object, *login, *discovered;
  JsonArray *array;

  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (bin, 0700), ==, 0);
  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);
  g_assert_true (g_file_set_contents (claude, "{\"mcpServers\": {\"a\": {\"command\": \"npx\"}, "
                                              "\"b\": {\"command\": \"uvx\"}}}", -1, NULL));
  servers = g_strdup_printf ("{\"mcpServers\": {"
                             "\"here\": {\"command\": \"%s\"},"
                             "\"login\": {\"command\": \"tether-diag-login-only\"},"
                             "\"missing\": {\"command\": \"tether-diag-nowhere\"},"
                             "\"web\": {\"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\"}}}",
                             FAKE_MCP_SERVER);
  g_assert_true (g_file_set_contents (config, servers, -1, NULL));

  /* The fake login shell (SHELL) puts bin first in PATH. */
  g_setenv ("HOME", home, TRUE);
  g_unsetenv ("XDG_CONFIG_HOME");
  g_setenv ("FAKE_LOGIN_PREPEND", bin, TRUE);
  run_cli (&run, "diagnostics", "--config", config, "--json", NULL);
  run_cli (&text, "diagnostics", "--config", config, NULL);
  g_setenv ("HOME", saved_home, TRUE);
  if (saved_xdg != NULL)
    g_setenv ("XDG_CONFIG_HOME", saved_xdg, TRUE);
  g_unsetenv ("FAKE_LOGIN_PREPEND");

  g_test_message ("%s%s", text.out, text.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpint (text.status, ==, 0);
  root = json_from_string (run.out, &error);
  g_assert_no_error (error);
  object = json_node_get_object (root);

  login = json_object_get_object_member (object, "loginShell");
  g_assert_true (json_object_get_boolean_member (login, "fromLoginShell"));
  g_assert_cmpstr (json_object_get_string_member (login, "shell"), ==, g_getenv ("SHELL"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (login, "path"), bin));

  array = json_object_get_array_member (object, "servers");
  g_assert_cmpuint (json_array_get_length (array), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 0), "resolved"), ==,
                   FAKE_MCP_SERVER);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 1), "resolved"), ==, link);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (array, 2), "resolved"));
  g_assert_nonnull (strstr (json_object_get_string_member (json_array_get_object_element (array, 2), "error"),
                            "command not found: tether-diag-nowhere (searched: "));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 3), "kind"), ==, "http");

  discovered = json_object_get_object_member (object, "discovered");
  g_assert_cmpstr (json_object_get_string_member (discovered, "home"), ==, home);
  array = json_object_get_array_member (discovered, "files");
  g_assert_cmpuint (json_array_get_length (array), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 0), "file"), ==, claude);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (array, 0), "servers"), ==, 2);

  g_assert_nonnull (strstr (text.out, link));
  g_assert_nonnull (strstr (text.out, "Claude Desktop"));

  g_remove (link);
  g_rmdir (bin);
  g_remove (claude);
  g_rmdir (claude_dir);
  {
    g_autofree char *dot_config = g_build_filename (home, ".config", NULL);
    g_rmdir (dot_config);
  }
  g_remove (config);
  g_rmdir (home);
}

/* Not a byte of @text may be obeyed by a terminal: no C0 control but the
 * line ends, no DEL, no C1 control, no bidi override or isolate; all of it
 * UTF-8. */
static void
assert_nothing_obeyed (const char *what,
                       const char *text)
{
  g_assert_nonnull (text);
  if (!g_utf8_validate (text, -1, NULL))
    g_error ("%s: not UTF-8: %s", what, text);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        continue;
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
          (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
        g_error ("%s: U+%04X at byte %ld of: %s", what, (guint)c, (long)(p - text), text);
    }
}

/* What the hostile server wrote, shown: every escape visible. */
static void
assert_shown (const char *what,
              const char *text)
{
  assert_nothing_obeyed (what, text);
  g_test_message ("%s: %s", what, text);
  g_assert_nonnull (strstr (text, "\\x1b[31mred\\x1b[0m \\x1b]0;title\\x07 \\x0dback \\u009b2J \\u202etxet "
                                 "<b>bold</b> & more"));
}

/* The same in JSON: valid, every control escaped, the text intact once
 * parsed. */
static JsonNode *
assert_json_shown (const char *what,
                   const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  assert_nothing_obeyed (what, text);
  g_assert_nonnull (strstr (text, "\\u001b[31m"));
  g_assert_nonnull (strstr (text, "\\u009b"));
  g_assert_nonnull (strstr (text, "\\u202e"));
  node = json_from_string (text, &error);
  g_assert_no_error (error);

  return node;
}

/* A server whose every text holds escape sequences (tests/fake: the
 * hostile text): tether-cli shows them, never passes them on, in every
 * command and in errors; the configuration's own names too. */
static void
test_hostile_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-hostile-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "servers.json", NULL);
  g_autofree char *claude = g_build_filename (dir, "claude.json", NULL);
  g_autofree char *servers = NULL;
  const char *name = "evil\x1b[31mred\x1b[0m \x1b]0;title\x07 \rback \xc2\x9b" "2J \xe2\x80\xae" "txet <b>bold</b> & more";
  const char *commands[][3] = {
    { "info", NULL }, { "tools", NULL }, { "prompts", NULL }, { "resources", NULL },
    { "call", "hostile" }, { "call", "hostile-fail" }, { "call", "hostile-error" },
  };

  servers = g_strdup_printf ("{\"mcpServers\": {"
                             "\"evil\\u001b[31mred\\u001b[0m \\u001b]0;title\\u0007 \\rback \\u009b2J \\u202etxet "
                             "<b>bold</b> & more\": "
                             "{\"command\": \"%s\", \"args\": [\"--hostile-text\"]},"
                             "\"hostile\": {\"command\": \"%s\", \"args\": [\"--hostile-text\"]},"
                             "\"dying\": {\"command\": \"%s\", \"args\": [\"--hostile-text\", "
                             "\"--exit-during-initialize\"]}}}",
                             FAKE_MCP_SERVER, FAKE_MCP_SERVER, FAKE_MCP_SERVER);
  g_assert_true (g_file_set_contents (config, servers, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    for (guint json = 0; json < 2; json++)
      {
        const char *argv[] = { "--config", config, json ? "--json" : commands[i][0],
                               json ? commands[i][0] : "hostile", json ? "hostile" : commands[i][1],
                               json ? commands[i][1] : NULL, NULL };
        g_autofree char *what = g_strdup_printf ("%s%s %s", json ? "--json " : "", commands[i][0],
                                                 commands[i][1] != NULL ? commands[i][1] : "");
        g_auto(TestRun) run = { 0 };

        run_cli_argv (&run, argv);
        assert_nothing_obeyed (what, run.err);
        if (g_str_equal (what, "call hostile-error") || g_str_equal (what, "--json call hostile-error"))
          {
            g_assert_cmpint (run.status, ==, 1);
            assert_shown (what, run.err);
          }
        else if (json)
          {
            g_autoptr(JsonNode) node = assert_json_shown (what, run.out);
          }
        else
          assert_shown (what, run.out);
      }

  /* Without the configuration too, and the last stderr lines of a server
   * that failed, in its error. */
  {
    g_auto(TestRun) tools = { 0 };
    g_auto(TestRun) dying = { 0 };
    g_auto(TestRun) list = { 0 };
    g_auto(TestRun) list_json = { 0 };
    g_autoptr(JsonNode) node = NULL;

    run_cli (&tools, "tools", "--", "FAKE", "--hostile-text", NULL);
    g_assert_cmpint (tools.status, ==, 0);
    assert_shown ("tools --", tools.out);

    /* The name with control characters is refused at start, naming it */
    {
      g_auto(TestRun) refused = { 0 };

      run_cli (&refused, "--config", config, "info", name, NULL);
      g_assert_cmpint (refused.status, ==, 1);
      assert_shown ("info (refused name)", refused.err);
    }

    run_cli (&dying, "--config", config, "info", "dying", NULL);
    g_assert_cmpint (dying.status, ==, 1);
    assert_one_line (dying.err);
    assert_shown ("info dying", dying.err);

    run_cli (&list, "--config", config, "list", NULL);
    assert_shown ("list", list.out);
    assert_nothing_obeyed ("list", list.err);
    run_cli (&list_json, "--config", config, "--json", "list", NULL);
    node = assert_json_shown ("--json list", list_json.out);
  }

  /* The import preview and diagnostics show a file's names and commands. */
  {
    g_auto(TestRun) import = { 0 };
    g_auto(TestRun) import_json = { 0 };
    g_auto(TestRun) diagnostics = { 0 };
    g_autoptr(JsonNode) node = NULL;

    /* (A name with control characters is refused; a bidi override is
     * not a control character.) */
    g_assert_true (g_file_set_contents (claude, "{\"mcpServers\": {\"evil \\u202etxet\": {\"command\": "
                                                "\"npx\", \"args\": [\"\\u001b[31mred\\u001b[0m \\u001b]0;title"
                                                "\\u0007 \\rback \\u009b2J \\u202etxet <b>bold</b> & more\"]}}}",
                                        -1, NULL));
    run_cli (&import, "--config", config, "import", "--dry-run", claude, NULL);
    g_assert_cmpint (import.status, ==, 0);
    assert_shown ("import", import.out);
    g_assert_nonnull (strstr (import.out, "evil \\u202etxet: would be added"));
    run_cli (&import_json, "--config", config, "import", "--dry-run", "--json", claude, NULL);
    node = assert_json_shown ("import --json", import_json.out);

    run_cli (&diagnostics, "diagnostics", "--config", config, NULL);
    g_assert_cmpint (diagnostics.status, ==, 0);
    assert_shown ("diagnostics", diagnostics.out);
  }

  g_remove (claude);
  g_remove (config);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Cli/usage-errors", test_usage);
  g_test_add_func ("/Tether/Cli/option-forms", test_option_forms);
  g_test_add_func ("/Tether/Cli/help", test_help);
  g_test_add_func ("/Tether/Cli/info", test_info);
  g_test_add_func ("/Tether/Cli/lists", test_lists);
  g_test_add_func ("/Tether/Cli/call", test_call);
  g_test_add_func ("/Tether/Cli/failures", test_failures);
  g_test_add_func ("/Tether/Cli/ping", test_ping);
  g_test_add_func ("/Tether/Cli/call-not-repeated", test_count_file);
  g_test_add_func ("/Tether/Cli/interrupt", test_interrupt);
  g_test_add_func ("/Tether/Cli/diagnostics", test_diagnostics);
  g_test_add_func ("/Tether/Cli/hostile-text", test_hostile_text);

  return g_test_run ();
}
