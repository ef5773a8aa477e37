/* test-import-files.c — text, broken and hostile files, discovery, every
 * client of the table
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "import-harness.h"

/* A value taken from the environment never reaches a warning that quotes
 * what it was put into: the warning shows its placeholder instead. */
static void
test_secret_in_warning (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *text = "{\"mcpServers\": {\"w\": {\"command\": \"C:${env:API_KEY}\\\\Users\\\\me\\\\x.cmd\","
                     " \"args\": [\"--key=${env:MCP_TOKEN}\", \"D:\\\\${env:JOT_TOKEN}\"],"
                     " \"cwd\": \"rel/${env:GH_PAT}\"}}}";

  result = tether_config_import_load_text (import, text, -1, "claude_desktop_config.json", &error);
  g_assert_no_error (error);
  assert_stdio (item (result, "w"), "C:apikey-secret-3\\Users\\me\\x.cmd", "--key=mcptoken-secret-4",
                "D:\\jot-secret-1", NULL);
  assert_warning (item (result, "w"), "“C:${env:API_KEY}\\Users\\me\\x.cmd” in “command” looks like a Windows path");
  assert_warning (item (result, "w"), "“D:\\${env:JOT_TOKEN}” in “args” looks like a Windows path");
  assert_warning (item (result, "w"), "“cwd” is relative (rel/${env:GH_PAT})");
  {
    g_autofree char *warnings = g_strjoinv ("\n", (char **)tether_import_item_get_warnings (item (result, "w")));

    for (guint k = 0; k < G_N_ELEMENTS (test_secrets); k++)
      g_assert_null (strstr (warnings, test_secrets[k]));
  }
}

static void
test_text (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *pasted = "// pasted from a README\n{\n  \"memory\": {\n    \"command\": \"npx\",\n"
                       "    \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\",],\n  },\n}\n";

  result = tether_config_import_load_text (import, pasted, -1, NULL, &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_FRAGMENT, 1, 1);
  g_assert_null (tether_import_result_get_file (result));
  g_assert_cmpstr (tether_import_result_get_display_name (result), ==, "pasted text");
  assert_stdio (item (result, "memory"), "npx", "-y", "@modelcontextprotocol/server-memory", NULL);
  g_clear_object (&result);

  /* A single entry named after the hint; args given as one string are split. */
  result = tether_config_import_load_text (import, "{\"command\": \"uvx\", \"args\": \"mcp-server-fetch --ignore-robots-txt 'a b'\"}",
                                           -1, "fetch.json", &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_SINGLE_SERVER, 1, 1);
  assert_stdio (item (result, "fetch"), "uvx", "mcp-server-fetch", "--ignore-robots-txt", "a b", NULL);
  assert_warning (item (result, "fetch"), "“args” was one string; it was split into 3 arguments");
  g_clear_object (&result);

  /* The hint recognises the format when the content cannot. */
  result = tether_config_import_load_text (import, "{\"mcpServers\": {\"x\": {\"command\": \"x\"}}}", -1,
                                           "claude_desktop_config.json", &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP, 1, 1);
  g_clear_object (&result);

  /* TOML and YAML in memory, told apart by content. */
  result = tether_config_import_load_text (import, "[mcp_servers.t]\ncommand = \"t\"\n", -1, NULL, &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_CODEX, 1, 1);
  g_clear_object (&result);
  result = tether_config_import_load_text (import, "extensions:\n  t:\n    type: stdio\n    cmd: t\n", -1, NULL, &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_GOOSE, 1, 1);
  g_clear_object (&result);

  /* Errors name the hint, or “pasted text”. */
  result = tether_config_import_load_text (import, "{\n  \"mcpServers\": {\n    \"x\": \n", -1, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "pasted text, line 4, column 1: expected a value"));
  g_clear_error (&error);

  /* The size cap holds for text too. */
  tether_config_import_set_max_size (import, 10);
  result = tether_config_import_load_text (import, "{\"a\": {\"command\": \"x\"}}", -1, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
}

typedef struct
{
  const char        *file;
  TetherConfigError  code;
  guint              line;
  guint              column;
  const char        *part;
} BrokenCase;

static void
test_broken (void)
{
  static const BrokenCase cases[] = {
    { "broken-truncated.json", TETHER_CONFIG_ERROR_SYNTAX, 5, 22, "this string is not closed before the end of the file" },
    { "broken-bad-json.json", TETHER_CONFIG_ERROR_SYNTAX, 5, 7, "expected “,” or “}” after an object member" },
    { "broken-duplicate-keys.json", TETHER_CONFIG_ERROR_DUPLICATE_KEY, 4, 5, "the key “memory” appears twice" },
    { "broken-all-wrong.json", TETHER_CONFIG_ERROR_INVALID_TYPE, 4, 7, "server “memory”: “command” must be a string, found a number" },
    { "broken-toml-float.toml", TETHER_CONFIG_ERROR_UNSUPPORTED, 3, 20, "floating-point numbers are not supported" },
    { "broken-not-json.txt", TETHER_CONFIG_ERROR_NOT_A_CONFIG, 0, 0, "not a server configuration" },
    { "broken-not-goose.yaml", TETHER_CONFIG_ERROR_NOT_A_CONFIG, 0, 0, "not a goose configuration" },
    { "broken-binary.png", TETHER_CONFIG_ERROR_BINARY, 0, 0, "not a text file" },
    { "broken-empty.json", TETHER_CONFIG_ERROR_EMPTY, 0, 0, "the file is empty" },
    { "broken-zero-servers.json", TETHER_CONFIG_ERROR_NO_SERVERS, 0, 0, "has no servers" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = load_error (cases[i].file);

      if (!g_error_matches (error, TETHER_CONFIG_ERROR, cases[i].code))
        g_error ("%s: code %d, expected %d: %s", cases[i].file, error->code, cases[i].code, error->message);
      /* The message names the file. */
      g_assert_true (g_str_has_prefix (error->message, cases[i].file));
      if (strstr (error->message, cases[i].part) == NULL)
        g_error ("%s: “%s” does not contain “%s”", cases[i].file, error->message, cases[i].part);
      if (cases[i].line > 0)
        {
          g_autofree char *where = g_strdup_printf ("%s, line %u, column %u: ", cases[i].file,
                                                    cases[i].line, cases[i].column);

          g_assert_cmpuint (tether_config_error_get_line (error), ==, cases[i].line);
          g_assert_cmpuint (tether_config_error_get_column (error), ==, cases[i].column);
          if (!g_str_has_prefix (error->message, where))
            g_error ("%s: “%s” does not start with “%s”", cases[i].file, error->message, where);
        }
    }
}

static void
test_wrong_types_partial (void)
{
  g_autoptr(TetherImportResult) result = load ("broken-wrong-types.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_MCP_SERVERS, 3, 1);
  assert_skipped (item (result, "memory"),
                  "broken-wrong-types.json, line 5, column 22: server “memory”: “args” must be an array of strings, found an object at position 2");
  assert_skipped (item (result, "fetch"),
                  "broken-wrong-types.json, line 9, column 7: server “fetch”: “env” must be an object of strings, found an array");

  /* A number among the arguments is taken as text, with a warning. */
  it = item (result, "ok");
  assert_stdio (it, "uvx", "mcp-server-time", "8080", NULL);
  assert_warning (it, "“args”: the a number 8080 was taken as the text “8080”");
}

static gboolean
plan_warns (TetherImportPlan *plan,
            const char       *name,
            const char       *part)
{
  for (guint i = 0; i < tether_import_plan_get_n_items (plan); i++)
    {
      g_auto(GStrv) warnings = NULL;

      if (g_strcmp0 (tether_import_item_get_name (tether_import_plan_get_item (plan, i)), name) != 0)
        continue;
      warnings = tether_import_plan_dup_warnings (plan, i);
      return strv_has ((const char * const *)warnings, part);
    }

  g_error ("no server “%s” in the plan", name);
  return FALSE;
}

/* An env key that would set another variable (PATH=/tmp/evil: sets PATH)
 * and a server without a name are refused, with the reason and where; a
 * credential that would cross the network in clear is warned about. */
static void
test_names_and_cleartext (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherImportPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const char *text =
    "{\"mcpServers\": {\n"
    "  \"evil\": {\"command\": \"npx\", \"env\": {\"PATH=/tmp/evil:\": \"x\"}},\n"
    "  \"digit\": {\"command\": \"npx\", \"env\": {\"1ST\": \"x\"}},\n"
    "  \"\": {\"command\": \"npx\"},\n"
    "  \"clear\": {\"url\": \"http://192.0.2.10/mcp\", \"headers\": {\"Authorization\": \"Bearer plan-tok-5\"}},\n"
    "  \"inurl\": {\"url\": \"http://192.0.2.10/mcp?api_key=plan-tok-6\"},\n"
    "  \"local\": {\"url\": \"http://127.0.0.1:3001/mcp\", \"headers\": {\"Authorization\": \"Bearer plan-tok-7\"}},\n"
    "  \"tls\": {\"url\": \"https://192.0.2.10/mcp\", \"headers\": {\"Authorization\": \"Bearer plan-tok-8\"}},\n"
    "  \"fine\": {\"command\": \"npx\", \"env\": {\"_OK_1\": \"x\"}}\n"
    "}}\n";

  result = tether_config_import_load_text (import, text, -1, "mcp.json", &error);
  g_assert_no_error (error);

  assert_skipped (item (result, "evil"), "mcp.json, line 2, column ");
  assert_skipped (item (result, "evil"), "server “evil”: “PATH=/tmp/evil:” is not a valid environment variable name");
  assert_skipped (item (result, "digit"), "server “digit”: “1ST” is not a valid environment variable name");
  assert_skipped (item (result, ""), "mcp.json, line 4, column ");
  assert_skipped (item (result, ""), "A server needs a name");
  g_assert_false (tether_import_item_get_skipped (item (result, "fine")));

  plan = tether_import_plan_new (result, NULL);
  g_assert_true (plan_warns (plan, "clear", "Sends its Authorization header unencrypted"));
  g_assert_true (plan_warns (plan, "inurl", "Sends the credentials in its URL unencrypted"));
  g_assert_false (plan_warns (plan, "local", "unencrypted"));
  g_assert_false (plan_warns (plan, "tls", "unencrypted"));
  g_assert_false (plan_warns (plan, "fine", "unencrypted"));

  for (guint i = 0; i < tether_import_plan_get_n_items (plan); i++)
    {
      g_auto(GStrv) warnings = tether_import_plan_dup_warnings (plan, i);
      g_autofree char *all = g_strjoinv ("\n", warnings);

      g_assert_null (strstr (all, "plan-tok"));
    }
}

static void
test_duplicate_outside_servers (void)
{
  g_autoptr(TetherImportResult) result = load ("duplicate-outside.json");
  const char * const *warnings = tether_import_result_get_warnings (result);

  assert_counts (result, TETHER_IMPORT_FORMAT_MCP_SERVERS, 1, 1);
  g_assert_nonnull (warnings[0]);
  g_assert_cmpstr (warnings[0], ==,
                   "duplicate-outside.json, line 3, column 3: the key “theme” appears twice; the later one counts");
  g_assert_null (warnings[1]);
}

static void
test_not_files (void)
{
  g_autofree char *dir = corpus_path ("vscode");
  g_autoptr(GError) directory = load_error (dir);
  g_autoptr(GError) missing = load_error ("/nonexistent/tether/mcp.json");

  g_autofree char *expected = g_strdup_printf ("%s is a folder, not a file", dir);

  g_assert_error (directory, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_IS_DIRECTORY);
  g_assert_cmpstr (directory->message, ==, expected);
  g_assert_error (missing, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_UNREADABLE);
  g_assert_true (g_str_has_prefix (missing->message, "/nonexistent/tether/mcp.json could not be read"));
}

/* The source file is only read. */
static void
test_source_untouched (void)
{
  g_autofree char *path = corpus_path ("vscode/.vscode/mcp.json");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  GStatBuf st_before, st_after;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpint (g_stat (path, &st_before), ==, 0);
  result = load ("vscode/.vscode/mcp.json");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpint (g_stat (path, &st_after), ==, 0);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (st_before.st_mtime, ==, st_after.st_mtime);
  g_assert_cmpint (st_before.st_size, ==, st_after.st_size);
}

/* 50 MB of valid JSON is refused at once, before it is read. */
static void
test_too_large (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "huge.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) async_error = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  FILE *out = fopen (path, "w");
  gint64 start;

  g_assert_nonnull (out);
  fputs ("{\"mcpServers\": {", out);
  for (guint i = 0; ftell (out) < 50 * 1000 * 1000; i++)
    fprintf (out, "%s\"server-%u\": {\"command\": \"npx\", \"args\": [\"-y\", \"@example/server-%u\"]}",
             i > 0 ? ", " : "", i, i);
  fputs ("}}\n", out);
  g_assert_cmpint (fclose (out), ==, 0);

  start = g_get_monotonic_time ();
  result = tether_config_import_load_file (import, file, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
  /* Refused from its size alone: the message gives the file's whole size. */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "huge.json is too large to read (50.0"));
  g_assert_nonnull (strstr (error->message, "; the limit is 21.0"));

  result = load_async (import, file, &async_error);
  g_assert_null (result);
  g_assert_error (async_error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
  /* A generous bound (two stats take microseconds); that nothing was read
   * is shown by the message, which gives the size from the metadata. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);

  /* One byte over: the sizes differ in the message, not only in fact. */
  g_clear_error (&error);
  {
    GStatBuf buf;

    g_assert_cmpint (g_stat (path, &buf), ==, 0);
    tether_config_import_set_max_size (import, (guint64)buf.st_size - 1);
  }
  result = tether_config_import_load_file (import, file, NULL, &error);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "bytes"));

  remove_tree (dir);
}

/* A file big enough to be parsed in a worker thread comes back whole. */
static void
test_async_large (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "claude_desktop_config.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = g_string_new ("{\"mcpServers\": {");
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherImportItem) last = NULL;
  /* Few entries, long lines: past the threshold without a malloc storm
   * (the sanitizer build unwinds the stack on every allocation). */
  const guint n = 1200;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s\n  \"server-%u\": {\"command\": \"npx\", \"args\": [\"-y\", "
                            "\"@example/server-%u-%0120u\"], \"env\": {\"TOKEN\": \"${env:JOT_TOKEN}\"}}",
                            i > 0 ? "," : "", i, i, 0u);
  g_string_append (text, "\n}}\n");
  g_assert_cmpuint (text->len, >, 256 * 1024);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));

  result = load_async (import, file, &error);
  g_assert_no_error (error);
  assert_counts (result, TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP, n, n);
  last = g_list_model_get_item (tether_import_result_get_items (result), n - 1);
  g_assert_cmpstr (tether_import_item_get_name (last), ==, "server-1199");
  assert_env (last, "TOKEN=jot-secret-1", NULL);

  /* And a broken one reports its position from the thread too. */
  g_string_truncate (text, text->len - 4);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_clear_object (&result);
  result = load_async (import, file, &error);
  g_assert_null (result);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
  g_assert_cmpuint (tether_config_error_get_line (error), ==, n + 1);

  remove_tree (dir);
}

static void
copy_into (const char *home,
           const char *corpus_name,
           const char *relative)
{
  g_autofree char *from = corpus_path (corpus_name);
  g_autofree char *to = g_build_filename (home, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (to);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (to, contents, length, NULL));
}

static void
write_into (const char *home,
            const char *relative,
            const char *contents)
{
  g_autofree char *to = g_build_filename (home, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (to);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (to, contents, -1, NULL));
}

static void
on_discovered (GObject      *object,
               GAsyncResult *res,
               gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (res);
}

static void
assert_source (GListModel         *sources,
               guint               position,
               const char         *client,
               const char         *home,
               const char         *relative,
               TetherImportFormat  format,
               guint               n_servers,
               const char         *error_part)
{
  g_autoptr(TetherImportSource) source = g_list_model_get_item (sources, position);
  g_autofree char *expected_path = g_build_filename (home, relative, NULL);
  g_autofree char *path = NULL;

  g_assert_nonnull (source);
  path = g_file_get_path (tether_import_source_get_file (source));
  g_assert_cmpstr (tether_import_source_get_client (source), ==, client);
  g_assert_cmpstr (path, ==, expected_path);
  g_assert_cmpint (tether_import_source_get_format (source), ==, format);
  g_assert_cmpuint (tether_import_source_get_n_servers (source), ==, n_servers);
  if (error_part == NULL)
    g_assert_null (tether_import_source_get_error_message (source));
  else
    g_assert_nonnull (strstr (tether_import_source_get_error_message (source), error_part));
}

/* What discovery finds for @import. */
static GListModel *
discover (TetherConfigImport *import)
{
  g_autoptr(GAsyncResult) res = NULL;
  g_autoptr(GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GListModel *sources;

  tether_config_import_discover_async (import, NULL, on_discovered, &res);
  while (res == NULL)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  sources = tether_config_import_discover_finish (import, res, &error);
  g_assert_no_error (error);

  return sources;
}

static void
test_discovery (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *home = make_temp_dir ();
  g_autofree char *config_dir = g_build_filename (home, ".config", NULL);
  g_autoptr(GListModel) sources = NULL;

  copy_into (home, "claude-desktop/claude_desktop_config.json", ".config/Claude/claude_desktop_config.json");
  copy_into (home, "cursor-project/.cursor/mcp.json", ".cursor/mcp.json");
  copy_into (home, "zed/settings.json", ".config/zed/settings.json");
  copy_into (home, "codex/config.toml", ".codex/config.toml");
  copy_into (home, "vscode-settings.json", ".config/Code - Insiders/User/settings.json");
  copy_into (home, "cline/cline_mcp_settings.json",
             ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json");
  /* VS Code settings without servers are no source; a broken Gemini file is, with why. */
  write_into (home, ".config/Code/User/settings.json", "{ \"editor.fontSize\": 14 }");
  write_into (home, ".gemini/settings.json", "{ \"mcpServers\": { \"x\": ");

  tether_config_import_set_home_dir (import, home);
  g_assert_cmpstr (tether_config_import_get_config_dir (import), ==, config_dir);

  sources = discover (import);

  g_assert_cmpuint (g_list_model_get_n_items (sources), ==, 7);
  assert_source (sources, 0, "Claude Desktop", home, ".config/Claude/claude_desktop_config.json",
                 TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP, 5, NULL);
  assert_source (sources, 1, "VS Code Insiders", home, ".config/Code - Insiders/User/settings.json",
                 TETHER_IMPORT_FORMAT_VSCODE_SETTINGS, 2, NULL);
  assert_source (sources, 2, "Cursor", home, ".cursor/mcp.json", TETHER_IMPORT_FORMAT_CURSOR, 3, NULL);
  assert_source (sources, 3, "Zed", home, ".config/zed/settings.json", TETHER_IMPORT_FORMAT_ZED, 4, NULL);
  assert_source (sources, 4, "Gemini CLI", home, ".gemini/settings.json", TETHER_IMPORT_FORMAT_UNKNOWN, 0,
                 "settings.json, line 1, column 24: expected a value");
  assert_source (sources, 5, "Codex", home, ".codex/config.toml", TETHER_IMPORT_FORMAT_CODEX, 3, NULL);
  assert_source (sources, 6, "Cline", home,
                 ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
                 TETHER_IMPORT_FORMAT_CLINE, 4, NULL);

  /* An explicit config dir wins over home/.config. */
  tether_config_import_set_config_dir (import, "/nonexistent-config");
  g_assert_cmpstr (tether_config_import_get_config_dir (import), ==, "/nonexistent-config");

  remove_tree (home);
}

/* A file of @client's shape with one server, "one". */
static char *
minimal_file (const TetherImportClient *client)
{
  const TetherImportRoot *root = client->roots;

  switch (client->shape)
    {
    case TETHER_IMPORT_SHAPE_CODEX:
      return g_strdup_printf ("[%s.one]\ncommand = \"one\"\n", root->key);
    case TETHER_IMPORT_SHAPE_GOOSE:
      return g_strdup_printf ("%s:\n  one: {type: stdio, cmd: one}\n", root->key);
    case TETHER_IMPORT_SHAPE_COMMON:
    case TETHER_IMPORT_SHAPE_FRAGMENT:
    case TETHER_IMPORT_SHAPE_SINGLE_SERVER:
    default:
      if (root->servers == TETHER_IMPORT_SERVERS_ARRAY)
        return g_strdup_printf ("{\"%s\": [{\"%s\": \"one\", \"command\": \"one\"}]}",
                                root->key, root->name_key);
      return g_strdup_printf ("{\"%s\": {\"one\": {\"command\": \"one\"}}}", root->key);
    }
}

/* Every client of the table (tether-import-clients.c) has a format of its
 * own, named as the table says, and each of its files is found where the
 * client keeps it, recognised as its own and read. A client added to the
 * table is checked here with no change to this test. */
static void
test_every_client (void)
{
  g_autoptr(GEnumClass) formats = g_type_class_ref (TETHER_TYPE_IMPORT_FORMAT);
  guint n_locations = 0;

  g_assert_cmpuint (_tether_import_clients_get_n () + 1, ==, formats->n_values);

  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    {
      const TetherImportClient *client = _tether_import_clients_get_nth (i);
      TetherImportFormat format = _tether_import_client_get_format (client);
      GEnumValue *value = g_enum_get_value (formats, format);

      g_test_message ("%s", client->id);
      g_assert_true (format != TETHER_IMPORT_FORMAT_UNKNOWN);
      g_assert_nonnull (value);
      g_assert_cmpstr (value->value_nick, ==, client->id);
      g_assert_true (_tether_import_clients_lookup (format) == client);
      g_assert_cmpstr (tether_import_format_get_display_name (format), ==, client->name);

      for (const TetherImportLocation *location = client->locations;
           location != NULL && location->path != NULL; location++)
        {
          g_autoptr(TetherConfigImport) import = new_importer ();
          g_autoptr(GListModel) sources = NULL;
          g_autofree char *home = make_temp_dir ();
          g_autofree char *contents = minimal_file (client);
          g_autofree char *relative = location->base == TETHER_IMPORT_BASE_CONFIG
                                      ? g_build_filename (".config", location->path, NULL)
                                      : g_strdup (location->path);

          g_test_message ("  %s", relative);
          write_into (home, relative, contents);
          tether_config_import_set_home_dir (import, home);
          sources = discover (import);
          g_assert_cmpuint (g_list_model_get_n_items (sources), ==, 1);
          assert_source (sources, 0, location->label != NULL ? location->label : client->name,
                         home, relative, format, 1, NULL);
          remove_tree (home);
          n_locations++;
        }
    }

  g_assert_cmpuint (n_locations, >=, 20);
}

/* A dry run reads the names in an envFile, which its preview shows, and
 * never the values. */
static void
test_env_file_dry_run (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *path = corpus_path ("vscode/.vscode/mcp.json");
  g_autofree char *env_file = corpus_path ("vscode/.env");
  g_autofree char *note = g_strdup_printf ("2 variables are named in “envFile” (%s): FROM_ENV_FILE, QUOTED; "
                                           "a dry run does not read their values", env_file);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherImportResult) full = NULL;
  TetherImportItem *it;

  g_assert_true (tether_config_import_get_env_file_values (import));
  tether_config_import_set_env_file_values (import, FALSE);
  result = tether_config_import_load_file (import, file, NULL, &error);
  g_assert_no_error (error);
  it = item (result, "perplexity");
  assert_env (it, "PERPLEXITY_API_KEY=${input:perplexity-key}", "PROJECT=vscode", NULL);
  assert_note (it, note);

  /* Asked for, the values come. */
  tether_config_import_set_env_file_values (import, TRUE);
  full = tether_config_import_load_file (import, file, NULL, &error);
  g_assert_no_error (error);
  assert_env (item (full, "perplexity"), "PERPLEXITY_API_KEY=${input:perplexity-key}", "PROJECT=vscode",
              "FROM_ENV_FILE=1", "QUOTED=a b", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  import_test_warm_up ();

  add_test ("/Tether/Import/text", test_text);
  add_test ("/Tether/Import/secret-in-warning", test_secret_in_warning);
  add_test ("/Tether/Import/broken", test_broken);
  add_test ("/Tether/Import/wrong-types-partial", test_wrong_types_partial);
  add_test ("/Tether/Import/duplicate-outside-servers", test_duplicate_outside_servers);
  add_test ("/Tether/Import/names-and-cleartext", test_names_and_cleartext);
  add_test ("/Tether/Import/not-files", test_not_files);
  add_test ("/Tether/Import/source-untouched", test_source_untouched);
  add_test ("/Tether/Import/too-large", test_too_large);
  add_test ("/Tether/Import/async-large", test_async_large);
  add_test ("/Tether/Import/discovery", test_discovery);
  add_test ("/Tether/Import/every-client", test_every_client);
  add_test ("/Tether/Import/env-file-dry-run", test_env_file_dry_run);

  return g_test_run ();
}
