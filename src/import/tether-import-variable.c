/* tether-import-variable.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-import-variable"

#include "config.h"

#include "tether-config-import-private.h"

/**
 * TetherImportVariable:
 *
 * One placeholder found while importing that Tether cannot fill in by
 * itself, such as `${input:api-key}`. The import preview shows a field for
 * it; what the user types goes to #TetherImportVariable:value, and
 * tether_import_item_dup_resolved_config() substitutes it. One object
 * stands for one placeholder across every server of a file, so a value is
 * asked for once.
 */
struct _TetherImportVariable
{
  GObject                   parent_instance;

  char                     *placeholder;
  char                     *name;
  char                     *description;
  char                     *value;
  TetherImportVariableKind  kind;
  guint                     secret : 1;
};

G_DEFINE_FINAL_TYPE (TetherImportVariable, tether_import_variable, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (TetherImportVariableKind, tether_import_variable_kind,
  G_DEFINE_ENUM_VALUE (TETHER_IMPORT_VARIABLE_INPUT, "input"),
  G_DEFINE_ENUM_VALUE (TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER, "workspace-folder"),
  G_DEFINE_ENUM_VALUE (TETHER_IMPORT_VARIABLE_ENV, "env"),
  G_DEFINE_ENUM_VALUE (TETHER_IMPORT_VARIABLE_OTHER, "other"))

enum {
  PROP_0,
  PROP_PLACEHOLDER,
  PROP_NAME,
  PROP_KIND,
  PROP_DESCRIPTION,
  PROP_SECRET,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

TetherImportVariable *
_tether_import_variable_new (const char               *placeholder,
                             const char               *name,
                             TetherImportVariableKind  kind,
                             const char               *description,
                             gboolean                  secret)
{
  TetherImportVariable *self = g_object_new (TETHER_TYPE_IMPORT_VARIABLE, NULL);

  self->placeholder = g_strdup (placeholder);
  self->name = g_strdup (name);
  self->kind = kind;
  self->description = g_strdup (description);
  self->secret = !!secret;

  return self;
}

void
_tether_import_variable_update (TetherImportVariable *self,
                                const char           *description,
                                gboolean              secret)
{
  if (description != NULL && g_strcmp0 (self->description, description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (description);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
    }
  if (secret && !self->secret)
    {
      self->secret = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECRET]);
    }
}

static void
tether_import_variable_finalize (GObject *object)
{
  TetherImportVariable *self = (TetherImportVariable *)object;

  g_clear_pointer (&self->placeholder, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->value, g_free);

  G_OBJECT_CLASS (tether_import_variable_parent_class)->finalize (object);
}

static void
tether_import_variable_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  TetherImportVariable *self = TETHER_IMPORT_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_PLACEHOLDER:
      g_value_set_string (value, self->placeholder);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;

    case PROP_SECRET:
      g_value_set_boolean (value, self->secret);
      break;

    case PROP_VALUE:
      g_value_set_string (value, self->value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_variable_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  TetherImportVariable *self = TETHER_IMPORT_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      tether_import_variable_set_value (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_variable_class_init (TetherImportVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tether_import_variable_finalize;
  object_class->get_property = tether_import_variable_get_property;
  object_class->set_property = tether_import_variable_set_property;

  /**
   * TetherImportVariable:placeholder:
   *
   * The text that stands in the configuration until a value replaces it:
   * `${input:ID}`, `${workspaceFolder}`, `${env:NAME}`…
   */
  properties[PROP_PLACEHOLDER] = g_param_spec_string ("placeholder", NULL, NULL, NULL, ro);

  /**
   * TetherImportVariable:name:
   *
   * The bare name: the input id, the environment variable, `workspaceFolder`.
   */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);

  /**
   * TetherImportVariable:kind:
   *
   * What the placeholder is.
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TETHER_TYPE_IMPORT_VARIABLE_KIND,
                       TETHER_IMPORT_VARIABLE_OTHER, ro);

  /**
   * TetherImportVariable:description:
   *
   * What the source file says about it (a VS Code input's `description`),
   * or %NULL.
   */
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, ro);

  /**
   * TetherImportVariable:secret:
   *
   * Whether the value is a secret: a `password` input, a goose keyring key,
   * a bearer token. The preview should use a password entry.
   */
  properties[PROP_SECRET] = g_param_spec_boolean ("secret", NULL, NULL, FALSE, ro);

  /**
   * TetherImportVariable:value:
   *
   * The value the user gave, or %NULL while there is none.
   */
  properties[PROP_VALUE] =
    g_param_spec_string ("value", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_import_variable_init (TetherImportVariable *self)
{
  self->kind = TETHER_IMPORT_VARIABLE_OTHER;
}

/**
 * tether_import_variable_get_placeholder:
 * @self: a #TetherImportVariable
 *
 * Returns: the placeholder text
 */
const char *
tether_import_variable_get_placeholder (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), NULL);

  return self->placeholder;
}

/**
 * tether_import_variable_get_name:
 * @self: a #TetherImportVariable
 *
 * Returns: the bare name
 */
const char *
tether_import_variable_get_name (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), NULL);

  return self->name;
}

/**
 * tether_import_variable_get_kind:
 * @self: a #TetherImportVariable
 *
 * Returns: what the placeholder is
 */
TetherImportVariableKind
tether_import_variable_get_kind (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), TETHER_IMPORT_VARIABLE_OTHER);

  return self->kind;
}

/**
 * tether_import_variable_get_description:
 * @self: a #TetherImportVariable
 *
 * Returns: (nullable): the source's description
 */
const char *
tether_import_variable_get_description (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), NULL);

  return self->description;
}

/**
 * tether_import_variable_get_secret:
 * @self: a #TetherImportVariable
 *
 * Returns: whether the value is a secret
 */
gboolean
tether_import_variable_get_secret (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), FALSE);

  return self->secret;
}

/**
 * tether_import_variable_get_value:
 * @self: a #TetherImportVariable
 *
 * Returns: (nullable): the value given, if any
 */
const char *
tether_import_variable_get_value (TetherImportVariable *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_VARIABLE (self), NULL);

  return self->value;
}

/**
 * tether_import_variable_set_value:
 * @self: a #TetherImportVariable
 * @value: (nullable): the value, or %NULL to leave the placeholder
 */
void
tether_import_variable_set_value (TetherImportVariable *self,
                                  const char           *value)
{
  g_return_if_fail (TETHER_IS_IMPORT_VARIABLE (self));

  if (g_strcmp0 (self->value, value) == 0)
    return;

  g_free (self->value);
  self->value = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}
