/* tether-import-result.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-import-result"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-config-import-private.h"

/**
 * TetherImportResult:
 *
 * What the importer found in one file or text: the format it recognised,
 * every server entry (imported or skipped, in the source's order) as a
 * #GListModel of #TetherImportItem, the distinct variables that need a value
 * across all of them, and warnings about the file as a whole. Nothing has
 * been added anywhere; the source was only read.
 */
struct _TetherImportResult
{
  GObject             parent_instance;

  GFile              *file;
  char               *display_name;
  TetherImportFormat  format;
  GListStore         *items;
  GListStore         *variables;
  GPtrArray          *warnings;
};

G_DEFINE_FINAL_TYPE (TetherImportResult, tether_import_result, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_DISPLAY_NAME,
  PROP_FORMAT,
  PROP_ITEMS,
  PROP_VARIABLES,
  PROP_WARNINGS,
  PROP_N_SERVERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

TetherImportResult *
_tether_import_result_new (GFile              *file,
                           const char         *display_name,
                           TetherImportFormat  format)
{
  TetherImportResult *self = g_object_new (TETHER_TYPE_IMPORT_RESULT, NULL);

  g_set_object (&self->file, file);
  self->display_name = g_strdup (display_name);
  self->format = format;

  return self;
}

void
_tether_import_result_add_item (TetherImportResult *self,
                                TetherImportItem   *item)
{
  g_list_store_append (self->items, item);
}

TetherImportVariable *
_tether_import_result_lookup_variable (TetherImportResult *self,
                                       const char         *placeholder)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->variables)); i++)
    {
      g_autoptr(TetherImportVariable) variable =
        g_list_model_get_item (G_LIST_MODEL (self->variables), i);

      if (g_str_equal (tether_import_variable_get_placeholder (variable), placeholder))
        return variable;
    }

  return NULL;
}

void
_tether_import_result_add_variable (TetherImportResult   *self,
                                    TetherImportVariable *variable)
{
  g_list_store_append (self->variables, variable);
}

void
_tether_import_result_add_warning (TetherImportResult *self,
                                   const char         *warning)
{
  g_ptr_array_insert (self->warnings, self->warnings->len - 1, g_strdup (warning));
}

static void
tether_import_result_dispose (GObject *object)
{
  TetherImportResult *self = (TetherImportResult *)object;

  g_clear_object (&self->file);
  g_clear_object (&self->items);
  g_clear_object (&self->variables);

  G_OBJECT_CLASS (tether_import_result_parent_class)->dispose (object);
}

static void
tether_import_result_finalize (GObject *object)
{
  TetherImportResult *self = (TetherImportResult *)object;

  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_import_result_parent_class)->finalize (object);
}

static void
tether_import_result_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherImportResult *self = TETHER_IMPORT_RESULT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, self->display_name);
      break;

    case PROP_FORMAT:
      g_value_set_enum (value, self->format);
      break;

    case PROP_ITEMS:
      g_value_set_object (value, self->items);
      break;

    case PROP_VARIABLES:
      g_value_set_object (value, self->variables);
      break;

    case PROP_WARNINGS:
      g_value_set_boxed (value, self->warnings->pdata);
      break;

    case PROP_N_SERVERS:
      g_value_set_uint (value, tether_import_result_get_n_servers (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_result_class_init (TetherImportResultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_import_result_dispose;
  object_class->finalize = tether_import_result_finalize;
  object_class->get_property = tether_import_result_get_property;

  /**
   * TetherImportResult:file:
   *
   * The file read, or %NULL for text.
   */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);

  /**
   * TetherImportResult:display-name:
   *
   * The file's display name, or the hint given with text.
   */
  properties[PROP_DISPLAY_NAME] = g_param_spec_string ("display-name", NULL, NULL, NULL, ro);

  /**
   * TetherImportResult:format:
   *
   * The format recognised.
   */
  properties[PROP_FORMAT] =
    g_param_spec_enum ("format", NULL, NULL, TETHER_TYPE_IMPORT_FORMAT,
                       TETHER_IMPORT_FORMAT_UNKNOWN, ro);

  /**
   * TetherImportResult:items:
   *
   * A #GListModel of #TetherImportItem, skipped entries included.
   */
  properties[PROP_ITEMS] = g_param_spec_object ("items", NULL, NULL, G_TYPE_LIST_MODEL, ro);

  /**
   * TetherImportResult:variables:
   *
   * A #GListModel of every #TetherImportVariable the items need, each once.
   */
  properties[PROP_VARIABLES] =
    g_param_spec_object ("variables", NULL, NULL, G_TYPE_LIST_MODEL, ro);

  /**
   * TetherImportResult:warnings:
   *
   * Warnings about the file as a whole (a key repeated outside the servers).
   */
  properties[PROP_WARNINGS] = g_param_spec_boxed ("warnings", NULL, NULL, G_TYPE_STRV, ro);

  /**
   * TetherImportResult:n-servers:
   *
   * How many entries are importable (not skipped).
   */
  properties[PROP_N_SERVERS] = g_param_spec_uint ("n-servers", NULL, NULL, 0, G_MAXUINT, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_import_result_init (TetherImportResult *self)
{
  self->items = g_list_store_new (TETHER_TYPE_IMPORT_ITEM);
  self->variables = g_list_store_new (TETHER_TYPE_IMPORT_VARIABLE);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->warnings, NULL);
}

/**
 * tether_import_result_get_file:
 * @self: a #TetherImportResult
 *
 * Returns: (transfer none) (nullable): the file read, or %NULL for text
 */
GFile *
tether_import_result_get_file (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), NULL);

  return self->file;
}

/**
 * tether_import_result_get_display_name:
 * @self: a #TetherImportResult
 *
 * Returns: (nullable): the source's display name
 */
const char *
tether_import_result_get_display_name (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), NULL);

  return self->display_name;
}

/**
 * tether_import_result_get_format:
 * @self: a #TetherImportResult
 *
 * Returns: the format recognised
 */
TetherImportFormat
tether_import_result_get_format (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), TETHER_IMPORT_FORMAT_UNKNOWN);

  return self->format;
}

/**
 * tether_import_result_get_items:
 * @self: a #TetherImportResult
 *
 * Returns: (transfer none): a #GListModel of #TetherImportItem
 */
GListModel *
tether_import_result_get_items (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), NULL);

  return G_LIST_MODEL (self->items);
}

/**
 * tether_import_result_get_variables:
 * @self: a #TetherImportResult
 *
 * Returns: (transfer none): a #GListModel of #TetherImportVariable
 */
GListModel *
tether_import_result_get_variables (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), NULL);

  return G_LIST_MODEL (self->variables);
}

/**
 * tether_import_result_get_warnings:
 * @self: a #TetherImportResult
 *
 * Returns: (transfer none): file-level warnings, %NULL-terminated
 */
const char * const *
tether_import_result_get_warnings (TetherImportResult *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), NULL);

  return (const char * const *)self->warnings->pdata;
}

/**
 * tether_import_result_get_n_servers:
 * @self: a #TetherImportResult
 *
 * Returns: how many entries are importable
 */
guint
tether_import_result_get_n_servers (TetherImportResult *self)
{
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_IMPORT_RESULT (self), 0);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->items)); i++)
    {
      g_autoptr(TetherImportItem) item = g_list_model_get_item (G_LIST_MODEL (self->items), i);

      if (!tether_import_item_get_skipped (item))
        n++;
    }

  return n;
}
