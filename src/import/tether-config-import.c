/* tether-config-import.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-import"

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <glib/gi18n-lib.h>

#include "tether-config-document-private.h"
#include "tether-config-import-private.h"
#include "tether-env-file.h"
#include "tether-read-file.h"

/**
 * TetherConfigImport:
 *
 * Reads other clients' configuration files (or pasted text) and turns every
 * server entry in them into a #TetherServerConfig, with warnings, notes and
 * the placeholders that still need a value. See #TetherImportFormat for the
 * formats. A format is recognised by content first (root keys, keys only one
 * client uses) and by file name second. The source is only ever read.
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

/* Above this, parsing goes to a worker thread so no frame stalls. */
#define THREAD_THRESHOLD (256 * 1024)
#define READ_CHUNK       (64 * 1024)

/* What one import needs from the importer, copied so a worker thread can
 * use it while the importer changes. */
typedef struct
{
  char     *home;
  char    **environment;
  guint64   max_size;
  gboolean  env_file_values;
} Settings;

static void
settings_free (Settings *settings)
{
  g_free (settings->home);
  g_strfreev (settings->environment);
  g_free (settings);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Settings, settings_free)

static Settings *
settings_new (TetherConfigImport *self)
{
  Settings *settings = g_new0 (Settings, 1);

  settings->home = g_strdup (tether_config_import_get_home_dir (self));
  settings->environment = self->environment != NULL ? g_strdupv (self->environment) : g_get_environ ();
  settings->max_size = self->max_size;
  settings->env_file_values = self->env_file_values;

  return settings;
}

typedef enum
{
  DIALECT_VSCODE   = 1 << 0,  /* ${NAME} is not an env reference */
  DIALECT_GEMINI   = 1 << 1,  /* url = SSE, timeout in ms, $NAME */
  DIALECT_CLINE    = 1 << 2,  /* timeout in s */
  DIALECT_FIVE_IRE = 1 << 3,  /* {{name@type::description}} */
} Dialect;

typedef struct
{
  Settings              *settings;
  TetherConfigDocument  *doc;
  const char            *display;     /* for messages */
  char                  *base_name;   /* the file's name, for recognition */
  char                  *dir_name;    /* its folder's name */
  char                  *path;        /* its full path, when local */
  TetherImportFormat     format;
  Dialect                dialect;
  TetherImportResult    *result;
  JsonArray             *inputs;
  char                  *workspace;
  GError                *first_skip_error;
} Import;

typedef struct
{
  Import             *import;
  TetherImportItem   *item;
  TetherServerConfig *config;
  const char         *name;
  const char         *pointer;   /* of the entry */
  JsonObject         *object;
} Entry;

static void
import_clear (Import *import)
{
  g_clear_pointer (&import->doc, tether_config_document_unref);
  g_clear_pointer (&import->base_name, g_free);
  g_clear_pointer (&import->dir_name, g_free);
  g_clear_pointer (&import->path, g_free);
  g_clear_object (&import->result);
  g_clear_pointer (&import->inputs, json_array_unref);
  g_clear_pointer (&import->workspace, g_free);
  g_clear_error (&import->first_skip_error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Import, import_clear)

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_scalar (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node);
}

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

/* An error about the entry, located in the file. */
static GError *
entry_error (Entry             *entry,
             TetherConfigError  code,
             const char        *key,
             const char        *format,
             ...) G_GNUC_PRINTF (4, 5);

static GError *
entry_error (Entry             *entry,
             TetherConfigError  code,
             const char        *key,
             const char        *format,
             ...)
{
  g_autofree char *message = NULL;
  g_autofree char *path = NULL;
  GError *error;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  path = key != NULL ? tether_json_pointer_append ("", key) : NULL;
  error = tether_config_error_new (code, path, "%s", message);
  tether_config_document_locate_error (entry->import->doc, entry->pointer, error);

  return error;
}

static GError *
entry_wrong_type (Entry      *entry,
                  const char *key,
                  const char *expected)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  /* Translators: server “memory”: “args” must be an array of strings, found a number */
  return entry_error (entry, TETHER_CONFIG_ERROR_INVALID_TYPE, key,
                      _("server “%s”: “%s” must be %s, found %s"),
                      entry->name, key, expected, tether_json_type_name (node));
}

static void
entry_warn (Entry      *entry,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
entry_warn (Entry      *entry,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  _tether_import_item_add_warning (entry->item, message);
}

static void
entry_note (Entry      *entry,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
entry_note (Entry      *entry,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  _tether_import_item_add_note (entry->item, message);
}

/* Variables */

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

static TetherImportVariable *
entry_variable (Entry                    *entry,
                const char               *placeholder,
                const char               *name,
                TetherImportVariableKind  kind,
                const char               *description,
                gboolean                  secret)
{
  TetherImportResult *result = entry->import->result;
  TetherImportVariable *variable = _tether_import_result_lookup_variable (result, placeholder);

  if (variable == NULL)
    {
      g_autoptr(TetherImportVariable) created =
        _tether_import_variable_new (placeholder, name, kind, description, secret);

      _tether_import_result_add_variable (result, created);
      variable = created;
    }
  else
    _tether_import_variable_update (variable, description, secret);

  _tether_import_item_add_variable (entry->item, variable);

  if (description != NULL)
    /* Translators: “${input:key}” (API key) needs a value */
    entry_warn (entry, _("“%s” (%s) needs a value"), placeholder, description);
  else
    entry_warn (entry, _("“%s” needs a value"), placeholder);

  return variable;
}

static void
lookup_input (Import      *import,
              const char  *id,
              const char **description,
              gboolean    *password)
{
  *description = NULL;
  *password = FALSE;

  if (import->inputs == NULL)
    return;

  for (guint i = 0; i < json_array_get_length (import->inputs); i++)
    {
      JsonNode *node = json_array_get_element (import->inputs, i);
      JsonObject *input;
      JsonNode *member;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      input = json_node_get_object (node);
      member = json_object_get_member (input, "id");
      if (!is_string (member) || g_strcmp0 (json_node_get_string (member), id) != 0)
        continue;

      member = json_object_get_member (input, "description");
      if (is_string (member))
        *description = json_node_get_string (member);
      member = json_object_get_member (input, "password");
      if (member != NULL && JSON_NODE_HOLDS_VALUE (member) &&
          json_node_get_value_type (member) == G_TYPE_BOOLEAN)
        *password = json_node_get_boolean (member);
      return;
    }
}

/* An environment variable: its value if set here, else the canonical
 * placeholder and a variable to ask for. */
static void
resolve_env (Entry      *entry,
             GString    *out,
             const char *name,
             const char *fallback)
{
  const char *value = g_environ_getenv (entry->import->settings->environment, name);
  g_autofree char *placeholder = NULL;

  if (value != NULL)
    {
      g_string_append (out, value);
      /* Translators: a note; the value itself is never shown */
      entry_note (entry, _("“%s” was taken from the environment"), name);
      return;
    }

  if (fallback != NULL)
    {
      g_string_append (out, fallback);
      entry_note (entry, _("“%s” is not set here; its default from the file was used"), name);
      return;
    }

  placeholder = g_strdup_printf ("${env:%s}", name);
  g_string_append (out, placeholder);
  entry_variable (entry, placeholder, name, TETHER_IMPORT_VARIABLE_ENV, NULL, looks_secret (name));
}

static void
resolve_braced (Entry      *entry,
                GString    *out,
                const char *inner,
                const char *whole)
{
  Import *import = entry->import;

  if (g_str_has_prefix (inner, "env:") && tether_env_file_is_name (inner + 4, strlen (inner + 4)))
    resolve_env (entry, out, inner + 4, NULL);
  else if (g_str_equal (inner, "userHome"))
    {
      g_string_append (out, import->settings->home);
      entry_note (entry, _("“${userHome}” is %s"), import->settings->home);
    }
  else if (g_str_equal (inner, "workspaceFolder") || g_str_equal (inner, "workspaceFolderBasename"))
    {
      if (import->workspace != NULL)
        {
          g_autofree char *base = g_path_get_basename (import->workspace);
          const char *value = g_str_equal (inner, "workspaceFolder") ? import->workspace : base;

          g_string_append (out, value);
          entry_note (entry, _("“%s” is %s (the project that holds %s)"), whole, value,
                      import->dir_name);
        }
      else
        {
          g_string_append (out, whole);
          entry_variable (entry, whole, inner, TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER,
                          _("the project folder"), FALSE);
        }
    }
  else if (g_str_has_prefix (inner, "input:"))
    {
      const char *description;
      gboolean password;

      lookup_input (import, inner + 6, &description, &password);
      if (description == NULL && import->inputs != NULL)
        entry_warn (entry, _("the file declares no input “%s”"), inner + 6);
      g_string_append (out, whole);
      entry_variable (entry, whole, inner + 6, TETHER_IMPORT_VARIABLE_INPUT, description, password);
    }
  else if (g_str_equal (inner, "pathSeparator") || g_str_equal (inner, "/"))
    g_string_append_c (out, '/');
  else if ((import->dialect & DIALECT_VSCODE) == 0 &&
           tether_env_file_is_name (inner, strcspn (inner, ":")) &&
           (inner[strcspn (inner, ":")] == '\0' || g_str_has_prefix (inner + strcspn (inner, ":"), ":-")))
    {
      gsize length = strcspn (inner, ":");
      g_autofree char *name = g_strndup (inner, length);

      resolve_env (entry, out, name, inner[length] != '\0' ? inner + length + 2 : NULL);
    }
  else
    {
      g_string_append (out, whole);
      entry_variable (entry, whole, inner, TETHER_IMPORT_VARIABLE_OTHER, NULL, FALSE);
    }
}

/* Substitutes what can be known now; records the rest. */
static char *
resolve_text (Entry      *entry,
              const char *text)
{
  GString *out = g_string_new (NULL);
  Dialect dialect = entry->import->dialect;
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
      else if (p[0] == '$' && (dialect & DIALECT_GEMINI) != 0 && (g_ascii_isalpha (p[1]) || p[1] == '_'))
        {
          const char *q = p + 1;
          g_autofree char *name = NULL;

          while (g_ascii_isalnum (*q) || *q == '_')
            q++;
          name = g_strndup (p + 1, q - p - 1);
          resolve_env (entry, out, name, NULL);
          p = q;
          continue;
        }
      else if (p[0] == '{' && p[1] == '{' && (dialect & DIALECT_FIVE_IRE) != 0)
        {
          const char *close = strstr (p + 2, "}}");

          if (close != NULL)
            {
              g_autofree char *inner = g_strndup (p + 2, close - p - 2);
              g_autofree char *whole = g_strndup (p, close + 2 - p);
              const char *description = strstr (inner, "::");
              g_autofree char *name = g_strndup (inner, strcspn (inner, "@:"));

              g_string_append (out, whole);
              entry_variable (entry, whole, name, TETHER_IMPORT_VARIABLE_OTHER,
                              description != NULL ? description + 2 : NULL, FALSE);
              p = close + 2;
              continue;
            }
        }

      g_string_append_c (out, *p++);
    }

  return g_string_free (out, FALSE);
}

static gboolean
looks_windows (const char *text)
{
  g_autofree char *lower = NULL;

  if (text == NULL)
    return FALSE;

  if ((g_ascii_isalpha (text[0]) && text[1] == ':' && (text[2] == '\\' || text[2] == '/')) ||
      g_str_has_prefix (text, "\\\\") || strstr (text, ":\\") != NULL)
    return TRUE;

  lower = g_ascii_strdown (text, -1);

  return strstr (lower, "%appdata%") != NULL || strstr (lower, "%userprofile%") != NULL ||
         strstr (lower, "%localappdata%") != NULL ||
         g_str_has_suffix (lower, ".exe") || g_str_has_suffix (lower, ".cmd") ||
         g_str_has_suffix (lower, ".bat");
}

static void
check_windows (Entry      *entry,
               const char *what,
               const char *text)
{
  if (looks_windows (text))
    /* Translators: “C:\tools\srv.exe” in “command” looks like a Windows path… */
    entry_warn (entry, _("“%s” in “%s” looks like a Windows path; it will not work on Linux"),
                text, what);
}

/* Readers of entry members. Each returns FALSE with @error set on a type
 * it cannot take; lenient where a client is (numbers in args). */

static gboolean
entry_get_string (Entry       *entry,
                  const char  *key,
                  char       **out,
                  GError     **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!is_string (node))
    {
      g_propagate_error (error, entry_wrong_type (entry, key, _("a string")));
      return FALSE;
    }

  *out = resolve_text (entry, json_node_get_string (node));

  return TRUE;
}

static gboolean
entry_get_strv (Entry        *entry,
                const char   *key,
                gboolean      split_string,
                char       ***out,
                GError      **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonArray *array;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (split_string && is_string (node))
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
                             entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, key,
                                          _("server “%s”: “%s” is one string that cannot be split into arguments: %s"),
                                          entry->name, key, local_error->message));
          return FALSE;
        }
      entry_warn (entry, _("“%s” was one string; it was split into %d arguments as a shell would"),
                  key, argc);
      for (int i = 0; i < argc; i++)
        {
          char *resolved = resolve_text (entry, argv[i]);

          g_free (argv[i]);
          argv[i] = resolved;
        }
      *out = g_steal_pointer (&argv);
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_propagate_error (error, entry_wrong_type (entry, key, _("an array of strings")));
      return FALSE;
    }

  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *text = NULL;

      if (!is_scalar (element))
        {
          g_autofree char *path = tether_json_pointer_append (entry->pointer, key);
          g_autofree char *element_path = tether_json_pointer_append_index (path, i);
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, element_path,
                                     _("server “%s”: “%s” must be an array of strings, found %s at position %u"),
                                     entry->name, key, tether_json_type_name (element), i + 1);

          tether_config_document_locate_error (entry->import->doc, NULL, local_error);
          g_propagate_error (error, local_error);
          return FALSE;
        }

      text = scalar_text (element);
      if (!is_string (element))
        entry_warn (entry, _("“%s”: the %s %s was taken as the text “%s”"),
                    key, tether_json_type_name (element), text, text);
      {
        g_autofree char *resolved = resolve_text (entry, text);

        g_strv_builder_add (builder, resolved);
      }
    }

  *out = g_strv_builder_end (builder);

  return TRUE;
}

/* An object of strings, values resolved, into @set (env or headers). */
static gboolean
entry_get_map (Entry       *entry,
               const char  *key,
               void       (*set) (TetherServerConfig *, const char *, const char *),
               GError     **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error, entry_wrong_type (entry, key, _("an object of strings")));
      return FALSE;
    }

  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);
      g_autofree char *text = NULL;
      g_autofree char *resolved = NULL;

      if (JSON_NODE_HOLDS_NULL (value))
        {
          entry_warn (entry, _("“%s.%s” is null and was left out"), key, (const char *)l->data);
          continue;
        }
      if (!is_scalar (value))
        {
          g_autofree char *path = tether_json_pointer_append (entry->pointer, key);
          g_autofree char *member_path = tether_json_pointer_append (path, l->data);
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, member_path,
                                     _("server “%s”: “%s.%s” must be a string, found %s"),
                                     entry->name, key, (const char *)l->data, tether_json_type_name (value));

          tether_config_document_locate_error (entry->import->doc, NULL, local_error);
          g_propagate_error (error, local_error);
          return FALSE;
        }

      text = scalar_text (value);
      if (!is_string (value))
        entry_warn (entry, _("“%s.%s”: the %s was taken as text"), key, (const char *)l->data,
                    tether_json_type_name (value));
      resolved = resolve_text (entry, text);
      set (entry->config, l->data, resolved);
    }

  return TRUE;
}

static gboolean
entry_get_bool (Entry       *entry,
                const char  *key,
                gboolean    *present,
                gboolean    *out,
                GError     **error)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  *present = FALSE;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_propagate_error (error, entry_wrong_type (entry, key, _("true or false")));
      return FALSE;
    }

  *present = TRUE;
  *out = json_node_get_boolean (node);

  return TRUE;
}

static gboolean
entry_get_number (Entry       *entry,
                  const char  *key,
                  double      *out,
                  GError     **error)
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
      g_propagate_error (error, entry_wrong_type (entry, key, _("a positive number")));
      return FALSE;
    }

  *out = json_node_get_double (node);

  return TRUE;
}

static void
set_env_value (TetherServerConfig *config,
               const char         *name,
               const char         *value)
{
  tether_server_config_set_env_value (config, name, value);
}

/* Headers are added as the file gives them: one name in two spellings
 * stays two headers, which the check of entry_finish() refuses naming
 * both, rather than one value silently replacing the other. */
static void
add_header (TetherServerConfig *config,
            const char         *name,
            const char         *value)
{
  tether_server_config_add_header (config, name, value);
}

static gboolean
entry_set_timeout (Entry       *entry,
                   const char  *key,
                   double       scale,
                   void       (*set) (TetherServerConfig *, int),
                   const char  *what,
                   GError     **error)
{
  double value;
  int msec;

  if (!entry_get_number (entry, key, &value, error))
    return FALSE;
  if (value < 0)
    return TRUE;

  msec = (int)CLAMP (value * scale, 1, G_MAXINT);
  set (entry->config, msec);
  /* Translators: “timeout” (seconds) became the tool call timeout of 60000 ms */
  entry_note (entry, _("“%s” became the %s of %d ms"), key, what, msec);

  return TRUE;
}

/* envFile: KEY=VALUE lines, read now; the entry's own env wins. Bounded
 * like every file read, and refused at once if it is no regular file. A
 * dry run reads only the names, which is all its preview shows. */
static void
entry_read_env_file (Entry      *entry,
                     const char *path)
{
  g_autofree char *resolved_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) variables = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) listed = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean with_values = entry->import->settings->env_file_values;
  gsize length;
  guint count;

  if (strstr (path, "${") != NULL)
    {
      entry_warn (entry, _("“envFile” (%s) was not read: it needs a value first; "
                           "add its variables to the server’s environment by hand"), path);
      return;
    }

  if (g_path_is_absolute (path) || entry->import->path == NULL)
    resolved_path = g_strdup (path);
  else
    {
      g_autofree char *dir = g_path_get_dirname (entry->import->path);

      resolved_path = g_build_filename (dir, path, NULL);
    }

  if (!tether_read_file (resolved_path, NULL, TETHER_READ_MAX_FILE_SIZE, &contents, &length, &error))
    {
      entry_warn (entry, _("“envFile” was not read: %s; add its variables to the server’s environment by hand"),
                  error->message);
      return;
    }

  variables = tether_env_file_parse (contents, length, with_values, &error);
  if (variables == NULL)
    {
      entry_warn (entry, _("“envFile” (%s) could not be read: %s; "
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

  if (with_values || count == 0)
    entry_note (entry, g_dngettext (GETTEXT_PACKAGE, "%u variable was read from “envFile” (%s)",
                                    "%u variables were read from “envFile” (%s)", count),
                count, resolved_path);
  else
    entry_note (entry, g_dngettext (GETTEXT_PACKAGE,
                                    "%u variable is named in “envFile” (%s): %s; a dry run does not read its value",
                                    "%u variables are named in “envFile” (%s): %s; a dry run does not read their values",
                                    count),
                count, resolved_path, count > 10 ? g_string_append (listed, ", …")->str : listed->str);
}

/* Keys every normaliser reads; the others are reported as ignored. */
static gboolean
key_in (const char         *key,
        const char * const *keys)
{
  return g_strv_contains (keys, key);
}

static void
warn_ignored_keys (Entry              *entry,
                   const char * const *handled)
{
  g_autoptr(GList) members = json_object_get_members (entry->object);
  g_autoptr(GString) ignored = g_string_new (NULL);
  guint n = 0;

  for (GList *l = members; l != NULL; l = l->next)
    {
      if (key_in (l->data, handled))
        continue;
      g_string_append_printf (ignored, "%s“%s”", n > 0 ? ", " : "", (const char *)l->data);
      n++;
    }

  if (n > 0)
    entry_warn (entry, g_dngettext (GETTEXT_PACKAGE, "ignored: %s (not used by Tether)",
                                    "ignored: %s (not used by Tether)", n),
                ignored->str);
}

static void
entry_skip (Entry      *entry,
            const char *reason)
{
  _tether_import_item_set_skip_reason (entry->item, reason);
}

static void
entry_skip_error (Entry  *entry,
                  GError *error)
{
  entry_skip (entry, error->message);
  if (entry->import->first_skip_error == NULL)
    entry->import->first_skip_error = error;
  else
    g_error_free (error);
}

static const char *
format_name (Import *import)
{
  return tether_import_format_get_display_name (import->format);
}

static void
entry_disabled (Entry      *entry,
                const char *key)
{
  tether_server_config_set_enabled (entry->config, FALSE);
  /* Translators: disabled in Cline (“disabled”); imported disabled */
  entry_warn (entry, _("disabled in %s (“%s”); imported disabled"), format_name (entry->import), key);
}

/* Checks what an importable entry must have; skips it otherwise. */
static void
entry_finish (Entry *entry)
{
  g_autoptr(GError) error = NULL;
  const char *url;

  if (tether_import_item_get_skipped (entry->item))
    return;

  url = tether_server_config_get_url (entry->config);
  if (tether_server_kind_is_remote (tether_server_config_get_kind (entry->config)) && url != NULL &&
      (g_str_has_prefix (url, "unix:") || g_str_has_prefix (url, "pipe:")))
    {
      entry_skip (entry, _("a local socket or pipe URL; Tether connects over TCP only"));
      return;
    }

  check_windows (entry, "command", tether_server_config_get_command (entry->config));
  for (const char * const *arg = tether_server_config_get_args (entry->config);
       arg != NULL && *arg != NULL; arg++)
    check_windows (entry, "args", *arg);
  check_windows (entry, "cwd", tether_server_config_get_cwd (entry->config));
  if (tether_server_config_get_cwd (entry->config) != NULL &&
      !g_path_is_absolute (tether_server_config_get_cwd (entry->config)) &&
      !looks_windows (tether_server_config_get_cwd (entry->config)))
    entry_warn (entry, _("“cwd” is relative (%s); make it an absolute path"),
                tether_server_config_get_cwd (entry->config));

  if (!tether_server_config_validate (entry->config, &error))
    {
      /* A URL still made of placeholders is completed in the preview. */
      if (tether_import_item_get_n_unresolved (entry->item) > 0 &&
          g_error_matches (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE) &&
          g_strcmp0 (tether_config_error_get_path (error), "/url") == 0 && url != NULL &&
          strstr (url, "${") != NULL)
        return;
      tether_config_document_locate_error (entry->import->doc, entry->pointer, error);
      entry_skip_error (entry, g_steal_pointer (&error));
    }
}

/* The shared shape: mcpServers, VS Code servers, Zed context_servers. */
static const char * const common_keys[] = {
  "type", "transportType", "command", "args", "env", "envFile", "cwd", "url", "serverUrl",
  "httpUrl", "headers", "disabled", "enabled", "isActive", "timeout", "name", "description",
  "source", "settings", "$schema", NULL
};

static gboolean
read_common_entry (Entry   *entry,
                   GError **error)
{
  Import *import = entry->import;
  TetherServerConfig *config = entry->config;
  g_autofree char *type = NULL;
  g_autofree char *transport_type = NULL;
  g_autofree char *command = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *url = NULL;
  g_autofree char *server_url = NULL;
  g_autofree char *http_url = NULL;
  g_autofree char *env_file = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) command_argv = NULL;
  TetherServerKind kind = TETHER_SERVER_KIND_STDIO;
  gboolean has_kind = FALSE;
  gboolean present, flag;
  JsonNode *command_node = json_object_get_member (entry->object, "command");

  /* Old Zed: "command": { "path", "args", "env" }. OpenCode: an array. */
  if (command_node != NULL && JSON_NODE_HOLDS_OBJECT (command_node))
    {
      Entry inner = *entry;
      g_autofree char *pointer = tether_json_pointer_append (entry->pointer, "command");

      inner.object = json_node_get_object (command_node);
      inner.pointer = pointer;
      if (!entry_get_string (&inner, "path", &command, error) ||
          !entry_get_strv (&inner, "args", FALSE, &args, error) ||
          !entry_get_map (&inner, "env", set_env_value, error))
        return FALSE;
      if (command == NULL)
        {
          g_propagate_error (error, entry_error (&inner, TETHER_CONFIG_ERROR_INVALID_TYPE, "path",
                                                 _("server “%s”: “command.path” must be a string"),
                                                 entry->name));
          return FALSE;
        }
    }
  else if (command_node != NULL && JSON_NODE_HOLDS_ARRAY (command_node))
    {
      if (!entry_get_strv (entry, "command", FALSE, &command_argv, error))
        return FALSE;
      if (command_argv[0] == NULL)
        {
          g_propagate_error (error, entry_wrong_type (entry, "command", _("a string")));
          return FALSE;
        }
      command = g_strdup (command_argv[0]);
    }
  else if (!entry_get_string (entry, "command", &command, error))
    return FALSE;

  if (args == NULL && !entry_get_strv (entry, "args", TRUE, &args, error))
    return FALSE;

  if (command_argv != NULL && command_argv[1] != NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      g_strv_builder_addv (builder, (const char **)command_argv + 1);
      if (args != NULL)
        g_strv_builder_addv (builder, (const char **)args);
      g_strfreev (args);
      args = g_strv_builder_end (builder);
    }

  if (!entry_get_string (entry, "type", &type, error) ||
      !entry_get_string (entry, "transportType", &transport_type, error) ||
      !entry_get_map (entry, "env", set_env_value, error) ||
      !entry_get_string (entry, "envFile", &env_file, error) ||
      !entry_get_string (entry, "cwd", &cwd, error) ||
      !entry_get_string (entry, "url", &url, error) ||
      !entry_get_string (entry, "serverUrl", &server_url, error) ||
      !entry_get_string (entry, "httpUrl", &http_url, error) ||
      !entry_get_map (entry, "headers", add_header, error))
    return FALSE;

  /* The transport: an explicit type first. */
  if (type != NULL)
    {
      if (!tether_server_kind_from_string (type, &kind))
        {
          g_propagate_error (error,
                             entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, "type",
                                          _("server “%s”: unknown transport type “%s” (expected stdio, http, streamable-http or sse)"),
                                          entry->name, type));
          return FALSE;
        }
      has_kind = TRUE;
    }
  else if (transport_type != NULL)
    {
      if (!tether_server_kind_from_string (transport_type, &kind))
        {
          g_propagate_error (error,
                             entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, "transportType",
                                          _("server “%s”: unknown transport type “%s” (expected stdio, http or sse)"),
                                          entry->name, transport_type));
          return FALSE;
        }
      has_kind = TRUE;
    }

  if (!has_kind)
    {
      if (command != NULL)
        kind = TETHER_SERVER_KIND_STDIO;
      else if (http_url != NULL)
        kind = TETHER_SERVER_KIND_HTTP;
      else if (url != NULL)
        kind = (import->dialect & DIALECT_GEMINI) != 0 ? TETHER_SERVER_KIND_SSE
                                                       : TETHER_SERVER_KIND_AUTO;
      else if (server_url != NULL)
        kind = TETHER_SERVER_KIND_AUTO;
      else
        {
          g_propagate_error (error,
                             entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, NULL,
                                          _("server “%s” has neither a “command” nor a “url”"),
                                          entry->name));
          return FALSE;
        }
    }

  if (command != NULL && (url != NULL || http_url != NULL || server_url != NULL) &&
      kind == TETHER_SERVER_KIND_STDIO)
    entry_warn (entry, _("it has both a command and a URL; the command is used"));

  if (kind == TETHER_SERVER_KIND_AUTO && (import->dialect & DIALECT_CLINE) != 0 && type == NULL &&
      transport_type == NULL)
    entry_note (entry, _("a URL without a type is SSE in Cline; Tether tries Streamable HTTP first "
                         "and falls back to SSE"));

  if (import->format == TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP && tether_server_kind_is_remote (kind))
    entry_warn (entry, _("Claude Desktop runs only stdio servers from this file, so it probably "
                         "ignored this entry"));

  tether_server_config_set_kind (config, kind);
  tether_server_config_set_command (config, command);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_cwd (config, cwd);
  tether_server_config_set_url (config, http_url != NULL ? http_url
                                        : url != NULL ? url : server_url);

  if (env_file != NULL)
    entry_read_env_file (entry, env_file);

  /* Disabled flags, whatever the client calls them. */
  if (!entry_get_bool (entry, "disabled", &present, &flag, error))
    return FALSE;
  if (present && flag)
    entry_disabled (entry, "disabled");
  if (!entry_get_bool (entry, "enabled", &present, &flag, error))
    return FALSE;
  if (present && !flag)
    entry_disabled (entry, "enabled");
  if (!entry_get_bool (entry, "isActive", &present, &flag, error))
    return FALSE;
  if (present && !flag)
    entry_disabled (entry, "isActive");

  /* timeout: Cline seconds, Gemini milliseconds, elsewhere a guess. */
  if (json_object_has_member (entry->object, "timeout"))
    {
      double scale = 1;

      if ((import->dialect & DIALECT_CLINE) != 0)
        scale = 1000;
      else if ((import->dialect & DIALECT_GEMINI) == 0)
        {
          double value;

          if (!entry_get_number (entry, "timeout", &value, error))
            return FALSE;
          scale = value < 1000 ? 1000 : 1;
          entry_warn (entry, _("“timeout” has no unit in this format; %g was taken as %s"),
                      value, scale > 1 ? _("seconds") : _("milliseconds"));
        }
      if (!entry_set_timeout (entry, "timeout", scale, tether_server_config_set_tool_timeout,
                              _("tool call timeout"), error))
        return FALSE;
    }

  return TRUE;
}

static Entry
entry_begin (Import     *import,
             const char *name,
             const char *pointer,
             const char *source_key)
{
  Entry entry = { import, NULL, NULL, name, pointer, NULL };
  g_autoptr(TetherServerConfig) config = tether_server_config_new (name);

  entry.item = _tether_import_item_new (config, source_key);
  entry.config = tether_import_item_get_config (entry.item);
  _tether_import_result_add_item (import->result, entry.item);
  g_object_unref (entry.item);

  return entry;
}

static char *
source_key_join (const char *prefix,
                 const char *name)
{
  return prefix != NULL ? g_strdup_printf ("%s.%s", prefix, name) : g_strdup (name);
}

/* Normalises one entry of the common shape; never fails: a bad entry is
 * skipped with its reason. */
static void
import_common_entry (Import     *import,
                     const char *name,
                     JsonNode   *node,
                     const char *pointer,
                     const char *source_key)
{
  Entry entry = entry_begin (import, name, pointer, source_key);
  GError *error = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                       _("server “%s” must be an object, found %s"),
                                       name, tether_json_type_name (node));
      tether_config_document_locate_error (import->doc, pointer, error);
      entry_skip_error (&entry, error);
      return;
    }
  entry.object = json_node_get_object (node);

  /* Zed: entries of extensions carry only settings. */
  if (import->format == TETHER_IMPORT_FORMAT_ZED)
    {
      JsonNode *source = json_object_get_member (entry.object, "source");

      if ((is_string (source) && g_str_equal (json_node_get_string (source), "extension")) ||
          (!json_object_has_member (entry.object, "command") &&
           !json_object_has_member (entry.object, "url")))
        {
          entry_skip (&entry, _("provided by a Zed extension, which Tether cannot run; "
                                "add the server’s own command instead"));
          return;
        }
    }

  if (!read_common_entry (&entry, &error))
    {
      entry_skip_error (&entry, error);
      return;
    }

  if (import->format == TETHER_IMPORT_FORMAT_ZED)
    {
      JsonNode *settings = json_object_get_member (entry.object, "settings");

      if (settings != NULL && JSON_NODE_HOLDS_OBJECT (settings) &&
          json_object_get_size (json_node_get_object (settings)) > 0)
        entry_warn (&entry, _("its Zed “settings” are not used by Tether"));
    }

  /* VS Code's sandbox and dev keys, Cline's approvals and the like. */
  warn_ignored_keys (&entry, common_keys);

  entry_finish (&entry);
}

static void
import_server_map (Import     *import,
                   JsonObject *servers,
                   const char *pointer,
                   const char *source_prefix)
{
  g_autoptr(GList) members = json_object_get_members (servers);

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *entry_pointer = tether_json_pointer_append (pointer, l->data);
      g_autofree char *source_key = source_key_join (source_prefix, l->data);

      import_common_entry (import, l->data, json_object_get_member (servers, l->data),
                           entry_pointer, source_key);
    }
}

/* An array of entries named by a field: 5ire's legacy "servers", an
 * "mcpServers" array. */
static void
import_server_array (Import     *import,
                     JsonArray  *servers,
                     const char *pointer,
                     const char *source_prefix,
                     const char *name_key)
{
  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonNode *node = json_array_get_element (servers, i);
      g_autofree char *entry_pointer = tether_json_pointer_append_index (pointer, i);
      g_autofree char *fallback = g_strdup_printf ("server-%u", i + 1);
      g_autofree char *source_key = g_strdup_printf ("%s[%u]", source_prefix, i);
      const char *name = fallback;

      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *object = json_node_get_object (node);

          if (is_string (json_object_get_member (object, name_key)))
            name = json_object_get_string_member (object, name_key);
          else if (is_string (json_object_get_member (object, "name")))
            name = json_object_get_string_member (object, "name");
        }

      import_common_entry (import, name, node, entry_pointer, source_key);
    }
}

/* Codex config.toml */

static void
set_bearer (Entry      *entry,
            const char *token)
{
  g_autofree char *value = g_strdup_printf ("Bearer %s", token);

  add_header (entry->config, "Authorization", value);
}

static gboolean
read_codex_entry (Entry   *entry,
                  GError **error)
{
  static const char * const handled[] = {
    "command", "args", "env", "env_vars", "cwd", "url", "bearer_token_env_var", "bearer_token",
    "http_headers", "env_http_headers", "startup_timeout_sec", "startup_timeout_ms",
    "tool_timeout_sec", "enabled", NULL
  };
  TetherServerConfig *config = entry->config;
  g_autofree char *command = NULL;
  g_autofree char *cwd = NULL;
  g_autofree char *url = NULL;
  g_autofree char *bearer_env = NULL;
  g_autofree char *bearer = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) env_vars = NULL;
  gboolean present, flag;

  if (!entry_get_string (entry, "command", &command, error) ||
      !entry_get_strv (entry, "args", FALSE, &args, error) ||
      !entry_get_map (entry, "env", set_env_value, error) ||
      !entry_get_strv (entry, "env_vars", FALSE, &env_vars, error) ||
      !entry_get_string (entry, "cwd", &cwd, error) ||
      !entry_get_string (entry, "url", &url, error) ||
      !entry_get_string (entry, "bearer_token_env_var", &bearer_env, error) ||
      !entry_get_string (entry, "bearer_token", &bearer, error) ||
      !entry_get_map (entry, "http_headers", add_header, error))
    return FALSE;

  if (command != NULL)
    tether_server_config_set_kind (config, TETHER_SERVER_KIND_STDIO);
  else if (url != NULL)
    tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  else
    {
      g_propagate_error (error,
                         entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, NULL,
                                      _("server “%s” has neither a “command” nor a “url”"),
                                      entry->name));
      return FALSE;
    }

  tether_server_config_set_command (config, command);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_cwd (config, cwd);
  tether_server_config_set_url (config, url);

  /* Names passed through from Codex's environment. */
  for (guint i = 0; env_vars != NULL && env_vars[i] != NULL; i++)
    {
      g_autoptr(GString) value = g_string_new (NULL);

      if (tether_server_config_get_env_value (config, env_vars[i]) != NULL)
        continue;
      resolve_env (entry, value, env_vars[i], NULL);
      tether_server_config_set_env_value (config, env_vars[i], value->str);
    }

  if (bearer_env != NULL)
    {
      g_autoptr(GString) value = g_string_new (NULL);

      resolve_env (entry, value, bearer_env, NULL);
      set_bearer (entry, value->str);
    }
  else if (bearer != NULL)
    {
      set_bearer (entry, bearer);
      entry_warn (entry, _("an inline “bearer_token” (which Codex refuses) became the "
                           "Authorization header"));
    }

  {
    JsonNode *node = json_object_get_member (entry->object, "env_http_headers");
    g_autoptr(GList) members = NULL;
    JsonObject *headers;

    if (node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
      {
        g_propagate_error (error, entry_wrong_type (entry, "env_http_headers",
                                                    _("a table of strings")));
        return FALSE;
      }
    headers = node != NULL ? json_node_get_object (node) : NULL;
    members = headers != NULL ? json_object_get_members (headers) : NULL;
    for (GList *l = members; l != NULL; l = l->next)
      {
        JsonNode *name = json_object_get_member (headers, l->data);
        g_autoptr(GString) value = g_string_new (NULL);

        if (!is_string (name))
          {
            g_propagate_error (error, entry_wrong_type (entry, "env_http_headers",
                                                        _("a table of strings")));
            return FALSE;
          }
        resolve_env (entry, value, json_node_get_string (name), NULL);
        add_header (config, l->data, value->str);
      }
  }

  if (!entry_set_timeout (entry, "startup_timeout_sec", 1000,
                          tether_server_config_set_connect_timeout, _("connect timeout"), error) ||
      !entry_set_timeout (entry, "startup_timeout_ms", 1,
                          tether_server_config_set_connect_timeout, _("connect timeout"), error) ||
      !entry_set_timeout (entry, "tool_timeout_sec", 1000,
                          tether_server_config_set_tool_timeout, _("tool call timeout"), error))
    return FALSE;

  if (!entry_get_bool (entry, "enabled", &present, &flag, error))
    return FALSE;
  if (present && !flag)
    entry_disabled (entry, "enabled");

  warn_ignored_keys (entry, handled);

  return TRUE;
}

/* goose config.yaml */

static gboolean
read_goose_entry (Entry       *entry,
                  const char  *type,
                  GError     **error)
{
  static const char * const handled[] = {
    "type", "cmd", "args", "envs", "env_keys", "timeout", "uri", "headers", "enabled", "name",
    "description", "bundled", NULL
  };
  TetherServerConfig *config = entry->config;
  g_autofree char *cmd = NULL;
  g_autofree char *uri = NULL;
  g_auto(GStrv) args = NULL;
  g_auto(GStrv) env_keys = NULL;
  TetherServerKind kind;
  gboolean present, flag;

  if (!tether_server_kind_from_string (type, &kind) || kind == TETHER_SERVER_KIND_AUTO)
    {
      g_propagate_error (error,
                         entry_error (entry, TETHER_CONFIG_ERROR_INVALID_VALUE, "type",
                                      _("extension “%s”: unknown type “%s” (expected stdio or streamable_http)"),
                                      entry->name, type));
      return FALSE;
    }

  if (!entry_get_string (entry, "cmd", &cmd, error) ||
      !entry_get_strv (entry, "args", FALSE, &args, error) ||
      !entry_get_map (entry, "envs", set_env_value, error) ||
      !entry_get_strv (entry, "env_keys", FALSE, &env_keys, error) ||
      !entry_get_string (entry, "uri", &uri, error) ||
      !entry_get_map (entry, "headers", add_header, error))
    return FALSE;

  tether_server_config_set_kind (config, kind);
  tether_server_config_set_command (config, cmd);
  tether_server_config_set_args (config, (const char * const *)args);
  tether_server_config_set_url (config, uri);

  if (kind == TETHER_SERVER_KIND_SSE)
    entry_warn (entry, _("goose no longer supports SSE extensions; it is imported as legacy SSE"));

  /* Secrets goose keeps in its keyring: the environment, or ask. */
  for (guint i = 0; env_keys != NULL && env_keys[i] != NULL; i++)
    {
      g_autoptr(GString) value = g_string_new (NULL);

      if (tether_server_config_get_env_value (config, env_keys[i]) != NULL)
        continue;
      resolve_env (entry, value, env_keys[i], NULL);
      tether_server_config_set_env_value (config, env_keys[i], value->str);
    }

  if (kind != TETHER_SERVER_KIND_STDIO)
    {
      g_auto(GStrv) names = tether_server_config_dup_env_names (config);

      if (names[0] != NULL)
        entry_warn (entry, _("“envs” and “env_keys” of a remote extension are not used by Tether"));
    }

  if (!entry_set_timeout (entry, "timeout", 1000, tether_server_config_set_tool_timeout,
                          _("tool call timeout"), error))
    return FALSE;

  if (!entry_get_bool (entry, "enabled", &present, &flag, error))
    return FALSE;
  if (present && !flag)
    entry_disabled (entry, "enabled");

  warn_ignored_keys (entry, handled);

  return TRUE;
}

static void
import_goose (Import     *import,
              JsonObject *extensions)
{
  g_autoptr(GList) members = json_object_get_members (extensions);

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *pointer = tether_json_pointer_append ("/extensions", l->data);
      g_autofree char *source_key = source_key_join ("extensions", l->data);
      JsonNode *node = json_object_get_member (extensions, l->data);
      Entry entry = entry_begin (import, l->data, pointer, source_key);
      GError *error = NULL;
      JsonNode *type;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                           _("extension “%s” must be a mapping, found %s"),
                                           (const char *)l->data, tether_json_type_name (node));
          tether_config_document_locate_error (import->doc, pointer, error);
          entry_skip_error (&entry, error);
          continue;
        }
      entry.object = json_node_get_object (node);
      type = json_object_get_member (entry.object, "type");

      if (!is_string (type))
        {
          entry_skip_error (&entry, entry_wrong_type (&entry, "type", _("a string")));
          continue;
        }

      if (g_str_equal (json_node_get_string (type), "builtin") ||
          g_str_equal (json_node_get_string (type), "platform") ||
          g_str_equal (json_node_get_string (type), "frontend") ||
          g_str_equal (json_node_get_string (type), "inline_python"))
        {
          g_autofree char *reason =
            g_strdup_printf (_("a goose %s extension, which runs inside goose"),
                             json_node_get_string (type));

          entry_skip (&entry, reason);
          continue;
        }

      if (!read_goose_entry (&entry, json_node_get_string (type), &error))
        {
          entry_skip_error (&entry, error);
          continue;
        }

      entry_finish (&entry);
    }
}

static void
import_codex (Import     *import,
              JsonObject *servers)
{
  g_autoptr(GList) members = json_object_get_members (servers);

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *pointer = tether_json_pointer_append ("/mcp_servers", l->data);
      g_autofree char *source_key = source_key_join ("mcp_servers", l->data);
      JsonNode *node = json_object_get_member (servers, l->data);
      Entry entry = entry_begin (import, l->data, pointer, source_key);
      GError *error = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                           _("server “%s” must be a table, found %s"),
                                           (const char *)l->data, tether_json_type_name (node));
          tether_config_document_locate_error (import->doc, pointer, error);
          entry_skip_error (&entry, error);
          continue;
        }
      entry.object = json_node_get_object (node);

      if (!read_codex_entry (&entry, &error))
        {
          entry_skip_error (&entry, error);
          continue;
        }

      entry_finish (&entry);
    }
}

/* Recognition */

static gboolean
any_entry_has (JsonObject         *servers,
               const char * const *keys)
{
  g_autoptr(GList) members = json_object_get_members (servers);

  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (servers, l->data);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      for (guint i = 0; keys[i] != NULL; i++)
        {
          if (json_object_has_member (json_node_get_object (node), keys[i]))
            return TRUE;
        }
    }

  return FALSE;
}

static gboolean
root_has (JsonObject         *root,
          const char * const *keys)
{
  for (guint i = 0; keys[i] != NULL; i++)
    {
      if (json_object_has_member (root, keys[i]))
        return TRUE;
    }

  return FALSE;
}

static gboolean
name_is (Import     *import,
         const char *base_name)
{
  return import->base_name != NULL && g_ascii_strcasecmp (import->base_name, base_name) == 0;
}

static gboolean
dir_is (Import     *import,
        const char *dir_name)
{
  return import->dir_name != NULL && g_ascii_strcasecmp (import->dir_name, dir_name) == 0;
}

static TetherImportFormat
recognise_mcp_servers (Import     *import,
                       JsonObject *root,
                       JsonObject *servers)
{
  static const char * const windsurf[] = { "serverUrl", NULL };
  static const char * const gemini[] = { "httpUrl", "trust", "includeTools", "excludeTools",
                                         "authProviderType", NULL };
  static const char * const gemini_root[] = { "selectedAuthType", "contextFileName", "autoAccept",
                                              "checkpointing", "hideBanner", NULL };
  static const char * const cline[] = { "transportType", "autoApprove", "alwaysAllow", NULL };
  static const char * const five_ire[] = { "isActive", "approvalPolicy", NULL };
  static const char * const claude_code_root[] = { "projects", "numStartups", "userID",
                                                   "installMethod", NULL };
  static const char * const claude_desktop_root[] = { "preferences", "globalShortcut", NULL };

  if (servers != NULL)
    {
      if (any_entry_has (servers, windsurf))
        return TETHER_IMPORT_FORMAT_WINDSURF;
      if (any_entry_has (servers, gemini))
        return TETHER_IMPORT_FORMAT_GEMINI_CLI;
      if (any_entry_has (servers, cline))
        return TETHER_IMPORT_FORMAT_CLINE;
      if (any_entry_has (servers, five_ire))
        return TETHER_IMPORT_FORMAT_FIVE_IRE;
    }
  if (root_has (root, claude_code_root))
    return TETHER_IMPORT_FORMAT_CLAUDE_CODE;
  if (root_has (root, claude_desktop_root))
    return TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP;
  if (root_has (root, gemini_root))
    return TETHER_IMPORT_FORMAT_GEMINI_CLI;

  /* By name and place. */
  if (name_is (import, "claude_desktop_config.json"))
    return TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP;
  if (name_is (import, ".mcp.json") || name_is (import, ".claude.json"))
    return TETHER_IMPORT_FORMAT_CLAUDE_CODE;
  if (name_is (import, "mcp_config.json"))
    return TETHER_IMPORT_FORMAT_WINDSURF;
  if (name_is (import, "cline_mcp_settings.json") || name_is (import, "mcp_settings.json"))
    return TETHER_IMPORT_FORMAT_CLINE;
  if (name_is (import, "settings.json") || dir_is (import, ".gemini"))
    return TETHER_IMPORT_FORMAT_GEMINI_CLI;
  if (dir_is (import, ".cursor"))
    return TETHER_IMPORT_FORMAT_CURSOR;
  if (dir_is (import, ".lmstudio"))
    return TETHER_IMPORT_FORMAT_LM_STUDIO;
  if (dir_is (import, "5ire"))
    return TETHER_IMPORT_FORMAT_FIVE_IRE;

  return TETHER_IMPORT_FORMAT_MCP_SERVERS;
}

static gboolean
looks_like_server (JsonNode *node)
{
  static const char * const keys[] = { "command", "url", "serverUrl", "httpUrl", NULL };

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) && root_has (json_node_get_object (node), keys);
}

static Dialect
dialect_of (TetherImportFormat format)
{
  switch (format)
    {
    case TETHER_IMPORT_FORMAT_VSCODE:
    case TETHER_IMPORT_FORMAT_VSCODE_SETTINGS:
      return DIALECT_VSCODE;
    case TETHER_IMPORT_FORMAT_GEMINI_CLI:
      return DIALECT_GEMINI;
    case TETHER_IMPORT_FORMAT_CLINE:
      return DIALECT_CLINE;
    case TETHER_IMPORT_FORMAT_FIVE_IRE:
      return DIALECT_FIVE_IRE;
    case TETHER_IMPORT_FORMAT_UNKNOWN:
    case TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP:
    case TETHER_IMPORT_FORMAT_CURSOR:
    case TETHER_IMPORT_FORMAT_WINDSURF:
    case TETHER_IMPORT_FORMAT_ZED:
    case TETHER_IMPORT_FORMAT_LM_STUDIO:
    case TETHER_IMPORT_FORMAT_CLAUDE_CODE:
    case TETHER_IMPORT_FORMAT_CODEX:
    case TETHER_IMPORT_FORMAT_GOOSE:
    case TETHER_IMPORT_FORMAT_MCP_SERVERS:
    case TETHER_IMPORT_FORMAT_FRAGMENT:
    case TETHER_IMPORT_FORMAT_SINGLE_SERVER:
    default:
      return 0;
    }
}

static GError *
import_error (Import            *import,
              TetherConfigError  code,
              const char        *pointer,
              const char        *format,
              ...) G_GNUC_PRINTF (4, 5);

static GError *
import_error (Import            *import,
              TetherConfigError  code,
              const char        *pointer,
              const char        *format,
              ...)
{
  g_autofree char *message = NULL;
  GError *error;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  error = tether_config_error_new (code, pointer, "%s", message);
  if (pointer != NULL)
    tether_config_document_locate_error (import->doc, NULL, error);
  else
    tether_config_error_locate (error, import->display, 0, 0);

  return error;
}

static void
begin_result (Import             *import,
              TetherImportFormat  format,
              GFile              *file)
{
  import->format = format;
  import->dialect = dialect_of (format);
  import->result = _tether_import_result_new (file, import->display, format);
}

/* Duplicate keys: inside what we import an error, elsewhere a warning. */
static gboolean
check_duplicates (Import      *import,
                  const char  *servers_pointer,
                  GError     **error)
{
  for (guint i = 0; i < tether_config_document_get_n_duplicates (import->doc); i++)
    {
      guint line, column;
      const char *pointer = tether_config_document_get_duplicate (import->doc, i, &line, &column);
      g_autofree char *key = tether_json_pointer_last (pointer);

      if (servers_pointer != NULL &&
          (g_str_equal (servers_pointer, "") || g_str_equal (pointer, servers_pointer) ||
           (g_str_has_prefix (pointer, servers_pointer) && pointer[strlen (servers_pointer)] == '/')))
        {
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_DUPLICATE_KEY, pointer,
                                     _("the key “%s” appears twice in the same object; "
                                       "which one was meant is unclear"), key);

          tether_config_error_locate (local_error, import->display, line, column);
          g_propagate_error (error, local_error);
          return FALSE;
        }
      else if (import->result != NULL)
        {
          g_autofree char *warning =
            g_strdup_printf (_("%s, line %u, column %u: the key “%s” appears twice; the later one counts"),
                             import->display, line, column, key);

          _tether_import_result_add_warning (import->result, warning);
        }
    }

  return TRUE;
}

static gboolean
import_json_root (Import   *import,
                  GFile    *file,
                  GError  **error)
{
  JsonNode *root_node = tether_config_document_get_root (import->doc);
  JsonObject *root;
  JsonNode *node;
  const char *servers_pointer = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_NOT_A_CONFIG, "",
                                              _("not a server configuration: the file holds %s, "
                                                "not an object"),
                                              tether_json_type_name (root_node)));
      return FALSE;
    }
  root = json_node_get_object (root_node);

  if ((node = json_object_get_member (root, "mcpServers")) != NULL)
    {
      servers_pointer = "/mcpServers";
      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          begin_result (import, recognise_mcp_servers (import, root, json_node_get_object (node)), file);
          if (!check_duplicates (import, servers_pointer, error))
            return FALSE;
          import_server_map (import, json_node_get_object (node), servers_pointer, "mcpServers");
        }
      else if (JSON_NODE_HOLDS_ARRAY (node))
        {
          begin_result (import, recognise_mcp_servers (import, root, NULL), file);
          if (!check_duplicates (import, servers_pointer, error))
            return FALSE;
          import_server_array (import, json_node_get_array (node), servers_pointer, "mcpServers", "name");
        }
      else
        {
          g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_INVALID_TYPE, servers_pointer,
                                                  _("“mcpServers” must be an object of servers, found %s"),
                                                  tether_json_type_name (node)));
          return FALSE;
        }
    }
  else if ((node = json_object_get_member (root, "servers")) != NULL &&
           (JSON_NODE_HOLDS_OBJECT (node) || JSON_NODE_HOLDS_ARRAY (node)))
    {
      servers_pointer = "/servers";
      if (JSON_NODE_HOLDS_ARRAY (node))
        {
          begin_result (import, TETHER_IMPORT_FORMAT_FIVE_IRE, file);
          if (!check_duplicates (import, servers_pointer, error))
            return FALSE;
          import_server_array (import, json_node_get_array (node), servers_pointer, "servers", "key");
        }
      else
        {
          JsonNode *inputs = json_object_get_member (root, "inputs");

          begin_result (import, TETHER_IMPORT_FORMAT_VSCODE, file);
          if (inputs != NULL && JSON_NODE_HOLDS_ARRAY (inputs))
            import->inputs = json_array_ref (json_node_get_array (inputs));
          if (!check_duplicates (import, servers_pointer, error))
            return FALSE;
          import_server_map (import, json_node_get_object (node), servers_pointer, "servers");
        }
    }
  else if (((node = json_object_get_member (root, "mcp")) != NULL && JSON_NODE_HOLDS_OBJECT (node) &&
            json_object_has_member (json_node_get_object (node), "servers")) ||
           json_object_has_member (root, "mcp.servers"))
    {
      JsonObject *mcp = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *servers = mcp != NULL ? json_object_get_member (mcp, "servers")
                                      : json_object_get_member (root, "mcp.servers");
      JsonNode *inputs = mcp != NULL ? json_object_get_member (mcp, "inputs")
                                     : json_object_get_member (root, "mcp.inputs");

      servers_pointer = mcp != NULL ? "/mcp/servers" : "/mcp.servers";
      begin_result (import, TETHER_IMPORT_FORMAT_VSCODE_SETTINGS, file);
      if (!JSON_NODE_HOLDS_OBJECT (servers))
        {
          g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_INVALID_TYPE, servers_pointer,
                                                  _("“mcp.servers” must be an object of servers, found %s"),
                                                  tether_json_type_name (servers)));
          return FALSE;
        }
      if (inputs != NULL && JSON_NODE_HOLDS_ARRAY (inputs))
        import->inputs = json_array_ref (json_node_get_array (inputs));
      if (!check_duplicates (import, servers_pointer, error))
        return FALSE;
      import_server_map (import, json_node_get_object (servers), servers_pointer, "mcp.servers");
    }
  else if ((node = json_object_get_member (root, "context_servers")) != NULL)
    {
      servers_pointer = "/context_servers";
      begin_result (import, TETHER_IMPORT_FORMAT_ZED, file);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_INVALID_TYPE, servers_pointer,
                                                  _("“context_servers” must be an object of servers, found %s"),
                                                  tether_json_type_name (node)));
          return FALSE;
        }
      if (!check_duplicates (import, servers_pointer, error))
        return FALSE;
      import_server_map (import, json_node_get_object (node), servers_pointer, "context_servers");
    }
  else if (looks_like_server (root_node))
    {
      g_autofree char *name = NULL;
      JsonNode *name_node = json_object_get_member (root, "name");

      if (is_string (name_node) && *json_node_get_string (name_node) != '\0')
        name = g_strdup (json_node_get_string (name_node));
      else if (import->base_name != NULL && *import->base_name != '.')
        {
          const char *dot = strrchr (import->base_name, '.');

          name = g_strndup (import->base_name, dot != NULL ? (gsize)(dot - import->base_name)
                                                            : strlen (import->base_name));
        }
      else
        name = g_strdup ("server");

      begin_result (import, TETHER_IMPORT_FORMAT_SINGLE_SERVER, file);
      if (!check_duplicates (import, "", error))
        return FALSE;
      import_common_entry (import, name, root_node, "", "(root)");
      if (!is_string (name_node))
        {
          GListModel *items = tether_import_result_get_items (import->result);
          g_autoptr(TetherImportItem) item = g_list_model_get_item (items, 0);

          _tether_import_item_add_warning (item, _("the entry has no name; it was named after the "
                                                   "file, rename it if you like"));
        }
    }
  else
    {
      g_autoptr(GList) members = json_object_get_members (root);
      gboolean all_servers = members != NULL;

      for (GList *l = members; l != NULL; l = l->next)
        all_servers = all_servers && looks_like_server (json_object_get_member (root, l->data));

      if (all_servers)
        {
          begin_result (import, TETHER_IMPORT_FORMAT_FRAGMENT, file);
          if (!check_duplicates (import, "", error))
            return FALSE;
          import_server_map (import, root, "", NULL);
        }
      else if (name_is (import, "settings.json"))
        {
          g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_NO_SERVERS, NULL,
                                                  _("these settings configure no MCP servers")));
          return FALSE;
        }
      else
        {
          g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_NOT_A_CONFIG, NULL,
                                                  _("not a server configuration: it has none of "
                                                    "“mcpServers”, “servers”, “mcp.servers”, "
                                                    "“context_servers”, nor a server’s “command” or “url”")));
          return FALSE;
        }
    }

  return TRUE;
}

static gboolean
import_toml_root (Import  *import,
                  GFile   *file,
                  GError **error)
{
  JsonObject *root = json_node_get_object (tether_config_document_get_root (import->doc));
  JsonNode *servers = json_object_get_member (root, "mcp_servers");

  if (servers == NULL)
    {
      g_propagate_error (error, import_error (import, json_object_get_size (root) > 0
                                                      ? TETHER_CONFIG_ERROR_NO_SERVERS
                                                      : TETHER_CONFIG_ERROR_EMPTY, NULL,
                                              _("this TOML file has no [mcp_servers.NAME] table")));
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (servers))
    {
      g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_INVALID_TYPE, "/mcp_servers",
                                              _("“mcp_servers” must be a table of servers, found %s"),
                                              tether_json_type_name (servers)));
      return FALSE;
    }

  begin_result (import, TETHER_IMPORT_FORMAT_CODEX, file);
  import_codex (import, json_node_get_object (servers));

  return TRUE;
}

static gboolean
import_yaml_root (Import  *import,
                  GFile   *file,
                  GError **error)
{
  JsonNode *root = tether_config_document_get_root (import->doc);
  JsonNode *extensions;

  if (JSON_NODE_HOLDS_NULL (root))
    {
      g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_EMPTY, NULL,
                                              _("the file is empty")));
      return FALSE;
    }

  extensions = JSON_NODE_HOLDS_OBJECT (root)
               ? json_object_get_member (json_node_get_object (root), "extensions")
               : NULL;
  if (extensions == NULL)
    {
      g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_NOT_A_CONFIG, NULL,
                                              _("not a goose configuration: this YAML file has no "
                                                "“extensions”")));
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (extensions))
    {
      g_propagate_error (error, import_error (import, TETHER_CONFIG_ERROR_INVALID_TYPE, "/extensions",
                                              _("“extensions” must be a mapping, found %s"),
                                              tether_json_type_name (extensions)));
      return FALSE;
    }

  begin_result (import, TETHER_IMPORT_FORMAT_GOOSE, file);
  if (!check_duplicates (import, "/extensions", error))
    return FALSE;
  import_goose (import, json_node_get_object (extensions));

  return TRUE;
}

typedef enum
{
  SYNTAX_NONE,
  SYNTAX_EMPTY,
  SYNTAX_JSON,
  SYNTAX_TOML,
  SYNTAX_YAML,
} Syntax;

static gboolean
has_suffix_ci (const char *name,
               const char *suffix)
{
  gsize n, m;

  if (name == NULL)
    return FALSE;
  n = strlen (name);
  m = strlen (suffix);

  return n >= m && g_ascii_strcasecmp (name + n - m, suffix) == 0;
}

static gboolean
has_line_matching (const char *text,
                   const char *pattern)
{
  return g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0);
}

static Syntax
choose_syntax (Import     *import,
               const char *text,
               gsize       length)
{
  const char *p = text;
  const char *end = text + length;

  /* Content first: JSON starts with an object or array. */
  p = tether_config_document_skip_blank (p, end);

  if (p >= end)
    return SYNTAX_EMPTY;

  if (*p == '{')
    return SYNTAX_JSON;
  if (*p == '[' && !has_line_matching (text, "^\\s*\\[[A-Za-z0-9_.\"' -]+\\]\\s*(#.*)?$"))
    return SYNTAX_JSON;

  if (has_suffix_ci (import->base_name, ".toml"))
    return SYNTAX_TOML;
  if (has_suffix_ci (import->base_name, ".yaml") || has_suffix_ci (import->base_name, ".yml"))
    return SYNTAX_YAML;
  if (has_suffix_ci (import->base_name, ".json") || has_suffix_ci (import->base_name, ".jsonc"))
    return SYNTAX_JSON;

  if (has_line_matching (text, "^\\s*\\[\\s*mcp_servers[.\\]]") ||
      has_line_matching (text, "^\\s*mcp_servers\\.[^=]+="))
    return SYNTAX_TOML;
  if (has_line_matching (text, "^extensions\\s*:"))
    return SYNTAX_YAML;

  return SYNTAX_NONE;
}

static gboolean
only_blank (const char *text,
            gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isspace (text[i]))
        return FALSE;
    }

  return TRUE;
}

/* The whole import of one text (nul-terminated at @length); pure, so it
 * may run in a worker thread. */
static TetherImportResult *
import_text (Settings    *settings,
             const char  *data,
             gsize        length,
             GFile       *file,
             const char  *display,
             const char  *path_hint,
             GError     **error)
{
  g_auto(Import) import = { 0 };
  const char *nul;
  guint n_items, n_importable;
  Syntax syntax;

  import.settings = settings;
  import.display = display;
  if (path_hint != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path_hint);

      import.base_name = g_path_get_basename (path_hint);
      import.dir_name = g_path_get_basename (dir);
      if (g_path_is_absolute (path_hint))
        {
          import.path = g_strdup (path_hint);
          /* ${workspaceFolder}: the folder that holds .vscode/ or .cursor/. */
          if (dir_is (&import, ".vscode") || dir_is (&import, ".cursor"))
            import.workspace = g_path_get_dirname (dir);
        }
    }

  if (length == 0 || only_blank (data, length))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_EMPTY,
                   _("%s: the file is empty"), display);
      return NULL;
    }

  if (length >= 2 && (((guchar)data[0] == 0xFF && (guchar)data[1] == 0xFE) ||
                      ((guchar)data[0] == 0xFE && (guchar)data[1] == 0xFF)))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                   _("%s: the file is in UTF-16; save it as UTF-8 and try again"), display);
      return NULL;
    }

  nul = memchr (data, '\0', length);
  if (nul != NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                   _("%s: not a text file (it holds binary data, a zero byte at offset %" G_GSIZE_FORMAT ")"),
                   display, (gsize)(nul - data));
      return NULL;
    }

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  syntax = choose_syntax (&import, data, length);
  switch (syntax)
    {
    case SYNTAX_JSON:
      import.doc = tether_config_document_parse_json (data, length, display, error);
      break;
    case SYNTAX_TOML:
      import.doc = tether_config_document_parse_toml (data, length, display, error);
      break;
    case SYNTAX_YAML:
      import.doc = tether_config_document_parse_yaml (data, length, display, error);
      break;
    case SYNTAX_EMPTY:
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_EMPTY,
                   _("%s: the file holds only comments"), display);
      return NULL;
    case SYNTAX_NONE:
    default:
      if (!g_utf8_validate_len (data, length, NULL))
        g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                     _("%s: not a text file (it is not UTF-8)"), display);
      else
        g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NOT_A_CONFIG,
                     _("%s: not a server configuration (expected JSON, Codex TOML or goose YAML)"),
                     display);
      return NULL;
    }

  if (import.doc == NULL)
    return NULL;

  switch (syntax)
    {
    case SYNTAX_TOML:
      if (!import_toml_root (&import, file, error))
        return NULL;
      break;
    case SYNTAX_YAML:
      if (!import_yaml_root (&import, file, error))
        return NULL;
      break;
    case SYNTAX_JSON:
    case SYNTAX_NONE:
    case SYNTAX_EMPTY:
    default:
      if (!import_json_root (&import, file, error))
        return NULL;
      break;
    }

  n_items = g_list_model_get_n_items (tether_import_result_get_items (import.result));
  n_importable = tether_import_result_get_n_servers (import.result);

  if (n_items == 0)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                   _("%s: this %s configuration has no servers"), display, format_name (&import));
      return NULL;
    }

  if (n_importable == 0)
    {
      g_autoptr(TetherImportItem) first =
        g_list_model_get_item (tether_import_result_get_items (import.result), 0);

      /* A located error (a wrong type) is worth more than a summary. */
      if (import.first_skip_error != NULL)
        {
          GError *copy = g_error_copy (import.first_skip_error);

          if (n_items > 1)
            {
              char *message = g_strdup_printf (_("none of the %u servers can be imported; the first: %s"),
                                               n_items, copy->message);

              g_free (copy->message);
              copy->message = message;
            }
          g_propagate_error (error, copy);
        }
      else if (n_items == 1)
        g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                     _("%s: no server can be imported: “%s” was skipped: %s"),
                     display, tether_import_item_get_name (first),
                     tether_import_item_get_skip_reason (first));
      else
        g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                     _("%s: no server can be imported; all %u were skipped, the first (“%s”) because: %s"),
                     display, n_items, tether_import_item_get_name (first),
                     tether_import_item_get_skip_reason (first));
      return NULL;
    }

  return g_steal_pointer (&import.result);
}


/* Reading files */

static char *
display_name_of (GFile     *file,
                 GFileInfo *info)
{
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME))
    return g_strdup (g_file_info_get_display_name (info));

  return g_file_get_parse_name (file);
}

/* Checks the metadata; on success the file is worth reading. */
static gboolean
check_info (GFile      *file,
            GFileInfo  *info,
            guint64     max_size,
            GError    **error)
{
  g_autofree char *display = g_file_get_parse_name (file);
  GFileType type = g_file_info_get_file_type (info);

  if (type != G_FILE_TYPE_REGULAR)
    {
      guint32 mode = 0;

      if (type == G_FILE_TYPE_DIRECTORY)
        mode = S_IFDIR;
      else if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE))
        mode = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE);
      g_propagate_error (error, tether_read_error_not_a_file (display, mode));
      return FALSE;
    }

  if ((guint64)g_file_info_get_size (info) > max_size)
    {
      g_propagate_error (error, tether_read_error_too_large (display, g_file_info_get_size (info), max_size));
      return FALSE;
    }

  return TRUE;
}

static void
set_unreadable (GError     **error,
                GFile       *file,
                const GError *cause)
{
  g_autofree char *display = g_file_get_parse_name (file);

  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, cause->message);
  else
    g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_UNREADABLE,
                 _("%s could not be read: %s"), display, cause->message);
}

#define INFO_ATTRIBUTES G_FILE_ATTRIBUTE_STANDARD_TYPE "," \
                        G_FILE_ATTRIBUTE_STANDARD_SIZE "," \
                        G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME "," \
                        G_FILE_ATTRIBUTE_UNIX_MODE

typedef struct
{
  Settings *settings;
  GFile    *file;
  char     *display;
  char     *text;     /* nul-terminated */
  gsize     length;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_pointer (&data->settings, settings_free);
  g_clear_object (&data->file);
  g_clear_pointer (&data->display, g_free);
  g_clear_pointer (&data->text, g_free);
  g_free (data);
}

/* A local file, through the one safe reader: no FIFO, device or socket is
 * read, nothing past the cap is held. */
static char *
read_local (TetherConfigImport  *self,
            GFile               *file,
            const char          *path,
            gsize               *length,
            GError             **error)
{
  g_autofree char *display = g_file_get_parse_name (file);
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;

  if (tether_read_file (path, display, self->max_size, &contents, length, &local_error))
    return contents;

  /* Open and read errors name the file already. */
  if (local_error->domain == G_IO_ERROR)
    g_set_error_literal (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_UNREADABLE, local_error->message);
  else
    g_propagate_error (error, g_steal_pointer (&local_error));

  return NULL;
}

/* Any other GFile (a remote one, through GVfs): type and size first,
 * then read up to the cap. */
static char *
read_remote (TetherConfigImport  *self,
             GFile               *file,
             GCancellable        *cancellable,
             gsize               *length,
             GError             **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GByteArray) data = g_byte_array_new ();

  info = g_file_query_info (file, INFO_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL || !check_info (file, info, self->max_size, error) ||
      (stream = G_INPUT_STREAM (g_file_read (file, cancellable, &local_error))) == NULL)
    {
      if (local_error != NULL)
        set_unreadable (error, file, local_error);
      return NULL;
    }

  for (;;)
    {
      guint8 buffer[READ_CHUNK];
      gssize n = g_input_stream_read (stream, buffer, sizeof buffer, cancellable, &local_error);

      if (n < 0)
        {
          set_unreadable (error, file, local_error);
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (data, buffer, n);
      if (data->len > self->max_size)
        {
          g_autofree char *display = g_file_get_parse_name (file);

          g_propagate_error (error, tether_read_error_too_large (display, 0, self->max_size));
          return NULL;
        }
    }

  *length = data->len;
  g_byte_array_append (data, (const guint8 *)"", 1);

  return (char *)g_byte_array_free (g_steal_pointer (&data), FALSE);
}

/**
 * tether_config_import_load_file:
 * @self: a #TetherConfigImport
 * @file: the file to read
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Like tether_config_import_load_file_async() but blocking: for tether-cli
 * and tests, never the main thread of the app. A local file (symlinks
 * followed) must be a regular file: a folder, a named pipe, a socket or a
 * device is refused at once, saying which, and never read.
 *
 * Returns: (transfer full): what the file holds, or %NULL on error
 */
TetherImportResult *
tether_config_import_load_file (TetherConfigImport  *self,
                                GFile               *file,
                                GCancellable        *cancellable,
                                GError             **error)
{
  g_autoptr(Settings) settings = NULL;
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_get_path (file);
  if (path != NULL)
    contents = read_local (self, file, path, &length, error);
  else
    contents = read_remote (self, file, cancellable, &length, error);
  if (contents == NULL)
    return NULL;

  settings = settings_new (self);
  display = g_file_get_basename (file);
  if (path != NULL)
    {
      g_free (display);
      display = g_filename_display_basename (path);
    }

  return import_text (settings, contents, length, file, display, path, error);
}

static TetherImportResult *
load_data_import (LoadData  *data,
                  GError   **error)
{
  return import_text (data->settings, data->text, data->length, data->file, data->display,
                      g_file_peek_path (data->file), error);
}

static void
parse_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  TetherImportResult *result = load_data_import (task_data, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, g_object_unref);
}

/* GIO reads in blocks and asks before each next one: past the cap, no. */
static gboolean
read_more_cb (const char *contents,
              goffset     size,
              gpointer    user_data)
{
  LoadData *data = g_task_get_task_data (G_TASK (user_data));

  return (guint64)size <= data->settings->max_size;
}

static void
on_loaded (GObject      *object,
           GAsyncResult *res,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  LoadData *data = g_task_get_task_data (task);
  g_autoptr(GError) local_error = NULL;
  GError *error = NULL;

  if (!g_file_load_partial_contents_finish (G_FILE (object), res, &data->text, &data->length, NULL,
                                            &local_error))
    {
      set_unreadable (&error, data->file, local_error);
      g_task_return_error (task, error);
      return;
    }

  /* Stopped at the cap: the file grew past it since its size was seen. */
  if (data->length > data->settings->max_size)
    {
      g_autofree char *display = g_file_get_parse_name (data->file);

      g_task_return_error (task, tether_read_error_too_large (display, 0, data->settings->max_size));
      return;
    }

  /* A document big enough to stall a frame is parsed in a worker thread;
   * it shares nothing with the main thread. */
  if (data->length > THREAD_THRESHOLD)
    {
      g_task_run_in_thread (task, parse_in_thread);
      return;
    }

  {
    TetherImportResult *result = load_data_import (data, &error);

    if (result == NULL)
      g_task_return_error (task, error);
    else
      g_task_return_pointer (task, result, g_object_unref);
  }
}

static void
on_info (GObject      *object,
         GAsyncResult *res,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  LoadData *data = g_task_get_task_data (task);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  GCancellable *cancellable;
  GError *error = NULL;

  info = g_file_query_info_finish (G_FILE (object), res, &local_error);
  if (info == NULL)
    {
      set_unreadable (&error, data->file, local_error);
      g_task_return_error (task, error);
      return;
    }

  /* A named pipe, a device or a folder is refused here, unopened: the
   * window never waits on one. */
  if (!check_info (data->file, info, data->settings->max_size, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_free (data->display);
  data->display = display_name_of (data->file, info);

  cancellable = g_task_get_cancellable (task);
  g_file_load_partial_contents_async (data->file, cancellable, read_more_cb, on_loaded,
                                      g_steal_pointer (&task));
}

/**
 * tether_config_import_load_file_async:
 * @self: a #TetherConfigImport
 * @file: the file to read
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Reads @file and imports it. Type and size are checked before anything is
 * read (a folder, a named pipe, a socket or a device is refused at once,
 * saying which; so is a 50 MB file), the content is read with GIO's async
 * calls on the calling thread's main context and never past the size cap,
 * and only a document big enough to stall a frame is parsed in a worker
 * thread.
 */
void
tether_config_import_load_file_async (TetherConfigImport  *self,
                                      GFile               *file,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));
  g_return_if_fail (G_IS_FILE (file));

  data = g_new0 (LoadData, 1);
  data->settings = settings_new (self);
  data->file = g_object_ref (file);
  data->display = g_file_get_parse_name (file);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_config_import_load_file_async);
  g_task_set_name (task, "[tether] import file");
  g_task_set_task_data (task, data, (GDestroyNotify)load_data_free);

  g_file_query_info_async (file, INFO_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT,
                           cancellable, on_info, g_steal_pointer (&task));
}

/**
 * tether_config_import_load_file_finish:
 * @self: a #TetherConfigImport
 * @result: the #GAsyncResult
 * @error: return location for an error
 *
 * Returns: (transfer full): what the file holds, or %NULL on error
 */
TetherImportResult *
tether_config_import_load_file_finish (TetherConfigImport  *self,
                                       GAsyncResult        *result,
                                       GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
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
  g_autoptr(Settings) settings = NULL;
  g_autofree char *display = NULL;
  g_autofree char *copy = NULL;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);

  settings = settings_new (self);
  if ((guint64)length > settings->max_size)
    {
      g_autofree char *limit = g_format_size (settings->max_size);

      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE,
                   _("the text is too large to be a configuration (more than %s)"), limit);
      return NULL;
    }

  display = file_name_hint != NULL ? g_path_get_basename (file_name_hint) : g_strdup (_("pasted text"));
  copy = g_strndup (text, length);

  return import_text (settings, copy, length, NULL, display, file_name_hint, error);
}

/* Discovery */

typedef enum
{
  BASE_HOME,
  BASE_CONFIG,
} Base;

static const struct
{
  const char *client;
  Base        base;
  const char *path;
} candidates[] = {
  { N_("Claude Desktop"), BASE_CONFIG, "Claude/claude_desktop_config.json" },
  { N_("Claude Code"), BASE_HOME, ".claude.json" },
  { N_("VS Code"), BASE_CONFIG, "Code/User/mcp.json" },
  { N_("VS Code"), BASE_CONFIG, "Code/User/settings.json" },
  { N_("VS Code Insiders"), BASE_CONFIG, "Code - Insiders/User/mcp.json" },
  { N_("VS Code Insiders"), BASE_CONFIG, "Code - Insiders/User/settings.json" },
  { N_("VSCodium"), BASE_CONFIG, "VSCodium/User/mcp.json" },
  { N_("Cursor"), BASE_HOME, ".cursor/mcp.json" },
  { N_("Windsurf"), BASE_HOME, ".codeium/windsurf/mcp_config.json" },
  { N_("Windsurf (JetBrains)"), BASE_HOME, ".codeium/mcp_config.json" },
  { N_("Zed"), BASE_CONFIG, "zed/settings.json" },
  { N_("LM Studio"), BASE_HOME, ".lmstudio/mcp.json" },
  { N_("Gemini CLI"), BASE_HOME, ".gemini/settings.json" },
  { N_("Codex"), BASE_HOME, ".codex/config.toml" },
  { N_("Cline"), BASE_CONFIG, "Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json" },
  { N_("Cline (VS Code Insiders)"), BASE_CONFIG, "Code - Insiders/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json" },
  { N_("Cline (Cursor)"), BASE_CONFIG, "Cursor/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json" },
  { N_("Roo Code"), BASE_CONFIG, "Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json" },
  { N_("goose"), BASE_CONFIG, "goose/config.yaml" },
  { N_("5ire"), BASE_CONFIG, "5ire/mcp.json" },
};

typedef struct
{
  GListStore *sources;
  guint       next;
  GFile      *file;
} DiscoverData;

static void
discover_data_free (DiscoverData *data)
{
  g_clear_object (&data->sources);
  g_clear_object (&data->file);
  g_free (data);
}

static void discover_next (GTask *task);

static void
on_discovered (GObject      *object,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DiscoverData *data = g_task_get_task_data (task);
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherImportSource) source = NULL;
  g_autoptr(GError) error = NULL;
  const char *client = g_dgettext (GETTEXT_PACKAGE, candidates[data->next - 1].client);

  result = tether_config_import_load_file_finish (TETHER_CONFIG_IMPORT (object), res, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (result != NULL)
    source = _tether_import_source_new (client, data->file, tether_import_result_get_format (result),
                                        tether_import_result_get_n_servers (result), NULL);
  else if (!g_error_matches (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS) ||
           g_str_has_suffix (candidates[data->next - 1].path, "mcp.json") ||
           g_str_has_suffix (candidates[data->next - 1].path, "config.json"))
    /* A settings file without servers is no source; a broken one, or an
     * MCP file with none, is shown with why. */
    source = _tether_import_source_new (client, data->file, TETHER_IMPORT_FORMAT_UNKNOWN, 0,
                                        error->message);

  if (source != NULL)
    g_list_store_append (data->sources, source);

  discover_next (g_steal_pointer (&task));
}

static void
discover_next (GTask *task)
{
  TetherConfigImport *self = g_task_get_source_object (task);
  DiscoverData *data = g_task_get_task_data (task);

  while (data->next < G_N_ELEMENTS (candidates))
    {
      guint i = data->next++;
      const char *base = candidates[i].base == BASE_HOME ? tether_config_import_get_home_dir (self)
                                                         : tether_config_import_get_config_dir (self);
      g_autofree char *path = g_build_filename (base, candidates[i].path, NULL);

      /* A quick stat; the file is read only if it is there. */
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;

      g_clear_object (&data->file);
      data->file = g_file_new_for_path (path);
      tether_config_import_load_file_async (self, data->file, g_task_get_cancellable (task),
                                            on_discovered, task);
      return;
    }

  g_task_return_pointer (task, g_object_ref (data->sources), g_object_unref);
  g_object_unref (task);
}

/**
 * tether_config_import_discover_async:
 * @self: a #TetherConfigImport
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Looks for the configuration files of the clients Tether imports from,
 * in #TetherConfigImport:home-dir and #TetherConfigImport:config-dir: Claude
 * Desktop, Claude Code (`~/.claude.json`), VS Code and VS Code Insiders
 * (`mcp.json` and `settings.json`), VSCodium, Cursor, Windsurf, Zed,
 * LM Studio, Gemini CLI, Codex, Cline (in VS Code, Insiders and Cursor), Roo
 * Code, goose and 5ire. Each file found is read and counted.
 */
void
tether_config_import_discover_async (TetherConfigImport  *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  GTask *task;
  DiscoverData *data;

  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  data = g_new0 (DiscoverData, 1);
  data->sources = g_list_store_new (TETHER_TYPE_IMPORT_SOURCE);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_config_import_discover_async);
  g_task_set_name (task, "[tether] discover configs");
  g_task_set_task_data (task, data, (GDestroyNotify)discover_data_free);

  discover_next (task);
}

/**
 * tether_config_import_discover_finish:
 * @self: a #TetherConfigImport
 * @result: the #GAsyncResult
 * @error: return location for an error (only cancellation)
 *
 * Returns: (transfer full): a #GListModel of #TetherImportSource: the files
 *   found, those holding servers with their count, broken ones with why.
 *   A client's settings file that configures no server is left out.
 */
GListModel *
tether_config_import_discover_finish (TetherConfigImport  *self,
                                      GAsyncResult        *result,
                                      GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
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
