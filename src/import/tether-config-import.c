/* tether-config-import.c — the importer of other clients' configurations
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

/* The importer's settings and the import of a text. Reading files is in
 * tether-config-import-file.c, discovery in tether-config-import-discover.c;
 * both build on this file, which calls neither. */

/**
 * TetherConfigImport:
 *
 * Reads other clients' configuration files (or pasted text) and turns every
 * server entry in them into a #TetherServerConfig, with warnings, notes and
 * the placeholders that still need a value. The clients, their formats and
 * where their files are come from one table (tether-import-clients.c); see
 * #TetherImportFormat. A format is recognised by content first (root keys,
 * keys only one client uses) and by file name second. The source is only
 * ever read.
 *
 * Files that cannot be imported fail with a %TETHER_CONFIG_ERROR naming the
 * file: %TETHER_CONFIG_ERROR_IS_DIRECTORY, %TETHER_CONFIG_ERROR_UNREADABLE,
 * %TETHER_CONFIG_ERROR_TOO_LARGE (checked before reading),
 * %TETHER_CONFIG_ERROR_EMPTY, %TETHER_CONFIG_ERROR_BINARY,
 * %TETHER_CONFIG_ERROR_SYNTAX (with line and column),
 * %TETHER_CONFIG_ERROR_UNSUPPORTED, %TETHER_CONFIG_ERROR_NOT_A_CONFIG and
 * %TETHER_CONFIG_ERROR_NO_SERVERS (also when every entry had to be skipped).
 * An entry with a wrong type is skipped with a reason that names the line
 * and column; the others are still imported.
 *
 * Variables: `${env:NAME}` (and, outside VS Code, `${NAME}`,
 * `${NAME:-default}`; in Gemini CLI also `$NAME`) are resolved from the
 * environment and `${userHome}` from the home directory at import, each with
 * a note. `${workspaceFolder}` is the folder holding `.vscode/` or
 * `.cursor/` when the file sits there, else a variable to ask for; so are
 * `${input:ID}` (with the `inputs` description and password flag), unset
 * environment variables and every other placeholder.
 */
struct _TetherConfigImport
{
  GObject   parent_instance;

  char     *home_dir;
  char     *config_dir;
  char     *home_config_dir;  /* home_dir/.config, while home_dir is set */
  char    **environment;
  guint64   max_size;
  gboolean  env_file_values;
};

G_DEFINE_FINAL_TYPE (TetherConfigImport, tether_config_import, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HOME_DIR,
  PROP_CONFIG_DIR,
  PROP_ENVIRONMENT,
  PROP_MAX_SIZE,
  PROP_ENV_FILE_VALUES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * _tether_import_settings_new:
 * @importer: a #TetherConfigImport
 *
 * Returns: (transfer full): what one import needs of @importer, copied so
 *   a worker thread can use it while the importer changes
 */
TetherImportSettings *
_tether_import_settings_new (TetherConfigImport *importer)
{
  TetherImportSettings *settings = g_new0 (TetherImportSettings, 1);

  settings->home = g_strdup (tether_config_import_get_home_dir (importer));
  settings->environment = importer->environment != NULL ? g_strdupv (importer->environment)
                                                        : g_get_environ ();
  settings->max_size = importer->max_size;
  settings->env_file_values = importer->env_file_values;

  return settings;
}

void
_tether_import_settings_free (TetherImportSettings *settings)
{
  g_free (settings->home);
  g_strfreev (settings->environment);
  g_free (settings);
}

/**
 * tether_config_import_load_text:
 * @self: a #TetherConfigImport
 * @text: the text: pasted or dropped JSON, TOML or YAML
 * @length: length of @text in bytes, or -1 if nul-terminated
 * @file_name_hint: (nullable): a file name (`claude_desktop_config.json`) or
 *   path to recognise the format by, and to name a lone server after
 * @error: return location for an error
 *
 * Imports text in memory. Errors name @file_name_hint, or “pasted text”.
 *
 * Returns: (transfer full): what the text holds, or %NULL on error
 */
TetherImportResult *
tether_config_import_load_text (TetherConfigImport  *self,
                                const char          *text,
                                gssize               length,
                                const char          *file_name_hint,
                                GError             **error)
{
  g_autoptr(TetherImportSettings) settings = NULL;
  g_autofree char *display = NULL;
  g_autofree char *copy = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);

  settings = _tether_import_settings_new (self);
  if ((guint64)length > settings->max_size)
    {
      g_autofree char *limit = g_format_size (settings->max_size);

      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE,
                   _("the text is too large to be a configuration (more than %s)"), limit);
      return NULL;
    }

  display = file_name_hint != NULL ? g_path_get_basename (file_name_hint) : g_strdup (_("pasted text"));
  copy = g_strndup (text, length);

  return _tether_import_text (settings, copy, length, NULL, display, file_name_hint, error);
}

/* GObject */

static void
tether_config_import_finalize (GObject *object)
{
  TetherConfigImport *self = (TetherConfigImport *)object;

  g_clear_pointer (&self->home_dir, g_free);
  g_clear_pointer (&self->config_dir, g_free);
  g_clear_pointer (&self->home_config_dir, g_free);
  g_clear_pointer (&self->environment, g_strfreev);

  G_OBJECT_CLASS (tether_config_import_parent_class)->finalize (object);
}

static void
tether_config_import_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherConfigImport *self = TETHER_CONFIG_IMPORT (object);

  switch (prop_id)
    {
    case PROP_HOME_DIR:
      g_value_set_string (value, tether_config_import_get_home_dir (self));
      break;

    case PROP_CONFIG_DIR:
      g_value_set_string (value, tether_config_import_get_config_dir (self));
      break;

    case PROP_ENVIRONMENT:
      g_value_set_boxed (value, self->environment);
      break;

    case PROP_MAX_SIZE:
      g_value_set_uint64 (value, self->max_size);
      break;

    case PROP_ENV_FILE_VALUES:
      g_value_set_boolean (value, self->env_file_values);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_import_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherConfigImport *self = TETHER_CONFIG_IMPORT (object);

  switch (prop_id)
    {
    case PROP_HOME_DIR:
      tether_config_import_set_home_dir (self, g_value_get_string (value));
      break;

    case PROP_CONFIG_DIR:
      tether_config_import_set_config_dir (self, g_value_get_string (value));
      break;

    case PROP_ENVIRONMENT:
      tether_config_import_set_environment (self, g_value_get_boxed (value));
      break;

    case PROP_MAX_SIZE:
      tether_config_import_set_max_size (self, g_value_get_uint64 (value));
      break;

    case PROP_ENV_FILE_VALUES:
      tether_config_import_set_env_file_values (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_import_class_init (TetherConfigImportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tether_config_import_finalize;
  object_class->get_property = tether_config_import_get_property;
  object_class->set_property = tether_config_import_set_property;

  /**
   * TetherConfigImport:home-dir:
   *
   * The user's real home directory: `${userHome}`, and where discovery
   * looks. %NULL (the default) means g_get_home_dir(), which is the real
   * home inside flatpak too. Tests point it at a fake home.
   */
  properties[PROP_HOME_DIR] = g_param_spec_string ("home-dir", NULL, NULL, NULL, flags);

  /**
   * TetherConfigImport:config-dir:
   *
   * The host's `~/.config` for discovery. %NULL (the default) derives it:
   * `home-dir/.config`, or the host's `XDG_CONFIG_HOME` when known — outside
   * flatpak `$XDG_CONFIG_HOME`, inside it `$HOST_XDG_CONFIG_HOME` (the
   * sandbox's own config dir is never used). When #TetherConfigImport:home-dir
   * is set, the default is always `home-dir/.config`.
   */
  properties[PROP_CONFIG_DIR] = g_param_spec_string ("config-dir", NULL, NULL, NULL, flags);

  /**
   * TetherConfigImport:environment:
   *
   * The environment `${env:NAME}` is resolved from, as `NAME=value`
   * strings; %NULL (the default) for the process's own.
   */
  properties[PROP_ENVIRONMENT] =
    g_param_spec_boxed ("environment", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherConfigImport:max-size:
   *
   * Files larger than this many bytes are refused before being read.
   */
  properties[PROP_MAX_SIZE] =
    g_param_spec_uint64 ("max-size", NULL, NULL, 1, G_MAXUINT64,
                         TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE, flags);

  /**
   * TetherConfigImport:env-file-values:
   *
   * Whether the values in a server's `envFile` are read (%TRUE, the
   * default). A dry run sets it to %FALSE: its preview shows variable
   * names, never values, so only the names are read, into a note.
   */
  properties[PROP_ENV_FILE_VALUES] =
    g_param_spec_boolean ("env-file-values", NULL, NULL, TRUE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_config_import_init (TetherConfigImport *self)
{
  self->max_size = TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE;
  self->env_file_values = TRUE;
}

/**
 * tether_config_import_new:
 *
 * Returns: (transfer full): a new importer for this user
 */
TetherConfigImport *
tether_config_import_new (void)
{
  return g_object_new (TETHER_TYPE_CONFIG_IMPORT, NULL);
}

/**
 * tether_config_import_get_home_dir:
 * @self: a #TetherConfigImport
 *
 * Returns: the home directory in use
 */
const char *
tether_config_import_get_home_dir (TetherConfigImport *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);

  return self->home_dir != NULL ? self->home_dir : g_get_home_dir ();
}

/**
 * tether_config_import_set_home_dir:
 * @self: a #TetherConfigImport
 * @home_dir: (nullable): a directory, or %NULL for the real one
 */
void
tether_config_import_set_home_dir (TetherConfigImport *self,
                                   const char         *home_dir)
{
  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  if (g_strcmp0 (self->home_dir, home_dir) == 0)
    return;

  g_free (self->home_dir);
  self->home_dir = g_strdup (home_dir);
  g_clear_pointer (&self->home_config_dir, g_free);
  if (home_dir != NULL)
    self->home_config_dir = g_build_filename (home_dir, ".config", NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOME_DIR]);
  if (self->config_dir == NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFIG_DIR]);
}

/**
 * tether_config_import_get_config_dir:
 * @self: a #TetherConfigImport
 *
 * Returns: the host's configuration directory in use
 */
const char *
tether_config_import_get_config_dir (TetherConfigImport *self)
{
  static char *derived;
  const char *xdg;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);

  if (self->config_dir != NULL)
    return self->config_dir;

  if (self->home_config_dir != NULL)
    return self->home_config_dir;

  if (derived != NULL)
    return derived;

  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    xdg = g_getenv ("HOST_XDG_CONFIG_HOME");
  else
    xdg = g_getenv ("XDG_CONFIG_HOME");

  if (xdg != NULL && g_path_is_absolute (xdg))
    derived = g_strdup (xdg);
  else
    derived = g_build_filename (g_get_home_dir (), ".config", NULL);

  return derived;
}

/**
 * tether_config_import_set_config_dir:
 * @self: a #TetherConfigImport
 * @config_dir: (nullable): a directory, or %NULL to derive it
 */
void
tether_config_import_set_config_dir (TetherConfigImport *self,
                                     const char         *config_dir)
{
  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  if (g_strcmp0 (self->config_dir, config_dir) == 0)
    return;

  g_free (self->config_dir);
  self->config_dir = g_strdup (config_dir);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFIG_DIR]);
}

/**
 * tether_config_import_get_environment:
 * @self: a #TetherConfigImport
 *
 * Returns: (nullable) (transfer none): the environment set, or %NULL for
 *   the process's
 */
const char * const *
tether_config_import_get_environment (TetherConfigImport *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);

  return (const char * const *)self->environment;
}

/**
 * tether_config_import_set_environment:
 * @self: a #TetherConfigImport
 * @environment: (nullable) (array zero-terminated=1): `NAME=value` strings
 */
void
tether_config_import_set_environment (TetherConfigImport *self,
                                      const char * const *environment)
{
  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  g_strfreev (self->environment);
  self->environment = g_strdupv ((char **)environment);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENVIRONMENT]);
}

/**
 * tether_config_import_get_max_size:
 * @self: a #TetherConfigImport
 *
 * Returns: the size cap in bytes
 */
guint64
tether_config_import_get_max_size (TetherConfigImport *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), 0);

  return self->max_size;
}

/**
 * tether_config_import_set_max_size:
 * @self: a #TetherConfigImport
 * @max_size: the size cap in bytes
 */
void
tether_config_import_set_max_size (TetherConfigImport *self,
                                   guint64             max_size)
{
  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  if (self->max_size == max_size)
    return;

  self->max_size = max_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_SIZE]);
}

/**
 * tether_config_import_get_env_file_values:
 * @self: a #TetherConfigImport
 *
 * Returns: whether `envFile` values are read
 */
gboolean
tether_config_import_get_env_file_values (TetherConfigImport *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), TRUE);

  return self->env_file_values;
}

/**
 * tether_config_import_set_env_file_values:
 * @self: a #TetherConfigImport
 * @env_file_values: %FALSE to read only the names in an `envFile`
 */
void
tether_config_import_set_env_file_values (TetherConfigImport *self,
                                          gboolean            env_file_values)
{
  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  env_file_values = !!env_file_values;
  if (self->env_file_values == env_file_values)
    return;

  self->env_file_values = env_file_values;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENV_FILE_VALUES]);
}
