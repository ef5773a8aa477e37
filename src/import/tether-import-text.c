/* tether-import-text.c — the whole import of one text
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

/* What the text is not: empty, UTF-16, binary. */
static gboolean
check_text (const char  *data,
            gsize        length,
            const char  *display,
            GError     **error)
{
  const char *nul;

  if (length == 0 || only_blank (data, length))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_EMPTY,
                   _("%s: the file is empty"), display);
      return FALSE;
    }

  if (length >= 2 && (((guchar)data[0] == 0xFF && (guchar)data[1] == 0xFE) ||
                      ((guchar)data[0] == 0xFE && (guchar)data[1] == 0xFF)))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                   _("%s: the file is in UTF-16; save it as UTF-8 and try again"), display);
      return FALSE;
    }

  nul = memchr (data, '\0', length);
  if (nul != NULL)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_BINARY,
                   _("%s: not a text file (it holds binary data, a zero byte at offset %lu)"),
                   display, (unsigned long)(nul - data));
      return FALSE;
    }

  return TRUE;
}

static TetherConfigDocument *
parse (TetherImportSyntax   syntax,
       const char          *data,
       gsize                length,
       const char          *display,
       GError             **error)
{
  switch (syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      return tether_config_document_parse_toml (data, length, display, error);
    case TETHER_IMPORT_SYNTAX_YAML:
      return tether_config_document_parse_yaml (data, length, display, error);
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      return tether_config_document_parse_json (data, length, display, error);
    }
}

/* Every entry under the servers found, into the run's result. */
static gboolean
read_servers (TetherImportRun    *run,
              TetherImportFound  *found,
              GFile              *file,
              GError            **error)
{
  JsonNode *root = tether_config_document_get_root (run->doc);

  _tether_import_run_begin (run, found->client, file);
  if (found->inputs != NULL && JSON_NODE_HOLDS_ARRAY (found->inputs))
    run->inputs = json_array_ref (json_node_get_array (found->inputs));
  if (!_tether_import_run_check_duplicates (run, found->pointer != NULL ? found->pointer : "",
                                            error))
    return FALSE;

  switch (found->client->shape)
    {
    case TETHER_IMPORT_SHAPE_COMMON:
      if (JSON_NODE_HOLDS_ARRAY (found->servers))
        _tether_import_common_array (run, json_node_get_array (found->servers), found->pointer,
                                     found->source_prefix, found->root->name_key);
      else
        _tether_import_entry_read_map (run, json_node_get_object (found->servers), found->pointer,
                                       found->source_prefix, _tether_import_read_common_entry);
      break;
    case TETHER_IMPORT_SHAPE_CODEX:
      _tether_import_entry_read_map (run, json_node_get_object (found->servers), found->pointer,
                                     found->source_prefix, _tether_import_read_codex_entry);
      break;
    case TETHER_IMPORT_SHAPE_GOOSE:
      _tether_import_entry_read_map (run, json_node_get_object (found->servers), found->pointer,
                                     found->source_prefix, _tether_import_read_goose_entry);
      break;
    case TETHER_IMPORT_SHAPE_FRAGMENT:
      _tether_import_entry_read_map (run, json_node_get_object (root), "", NULL,
                                     _tether_import_read_common_entry);
      break;
    case TETHER_IMPORT_SHAPE_SINGLE_SERVER:
    default:
      _tether_import_single_server (run, root);
      break;
    }

  return TRUE;
}

/* Refuses a result none of whose entries can be imported, saying why. */
static gboolean
check_importable (TetherImportRun  *run,
                  GError          **error)
{
  GListModel *items = tether_import_result_get_items (run->result);
  guint n_items = g_list_model_get_n_items (items);
  TetherImportFormat format = tether_import_result_get_format (run->result);
  g_autoptr(TetherImportItem) first = NULL;

  if (n_items == 0)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                   _("%s: this %s configuration has no servers"), run->display,
                   tether_import_format_get_display_name (format));
      return FALSE;
    }

  if (tether_import_result_get_n_servers (run->result) > 0)
    return TRUE;

  first = g_list_model_get_item (items, 0);

  /* A located error (a wrong type) is worth more than a summary. */
  if (run->first_skip_error != NULL)
    {
      GError *copy = g_error_copy (run->first_skip_error);

      if (n_items > 1)
        {
          /* Translators: %s is why the first server cannot be imported */
          char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "none of the %u server can be imported; "
                                                        "the first: %s",
                                                        "none of the %u servers can be imported; "
                                                        "the first: %s", n_items),
                                           n_items, copy->message);

          g_free (copy->message);
          copy->message = message;
        }
      g_propagate_error (error, copy);
    }
  else if (n_items == 1)
    g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                 _("%s: no server can be imported: “%s” was skipped: %s"),
                 run->display, tether_import_item_get_name (first),
                 tether_import_item_get_skip_reason (first));
  else
    g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS,
                 _("%s: no server can be imported; all %u were skipped, the first (“%s”) "
                   "because: %s"),
                 run->display, n_items, tether_import_item_get_name (first),
                 tether_import_item_get_skip_reason (first));

  return FALSE;
}

/* The whole import of one text (nul-terminated at @length); pure, so it
 * may run in a worker thread. @path_hint names the file, to recognise it
 * and to resolve what is relative to it. */
TetherImportResult *
_tether_import_text (TetherImportSettings  *settings,
                     const char            *data,
                     gsize                  length,
                     GFile                 *file,
                     const char            *display,
                     const char            *path_hint,
                     GError               **error)
{
  g_auto(TetherImportRun) run = { 0 };
  g_auto(TetherImportFound) found = { 0 };
  TetherImportSyntax syntax;

  run.settings = settings;
  run.display = display;
  if (path_hint != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path_hint);

      run.base_name = g_path_get_basename (path_hint);
      run.dir_name = g_path_get_basename (dir);
      if (g_path_is_absolute (path_hint))
        {
          run.path = g_strdup (path_hint);
          /* ${workspaceFolder}: the folder that holds .vscode/ or .cursor/. */
          if (g_ascii_strcasecmp (run.dir_name, ".vscode") == 0 ||
              g_ascii_strcasecmp (run.dir_name, ".cursor") == 0)
            run.workspace = g_path_get_dirname (dir);
        }
    }

  if (!check_text (data, length, display, error))
    return NULL;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  if (!_tether_import_choose_syntax (&run, data, length, &syntax, error))
    return NULL;

  run.doc = parse (syntax, data, length, display, error);
  if (run.doc == NULL ||
      !_tether_import_recognise (&run, syntax, &found, error) ||
      !read_servers (&run, &found, file, error) ||
      !check_importable (&run, error))
    return NULL;

  return g_steal_pointer (&run.result);
}
