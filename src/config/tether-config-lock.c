/* tether-config-lock.c — one writer of a configuration file at a time
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A writer takes the lock, reads the file afresh, applies its change to
 * what it read, replaces the file and lets go: so two writers can follow
 * each other but never overwrite each other.
 *
 *  - The lock is flock(2) on a sibling file, `.NAME.lock` next to the file
 *    it guards, created 0600. flock belongs to the open file description:
 *    two stores in one process exclude each other as two processes do
 *    (a POSIX record lock would not), and the kernel drops it when its
 *    holder dies, even by SIGKILL, so a crash never leaves it held.
 *  - The lock is not on the file itself, because saving replaces the file
 *    by rename: a waiter would wake up holding a lock on a file that is no
 *    longer there.
 *  - The lock file is never deleted. A writer that removed it while another
 *    waited on it would let a third create a new one: two holders at once.
 *    It stays as an empty file, and costs nothing.
 */

#define G_LOG_DOMAIN "tether-config-lock"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tether-config-lock.h"

/* Polling: first quickly (a save takes milliseconds), then no more often
 * than this. */
#define POLL_MIN_MS 2
#define POLL_MAX_MS 50

struct _TetherConfigLock
{
  int    fd;
  gint64 since;
};

/**
 * tether_config_lock_path_for:
 * @target: the configuration file (symbolic links already followed)
 *
 * Returns: (transfer full): the lock file of @target, `.NAME.lock` beside it
 */
char *
tether_config_lock_path_for (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = g_strdup_printf (".%s.lock", base);

  return g_build_filename (dir, name, NULL);
}

static int
open_lock_file (const char  *target,
                GError     **error)
{
  g_autofree char *path = tether_config_lock_path_for (target);
  g_autofree char *dir = g_path_get_dirname (target);
  struct stat st;
  int saved_errno;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder %s: %s"), dir, g_strerror (saved_errno));
      return -1;
    }

  /* Never follow a link planted in its place. flock needs no write access:
   * a lock file we may only read still serves. */
  do
    fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK, 0600);
  while (fd < 0 && errno == EINTR);
  if (fd < 0 && errno == EACCES)
    fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);

  if (fd >= 0 && (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)))
    {
      close (fd);
      fd = -1;
      errno = EINVAL;
    }

  if (fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not lock %s: cannot open its lock file %s: %s"),
                   target, path, g_strerror (saved_errno));
    }

  return fd;
}

/* TRUE if taken; FALSE with *busy set if another holds it, or with an
 * error. */
static gboolean
take (int          fd,
      const char  *target,
      gboolean    *busy,
      GError     **error)
{
  int saved_errno;

  *busy = FALSE;

  for (;;)
    {
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        return TRUE;
      if (errno != EINTR)
        break;
    }

  saved_errno = errno;
  if (saved_errno == EWOULDBLOCK)
    {
      *busy = TRUE;
      return FALSE;
    }

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not lock %s: %s"), target, g_strerror (saved_errno));

  return FALSE;
}

static TetherConfigLock *
lock_new (int fd)
{
  TetherConfigLock *self = g_new0 (TetherConfigLock, 1);

  self->fd = fd;
  self->since = g_get_real_time ();

  return self;
}

/**
 * tether_config_lock_busy_error:
 * @target: the configuration file
 * @waited_ms: how long the writer waited
 *
 * Returns: (transfer full): the error of a writer that gave up waiting
 */
GError *
tether_config_lock_busy_error (const char *target,
                               guint       waited_ms)
{
  g_autofree char *lock_path = tether_config_lock_path_for (target);

  return g_error_new (G_IO_ERROR, G_IO_ERROR_BUSY,
                      _("Could not change %s: another program holds it locked (%s) and did not "
                        "finish within %.1f s; nothing was changed"),
                      target, lock_path, waited_ms / 1000.0);
}

/**
 * tether_config_lock_try:
 * @target: the configuration file (symbolic links already followed)
 * @busy: (out): set when another writer holds the lock
 * @error: where to put an error
 *
 * Takes the lock if it is free, without waiting.
 *
 * Returns: (transfer full) (nullable): the lock, or %NULL if it is busy
 *   (@busy set, no error) or cannot be taken (@error set)
 */
TetherConfigLock *
tether_config_lock_try (const char  *target,
                        gboolean    *busy,
                        GError     **error)
{
  int fd;

  g_return_val_if_fail (target != NULL, NULL);
  g_return_val_if_fail (busy != NULL, NULL);

  *busy = FALSE;
  fd = open_lock_file (target, error);
  if (fd < 0)
    return NULL;

  if (!take (fd, target, busy, error))
    {
      close (fd);
      return NULL;
    }

  return lock_new (fd);
}

/**
 * tether_config_lock_acquire:
 * @target: the configuration file (symbolic links already followed)
 * @wait_ms: how long to wait for another writer to finish
 * @error: where to put an error
 *
 * Takes the lock, waiting up to @wait_ms for it. This blocks the calling
 * thread: a program with a main loop to keep turning uses
 * tether_config_lock_try() instead.
 *
 * Returns: (transfer full) (nullable): the lock, or %NULL with @error set
 *   (%G_IO_ERROR_BUSY if another writer held it all along)
 */
TetherConfigLock *
tether_config_lock_acquire (const char  *target,
                            guint        wait_ms,
                            GError     **error)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64)wait_ms * 1000;
  guint pause_ms = POLL_MIN_MS;
  int fd;

  g_return_val_if_fail (target != NULL, NULL);

  fd = open_lock_file (target, error);
  if (fd < 0)
    return NULL;

  for (;;)
    {
      gboolean busy;
      gint64 now;

      if (take (fd, target, &busy, error))
        return lock_new (fd);

      now = g_get_monotonic_time ();
      if (!busy || now >= deadline)
        {
          close (fd);
          if (busy)
            g_propagate_error (error, tether_config_lock_busy_error (target, wait_ms));
          return NULL;
        }

      /* A little jitter, so that waiters do not all knock at once. */
      g_usleep (MIN ((gint64)pause_ms * 1000 + g_random_int_range (0, 1000), deadline - now));
      pause_ms = MIN (pause_ms * 2, POLL_MAX_MS);
    }
}

/**
 * tether_config_lock_get_since:
 * @self: a #TetherConfigLock
 *
 * Returns: when the lock was taken, in the time of g_get_real_time()
 */
gint64
tether_config_lock_get_since (TetherConfigLock *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->since;
}

/**
 * tether_config_lock_release:
 * @self: (transfer full): a #TetherConfigLock
 *
 * Lets the next writer in.
 */
void
tether_config_lock_release (TetherConfigLock *self)
{
  if (self == NULL)
    return;

  /* Closing the only descriptor of the open file drops the lock. */
  close (self->fd);
  g_free (self);
}
