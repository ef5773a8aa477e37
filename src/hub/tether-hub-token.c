/* tether-hub-token.c — the hub's bearer token
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every request to the hub carries `Authorization: Bearer TOKEN`. The token
 * is 32 bytes from getrandom(2), base64url without padding, alone on one
 * line of `$XDG_CONFIG_HOME/tether/hub-token`, mode 0600: AI clients'
 * configurations and `tether-cli connect` read it from there. The file is
 * created once, atomically (written in full under a temporary name, then
 * linked to its name, which fails if another process made it first: then
 * that one's token wins). A file that is not a token is never overwritten.
 * The token is never logged.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tether-hub-error.h"
#include "tether-hub-token.h"

#define MAX_FILE_SIZE 4096

/**
 * tether_hub_token_dup_default_path:
 *
 * Returns: (transfer full): `$XDG_CONFIG_HOME/tether/hub-token`
 */
char *
tether_hub_token_dup_default_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "tether", "hub-token", NULL);
}

/**
 * tether_hub_token_generate:
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): a new token, or %NULL if the
 *   system has no randomness to give
 */
char *
tether_hub_token_generate (GError **error)
{
  guint8 bytes[32];
  gsize done = 0;
  g_autofree char *base64 = NULL;

  while (done < sizeof bytes)
    {
      ssize_t n = getrandom (bytes + done, sizeof bytes - done, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_TOKEN,
                       _("Could not make a hub token: getrandom failed: %s"), g_strerror (saved_errno));
          return NULL;
        }
      done += (gsize)n;
    }

  /* base64url, without padding */
  base64 = g_base64_encode (bytes, sizeof bytes);
  memset (bytes, 0, sizeof bytes);
  for (char *p = base64; *p != '\0'; p++)
    {
      if (*p == '+')
        *p = '-';
      else if (*p == '/')
        *p = '_';
      else if (*p == '=')
        {
          *p = '\0';
          break;
        }
    }

  return g_steal_pointer (&base64);
}

static gboolean
is_token (const char *text)
{
  gsize length = strlen (text);

  if (length < 32 || length > 512)
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.' && *p != '~')
      return FALSE;

  return TRUE;
}

static char *
read_token (const char  *path,
            GError     **error)
{
  g_autofree char *contents = NULL;
  struct stat st;
  gssize n;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not read the hub token %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_FILE_SIZE)
    {
      g_close (fd, NULL);
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_TOKEN,
                   _("The hub token %s is not a small regular file; remove it to make a new one"), path);
      return NULL;
    }

  /* Someone widened it: a token others can read is no secret. */
  if ((st.st_mode & 077) != 0 && fchmod (fd, 0600) != 0)
    g_warning ("Could not make %s private (mode 0600): %s", path, g_strerror (errno));

  contents = g_malloc0 (MAX_FILE_SIZE + 1);
  do
    n = read (fd, contents, MAX_FILE_SIZE);
  while (n < 0 && errno == EINTR);
  g_close (fd, NULL);

  if (n < 0)
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_TOKEN,
                   _("Could not read the hub token %s"), path);
      return NULL;
    }

  contents[n] = '\0';
  g_strstrip (contents);
  if (!is_token (contents))
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_TOKEN,
                   _("%s does not hold a hub token (one line of at least 32 letters, digits, “-” or “_”); "
                     "it was left as it is: remove it to make a new one"), path);
      return NULL;
    }

  return g_steal_pointer (&contents);
}

static gboolean
create_token_file (const char  *path,
                   GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *tmp = NULL;
  g_autofree char *token = NULL;
  g_autofree char *line = NULL;
  gboolean ok = FALSE;
  int saved_errno = 0;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create %s for the hub token: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  token = tether_hub_token_generate (error);
  if (token == NULL)
    return FALSE;
  line = g_strconcat (token, "\n", NULL);

  tmp = g_build_filename (dir, ".hub-token-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not write the hub token in %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (write (fd, line, strlen (line)) == (ssize_t)strlen (line) && fsync (fd) == 0)
    {
      /* link() fails if the name exists: the first token made wins. */
      ok = link (tmp, path) == 0 || errno == EEXIST;
      saved_errno = errno;
    }
  else
    saved_errno = errno;

  g_close (fd, NULL);
  g_unlink (tmp);
  memset (line, 0, strlen (line));
  memset (token, 0, strlen (token));

  if (!ok)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 _("Could not write the hub token %s: %s"), path, g_strerror (saved_errno));

  return ok;
}

/**
 * tether_hub_token_load:
 * @path: the token file
 * @create: make the file when there is none
 * @error: where to put an error
 *
 * Reads the token, making it first if @create and there is none. A file
 * wider than 0600 is narrowed. A file that does not hold a token is left
 * alone, with an error naming it.
 *
 * Returns: (transfer full) (nullable): the token
 */
char *
tether_hub_token_load (const char  *path,
                       gboolean     create,
                       GError     **error)
{
  g_autoptr(GError) local = NULL;
  char *token;

  g_return_val_if_fail (path != NULL, NULL);

  token = read_token (path, &local);
  if (token != NULL)
    return token;

  if (!create || !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  if (!create_token_file (path, error))
    return NULL;

  return read_token (path, error);
}

/**
 * tether_hub_token_equal:
 * @a: (nullable): a token
 * @b: (nullable): another
 *
 * Compares in a time that depends only on the lengths, so that a guess
 * learns nothing from how long it took to be refused.
 *
 * Returns: %TRUE if both are set and equal
 */
gboolean
tether_hub_token_equal (const char *a,
                        const char *b)
{
  gsize la, lb;
  guint8 diff;

  if (a == NULL || b == NULL)
    return FALSE;

  la = strlen (a);
  lb = strlen (b);
  diff = la != lb;

  for (gsize i = 0; i < la; i++)
    diff |= (guint8)a[i] ^ (guint8)b[lb > 0 ? i % lb : 0];

  return diff == 0 && lb > 0;
}
