/* tether-settings.c — the application's settings, wherever their schema is
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GSettings finds a schema where it is installed (and in
 * GSETTINGS_SCHEMA_DIR); asked for one it cannot find, g_settings_new()
 * aborts. The build compiles Tether's schema into the build tree
 * (data/gschemas.compiled), so that `_build/src/tether` runs from there
 * with no environment set: a binary that runs from its build tree, and
 * finds no installed schema, takes the build tree's. One that finds none
 * at all says so, and where it looked, for its caller to print.
 *
 * GIO only: nothing here needs GTK.
 */

#define G_LOG_DOMAIN "tether-settings"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-settings.h"

/* Whether this process runs the binary of the build tree it was built in. */
static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = realpath (BUILD_ROOT, NULL);

  return exe != NULL && root != NULL &&
         g_str_has_prefix (exe, root) && exe[strlen (root)] == G_DIR_SEPARATOR;
}

/* Where GLib looks for installed schemas, as it says in its docs. */
static char *
dup_schema_dirs (void)
{
  g_autoptr(GString) dirs = g_string_new (NULL);
  const char *env = g_getenv ("GSETTINGS_SCHEMA_DIR");
  const char * const *data_dirs = g_get_system_data_dirs ();
  g_autofree char *user = g_build_filename (g_get_user_data_dir (), "glib-2.0", "schemas", NULL);

  if (env != NULL && *env != '\0')
    {
      g_auto(GStrv) env_dirs = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; env_dirs[i] != NULL; i++)
        g_string_append_printf (dirs, "%s, ", env_dirs[i]);
    }

  g_string_append (dirs, user);
  for (guint i = 0; data_dirs[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (data_dirs[i], "glib-2.0", "schemas", NULL);

      g_string_append_printf (dirs, ", %s", dir);
    }

  return g_string_free (g_steal_pointer (&dirs), FALSE);
}

static GSettingsSchema *
lookup_schema (const char  *schema_id,
               GError     **error)
{
  GSettingsSchemaSource *installed = g_settings_schema_source_get_default ();
  g_autofree char *dirs = NULL;
  GSettingsSchema *schema = NULL;

  if (installed != NULL)
    schema = g_settings_schema_source_lookup (installed, schema_id, TRUE);
  if (schema != NULL)
    return schema;

  if (running_from_build_tree ())
    {
      g_autoptr(GSettingsSchemaSource) built = NULL;

      built = g_settings_schema_source_new_from_directory (BUILD_SCHEMA_DIR, installed, FALSE, NULL);
      if (built != NULL)
        schema = g_settings_schema_source_lookup (built, schema_id, FALSE);
      if (schema != NULL)
        {
          g_debug ("%s: the schema of the build tree, %s", schema_id, BUILD_SCHEMA_DIR);
          return schema;
        }
    }

  dirs = dup_schema_dirs ();
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               _("The settings schema “%s” is not installed (looked in %s). Install Tether "
                 "(meson install), or point GSETTINGS_SCHEMA_DIR at a folder that holds its "
                 "compiled schema."),
               schema_id, dirs);

  return NULL;
}

/**
 * tether_settings_new:
 * @schema_id: the application's schema
 * @error: where to say that the schema was not found, and where it was
 *   looked for
 *
 * Returns: (transfer full) (nullable): the settings, on the installed
 *   schema, or on the build tree's when running from there
 */
GSettings *
tether_settings_new (const char  *schema_id,
                     GError     **error)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  g_return_val_if_fail (schema_id != NULL, NULL);

  schema = lookup_schema (schema_id, error);
  if (schema == NULL)
    return NULL;

  return g_settings_new_full (schema, NULL, NULL);
}
