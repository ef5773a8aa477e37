/* tether-config-store.c — servers.json
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is the truth (its format: the config format in src/README.md):
 *  - it is read as JSON (comments and trailing commas tolerated), and every
 *    key Tether does not know, at the top level or in an entry, is written
 *    back; entries nobody changed are written back exactly as they were read;
 *  - every change is made to the file as it is on disk: under the file's
 *    lock, read afresh, changed, written, so that two writers (the app and
 *    `tether-cli`, two `tether-cli` runs) never lose each other's change
 *    (tether-config-lock.c);
 *  - it is written atomically, mode 0600, keeping the file's own
 *    indentation and the text of every number; a symlinked file is written
 *    through the link, a read-only one never (tether-config-file.c);
 *  - a file that does not parse, or has wrong types, is never overwritten:
 *    the store keeps the last good configuration, exposes the error with its
 *    line and column, and refuses changes until the file is fixed;
 *  - an edit from outside is picked up live; reading back what we wrote
 *    ourselves is not a change.
 */

#define G_LOG_DOMAIN "tether-config-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "tether-config-document.h"
#include "tether-config-edit.h"
#include "tether-config-error.h"
#include "tether-config-file.h"
#include "tether-config-lock.h"
#include "tether-config-store.h"
#include "tether-json-writer.h"
#include "tether-read-file.h"

#define SERVERS_KEY "mcpServers"
#define PROFILES_KEY "profiles"
#define RELOAD_DELAY_MS 150
/* How often a deferred change tries the lock again */
#define RETRY_MS 50

struct _TetherConfigStore
{
  GObject       parent_instance;

  GFile        *file;
  GFileMonitor *monitor;
  GFileMonitor *target_monitor;  /* the folder a symlinked file is in */
  char         *target_base;
  GError       *error;

  /* The last good configuration */
  JsonNode     *root;
  GPtrArray    *servers;
  guint         indent;

  /* What is on disk, as far as we know: skip reloads that change nothing */
  char         *disk_checksum;
  guint         reload_id;

  /* Changes that wait for another program to let go of the lock */
  GQueue        pending;
  guint         retry_id;
  guint         lock_wait_ms;
  gboolean      defer_saves;
};

G_DEFINE_FINAL_TYPE (TetherConfigStore, tether_config_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_ERROR,
  PROP_PENDING,
  N_PROPS
};

enum {
  CHANGED,
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_error (TetherConfigStore *self,
           GError            *error)
{
  if (self->error == NULL && error == NULL)
    return;

  g_clear_error (&self->error);
  self->error = error;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* Loading */

static guint
detect_indent (const char *text)
{
  /* The indentation of the first indented line, spaces only. */
  const char *p = strchr (text, '\n');

  while (p != NULL)
    {
      guint n = 0;

      p++;
      while (p[n] == ' ')
        n++;
      if (n > 0 && p[n] != '\n' && p[n] != '\r' && p[n] != '\0')
        return MIN (n, 8);
      if (p[n] == '\t')
        return 2;
      p = strchr (p, '\n');
    }

  return 2;
}

static gboolean
parse (TetherConfigStore  *self,
       const char         *text,
       gsize               length,
       JsonNode          **root_out,
       GPtrArray         **servers_out,
       GHashTable        **literals_out,
       GError            **error)
{
  g_autoptr(TetherConfigDocument) document = NULL;
  g_autoptr(GPtrArray) servers = g_ptr_array_new_with_free_func ((GDestroyNotify)tether_config_entry_free);
  g_autofree char *path = g_file_get_path (self->file);
  JsonObject *root_object;
  JsonNode *servers_node;
  JsonObject *servers_object;
  g_autoptr(GList) names = NULL;
  g_autofree char *blank = NULL;

  /* A file of blanks is an empty configuration, as is a missing one. */
  blank = g_strndup (text, length);
  if (g_strstrip (blank)[0] == '\0')
    {
      *root_out = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (*root_out, json_object_new ());
      *servers_out = g_steal_pointer (&servers);
      if (literals_out != NULL)
        *literals_out = NULL;
      return TRUE;
    }

  document = tether_config_document_parse_json (text, length, path, error);
  if (document == NULL)
    return FALSE;

  if (!JSON_NODE_HOLDS_OBJECT (tether_config_document_get_root (document)))
    {
      g_autoptr(GError) local = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, path,
                                                         _("The file must hold a JSON object with “%s”"),
                                                         SERVERS_KEY);

      tether_config_document_locate_error (document, "", local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  if (tether_config_document_get_n_duplicates (document) > 0)
    {
      guint line = 0, column = 0;
      const char *pointer = tether_config_document_get_duplicate (document, 0, &line, &column);
      g_autoptr(GError) local = tether_config_error_new (TETHER_CONFIG_ERROR_DUPLICATE_KEY, path,
                                                         _("The key at %s appears twice"), pointer);

      tether_config_error_locate (local, path, line, column);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  root_object = json_node_get_object (tether_config_document_get_root (document));
  servers_node = json_object_get_member (root_object, SERVERS_KEY);

  if (servers_node != NULL && !JSON_NODE_HOLDS_OBJECT (servers_node))
    {
      g_autoptr(GError) local = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, path,
                                                         _("“%s” must be an object of servers, by name"),
                                                         SERVERS_KEY);

      tether_config_document_locate_error (document, "/" SERVERS_KEY, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  servers_object = servers_node != NULL ? json_node_get_object (servers_node) : NULL;
  names = servers_object != NULL ? json_object_get_members (servers_object) : NULL;

  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *entry = json_object_get_member (servers_object, name);
      g_autoptr(TetherServerConfig) config = NULL;
      g_autoptr(GError) local = NULL;

      config = tether_server_config_new_from_json (name, entry, &local);
      if (config == NULL)
        {
          g_autofree char *pointer = tether_json_pointer_append ("/" SERVERS_KEY, name);

          tether_config_document_locate_error (document, pointer, local);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }

      g_ptr_array_add (servers, tether_config_entry_new (name, entry, config));
    }

  *root_out = json_node_copy (tether_config_document_get_root (document));
  *servers_out = g_steal_pointer (&servers);
  if (literals_out != NULL)
    *literals_out = g_hash_table_ref (tether_config_document_get_literals (document));

  return TRUE;
}

/* The file through the one safe reader: a folder, a named pipe, a socket
 * or a device is refused at once, saying which; nothing past the size cap
 * every reader shares is read. A missing file is an empty configuration. */
static gboolean
read_file (TetherConfigStore  *self,
           char              **contents,
           gsize              *length,
           GError            **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *path = g_file_get_path (self->file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);

      g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_UNREADABLE, NULL,
                                                         _("%s is not a local file"), uri));
      return FALSE;
    }

  if (tether_read_file (path, NULL, TETHER_READ_MAX_FILE_SIZE, contents, length, &local))
    return TRUE;

  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      *contents = g_strdup ("");
      *length = 0;
      return TRUE;
    }

  if (local->domain == TETHER_CONFIG_ERROR)
    g_propagate_error (error, g_steal_pointer (&local));
  else
    g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_UNREADABLE, NULL,
                                                       "%s", local->message));

  return FALSE;
}

static gboolean
servers_equal (GPtrArray *a,
               GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      TetherConfigEntry *sa = g_ptr_array_index (a, i);
      TetherConfigEntry *sb = g_ptr_array_index (b, i);

      if (g_strcmp0 (sa->name, sb->name) != 0 || !json_node_equal (sa->entry, sb->entry))
        return FALSE;
    }

  return TRUE;
}

static gboolean
member_equal (JsonNode   *a,
              JsonNode   *b,
              const char *name)
{
  JsonNode *ma = a != NULL ? json_object_get_member (json_node_get_object (a), name) : NULL;
  JsonNode *mb = b != NULL ? json_object_get_member (json_node_get_object (b), name) : NULL;

  if (ma == NULL || mb == NULL)
    return ma == mb;

  return json_node_equal (ma, mb);
}

/**
 * tether_config_store_load:
 * @self: a #TetherConfigStore
 * @error: where to put an error
 *
 * Reads the file. A missing file is an empty configuration. If the file
 * cannot be used, the last good configuration stays, #TetherConfigStore:error
 * says why, and %FALSE is returned. #TetherConfigStore::changed is emitted if
 * the servers changed.
 *
 * Returns: %TRUE if the file was read and is valid
 */
gboolean
tether_config_store_load (TetherConfigStore  *self,
                          GError            **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *checksum = NULL;
  g_autoptr(GPtrArray) servers = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *target = NULL;
  JsonNode *root = NULL;
  gsize length = 0;
  gboolean changed;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);

  /* What a save killed before its end left behind */
  target = tether_config_file_resolve (g_file_peek_path (self->file), NULL);
  if (target != NULL)
    tether_config_file_sweep_if_idle (target);

  if (!read_file (self, &contents, &length, &local) ||
      !parse (self, contents, length, &root, &servers, NULL, &local))
    {
      g_debug ("%s", local->message);
      set_error (self, g_error_copy (local));
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);
  g_free (self->disk_checksum);
  self->disk_checksum = g_steal_pointer (&checksum);
  if (length > 0)
    self->indent = detect_indent (contents);

  /* Profiles (a top-level key the hub reads) count as a change too. */
  changed = !servers_equal (self->servers, servers) ||
            !member_equal (self->root, root, PROFILES_KEY);

  g_clear_pointer (&self->root, json_node_unref);
  self->root = root;
  g_clear_pointer (&self->servers, g_ptr_array_unref);
  self->servers = g_steal_pointer (&servers);
  set_error (self, NULL);

  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);

  return TRUE;
}

/* Saving
 *
 * Every change is a TetherConfigEdit, applied to the file as it is on disk
 * at that moment: the writer takes the file's lock, reads the file afresh,
 * applies the edit to what it read, replaces the file and lets go. A change
 * another program made since our last read is so kept, never overwritten.
 */

static JsonNode *
build_root (JsonNode  *old,
            GPtrArray *servers)
{
  JsonObject *old_root = json_node_get_object (old);
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonObject) servers_object = json_object_new ();
  g_autoptr(GList) members = json_object_get_members (old_root);
  gboolean placed = FALSE;

  for (guint i = 0; i < servers->len; i++)
    {
      TetherConfigEntry *entry = g_ptr_array_index (servers, i);

      json_object_set_member (servers_object, entry->name, json_node_ref (entry->entry));
    }

  /* Top-level keys in their order; mcpServers where it was, else last. */
  for (const GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;

      if (g_str_equal (key, SERVERS_KEY))
        {
          json_object_set_object_member (root, SERVERS_KEY, json_object_ref (servers_object));
          placed = TRUE;
        }
      else
        json_object_set_member (root, key, json_node_ref (json_object_get_member (old_root, key)));
    }

  if (!placed)
    json_object_set_object_member (root, SERVERS_KEY, json_object_ref (servers_object));

  return json_node_init_object (json_node_alloc (), root);
}

/* Takes what is on disk as the configuration; says if the servers changed.
 * ::changed is the caller's to emit, once the lock is released. */
static gboolean
install (TetherConfigStore *self,
         JsonNode          *root,
         GPtrArray         *servers,
         const char        *data,
         gsize              length)
{
  gboolean changed = !servers_equal (self->servers, servers);

  g_clear_pointer (&self->root, json_node_unref);
  self->root = json_node_ref (root);
  g_clear_pointer (&self->servers, g_ptr_array_unref);
  self->servers = g_ptr_array_ref (servers);
  g_free (self->disk_checksum);
  self->disk_checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)data, length);
  if (length > 0)
    self->indent = detect_indent (data);
  set_error (self, NULL);

  return changed;
}

/* Holding @lock: reads the file afresh, applies @edit to what it read and
 * writes the result. The store then says what the file says, whether the
 * edit could be made or not. */
static gboolean
apply_locked (TetherConfigStore  *self,
              const char         *target,
              TetherConfigLock   *lock,
              TetherConfigEdit   *edit,
              gboolean           *changed,
              guint              *position,
              JsonNode          **entry,
              GError            **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GPtrArray) servers = NULL;
  g_autoptr(GPtrArray) edited = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) new_root = NULL;
  g_autoptr(GHashTable) literals = NULL;
  g_autoptr(GError) local = NULL;
  gboolean edit_changed = FALSE;
  gsize length = 0;
  gsize data_length = 0;

  *changed = FALSE;

  tether_config_file_remove_stale (target, tether_config_lock_get_since (lock));

  if (!tether_config_file_check_writable (target, error))
    return FALSE;

  if (!read_file (self, &contents, &length, &local) ||
      !parse (self, contents, length, &root, &servers, &literals, &local))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_FAILED,
                   _("%s was not changed, because it has an error: %s"),
                   g_file_peek_path (self->file), local->message);
      set_error (self, g_steal_pointer (&local));
      return FALSE;
    }

  edited = tether_config_entries_copy (servers);
  if (!tether_config_edit_apply (edit, edited, &edit_changed, position, entry, error))
    {
      *changed = install (self, root, servers, contents, length);
      return FALSE;
    }

  if (!edit_changed)
    {
      *changed = install (self, root, servers, contents, length);
      return TRUE;
    }

  new_root = build_root (root, edited);
  data = tether_json_writer_to_data (new_root, length > 0 ? detect_indent (contents) : self->indent,
                                     literals, &data_length);
  if (!tether_config_file_replace (target, data, data_length, error))
    {
      *changed = install (self, root, servers, contents, length);
      return FALSE;
    }

  *changed = install (self, new_root, edited, data, data_length);

  return TRUE;
}

/* apply_locked(), then lets go of @lock, then tells what changed: a
 * listener may well change the file again, and finds the lock free. */
static gboolean
save_and_release (TetherConfigStore  *self,
                  const char         *target,
                  TetherConfigLock   *lock,
                  TetherConfigEdit   *edit,
                  guint              *position,
                  JsonNode          **entry,
                  GError            **error)
{
  gboolean changed = FALSE;
  gboolean saved;

  g_object_freeze_notify (G_OBJECT (self));
  saved = apply_locked (self, target, lock, edit, &changed, position, entry, error);
  tether_config_lock_release (lock);
  g_object_thaw_notify (G_OBJECT (self));

  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);

  return saved;
}

static void
emit_save_failed (TetherConfigStore *self,
                  const GError      *error)
{
  /* Said to the user by whoever listens; else (at exit) to the log. */
  if (!g_signal_has_handler_pending (self, signals[SAVE_FAILED], 0, TRUE))
    g_warning ("A change to %s was not saved: %s", g_file_peek_path (self->file), error->message);
  g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

static gboolean retry_cb (gpointer user_data);

/* Saves the edits that wait for the lock, in order, as long as the lock
 * can be had: at once, or waiting for it up to each edit's deadline. */
static void
flush_pending (TetherConfigStore *self,
               gboolean           wait)
{
  g_autoptr(GFile) file = g_object_ref (self->file);
  gboolean was_pending = !g_queue_is_empty (&self->pending);

  g_object_ref (self);

  while (!g_queue_is_empty (&self->pending))
    {
      TetherConfigEdit *head = g_queue_peek_head (&self->pending);
      g_autoptr(TetherConfigEdit) edit = NULL;
      g_autoptr(TetherConfigLock) lock = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *target = NULL;
      gboolean busy = FALSE;

      target = tether_config_file_resolve (g_file_peek_path (file), &error);
      if (target != NULL && wait)
        {
          gint64 left = tether_config_edit_get_deadline (head) - g_get_monotonic_time ();

          lock = tether_config_lock_acquire (target, (guint)CLAMP (left / 1000, 0, G_MAXUINT), &error);
        }
      else if (target != NULL)
        lock = tether_config_lock_try (target, &busy, &error);

      if (lock == NULL && busy && g_get_monotonic_time () < tether_config_edit_get_deadline (head))
        break;

      edit = g_queue_pop_head (&self->pending);
      if (lock == NULL)
        {
          if (busy)
            error = tether_config_lock_busy_error (target, self->lock_wait_ms);
          emit_save_failed (self, error);
          continue;
        }

      if (!save_and_release (self, target, g_steal_pointer (&lock), edit, NULL, NULL, &error))
        emit_save_failed (self, error);
    }

  if (g_queue_is_empty (&self->pending))
    {
      g_clear_handle_id (&self->retry_id, g_source_remove);
      if (was_pending)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
    }
  else if (self->retry_id == 0)
    self->retry_id = g_timeout_add (RETRY_MS, retry_cb, self);

  g_object_unref (self);
}

static gboolean
retry_cb (gpointer user_data)
{
  TetherConfigStore *self = user_data;

  self->retry_id = 0;
  flush_pending (self, FALSE);

  return G_SOURCE_REMOVE;
}

/* The lock is busy: checks @edit against what we know of the file, and
 * queues it, to be saved as soon as the lock is free. */
static gboolean
defer (TetherConfigStore  *self,
       TetherConfigEdit   *edit,
       guint              *position,
       JsonNode          **entry,
       GError            **error)
{
  g_autoptr(GPtrArray) servers = NULL;
  gboolean changed;
  gboolean was_empty = g_queue_is_empty (&self->pending);

  if (self->error != NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_FAILED,
                   _("%s was not changed, because it has an error: %s"),
                   g_file_peek_path (self->file), self->error->message);
      tether_config_edit_free (edit);
      return FALSE;
    }

  servers = tether_config_entries_copy (self->servers);
  if (!tether_config_edit_apply (edit, servers, &changed, position, entry, error))
    {
      tether_config_edit_free (edit);
      return FALSE;
    }

  g_debug ("%s is locked by another program: the change waits", g_file_peek_path (self->file));
  tether_config_edit_set_deadline (edit, g_get_monotonic_time () + (gint64)self->lock_wait_ms * 1000);
  g_queue_push_tail (&self->pending, edit);

  if (self->retry_id == 0)
    self->retry_id = g_timeout_add (RETRY_MS, retry_cb, self);
  if (was_empty)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);

  return TRUE;
}

/* Makes @edit, now (waiting for the lock if need be) or, for a store that
 * defers its saves, as soon as the lock is free. */
static gboolean
run_edit (TetherConfigStore  *self,
          TetherConfigEdit   *edit,
          guint              *position,
          JsonNode          **entry,
          GError            **error)
{
  g_autoptr(TetherConfigEdit) owned = edit;
  g_autoptr(TetherConfigLock) lock = NULL;
  g_autofree char *target = NULL;
  gboolean busy = FALSE;

  target = tether_config_file_resolve (g_file_peek_path (self->file), error);
  if (target == NULL)
    return FALSE;

  if (!self->defer_saves)
    lock = tether_config_lock_acquire (target, self->lock_wait_ms, error);
  else if (g_queue_is_empty (&self->pending))
    lock = tether_config_lock_try (target, &busy, error);
  else
    busy = TRUE;   /* after the edits that wait, in order */

  if (lock == NULL)
    return busy && defer (self, g_steal_pointer (&owned), position, entry, error);

  return save_and_release (self, target, g_steal_pointer (&lock), edit, position, entry, error);
}

/**
 * tether_config_store_set_lock_timeout:
 * @self: a #TetherConfigStore
 * @timeout_ms: how long a change may wait for another program
 *
 * Sets how long a change waits while another program (another
 * `tether-cli`, the app) holds the file's lock before it fails with
 * %G_IO_ERROR_BUSY. The default is 10 s.
 */
void
tether_config_store_set_lock_timeout (TetherConfigStore *self,
                                      guint              timeout_ms)
{
  g_return_if_fail (TETHER_IS_CONFIG_STORE (self));

  self->lock_wait_ms = timeout_ms;
}

/**
 * tether_config_store_set_defer_saves:
 * @self: a #TetherConfigStore
 * @defer: whether a change may wait for the lock on the main loop
 *
 * By default a change that finds the file locked by another program waits
 * for it, blocking. A store on a main loop that must keep turning (the
 * app's) defers instead: the change is checked against the configuration
 * it knows, queued (#TetherConfigStore:pending), and saved from the main
 * loop as soon as the lock is free, applied to the file as it is then; the
 * function returns %TRUE at once. If it cannot be saved in the end,
 * #TetherConfigStore::save-failed says why.
 */
void
tether_config_store_set_defer_saves (TetherConfigStore *self,
                                     gboolean           defer)
{
  g_return_if_fail (TETHER_IS_CONFIG_STORE (self));

  self->defer_saves = !!defer;
  if (!self->defer_saves)
    flush_pending (self, TRUE);
}

/**
 * tether_config_store_get_pending:
 * @self: a #TetherConfigStore
 *
 * Returns: %TRUE while changes wait for another program to let go of the
 *   file's lock
 */
gboolean
tether_config_store_get_pending (TetherConfigStore *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);

  return !g_queue_is_empty (&self->pending);
}

/**
 * tether_config_store_add:
 * @self: a #TetherConfigStore
 * @config: a new server
 * @error: where to put an error
 *
 * Adds @config after the others and saves.
 *
 * Returns: %TRUE if it was added and saved
 */
gboolean
tether_config_store_add (TetherConfigStore   *self,
                         TetherServerConfig  *config,
                         GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), FALSE);

  if (!tether_server_config_validate (config, error))
    return FALSE;

  return run_edit (self, tether_config_edit_new_add (config), NULL, NULL, error);
}

/**
 * tether_config_store_replace:
 * @self: a #TetherConfigStore
 * @name: the server to replace
 * @config: its new configuration, possibly under a new name
 * @error: where to put an error
 *
 * Replaces a server in place and saves.
 *
 * Returns: %TRUE if it was replaced and saved
 */
gboolean
tether_config_store_replace (TetherConfigStore   *self,
                             const char          *name,
                             TetherServerConfig  *config,
                             GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), FALSE);

  if (!tether_server_config_validate (config, error))
    return FALSE;

  return run_edit (self, tether_config_edit_new_replace (name, config), NULL, NULL, error);
}

/**
 * tether_config_store_merge:
 * @self: a #TetherConfigStore
 * @configs: (element-type TetherServerConfig): servers to put in
 * @error: where to put an error
 *
 * Puts every server of @configs in the file with one save: one whose name
 * the file has already replaces that server in place, the others are added
 * after the rest, in order. Either all of them are saved or none: a config
 * that is not valid, or two of the same name, change nothing.
 *
 * Returns: %TRUE if they were all put in and saved
 */
gboolean
tether_config_store_merge (TetherConfigStore   *self,
                           GPtrArray           *configs,
                           GError             **error)
{
  g_autoptr(GHashTable) names = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (configs != NULL, FALSE);

  names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < configs->len; i++)
    {
      TetherServerConfig *config = g_ptr_array_index (configs, i);
      const char *name = tether_server_config_get_name (config);

      if (!tether_server_config_validate (config, error))
        return FALSE;

      if (!g_hash_table_add (names, (gpointer)name))
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("Two of the new servers are named “%s”"), name);
          return FALSE;
        }
    }

  return run_edit (self, tether_config_edit_new_merge (configs), NULL, NULL, error);
}

/**
 * tether_config_store_remove:
 * @self: a #TetherConfigStore
 * @name: the server to remove
 * @position: (out) (optional): where it was
 * @entry: (out) (optional) (transfer full): its entry, exactly as stored,
 *   for tether_config_store_insert_entry() to undo
 * @error: where to put an error
 *
 * Returns: %TRUE if it was removed and the file saved
 */
gboolean
tether_config_store_remove (TetherConfigStore  *self,
                            const char         *name,
                            guint              *position,
                            JsonNode          **entry,
                            GError            **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return run_edit (self, tether_config_edit_new_remove (name), position, entry, error);
}

/**
 * tether_config_store_insert_entry:
 * @self: a #TetherConfigStore
 * @position: where to put it; past the end appends
 * @name: the server's name
 * @entry: the entry, as JSON, kept exactly
 * @error: where to put an error
 *
 * Puts back an entry, as undoing a removal does.
 *
 * Returns: %TRUE if it was inserted and saved
 */
gboolean
tether_config_store_insert_entry (TetherConfigStore  *self,
                                  guint               position,
                                  const char         *name,
                                  JsonNode           *entry,
                                  GError            **error)
{
  g_autoptr(TetherServerConfig) config = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  config = tether_server_config_new_from_json (name, entry, error);
  if (config == NULL || !tether_server_config_validate (config, error))
    return FALSE;

  return run_edit (self, tether_config_edit_new_insert (position, name, entry, config), NULL, NULL, error);
}

/**
 * tether_config_store_set_enabled:
 * @self: a #TetherConfigStore
 * @name: a server
 * @enabled: whether it should run
 * @error: where to put an error
 *
 * Returns: %TRUE if the file says so now
 */
gboolean
tether_config_store_set_enabled (TetherConfigStore  *self,
                                 const char         *name,
                                 gboolean            enabled,
                                 GError            **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return run_edit (self, tether_config_edit_new_set_enabled (name, enabled), NULL, NULL, error);
}

/* Watching */

static gboolean
reload_timeout_cb (gpointer user_data)
{
  TetherConfigStore *self = user_data;
  g_autofree char *contents = NULL;
  g_autofree char *checksum = NULL;
  gsize length = 0;

  self->reload_id = 0;

  /* Our own save, read back: nothing changed. */
  if (read_file (self, &contents, &length, NULL))
    {
      checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, length);
      if (g_strcmp0 (checksum, self->disk_checksum) == 0 && self->error == NULL)
        return G_SOURCE_REMOVE;
    }

  g_debug ("%s changed on disk: reloading", g_file_peek_path (self->file));
  tether_config_store_load (self, NULL);

  return G_SOURCE_REMOVE;
}

static void
monitor_changed_cb (TetherConfigStore *self,
                    GFile             *file,
                    GFile             *other_file,
                    GFileMonitorEvent  event,
                    GFileMonitor      *monitor)
{
  g_autofree char *base = g_file_get_basename (self->file);
  const char *target_base = self->target_base != NULL ? self->target_base : base;
  gboolean ours = FALSE;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_CHANGED:
      {
        g_autofree char *name = g_file_get_basename (file);
        g_autofree char *other = other_file ? g_file_get_basename (other_file) : NULL;

        ours = g_strcmp0 (name, base) == 0 || g_strcmp0 (other, base) == 0 ||
               g_strcmp0 (name, target_base) == 0 || g_strcmp0 (other, target_base) == 0;
      }
      break;

    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }

  if (!ours)
    return;

  /* Editors write in bursts: settle first. */
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (RELOAD_DELAY_MS, reload_timeout_cb, self);
}

/**
 * tether_config_store_set_watching:
 * @self: a #TetherConfigStore
 * @watching: whether to follow edits made outside Tether
 *
 * While watching, an external edit of the file is loaded (and
 * #TetherConfigStore::changed emitted) shortly after it happens.
 */
void
tether_config_store_set_watching (TetherConfigStore *self,
                                  gboolean           watching)
{
  g_autoptr(GFile) dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;

  g_return_if_fail (TETHER_IS_CONFIG_STORE (self));

  if (!watching)
    {
      g_clear_handle_id (&self->reload_id, g_source_remove);
      if (self->monitor != NULL)
        {
          g_file_monitor_cancel (self->monitor);
          g_clear_object (&self->monitor);
        }
      if (self->target_monitor != NULL)
        {
          g_file_monitor_cancel (self->target_monitor);
          g_clear_object (&self->target_monitor);
        }
      g_clear_pointer (&self->target_base, g_free);
      return;
    }

  if (self->monitor != NULL)
    return;

  /* Watch the folder: saving by rename replaces the file, and a file
   * watch would follow the old one. */
  dir = g_file_get_parent (self->file);
  g_mkdir_with_parents (g_file_peek_path (dir), 0700);
  self->monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor == NULL)
    {
      g_warning ("Cannot watch %s for changes: %s", g_file_peek_path (dir), error->message);
      return;
    }

  g_signal_connect_object (self->monitor, "changed",
                           G_CALLBACK (monitor_changed_cb), self, G_CONNECT_SWAPPED);

  /* A symlinked file is edited where it really is, too. */
  target = tether_config_file_resolve (g_file_peek_path (self->file), NULL);
  if (target != NULL && !g_str_equal (target, g_file_peek_path (self->file)))
    {
      g_autoptr(GFile) target_file = g_file_new_for_path (target);
      g_autoptr(GFile) target_dir = g_file_get_parent (target_file);

      self->target_base = g_file_get_basename (target_file);
      if (!g_file_equal (target_dir, dir))
        self->target_monitor = g_file_monitor_directory (target_dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
      if (self->target_monitor != NULL)
        g_signal_connect_object (self->target_monitor, "changed",
                                 G_CALLBACK (monitor_changed_cb), self, G_CONNECT_SWAPPED);
    }
}

/* GObject */

static void
tether_config_store_dispose (GObject *object)
{
  TetherConfigStore *self = (TetherConfigStore *)object;

  tether_config_store_set_watching (self, FALSE);

  /* A change still waiting gets the rest of its wait, not lost in silence. */
  if (!g_queue_is_empty (&self->pending))
    flush_pending (self, TRUE);
  g_clear_handle_id (&self->retry_id, g_source_remove);

  G_OBJECT_CLASS (tether_config_store_parent_class)->dispose (object);
}

static void
tether_config_store_finalize (GObject *object)
{
  TetherConfigStore *self = (TetherConfigStore *)object;

  g_clear_object (&self->file);
  g_clear_error (&self->error);
  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->servers, g_ptr_array_unref);
  g_clear_pointer (&self->disk_checksum, g_free);
  g_queue_clear_full (&self->pending, (GDestroyNotify)tether_config_edit_free);

  G_OBJECT_CLASS (tether_config_store_parent_class)->finalize (object);
}

static void
tether_config_store_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TetherConfigStore *self = TETHER_CONFIG_STORE (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_PENDING:
      g_value_set_boolean (value, tether_config_store_get_pending (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_store_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TetherConfigStore *self = TETHER_CONFIG_STORE (object);

  switch (prop_id)
    {
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_store_class_init (TetherConfigStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_config_store_dispose;
  object_class->finalize = tether_config_store_finalize;
  object_class->get_property = tether_config_store_get_property;
  object_class->set_property = tether_config_store_set_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherConfigStore:error:
   *
   * Why the file on disk cannot be used (with its line and column, see
   * tether_config_error_get_line()), or %NULL. While set, the last good
   * configuration is in use and changes are refused.
   */
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL,
                        G_TYPE_ERROR,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherConfigStore:pending:
   *
   * Whether changes wait for another program to let go of the file's lock
   * (see tether_config_store_set_defer_saves()).
   */
  properties[PROP_PENDING] =
    g_param_spec_boolean ("pending", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TetherConfigStore::changed:
   *
   * The servers changed: by a change made through the store, or an edit of
   * the file from outside.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * TetherConfigStore::save-failed:
   * @error: why
   *
   * A deferred change could not be saved: the lock stayed busy too long,
   * or the file as it was by then would not take it (see
   * tether_config_store_set_defer_saves()).
   */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
tether_config_store_init (TetherConfigStore *self)
{
  self->servers = g_ptr_array_new_with_free_func ((GDestroyNotify)tether_config_entry_free);
  self->root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (self->root, json_object_new ());
  self->indent = 2;
  g_queue_init (&self->pending);
  self->lock_wait_ms = TETHER_CONFIG_LOCK_DEFAULT_WAIT_MS;
}

/**
 * tether_config_store_new:
 * @file: the configuration file
 *
 * Creates a store for @file. Call tether_config_store_load() to read it.
 *
 * Returns: (transfer full): a new #TetherConfigStore
 */
TetherConfigStore *
tether_config_store_new (GFile *file)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  return g_object_new (TETHER_TYPE_CONFIG_STORE,
                       "file", file,
                       NULL);
}

/**
 * tether_config_store_get_default_file:
 *
 * Returns: (transfer full): `$XDG_CONFIG_HOME/tether/servers.json`
 */
GFile *
tether_config_store_get_default_file (void)
{
  return g_file_new_build_filename (g_get_user_config_dir (), "tether", "servers.json", NULL);
}

GFile *
tether_config_store_get_file (TetherConfigStore *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);

  return self->file;
}

/**
 * tether_config_store_get_error:
 * @self: a #TetherConfigStore
 *
 * Returns: (nullable): why the file cannot be used, if it cannot
 */
const GError *
tether_config_store_get_error (TetherConfigStore *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);

  return self->error;
}

guint
tether_config_store_get_n_servers (TetherConfigStore *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), 0);

  return self->servers->len;
}

/**
 * tether_config_store_get_server:
 * @self: a #TetherConfigStore
 * @position: a position
 *
 * Returns: (transfer none): the server at @position, in file order
 */
TetherServerConfig *
tether_config_store_get_server (TetherConfigStore *self,
                                guint              position)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);
  g_return_val_if_fail (position < self->servers->len, NULL);

  return ((TetherConfigEntry *)g_ptr_array_index (self->servers, position))->config;
}

/**
 * tether_config_store_lookup:
 * @self: a #TetherConfigStore
 * @name: a server name
 * @position: (out) (optional): where it is
 *
 * Returns: (transfer none) (nullable): the server called @name
 */
TetherServerConfig *
tether_config_store_lookup (TetherConfigStore *self,
                            const char        *name,
                            guint             *position)
{
  TetherConfigEntry *entry;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  entry = tether_config_entries_find (self->servers, name, position);

  return entry != NULL ? entry->config : NULL;
}

/**
 * tether_config_store_dup_member:
 * @self: a #TetherConfigStore
 * @name: a top-level key of the file, such as `profiles`
 *
 * Returns: (transfer full) (nullable): a copy of that member of the last
 *   good configuration, or %NULL
 */
JsonNode *
tether_config_store_dup_member (TetherConfigStore *self,
                                const char        *name)
{
  JsonNode *node;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (self->root == NULL || !JSON_NODE_HOLDS_OBJECT (self->root))
    return NULL;

  node = json_object_get_member (json_node_get_object (self->root), name);

  return node != NULL ? json_node_copy (node) : NULL;
}
