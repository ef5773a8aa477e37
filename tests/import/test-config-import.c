/* test-config-import.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gstdio.h>

#include "tether-config-import.h"
#include "tether-import-clients-private.h"
#include "tether-import-plan.h"
#include "test-util.h"

/* The environment every test imports with: what ${env:…} may find. */
static const char * const test_environment[] = {
  "JOT_TOKEN=jot-secret-1",
  "GH_PAT=ghpat-secret-2",
  "API_KEY=apikey-secret-3",
  "MCP_TOKEN=mcptoken-secret-4",
  "PATH_EXTRA=/opt/extra",
  "DATA_DIR=/srv/data",
  NULL
};

static const char * const test_secrets[] = {
  "jot-secret-1", "ghpat-secret-2", "apikey-secret-3", "mcptoken-secret-4",
};

static TetherConfigImport *
new_importer (void)
{
  TetherConfigImport *import = tether_config_import_new ();

  tether_config_import_set_environment (import, test_environment);
  tether_config_import_set_home_dir (import, "/home/me");

  return import;
}

static char *
corpus_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

static TetherImportResult *
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

static GError *
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

static TetherImportItem *
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

static void
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
static void
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

static void
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
static void
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

static void
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

static gboolean
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

static void
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

static void
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

static void
assert_no_warnings (TetherImportItem *it)
{
  const char * const *warnings = tether_import_item_get_warnings (it);

  if (warnings[0] != NULL)
    g_error ("server “%s”: unexpected warning “%s”", tether_import_item_get_name (it), warnings[0]);
}

static void
assert_skipped (TetherImportItem *it,
                const char       *part)
{
  const char *reason = tether_import_item_get_skip_reason (it);

  g_assert_true (tether_import_item_get_skipped (it));
  if (reason == NULL || strstr (reason, part) == NULL)
    g_error ("server “%s”: skip reason “%s” does not contain “%s”",
             tether_import_item_get_name (it), reason, part);
}

static TetherImportVariable *
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

static void
assert_n_variables (TetherImportItem *it,
                    guint             n)
{
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_item_get_variables (it)), ==, n);
}

/* No secret value from the environment or the file reaches a warning, a
 * note, a skip reason or a masked rendering. */
static void
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
test_claude_desktop (void)
{
  g_autoptr(TetherImportResult) result = load ("claude-desktop/claude_desktop_config.json");
  const char * const secrets[] = { "ghp_exampleexampleexample", NULL };
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP, 5, 5);
  g_assert_cmpstr (tether_import_result_get_display_name (result), ==, "claude_desktop_config.json");

  it = item (result, "filesystem");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "mcpServers.filesystem");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/My Documents",
                "/home/me/Downloads", NULL);
  assert_env (it, NULL);
  g_assert_true (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_no_warnings (it);

  it = item (result, "github");
  assert_stdio (it, "docker", "run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN",
                "ghcr.io/github/github-mcp-server", NULL);
  assert_env (it, "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_exampleexampleexample", "DEBUG=1", NULL);

  it = item (result, "windows-leftover");
  assert_stdio (it, "C:\\Users\\me\\AppData\\Roaming\\npm\\mcp-server-sqlite.cmd", "--db-path",
                "C:\\Users\\me\\test.db", NULL);
  assert_warning (it, "“C:\\Users\\me\\AppData\\Roaming\\npm\\mcp-server-sqlite.cmd” in “command” looks like a Windows path");
  assert_warning (it, "“C:\\Users\\me\\test.db” in “args” looks like a Windows path");

  it = item (result, "café ☕ 日本語");
  assert_stdio (it, "uvx", "mcp-server-time", "--local-timezone=Europe/Paris", NULL);
  g_assert_cmpstr (tether_server_config_get_cwd (tether_import_item_get_config (it)), ==, "/tmp");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "mcpServers.café ☕ 日本語");

  it = item (result, "docs");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://docs.example.com/mcp");
  assert_warning (it, "Claude Desktop runs only stdio servers");

  assert_no_secrets (result, secrets);
}

static void
test_vscode_mcp_json (void)
{
  g_autoptr(TetherImportResult) result = load ("vscode/.vscode/mcp.json");
  g_autofree char *workspace = corpus_path ("vscode");
  g_autofree char *env_file = g_build_filename (workspace, ".env", NULL);
  g_autofree char *note = g_strdup_printf ("“${workspaceFolder}” is %s", workspace);
  g_autofree char *env_note = g_strdup_printf ("2 variables were read from “envFile” (%s)", env_file);
  TetherImportVariable *key, *region, *key_again;
  g_autoptr(TetherServerConfig) resolved = NULL;
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_VSCODE, 5, 4);
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_result_get_variables (result)), ==, 3);

  it = item (result, "perplexity");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "servers.perplexity");
  assert_stdio (it, "npx", "-y", "server-perplexity-ask", "--region", "${input:region}", NULL);
  /* ${workspaceFolderBasename} resolved; the envFile read, the entry's own key kept. */
  assert_env (it, "PERPLEXITY_API_KEY=${input:perplexity-key}", "PROJECT=vscode", "FROM_ENV_FILE=1",
              "QUOTED=a b", NULL);
  assert_note (it, note);
  assert_note (it, env_note);
  assert_warning (it, "ignored: “sandboxEnabled”, “dev” (not used by Tether)");
  assert_warning (it, "“${input:perplexity-key}” (Perplexity API Key) needs a value");
  assert_n_variables (it, 2);
  key = assert_variable (it, "${input:perplexity-key}", TETHER_IMPORT_VARIABLE_INPUT,
                         "Perplexity API Key", TRUE);
  region = assert_variable (it, "${input:region}", TETHER_IMPORT_VARIABLE_INPUT,
                            "Deployment region", FALSE);
  g_assert_cmpstr (tether_import_variable_get_name (key), ==, "perplexity-key");

  /* Values given once serve every server that uses them. */
  g_assert_cmpuint (tether_import_item_get_n_unresolved (it), ==, 2);
  tether_import_variable_set_value (key, "pplx-typed");
  tether_import_variable_set_value (region, "eu west");
  g_assert_cmpuint (tether_import_item_get_n_unresolved (it), ==, 0);
  resolved = tether_import_item_dup_resolved_config (it);
  g_assert_cmpstr (tether_server_config_get_env_value (resolved, "PERPLEXITY_API_KEY"), ==, "pplx-typed");
  g_assert_cmpstr (tether_server_config_get_args (resolved)[3], ==, "eu west");
  /* The item's own config still holds the placeholder. */
  g_assert_cmpstr (tether_server_config_get_env_value (tether_import_item_get_config (it),
                                                       "PERPLEXITY_API_KEY"), ==, "${input:perplexity-key}");

  it = item (result, "context7");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://mcp.context7.com/mcp");
  assert_headers (it, "CONTEXT7_API_KEY: ${input:perplexity-key}", NULL);
  key_again = assert_variable (it, "${input:perplexity-key}", TETHER_IMPORT_VARIABLE_INPUT,
                               "Perplexity API Key", TRUE);
  g_assert_true (key_again == key);
  g_clear_object (&resolved);
  resolved = tether_import_item_dup_resolved_config (it);
  g_assert_cmpstr (tether_server_config_get_header_value (resolved, "CONTEXT7_API_KEY"), ==, "pplx-typed");

  it = item (result, "legacy");
  assert_remote (it, TETHER_SERVER_KIND_SSE, "http://localhost:8931/sse");
  assert_no_warnings (it);

  it = item (result, "socket");
  assert_skipped (it, "local socket or pipe URL");

  it = item (result, "unknown-var");
  assert_stdio (it, "node", "${config:mcp.serverPath}/index.js", "/home/me/data", NULL);
  assert_variable (it, "${config:mcp.serverPath}", TETHER_IMPORT_VARIABLE_OTHER, NULL, FALSE);
  assert_note (it, "“${userHome}” is /home/me");

  assert_no_secrets (result, NULL);
}

static void
test_vscode_settings (void)
{
  g_autoptr(TetherImportResult) result = load ("vscode-settings.json");
  TetherImportVariable *workspace;
  g_autoptr(TetherServerConfig) resolved = NULL;
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_VSCODE_SETTINGS, 2, 2);

  it = item (result, "github");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "mcp.servers.github");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://api.githubcopilot.com/mcp/");
  assert_headers (it, "Authorization: Bearer ${input:gh-token}", NULL);
  assert_variable (it, "${input:gh-token}", TETHER_IMPORT_VARIABLE_INPUT, "GitHub token", TRUE);

  /* A user-level file: the workspace folder is asked for. */
  it = item (result, "memory");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-memory", NULL);
  workspace = assert_variable (it, "${workspaceFolder}", TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER,
                               "the project folder", FALSE);
  tether_import_variable_set_value (workspace, "/home/me/project");
  resolved = tether_import_item_dup_resolved_config (it);
  g_assert_cmpstr (tether_server_config_get_env_value (resolved, "MEMORY_FILE_PATH"), ==,
                   "/home/me/project/memory.json");
}

static void
test_cursor (void)
{
  g_autoptr(TetherImportResult) result = load ("cursor-project/.cursor/mcp.json");
  g_autofree char *project = corpus_path ("cursor-project");
  g_autofree char *memory = g_build_filename (project, ".cursor", "memory.json", NULL);
  g_autofree char *env_memory = g_strconcat ("MEMORY_FILE_PATH=", memory, NULL);
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_CURSOR, 3, 3);

  it = item (result, "memory");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-memory", NULL);
  assert_env (it, env_memory, NULL);
  assert_n_variables (it, 0);

  it = item (result, "jot");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://api.example.com/mcp");
  assert_headers (it, "Authorization: Bearer jot-secret-1", NULL);
  assert_note (it, "“JOT_TOKEN” was taken from the environment");
  assert_n_variables (it, 0);

  it = item (result, "notes");
  assert_stdio (it, "/home/me/.local/bin/notes-mcp", "--token", "${env:NOTES_TOKEN_UNSET}", NULL);
  assert_variable (it, "${env:NOTES_TOKEN_UNSET}", TETHER_IMPORT_VARIABLE_ENV, NULL, TRUE);
  assert_warning (it, "“${env:NOTES_TOKEN_UNSET}” needs a value");

  assert_no_secrets (result, NULL);
}

static void
test_windsurf (void)
{
  g_autoptr(TetherImportResult) result = load ("windsurf/mcp_config.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_WINDSURF, 2, 2);

  it = item (result, "github");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://api.githubcopilot.com/mcp/");
  assert_headers (it, "Authorization: Bearer ghpat-secret-2", NULL);
  assert_note (it, "“GH_PAT” was taken from the environment");

  it = item (result, "puppeteer");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-puppeteer", NULL);
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_warning (it, "disabled in Windsurf (“disabled”); imported disabled");

  assert_no_secrets (result, NULL);
}

static void
test_zed (void)
{
  g_autoptr(TetherImportResult) result = load ("zed/settings.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_ZED, 5, 4);

  it = item (result, "local");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "context_servers.local");
  assert_stdio (it, "some-command", "arg-1", "arg-2", NULL);
  assert_env (it, "LOG=debug", NULL);
  g_assert_true (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_no_warnings (it);

  it = item (result, "remote");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://example.com/mcp");
  assert_headers (it, "Authorization: Bearer <token>", NULL);

  it = item (result, "old-style");
  assert_stdio (it, "/usr/local/bin/mcp-server-sqlite", "--db", "/home/me/db.sqlite", NULL);
  assert_env (it, "SQLITE_MODE=ro", NULL);

  it = item (result, "mcp-server-github");
  assert_skipped (it, "provided by a Zed extension");

  it = item (result, "paused");
  assert_stdio (it, "uvx", "mcp-server-fetch", NULL);
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_warning (it, "disabled in Zed (“enabled”)");

  assert_no_secrets (result, (const char * const []) { "ghp_xxx", NULL });
}

static void
test_lm_studio (void)
{
  g_autoptr(TetherImportResult) result = load ("lmstudio/.lmstudio/mcp.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_LM_STUDIO, 2, 2);
  it = item (result, "remote");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://mcp.example.com/mcp");
  assert_headers (it, "Authorization: Bearer <TOKEN>", NULL);
  it = item (result, "hf");
  assert_stdio (it, "npx", "-y", "@llmindset/hf-mcp-server", NULL);
}

static void
test_cline (void)
{
  g_autoptr(TetherImportResult) result = load ("cline/cline_mcp_settings.json");
  TetherServerConfig *config;
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_CLINE, 4, 4);

  it = item (result, "local");
  assert_stdio (it, "node", "/path/server.js", NULL);
  config = tether_import_item_get_config (it);
  /* timeout is in seconds in Cline. */
  g_assert_cmpint (tether_server_config_get_tool_timeout (config), ==, 60000);
  g_assert_true (tether_server_config_get_enabled (config));
  assert_warning (it, "ignored: “autoApprove”");
  assert_note (it, "“timeout” became the tool call timeout of 60000 ms");

  it = item (result, "remote");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://example.com/mcp");

  /* An untyped URL is SSE in Cline: auto covers it. */
  it = item (result, "old-sse");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://example.com/sse");
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_note (it, "a URL without a type is SSE in Cline");

  it = item (result, "legacy-transport");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://example.com/legacy/mcp");
  g_assert_cmpint (tether_server_config_get_tool_timeout (tether_import_item_get_config (it)), ==, 30000);
}

static void
test_five_ire (void)
{
  g_autoptr(TetherImportResult) result = load ("5ire/mcp.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_FIVE_IRE, 3, 3);

  it = item (result, "git");
  assert_stdio (it, "uvx", "mcp-server-git", "--repository", "{{repo@string::Path of the repository}}", NULL);
  assert_variable (it, "{{repo@string::Path of the repository}}", TETHER_IMPORT_VARIABLE_OTHER,
                   "Path of the repository", FALSE);
  assert_warning (it, "ignored: “approvalPolicy”");

  it = item (result, "weather");
  assert_remote (it, TETHER_SERVER_KIND_AUTO, "https://weather.example.com/mcp");
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_warning (it, "disabled in 5ire (“isActive”)");

  it = item (result, "sqlite");
  assert_stdio (it, "uvx", "mcp-server-sqlite", NULL);
}

static void
test_gemini (void)
{
  g_autoptr(TetherImportResult) result = load ("gemini/.gemini/settings.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_GEMINI_CLI, 3, 3);

  it = item (result, "py");
  assert_stdio (it, "python", "-m", "my_server", "--data", "/srv/data/py", NULL);
  assert_note (it, "“DATA_DIR” was taken from the environment");
  assert_env (it, "TOKEN=apikey-secret-3", NULL);
  g_assert_cmpstr (tether_server_config_get_cwd (tether_import_item_get_config (it)), ==, "./srv");
  assert_warning (it, "“cwd” is relative (./srv)");
  /* timeout is in milliseconds in Gemini CLI. */
  g_assert_cmpint (tether_server_config_get_tool_timeout (tether_import_item_get_config (it)), ==, 15000);

  /* httpUrl is Streamable HTTP, url is SSE. */
  it = item (result, "web");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "http://localhost:3000/mcp");
  assert_warning (it, "ignored: “excludeTools”, “trust”");

  it = item (result, "events");
  assert_remote (it, TETHER_SERVER_KIND_SSE, "http://localhost:8080/sse");
  assert_headers (it, "Authorization: Bearer ${env:MISSING_TOKEN}", NULL);
  assert_variable (it, "${env:MISSING_TOKEN}", TETHER_IMPORT_VARIABLE_ENV, NULL, TRUE);

  assert_no_secrets (result, NULL);
}

static void
test_claude_code (void)
{
  g_autoptr(TetherImportResult) result = load ("claude-code/.mcp.json");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_CLAUDE_CODE, 3, 3);

  it = item (result, "shared-server");
  assert_stdio (it, "/path/to/server", "--config", "/etc/server.conf", NULL);
  assert_env (it, "API_KEY=apikey-secret-3", NULL);
  assert_note (it, "“CONFIG_PATH” is not set here; its default from the file was used");

  it = item (result, "api");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://api.example.com/mcp");
  assert_headers (it, "Authorization: Bearer apikey-secret-3", NULL);

  it = item (result, "events");
  assert_remote (it, TETHER_SERVER_KIND_SSE, "https://events.example.com/sse");

  assert_no_secrets (result, NULL);
}

static void
test_codex (void)
{
  g_autoptr(TetherImportResult) result = load ("codex/config.toml");
  TetherServerConfig *config;
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_CODEX, 3, 3);

  it = item (result, "fs");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "mcp_servers.fs");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/data\\raw", NULL);
  assert_env (it, "NODE_OPTIONS=--max-old-space-size=4096", "GREETING=tab\there \"quoted\" é",
              "PATH_EXTRA=/opt/extra", "CODEX_UNSET_VAR=${env:CODEX_UNSET_VAR}", NULL);
  config = tether_import_item_get_config (it);
  g_assert_cmpint (tether_server_config_get_connect_timeout (config), ==, 60000);
  g_assert_cmpint (tether_server_config_get_tool_timeout (config), ==, 120000);
  assert_variable (it, "${env:CODEX_UNSET_VAR}", TETHER_IMPORT_VARIABLE_ENV, NULL, FALSE);

  it = item (result, "remote");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://mcp.example.com/mcp");
  assert_headers (it, "X-Client: tether", "X-Trace: on", "Authorization: Bearer mcptoken-secret-4",
                  "X-Api-Key: ${env:REMOTE_API_KEY}", NULL);
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));
  assert_warning (it, "ignored: “enabled_tools”");
  assert_variable (it, "${env:REMOTE_API_KEY}", TETHER_IMPORT_VARIABLE_ENV, NULL, TRUE);

  it = item (result, "név ☃");
  assert_stdio (it, "uvx", "mcp-server-time", NULL);
  g_assert_cmpint (tether_server_config_get_connect_timeout (tether_import_item_get_config (it)), ==, 2500);

  assert_no_secrets (result, NULL);
}

static void
test_goose (void)
{
  g_autoptr(TetherImportResult) result = load ("goose/config.yaml");
  TetherImportItem *it;

  assert_counts (result, TETHER_IMPORT_FORMAT_GOOSE, 5, 3);

  assert_skipped (item (result, "developer"), "a goose builtin extension");
  assert_skipped (item (result, "todo"), "a goose frontend extension");

  it = item (result, "github");
  g_assert_cmpstr (tether_import_item_get_source_key (it), ==, "extensions.github");
  assert_stdio (it, "npx", "-y", "@modelcontextprotocol/server-github", NULL);
  assert_env (it, "GITHUB_TOKEN=${env:GITHUB_TOKEN}", NULL);
  assert_variable (it, "${env:GITHUB_TOKEN}", TETHER_IMPORT_VARIABLE_ENV, NULL, TRUE);
  g_assert_cmpint (tether_server_config_get_tool_timeout (tether_import_item_get_config (it)), ==, 300000);

  it = item (result, "remote-docs");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://docs.example.com/mcp");
  assert_headers (it, "X-Team: tools", NULL);
  g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (it)));

  it = item (result, "memory");
  assert_stdio (it, "uvx", "mcp-server-memory", "--store", "/home/me/mem", NULL);
  assert_env (it, "MEMORY_LEVEL=3", NULL);
  assert_warning (it, "ignored: “available_tools”");
}

static void
test_fragment (void)
{
  g_autoptr(TetherImportResult) result = load ("fragment.json");

  assert_counts (result, TETHER_IMPORT_FORMAT_FRAGMENT, 3, 3);
  assert_stdio (item (result, "memory"), "npx", "-y", "@modelcontextprotocol/server-memory", NULL);
  assert_stdio (item (result, "time"), "uvx", "mcp-server-time", NULL);
  assert_remote (item (result, "remote"), TETHER_SERVER_KIND_AUTO, "https://example.com/mcp");
  g_assert_cmpstr (tether_import_item_get_source_key (item (result, "time")), ==, "time");
}

static void
test_single_server (void)
{
  g_autoptr(TetherImportResult) unnamed = load ("mcp-server-time.json");
  g_autoptr(TetherImportResult) named = load ("named-server.json");
  TetherImportItem *it;

  assert_counts (unnamed, TETHER_IMPORT_FORMAT_SINGLE_SERVER, 1, 1);
  it = item (unnamed, "mcp-server-time");
  assert_stdio (it, "uvx", "mcp-server-time", "--local-timezone", "America/New_York", NULL);
  assert_warning (it, "named after the file");

  assert_counts (named, TETHER_IMPORT_FORMAT_SINGLE_SERVER, 1, 1);
  it = item (named, "weather");
  assert_remote (it, TETHER_SERVER_KIND_HTTP, "https://weather.example.com/mcp");
  assert_headers (it, "X-Key: abc", NULL);
  assert_no_warnings (it);
}

static void
test_type_spellings (void)
{
  static const struct { const char *name; TetherServerKind kind; } expected[] = {
    { "a-http", TETHER_SERVER_KIND_HTTP }, { "b-streamable-http", TETHER_SERVER_KIND_HTTP },
    { "c-streamableHttp", TETHER_SERVER_KIND_HTTP }, { "d-streamable_http", TETHER_SERVER_KIND_HTTP },
    { "e-STREAMABLE_HTTP", TETHER_SERVER_KIND_HTTP }, { "f-sse", TETHER_SERVER_KIND_SSE },
    { "g-SSE", TETHER_SERVER_KIND_SSE }, { "h-stdio", TETHER_SERVER_KIND_STDIO },
    { "i-STDIO", TETHER_SERVER_KIND_STDIO }, { "j-local", TETHER_SERVER_KIND_STDIO },
    { "k-remote", TETHER_SERVER_KIND_AUTO }, { "l-url", TETHER_SERVER_KIND_AUTO },
    { "m-untyped-url", TETHER_SERVER_KIND_AUTO }, { "n-untyped-command", TETHER_SERVER_KIND_STDIO },
    { "o-transportType", TETHER_SERVER_KIND_HTTP }, { "p-serverUrl", TETHER_SERVER_KIND_AUTO },
    { "q-httpUrl", TETHER_SERVER_KIND_HTTP },
  };
  g_autoptr(TetherImportResult) result = load ("type-spellings.json");

  /* serverUrl is Windsurf's own key: content decides the format. */
  assert_counts (result, TETHER_IMPORT_FORMAT_WINDSURF, G_N_ELEMENTS (expected), G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      TetherImportItem *it = item (result, expected[i].name);

      g_assert_false (tether_import_item_get_skipped (it));
      if (tether_server_config_get_kind (tether_import_item_get_config (it)) != expected[i].kind)
        g_error ("%s: kind %d, expected %d", expected[i].name,
                 tether_server_config_get_kind (tether_import_item_get_config (it)), expected[i].kind);
    }
}

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

static void
on_loaded (GObject      *object,
           GAsyncResult *res,
           gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (res);
}

static TetherImportResult *
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

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("tether-import-XXXXXX", &error);

  g_assert_no_error (error);

  return dir;
}

static void
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

/* Every test leaves no file descriptor open. */
static void
run_checking_fds (gconstpointer data)
{
  void (*func) (void) = (void (*) (void))data;
  guint before = test_count_fds ();

  func ();
  g_assert_cmpuint (test_count_fds (), ==, before);
}

#define add_test(path, func) g_test_add_data_func (path, (gconstpointer)func, run_checking_fds)

/* Whatever GLib opens once per process (the main context's wakeup fd, the
 * thread pool) is opened before the first count. */
static void
warm_up (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autofree char *path = corpus_path ("fragment.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(TetherImportResult) result = load ("fragment.json");
  g_autoptr(TetherImportResult) async_result = load_async (import, file, NULL);

  g_assert_nonnull (result);
  g_assert_nonnull (async_result);
}

/* One header name in two spellings is one header with two values: that
 * server is not imported, and the reason names both spellings (never a
 * value); the other servers of the file are. */
static void
test_header_case (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char * const secrets[] = { "one-4a1f", "two-4a1f", NULL };
  TetherImportItem *it;

  result = tether_config_import_load_text (import,
                                           "{\"mcpServers\": {"
                                           " \"docs\": {\"url\": \"https://docs.example/mcp\","
                                           "  \"headers\": {\"Authorization\": \"Bearer one-4a1f\","
                                           "               \"authorization\": \"Bearer two-4a1f\"}},"
                                           " \"ok\": {\"url\": \"https://ok.example/mcp\","
                                           "  \"headers\": {\"X-Api-Key\": \"k\"}}}}",
                                           -1, "mcp.json", &error);
  g_assert_no_error (error);
  it = item (result, "docs");
  assert_skipped (it, "“Authorization” and “authorization” are the same header");
  assert_remote (item (result, "ok"), TETHER_SERVER_KIND_AUTO, "https://ok.example/mcp");
  assert_headers (item (result, "ok"), "X-Api-Key: k", NULL);
  g_assert_cmpuint (tether_import_result_get_n_servers (result), ==, 1);
  assert_no_secrets (result, secrets);
  g_clear_object (&result);

  /* Codex: a bearer token and an Authorization header in another case. */
  result = tether_config_import_load_text (import,
                                           "[mcp_servers.c]\nurl = \"https://c.example/mcp\"\n"
                                           "bearer_token = \"one-4a1f\"\n"
                                           "http_headers = { AUTHORIZATION = \"Bearer two-4a1f\" }\n"
                                           "[mcp_servers.t]\ncommand = \"t\"\n",
                                           -1, NULL, &error);
  g_assert_no_error (error);
  assert_skipped (item (result, "c"), "“AUTHORIZATION” and “Authorization” are the same header");
  assert_no_secrets (result, secrets);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  warm_up ();

  add_test ("/Tether/Import/claude-desktop", test_claude_desktop);
  add_test ("/Tether/Import/vscode-mcp-json", test_vscode_mcp_json);
  add_test ("/Tether/Import/vscode-settings", test_vscode_settings);
  add_test ("/Tether/Import/cursor", test_cursor);
  add_test ("/Tether/Import/windsurf", test_windsurf);
  add_test ("/Tether/Import/zed", test_zed);
  add_test ("/Tether/Import/lm-studio", test_lm_studio);
  add_test ("/Tether/Import/cline", test_cline);
  add_test ("/Tether/Import/5ire", test_five_ire);
  add_test ("/Tether/Import/gemini", test_gemini);
  add_test ("/Tether/Import/claude-code", test_claude_code);
  add_test ("/Tether/Import/codex", test_codex);
  add_test ("/Tether/Import/goose", test_goose);
  add_test ("/Tether/Import/fragment", test_fragment);
  add_test ("/Tether/Import/single-server", test_single_server);
  add_test ("/Tether/Import/type-spellings", test_type_spellings);
  add_test ("/Tether/Import/text", test_text);
  add_test ("/Tether/Import/secret-in-warning", test_secret_in_warning);
  add_test ("/Tether/Import/header-case", test_header_case);
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
