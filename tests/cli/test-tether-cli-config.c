/* test-tether-cli-config.c — tether-cli on a configuration file: add, remove, enable, disable: the file as tether-cli writes it
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
/* add, remove, enable, disable                                             */

static const char *edited_start =
  "{\n"
  "  \"theme\": {\"dark\": true},\n"
  "  \"mcpServers\": {\n"
  "    \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},\n"
  "             \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}},\n"
  "    \"other\": {\"url\": \"https://other.example/mcp\", \"headers\": {\"X-Key\": \"other-secret\"}}\n"
  "  },\n"
  "  \"zzz\": [1, 2]\n"
  "}\n";

static void
test_add_remove_enable (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(TestRun) add = { 0 };
  g_auto(TestRun) add_url = { 0 };
  g_auto(TestRun) add_auto = { 0 };
  g_auto(TestRun) disable = { 0 };
  g_auto(TestRun) again = { 0 };
  g_auto(TestRun) enable = { 0 };
  g_auto(TestRun) remove = { 0 };
  g_autofree char *before = NULL;

  write_config (fixture, edited_start);

  run_cli (fixture, &add, "add", "mem", "--env", "API_KEY=env-secret-1", "--env", "DEBUG=1",
           "--cwd", "/srv", "--disabled", "--", "npx", "-y", "@modelcontextprotocol/server-memory", "--flag", NULL);
  g_assert_cmpint (add.status, ==, 0);
  g_assert_cmpstr (add.out, ==,
                   "Added “mem”: stdio: npx -y @modelcontextprotocol/server-memory --flag; cwd: /srv; "
                   "env: API_KEY=•••• DEBUG=••••; disabled\n");

  run_cli (fixture, &add_url, "add", "docs", "--url", "https://docs.example/mcp?key=url-secret-2",
           "--header", "Authorization: Bearer header-secret-3", "--transport", "sse", NULL);
  g_assert_cmpint (add_url.status, ==, 0);
  g_assert_null (strstr (add_url.out, "secret"));

  run_cli (fixture, &add_auto, "--json", "add", "auto", "--url=https://auto.example/mcp", NULL);
  g_assert_cmpint (add_auto.status, ==, 0);
  assert_contains (add_auto.out, "\"action\" : \"added\"");

  assert_config_is (fixture,
    "{\"theme\": {\"dark\": true},"
    " \"mcpServers\": {"
    "  \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},"
    "            \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}},"
    "  \"other\": {\"url\": \"https://other.example/mcp\", \"headers\": {\"X-Key\": \"other-secret\"}},"
    "  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\", \"--flag\"],"
    "           \"env\": {\"API_KEY\": \"env-secret-1\", \"DEBUG\": \"1\"}, \"cwd\": \"/srv\", \"disabled\": true},"
    "  \"docs\": {\"type\": \"sse\", \"url\": \"https://docs.example/mcp?key=url-secret-2\","
    "            \"headers\": {\"Authorization\": \"Bearer header-secret-3\"}},"
    "  \"auto\": {\"url\": \"https://auto.example/mcp\"}"
    " },"
    " \"zzz\": [1, 2]}");

  run_cli (fixture, &disable, "disable", "keep", NULL);
  g_assert_cmpint (disable.status, ==, 0);
  g_assert_cmpstr (disable.out, ==, "Disabled “keep”\n");
  run_cli (fixture, &again, "disable", "keep", NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_cmpstr (again.out, ==, "“keep” is already disabled\n");
  run_cli (fixture, &enable, "enable", "mem", NULL);
  g_assert_cmpint (enable.status, ==, 0);
  run_cli (fixture, &remove, "remove", "other", NULL);
  g_assert_cmpint (remove.status, ==, 0);
  g_assert_cmpstr (remove.out, ==, "Removed “other”\n");

  assert_config_is (fixture,
    "{\"theme\": {\"dark\": true},"
    " \"mcpServers\": {"
    "  \"keep\": {\"command\": \"keep-me\", \"args\": [\"--x\"], \"x-note\": {\"n\": 1},"
    "            \"tether\": {\"connectTimeoutMs\": 5000, \"future\": \"yes\"}, \"disabled\": true},"
    "  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\", \"--flag\"],"
    "           \"env\": {\"API_KEY\": \"env-secret-1\", \"DEBUG\": \"1\"}, \"cwd\": \"/srv\", \"disabled\": false},"
    "  \"docs\": {\"type\": \"sse\", \"url\": \"https://docs.example/mcp?key=url-secret-2\","
    "            \"headers\": {\"Authorization\": \"Bearer header-secret-3\"}},"
    "  \"auto\": {\"url\": \"https://auto.example/mcp\"}"
    " },"
    " \"zzz\": [1, 2]}");

  /* What fails changes nothing. */
  before = read_config (fixture);
  {
    const char *failures[][8] = {
      { "add", "mem", "--", "true", NULL },                       /* taken */
      { "add", "bad", "--url", "ftp://example.com/", NULL },      /* not http(s) */
      { "remove", "nope", NULL },
      { "enable", "nope", NULL },
      { "disable", "nope", NULL },
      { "disable", "nope/echo", NULL },                           /* no such server */
      { "enable", "mem/", NULL },                                 /* no tool */
    };
    const char *usage[][8] = {
      { "add", NULL },
      { "add", "x", NULL },
      { "add", "x", "--url", NULL },
      { "add", "x", "--url", "https://a.example/", "--", "cmd", NULL },
      { "add", "x", "--env", "NOEQUALS", "--", "cmd", NULL },
      { "add", "x", "--header", "no colon", "--url", "https://a.example/", NULL },
      { "add", "x", "--transport", "stdio", "--url", "https://a.example/", NULL },
      { "add", "x", "--cwd", "/", "--url", "https://a.example/", NULL },
      { "remove", NULL },
      { "remove", "a", "b", NULL },
      { "enable", NULL },
      { "list", "extra", NULL },
      { "watch", "extra", NULL },
      { "watch", "--requests", "extra", NULL },
      { "enable", "mem/echo", "extra", NULL },
      { "serve", "extra", NULL },
      { "serve", "--listen", NULL },
      { "serve", "--listen=", NULL },
      { "serve", "--listen", "0.0.0.0:7624", NULL },
      { "serve", "--listen=127.0.0.1:65536", NULL },
      { "serve", "--", "cmd", NULL },
      { "connect", "extra", NULL },
      { "connect", "--profile", NULL },
      { "connect", "--profile=", NULL },
      { "import", NULL },
      { "import", "--replace", "--rename", "f", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
      {
        g_auto(TestRun) run = { 0 };

        run_cli_argv (fixture, &run, failures[i]);
        g_assert_cmpint (run.status, ==, 1);
        g_assert_cmpstr (run.out, ==, "");
        assert_one_line_error (run.err, fixture->path);
        assert_untouched (fixture, before);
      }

    for (guint i = 0; i < G_N_ELEMENTS (usage); i++)
      {
        g_auto(TestRun) run = { 0 };

        run_cli_argv (fixture, &run, usage[i]);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.out, ==, "");
        g_assert_true (g_str_has_prefix (run.err, "tether-cli: "));
        assert_untouched (fixture, before);
      }
  }

  /* A second value for a header name, in any case: the server would get
   * one of them. Refused, naming both spellings and no value. */
  {
    const char *twice[][3] = {
      { "Authorization: Bearer one-secret", "authorization: Bearer two-secret",
        "“Authorization” and “authorization” are the same header" },
      { "X-Key: one-secret", "X-Key: two-secret", "“X-Key” is given twice" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (twice); i++)
      {
        g_auto(TestRun) run = { 0 };

        run_cli (fixture, &run, "add", "twice", "--url", "https://twice.example/mcp",
                 "--header", twice[i][0], "--header", twice[i][1], NULL);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.out, ==, "");
        assert_contains (run.err, twice[i][2]);
        g_assert_null (strstr (run.err, "secret"));
        assert_untouched (fixture, before);
      }
  }

  /* No secret ever reached the output. */
  g_assert_null (strstr (add.out, "secret"));
  g_assert_null (strstr (add_auto.out, "secret"));
  g_assert_null (strstr (disable.out, "secret"));
}

/* What every secret of these tests holds: the temporary directory's name
 * (and the worktree's) may hold the word "secret" itself. */
#define MARK "zq7wv"

static void
assert_no_mark (const char *what,
                const char *text)
{
  if (strstr (text, MARK) != NULL)
    g_error ("a secret reached %s:\n%s", what, text);
}

/* Secrets in env values, header values and URLs (the userinfo, a token
 * alone as the user name, query values, a bare query parameter, the
 * fragment) never reach the output, whatever the command and whether the
 * server answers or not; where a URL is shown, it is masked, path kept. */
static void
test_no_secrets (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *good_counts = counts_path (fixture, "good");
  g_autofree char *good = test_fake_server_entry (good_counts, NULL, "\"env\": {\"API_KEY\": \"" MARK "-env-1\"}");
  g_autofree char *config = g_strdup_printf (
    "{\"mcpServers\": {\"good\": %s,"
    " \"web\": {\"url\": \"http://127.0.0.1:1/mcp?key=" MARK "-query-2\","
    "           \"headers\": {\"Authorization\": \"Bearer " MARK "-header-3\"}},"
    " \"web2\": {\"type\": \"http\", \"url\": \"http://user:" MARK "-password-4@127.0.0.1:1/mcp\"},"
    " \"tok\": {\"type\": \"http\", \"url\": \"http://" MARK "-userinfo-5@127.0.0.1:1/mcp\"},"
    " \"bare\": {\"type\": \"http\", \"url\": \"http://127.0.0.1:1/bare?" MARK "-bare-6\"},"
    " \"frag\": {\"type\": \"sse\", \"url\": \"http://127.0.0.1:1/frag#" MARK "-fragment-7\"}}}", good);
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  const char *commands[][8] = {
    { "list", NULL },
    { "--json", "list", NULL },
    { "info", "good", NULL },
    { "--json", "info", "good", NULL },
    { "tools", "web", NULL },
    { "info", "web2", NULL },
    { "--json", "info", "tok", NULL },
    { "ping", "bare", NULL },
    { "tools", "frag", NULL },
    { "--json", "disable", "web", NULL },
    { "--json", "enable", "web", NULL },
    { "diagnostics", NULL },
    { "--json", "diagnostics", NULL },
    { "import", "--dry-run", import_file, NULL },
    { "--json", "import", "--dry-run", import_file, NULL },
    { "add", "added", "--disabled", "--url", "http://" MARK "-userinfo-8@127.0.0.1:1/added?" MARK "-bare-9#" MARK "-f",
      NULL },
    { "--json", "add", "added2", "--disabled", "--url", "http://127.0.0.1:1/added?t=" MARK "-q#" MARK "-f", NULL },
  };
  /* Each masked URL shows up somewhere, path kept. */
  const char *shown[] = {
    "http://127.0.0.1:1/mcp?key=••••", "http://••••@127.0.0.1:1/mcp", "http://127.0.0.1:1/bare?••••",
    "http://127.0.0.1:1/frag#••••", "http://••••@127.0.0.1:1/added?••••#••••",
  };
  g_autoptr(GString) all = g_string_new (NULL);

  write_config (fixture, config);
  g_assert_true (g_file_set_contents (import_file, config, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(TestRun) run = { 0 };

      run_cli_argv (fixture, &run, commands[i]);
      assert_no_mark (commands[i][0], run.out);
      assert_no_mark (commands[i][0], run.err);
      g_string_append_printf (all, "%s\n%s\n", run.out, run.err);
    }

  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    assert_contains (all->str, shown[i]);

  /* An error names the URL it could not reach, masked, with its path. */
  assert_contains (all->str, "Could not reach the server at http://••••@127.0.0.1:1/mcp: ");
  assert_contains (all->str, "Could not reach the server at http://127.0.0.1:1/bare?••••: ");

  {
    g_autoptr(Watch) watch = watch_start (fixture, TIMINGS);

    watch_wait_for (watch, 0, "good", "connected", 5000);
    watch_wait_for (watch, 0, "web", "waiting", 5000);
    watch_wait_for (watch, 0, "web2", "waiting", 5000);
    watch_wait_for (watch, 0, "tok", "waiting", 5000);
    watch_wait_for (watch, 0, "bare", "waiting", 5000);
    watch_wait_for (watch, 0, "frag", "waiting", 5000);
    watch_stop (watch, SIGTERM);
    for (guint i = 0; i < watch->lines->len; i++)
      {
        g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), g_ptr_array_index (watch->lines, i));
        g_autofree char *text = json_to_string (node, FALSE);

        assert_no_mark ("watch", text);
      }
    assert_no_mark ("watch's stderr", watch->err->str);
  }
}
/* A token over plain http to another machine: `add` still adds (exit 0)
 * and warns on stderr; list, info, diagnostics and import say it too. The
 * servers stay disabled: nothing here leaves the machine. */
static void
test_cleartext_warning (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *config =
    "{\"mcpServers\": {"
    " \"plain\": {\"url\": \"http://192.0.2.10/mcp\", \"headers\": {\"Authorization\": \"Bearer " MARK "-1\"},"
    "             \"disabled\": true},"
    " \"inurl\": {\"type\": \"http\", \"url\": \"http://192.0.2.10/mcp?api_key=" MARK "-2\", \"disabled\": true},"
    " \"local\": {\"url\": \"http://127.0.0.1:1/mcp\", \"headers\": {\"Authorization\": \"Bearer " MARK "-3\"},"
    "             \"disabled\": true},"
    " \"tls\": {\"url\": \"https://192.0.2.10/mcp\", \"headers\": {\"X-Api-Key\": \"" MARK "-4\"}, \"disabled\": true}"
    "}}";
  const char *header_warning = "Sends its Authorization header unencrypted: anyone on the network can read it. "
                               "Use https.";
  const char *url_warning = "Sends the credentials in its URL unencrypted";
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *after_add = NULL;
  g_autoptr(JsonNode) listing = NULL;
  g_autoptr(JsonNode) report = NULL;
  g_autoptr(JsonNode) preview = NULL;
  g_auto(TestRun) add = { 0 };
  g_auto(TestRun) add_tls = { 0 };
  g_auto(TestRun) list = { 0 };
  g_auto(TestRun) list_json = { 0 };
  g_auto(TestRun) info = { 0 };
  g_auto(TestRun) diagnostics = { 0 };
  g_auto(TestRun) diagnostics_json = { 0 };
  g_auto(TestRun) import = { 0 };
  g_auto(TestRun) import_json = { 0 };
  JsonArray *servers;

  write_config (fixture, config);
  g_assert_true (g_file_set_contents (import_file, config, -1, NULL));

  run_cli (fixture, &add, "add", "docs", "--disabled", "--url", "http://docs.example/mcp",
           "--header", "Authorization: Bearer " MARK "-5", NULL);
  g_assert_cmpint (add.status, ==, 0);
  assert_contains (add.out, "Added “docs”: auto: http://docs.example/mcp; headers: Authorization=••••; disabled\n");
  expected = g_strdup_printf ("tether-cli: warning: “docs”: %s\n", header_warning);
  g_assert_cmpstr (add.err, ==, expected);
  after_add = read_config (fixture);
  assert_contains (after_add, "\"docs\"");

  run_cli (fixture, &add_tls, "add", "docs2", "--disabled", "--url", "https://docs.example/mcp",
           "--header", "Authorization: Bearer " MARK "-6", NULL);
  g_assert_cmpint (add_tls.status, ==, 0);
  g_assert_cmpstr (add_tls.err, ==, "");

  run_cli (fixture, &list, "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  assert_contains (list.out, "plain  disabled\n       warning: Sends its Authorization header unencrypted");
  assert_contains (list.out, "inurl  disabled\n       warning: Sends the credentials in its URL unencrypted");
  assert_contains (list.out, "local  disabled\ntls    disabled\ndocs   disabled\n       warning: ");
  assert_contains (list.out, "docs2  disabled\n");
  g_assert_null (strstr (list.out, "docs2  disabled\n       warning"));

  run_cli (fixture, &list_json, "--json", "list", NULL);
  g_assert_cmpint (list_json.status, ==, 0);
  listing = parse_json (list_json.out);
  servers = json_object_get_array_member (json_node_get_object (listing), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "warning"), ==,
                   header_warning);
  assert_contains (json_object_get_string_member (json_array_get_object_element (servers, 1), "warning"), url_warning);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (servers, 2), "warning"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (servers, 3), "warning"));

  /* A disabled server cannot be asked, but the warning comes first. */
  run_cli (fixture, &info, "info", "plain", NULL);
  g_assert_cmpint (info.status, ==, 1);
  assert_contains (info.err, "tether-cli: warning: “plain”: Sends its Authorization header unencrypted");

  run_cli (fixture, &diagnostics, "diagnostics", NULL);
  g_assert_cmpint (diagnostics.status, ==, 0);
  assert_contains (diagnostics.out, "  plain                auto http://192.0.2.10/mcp (disabled)\n"
                                    "                       warning: Sends its Authorization header unencrypted");
  /* the labels' column, padded by the code and not in the messages */
  assert_contains (diagnostics.out, "\nSandbox:        none\n");
  assert_contains (diagnostics.out, "\nPATH:           /");
  assert_contains (diagnostics.out, "\nConfiguration:  /");
  run_cli (fixture, &diagnostics_json, "--json", "diagnostics", NULL);
  g_assert_cmpint (diagnostics_json.status, ==, 0);
  report = parse_json (diagnostics_json.out);
  servers = json_object_get_array_member (json_node_get_object (report), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "warning"), ==,
                   header_warning);
  g_assert_false (json_object_has_member (json_array_get_object_element (servers, 2), "warning"));

  run_cli (fixture, &import, "import", "--dry-run", import_file, NULL);
  g_assert_cmpint (import.status, ==, 0);
  assert_contains (import.out, "\nplain: would be skipped: a server named “plain” already exists (use --replace or --rename)\n"
                               "    auto: http://192.0.2.10/mcp; headers: Authorization=••••; disabled\n"
                               "    warning: disabled in MCP server list (mcpServers) (“disabled”); imported disabled\n"
                               "    warning: Sends its Authorization header unencrypted");
  run_cli (fixture, &import_json, "--json", "import", "--dry-run", import_file, NULL);
  g_assert_cmpint (import_json.status, ==, 0);
  preview = parse_json (import_json.out);
  g_assert_true (json_array_has_string (json_object_get_array_member (import_server (preview, "inurl"), "warnings"),
                                        url_warning));
  g_assert_false (json_array_has_string (json_object_get_array_member (import_server (preview, "local"), "warnings"),
                                         "unencrypted"));

  assert_no_mark ("add", add.err);
  assert_no_mark ("list", list.out);
  assert_no_mark ("diagnostics", diagnostics.out);
  assert_no_mark ("import", import_json.out);
}

/* An env key that is not a name (PATH=/tmp/evil: would set PATH) and a
 * server without a name: in the file, that entry is reported, naming the
 * file, and never started, while the others run; added, refused. */
static void
test_bad_names (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL, TRUE);
  g_autofree char *evil_counts = counts_path (fixture, "evil");
  g_autofree char *evil = test_fake_server_entry (evil_counts, NULL, "\"env\": {\"PATH=/tmp/evil:\": \"x\"}");
  g_autofree char *nameless = fake_entry (fixture, "nameless", NULL, TRUE);
  g_autofree char *config = g_strdup_printf ("{\"mcpServers\": {\"good\": %s, \"evil\": %s, \"\": %s}}",
                                             good, evil, nameless);
  g_autofree char *nameless_counts = counts_path (fixture, "nameless");
  g_autofree char *before = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_auto(TestRun) list = { 0 };
  g_auto(TestRun) json = { 0 };
  g_auto(TestRun) add_env = { 0 };
  g_auto(TestRun) add_empty = { 0 };
  JsonArray *servers;
  const char *error;

  write_config (fixture, config);

  run_cli (fixture, &list, "list", NULL);
  g_assert_cmpint (list.status, ==, 0);
  assert_contains (list.out, "good  connected    10 tools");
  assert_contains (list.out, "evil  error        ");
  assert_contains (list.out, fixture->path);
  assert_contains (list.out, "server “evil”: “PATH=/tmp/evil:” is not a valid environment variable name");
  assert_contains (list.out, "A server needs a name");

  run_cli (fixture, &json, "--json", "list", NULL);
  g_assert_cmpint (json.status, ==, 0);
  node = parse_json (json.out);
  servers = json_object_get_array_member (json_node_get_object (node), "servers");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 0), "state"), ==, "connected");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 1), "state"), ==, "error");
  error = json_object_get_string_member (json_array_get_object_element (servers, 1), "error");
  g_assert_true (g_str_has_prefix (error, fixture->path));
  assert_contains (error, "“PATH=/tmp/evil:”");
  /* Refused at once: no attempt after the first */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (servers, 1), "attempt"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 2), "name"), ==, "");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (servers, 2), "state"), ==, "error");
  error = json_object_get_string_member (json_array_get_object_element (servers, 2), "error");
  g_assert_true (g_str_has_prefix (error, fixture->path));
  assert_contains (error, "A server needs a name");

  /* Neither was ever started. */
  g_assert_false (g_file_test (evil_counts, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (nameless_counts, G_FILE_TEST_EXISTS));

  /* Added: refused, with the reason; the file is left as it was. */
  before = read_config (fixture);
  run_cli (fixture, &add_env, "add", "x", "--env", "BAD-NAME=1", "--", "true", NULL);
  g_assert_cmpint (add_env.status, ==, 1);
  assert_one_line_error (add_env.err, "“BAD-NAME” is not a valid environment variable name");
  assert_contains (add_env.err, fixture->path);
  assert_untouched (fixture, before);

  run_cli (fixture, &add_empty, "add", "", "--", "true", NULL);
  g_assert_cmpint (add_empty.status, ==, 2);
  g_assert_true (g_str_has_prefix (add_empty.err, "tether-cli: add: the server’s name is empty"));
  g_assert_cmpstr (add_empty.out, ==, "");
  assert_untouched (fixture, before);
}

/* ---------------------------------------------------------------------- */
/* A file that cannot be used is reported and never written                 */

static void
test_unusable_untouched (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "import", "fragment.json", NULL);
  const char *files[][3] = {
    /* text, line, column */
    { "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n    \"b\": 1\n  }\n}\n", "line 4, column 5", NULL },
    { "{\"mcpServers\": {\"a\": {\"command\": 3}}}", "line 1, column 23", "“command” must be a string" },
    /* One header in two spellings: the server, both keys, where. */
    { "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"},\n"
      "    \"docs\": {\"url\": \"https://h/mcp\", \"headers\": {\"Authorization\": \"Bearer s1\",\n"
      "                                           \"authorization\": \"Bearer s2\"}}\n  }\n}\n",
      "line 5, column", "server “docs”: “headers”: “Authorization” and “authorization” are the same header" },
  };
  const char *commands[][6] = {
    { "list", NULL },
    { "tools", "a", NULL },
    { "call", "a", "echo", NULL },
    { "add", "z", "--", "true", NULL },
    { "remove", "a", NULL },
    { "enable", "a", NULL },
    { "disable", "a", NULL },
    { "import", source, NULL },
    { "import", "--dry-run", source, NULL },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      GStatBuf st_before, st_after;

      write_config (fixture, files[f][0]);
      g_assert_cmpint (g_stat (fixture->path, &st_before), ==, 0);

      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_auto(TestRun) run = { 0 };
          gboolean dry_run = c == G_N_ELEMENTS (commands) - 1;

          run_cli_argv (fixture, &run, commands[c]);
          /* A dry run still shows the import, and says conflicts are unknown */
          g_assert_cmpint (run.status, ==, dry_run ? 0 : 1);
          assert_contains (run.err, fixture->path);
          assert_contains (run.err, files[f][1]);
          if (files[f][2] != NULL)
            assert_contains (run.err, files[f][2]);
          g_assert_null (strstr (run.err, "Bearer"));
          if (!dry_run)
            assert_one_line_error (run.err, NULL);
          assert_untouched (fixture, files[f][0]);
        }

      /* watch reports it, runs nothing, and leaves it alone */
      {
        g_autoptr(Watch) watch = watch_start (fixture, TIMINGS);
        JsonObject *line;

        watch_wait_lines (watch, 1, 5000);
        line = g_ptr_array_index (watch->lines, 0);
        g_assert_cmpstr (line_state (line), ==, "unusable");
        assert_contains (json_object_get_string_member (line, "error"), files[f][1]);
        watch_idle (watch, 300);
        g_assert_cmpuint (watch->lines->len, ==, 1);
        watch_stop (watch, SIGTERM);
      }

      assert_untouched (fixture, files[f][0]);
      g_assert_cmpint (g_stat (fixture->path, &st_after), ==, 0);
      g_assert_cmpint (st_before.st_mtime, ==, st_after.st_mtime);
      g_assert_cmpint (st_before.st_ino, ==, st_after.st_ino);
    }
}

/* ---------------------------------------------------------------------- */
/* Writers at the same time                                                 */

/* Writers may wait long for each other here: what is tested is that no
 * change is lost, not how fast twenty saves follow each other. */
#define TIMINGS_PATIENT TIMINGS ",config_lock_wait_ms=120000"

static GSubprocess *
spawn_cli (Fixture            *fixture,
           const char         *timings,
           const char * const *args)
{
  g_autoptr(GPtrArray) argv = cli_argv (fixture, timings, args);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, env);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);

  return process;
}

/* Waits for @process; its exit status, with what it said in the log. */
static int
finish_cli (GSubprocess *process,
            const char  *what)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("tether-cli %s → %d %s%s", what, g_subprocess_get_exit_status (process), out, err);

  return g_subprocess_get_exit_status (process);
}

/* Runs every command of @commands at once; each must succeed. */
static void
run_at_once (Fixture     *fixture,
             GPtrArray   *commands)
{
  g_autoptr(GPtrArray) processes = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < commands->len; i++)
    g_ptr_array_add (processes, spawn_cli (fixture, TIMINGS_PATIENT, g_ptr_array_index (commands, i)));

  for (guint i = 0; i < processes->len; i++)
    {
      const char * const *args = g_ptr_array_index (commands, i);
      g_autofree char *what = g_strjoinv (" ", (char **)args);

      g_assert_cmpint (finish_cli (g_ptr_array_index (processes, i), what), ==, 0);
    }
}

static const char **
command (const char *verb,
         const char *name)
{
  const char **args = g_new0 (const char *, 5);

  args[0] = verb;
  args[1] = g_strdup (name);
  if (g_str_equal (verb, "add"))
    {
      args[2] = "--";
      args[3] = "true";
    }

  return args;
}

static void
command_free (gpointer data)
{
  const char **args = data;

  g_free ((char *)args[1]);
  g_free (args);
}

static JsonObject *
config_servers (Fixture *fixture)
{
  g_autofree char *text = read_config (fixture);
  g_autoptr(JsonNode) root = parse_json (text);

  return json_object_ref (json_object_get_object_member (json_node_get_object (root), "mcpServers"));
}

/* Twenty `tether-cli add` started at once on one file: every one succeeds
 * and every entry is there. Then adds, disables and removes, mixed. */
static void
test_parallel_writers (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) adds = g_ptr_array_new_with_free_func (command_free);
  g_autoptr(GPtrArray) mixed = g_ptr_array_new_with_free_func (command_free);
  g_autoptr(GString) start = g_string_new ("{\"mcpServers\": {");
  g_autoptr(JsonObject) servers = NULL;

  write_config (fixture, "{\"mcpServers\": {}, \"x-other\": 12345678901234567890123}");
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%02u", i);

      g_ptr_array_add (adds, command ("add", name));
    }
  run_at_once (fixture, adds);

  servers = config_servers (fixture);
  g_assert_cmpuint (json_object_get_size (servers), ==, 20);
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *name = g_strdup_printf ("s%02u", i);

      g_assert_true (json_object_has_member (servers, name));
    }
  g_clear_pointer (&servers, json_object_unref);
  g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);

  /* r00…r09 there; ten adds, five disables, five removes, interleaved */
  for (guint i = 0; i < 10; i++)
    g_string_append_printf (start, "%s\"r%02u\": {\"command\": \"true\"}", i > 0 ? ", " : "", i);
  g_string_append (start, "}}");
  write_config (fixture, start->str);
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *added = g_strdup_printf ("m%02u", i);
      g_autofree char *other = g_strdup_printf ("r%02u", i);

      g_ptr_array_add (mixed, command ("add", added));
      g_ptr_array_add (mixed, command (i < 5 ? "disable" : "remove", other));
    }
  run_at_once (fixture, mixed);

  servers = config_servers (fixture);
  g_assert_cmpuint (json_object_get_size (servers), ==, 15);
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *added = g_strdup_printf ("m%02u", i);
      g_autofree char *other = g_strdup_printf ("r%02u", i);

      g_assert_true (json_object_has_member (servers, added));
      if (i < 5)
        g_assert_true (json_object_get_boolean_member (json_object_get_object_member (servers, other),
                                                       "disabled"));
      else
        g_assert_false (json_object_has_member (servers, other));
    }
}

/* Another writer holds the lock: tether-cli waits for it, and fails with a
 * clear message only when the wait is over; the file stays as it was. */
static void
test_lock_wait (Fixture       *fixture,
                gconstpointer  data)
{
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"true\"}}}";
  const char *add_b[] = { "add", "b", "--", "true", NULL };
  g_autofree char *lock_path = g_build_filename (fixture->dir, ".servers.json.lock", NULL);
  g_autoptr(GSubprocess) waiter = NULL;
  g_autoptr(JsonObject) servers = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int fd;

  write_config (fixture, text);
  fd = test_hold_config_lock (fixture->path);

  /* Given up */
  {
    g_autoptr(GSubprocess) process = spawn_cli (fixture, TIMINGS ",config_lock_wait_ms=300", add_b);
    g_autoptr(GError) error = NULL;

    g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
    g_assert_no_error (error);
    g_test_message ("%s", err);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
    g_assert_cmpstr (out, ==, "");
    assert_one_line_error (err, fixture->path);
    assert_contains (err, "another program");
    assert_contains (err, lock_path);
    assert_untouched (fixture, text);
  }

  /* Waited for: the lock is let go while it waits (the default wait) */
  waiter = spawn_cli (fixture, TIMINGS, add_b);
  test_wait_fd_open (atoi (g_subprocess_get_identifier (waiter)), lock_path);
  close (fd);
  g_assert_cmpint (finish_cli (waiter, "add b"), ==, 0);
  servers = config_servers (fixture);
  g_assert_true (json_object_has_member (servers, "a"));
  g_assert_true (json_object_has_member (servers, "b"));
}

/* A read-only file is never replaced, also as root; a symlinked one is
 * written through its link. */
static void
test_read_only_and_links (Fixture       *fixture,
                          gconstpointer  data)
{
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"true\"}}}";
  g_autofree char *real = g_build_filename (fixture->dir, "real.json", NULL);
  g_auto(TestRun) refused = { 0 };
  g_auto(TestRun) added = { 0 };
  g_autofree char *contents = NULL;
  GStatBuf before, after;

  write_config (fixture, text);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  g_assert_cmpint (g_stat (fixture->path, &before), ==, 0);

  run_cli (fixture, &refused, "disable", "a", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_one_line_error (refused.err, fixture->path);
  assert_contains (refused.err, "read-only");
  assert_untouched (fixture, text);
  g_assert_cmpint (g_stat (fixture->path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0444);
  g_assert_cmpint (after.st_ino, ==, before.st_ino);

  /* servers.json → real.json */
  g_assert_cmpint (g_rename (fixture->path, real), ==, 0);
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.json", fixture->path), ==, 0);
  run_cli (fixture, &added, "add", "b", "--", "true", NULL);
  g_assert_cmpint (added.status, ==, 0);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  assert_contains (contents, "\"b\"");
}

static void
test_help (Fixture       *fixture,
           gconstpointer  data)
{
  g_auto(TestRun) run = { 0 };
  g_auto(TestRun) import = { 0 };
  g_auto(TestRun) timings = { 0 };

  run_cli (fixture, &run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "--config FILE");
  assert_contains (run.out, "add NAME --url URL");
  assert_contains (run.out, "watch");
  assert_contains (run.out, "watch --requests");
  assert_contains (run.out, "enable NAME/TOOL");
  assert_contains (run.out, "disable NAME/TOOL");
  assert_contains (run.out, "serve [--listen 127.0.0.1:PORT]");
  assert_contains (run.out, "connect [--profile NAME]");
  assert_contains (run.out, "clients connect NAME [--dry-run] [--profile NAME] [--stdio]");
  assert_contains (run.out, "clients disconnect NAME [--dry-run]");

  run_cli (fixture, &import, "import", "--help", NULL);
  g_assert_cmpint (import.status, ==, 0);
  assert_contains (import.out, "--set=NAME=VALUE");

  /* Each configuration command lists its own options, and does nothing:
   * serve starts no hub, connect looks for none and starts no Tether. */
  {
    const char *commands[][6] = {
      { "add", "--url=URL", "--header=", "--env=NAME=VALUE", "--cwd=DIR", "--disabled" },
      { "import", "--dry-run", "--replace", "--rename", "--disabled", "--json" },
      { "diagnostics", "--config=FILE", "--json", NULL },
      { "list", "--json", NULL },
      { "remove", "--json", NULL },
      { "enable", "NAME[/TOOL]", "through the hub", "--json", NULL },
      { "disable", "NAME[/TOOL]", "disabledTools", "--json", NULL },
      { "watch", "--requests", "--json", "--help", NULL },
      { "serve", "--listen=127.0.0.1:PORT", "hub-port", NULL },
      { "connect", "--profile=NAME", "/mcp/NAME", NULL },
      { "clients", "clients connect NAME", "clients disconnect NAME", "clients disable-servers NAME",
        "--json", NULL },
    };
    g_autofree char *before = NULL;

    write_config (fixture, edited_start);
    before = read_config (fixture);

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        g_auto(TestRun) help = { 0 };

        run_cli (fixture, &help, commands[i][0], "--help", NULL);
        g_assert_cmpint (help.status, ==, 0);
        g_assert_cmpstr (help.err, ==, "");
        assert_contains (help.out, commands[i][0]);
        for (guint j = 1; j < G_N_ELEMENTS (commands[i]) && commands[i][j] != NULL; j++)
          assert_contains (help.out, commands[i][j]);
        g_assert_null (strstr (help.out, "http://"));
      }

    assert_untouched (fixture, before);
  }

  run_cli (fixture, &timings, "--timings", "bogus_ms=1", "list", NULL);
  g_assert_cmpint (timings.status, ==, 2);
  assert_contains (timings.err, "bogus_ms");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  CLI_CONFIG_TEST_ADD ("help", test_help);
  CLI_CONFIG_TEST_ADD ("add-remove-enable", test_add_remove_enable);
  CLI_CONFIG_TEST_ADD ("no-secrets", test_no_secrets);
  CLI_CONFIG_TEST_ADD ("cleartext-warning", test_cleartext_warning);
  CLI_CONFIG_TEST_ADD ("bad-names", test_bad_names);
  CLI_CONFIG_TEST_ADD ("unusable-untouched", test_unusable_untouched);
  CLI_CONFIG_TEST_ADD ("parallel-writers", test_parallel_writers);
  CLI_CONFIG_TEST_ADD ("lock-wait", test_lock_wait);
  CLI_CONFIG_TEST_ADD ("read-only-and-links", test_read_only_and_links);

  return g_test_run ();
}
