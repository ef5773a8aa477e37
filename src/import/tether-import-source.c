/* tether-import-source.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-import-source"

#include "config.h"

#include "tether-config-import-private.h"

/**
 * TetherImportSource:
 *
 * A configuration file of another client found on this machine by
 * tether_config_import_discover_async(): which client, where, and how many
 * servers it holds — or why it could not be read.
 */
struct _TetherImportSource
{
  GObject             parent_instance;

  char               *client;
  GFile              *file;
  TetherImportFormat  format;
  guint               n_servers;
  char               *error_message;
};

G_DEFINE_FINAL_TYPE (TetherImportSource, tether_import_source, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_FILE,
  PROP_FORMAT,
  PROP_N_SERVERS,
  PROP_ERROR_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

TetherImportSource *
_tether_import_source_new (const char         *client,
                           GFile              *file,
                           TetherImportFormat  format,
                           guint               n_servers,
                           const char         *error_message)
{
  TetherImportSource *self = g_object_new (TETHER_TYPE_IMPORT_SOURCE, NULL);

  self->client = g_strdup (client);
  self->file = g_object_ref (file);
  self->format = format;
  self->n_servers = n_servers;
  self->error_message = g_strdup (error_message);

  return self;
}

static void
tether_import_source_dispose (GObject *object)
{
  TetherImportSource *self = (TetherImportSource *)object;

  g_clear_object (&self->file);

  G_OBJECT_CLASS (tether_import_source_parent_class)->dispose (object);
}

static void
tether_import_source_finalize (GObject *object)
{
  TetherImportSource *self = (TetherImportSource *)object;

  g_clear_pointer (&self->client, g_free);
  g_clear_pointer (&self->error_message, g_free);

  G_OBJECT_CLASS (tether_import_source_parent_class)->finalize (object);
}

static void
tether_import_source_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherImportSource *self = TETHER_IMPORT_SOURCE (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_string (value, self->client);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_FORMAT:
      g_value_set_enum (value, self->format);
      break;

    case PROP_N_SERVERS:
      g_value_set_uint (value, self->n_servers);
      break;

    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_source_class_init (TetherImportSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_import_source_dispose;
  object_class->finalize = tether_import_source_finalize;
  object_class->get_property = tether_import_source_get_property;

  /**
   * TetherImportSource:client:
   *
   * The client's name, translated (“VS Code Insiders”).
   */
  properties[PROP_CLIENT] = g_param_spec_string ("client", NULL, NULL, NULL, ro);

  /**
   * TetherImportSource:file:
   *
   * The configuration file.
   */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);

  /**
   * TetherImportSource:format:
   *
   * The format recognised, or %TETHER_IMPORT_FORMAT_UNKNOWN on error.
   */
  properties[PROP_FORMAT] =
    g_param_spec_enum ("format", NULL, NULL, TETHER_TYPE_IMPORT_FORMAT,
                       TETHER_IMPORT_FORMAT_UNKNOWN, ro);

  /**
   * TetherImportSource:n-servers:
   *
   * How many importable servers the file holds.
   */
  properties[PROP_N_SERVERS] = g_param_spec_uint ("n-servers", NULL, NULL, 0, G_MAXUINT, 0, ro);

  /**
   * TetherImportSource:error-message:
   *
   * Why the file cannot be imported (no servers, a syntax error…), or %NULL.
   */
  properties[PROP_ERROR_MESSAGE] = g_param_spec_string ("error-message", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_import_source_init (TetherImportSource *self)
{
}

/**
 * tether_import_source_get_client:
 * @self: a #TetherImportSource
 *
 * Returns: the client's name
 */
const char *
tether_import_source_get_client (TetherImportSource *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCE (self), NULL);

  return self->client;
}

/**
 * tether_import_source_get_file:
 * @self: a #TetherImportSource
 *
 * Returns: (transfer none): the configuration file
 */
GFile *
tether_import_source_get_file (TetherImportSource *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCE (self), NULL);

  return self->file;
}

/**
 * tether_import_source_get_format:
 * @self: a #TetherImportSource
 *
 * Returns: the format recognised
 */
TetherImportFormat
tether_import_source_get_format (TetherImportSource *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCE (self), TETHER_IMPORT_FORMAT_UNKNOWN);

  return self->format;
}

/**
 * tether_import_source_get_n_servers:
 * @self: a #TetherImportSource
 *
 * Returns: how many importable servers the file holds
 */
guint
tether_import_source_get_n_servers (TetherImportSource *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCE (self), 0);

  return self->n_servers;
}

/**
 * tether_import_source_get_error_message:
 * @self: a #TetherImportSource
 *
 * Returns: (nullable): why the file cannot be imported
 */
const char *
tether_import_source_get_error_message (TetherImportSource *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCE (self), NULL);

  return self->error_message;
}
