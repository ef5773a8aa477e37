/* test-tether-cli-list.c — tether-cli on a configuration file: list and the server commands by name
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against the fake stdio server, each test in a temporary directory of its
 * own (cli-config-harness.h).
 */

#include "config.h"

#include "cli-config-harness.h"

/* ---------------------------------------------------------------------- */
/* list and the server commands by name                                     */

static void
write_three (Fixture *fixture)
{
  /* Grandchildren outlive a server that just dies: only a clean stop of
   * its process group ends them. */
  g_autofree char *good = fake_entry (fixture, "good", "\"--grandchildren\", \"2\"", TRUE);
  g_autofree char *broken = fake_entry (fixture, "broken", "\"--crash-on-start\"", TRUE);
  g_autofree char *off = fake_entry (fixture, "off", NULL, FALSE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"good\": %s, \"broken\": %s, \"off\": %s}}",
                                             good, broken, off);

  write_config (fixture, config);
}

static void
test_list (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_auto(TestRun) text = { 0 };
  g_auto(TestRun) json = { 0 };
  g_auto(TestRun) empty = { 0 };
  JsonArray *servers;
  JsonObject *good, *broken, *off;

  write_three (fixture);
  before = read_config (fixture);

  run_cli (fixture, &text, "list", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.err, ==, "");
  assert_contains (text.out, "good    connected    10 tools · 2 prompts · 3 resources\n");
  assert_contains (text.out, "broken  error        ");
  assert_contains (text.out, "crashing on start as asked");
  assert_contains (text.out, "off     disabled\n");
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);

  run_cli (fixture, &json, "list", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  node = parse_json (json.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "file"), ==, fixture->path);
  servers = json_object_get_array_member (json_node_get_object (node), "servers");
  g_assert_cmpuint (json_array_get_length (servers), ==, 3);

  good = json_array_get_object_element (servers, 0);
  g_assert_cmpstr (json_object_get_string_member (good, "name"), ==, "good");
  g_assert_cmpstr (json_object_get_string_member (good, "state"), ==, "connected");
  g_assert_cmpint (json_object_get_int_member (good, "tools"), ==, 10);
  g_assert_true (json_object_get_null_member (good, "error"));

  broken = json_array_get_object_element (servers, 1);
  g_assert_cmpstr (json_object_get_string_member (broken, "state"), ==, "error");
  g_assert_cmpint (json_object_get_int_member (broken, "attempt"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (broken, "of"), ==, 3);
  g_assert_true (json_object_get_null_member (broken, "tools"));
  assert_contains (json_object_get_string_member (broken, "error"), "exited with status 3");

  off = json_array_get_object_element (servers, 2);
  g_assert_cmpstr (json_object_get_string_member (off, "state"), ==, "disabled");
  g_assert_false (json_object_get_boolean_member (off, "enabled"));

  /* Listing writes nothing. */
  after = read_config (fixture);
  g_assert_cmpstr (before, ==, after);

  /* The wait is bounded: a server still starting is shown as such. */
  {
    g_autofree char *slow = fake_entry (fixture, "slow", "\"--slow-start\", \"3000\"", TRUE);
    g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"slow\": %s}}", slow);
    g_autoptr(JsonNode) slow_node = NULL;
    g_auto(TestRun) bounded = { 0 };
    JsonObject *entry;
    gint64 start = g_get_monotonic_time ();

    write_config (fixture, config);
    run_cli (fixture, &bounded, "--json", "--timeout", "300", "list", NULL);
    g_assert_cmpint (bounded.status, ==, 0);
    g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
    slow_node = parse_json (bounded.out);
    entry = json_array_get_object_element (json_object_get_array_member (json_node_get_object (slow_node), "servers"), 0);
    g_assert_cmpstr (json_object_get_string_member (entry, "state"), ==, "connecting");
    g_assert_false (json_object_get_boolean_member (entry, "settled"));
    g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
  }

  /* A missing file is an empty configuration, and is not created. */
  g_unlink (fixture->path);
  run_cli (fixture, &empty, "list", NULL);
  g_assert_cmpint (empty.status, ==, 0);
  assert_contains (empty.out, "No servers in ");
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_commands_by_name (Fixture       *fixture,
                       gconstpointer  data)
{
  g_auto(TestRun) tools = { 0 };
  g_auto(TestRun) tools_json = { 0 };
  g_auto(TestRun) prompts = { 0 };
  g_auto(TestRun) resources = { 0 };
  g_auto(TestRun) info = { 0 };
  g_auto(TestRun) echo = { 0 };
  g_auto(TestRun) broken = { 0 };
  g_auto(TestRun) off = { 0 };
  g_auto(TestRun) nope = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) rnode = NULL;

  write_three (fixture);

  run_cli (fixture, &tools, "tools", "good", NULL);
  g_assert_cmpint (tools.status, ==, 0);
  g_assert_true (g_str_has_prefix (tools.out, "echo — Echo\n    Returns the message it is given.\n"));
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);

  run_cli (fixture, &tools_json, "--json", "tools", "good", NULL);
  g_assert_cmpint (tools_json.status, ==, 0);
  node = parse_json (tools_json.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (node), "tools")), ==, 10);

  run_cli (fixture, &prompts, "prompts", "good", NULL);
  g_assert_cmpint (prompts.status, ==, 0);
  assert_contains (prompts.out, "arguments: name (required), style");

  run_cli (fixture, &resources, "--json", "resources", "good", NULL);
  g_assert_cmpint (resources.status, ==, 0);
  rnode = parse_json (resources.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (rnode), "resources")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (rnode), "resourceTemplates")), ==, 1);

  run_cli (fixture, &info, "info", "good", NULL);
  g_assert_cmpint (info.status, ==, 0);
  assert_contains (info.out, "fake-mcp-server");
  assert_contains (info.out, "Configured:   stdio: " FAKE_MCP_SERVER " --count-file ");
  assert_contains (info.out, " --grandchildren 2\n");

  run_cli (fixture, &echo, "call", "good", "echo", "{\"message\":\"hello there\"}", NULL);
  g_assert_cmpint (echo.status, ==, 0);
  g_assert_cmpstr (echo.out, ==, "hello there\n");

  run_cli (fixture, &broken, "tools", "broken", NULL);
  g_assert_cmpint (broken.status, ==, 1);
  g_assert_cmpstr (broken.out, ==, "");
  assert_one_line_error (broken.err, "tether-cli: broken: ");
  assert_contains (broken.err, "crashing on start as asked");

  run_cli (fixture, &off, "call", "off", "echo", NULL);
  g_assert_cmpint (off.status, ==, 1);
  assert_one_line_error (off.err, "tether-cli: off: the server is disabled");
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);

  run_cli (fixture, &nope, "tools", "nope", NULL);
  g_assert_cmpint (nope.status, ==, 1);
  assert_one_line_error (nope.err, "has no server named “nope”");
  assert_contains (nope.err, fixture->path);

  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
}

/* Rule 4 through the managed server: a call that reached the server is
 * never sent again, whether it crashed the server or timed out. */
static void
test_call_not_repeated (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *count_file = counts_path (fixture, "good");
  g_auto(TestRun) crash = { 0 };
  g_auto(TestRun) hang = { 0 };

  write_three (fixture);

  run_cli (fixture, &crash, "call", "good", "crash", NULL);
  g_assert_cmpint (crash.status, ==, 1);
  assert_one_line_error (crash.err, "outcome is unknown");
  g_assert_cmpuint (test_read_count (count_file, "tools/call"), ==, 1);
  g_unlink (count_file);

  run_cli (fixture, &hang, "--timeout", "300", "call", "good", "hang", NULL);
  g_assert_cmpint (hang.status, ==, 1);
  assert_one_line_error (hang.err, "timed out");
  g_assert_cmpuint (test_read_count (count_file, "tools/call"), ==, 1);
  g_assert_cmpuint (test_read_count (count_file, "initialize"), ==, 1);
  g_unlink (count_file);

  /* The server's own timings bound the call: it goes through TetherServer. */
  {
    const char *args[] = { "call", "good", "hang", NULL };
    g_autoptr(GPtrArray) argv = cli_argv (fixture, TIMINGS ",call_timeout_ms=250,call_timeout_max_ms=250", args);
    g_auto(GStrv) env = cli_environment (fixture);
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    gint64 start = g_get_monotonic_time ();
    int wait_status;

    g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &wait_status, NULL));
    g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
    assert_one_line_error (err, "250 ms");
    g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
    g_assert_cmpuint (test_read_count (count_file, "tools/call"), ==, 1);
  }
}

/* Ctrl-C during a call on a configured server: the call is cancelled, the
 * server stopped (grandchildren too), exit 1. */
static void
test_interrupt_by_name (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *args[] = { "call", "good", "slow", "{\"ms\":600000}", NULL };
  g_autoptr(GPtrArray) argv = cli_argv (fixture, TIMINGS, args);
  g_autofree char *count_file = counts_path (fixture, "good");
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                      G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  write_three (fixture);
  g_subprocess_launcher_set_environ (launcher, env);
  cli = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);

  while (test_read_count (count_file, "tools/call") == 0 && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_cmpuint (test_read_count (count_file, "tools/call"), ==, 1);
  g_assert_cmpuint (test_count_processes_matching (count_file), ==, 3);

  g_subprocess_send_signal (cli, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (cli, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (cli));
  g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 1);
  assert_contains (err, "tether-cli: interrupted\n");
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
  g_assert_cmpuint (test_read_count (count_file, "tools/call"), ==, 1);
  g_assert_cmpuint (test_read_count (count_file, "initialize"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  CLI_CONFIG_TEST_ADD ("list", test_list);
  CLI_CONFIG_TEST_ADD ("commands-by-name", test_commands_by_name);
  CLI_CONFIG_TEST_ADD ("call-not-repeated", test_call_not_repeated);
  CLI_CONFIG_TEST_ADD ("interrupt-by-name", test_interrupt_by_name);

  return g_test_run ();
}
