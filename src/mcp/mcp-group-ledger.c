/* mcp-group-ledger.c — the process groups of servers, written down
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each server leads a process group, and gets SIGKILL when Tether dies
 * (PR_SET_PDEATHSIG). What it started does not: when Tether is killed or
 * crashes, npx's node or uvx's python live on, reparented, for good. So
 * every group is written down in $XDG_RUNTIME_DIR/tether/groups/PGID while
 * it may have members, with who owns it, and crossed out once its last
 * SIGKILL is sent. The next Tether (the app or tether-cli) sweeps the groups
 * whose owner is gone, before it starts any server.
 *
 * A group is only killed when it is certainly the one written down. Its
 * number cannot be reused while a process is in the group, and every member
 * started no earlier than the leader did; a leader's pid in use by a process
 * started at another time means the number was reused, and the entry is
 * dropped. After a reboot (another boot id) every entry is stale.
 */

#define G_LOG_DOMAIN "mcp-group-ledger"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "mcp-group-ledger.h"

typedef struct
{
  pid_t   pgrp;
  char    state;
  guint64 start;   /* clock ticks after boot */
} ProcStat;

/* Fields of /proc/PID/stat, read after the command name, which may hold
 * spaces and parentheses of its own. */
static gboolean
read_stat (pid_t     pid,
           ProcStat *stat)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int)pid);
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;
  const char *end;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  end = strrchr (text, ')');
  if (end == NULL || end[1] != ' ')
    return FALSE;

  /* fields[0] is field 3 (state), fields[2] field 5 (pgrp), fields[19]
   * field 22 (starttime) */
  fields = g_strsplit (end + 2, " ", 21);
  if (g_strv_length (fields) < 21)
    return FALSE;

  stat->state = fields[0][0];
  stat->pgrp = (pid_t)g_ascii_strtoll (fields[2], NULL, 10);
  stat->start = g_ascii_strtoull (fields[19], NULL, 10);

  return TRUE;
}

static gboolean
is_alive (pid_t    pid,
          guint64  start)
{
  ProcStat stat;

  return read_stat (pid, &stat) && stat.start == start && stat.state != 'Z' && stat.state != 'X';
}

static char *
boot_id (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &text, NULL, NULL))
    return g_strdup ("unknown");

  return g_strdup (g_strstrip (text));
}

static char *
ledger_dir (void)
{
  return g_build_filename (g_get_user_runtime_dir (), "tether", "groups", NULL);
}

static char *
entry_path (pid_t pgid)
{
  g_autofree char *dir = ledger_dir ();
  g_autofree char *name = g_strdup_printf ("%d", (int)pgid);

  return g_build_filename (dir, name, NULL);
}

/**
 * mcp_group_ledger_record:
 * @pgid: the process group of a server just started, led by the server
 *
 * Writes the group down, as this process's. Best effort: a ledger that
 * cannot be written only loses the sweep after a crash.
 */
void
mcp_group_ledger_record (pid_t pgid)
{
  g_autofree char *dir = ledger_dir ();
  g_autofree char *path = entry_path (pgid);
  g_autofree char *boot = boot_id ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  ProcStat self;
  ProcStat leader;

  if (pgid <= 0 || !read_stat (getpid (), &self) || !read_stat (pgid, &leader))
    return;

  text = g_strdup_printf ("%s %d %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                          boot, (int)getpid (), self.start, leader.start);
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_NONE, 0600, &error))
    g_debug ("cannot write down process group %d: %s", (int)pgid,
             error != NULL ? error->message : g_strerror (errno));
}

/**
 * mcp_group_ledger_forget:
 * @pgid: a group recorded with mcp_group_ledger_record()
 *
 * Crosses the group out: its last SIGKILL has been sent.
 */
void
mcp_group_ledger_forget (pid_t pgid)
{
  g_autofree char *path = NULL;

  if (pgid <= 0)
    return;

  path = entry_path (pgid);
  g_unlink (path);
}

/* Kills the group of an entry whose owner is gone, if it is still the
 * group that was written down; returns how many processes it had. */
static guint
sweep_group (pid_t    pgid,
             guint64  leader_start)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;
  guint members = 0;
  ProcStat stat;

  /* The leader's number taken by a process started at another time: the
   * group is long gone and the number belongs to someone else. */
  if (read_stat (pgid, &stat) && stat.start != leader_start)
    return 0;

  while (proc != NULL && (name = g_dir_read_name (proc)) != NULL)
    {
      pid_t pid = (pid_t)g_ascii_strtoll (name, NULL, 10);

      if (pid <= 0 || !read_stat (pid, &stat) || stat.pgrp != pgid)
        continue;
      if (stat.start < leader_start)
        return 0;   /* not the group that was written down */
      if (stat.state != 'Z' && stat.state != 'X')
        members++;
    }

  if (members > 0 && kill (-pgid, SIGKILL) != 0)
    {
      g_debug ("kill (-%d, SIGKILL): %s", (int)pgid, g_strerror (errno));
      return 0;
    }

  return members;
}

/**
 * mcp_group_ledger_sweep:
 *
 * Kills what is left of the servers of a Tether that ended without
 * stopping them (killed, crashed, the machine's session torn down), and
 * drops the entries of groups that are gone. Groups of a Tether that still
 * runs are left alone.
 *
 * Returns: how many left-behind processes were killed
 */
guint
mcp_group_ledger_sweep (void)
{
  g_autofree char *dir_path = ledger_dir ();
  g_autofree char *boot = boot_id ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint killed = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *text = NULL;
      g_auto(GStrv) fields = NULL;
      pid_t pgid = (pid_t)g_ascii_strtoll (name, NULL, 10);
      pid_t owner;
      guint64 owner_start;
      guint64 leader_start;
      guint members;

      if (pgid <= 0 || !g_file_get_contents (path, &text, NULL, NULL))
        continue;

      fields = g_strsplit (g_strstrip (text), " ", 0);
      if (g_strv_length (fields) != 4 || g_strcmp0 (fields[0], boot) != 0)
        {
          g_unlink (path);   /* unreadable, or from before a reboot */
          continue;
        }

      owner = (pid_t)g_ascii_strtoll (fields[1], NULL, 10);
      owner_start = g_ascii_strtoull (fields[2], NULL, 10);
      leader_start = g_ascii_strtoull (fields[3], NULL, 10);
      if (owner == getpid () || is_alive (owner, owner_start))
        continue;

      members = sweep_group (pgid, leader_start);
      if (members > 0)
        g_message ("Stopped %u processes of process group %d, left running by Tether (pid %d) when it ended",
                   members, (int)pgid, (int)owner);
      killed += members;
      g_unlink (path);
    }

  return killed;
}
