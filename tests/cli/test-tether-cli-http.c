/* test-tether-cli-http.c — tether-cli --url as a user runs it, against the
 * fake HTTP server process
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every command of tether-cli against fake-http-mcp-server (the fake core
 * behind Streamable HTTP with JSON replies, with SSE replies, and behind
 * legacy HTTP+SSE), plus the usage errors of --url, --header and
 * --transport, and the failures a user meets. Header values never appear
 * in what tether-cli prints, even with every debug message on.
 */

#include "config.h"

#include <string.h>

#include <sys/wait.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "test-util.h"

#define SECRET "Bearer secret-7c1e55d0"

typedef enum
{
  MODE_JSON,
  MODE_SSE,
  MODE_LEGACY,
  MODE_2026,      /* JSON replies, the stateless revision only */
} ServerMode;

typedef struct
{
  GSubprocess *process;
  char        *url;
  char        *count_file;
} Server;

/* Starts fake-http-mcp-server and reads the URL it prints. */
static Server *
server_start (ServerMode  mode,
              const char *required_header)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-http-XXXXXX", NULL);
  Server *server = g_new0 (Server, 1);

  server->count_file = g_build_filename (dir, "counts", NULL);

  g_ptr_array_add (argv, (gpointer)FAKE_HTTP_MCP_SERVER);
  if (mode == MODE_SSE)
    g_ptr_array_add (argv, (gpointer)"--sse");
  else if (mode == MODE_LEGACY)
    g_ptr_array_add (argv, (gpointer)"--legacy");
  else if (mode == MODE_2026)
    {
      g_ptr_array_add (argv, (gpointer)"--era");
      g_ptr_array_add (argv, (gpointer)"2026");
    }
  if (required_header != NULL)
    {
      g_ptr_array_add (argv, (gpointer)"--require-header");
      g_ptr_array_add (argv, (gpointer)required_header);
    }
  g_ptr_array_add (argv, (gpointer)"--count-file");
  g_ptr_array_add (argv, server->count_file);
  g_ptr_array_add (argv, NULL);

  server->process = g_subprocess_newv ((const char * const *)argv->pdata,
                                       G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                       &error);
  g_assert_no_error (error);

  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  server->url = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (server->url, "http://127.0.0.1:"));

  return server;
}

/* Stops it (its stdin closes) and returns what it counted. */
static char *
server_stop (Server *server)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (server->count_file);
  char *counts = NULL;

  g_output_stream_close (g_subprocess_get_stdin_pipe (server->process), NULL, NULL);
  g_assert_true (g_subprocess_wait (server->process, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (server->process));
  g_assert_cmpint (g_subprocess_get_exit_status (server->process), ==, 0);

  g_file_get_contents (server->count_file, &counts, NULL, NULL);
  g_remove (server->count_file);
  g_rmdir (dir);

  g_object_unref (server->process);
  g_free (server->count_file);
  g_free (server->url);
  g_free (server);

  return counts;
}

/* tether-cli ARGS…; "URL" stands for the server's URL. */
static void
run_cli (TestRun    *run,
         Server     *server,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "G_MESSAGES_DEBUG", "all", TRUE);
  gint64 start = g_get_monotonic_time ();
  int wait_status;
  va_list ap;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer)(server != NULL && g_str_equal (arg, "URL") ? server->url : arg));
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  /* Every debug message on: a secret must not reach any of them. */
  g_spawn_sync (NULL, (char **)argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  if (run->status != 0)
    g_test_message ("tether-cli exited with %d after %.0f ms; stderr:\n%s",
                    run->status, run->elapsed_ms, run->err);

  g_assert_null (strstr (run->out, "secret-7c1e55d0"));
  g_assert_null (strstr (run->err, "secret-7c1e55d0"));
  g_assert_null (strstr (run->err, "fake-session-"));
}

/* What tether-cli said went wrong: its last line of its own on stderr
 * (the others are debug messages). */
static char *
error_line (TestRun *run)
{
  g_auto(GStrv) lines = g_strsplit (run->err, "\n", -1);
  const char *found = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "tether-cli: "))
      found = lines[i];

  g_assert_nonnull (found);

  return g_strdup (found);
}

static JsonObject *
parse_out (TestRun   *run,
           JsonNode **node)
{
  g_autoptr(GError) error = NULL;

  *node = json_from_string (run->out, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (*node));

  return json_node_get_object (*node);
}

/* ---------------------------------------------------------------------- */

static void
test_usage (void)
{
  const char *cases[][8] = {
    { "--header", "Authorization: " SECRET, "tools", "--", "/bin/true", NULL },
    { "--transport", "http", "tools", "--", "/bin/true", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "tools", "--", "/bin/true", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "--transport", "websocket", "tools", NULL },
    { "--url", "ftp://127.0.0.1/mcp", "tools", NULL },
    { "--url", "not a url", "tools", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "--url", "http://127.0.0.1:8/mcp", "tools", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "--header", SECRET, "tools", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "--header", "Bad Name: " SECRET, "tools", NULL },
    { "--url", "http://127.0.0.1:9/mcp", "--header", "Mcp-Session-Id: " SECRET, "tools", NULL },
    /* One header twice, in two spellings: the server would get only one. */
    { "--url", "http://127.0.0.1:9/mcp", "--header", "Authorization: " SECRET, "--header", "authorization: x",
      "tools", NULL },
    { "tools", "--url", "http://127.0.0.1:9/mcp", "--header", NULL },
    { "--url", NULL },
    { "--url", "http://127.0.0.1:9/mcp", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int wait_status;

      g_ptr_array_add (argv, (gpointer)TETHER_CLI);
      for (guint k = 0; cases[i][k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer)cases[i][k]);
      g_ptr_array_add (argv, NULL);

      g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                    &out, &err, &wait_status, &error);
      g_assert_no_error (error);
      g_test_message ("case %u: %s", i, err);
      g_assert_true (WIFEXITED (wait_status));
      g_assert_cmpint (WEXITSTATUS (wait_status), ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_true (g_str_has_prefix (err, "tether-cli: "));
      g_assert_null (strstr (err, "secret-7c1e55d0"));
      if (g_strv_contains (cases[i], "authorization: x"))
        g_assert_nonnull (strstr (err, "“Authorization” and “authorization” are the same header"));
    }
}

static void
test_help (void)
{
  g_auto(TestRun) run = { 0 };

  run_cli (&run, NULL, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--url URL"));
  g_assert_nonnull (strstr (run.out, "--header 'NAME: VALUE'"));
  g_assert_nonnull (strstr (run.out, "--transport auto|http|sse"));
}

/* Every command, in every mode the fake speaks; --url before or after the
 * command. */
static void
test_commands (gconstpointer data)
{
  ServerMode mode = GPOINTER_TO_INT (data);
  Server *server = server_start (mode, "Authorization: " SECRET);
  const char *transport = mode == MODE_LEGACY ? "sse" : "http";
  g_auto(TestRun) info = { 0 };
  g_auto(TestRun) tools = { 0 };
  g_auto(TestRun) prompts = { 0 };
  g_auto(TestRun) resources = { 0 };
  g_auto(TestRun) echo = { 0 };
  g_auto(TestRun) add = { 0 };
  g_auto(TestRun) fail = { 0 };
  g_auto(TestRun) ping = { 0 };
  g_auto(TestRun) auto_mode = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *counts = NULL;
  g_autofree char *url_option = NULL;
  g_autofree char *error = NULL;
  JsonObject *object;

  run_cli (&info, server, "--url", "URL", "--header", "Authorization: " SECRET, "--transport", transport,
           "--json", "info", NULL);
  g_assert_cmpint (info.status, ==, 0);
  object = parse_out (&info, &node);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (object, "serverInfo"), "name"),
                   ==, "fake-mcp-server");
  g_assert_cmpstr (json_object_get_string_member (object, "protocolVersion"), ==, "2025-06-18");
  g_clear_pointer (&node, json_node_unref);

  run_cli (&tools, server, "tools", "--url", "URL", "--header=Authorization: " SECRET, NULL);
  g_assert_cmpint (tools.status, ==, 0);
  g_assert_true (g_str_has_prefix (tools.out, "echo — Echo\n    Returns the message it is given.\n"
                                              "    arguments: message (string, required)\n"));

  url_option = g_strconcat ("--url=", server->url, NULL);
  run_cli (&prompts, server, url_option, "--header", "Authorization: " SECRET, "prompts", NULL);
  g_assert_cmpint (prompts.status, ==, 0);
  g_assert_nonnull (strstr (prompts.out, "arguments: name (required), style"));

  run_cli (&resources, server, "--json", "--url", "URL", "--header", "Authorization: " SECRET, "resources", NULL);
  g_assert_cmpint (resources.status, ==, 0);
  object = parse_out (&resources, &node);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "resources")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "resourceTemplates")), ==, 1);
  g_clear_pointer (&node, json_node_unref);

  run_cli (&echo, server, "--url", "URL", "--header", "Authorization: " SECRET,
           "call", "echo", "{\"message\":\"hello over http\"}", NULL);
  g_assert_cmpint (echo.status, ==, 0);
  g_assert_cmpstr (echo.out, ==, "hello over http\n");

  run_cli (&add, server, "--url", "URL", "--header", "Authorization: " SECRET,
           "--json", "call", "add", "{\"a\":2,\"b\":40}", NULL);
  g_assert_cmpint (add.status, ==, 0);
  g_assert_nonnull (strstr (add.out, "\"sum\" : 42"));

  run_cli (&fail, server, "--url", "URL", "--header", "Authorization: " SECRET, "call", "fail", NULL);
  g_assert_cmpint (fail.status, ==, 1);
  error = error_line (&fail);
  g_assert_cmpstr (error, ==, "tether-cli: fail reported an error: This tool always fails.");

  run_cli (&ping, server, "--url", "URL", "--header", "Authorization: " SECRET,
           "--json", "ping", "--count", "200", "--inflight", "8", NULL);
  g_assert_cmpint (ping.status, ==, 0);
  object = parse_out (&ping, &node);
  g_assert_cmpint (json_object_get_int_member (object, "count"), ==, 200);
  g_assert_cmpint (json_object_get_int_member (object, "inflight"), ==, 8);
  g_clear_pointer (&node, json_node_unref);

  /* Without --transport: found by itself. */
  run_cli (&auto_mode, server, "--url", "URL", "--header", "Authorization: " SECRET, "tools", NULL);
  g_assert_cmpint (auto_mode.status, ==, 0);
  g_assert_cmpstr (auto_mode.out, ==, tools.out);
  if (mode == MODE_LEGACY)
    g_assert_nonnull (strstr (auto_mode.err, "trying the legacy HTTP+SSE transport"));

  counts = server_stop (server);
  g_assert_cmpstr (counts, ==, "initialize 9\ntools/call 3\n");
}

/* A server of the stateless revision asks for input inside the result of
 * tools/call, prompts/get and resources/read: each command answers from
 * --elicit, sends the request state back, and shows the final result. */
static void
test_input_required (void)
{
  Server *server = server_start (MODE_2026, NULL);
  const char *answer = "{\"name\":\"octocat\"}";
  const char *expected = "{\"login\":{\"action\":\"accept\",\"content\":{\"name\":\"octocat\"}}}\n";
  g_auto(TestRun) call = { 0 };
  g_auto(TestRun) prompt = { 0 };
  g_auto(TestRun) read = { 0 };
  g_autofree char *counts = NULL;

  run_cli (&call, server, "--url", "URL", "--elicit", answer, "call", "confirm", NULL);
  g_assert_cmpint (call.status, ==, 0);
  g_assert_cmpstr (call.out, ==, expected);

  run_cli (&prompt, server, "--url", "URL", "--elicit", answer, "prompt", "confirm", NULL);
  g_assert_cmpint (prompt.status, ==, 0);
  g_assert_true (g_str_has_prefix (prompt.out, "user:\n"));
  g_assert_cmpstr (prompt.out + strlen ("user:\n"), ==, expected);

  run_cli (&read, server, "--url", "URL", "read", "--elicit", answer, "fake://input/confirm", NULL);
  g_assert_cmpint (read.status, ==, 0);
  g_assert_cmpstr (read.out, ==, expected);

  counts = server_stop (server);
  g_assert_cmpstr (counts, ==, "initialize 0\ntools/call 2\n");
}

/* Progress reaches the user: on the request's own stream (SSE replies),
 * on the legacy event stream. */
static void
test_progress (gconstpointer data)
{
  ServerMode mode = GPOINTER_TO_INT (data);
  Server *server = server_start (mode, NULL);
  g_auto(TestRun) slow = { 0 };
  g_autofree char *counts = NULL;

  run_cli (&slow, server, "--url", "URL", "call", "slow", "{\"ms\":200,\"steps\":4}", NULL);
  g_assert_cmpint (slow.status, ==, 0);
  g_assert_cmpstr (slow.out, ==, "done\n");
  g_assert_nonnull (strstr (slow.err, "tether-cli: progress 4/4: working"));

  counts = server_stop (server);
  g_assert_cmpstr (counts, ==, "initialize 1\ntools/call 1\n");
}

static void
test_failures (void)
{
  Server *server = server_start (MODE_SSE, "Authorization: " SECRET);
  g_autofree char *refused_url = NULL;
  g_auto(TestRun) unauthorized = { 0 };
  g_auto(TestRun) wrong = { 0 };
  g_auto(TestRun) crash = { 0 };
  g_auto(TestRun) timeout = { 0 };
  g_auto(TestRun) refused = { 0 };
  g_auto(TestRun) forced = { 0 };
  g_autofree char *counts = NULL;
  g_autofree char *line = NULL;

  /* No header, or a wrong one: the status, and what to check. */
  run_cli (&unauthorized, server, "--url", "URL", "tools", NULL);
  g_assert_cmpint (unauthorized.status, ==, 1);
  g_free (line);
  line = error_line (&unauthorized);
  g_assert_nonnull (strstr (line, "HTTP 401 Unauthorized"));
  g_assert_nonnull (strstr (line, "check the Authorization header"));

  run_cli (&wrong, server, "--url", "URL", "--header", "Authorization: Bearer wrong", "tools", NULL);
  g_assert_cmpint (wrong.status, ==, 1);
  g_free (line);
  line = error_line (&wrong);
  g_assert_nonnull (strstr (line, "HTTP 401"));
  g_assert_null (strstr (wrong.err, "Bearer wrong"));

  /* A call whose connection broke: outcome unknown, not sent again. */
  run_cli (&crash, server, "--url", "URL", "--header", "Authorization: " SECRET, "call", "crash", NULL);
  g_assert_cmpint (crash.status, ==, 1);
  g_free (line);
  line = error_line (&crash);
  g_assert_nonnull (strstr (line, "outcome is unknown"));

  run_cli (&timeout, server, "--url", "URL", "--header", "Authorization: " SECRET,
           "--timeout", "300", "call", "hang", NULL);
  g_assert_cmpint (timeout.status, ==, 1);
  g_free (line);
  line = error_line (&timeout);
  g_assert_nonnull (strstr (line, "tools/call timed out"));
  g_assert_nonnull (strstr (line, "300 ms"));
  g_assert_cmpfloat (timeout.elapsed_ms, <, 5000);

  /* Legacy HTTP+SSE forced on a Streamable HTTP server. */
  run_cli (&forced, server, "--url", "URL", "--header", "Authorization: " SECRET,
           "--transport", "sse", "tools", NULL);
  g_assert_cmpint (forced.status, ==, 1);
  g_free (line);
  line = error_line (&forced);
  g_assert_nonnull (strstr (line, "event stream"));

  refused_url = g_strdup (server->url);
  counts = server_stop (server);
  g_assert_cmpstr (counts, ==, "initialize 2\ntools/call 2\n");

  /* Nobody listens any more. */
  run_cli (&refused, NULL, "--url", refused_url, "tools", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_free (line);
  line = error_line (&refused);
  g_assert_nonnull (strstr (line, "Could not reach the server"));
  g_assert_nonnull (strstr (line, "Connection refused"));
  g_assert_cmpfloat (refused.elapsed_ms, <, 5000);
}

/* @line has @before, the URL http://•••@@rest?token=••••&••••#•••• with or
 * without its userinfo and fragment, then @after. */
static void
assert_shows_url (const char *line,
                  const char *before,
                  const char *rest,
                  const char *after)
{
  for (guint userinfo = 0; userinfo < 2; userinfo++)
    for (guint fragment = 0; fragment < 2; fragment++)
      {
        g_autofree char *expected = g_strdup_printf ("%shttp://%s%s?token=••••&••••%s%s", before,
                                                     userinfo ? "••••@" : "", rest,
                                                     fragment ? "#••••" : "", after);

        if (strstr (line, expected) != NULL)
          return;
      }

  g_error ("“%s”, the masked URL with its path, then “%s” not in “%s”", before, after, line);
}

/* The URL in messages is the one masking's (mcp_url_mask()): no user name,
 * password, query value, bare query parameter or fragment, but the path,
 * so that a wrong one can be seen. Every message: the target's name, an
 * HTTP status, a server nobody answers at. */
static void
test_url_secrets (void)
{
  Server *server = server_start (MODE_JSON, "Authorization: " SECRET);
  g_autofree char *rest = g_strdup (server->url + strlen ("http://"));
  g_autofree char *with_secrets = NULL;
  g_autofree char *token_only = NULL;
  g_autofree char *masked = NULL;
  g_autofree char *masked_token_only = NULL;
  g_autofree char *unauthorized_line = NULL;
  g_autofree char *refused_line = NULL;
  g_auto(TestRun) ping = { 0 };
  g_auto(TestRun) token = { 0 };
  g_auto(TestRun) unauthorized = { 0 };
  g_auto(TestRun) refused = { 0 };
  g_autofree char *counts = NULL;

  g_assert_true (g_str_has_suffix (rest, "/mcp"));
  with_secrets = g_strdup_printf ("http://user:secret-7c1e55d0@%s?token=secret-7c1e55d0&secret-7c1e55d0"
                                  "#secret-7c1e55d0", rest);
  masked = g_strdup_printf ("http://••••@%s?token=••••&••••#••••", rest);
  token_only = g_strdup_printf ("http://secret-7c1e55d0@%s", rest);
  masked_token_only = g_strdup_printf ("http://••••@%s", rest);

  /* run_cli() checks that neither output holds the secret. */
  run_cli (&ping, server, "--url", with_secrets, "--header", "Authorization: " SECRET,
           "ping", "--count", "3", NULL);
  g_assert_cmpint (ping.status, ==, 0);
  if (strstr (ping.out, masked) == NULL)
    g_error ("“%s” not in:\n%s", masked, ping.out);

  run_cli (&token, server, "--url", token_only, "--header", "Authorization: " SECRET, "ping", NULL);
  g_assert_cmpint (token.status, ==, 0);
  if (strstr (token.out, masked_token_only) == NULL)
    g_error ("“%s” not in:\n%s", masked_token_only, token.out);

  /* The status says where it came from, path and all (libsoup keeps the
   * userinfo and fragment in the message's URL, or not: both masked). */
  run_cli (&unauthorized, server, "--url", with_secrets, "tools", NULL);
  g_assert_cmpint (unauthorized.status, ==, 1);
  unauthorized_line = error_line (&unauthorized);
  assert_shows_url (unauthorized_line, "The server at ", rest, " answered “server/discover” with HTTP 401");

  counts = server_stop (server);
  g_assert_cmpstr (counts, ==, "initialize 2\ntools/call 0\n");

  run_cli (&refused, NULL, "--url", with_secrets, "tools", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  refused_line = error_line (&refused);
  assert_shows_url (refused_line, "Could not reach the server at ", rest, ": ");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Cli/Url/usage-errors", test_usage);
  g_test_add_func ("/Tether/Cli/Url/help", test_help);
  g_test_add_data_func ("/Tether/Cli/Url/commands-json", GINT_TO_POINTER (MODE_JSON), test_commands);
  g_test_add_data_func ("/Tether/Cli/Url/commands-sse", GINT_TO_POINTER (MODE_SSE), test_commands);
  g_test_add_data_func ("/Tether/Cli/Url/commands-legacy", GINT_TO_POINTER (MODE_LEGACY), test_commands);
  g_test_add_data_func ("/Tether/Cli/Url/progress-sse", GINT_TO_POINTER (MODE_SSE), test_progress);
  g_test_add_data_func ("/Tether/Cli/Url/progress-legacy", GINT_TO_POINTER (MODE_LEGACY), test_progress);
  g_test_add_func ("/Tether/Cli/Url/failures", test_failures);
  g_test_add_func ("/Tether/Cli/Url/input-required", test_input_required);
  g_test_add_func ("/Tether/Cli/Url/url-secrets", test_url_secrets);

  return g_test_run ();
}
