/* test-clients-cli.c — tether-cli clients against a real hub: the entry it
 * writes is used, over HTTP and through the stdio bridge
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "hub-test-client.h"
#include "test-server-util.h"
#include "test-fake-server.h"
#include "test-util.h"

typedef struct
{
  char             *dir;
  char             *home;
  char             *config_dir;
  char             *runtime_dir;
  char             *config;
  char             *url;
  char             *token;
  char            **env;
  GSubprocess      *serve;
  GDataInputStream *serve_out;
} Fixture;

static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static GSubprocessLauncher *
launcher (Fixture *fixture)
{
  GSubprocessLauncher *launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                             G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                             G_SUBPROCESS_FLAGS_STDERR_PIPE);

  g_subprocess_launcher_set_environ (launcher, fixture->env);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);

  return launcher;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *contents = NULL;
  g_autofree char *alpha_counts = NULL;
  g_autofree char *alpha = NULL;

  fixture->dir = g_dir_make_tmp ("tether-clients-cli-XXXXXX", NULL);
  fixture->home = g_build_filename (fixture->dir, "home", NULL);
  fixture->config_dir = g_build_filename (fixture->home, ".config", NULL);
  fixture->runtime_dir = g_build_filename (fixture->dir, "run", NULL);
  fixture->config = g_build_filename (fixture->dir, "servers.json", NULL);
  g_assert_cmpint (g_mkdir_with_parents (fixture->config_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (fixture->runtime_dir, 0700), ==, 0);

  fixture->env = g_get_environ ();
  fixture->env = g_environ_setenv (fixture->env, "HOME", fixture->home, TRUE);
  fixture->env = g_environ_setenv (fixture->env, "XDG_CONFIG_HOME", fixture->config_dir, TRUE);
  fixture->env = g_environ_setenv (fixture->env, "XDG_RUNTIME_DIR", fixture->runtime_dir, TRUE);
  fixture->env = g_environ_setenv (fixture->env, "TETHER_TIMINGS", "reconnect_delay_ms=100", TRUE);
  /* the bridge must never start a real Tether here */
  fixture->env = g_environ_setenv (fixture->env, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);

  /* our directory in its command line: no process of ours is left */
  alpha_counts = g_build_filename (fixture->dir, "alpha", NULL);
  alpha = test_fake_server_entry (alpha_counts, NULL, NULL);
  contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s}}", alpha);
  g_assert_true (g_file_set_contents (fixture->config, contents, -1, NULL));
}

static void
start_serve (Fixture *fixture)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  fixture->serve = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "--config", fixture->config,
                                                "serve", "--listen", "127.0.0.1:0", NULL);
  g_assert_no_error (error);
  test_stop_on_failure (atoi (g_subprocess_get_identifier (fixture->serve)));
  fixture->serve_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (fixture->serve));
  line = g_data_input_stream_read_line (fixture->serve_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "http://127.0.0.1:"));
  fixture->url = g_steal_pointer (&line);
}

static void
stop_serve (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  if (fixture->serve == NULL)
    return;
  g_subprocess_send_signal (fixture->serve, SIGTERM);
  g_subprocess_wait (fixture->serve, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (fixture->serve), ==, 0);
  g_clear_object (&fixture->serve_out);
  g_clear_object (&fixture->serve);
  test_assert_no_processes_matching (fixture->dir, 5000);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  stop_serve (fixture);
  test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->home);
  g_free (fixture->config_dir);
  g_free (fixture->runtime_dir);
  g_free (fixture->config);
  g_free (fixture->url);
  g_free (fixture->token);
  g_strfreev (fixture->env);
}

static void
run_cli (Fixture    *fixture,
         TestRun    *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  g_ptr_array_add (argv, (gpointer)"--config");
  g_ptr_array_add (argv, fixture->config);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  test_run_command (run, (const char * const *)argv->pdata, (const char * const *)fixture->env, 60);
  g_test_message ("out: %s\nerr: %s", run->out, run->err);
}

static char *
read_token (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (fixture->config_dir, "tether", "hub-token", NULL);
  char *token = NULL;

  g_assert_true (g_file_get_contents (path, &token, NULL, NULL));
  g_strchomp (token);

  return token;
}

static void
assert_secret_kept (Fixture       *fixture,
                    const TestRun *run)
{
  g_autofree char *token = read_token (fixture);

  g_assert_null (strstr (run->out, token));
  g_assert_null (strstr (run->err, token));
}

static gboolean
lists_alpha (HubTestClient *client)
{
  g_autoptr(HubTestReply) reply = hub_test_client_post (client, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}",
                                                        NULL);
  JsonObject *result = hub_test_reply_result (reply, 9);
  JsonArray *tools = json_object_get_array_member (result, "tools");

  for (guint i = 0; i < json_array_get_length (tools); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tools, i), "name"),
                     "alpha__echo"))
      return TRUE;

  return FALSE;
}

static gboolean
alpha_listed (gpointer data)
{
  return lists_alpha (data);
}

/* `clients connect vscode` into a fake home; the entry written is what a
 * client uses: its URL and its header list the tools of the hub. */
static void
test_http_end_to_end (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *vscode_dir = g_build_filename (fixture->config_dir, "Code", "User", NULL);
  g_autofree char *mcp_json = g_build_filename (vscode_dir, "mcp.json", NULL);
  g_auto(TestRun) connect = { 0 };
  g_auto(TestRun) listed = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(HubTestClient) client = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *entry;
  const char *authorization;

  g_assert_cmpint (g_mkdir_with_parents (vscode_dir, 0700), ==, 0);
  start_serve (fixture);

  run_cli (fixture, &connect, "clients", "connect", "vscode", NULL);
  g_assert_cmpint (connect.status, ==, 0);
  g_assert_nonnull (strstr (connect.out, "Connected VS Code"));
  assert_secret_kept (fixture, &connect);

  /* the entry, read back as VS Code reads it */
  g_assert_true (json_parser_load_from_file (parser, mcp_json, &error));
  g_assert_no_error (error);
  entry = json_object_get_object_member (json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                                                        "servers"), "tether");
  g_assert_cmpstr (json_object_get_string_member (entry, "type"), ==, "http");
  g_assert_cmpstr (json_object_get_string_member (entry, "url"), ==, fixture->url);
  authorization = json_object_get_string_member (json_object_get_object_member (entry, "headers"), "Authorization");
  g_assert_true (g_str_has_prefix (authorization, "Bearer "));

  client = hub_test_client_new (json_object_get_string_member (entry, "url"), authorization + strlen ("Bearer "));
  hub_test_client_initialize (client, NULL);
  test_wait_until (alpha_listed, client, "alpha's tools are listed through the written entry");

  run_cli (fixture, &listed, "clients", NULL);
  g_assert_cmpint (listed.status, ==, 0);
  g_assert_nonnull (strstr (listed.out, "vscode"));
  g_assert_nonnull (strstr (listed.out, "connected (HTTP)"));
  assert_secret_kept (fixture, &listed);

  g_clear_pointer (&client, hub_test_client_free);
  stop_serve (fixture);
}

/* `clients connect claude-desktop` writes the bridge; the command line
 * written, run, speaks MCP: initialize, then the hub's tools. */
static void
test_stdio_end_to_end (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *claude_dir = g_build_filename (fixture->config_dir, "Claude", NULL);
  g_autofree char *path = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) bridge = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(TestRun) connect = { 0 };
  g_auto(TestRun) disconnect = { 0 };
  g_autofree char *after = NULL;
  JsonObject *entry;
  JsonArray *args;
  GOutputStream *in;
  char *line;
  gboolean initialized = FALSE, listed = FALSE;
  const char *messages =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
    "\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-ish\",\"version\":\"1\"}}}\n"
    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";

  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  start_serve (fixture);

  run_cli (fixture, &connect, "clients", "connect", "claude-desktop", NULL);
  g_assert_cmpint (connect.status, ==, 0);

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  entry = json_object_get_object_member (json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                                                        "mcpServers"), "tether");
  g_assert_false (json_object_has_member (entry, "url"));
  g_assert_true (g_path_is_absolute (json_object_get_string_member (entry, "command")));
  g_ptr_array_add (argv, (gpointer)json_object_get_string_member (entry, "command"));
  args = json_object_get_array_member (entry, "args");
  for (guint i = 0; i < json_array_get_length (args); i++)
    g_ptr_array_add (argv, (gpointer)json_array_get_string_element (args, i));
  g_ptr_array_add (argv, NULL);
  g_assert_cmpstr (g_ptr_array_index (argv, 1), ==, "connect");

  /* the command line, as Claude Desktop starts it */
  bridge = g_subprocess_launcher_spawnv (spawner, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (bridge);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (bridge));
  g_assert_true (g_output_stream_write_all (in, messages, strlen (messages), NULL, NULL, &error));
  g_assert_no_error (error);

  while (!listed && (line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL)
    {
      g_test_message ("bridge: %s", line);
      if (strstr (line, "\"id\":1") != NULL && strstr (line, "\"serverInfo\"") != NULL)
        initialized = TRUE;
      if (strstr (line, "\"id\":2") != NULL)
        {
          if (strstr (line, "alpha__echo") != NULL)
            listed = TRUE;
        }
      g_free (line);
      /* ask (again) until alpha has connected behind the hub */
      if (initialized && !listed)
        {
          const char *list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";

          g_assert_true (g_output_stream_write_all (in, list, strlen (list), NULL, NULL, &error));
        }
    }
  g_assert_no_error (error);
  g_assert_true (initialized && listed);

  g_assert_true (g_output_stream_close (in, NULL, &error));
  g_subprocess_wait (bridge, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (bridge), ==, 0);

  run_cli (fixture, &disconnect, "clients", "disconnect", "claude-desktop", NULL);
  g_assert_cmpint (disconnect.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_null (strstr (after, "tether"));

  stop_serve (fixture);
}

/* --dry-run prints the diff, token masked, and writes nothing; --json
 * says the same; a second writer holding the lock is waited for and its
 * change kept. */
static void
test_dry_run_and_lock (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (fixture->home, ".cursor", NULL);
  g_autofree char *path = g_build_filename (dir, "mcp.json", NULL);
  g_autofree char *backup = g_strconcat (path, ".tether-backup", NULL);
  const char *text = "{\n  // mine\n  \"mcpServers\": {\n    \"memory\": {\"command\": \"npx\"}\n  }\n}\n";
  g_autofree char *token_path = g_build_filename (fixture->config_dir, "tether", "hub-token", NULL);
  g_autofree char *dir_lock = g_build_filename (dir, ".mcp.json.lock", NULL);
  g_auto(TestRun) dry = { 0 };
  g_auto(TestRun) json = { 0 };
  g_auto(TestRun) usage = { 0 };
  g_autofree char *after = NULL;
  g_autoptr(GSubprocessLauncher) spawner = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *lock_path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int fd;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  /* no token yet: a dry run makes none */
  run_cli (fixture, &dry, "clients", "connect", "cursor", "--dry-run", NULL);
  g_assert_cmpint (dry.status, ==, 0);
  g_assert_false (g_file_test (token_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (dir_lock, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (dry.out, "+    \"tether\": {"));
  g_assert_nonnull (strstr (dry.out, "\"Authorization\": \"Bearer ********\""));
  g_assert_nonnull (strstr (dry.out, "Dry run"));

  run_cli (fixture, &json, "clients", "connect", "cursor", "--dry-run", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"written\" : false"));

  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, text);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  run_cli (fixture, &usage, "clients", "connect", "no-such-client", NULL);
  g_assert_cmpint (usage.status, ==, 2);
  g_assert_nonnull (strstr (usage.err, "claude-desktop"));

  /* another writer holds the lock and changes the file meanwhile */
  fd = test_hold_config_lock (path);
  spawner = launcher (fixture);
  process = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "--config", fixture->config,
                                         "clients", "connect", "cursor", NULL);
  g_assert_no_error (error);
  lock_path = g_build_filename (dir, ".mcp.json.lock", NULL);
  test_wait_fd_open (atoi (g_subprocess_get_identifier (process)), lock_path);
  g_assert_true (g_file_set_contents (path, "{\"mcpServers\": {\"notes\": {\"command\": \"notes\"}}}\n", -1, NULL));
  close (fd);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_free (after);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_nonnull (strstr (after, "\"notes\""));
  g_assert_nonnull (strstr (after, "\"tether\""));
  {
    g_autofree char *token = read_token (fixture);

    g_assert_nonnull (strstr (after, token));
    g_assert_null (strstr (out, token));
    g_assert_null (strstr (err, token));
  }
}

/* A file Tether cannot edit safely: refused, untouched, and the entry to
 * paste printed as it goes in the file, token masked. */
static void
test_unsafe_shape (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (fixture->config_dir, "goose", NULL);
  g_autofree char *path = g_build_filename (dir, "config.yaml", NULL);
  const char *text = "extensions: {developer: {enabled: true, type: builtin}}\n";
  g_auto(TestRun) run = { 0 };
  g_autofree char *after = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  run_cli (fixture, &run, "clients", "connect", "goose", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "cannot edit it safely"));
  g_assert_true (g_str_has_prefix (run.out, "extensions:\n  tether:\n    enabled: true\n"));
  g_assert_nonnull (strstr (run.out, "\n    headers:\n      Authorization: \"Bearer ********\"\n"));
  assert_secret_kept (fixture, &run);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, text);
}

static void
test_help (Fixture       *fixture,
           gconstpointer  data)
{
  const char *commands[][5] = {
    { "connect", "--dry-run", "--profile=NAME", "--stdio", "--json" },
    { "disconnect", "--dry-run", "--json", NULL },
    { "disable-servers", "--dry-run", "--json", NULL },
    { "enable-servers", "--dry-run", "--json", NULL },
  };
  g_autofree char *token = g_build_filename (fixture->config_dir, "tether", "hub-token", NULL);
  g_auto(TestRun) top = { 0 };

  run_cli (fixture, &top, "clients", "--help", NULL);
  g_assert_cmpint (top.status, ==, 0);
  g_assert_nonnull (strstr (top.out, "clients connect NAME"));
  g_assert_nonnull (strstr (top.out, "clients disconnect NAME"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(TestRun) help = { 0 };

      run_cli (fixture, &help, "clients", commands[i][0], "--help", NULL);
      g_assert_cmpint (help.status, ==, 0);
      g_assert_cmpstr (help.err, ==, "");
      for (guint j = 1; j < G_N_ELEMENTS (commands[i]) && commands[i][j] != NULL; j++)
        g_assert_nonnull (strstr (help.out, commands[i][j]));
    }
  /* help wrote nothing, made no token */
  g_assert_false (g_file_test (token, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/Clients/Cli/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("http-end-to-end", test_http_end_to_end);
  ADD ("stdio-end-to-end", test_stdio_end_to_end);
  ADD ("dry-run-and-lock", test_dry_run_and_lock);
  ADD ("unsafe-shape", test_unsafe_shape);
  ADD ("help", test_help);
#undef ADD

  return g_test_run ();
}
