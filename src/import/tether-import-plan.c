/* tether-import-plan.c — what importing a file would do
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The decisions between an import result and the configuration, shared by
 * the preview dialog and `tether-cli import`: for each server found, whether
 * it is added, replaces the server of the same name, is added under a new
 * name (NAME-2, NAME-3…), or is left out and why. The plan follows the
 * choices (conflicts, servers left out), the values given to the file's
 * variables and the configuration, and says so with ::changed. Nothing is
 * written here: tether_import_plan_dup_configs() gives the servers to hand
 * to tether_config_store_merge() in one save.
 */

#define G_LOG_DOMAIN "tether-import-plan"

#include "config.h"

#include <string.h>

#include "tether-import-plan.h"
#include "tether-import-variable.h"

typedef struct
{
  TetherImportItem     *item;
  TetherImportConflict  conflict;
  gboolean              included;
  gboolean              name_taken;
  TetherImportAction    action;
  char                 *new_name;
  char                 *reason;
} Entry;

struct _TetherImportPlan
{
  GObject             parent_instance;

  TetherImportResult *result;
  TetherConfigStore  *store;
  GArray             *entries;
};

G_DEFINE_FINAL_TYPE (TetherImportPlan, tether_import_plan, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_clear (Entry *entry)
{
  g_clear_object (&entry->item);
  g_clear_pointer (&entry->new_name, g_free);
  g_clear_pointer (&entry->reason, g_free);
}

static gboolean
taken (TetherImportPlan *self,
       GHashTable       *planned,
       const char       *name)
{
  return g_hash_table_contains (planned, name) ||
         (self->store != NULL && tether_config_store_lookup (self->store, name, NULL) != NULL);
}

static void
plan_entry (TetherImportPlan *self,
            Entry            *entry,
            GHashTable       *planned)
{
  const char *name = tether_import_item_get_name (entry->item);
  g_autoptr(TetherServerConfig) resolved = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&entry->reason, g_free);
  g_free (entry->new_name);
  entry->new_name = g_strdup (name);
  entry->name_taken = taken (self, planned, name);

  if (tether_import_item_get_skipped (entry->item))
    {
      entry->action = TETHER_IMPORT_ACTION_SKIP;
      entry->reason = g_strdup (tether_import_item_get_skip_reason (entry->item));
      return;
    }

  if (!entry->included)
    {
      entry->action = TETHER_IMPORT_ACTION_EXCLUDED;
      return;
    }

  if (tether_import_item_get_n_unresolved (entry->item) > 0)
    {
      entry->action = TETHER_IMPORT_ACTION_UNRESOLVED;
      return;
    }

  resolved = tether_import_item_dup_resolved_config (entry->item);
  if (!tether_server_config_validate (resolved, &error))
    {
      entry->action = TETHER_IMPORT_ACTION_INVALID;
      entry->reason = g_strdup (error->message);
      return;
    }

  if (!entry->name_taken)
    entry->action = TETHER_IMPORT_ACTION_ADD;
  else if (entry->conflict == TETHER_IMPORT_CONFLICT_REPLACE && !g_hash_table_contains (planned, name))
    entry->action = TETHER_IMPORT_ACTION_REPLACE;
  else if (entry->conflict == TETHER_IMPORT_CONFLICT_KEEP_BOTH)
    {
      entry->action = TETHER_IMPORT_ACTION_RENAME;
      for (guint n = 2; taken (self, planned, entry->new_name); n++)
        {
          g_free (entry->new_name);
          entry->new_name = g_strdup_printf ("%s-%u", name, n);
        }
    }
  else
    {
      entry->action = TETHER_IMPORT_ACTION_EXISTS;
      return;
    }

  g_hash_table_add (planned, g_strdup (entry->new_name));
}

static void
update (TetherImportPlan *self)
{
  g_autoptr(GHashTable) planned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < self->entries->len; i++)
    plan_entry (self, &g_array_index (self->entries, Entry, i), planned);

  g_signal_emit (self, signals[CHANGED], 0);
}

static Entry *
get_entry (TetherImportPlan *self,
           guint             position)
{
  g_return_val_if_fail (position < self->entries->len, NULL);

  return &g_array_index (self->entries, Entry, position);
}

static void
tether_import_plan_dispose (GObject *object)
{
  TetherImportPlan *self = (TetherImportPlan *)object;

  g_clear_object (&self->result);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tether_import_plan_parent_class)->dispose (object);
}

static void
tether_import_plan_finalize (GObject *object)
{
  TetherImportPlan *self = (TetherImportPlan *)object;

  g_clear_pointer (&self->entries, g_array_unref);

  G_OBJECT_CLASS (tether_import_plan_parent_class)->finalize (object);
}

static void
tether_import_plan_class_init (TetherImportPlanClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_import_plan_dispose;
  object_class->finalize = tether_import_plan_finalize;

  /**
   * TetherImportPlan::changed:
   *
   * The actions or names may have changed: a choice, a variable's value or
   * the configuration did.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
tether_import_plan_init (TetherImportPlan *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, (GDestroyNotify)entry_clear);
}

/**
 * tether_import_plan_new:
 * @result: what the importer found
 * @store: (nullable): the configuration, for name conflicts; without it
 *   every name counts as free
 *
 * Every usable server is included, and a taken name is skipped, until told
 * otherwise.
 *
 * Returns: (transfer full): a new #TetherImportPlan
 */
TetherImportPlan *
tether_import_plan_new (TetherImportResult *result,
                        TetherConfigStore  *store)
{
  TetherImportPlan *self;
  GListModel *items;
  GListModel *variables;

  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (result), NULL);
  g_return_val_if_fail (store == NULL || TETHER_IS_CONFIG_STORE (store), NULL);

  self = g_object_new (TETHER_TYPE_IMPORT_PLAN, NULL);
  self->result = g_object_ref (result);
  g_set_object (&self->store, store);

  items = tether_import_result_get_items (result);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      Entry entry = { .item = g_list_model_get_item (items, i), .included = TRUE };

      g_array_append_val (self->entries, entry);
    }

  variables = tether_import_result_get_variables (result);
  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

      g_signal_connect_object (variable, "notify::value", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }

  if (store != NULL)
    g_signal_connect_object (store, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);

  update (self);

  return self;
}

/**
 * tether_import_plan_get_result:
 * @self: a #TetherImportPlan
 *
 * Returns: (transfer none): what the importer found
 */
TetherImportResult *
tether_import_plan_get_result (TetherImportPlan *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  return self->result;
}

/**
 * tether_import_plan_get_n_items:
 * @self: a #TetherImportPlan
 *
 * Returns: how many servers the file holds, usable or not
 */
guint
tether_import_plan_get_n_items (TetherImportPlan *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), 0);

  return self->entries->len;
}

/**
 * tether_import_plan_get_item:
 * @self: a #TetherImportPlan
 * @position: which server
 *
 * Returns: (transfer none): the server as the importer found it
 */
TetherImportItem *
tether_import_plan_get_item (TetherImportPlan *self,
                             guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  return get_entry (self, position)->item;
}

TetherImportConflict
tether_import_plan_get_conflict (TetherImportPlan *self,
                                 guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), TETHER_IMPORT_CONFLICT_SKIP);

  return get_entry (self, position)->conflict;
}

/**
 * tether_import_plan_set_conflict:
 * @self: a #TetherImportPlan
 * @position: which server
 * @conflict: what to do if its name is taken
 */
void
tether_import_plan_set_conflict (TetherImportPlan     *self,
                                 guint                 position,
                                 TetherImportConflict  conflict)
{
  g_return_if_fail (TETHER_IS_IMPORT_PLAN (self));

  if (get_entry (self, position)->conflict == conflict)
    return;

  get_entry (self, position)->conflict = conflict;
  update (self);
}

/**
 * tether_import_plan_set_all_conflicts:
 * @self: a #TetherImportPlan
 * @conflict: what to do with every server whose name is taken
 */
void
tether_import_plan_set_all_conflicts (TetherImportPlan     *self,
                                      TetherImportConflict  conflict)
{
  g_return_if_fail (TETHER_IS_IMPORT_PLAN (self));

  for (guint i = 0; i < self->entries->len; i++)
    get_entry (self, i)->conflict = conflict;
  update (self);
}

gboolean
tether_import_plan_get_included (TetherImportPlan *self,
                                 guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), FALSE);

  return get_entry (self, position)->included;
}

/**
 * tether_import_plan_set_included:
 * @self: a #TetherImportPlan
 * @position: which server
 * @included: whether to import it at all
 */
void
tether_import_plan_set_included (TetherImportPlan *self,
                                 guint             position,
                                 gboolean          included)
{
  g_return_if_fail (TETHER_IS_IMPORT_PLAN (self));

  if (get_entry (self, position)->included == !!included)
    return;

  get_entry (self, position)->included = !!included;
  update (self);
}

/**
 * tether_import_plan_get_name_taken:
 * @self: a #TetherImportPlan
 * @position: which server
 *
 * Returns: whether the configuration, or a server imported before it, has
 *   its name already
 */
gboolean
tether_import_plan_get_name_taken (TetherImportPlan *self,
                                   guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), FALSE);

  return get_entry (self, position)->name_taken;
}

TetherImportAction
tether_import_plan_get_action (TetherImportPlan *self,
                               guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), TETHER_IMPORT_ACTION_SKIP);

  return get_entry (self, position)->action;
}

/**
 * tether_import_plan_get_new_name:
 * @self: a #TetherImportPlan
 * @position: which server
 *
 * Returns: the name it gets: its own, or NAME-2… for
 *   %TETHER_IMPORT_ACTION_RENAME
 */
const char *
tether_import_plan_get_new_name (TetherImportPlan *self,
                                 guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  return get_entry (self, position)->new_name;
}

/**
 * tether_import_plan_get_reason:
 * @self: a #TetherImportPlan
 * @position: which server
 *
 * Returns: (nullable): why the importer skipped it, or what is wrong with it
 *   (%TETHER_IMPORT_ACTION_INVALID)
 */
const char *
tether_import_plan_get_reason (TetherImportPlan *self,
                               guint             position)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  return get_entry (self, position)->reason;
}

/**
 * tether_import_plan_dup_warnings:
 * @self: a #TetherImportPlan
 * @position: which server
 *
 * Returns: (transfer full): the server's warnings, less those about a
 *   variable that has a value now, and whether it would send a credential
 *   unencrypted (tether_server_config_dup_cleartext_warning())
 */
char **
tether_import_plan_dup_warnings (TetherImportPlan *self,
                                 guint             position)
{
  TetherImportItem *item;
  const char * const *warnings;
  GListModel *variables;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(TetherServerConfig) resolved = NULL;
  g_autofree char *cleartext = NULL;

  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  item = get_entry (self, position)->item;
  warnings = tether_import_item_get_warnings (item);
  variables = tether_import_item_get_variables (item);

  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    {
      gboolean filled = FALSE;

      for (guint j = 0; j < g_list_model_get_n_items (variables) && !filled; j++)
        {
          g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, j);

          filled = tether_import_variable_get_value (variable) != NULL &&
                   strstr (warnings[i], tether_import_variable_get_placeholder (variable)) != NULL;
        }

      if (!filled)
        g_strv_builder_add (builder, warnings[i]);
    }

  if (!tether_import_item_get_skipped (item))
    {
      resolved = tether_import_item_dup_resolved_config (item);
      cleartext = tether_server_config_dup_cleartext_warning (resolved);
      if (cleartext != NULL)
        g_strv_builder_add (builder, cleartext);
    }

  return g_strv_builder_end (builder);
}

static gboolean
adds (TetherImportAction action)
{
  return action == TETHER_IMPORT_ACTION_ADD ||
         action == TETHER_IMPORT_ACTION_REPLACE ||
         action == TETHER_IMPORT_ACTION_RENAME;
}

/**
 * tether_import_plan_get_n_adding:
 * @self: a #TetherImportPlan
 *
 * Returns: how many servers importing adds or replaces now
 */
guint
tether_import_plan_get_n_adding (TetherImportPlan *self)
{
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), 0);

  for (guint i = 0; i < self->entries->len; i++)
    n += adds (get_entry (self, i)->action);

  return n;
}

/**
 * tether_import_plan_get_n_unresolved:
 * @self: a #TetherImportPlan
 *
 * Returns: how many included servers still wait for a variable's value
 */
guint
tether_import_plan_get_n_unresolved (TetherImportPlan *self)
{
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), 0);

  for (guint i = 0; i < self->entries->len; i++)
    n += get_entry (self, i)->action == TETHER_IMPORT_ACTION_UNRESOLVED;

  return n;
}

/**
 * tether_import_plan_dup_configs:
 * @self: a #TetherImportPlan
 * @disabled: add them all disabled, rather than enabled as the source had
 *   them
 *
 * Returns: (transfer full) (element-type TetherServerConfig): the servers to
 *   add or replace, variables substituted and under their new names
 */
GPtrArray *
tether_import_plan_dup_configs (TetherImportPlan *self,
                                gboolean          disabled)
{
  GPtrArray *configs;

  g_return_val_if_fail (TETHER_IS_IMPORT_PLAN (self), NULL);

  configs = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = get_entry (self, i);
      TetherServerConfig *config;

      if (!adds (entry->action))
        continue;

      config = tether_import_item_dup_resolved_config (entry->item);
      tether_server_config_set_name (config, entry->new_name);
      if (disabled)
        tether_server_config_set_enabled (config, FALSE);
      g_ptr_array_add (configs, config);
    }

  return configs;
}
