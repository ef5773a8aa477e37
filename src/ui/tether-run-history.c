/* tether-run-history.c — the last runs of each tool, for the session
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per server and tool, the last TETHER_RUN_HISTORY_MAX_RUNS runs, newest
 * first. Kept in memory only: arguments and results may hold secrets, and
 * nothing but the configuration is written to disk.
 */

#define G_LOG_DOMAIN "tether-run-history"

#include "config.h"

#include "tether-run-history.h"

struct _TetherRunHistory
{
  GObject     parent_instance;

  GHashTable *runs;   /* "server\ntool" → GListStore of TetherRunRecord */
};

G_DEFINE_FINAL_TYPE (TetherRunHistory, tether_run_history, G_TYPE_OBJECT)

static void
tether_run_history_finalize (GObject *object)
{
  TetherRunHistory *self = (TetherRunHistory *)object;

  g_clear_pointer (&self->runs, g_hash_table_unref);

  G_OBJECT_CLASS (tether_run_history_parent_class)->finalize (object);
}

static void
tether_run_history_class_init (TetherRunHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_run_history_finalize;
}

static void
tether_run_history_init (TetherRunHistory *self)
{
  self->runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

TetherRunHistory *
tether_run_history_new (void)
{
  return g_object_new (TETHER_TYPE_RUN_HISTORY, NULL);
}

/**
 * tether_run_history_get_runs:
 * @self: a #TetherRunHistory
 * @server_name: the server
 * @tool: the tool
 *
 * Returns: (transfer none): the runs of @tool on @server_name, newest
 *   first, a #GListModel of #TetherRunRecord that grows as runs are added
 */
GListModel *
tether_run_history_get_runs (TetherRunHistory *self,
                             const char       *server_name,
                             const char       *tool)
{
  g_autofree char *key = NULL;
  GListStore *store;

  g_return_val_if_fail (TETHER_IS_RUN_HISTORY (self), NULL);
  g_return_val_if_fail (server_name != NULL, NULL);
  g_return_val_if_fail (tool != NULL, NULL);

  key = g_strconcat (server_name, "\n", tool, NULL);
  store = g_hash_table_lookup (self->runs, key);
  if (store == NULL)
    {
      store = g_list_store_new (TETHER_TYPE_RUN_RECORD);
      g_hash_table_insert (self->runs, g_steal_pointer (&key), store);
    }

  return G_LIST_MODEL (store);
}

void
tether_run_history_add (TetherRunHistory *self,
                        const char       *server_name,
                        TetherRunRecord  *record)
{
  GListStore *store;
  guint n;

  g_return_if_fail (TETHER_IS_RUN_HISTORY (self));
  g_return_if_fail (TETHER_IS_RUN_RECORD (record));

  store = G_LIST_STORE (tether_run_history_get_runs (self, server_name, tether_run_record_get_tool (record)));
  g_list_store_insert (store, 0, record);
  n = g_list_model_get_n_items (G_LIST_MODEL (store));
  if (n > TETHER_RUN_HISTORY_MAX_RUNS)
    g_list_store_splice (store, TETHER_RUN_HISTORY_MAX_RUNS, n - TETHER_RUN_HISTORY_MAX_RUNS, NULL, 0);
}
