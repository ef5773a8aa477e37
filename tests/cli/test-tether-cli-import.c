/* test-tether-cli-import.c — tether-cli on a configuration file: import of other clients' configs
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against the fake stdio server, each test in a temporary directory of its
 * own (cli-config-harness.h).
 */

#include "config.h"

#include "cli-config-harness.h"

/* ---------------------------------------------------------------------- */
/* import                                                                   */

static char *
corpus (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

typedef struct
{
  char     *path;
  char     *contents;
  GStatBuf  st;
} Snapshot;

static void
snapshot_take (Snapshot   *snapshot,
               const char *path)
{
  snapshot->path = g_strdup (path);
  g_assert_true (g_file_get_contents (path, &snapshot->contents, NULL, NULL));
  g_assert_cmpint (g_stat (path, &snapshot->st), ==, 0);
}

/* The source file is only read. */
static void
snapshot_check (Snapshot *snapshot)
{
  g_autofree char *now = NULL;
  GStatBuf st;

  g_assert_true (g_file_get_contents (snapshot->path, &now, NULL, NULL));
  g_assert_cmpint (g_stat (snapshot->path, &st), ==, 0);
  g_assert_cmpstr (now, ==, snapshot->contents);
  g_assert_cmpint (st.st_mtime, ==, snapshot->st.st_mtime);
  g_clear_pointer (&snapshot->path, g_free);
  g_clear_pointer (&snapshot->contents, g_free);
}

static void
test_import_dry_run (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *codex = corpus ("codex/config.toml");
  g_autofree char *broken = corpus ("broken-truncated.json");
  g_auto(TestRun) text = { 0 };
  g_auto(TestRun) json = { 0 };
  g_auto(TestRun) vs = { 0 };
  g_auto(TestRun) toml = { 0 };
  g_auto(TestRun) bad = { 0 };
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) vs_node = NULL;
  Snapshot snapshot = { 0 };
  JsonObject *server;

  /* Text: every server, what runs, warnings; nothing written */
  snapshot_take (&snapshot, claude);
  run_cli (fixture, &text, "import", "--dry-run", claude, NULL);
  g_assert_cmpint (text.status, ==, 0);
  assert_contains (text.out, ": Claude Desktop, 5 servers\n");
  assert_contains (text.out, "\nfilesystem: would be added\n"
                             "    stdio: npx -y @modelcontextprotocol/server-filesystem '/home/me/My Documents' /home/me/Downloads\n");
  assert_contains (text.out, "\ngithub: would be added\n"
                             "    stdio: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server; "
                             "env: GITHUB_PERSONAL_ACCESS_TOKEN=•••• DEBUG=••••\n");
  assert_contains (text.out, "    warning: “C:\\Users\\me\\test.db” in “args” looks like a Windows path");
  assert_contains (text.out, "\ndocs: would be added\n    auto: https://docs.example.com/mcp\n"
                             "    warning: Claude Desktop runs only stdio servers");
  assert_contains (text.out, "\ncafé ☕ 日本語: would be added\n");
  assert_contains (text.out, "Would add 5, skip 0 and refuse 0 of 5 servers in ");
  assert_contains (text.out, "Nothing was changed.\n");
  g_assert_null (strstr (text.out, "ghp_example"));
  g_assert_cmpstr (text.err, ==, "");
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  /* JSON: the normalised entries, masked */
  run_cli (fixture, &json, "--json", "import", "--dry-run", claude, NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_null (strstr (json.out, "ghp_example"));
  node = parse_json (json.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "format"), ==, "claude-desktop");
  g_assert_true (json_object_get_boolean_member (json_node_get_object (node), "dry_run"));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "config"), ==, fixture->path);
  server = import_server (node, "github");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "add");
  g_assert_cmpstr (json_object_get_string_member (server, "source_key"), ==, "mcpServers.github");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (server, "config"), "env"),
                                                  "GITHUB_PERSONAL_ACCESS_TOKEN"), ==, "••••");
  server = import_server (node, "docs");
  g_assert_cmpstr (json_object_get_string_member (server, "transport"), ==, "auto");
  g_assert_true (json_array_has_string (json_object_get_array_member (server, "warnings"),
                                        "Claude Desktop runs only stdio servers"));
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  snapshot_check (&snapshot);

  /* Variables: listed, and the servers that need them refused */
  snapshot_take (&snapshot, vscode);
  run_cli (fixture, &vs, "--json", "import", "--dry-run", vscode, NULL);
  g_assert_cmpint (vs.status, ==, 0);
  vs_node = parse_json (vs.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (vs_node), "format"), ==, "vscode");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (vs_node), "variables")), ==, 3);
  server = import_server (vs_node, "perplexity");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "refuse");
  assert_contains (json_object_get_string_member (server, "reason"), "--set perplexity-key=VALUE");
  assert_contains (json_object_get_string_member (server, "reason"), "${input:region} (Deployment region)");
  g_assert_true (json_array_has_string (json_object_get_array_member (server, "warnings"),
                                        "ignored: “sandboxEnabled”, “dev”"));
  server = import_server (vs_node, "socket");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "skip");
  assert_contains (json_object_get_string_member (server, "reason"), "socket");
  server = import_server (vs_node, "legacy");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "add");
  g_assert_cmpstr (json_object_get_string_member (server, "transport"), ==, "sse");
  server = import_server (vs_node, "unknown-var");
  g_assert_cmpstr (json_object_get_string_member (server, "action"), ==, "refuse");
  assert_contains (json_object_get_string_member (server, "reason"), "${config:mcp.serverPath}");
  snapshot_check (&snapshot);

  /* TOML */
  snapshot_take (&snapshot, codex);
  run_cli (fixture, &toml, "import", "--dry-run", codex, NULL);
  g_assert_cmpint (toml.status, ==, 0);
  assert_contains (toml.out, ": Codex");
  snapshot_check (&snapshot);

  /* A broken file: where and what, nothing else */
  run_cli (fixture, &bad, "import", "--dry-run", broken, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_cmpstr (bad.out, ==, "");
  assert_one_line_error (bad.err, "broken-truncated.json");
  assert_contains (bad.err, "line ");

  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *text = NULL;
  g_auto(TestRun) skip = { 0 };
  g_auto(TestRun) replace = { 0 };
  g_auto(TestRun) rename = { 0 };
  g_auto(TestRun) refused = { 0 };
  g_auto(TestRun) set = { 0 };
  g_auto(TestRun) unknown = { 0 };
  g_autoptr(JsonNode) node = NULL;
  JsonObject *servers;
  Snapshot snapshot = { 0 };

  write_config (fixture, "{\"mcpServers\": {\"github\": {\"command\": \"mine\"}}, \"other\": true}");
  snapshot_take (&snapshot, claude);

  /* By default a name already taken is skipped. */
  run_cli (fixture, &skip, "import", claude, NULL);
  g_assert_cmpint (skip.status, ==, 0);
  assert_contains (skip.out, "\ngithub: skipped: a server named “github” already exists (use --replace or --rename)\n");
  assert_contains (skip.out, "\nfilesystem: added\n");
  assert_contains (skip.out, "Added 4, skipped 1 and refused 0 of 5 servers in ");
  g_assert_null (strstr (skip.out, "ghp_example"));
  text = read_config (fixture);
  node = parse_json (text);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (node), "other"));
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "github"), "command"), ==, "mine");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "café ☕ 日本語"), "cwd"), ==, "/tmp");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "docs"), "url"),
                   ==, "https://docs.example.com/mcp");
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* --replace takes the file's github; --rename adds beside, disabled */
  run_cli (fixture, &replace, "import", "--replace", claude, NULL);
  g_assert_cmpint (replace.status, ==, 0);
  assert_contains (replace.out, "\ngithub: replaced the server of the same name\n");
  run_cli (fixture, &rename, "import", "--rename", "--disabled", claude, NULL);
  g_assert_cmpint (rename.status, ==, 0);
  assert_contains (rename.out, "\ngithub: added under a new name (“github-2”)\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 10);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (servers, "github"), "command"), ==, "docker");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "github"), "env"),
                                                  "GITHUB_PERSONAL_ACCESS_TOKEN"), ==, "ghp_exampleexampleexample");
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, "github-2"), "disabled"));
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, "filesystem-2"), "disabled"));
  g_assert_false (json_object_has_member (json_object_get_object_member (servers, "filesystem"), "disabled"));
  snapshot_check (&snapshot);
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* Open variables: refused, the others added; exit 1 */
  snapshot_take (&snapshot, vscode);
  write_config (fixture, "{}");
  run_cli (fixture, &refused, "import", vscode, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_contains (refused.out, "\nperplexity: refused: it needs values for ");
  assert_contains (refused.err, "tether-cli: 3 servers were not imported (see above)\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpuint (json_object_get_size (servers), ==, 1);
  g_assert_true (json_object_has_member (servers, "legacy"));
  g_clear_pointer (&node, json_node_unref);
  g_clear_pointer (&text, g_free);

  /* --set gives them; the values land in the file, never on stdout */
  run_cli (fixture, &set, "import", "--rename", "--set", "region=eu-1", "--set", "perplexity-key=pk-secret-9",
           "--set", "${config:mcp.serverPath}=/opt/srv", vscode, NULL);
  g_assert_cmpint (set.status, ==, 0);
  g_assert_null (strstr (set.out, "pk-secret-9"));
  g_assert_null (strstr (set.out, "needs a value"));
  assert_contains (set.out, "\nperplexity: added\n");
  text = read_config (fixture);
  node = parse_json (text);
  servers = json_object_get_object_member (json_node_get_object (node), "mcpServers");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "perplexity"), "env"),
                                                  "PERPLEXITY_API_KEY"), ==, "pk-secret-9");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (json_object_get_object_member (servers, "context7"), "headers"),
                                                  "CONTEXT7_API_KEY"), ==, "pk-secret-9");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (json_object_get_object_member (servers, "perplexity"), "args"), 3),
                   ==, "eu-1");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (json_object_get_object_member (servers, "unknown-var"), "args"), 0),
                   ==, "/opt/srv/index.js");
  g_assert_true (json_object_has_member (servers, "legacy-2"));

  /* A --set for a variable the file does not have is a usage error. */
  g_clear_pointer (&text, g_free);
  text = read_config (fixture);
  run_cli (fixture, &unknown, "import", "--set", "nope=1", vscode, NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  assert_contains (unknown.err, "--set nope: the file has no such variable (it has: ");
  assert_untouched (fixture, text);
  snapshot_check (&snapshot);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  CLI_CONFIG_TEST_ADD ("import-dry-run", test_import_dry_run);
  CLI_CONFIG_TEST_ADD ("import", test_import);

  return g_test_run ();
}
