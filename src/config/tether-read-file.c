/* tether-read-file.c — reading a file the user named, safely
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Every path Tether reads on someone's say-so (--config, an envFile, a file
 * to import, a discovered configuration) may turn out to be a named pipe
 * with no writer (open() would wait forever), /dev/zero or /dev/urandom
 * (read() never ends), a socket, a folder, or a file that grows while it is
 * read. tether_read_file() refuses all of them at once, by name, and never
 * holds more than the cap. */

#define G_LOG_DOMAIN "tether-read-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "tether-config-error.h"
#include "tether-read-file.h"

/**
 * tether_read_error_not_a_file:
 * @display: the file's name, as messages give it
 * @mode: its `st_mode` (only the file type bits matter)
 *
 * Returns: (transfer full): a %TETHER_CONFIG_ERROR saying what @display is
 *   instead of a file: %TETHER_CONFIG_ERROR_IS_DIRECTORY for a folder,
 *   %TETHER_CONFIG_ERROR_NOT_A_FILE for anything else
 */
GError *
tether_read_error_not_a_file (const char *display,
                              guint32     mode)
{
  if (S_ISDIR (mode))
    return tether_config_error_new (TETHER_CONFIG_ERROR_IS_DIRECTORY, NULL,
                                    _("%s is a folder, not a file"), display);
  if (S_ISFIFO (mode))
    return tether_config_error_new (TETHER_CONFIG_ERROR_NOT_A_FILE, NULL,
                                    _("%s is a named pipe (FIFO), not a file"), display);
  if (S_ISCHR (mode))
    return tether_config_error_new (TETHER_CONFIG_ERROR_NOT_A_FILE, NULL,
                                    _("%s is a character device, not a file"), display);
  if (S_ISBLK (mode))
    return tether_config_error_new (TETHER_CONFIG_ERROR_NOT_A_FILE, NULL,
                                    _("%s is a block device, not a file"), display);
  if (S_ISSOCK (mode))
    return tether_config_error_new (TETHER_CONFIG_ERROR_NOT_A_FILE, NULL,
                                    _("%s is a socket, not a file"), display);

  return tether_config_error_new (TETHER_CONFIG_ERROR_NOT_A_FILE, NULL,
                                  _("%s is not a regular file"), display);
}

/**
 * tether_read_error_too_large:
 * @display: the file's name, as messages give it
 * @size: its size in bytes, or 0 when it is only known to be over the limit
 * @max_size: the limit
 *
 * Returns: (transfer full): a %TETHER_CONFIG_ERROR_TOO_LARGE giving the
 *   size and the limit; in bytes when both would round to the same figure
 */
GError *
tether_read_error_too_large (const char *display,
                             guint64     size,
                             guint64     max_size)
{
  g_autofree char *limit = g_format_size (max_size);
  g_autofree char *actual = NULL;

  if (size == 0)
    return tether_config_error_new (TETHER_CONFIG_ERROR_TOO_LARGE, NULL,
                                    _("%s is too large to read (more than %s)"), display, limit);

  actual = g_format_size (size);
  /* Just over the limit, both round alike: say the bytes. */
  if (g_strcmp0 (actual, limit) == 0)
    {
      g_free (actual);
      g_free (limit);
      actual = g_format_size_full (size, G_FORMAT_SIZE_LONG_FORMAT);
      limit = g_format_size_full (max_size, G_FORMAT_SIZE_LONG_FORMAT);
    }

  return tether_config_error_new (TETHER_CONFIG_ERROR_TOO_LARGE, NULL,
                                  _("%s is too large to read (%s; the limit is %s)"),
                                  display, actual, limit);
}

static gboolean
fail_errno (GError     **error,
            const char  *display,
            int          saved_errno)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("%s could not be read: %s"), display, g_strerror (saved_errno));

  return FALSE;
}

static gboolean
check_stat (const struct stat  *st,
            const char         *display,
            guint64             max_size,
            GError            **error)
{
  if (!S_ISREG (st->st_mode))
    {
      g_propagate_error (error, tether_read_error_not_a_file (display, st->st_mode));
      return FALSE;
    }

  if (st->st_size > 0 && (guint64)st->st_size > max_size)
    {
      g_propagate_error (error, tether_read_error_too_large (display, st->st_size, max_size));
      return FALSE;
    }

  return TRUE;
}

/**
 * tether_read_file:
 * @path: the file, in the file system's encoding; symlinks are followed
 * @display: (nullable): its name in messages, or %NULL for @path
 * @max_size: the most bytes to read (%TETHER_READ_MAX_FILE_SIZE, unless a
 *   caller was told otherwise)
 * @contents: (out): the bytes read, nul-terminated
 * @length: (out) (optional): how many bytes were read
 * @error: return location for an error
 *
 * Reads a whole file that must be a regular file no larger than @max_size.
 * A folder is %TETHER_CONFIG_ERROR_IS_DIRECTORY; a named pipe, a socket or
 * a device is %TETHER_CONFIG_ERROR_NOT_A_FILE, saying which, and is never
 * read (it is opened without blocking, and only if it changed type between
 * the look and the open); a file larger than @max_size is
 * %TETHER_CONFIG_ERROR_TOO_LARGE before anything is read, or as soon as it
 * grows past the limit while it is read. A file that cannot be opened or
 * read is a %G_IO_ERROR from its errno (%G_IO_ERROR_NOT_FOUND when it is
 * not there). Every message names @display.
 *
 * Returns: %TRUE if @contents holds the file
 */
gboolean
tether_read_file (const char  *path,
                  const char  *display,
                  guint64      max_size,
                  char       **contents,
                  gsize       *length,
                  GError     **error)
{
  g_autofree char *buffer = NULL;
  struct stat st;
  gsize limit;
  gsize capacity;
  gsize used = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (display == NULL)
    display = path;
  limit = (gsize)MIN (max_size, (guint64)G_MAXSIZE - 2);

  /* Look first: what is no regular file is refused without being opened
   * (opening a device may act on it). */
  if (stat (path, &st) != 0)
    return fail_errno (error, display, errno);
  if (!check_stat (&st, display, limit, error))
    return FALSE;

  /* O_NONBLOCK: should the path have become a named pipe meanwhile, the
   * open does not wait for a writer. What was opened is what counts. */
  do
    fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return fail_errno (error, display, errno);

  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      close (fd);
      return fail_errno (error, display, saved_errno);
    }
  if (!check_stat (&st, display, limit, error))
    {
      close (fd);
      return FALSE;
    }

  /* Room for the size the file claims plus one byte, to see the end of
   * the file (or that it grew); never more than one byte past the limit. */
  capacity = (gsize)MIN ((guint64)st.st_size, (guint64)limit) + 1;
  buffer = g_malloc (capacity + 1);

  for (;;)
    {
      gssize n;

      if (used > limit)
        {
          close (fd);
          g_propagate_error (error, tether_read_error_too_large (display, 0, limit));
          return FALSE;
        }

      if (used == capacity)
        {
          capacity = MIN (capacity * 2, limit + 1);
          buffer = g_realloc (buffer, capacity + 1);
        }

      n = read (fd, buffer + used, capacity - used);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          close (fd);
          return fail_errno (error, display, saved_errno);
        }
      if (n == 0)
        break;
      used += n;
    }

  close (fd);
  buffer[used] = '\0';
  *contents = g_steal_pointer (&buffer);
  if (length != NULL)
    *length = used;

  return TRUE;
}
