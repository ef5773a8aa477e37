/* tether-config-edit.c — a change to the servers of a configuration
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-edit"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-config-edit.h"
#include "tether-config-error.h"

typedef enum
{
  EDIT_ADD,
  EDIT_REPLACE,
  EDIT_MERGE,
  EDIT_REMOVE,
  EDIT_INSERT,
  EDIT_SET_ENABLED,
} EditKind;

struct _TetherConfigEdit
{
  EditKind   kind;
  char      *name;      /* the server replaced, removed, inserted or switched */
  GPtrArray *configs;   /* TetherServerConfig: added, replacing or merged */
  JsonNode  *entry;     /* inserted, exactly */
  guint      position;  /* where to insert */
  gboolean   enabled;
  gint64     deadline;
};

/* Entries */

/**
 * tether_config_entry_new:
 * @name: the server's name
 * @entry: its entry
 * @config: what @entry says
 *
 * Returns: (transfer full): a new entry holding references to @entry and
 *   @config
 */
TetherConfigEntry *
tether_config_entry_new (const char         *name,
                         JsonNode           *entry,
                         TetherServerConfig *config)
{
  TetherConfigEntry *self = g_new0 (TetherConfigEntry, 1);

  self->name = g_strdup (name);
  self->entry = json_node_ref (entry);
  self->config = g_object_ref (config);

  return self;
}

void
tether_config_entry_free (TetherConfigEntry *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->entry, json_node_unref);
  g_clear_object (&self->config);
  g_free (self);
}

/**
 * tether_config_entries_copy:
 * @entries: (element-type TetherConfigEntry): entries
 *
 * Returns: (transfer full) (element-type TetherConfigEntry): a new array of
 *   the same entries, which an edit may change without touching @entries
 */
GPtrArray *
tether_config_entries_copy (GPtrArray *entries)
{
  GPtrArray *copy = g_ptr_array_new_full (entries->len + 1, (GDestroyNotify)tether_config_entry_free);

  for (guint i = 0; i < entries->len; i++)
    {
      TetherConfigEntry *entry = g_ptr_array_index (entries, i);

      g_ptr_array_add (copy, tether_config_entry_new (entry->name, entry->entry, entry->config));
    }

  return copy;
}

/**
 * tether_config_entries_find:
 * @entries: (element-type TetherConfigEntry): entries
 * @name: a server name
 * @position: (out) (optional): where it is
 *
 * Returns: (transfer none) (nullable): the entry of @name
 */
TetherConfigEntry *
tether_config_entries_find (GPtrArray  *entries,
                            const char *name,
                            guint      *position)
{
  for (guint i = 0; i < entries->len; i++)
    {
      TetherConfigEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->name, name))
        {
          if (position != NULL)
            *position = i;
          return entry;
        }
    }

  return NULL;
}

static TetherConfigEntry *
entry_from_config (TetherServerConfig *config)
{
  g_autoptr(TetherServerConfig) copy = tether_server_config_copy (config);
  g_autoptr(JsonNode) entry = tether_server_config_to_json (copy);

  return tether_config_entry_new (tether_server_config_get_name (copy), entry, copy);
}

static void
put_entry (GPtrArray         *entries,
           guint              position,
           TetherConfigEntry *entry)
{
  tether_config_entry_free (g_ptr_array_index (entries, position));
  g_ptr_array_index (entries, position) = entry;
}

/* A server may take @name if no other has it. */
static gboolean
check_name (GPtrArray   *entries,
            const char  *name,
            const char  *replacing,
            GError     **error)
{
  if (g_strcmp0 (name, replacing) != 0 && tether_config_entries_find (entries, name, NULL) != NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("A server named “%s” already exists"), name);
      return FALSE;
    }

  return TRUE;
}

/* Edits */

static TetherConfigEdit *
edit_new (EditKind            kind,
          const char         *name,
          TetherServerConfig *config)
{
  TetherConfigEdit *self = g_new0 (TetherConfigEdit, 1);

  self->kind = kind;
  self->name = g_strdup (name);
  self->configs = g_ptr_array_new_with_free_func (g_object_unref);
  if (config != NULL)
    g_ptr_array_add (self->configs, tether_server_config_copy (config));

  return self;
}

/**
 * tether_config_edit_new_add:
 * @config: a new server, valid
 *
 * Returns: (transfer full): an edit adding a copy of @config after the
 *   others; its name must be free
 */
TetherConfigEdit *
tether_config_edit_new_add (TetherServerConfig *config)
{
  return edit_new (EDIT_ADD, NULL, config);
}

/**
 * tether_config_edit_new_replace:
 * @name: the server to replace
 * @config: its new configuration, valid, possibly under a new name
 *
 * Returns: (transfer full): an edit putting @config in place of @name
 */
TetherConfigEdit *
tether_config_edit_new_replace (const char         *name,
                                TetherServerConfig *config)
{
  return edit_new (EDIT_REPLACE, name, config);
}

/**
 * tether_config_edit_new_merge:
 * @configs: (element-type TetherServerConfig): valid servers of distinct names
 *
 * Returns: (transfer full): an edit replacing the servers of the same names
 *   in place and adding the others after the rest, in order
 */
TetherConfigEdit *
tether_config_edit_new_merge (GPtrArray *configs)
{
  TetherConfigEdit *self = edit_new (EDIT_MERGE, NULL, NULL);

  for (guint i = 0; i < configs->len; i++)
    g_ptr_array_add (self->configs, tether_server_config_copy (g_ptr_array_index (configs, i)));

  return self;
}

/**
 * tether_config_edit_new_remove:
 * @name: a server
 *
 * Returns: (transfer full): an edit removing @name
 */
TetherConfigEdit *
tether_config_edit_new_remove (const char *name)
{
  return edit_new (EDIT_REMOVE, name, NULL);
}

/**
 * tether_config_edit_new_insert:
 * @position: where to put it; past the end appends
 * @name: the server's name, which must be free
 * @entry: its entry, to be kept exactly
 * @config: what @entry says, valid
 *
 * Returns: (transfer full): an edit putting back an entry, as undoing a
 *   removal does
 */
TetherConfigEdit *
tether_config_edit_new_insert (guint               position,
                               const char         *name,
                               JsonNode           *entry,
                               TetherServerConfig *config)
{
  TetherConfigEdit *self = edit_new (EDIT_INSERT, name, NULL);

  g_ptr_array_add (self->configs, g_object_ref (config));
  self->entry = json_node_ref (entry);
  self->position = position;

  return self;
}

/**
 * tether_config_edit_new_set_enabled:
 * @name: a server
 * @enabled: whether it should run
 *
 * Returns: (transfer full): an edit switching @name on or off, keeping the
 *   rest of its entry as the file has it then
 */
TetherConfigEdit *
tether_config_edit_new_set_enabled (const char *name,
                                    gboolean    enabled)
{
  TetherConfigEdit *self = edit_new (EDIT_SET_ENABLED, name, NULL);

  self->enabled = !!enabled;

  return self;
}

void
tether_config_edit_free (TetherConfigEdit *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->configs, g_ptr_array_unref);
  g_clear_pointer (&self->entry, json_node_unref);
  g_free (self);
}

/**
 * tether_config_edit_get_deadline:
 * @self: a #TetherConfigEdit
 *
 * Returns: until when the edit may wait for the file's lock, in the time of
 *   g_get_monotonic_time(); 0 if not set
 */
gint64
tether_config_edit_get_deadline (TetherConfigEdit *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->deadline;
}

void
tether_config_edit_set_deadline (TetherConfigEdit *self,
                                 gint64            deadline)
{
  g_return_if_fail (self != NULL);

  self->deadline = deadline;
}

/**
 * tether_config_edit_apply:
 * @self: a #TetherConfigEdit
 * @entries: (element-type TetherConfigEntry): the servers, changed in place
 * @changed: (out): %FALSE if the edit found its work done (a server already
 *   switched as asked)
 * @position: (out) (optional): where a removed server was
 * @entry: (out) (optional) (transfer full): a removed server's entry
 * @error: where to put an error
 *
 * Applies @self to @entries: to the servers of the file as it is now.
 *
 * Returns: %TRUE if the edit could be made; else @entries may be half
 *   changed and must be dropped
 */
gboolean
tether_config_edit_apply (TetherConfigEdit  *self,
                          GPtrArray         *entries,
                          gboolean          *changed,
                          guint             *position,
                          JsonNode         **entry,
                          GError           **error)
{
  TetherServerConfig *config = self->configs->len > 0 ? g_ptr_array_index (self->configs, 0) : NULL;
  g_autoptr(TetherServerConfig) switched = NULL;
  TetherConfigEntry *found = NULL;
  guint index = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);
  g_return_val_if_fail (changed != NULL, FALSE);

  *changed = TRUE;

  if (self->name != NULL && self->kind != EDIT_INSERT)
    {
      found = tether_config_entries_find (entries, self->name, &index);
      if (found == NULL)
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("There is no server named “%s”"), self->name);
          return FALSE;
        }
    }

  switch (self->kind)
    {
    case EDIT_ADD:
      if (!check_name (entries, tether_server_config_get_name (config), NULL, error))
        return FALSE;
      g_ptr_array_add (entries, entry_from_config (config));
      break;

    case EDIT_REPLACE:
      if (!check_name (entries, tether_server_config_get_name (config), self->name, error))
        return FALSE;
      put_entry (entries, index, entry_from_config (config));
      break;

    case EDIT_MERGE:
      for (guint i = 0; i < self->configs->len; i++)
        {
          config = g_ptr_array_index (self->configs, i);
          if (tether_config_entries_find (entries, tether_server_config_get_name (config), &index) != NULL)
            put_entry (entries, index, entry_from_config (config));
          else
            g_ptr_array_add (entries, entry_from_config (config));
        }
      break;

    case EDIT_REMOVE:
      if (position != NULL)
        *position = index;
      if (entry != NULL)
        *entry = json_node_ref (found->entry);
      g_ptr_array_remove_index (entries, index);
      break;

    case EDIT_INSERT:
      if (!check_name (entries, self->name, NULL, error))
        return FALSE;
      g_ptr_array_insert (entries, MIN (self->position, entries->len),
                          tether_config_entry_new (self->name, self->entry, config));
      break;

    case EDIT_SET_ENABLED:
      if (tether_server_config_get_enabled (found->config) == self->enabled)
        {
          *changed = FALSE;
          break;
        }
      switched = tether_server_config_copy (found->config);
      tether_server_config_set_enabled (switched, self->enabled);
      if (!tether_server_config_validate (switched, error))
        return FALSE;
      put_entry (entries, index, entry_from_config (switched));
      break;

    default:
      g_assert_not_reached ();
    }

  return TRUE;
}
