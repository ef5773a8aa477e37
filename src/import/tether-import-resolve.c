/* tether-import-resolve.c — placeholders in the values of an entry
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What can be known at import is substituted, with a note: `${env:NAME}`
 * (and, where the client says so, `${NAME}`, `${NAME:-default}` and
 * `$NAME`) from the environment, `${userHome}` from the home directory,
 * `${workspaceFolder}` when the file sits in a project's `.vscode/` or
 * `.cursor/`. The rest stays as written and becomes a variable the preview
 * asks a value for: `${input:ID}` (with the file's description and password
 * flag), unset environment variables, 5ire's `{{name@type::description}}`
 * and any other placeholder.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-env-file.h"

#include "tether-import-run-private.h"

static gboolean
looks_secret (const char *name)
{
  static const char * const words[] = {
    "TOKEN", "KEY", "SECRET", "PASSWORD", "PASSWD", "PAT", "AUTH", "CREDENTIAL", "BEARER",
  };
  g_autofree char *upper = g_ascii_strup (name, -1);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      if (strstr (upper, words[i]) != NULL)
        return TRUE;
    }

  return FALSE;
}

/* The description and password flag of the file's input @id. */
static void
lookup_input (TetherImportRun  *run,
              const char       *id,
              const char      **description,
              gboolean         *password)
{
  *description = NULL;
  *password = FALSE;

  if (run->inputs == NULL)
    return;

  for (guint i = 0; i < json_array_get_length (run->inputs); i++)
    {
      JsonNode *node = json_array_get_element (run->inputs, i);
      JsonObject *input;
      JsonNode *member;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      input = json_node_get_object (node);
      member = json_object_get_member (input, "id");
      if (!tether_import_node_is_string (member) ||
          g_strcmp0 (json_node_get_string (member), id) != 0)
        continue;

      member = json_object_get_member (input, "description");
      if (tether_import_node_is_string (member))
        *description = json_node_get_string (member);
      member = json_object_get_member (input, "password");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) &&
          json_node_get_value_type (member) == G_TYPE_BOOLEAN)
        *password = json_node_get_boolean (member);
      return;
    }
}

/* An environment variable: its value if set here, else @fallback, else the
 * canonical placeholder and a variable to ask for. */
void
_tether_import_resolve_env (TetherImportEntry *entry,
                            GString           *out,
                            const char        *name,
                            const char        *fallback)
{
  const char *value = g_environ_getenv (entry->run->settings->environment, name);
  g_autofree char *placeholder = NULL;

  if (value != NULL)
    {
      g_string_append (out, value);
      if (entry->taken != NULL)
        {
          g_ptr_array_add (entry->taken, g_strdup (value));
          g_ptr_array_add (entry->taken, g_strdup_printf ("${env:%s}", name));
        }
      /* Translators: a note; the value itself is never shown */
      _tether_import_entry_note (entry, _("“%s” was taken from the environment"), name);
      return;
    }

  if (fallback != NULL)
    {
      g_string_append (out, fallback);
      _tether_import_entry_note (entry, _("“%s” is not set here; its default from the file "
                                          "was used"), name);
      return;
    }

  placeholder = g_strdup_printf ("${env:%s}", name);
  g_string_append (out, placeholder);
  _tether_import_entry_variable (entry, placeholder, name, TETHER_IMPORT_VARIABLE_ENV, NULL,
                                 looks_secret (name));
}

/* `${@inner}`, written @whole. */
static void
resolve_braced (TetherImportEntry *entry,
                GString           *out,
                const char        *inner,
                const char        *whole)
{
  TetherImportRun *run = entry->run;

  if (g_str_has_prefix (inner, "env:") && tether_env_file_is_name (inner + 4, strlen (inner + 4)))
    _tether_import_resolve_env (entry, out, inner + 4, NULL);
  else if (g_str_equal (inner, "userHome"))
    {
      g_string_append (out, run->settings->home);
      _tether_import_entry_note (entry, _("“${userHome}” is %s"), run->settings->home);
    }
  else if (g_str_equal (inner, "workspaceFolder") || g_str_equal (inner, "workspaceFolderBasename"))
    {
      if (run->workspace != NULL)
        {
          g_autofree char *base = g_path_get_basename (run->workspace);
          const char *value = g_str_equal (inner, "workspaceFolder") ? run->workspace : base;

          g_string_append (out, value);
          _tether_import_entry_note (entry, _("“%s” is %s (the project that holds %s)"),
                                     whole, value, run->dir_name);
        }
      else
        {
          g_string_append (out, whole);
          _tether_import_entry_variable (entry, whole, inner,
                                         TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER,
                                         _("the project folder"), FALSE);
        }
    }
  else if (g_str_has_prefix (inner, "input:"))
    {
      const char *description;
      gboolean password;

      lookup_input (run, inner + 6, &description, &password);
      if (description == NULL && run->inputs != NULL)
        _tether_import_entry_warn (entry, _("the file declares no input “%s”"), inner + 6);
      g_string_append (out, whole);
      _tether_import_entry_variable (entry, whole, inner + 6, TETHER_IMPORT_VARIABLE_INPUT,
                                     description, password);
    }
  else if (g_str_equal (inner, "pathSeparator") || g_str_equal (inner, "/"))
    g_string_append_c (out, '/');
  else if ((run->client->variables & TETHER_IMPORT_VARIABLES_ENV_BRACES) != 0 &&
           tether_env_file_is_name (inner, strcspn (inner, ":")) &&
           (inner[strcspn (inner, ":")] == '\0' || g_str_has_prefix (inner + strcspn (inner, ":"), ":-")))
    {
      gsize length = strcspn (inner, ":");
      g_autofree char *name = g_strndup (inner, length);
      const char *fallback = inner[length] != '\0' ? inner + length + 2 : NULL;

      _tether_import_resolve_env (entry, out, name, fallback);
    }
  else
    {
      g_string_append (out, whole);
      _tether_import_entry_variable (entry, whole, inner, TETHER_IMPORT_VARIABLE_OTHER, NULL,
                                     FALSE);
    }
}

/* Substitutes what can be known now; records the rest. */
char *
_tether_import_resolve_text (TetherImportEntry *entry,
                             const char        *text)
{
  GString *out = g_string_new (NULL);
  TetherImportVariables variables = entry->run->client->variables;
  const char *p = text;

  while (*p != '\0')
    {
      if (p[0] == '$' && p[1] == '{')
        {
          const char *close = strchr (p + 2, '}');

          if (close != NULL)
            {
              g_autofree char *inner = g_strndup (p + 2, close - p - 2);
              g_autofree char *whole = g_strndup (p, close + 1 - p);

              resolve_braced (entry, out, inner, whole);
              p = close + 1;
              continue;
            }
        }
      else if (p[0] == '$' && (variables & TETHER_IMPORT_VARIABLES_DOLLAR) != 0 &&
               (g_ascii_isalpha (p[1]) || p[1] == '_'))
        {
          const char *q = p + 1;
          g_autofree char *name = NULL;

          while (g_ascii_isalnum (*q) || *q == '_')
            q++;
          name = g_strndup (p + 1, q - p - 1);
          _tether_import_resolve_env (entry, out, name, NULL);
          p = q;
          continue;
        }
      else if (p[0] == '{' && p[1] == '{' && (variables & TETHER_IMPORT_VARIABLES_FIVE_IRE) != 0)
        {
          const char *close = strstr (p + 2, "}}");

          if (close != NULL)
            {
              g_autofree char *inner = g_strndup (p + 2, close - p - 2);
              g_autofree char *whole = g_strndup (p, close + 2 - p);
              const char *description = strstr (inner, "::");
              g_autofree char *name = g_strndup (inner, strcspn (inner, "@:"));

              g_string_append (out, whole);
              _tether_import_entry_variable (entry, whole, name, TETHER_IMPORT_VARIABLE_OTHER,
                                             description != NULL ? description + 2 : NULL, FALSE);
              p = close + 2;
              continue;
            }
        }

      g_string_append_c (out, *p++);
    }

  return g_string_free (out, FALSE);
}
