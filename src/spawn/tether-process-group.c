/* tether-process-group.c — proving that a process group is a server's
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A server leads a process group of its own, and what it starts stays in
 * it, so a signal to the group reaches everything. Signalling a group by
 * number is safe only while the number still names that group. Once the
 * leader has been reaped (by us, or by whoever adopted the leftovers of a
 * Tether that was killed), nothing ties the number to the server: the
 * leader's start time is gone with it and the leftovers were reparented, so
 * neither that nor a parent chain can tell the group from a later one that
 * reuses the number.
 *
 * What every member inherits can: each server gets a random token in its
 * environment (TETHER_GROUP_TOKEN_VARIABLE), and everything it starts carries
 * it on. Before a group is signalled by number, every live member must
 * show the token in /proc/PID/environ. A member without it, or whose
 * environment cannot be read (another user's process, a non-dumpable one),
 * means the group is not provably ours, and it is left alone. Zombies are
 * skipped: no signal reaches them and their environment is gone.
 *
 * A process that replaced its environment (exec with a new one, `env -i`, a
 * program that writes its title over the environment block) no longer
 * carries the token, so its group is left alone and that process may
 * outlive Tether. Leaving one process behind is better than killing
 * someone else's.
 *
 * Between the check and kill (-PGID) a process may join the group. It can
 * only be a child of a member (a fork keeps the group) or a process of the
 * same session moved in with setpgid(), which cannot cross sessions, and the
 * session is the server's own: either way it is the server's too. The number
 * itself is not reused while the group has a member (the kernel keeps a
 * group's id as long as a process is in it); it could only be reused if every
 * member died in that instant and the kernel, which hands out pids in turn,
 * came round the whole pid range to it before our kill().
 *
 * The token is not a credential, but it is handled like one: it is never
 * logged, and only its SHA-256 digest is written down (in the group ledger).
 */

#define G_LOG_DOMAIN "tether-process-group"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "tether-process-group-private.h"

/* /proc/PID/stat is one short line; an environment is bounded by the
 * kernel's limits on exec, and one far over this is not a server's. */
#define STAT_MAX    4096
#define ENVIRON_MAX (16 * 1024 * 1024)

G_STATIC_ASSERT (sizeof (pid_t) == sizeof (int));

static TetherKillFunc kill_func;

/**
 * _tether_parse_decimal:
 * @text: the digits
 * @length: how many bytes of @text to read
 * @max: the largest value accepted
 * @value: (out): where to store the value
 *
 * Parses a number the way the kernel and Tether write them: decimal digits
 * only, no sign, no space, no leading zero, nothing after, at most @max.
 *
 * Returns: whether @text was such a number
 */
gboolean
_tether_parse_decimal (const char *text,
                       gsize       length,
                       guint64     max,
                       guint64    *value)
{
  guint64 result = 0;

  if (text == NULL || length == 0 || (text[0] == '0' && length > 1))
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      guint digit;

      if (text[i] < '0' || text[i] > '9')
        return FALSE;

      digit = (guint)(text[i] - '0');
      if (digit > max || result > (max - digit) / 10)
        return FALSE;

      result = result * 10 + digit;
    }

  *value = result;

  return TRUE;
}

/**
 * _tether_parse_pid:
 * @text: a nul-terminated process id, as in a /proc directory name
 * @pid: (out): where to store it
 *
 * Returns: whether @text is a process id: strictly decimal (see
 *   _tether_parse_decimal()), above 0 and within the range of pid_t
 */
gboolean
_tether_parse_pid (const char *text,
                   pid_t      *pid)
{
  guint64 value;

  if (text == NULL || !_tether_parse_decimal (text, strlen (text), G_MAXINT, &value) || value == 0)
    return FALSE;

  *pid = (pid_t)value;

  return TRUE;
}

/**
 * _tether_process_group_is_signallable:
 * @pgid: a process group id
 *
 * Whether @pgid may name a group a server leads. Not 0 or 1 or below
 * (kill() would take -1 for every process we may signal, 0 for our own
 * group), not our own group, and not our own pid.
 *
 * Returns: %TRUE if a group with this number might be signalled
 */
gboolean
_tether_process_group_is_signallable (pid_t pgid)
{
  return pgid > 1 && pgid != getpgrp () && pgid != getpid ();
}

/**
 * _tether_proc_read_stat:
 * @pid: a process id
 * @stat: (out): its state, process group and start time
 *
 * Reads /proc/@pid/stat, every number in it parsed strictly.
 *
 * Returns: %FALSE if there is no such process or its line does not parse
 */
gboolean
_tether_proc_read_stat (pid_t           pid,
                        TetherProcStat *stat)
{
  char path[64];
  char text[STAT_MAX];
  gsize length = 0;
  g_auto(GStrv) fields = NULL;
  const char *end;
  guint64 pgrp;
  int fd;

  g_snprintf (path, sizeof path, "/proc/%d/stat", (int)pid);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return FALSE;

  while (length < sizeof text - 1)
    {
      gssize n = read (fd, text + length, sizeof text - 1 - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      length += (gsize)n;
    }
  close (fd);
  text[length] = '\0';

  /* The command name in parentheses may hold spaces and parentheses of its
   * own: the fields start after the last ')'. */
  end = strrchr (text, ')');
  if (length == 0 || length >= sizeof text - 1 || end == NULL || end[1] != ' ')
    return FALSE;

  /* fields[0] is field 3 (state), fields[2] field 5 (pgrp), fields[19]
   * field 22 (starttime) */
  fields = g_strsplit (end + 2, " ", 21);
  if (g_strv_length (fields) < 21 || strlen (fields[0]) != 1 ||
      !_tether_parse_decimal (fields[2], strlen (fields[2]), G_MAXINT, &pgrp) ||
      !_tether_parse_decimal (fields[19], strlen (fields[19]), G_MAXUINT64, &stat->start))
    return FALSE;

  stat->state = fields[0][0];
  stat->pgrp = (pid_t)pgrp;

  return TRUE;
}

/**
 * _tether_process_group_new_token:
 *
 * Returns: (transfer full) (nullable): a new random token for a server's
 *   group, or %NULL if the kernel gave no random bytes
 */
char *
_tether_process_group_new_token (void)
{
  static const char hex[] = "0123456789abcdef";
  guint8 bytes[TETHER_GROUP_TOKEN_LENGTH / 2];
  gsize got = 0;
  char *token;

  while (got < sizeof bytes)
    {
      ssize_t n = getrandom (bytes + got, sizeof bytes - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_debug ("no random bytes for a process group token: %s", g_strerror (errno));
          return NULL;
        }
      got += (gsize)n;
    }

  token = g_malloc (TETHER_GROUP_TOKEN_LENGTH + 1);
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      token[2 * i] = hex[bytes[i] >> 4];
      token[2 * i + 1] = hex[bytes[i] & 0xf];
    }
  token[TETHER_GROUP_TOKEN_LENGTH] = '\0';
  explicit_bzero (bytes, sizeof bytes);

  return token;
}

/**
 * _tether_process_group_digest:
 * @token: a token from _tether_process_group_new_token()
 *
 * Returns: (transfer full): what is written down instead of @token
 */
char *
_tether_process_group_digest (const char *token)
{
  g_return_val_if_fail (token != NULL, NULL);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, token, -1);
}

/**
 * _tether_process_group_is_digest:
 * @text: (nullable): text
 *
 * Returns: whether @text has the form of a digest from
 *   _tether_process_group_digest()
 */
gboolean
_tether_process_group_is_digest (const char *text)
{
  if (text == NULL || strlen (text) != TETHER_GROUP_DIGEST_LENGTH)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
      return FALSE;

  return TRUE;
}

/**
 * _tether_process_group_add_token:
 * @environment: (transfer full): `KEY=VALUE` pairs
 * @token: the group's token
 *
 * Returns: (transfer full): @environment with @token in it, replacing any
 *   value the variable had (a configured one cannot forge it)
 */
char **
_tether_process_group_add_token (char       **environment,
                                 const char  *token)
{
  return g_environ_setenv (environment, TETHER_GROUP_TOKEN_VARIABLE, token, TRUE);
}

static gboolean
is_token (const char *value,
          const char *digest)
{
  g_autofree char *candidate = _tether_process_group_digest (value);

  return g_str_equal (candidate, digest);
}

/* Whether /proc/@pid/environ holds the variable with a token whose digest
 * is @digest. Read in pieces; the value is compared by its digest. */
static gboolean
environ_carries_token (pid_t       pid,
                       const char *digest)
{
  static const char prefix[] = TETHER_GROUP_TOKEN_VARIABLE "=";
  const gsize prefix_length = sizeof prefix - 1;
  char path[64];
  char buffer[16384];
  char value[TETHER_GROUP_TOKEN_LENGTH + 1];
  gsize at = 0;              /* bytes of the current entry seen */
  gboolean candidate = TRUE; /* the current entry may still be it */
  gsize total = 0;
  gboolean found = FALSE;
  int fd;

  g_snprintf (path, sizeof path, "/proc/%d/environ", (int)pid);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return FALSE;

  while (!found && total < ENVIRON_MAX)
    {
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          return FALSE;
        }
      if (n == 0)
        break;
      total += (gsize)n;

      for (gssize i = 0; i < n && !found; i++)
        {
          char c = buffer[i];

          if (c == '\0')
            {
              if (candidate && at == prefix_length + TETHER_GROUP_TOKEN_LENGTH)
                {
                  value[TETHER_GROUP_TOKEN_LENGTH] = '\0';
                  found = is_token (value, digest);
                }
              at = 0;
              candidate = TRUE;
              continue;
            }

          if (candidate)
            {
              if (at < prefix_length)
                candidate = c == prefix[at];
              else if (at < prefix_length + TETHER_GROUP_TOKEN_LENGTH)
                value[at - prefix_length] = c;
              else
                candidate = FALSE;
            }
          at++;
        }
    }
  close (fd);

  /* The last entry, if the block does not end with a nul */
  if (!found && candidate && at == prefix_length + TETHER_GROUP_TOKEN_LENGTH)
    {
      value[TETHER_GROUP_TOKEN_LENGTH] = '\0';
      found = is_token (value, digest);
    }
  explicit_bzero (value, sizeof value);

  return found;
}

static gboolean
is_live_member (pid_t pid,
                pid_t pgid)
{
  TetherProcStat stat;

  return _tether_proc_read_stat (pid, &stat) && stat.pgrp == pgid && stat.state != 'Z' && stat.state != 'X';
}

/**
 * _tether_process_group_prove:
 * @pgid: a process group id
 * @digest: the digest of the token its members must carry
 * @n_members: (out) (optional): how many live members it has
 * @stranger: (out) (optional): a member without the token
 *
 * Finds the live members of the group @pgid and checks that each carries
 * the token (see the top of this file).
 *
 * Returns: %TETHER_GROUP_OURS if every one does, %TETHER_GROUP_EMPTY if there is
 *   none, %TETHER_GROUP_NOT_OURS if one does not or @pgid may not be signalled
 */
TetherGroupProof
_tether_process_group_prove (pid_t       pgid,
                             const char *digest,
                             guint      *n_members,
                             pid_t      *stranger)
{
  g_autoptr(GDir) proc = NULL;
  const char *name;
  guint members = 0;

  if (n_members != NULL)
    *n_members = 0;
  if (stranger != NULL)
    *stranger = 0;

  if (!_tether_process_group_is_signallable (pgid) || !_tether_process_group_is_digest (digest))
    return TETHER_GROUP_NOT_OURS;

  proc = g_dir_open ("/proc", 0, NULL);
  if (proc == NULL)
    return TETHER_GROUP_NOT_OURS;

  while ((name = g_dir_read_name (proc)) != NULL)
    {
      pid_t pid;

      if (!_tether_parse_pid (name, &pid) || !is_live_member (pid, pgid))
        continue;

      if (!environ_carries_token (pid, digest))
        {
          /* One that ended or left meanwhile is no member any more. */
          if (!is_live_member (pid, pgid))
            continue;

          g_debug ("process group %d: process %d does not carry its token", (int)pgid, (int)pid);
          if (stranger != NULL)
            *stranger = pid;
          return TETHER_GROUP_NOT_OURS;
        }

      members++;
    }

  if (n_members != NULL)
    *n_members = members;

  return members > 0 ? TETHER_GROUP_OURS : TETHER_GROUP_EMPTY;
}

/**
 * _tether_process_group_signal_if_ours:
 * @pgid: a process group id
 * @digest: the digest of the token its members must carry
 * @signum: the signal
 * @n_members: (out) (optional): how many live members it had
 *
 * Sends @signum to the group @pgid if _tether_process_group_prove() shows it
 * is ours; leaves it alone otherwise.
 *
 * Returns: the proof
 */
TetherGroupProof
_tether_process_group_signal_if_ours (pid_t       pgid,
                                      const char *digest,
                                      int         signum,
                                      guint      *n_members)
{
  TetherGroupProof proof = _tether_process_group_prove (pgid, digest, n_members, NULL);

  if (proof == TETHER_GROUP_OURS && _tether_process_group_kill (pgid, signum) != 0 && errno != ESRCH)
    g_debug ("kill (-%d, %d): %s", (int)pgid, signum, g_strerror (errno));

  return proof;
}

/**
 * _tether_process_group_kill:
 * @pgid: a process group id
 * @signum: the signal
 *
 * kill (-@pgid, @signum), refused (with `EINVAL`) for a number that
 * _tether_process_group_is_signallable() refuses.
 *
 * Returns: 0, or -1 with errno set
 */
int
_tether_process_group_kill (pid_t pgid,
                            int   signum)
{
  if (!_tether_process_group_is_signallable (pgid))
    {
      errno = EINVAL;
      return -1;
    }

  return (kill_func != NULL ? kill_func : kill) (-pgid, signum);
}

/**
 * _tether_process_group_set_kill_func:
 * @func: (nullable): what to call instead of kill(), or %NULL for kill()
 *
 * For tests: see every group signal sent, or send none.
 */
void
_tether_process_group_set_kill_func (TetherKillFunc func)
{
  kill_func = func;
}
