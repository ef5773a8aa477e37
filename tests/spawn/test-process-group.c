/* test-process-group.c — only groups provably a server's are ever signalled
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The process group ledger's sweep and the host's kill script against real
 * process groups started here (in sessions of their own, with and without a
 * group token) and against entries no Tether would write. Every group signal
 * goes through a hook that records it, and sends it only in the tests that
 * expect a group to die: a wrong number can never reach kill().
 *
 * The members of the groups are this program again (--sleeper), so that one
 * left behind names the build tree and check-leftovers finds it; they end by
 * themselves after a while all the same.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "tether-group-ledger.h"
#include "tether-group-ledger-private.h"
#include "tether-host-group-private.h"
#include "tether-process-group-private.h"
#include "tether-process.h"
#include "test-util.h"

#define SLEEPER_S 300

typedef struct
{
  pid_t pid;
  int   signum;
} KillCall;

static GArray   *kill_calls;
static gboolean  forward_kills;
static char     *self_exe;

static int
record_kill (pid_t pid,
             int   signum)
{
  KillCall call = { pid, signum };

  g_array_append_val (kill_calls, call);
  g_test_message ("kill (%d, %d)%s", (int)pid, signum, forward_kills ? "" : " (not sent)");

  return forward_kills ? kill (pid, signum) : 0;
}

static void
reset_kills (gboolean forward)
{
  g_array_set_size (kill_calls, 0);
  forward_kills = forward;
}

/* ---------------------------------------------------------------------- */
/* Groups                                                                  */

typedef struct
{
  GSubprocess *leader;
  pid_t        pgid;
  char        *token;
  char        *digest;
} Group;

static void
new_session (gpointer user_data)
{
  setsid ();
}

/* Members of @pgid that are sleepers already (not a shell about to be one) */
static guint
count_sleepers (pid_t pgid)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *cmdline = NULL;
      gsize length;
      TetherProcStat stat;
      pid_t pid;

      if (!_tether_parse_pid (name, &pid) || !_tether_proc_read_stat (pid, &stat) || stat.pgrp != pgid)
        continue;

      path = g_strdup_printf ("/proc/%d/cmdline", (int)pid);
      if (g_file_get_contents (path, &cmdline, &length, NULL) &&
          length == strlen (self_exe) + strlen ("--sleeper") + 2 &&
          g_str_equal (cmdline, self_exe) && g_str_equal (cmdline + strlen (self_exe) + 1, "--sleeper"))
        n++;
    }

  return n;
}

/* A hang guard, not a measure */
static void
wait_for_sleepers (pid_t pgid)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (count_sleepers (pgid) < 2)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the sleepers of process group %d did not start", (int)pgid);
      g_usleep (1000);
    }
}

/* @pattern with each '@' replaced by @number */
static char *
expand (const char *pattern,
        gint64      number)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, number);
  g_auto(GStrv) parts = g_strsplit (pattern, "@", -1);

  return g_strjoinv (text, parts);
}

/* sh leading a session of its own, with two sleepers, waiting for its
 * input to close. With @token, all of it carries the token in its
 * environment; @stranger makes the second sleeper drop it. */
static Group *
group_new (gboolean token,
           gboolean stranger)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_unsetenv (g_get_environ (), TETHER_GROUP_TOKEN_VARIABLE);
  g_autofree char *script = g_strdup_printf ("\"$0\" --sleeper & %s\"$0\" --sleeper & read tether_line; exit 0",
                                             stranger ? "env -u " TETHER_GROUP_TOKEN_VARIABLE " " : "");
  const char *argv[] = { "/bin/sh", "-c", script, self_exe, NULL };
  Group *group = g_new0 (Group, 1);

  group->token = _tether_process_group_new_token ();
  g_assert_nonnull (group->token);
  group->digest = _tether_process_group_digest (group->token);
  if (token)
    env = _tether_process_group_add_token (g_steal_pointer (&env), group->token);

  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_child_setup (launcher, new_session, NULL, NULL);
  group->leader = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_assert_true (_tether_parse_pid (g_subprocess_get_identifier (group->leader), &group->pgid));
  wait_for_sleepers (group->pgid);

  return group;
}

/* The leader exits and is reaped, as a server killed with Tether is: its
 * members are reparented, and only they hold the group's number. */
static void
group_end_leader (Group *group)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_output_stream_close (g_subprocess_get_stdin_pipe (group->leader), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (group->leader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (test_count_group (group->pgid), ==, 2);
}

static void
group_free (Group *group)
{
  /* Still there: it is this test's group, whose members hold its number. */
  if (test_count_group (group->pgid) > 0)
    g_assert_cmpint (kill (-group->pgid, SIGKILL), ==, 0);
  g_subprocess_wait (group->leader, NULL, NULL);
  while (test_count_group (group->pgid) > 0)
    g_usleep (1000);

  g_clear_object (&group->leader);
  g_free (group->token);
  g_free (group->digest);
  g_free (group);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Group, group_free)

/* The pids of the members but the leader */
static GArray *
group_members (pid_t pgid)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc", 0, NULL);
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (pid_t));
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      TetherProcStat stat;
      pid_t pid;

      if (_tether_parse_pid (name, &pid) && pid != pgid && _tether_proc_read_stat (pid, &stat) &&
          stat.pgrp == pgid && stat.state != 'Z' && stat.state != 'X')
        g_array_append_val (pids, pid);
    }

  return pids;
}

static void
assert_members_alive (GArray *pids)
{
  for (guint i = 0; i < pids->len; i++)
    g_assert_true (test_pid_alive (g_array_index (pids, pid_t, i)));
}

static void
assert_members_gone (GArray *pids)
{
  for (guint i = 0; i < pids->len; i++)
    g_assert_true (test_wait_pid_gone (g_array_index (pids, pid_t, i), 10000));
}

/* ---------------------------------------------------------------------- */
/* The ledger                                                              */

typedef struct
{
  char *dir;
} Ledger;

static void
ledger_setup (Ledger        *ledger,
              gconstpointer  data)
{
  ledger->dir = g_dir_make_tmp ("tether-ledger-XXXXXX", NULL);
  g_assert_nonnull (ledger->dir);
  _tether_group_ledger_set_directory (ledger->dir);
  reset_kills (FALSE);
}

static void
ledger_teardown (Ledger        *ledger,
                 gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (ledger->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (ledger->dir, name, NULL);

      if (g_remove (path) != 0)
        g_assert_cmpint (g_rmdir (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (ledger->dir), ==, 0);
  g_clear_pointer (&ledger->dir, g_free);
  _tether_group_ledger_set_directory (NULL);
  reset_kills (FALSE);
}

/* Writes @pgid down from another process (in a session of its own), which
 * then ends: an entry of a Tether that is gone. */
static void
record_by_dead_owner (Ledger     *ledger,
                      pid_t       pgid,
                      const char *digest)
{
  g_autofree char *number = g_strdup_printf ("%d", (int)pgid);
  const char *argv[] = { self_exe, "--record-group", number, digest, ledger->dir, NULL };
  g_autoptr(GError) error = NULL;
  int status;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, new_session, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static char *
entry_path (Ledger     *ledger,
            const char *name)
{
  return g_build_filename (ledger->dir, name, NULL);
}

static char *
read_entry (Ledger *ledger,
            pid_t   pgid)
{
  g_autofree char *name = g_strdup_printf ("%d", (int)pgid);
  g_autofree char *path = entry_path (ledger, name);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));

  return text;
}

static guint
count_entries (Ledger *ledger)
{
  g_autoptr(GDir) dir = g_dir_open (ledger->dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;

  return n;
}

static void
write_entry (Ledger     *ledger,
             const char *name,
             const char *text)
{
  g_autofree char *path = entry_path (ledger, name);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* Entries under names no Tether writes, each holding what a dead owner
 * wrote for a live group of ours that carries the token: were a name read
 * loosely, that group (or group 1: every process) would get the signal. */
static void
test_ledger_bad_names (Ledger        *ledger,
                       gconstpointer  data)
{
  g_autoptr(Group) group = group_new (TRUE, FALSE);
  g_autoptr(GArray) members = group_members (group->pgid);
  g_autofree char *text = NULL;
  const char *names[] = { "1", "0", "-5", "-1", "4294967297", "+@", " @", "@ ", "@abc", "0@", "@\n",
                          "2147483648", "99999999999999999999", "0x10", NULL };

  record_by_dead_owner (ledger, group->pgid, group->digest);
  text = read_entry (ledger, group->pgid);
  g_assert_null (strstr (text, group->token));

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *name = expand (names[i], group->pgid);

      write_entry (ledger, name, text);
    }

  /* a number that truncates to the group's in 32 bits */
  {
    g_autofree char *name = expand ("@", (gint64)group->pgid + G_GINT64_CONSTANT (4294967296));

    write_entry (ledger, name, text);
  }

  /* The one real entry goes; the group's own number is no longer written. */
  {
    g_autofree char *real = g_strdup_printf ("%d", (int)group->pgid);
    g_autofree char *path = entry_path (ledger, real);

    g_assert_cmpint (g_unlink (path), ==, 0);
  }

  /* Our own group and our own pid, written down by a Tether elsewhere */
  record_by_dead_owner (ledger, getpgrp (), group->digest);
  record_by_dead_owner (ledger, getpid (), group->digest);

  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 0);
  g_assert_cmpuint (kill_calls->len, ==, 0);
  g_assert_cmpuint (count_entries (ledger), ==, 0);
  assert_members_alive (members);
}

/* Files in the ledger that are not plain entries: none is followed, none
 * blocks the sweep, none leads to a signal. */
static void
test_ledger_odd_files (Ledger        *ledger,
                       gconstpointer  data)
{
  g_autoptr(Group) group = group_new (TRUE, FALSE);
  g_autoptr(Group) second = group_new (TRUE, FALSE);
  g_autoptr(Group) third = group_new (TRUE, FALSE);
  g_autoptr(GArray) members = group_members (group->pgid);
  g_autofree char *elsewhere = g_dir_make_tmp ("tether-ledger-elsewhere-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (elsewhere, "entry", NULL);
  g_autofree char *text = NULL;
  g_autofree char *name = g_strdup_printf ("%d", (int)group->pgid);
  g_autofree char *second_name = g_strdup_printf ("%d", (int)second->pgid);
  g_autofree char *third_name = g_strdup_printf ("%d", (int)third->pgid);
  g_autofree char *path = entry_path (ledger, name);
  g_autofree char *second_path = entry_path (ledger, second_name);
  g_autofree char *third_path = entry_path (ledger, third_name);
  g_autofree char *dotted = g_strdup_printf (".%d.AbC123", (int)group->pgid);
  g_autofree char *old_format = NULL;
  g_auto(GStrv) fields = NULL;

  /* A symbolic link to a good entry */
  record_by_dead_owner (ledger, group->pgid, group->digest);
  text = read_entry (ledger, group->pgid);
  g_assert_true (g_file_set_contents (target, text, -1, NULL));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (symlink (target, path), ==, 0);

  /* A FIFO, which a plain read would wait on for ever */
  g_assert_cmpint (mkfifo (second_path, 0600), ==, 0);

  /* An entry of the older format (no token): nothing proves the group */
  fields = g_strsplit (text, " ", 0);
  old_format = g_strdup_printf ("%s %s %s 1\n", fields[1], fields[2], fields[3]);
  write_entry (ledger, third_name, old_format);

  /* Another Tether's entry being written: left as it is */
  write_entry (ledger, dotted, text);

  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 0);
  g_assert_cmpuint (kill_calls->len, ==, 0);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK));
  g_assert_false (g_file_test (second_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (third_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (ledger), ==, 1);
  assert_members_alive (members);

  g_assert_cmpint (g_unlink (target), ==, 0);
  g_assert_cmpint (g_rmdir (elsewhere), ==, 0);
}

/* A dead owner's group whose members do not all carry the token (the
 * number reused by someone else's group, say): left alone, entry dropped. */
static void
check_sweep_leaves_group (Ledger   *ledger,
                          gboolean  token,
                          gboolean  stranger)
{
  g_autoptr(Group) group = group_new (token, stranger);
  g_autoptr(GArray) members = group_members (group->pgid);

  g_assert_cmpuint (members->len, ==, 2);
  reset_kills (TRUE);
  record_by_dead_owner (ledger, group->pgid, group->digest);
  g_assert_cmpuint (count_entries (ledger), ==, 1);
  group_end_leader (group);

  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 0);
  g_assert_cmpuint (kill_calls->len, ==, 0);
  g_assert_cmpuint (count_entries (ledger), ==, 0);
  assert_members_alive (members);
}

static void
test_ledger_leaves_group_without_token (Ledger        *ledger,
                                        gconstpointer  data)
{
  check_sweep_leaves_group (ledger, FALSE, FALSE);
}

/* One member without it is enough */
static void
test_ledger_leaves_group_with_stranger (Ledger        *ledger,
                                        gconstpointer  data)
{
  check_sweep_leaves_group (ledger, TRUE, TRUE);
}

/* What the ledger is for: the leftovers of a dead Tether's server, its
 * leader gone and its members reparented, all carrying the token, die. */
static void
test_ledger_kills_group_with_token (Ledger        *ledger,
                                    gconstpointer  data)
{
  g_autoptr(Group) group = group_new (TRUE, FALSE);
  g_autoptr(GArray) members = group_members (group->pgid);
  KillCall call;

  g_assert_cmpuint (members->len, ==, 2);
  reset_kills (TRUE);
  record_by_dead_owner (ledger, group->pgid, group->digest);
  g_assert_cmpuint (count_entries (ledger), ==, 1);
  group_end_leader (group);

  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 2);
  g_assert_cmpuint (kill_calls->len, ==, 1);
  call = g_array_index (kill_calls, KillCall, 0);
  g_assert_cmpint (call.pid, ==, -group->pgid);
  g_assert_cmpint (call.signum, ==, SIGKILL);
  g_assert_cmpuint (count_entries (ledger), ==, 0);
  assert_members_gone (members);

  /* Nothing left to find */
  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 0);
  g_assert_cmpuint (kill_calls->len, ==, 1);
}

/* A group whose owner still runs is not the sweep's. */
static void
test_ledger_leaves_live_owner (Ledger        *ledger,
                               gconstpointer  data)
{
  g_autoptr(Group) group = group_new (TRUE, FALSE);
  g_autoptr(GArray) members = group_members (group->pgid);

  reset_kills (TRUE);
  tether_group_ledger_record (group->pgid, group->digest);
  group_end_leader (group);

  g_assert_cmpuint (tether_group_ledger_sweep (), ==, 0);
  g_assert_cmpuint (kill_calls->len, ==, 0);
  g_assert_cmpuint (count_entries (ledger), ==, 1);
  assert_members_alive (members);

  tether_group_ledger_forget (group->pgid);
  g_assert_cmpuint (count_entries (ledger), ==, 0);
}

/* ---------------------------------------------------------------------- */
/* The proof                                                               */

static void
test_parse_numbers (void)
{
  const char *good[] = { "2", "12", "4194304", "2147483647", NULL };
  const char *bad[] = { "", "0", "-5", "+12", " 12", "12 ", "12abc", "012", "00", "1e3", "0x10",
                        "2147483648", "4294967297", "99999999999999999999", "１２", NULL };
  guint64 value;
  pid_t pid;

  for (guint i = 0; good[i] != NULL; i++)
    {
      g_assert_true (_tether_parse_pid (good[i], &pid));
      g_assert_cmpint (pid, ==, atoi (good[i]));
    }
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_test_message ("refused: \"%s\"", bad[i]);
      g_assert_false (_tether_parse_pid (bad[i], &pid));
    }

  g_assert_true (_tether_parse_decimal ("18446744073709551615", 20, G_MAXUINT64, &value));
  g_assert_cmpuint (value, ==, G_MAXUINT64);
  g_assert_false (_tether_parse_decimal ("18446744073709551616", 20, G_MAXUINT64, &value));
  g_assert_true (_tether_parse_decimal ("0", 1, G_MAXUINT64, &value));
  g_assert_cmpuint (value, ==, 0);
  g_assert_false (_tether_parse_decimal ("7", 1, 5, &value));
  g_assert_true (_tether_parse_decimal ("12", 1, 5, &value));   /* only the length given */
  g_assert_cmpuint (value, ==, 1);

  g_assert_false (_tether_process_group_is_signallable (-1));
  g_assert_false (_tether_process_group_is_signallable (0));
  g_assert_false (_tether_process_group_is_signallable (1));
  g_assert_false (_tether_process_group_is_signallable (getpgrp ()));
  g_assert_false (_tether_process_group_is_signallable (getpid ()));

  g_assert_false (_tether_host_group_is_signallable (0));
  g_assert_false (_tether_host_group_is_signallable (1));
  g_assert_false (_tether_host_group_is_signallable ((guint32)G_MAXINT + 1));
  g_assert_false (_tether_host_group_is_signallable (G_MAXUINT32));
  g_assert_true (_tether_host_group_is_signallable (2));

  /* Nothing refused reaches kill(), whoever asks */
  reset_kills (FALSE);
  errno = 0;
  g_assert_cmpint (_tether_process_group_kill (1, SIGKILL), ==, -1);
  g_assert_cmpint (errno, ==, EINVAL);
  g_assert_cmpint (_tether_process_group_kill (getpgrp (), SIGKILL), ==, -1);
  g_assert_cmpuint (kill_calls->len, ==, 0);
}

static void
test_prove (void)
{
  g_autoptr(Group) ours = group_new (TRUE, FALSE);
  g_autoptr(Group) theirs = group_new (FALSE, FALSE);
  g_autoptr(Group) mixed = group_new (TRUE, TRUE);
  g_autofree char *other_token = _tether_process_group_new_token ();
  g_autofree char *other_digest = _tether_process_group_digest (other_token);
  guint n;
  pid_t stranger;

  group_end_leader (ours);
  g_assert_cmpuint (strlen (ours->token), ==, TETHER_GROUP_TOKEN_LENGTH);
  g_assert_true (_tether_process_group_is_digest (ours->digest));
  g_assert_false (_tether_process_group_is_digest (ours->token));
  g_assert_cmpstr (ours->token, !=, other_token);

  g_assert_cmpint (_tether_process_group_prove (ours->pgid, ours->digest, &n, &stranger), ==, TETHER_GROUP_OURS);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (stranger, ==, 0);

  /* Another token's digest, or none */
  g_assert_cmpint (_tether_process_group_prove (ours->pgid, other_digest, &n, &stranger), ==, TETHER_GROUP_NOT_OURS);
  g_assert_cmpint (_tether_process_group_prove (ours->pgid, NULL, NULL, NULL), ==, TETHER_GROUP_NOT_OURS);
  g_assert_cmpint (_tether_process_group_prove (ours->pgid, ours->token, NULL, NULL), ==, TETHER_GROUP_NOT_OURS);

  g_assert_cmpint (_tether_process_group_prove (theirs->pgid, theirs->digest, &n, &stranger), ==, TETHER_GROUP_NOT_OURS);
  g_assert_cmpint (stranger, >, 0);

  /* One member that dropped the token spoils the group */
  g_assert_cmpint (_tether_process_group_prove (mixed->pgid, mixed->digest, &n, &stranger), ==, TETHER_GROUP_NOT_OURS);
  g_assert_cmpint (stranger, >, 0);
  g_assert_cmpint (stranger, !=, mixed->pgid);

  /* Our own group and group 1, whatever they carry */
  g_assert_cmpint (_tether_process_group_prove (getpgrp (), ours->digest, NULL, NULL), ==, TETHER_GROUP_NOT_OURS);
  g_assert_cmpint (_tether_process_group_prove (1, ours->digest, NULL, NULL), ==, TETHER_GROUP_NOT_OURS);

  /* Gone */
  g_assert_cmpint (kill (-ours->pgid, SIGKILL), ==, 0);
  while (test_count_group (ours->pgid) > 0)
    g_usleep (1000);
  g_assert_cmpint (_tether_process_group_prove (ours->pgid, ours->digest, &n, NULL), ==, TETHER_GROUP_EMPTY);
  g_assert_cmpuint (n, ==, 0);
}

/* ---------------------------------------------------------------------- */
/* The host's kill script                                                  */

/* Runs the kill script as the host would, with kill() replaced by a shell
 * function that writes down what it was asked (@fake) or the real one. */
static char *
run_kill_script (const char *signal_name,
                 const char *pgid,
                 const char *token,
                 gboolean    fake)
{
  g_autofree char *script = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_setenv (NULL, "PATH", "/usr/local/bin:/usr/bin:/bin", TRUE);
  const char *argv[] = { "/bin/sh", "-c", NULL, "tether-host-kill", signal_name, pgid, NULL };
  int status;

  script = g_strconcat (fake ? "kill () { printf 'kill %s\\n' \"$*\"; }\n" : "",
                        _tether_host_group_get_kill_script (), NULL);
  argv[2] = script;
  if (token != NULL)
    env = g_environ_setenv (env, TETHER_HOST_GROUP_EXPECTED_TOKEN, token, TRUE);

  g_spawn_sync ("/", (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  return g_steal_pointer (&out);
}

static void
test_kill_script_numbers (void)
{
  g_autoptr(Group) group = group_new (TRUE, FALSE);
  g_autofree char *number = g_strdup_printf ("%d", (int)group->pgid);
  g_autofree char *expected = g_strdup_printf ("kill -s KILL -- -%d\n", (int)group->pgid);
  g_autofree char *out = NULL;
  const char *bad[] = { "1", "0", "-5", "-1", "4294967297", "+@", " @", "@ ", "@abc", "0@", "@\n",
                        "2147483648", "99999999999", "", NULL };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autofree char *pgid = expand (bad[i], group->pgid);
      g_autofree char *said = run_kill_script ("KILL", pgid, group->token, TRUE);

      g_test_message ("process group \"%s\": \"%s\"", pgid, said);
      g_assert_cmpstr (said, ==, "");
    }

  /* a signal that is not a name or a number, a token of the wrong shape */
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL;x", number, group->token, TRUE);
  g_assert_cmpstr (out, ==, "");
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", number, "", TRUE);
  g_assert_cmpstr (out, ==, "");
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", number, NULL, TRUE);
  g_assert_cmpstr (out, ==, "");

  /* and the group it may signal */
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", number, group->token, TRUE);
  g_assert_cmpstr (out, ==, expected);
}

static void
test_kill_script_token (void)
{
  g_autoptr(Group) ours = group_new (TRUE, FALSE);
  g_autoptr(Group) theirs = group_new (FALSE, FALSE);
  g_autoptr(Group) mixed = group_new (TRUE, TRUE);
  g_autoptr(GArray) our_members = group_members (ours->pgid);
  g_autoptr(GArray) their_members = group_members (theirs->pgid);
  g_autoptr(GArray) mixed_members = group_members (mixed->pgid);
  g_autofree char *our_number = g_strdup_printf ("%d", (int)ours->pgid);
  g_autofree char *their_number = g_strdup_printf ("%d", (int)theirs->pgid);
  g_autofree char *mixed_number = g_strdup_printf ("%d", (int)mixed->pgid);
  g_autofree char *out = NULL;

  group_end_leader (ours);
  group_end_leader (theirs);
  group_end_leader (mixed);

  /* Not provably ours: left alone */
  out = run_kill_script ("KILL", their_number, theirs->token, FALSE);
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", mixed_number, mixed->token, FALSE);
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", our_number, theirs->token, FALSE);
  assert_members_alive (their_members);
  assert_members_alive (mixed_members);
  assert_members_alive (our_members);

  /* Ours: killed */
  g_clear_pointer (&out, g_free);
  out = run_kill_script ("KILL", our_number, ours->token, FALSE);
  assert_members_gone (our_members);
}

/* How a server ended, in words: every signal the C library names, not
 * only the common ones; a number it does not name stays a number. */
static void
test_describe_exit (void)
{
  const struct {
    int         exit_status;
    int         term_signal;
    const char *said;   /* after "was killed by signal N" if a signal */
  } cases[] = {
    { 3, 0, "exited with status 3" },
    { 0, 0, "exited with status 0" },
    { -1, 0, "ended" },
    { -1, SIGKILL, " (SIGKILL)" },
    { -1, SIGTERM, " (SIGTERM)" },
    { -1, SIGSYS, " (SIGSYS)" },
    { -1, SIGXCPU, " (SIGXCPU)" },
    { -1, 200, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *said = tether_process_describe_exit (cases[i].exit_status, cases[i].term_signal);
      g_autofree char *expected = NULL;

      if (cases[i].term_signal == 0)
        expected = g_strdup (cases[i].said);
      else
        expected = g_strdup_printf ("was killed by signal %d%s", cases[i].term_signal, cases[i].said);

      g_assert_cmpstr (said, ==, expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  /* A member of a test group */
  if (argc == 2 && g_str_equal (argv[1], "--sleeper"))
    {
      alarm (SLEEPER_S);
      for (;;)
        pause ();
    }

  /* An owner that writes a group down and ends */
  if (argc == 5 && g_str_equal (argv[1], "--record-group"))
    {
      _tether_group_ledger_set_directory (argv[4]);
      tether_group_ledger_record ((pid_t)atoi (argv[2]), argv[3]);
      return 0;
    }

  g_test_init (&argc, &argv, NULL);

  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_assert_nonnull (self_exe);
  kill_calls = g_array_new (FALSE, FALSE, sizeof (KillCall));
  _tether_process_group_set_kill_func (record_kill);

  g_test_add_func ("/Mcp/Process/describe-exit", test_describe_exit);
  g_test_add_func ("/Mcp/ProcessGroup/parse-numbers", test_parse_numbers);
  g_test_add_func ("/Mcp/ProcessGroup/prove", test_prove);
  g_test_add ("/Mcp/GroupLedger/bad-names", Ledger, NULL,
              ledger_setup, test_ledger_bad_names, ledger_teardown);
  g_test_add ("/Mcp/GroupLedger/odd-files", Ledger, NULL,
              ledger_setup, test_ledger_odd_files, ledger_teardown);
  g_test_add ("/Mcp/GroupLedger/leaves-group-without-token", Ledger, NULL,
              ledger_setup, test_ledger_leaves_group_without_token, ledger_teardown);
  g_test_add ("/Mcp/GroupLedger/leaves-group-with-stranger", Ledger, NULL,
              ledger_setup, test_ledger_leaves_group_with_stranger, ledger_teardown);
  g_test_add ("/Mcp/GroupLedger/kills-group-with-token", Ledger, NULL,
              ledger_setup, test_ledger_kills_group_with_token, ledger_teardown);
  g_test_add ("/Mcp/GroupLedger/leaves-live-owner", Ledger, NULL,
              ledger_setup, test_ledger_leaves_live_owner, ledger_teardown);
  g_test_add_func ("/Mcp/HostGroup/kill-script-numbers", test_kill_script_numbers);
  g_test_add_func ("/Mcp/HostGroup/kill-script-token", test_kill_script_token);

  return g_test_run ();
}
