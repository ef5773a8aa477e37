/* test-tether-cli-config.c — tether-cli on a configuration file, as a user
 * and a script run it: list, the server commands by name, add/remove/
 * enable/disable, import and watch, against the fake stdio server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every server a test starts has the test's own temporary directory on its
 * command line (in --count-file), and so does tether-cli (in --config): a
 * test ends by checking that no process naming that directory is alive.
 */

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "test-util.h"

/* Short durations, so the rules run in a test's time. */
#define TIMINGS "connect_retry_delay_ms=100,reconnect_delay_ms=200,reconnect_jitter=0," \
                "stop_grace_ms=300,list_changed_delay_ms=20"

typedef struct
{
  char *dir;
  char *path;     /* the configuration */
  char *home;     /* HOME of the tether-cli runs */
} Fixture;

typedef struct
{
  int    status;
  char  *out;
  char  *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char **
cli_environment (Fixture *fixture)
{
  char **env = g_get_environ ();

  g_autofree char *run_dir = g_build_filename (fixture->dir, "run", NULL);

  env = g_environ_setenv (env, "HOME", fixture->home, TRUE);
  env = g_environ_setenv (env, "XDG_RUNTIME_DIR", run_dir, TRUE);
  env = g_environ_unsetenv (env, "TETHER_TIMINGS");

  return env;
}

static GPtrArray *
cli_argv (Fixture            *fixture,
          const char         *timings,
          const char * const *args)
{
  GPtrArray *argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  g_ptr_array_add (argv, (gpointer)"--config");
  g_ptr_array_add (argv, fixture->path);
  g_ptr_array_add (argv, (gpointer)"--timings");
  g_ptr_array_add (argv, (gpointer)timings);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);

  return argv;
}

static void
run_cli_argv (Fixture            *fixture,
              Run                *run,
              const char * const *args)
{
  g_autoptr(GPtrArray) argv = cli_argv (fixture, TIMINGS, args);
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_spawn_sync (NULL, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  g_test_message ("tether-cli %s → %d\n%s%s", args[0], run->status, run->out, run->err);
}

/* tether-cli --config PATH --timings … ARGS… */
static void
run_cli (Fixture    *fixture,
         Run        *run,
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

  run_cli_argv (fixture, run, (const char * const *)args->pdata);
}

static void
assert_one_line_error (const char *err,
                       const char *needle)
{
  g_assert_true (g_str_has_prefix (err, "tether-cli: "));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
  if (needle != NULL && strstr (err, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, err);
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not in:\n%s", needle, haystack);
}

/* Fixture */

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-cli-config-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->home = g_build_filename (fixture->dir, "home", NULL);
  g_assert_cmpint (g_mkdir (fixture->home, 0700), ==, 0);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  /* Every test leaves nothing running: no server, no tether-cli. */
  test_assert_no_processes_matching (fixture->dir, 3000);

  remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->home, g_free);
}

/* A server entry running the fake server, marked with our directory. */
static char *
fake_entry (Fixture    *fixture,
            const char *marker,
            const char *extra_args,
            gboolean    enabled)
{
  return g_strdup_printf ("{\"command\": \"%s\", \"args\": [\"--count-file\", \"%s/counts-%s\"%s%s]%s}",
                          FAKE_MCP_SERVER, fixture->dir, marker,
                          extra_args != NULL ? ", " : "", extra_args != NULL ? extra_args : "",
                          enabled ? "" : ", \"disabled\": true");
}

static void
write_config (Fixture    *fixture,
              const char *text)
{
  g_autofree char *tmp = g_strconcat (fixture->path, ".new", NULL);

  /* Like an editor that saves by rename */
  g_assert_true (g_file_set_contents (tmp, text, -1, NULL));
  g_assert_cmpint (g_rename (tmp, fixture->path), ==, 0);
}

static char *
read_config (Fixture *fixture)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (fixture->path, &text, NULL, NULL));

  return text;
}

static char *
counts_path (Fixture    *fixture,
             const char *marker)
{
  return g_strdup_printf ("%s/counts-%s", fixture->dir, marker);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);

  return node;
}

/* Processes */

/* The one fake server whose count file is counts-@marker */
static pid_t
server_pid (Fixture    *fixture,
            const char *marker)
{
  g_autofree char *needle = counts_path (fixture, marker);
  g_autoptr(GArray) pids = test_find_processes_matching (needle);

  g_assert_cmpuint (pids->len, ==, 1);

  return g_array_index (pids, pid_t, 0);
}

/* ---------------------------------------------------------------------- */
/* watch, as a script reads it                                              */

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *out;
  GCancellable     *cancellable;
  GPtrArray        *lines;       /* JsonObject, in order */
  gboolean          eof;
  GString          *err;         /* all of its stderr so far */
  gboolean          err_eof;
} Watch;

static void read_next_line (Watch *watch);

static void
line_read_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autoptr(JsonNode) node = NULL;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result, NULL, &error);
  if (line == NULL)
    {
      /* cancelled at the end of the test, or the end of the output */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_assert_no_error (error);
          watch->eof = TRUE;
        }
      return;
    }

  g_test_message ("watch: %s", line);
  node = parse_json (line);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  g_assert_true (json_object_has_member (json_node_get_object (node), "time"));
  g_ptr_array_add (watch->lines, json_object_ref (json_node_get_object (node)));

  read_next_line (watch);
}

static void
read_next_line (Watch *watch)
{
  g_data_input_stream_read_line_async (watch->out, G_PRIORITY_DEFAULT, watch->cancellable,
                                       line_read_cb, watch);
}

static void
err_read_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, NULL);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      watch->err_eof = TRUE;
      return;
    }

  g_string_append_len (watch->err, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_input_stream_read_bytes_async (G_INPUT_STREAM (object), 4096, G_PRIORITY_DEFAULT, watch->cancellable,
                                   err_read_cb, watch);
}

/* If this test dies, watch gets SIGTERM and stops its servers. */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static Watch *
watch_start (Fixture    *fixture,
             const char *timings)
{
  const char *args[] = { "watch", NULL };
  g_autoptr(GPtrArray) argv = cli_argv (fixture, timings, args);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                      G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  Watch *watch = g_new0 (Watch, 1);

  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  watch->process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  watch->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (watch->process));
  watch->cancellable = g_cancellable_new ();
  watch->lines = g_ptr_array_new_with_free_func ((GDestroyNotify)json_object_unref);
  watch->err = g_string_new (NULL);
  read_next_line (watch);
  g_input_stream_read_bytes_async (g_subprocess_get_stderr_pipe (watch->process), 4096, G_PRIORITY_DEFAULT,
                                   watch->cancellable, err_read_cb, watch);

  return watch;
}

static const char *
line_server (JsonObject *line)
{
  return json_object_get_string_member_with_default (line, "server", NULL);
}

static const char *
line_state (JsonObject *line)
{
  return json_object_get_string_member_with_default (line, "state", NULL);
}

/* Iterates until @server has printed @state at or after line @from;
 * returns the index of that line. */
static guint
watch_wait_for (Watch      *watch,
                guint       from,
                const char *server,
                const char *state,
                guint       timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  for (;;)
    {
      for (guint i = from; i < watch->lines->len; i++)
        {
          JsonObject *line = g_ptr_array_index (watch->lines, i);

          if (g_strcmp0 (line_server (line), server) == 0 && g_strcmp0 (line_state (line), state) == 0)
            return i;
        }

      if (watch->eof || g_get_monotonic_time () > deadline)
        g_error ("watch: no “%s” line for %s within %u ms", state, server, timeout_ms);

      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Iterates until there are @n lines. */
static void
watch_wait_lines (Watch *watch,
                  guint  n,
                  guint  timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (watch->lines->len < n)
    {
      if (watch->eof || g_get_monotonic_time () > deadline)
        g_error ("watch: fewer than %u lines within %u ms", n, timeout_ms);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Lets @ms pass, reading lines. */
static void
watch_idle (Watch *watch,
            guint  ms)
{
  gint64 until = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* The states @server printed from line @from on, as "a b c" */
static char *
watch_states (Watch      *watch,
              guint       from,
              const char *server)
{
  GString *out = g_string_new (NULL);

  for (guint i = from; i < watch->lines->len; i++)
    {
      JsonObject *line = g_ptr_array_index (watch->lines, i);

      if (g_strcmp0 (line_server (line), server) == 0)
        g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", line_state (line));
    }

  return g_string_free (out, FALSE);
}

/* Signals watch and waits for it to end: it must exit 0, having stopped
 * every server, within the shutdown bound. */
static void
watch_stop (Watch *watch,
            int    signum)
{
  gint64 start = g_get_monotonic_time ();

  g_subprocess_send_signal (watch->process, signum);
  while (!watch->eof && g_get_monotonic_time () - start < 15 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_true (watch->eof);

  g_assert_true (g_subprocess_wait (watch->process, NULL, NULL));
  while (!watch->err_eof && g_get_monotonic_time () - start < 15 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_test_message ("watch stopped %.0f ms after signal %d; stderr:\n%s",
                  (g_get_monotonic_time () - start) / 1000.0, signum, watch->err->str);
  g_assert_true (g_subprocess_get_if_exited (watch->process));
  g_assert_cmpint (g_subprocess_get_exit_status (watch->process), ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
}

static void
watch_free (Watch *watch)
{
  if (g_subprocess_get_identifier (watch->process) != NULL)
    {
      /* A failed test: do not leave it running. */
      g_subprocess_force_exit (watch->process);
      g_subprocess_wait (watch->process, NULL, NULL);
    }
  g_cancellable_cancel (watch->cancellable);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&watch->out);
  g_clear_object (&watch->process);
  g_clear_object (&watch->cancellable);
  g_ptr_array_unref (watch->lines);
  g_string_free (watch->err, TRUE);
  g_free (watch);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Watch, watch_free)

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
  g_auto(Run) run = { 0, };
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
  run_clear (&run);
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
  remove_tree (lines[0]);
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
  g_auto(Run) text = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) empty = { 0 };
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
    g_auto(Run) bounded = { 0 };
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
  g_auto(Run) tools = { 0 };
  g_auto(Run) tools_json = { 0 };
  g_auto(Run) prompts = { 0 };
  g_auto(Run) resources = { 0 };
  g_auto(Run) info = { 0 };
  g_auto(Run) echo = { 0 };
  g_auto(Run) broken = { 0 };
  g_auto(Run) off = { 0 };
  g_auto(Run) nope = { 0 };
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
  g_auto(Run) crash = { 0 };
  g_auto(Run) hang = { 0 };

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

/* ---------------------------------------------------------------------- */
/* add, remove, enable, disable                                             */

static const char *edited_start =
  "{\n"
  "  \"theme\": {\"dark\": true},\n"
  "  \"mcpServers\": {\n"
  "    \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},\n"
  "             \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}},\n"
  "    \"other\": {\"url\": \"https://other.example/mcp\", \"headers\": {\"X-Key\": \"other-secret\"}}\n"
  "  },\n"
  "  \"zzz\": [1, 2]\n"
  "}\n";

/* The file equals @expected as JSON, members in the same order. */
static void
assert_config_is (Fixture    *fixture,
                  const char *expected)
{
  g_autofree char *text = read_config (fixture);
  g_autoptr(JsonNode) actual = parse_json (text);
  g_autoptr(JsonNode) wanted = parse_json (expected);
  g_autofree char *a = json_to_string (actual, FALSE);
  g_autofree char *w = json_to_string (wanted, FALSE);
  struct stat st;

  g_assert_cmpstr (a, ==, w);
  g_assert_cmpint (g_stat (fixture->path, (GStatBuf *)&st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

static void
assert_untouched (Fixture    *fixture,
                  const char *before)
{
  g_autofree char *now = read_config (fixture);

  g_assert_cmpstr (now, ==, before);
}

static void
test_add_remove_enable (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(Run) add = { 0 };
  g_auto(Run) add_url = { 0 };
  g_auto(Run) add_auto = { 0 };
  g_auto(Run) disable = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) enable = { 0 };
  g_auto(Run) remove = { 0 };
  g_autofree char *before = NULL;

  write_config (fixture, edited_start);

  run_cli (fixture, &add, "add", "mem", "--env", "API_KEY=env-secret-1", "--env", "DEBUG=1",
           "--cwd", "/srv", "--disabled", "--", "npx", "-y", "@modelcontextprotocol/server-memory", "--flag", NULL);
  g_assert_cmpint (add.status, ==, 0);
  g_assert_cmpstr (add.out, ==,
                   "Added “mem”: stdio: npx -y @modelcontextprotocol/server-memory --flag; cwd: /srv; "
                   "env: API_KEY=•••• DEBUG=••••; disabled\n");

  run_cli (fixture, &add_url, "add", "docs", "--url", "https://docs.example/mcp?key=url-secret-2",
           "--header", "Authorization: Bearer header-secret-3", "--transport", "sse", NULL);
  g_assert_cmpint (add_url.status, ==, 0);
  g_assert_null (strstr (add_url.out, "secret"));

  run_cli (fixture, &add_auto, "--json", "add", "auto", "--url=https://auto.example/mcp", NULL);
  g_assert_cmpint (add_auto.status, ==, 0);
  assert_contains (add_auto.out, "\"action\" : \"added\"");

  assert_config_is (fixture,
    "{\"theme\": {\"dark\": true},"
    " \"mcpServers\": {"
    "  \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},"
    "            \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}},"
    "  \"other\": {\"url\": \"https://other.example/mcp\", \"headers\": {\"X-Key\": \"other-secret\"}},"
    "  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\", \"--flag\"],"
    "           \"env\": {\"API_KEY\": \"env-secret-1\", \"DEBUG\": \"1\"}, \"cwd\": \"/srv\", \"disabled\": true},"
    "  \"docs\": {\"type\": \"sse\", \"url\": \"https://docs.example/mcp?key=url-secret-2\","
    "            \"headers\": {\"Authorization\": \"Bearer header-secret-3\"}},"
    "  \"auto\": {\"url\": \"https://auto.example/mcp\"}"
    " },"
    " \"zzz\": [1, 2]}");

  run_cli (fixture, &disable, "disable", "keep", NULL);
  g_assert_cmpint (disable.status, ==, 0);
  g_assert_cmpstr (disable.out, ==, "Disabled “keep”\n");
  run_cli (fixture, &again, "disable", "keep", NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_cmpstr (again.out, ==, "“keep” is already disabled\n");
  run_cli (fixture, &enable, "enable", "mem", NULL);
  g_assert_cmpint (enable.status, ==, 0);
  run_cli (fixture, &remove, "remove", "other", NULL);
  g_assert_cmpint (remove.status, ==, 0);
  g_assert_cmpstr (remove.out, ==, "Removed “other”\n");

  assert_config_is (fixture,
    "{\"theme\": {\"dark\": true},"
    " \"mcpServers\": {"
    "  \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},"
    "            \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}, \"disabled\": true},"
    "  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\", \"--flag\"],"
    "           \"env\": {\"API_KEY\": \"env-secret-1\", \"DEBUG\": \"1\"}, \"cwd\": \"/srv\", \"disabled\": false},"
    "  \"docs\": {\"type\": \"sse\", \"url\": \"https://docs.example/mcp?key=url-secret-2\","
    "            \"headers\": {\"Authorization\": \"Bearer header-secret-3\"}},"
    "  \"auto\": {\"url\": \"https://auto.example/mcp\"}"
    " },"
    " \"zzz\": [1, 2]}");

  /* What fails changes nothing. */
  before = read_config (fixture);
  {
    const char *failures[][8] = {
      { "add", "mem", "--", "true", NULL },                       /* taken */
      { "add", "bad", "--url", "ftp://example.com/", NULL },      /* not http(s) */
      { "remove", "nope", NULL },
      { "enable", "nope", NULL },
      { "disable", "nope", NULL },
      { "disable", "nope/echo", NULL },                           /* no such server */
      { "enable", "mem/", NULL },                                 /* no tool */
    };
    const char *usage[][8] = {
      { "add", NULL },
      { "add", "x", NULL },
      { "add", "x", "--url", NULL },
      { "add", "x", "--url", "https://a.example/", "--", "cmd", NULL },
      { "add", "x", "--env", "NOEQUALS", "--", "cmd", NULL },
      { "add", "x", "--header", "no colon", "--url", "https://a.example/", NULL },
      { "add", "x", "--transport", "stdio", "--url", "https://a.example/", NULL },
      { "add", "x", "--cwd", "/", "--url", "https://a.example/", NULL },
      { "remove", NULL },
      { "remove", "a", "b", NULL },
      { "enable", NULL },
      { "list", "extra", NULL },
      { "watch", "extra", NULL },
      { "watch", "--requests", "extra", NULL },
      { "enable", "mem/echo", "extra", NULL },
      { "serve", "extra", NULL },
      { "serve", "--listen", NULL },
      { "serve", "--listen=", NULL },
      { "serve", "--listen", "0.0.0.0:7624", NULL },
      { "serve", "--listen=127.0.0.1:65536", NULL },
      { "serve", "--", "cmd", NULL },
      { "connect", "extra", NULL },
      { "connect", "--profile", NULL },
      { "connect", "--profile=", NULL },
      { "import", NULL },
      { "import", "--replace", "--rename", "f", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
      {
        g_auto(Run) run = { 0 };

        run_cli_argv (fixture, &run, failures[i]);
        g_assert_cmpint (run.status, ==, 1);
        g_assert_cmpstr (run.out, ==, "");
        assert_one_line_error (run.err, fixture->path);
        assert_untouched (fixture, before);
      }

    for (guint i = 0; i < G_N_ELEMENTS (usage); i++)
      {
        g_auto(Run) run = { 0 };

        run_cli_argv (fixture, &run, usage[i]);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.out, ==, "");
        g_assert_true (g_str_has_prefix (run.err, "tether-cli: "));
        assert_untouched (fixture, before);
      }
  }

  /* A second value for a header name, in any case: the server would get
   * one of them. Refused, naming both spellings and no value. */
  {
    const char *twice[][3] = {
      { "Authorization: Bearer one-secret", "authorization: Bearer two-secret",
        "“Authorization” and “authorization” are the same header" },
      { "X-Key: one-secret", "X-Key: two-secret", "“X-Key” is given twice" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (twice); i++)
      {
        g_auto(Run) run = { 0 };

        run_cli (fixture, &run, "add", "twice", "--url", "https://twice.example/mcp",
                 "--header", twice[i][0], "--header", twice[i][1], NULL);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.out, ==, "");
        assert_contains (run.err, twice[i][2]);
        g_assert_null (strstr (run.err, "secret"));
        assert_untouched (fixture, before);
      }
  }

  /* No secret ever reached the output. */
  g_assert_null (strstr (add.out, "secret"));
  g_assert_null (strstr (add_auto.out, "secret"));
  g_assert_null (strstr (disable.out, "secret"));
}

/* What every secret of these tests holds: the temporary directory's name
 * (and the worktree's) may hold the word "secret" itself. */
#define MARK "zq7wv"

static void
assert_no_mark (const char *what,
                const char *text)
{
  if (strstr (text, MARK) != NULL)
    g_error ("a secret reached %s:\n%s", what, text);
}

/* Secrets in env values, header values and URLs (the userinfo, a token
 * alone as the user name, query values, a bare query parameter, the
 * fragment) never reach the output, whatever the command and whether the
 * server answers or not; where a URL is shown, it is masked, path kept. */
static void
test_no_secrets (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *good = g_strdup_printf ("{\"command\": \"%s\", \"args\": [\"--count-file\", \"%s/counts-good\"],"
                                           " \"env\": {\"API_KEY\": \"" MARK "-env-1\"}}",
                                           FAKE_MCP_SERVER, fixture->dir);
  g_autofree char *config = g_strdup_printf (
    "{\"mcpServers\": {\"good\": %s,"
    " \"web\": {\"url\": \"http://127.0.0.1:1/mcp?key=" MARK "-query-2\","
    "           \"headers\": {\"Authorization\": \"Bearer " MARK "-header-3\"}},"
    " \"web2\": {\"type\": \"http\", \"url\": \"http://user:" MARK "-password-4@127.0.0.1:1/mcp\"},"
    " \"tok\": {\"type\": \"http\", \"url\": \"http://" MARK "-userinfo-5@127.0.0.1:1/mcp\"},"
    " \"bare\": {\"type\": \"http\", \"url\": \"http://127.0.0.1:1/bare?" MARK "-bare-6\"},"
    " \"frag\": {\"type\": \"sse\", \"url\": \"http://127.0.0.1:1/frag#" MARK "-fragment-7\"}}}", good);
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  const char *commands[][8] = {
    { "list", NULL },
    { "--json", "list", NULL },
    { "info", "good", NULL },
    { "--json", "info", "good", NULL },
    { "tools", "web", NULL },
    { "info", "web2", NULL },
    { "--json", "info", "tok", NULL },
    { "ping", "bare", NULL },
    { "tools", "frag", NULL },
    { "--json", "disable", "web", NULL },
    { "--json", "enable", "web", NULL },
    { "diagnostics", NULL },
    { "--json", "diagnostics", NULL },
    { "import", "--dry-run", import_file, NULL },
    { "--json", "import", "--dry-run", import_file, NULL },
    { "add", "added", "--disabled", "--url", "http://" MARK "-userinfo-8@127.0.0.1:1/added?" MARK "-bare-9#" MARK "-f",
      NULL },
    { "--json", "add", "added2", "--disabled", "--url", "http://127.0.0.1:1/added?t=" MARK "-q#" MARK "-f", NULL },
  };
  /* Each masked URL shows up somewhere, path kept. */
  const char *shown[] = {
    "http://127.0.0.1:1/mcp?key=••••", "http://••••@127.0.0.1:1/mcp", "http://127.0.0.1:1/bare?••••",
    "http://127.0.0.1:1/frag#••••", "http://••••@127.0.0.1:1/added?••••#••••",
  };
  g_autoptr(GString) all = g_string_new (NULL);

  write_config (fixture, config);
  g_assert_true (g_file_set_contents (import_file, config, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli_argv (fixture, &run, commands[i]);
      assert_no_mark (commands[i][0], run.out);
      assert_no_mark (commands[i][0], run.err);
      g_string_append_printf (all, "%s\n%s\n", run.out, run.err);
    }

  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    assert_contains (all->str, shown[i]);

  /* An error names the URL it could not reach, masked, with its path. */
  assert_contains (all->str, "Could not reach the server at http://••••@127.0.0.1:1/mcp: ");
  assert_contains (all->str, "Could not reach the server at http://127.0.0.1:1/bare?••••: ");

  {
    g_autoptr(Watch) watch = watch_start (fixture, TIMINGS);

    watch_wait_for (watch, 0, "good", "connected", 5000);
    watch_wait_for (watch, 0, "web", "waiting", 5000);
    watch_wait_for (watch, 0, "web2", "waiting", 5000);
    watch_wait_for (watch, 0, "tok", "waiting", 5000);
    watch_wait_for (watch, 0, "bare", "waiting", 5000);
    watch_wait_for (watch, 0, "frag", "waiting", 5000);
    watch_stop (watch, SIGTERM);
    for (guint i = 0; i < watch->lines->len; i++)
      {
        g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), g_ptr_array_index (watch->lines, i));
        g_autofree char *text = json_to_string (node, FALSE);

        assert_no_mark ("watch", text);
      }
    assert_no_mark ("watch's stderr", watch->err->str);
  }
}

static JsonObject *
import_server (JsonNode   *node,
               const char *name)
{
  JsonArray *servers = json_object_get_array_member (json_node_get_object (node), "servers");

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonObject *server = json_array_get_object_element (servers, i);

      if (g_strcmp0 (json_object_get_string_member (server, "name"), name) == 0)
        return server;
    }

  g_error ("no server “%s” in the import", name);
  return NULL;
}

static gboolean
json_array_has_string (JsonArray  *array,
                       const char *needle)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (strstr (json_array_get_string_element (array, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

/* A token over plain http to another machine: `add` still adds (exit 0)
 * and warns on stderr; list, info, diagnostics and import say it too. The
 * servers stay disabled: nothing here leaves the machine. */
static void
test_cleartext_warning (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *config =
    "{\"mcpServers\": {"
    " \"plain\": {\"url\": \"http://192.0.2.10/mcp\", \"headers\": {\"Authorization\": \"Bearer " MARK "-1\"},"
    "             \"disabled\": true},"
    " \"inurl\": {\"type\": \"http\", \"url\": \"http://192.0.2.10/mcp?api_key=" MARK "-2\", \"disabled\": true},"
    " \"local\": {\"url\": \"http://127.0.0.1:1/mcp\", \"headers\": {\"Authorization\": \"Bearer " MARK "-3\"},"
    "             \"disabled\": true},"
    " \"tls\": {\"url\": \"https://192.0.2.10/mcp\", \"headers\": {\"X-Api-Key\": \"" MARK "-4\"}, \"disabled\": true}"
    "}}";
  const char *header_warning = "Sends its Authorization header unencrypted: anyone on the network can read it. "
                               "Use https.";
  const char *url_warning = "Sends the credentials in its URL unencrypted";
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *after_add = NULL;
  g_autoptr(JsonNode) listing = NULL;
  g_autoptr(JsonNode) report = NULL;
  g_autoptr(JsonNode) preview = NULL;
  g_auto(Run) add = { 0 };
  g_auto(Run) add_tls = { 0 };
  g_auto(Run) list = { 0 };
  g_auto(Run) list_json = { 0 };
  g_auto(Run) info = { 0 };
  g_auto(Run) diagnostics = { 0 };
  g_auto(Run) diagnostics_json = { 0 };
  g_auto(Run) import = { 0 };
  g_auto(Run) import_json = { 0 };
  JsonArray *servers;

  write_config (fixture, config);
  g_assert_true (g_file_set_contents (import_file, config, -1, NULL));

  run_cli (fixture, &add, "add", "docs", "--disabled", "--url", "http://docs.example/mcp",
           "--header", "Authorization: Bearer " MARK "-5", NULL);
  g_assert_cmpint (add.status, ==, 0);
  assert_contains (add.out, "Added “docs”: auto: http://docs.example/mcp; headers: Authorization=••••; disabled\n");
  expected = g_strdup_printf ("tether-cli: warning: “docs”: %s\n", header_warning);
  g_assert_cmpstr (add.err, ==, expected);
  after_add = read_config (fixture);
  assert_contains (after_add, "\"docs\"");

  run_cli (fixture, &add_tls, "add", "docs2", "--disabled", "--url", "https://docs.example/mcp",
           "--header", "Authorization: Bearer " MARK "-6", NULL);
  g_assert_cmpint (add_tls.status, ==, 0);
  g_assert_cmpstr (add_tls.err, ==, "");

  run_cli (fixture, &list, "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  assert_contains (list.out, "plain  disabled\n       warning: Sends its Authorization header unencrypted");
  assert_contains (list.out, "inurl  disabled\n       warning: Sends the credentials in its URL unencrypted");
  assert_contains (list.out, "local  disabled\ntls    disabled\ndocs   disabled\n       warning: ");
  assert_contains (list.out, "docs2  disabled\n");
  g_assert_null (strstr (list.out, "docs2  disabled\n       warning"));

  run_cli (fixture, &list_json, "--json", "list", NULL);
  g_assert_cmpint (list_json.status, ==, 0);
  listing = parse_json (list_json.out);
  servers = json_object_get_array_member (json_node_get_object (listing), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "warning"), ==,
                   header_warning);
  assert_contains (json_object_get_string_member (json_array_get_object_element (servers, 1), "warning"), url_warning);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (servers, 2), "warning"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (servers, 3), "warning"));

  /* A disabled server cannot be asked, but the warning comes first. */
  run_cli (fixture, &info, "info", "plain", NULL);
  g_assert_cmpint (info.status, ==, 1);
  assert_contains (info.err, "tether-cli: warning: “plain”: Sends its Authorization header unencrypted");

  run_cli (fixture, &diagnostics, "diagnostics", NULL);
  g_assert_cmpint (diagnostics.status, ==, 0);
  assert_contains (diagnostics.out, "  plain                auto http://192.0.2.10/mcp (disabled)\n"
                                    "                       warning: Sends its Authorization header unencrypted");
  run_cli (fixture, &diagnostics_json, "--json", "diagnostics", NULL);
  g_assert_cmpint (diagnostics_json.status, ==, 0);
  report = parse_json (diagnostics_json.out);
  servers = json_object_get_array_member (json_node_get_object (report), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "warning"), ==,
                   header_warning);
  g_assert_false (json_object_has_member (json_array_get_object_element (servers, 2), "warning"));

  run_cli (fixture, &import, "import", "--dry-run", import_file, NULL);
  g_assert_cmpint (import.status, ==, 0);
  assert_contains (import.out, "\nplain: would be skipped: a server named “plain” already exists (use --replace or --rename)\n"
                               "    auto: http://192.0.2.10/mcp; headers: Authorization=••••; disabled\n"
                               "    warning: disabled in MCP server list (mcpServers) (“disabled”); imported disabled\n"
                               "    warning: Sends its Authorization header unencrypted");
  run_cli (fixture, &import_json, "--json", "import", "--dry-run", import_file, NULL);
  g_assert_cmpint (import_json.status, ==, 0);
  preview = parse_json (import_json.out);
  g_assert_true (json_array_has_string (json_object_get_array_member (import_server (preview, "inurl"), "warnings"),
                                        url_warning));
  g_assert_false (json_array_has_string (json_object_get_array_member (import_server (preview, "local"), "warnings"),
                                         "unencrypted"));

  assert_no_mark ("add", add.err);
  assert_no_mark ("list", list.out);
  assert_no_mark ("diagnostics", diagnostics.out);
  assert_no_mark ("import", import_json.out);
}

/* An env key that is not a name (PATH=/tmp/evil: would set PATH) and a
 * server without a name: in the file, that entry is reported, naming the
 * file, and never started, while the others run; added, refused. */
static void
test_bad_names (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL, TRUE);
  g_autofree char *evil = g_strdup_printf ("{\"command\": \"%s\", \"args\": [\"--count-file\", \"%s/counts-evil\"],"
                                           " \"env\": {\"PATH=/tmp/evil:\": \"x\"}}",
                                           FAKE_MCP_SERVER, fixture->dir);
  g_autofree char *nameless = fake_entry (fixture, "nameless", NULL, TRUE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"good\": %s, \"evil\": %s, \"\": %s}}",
                                             good, evil, nameless);
  g_autofree char *evil_counts = counts_path (fixture, "evil");
  g_autofree char *nameless_counts = counts_path (fixture, "nameless");
  g_autofree char *before = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_auto(Run) list = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) add_env = { 0 };
  g_auto(Run) add_empty = { 0 };
  JsonArray *servers;
  const char *error;

  write_config (fixture, config);

  run_cli (fixture, &list, "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  assert_contains (list.out, "good  connected    10 tools");
  assert_contains (list.out, "evil  error        ");
  assert_contains (list.out, fixture->path);
  assert_contains (list.out, "server “evil”: “PATH=/tmp/evil:” is not a valid environment variable name");
  assert_contains (list.out, "A server needs a name");

  run_cli (fixture, &json, "--json", "list", NULL);
  g_assert_cmpint (json.status, ==, 0);
  node = parse_json (json.out);
  servers = json_object_get_array_member (json_node_get_object (node), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "state"), ==, "connected");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 1), "state"), ==, "error");
  error = json_object_get_string_member (json_array_get_object_element (servers, 1), "error");
  g_assert_true (g_str_has_prefix (error, fixture->path));
  assert_contains (error, "“PATH=/tmp/evil:”");
  /* Refused at once: no attempt after the first */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (servers, 1), "attempt"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 2), "name"), ==, "");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 2), "state"), ==, "error");
  error = json_object_get_string_member (json_array_get_object_element (servers, 2), "error");
  g_assert_true (g_str_has_prefix (error, fixture->path));
  assert_contains (error, "A server needs a name");

  /* Neither was ever started. */
  g_assert_false (g_file_test (evil_counts, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (nameless_counts, G_FILE_TEST_EXISTS));

  /* Added: refused, with the reason; the file is left as it was. */
  before = read_config (fixture);
  run_cli (fixture, &add_env, "add", "x", "--env", "BAD-NAME=1", "--", "true", NULL);
  g_assert_cmpint (add_env.status, ==, 1);
  assert_one_line_error (add_env.err, "“BAD-NAME” is not a valid environment variable name");
  assert_contains (add_env.err, fixture->path);
  assert_untouched (fixture, before);

  run_cli (fixture, &add_empty, "add", "", "--", "true", NULL);
  g_assert_cmpint (add_empty.status, ==, 2);
  g_assert_true (g_str_has_prefix (add_empty.err, "tether-cli: add: the server’s name is empty"));
  g_assert_cmpstr (add_empty.out, ==, "");
  assert_untouched (fixture, before);
}

/* ---------------------------------------------------------------------- */
/* A file that cannot be used is reported and never written                 */

static void
test_unusable_untouched (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "import", "fragment.json", NULL);
  const char *files[][3] = {
    /* text, line, column */
    { "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n    \"b\": 1\n  }\n}\n", "line 4, column 5", NULL },
    { "{\"mcpServers\": {\"a\": {\"command\": 3}}}", "line 1, column 23", "“command” must be a string" },
    /* One header in two spellings: the server, both keys, where. */
    { "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"},\n"
      "    \"docs\": {\"url\": \"https://h/mcp\", \"headers\": {\"Authorization\": \"Bearer s1\",\n"
      "                                           \"authorization\": \"Bearer s2\"}}\n  }\n}\n",
      "line 5, column", "server “docs”: “headers”: “Authorization” and “authorization” are the same header" },
  };
  const char *commands[][6] = {
    { "list", NULL },
    { "tools", "a", NULL },
    { "call", "a", "echo", NULL },
    { "add", "z", "--", "true", NULL },
    { "remove", "a", NULL },
    { "enable", "a", NULL },
    { "disable", "a", NULL },
    { "import", source, NULL },
    { "import", "--dry-run", source, NULL },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      GStatBuf st_before, st_after;

      write_config (fixture, files[f][0]);
      g_assert_cmpint (g_stat (fixture->path, &st_before), ==, 0);

      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_auto(Run) run = { 0 };
          gboolean dry_run = c == G_N_ELEMENTS (commands) - 1;

          run_cli_argv (fixture, &run, commands[c]);
          /* A dry run still shows the import, and says conflicts are unknown */
          g_assert_cmpint (run.status, ==, dry_run ? 0 : 1);
          assert_contains (run.err, fixture->path);
          assert_contains (run.err, files[f][1]);
          if (files[f][2] != NULL)
            assert_contains (run.err, files[f][2]);
          g_assert_null (strstr (run.err, "Bearer"));
          if (!dry_run)
            assert_one_line_error (run.err, NULL);
          assert_untouched (fixture, files[f][0]);
        }

      /* watch reports it, runs nothing, and leaves it alone */
      {
        g_autoptr(Watch) watch = watch_start (fixture, TIMINGS);
        JsonObject *line;

        watch_wait_lines (watch, 1, 5000);
        line = g_ptr_array_index (watch->lines, 0);
        g_assert_cmpstr (line_state (line), ==, "unusable");
        assert_contains (json_object_get_string_member (line, "error"), files[f][1]);
        watch_idle (watch, 300);
        g_assert_cmpuint (watch->lines->len, ==, 1);
        watch_stop (watch, SIGTERM);
      }

      assert_untouched (fixture, files[f][0]);
      g_assert_cmpint (g_stat (fixture->path, &st_after), ==, 0);
      g_assert_cmpint (st_before.st_mtime, ==, st_after.st_mtime);
      g_assert_cmpint (st_before.st_ino, ==, st_after.st_ino);
    }
}

/* ---------------------------------------------------------------------- */
/* Writers at the same time                                                 */

/* Writers may wait long for each other here: what is tested is that no
 * change is lost, not how fast twenty saves follow each other. */
#define TIMINGS_PATIENT TIMINGS ",config_lock_wait_ms=120000"

static GSubprocess *
spawn_cli (Fixture            *fixture,
           const char         *timings,
           const char * const *args)
{
  g_autoptr(GPtrArray) argv = cli_argv (fixture, timings, args);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, env);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);

  return process;
}

/* Waits for @process; its exit status, with what it said in the log. */
static int
finish_cli (GSubprocess *process,
            const char  *what)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("tether-cli %s → %d %s%s", what, g_subprocess_get_exit_status (process), out, err);

  return g_subprocess_get_exit_status (process);
}

/* Runs every command of @commands at once; each must succeed. */
static void
run_at_once (Fixture     *fixture,
             GPtrArray   *commands)
{
  g_autoptr(GPtrArray) processes = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < commands->len; i++)
    g_ptr_array_add (processes, spawn_cli (fixture, TIMINGS_PATIENT, g_ptr_array_index (commands, i)));

  for (guint i = 0; i < processes->len; i++)
    {
      const char * const *args = g_ptr_array_index (commands, i);
      g_autofree char *what = g_strjoinv (" ", (char **)args);

      g_assert_cmpint (finish_cli (g_ptr_array_index (processes, i), what), ==, 0);
    }
}

static const char **
command (const char *verb,
         const char *name)
{
  const char **args = g_new0 (const char *, 5);

  args[0] = verb;
  args[1] = g_strdup (name);
  if (g_str_equal (verb, "add"))
    {
      args[2] = "--";
      args[3] = "true";
    }

  return args;
}

static void
command_free (gpointer data)
{
  const char **args = data;

  g_free ((char *)args[1]);
  g_free (args);
}

static JsonObject *
config_servers (Fixture *fixture)
{
  g_autofree char *text = read_config (fixture);
  g_autoptr(JsonNode) root = parse_json (text);

  return json_object_ref (json_object_get_object_member (json_node_get_object (root), "mcpServers"));
}

/* Twenty `tether-cli add` started at once on one file: every one succeeds
 * and every entry is there. Then adds, disables and removes, mixed. */
static void
test_parallel_writers (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) adds = g_ptr_array_new_with_free_func (command_free);
  g_autoptr(GPtrArray) mixed = g_ptr_array_new_with_free_func (command_free);
  g_autoptr(GString) start = g_string_new ("{\"mcpServers\": {");
  g_autoptr(JsonObject) servers = NULL;

  write_config (fixture, "{\"mcpServers\": {}, \"x-other\": 12345678901234567890123}");
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%02u", i);

      g_ptr_array_add (adds, command ("add", name));
    }
  run_at_once (fixture, adds);

  servers = config_servers (fixture);
  g_assert_cmpuint (json_object_get_size (servers), ==, 20);
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%02u", i);

      g_assert_true (json_object_has_member (servers, name));
    }
  g_clear_pointer (&servers, json_object_unref);
  g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);

  /* r00…r09 there; ten adds, five disables, five removes, interleaved */
  for (guint i = 0; i < 10; i++)
    g_string_append_printf (start, "%s\"r%02u\": {\"command\": \"true\"}", i > 0 ? ", " : "", i);
  g_string_append (start, "}}");
  write_config (fixture, start->str);
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *added = g_strdup_printf ("m%02u", i);
      g_autofree char *other = g_strdup_printf ("r%02u", i);

      g_ptr_array_add (mixed, command ("add", added));
      g_ptr_array_add (mixed, command (i < 5 ? "disable" : "remove", other));
    }
  run_at_once (fixture, mixed);

  servers = config_servers (fixture);
  g_assert_cmpuint (json_object_get_size (servers), ==, 15);
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *added = g_strdup_printf ("m%02u", i);
      g_autofree char *other = g_strdup_printf ("r%02u", i);

      g_assert_true (json_object_has_member (servers, added));
      if (i < 5)
        g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, other),
                                                       "disabled"));
      else
        g_assert_false (json_object_has_member (servers, other));
    }
}

/* Another writer holds the lock: tether-cli waits for it, and fails with a
 * clear message only when the wait is over; the file stays as it was. */
static void
test_lock_wait (Fixture       *fixture,
                gconstpointer  data)
{
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"true\"}}}";
  const char *add_b[] = { "add", "b", "--", "true", NULL };
  g_autofree char *lock_path = g_build_filename (fixture->dir, ".servers.json.lock", NULL);
  g_autoptr(GSubprocess) waiter = NULL;
  g_autoptr(JsonObject) servers = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int fd;

  write_config (fixture, text);
  fd = test_hold_config_lock (fixture->path);

  /* Given up */
  {
    g_autoptr(GSubprocess) process = spawn_cli (fixture, TIMINGS ",config_lock_wait_ms=300", add_b);
    g_autoptr(GError) error = NULL;

    g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
    g_assert_no_error (error);
    g_test_message ("%s", err);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
    g_assert_cmpstr (out, ==, "");
    assert_one_line_error (err, fixture->path);
    assert_contains (err, "another program");
    assert_contains (err, lock_path);
    assert_untouched (fixture, text);
  }

  /* Waited for: the lock is let go while it waits (the default wait) */
  waiter = spawn_cli (fixture, TIMINGS, add_b);
  test_wait_fd_open (atoi (g_subprocess_get_identifier (waiter)), lock_path);
  close (fd);
  g_assert_cmpint (finish_cli (waiter, "add b"), ==, 0);
  servers = config_servers (fixture);
  g_assert_true (json_object_has_member (servers, "a"));
  g_assert_true (json_object_has_member (servers, "b"));
}

/* A read-only file is never replaced, also as root; a symlinked one is
 * written through its link. */
static void
test_read_only_and_links (Fixture       *fixture,
                          gconstpointer  data)
{
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"true\"}}}";
  g_autofree char *real = g_build_filename (fixture->dir, "real.json", NULL);
  g_auto(Run) refused = { 0 };
  g_auto(Run) added = { 0 };
  g_autofree char *contents = NULL;
  GStatBuf before, after;

  write_config (fixture, text);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  g_assert_cmpint (g_stat (fixture->path, &before), ==, 0);

  run_cli (fixture, &refused, "disable", "a", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_one_line_error (refused.err, fixture->path);
  assert_contains (refused.err, "read-only");
  assert_untouched (fixture, text);
  g_assert_cmpint (g_stat (fixture->path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0444);
  g_assert_cmpint (after.st_ino, ==, before.st_ino);

  /* servers.json → real.json */
  g_assert_cmpint (g_rename (fixture->path, real), ==, 0);
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.json", fixture->path), ==, 0);
  run_cli (fixture, &added, "add", "b", "--", "true", NULL);
  g_assert_cmpint (added.status, ==, 0);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  assert_contains (contents, "\"b\"");
}

/* ---------------------------------------------------------------------- */
/* import                                                                   */

static char *
corpus (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

typedef struct
{
  char     *path;
  char     *contents;
  GStatBuf  st;
} Snapshot;

static void
snapshot_take (Snapshot   *snapshot,
               const char *path)
{
  snapshot->path = g_strdup (path);
  g_assert_true (g_file_get_contents (path, &snapshot->contents, NULL, NULL));
  g_assert_cmpint (g_stat (path, &snapshot->st), ==, 0);
}

/* The source file is only read. */
static void
snapshot_check (Snapshot *snapshot)
{
  g_autofree char *now = NULL;
  GStatBuf st;

  g_assert_true (g_file_get_contents (snapshot->path, &now, NULL, NULL));
  g_assert_cmpint (g_stat (snapshot->path, &st), ==, 0);
  g_assert_cmpstr (now, ==, snapshot->contents);
  g_assert_cmpint (st.st_mtime, ==, snapshot->st.st_mtime);
  g_clear_pointer (&snapshot->path, g_free);
  g_clear_pointer (&snapshot->contents, g_free);
}

static void
test_import_dry_run (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *codex = corpus ("codex/config.toml");
  g_autofree char *broken = corpus ("broken-truncated.json");
  g_auto(Run) text = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) vs = { 0 };
  g_auto(Run) toml = { 0 };
  g_auto(Run) bad = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) vs_node = NULL;
  Snapshot snapshot = { 0 };
  JsonObject *server;

  /* Text: every server, what runs, warnings; nothing written */
  snapshot_take (&snapshot, claude);
  run_cli (fixture, &text, "import", "--dry-run", claude, NULL);
  g_assert_cmpint (text.status, ==, 0);
  assert_contains (text.out, ": Claude Desktop, 5 servers\n");
  assert_contains (text.out, "\nfilesystem: would be added\n"
                             "    stdio: npx -y @modelcontextprotocol/server-filesystem '/home/me/My Documents' /home/me/Downloads\n");
  assert_contains (text.out, "\ngithub: would be added\n"
                             "    stdio: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server; "
                             "env: GITHUB_PERSONAL_ACCESS_TOKEN=•••• DEBUG=••••\n");
  assert_contains (text.out, "    warning: “C:\\Users\\me\\test.db” in “args” looks like a Windows path");
  assert_contains (text.out, "\ndocs: would be added\n    auto: https://docs.example.com/mcp\n"
                             "    warning: Claude Desktop runs only stdio servers");
  assert_contains (text.out, "\ncafé ☕ 日本語: would be added\n");
  assert_contains (text.out, "Would add 5, skip 0 and refuse 0 of 5 servers in ");
  assert_contains (text.out, "Nothing was changed.\n");
  g_assert_null (strstr (text.out, "ghp_example"));
  g_assert_cmpstr (text.err, ==, "");
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  /* JSON: the normalised entries, masked */
  run_cli (fixture, &json, "--json", "import", "--dry-run", claude, NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_null (strstr (json.out, "ghp_example"));
  node = parse_json (json.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "format"), ==, "claude-desktop");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (node), "dry_run"));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "config"), ==, fixture->path);
  server = import_server (node, "github");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "add");
  g_assert_cmpstr (json_object_get_string_member (server, "source_key"), ==, "mcpServers.github");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (server, "config"), "env"),
                                                  "GITHUB_PERSONAL_ACCESS_TOKEN"), ==, "••••");
  server = import_server (node, "docs");
  g_assert_cmpstr (json_object_get_string_member (server, "transport"), ==, "auto");
  g_assert_true (json_array_has_string (json_object_get_array_member (server, "warnings"),
                                        "Claude Desktop runs only stdio servers"));
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  snapshot_check (&snapshot);

  /* Variables: listed, and the servers that need them refused */
  snapshot_take (&snapshot, vscode);
  run_cli (fixture, &vs, "--json", "import", "--dry-run", vscode, NULL);
  g_assert_cmpint (vs.status, ==, 0);
  vs_node = parse_json (vs.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (vs_node), "format"), ==, "vscode");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (vs_node), "variables")), ==, 3);
  server = import_server (vs_node, "perplexity");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "refuse");
  assert_contains (json_object_get_string_member (server, "reason"), "--set perplexity-key=VALUE");
  assert_contains (json_object_get_string_member (server, "reason"), "${input:region} (Deployment region)");
  g_assert_true (json_array_has_string (json_object_get_array_member (server, "warnings"),
                                        "ignored: “sandboxEnabled”, “dev”"));
  server = import_server (vs_node, "socket");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "skip");
  assert_contains (json_object_get_string_member (server, "reason"), "socket");
  server = import_server (vs_node, "legacy");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "add");
  g_assert_cmpstr (json_object_get_string_member (server, "transport"), ==, "sse");
  server = import_server (vs_node, "unknown-var");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "refuse");
  assert_contains (json_object_get_string_member (server, "reason"), "${config:mcp.serverPath}");
  snapshot_check (&snapshot);

  /* TOML */
  snapshot_take (&snapshot, codex);
  run_cli (fixture, &toml, "import", "--dry-run", codex, NULL);
  g_assert_cmpint (toml.status, ==, 0);
  assert_contains (toml.out, ": Codex");
  snapshot_check (&snapshot);

  /* A broken file: where and what, nothing else */
  run_cli (fixture, &bad, "import", "--dry-run", broken, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_cmpstr (bad.out, ==, "");
  assert_one_line_error (bad.err, "broken-truncated.json");
  assert_contains (bad.err, "line ");

  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *text = NULL;
  g_auto(Run) skip = { 0 };
  g_auto(Run) replace = { 0 };
  g_auto(Run) rename = { 0 };
  g_auto(Run) refused = { 0 };
  g_auto(Run) set = { 0 };
  g_auto(Run) unknown = { 0 };
  g_autoptr(JsonNode) node = NULL;
  JsonObject *servers;
  Snapshot snapshot = { 0 };

  write_config (fixture, "{\"mcpServers\": {\"github\": {\"command\": \"mine\"}}, \"other\": true}");
  snapshot_take (&snapshot, claude);

  /* By default a name already taken is skipped. */
  run_cli (fixture, &skip, "import", claude, NULL);
  g_assert_cmpint (skip.status, ==, 0);
  assert_contains (skip.out, "\ngithub: skipped: a server named “github” already exists (use --replace or --rename)\n");
  assert_contains (skip.out, "\nfilesystem: added\n");
  assert_contains (skip.out, "Added 4, skipped 1 and refused 0 of 5 servers in ");
  g_assert_null (strstr (skip.out, "ghp_example"));
  text = read_config (fixture);
  node = parse_json (text);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (node), "other"));
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "github"), "command"), ==, "mine");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "café ☕ 日本語"), "cwd"), ==, "/tmp");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "docs"), "url"),
                   ==, "https://docs.example.com/mcp");
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* --replace takes the file's github; --rename adds beside, disabled */
  run_cli (fixture, &replace, "import", "--replace", claude, NULL);
  g_assert_cmpint (replace.status, ==, 0);
  assert_contains (replace.out, "\ngithub: replaced the server of the same name\n");
  run_cli (fixture, &rename, "import", "--rename", "--disabled", claude, NULL);
  g_assert_cmpint (rename.status, ==, 0);
  assert_contains (rename.out, "\ngithub: added under a new name (“github-2”)\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 10);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "github"), "command"), ==, "docker");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "github"), "env"),
                                                  "GITHUB_PERSONAL_ACCESS_TOKEN"), ==, "ghp_exampleexampleexample");
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, "github-2"), "disabled"));
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, "filesystem-2"), "disabled"));
  g_assert_false (json_object_has_member (json_object_get_object_member (servers, "filesystem"), "disabled"));
  snapshot_check (&snapshot);
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* Open variables: refused, the others added; exit 1 */
  snapshot_take (&snapshot, vscode);
  write_config (fixture, "{}");
  run_cli (fixture, &refused, "import", vscode, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_contains (refused.out, "\nperplexity: refused: it needs values for ");
  assert_contains (refused.err, "tether-cli: 3 servers were not imported (see above)\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 1);
  g_assert_true (json_object_has_member (servers, "legacy"));
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* --set gives them; the values land in the file, never on stdout */
  run_cli (fixture, &set, "import", "--rename", "--set", "region=eu-1", "--set", "perplexity-key=pk-secret-9",
           "--set", "${config:mcp.serverPath}=/opt/srv", vscode, NULL);
  g_assert_cmpint (set.status, ==, 0);
  g_assert_null (strstr (set.out, "pk-secret-9"));
  g_assert_null (strstr (set.out, "needs a value"));
  assert_contains (set.out, "\nperplexity: added\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "perplexity"), "env"),
                                                  "PERPLEXITY_API_KEY"), ==, "pk-secret-9");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "context7"), "headers"),
                                                  "CONTEXT7_API_KEY"), ==, "pk-secret-9");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (json_object_get_object_member (servers, "perplexity"), "args"), 3),
                   ==, "eu-1");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (json_object_get_object_member (servers, "unknown-var"), "args"), 0),
                   ==, "/opt/srv/index.js");
  g_assert_true (json_object_has_member (servers, "legacy-2"));

  /* A --set for a variable the file does not have is a usage error. */
  g_clear_pointer (&text, g_free);
  text = read_config (fixture);
  run_cli (fixture, &unknown, "import", "--set", "nope=1", vscode, NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  assert_contains (unknown.err, "--set nope: the file has no such variable (it has: ");
  assert_untouched (fixture, text);
  snapshot_check (&snapshot);
}

static void
test_help (Fixture       *fixture,
           gconstpointer  data)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) import = { 0 };
  g_auto(Run) timings = { 0 };

  run_cli (fixture, &run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "--config FILE");
  assert_contains (run.out, "add NAME --url URL");
  assert_contains (run.out, "watch");
  assert_contains (run.out, "watch --requests");
  assert_contains (run.out, "enable NAME/TOOL");
  assert_contains (run.out, "disable NAME/TOOL");
  assert_contains (run.out, "serve [--listen 127.0.0.1:PORT]");
  assert_contains (run.out, "connect [--profile NAME]");
  assert_contains (run.out, "clients connect NAME [--dry-run] [--profile NAME] [--stdio]");
  assert_contains (run.out, "clients disconnect NAME [--dry-run]");

  run_cli (fixture, &import, "import", "--help", NULL);
  g_assert_cmpint (import.status, ==, 0);
  assert_contains (import.out, "--set=NAME=VALUE");

  /* Each configuration command lists its own options, and does nothing:
   * serve starts no hub, connect looks for none and starts no Tether. */
  {
    const char *commands[][6] = {
      { "add", "--url=URL", "--header=", "--env=NAME=VALUE", "--cwd=DIR", "--disabled" },
      { "import", "--dry-run", "--replace", "--rename", "--disabled", "--json" },
      { "diagnostics", "--config=FILE", "--json", NULL },
      { "list", "--json", NULL },
      { "remove", "--json", NULL },
      { "enable", "NAME[/TOOL]", "through the hub", "--json", NULL },
      { "disable", "NAME[/TOOL]", "disabledTools", "--json", NULL },
      { "watch", "--requests", "--json", "--help", NULL },
      { "serve", "--listen=127.0.0.1:PORT", "hub-port", NULL },
      { "connect", "--profile=NAME", "/mcp/NAME", NULL },
      { "clients", "clients connect NAME", "clients disconnect NAME", "clients disable-servers NAME",
        "--json", NULL },
    };
    g_autofree char *before = NULL;

    write_config (fixture, edited_start);
    before = read_config (fixture);

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        g_auto(Run) help = { 0 };

        run_cli (fixture, &help, commands[i][0], "--help", NULL);
        g_assert_cmpint (help.status, ==, 0);
        g_assert_cmpstr (help.err, ==, "");
        assert_contains (help.out, commands[i][0]);
        for (guint j = 1; j < G_N_ELEMENTS (commands[i]) && commands[i][j] != NULL; j++)
          assert_contains (help.out, commands[i][j]);
        g_assert_null (strstr (help.out, "http://"));
      }

    assert_untouched (fixture, before);
  }

  run_cli (fixture, &timings, "--timings", "bogus_ms=1", "list", NULL);
  g_assert_cmpint (timings.status, ==, 2);
  assert_contains (timings.err, "bogus_ms");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/Cli/Config/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
#define ADD_WITH(path, data, func) \
  g_test_add ("/Tether/Cli/Config/" path, Fixture, data, fixture_setup, func, fixture_teardown)

  ADD ("help", test_help);
  ADD ("list", test_list);
  ADD ("commands-by-name", test_commands_by_name);
  ADD ("call-not-repeated", test_call_not_repeated);
  ADD ("interrupt-by-name", test_interrupt_by_name);
  ADD ("add-remove-enable", test_add_remove_enable);
  ADD ("no-secrets", test_no_secrets);
  ADD ("cleartext-warning", test_cleartext_warning);
  ADD ("bad-names", test_bad_names);
  ADD ("unusable-untouched", test_unusable_untouched);
  ADD ("parallel-writers", test_parallel_writers);
  ADD ("lock-wait", test_lock_wait);
  ADD ("read-only-and-links", test_read_only_and_links);
  ADD ("import-dry-run", test_import_dry_run);
  ADD ("import", test_import);
  ADD ("watch-kill", test_watch_kill);
  ADD ("sweep-after-kill", test_sweep_after_kill);
  ADD_WITH ("sweep-failure-stops-orphans/assert", &failing_assert, test_sweep_failure_stops_orphans);
  ADD_WITH ("sweep-failure-stops-orphans/error", &failing_error, test_sweep_failure_stops_orphans);
  if (g_getenv (ORPHANS_FILE_VARIABLE) != NULL)
    {
      ADD_WITH ("sweep-failing-child/assert", &failing_assert, test_sweep_failing_child);
      ADD_WITH ("sweep-failing-child/error", &failing_error, test_sweep_failing_child);
    }
  ADD ("watch-flapping", test_watch_flapping);
  ADD ("watch-external-edit", test_watch_external_edit);
  ADD ("watch-signals", test_watch_signals);

#undef ADD
#undef ADD_WITH

  return g_test_run ();
}
