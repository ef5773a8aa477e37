/* tether-server-manager.c — the connection manager
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListModel of TetherServer in config order, kept in step with the
 * TetherConfigStore: every change goes to the file first, and the servers
 * follow the file (whether the change came from here or from an editor).
 * Only servers whose entries changed are restarted.
 *
 * What the servers ask goes to the router: hub clients first (the hub adds
 * itself), then the user's answerer, which answers `roots/list` with each
 * server's configured roots and asks the front end's asker the rest.
 */

#define G_LOG_DOMAIN "tether-server-manager"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-config-error.h"
#include "tether-group-ledger.h"
#include "tether-server-manager.h"
#include "tether-user-answerer.h"

struct _TetherServerManager
{
  GObject              parent_instance;

  TetherConfigStore   *store;
  TetherServerTimings  timings;
  TetherRequestRouter *router;   /* answers what every server asks */
  TetherUserAnswerer  *answerer; /* the user's answers, last on the router */
  GPtrArray           *servers;
  /* Servers taken out of the config, until their processes are gone */
  GPtrArray           *stopping;
  guint                started : 1;
  guint                shutting_down : 1;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherServerManager, tether_server_manager, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_STORE,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

struct _TetherRemoval
{
  gatomicrefcount  ref_count;
  char            *name;
  guint            position;
  JsonNode        *entry;
};

TetherRemoval *
tether_removal_ref (TetherRemoval *removal)
{
  g_atomic_ref_count_inc (&removal->ref_count);

  return removal;
}

void
tether_removal_unref (TetherRemoval *removal)
{
  if (g_atomic_ref_count_dec (&removal->ref_count))
    {
      g_free (removal->name);
      json_node_unref (removal->entry);
      g_free (removal);
    }
}

G_DEFINE_BOXED_TYPE (TetherRemoval, tether_removal, tether_removal_ref, tether_removal_unref)

const char *
tether_removal_get_name (TetherRemoval *removal)
{
  g_return_val_if_fail (removal != NULL, NULL);

  return removal->name;
}

/* GListModel */

static GType
tether_server_manager_get_item_type (GListModel *model)
{
  return TETHER_TYPE_SERVER;
}

static guint
tether_server_manager_get_n_items (GListModel *model)
{
  return TETHER_SERVER_MANAGER (model)->servers->len;
}

static gpointer
tether_server_manager_get_item (GListModel *model,
                                guint       position)
{
  TetherServerManager *self = TETHER_SERVER_MANAGER (model);

  if (position >= self->servers->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->servers, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = tether_server_manager_get_item_type;
  iface->get_n_items = tether_server_manager_get_n_items;
  iface->get_item = tether_server_manager_get_item;
}

static void
items_changed (TetherServerManager *self,
               guint                position,
               guint                removed,
               guint                added)
{
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/* Following the store */

static void
stopped_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TetherServerManager) self = user_data;

  tether_server_stop_finish (TETHER_SERVER (object), result, NULL);
  g_ptr_array_remove (self->stopping, object);
}

static void
retire (TetherServerManager *self,
        TetherServer        *server)
{
  g_ptr_array_add (self->stopping, g_object_ref (server));
  tether_server_stop_async (server, FALSE, NULL, stopped_cb, g_object_ref (self));
}

static gint
find_server (TetherServerManager *self,
             const char          *name)
{
  for (guint i = 0; i < self->servers->len; i++)
    if (g_strcmp0 (tether_server_get_name (g_ptr_array_index (self->servers, i)), name) == 0)
      return (gint)i;

  return -1;
}

/* The roots of @config are what roots/list answers for its server; a
 * connected server is told when they change. */
static void
sync_roots (TetherServerManager *self,
            TetherServer        *server,
            TetherServerConfig  *config)
{
  g_auto(GStrv) roots = tether_server_config_dup_root_paths (config);

  if (tether_user_answerer_set_roots (self->answerer, tether_server_config_get_name (config),
                                      (const char * const *)roots))
    tether_server_roots_changed (server);
}

static void
sync_with_store (TetherServerManager *self)
{
  guint n = tether_config_store_get_n_servers (self->store);
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);

  if (self->shutting_down)
    return;

  for (guint i = 0; i < n; i++)
    g_hash_table_add (wanted, (gpointer)tether_server_config_get_name (tether_config_store_get_server (self->store, i)));

  /* Servers no longer in the file stop. */
  for (guint i = self->servers->len; i > 0; i--)
    {
      TetherServer *server = g_ptr_array_index (self->servers, i - 1);

      if (!g_hash_table_contains (wanted, tether_server_get_name (server)))
        {
          g_autoptr(TetherServer) removed = g_object_ref (server);

          g_ptr_array_remove_index (self->servers, i - 1);
          items_changed (self, i - 1, 1, 0);
          tether_user_answerer_set_roots (self->answerer, tether_server_get_name (removed), NULL);
          retire (self, removed);
        }
    }

  /* The others follow the file's order and entries. */
  for (guint i = 0; i < n; i++)
    {
      TetherServerConfig *config = tether_config_store_get_server (self->store, i);
      gint found = find_server (self, tether_server_config_get_name (config));

      if (found == (gint)i)
        {
          tether_server_set_config (g_ptr_array_index (self->servers, i), config);
          sync_roots (self, g_ptr_array_index (self->servers, i), config);
        }
      else if (found >= 0)
        {
          g_autoptr(TetherServer) moved = g_object_ref (g_ptr_array_index (self->servers, found));

          g_ptr_array_remove_index (self->servers, found);
          items_changed (self, found, 1, 0);
          g_ptr_array_insert (self->servers, i, g_object_ref (moved));
          items_changed (self, i, 0, 1);
          tether_server_set_config (moved, config);
          sync_roots (self, moved, config);
        }
      else
        {
          g_autoptr(TetherServer) server = tether_server_new (config, &self->timings);

          tether_server_set_config_file (server, tether_config_store_get_file (self->store));
          tether_server_set_router (server, self->router);
          sync_roots (self, server, config);
          g_ptr_array_insert (self->servers, i, g_object_ref (server));
          items_changed (self, i, 0, 1);
          if (self->started)
            tether_server_start (server);
        }
    }
}

/* GObject */

static void
tether_server_manager_dispose (GObject *object)
{
  TetherServerManager *self = (TetherServerManager *)object;

  g_clear_object (&self->store);

  G_OBJECT_CLASS (tether_server_manager_parent_class)->dispose (object);
}

static void
tether_server_manager_finalize (GObject *object)
{
  TetherServerManager *self = (TetherServerManager *)object;

  g_clear_pointer (&self->servers, g_ptr_array_unref);
  g_clear_pointer (&self->stopping, g_ptr_array_unref);
  g_clear_object (&self->router);
  g_clear_object (&self->answerer);

  G_OBJECT_CLASS (tether_server_manager_parent_class)->finalize (object);
}

static void
tether_server_manager_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TetherServerManager *self = TETHER_SERVER_MANAGER (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->servers->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_manager_class_init (TetherServerManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_server_manager_dispose;
  object_class->finalize = tether_server_manager_finalize;
  object_class->get_property = tether_server_manager_get_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TETHER_TYPE_CONFIG_STORE,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_server_manager_init (TetherServerManager *self)
{
  self->servers = g_ptr_array_new_with_free_func (g_object_unref);
  self->stopping = g_ptr_array_new_with_free_func (g_object_unref);
  self->router = tether_request_router_new ();
  self->answerer = tether_user_answerer_new (NULL);
  tether_request_router_set_last (self->router, TETHER_ANSWERER (self->answerer));
  tether_server_timings_init_defaults (&self->timings);
}

/**
 * tether_server_manager_new:
 * @store: the configuration (loaded or not)
 * @timings: (nullable): the durations of the connection rules for every
 *   server, before each server's own settings; %NULL for the defaults
 *
 * Returns: (transfer full): a manager following @store
 */
TetherServerManager *
tether_server_manager_new (TetherConfigStore         *store,
                           const TetherServerTimings *timings)
{
  TetherServerManager *self;

  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (store), NULL);

  self = g_object_new (TETHER_TYPE_SERVER_MANAGER, NULL);
  if (timings != NULL)
    self->timings = *timings;
  self->store = g_object_ref (store);
  g_signal_connect_object (self->store, "changed",
                           G_CALLBACK (sync_with_store), self, G_CONNECT_SWAPPED);
  sync_with_store (self);

  return self;
}

/**
 * tether_server_manager_get_answerer:
 * @self: a #TetherServerManager
 *
 * The user's answers to what the servers ask: the configured roots, and
 * the front end's asker (tether_user_answerer_set_asker()) for elicitation
 * and sampling. Without an asker these are declined.
 *
 * Returns: (transfer none): the answerer, last on the router
 */
TetherUserAnswerer *
tether_server_manager_get_answerer (TetherServerManager *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);

  return self->answerer;
}

/**
 * tether_server_manager_get_router:
 * @self: a #TetherServerManager
 *
 * Returns: (transfer none): where what the servers ask their client goes;
 *   add answerers to it
 */
TetherRequestRouter *
tether_server_manager_get_router (TetherServerManager *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);

  return self->router;
}

TetherConfigStore *
tether_server_manager_get_store (TetherServerManager *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);

  return self->store;
}

const TetherServerTimings *
tether_server_manager_get_timings (TetherServerManager *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);

  return &self->timings;
}

/**
 * tether_server_manager_lookup:
 * @self: a #TetherServerManager
 * @name: a server name
 * @position: (out) (optional): its position in the model
 *
 * Returns: (transfer none) (nullable): the server called @name
 */
TetherServer *
tether_server_manager_lookup (TetherServerManager *self,
                              const char          *name,
                              guint               *position)
{
  gint found;

  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  found = find_server (self, name);
  if (found < 0)
    return NULL;

  if (position != NULL)
    *position = found;

  return g_ptr_array_index (self->servers, found);
}

/**
 * tether_server_manager_start:
 * @self: a #TetherServerManager
 *
 * Starts every enabled server; servers added later start by themselves.
 * First it stops what servers started by a Tether that was killed or
 * crashed left running (see tether_group_ledger_sweep()).
 */
void
tether_server_manager_start (TetherServerManager *self)
{
  g_return_if_fail (TETHER_IS_SERVER_MANAGER (self));

  tether_group_ledger_sweep ();

  self->started = TRUE;
  for (guint i = 0; i < self->servers->len; i++)
    tether_server_start (g_ptr_array_index (self->servers, i));
}

/**
 * tether_server_manager_add:
 * @self: a #TetherServerManager
 * @config: a new server
 * @error: where to put an error
 *
 * Saves @config in the configuration file; the server connects if enabled.
 *
 * Returns: %TRUE if it was added
 */
gboolean
tether_server_manager_add (TetherServerManager  *self,
                           TetherServerConfig   *config,
                           GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);

  return tether_config_store_add (self->store, config, error);
}

/**
 * tether_server_manager_update:
 * @self: a #TetherServerManager
 * @name: the server to change
 * @config: its new configuration, possibly under a new name
 * @error: where to put an error
 *
 * Saves the change; the server restarts if its entry changed.
 *
 * Returns: %TRUE if it was saved
 */
gboolean
tether_server_manager_update (TetherServerManager  *self,
                              const char           *name,
                              TetherServerConfig   *config,
                              GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);

  return tether_config_store_replace (self->store, name, config, error);
}

/**
 * tether_server_manager_merge:
 * @self: a #TetherServerManager
 * @configs: (element-type TetherServerConfig): servers to put in
 * @error: where to put an error
 *
 * Adds the servers, or replaces those of the same name, with one save (see
 * tether_config_store_merge()); each enabled one connects from there.
 *
 * Returns: %TRUE if they were all saved
 */
gboolean
tether_server_manager_merge (TetherServerManager  *self,
                             GPtrArray            *configs,
                             GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);

  return tether_config_store_merge (self->store, configs, error);
}

/**
 * tether_server_manager_remove:
 * @self: a #TetherServerManager
 * @name: a server
 * @error: where to put an error
 *
 * Removes the server from the configuration file and stops it.
 *
 * Returns: (transfer full) (nullable): what to give
 *   tether_server_manager_undo_remove() to put it back, or %NULL on error
 */
TetherRemoval *
tether_server_manager_remove (TetherServerManager  *self,
                              const char           *name,
                              GError              **error)
{
  g_autoptr(JsonNode) entry = NULL;
  TetherRemoval *removal;
  guint position = 0;

  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!tether_config_store_remove (self->store, name, &position, &entry, error))
    return NULL;

  removal = g_new0 (TetherRemoval, 1);
  g_atomic_ref_count_init (&removal->ref_count);
  removal->name = g_strdup (name);
  removal->position = position;
  removal->entry = g_steal_pointer (&entry);

  return removal;
}

/**
 * tether_server_manager_undo_remove:
 * @self: a #TetherServerManager
 * @removal: what tether_server_manager_remove() returned
 * @error: where to put an error
 *
 * Puts the entry back where it was, exactly as it was.
 *
 * Returns: %TRUE if it is back
 */
gboolean
tether_server_manager_undo_remove (TetherServerManager  *self,
                                   TetherRemoval        *removal,
                                   GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);
  g_return_val_if_fail (removal != NULL, FALSE);

  return tether_config_store_insert_entry (self->store, removal->position, removal->name,
                                           removal->entry, error);
}

/**
 * tether_server_manager_set_enabled:
 * @self: a #TetherServerManager
 * @name: a server
 * @enabled: whether it should run
 * @error: where to put an error
 *
 * Saves the switch in the configuration file; the server starts or stops.
 *
 * Returns: %TRUE if it was saved
 */
gboolean
tether_server_manager_set_enabled (TetherServerManager  *self,
                                   const char           *name,
                                   gboolean              enabled,
                                   GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);

  return tether_config_store_set_enabled (self->store, name, enabled, error);
}

/**
 * tether_server_manager_reconnect:
 * @self: a #TetherServerManager
 * @name: a server
 *
 * Restarts the server's session at once (the connection rules in
 * src/README.md, rule 6).
 */
void
tether_server_manager_reconnect (TetherServerManager *self,
                                 const char          *name)
{
  TetherServer *server;

  g_return_if_fail (TETHER_IS_SERVER_MANAGER (self));

  server = tether_server_manager_lookup (self, name, NULL);
  if (server != NULL)
    tether_server_reconnect (server);
}

/* Shutdown */

typedef struct
{
  guint pending;
  guint timeout_id;
} Shutdown;

static void
shutdown_free (Shutdown *shutdown)
{
  g_clear_handle_id (&shutdown->timeout_id, g_source_remove);
  g_free (shutdown);
}

static void
shutdown_server_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Shutdown *shutdown = g_task_get_task_data (task);

  tether_server_stop_finish (TETHER_SERVER (object), result, NULL);

  if (--shutdown->pending == 0 && !g_task_get_completed (task))
    g_task_return_boolean (task, TRUE);
}

static gboolean
shutdown_timeout_cb (gpointer user_data)
{
  GTask *task = user_data;
  Shutdown *shutdown = g_task_get_task_data (task);

  shutdown->timeout_id = 0;
  if (!g_task_get_completed (task))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                             g_dngettext (GETTEXT_PACKAGE, "%u server did not stop in time",
                                          "%u servers did not stop in time", shutdown->pending),
                             shutdown->pending);

  return G_SOURCE_REMOVE;
}

/**
 * tether_server_manager_shutdown_async:
 * @self: a #TetherServerManager
 * @timeout_ms: the bound; 0 for %TETHER_SERVER_MANAGER_SHUTDOWN_TIMEOUT_MS
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when every server's processes are gone, or at the bound
 * @user_data: data for @callback
 *
 * Stops every server in parallel (the connection rules in src/README.md,
 * rule 7). Nothing starts again afterwards, whatever the configuration
 * file does.
 */
void
tether_server_manager_shutdown_async (TetherServerManager *self,
                                      guint                timeout_ms,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) all = NULL;
  Shutdown *shutdown;

  g_return_if_fail (TETHER_IS_SERVER_MANAGER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_server_manager_shutdown_async);

  self->shutting_down = TRUE;
  tether_config_store_set_watching (self->store, FALSE);

  all = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->servers->len; i++)
    g_ptr_array_add (all, g_object_ref (g_ptr_array_index (self->servers, i)));
  for (guint i = 0; i < self->stopping->len; i++)
    g_ptr_array_add (all, g_object_ref (g_ptr_array_index (self->stopping, i)));

  shutdown = g_new0 (Shutdown, 1);
  shutdown->pending = all->len + 1;
  g_task_set_task_data (task, shutdown, (GDestroyNotify)shutdown_free);
  shutdown->timeout_id = g_timeout_add (timeout_ms > 0 ? timeout_ms : TETHER_SERVER_MANAGER_SHUTDOWN_TIMEOUT_MS,
                                        shutdown_timeout_cb, task);

  for (guint i = 0; i < all->len; i++)
    {
      TetherServer *server = g_ptr_array_index (all, i);
      gboolean disabled = tether_server_get_state (server) == TETHER_SERVER_STATE_DISABLED;

      tether_server_stop_async (server, disabled, NULL, shutdown_server_cb, g_object_ref (task));
    }

  /* The extra count keeps an empty manager from completing twice. */
  if (--shutdown->pending == 0)
    g_task_return_boolean (task, TRUE);
}

gboolean
tether_server_manager_shutdown_finish (TetherServerManager  *self,
                                       GAsyncResult         *result,
                                       GError              **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
