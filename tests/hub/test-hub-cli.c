/* test-hub-cli.c — tether-cli serve, connect, watch --requests and
 * disable NAME/TOOL, as processes
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>

#include "hub-test-client.h"
#include "test-fake-server.h"
#include "test-util.h"

typedef struct
{
  char        *dir;
  char        *config_dir;
  char        *runtime_dir;
  char        *config;
  char        *url;
  char        *token;
  GSubprocess *serve;
  GDataInputStream *serve_out;
  gboolean     stopped;
} Fixture;

/* A test that fails and dies takes its tether-cli with it (which then
 * stops its servers). */
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

  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", fixture->config_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_RUNTIME_DIR", fixture->runtime_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "TETHER_TIMINGS", "reconnect_delay_ms=100,list_changed_delay_ms=20", TRUE);
  /* connect must never start a real Tether here */
  g_subprocess_launcher_setenv (launcher, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);

  return launcher;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *token_path = NULL;
  g_autofree char *line = NULL;
  g_autofree char *alpha_counts = NULL;
  g_autofree char *beta_counts = NULL;
  g_autofree char *alpha = NULL;
  g_autofree char *beta = NULL;

  fixture->dir = g_dir_make_tmp ("tether-hub-cli-XXXXXX", NULL);
  fixture->config_dir = g_build_filename (fixture->dir, "config", NULL);
  fixture->runtime_dir = g_build_filename (fixture->dir, "run", NULL);
  fixture->config = g_build_filename (fixture->dir, "servers.json", NULL);
  g_mkdir (fixture->config_dir, 0700);
  g_mkdir (fixture->runtime_dir, 0700);

  /* our directory in their command lines: no process of ours is left */
  alpha_counts = g_build_filename (fixture->dir, "alpha", NULL);
  beta_counts = g_build_filename (fixture->dir, "beta", NULL);
  alpha = test_fake_server_entry (alpha_counts, NULL, NULL);
  beta = test_fake_server_entry (beta_counts, NULL, NULL);
  contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s, \"beta\": %s},"
                              "\"profiles\": {\"solo\": {\"servers\": [\"alpha\"]}}}",
                              alpha, beta);
  g_assert_true (g_file_set_contents (fixture->config, contents, -1, NULL));

  spawner = launcher (fixture);
  fixture->serve = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "--config", fixture->config,
                                                "serve", "--listen", "127.0.0.1:0", NULL);
  g_assert_no_error (error);
  fixture->serve_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (fixture->serve));

  /* The URL is the first line. */
  line = g_data_input_stream_read_line (fixture->serve_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "http://127.0.0.1:"));
  g_assert_true (g_str_has_suffix (line, "/mcp"));
  fixture->url = g_steal_pointer (&line);

  token_path = g_build_filename (fixture->config_dir, "tether", "hub-token", NULL);
  g_assert_true (g_file_get_contents (token_path, &fixture->token, NULL, NULL));
  g_strchomp (fixture->token);
}

static void
stop_serve (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (fixture->serve, SIGTERM);
  g_subprocess_wait (fixture->serve, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (fixture->serve));
  g_assert_cmpint (g_subprocess_get_exit_status (fixture->serve), ==, 0);
  fixture->stopped = TRUE;
  test_assert_no_processes_matching (fixture->dir, 5000);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{

  if (fixture->serve != NULL && !fixture->stopped)
    stop_serve (fixture);
  g_clear_object (&fixture->serve_out);
  g_clear_object (&fixture->serve);

  /* the config, token and runtime folders, and what the servers wrote */
  test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->config_dir);
  g_free (fixture->runtime_dir);
  g_free (fixture->config);
  g_free (fixture->url);
  g_free (fixture->token);
}

static gboolean
tools_has (HubTestClient *client,
           const char    *name)
{
  g_autoptr(HubTestReply) reply = hub_test_client_post (client, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}", NULL);
  JsonArray *tools = json_object_get_array_member (hub_test_reply_result (reply, 9), "tools");

  for (guint i = 0; i < json_array_get_length (tools); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tools, i), "name"), name))
      return TRUE;

  return FALSE;
}

typedef struct
{
  HubTestClient *client;
  const char    *name;
  gboolean       wanted;
} ToolWait;

static gboolean
tool_is (gpointer data)
{
  ToolWait *wait = data;

  return tools_has (wait->client, wait->name) == wait->wanted;
}

static char *
run_cli (Fixture    *fixture,
         int        *status,
         const char *first,
         ...)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  va_list args;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  g_ptr_array_add (argv, (gpointer)"--config");
  g_ptr_array_add (argv, fixture->config);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_launcher_spawnv (spawner, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_exit_status (process);

  return out;
}

static void
wait_all_tools (Fixture       *fixture,
                HubTestClient *client)
{
  ToolWait wait = { client, "beta__echo", TRUE };
  ToolWait alpha = { client, "alpha__echo", TRUE };

  test_wait_until (tool_is, &wait, "beta's tools are offered");
  test_wait_until (tool_is, &alpha, "alpha's tools are offered");
}

/* serve applies another process's edit of the file at once. */
static void
test_serve_follows_edits (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(HubTestClient) client = hub_test_client_new (fixture->url, fixture->token);
  g_autoptr(HubTestReply) stream = NULL;
  g_autofree char *out = NULL;
  ToolWait gone = { client, "beta__echo", FALSE };
  ToolWait tool_gone = { client, "alpha__echo", FALSE };
  guint seen = 0;
  int status = -1;

  hub_test_client_initialize (client, NULL);
  wait_all_tools (fixture, client);
  stream = hub_test_client_open_stream (client);

  out = run_cli (fixture, &status, "disable", "beta", NULL);
  g_assert_cmpint (status, ==, 0);
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  test_wait_until (tool_is, &gone, "beta's tools go");
  g_clear_pointer (&out, g_free);

  /* one tool: the server runs on, only the tool goes */
  out = run_cli (fixture, &status, "disable", "alpha/echo", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "no longer offers"));
  test_wait_until (tool_is, &tool_gone, "alpha's echo goes");
  g_assert_true (tools_has (client, "alpha__add"));
  g_clear_pointer (&out, g_free);

  out = run_cli (fixture, &status, "enable", "alpha/echo", NULL);
  g_assert_cmpint (status, ==, 0);
  tool_gone.wanted = TRUE;
  test_wait_until (tool_is, &tool_gone, "alpha's echo comes back");
  g_clear_pointer (&out, g_free);

  stop_serve (fixture);
}

/* connect: the hub over stdio, and the activity of its requests. */
static void
test_connect_and_watch (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GSubprocess) connect = NULL;
  g_autoptr(GSubprocess) watch = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GDataInputStream) watch_out = NULL;
  g_autoptr(HubTestClient) client = hub_test_client_new (fixture->url, fixture->token);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  GOutputStream *in;
  const char *messages =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bridge-test\",\"version\":\"1\"}}}\n"
    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"over stdio\"}}}\n";
  gboolean got_initialize = FALSE, got_call = FALSE;

  hub_test_client_initialize (client, NULL);
  wait_all_tools (fixture, client);

  watch = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "watch", "--requests", NULL);
  g_assert_no_error (error);
  watch_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (watch));

  connect = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "connect", NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (connect);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (connect));
  g_assert_true (g_output_stream_write_all (in, messages, strlen (messages), NULL, NULL, &error));
  g_assert_no_error (error);

  while (!(got_initialize && got_call) &&
         (line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL)
    {
      g_autoptr(JsonNode) node = json_from_string (line, &error);

      g_assert_no_error (error);
      g_test_message ("connect: %s", line);
      if (strstr (line, "\"id\":1") != NULL && strstr (line, "\"serverInfo\"") != NULL)
        got_initialize = TRUE;
      if (strstr (line, "\"id\":2") != NULL)
        {
          g_assert_nonnull (strstr (line, "over stdio"));
          got_call = TRUE;
        }
      g_clear_pointer (&line, g_free);
    }
  g_assert_true (got_initialize && got_call);

  /* the end of stdin ends the bridge, cleanly */
  g_assert_true (g_output_stream_close (in, NULL, &error));
  g_subprocess_wait (connect, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (connect), ==, 0);

  /* the call shows in the activity, by the client's name, without its
   * arguments */
  while ((line = g_data_input_stream_read_line (watch_out, NULL, NULL, &error)) != NULL)
    {
      g_test_message ("watch: %s", line);
      g_assert_null (strstr (line, "over stdio"));
      if (strstr (line, "\"client\":\"bridge-test\"") != NULL && strstr (line, "\"method\":\"tools/call\"") != NULL)
        {
          g_assert_nonnull (strstr (line, "\"server\":\"alpha\""));
          g_assert_nonnull (strstr (line, "\"item\":\"echo\""));
          g_assert_nonnull (strstr (line, "\"outcome\":\"ok\""));
          break;
        }
      g_clear_pointer (&line, g_free);
    }
  g_assert_nonnull (line);

  g_subprocess_send_signal (watch, SIGTERM);
  g_subprocess_wait (watch, NULL, &error);
  g_assert_cmpint (g_subprocess_get_exit_status (watch), ==, 0);

  stop_serve (fixture);
}

/* connect passes on a request of the stateless revision (2026-07-28):
 * the headers the hub checks against its `_meta` are the bridge's to set. */
static void
test_connect_stateless (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GSubprocess) connect = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(HubTestClient) client = hub_test_client_new (fixture->url, fixture->token);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  GOutputStream *in;
  const char *messages =
    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"alpha__echo\","
    "\"arguments\":{\"message\":\"stateless over stdio\"},"
    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
    "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"bridge-2026\",\"version\":\"1\"},"
    "\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n";

  hub_test_client_initialize (client, NULL);
  wait_all_tools (fixture, client);

  connect = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "connect", NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (connect);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (connect));
  g_assert_true (g_output_stream_write_all (in, messages, strlen (messages), NULL, NULL, &error));
  g_assert_no_error (error);

  line = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_test_message ("connect: %s", line);
  g_assert_nonnull (strstr (line, "\"id\":5"));
  g_assert_null (strstr (line, "\"error\""));
  g_assert_nonnull (strstr (line, "stateless over stdio"));
  g_assert_nonnull (strstr (line, "\"resultType\":\"complete\""));

  g_assert_true (g_output_stream_close (in, NULL, &error));
  g_subprocess_wait (connect, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (connect), ==, 0);

  stop_serve (fixture);
}

/* With no hub and no way to start Tether, connect says why and fails. */
static void
test_connect_without_hub (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = NULL;
  g_autoptr(GSubprocess) connect = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *bin = g_build_filename (fixture->dir, "bin", NULL);
  g_autofree char *copy = g_build_filename (bin, "tether-cli", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  stop_serve (fixture);

  /* a tether-cli with no tether beside it */
  g_mkdir (bin, 0700);
  g_assert_true (g_file_get_contents (TETHER_CLI, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, (gssize)length, NULL));
  g_chmod (copy, 0700);

  spawner = launcher (fixture);
  g_subprocess_launcher_setenv (spawner, "TETHER_CONNECT_TIMEOUT_MS", "2000", TRUE);
  connect = g_subprocess_launcher_spawn (spawner, &error, copy, "connect", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (connect, "", NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_cmpint (g_subprocess_get_exit_status (connect), ==, 1);
  g_assert_nonnull (strstr (err, "No Tether hub is running"));
  g_assert_nonnull (strstr (err, "D-Bus"));

  g_unlink (copy);
  g_rmdir (bin);
}

/* What connect answers to initialize and tools/list (id 2), through
 * the hub, with the arguments given. */
static char *
connect_tools (Fixture    *fixture,
               const char *first,
               ...)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) connect = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  char *line = NULL;
  GOutputStream *in;
  va_list args;
  const char *messages =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"forms-test\",\"version\":\"1\"}}}\n"
    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  g_ptr_array_add (argv, (gpointer)"connect");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  connect = g_subprocess_launcher_spawnv (spawner, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (connect);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (connect));
  g_assert_true (g_output_stream_write_all (in, messages, strlen (messages), NULL, NULL, &error));
  g_assert_no_error (error);

  while ((line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL &&
         strstr (line, "\"id\":2") == NULL)
    g_clear_pointer (&line, g_free);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_test_message ("connect: %s", line);

  g_assert_true (g_output_stream_close (in, NULL, &error));
  g_subprocess_wait (connect, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (connect), ==, 0);

  return line;
}

/* The hub commands' options, as `--name VALUE` and `--name=VALUE` alike. */
static void
test_option_forms (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(HubTestClient) client = hub_test_client_new (fixture->url, fixture->token);
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GDataInputStream) second_out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *spaced = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *all = NULL;

  hub_test_client_initialize (client, NULL);
  wait_all_tools (fixture, client);

  /* --profile NAME and --profile=NAME: the profile's tools only */
  spaced = connect_tools (fixture, "--profile", "solo", NULL);
  joined = connect_tools (fixture, "--profile=solo", NULL);
  all = connect_tools (fixture, NULL);
  for (guint i = 0; i < 2; i++)
    {
      const char *tools = i == 0 ? spaced : joined;

      g_assert_nonnull (strstr (tools, "\"alpha__echo\""));
      g_assert_null (strstr (tools, "beta__"));
    }
  g_assert_nonnull (strstr (all, "\"beta__echo\""));

  /* --listen=127.0.0.1:0: a second hub on a port of its own */
  second = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "--config", fixture->config,
                                        "serve", "--listen=127.0.0.1:0", NULL);
  g_assert_no_error (error);
  second_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (second));
  line = g_data_input_stream_read_line (second_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "http://127.0.0.1:"));
  g_assert_cmpstr (line, !=, fixture->url);
  g_subprocess_send_signal (second, SIGTERM);
  g_subprocess_wait (second, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (second), ==, 0);

  stop_serve (fixture);
}

/* A port that is taken: a clear message naming it and the way out. */
static void
test_serve_port_taken (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) spawner = launcher (fixture);
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *listen = NULL;
  const char *port = strrchr (fixture->url, ':') + 1;

  listen = g_strdup_printf ("127.0.0.1:%.*s", (int)(strchr (port, '/') - port), port);
  second = g_subprocess_launcher_spawn (spawner, &error, TETHER_CLI, "--config", fixture->config,
                                        "serve", "--listen", listen, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (second, "", NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (second), ==, 1);
  g_assert_nonnull (strstr (err, "already in use"));
  g_assert_nonnull (strstr (err, "--listen 127.0.0.1:PORT"));
  g_assert_nonnull (strstr (err, "hub-port"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/HubCli/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("serve-follows-edits", test_serve_follows_edits);
  ADD ("connect-and-watch", test_connect_and_watch);
  ADD ("connect-stateless", test_connect_stateless);
  ADD ("connect-without-hub", test_connect_without_hub);
  ADD ("serve-port-taken", test_serve_port_taken);
  ADD ("option-forms", test_option_forms);

#undef ADD

  return g_test_run ();
}
