/* tether-import-item.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-import-item"

#include "config.h"

#include <string.h>

#include "tether-config-import-private.h"

/**
 * TetherImportItem:
 *
 * One server entry found in an imported file: the normalised
 * #TetherServerConfig (with unresolved placeholders left in its text), the
 * key it came from, what the importer noticed about it, and why it was
 * skipped, if it was.
 *
 * Warnings are things the user should know before confirming (a key Tether
 * ignores, a Windows path, a variable without a value, a server the source
 * had disabled); notes say what the importer did on its own (“GITHUB_TOKEN
 * taken from the environment”). Neither ever contains a secret value.
 */
struct _TetherImportItem
{
  GObject             parent_instance;

  TetherServerConfig *config;
  char               *source_key;
  char               *skip_reason;
  GPtrArray          *warnings;
  GPtrArray          *notes;
  GListStore         *variables;
};

G_DEFINE_FINAL_TYPE (TetherImportItem, tether_import_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_CONFIG,
  PROP_SOURCE_KEY,
  PROP_SKIP_REASON,
  PROP_SKIPPED,
  PROP_WARNINGS,
  PROP_NOTES,
  PROP_VARIABLES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

TetherImportItem *
_tether_import_item_new (TetherServerConfig *config,
                         const char         *source_key)
{
  TetherImportItem *self = g_object_new (TETHER_TYPE_IMPORT_ITEM, NULL);

  self->config = g_object_ref (config);
  self->source_key = g_strdup (source_key);

  return self;
}

static void
add_unique (GPtrArray  *array,
            const char *text)
{
  for (guint i = 0; i + 1 < array->len; i++)
    {
      if (g_str_equal (g_ptr_array_index (array, i), text))
        return;
    }

  /* Keep the array NULL-terminated. */
  g_ptr_array_insert (array, array->len - 1, g_strdup (text));
}

void
_tether_import_item_add_warning (TetherImportItem *self,
                                 const char       *warning)
{
  add_unique (self->warnings, warning);
}

void
_tether_import_item_add_note (TetherImportItem *self,
                              const char       *note)
{
  add_unique (self->notes, note);
}

void
_tether_import_item_add_variable (TetherImportItem     *self,
                                  TetherImportVariable *variable)
{
  guint position;

  if (!g_list_store_find (self->variables, variable, &position))
    g_list_store_append (self->variables, variable);
}

void
_tether_import_item_set_skip_reason (TetherImportItem *self,
                                     const char       *reason)
{
  g_free (self->skip_reason);
  self->skip_reason = g_strdup (reason);
}

static void
tether_import_item_dispose (GObject *object)
{
  TetherImportItem *self = (TetherImportItem *)object;

  g_clear_object (&self->config);
  g_clear_object (&self->variables);

  G_OBJECT_CLASS (tether_import_item_parent_class)->dispose (object);
}

static void
tether_import_item_finalize (GObject *object)
{
  TetherImportItem *self = (TetherImportItem *)object;

  g_clear_pointer (&self->source_key, g_free);
  g_clear_pointer (&self->skip_reason, g_free);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_import_item_parent_class)->finalize (object);
}

static void
tether_import_item_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherImportItem *self = TETHER_IMPORT_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, tether_import_item_get_name (self));
      break;

    case PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;

    case PROP_SOURCE_KEY:
      g_value_set_string (value, self->source_key);
      break;

    case PROP_SKIP_REASON:
      g_value_set_string (value, self->skip_reason);
      break;

    case PROP_SKIPPED:
      g_value_set_boolean (value, self->skip_reason != NULL);
      break;

    case PROP_WARNINGS:
      g_value_set_boxed (value, self->warnings->pdata);
      break;

    case PROP_NOTES:
      g_value_set_boxed (value, self->notes->pdata);
      break;

    case PROP_VARIABLES:
      g_value_set_object (value, self->variables);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_item_class_init (TetherImportItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_import_item_dispose;
  object_class->finalize = tether_import_item_finalize;
  object_class->get_property = tether_import_item_get_property;

  /**
   * TetherImportItem:name:
   *
   * The server's name (the config's).
   */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);

  /**
   * TetherImportItem:config:
   *
   * The normalised configuration, placeholders unresolved.
   */
  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL, TETHER_TYPE_SERVER_CONFIG, ro);

  /**
   * TetherImportItem:source-key:
   *
   * Where the entry sits in the source, keys joined by dots:
   * `mcpServers.memory`, `mcp.servers.github`, `mcp_servers.fs`.
   */
  properties[PROP_SOURCE_KEY] = g_param_spec_string ("source-key", NULL, NULL, NULL, ro);

  /**
   * TetherImportItem:skip-reason:
   *
   * Why the entry is not imported, or %NULL when it is.
   */
  properties[PROP_SKIP_REASON] = g_param_spec_string ("skip-reason", NULL, NULL, NULL, ro);

  /**
   * TetherImportItem:skipped:
   *
   * Whether the entry is not imported.
   */
  properties[PROP_SKIPPED] = g_param_spec_boolean ("skipped", NULL, NULL, FALSE, ro);

  /**
   * TetherImportItem:warnings:
   *
   * What the user should know before confirming.
   */
  properties[PROP_WARNINGS] = g_param_spec_boxed ("warnings", NULL, NULL, G_TYPE_STRV, ro);

  /**
   * TetherImportItem:notes:
   *
   * What the importer did by itself (variables it resolved).
   */
  properties[PROP_NOTES] = g_param_spec_boxed ("notes", NULL, NULL, G_TYPE_STRV, ro);

  /**
   * TetherImportItem:variables:
   *
   * A #GListModel of the #TetherImportVariable this entry needs values for.
   */
  properties[PROP_VARIABLES] =
    g_param_spec_object ("variables", NULL, NULL, G_TYPE_LIST_MODEL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_import_item_init (TetherImportItem *self)
{
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->warnings, NULL);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->notes, NULL);
  self->variables = g_list_store_new (TETHER_TYPE_IMPORT_VARIABLE);
}

/**
 * tether_import_item_get_name:
 * @self: a #TetherImportItem
 *
 * Returns: the server's name
 */
const char *
tether_import_item_get_name (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return tether_server_config_get_name (self->config);
}

/**
 * tether_import_item_get_config:
 * @self: a #TetherImportItem
 *
 * The normalised configuration. Placeholders without a value stay in its
 * text (`${input:key}`); see tether_import_item_dup_resolved_config().
 * For a skipped entry it holds what could be read.
 *
 * Returns: (transfer none): the configuration
 */
TetherServerConfig *
tether_import_item_get_config (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return self->config;
}

/**
 * tether_import_item_get_source_key:
 * @self: a #TetherImportItem
 *
 * Returns: where the entry sits in the source, e.g. `mcpServers.memory`
 */
const char *
tether_import_item_get_source_key (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return self->source_key;
}

/**
 * tether_import_item_get_skip_reason:
 * @self: a #TetherImportItem
 *
 * Returns: (nullable): why the entry is skipped, or %NULL
 */
const char *
tether_import_item_get_skip_reason (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return self->skip_reason;
}

/**
 * tether_import_item_get_skipped:
 * @self: a #TetherImportItem
 *
 * Returns: whether the entry is skipped
 */
gboolean
tether_import_item_get_skipped (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), FALSE);

  return self->skip_reason != NULL;
}

/**
 * tether_import_item_get_warnings:
 * @self: a #TetherImportItem
 *
 * Returns: (transfer none): the warnings, %NULL-terminated
 */
const char * const *
tether_import_item_get_warnings (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return (const char * const *)self->warnings->pdata;
}

/**
 * tether_import_item_get_notes:
 * @self: a #TetherImportItem
 *
 * Returns: (transfer none): the notes, %NULL-terminated
 */
const char * const *
tether_import_item_get_notes (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return (const char * const *)self->notes->pdata;
}

/**
 * tether_import_item_get_variables:
 * @self: a #TetherImportItem
 *
 * Returns: (transfer none): a #GListModel of #TetherImportVariable
 */
GListModel *
tether_import_item_get_variables (TetherImportItem *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  return G_LIST_MODEL (self->variables);
}

/**
 * tether_import_item_get_n_unresolved:
 * @self: a #TetherImportItem
 *
 * Returns: how many of its variables still have no value
 */
guint
tether_import_item_get_n_unresolved (TetherImportItem *self)
{
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), 0);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->variables)); i++)
    {
      g_autoptr(TetherImportVariable) variable =
        g_list_model_get_item (G_LIST_MODEL (self->variables), i);

      if (tether_import_variable_get_value (variable) == NULL)
        n++;
    }

  return n;
}

static char *
substitute (const char *text,
            GListModel *variables)
{
  GString *out;

  if (text == NULL)
    return NULL;

  out = g_string_new (text);
  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);
      const char *value = tether_import_variable_get_value (variable);

      if (value != NULL)
        g_string_replace (out, tether_import_variable_get_placeholder (variable), value, 0);
    }

  return g_string_free (out, FALSE);
}

static void
substitute_strv (char       **strv,
                 GListModel  *variables)
{
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      char *done = substitute (strv[i], variables);

      g_free (strv[i]);
      strv[i] = done;
    }
}

/**
 * tether_import_item_dup_resolved_config:
 * @self: a #TetherImportItem
 *
 * A copy of the configuration with every variable that has a value
 * substituted in the command, the arguments, the env values, the working
 * directory, the URL and the header values. Variables without a value stay
 * as placeholders: check tether_import_item_get_n_unresolved() first.
 *
 * Returns: (transfer full): the configuration to add
 */
TetherServerConfig *
tether_import_item_dup_resolved_config (TetherImportItem *self)
{
  GListModel *variables;
  TetherServerConfig *config;
  g_autofree char *command = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *url = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) env = NULL;
  g_auto(GStrv) headers = NULL;

  g_return_val_if_fail (TETHER_IS_IMPORT_ITEM (self), NULL);

  variables = G_LIST_MODEL (self->variables);
  config = tether_server_config_copy (self->config);

  command = substitute (tether_server_config_get_command (config), variables);
  cwd = substitute (tether_server_config_get_cwd (config), variables);
  url = substitute (tether_server_config_get_url (config), variables);
  args = g_strdupv ((char **)tether_server_config_get_args (config));
  env = tether_server_config_dup_env (config);
  headers = tether_server_config_dup_headers (config);
  substitute_strv (args, variables);
  substitute_strv (env, variables);
  substitute_strv (headers, variables);

  tether_server_config_set_command (config, command);
  tether_server_config_set_cwd (config, cwd);
  tether_server_config_set_url (config, url);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_env (config, (const char * const *)env);
  tether_server_config_set_headers (config, (const char * const *)headers);

  return config;
}
