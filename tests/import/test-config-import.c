/* test-config-import.c — each client's file, imported
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
#include "tether-server-config-oauth.h"

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

/* Gemini CLI's `oauth`: the client id, its secret and the scopes become
 * the server's own client; what Tether finds itself is named as ignored;
 * the secret is never shown. */
static void
test_gemini_oauth (void)
{
  g_autoptr(TetherConfigImport) import = new_importer ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char * const secrets[] = { "gemini-client-secret-5c2e", NULL };
  TetherServerConfig *config;
  g_auto(GStrv) scopes = NULL;

  result = tether_config_import_load_text (import,
                                           "{\"selectedAuthType\": \"oauth-personal\", \"mcpServers\": {"
                                           " \"gh\": {\"httpUrl\": \"https://gh.example/mcp\","
                                           "  \"oauth\": {\"enabled\": true, \"clientId\": \"gem-client\","
                                           "   \"clientSecret\": \"gemini-client-secret-5c2e\","
                                           "   \"authorizationUrl\": \"https://as.example/authorize\","
                                           "   \"scopes\": [\"repo\", \"read:user\"]}},"
                                           " \"bad\": {\"httpUrl\": \"https://b.example/mcp\", \"oauth\": {\"scopes\": \"x\"}}}}",
                                           -1, "settings.json", &error);
  g_assert_no_error (error);
  g_assert_cmpint (tether_import_result_get_format (result), ==, TETHER_IMPORT_FORMAT_GEMINI_CLI);
  config = tether_import_item_get_config (item (result, "gh"));
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_ID), ==, "gem-client");
  g_assert_cmpstr (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_CLIENT_SECRET), ==,
                   "gemini-client-secret-5c2e");
  scopes = tether_server_config_dup_oauth_scopes (config);
  g_assert_cmpuint (g_strv_length (scopes), ==, 2);
  g_assert_cmpstr (scopes[0], ==, "repo");
  g_assert_null (tether_server_config_get_oauth (config, TETHER_SERVER_OAUTH_GRANT_TYPE));
  assert_warning (item (result, "gh"), "“oauth.enabled”, “oauth.authorizationUrl”");
  assert_skipped (item (result, "bad"), "“scopes” must be an array of strings");
  assert_no_secrets (result, secrets);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  import_test_warm_up ();

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
  add_test ("/Tether/Import/gemini-oauth", test_gemini_oauth);
  add_test ("/Tether/Import/claude-code", test_claude_code);
  add_test ("/Tether/Import/codex", test_codex);
  add_test ("/Tether/Import/goose", test_goose);
  add_test ("/Tether/Import/fragment", test_fragment);
  add_test ("/Tether/Import/single-server", test_single_server);
  add_test ("/Tether/Import/type-spellings", test_type_spellings);
  add_test ("/Tether/Import/header-case", test_header_case);

  return g_test_run ();
}
