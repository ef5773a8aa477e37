/* tether-config-store.c — servers.json
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is the truth (DESIGN §4):
 *  - it is read as JSON (comments and trailing commas tolerated), and every
 *    key Tether does not know, at the top level or in an entry, is written
 *    back; entries nobody changed are written back exactly as they were read;
 *  - it is written atomically (a temporary file in the same directory,
 *    fsync, rename, fsync of the directory), mode 0600, keeping the file's
 *    own indentation; a symlinked file is written through the link;
 *  - a file that does not parse, or has wrong types, is never overwritten:
 *    the store keeps the last good configuration, exposes the error with its
 *    line and column, and refuses changes until the file is fixed;
 *  - an edit from outside is picked up live; reading back what we wrote
 *    ourselves is not a change.
 */

#define G_LOG_DOMAIN "tether-config-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-config-store.h"

#define SERVERS_KEY "mcpServers"
#define PROFILES_KEY "profiles"
#define RELOAD_DELAY_MS 150
/* A configuration is a few kilobytes; refuse to slurp something absurd. */
#define MAX_FILE_SIZE (32 * 1024 * 1024)

typedef struct
{
  char               *name;
  JsonNode           *entry;
  TetherServerConfig *config;
} Server;

struct _TetherConfigStore
{
  GObject       parent_instance;

  GFile        *file;
  GFileMonitor *monitor;
  GError       *error;

  /* The last good configuration */
  JsonNode     *root;
  GPtrArray    *servers;
  guint         indent;

  /* What is on disk, as far as we know: skip reloads that change nothing */
  char         *disk_checksum;
  guint         reload_id;
};

G_DEFINE_FINAL_TYPE (TetherConfigStore, tether_config_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_ERROR,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
server_free (Server *server)
{
  g_clear_pointer (&server->name, g_free);
  g_clear_pointer (&server->entry, json_node_unref);
  g_clear_object (&server->config);
  g_free (server);
}

static Server *
server_new (const char         *name,
            JsonNode           *entry,
            TetherServerConfig *config)
{
  Server *server = g_new0 (Server, 1);

  server->name = g_strdup (name);
  server->entry = json_node_ref (entry);
  server->config = g_object_ref (config);

  return server;
}

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
       GError            **error)
{
  g_autoptr(TetherConfigDocument) document = NULL;
  g_autoptr(GPtrArray) servers = g_ptr_array_new_with_free_func ((GDestroyNotify)server_free);
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

      g_ptr_array_add (servers, server_new (name, entry, config));
    }

  *root_out = json_node_copy (tether_config_document_get_root (document));
  *servers_out = g_steal_pointer (&servers);

  return TRUE;
}

static gboolean
read_file (TetherConfigStore  *self,
           char              **contents,
           gsize              *length,
           GError            **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *path = g_file_get_path (self->file);

  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local);
  if (info == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          *contents = g_strdup ("");
          *length = 0;
          return TRUE;
        }

      g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_UNREADABLE, path,
                                                         "%s", local->message));
      return FALSE;
    }

  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_IS_DIRECTORY, path,
                                                         _("This is a folder, not a file")));
      return FALSE;
    }

  if (g_file_info_get_size (info) > MAX_FILE_SIZE)
    {
      g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_TOO_LARGE, path,
                                                         _("The file is too large (%" G_GOFFSET_FORMAT " bytes)"),
                                                         g_file_info_get_size (info)));
      return FALSE;
    }

  if (!g_file_load_contents (self->file, NULL, contents, length, NULL, &local))
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          *contents = g_strdup ("");
          *length = 0;
          return TRUE;
        }

      g_propagate_error (error, tether_config_error_new (TETHER_CONFIG_ERROR_UNREADABLE, path,
                                                         "%s", local->message));
      return FALSE;
    }

  return TRUE;
}

static gboolean
servers_equal (GPtrArray *a,
               GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      Server *sa = g_ptr_array_index (a, i);
      Server *sb = g_ptr_array_index (b, i);

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
  JsonNode *root = NULL;
  gsize length = 0;
  gboolean changed;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);

  if (!read_file (self, &contents, &length, &local) ||
      !parse (self, contents, length, &root, &servers, &local))
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

/* Saving */

static JsonNode *
build_root (TetherConfigStore *self)
{
  JsonObject *old_root = json_node_get_object (self->root);
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonObject) servers = json_object_new ();
  g_autoptr(GList) members = json_object_get_members (old_root);
  gboolean placed = FALSE;

  for (guint i = 0; i < self->servers->len; i++)
    {
      Server *server = g_ptr_array_index (self->servers, i);

      json_object_set_member (servers, server->name, json_node_ref (server->entry));
    }

  /* Top-level keys in their order; mcpServers where it was, else last. */
  for (const GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;

      if (g_str_equal (key, SERVERS_KEY))
        {
          json_object_set_object_member (root, SERVERS_KEY, json_object_ref (servers));
          placed = TRUE;
        }
      else
        json_object_set_member (root, key, json_node_ref (json_object_get_member (old_root, key)));
    }

  if (!placed)
    json_object_set_object_member (root, SERVERS_KEY, json_object_ref (servers));

  return json_node_init_object (json_node_alloc (), root);
}

static gboolean
write_atomically (const char  *path,
                  const char  *data,
                  gsize        length,
                  GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp = NULL;
  gsize written = 0;
  int saved_errno;
  int fd;

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

  if (g_rename (tmp, path) != 0)
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
               _("Could not write %s: %s"), path, g_strerror (saved_errno));

  return FALSE;
}

static char *
target_path (TetherConfigStore *self)
{
  g_autofree char *path = g_file_get_path (self->file);
  char *resolved;

  /* Write through a symlink (dotfile managers), not over it. */
  resolved = realpath (path, NULL);
  if (resolved != NULL)
    {
      char *copy = g_strdup (resolved);

      free (resolved);
      return copy;
    }

  return g_steal_pointer (&path);
}

static gboolean
save (TetherConfigStore  *self,
      GError            **error)
{
  g_autoptr(JsonNode) root = build_root (self);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *data = NULL;
  g_autofree char *path = target_path (self);
  g_autofree char *with_newline = NULL;
  gsize length = 0;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, self->indent);
  json_generator_set_root (generator, root);
  data = json_generator_to_data (generator, &length);
  with_newline = g_strconcat (data, "\n", NULL);
  length++;

  if (!write_atomically (path, with_newline, length, error))
    return FALSE;

  g_free (self->disk_checksum);
  self->disk_checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                                     (const guchar *)with_newline, length);
  json_node_unref (self->root);
  self->root = g_steal_pointer (&root);

  return TRUE;
}

static gboolean
check_writable (TetherConfigStore  *self,
                GError            **error)
{
  if (self->error == NULL)
    return TRUE;

  g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_FAILED,
               _("%s was not changed, because it has an error: %s"),
               g_file_peek_path (self->file), self->error->message);

  return FALSE;
}

/* Applies a change to the servers, saves, and puts everything back if the
 * save fails: the store always says what the file says. */
static gboolean
commit (TetherConfigStore  *self,
        GPtrArray          *previous,
        GError            **error)
{
  if (!save (self, error))
    {
      g_clear_pointer (&self->servers, g_ptr_array_unref);
      self->servers = g_ptr_array_ref (previous);
      return FALSE;
    }

  g_signal_emit (self, signals[CHANGED], 0);

  return TRUE;
}

static GPtrArray *
copy_servers (GPtrArray *servers)
{
  GPtrArray *copy = g_ptr_array_new_full (servers->len + 1, (GDestroyNotify)server_free);

  for (guint i = 0; i < servers->len; i++)
    {
      Server *server = g_ptr_array_index (servers, i);

      g_ptr_array_add (copy, server_new (server->name, server->entry, server->config));
    }

  return copy;
}

static Server *
find (TetherConfigStore *self,
      const char        *name,
      guint             *position)
{
  for (guint i = 0; i < self->servers->len; i++)
    {
      Server *server = g_ptr_array_index (self->servers, i);

      if (g_str_equal (server->name, name))
        {
          if (position != NULL)
            *position = i;
          return server;
        }
    }

  return NULL;
}

static gboolean
check_config (TetherConfigStore   *self,
              TetherServerConfig  *config,
              const char          *replacing,
              GError             **error)
{
  const char *name = tether_server_config_get_name (config);

  if (!tether_server_config_validate (config, error))
    return FALSE;

  if (g_strcmp0 (name, replacing) != 0 && find (self, name, NULL) != NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("A server named “%s” already exists"), name);
      return FALSE;
    }

  return TRUE;
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
  g_autoptr(GPtrArray) previous = NULL;
  g_autoptr(JsonNode) entry = NULL;
  g_autoptr(TetherServerConfig) copy = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), FALSE);

  if (!check_writable (self, error) || !check_config (self, config, NULL, error))
    return FALSE;

  previous = copy_servers (self->servers);
  copy = tether_server_config_copy (config);
  entry = tether_server_config_to_json (copy);
  g_ptr_array_add (self->servers, server_new (tether_server_config_get_name (copy), entry, copy));

  return commit (self, previous, error);
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
  g_autoptr(GPtrArray) previous = NULL;
  g_autoptr(JsonNode) entry = NULL;
  g_autoptr(TetherServerConfig) copy = NULL;
  guint position;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), FALSE);

  if (!check_writable (self, error))
    return FALSE;

  if (find (self, name, &position) == NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("There is no server named “%s”"), name);
      return FALSE;
    }

  if (!check_config (self, config, name, error))
    return FALSE;

  previous = copy_servers (self->servers);
  copy = tether_server_config_copy (config);
  entry = tether_server_config_to_json (copy);
  server_free (g_ptr_array_index (self->servers, position));
  g_ptr_array_index (self->servers, position) =
    server_new (tether_server_config_get_name (copy), entry, copy);

  return commit (self, previous, error);
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
  g_autoptr(GPtrArray) previous = NULL;
  g_autoptr(GHashTable) names = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (configs != NULL, FALSE);

  if (!check_writable (self, error))
    return FALSE;

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

  previous = copy_servers (self->servers);
  for (guint i = 0; i < configs->len; i++)
    {
      g_autoptr(TetherServerConfig) copy = tether_server_config_copy (g_ptr_array_index (configs, i));
      g_autoptr(JsonNode) entry = tether_server_config_to_json (copy);
      Server *server = server_new (tether_server_config_get_name (copy), entry, copy);
      guint position;

      if (find (self, server->name, &position) != NULL)
        {
          server_free (g_ptr_array_index (self->servers, position));
          g_ptr_array_index (self->servers, position) = server;
        }
      else
        g_ptr_array_add (self->servers, server);
    }

  return commit (self, previous, error);
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
  g_autoptr(GPtrArray) previous = NULL;
  g_autoptr(JsonNode) removed = NULL;
  Server *server;
  guint index;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!check_writable (self, error))
    return FALSE;

  server = find (self, name, &index);
  if (server == NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("There is no server named “%s”"), name);
      return FALSE;
    }

  removed = json_node_ref (server->entry);
  previous = copy_servers (self->servers);
  g_ptr_array_remove_index (self->servers, index);

  if (!commit (self, previous, error))
    return FALSE;

  if (position != NULL)
    *position = index;
  if (entry != NULL)
    *entry = g_steal_pointer (&removed);

  return TRUE;
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
  g_autoptr(GPtrArray) previous = NULL;
  g_autoptr(TetherServerConfig) config = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (!check_writable (self, error))
    return FALSE;

  config = tether_server_config_new_from_json (name, entry, error);
  if (config == NULL || !check_config (self, config, NULL, error))
    return FALSE;

  previous = copy_servers (self->servers);
  g_ptr_array_insert (self->servers, MIN (position, self->servers->len),
                      server_new (name, entry, config));

  return commit (self, previous, error);
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
  g_autoptr(TetherServerConfig) config = NULL;
  Server *server;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), FALSE);

  server = find (self, name, NULL);
  if (server == NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("There is no server named “%s”"), name);
      return FALSE;
    }

  if (tether_server_config_get_enabled (server->config) == !!enabled)
    return TRUE;

  config = tether_server_config_copy (server->config);
  tether_server_config_set_enabled (config, enabled);

  return tether_config_store_replace (self, name, config, error);
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
  if (g_file_load_contents (self->file, NULL, &contents, &length, NULL, NULL))
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

        ours = g_strcmp0 (name, base) == 0 || g_strcmp0 (other, base) == 0;
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

  g_return_if_fail (TETHER_IS_CONFIG_STORE (self));

  if (!watching)
    {
      g_clear_handle_id (&self->reload_id, g_source_remove);
      if (self->monitor != NULL)
        {
          g_file_monitor_cancel (self->monitor);
          g_clear_object (&self->monitor);
        }
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
}

/* GObject */

static void
tether_config_store_dispose (GObject *object)
{
  TetherConfigStore *self = (TetherConfigStore *)object;

  tether_config_store_set_watching (self, FALSE);

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
}

static void
tether_config_store_init (TetherConfigStore *self)
{
  self->servers = g_ptr_array_new_with_free_func ((GDestroyNotify)server_free);
  self->root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (self->root, json_object_new ());
  self->indent = 2;
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

  return ((Server *)g_ptr_array_index (self->servers, position))->config;
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
  Server *server;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  server = find (self, name, position);

  return server != NULL ? server->config : NULL;
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
