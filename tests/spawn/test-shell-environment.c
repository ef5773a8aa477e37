/* test-shell-environment.c — the login shell's PATH, resolved once and
 * bounded, against a fake login shell (tests/fake/fake-login-shell.sh) in
 * its modes
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test copies the fake shell into a directory of its own, so that
 * "no process of this test is left" can be checked by command line, and
 * asks a fresh TetherShellEnvironment to use it.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tether-server.h"
#include "tether-shell-environment.h"
#include "tether-spawn-error.h"
#include "test-server-util.h"
#include "test-util.h"

#define FAKE_LOGIN_SHELL_SOURCE "fake/fake-login-shell.sh"

typedef struct
{
  char                   *dir;
  char                   *shell;
  char                   *bin;
  char                   *count_file;
  TetherShellEnvironment *environment;
  guint                   fds_before;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, FAKE_LOGIN_SHELL_SOURCE, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-shell-XXXXXX", &error);
  g_assert_no_error (error);

  /* The shell, and a directory only its profile puts in PATH */
  fixture->shell = g_build_filename (fixture->dir, "login-shell", NULL);
  g_assert_true (g_file_get_contents (source, &contents, &length, &error));
  g_assert_true (g_file_set_contents (fixture->shell, contents, length, &error));
  g_assert_cmpint (g_chmod (fixture->shell, 0755), ==, 0);
  fixture->bin = g_build_filename (fixture->dir, "bin", NULL);
  g_assert_cmpint (g_mkdir (fixture->bin, 0755), ==, 0);
  fixture->count_file = g_build_filename (fixture->dir, "starts", NULL);

  g_setenv ("FAKE_LOGIN_PREPEND", fixture->bin, TRUE);
  g_setenv ("FAKE_LOGIN_COUNT_FILE", fixture->count_file, TRUE);
  g_unsetenv ("FAKE_LOGIN_MODE");

  fixture->environment = tether_shell_environment_new ();
  tether_shell_environment_set_shell (fixture->environment, fixture->shell);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  test_assert_finalized (g_steal_pointer (&fixture->environment));

  /* The shell, and anything it started, is gone. */
  test_assert_no_processes_matching (fixture->dir, 3000);
  test_assert_no_leftovers (fixture->fds_before, 0, 3000);

  g_unsetenv ("FAKE_LOGIN_PREPEND");
  g_unsetenv ("FAKE_LOGIN_COUNT_FILE");
  g_unsetenv ("FAKE_LOGIN_MODE");

  dir = g_dir_open (fixture->bin, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->bin, name, NULL);
      g_unlink (path);
    }
  g_rmdir (fixture->bin);
  g_unlink (fixture->shell);
  g_unlink (fixture->count_file);
  g_rmdir (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->shell, g_free);
  g_clear_pointer (&fixture->bin, g_free);
  g_clear_pointer (&fixture->count_file, g_free);
}

static void
resolve (TetherShellEnvironment *environment)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tether_shell_environment_resolve_async (environment, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_shell_environment_resolve_finish (environment, result, &error));
  g_assert_no_error (error);
  g_assert_true (tether_shell_environment_get_resolved (environment));
}

static char *
find_program (TetherShellEnvironment  *environment,
              const char              *command,
              GError                 **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  tether_shell_environment_find_program_async (environment, command, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);

  return tether_shell_environment_find_program_finish (environment, result, error);
}

static guint
count_starts (Fixture    *fixture,
              const char *line)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  if (!g_file_get_contents (fixture->count_file, &contents, NULL, NULL))
    return 0;

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (line == NULL ? lines[i][0] != '\0' : g_str_equal (lines[i], line))
      n++;

  return n;
}

static void
assert_no_repeats (const char *path)
{
  g_auto(GStrv) dirs = g_strsplit (path, ":", -1);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_assert_cmpstr (dirs[i], !=, "");
      for (guint j = i + 1; dirs[j] != NULL; j++)
        g_assert_cmpstr (dirs[i], !=, dirs[j]);
    }
}

/* Our PATH, without repeats: what a fallback gives. */
static char *
tidy_our_path (void)
{
  g_auto(GStrv) dirs = g_strsplit (g_getenv ("PATH"), ":", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      gboolean seen = dirs[i][0] == '\0';

      for (guint j = 0; j < kept->len && !seen; j++)
        seen = g_str_equal (g_ptr_array_index (kept, j), dirs[i]);
      if (!seen)
        g_ptr_array_add (kept, dirs[i]);
    }
  g_ptr_array_add (kept, NULL);

  return g_strjoinv (":", (char **)kept->pdata);
}

/* The profile's PATH comes back, and finds what only it can find. */
static void
test_login_path (Fixture       *fixture,
                 gconstpointer  data)
{
  TetherShellEnvironment *environment = fixture->environment;
  g_autofree char *link = g_build_filename (fixture->bin, "tether-only-in-login-path", NULL);
  g_autofree char *prefix = g_strconcat (fixture->bin, ":", NULL);
  g_autofree char *found = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *env;

  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);
  g_assert_null (g_find_program_in_path ("tether-only-in-login-path"));
  g_assert_false (tether_shell_environment_get_resolved (environment));

  resolve (environment);
  g_test_message ("resolved in %u ms: PATH=%s", tether_shell_environment_get_elapsed_ms (environment),
                  tether_shell_environment_get_path (environment));

  g_assert_true (tether_shell_environment_get_from_login_shell (environment));
  g_assert_false (tether_shell_environment_get_on_host (environment));
  g_assert_cmpstr (tether_shell_environment_get_login_shell (environment), ==, fixture->shell);
  g_assert_null (tether_shell_environment_get_note (environment));
  g_assert_true (g_str_has_prefix (tether_shell_environment_get_path (environment), prefix));
  assert_no_repeats (tether_shell_environment_get_path (environment));
  g_assert_cmpuint (tether_shell_environment_get_elapsed_ms (environment), <, TETHER_SHELL_ENVIRONMENT_DEFAULT_TIMEOUT_MS);

  env = tether_shell_environment_get_environment (environment);
  g_assert_cmpstr (g_environ_getenv ((char **)env, "FAKE_LOGIN_PROFILE_RAN"), ==, "1");
  g_assert_cmpstr (g_environ_getenv ((char **)env, "PATH"), ==, tether_shell_environment_get_path (environment));
  g_assert_cmpstr (g_environ_getenv ((char **)env, "HOME"), ==, g_get_home_dir ());
  g_assert_cmpuint (count_starts (fixture, "start interactive=1"), ==, 1);

  /* The command is found in the login shell's PATH... */
  found = find_program (environment, "tether-only-in-login-path", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found, ==, link);

  /* ...and what is nowhere says where it was looked for. */
  g_clear_pointer (&found, g_free);
  found = find_program (environment, "tether-no-such-command", &error);
  g_assert_null (found);
  g_assert_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "tether-no-such-command"));
  g_assert_nonnull (strstr (error->message, tether_shell_environment_get_path (environment)));

  /* Once: no second start */
  resolve (environment);
  g_assert_cmpuint (count_starts (fixture, NULL), ==, 1);
}

/* A server whose command only the login shell's PATH has connects. */
static void
test_server_uses_login_path (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *link = g_build_filename (fixture->bin, "tether-only-in-login-path", NULL);
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("login");
  TetherServer *server;

  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);
  tether_server_config_set_command (config, "tether-only-in-login-path");

  server = tether_server_new (config, NULL);
  g_assert_true (tether_server_get_shell_environment (server) == tether_shell_environment_get_default ());
  tether_server_set_shell_environment (server, fixture->environment);
  tether_server_start (server);
  test_server_wait_settled (server, "waiting for the server to connect");
  g_assert_cmpstr (tether_server_get_error_message (server), ==, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (tether_server_get_attempt (server), ==, 1);

  test_server_stop (server);

  /* Without the login shell's PATH the same command is not found, and the
   * error says where it was looked for. */
  server = tether_server_new (config, NULL);
  tether_server_set_shell_environment (server, NULL);
  tether_server_start (server);
  test_server_wait_settled (server, "waiting for the server to fail");
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_ERROR);
  g_assert_cmpuint (tether_server_get_attempt (server), ==, 1);
  g_test_message ("without it: %s", tether_server_get_error_message (server));
  g_assert_nonnull (strstr (tether_server_get_error_message (server), "command not found: tether-only-in-login-path"));
  g_assert_nonnull (strstr (tether_server_get_error_message (server), g_getenv ("PATH")));
  test_assert_finalized (server);
}

/* A shell that will not be interactive without a terminal: -l -c then. */
static void
test_no_interactive (Fixture       *fixture,
                     gconstpointer  data)
{
  g_setenv ("FAKE_LOGIN_MODE", "no-interactive", TRUE);
  resolve (fixture->environment);

  g_assert_true (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_null (tether_shell_environment_get_note (fixture->environment));
  g_assert_cmpuint (count_starts (fixture, "start interactive=1"), ==, 1);
  g_assert_cmpuint (count_starts (fixture, "start interactive=0"), ==, 1);
}

/* A shell that never finishes: bounded, killed, and the fallback says so. */
static void
test_hang (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *ours = tidy_our_path ();
  gint64 start = g_get_monotonic_time ();
  guint elapsed;
  const char *note;

  g_setenv ("FAKE_LOGIN_MODE", "hang", TRUE);
  tether_shell_environment_set_timeout (fixture->environment, 400);
  resolve (fixture->environment);
  elapsed = (guint)((g_get_monotonic_time () - start) / 1000);
  note = tether_shell_environment_get_note (fixture->environment);
  g_test_message ("gave up after %u ms: %s", elapsed, note);

  g_assert_cmpuint (elapsed, >=, 400);
  g_assert_cmpuint (elapsed, <, 3000);
  g_assert_false (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_nonnull (strstr (note, fixture->shell));
  g_assert_nonnull (strstr (note, "did not print its environment within 0.4 s"));
  g_assert_nonnull (strstr (note, "using Tether’s own environment"));
  g_assert_cmpstr (tether_shell_environment_get_path (fixture->environment), ==, ours);
  /* No second try after a timeout */
  g_assert_cmpuint (count_starts (fixture, NULL), ==, 1);
}

/* Garbage instead of an environment: both ways tried, then the fallback. */
static void
test_garbage (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *ours = tidy_our_path ();
  const char *note;

  g_setenv ("FAKE_LOGIN_MODE", "garbage", TRUE);
  resolve (fixture->environment);
  note = tether_shell_environment_get_note (fixture->environment);
  g_test_message ("%s", note);

  g_assert_false (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_nonnull (strstr (note, "printed no environment (it exited with status 0)"));
  g_assert_cmpstr (tether_shell_environment_get_path (fixture->environment), ==, ours);
  g_assert_null (g_environ_getenv ((char **)tether_shell_environment_get_environment (fixture->environment),
                                   "FAKE_LOGIN_PROFILE_RAN"));
  g_assert_cmpuint (count_starts (fixture, NULL), ==, 2);
}

/* A profile that fails: the status and what it said on stderr. */
static void
test_fail (Fixture       *fixture,
           gconstpointer  data)
{
  const char *note;

  g_setenv ("FAKE_LOGIN_MODE", "fail", TRUE);
  resolve (fixture->environment);
  note = tether_shell_environment_get_note (fixture->environment);
  g_test_message ("%s", note);

  g_assert_false (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_nonnull (strstr (note, "exited with status 3: fake-login-shell: broken profile"));
}

/* A shell that does not exist */
static void
test_missing_shell (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (fixture->dir, "no-such-shell", NULL);
  const char *note;

  tether_shell_environment_set_shell (fixture->environment, missing);
  resolve (fixture->environment);
  note = tether_shell_environment_get_note (fixture->environment);
  g_test_message ("%s", note);

  g_assert_false (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_nonnull (strstr (note, missing));
  g_assert_nonnull (strstr (note, "printed no environment"));
}

/* A prompt reading standard input gets end-of-file, not a wait. */
static void
test_read_stdin (Fixture       *fixture,
                 gconstpointer  data)
{
  g_setenv ("FAKE_LOGIN_MODE", "read-stdin", TRUE);
  tether_shell_environment_set_timeout (fixture->environment, 3000);
  resolve (fixture->environment);

  g_assert_true (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_cmpuint (tether_shell_environment_get_elapsed_ms (fixture->environment), <, 3000);
}

/* Greetings around the environment do no harm. */
static void
test_noisy (Fixture       *fixture,
            gconstpointer  data)
{
  g_setenv ("FAKE_LOGIN_MODE", "noisy", TRUE);
  resolve (fixture->environment);

  g_assert_true (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_cmpstr (g_environ_getenv ((char **)tether_shell_environment_get_environment (fixture->environment),
                                     "FAKE_LOGIN_PROFILE_RAN"), ==, "1");
}

/* Callers during a resolution join it; a cancelled one leaves alone. */
static void
test_join_and_cancel (Fixture       *fixture,
                      gconstpointer  data)
{
  TetherShellEnvironment *environment = fixture->environment;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) first = NULL;
  g_autoptr(GAsyncResult) second = NULL;
  g_autoptr(GAsyncResult) cancelled = NULL;
  g_autoptr(GAsyncResult) later = NULL;
  g_autoptr(GError) error = NULL;

  tether_shell_environment_resolve_async (environment, NULL, test_store_result, &first);
  tether_shell_environment_resolve_async (environment, cancellable, test_store_result, &cancelled);
  tether_shell_environment_resolve_async (environment, NULL, test_store_result, &second);
  g_cancellable_cancel (cancellable);

  test_wait_for (&cancelled);
  g_assert_false (tether_shell_environment_resolve_finish (environment, cancelled, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  test_wait_for (&first);
  test_wait_for (&second);
  g_assert_true (tether_shell_environment_resolve_finish (environment, first, NULL));
  g_assert_true (tether_shell_environment_resolve_finish (environment, second, NULL));
  g_assert_true (tether_shell_environment_get_from_login_shell (environment));
  g_assert_cmpuint (count_starts (fixture, NULL), ==, 1);

  /* Resolved: at once */
  tether_shell_environment_resolve_async (environment, NULL, test_store_result, &later);
  test_wait_for (&later);
  g_assert_true (tether_shell_environment_resolve_finish (environment, later, NULL));
  g_assert_cmpuint (count_starts (fixture, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  test_warm_up ();

#define ADD(path, func) \
  g_test_add ("/Servers/ShellEnvironment/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("login-path", test_login_path);
  ADD ("server-uses-login-path", test_server_uses_login_path);
  ADD ("no-interactive", test_no_interactive);
  ADD ("hang", test_hang);
  ADD ("garbage", test_garbage);
  ADD ("fail", test_fail);
  ADD ("missing-shell", test_missing_shell);
  ADD ("read-stdin", test_read_stdin);
  ADD ("noisy", test_noisy);
  ADD ("join-and-cancel", test_join_and_cancel);

#undef ADD

  return g_test_run ();
}
