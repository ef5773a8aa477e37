/* tether-import-entry.c — an import and its entries: messages, skips, checks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

void
_tether_import_run_clear (TetherImportRun *run)
{
  g_clear_pointer (&run->doc, tether_config_document_unref);
  g_clear_pointer (&run->base_name, g_free);
  g_clear_pointer (&run->dir_name, g_free);
  g_clear_pointer (&run->path, g_free);
  g_clear_object (&run->result);
  g_clear_pointer (&run->inputs, json_array_unref);
  g_clear_pointer (&run->workspace, g_free);
  g_clear_error (&run->first_skip_error);
}

/* The file is @client's: its entries go into a result of that format. */
void
_tether_import_run_begin (TetherImportRun          *run,
                          const TetherImportClient *client,
                          GFile                    *file)
{
  run->client = client;
  run->result = _tether_import_result_new (file, run->display,
                                           _tether_import_client_get_format (client));
}

static GError *
new_error (TetherConfigError  code,
           const char        *path,
           const char        *format,
           va_list            args) G_GNUC_PRINTF (3, 0);

static GError *
new_error (TetherConfigError  code,
           const char        *path,
           const char        *format,
           va_list            args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  return tether_config_error_new (code, path, "%s", message);
}

/* An error about the file, located at @pointer (or naming only the file). */
GError *
_tether_import_run_error (TetherImportRun   *run,
                          TetherConfigError  code,
                          const char        *pointer,
                          const char        *format,
                          ...)
{
  GError *error;
  va_list args;

  va_start (args, format);
  error = new_error (code, pointer, format, args);
  va_end (args);

  if (pointer != NULL)
    tether_config_document_locate_error (run->doc, NULL, error);
  else
    tether_config_error_locate (error, run->display, 0, 0);

  return error;
}

/* Duplicate keys: inside what we import an error, elsewhere a warning. */
gboolean
_tether_import_run_check_duplicates (TetherImportRun  *run,
                                     const char       *servers_pointer,
                                     GError          **error)
{
  for (guint i = 0; i < tether_config_document_get_n_duplicates (run->doc); i++)
    {
      guint line, column;
      const char *pointer = tether_config_document_get_duplicate (run->doc, i, &line, &column);
      g_autofree char *key = tether_json_pointer_last (pointer);

      gboolean inside = servers_pointer != NULL &&
                        (g_str_equal (servers_pointer, "") || g_str_equal (pointer, servers_pointer) ||
                         (g_str_has_prefix (pointer, servers_pointer) &&
                          pointer[strlen (servers_pointer)] == '/'));

      if (inside)
        {
          GError *local_error =
            tether_config_error_new (TETHER_CONFIG_ERROR_DUPLICATE_KEY, pointer,
                                     _("the key “%s” appears twice in the same object; "
                                       "which one was meant is unclear"), key);

          tether_config_error_locate (local_error, run->display, line, column);
          g_propagate_error (error, local_error);
          return FALSE;
        }
      else if (run->result != NULL)
        {
          g_autofree char *warning =
            g_strdup_printf (_("%s, line %u, column %u: the key “%s” appears twice; "
                               "the later one counts"),
                             run->display, line, column, key);

          _tether_import_result_add_warning (run->result, warning);
        }
    }

  return TRUE;
}

/* `mcpServers.memory`, or the name alone at the top. */
char *
_tether_import_source_key (const char *prefix,
                           const char *name)
{
  return prefix != NULL ? g_strdup_printf ("%s.%s", prefix, name) : g_strdup (name);
}

/* A new item in the result, for the entry at @pointer. */
static TetherImportEntry
entry_begin (TetherImportRun *run,
             const char      *name,
             const char      *pointer,
             const char      *source_key)
{
  TetherImportEntry entry = { run, NULL, NULL, name, pointer, NULL, NULL };
  g_autoptr(TetherServerConfig) config = tether_server_config_new (name);

  entry.item = _tether_import_item_new (config, source_key);
  entry.config = tether_import_item_get_config (entry.item);
  _tether_import_result_add_item (run->result, entry.item);
  g_object_unref (entry.item);

  return entry;
}

/* Takes @node as the entry's object; an entry of another type is skipped
 * with a located reason. */
gboolean
_tether_import_entry_set_object (TetherImportEntry *entry,
                                 JsonNode          *node)
{
  const char *found = tether_json_type_name (node);
  GError *error;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      entry->object = json_node_get_object (node);
      return TRUE;
    }

  switch (entry->run->client->syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                       _("server “%s” must be a table, found %s"),
                                       entry->name, found);
      break;
    case TETHER_IMPORT_SYNTAX_YAML:
      error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                       _("extension “%s” must be a mapping, found %s"),
                                       entry->name, found);
      break;
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      error = tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, NULL,
                                       _("server “%s” must be an object, found %s"),
                                       entry->name, found);
      break;
    }
  tether_config_document_locate_error (entry->run->doc, entry->pointer, error);
  _tether_import_entry_skip_error (entry, error);

  return FALSE;
}

/* An error about the entry (about @key in it, if given), located in the
 * file. */
GError *
_tether_import_entry_error (TetherImportEntry *entry,
                            TetherConfigError  code,
                            const char        *key,
                            const char        *format,
                            ...)
{
  g_autofree char *path = key != NULL ? tether_json_pointer_append ("", key) : NULL;
  GError *error;
  va_list args;

  va_start (args, format);
  error = new_error (code, path, format, args);
  va_end (args);

  tether_config_document_locate_error (entry->run->doc, entry->pointer, error);

  return error;
}

GError *
_tether_import_entry_wrong_type (TetherImportEntry *entry,
                                 const char        *key,
                                 const char        *expected)
{
  JsonNode *node = json_object_get_member (entry->object, key);

  /* Translators: server “memory”: “args” must be an array of strings, found a number */
  return _tether_import_entry_error (entry, TETHER_CONFIG_ERROR_INVALID_TYPE, key,
                                     _("server “%s”: “%s” must be %s, found %s"),
                                     entry->name, key, expected, tether_json_type_name (node));
}

void
_tether_import_entry_warn (TetherImportEntry *entry,
                           const char        *format,
                           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  _tether_import_item_add_warning (entry->item, message);
}

/* A note: something done that the user may want to know, not a problem. */
void
_tether_import_entry_note (TetherImportEntry *entry,
                           const char        *format,
                           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  _tether_import_item_add_note (entry->item, message);
}

/* A placeholder the entry needs a value for: one variable per file, asked
 * once, whichever entries hold it. */
TetherImportVariable *
_tether_import_entry_variable (TetherImportEntry        *entry,
                               const char               *placeholder,
                               const char               *name,
                               TetherImportVariableKind  kind,
                               const char               *description,
                               gboolean                  secret)
{
  TetherImportResult *result = entry->run->result;
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
    _tether_import_entry_warn (entry, _("“%s” (%s) needs a value"), placeholder, description);
  else
    _tether_import_entry_warn (entry, _("“%s” needs a value"), placeholder);

  return variable;
}

void
_tether_import_entry_skip (TetherImportEntry *entry,
                           const char        *reason)
{
  _tether_import_item_set_skip_reason (entry->item, reason);
}

/* Skips the entry for @error (taken); the first such error is kept, to
 * explain a file none of whose entries could be imported. */
void
_tether_import_entry_skip_error (TetherImportEntry *entry,
                                 GError            *error)
{
  _tether_import_entry_skip (entry, error->message);
  if (entry->run->first_skip_error == NULL)
    entry->run->first_skip_error = error;
  else
    g_error_free (error);
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

/* @text as a message may show it: each value taken from the environment
 * (which may be a secret) put back as its placeholder. */
char *
_tether_import_entry_dup_shown (TetherImportEntry *entry,
                                const char        *text)
{
  g_autoptr(GString) shown = g_string_new (text);

  for (guint i = 0; entry->taken != NULL && i + 1 < entry->taken->len; i += 2)
    {
      const char *value = g_ptr_array_index (entry->taken, i);

      if (*value != '\0')
        g_string_replace (shown, value, g_ptr_array_index (entry->taken, i + 1), 0);
    }

  return g_string_free (g_steal_pointer (&shown), FALSE);
}

static void
check_windows (TetherImportEntry *entry,
               const char        *what,
               const char        *text)
{
  g_autofree char *shown = NULL;

  if (!looks_windows (text))
    return;

  shown = _tether_import_entry_dup_shown (entry, text);
  /* Translators: “C:\tools\srv.exe” in “command” looks like a Windows path… */
  _tether_import_entry_warn (entry, _("“%s” in “%s” looks like a Windows path; "
                                      "it will not work on Linux"), shown, what);
}

/* Checks what an importable entry must have; skips it otherwise. */
void
_tether_import_entry_finish (TetherImportEntry *entry)
{
  g_autoptr(GError) error = NULL;
  TetherServerConfig *config = entry->config;
  const char * const *args;
  const char *url;
  const char *cwd;

  if (tether_import_item_get_skipped (entry->item))
    return;

  url = tether_server_config_get_url (config);
  if (tether_server_kind_is_remote (tether_server_config_get_kind (config)) && url != NULL &&
      (g_str_has_prefix (url, "unix:") || g_str_has_prefix (url, "pipe:")))
    {
      _tether_import_entry_skip (entry,
                                 _("a local socket or pipe URL; Tether connects over TCP only"));
      return;
    }

  check_windows (entry, "command", tether_server_config_get_command (config));
  args = tether_server_config_get_args (config);
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    check_windows (entry, "args", args[i]);
  cwd = tether_server_config_get_cwd (config);
  check_windows (entry, "cwd", cwd);
  if (cwd != NULL && !g_path_is_absolute (cwd) && !looks_windows (cwd))
    {
      g_autofree char *shown = _tether_import_entry_dup_shown (entry, cwd);

      _tether_import_entry_warn (entry, _("“cwd” is relative (%s); make it an absolute path"),
                                 shown);
    }

  if (!tether_server_config_validate (config, &error))
    {
      /* A URL still made of placeholders is completed in the preview. */
      if (tether_import_item_get_n_unresolved (entry->item) > 0 &&
          g_error_matches (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE) &&
          g_strcmp0 (tether_config_error_get_path (error), "/url") == 0 && url != NULL &&
          strstr (url, "${") != NULL)
        return;
      tether_config_document_locate_error (entry->run->doc, entry->pointer, error);
      _tether_import_entry_skip_error (entry, g_steal_pointer (&error));
    }
}

/* Reads the entry @name, @node at @pointer, with @read: a new item of the
 * result, skipped with its reason when it is no object or @read fails,
 * else checked. @read may skip it too. */
void
_tether_import_entry_read (TetherImportRun       *run,
                           const char            *name,
                           JsonNode              *node,
                           const char            *pointer,
                           const char            *source_key,
                           TetherImportReadEntry  read)
{
  TetherImportEntry entry = entry_begin (run, name, pointer, source_key);
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;

  entry.taken = taken;

  if (!_tether_import_entry_set_object (&entry, node))
    return;

  if (!read (&entry, &error))
    {
      _tether_import_entry_skip_error (&entry, error);
      return;
    }

  _tether_import_entry_finish (&entry);
}

/* Every entry of a map of servers, each named by its key. */
void
_tether_import_entry_read_map (TetherImportRun       *run,
                               JsonObject            *servers,
                               const char            *pointer,
                               const char            *source_prefix,
                               TetherImportReadEntry  read)
{
  g_autoptr(GList) members = json_object_get_members (servers);

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *entry_pointer = tether_json_pointer_append (pointer, l->data);
      g_autofree char *source_key = _tether_import_source_key (source_prefix, l->data);
      JsonNode *node = json_object_get_member (servers, l->data);

      _tether_import_entry_read (run, l->data, node, entry_pointer, source_key, read);
    }
}
