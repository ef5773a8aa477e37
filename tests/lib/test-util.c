/* test-util.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-util.h"

/* A hang guard, not a measure: generous for sanitizer runs in CI. */
#define TEST_DEADLINE_S 240

static gboolean
deadline_cb (gpointer user_data)
{
  g_error ("nothing happened within %d s while %s", TEST_DEADLINE_S, (const char *)user_data);
  return G_SOURCE_REMOVE;
}

static gboolean
result_done (gpointer data)
{
  return *(GAsyncResult **)data != NULL;
}

/* Iterate the main context until @done says so; abort on a hang. */
void
test_wait_until (gboolean   (*done) (gpointer data),
                 gpointer     data,
                 const char  *what)
{
  guint id = g_timeout_add_seconds (TEST_DEADLINE_S, deadline_cb, (gpointer)what);

  while (!done (data))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

void
test_wait_for (GAsyncResult **result)
{
  test_wait_until (result_done, result, "waiting for a result");
}

/* A GAsyncReadyCallback that keeps the result in *@user_data. */
void
test_store_result (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GAsyncResult **out = user_data;

  g_assert_null (*out);
  *out = g_object_ref (result);
}

void
test_run_clear (TestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* Runs @argv (with @env, or this process's environment) to its end,
 * keeping its exit status and output. One that has not ended after
 * @deadline_s — a hang guard, never a measure — is killed, and the test
 * fails saying so. */
/* What each thread of process @pid was doing (name, state and the kernel
 * function it waited in), for the message of a command that hung. */
static char *
describe_threads (const char *pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%s/task", pid != NULL ? pid : "0");
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *comm_path = g_build_filename (path, tid, "comm", NULL);
      g_autofree char *stat_path = g_build_filename (path, tid, "stat", NULL);
      g_autofree char *wchan_path = g_build_filename (path, tid, "wchan", NULL);
      g_autofree char *comm = NULL;
      g_autofree char *stat = NULL;
      g_autofree char *wchan = NULL;
      const char *state;

      g_file_get_contents (comm_path, &comm, NULL, NULL);
      g_file_get_contents (stat_path, &stat, NULL, NULL);
      g_file_get_contents (wchan_path, &wchan, NULL, NULL);
      /* the state follows the command's closing parenthesis */
      state = stat != NULL && strrchr (stat, ')') != NULL ? strrchr (stat, ')') + 2 : "?";
      g_string_append_printf (text, "  %s %s state %c in %s\n", tid, comm != NULL ? g_strchomp (comm) : "?",
                              *state, wchan != NULL ? wchan : "?");
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
test_run_command (TestRun            *run,
                  const char * const *argv,
                  const char * const *env,
                  guint               deadline_s)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + deadline_s * G_USEC_PER_SEC;

  if (env != NULL)
    g_subprocess_launcher_set_environ (launcher, (char **)env);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, test_store_result, &result);
  while (result == NULL && g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
    }

  if (result == NULL)
    {
      g_autofree char *command = g_strjoinv (" ", (char **)argv);
      g_autofree char *threads = describe_threads (g_subprocess_get_identifier (process));
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_subprocess_force_exit (process);
      while (result == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_subprocess_communicate_utf8_finish (process, result, &out, &err, NULL);
      g_error ("“%s” did not end within %u s; its threads then:\n%s\nits stderr:\n%s",
               command, deadline_s, threads, err != NULL ? err : "");
    }

  g_assert_true (g_subprocess_communicate_utf8_finish (process, result, &run->out, &run->err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
}

/* Runs the default main context for @ms, sleeping a moment when it is idle. */
void
test_iterate_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (500);
    }
}

guint
test_count_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (path, NULL);

      /* GLib gives each worker thread that runs a main context (the
       * resolver's, libsoup's) an eventfd for life: not ours to count. */
      if (target != NULL && g_str_equal (target, "anon_inode:[eventfd]"))
        continue;
      n++;
    }

  return n - 1;  /* the GDir's own */
}

/* Field 3 (state) and 5 (pgrp) of /proc/PID/stat; comm may hold spaces. */
static gboolean
read_stat (pid_t  pid,
           char  *state,
           pid_t *pgrp)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int)pid);
  g_autofree char *contents = NULL;
  const char *p;
  int ppid, group;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return FALSE;

  p = strrchr (contents, ')');
  if (p == NULL || sscanf (p + 1, " %c %d %d", state, &ppid, &group) != 3)
    return FALSE;

  *pgrp = group;

  return TRUE;
}

gboolean
test_pid_alive (pid_t pid)
{
  char state;
  pid_t pgrp;

  return read_stat (pid, &state, &pgrp) && state != 'Z' && state != 'X';
}

/* Whether @pid is gone within @timeout_ms. A process that is exiting has
 * already lost its command line (so no longer matches a search by it) but is
 * not yet a zombie: give it that moment, running the main loop meanwhile so
 * that a child watch can reap it. */
gboolean
test_wait_pid_gone (pid_t pid,
                    guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (test_pid_alive (pid) && g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }

  return !test_pid_alive (pid);
}

/* Live processes in the process group @pgid. */
guint
test_count_group (pid_t pgid)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char state;
      pid_t pgrp;

      if (!g_ascii_isdigit (name[0]))
        continue;
      if (read_stat ((pid_t)atoi (name), &state, &pgrp) && pgrp == pgid && state != 'Z' && state != 'X')
        n++;
    }

  return n;
}

/* No fd of ours left open, nothing left in the server's process group.
 * Processes reparented to a PID 1 that reaps slowly get @timeout_ms. */
void
test_assert_no_leftovers (guint fds_before,
                          pid_t pgid,
                          guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  if (pgid > 0)
    {
      while (test_count_group (pgid) > 0 && g_get_monotonic_time () < deadline)
        g_usleep (10000);
      g_assert_cmpuint (test_count_group (pgid), ==, 0);
    }

  /* Let GIO finish closing what it closes from idles, and GLib's worker
   * thread drop its last reference to a reaped subprocess. */
  deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  do
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (test_count_fds () == fds_before)
        break;
      g_usleep (1000);
    }
  while (g_get_monotonic_time () < deadline);

  if (test_count_fds () != fds_before)
    {
      g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_strdup_printf ("/proc/self/fd/%s", name);
          g_autofree char *target = g_file_read_link (path, NULL);

          g_test_message ("fd %s → %s", name, target != NULL ? target : "?");
        }
    }
  g_assert_cmpuint (test_count_fds (), ==, fds_before);
}

/* Live processes whose command line contains @needle (a test's own temporary
 * directory, passed to every fake server it starts), as an array of pid_t. */
GArray *
test_find_processes_matching (const char *needle)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (pid_t));
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *cmdline = NULL;
      gsize length = 0;
      char state;
      pid_t pgrp;
      pid_t pid;

      if (!g_ascii_isdigit (name[0]) || atoi (name) == getpid ())
        continue;

      pid = (pid_t)atoi (name);
      if (!read_stat (pid, &state, &pgrp) || state == 'Z' || state == 'X')
        continue;

      path = g_strdup_printf ("/proc/%s/cmdline", name);
      if (!g_file_get_contents (path, &cmdline, &length, NULL))
        continue;
      for (gsize i = 0; i + 1 < length; i++)
        if (cmdline[i] == '\0')
          cmdline[i] = ' ';
      if (strstr (cmdline, needle) != NULL)
        g_array_append_val (pids, pid);
    }

  return pids;
}

guint
test_count_processes_matching (const char *needle)
{
  g_autoptr(GArray) pids = test_find_processes_matching (needle);

  return pids->len;
}

void
test_assert_no_processes_matching (const char *needle,
                                   guint       timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (test_count_processes_matching (needle) > 0 && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_assert_cmpuint (test_count_processes_matching (needle), ==, 0);
}

/* ---------------------------------------------------------------------- */
/* What a failed test leaves behind                                         */

/* A failed assertion ends the test at once: its teardown does not run.
 * What it started ends with it only if tied to it: a server gets SIGKILL
 * when the thread that spawned it dies, tether-cli gets SIGTERM when its
 * test dies. A server's children, reparented once the server died, are tied
 * to nothing and would live on. A test registers them here. Should it then
 * fail (g_assert*() aborts, g_error() stops with SIGTRAP) or the test runner
 * stop it at its timeout (SIGTERM), each one still running with the start
 * time it had when registered gets SIGKILL, then the signal ends the test as
 * it would have. The handler calls only async-signal-safe functions (open,
 * read, close, kill, raise). */

#define STOP_MAX    256
#define STAT_LENGTH 1024

typedef struct
{
  pid_t   pid;
  guint64 start;   /* field 22 of /proc/PID/stat: with the pid, this process */
} Registered;

static Registered            registered[STOP_MAX];
static volatile sig_atomic_t n_registered;

/* Field 22 (starttime) of /proc/@pid/stat, read with async-signal-safe
 * calls only. */
static gboolean
read_start_time (pid_t    pid,
                 guint64 *start)
{
  static const char suffix[] = "/stat";
  char path[32] = "/proc/";
  char digits[12];
  char text[STAT_LENGTH];
  gsize at = 6, n = 0, length = 0;
  unsigned int value = (unsigned int)pid;
  const char *p = NULL;
  guint spaces = 0;
  guint64 result = 0;
  int fd;

  if (pid <= 0)
    return FALSE;

  do
    {
      digits[n++] = (char)('0' + value % 10);
      value /= 10;
    }
  while (value > 0);
  while (n > 0)
    path[at++] = digits[--n];
  for (gsize i = 0; i < sizeof suffix; i++)
    path[at++] = suffix[i];

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return FALSE;
  while (length < sizeof text)
    {
      ssize_t got = read (fd, text + length, sizeof text - length);

      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      length += (gsize)got;
    }
  close (fd);
  if (length == 0 || length == sizeof text)
    return FALSE;

  /* The command name may hold ')': the fields start after the last one.
   * The n-th space after it starts field n + 2. */
  for (gsize i = length; i > 0; i--)
    if (text[i - 1] == ')')
      {
        p = text + i;
        break;
      }
  for (; p != NULL && p < text + length && spaces < 20; p++)
    if (*p == ' ')
      spaces++;
  if (p == NULL || spaces < 20 || p >= text + length || *p < '0' || *p > '9')
    return FALSE;

  for (; p < text + length && *p >= '0' && *p <= '9'; p++)
    result = result * 10 + (guint64)(*p - '0');
  *start = result;

  return TRUE;
}

static void
stop_registered (int signum)
{
  int saved_errno = errno;

  for (sig_atomic_t i = 0; i < n_registered; i++)
    {
      pid_t pid = registered[i].pid;
      guint64 start;

      if (pid > 1 && read_start_time (pid, &start) && start == registered[i].start)
        kill (pid, SIGKILL);
    }

  errno = saved_errno;

  /* The action is back to the default (SA_RESETHAND): the signal ends the
   * test as it would have without us. */
  raise (signum);
}

static void
install_stop_handlers (void)
{
  static gboolean installed;
  const int signals[] = { SIGABRT, SIGTRAP, SIGTERM };

  if (installed)
    return;
  installed = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      struct sigaction action = { 0 };
      struct sigaction old = { 0 };

      g_assert_cmpint (sigaction (signals[i], NULL, &old), ==, 0);
      /* An ignored signal does not end the test: nothing to do then. */
      if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN)
        continue;
      if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
        g_error ("signal %d already has a handler: cannot stop the test's processes when it fails", signals[i]);

      action.sa_handler = stop_registered;
      action.sa_flags = SA_RESETHAND;
      sigemptyset (&action.sa_mask);
      g_assert_cmpint (sigaction (signals[i], &action, NULL), ==, 0);
    }
}

/**
 * test_stop_on_failure:
 * @pid: a process the test started, which nothing else stops if the test
 *   fails half-way
 *
 * Has @pid get SIGKILL if the test aborts or is terminated while it still
 * runs. Registering a process that has already ended does nothing.
 */
void
test_stop_on_failure (pid_t pid)
{
  sigset_t block, old;
  guint64 start;
  sig_atomic_t slot;

  g_assert_cmpint (pid, >, 1);
  g_assert_cmpint (pid, !=, getpid ());

  install_stop_handlers ();
  if (!read_start_time (pid, &start))
    return;

  /* The handler never sees a slot half written by this thread. */
  sigemptyset (&block);
  sigaddset (&block, SIGABRT);
  sigaddset (&block, SIGTRAP);
  sigaddset (&block, SIGTERM);
  pthread_sigmask (SIG_BLOCK, &block, &old);

  /* This one's slot, or the slot of one that has ended, or a new one */
  for (slot = 0; slot < n_registered; slot++)
    {
      guint64 then;

      if (registered[slot].pid == pid && registered[slot].start == start)
        break;
      if (!read_start_time (registered[slot].pid, &then) || then != registered[slot].start)
        break;
    }

  if (slot < STOP_MAX)
    {
      registered[slot].pid = pid;
      registered[slot].start = start;
      if (slot == n_registered)
        n_registered = slot + 1;
    }

  pthread_sigmask (SIG_SETMASK, &old, NULL);

  if (slot >= STOP_MAX)
    g_error ("more than %d live processes to stop if the test fails", STOP_MAX);
}

/**
 * test_stop_on_failure_matching:
 * @needle: what the command lines of the processes contain (the test's
 *   temporary directory)
 *
 * test_stop_on_failure() for every live process that
 * test_find_processes_matching() finds now.
 *
 * Returns: how many it found
 */
guint
test_stop_on_failure_matching (const char *needle)
{
  g_autoptr(GArray) pids = test_find_processes_matching (needle);

  for (guint i = 0; i < pids->len; i++)
    test_stop_on_failure (g_array_index (pids, pid_t, i));

  return pids->len;
}

/* Files beside @path named as temporary files of saves: `.NAME.` and six
 * characters */
guint
test_count_temporaries (const char *path)
{
  g_autofree char *dir_path = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *prefix = g_strdup_printf (".%s.", base);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir_path, name, NULL);

      if (g_str_has_prefix (name, prefix) && strlen (name) == strlen (prefix) + 6 &&
          g_file_test (child, G_FILE_TEST_IS_REGULAR))
        n++;
    }

  return n;
}

/* Holds the lock every writer of @config_path takes (flock on the sibling
 * `.NAME.lock`), as another writer in the middle of a save would; close the
 * descriptor to let go. */
int
test_hold_config_lock (const char *config_path)
{
  g_autofree char *dir = g_path_get_dirname (config_path);
  g_autofree char *base = g_path_get_basename (config_path);
  g_autofree char *name = g_strdup_printf (".%s.lock", base);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int fd;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX | LOCK_NB), ==, 0);

  return fd;
}

/* Waits until process @pid has @path open: a writer that opened the lock
 * file we hold is waiting for it. */
void
test_wait_fd_open (pid_t       pid,
                   const char *path)
{
  g_autofree char *fd_dir = g_strdup_printf ("/proc/%d/fd", (int)pid);
  gint64 deadline = g_get_monotonic_time () + (gint64)TEST_DEADLINE_S * G_USEC_PER_SEC;

  for (;;)
    {
      g_autoptr(GDir) dir = g_dir_open (fd_dir, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *link = g_build_filename (fd_dir, name, NULL);
          g_autofree char *target = g_file_read_link (link, NULL);

          if (g_strcmp0 (target, path) == 0)
            return;
        }

      if (g_get_monotonic_time () > deadline)
        g_error ("process %d did not open %s within %d s", (int)pid, path, TEST_DEADLINE_S);
      g_usleep (5000);
    }
}

/* The fake server's count of @method in its --count-file, 0 if none. */
/* The value of @name in the environment @pid was started with, or NULL */
char *
test_environ_value (pid_t       pid,
                    const char *name)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/environ", (int)pid);
  g_autofree char *contents = NULL;
  g_autofree char *prefix = g_strconcat (name, "=", NULL);
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize at = 0; at < length; at += strlen (contents + at) + 1)
    if (g_str_has_prefix (contents + at, prefix))
      return g_strdup (contents + at + strlen (prefix));

  return NULL;
}

guint
test_read_count (const char *count_file,
                 const char *method)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (count_file, &contents, NULL, NULL))
    return 0;

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space = strrchr (lines[i], ' ');

      if (space != NULL && strncmp (lines[i], method, space - lines[i]) == 0 &&
          (gsize)(space - lines[i]) == strlen (method))
        return (guint)atoi (space + 1);
    }

  return 0;
}

#ifdef FAKE_MCP_SERVER
#include "mcp-client.h"
#include "tether-spawn.h"
#include "mcp-stdio-transport.h"
#include "test-fake-server.h"

static void
warm_up_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **)user_data = g_object_ref (result);
}

/* GLib opens a few descriptors for good on the first spawn and main loop
 * use (the worker thread's wakeup, /dev/null): let that happen once before
 * a test counts its own. */
void
test_warm_up (void)
{
  g_auto(GStrv) argv = test_fake_server_argv (NULL);
  g_autoptr(TetherProcess) process = tether_spawn_new_process ((const char * const *)argv);
  g_autoptr(McpTransport) transport = mcp_stdio_transport_new (process);
  g_autoptr(McpClient) client = mcp_client_new (transport);
  g_autoptr(GAsyncResult) result = NULL;
  gint64 until;

  mcp_client_connect_async (client, NULL, warm_up_done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (mcp_client_connect_finish (client, result, NULL));
  g_clear_object (&result);

  mcp_client_close_async (client, NULL, warm_up_done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);

  /* and the inotify descriptor behind the first file monitor */
  {
    g_autoptr(GFile) tmp = g_file_new_for_path (g_get_tmp_dir ());
    g_autoptr(GFileMonitor) monitor = g_file_monitor_directory (tmp, G_FILE_MONITOR_NONE, NULL, NULL);

    if (monitor != NULL)
      g_file_monitor_cancel (monitor);
  }

  until = g_get_monotonic_time () + 200 * 1000;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}
#endif

/* Drops the last reference the test holds on @object and waits (bounded)
 * for callbacks still in flight to drop theirs: the object must go. */
void
test_assert_finalized (gpointer object)
{
  gpointer weak = object;
  gint64 deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  g_object_add_weak_pointer (object, &weak);
  g_object_unref (object);
  while (weak != NULL && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  if (weak != NULL)
    g_object_remove_weak_pointer (weak, &weak);
  g_assert_null (weak);
}

/* rm -r @path (symbolic links are removed, never followed) */
void
test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* No regular file under @dir holds @needle (a secret that must be in the
 * keyring only); symbolic links are not followed */
void
test_assert_in_no_file (const char *dir,
                        const char *needle)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  if (d == NULL)
    return;
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        test_assert_in_no_file (path, needle);
      else if (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
               g_file_get_contents (path, &contents, &length, NULL) &&
               g_strstr_len (contents, length, needle) != NULL)
        g_error ("%s holds a secret in clear", path);
    }
}

/* Under AddressSanitizer, its allocator's own count. */
extern size_t __sanitizer_get_current_allocated_bytes (void) __attribute__((weak));

/**
 * test_allocated_bytes:
 *
 * The bytes the allocator holds now: AddressSanitizer's count under it,
 * else glibc's (which counts one arena: a test of it sets M_ARENA_MAX to
 * 1, and runs with G_SLICE=always-malloc).
 *
 * Returns: the bytes allocated and not freed
 */
gsize
test_allocated_bytes (void)
{
  struct mallinfo2 info;

  if (__sanitizer_get_current_allocated_bytes != NULL)
    return __sanitizer_get_current_allocated_bytes ();

  /* Freed memory a GSlice magazine would keep looks allocated here. */
  g_assert_cmpstr (g_getenv ("G_SLICE"), ==, "always-malloc");
  info = mallinfo2 ();

  return info.uordblks + info.hblkhd;
}
