/* tether-group-ledger.c — the process groups of servers, written down
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each server leads a process group, and gets SIGKILL when Tether dies
 * (PR_SET_PDEATHSIG). What it started does not: when Tether is killed or
 * crashes, npx's node or uvx's python live on, reparented, for good. So
 * every group is written down in $XDG_RUNTIME_DIR/tether/groups/PGID while
 * it may have members, and crossed out once its last SIGKILL is sent. An
 * entry is one line:
 *
 *   tether-group-2 BOOT_ID OWNER_PID OWNER_START TOKEN_DIGEST
 *
 * (who owns the group, and the digest of the token its members carry, see
 * tether-process-group.c). The next Tether (the app or tether-cli) sweeps the
 * groups whose owner is gone, before it starts any server.
 *
 * The sweep never signals anything but a group a Tether started. The entry's
 * name must be a process group number written as Tether writes it (decimal
 * digits, no sign, no space, no leading zero, within pid_t, above 1, and not
 * our own group or pid), every number in it must parse the same way, and
 * every live member of the group must carry the token. Anything else, and
 * any entry from before a reboot or of an older format, is dropped, and
 * nothing is signalled. Entries are written under a name starting with a dot
 * and renamed into place; a sweep leaves those names alone, so it never
 * sees half an entry nor takes one from under another Tether writing it.
 */

#define G_LOG_DOMAIN "tether-group-ledger"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "tether-group-ledger.h"
#include "tether-group-ledger-private.h"
#include "tether-process-group-private.h"

#define ENTRY_FORMAT "tether-group-2"
#define ENTRY_MAX    512

static char *directory_override;

static gboolean
is_alive (pid_t    pid,
          guint64  start)
{
  TetherProcStat stat;

  return _tether_proc_read_stat (pid, &stat) && stat.start == start && stat.state != 'Z' && stat.state != 'X';
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
  if (directory_override != NULL)
    return g_strdup (directory_override);

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
 * tether_group_ledger_record:
 * @pgid: the process group of a server just started, led by the server
 * @token_digest: the digest of the token its members carry
 *
 * Writes the group down, as this process's. Best effort: a ledger that
 * cannot be written only loses the sweep after a crash.
 */
void
tether_group_ledger_record (pid_t       pgid,
                            const char *token_digest)
{
  g_autofree char *dir = ledger_dir ();
  g_autofree char *path = NULL;
  g_autofree char *staging = NULL;
  g_autofree char *boot = boot_id ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  TetherProcStat self;

  if (!_tether_process_group_is_signallable (pgid) || !_tether_process_group_is_digest (token_digest) ||
      !_tether_proc_read_stat (getpid (), &self))
    return;

  /* Written beside, under a name the sweep leaves alone, then put in place */
  path = entry_path (pgid);
  staging = g_strdup_printf ("%s/.%d", dir, (int)pgid);
  text = g_strdup_printf ("%s %s %d %" G_GUINT64_FORMAT " %s\n",
                          ENTRY_FORMAT, boot, (int)getpid (), self.start, token_digest);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("cannot write down process group %d: %s: %s", (int)pgid, dir, g_strerror (errno));
  else if (!g_file_set_contents_full (staging, text, -1, G_FILE_SET_CONTENTS_NONE, 0600, &error))
    g_debug ("cannot write down process group %d: %s", (int)pgid, error->message);
  else if (g_rename (staging, path) != 0)
    g_debug ("cannot write down process group %d: %s: %s", (int)pgid, path, g_strerror (errno));
}

/**
 * tether_group_ledger_forget:
 * @pgid: a group recorded with tether_group_ledger_record()
 *
 * Crosses the group out: its last SIGKILL has been sent.
 */
void
tether_group_ledger_forget (pid_t pgid)
{
  g_autofree char *path = NULL;

  if (!_tether_process_group_is_signallable (pgid))
    return;

  path = entry_path (pgid);
  g_unlink (path);
}

/* The entry's text, if it is a small regular file (not a FIFO, a symlink,
 * a directory or a device, which a read could block on or lead astray). */
static char *
read_entry (const char *path)
{
  char text[ENTRY_MAX + 1];
  gsize length = 0;
  struct stat st;
  int fd;

  fd = open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return NULL;

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > ENTRY_MAX)
    {
      close (fd);
      return NULL;
    }

  while (length < sizeof text)
    {
      gssize n = read (fd, text + length, sizeof text - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      length += (gsize)n;
    }
  close (fd);

  if (length > ENTRY_MAX || memchr (text, '\0', length) != NULL)
    return NULL;

  return g_strndup (text, length);
}

typedef struct
{
  pid_t    owner;
  guint64  owner_start;
  char    *digest;
} Entry;

static void
entry_clear (Entry *entry)
{
  g_clear_pointer (&entry->digest, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Entry, entry_clear)

/* "tether-group-2 BOOT OWNER OWNER_START DIGEST\n", exactly */
static gboolean
parse_entry (const char *text,
             const char *boot,
             Entry      *entry)
{
  g_auto(GStrv) fields = NULL;
  gsize length = strlen (text);

  if (length == 0 || text[length - 1] != '\n')
    return FALSE;

  fields = g_strsplit (text, " ", 0);
  if (g_strv_length (fields) != 5)
    return FALSE;

  /* the newline ends the last field */
  fields[4][strlen (fields[4]) - 1] = '\0';

  if (!g_str_equal (fields[0], ENTRY_FORMAT) || !g_str_equal (fields[1], boot) ||
      !_tether_parse_pid (fields[2], &entry->owner) ||
      !_tether_parse_decimal (fields[3], strlen (fields[3]), G_MAXUINT64, &entry->owner_start) ||
      !_tether_process_group_is_digest (fields[4]))
    return FALSE;

  entry->digest = g_strdup (fields[4]);

  return TRUE;
}

static void
drop (const char *path,
      const char *why)
{
  g_autofree char *shown = g_strescape (path, NULL);

  g_message ("Dropped %s from the process group ledger: %s", shown, why);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_debug ("could not remove %s: %s", shown, g_strerror (errno));
}

/**
 * tether_group_ledger_sweep:
 *
 * Kills what is left of the servers of a Tether that ended without
 * stopping them (killed, crashed, the machine's session torn down), and
 * drops the entries of groups that are gone. Groups of a Tether that still
 * runs are left alone, and so is any group not provably a server's.
 *
 * Returns: how many left-behind processes were killed
 */
guint
tether_group_ledger_sweep (void)
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
      g_auto(Entry) entry = { 0, };
      TetherGroupProof proof;
      guint members = 0;
      pid_t stranger = 0;
      pid_t pgid;

      /* Another Tether writing an entry */
      if (name[0] == '.')
        continue;

      if (!_tether_parse_pid (name, &pgid) || !_tether_process_group_is_signallable (pgid))
        {
          drop (path, "not a process group a server could lead");
          continue;
        }

      text = read_entry (path);
      if (text == NULL || !parse_entry (text, boot, &entry))
        {
          /* From before a reboot, of an older Tether, or damaged */
          g_debug ("dropping the unreadable or stale entry of process group %d", (int)pgid);
          if (g_unlink (path) != 0 && errno != ENOENT)
            g_debug ("could not remove %s: %s", path, g_strerror (errno));
          continue;
        }

      if (entry.owner == getpid () || is_alive (entry.owner, entry.owner_start))
        continue;

      proof = _tether_process_group_prove (pgid, entry.digest, &members, &stranger);
      if (proof == TETHER_GROUP_OURS)
        {
          if (_tether_process_group_kill (pgid, SIGKILL) == 0)
            {
              g_message ("Stopped %u processes of process group %d, left running by Tether (pid %d) when it ended",
                         members, (int)pgid, (int)entry.owner);
              killed += members;
            }
          else
            g_debug ("kill (-%d, SIGKILL): %s", (int)pgid, g_strerror (errno));
        }
      else if (proof == TETHER_GROUP_NOT_OURS)
        g_message ("Left process group %d alone, although Tether (pid %d) that started it has ended: "
                   "process %d in it does not carry the group's token, so it may not be Tether's",
                   (int)pgid, (int)entry.owner, (int)stranger);

      g_unlink (path);
    }

  return killed;
}

/**
 * _tether_group_ledger_set_directory:
 * @path: (nullable): where to keep the ledger, or %NULL for
 *   `$XDG_RUNTIME_DIR/tether/groups`
 *
 * For tests.
 */
void
_tether_group_ledger_set_directory (const char *path)
{
  g_free (directory_override);
  directory_override = g_strdup (path);
}
