/* tether-import-members.c — an entry's members, typed, placeholders resolved
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each reader returns FALSE with @error set on a type it cannot take, and
 * is lenient where a client is (numbers among the args). A member that is
 * absent or null reads as nothing.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-env-file.h"
#include "tether-read-file.h"

#include "tether-import-run-private.h"

/* The text of a string, number or boolean. */
static char *
scalar_text (JsonNode *node)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (node));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    default:
      {
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
      }
    }
}

gboolean
_tether_import_entry_get_string (TetherImportEntry  *entry,
                                 const char         *key,
                                 char              **out,
                                 GError            **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!tether_import_node_is_string (node))
    {
      g_propagate_error (error, _tether_import_entry_wrong_type (entry, key, _("a string")));
      return FALSE;
    }

  *out = _tether_import_resolve_text (entry, json_node_get_string (node));

  return TRUE;
}

/* An array of strings; with @split_string, also one string split as a
 * shell would. */
gboolean
_tether_import_entry_get_strv (TetherImportEntry   *entry,
                               const char          *key,
                               gboolean             split_string,
                               char              ***out,
                               GError             **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (split_string && tether_import_node_is_string (node))
    {
      g_auto(GStrv) argv = NULL;
      g_autoptr(GError) local_error = NULL;
      int argc;

      if (*json_node_get_string (node) == '\0')
        {
          *out = g_new0 (char *, 1);
          return TRUE;
        }
      if (!g_shell_parse_argv (json_node_get_string (node), &argc, &argv, &local_error))
        {
          g_propagate_error (error,
                             _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, key,
                                                         _("server “%s”: “%s” is one string that "
                                                           "cannot be split into arguments: %s"),
                                                         entry->name, key, local_error->message));
          return FALSE;
        }
      /* Translators: %s is a key of the configuration, such as “command” */
      _tether_import_entry_warn (entry, g_dngettext (GETTEXT_PACKAGE,
                                                     "“%s” was one string; it was split into %d argument "
                                                     "as a shell would",
                                                     "“%s” was one string; it was split into %d arguments "
                                                     "as a shell would", argc),
                                 key, argc);
      for (int i = 0; i < argc; i++)
        {
          char *resolved = _tether_import_resolve_text (entry, argv[i]);

          g_free (argv[i]);
          argv[i] = resolved;
        }
      *out = g_steal_pointer (&argv);
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_propagate_error (error,
                         _tether_import_entry_wrong_type (entry, key, _("an array of strings")));
      return FALSE;
    }

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *text = NULL;
      g_autofree char *resolved = NULL;

      if (!tether_import_node_is_scalar (element))
        {
          g_autofree char *path = tether_json_pointer_append (entry->pointer, key);
          g_autofree char *element_path = tether_json_pointer_append_index (path, i);
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, element_path,
                                     _("server “%s”: “%s” must be an array of strings, "
                                       "found %s at position %u"),
                                     entry->name, key, tether_json_type_name (element), i + 1);

          tether_config_document_locate_error (entry->run->doc, NULL, local_error);
          g_propagate_error (error, local_error);
          return FALSE;
        }

      text = scalar_text (element);
      if (!tether_import_node_is_string (element))
        _tether_import_entry_warn (entry, _("“%s”: the %s %s was taken as the text “%s”"),
                                   key, tether_json_type_name (element), text, text);
      resolved = _tether_import_resolve_text (entry, text);
      g_strv_builder_add (builder, resolved);
    }

  *out = g_strv_builder_end (builder);

  return TRUE;
}

/* An object of strings, values resolved, into @set (env or headers). */
gboolean
_tether_import_entry_get_map (TetherImportEntry    *entry,
                              const char           *key,
                              TetherImportSetPair   set,
                              GError              **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error,
                         _tether_import_entry_wrong_type (entry, key, _("an object of strings")));
      return FALSE;
    }

  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      JsonNode *value = json_object_get_member (object, member);
      g_autofree char *text = NULL;
      g_autofree char *resolved = NULL;

      if (JSON_NODE_HOLDS_NULL (value))
        {
          _tether_import_entry_warn (entry, _("“%s.%s” is null and was left out"), key, member);
          continue;
        }
      if (!tether_import_node_is_scalar (value))
        {
          g_autofree char *path = tether_json_pointer_append (entry->pointer, key);
          g_autofree char *member_path = tether_json_pointer_append (path, member);
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, member_path,
                                     _("server “%s”: “%s.%s” must be a string, found %s"),
                                     entry->name, key, member, tether_json_type_name (value));

          tether_config_document_locate_error (entry->run->doc, NULL, local_error);
          g_propagate_error (error, local_error);
          return FALSE;
        }

      text = scalar_text (value);
      if (!tether_import_node_is_string (value))
        _tether_import_entry_warn (entry, _("“%s.%s”: the %s was taken as text"), key, member,
                                   tether_json_type_name (value));
      resolved = _tether_import_resolve_text (entry, text);
      set (entry->config, member, resolved);
    }

  return TRUE;
}

gboolean
_tether_import_entry_get_bool (TetherImportEntry  *entry,
                               const char         *key,
                               gboolean           *present,
                               gboolean           *out,
                               GError            **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  *present = FALSE;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_propagate_error (error, _tether_import_entry_wrong_type (entry, key, _("true or false")));
      return FALSE;
    }

  *present = TRUE;
  *out = json_node_get_boolean (node);

  return TRUE;
}

/* A number, -1 when absent. */
gboolean
_tether_import_entry_get_number (TetherImportEntry  *entry,
                                 const char         *key,
                                 double             *out,
                                 GError            **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  *out = -1;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) ||
      (json_node_get_value_type (node) != G_TYPE_INT64 &&
       json_node_get_value_type (node) != G_TYPE_DOUBLE) ||
      json_node_get_double (node) < 0)
    {
      g_propagate_error (error,
                         _tether_import_entry_wrong_type (entry, key, _("a positive number")));
      return FALSE;
    }

  *out = json_node_get_double (node);

  return TRUE;
}

void
_tether_import_set_env_value (TetherServerConfig *config,
                              const char         *name,
                              const char         *value)
{
  tether_server_config_set_env_value (config, name, value);
}

/* Headers are added as the file gives them: one name in two spellings
 * stays two headers, which the check of _tether_import_entry_finish()
 * refuses naming both, rather than one value silently replacing the
 * other. */
void
_tether_import_add_header (TetherServerConfig *config,
                           const char         *name,
                           const char         *value)
{
  tether_server_config_add_header (config, name, value);
}

/* The number at @key times @scale, as milliseconds given to @set, with a
 * note naming @what it became. */
gboolean
_tether_import_entry_set_timeout (TetherImportEntry    *entry,
                                  const char           *key,
                                  double                scale,
                                  TetherImportSetMsec   set,
                                  const char           *what,
                                  GError              **error)
{
  double value;
  int msec;

  if (!_tether_import_entry_get_number (entry, key, &value, error))
    return FALSE;
  if (value < 0)
    return TRUE;

  msec = (int)CLAMP (value * scale, 1, G_MAXINT);
  set (entry->config, msec);
  /* Translators: “timeout” (seconds) became the tool call timeout of 60000 ms */
  _tether_import_entry_note (entry, _("“%s” became the %s of %d ms"), key, what, msec);

  return TRUE;
}

/* A flag that turns the entry off when it is @disabled_when: it is
 * imported disabled, with a warning naming the flag. */
gboolean
_tether_import_entry_read_enabled (TetherImportEntry  *entry,
                                   const char         *key,
                                   gboolean            disabled_when,
                                   GError            **error)
{
  gboolean present, flag;

  if (!_tether_import_entry_get_bool (entry, key, &present, &flag, error))
    return FALSE;

  if (present && flag == disabled_when)
    {
      tether_server_config_set_enabled (entry->config, FALSE);
      /* Translators: disabled in Cline (“disabled”); imported disabled */
      _tether_import_entry_warn (entry, _("disabled in %s (“%s”); imported disabled"),
                                 g_dgettext (GETTEXT_PACKAGE, entry->run->client->name), key);
    }

  return TRUE;
}

/* Names whose values come from the environment, each one a variable to
 * ask for when it is not set here. */
void
_tether_import_entry_pass_env (TetherImportEntry  *entry,
                               char              **names)
{
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autoptr(GString) value = g_string_new (NULL);

      if (tether_server_config_get_env_value (entry->config, names[i]) != NULL)
        continue;
      _tether_import_resolve_env (entry, value, names[i], NULL);
      tether_server_config_set_env_value (entry->config, names[i], value->str);
    }
}

/* envFile: KEY=VALUE lines, read now; the entry's own env wins. Bounded
 * like every file read, and refused at once if it is no regular file. A
 * dry run reads only the names, which is all its preview shows. */
void
_tether_import_entry_read_env_file (TetherImportEntry *entry,
                                    const char        *path)
{
  g_autofree char *resolved_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) variables = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) listed = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean with_values = entry->run->settings->env_file_values;
  gsize length;
  guint count;

  if (strstr (path, "${") != NULL)
    {
      _tether_import_entry_warn (entry, _("“envFile” (%s) was not read: it needs a value first; "
                                          "add its variables to the server’s environment by hand"),
                                 path);
      return;
    }

  if (g_path_is_absolute (path) || entry->run->path == NULL)
    resolved_path = g_strdup (path);
  else
    {
      g_autofree char *dir = g_path_get_dirname (entry->run->path);

      resolved_path = g_build_filename (dir, path, NULL);
    }

  if (!tether_read_file (resolved_path, NULL, TETHER_READ_MAX_FILE_SIZE, &contents, &length,
                         &error))
    {
      _tether_import_entry_warn (entry, _("“envFile” was not read: %s; add its variables to the "
                                          "server’s environment by hand"), error->message);
      return;
    }

  variables = tether_env_file_parse (contents, length, with_values, &error);
  if (variables == NULL)
    {
      _tether_import_entry_warn (entry, _("“envFile” (%s) could not be read: %s; "
                                          "add its variables to the server’s environment by hand"),
                                 resolved_path, error->message);
      return;
    }

  for (guint i = 0; i < variables->len; i++)
    {
      TetherEnvFileEntry *variable = &g_array_index (variables, TetherEnvFileEntry, i);

      if (tether_server_config_get_env_value (entry->config, variable->name) != NULL ||
          !g_hash_table_add (seen, variable->name))
        continue;
      if (with_values)
        tether_server_config_set_env_value (entry->config, variable->name, variable->value);
      else if (g_hash_table_size (seen) <= 10)
        g_string_append_printf (listed, "%s%s", listed->len > 0 ? ", " : "", variable->name);
    }
  count = g_hash_table_size (seen);

  if (count > 10)
    g_string_append (listed, ", …");

  if (with_values || count == 0)
    _tether_import_entry_note (entry, g_dngettext (GETTEXT_PACKAGE,
                                                   "%u variable was read from “envFile” (%s)",
                                                   "%u variables were read from “envFile” (%s)",
                                                   count),
                               count, resolved_path);
  else
    _tether_import_entry_note (entry, g_dngettext (GETTEXT_PACKAGE,
                                                   "%u variable is named in “envFile” (%s): %s; "
                                                   "a dry run does not read its value",
                                                   "%u variables are named in “envFile” (%s): %s; "
                                                   "a dry run does not read their values",
                                                   count),
                               count, resolved_path, listed->str);
}

/* Every member of the entry not in @handled, named in one warning. */
void
_tether_import_entry_warn_ignored (TetherImportEntry  *entry,
                                   const char * const *handled)
{
  g_autoptr(GList) members = json_object_get_members (entry->object);
  g_autoptr(GString) ignored = g_string_new (NULL);
  guint n = 0;

  for (GList *l = members; l != NULL; l = l->next)
    {
      if (g_strv_contains (handled, l->data))
        continue;
      g_string_append_printf (ignored, "%s“%s”", n > 0 ? ", " : "", (const char *)l->data);
      n++;
    }

  if (n > 0)
    _tether_import_entry_warn (entry, g_dngettext (GETTEXT_PACKAGE,
                                                   "ignored: %s (not used by Tether)",
                                                   "ignored: %s (not used by Tether)", n),
                               ignored->str);
}
