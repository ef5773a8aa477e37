/* test-cli-use.c — tether-cli prompt, read, complete, and its answers to
 * what a server asks, against the fake server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <signal.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "test-util.h"

/* Runs tether-cli with @args then "-- fake-mcp-server"; stdin is empty. */
static int
run_cli (const char * const  *args,
         char               **out,
         char               **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, (gpointer)"--");
  g_ptr_array_add (argv, (gpointer)FAKE_MCP_SERVER);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *)argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE |
                               G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, "", NULL, out, err, &error);
  g_assert_no_error (error);

  return g_subprocess_get_exit_status (process);
}

#define RUN(out, err, ...) run_cli ((const char * const []){ __VA_ARGS__, NULL }, out, err)

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” is not in “%s”", needle, haystack);
}

static void
test_prompt (void)
{
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  g_assert_cmpint (RUN (&out, &err, "prompt", "greeting", "{\"name\":\"Ada\"}"), ==, 0);
  g_assert_cmpstr (out, ==, "user:\nSay hello to Ada.\n");
  g_assert_cmpint (RUN (&out2, &err2, "prompt", "greeting"), ==, 1);
  assert_contains (err2, "Missing required argument: name");
  g_assert_cmpint (RUN (&out3, &err3, "prompt", "greeting", "[1]"), ==, 2);
  assert_contains (err3, "must be a JSON object");
}

static void
test_read (void)
{
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-use-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "blob-1.png", NULL);
  g_autofree char *expected = g_strdup_printf ("[blob image/png, 70 bytes] %s\n", saved);
  g_autofree char *data = NULL;
  gsize length;

  g_assert_cmpint (RUN (&out, &err, "read", "fake://static/readme"), ==, 0);
  g_assert_cmpstr (out, ==, "# Read me\n\nA fake resource.\n\n");

  /* binary: a summary, never base64 */
  g_assert_cmpint (RUN (&out2, &err2, "read", "fake://static/pixel"), ==, 0);
  g_assert_cmpstr (out2, ==, "[blob image/png, 70 bytes]\n");

  g_assert_cmpint (RUN (&out3, &err3, "--save-dir", dir, "read", "fake://static/pixel"), ==, 0);
  g_assert_cmpstr (out3, ==, expected);
  g_assert_true (g_file_get_contents (saved, &data, &length, NULL));
  g_assert_cmpuint (length, ==, 70);
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);

  g_unlink (saved);
  g_rmdir (dir);
}

/* A resource that does not exist is said as such, naming it. */
static void
test_read_not_found (void)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (RUN (&out, &err, "read", "fake://nowhere/x"), ==, 1);
  g_assert_cmpstr (out, ==, "");
  assert_contains (err, "No resource at fake://nowhere/x");
}

static void
test_complete (void)
{
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  /* A server that answers completion/complete declares it. */
  g_assert_cmpint (RUN (&out3, &err3, "info"), ==, 0);
  assert_contains (out3, "logging, completions\n");

  g_assert_cmpint (RUN (&out, &err, "complete", "prompt", "greeting", "name", "A"), ==, 0);
  g_assert_cmpstr (out, ==, "Ada\nAlan\n");
  g_assert_cmpint (RUN (&out2, &err2, "complete", "tool", "x", "y", "z"), ==, 2);
  assert_contains (err2, "complete takes");
}

/* What the server asks: --root, --elicit, --sample, or declined. */
static void
test_answers (void)
{
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;
  g_autofree char *out4 = NULL, *err4 = NULL, *out5 = NULL, *err5 = NULL;
  g_autofree char *root = g_dir_make_tmp ("tether-cli-root-XXXXXX", NULL);
  g_autofree char *uri = g_filename_to_uri (root, NULL, NULL);
  static const char elicit[] =
    "{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Who?\",\"requestedSchema\":{\"type\":\"object\","
    "\"properties\":{\"name\":{\"type\":\"string\",\"default\":\"John Doe\"},\"age\":{\"type\":\"integer\"}}}}}";
  static const char sample[] =
    "{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[{\"role\":\"user\","
    "\"content\":{\"type\":\"text\",\"text\":\"Hi?\"}}],\"maxTokens\":5}}";

  g_assert_cmpint (RUN (&out, &err, "--root", root, "call", "ask", "{\"method\":\"roots/list\"}"), ==, 0);
  assert_contains (out, uri);

  g_assert_cmpint (RUN (&out2, &err2, "--elicit", "{\"age\":3}", "call", "ask", elicit), ==, 0);
  assert_contains (out2, "\"action\":\"accept\"");
  assert_contains (out2, "\"name\":\"John Doe\"");
  assert_contains (out2, "\"age\":3");

  /* no terminal and no --elicit: declined, and said how to answer */
  g_assert_cmpint (RUN (&out3, &err3, "call", "ask", elicit), ==, 0);
  assert_contains (out3, "\"action\":\"decline\"");
  assert_contains (err3, "--elicit JSON");

  g_assert_cmpint (RUN (&out4, &err4, "--sample", "hello there", "call", "ask", sample), ==, 0);
  assert_contains (out4, "\"text\":\"hello there\"");

  g_assert_cmpint (RUN (&out5, &err5, "call", "ask", sample), ==, 0);
  assert_contains (out5, "\"error\"");
  assert_contains (err5, "--sample TEXT");

  g_rmdir (root);
}

static void
test_bad_options (void)
{
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  g_assert_cmpint (RUN (&out, &err, "--root", "/nonexistent/folder", "tools"), ==, 2);
  assert_contains (err, "--root /nonexistent/folder: not a folder");
  g_assert_cmpint (RUN (&out2, &err2, "--elicit", "[]", "tools"), ==, 2);
  assert_contains (err2, "--elicit needs a JSON object");
  g_assert_cmpint (RUN (&out3, &err3, "--save-dir", "/nonexistent/folder", "tools"), ==, 2);
  assert_contains (err3, "not a folder");
}

/* tether-cli's environment, with the transport's events on stderr */
static char **
debug_environ (void)
{
  return g_environ_setenv (g_get_environ (), "G_MESSAGES_DEBUG", "mcp-transport", TRUE);
}

/* A server that keeps running after its input closes (a timer keeps it up)
 * is ended soon after the answer: SIGTERM comes TETHER_CLI_STOP_GRACE_MS
 * after the input closed, not the 2 s a long-running server gets. */
static void
test_timer_server_ends_soon (void)
{
  g_auto(TestRun) run = { 0 };
  g_auto(GStrv) env = debug_environ ();
  const char * const argv[] = {
    TETHER_CLI, "call", "add", "{\"a\":1,\"b\":2}", "--", FAKE_MCP_SERVER, "--ignore-stdin-eof", NULL
  };

  test_run_command (&run, argv, (const char * const *)env, 60);
  g_test_message ("call on a server that ignores the end of its input: %.0f ms", run.elapsed_ms);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "3\n");
  assert_contains (run.err, "the server did not exit 100 ms after its input closed; sending SIGTERM");
}

static gboolean
count_reached (const char *count_file,
               const char *method,
               guint       n)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (test_read_count (count_file, method) < n && g_get_monotonic_time () < deadline)
    g_usleep (10 * 1000);

  return test_read_count (count_file, method) >= n;
}

/* Ctrl-C during a tool call tells the server the call is cancelled before
 * the server is stopped, and tether-cli ends soon after. */
static void
test_interrupt_cancels (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-interrupt-XXXXXX", NULL);
  g_autofree char *count_file = g_build_filename (dir, "counts", NULL);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  gint64 interrupted;
  const char * const argv[] = {
    TETHER_CLI, "call", "slow", "{\"ms\":600000}", "--", FAKE_MCP_SERVER, "--count-file", count_file,
    "--ignore-stdin-eof", NULL
  };

  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (count_reached (count_file, "tools/call", 1));

  interrupted = g_get_monotonic_time ();
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("Ctrl-C to exit: %.0f ms", (g_get_monotonic_time () - interrupted) / 1000.0);

  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
  assert_contains (err, "interrupted");
  g_assert_cmpuint (test_read_count (count_file, "notifications/cancelled"), ==, 1);

  g_unlink (count_file);
  g_rmdir (dir);
}

/* add --root writes the roots into the entry; a command on the server
 * answers roots/list with them. */
static void
test_configured_roots (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-roots-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "servers.json", NULL);
  g_autofree char *root = g_build_filename (dir, "project", NULL);
  g_autofree char *uri = g_filename_to_uri (root, NULL, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_auto(TestRun) added = { 0 };
  g_auto(TestRun) asked = { 0 };
  g_auto(TestRun) refused = { 0 };
  const char * const add[] = {
    TETHER_CLI, "--config", config, "add", "fake", "--root", root, "--", FAKE_MCP_SERVER, NULL
  };
  const char * const ask[] = {
    TETHER_CLI, "--config", config, "call", "fake", "ask", "{\"method\":\"roots/list\"}", NULL
  };
  const char * const add_missing[] = {
    TETHER_CLI, "--config", config, "add", "other", "--root", "/nonexistent/folder", "--", FAKE_MCP_SERVER, NULL
  };

  g_assert_cmpint (g_mkdir (root, 0700), ==, 0);
  test_run_command (&added, add, NULL, 60);
  g_assert_cmpint (added.status, ==, 0);
  g_assert_true (g_file_get_contents (config, &contents, NULL, NULL));
  expected = g_strdup_printf ("\"tether\" : {\n        \"roots\" : [\n          \"%s\"\n        ]", root);
  assert_contains (contents, expected);

  test_run_command (&asked, ask, NULL, 60);
  g_assert_cmpint (asked.status, ==, 0);
  assert_contains (asked.out, uri);

  test_run_command (&refused, add_missing, NULL, 60);
  g_assert_cmpint (refused.status, ==, 2);
  assert_contains (refused.err, "--root /nonexistent/folder: not a folder");

  g_unlink (config);
  g_rmdir (root);
  test_remove_tree (dir);
}

/* An ad-hoc server gets the allow-listed part of the environment, then
 * --env-file, then --env (a later value winning); values are never
 * printed, and a bad option is refused before anything starts. */
static void
test_env (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-env-XXXXXX", NULL);
  g_autofree char *env_file = g_build_filename (dir, "server.env", NULL);
  g_autofree char *seen_file = g_build_filename (dir, "seen", NULL);
  g_autofree char *script = g_strdup_printf ("echo \"$FROM_FILE $SHARED $ONLY ${EXPORTED:-dropped} "
                                             "${HOME:+home} ${XDG_TEST_DIR:-no-xdg}\" > '%s'; exec \"$0\"",
                                             seen_file);
  g_autofree char *seen = NULL;
  g_auto(TestRun) run = { 0 };
  g_auto(TestRun) bad_name = { 0 };
  g_auto(TestRun) no_value = { 0 };
  g_auto(TestRun) special = { 0 };
  g_auto(TestRun) not_ad_hoc = { 0 };
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "EXPORTED", "secret-exported", TRUE);
  const char * const argv[] = {
    TETHER_CLI, "--env-file", env_file, "--env", "SHARED=from-flag", "tools", "--env", "ONLY=s3cr3t-value",
    "--", "/bin/sh", "-c", script, FAKE_MCP_SERVER, NULL
  };
  const char * const bad_name_argv[] = { TETHER_CLI, "--env", "1X=2", "tools", "--", FAKE_MCP_SERVER, NULL };
  const char * const no_value_argv[] = { TETHER_CLI, "--env", "s3cr3t", "tools", "--", FAKE_MCP_SERVER, NULL };
  const char * const special_argv[] = { TETHER_CLI, "--env-file", "/dev/zero", "tools", "--", FAKE_MCP_SERVER, NULL };
  const char * const not_ad_hoc_argv[] = { TETHER_CLI, "--url", "http://127.0.0.1:9/mcp", "--env", "A=1", "tools", NULL };

  env = g_environ_setenv (env, "XDG_TEST_DIR", "/xdg", TRUE);
  g_assert_true (g_file_set_contents (env_file, "# comment\nFROM_FILE=file\nexport SHARED=from-file\n", -1, NULL));

  test_run_command (&run, argv, (const char * const *)env, 60);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "echo");
  g_assert_true (g_file_get_contents (seen_file, &seen, NULL, NULL));
  g_assert_cmpstr (seen, ==, "file from-flag s3cr3t-value dropped home /xdg\n");
  g_assert_null (strstr (run.err, "s3cr3t"));

  test_run_command (&bad_name, bad_name_argv, NULL, 60);
  g_assert_cmpint (bad_name.status, ==, 2);
  assert_contains (bad_name.err, "--env: “1X” is not a valid variable name");

  test_run_command (&no_value, no_value_argv, NULL, 60);
  g_assert_cmpint (no_value.status, ==, 2);
  assert_contains (no_value.err, "--env needs NAME=VALUE");
  g_assert_null (strstr (no_value.err, "s3cr3t"));

  test_run_command (&special, special_argv, NULL, 60);
  g_assert_cmpint (special.status, ==, 2);
  assert_contains (special.err, "--env-file: /dev/zero is a character device, not a file");

  test_run_command (&not_ad_hoc, not_ad_hoc_argv, NULL, 60);
  g_assert_cmpint (not_ad_hoc.status, ==, 2);
  assert_contains (not_ad_hoc.err, "--env and --env-file are for a server command after “--”");

  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-use/prompt", test_prompt);
  g_test_add_func ("/cli-use/read", test_read);
  g_test_add_func ("/cli-use/read-not-found", test_read_not_found);
  g_test_add_func ("/cli-use/complete", test_complete);
  g_test_add_func ("/cli-use/answers", test_answers);
  g_test_add_func ("/cli-use/bad-options", test_bad_options);
  g_test_add_func ("/cli-use/timer-server-ends-soon", test_timer_server_ends_soon);
  g_test_add_func ("/cli-use/interrupt-cancels", test_interrupt_cancels);
  g_test_add_func ("/cli-use/configured-roots", test_configured_roots);
  g_test_add_func ("/cli-use/env", test_env);

  return g_test_run ();
}
