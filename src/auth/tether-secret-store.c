/* tether-secret-store.c — Tether's secrets in the desktop keyring
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One libsecret schema holds every secret of Tether, told apart by three
 * attributes: `kind` (oauth for sign-ins, env and header for values a
 * configuration refers to as ${secret:NAME}), `server` (the server a
 * sign-in belongs to; empty for named secrets, whose names are global) and
 * `name`. Inside the flatpak libsecret goes through the Secret portal by
 * itself. With no Secret Service at all the store says so, and keeps
 * secrets in a file (mode 0600) only when the user agreed to it.
 */

#define G_LOG_DOMAIN "tether-secret-store"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsecret/secret.h>

#include "tether-auth-error.h"
#include "tether-read-file.h"
#include "tether-secret-store.h"

struct _TetherSecretStore
{
  GObject   parent_instance;

  char     *file_path;
  gboolean  allow_file;
  gboolean  file_if_there;  /* a file made with the user's consent before is theirs to use */
  gboolean  probed;
  gboolean  have_service;
  char     *probe_message;
  GMutex    file_lock;  /* the fallback file, read and written in threads too */
};

G_DEFINE_FINAL_TYPE (TetherSecretStore, tether_secret_store, G_TYPE_OBJECT)

static const SecretSchema *
get_schema (void)
{
  static const SecretSchema schema = {
    "io.github.tethermcp.Tether.Secret", SECRET_SCHEMA_NONE,
    {
      { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "name", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL
  };

  return &schema;
}

/**
 * tether_secret_free:
 * @value: (nullable): a secret this store returned
 *
 * Wipes and frees @value.
 */
void
tether_secret_free (char *value)
{
  if (value == NULL)
    return;
  memset (value, 0, strlen (value));
  g_free (value);
}

static void
tether_secret_store_finalize (GObject *object)
{
  TetherSecretStore *self = TETHER_SECRET_STORE (object);

  g_free (self->file_path);
  g_free (self->probe_message);
  g_mutex_clear (&self->file_lock);

  G_OBJECT_CLASS (tether_secret_store_parent_class)->finalize (object);
}

static void
tether_secret_store_class_init (TetherSecretStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_secret_store_finalize;
}

static void
tether_secret_store_init (TetherSecretStore *self)
{
  g_mutex_init (&self->file_lock);
}

/**
 * tether_secret_store_new:
 * @allow_file: whether the user agreed to a file when there is no Secret
 *   Service (`--allow-file-secrets`)
 *
 * Returns: (transfer full): a store on the Secret Service, the fallback
 *   file in $XDG_DATA_HOME/tether/secrets.json
 */
TetherSecretStore *
tether_secret_store_new (gboolean allow_file)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "tether", "secrets.json", NULL);

  return tether_secret_store_new_for_file (path, allow_file);
}

/**
 * tether_secret_store_new_for_file:
 * @path: the fallback file
 * @allow_file: whether the user agreed to it
 *
 * Returns: (transfer full): a store
 */
TetherSecretStore *
tether_secret_store_new_for_file (const char *path,
                                  gboolean    allow_file)
{
  TetherSecretStore *self = g_object_new (TETHER_TYPE_SECRET_STORE, NULL);

  self->file_path = g_strdup (path);
  self->allow_file = allow_file;
  return self;
}

/**
 * tether_secret_store_probe:
 * @self: a store
 * @error: where to put why there is nowhere to keep secrets
 *
 * Looks once for a Secret Service (or the Secret portal). Without one the
 * store works on its file only if the user agreed.
 *
 * Returns: whether secrets can be kept
 */
gboolean
tether_secret_store_probe (TetherSecretStore  *self,
                           GError            **error)
{
  g_return_val_if_fail (TETHER_IS_SECRET_STORE (self), FALSE);

  if (!self->probed)
    {
      g_autoptr(GError) local_error = NULL;
      GList *found;

      found = secret_password_search_sync (get_schema (), SECRET_SEARCH_NONE, NULL, &local_error,
                                           "kind", "probe", NULL);
      g_list_free_full (found, g_object_unref);
      self->probed = TRUE;
      self->have_service = local_error == NULL;
      if (local_error != NULL)
        self->probe_message = g_strdup (local_error->message);
    }

  if (self->have_service || self->allow_file ||
      (self->file_if_there && g_file_test (self->file_path, G_FILE_TEST_IS_REGULAR)))
    return TRUE;

  g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_NO_SECRET_SERVICE,
               _("There is no keyring (Secret Service) to keep secrets in: %s. "
                 "Start one (gnome-keyring), or allow a file only you can read with --allow-file-secrets"),
               self->probe_message);
  return FALSE;
}

/* Ends the probe's search and keeps what it found, unless known already.
 * Returns %FALSE only when it was cancelled. */
static gboolean
probe_search_finish (TetherSecretStore  *self,
                     GAsyncResult       *result,
                     GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  GList *found = secret_password_search_finish (result, &local_error);

  g_list_free_full (found, g_object_unref);
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!self->probed)
    {
      self->probed = TRUE;
      self->have_service = local_error == NULL;
      if (local_error != NULL)
        self->probe_message = g_strdup (local_error->message);
    }
  return TRUE;
}

static void
on_probe_searched (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TetherSecretStore *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!probe_search_finish (self, result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, self->have_service);
}

/**
 * tether_secret_store_probe_async:
 * @self: a store
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when it is known
 * @user_data: for @callback
 *
 * Looks for a Secret Service without blocking, as the window does before
 * it offers to move secrets into the keyring.
 */
void
tether_secret_store_probe_async (TetherSecretStore   *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_return_if_fail (TETHER_IS_SECRET_STORE (self));

  g_task_set_source_tag (task, tether_secret_store_probe_async);
  if (self->probed)
    {
      g_task_return_boolean (task, self->have_service);
      return;
    }
  secret_password_search (get_schema (), SECRET_SEARCH_NONE, cancellable, on_probe_searched,
                          g_steal_pointer (&task), "kind", "probe", NULL);
}

/**
 * tether_secret_store_probe_finish:
 * @self: a store
 * @result: the result
 * @error: where to put why there is no keyring (cancelled only)
 *
 * Returns: whether a Secret Service keeps the secrets (the fallback file
 *   does not count)
 */
gboolean
tether_secret_store_probe_finish (TetherSecretStore  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * tether_secret_store_uses_file:
 * @self: a store
 *
 * Returns: whether secrets go to the fallback file (no Secret Service, and
 *   the user agreed)
 */
gboolean
tether_secret_store_uses_file (TetherSecretStore *self)
{
  return tether_secret_store_probe (self, NULL) && !self->have_service;
}

const char *
tether_secret_store_get_file_path (TetherSecretStore *self)
{
  return self->file_path;
}

/* ---------------------------------------------------------------------- */
/* The fallback file: {"secrets": [{"kind", "server", "name", "value"}…]}  */

static JsonArray *
file_load (TetherSecretStore  *self,
           GError            **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  JsonNode *root;
  JsonNode *secrets;

  if (!tether_read_file (self->file_path, self->file_path, TETHER_SECRET_MAX_FILE, &data, &length,
                         &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return json_array_new ();
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (!json_parser_load_from_data (parser, data, (gssize)length, &local_error) ||
      !JSON_NODE_HOLDS_OBJECT ((root = json_parser_get_root (parser))) ||
      (secrets = json_object_get_member (json_node_get_object (root), "secrets")) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (secrets))
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                   _("The secrets file %s is not readable (left as it is)"), self->file_path);
      return NULL;
    }
  memset (data, 0, length);
  return json_array_ref (json_node_get_array (secrets));
}

static gboolean
file_save (TetherSecretStore  *self,
           JsonArray          *secrets,
           GError            **error)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autofree char *dir = g_path_get_dirname (self->file_path);
  g_autofree char *text = NULL;
  gboolean ok;

  json_object_set_array_member (object, "secrets", json_array_ref (secrets));
  json_node_set_object (root, object);
  text = json_to_string (root, TRUE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not create %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  ok = g_file_set_contents_full (self->file_path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, error);
  memset (text, 0, strlen (text));
  return ok;
}

static gboolean
entry_matches (JsonObject *entry,
               const char *kind,
               const char *server,
               const char *name)
{
  return (kind == NULL || g_strcmp0 (json_object_get_string_member_with_default (entry, "kind", ""), kind) == 0) &&
         (server == NULL || g_strcmp0 (json_object_get_string_member_with_default (entry, "server", ""), server) == 0) &&
         (name == NULL || g_strcmp0 (json_object_get_string_member_with_default (entry, "name", ""), name) == 0);
}

/* The entries of @secrets that do not match. */
static JsonArray *
file_without (JsonArray  *secrets,
              const char *kind,
              const char *server,
              const char *name)
{
  JsonArray *kept = json_array_new ();

  for (guint i = 0; i < json_array_get_length (secrets); i++)
    {
      JsonNode *node = json_array_get_element (secrets, i);

      if (!JSON_NODE_HOLDS_OBJECT (node) || !entry_matches (json_node_get_object (node), kind, server, name))
        json_array_add_element (kept, json_node_copy (node));
    }
  return kept;
}

/* ---------------------------------------------------------------------- */

static gboolean
check_value (const char  *value,
             GError     **error)
{
  if (value == NULL || strlen (value) > TETHER_SECRET_MAX_VALUE || !g_utf8_validate (value, -1, NULL))
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                   _("A secret must be UTF-8 text of at most %u bytes"), (guint)TETHER_SECRET_MAX_VALUE);
      return FALSE;
    }
  return TRUE;
}

/* What the keyring's own windows (Seahorse) show for an item */
static char *
item_label (const char *server,
            const char *name)
{
  if (*server != '\0')
    /* Translators: the label of a secret in the keyring, e.g. "Tether — github: tokens" */
    return g_strdup_printf (_("Tether — %s: %s"), server, name);
  return g_strdup_printf (_("Tether — %s"), name);
}

/**
 * tether_secret_store_store:
 * @self: a store
 * @kind: TETHER_SECRET_KIND_*
 * @server: the server it belongs to ("" for a named secret)
 * @name: its name
 * @value: the secret
 * @error: where to put an error
 *
 * Stores @value, replacing what was stored under the same attributes.
 *
 * Returns: whether it was stored
 */
gboolean
tether_secret_store_store (TetherSecretStore  *self,
                           const char         *kind,
                           const char         *server,
                           const char         *name,
                           const char         *value,
                           GError            **error)
{
  g_return_val_if_fail (TETHER_IS_SECRET_STORE (self), FALSE);

  if (!check_value (value, error) || !tether_secret_store_probe (self, error))
    return FALSE;

  if (self->have_service)
    {
      g_autofree char *label = item_label (server, name);

      return secret_password_store_sync (get_schema (), SECRET_COLLECTION_DEFAULT, label, value, NULL, error,
                                         "kind", kind, "server", server, "name", name, NULL);
    }
  else
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->file_lock);
      g_autoptr(JsonArray) secrets = file_load (self, error);
      g_autoptr(JsonArray) kept = NULL;
      g_autoptr(JsonObject) entry = json_object_new ();

      if (secrets == NULL)
        return FALSE;
      kept = file_without (secrets, kind, server, name);
      json_object_set_string_member (entry, "kind", kind);
      json_object_set_string_member (entry, "server", server);
      json_object_set_string_member (entry, "name", name);
      json_object_set_string_member (entry, "value", value);
      json_array_add_object_element (kept, g_steal_pointer (&entry));
      return file_save (self, kept, error);
    }
}

/**
 * tether_secret_store_lookup:
 * @self: a store
 * @kind: TETHER_SECRET_KIND_*
 * @server: the server it belongs to ("" for a named secret)
 * @name: its name
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the secret (free it with
 *   tether_secret_free()); %NULL with no error if there is none
 */
char *
tether_secret_store_lookup (TetherSecretStore  *self,
                            const char         *kind,
                            const char         *server,
                            const char         *name,
                            GError            **error)
{
  g_return_val_if_fail (TETHER_IS_SECRET_STORE (self), NULL);

  if (!tether_secret_store_probe (self, error))
    return NULL;

  if (self->have_service)
    {
      char *found = secret_password_lookup_sync (get_schema (), NULL, error,
                                                 "kind", kind, "server", server, "name", name, NULL);
      char *copy = g_strdup (found);

      secret_password_free (found);
      return copy;
    }
  else
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->file_lock);
      g_autoptr(JsonArray) secrets = file_load (self, error);

      for (guint i = 0; secrets != NULL && i < json_array_get_length (secrets); i++)
        {
          JsonNode *node = json_array_get_element (secrets, i);

          if (JSON_NODE_HOLDS_OBJECT (node) && entry_matches (json_node_get_object (node), kind, server, name))
            return g_strdup (json_object_get_string_member_with_default (json_node_get_object (node), "value", ""));
        }
      return NULL;
    }
}

/**
 * tether_secret_store_clear:
 * @self: a store
 * @kind: (nullable): TETHER_SECRET_KIND_*, or %NULL for any
 * @server: (nullable): the server, or %NULL for any
 * @name: (nullable): the name, or %NULL for any
 * @error: where to put an error
 *
 * Removes every secret matching what is given.
 *
 * Returns: %FALSE on error (removing nothing is no error)
 */
gboolean
tether_secret_store_clear (TetherSecretStore  *self,
                           const char         *kind,
                           const char         *server,
                           const char         *name,
                           GError            **error)
{
  g_return_val_if_fail (TETHER_IS_SECRET_STORE (self), FALSE);

  if (!tether_secret_store_probe (self, error))
    return FALSE;

  if (self->have_service)
    {
      g_autoptr(GHashTable) attributes = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) local_error = NULL;

      if (kind != NULL)
        g_hash_table_insert (attributes, "kind", (gpointer)kind);
      if (server != NULL)
        g_hash_table_insert (attributes, "server", (gpointer)server);
      if (name != NULL)
        g_hash_table_insert (attributes, "name", (gpointer)name);
      secret_password_clearv_sync (get_schema (), attributes, NULL, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      return TRUE;
    }
  else
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->file_lock);
      g_autoptr(JsonArray) secrets = file_load (self, error);
      g_autoptr(JsonArray) kept = NULL;

      if (secrets == NULL)
        return FALSE;
      kept = file_without (secrets, kind, server, name);
      if (json_array_get_length (kept) == json_array_get_length (secrets))
        return TRUE;
      return file_save (self, kept, error);
    }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *)a, *(const char * const *)b);
}

static void
add_unique (GPtrArray  *names,
            const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_strcmp0 (g_ptr_array_index (names, i), name) == 0)
      return;
  g_ptr_array_add (names, g_strdup (name));
}

/**
 * tether_secret_store_list_names:
 * @self: a store
 * @kind: (nullable): TETHER_SECRET_KIND_*, or %NULL for any but oauth
 * @server: (nullable): the server, or %NULL for any
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the names of the matching secrets,
 *   sorted, each once; never their values
 */
GStrv
tether_secret_store_list_names (TetherSecretStore  *self,
                                const char         *kind,
                                const char         *server,
                                GError            **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (TETHER_IS_SECRET_STORE (self), NULL);

  if (!tether_secret_store_probe (self, error))
    return NULL;

  if (self->have_service)
    {
      g_autoptr(GHashTable) attributes = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) local_error = NULL;
      GList *found;

      if (kind != NULL)
        g_hash_table_insert (attributes, "kind", (gpointer)kind);
      if (server != NULL)
        g_hash_table_insert (attributes, "server", (gpointer)server);
      found = secret_password_searchv_sync (get_schema (), attributes, SECRET_SEARCH_ALL, NULL, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      for (GList *l = found; l != NULL; l = l->next)
        {
          g_autoptr(GHashTable) item = secret_retrievable_get_attributes (l->data);
          const char *item_kind = g_hash_table_lookup (item, "kind");

          if (kind == NULL && g_strcmp0 (item_kind, TETHER_SECRET_KIND_OAUTH) == 0)
            continue;
          if (g_hash_table_lookup (item, "name") != NULL)
            add_unique (names, g_hash_table_lookup (item, "name"));
        }
      g_list_free_full (found, g_object_unref);
    }
  else
    {
      g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->file_lock);
      g_autoptr(JsonArray) secrets = file_load (self, error);

      if (secrets == NULL)
        return NULL;
      for (guint i = 0; i < json_array_get_length (secrets); i++)
        {
          JsonNode *node = json_array_get_element (secrets, i);
          JsonObject *entry;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          entry = json_node_get_object (node);
          if (!entry_matches (entry, kind, server, NULL) ||
              (kind == NULL && g_strcmp0 (json_object_get_string_member_with_default (entry, "kind", ""),
                                          TETHER_SECRET_KIND_OAUTH) == 0))
            continue;
          add_unique (names, json_object_get_string_member_with_default (entry, "name", ""));
        }
    }

  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv)g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/**
 * tether_secret_store_lookup_named:
 * @self: a store
 * @name: a name, as `${secret:NAME}` gives it
 * @error: where to put an error
 *
 * Named secrets are global: the one `secret set NAME` stored, whether it
 * came as an environment value or a header.
 *
 * Returns: (transfer full) (nullable): the secret; %NULL with no error if
 *   there is none
 */
char *
tether_secret_store_lookup_named (TetherSecretStore  *self,
                                  const char         *name,
                                  GError            **error)
{
  const char *kinds[] = { TETHER_SECRET_KIND_ENV, TETHER_SECRET_KIND_HEADER };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      GError *local_error = NULL;
      char *value = tether_secret_store_lookup (self, kinds[i], "", name, &local_error);

      if (value != NULL || local_error != NULL)
        {
          if (local_error != NULL)
            g_propagate_error (error, local_error);
          return value;
        }
    }
  return NULL;
}

/**
 * tether_secret_store_list_named:
 * @self: a store
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the names of the named secrets
 */
GStrv
tether_secret_store_list_named (TetherSecretStore  *self,
                                GError            **error)
{
  return tether_secret_store_list_names (self, NULL, "", error);
}

/* ---------------------------------------------------------------------- */
/* Without blocking the main loop: libsecret's asynchronous calls (a      */
/* keyring may have to be unlocked first), the fallback file in a thread  */

typedef struct
{
  char     *kind;
  char     *server;
  char     *name;
  char     *value;   /* to store; %NULL to look up */
  gboolean  named;   /* look up a named secret, of any kind */
  guint     tried;   /* named: the kinds tried so far */
} SecretOp;

static const char * const named_kinds[] = { TETHER_SECRET_KIND_ENV, TETHER_SECRET_KIND_HEADER };

static void
secret_op_free (SecretOp *op)
{
  g_free (op->kind);
  g_free (op->server);
  g_free (op->name);
  tether_secret_free (op->value);
  g_free (op);
}

/* @value %NULL to look up; @kind %NULL with @named for a named secret */
static SecretOp *
secret_op_new (const char *kind,
               const char *server,
               const char *name,
               const char *value,
               gboolean    named)
{
  SecretOp *op = g_new0 (SecretOp, 1);

  op->kind = g_strdup (kind);
  op->server = g_strdup (server);
  op->name = g_strdup (name);
  op->value = g_strdup (value);
  op->named = named;

  return op;
}

static void
file_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  TetherSecretStore *self = source;
  SecretOp *op = task_data;
  GError *error = NULL;

  if (op->value != NULL)
    {
      if (tether_secret_store_store (self, op->kind, op->server, op->name, op->value, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }

  {
    char *value = op->named ? tether_secret_store_lookup_named (self, op->name, &error)
                            : tether_secret_store_lookup (self, op->kind, op->server, op->name, &error);

    if (error != NULL)
      g_task_return_error (task, error);
    else
      g_task_return_pointer (task, value, (GDestroyNotify)tether_secret_free);
  }
}

static void op_run (GTask *task);

static void
on_stored (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (secret_password_store_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_looked_up (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SecretOp *op = g_task_get_task_data (task);
  GError *error = NULL;
  char *found = secret_password_lookup_finish (result, &error);

  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (found == NULL && op->named && ++op->tried < G_N_ELEMENTS (named_kinds))
    {
      op_run (g_steal_pointer (&task));
      return;
    }
  g_task_return_pointer (task, g_strdup (found), (GDestroyNotify)tether_secret_free);
  secret_password_free (found);
}

static void
op_run (GTask *task)
{
  TetherSecretStore *self = g_task_get_source_object (task);
  SecretOp *op = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  GError *error = NULL;

  /* probed already: this does not block */
  if (!tether_secret_store_probe (self, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  if (!self->have_service)
    {
      g_task_run_in_thread (task, file_thread);
      g_object_unref (task);
      return;
    }

  if (op->value != NULL)
    {
      g_autofree char *label = item_label (op->server, op->name);

      secret_password_store (get_schema (), SECRET_COLLECTION_DEFAULT, label, op->value, cancellable,
                             on_stored, task,
                             "kind", op->kind, "server", op->server, "name", op->name, NULL);
    }
  else
    secret_password_lookup (get_schema (), cancellable, on_looked_up, task,
                            "kind", op->named ? named_kinds[op->tried] : op->kind,
                            "server", op->server, "name", op->name, NULL);
}

static void
on_probed (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;

  if (!probe_search_finish (g_task_get_source_object (task), result, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  op_run (task);
}

static void
op_start (TetherSecretStore   *self,
          SecretOp            *op,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  GError *error = NULL;

  g_task_set_task_data (task, op, (GDestroyNotify)secret_op_free);
  if (op->value != NULL && !check_value (op->value, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  if (!self->probed)
    secret_password_search (get_schema (), SECRET_SEARCH_NONE, cancellable, on_probed, task,
                            "kind", "probe", NULL);
  else
    op_run (task);
}

/**
 * tether_secret_store_store_async:
 * @self: a store
 * @kind: TETHER_SECRET_KIND_*
 * @server: the server it belongs to ("" for a named secret)
 * @name: its name
 * @value: the secret (copied)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when stored, or not
 * @user_data: for @callback
 *
 * tether_secret_store_store() without blocking: what the window uses.
 */
void
tether_secret_store_store_async (TetherSecretStore   *self,
                                 const char          *kind,
                                 const char          *server,
                                 const char          *name,
                                 const char          *value,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_SECRET_STORE (self));
  g_return_if_fail (value != NULL);

  op_start (self, secret_op_new (kind, server, name, value, FALSE), cancellable, callback, user_data);
}

gboolean
tether_secret_store_store_finish (TetherSecretStore  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * tether_secret_store_lookup_async:
 * @self: a store
 * @kind: TETHER_SECRET_KIND_*
 * @server: the server it belongs to ("" for a named secret)
 * @name: its name
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the secret, or none
 * @user_data: for @callback
 *
 * tether_secret_store_lookup() without blocking.
 */
void
tether_secret_store_lookup_async (TetherSecretStore   *self,
                                  const char          *kind,
                                  const char          *server,
                                  const char          *name,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_SECRET_STORE (self));

  op_start (self, secret_op_new (kind, server, name, NULL, FALSE), cancellable, callback, user_data);
}

/**
 * tether_secret_store_lookup_named_async:
 * @self: a store
 * @name: a name, as `${secret:NAME}` gives it
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the secret, or none
 * @user_data: for @callback
 *
 * tether_secret_store_lookup_named() without blocking; finish it with
 * tether_secret_store_lookup_finish().
 */
void
tether_secret_store_lookup_named_async (TetherSecretStore   *self,
                                        const char          *name,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_SECRET_STORE (self));

  op_start (self, secret_op_new (NULL, "", name, NULL, TRUE), cancellable, callback, user_data);
}

/**
 * tether_secret_store_lookup_finish:
 * @self: a store
 * @result: the result
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the secret (free it with
 *   tether_secret_free()); %NULL with no error if there is none
 */
char *
tether_secret_store_lookup_finish (TetherSecretStore  *self,
                                   GAsyncResult       *result,
                                   GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_secret_store_get_default:
 *
 * The store of the running program, on the Secret Service: what servers
 * that are not given a store of their own use. Without a Secret Service it
 * uses the fallback file only if the user made it, with their consent
 * (`tether-cli login --allow-file-secrets`): a sign-in kept there is found
 * by the window too; it never makes that file itself.
 *
 * Returns: (transfer none): the store
 */
TetherSecretStore *
tether_secret_store_get_default (void)
{
  static gsize once = 0;
  static TetherSecretStore *store;

  if (g_once_init_enter (&once))
    {
      store = tether_secret_store_new (FALSE);
      store->file_if_there = TRUE;
      g_once_init_leave (&once, 1);
    }
  return store;
}
