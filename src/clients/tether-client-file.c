/* tether-client-file.c — a change to another client's file, on disk
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules of Tether's own configuration hold (src/config's writer is
 * used): a link is written through, a read-only file is never replaced,
 * the file is replaced atomically under the advisory lock `.NAME.lock`
 * beside it, read afresh once the lock is had. Besides:
 *
 *  - before its first change the file is copied to `NAME.tether-backup`
 *    (mode 0600: it may hold secrets), which is never overwritten;
 *  - the file keeps its permissions; a file Tether creates is 0600;
 *  - a client that writes the file while Tether changes it (it takes no
 *    lock) is noticed: the file is read and changed again, up to three
 *    times, so its change is never lost.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "tether-client-diff.h"
#include "tether-client-error.h"
#include "tether-client-file.h"
#include "tether-config-file.h"
#include "tether-config-lock.h"
#include "tether-read-file.h"

#define BACKUP_SUFFIX ".tether-backup"
#define ATTEMPTS 3

void
tether_client_change_free (TetherClientChange *change)
{
  if (change == NULL)
    return;
  g_free (change->path);
  g_free (change->diff);
  g_free (change->entry_name);
  g_strfreev (change->notes);
  g_free (change->backup);
  g_free (change);
}

/**
 * tether_client_file_read:
 * @exists: (out): whether there is a file
 *
 * Reads a client's file, bounded; a file that is not there reads as empty.
 *
 * Returns: (transfer full) (nullable): its text
 */
char *
tether_client_file_read (const char  *path,
                         gsize       *length,
                         gboolean    *exists,
                         GError     **error)
{
  g_autoptr(GError) local = NULL;
  char *contents = NULL;

  *exists = TRUE;
  if (!tether_read_file (path, NULL, TETHER_READ_MAX_FILE_SIZE, &contents, length, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT) ||
          g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          *exists = FALSE;
          *length = 0;
          return g_strdup ("");
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  return contents;
}

typedef struct
{
  gboolean exists;
  guint    mode;
  gint64   mtime;
  goffset  size;
  guint64  inode;
} Stamp;

static Stamp
stamp_of (const char *path)
{
  GStatBuf st;
  Stamp stamp = { FALSE, 0600, 0, 0, 0 };

  if (g_stat (path, &st) == 0)
    {
      stamp.exists = TRUE;
      stamp.mode = st.st_mode & 07777;
      stamp.mtime = (gint64)st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
      stamp.size = st.st_size;
      stamp.inode = st.st_ino;
    }

  return stamp;
}

static gboolean
stamp_equal (const Stamp *a,
             const Stamp *b)
{
  return a->exists == b->exists && a->mtime == b->mtime && a->size == b->size &&
         a->inode == b->inode;
}

/* The text a file Tether creates starts from. */
static const char *
empty_text (const TetherImportClient *client)
{
  return client->syntax == TETHER_IMPORT_SYNTAX_JSON ? "{\n}\n" : "";
}

/**
 * tether_client_file_apply:
 * @path: the client's file
 * @write: %FALSE for a preview: nothing is written, no lock is taken
 *
 * Returns: (transfer full) (nullable): what the action does (@write
 *   %FALSE) or did to @path; %NULL with @error set if @path cannot be read
 *   or parsed, has a shape Tether does not edit, or cannot be written
 */
TetherClientChange *
tether_client_file_apply (const TetherImportClient    *client,
                          const char                  *path,
                          TetherClientAction           action,
                          const TetherClientEndpoint  *endpoint,
                          const char * const          *shared,
                          gboolean                     write,
                          GError                     **error)
{
  g_autoptr(TetherConfigLock) lock = NULL;
  g_autoptr(TetherClientChange) change = g_new0 (TetherClientChange, 1);
  g_autofree char *target = NULL;
  g_autofree char *backup = NULL;

  target = tether_config_file_resolve (path, error);
  if (target == NULL)
    return NULL;
  backup = g_strconcat (target, BACKUP_SUFFIX, NULL);
  change->path = g_strdup (path);

  if (write)
    {
      lock = tether_config_lock_acquire (target, TETHER_CONFIG_LOCK_DEFAULT_WAIT_MS, error);
      if (lock == NULL)
        return NULL;
      tether_config_file_remove_stale (target, tether_config_lock_get_since (lock));
    }

  for (guint attempt = 0;; attempt++)
    {
      g_auto(TetherClientEdit) edit = { 0 };
      g_autofree char *text = NULL;
      g_autofree char *original = NULL;
      gsize length = 0, original_length = 0;
      gboolean exists = FALSE, backup_exists = FALSE;
      Stamp before = stamp_of (target);
      Stamp after;

      text = tether_client_file_read (target, &length, &exists, error);
      if (text == NULL)
        return NULL;
      if (!exists && action != TETHER_CLIENT_ACTION_CONNECT)
        {
          change->diff = g_strdup ("");
          change->notes = g_new0 (char *, 1);
          return g_steal_pointer (&change);
        }
      if (!exists)
        {
          g_free (text);
          text = g_strdup (empty_text (client));
          length = strlen (text);
        }
      original = tether_client_file_read (backup, &original_length, &backup_exists, NULL);
      if (original != NULL && !backup_exists)
        g_clear_pointer (&original, g_free);

      if (!tether_client_edit_apply (client, path, text, length, original, original_length, action,
                                     endpoint, shared, &edit, error))
        return NULL;

      g_clear_pointer (&change->diff, g_free);
      g_clear_pointer (&change->entry_name, g_free);
      g_clear_pointer (&change->notes, g_strfreev);
      change->diff = tether_client_diff (exists ? text : "", exists ? length : 0, edit.text,
                                         edit.length,
                                         path, endpoint != NULL ? endpoint->token : NULL);
      change->entry_name = g_strdup (edit.entry_name);
      g_ptr_array_add (edit.notes, NULL);
      change->notes = g_strdupv ((char **)edit.notes->pdata);
      change->changed = edit.changed || !exists;
      if (backup_exists)
        change->backup = g_strdup (backup);

      if (!write || !change->changed)
        return g_steal_pointer (&change);

      if (!tether_config_file_check_writable (target, error))
        return NULL;

      /* The file as it was before Tether's first change */
      if (exists && !backup_exists)
        {
          if (!tether_config_file_replace_with_mode (backup, text, length, 0600, error))
            return NULL;
          change->backup = g_strdup (backup);
        }

      /* A client that wrote meanwhile (it takes no lock): read it again. */
      after = stamp_of (target);
      if (!stamp_equal (&before, &after))
        {
          if (attempt + 1 < ATTEMPTS)
            continue;
          g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_CHANGED,
                       _("%s was not changed: another program kept writing it; try again"), path);
          return NULL;
        }

      if (!tether_config_file_replace_with_mode (target, edit.text, edit.length,
                                                 exists ? before.mode : 0600, error))
        return NULL;

      return g_steal_pointer (&change);
    }
}
