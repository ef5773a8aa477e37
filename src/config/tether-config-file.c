/* tether-config-file.c — the configuration file on disk, as a writer sees it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where a change is written, whether it may be, how it replaces the file,
 * and the leftovers of saves that were cut short:
 *
 *  - a file that is a symbolic link (a dotfile manager's) is written
 *    through: the end of the chain is replaced, never the link; a link that
 *    leads nowhere is an error, not a new file;
 *  - a file whose owner write bit is off is read-only, whoever runs Tether
 *    (root too): it is never replaced;
 *  - a file is replaced atomically: a temporary `.NAME.XXXXXX` in the same
 *    folder, written, fsync, rename over the file, fsync of the folder,
 *    mode 0600;
 *  - a save killed before its rename leaves its temporary file behind; the
 *    next writer, holding the lock, removes such files of ours (our name
 *    pattern, our user, older than its own save): while it holds the lock
 *    no other writer can be creating one.
 */

#define G_LOG_DOMAIN "tether-config-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tether-config-file.h"
#include "tether-config-lock.h"

/* What g_mkstemp_full() puts in place of XXXXXX */
#define TEMP_SUFFIX_LENGTH 6

/**
 * tether_config_file_resolve:
 * @path: the configuration file
 * @error: where to put an error
 *
 * Follows @path through symbolic links, chains included.
 *
 * Returns: (transfer full) (nullable): the file to read and replace: @path
 *   itself if it is no link (or does not exist yet), the end of the chain if
 *   it is one, or %NULL with @error set if the chain leads nowhere
 */
char *
tether_config_file_resolve (const char  *path,
                            GError     **error)
{
  GStatBuf st;
  char *resolved;
  char *copy;
  int saved_errno;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_lstat (path, &st) != 0 || !S_ISLNK (st.st_mode))
    return g_strdup (path);

  resolved = realpath (path, NULL);
  if (resolved == NULL)
    {
      g_autofree char *link = NULL;

      saved_errno = errno;
      link = g_file_read_link (path, NULL);
      if (saved_errno == ENOENT)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     _("%s is a symbolic link to %s, which leads to no file; nothing was written"),
                     path, link != NULL ? link : "?");
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     _("Could not follow the symbolic link %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }

  copy = g_strdup (resolved);
  free (resolved);

  return copy;
}

/**
 * tether_config_file_check_writable:
 * @target: the file to replace (links followed)
 * @error: where to put an error
 *
 * A file is read-only when its owner write bit is off. That is the user's
 * word, and it holds for root too, who could write it anyway; access(2)
 * would say yes to root.
 *
 * Returns: %TRUE if @target may be replaced (or does not exist yet)
 */
gboolean
tether_config_file_check_writable (const char  *target,
                                   GError     **error)
{
  GStatBuf st;

  g_return_val_if_fail (target != NULL, FALSE);

  if (g_stat (target, &st) != 0)
    return TRUE;

  if ((st.st_mode & S_IWUSR) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                   _("%s is read-only (its permissions do not let its owner write it); "
                     "it was not changed"),
                   target);
      return FALSE;
    }

  return TRUE;
}

/**
 * tether_config_file_replace:
 * @target: the file to replace (links followed)
 * @data: the new contents
 * @length: the length of @data
 * @error: where to put an error
 *
 * Replaces @target atomically, creating its folder if need be: a reader
 * sees the old file or the new one, never a part, even if the power fails.
 *
 * This is not g_file_set_contents_full(): it names its temporary file
 * `NAME.XXXXXX`, like a user's own `servers.json.backup`, so that a crash's
 * leftovers could not be told from the user's files and removed.
 *
 * Returns: %TRUE if @target now holds @data
 */
gboolean
tether_config_file_replace (const char  *target,
                            const char  *data,
                            gsize        length,
                            GError     **error)
{
  return tether_config_file_replace_with_mode (target, data, length, 0600, error);
}

/**
 * tether_config_file_replace_with_mode:
 * @target: the file to replace (links followed)
 * @data: the new contents
 * @length: the length of @data
 * @mode: the permissions of the new file (another program's file keeps
 *   its own)
 * @error: where to put an error
 *
 * tether_config_file_replace(), with the file's permissions given.
 *
 * Returns: %TRUE if @target now holds @data
 */
gboolean
tether_config_file_replace_with_mode (const char  *target,
                                      const char  *data,
                                      gsize        length,
                                      guint        mode,
                                      GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmp = NULL;
  gsize written = 0;
  int saved_errno;
  int fd;

  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create a temporary file in %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (fchmod (fd, mode & 07777) != 0)
    goto failed;

  while (written < length)
    {
      gssize n = write (fd, data + written, length - written);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        goto failed;
      written += n;
    }

  if (fsync (fd) != 0)
    goto failed;
  if (close (fd) != 0)
    {
      fd = -1;
      goto failed;
    }
  fd = -1;

  if (g_rename (tmp, target) != 0)
    goto failed;

  /* Make the rename itself durable. */
  fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }

  return TRUE;

failed:
  saved_errno = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not write %s: %s"), target, g_strerror (saved_errno));

  return FALSE;
}

/**
 * tether_config_file_is_temporary:
 * @target: the configuration file (links followed)
 * @name: a file name in its folder
 *
 * Returns: %TRUE if @name is what tether_config_file_replace() names its
 *   temporary files for @target: `.NAME.` and six letters or digits
 */
gboolean
tether_config_file_is_temporary (const char *target,
                                 const char *name)
{
  g_autofree char *base = g_path_get_basename (target);
  gsize base_length = strlen (base);
  const char *suffix;

  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (name[0] != '.' || strncmp (name + 1, base, base_length) != 0 || name[1 + base_length] != '.')
    return FALSE;

  suffix = name + 1 + base_length + 1;
  if (strlen (suffix) != TEMP_SUFFIX_LENGTH)
    return FALSE;

  for (guint i = 0; i < TEMP_SUFFIX_LENGTH; i++)
    {
      if (!g_ascii_isalnum (suffix[i]))
        return FALSE;
    }

  return TRUE;
}

/* Calls @func for each temporary file of ours beside @target that was last
 * written before @before (real time, µs); stops when it returns FALSE. */
static guint
for_each_stale (const char *target,
                gint64      before,
                gboolean  (*func) (const char *path))
{
  g_autofree char *dir_path = g_path_get_dirname (target);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint count = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      gint64 mtime;

      if (!tether_config_file_is_temporary (target, name))
        continue;

      path = g_build_filename (dir_path, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid ())
        continue;

      mtime = (gint64)st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
      if (mtime >= before)
        continue;

      count++;
      if (!func (path))
        break;
    }

  return count;
}

static gboolean
remove_file (const char *path)
{
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_debug ("Could not remove %s: %s", path, g_strerror (errno));
  else
    g_debug ("Removed %s, left by a save that did not finish", path);

  return TRUE;
}

static gboolean
stop (const char *path)
{
  return FALSE;
}

/**
 * tether_config_file_remove_stale:
 * @target: the configuration file (links followed)
 * @before: a time as g_get_real_time() gives: when the caller's lock was
 *   taken
 *
 * Removes the temporary files that saves of @target left when they were
 * killed: regular files named as tether_config_file_is_temporary() says,
 * owned by this user, last written before @before. Call it holding the
 * lock (see tether_config_lock_acquire()): then none of them is a save in
 * progress.
 *
 * Returns: how many there were
 */
guint
tether_config_file_remove_stale (const char *target,
                                 gint64      before)
{
  g_return_val_if_fail (target != NULL, 0);

  return for_each_stale (target, before, remove_file);
}

/**
 * tether_config_file_sweep_if_idle:
 * @target: the configuration file (links followed)
 *
 * Removes stale temporary files of @target, as at a program's start: only
 * if there are any, and only if the lock is free now (a writer holding it
 * will remove them itself). Never waits.
 */
void
tether_config_file_sweep_if_idle (const char *target)
{
  g_autoptr(TetherConfigLock) lock = NULL;
  gboolean busy;

  g_return_if_fail (target != NULL);

  if (for_each_stale (target, g_get_real_time (), stop) == 0)
    return;

  lock = tether_config_lock_try (target, &busy, NULL);
  if (lock != NULL)
    tether_config_file_remove_stale (target, tether_config_lock_get_since (lock));
}
