/* import-harness.c — what the import tests share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gstdio.h>

#include "import-harness.h"

/* The environment every test imports with: what ${env:…} may find. */
const char * const test_environment[] = {
  "JOT_TOKEN=jot-secret-1",
  "GH_PAT=ghpat-secret-2",
  "API_KEY=apikey-secret-3",
  "MCP_TOKEN=mcptoken-secret-4",
  "PATH_EXTRA=/opt/extra",
  "DATA_DIR=/srv/data",
  NULL
};

const char * const test_secrets[IMPORT_TEST_N_SECRETS] = {
  "jot-secret-1", "ghpat-secret-2", "apikey-secret-3", "mcptoken-secret-4",
};

TetherConfigImport *
new_importer (void)
{
  TetherConfigImport *import = tether_config_import_new ();

  tether_config_import_set_environment (import, test_environment);
  tether_config_import_set_home_dir (import, "/home/me");

  return import;
}

char *
corpus_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

TetherImportResult *
load (const char *name)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *path = corpus_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TetherImportResult *result = tether_config_import_load_file (import, file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_true (tether_import_result_get_file (result) == file ||
                 g_file_equal (tether_import_result_get_file (result), file));

  return result;
}

GError *
load_error (const char *name)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *path = g_path_is_absolute (name) ? g_strdup (name) : corpus_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TetherImportResult) result = NULL;
  GError *error = NULL;

  result = tether_config_import_load_file (import, file, NULL, &error);
  g_assert_null (result);
  g_assert_nonnull (error);

  return error;
}

TetherImportItem *
item (TetherImportResult *result,
      const char         *name)
{
  GListModel *items = tether_import_result_get_items (result);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(TetherImportItem) it = g_list_model_get_item (items, i);

      if (g_strcmp0 (tether_import_item_get_name (it), name) == 0)
        return it;
    }

  g_error ("no server “%s” in the result", name);
  return NULL;
}

void
assert_counts (TetherImportResult *result,
               TetherImportFormat  format,
               guint               n_items,
               guint               n_servers)
{
  g_assert_cmpint (tether_import_result_get_format (result), ==, format);
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_result_get_items (result)), ==, n_items);
  g_assert_cmpuint (tether_import_result_get_n_servers (result), ==, n_servers);
}

/* The command, then the arguments, NULL-terminated. */
void
assert_stdio (TetherImportItem *it,
              const char       *command,
              ...)
{
  TetherServerConfig *config = tether_import_item_get_config (it);
  const char * const *args = tether_server_config_get_args (config);
  va_list ap;
  guint i = 0;

  g_assert_false (tether_import_item_get_skipped (it));
  g_assert_cmpint (tether_server_config_get_kind (config), ==, TETHER_SERVER_KIND_STDIO);
  g_assert_cmpstr (tether_server_config_get_command (config), ==, command);

  va_start (ap, command);
  for (const char *arg = va_arg (ap, const char *); arg != NULL; arg = va_arg (ap, const char *), i++)
    {
      g_assert_nonnull (args);
      g_assert_cmpstr (args[i], ==, arg);
    }
  va_end (ap);

  g_assert_true (args == NULL || args[i] == NULL);
}

void
assert_remote (TetherImportItem *it,
               TetherServerKind  kind,
               const char       *url)
{
  TetherServerConfig *config = tether_import_item_get_config (it);

  g_assert_false (tether_import_item_get_skipped (it));
  g_assert_cmpint (tether_server_config_get_kind (config), ==, kind);
  g_assert_cmpstr (tether_server_config_get_url (config), ==, url);
  g_assert_null (tether_server_config_get_command (config));
}

/* NAME=value pairs, in order, NULL-terminated: the whole env. */
void
assert_env (TetherImportItem *it,
            ...)
{
  g_auto(GStrv) env = tether_server_config_dup_env (tether_import_item_get_config (it));
  va_list ap;
  guint i = 0;

  va_start (ap, it);
  for (const char *pair = va_arg (ap, const char *); pair != NULL; pair = va_arg (ap, const char *), i++)
    g_assert_cmpstr (env[i], ==, pair);
  va_end (ap);

  g_assert_null (env[i]);
}

void
assert_headers (TetherImportItem *it,
                ...)
{
  g_auto(GStrv) headers = tether_server_config_dup_headers (tether_import_item_get_config (it));
  va_list ap;
  guint i = 0;

  va_start (ap, it);
  for (const char *pair = va_arg (ap, const char *); pair != NULL; pair = va_arg (ap, const char *), i++)
    g_assert_cmpstr (headers[i], ==, pair);
  va_end (ap);

  g_assert_null (headers[i]);
}

gboolean
strv_has (const char * const *strv,
          const char         *part)
{
  for (guint i = 0; strv[i] != NULL; i++)
    {
      if (strstr (strv[i], part) != NULL)
        return TRUE;
    }

  return FALSE;
}

void
assert_warning (TetherImportItem *it,
                const char       *part)
{
  if (!strv_has (tether_import_item_get_warnings (it), part))
    {
      g_autofree char *all = g_strjoinv ("\n", (char **)tether_import_item_get_warnings (it));

      g_error ("server “%s”: no warning contains “%s”; warnings:\n%s",
               tether_import_item_get_name (it), part, all);
    }
}

void
assert_note (TetherImportItem *it,
             const char       *part)
{
  if (!strv_has (tether_import_item_get_notes (it), part))
    {
      g_autofree char *all = g_strjoinv ("\n", (char **)tether_import_item_get_notes (it));

      g_error ("server “%s”: no note contains “%s”; notes:\n%s",
               tether_import_item_get_name (it), part, all);
    }
}

void
assert_no_warnings (TetherImportItem *it)
{
  const char * const *warnings = tether_import_item_get_warnings (it);

  if (warnings[0] != NULL)
    g_error ("server “%s”: unexpected warning “%s”", tether_import_item_get_name (it), warnings[0]);
}

void
assert_skipped (TetherImportItem *it,
                const char       *part)
{
  const char *reason = tether_import_item_get_skip_reason (it);

  g_assert_true (tether_import_item_get_skipped (it));
  if (reason == NULL || strstr (reason, part) == NULL)
    g_error ("server “%s”: skip reason “%s” does not contain “%s”",
             tether_import_item_get_name (it), reason, part);
}

TetherImportVariable *
assert_variable (TetherImportItem         *it,
                 const char               *placeholder,
                 TetherImportVariableKind  kind,
                 const char               *description,
                 gboolean                  secret)
{
  GListModel *variables = tether_import_item_get_variables (it);

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

      if (g_strcmp0 (tether_import_variable_get_placeholder (variable), placeholder) != 0)
        continue;
      g_assert_cmpint (tether_import_variable_get_kind (variable), ==, kind);
      g_assert_cmpstr (tether_import_variable_get_description (variable), ==, description);
      g_assert_cmpint (tether_import_variable_get_secret (variable), ==, secret);
      return variable;
    }

  g_error ("server “%s”: no variable “%s”", tether_import_item_get_name (it), placeholder);
  return NULL;
}

void
assert_n_variables (TetherImportItem *it,
                    guint             n)
{
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_item_get_variables (it)), ==, n);
}

/* No secret value from the environment or the file reaches a warning, a
 * note, a skip reason or a masked rendering. */
void
assert_no_secrets (TetherImportResult *result,
                   const char * const *extra)
{
  GListModel *items = tether_import_result_get_items (result);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(TetherImportItem) it = g_list_model_get_item (items, i);
      g_autofree char *warnings = g_strjoinv ("\n", (char **)tether_import_item_get_warnings (it));
      g_autofree char *notes = g_strjoinv ("\n", (char **)tether_import_item_get_notes (it));
      g_autofree char *masked = tether_server_config_to_masked_json (tether_import_item_get_config (it));
      g_autofree char *described = tether_server_config_describe (tether_import_item_get_config (it));
      g_autofree char *all = g_strjoin ("\n", warnings, notes, masked, described,
                                        tether_import_item_get_skip_reason (it), NULL);

      for (guint k = 0; k < G_N_ELEMENTS (test_secrets); k++)
        g_assert_null (strstr (all, test_secrets[k]));
      for (guint k = 0; extra != NULL && extra[k] != NULL; k++)
        g_assert_null (strstr (all, extra[k]));
    }
}

static void
on_loaded (GObject      *object,
           GAsyncResult *res,
           gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (res);
}

TetherImportResult *
load_async (TetherConfigImport  *import,
            GFile               *file,
            GError             **error)
{
  g_autoptr(GAsyncResult) res = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  tether_config_import_load_file_async (import, file, NULL, on_loaded, &res);
  while (res == NULL)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }

  return tether_config_import_load_file_finish (import, res, error);
}

char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("tether-import-XXXXXX", &error);

  g_assert_no_error (error);

  return dir;
}

void
remove_tree (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  if (children != NULL)
    {
      GFileInfo *info;

      while ((info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, g_file_info_get_name (info), NULL);

          if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
            remove_tree (child);
          else
            g_assert_cmpint (g_unlink (child), ==, 0);
          g_object_unref (info);
        }
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

/* Every test leaves no file descriptor open. */
void
run_checking_fds (gconstpointer data)
{
  void (*func) (void) = (void (*) (void))data;
  guint before = test_count_fds ();

  func ();
  g_assert_cmpuint (test_count_fds (), ==, before);
}


/* Whatever GLib opens once per process (the main context's wakeup fd, the
 * thread pool) is opened before the first count. */
void
import_test_warm_up (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *path = corpus_path ("fragment.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TetherImportResult) result = load ("fragment.json");
  g_autoptr(TetherImportResult) async_result = load_async (import, file, NULL);

  g_assert_nonnull (result);
  g_assert_nonnull (async_result);
}
