/* test-tether-cli-watch.c — tether-cli on a configuration file: watch as a script reads it, and the sweep of what a killed Tether left
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

/* kill -9 of a connected server: it leaves `connected` at once, waits,
 * reconnects and is back, with a new process. */
static void
test_watch_kill (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, "a", NULL, TRUE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"a\": %s}}", a);
  g_autoptr(Watch) watch = NULL;
  g_autofree char *states = NULL;
  g_autofree char *count_file = counts_path (fixture, "a");
  JsonObject *waiting;
  guint connected, after;
  gint64 killed_at;
  pid_t pid;

  write_config (fixture, config);
  watch = watch_start (fixture, TIMINGS);

  connected = watch_wait_for (watch, 0, "a", "connected", 5000);
  g_assert_cmpint (json_object_get_int_member (g_ptr_array_index (watch->lines, connected), "attempt"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (g_ptr_array_index (watch->lines, connected), "of"), ==, 3);
  states = watch_states (watch, 0, "a");
  g_assert_cmpstr (states, ==, "disconnected connecting connected");

  pid = server_pid (fixture, "a");
  after = watch->lines->len;
  killed_at = g_get_monotonic_time ();
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);

  /* Dead is never green: the next line already says so. */
  watch_wait_for (watch, after, "a", "waiting", 2000);
  waiting = g_ptr_array_index (watch->lines, after);
  g_assert_cmpstr (line_server (waiting), ==, "a");
  g_assert_cmpstr (line_state (waiting), ==, "waiting");
  g_test_message ("left connected %.0f ms after the kill", (g_get_monotonic_time () - killed_at) / 1000.0);
  assert_contains (json_object_get_string_member (waiting, "error"), "signal 9");
  g_assert_cmpint (json_object_get_int_member (waiting, "retry_in_ms"), >, 0);
  g_assert_cmpint (json_object_get_int_member (waiting, "retry_in_ms"), <=, 200);

  watch_wait_for (watch, after, "a", "connected", 5000);
  g_clear_pointer (&states, g_free);
  states = watch_states (watch, after, "a");
  g_assert_cmpstr (states, ==, "waiting connecting connected");
  g_assert_true (json_object_get_null_member (g_ptr_array_index (watch->lines, watch->lines->len - 1), "error"));
  g_assert_cmpint (server_pid (fixture, "a"), !=, pid);
  g_assert_cmpuint (test_read_count (count_file, "initialize"), ==, 2);

  watch_stop (watch, SIGTERM);
}

/* Starts watch on a server with two children, then kills watch with
 * SIGKILL: the server dies with it (PR_SET_PDEATHSIG), but what the server
 * started lives on, as npx's node would.
 *
 * Orphans come to this process (a subreaper), not to PID 1: the test reaps
 * the server itself, so that its group is left with no leader, as it is
 * wherever PID 1 or a subreaper reaps at once (systemd --user on a desktop,
 * bwrap in the flatpak build sandbox). A PID 1 that reaps late would keep a
 * zombie leader, and the group's number would still lead back to it.
 *
 * Returns: the server's process group; @token gets the token its members
 *   carry, @orphans the two children, registered to be stopped should the
 *   test fail before the sweep does */
static pid_t
orphan_grandchildren (Fixture  *fixture,
                      char    **token,
                      GArray  **orphans)
{
  g_autofree char *a = fake_entry (fixture, "a", "\"--grandchildren\", \"2\"", TRUE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"a\": %s}}", a);
  g_autofree char *needle = counts_path (fixture, "a");
  g_autoptr(Watch) watch = NULL;
  g_autoptr(GArray) before = NULL;
  pid_t leader = 0;
  pid_t reaped;
  gint64 deadline;

  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1), ==, 0);

  write_config (fixture, config);
  watch = watch_start (fixture, TIMINGS);
  watch_wait_for (watch, 0, "a", "connected", 5000);
  before = test_find_processes_matching (needle);
  g_assert_cmpuint (before->len, ==, 3);   /* the server and its two children */
  for (guint i = 0; i < before->len; i++)
    test_stop_on_failure (g_array_index (before, pid_t, i));

  /* The server leads the group (its pid is the group's number); its
   * children are in it. */
  for (guint i = 0; i < before->len; i++)
    if (getpgid (g_array_index (before, pid_t, i)) == g_array_index (before, pid_t, i))
      leader = g_array_index (before, pid_t, i);
  g_assert_cmpint (leader, >, 1);
  for (guint i = 0; i < before->len; i++)
    g_assert_cmpint (getpgid (g_array_index (before, pid_t, i)), ==, leader);

  /* What lets the sweep prove the leftovers are ours: the group's token */
  *token = test_environ_value (leader, "TETHER_GROUP_TOKEN");
  g_assert_nonnull (*token);

  g_subprocess_force_exit (watch->process);
  g_assert_true (g_subprocess_wait (watch->process, NULL, NULL));
  g_assert_true (g_subprocess_get_if_signaled (watch->process));

  /* The server goes with tether-cli (killed, or ended by the end of its
   * input just before), and is reaped: no process has the group's number
   * as its pid any more. */
  deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while ((reaped = waitpid (leader, NULL, WNOHANG)) == 0 && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_cmpint (reaped, ==, leader);
  g_assert_cmpint (getpgid (leader), ==, -1);

  /* Its children stay, in its group. */
  *orphans = test_find_processes_matching (needle);
  g_assert_cmpuint ((*orphans)->len, ==, 2);
  g_usleep (200 * 1000);
  for (guint i = 0; i < (*orphans)->len; i++)
    {
      g_assert_true (test_pid_alive (g_array_index (*orphans, pid_t, i)));
      g_assert_cmpint (getpgid (g_array_index (*orphans, pid_t, i)), ==, leader);
    }

  return leader;
}

/* kill -9 of Tether itself leaves the server's children running. The next
 * Tether stops those before it starts anything, although the group's
 * leader is long gone. */
static void
test_sweep_after_kill (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GArray) orphans = NULL;
  g_auto(TestRun) run = { 0, };
  g_autofree char *token = NULL;
  g_autofree char *ledger = NULL;
  g_autofree char *text = NULL;
  g_autofree char *stopped = NULL;
  pid_t pgid;

  pgid = orphan_grandchildren (fixture, &token, &orphans);

  /* Written down under the group's number, by the token's digest only */
  ledger = g_strdup_printf ("%s/run/tether/groups/%d", fixture->dir, (int)pgid);
  g_assert_true (g_file_get_contents (ledger, &text, NULL, NULL));
  g_assert_null (strstr (text, token));

  /* The next tether-cli that starts servers stops them first. */
  run_cli (fixture, &run, "list", NULL);
  g_assert_cmpint (run.status, ==, 0);
  stopped = g_strdup_printf ("Stopped 2 processes of process group %d,", (int)pgid);
  assert_contains (run.err, stopped);
  g_assert_null (strstr (run.out, token));
  g_assert_null (strstr (run.err, token));
  for (guint i = 0; i < orphans->len; i++)
    {
      pid_t pid = g_array_index (orphans, pid_t, i);
      int status = 0;

      /* Ours to reap, as their subreaper: killed by the sweep */
      g_assert_true (test_wait_pid_gone (pid, 3000));
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
    }
  g_assert_false (g_file_test (ledger, G_FILE_TEST_EXISTS));

  /* and the ledger holds nothing more: a second start finds nothing */
  test_run_clear (&run);
  run_cli (fixture, &run, "list", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.err, "Stopped"));

  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 0), ==, 0);
}

/* A test that fails with the server's children orphaned does not leave
 * them running: as it fails, it stops what it registered. The failing test
 * runs in a child (this program, on one test alone), which says where its
 * orphans were. A failed g_assert*() aborts (SIGABRT), g_error() stops the
 * program with SIGTRAP: both are tried. */
#define ORPHANS_FILE_VARIABLE "TETHER_TEST_ORPHANS_FILE"

typedef struct
{
  const char *child_path;   /* the failing test */
  int         signum;       /* what ends it */
} FailingChild;

static const FailingChild failing_assert = { "/Tether/Cli/Config/sweep-failing-child/assert", SIGABRT };
static const FailingChild failing_error = { "/Tether/Cli/Config/sweep-failing-child/error", SIGTRAP };

/* Only in that child: fails on purpose, the orphans running. */
static void
test_sweep_failing_child (Fixture       *fixture,
                          gconstpointer  data)
{
  const FailingChild *how = data;

  g_autoptr(GArray) orphans = NULL;
  g_autofree char *token = NULL;
  g_autoptr(GString) out = g_string_new (fixture->dir);

  orphan_grandchildren (fixture, &token, &orphans);
  for (guint i = 0; i < orphans->len; i++)
    g_string_append_printf (out, "\n%d", (int)g_array_index (orphans, pid_t, i));
  g_assert_true (g_file_set_contents (g_getenv (ORPHANS_FILE_VARIABLE), out->str, -1, NULL));

  g_printerr ("failing on purpose, with %u orphans running\n", orphans->len);
  if (how->signum == SIGABRT)
    g_assert_cmpuint (orphans->len, ==, 0);   /* fails: there are two */
  g_error ("failing on purpose");
}

/* The child fails on purpose: no core file for it. */
static void
failing_child_setup (gpointer user_data)
{
  struct rlimit none = { 0, 0 };

  setrlimit (RLIMIT_CORE, &none);
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
test_sweep_failure_stops_orphans (Fixture       *fixture,
                                  gconstpointer  data)
{
  const FailingChild *how = data;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "-p", how->child_path, NULL };
  g_autofree char *report = g_build_filename (fixture->dir, "orphans", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                      G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint alive = 0;

  g_assert_nonnull (self);
  g_subprocess_launcher_setenv (launcher, ORPHANS_FILE_VARIABLE, report, TRUE);
  g_subprocess_launcher_set_child_setup (launcher, failing_child_setup, NULL, NULL);
  child = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (child, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_test_message ("the failing child's stderr:\n%s", err);

  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_true (g_str_has_prefix (lines[0], g_get_tmp_dir ()));
  g_assert_nonnull (strstr (lines[0], "/tether-cli-config-"));

  /* Each one is gone; one that is not is counted, then stopped here. */
  for (guint i = 1; lines[i] != NULL; i++)
    {
      pid_t pid = (pid_t)atoi (lines[i]);
      g_autoptr(GArray) still = NULL;

      g_assert_cmpint (pid, >, 1);
      if (test_wait_pid_gone (pid, 3000))
        continue;

      still = test_find_processes_matching (lines[0]);
      for (guint j = 0; j < still->len; j++)
        if (g_array_index (still, pid_t, j) == pid)
          {
            kill (pid, SIGKILL);
            alive++;
          }
    }
  test_remove_tree (lines[0]);
  g_assert_cmpuint (alive, ==, 0);

  /* It failed where it meant to, ended by the signal rather than an exit. */
  assert_contains (err, "failing on purpose, with 2 orphans running");
  g_assert_true (g_subprocess_get_if_signaled (child));
  g_assert_cmpint (g_subprocess_get_term_sig (child), ==, how->signum);
}

/* A server that keeps dying soon after connecting stops in `error`, and
 * nothing of it runs any more. */
static void
test_watch_flapping (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *flap = fake_entry (fixture, "flap", "\"--crash-after-ms\", \"500\"", TRUE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"flap\": %s}}", flap);
  g_autoptr(Watch) watch = NULL;
  g_autofree char *states = NULL;
  g_autofree char *count_file = counts_path (fixture, "flap");
  JsonObject *error_line;
  guint at, n;

  write_config (fixture, config);
  watch = watch_start (fixture, TIMINGS ",reconnect_delay_ms=50,max_quick_failures=3,healthy_after_ms=10000");

  at = watch_wait_for (watch, 0, "flap", "error", 10000);
  error_line = g_ptr_array_index (watch->lines, at);
  assert_contains (json_object_get_string_member (error_line, "error"), "Gave up after 3 failures in a row");
  assert_contains (json_object_get_string_member (error_line, "error"), "status 70");

  states = watch_states (watch, 0, "flap");
  g_assert_cmpstr (states, ==,
                   "disconnected connecting connected "
                   "waiting connecting connected "
                   "waiting connecting connected "
                   "error");
  g_assert_cmpuint (test_read_count (count_file, "initialize"), ==, 3);

  /* It stays there, and nothing of it runs. */
  n = watch->lines->len;
  watch_idle (watch, 600);
  g_assert_cmpuint (watch->lines->len, ==, n);
  g_assert_cmpuint (test_count_processes_matching (count_file), ==, 0);
  g_assert_cmpuint (test_read_count (count_file, "initialize"), ==, 3);

  watch_stop (watch, SIGTERM);
}

/* An edit of the file from outside restarts only the server whose entry
 * changed; a bad edit is reported and changes nothing; a server taken out
 * stops. */
static void
test_watch_external_edit (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, "a", NULL, TRUE);
  g_autofree char *b = fake_entry (fixture, "b", NULL, TRUE);
  g_autofree char *b2 = fake_entry (fixture, "b", "\"--tools\", \"3\"", TRUE);
  g_autofree char *before = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b);
  g_autofree char *after = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b2);
  g_autofree char *only_a = g_strdup_printf ("{\"mcpServers\": {\"a\": %s}}", a);
  g_autofree char *states_a = NULL;
  g_autofree char *states_b = NULL;
  g_autofree char *count_b = counts_path (fixture, "b");
  g_autoptr(Watch) watch = NULL;
  JsonObject *line;
  pid_t pa, pb;
  guint mark;

  write_config (fixture, before);
  watch = watch_start (fixture, TIMINGS);
  watch_wait_for (watch, 0, "a", "connected", 5000);
  watch_wait_for (watch, 0, "b", "connected", 5000);
  pa = server_pid (fixture, "a");
  pb = server_pid (fixture, "b");

  mark = watch->lines->len;
  write_config (fixture, after);
  watch_wait_for (watch, mark, "b", "connected", 5000);
  watch_idle (watch, 300);

  states_a = watch_states (watch, mark, "a");
  states_b = watch_states (watch, mark, "b");
  g_assert_cmpstr (states_a, ==, "");
  g_assert_cmpstr (states_b, ==, "connecting connected");
  g_assert_cmpint (server_pid (fixture, "a"), ==, pa);
  g_assert_cmpint (server_pid (fixture, "b"), !=, pb);
  g_assert_true (test_wait_pid_gone (pb, 3000));

  /* A bad edit: one line about the file, servers untouched. */
  mark = watch->lines->len;
  write_config (fixture, "{\"mcpServers\": {\"a\": ");
  watch_wait_lines (watch, mark + 1, 5000);
  line = g_ptr_array_index (watch->lines, mark);
  g_assert_cmpstr (json_object_get_string_member (line, "config"), ==, fixture->path);
  g_assert_cmpstr (line_state (line), ==, "unusable");
  assert_contains (json_object_get_string_member (line, "error"), fixture->path);
  g_assert_cmpint (json_object_get_int_member (line, "line"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (line, "column"), >, 1);
  watch_idle (watch, 300);
  g_assert_cmpuint (watch->lines->len, ==, mark + 1);
  g_assert_cmpint (server_pid (fixture, "a"), ==, pa);

  /* Fixed, with b taken out: b goes, a stays. */
  mark = watch->lines->len;
  write_config (fixture, only_a);
  watch_wait_for (watch, mark, "b", "removed", 5000);
  line = g_ptr_array_index (watch->lines, mark);
  g_assert_cmpstr (json_object_get_string_member (line, "config"), ==, fixture->path);
  g_assert_cmpstr (line_state (line), ==, "usable");
  watch_idle (watch, 300);
  g_clear_pointer (&states_a, g_free);
  states_a = watch_states (watch, mark, "a");
  g_assert_cmpstr (states_a, ==, "");
  g_assert_cmpint (server_pid (fixture, "a"), ==, pa);
  {
    gint64 deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

    while (test_count_processes_matching (count_b) > 0 && g_get_monotonic_time () < deadline)
      watch_idle (watch, 20);
    g_assert_cmpuint (test_count_processes_matching (count_b), ==, 0);
  }

  watch_stop (watch, SIGTERM);
}

/* SIGTERM or SIGINT: every server stops, even one deaf to SIGTERM with
 * grandchildren, and watch exits 0. */
static void
test_watch_signals (Fixture       *fixture,
                    gconstpointer  data)
{
  const int signals[] = { SIGTERM, SIGINT };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      g_autofree char *a = fake_entry (fixture, "a", NULL, TRUE);
      g_autofree char *deaf = fake_entry (fixture, "deaf",
                                          "\"--ignore-stdin-eof\", \"--ignore-sigterm\", \"--grandchildren\", \"2\"",
                                          TRUE);
      g_autofree char *off = fake_entry (fixture, "off", NULL, FALSE);
      g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"deaf\": %s, \"off\": %s}}",
                                                 a, deaf, off);
      g_autoptr(Watch) watch = NULL;
      guint mark;

      write_config (fixture, config);
      watch = watch_start (fixture, TIMINGS);
      watch_wait_for (watch, 0, "a", "connected", 5000);
      watch_wait_for (watch, 0, "deaf", "connected", 5000);
      watch_wait_for (watch, 0, "off", "disabled", 5000);
      g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 1 + 1 + 1 + 2);

      mark = watch->lines->len;
      watch_stop (watch, signals[i]);
      watch_wait_for (watch, mark, "a", "disconnected", 0);
      watch_wait_for (watch, mark, "deaf", "disconnected", 0);
      g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
    }
}

/* The lines of @path once it has @n of them (reading watch meanwhile) */
static char **
wait_answers (Watch      *watch,
              const char *path,
              guint       n)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  for (;;)
    {
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;

      if (g_file_get_contents (path, &contents, NULL, NULL) &&
          g_strv_length (lines = g_strsplit (contents, "\n", -1)) > n)
        return g_steal_pointer (&lines);
      if (g_get_monotonic_time () > deadline)
        g_error ("fewer than %u answers in %s: “%s”", n, path, contents != NULL ? contents : "");
      watch_idle (watch, 20);
    }
}

/* Reads watch's stderr until it holds @needle */
static void
wait_err (Watch      *watch,
          const char *needle)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (strstr (watch->err->str, needle) == NULL && !watch->err_eof && g_get_monotonic_time () < deadline)
    watch_idle (watch, 20);
  assert_contains (watch->err->str, needle);
}

/* What a watched server asks: its configured roots, and a clear line on
 * stderr for what watch does not ask anyone (an elicitation is declined,
 * sampling refused). */
static void
test_watch_answers (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *root = g_build_filename (fixture->dir, "project", NULL);
  g_autofree char *uri = g_filename_to_uri (root, NULL, NULL);
  g_autofree char *answers = g_build_filename (fixture->dir, "answers", NULL);
  g_autofree char *extra = g_strdup_printf ("\"--ask-when-initialized\", \"roots/list\", "
                                            "\"--ask-when-initialized\", \"elicitation/create\", "
                                            "\"--ask-when-initialized\", \"sampling/createMessage\", "
                                            "\"--answers-file\", \"%s\"", answers);
  g_autofree char *a = fake_entry (fixture, "a", extra, TRUE);
  g_autofree char *config = NULL;
  g_autoptr(Watch) watch = NULL;
  g_auto(GStrv) lines = NULL;

  /* {"command": …, "args": […], "tether": {"roots": [ROOT]}} */
  a[strlen (a) - 1] = '\0';
  config = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"tether\": {\"roots\": [\"%s\"]}}}}", a, root);
  write_config (fixture, config);
  watch = watch_start (fixture, TIMINGS);
  watch_wait_for (watch, 0, "a", "connected", 5000);

  lines = wait_answers (watch, answers, 3);
  assert_contains (lines[0], uri);
  assert_contains (lines[1], "\"action\":\"decline\"");
  assert_contains (lines[2], "\"error\"");
  /* written before the answers, read from the pipe as they come */
  wait_err (watch, "a asked for input (Who are you?); declined: “tether-cli watch” answers no questions");
  wait_err (watch, "a asked for a model's reply; refused: “tether-cli watch” answers no questions");

  watch_stop (watch, SIGTERM);
  g_unlink (answers);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  CLI_CONFIG_TEST_ADD ("watch-kill", test_watch_kill);
  CLI_CONFIG_TEST_ADD ("sweep-after-kill", test_sweep_after_kill);
  CLI_CONFIG_TEST_ADD_WITH ("sweep-failure-stops-orphans/assert", &failing_assert, test_sweep_failure_stops_orphans);
  CLI_CONFIG_TEST_ADD_WITH ("sweep-failure-stops-orphans/error", &failing_error, test_sweep_failure_stops_orphans);
  if (g_getenv (ORPHANS_FILE_VARIABLE) != NULL)
    {
      CLI_CONFIG_TEST_ADD_WITH ("sweep-failing-child/assert", &failing_assert, test_sweep_failing_child);
      CLI_CONFIG_TEST_ADD_WITH ("sweep-failing-child/error", &failing_error, test_sweep_failing_child);
    }
  CLI_CONFIG_TEST_ADD ("watch-flapping", test_watch_flapping);
  CLI_CONFIG_TEST_ADD ("watch-external-edit", test_watch_external_edit);
  CLI_CONFIG_TEST_ADD ("watch-signals", test_watch_signals);
  CLI_CONFIG_TEST_ADD ("watch-answers", test_watch_answers);

  return g_test_run ();
}
