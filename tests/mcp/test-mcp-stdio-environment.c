/* test-mcp-stdio-environment.c — the environment a stdio server gets:
 * its variables, the count file, the process group's token
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gstdio.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "stdio-harness.h"
#include "test-fake-server.h"
#include "test-util.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn-error.h"

#define TOKEN_VARIABLE "TETHER_GROUP_TOKEN"

static void
test_environment (void)
{
  Harness *h;
  const char *env[] = { "TETHER_CONFIGURED=yes", "LANG=C.UTF-8", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) vars = NULL;
  gsize length;

  g_setenv ("TETHER_NOT_ALLOWED", "secret-value", TRUE);
  g_setenv ("XDG_TETHER_TEST", "allowed", TRUE);
  g_setenv ("BASH_FUNC_x%%", "() { echo; }", TRUE);

  h = harness_new (NULL);
  tether_process_set_environment (h->process, env);
  tether_process_set_search_path (h->process, "/tether/test/bin:/usr/bin:/bin");
  g_assert_true (harness_connect (h, &error));

  path = g_strdup_printf ("/proc/%d/environ", (int)h->pgid);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize i = 0; i + 1 < length; i++)
    if (contents[i] == '\0')
      contents[i] = '\n';
  vars = g_strsplit (contents, "\n", -1);

  g_assert_true (g_strv_contains ((const char * const *)vars, "TETHER_CONFIGURED=yes"));
  g_assert_true (g_strv_contains ((const char * const *)vars, "XDG_TETHER_TEST=allowed"));
  g_assert_true (g_strv_contains ((const char * const *)vars, "PATH=/tether/test/bin:/usr/bin:/bin"));
  g_assert_null (strstr (contents, "TETHER_NOT_ALLOWED"));
  g_assert_null (strstr (contents, "BASH_FUNC"));

  g_unsetenv ("TETHER_NOT_ALLOWED");
  g_unsetenv ("XDG_TETHER_TEST");
  g_unsetenv ("BASH_FUNC_x%%");
  harness_finish (h, 6000);
}

static void
test_count_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-test-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "counts", NULL);
  g_autofree char *contents = NULL;
  Harness *h = harness_new ("--count-file", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) r1 = NULL;
  g_autoptr(JsonNode) r2 = NULL;

  g_assert_true (harness_connect (h, &error));
  r1 = call_tool (h, "echo", "{\"message\":\"1\"}", NULL, &error);
  r2 = call_tool (h, "echo", "{\"message\":\"2\"}", NULL, &error);
  g_assert_no_error (error);
  harness_finish (h, 6000);

  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "initialize 1\ntools/call 2\n");
  g_unlink (file);
  g_rmdir (dir);
}

static void
capture_event (McpClient  *client,
               const char *text,
               gpointer    user_data)
{
  g_ptr_array_add (captured, g_strdup (text));
}

/* The server's group carries a random token in its environment, which what
 * it starts inherits and a configured variable cannot replace; no log line,
 * event, stderr line or error shows it. */
static void
test_group_token (void)
{
  const char *env[] = { TOKEN_VARIABLE "=forged", NULL };
  Harness *h;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autofree char *token = NULL;
  gboolean debug = g_log_get_debug_enabled ();

  captured = g_ptr_array_new_with_free_func (g_free);
  g_log_set_debug_enabled (TRUE);

  h = harness_new ("--grandchildren", "2", NULL);
  g_signal_connect (h->client, "event", G_CALLBACK (capture_event), NULL);
  g_signal_connect (h->client, "stderr-line", G_CALLBACK (capture_event), NULL);
  tether_process_set_environment (h->process, env);
  g_assert_true (harness_connect (h, &error));
  g_assert_no_error (error);
  reply = call_tool (h, "echo", "{\"message\":\"hello\"}", NULL, &error);
  g_assert_no_error (error);
  wait_for_grandchildren (h);

  token = test_environ_value (h->pgid, TOKEN_VARIABLE);
  g_assert_nonnull (token);
  g_assert_cmpuint (strlen (token), ==, 32);
  for (const char *p = token; *p != '\0'; p++)
    g_assert_true (g_ascii_isxdigit (*p));
  pids = grandchild_pids (h);
  for (guint i = 0; i < pids->len; i++)
    {
      g_autofree char *inherited = test_environ_value (g_array_index (pids, pid_t, i), TOKEN_VARIABLE);

      g_assert_cmpstr (inherited, ==, token);
    }

  harness_finish (h, 8000);
  g_log_set_debug_enabled (debug);

  /* debug messages among them: the spawn's own */
  g_assert_true (contains (captured, "started "));
  for (guint i = 0; i < captured->len; i++)
    g_assert_null (strstr (g_ptr_array_index (captured, i), token));
  g_clear_pointer (&captured, g_ptr_array_unref);
}

/* A grandchild that replaced its environment no longer carries the token:
 * once the server has been reaped, its group is not provably ours and is
 * left alone. Better one process left behind than someone else's killed. */
static void
test_cleared_environment (void)
{
  Harness *h = harness_new ("--grandchildren", "2", "--clear-grandchildren-env", "--ignore-stdin-eof", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(JsonNode) reply = NULL;

  g_assert_true (harness_connect (h, &error));
  wait_for_grandchildren (h);
  pids = grandchild_pids (h);
  g_assert_cmpuint (pids->len, ==, 2);
  for (guint i = 0; i < pids->len; i++)
    {
      g_autofree char *token = test_environ_value (g_array_index (pids, pid_t, i), TOKEN_VARIABLE);

      g_assert_null (token);
    }

  /* The leader dies and is reaped; the group's SIGKILL would follow. */
  reply = call_tool (h, "crash", NULL, NULL, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  wait_closed (h);

  for (guint i = 0; i < pids->len; i++)
    g_assert_true (test_pid_alive (g_array_index (pids, pid_t, i)));

  /* The test's own: gone now, for the leak check. */
  for (guint i = 0; i < pids->len; i++)
    {
      g_assert_cmpint (kill (g_array_index (pids, pid_t, i), SIGKILL), ==, 0);
      g_assert_true (test_wait_pid_gone (g_array_index (pids, pid_t, i), 5000));
    }

  harness_finish (h, 8000);
}

void
stdio_test_add_environment (void)
{
  g_test_add_func ("/Mcp/Stdio/environment", test_environment);
  g_test_add_func ("/Mcp/Stdio/count-file", test_count_file);
  g_test_add_func ("/Mcp/Stdio/group-token", test_group_token);
  /* On the host, the kill after the leader's exit runs as a script, later:
   * test-process-group checks that script on groups without the token. */
  if (!on_host)
    g_test_add_func ("/Mcp/Stdio/cleared-environment-left-alone", test_cleared_environment);
}
