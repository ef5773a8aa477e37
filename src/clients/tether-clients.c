/* tether-clients.c — the AI clients on this machine, and connecting them
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where each client keeps its file comes from the import table (its
 * locations, under the importer's home and config folders: the host's
 * inside the flatpak). The first location whose file exists is the
 * client's; else the first whose folder exists (the client is installed
 * and has no file yet); else the first.
 *
 * Files are read and written in a thread (tether-client-file.c): the
 * objects of the model are only touched in the main thread.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-client-file.h"
#include "tether-client-private.h"
#include "tether-clients.h"
#include "tether-config-import.h"
#include "tether-flatpak.h"

/* One of Tether's servers, as compared with a client's. */
typedef struct
{
  char  *name;
  char  *command;
  char **args;
  char  *url;
} Known;

static void
known_free (Known *known)
{
  g_free (known->name);
  g_free (known->command);
  g_strfreev (known->args);
  g_free (known->url);
  g_free (known);
}

struct _TetherClients
{
  GObject             parent_instance;

  TetherConfigImport *import;        /* for its home and config folders */
  GListStore         *model;
  TetherConfigStore  *store;
  char               *url;
  char               *token;
  char              **bridge;
};

G_DEFINE_FINAL_TYPE (TetherClients, tether_clients, G_TYPE_OBJECT)

static void
tether_clients_finalize (GObject *object)
{
  TetherClients *self = TETHER_CLIENTS (object);

  g_clear_object (&self->import);
  g_clear_object (&self->model);
  g_clear_object (&self->store);
  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->token, g_free);
  g_clear_pointer (&self->bridge, g_strfreev);

  G_OBJECT_CLASS (tether_clients_parent_class)->finalize (object);
}

static void
tether_clients_class_init (TetherClientsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_clients_finalize;
}

static void
tether_clients_init (TetherClients *self)
{
  self->import = tether_config_import_new ();
  self->model = g_list_store_new (TETHER_TYPE_CLIENT);

  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      const TetherImportClient *table = _tether_import_clients_get_nth (i);
      g_autoptr(TetherClient) client = NULL;

      if (table->writing == NULL || table->locations == NULL)
        continue;
      client = _tether_client_new (table);
      g_list_store_append (self->model, client);
    }
}

TetherClients *
tether_clients_new (void)
{
  return g_object_new (TETHER_TYPE_CLIENTS, NULL);
}

/**
 * tether_clients_set_home_dir:
 * @home_dir: (nullable): the home folder to look in; %NULL for the real one
 */
void
tether_clients_set_home_dir (TetherClients *self,
                             const char    *home_dir)
{
  g_return_if_fail (TETHER_IS_CLIENTS (self));

  tether_config_import_set_home_dir (self->import, home_dir);
}

/**
 * tether_clients_set_config_dir:
 * @config_dir: (nullable): the folder of settings to look in (`~/.config`);
 *   %NULL for the host's
 */
void
tether_clients_set_config_dir (TetherClients *self,
                               const char    *config_dir)
{
  g_return_if_fail (TETHER_IS_CLIENTS (self));

  tether_config_import_set_config_dir (self->import, config_dir);
}

/**
 * tether_clients_set_endpoint:
 * @url: (nullable): the hub's URL, `http://127.0.0.1:PORT/mcp` (or
 *   `…/mcp/PROFILE`), for clients that take one
 * @token: (nullable): the hub's token; written into clients' files, never
 *   shown (previews mask it)
 * @bridge: (nullable): the stdio bridge's command line, for the others
 *   (see tether_clients_bridge_command())
 *
 * How connected clients reach Tether.
 */
void
tether_clients_set_endpoint (TetherClients      *self,
                             const char         *url,
                             const char         *token,
                             const char * const *bridge)
{
  g_return_if_fail (TETHER_IS_CLIENTS (self));

  g_free (self->url);
  self->url = g_strdup (url);
  g_free (self->token);
  self->token = g_strdup (token);
  g_strfreev (self->bridge);
  self->bridge = g_strdupv ((char **)bridge);
}

/**
 * tether_clients_set_store:
 * @store: (nullable): Tether's configuration: its servers are compared
 *   with each client's (#TetherClient:shared-servers)
 */
void
tether_clients_set_store (TetherClients     *self,
                          TetherConfigStore *store)
{
  g_return_if_fail (TETHER_IS_CLIENTS (self));

  g_set_object (&self->store, store);
}

/**
 * tether_clients_get_model:
 *
 * Returns: (transfer none): a #GListModel of #TetherClient, in the order
 *   of the client table, found or not
 */
GListModel *
tether_clients_get_model (TetherClients *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENTS (self), NULL);

  return G_LIST_MODEL (self->model);
}

/**
 * tether_clients_lookup:
 * @name: a client's name (`vscode`, `claude-desktop`…)
 *
 * Returns: (transfer none) (nullable): the client
 */
TetherClient *
tether_clients_lookup (TetherClients *self,
                       const char    *name)
{
  g_return_val_if_fail (TETHER_IS_CLIENTS (self), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->model)); i++)
    {
      g_autoptr(TetherClient) client = g_list_model_get_item (G_LIST_MODEL (self->model), i);

      if (g_str_equal (tether_client_get_name (client), name))
        return client;
    }

  return NULL;
}

/* Tether's servers, copied for a thread. */
static GPtrArray *
dup_known (TetherClients *self)
{
  GPtrArray *known = g_ptr_array_new_with_free_func ((GDestroyNotify)known_free);

  for (guint i = 0; self->store != NULL && i < tether_config_store_get_n_servers (self->store); i++)
    {
      TetherServerConfig *config = tether_config_store_get_server (self->store, i);
      Known *k = g_new0 (Known, 1);

      k->name = g_strdup (tether_server_config_get_name (config));
      k->command = g_strdup (tether_server_config_get_command (config));
      k->args = g_strdupv ((char **)tether_server_config_get_args (config));
      k->url = g_strdup (tether_server_config_get_url (config));
      g_ptr_array_add (known, k);
    }

  return known;
}

typedef struct
{
  const TetherImportClient *table;
  char                     *home_dir;
  char                     *config_dir;
  GPtrArray                *known;
} Look;

static char *
choose_path (const Look *look,
             gboolean   *found)
{
  g_autofree char *first = NULL;
  g_autofree char *installed = NULL;

  for (const TetherImportLocation *l = look->table->locations; l->path != NULL; l++)
    {
      const char *base = l->base == TETHER_IMPORT_BASE_HOME ? look->home_dir : look->config_dir;
      g_autofree char *path = g_build_filename (base, l->path, NULL);
      g_autofree char *dir = g_path_get_dirname (path);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          *found = TRUE;
          return g_steal_pointer (&path);
        }
      if (installed == NULL && g_file_test (dir, G_FILE_TEST_IS_DIR))
        installed = g_strdup (path);
      if (first == NULL)
        first = g_strdup (path);
    }

  *found = installed != NULL;

  return installed != NULL ? g_steal_pointer (&installed) : g_steal_pointer (&first);
}

static char **
member_command (JsonObject *object,
                const char *command_key)
{
  const char *command = tether_client_get_string (object, command_key);
  JsonNode *args = json_object_get_member (object, "args");
  g_autoptr(GStrvBuilder) builder = NULL;

  if (command == NULL)
    return NULL;

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, command);
  if (args != NULL && JSON_NODE_HOLDS_ARRAY (args))
    {
      JsonArray *array = json_node_get_array (args);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *arg = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_VALUE (arg) && json_node_get_value_type (arg) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (arg));
        }
    }

  return g_strv_builder_end (builder);
}

static gboolean
same_server (const Known *known,
             const char  *name,
             char       **command,
             const char  *url)
{
  if (g_str_equal (known->name, name))
    return TRUE;
  if (url != NULL && known->url != NULL)
    return g_str_equal (url, known->url);
  if (command != NULL && known->command != NULL)
    {
      g_autofree char *a = g_path_get_basename (command[0]);
      g_autofree char *b = g_path_get_basename (known->command);
      const char * const no_args[] = { NULL };

      return g_str_equal (a, b) &&
             g_strv_equal ((const char * const *)command + 1,
                           known->args != NULL ? (const char * const *)known->args : no_args);
    }

  return FALSE;
}

static void
read_state (const Look        *look,
            TetherClientState *state)
{
  const TetherImportWriting *w = look->table->writing;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GStrvBuilder) shared = g_strv_builder_new ();
  g_autofree char *text = NULL;
  JsonObject *servers;
  gboolean exists = FALSE;
  gsize length = 0;

  state->path = choose_path (look, &state->found);
  text = tether_client_file_read (state->path, &length, &exists, &error);
  if (text == NULL)
    {
      state->error_message = g_strdup (error->message);
      return;
    }
  if (!exists)
    return;

  root = tether_client_parse (look->table, state->path, text, length, &error);
  if (root == NULL)
    {
      state->error_message = g_strdup (error->message);
      return;
    }

  state->entry_name = tether_client_find_ours (look->table, root);
  servers = tether_client_get_servers (look->table, root);
  if (servers != NULL && state->entry_name != NULL)
    {
      JsonObject *entry = json_node_get_object (json_object_get_member (servers,
                                                                        state->entry_name));
      const char *url = tether_client_get_string (entry, w->url_key);

      if (url == NULL)
        url = tether_client_get_string (entry, "url");
      if (url != NULL)
        {
          state->connection = TETHER_CLIENT_CONNECTION_HTTP;
          state->url = g_strdup (url);
        }
      else
        {
          state->connection = TETHER_CLIENT_CONNECTION_STDIO;
          state->command = member_command (entry, w->command_key);
        }
    }

  if (servers != NULL)
    {
      g_autoptr(GList) names = json_object_get_members (servers);

      for (GList *l = names; l != NULL; l = l->next)
        {
          JsonNode *node = json_object_get_member (servers, l->data);
          JsonObject *entry;
          g_auto(GStrv) command = NULL;
          const char *url;

          if (!JSON_NODE_HOLDS_OBJECT (node) || g_strcmp0 (l->data, state->entry_name) == 0)
            continue;
          entry = json_node_get_object (node);
          command = member_command (entry, w->command_key);
          url = tether_client_get_string (entry, w->url_key);
          if (url == NULL)
            url = tether_client_get_string (entry, "url");

          for (guint i = 0; i < look->known->len; i++)
            {
              if (same_server (g_ptr_array_index (look->known, i), l->data, command, url))
                {
                  g_strv_builder_add (shared, l->data);
                  break;
                }
            }
        }
    }

  state->shared = g_strv_builder_end (shared);
}

static Look *
look_new (TetherClients *self,
          TetherClient  *client)
{
  Look *look = g_new0 (Look, 1);

  look->table = client != NULL ? _tether_client_get_table (client) : NULL;
  look->home_dir = g_strdup (tether_config_import_get_home_dir (self->import));
  look->config_dir = g_strdup (tether_config_import_get_config_dir (self->import));
  look->known = dup_known (self);

  return look;
}

static void
look_free (Look *look)
{
  g_free (look->home_dir);
  g_free (look->config_dir);
  g_ptr_array_unref (look->known);
  g_free (look);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Look, look_free)

/* The clients' entries of the table, in the model's order. */
static GPtrArray *
dup_tables (GListModel *model)
{
  GPtrArray *tables = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TetherClient) client = g_list_model_get_item (model, i);

      g_ptr_array_add (tables, (gpointer)_tether_client_get_table (client));
    }

  return tables;
}

/* The state of each client of @tables, in its order. */
static GArray *
read_states (Look      *look,
             GPtrArray *tables)
{
  GArray *states = g_array_new (FALSE, TRUE, sizeof (TetherClientState));

  g_array_set_clear_func (states, (GDestroyNotify)_tether_client_state_clear);
  for (guint i = 0; i < tables->len; i++)
    {
      TetherClientState state = { 0 };

      look->table = g_ptr_array_index (tables, i);
      read_state (look, &state);
      g_array_append_val (states, state);
    }

  return states;
}

static void
set_states (TetherClients *self,
            GArray        *states)
{
  for (guint i = 0; i < states->len; i++)
    {
      g_autoptr(TetherClient) client = g_list_model_get_item (G_LIST_MODEL (self->model), i);

      _tether_client_set_state (client, &g_array_index (states, TetherClientState, i));
    }
}

/**
 * tether_clients_refresh:
 *
 * Reads every client's file again, in this thread.
 */
void
tether_clients_refresh (TetherClients *self)
{
  g_autoptr(Look) look = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GArray) states = NULL;

  g_return_if_fail (TETHER_IS_CLIENTS (self));

  look = look_new (self, NULL);
  tables = dup_tables (G_LIST_MODEL (self->model));
  states = read_states (look, tables);
  set_states (self, states);
}

typedef struct
{
  Look      *look;
  GPtrArray *tables;     /* the clients' entries of the table */
} RefreshData;

static void
refresh_data_free (RefreshData *data)
{
  look_free (data->look);
  g_ptr_array_unref (data->tables);
  g_free (data);
}

static void
refresh_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  RefreshData *data = task_data;

  g_task_return_pointer (task, read_states (data->look, data->tables),
                         (GDestroyNotify)g_array_unref);
}

/**
 * tether_clients_refresh_async:
 *
 * Reads every client's file again, in a thread; the clients' properties
 * change when it is done.
 */
void
tether_clients_refresh_async (TetherClients       *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  RefreshData *data;

  g_return_if_fail (TETHER_IS_CLIENTS (self));

  data = g_new0 (RefreshData, 1);
  data->look = look_new (self, NULL);
  data->tables = dup_tables (G_LIST_MODEL (self->model));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_clients_refresh_async);
  g_task_set_name (task, "[tether] read clients' files");
  g_task_set_task_data (task, data, (GDestroyNotify)refresh_data_free);
  g_task_run_in_thread (task, refresh_thread);
}

gboolean
tether_clients_refresh_finish (TetherClients  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  g_autoptr(GArray) states = NULL;

  g_return_val_if_fail (TETHER_IS_CLIENTS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  states = g_task_propagate_pointer (G_TASK (result), error);
  if (states == NULL)
    return FALSE;
  set_states (self, states);

  return TRUE;
}

/* What a change needs, copied for a thread. */
typedef struct
{
  Look                 *look;
  char                 *path;
  TetherClientAction    action;
  gboolean              write;
  char                 *url;
  char                 *token;
  char                **bridge;
  gboolean              stdio;
  char                **shared;
  TetherClient         *client;
  TetherClientState     state;    /* read after the change */
} RunData;

static void
run_data_free (RunData *data)
{
  look_free (data->look);
  g_free (data->path);
  g_free (data->url);
  g_free (data->token);
  g_strfreev (data->bridge);
  g_strfreev (data->shared);
  g_clear_object (&data->client);
  _tether_client_state_clear (&data->state);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RunData, run_data_free)

static RunData *
run_data_new (TetherClients      *self,
              TetherClient       *client,
              TetherClientAction  action,
              gboolean            stdio,
              gboolean            write)
{
  RunData *data = g_new0 (RunData, 1);
  gboolean found;

  data->look = look_new (self, client);
  data->path = choose_path (data->look, &found);
  data->action = action;
  data->write = write;
  data->url = g_strdup (self->url);
  data->token = g_strdup (self->token);
  data->bridge = g_strdupv (self->bridge);
  data->stdio = stdio;
  data->shared = g_strdupv ((char **)tether_client_get_shared_servers (client));
  data->client = g_object_ref (client);

  return data;
}

static TetherClientChange *
run (RunData  *data,
     GError  **error)
{
  TetherClientEndpoint endpoint = {
    data->url, data->token, (const char * const *)data->bridge, data->stdio,
  };
  const TetherImportClient *table = data->look->table;
  TetherClientChange *change;

  if (data->action == TETHER_CLIENT_ACTION_CONNECT)
    {
      gboolean http = table->writing->url_key != NULL && !data->stdio;

      if ((http && (data->url == NULL || data->token == NULL)) ||
          (!http && (data->bridge == NULL || data->bridge[0] == NULL)))
        {
          g_set_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_NOT_WRITABLE,
                       _("Tether does not know its hub’s address yet; nothing was written to %s"),
                       data->path);
          return NULL;
        }
      if (!http)
        endpoint.url = NULL;
    }

  change = tether_client_file_apply (table, data->path, data->action, &endpoint,
                                     (const char * const *)data->shared, data->write, error);
  if (change != NULL && data->write)
    read_state (data->look, &data->state);

  return change;
}

/**
 * tether_clients_run:
 * @client: one of the model's clients
 * @action: what to do
 * @stdio: connect with the bridge even if the client takes a URL
 * @write: %FALSE for a preview
 *
 * Does (or, @write %FALSE, previews) @action on @client's file in this
 * thread: for tether-cli. The window uses the _async versions.
 *
 * Returns: (transfer full) (nullable): what changes, or changed
 */
TetherClientChange *
tether_clients_run (TetherClients       *self,
                    TetherClient        *client,
                    TetherClientAction   action,
                    gboolean             stdio,
                    gboolean             write,
                    GError             **error)
{
  g_autoptr(RunData) data = NULL;
  TetherClientChange *change;

  g_return_val_if_fail (TETHER_IS_CLIENTS (self), NULL);
  g_return_val_if_fail (TETHER_IS_CLIENT (client), NULL);

  data = run_data_new (self, client, action, stdio, write);
  change = run (data, error);
  if (change != NULL && write)
    _tether_client_set_state (client, &data->state);

  return change;
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  GError *error = NULL;
  TetherClientChange *change = run (task_data, &error);

  if (change == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, change, (GDestroyNotify)tether_client_change_free);
}

static void
run_async (TetherClients       *self,
           TetherClient        *client,
           TetherClientAction   action,
           gboolean             stdio,
           gboolean             write,
           GCancellable        *cancellable,
           GAsyncReadyCallback  callback,
           gpointer             user_data,
           gpointer             tag)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TETHER_IS_CLIENTS (self));
  g_return_if_fail (TETHER_IS_CLIENT (client));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tag);
  g_task_set_name (task,
                   write ? "[tether] change a client's file" : "[tether] preview a client's file");
  g_task_set_task_data (task, run_data_new (self, client, action, stdio, write),
                        (GDestroyNotify)run_data_free);
  g_task_run_in_thread (task, run_thread);
}

static TetherClientChange *
run_finish (TetherClients  *self,
            GAsyncResult   *result,
            gpointer        tag,
            GError        **error)
{
  RunData *data;
  TetherClientChange *change;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tag, NULL);

  data = g_task_get_task_data (G_TASK (result));
  change = g_task_propagate_pointer (G_TASK (result), error);
  if (change != NULL && data->write)
    _tether_client_set_state (data->client, &data->state);

  return change;
}

/**
 * tether_clients_preview_async:
 * @client: one of the model's clients
 * @action: what to preview
 * @stdio: connect with the bridge even if the client takes a URL
 *
 * Works out what @action would change in @client's file, writing nothing.
 */
void
tether_clients_preview_async (TetherClients       *self,
                              TetherClient        *client,
                              TetherClientAction   action,
                              gboolean             stdio,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  run_async (self, client, action, stdio, FALSE, cancellable, callback, user_data,
             tether_clients_preview_async);
}

/**
 * tether_clients_preview_finish:
 *
 * Returns: (transfer full): the change (its diff has the token masked), or
 *   %NULL with @error set: the file cannot be read or parsed, or Tether
 *   cannot edit it safely (the message then gives the entry to paste)
 */
TetherClientChange *
tether_clients_preview_finish (TetherClients  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  return run_finish (self, result, tether_clients_preview_async, error);
}

/**
 * tether_clients_apply_async:
 *
 * Does @action to @client's file (with a backup before its first change),
 * then reads it again: @client's properties follow.
 */
void
tether_clients_apply_async (TetherClients       *self,
                            TetherClient        *client,
                            TetherClientAction   action,
                            gboolean             stdio,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  run_async (self, client, action, stdio, TRUE, cancellable, callback, user_data,
             tether_clients_apply_async);
}

/**
 * tether_clients_apply_finish:
 *
 * Returns: (transfer full): what changed, or %NULL with @error set
 */
TetherClientChange *
tether_clients_apply_finish (TetherClients  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  return run_finish (self, result, tether_clients_apply_async, error);
}

/**
 * tether_clients_bridge_command:
 * @cli_path: the absolute path of tether-cli
 * @profile: (nullable): the profile to serve
 *
 * Returns: (transfer full): the command line that starts the stdio bridge:
 *   `tether-cli connect`, or inside the flatpak
 *   `flatpak run --command=tether-cli APP_ID connect`
 */
char **
tether_clients_bridge_command (const char *cli_path,
                               const char *profile)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (tether_flatpak_is_sandboxed ())
    {
      g_autofree char *app_id = tether_flatpak_dup_app_id ();

      g_strv_builder_add_many (builder, "flatpak", "run", "--command=tether-cli",
                               app_id != NULL ? app_id : APP_ID, NULL);
    }
  else
    g_strv_builder_add (builder, cli_path);

  g_strv_builder_add (builder, "connect");
  if (profile != NULL)
    g_strv_builder_add_many (builder, "--profile", profile, NULL);

  return g_strv_builder_end (builder);
}
