/* test-client-edit.c — Tether's entry in every client's file, written and
 * removed byte for byte
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "tether-clients.h"
#include "tether-config-import.h"
#include "tether-config-lock.h"
#include "test-server-util.h"
#include "test-util.h"

#define TOKEN "tok3n-5ecret-value-0123456789abcdefghijklmnopq"
#define URL "http://127.0.0.1:7624/mcp"

/* A real-looking file of each client Tether writes: comments, keys that
 * are not Tether's, each its own indentation. */
typedef struct
{
  const char *client;
  const char *path;       /* under the fake home */
  const char *text;
} Sample;

static const Sample samples[] = {
  { "claude-desktop", ".config/Claude/claude_desktop_config.json",
    "{\n"
    "  \"mcpServers\": {\n"
    "    \"filesystem\": {\n"
    "      \"command\": \"npx\",\n"
    "      \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/home/me/Documents\"],\n"
    "      \"env\": {\"DEBUG\": \"1\"}\n"
    "    }\n"
    "  },\n"
    "  \"preferences\": {\"quickEntryShortcut\": \"off\"},\n"
    "  \"globalShortcut\": \"\"\n"
    "}\n" },
  /* written on one line, as Claude Code writes it */
  { "claude-code", ".claude.json",
    "{\"numStartups\":12,\"installMethod\":\"npm\",\"projects\":{\"/home/me/x\":{\"allowedTools\":[]}},"
    "\"mcpServers\":{\"memory\":{\"type\":\"stdio\",\"command\":\"npx\",\"args\":[\"-y\","
    "\"@modelcontextprotocol/server-memory\"],\"env\":{}}},\"userID\":\"abc\"}" },
  /* tabs, comments, trailing commas */
  { "vscode", ".config/Code/User/mcp.json",
    "// Servers for every workspace\n"
    "{\n"
    "\t\"inputs\": [\n"
    "\t\t{\"type\": \"promptString\", \"id\": \"pplx\", \"description\": \"Perplexity key\", \"password\": true},\n"
    "\t],\n"
    "\t\"servers\": {\n"
    "\t\t/* the one I use most */\n"
    "\t\t\"perplexity\": {\n"
    "\t\t\t\"type\": \"stdio\",\n"
    "\t\t\t\"command\": \"npx\",\n"
    "\t\t\t\"args\": [\"-y\", \"server-perplexity-ask\"],\n"
    "\t\t\t\"env\": {\"PERPLEXITY_API_KEY\": \"${input:pplx}\"},\n"
    "\t\t},\n"
    "\t\t\"context7\": {\"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\"}, // remote\n"
    "\t},\n"
    "}\n" },
  { "cursor", ".cursor/mcp.json",
    "{\n"
    "    \"mcpServers\": {\n"
    "        \"memory\": {\n"
    "            \"command\": \"npx\",\n"
    "            \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]\n"
    "        },\n"
    "        \"jot\": {\n"
    "            \"url\": \"https://api.example.com/mcp\",\n"
    "            \"headers\": {\"Authorization\": \"Bearer ${env:JOT_TOKEN}\"}\n"
    "        }\n"
    "    }\n"
    "}\n" },
  { "windsurf", ".codeium/windsurf/mcp_config.json",
    "{\n"
    "  \"mcpServers\": {\n"
    "    \"github\": {\n"
    "      \"serverUrl\": \"https://api.githubcopilot.com/mcp/\",\n"
    "      \"headers\": {\"Authorization\": \"Bearer ${env:GH_PAT}\"}\n"
    "    },\n"
    "    \"memory\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"], \"disabled\": false}\n"
    "  }\n"
    "}\n" },
  /* no context_servers yet: Tether adds the map, and removes it again */
  { "zed", ".config/zed/settings.json",
    "// Zed settings\n"
    "//\n"
    "// For information on how to configure Zed, see the Zed\n"
    "// documentation: https://zed.dev/docs/configuring-zed\n"
    "{\n"
    "   \"ui_font_size\": 16,\n"
    "   \"buffer_font_size\": 15,\n"
    "   \"theme\": {\n"
    "      \"mode\": \"system\",\n"
    "      \"light\": \"One Light\",\n"
    "      \"dark\": \"One Dark\"\n"
    "   },\n"
    "   \"vim_mode\": false, // not yet\n"
    "}\n" },
  { "lm-studio", ".lmstudio/mcp.json",
    "{\n"
    "  \"mcpServers\": {}\n"
    "}" },
  { "gemini-cli", ".gemini/settings.json",
    "{\n"
    "  \"theme\": \"GitHub\",\n"
    "  \"selectedAuthType\": \"oauth-personal\",\n"
    "  \"mcpServers\": {\n"
    "    \"py\": {\"command\": \"python\", \"args\": [\"-m\", \"my_server\"], \"cwd\": \"./srv\", \"timeout\": 15000},\n"
    "    \"web\": {\"httpUrl\": \"http://localhost:3000/mcp\", \"excludeTools\": [\"dangerous_tool\"]}\n"
    "  },\n"
    "  \"checkpointing\": {\"enabled\": true}\n"
    "}\n" },
  { "codex", ".codex/config.toml",
    "# Codex configuration\n"
    "model = \"o3\"\n"
    "approval_policy = \"on-request\"\n"
    "\n"
    "[mcp_servers.fs]\n"
    "command = \"npx\"\n"
    "args = [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/home/me/data\"]\n"
    "startup_timeout_sec = 60\n"
    "\n"
    "[mcp_servers.remote]\n"
    "url = \"https://mcp.example.com/mcp\"\n"
    "bearer_token_env_var = \"MCP_TOKEN\"\n"
    "\n"
    "[profiles.fast]\n"
    "model = \"o4-mini\"   # quick answers\n" },
  { "cline", ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    "{\n"
    "  \"mcpServers\": {\n"
    "    \"local\": {\n"
    "      \"command\": \"node\",\n"
    "      \"args\": [\"/path/server.js\"],\n"
    "      \"autoApprove\": [\"t1\"],\n"
    "      \"timeout\": 60\n"
    "    },\n"
    "    \"remote\": {\"type\": \"streamableHttp\", \"url\": \"https://example.com/mcp\", \"disabled\": true}\n"
    "  }\n"
    "}\n" },
  { "goose", ".config/goose/config.yaml",
    "GOOSE_PROVIDER: openai\n"
    "GOOSE_MODEL: gpt-4o\n"
    "extensions:\n"
    "  developer:\n"
    "    bundled: true\n"
    "    enabled: true\n"
    "    name: developer\n"
    "    timeout: 300\n"
    "    type: builtin\n"
    "  github:\n"
    "    enabled: true\n"
    "    type: stdio\n"
    "    name: github\n"
    "    cmd: npx\n"
    "    args: [\"-y\", \"@modelcontextprotocol/server-github\"]\n"
    "    env_keys: [GITHUB_TOKEN]\n"
    "    timeout: 300\n"
    "# keep this comment\n"
    "GOOSE_MODE: smart_approve\n" },
  { "5ire", ".config/5ire/mcp.json",
    "{\n"
    "  \"mcpServers\": {\n"
    "    \"git\": {\"name\": \"Git\", \"command\": \"uvx\", \"args\": [\"mcp-server-git\", \"--repository\", \"/x\"],\n"
    "            \"isActive\": true, \"approvalPolicy\": \"once\"}\n"
    "  }\n"
    "}\n" },
};

typedef struct
{
  char          *home;
  TetherClients *clients;
} Fixture;

static const char * const bridge[] = { "/usr/bin/tether-cli", "connect", NULL };

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *config = NULL;

  fixture->home = g_dir_make_tmp ("tether-clients-XXXXXX", NULL);
  config = g_build_filename (fixture->home, ".config", NULL);
  fixture->clients = tether_clients_new ();
  tether_clients_set_home_dir (fixture->clients, fixture->home);
  tether_clients_set_config_dir (fixture->clients, config);
  tether_clients_set_endpoint (fixture->clients, URL, TOKEN, bridge);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->clients);
  test_remove_tree (fixture->home);
  g_free (fixture->home);
}

static char *
write_sample (Fixture    *fixture,
              const char *relative,
              const char *text,
              guint       mode)
{
  char *path = g_build_filename (fixture->home, relative, NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, mode), ==, 0);

  return path;
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));

  return text;
}

static char *
to_crlf (const char *text)
{
  g_autoptr(GString) out = g_string_new (text);

  g_string_replace (out, "\n", "\r\n", 0);

  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const Sample *
find_sample (const char *client)
{
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    if (g_str_equal (samples[i].client, client))
      return &samples[i];

  return NULL;
}

static TetherClientChange *
run (Fixture            *fixture,
     const char         *name,
     TetherClientAction  action,
     gboolean            stdio,
     gboolean            write,
     GError            **error)
{
  TetherClient *client;

  tether_clients_refresh (fixture->clients);
  client = tether_clients_lookup (fixture->clients, name);
  g_assert_nonnull (client);

  return tether_clients_run (fixture->clients, client, action, stdio, write, error);
}

/* The client's own reader (the importer) finds Tether's entry, reaching
 * the hub as the client would. */
static void
assert_importer_sees_tether (const char *path,
                             const char *entry_name,
                             gboolean    http)
{
  g_autoptr(TetherConfigImport) import = tether_config_import_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherImportResult) result = tether_config_import_load_file (import, file, NULL, &error);
  GListModel *items;
  gboolean seen = FALSE;

  g_assert_no_error (error);
  items = tether_import_result_get_items (result);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(TetherImportItem) item = g_list_model_get_item (items, i);
      TetherServerConfig *config = tether_import_item_get_config (item);

      if (!g_str_equal (tether_import_item_get_name (item), entry_name))
        continue;
      seen = TRUE;
      if (http)
        {
          g_autofree char *authorization = NULL;

          g_assert_cmpstr (tether_server_config_get_url (config), ==, URL);
          authorization = g_strdup (tether_server_config_get_header_value (config, "Authorization"));
          g_assert_cmpstr (authorization, ==, "Bearer " TOKEN);
        }
      else
        {
          g_assert_cmpstr (tether_server_config_get_command (config), ==, bridge[0]);
          g_assert_cmpstr (tether_server_config_get_args (config)[0], ==, "connect");
        }
    }
  g_assert_true (seen);
}

static void
round_trip (Fixture      *fixture,
            const Sample *sample,
            const char   *text,
            gboolean      stdio)
{
  g_autofree char *path = write_sample (fixture, sample->path, text, 0644);
  g_autofree char *backup = g_strconcat (path, ".tether-backup", NULL);
  g_autoptr(TetherClientChange) connected = NULL;
  g_autoptr(TetherClientChange) again = NULL;
  g_autoptr(TetherClientChange) disconnected = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *after = NULL;
  g_autofree char *saved = NULL;
  TetherClient *client;
  gboolean http;
  GStatBuf st;

  g_test_message ("%s (%s)", sample->client, stdio ? "stdio" : "as it takes");
  tether_clients_refresh (fixture->clients);
  client = tether_clients_lookup (fixture->clients, sample->client);
  g_assert_true (tether_client_get_found (client));
  g_assert_false (tether_client_get_connected (client));
  g_assert_null (tether_client_get_error_message (client));
  g_assert_cmpstr (tether_client_get_path (client), ==, path);
  http = tether_client_get_takes_http (client) && !stdio;

  connected = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_CONNECT, stdio, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (connected->changed);
  g_assert_cmpstr (connected->entry_name, ==, "tether");
  g_assert_null (strstr (connected->diff, TOKEN));
  g_assert_true (tether_client_get_connected (client));
  g_assert_cmpint (tether_client_get_connection (client), ==,
                   http ? TETHER_CLIENT_CONNECTION_HTTP : TETHER_CLIENT_CONNECTION_STDIO);

  /* the file keeps its mode; the backup is the file as it was, 0600 */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  saved = read_text (backup);
  g_assert_cmpstr (saved, ==, text);
  g_assert_cmpint (g_stat (backup, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  written = read_text (path);
  g_assert_nonnull (strstr (written, http ? TOKEN : bridge[0]));
  if (strstr (text, "\r\n") != NULL)
    {
      /* every line the entry added ends as the file's lines do */
      for (const char *p = strchr (written, '\n'); p != NULL; p = strchr (p + 1, '\n'))
        g_assert_true (p > written && p[-1] == '\r');
    }
  assert_importer_sees_tether (path, "tether", http);

  /* connecting again changes nothing */
  again = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_CONNECT, stdio, TRUE, &error);
  g_assert_no_error (error);
  g_assert_false (again->changed);
  g_free (after);
  after = read_text (path);
  g_assert_cmpstr (after, ==, written);

  disconnected = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_DISCONNECT, FALSE, TRUE,
                                     &error);
  g_assert_no_error (error);
  g_assert_true (disconnected->changed);
  g_assert_false (tether_client_get_connected (client));
  g_free (after);
  after = read_text (path);
  g_assert_cmpstr (after, ==, text);

  g_unlink (backup);
  g_unlink (path);
}

/* Each client's sample, as it is and with CRLF line ends: connect, then
 * disconnect, gives the file back byte for byte. */
static void
test_round_trips (Fixture       *fixture,
                  gconstpointer  data)
{
  GListModel *model = tether_clients_get_model (fixture->clients);

  g_assert_cmpuint (g_list_model_get_n_items (model), >=, 12);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(TetherClient) client = g_list_model_get_item (model, i);
      const Sample *sample = find_sample (tether_client_get_name (client));
      g_autofree char *crlf = NULL;

      /* a client Tether writes has a sample here */
      g_assert_nonnull (sample);
      crlf = to_crlf (sample->text);
      round_trip (fixture, sample, sample->text, FALSE);
      round_trip (fixture, sample, crlf, FALSE);
      if (tether_client_get_takes_http (client))
        round_trip (fixture, sample, sample->text, TRUE);
    }
}

/* goose's `extensions:` with nothing under it (null): the entry goes
 * under it, and disconnecting leaves it as it was. */
static void
test_empty_mapping (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *text = "GOOSE_PROVIDER: openai\nextensions:\nGOOSE_MODEL: gpt-4o\n";
  g_autofree char *path = write_sample (fixture, ".config/goose/config.yaml", text, 0600);
  g_autoptr(TetherClientChange) connected = NULL;
  g_autoptr(TetherClientChange) disconnected = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  connected = run (fixture, "goose", TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  assert_importer_sees_tether (path, "tether", TRUE);

  disconnected = run (fixture, "goose", TETHER_CLIENT_ACTION_DISCONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  after = read_text (path);
  g_assert_cmpstr (after, ==, text);
}

/* A name taken by an entry that is not Tether's: tether-2, said so; only
 * Tether's is removed. */
static void
test_name_taken (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *text = "{\n  \"servers\": {\n    \"tether\": {\"command\": \"rope\", \"args\": [\"tie\"]}\n  }\n}\n";
  g_autofree char *path = write_sample (fixture, ".config/Code/User/mcp.json", text, 0600);
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(TetherClientChange) removed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  change = run (fixture, "vscode", TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (change->entry_name, ==, "tether-2");
  g_assert_nonnull (change->notes[0]);
  g_assert_nonnull (strstr (change->notes[0], "tether-2"));
  assert_importer_sees_tether (path, "tether-2", TRUE);
  g_assert_cmpstr (tether_client_get_entry_name (tether_clients_lookup (fixture->clients, "vscode")), ==,
                   "tether-2");

  removed = run (fixture, "vscode", TETHER_CLIENT_ACTION_DISCONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (removed->entry_name, ==, "tether-2");
  after = read_text (path);
  g_assert_cmpstr (after, ==, text);
}

static void
assert_no_backup (const char *path)
{
  g_autofree char *backup = g_strconcat (path, ".tether-backup", NULL);

  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

/* A file that does not parse is never written, nor backed up. */
static void
test_broken_untouched (Fixture       *fixture,
                       gconstpointer  data)
{
  const struct { const char *client; const char *path; const char *text; } broken[] = {
    { "cursor", ".cursor/mcp.json", "{\n  \"mcpServers\": {\n    \"memory\": {\"command\": \"npx\",\n" },
    { "codex", ".codex/config.toml", "[mcp_servers.fs]\ncommand = \"npx\nargs = []\n" },
    { "goose", ".config/goose/config.yaml", "extensions:\n  a: [unclosed\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *path = write_sample (fixture, broken[i].path, broken[i].text, 0600);
      g_autoptr(TetherClientChange) change = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      change = run (fixture, broken[i].client, TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
      g_assert_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_PARSE);
      g_assert_null (change);
      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, "not changed"));
      after = read_text (path);
      g_assert_cmpstr (after, ==, broken[i].text);
      assert_no_backup (path);
      g_assert_nonnull (tether_client_get_error_message (tether_clients_lookup (fixture->clients,
                                                                                broken[i].client)));
    }
}

/* A shape Tether does not edit: refused, with the entry to paste (the
 * token masked), and the file untouched. */
static void
test_unsafe_shape (Fixture       *fixture,
                   gconstpointer  data)
{
  const struct { const char *client; const char *path; const char *text; const char *snippet; } shapes[] = {
    { "goose", ".config/goose/config.yaml", "extensions: {developer: {enabled: true, type: builtin}}\n",
      "extensions:\n  tether:\n" },
    { "codex", ".codex/config.toml", "mcp_servers = { fs = { command = \"npx\" } }\n", "[mcp_servers.tether]" },
    { "cursor", ".cursor/mcp.json", "{\"mcpServers\": [{\"name\": \"a\", \"command\": \"x\"}]}\n",
      "\"mcpServers\": {" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autofree char *path = write_sample (fixture, shapes[i].path, shapes[i].text, 0600);
      g_autoptr(TetherClientChange) change = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      change = run (fixture, shapes[i].client, TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
      g_assert_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, shapes[i].snippet));
      g_assert_nonnull (strstr (error->message, "Bearer ********"));
      g_assert_null (strstr (error->message, TOKEN));
      after = read_text (path);
      g_assert_cmpstr (after, ==, shapes[i].text);
      assert_no_backup (path);
    }
}

/* Tether's entry given twice (pasted again by hand): removing the one the
 * client reads would leave the other in its place; refused, untouched. */
static void
test_entry_twice (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *text =
    "{\n"
    "  \"mcpServers\": {\n"
    "    \"tether\": {\"command\": \"/usr/bin/tether-cli\", \"args\": [\"connect\", \"--profile\", \"a\"]},\n"
    "    \"tether\": {\"command\": \"/usr/bin/tether-cli\", \"args\": [\"connect\"]}\n"
    "  }\n"
    "}\n";
  g_autofree char *path = write_sample (fixture, ".config/Claude/claude_desktop_config.json", text, 0600);
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  tether_clients_refresh (fixture->clients);
  g_assert_true (tether_client_get_connected (tether_clients_lookup (fixture->clients, "claude-desktop")));

  change = run (fixture, "claude-desktop", TETHER_CLIENT_ACTION_DISCONNECT, FALSE, TRUE, &error);
  g_assert_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "by hand"));
  after = read_text (path);
  g_assert_cmpstr (after, ==, text);
  assert_no_backup (path);
}

/* A preview writes nothing, takes no lock, and masks the token. */
static void
test_preview (Fixture       *fixture,
              gconstpointer  data)
{
  const Sample *sample = find_sample ("cursor");
  g_autofree char *path = write_sample (fixture, sample->path, sample->text, 0600);
  g_autofree char *lock = tether_config_lock_path_for (path);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  TetherClient *client;

  tether_clients_refresh_async (fixture->clients, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_clients_refresh_finish (fixture->clients, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  client = tether_clients_lookup (fixture->clients, "cursor");
  g_assert_true (tether_client_get_found (client));

  tether_clients_preview_async (fixture->clients, client, TETHER_CLIENT_ACTION_CONNECT, FALSE, NULL,
                                test_store_result, &result);
  test_wait_for (&result);
  change = tether_clients_preview_finish (fixture->clients, result, &error);
  g_assert_no_error (error);
  g_assert_true (change->changed);
  g_assert_nonnull (strstr (change->diff, "--- "));
  g_assert_nonnull (strstr (change->diff, "+        \"tether\": {\n"));
  g_assert_nonnull (strstr (change->diff, "+                \"Authorization\": \"Bearer ********\"\n"));
  g_assert_null (strstr (change->diff, TOKEN));
  g_assert_false (tether_client_get_connected (client));

  after = read_text (path);
  g_assert_cmpstr (after, ==, sample->text);
  assert_no_backup (path);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
}

/* A client installed without a file yet: the file is made, 0600. */
static void
test_new_file (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (fixture->home, ".config", "Claude", NULL);
  g_autofree char *path = g_build_filename (dir, "claude_desktop_config.json", NULL);
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  tether_clients_refresh (fixture->clients);
  g_assert_false (tether_client_get_found (tether_clients_lookup (fixture->clients, "claude-desktop")));

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  change = run (fixture, "claude-desktop", TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (tether_client_get_found (tether_clients_lookup (fixture->clients, "claude-desktop")));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  /* stdio only: the bridge, whatever it was asked */
  assert_importer_sees_tether (path, "tether", FALSE);
}

typedef struct
{
  GAsyncResult *result;
} Wait;

/* A writer holding the lock: Tether waits, then changes the file as that
 * writer left it; neither change is lost. */
static void
test_concurrent_writer (Fixture       *fixture,
                        gconstpointer  data)
{
  const Sample *sample = find_sample ("windsurf");
  g_autofree char *path = write_sample (fixture, sample->path, sample->text, 0600);
  g_autofree char *lock = tether_config_lock_path_for (path);
  g_autofree char *edited = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  TetherClient *client;
  int fd;

  tether_clients_refresh (fixture->clients);
  client = tether_clients_lookup (fixture->clients, "windsurf");

  fd = test_hold_config_lock (path);
  tether_clients_apply_async (fixture->clients, client, TETHER_CLIENT_ACTION_CONNECT, FALSE, NULL,
                              test_store_result, &result);
  test_wait_fd_open (getpid (), lock);

  /* the other writer's change, made while it holds the lock */
  {
    g_autoptr(GString) text = g_string_new (sample->text);

    g_string_replace (text, "\"github\": {", "\"notes\": {\"command\": \"notes-server\"},\n    \"github\": {", 1);
    edited = g_string_free (g_steal_pointer (&text), FALSE);
    g_assert_true (g_file_set_contents (path, edited, -1, NULL));
  }
  close (fd);

  test_wait_for (&result);
  change = tether_clients_apply_finish (fixture->clients, result, &error);
  g_assert_no_error (error);
  after = read_text (path);
  g_assert_nonnull (strstr (after, "notes-server"));
  g_assert_nonnull (strstr (after, "\"serverUrl\": \"" URL "\""));
  g_assert_true (tether_client_get_connected (client));
}

/* The client's servers Tether has too: turned off with the client's own
 * switch, and on again, byte for byte. */
static void
test_disable_shared (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *servers_path = g_build_filename (fixture->home, "servers.json", NULL);
  g_autoptr(GFile) servers_file = g_file_new_for_path (servers_path);
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *clients[] = { "windsurf", "codex", "goose", "5ire", "cline", "zed" };

  /* Tether has "memory" by name, and the fs server by its command line */
  g_assert_true (g_file_set_contents (servers_path,
                                      "{\"mcpServers\": {\"memory\": {\"command\": \"npx\"},"
                                      "\"files\": {\"command\": \"/usr/bin/npx\", \"args\": [\"-y\", "
                                      "\"@modelcontextprotocol/server-filesystem\", \"/home/me/data\"]},"
                                      "\"gh\": {\"command\": \"npx\", \"args\": [\"-y\", "
                                      "\"@modelcontextprotocol/server-github\"]},"
                                      "\"git\": {\"command\": \"uvx\", \"args\": [\"mcp-server-git\", "
                                      "\"--repository\", \"/x\"]},"
                                      "\"local\": {\"command\": \"node\", \"args\": [\"/path/server.js\"]}}}",
                                      -1, NULL));
  store = tether_config_store_new (servers_file);
  g_assert_true (tether_config_store_load (store, &error));
  tether_clients_set_store (fixture->clients, store);

  for (guint i = 0; i < G_N_ELEMENTS (clients); i++)
    {
      const Sample *sample = find_sample (clients[i]);
      g_autofree char *path = write_sample (fixture, sample->path, sample->text, 0600);
      g_autoptr(TetherClientChange) off = NULL;
      g_autoptr(TetherClientChange) on = NULL;
      g_autofree char *after = NULL;
      g_autoptr(TetherConfigImport) import = tether_config_import_new ();
      g_autoptr(TetherImportResult) imported = NULL;
      g_autoptr(GFile) file = g_file_new_for_path (path);
      TetherClient *client;
      const char * const *shared;
      GListModel *items;
      guint n_disabled = 0;

      g_test_message ("%s", clients[i]);
      tether_clients_refresh (fixture->clients);
      client = tether_clients_lookup (fixture->clients, clients[i]);
      shared = tether_client_get_shared_servers (client);
      g_assert_true (tether_client_get_can_disable (client));
      if (g_str_equal (clients[i], "zed"))
        {
          /* nothing shared: nothing changes */
          g_assert_cmpuint (g_strv_length ((char **)shared), ==, 0);
          off = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_DISABLE_SHARED, FALSE, TRUE,
                                    &error);
          g_assert_no_error (error);
          g_assert_false (off->changed);
          g_unlink (path);
          continue;
        }
      g_assert_cmpuint (g_strv_length ((char **)shared), ==, 1);

      off = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_DISABLE_SHARED, FALSE, TRUE,
                                &error);
      g_assert_no_error (error);
      g_assert_true (off->changed);
      g_assert_nonnull (off->notes[0]);

      /* the client's reader sees it off */
      imported = tether_config_import_load_file (import, file, NULL, &error);
      g_assert_no_error (error);
      items = tether_import_result_get_items (imported);
      for (guint j = 0; j < g_list_model_get_n_items (items); j++)
        {
          g_autoptr(TetherImportItem) item = g_list_model_get_item (items, j);

          if (g_str_equal (tether_import_item_get_name (item), shared[0]))
            {
              g_assert_false (tether_server_config_get_enabled (tether_import_item_get_config (item)));
              n_disabled++;
            }
        }
      g_assert_cmpuint (n_disabled, ==, 1);

      on = tether_clients_run (fixture->clients, client, TETHER_CLIENT_ACTION_ENABLE_SHARED, FALSE, TRUE,
                               &error);
      g_assert_no_error (error);
      g_assert_true (on->changed);
      after = read_text (path);
      g_assert_cmpstr (after, ==, sample->text);
      g_unlink (path);
    }

  /* a client without a switch says so, and its file is untouched */
  {
    const Sample *sample = find_sample ("cursor");
    g_autofree char *path = write_sample (fixture, sample->path, sample->text, 0600);
    g_autoptr(TetherClientChange) off = NULL;
    g_autofree char *after = NULL;

    off = run (fixture, "cursor", TETHER_CLIENT_ACTION_DISABLE_SHARED, FALSE, TRUE, &error);
    g_assert_error (error, TETHER_CLIENT_ERROR, TETHER_CLIENT_ERROR_UNSUPPORTED);
    g_assert_false (tether_client_get_can_disable (tether_clients_lookup (fixture->clients, "cursor")));
    after = read_text (path);
    g_assert_cmpstr (after, ==, sample->text);
  }
}

/* A link to the file (a dotfile manager's) is written through. */
static void
test_symlink (Fixture       *fixture,
              gconstpointer  data)
{
  const Sample *sample = find_sample ("codex");
  g_autofree char *real = write_sample (fixture, "dotfiles/codex.toml", sample->text, 0640);
  g_autofree char *dir = g_build_filename (fixture->home, ".codex", NULL);
  g_autofree char *link = g_build_filename (dir, "config.toml", NULL);
  g_autoptr(TetherClientChange) change = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  GStatBuf st;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_cmpint (symlink (real, link), ==, 0);

  change = run (fixture, "codex", TETHER_CLIENT_ACTION_CONNECT, FALSE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  after = read_text (real);
  g_assert_nonnull (strstr (after, "[mcp_servers.tether]"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/Clients/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("round-trips", test_round_trips);
  ADD ("empty-mapping", test_empty_mapping);
  ADD ("name-taken", test_name_taken);
  ADD ("broken-untouched", test_broken_untouched);
  ADD ("unsafe-shape", test_unsafe_shape);
  ADD ("entry-twice", test_entry_twice);
  ADD ("preview", test_preview);
  ADD ("new-file", test_new_file);
  ADD ("concurrent-writer", test_concurrent_writer);
  ADD ("disable-shared", test_disable_shared);
  ADD ("symlink", test_symlink);
#undef ADD

  return g_test_run ();
}
