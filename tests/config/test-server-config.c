/* test-server-config.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp-http-transport.h"

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-server-config.h"

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "test.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (doc);

  return json_node_ref (tether_config_document_get_root (doc));
}

static char *
to_compact (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static TetherServerConfig *
config_from (const char  *name,
             const char  *text,
             GError     **error)
{
  g_autoptr(JsonNode) node = parse (text);

  return tether_server_config_new_from_json (name, node, error);
}

/* Every known field is read. */
static void
test_read_every_field (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  g_auto(GStrv) env = NULL;
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) headers = NULL;
  g_auto(GStrv) argv = NULL;

  config = config_from ("memory",
                        "{ \"type\": \"stdio\", \"command\": \"npx\","
                        "  \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\", \"a b\"],"
                        "  \"env\": { \"Z_FIRST\": \"1\", \"A_SECOND\": \"x=y\" },"
                        "  \"cwd\": \"/tmp\", \"url\": \"https://example.com/mcp\","
                        "  \"headers\": { \"Authorization\": \"Bearer t\", \"X-A\": \"b: c\" },"
                        "  \"disabled\": true,"
                        "  \"tether\": { \"connectTimeoutMs\": 1000, \"requestTimeoutMs\": 2000,"
                        "               \"toolTimeoutMs\": 3000, \"toolTimeoutMaxMs\": 4000,"
                        "               \"pingIntervalMs\": 0, \"connectAttempts\": 5,"
                        "               \"retryDelayMs\": 250, \"reconnectDelayMaxMs\": 9000 } }",
                        &error);
  g_assert_no_error (error);

  g_assert_cmpstr (tether_server_config_get_name (config), ==, "memory");
  g_assert_cmpint (tether_server_config_get_kind (config), ==, TETHER_SERVER_KIND_STDIO);
  g_assert_cmpstr (tether_server_config_get_command (config), ==, "npx");
  argv = tether_server_config_dup_argv (config);
  g_assert_cmpuint (g_strv_length (argv), ==, 4);
  g_assert_cmpstr (argv[3], ==, "a b");
  env = tether_server_config_dup_env (config);
  g_assert_cmpuint (g_strv_length (env), ==, 2);
  g_assert_cmpstr (env[0], ==, "Z_FIRST=1");
  g_assert_cmpstr (env[1], ==, "A_SECOND=x=y");
  names = tether_server_config_dup_env_names (config);
  g_assert_cmpstr (names[0], ==, "Z_FIRST");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "A_SECOND"), ==, "x=y");
  g_assert_cmpstr (tether_server_config_get_cwd (config), ==, "/tmp");
  g_assert_cmpstr (tether_server_config_get_url (config), ==, "https://example.com/mcp");
  headers = tether_server_config_dup_headers (config);
  g_assert_cmpstr (headers[0], ==, "Authorization: Bearer t");
  g_assert_cmpstr (headers[1], ==, "X-A: b: c");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "X-A"), ==, "b: c");
  g_assert_false (tether_server_config_get_enabled (config));
  g_assert_cmpint (tether_server_config_get_connect_timeout (config), ==, 1000);
  g_assert_cmpint (tether_server_config_get_request_timeout (config), ==, 2000);
  g_assert_cmpint (tether_server_config_get_tool_timeout (config), ==, 3000);
  g_assert_cmpint (tether_server_config_get_tool_timeout_max (config), ==, 4000);
  g_assert_cmpint (tether_server_config_get_ping_interval (config), ==, 0);
  g_assert_cmpint (tether_server_config_get_connect_attempts (config), ==, 5);
  g_assert_cmpint (tether_server_config_get_retry_delay (config), ==, 250);
  g_assert_cmpint (tether_server_config_get_reconnect_delay_max (config), ==, 9000);
}

static void
test_defaults_unset (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = config_from ("x", "{ \"command\": \"x\" }", &error);
  g_autoptr(TetherServerConfig) remote = config_from ("y", "{ \"url\": \"https://h/mcp\" }", &error);

  g_assert_no_error (error);
  g_assert_true (tether_server_config_get_enabled (config));
  g_assert_cmpint (tether_server_config_get_kind (config), ==, TETHER_SERVER_KIND_STDIO);
  g_assert_cmpint (tether_server_config_get_kind (remote), ==, TETHER_SERVER_KIND_AUTO);
  g_assert_cmpint (tether_server_config_get_connect_timeout (config), ==, -1);
  g_assert_cmpint (tether_server_config_get_ping_interval (config), ==, -1);
  g_assert_cmpint (tether_server_config_get_connect_attempts (config), ==, -1);
  g_assert_null (tether_server_config_get_args (config));
}

/* Unknown keys come back where they were, with their values untouched;
 * known keys keep their place; nothing unread is added. */
static void
test_round_trip_unknown_keys (void)
{
  const char *text =
    "{\"autoApprove\":[\"read\",{\"deep\":[1,2.5,null,true]}],\"command\":\"npx\","
    "\"description\":\"Memory \\u00e9 ☃\",\"args\":[\"-y\"],\"type\":\"streamableHttp\","
    "\"url\":\"https://h/mcp\",\"disabled\":false,"
    "\"tether\":{\"future\":{\"x\":1},\"connectAttempts\":2},\"zeta\":0}";
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = parse (text);
  g_autoptr(TetherServerConfig) config = tether_server_config_new_from_json ("m", node, &error);
  g_autoptr(JsonNode) written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (tether_server_config_get_kind (config), ==, TETHER_SERVER_KIND_HTTP);

  written = tether_server_config_to_json (config);
  expected = to_compact (node);
  actual = to_compact (written);
  /* Byte for byte, once both are printed the same way. */
  g_assert_cmpstr (actual, ==, expected);

  /* A change rewrites only its own key, in place. */
  tether_server_config_set_connect_attempts (config, 7);
  tether_server_config_set_enabled (config, FALSE);
  g_clear_pointer (&written, json_node_unref);
  g_clear_pointer (&actual, g_free);
  written = tether_server_config_to_json (config);
  actual = to_compact (written);
  g_assert_cmpstr (actual, ==,
                   "{\"autoApprove\":[\"read\",{\"deep\":[1,2.5,null,true]}],\"command\":\"npx\","
                   "\"description\":\"Memory é ☃\",\"args\":[\"-y\"],\"type\":\"streamableHttp\","
                   "\"url\":\"https://h/mcp\",\"disabled\":true,"
                   "\"tether\":{\"future\":{\"x\":1},\"connectAttempts\":7},\"zeta\":0}");

  /* The spelling of the type is kept only while it says the same. */
  tether_server_config_set_kind (config, TETHER_SERVER_KIND_SSE);
  g_clear_pointer (&written, json_node_unref);
  written = tether_server_config_to_json (config);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (written), "type"), ==, "sse");
}

static void
test_write_minimal (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("docs");
  g_autoptr(TetherServerConfig) reread = NULL;
  g_autoptr(JsonNode) written = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *args[] = { "-y", "pkg", NULL };
  const char *env[] = { "B=2", "A=1", NULL };

  written = tether_server_config_to_json (config);
  text = to_compact (written);
  g_assert_cmpstr (text, ==, "{\"type\":\"stdio\"}");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&written, json_node_unref);

  tether_server_config_set_command (config, "npx");
  tether_server_config_set_args (config, args);
  tether_server_config_set_env (config, env);
  tether_server_config_set_tool_timeout (config, 5000);
  written = tether_server_config_to_json (config);
  text = to_compact (written);
  g_assert_cmpstr (text, ==,
                   "{\"command\":\"npx\",\"args\":[\"-y\",\"pkg\"],\"env\":{\"B\":\"2\",\"A\":\"1\"},"
                   "\"tether\":{\"toolTimeoutMs\":5000}}");

  reread = tether_server_config_new_from_json ("docs", written, &error);
  g_assert_no_error (error);
  g_assert_true (tether_server_config_equal (config, reread));

  /* Remote kinds. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&written, json_node_unref);
  g_clear_object (&config);
  config = tether_server_config_new ("r");
  tether_server_config_set_kind (config, TETHER_SERVER_KIND_AUTO);
  tether_server_config_set_url (config, "https://h/mcp");
  tether_server_config_set_header_value (config, "Authorization", "Bearer x");
  written = tether_server_config_to_json (config);
  text = to_compact (written);
  g_assert_cmpstr (text, ==, "{\"url\":\"https://h/mcp\",\"headers\":{\"Authorization\":\"Bearer x\"}}");
}

typedef struct
{
  const char *entry;
  const char *message_part;
  const char *path;
} WrongType;

static void
test_wrong_types (void)
{
  static const WrongType cases[] = {
    { "{\"command\": 5}", "server “memory”: “command” must be a string, found a number", "/command" },
    { "{\"command\": \"x\", \"args\": 5}", "server “memory”: “args” must be an array of strings, found a number", "/args" },
    { "{\"command\": \"x\", \"args\": [\"a\", 5]}", "“args” must be an array of strings, found a number at position 2", "/args/1" },
    { "{\"command\": \"x\", \"env\": [\"A=1\"]}", "“env” must be an object of strings, found an array", "/env" },
    { "{\"command\": \"x\", \"env\": {\"A\": 1}}", "“env.A” must be a string, found a number", "/env/A" },
    { "{\"url\": \"https://h\", \"headers\": \"x\"}", "“headers” must be an object of strings, found a string", "/headers" },
    { "{\"command\": \"x\", \"disabled\": \"yes\"}", "“disabled” must be a boolean, found a string", "/disabled" },
    { "{\"command\": \"x\", \"type\": \"websocket\"}", "“type” must be “stdio”, “http” or “sse”, found “websocket”", "/type" },
    { "{\"command\": \"x\", \"cwd\": true}", "“cwd” must be a string, found a boolean", "/cwd" },
    { "{\"command\": \"x\", \"tether\": []}", "“tether” must be an object, found an array", "/tether" },
    { "{\"command\": \"x\", \"tether\": {\"connectTimeoutMs\": \"60\"}}", "“tether.connectTimeoutMs” must be an integer, found a string", "/tether/connectTimeoutMs" },
    { "{\"command\": \"x\", \"tether\": {\"connectAttempts\": 0}}", "“tether.connectAttempts” must be an integer from 1", "/tether/connectAttempts" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = config_from ("memory", cases[i].entry, &error);

      g_assert_null (config);
      g_assert_nonnull (error);
      g_assert_true (error->domain == TETHER_CONFIG_ERROR);
      if (strstr (error->message, cases[i].message_part) == NULL)
        g_error ("case %u: “%s” does not contain “%s”", i, error->message, cases[i].message_part);
      g_assert_cmpstr (tether_config_error_get_path (error), ==, cases[i].path);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = parse ("[1]");
    g_autoptr(TetherServerConfig) config = tether_server_config_new_from_json ("memory", node, &error);

    g_assert_null (config);
    g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE);
    g_assert_nonnull (strstr (error->message, "server “memory” must be an object, found an array"));
  }
}

/* A wrong type in a file gets its line and column from the document. */
static void
test_wrong_type_located (void)
{
  const char *text = "{\n  \"mcpServers\": {\n    \"memory\": {\n      \"command\": \"npx\",\n"
                     "      \"args\": [\"-y\", 42]\n    }\n  }\n}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherConfigDocument) doc = tether_config_document_parse_json (text, -1, "servers.json", &error);
  JsonNode *entry;
  g_autoptr(TetherServerConfig) config = NULL;

  g_assert_no_error (error);
  entry = json_object_get_member (json_object_get_object_member (json_node_get_object (tether_config_document_get_root (doc)),
                                                                 "mcpServers"), "memory");
  config = tether_server_config_new_from_json ("memory", entry, &error);
  g_assert_null (config);
  tether_config_document_locate_error (doc, "/mcpServers/memory", error);
  g_assert_cmpuint (tether_config_error_get_line (error), ==, 5);
  g_assert_cmpuint (tether_config_error_get_column (error), ==, 22);
  g_assert_true (g_str_has_prefix (error->message, "servers.json, line 5, column 22: server “memory”"));
}

static void
test_equal_and_copy (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) a = config_from ("m", "{\"command\":\"npx\",\"args\":[\"-y\"],\"env\":{\"A\":\"1\",\"B\":\"2\"},\"x\":{\"y\":1}}", &error);
  g_autoptr(TetherServerConfig) b = config_from ("m", "{\"command\":\"npx\",\"args\":[\"-y\"],\"env\":{\"A\":\"1\",\"B\":\"2\"},\"x\":{\"y\":1}}", &error);
  g_autoptr(TetherServerConfig) c = config_from ("m", "{\"command\":\"npx\",\"args\":[\"-y\"],\"env\":{\"A\":\"1\",\"B\":\"2\"},\"x\":{\"y\":2}}", &error);
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(JsonNode) written_a = NULL;
  g_autoptr(JsonNode) written_copy = NULL;

  g_assert_no_error (error);
  g_assert_true (tether_server_config_equal (a, b));
  /* An unknown key's value counts. */
  g_assert_false (tether_server_config_equal (a, c));

  copy = tether_server_config_copy (a);
  g_assert_true (tether_server_config_equal (a, copy));
  written_a = tether_server_config_to_json (a);
  written_copy = tether_server_config_to_json (copy);
  g_assert_true (json_node_equal (written_a, written_copy));

  /* The copy is deep: changing it leaves the original alone. */
  tether_server_config_set_env_value (copy, "A", "changed");
  g_assert_cmpstr (tether_server_config_get_env_value (a, "A"), ==, "1");
  g_assert_false (tether_server_config_equal (a, copy));
  tether_server_config_set_env_value (copy, "A", "1");
  g_assert_true (tether_server_config_equal (a, copy));

  /* Env order counts: the process sees it. */
  tether_server_config_set_env_value (copy, "A", NULL);
  tether_server_config_set_env_value (copy, "A", "1");
  g_assert_false (tether_server_config_equal (a, copy));

  tether_server_config_set_name (b, "other");
  g_assert_false (tether_server_config_equal (a, b));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  (*(guint *)user_data)++;
}

static void
test_notify_once (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("n");
  const char *args[] = { "a", NULL };
  guint n_name = 0, n_args = 0, n_env = 0, n_timeout = 0, n_enabled = 0;

  g_signal_connect (config, "notify::name", G_CALLBACK (count_notify), &n_name);
  g_signal_connect (config, "notify::args", G_CALLBACK (count_notify), &n_args);
  g_signal_connect (config, "notify::env", G_CALLBACK (count_notify), &n_env);
  g_signal_connect (config, "notify::connect-timeout", G_CALLBACK (count_notify), &n_timeout);
  g_signal_connect (config, "notify::enabled", G_CALLBACK (count_notify), &n_enabled);

  tether_server_config_set_name (config, "x");
  tether_server_config_set_name (config, "x");
  tether_server_config_set_args (config, args);
  tether_server_config_set_args (config, args);
  tether_server_config_set_env_value (config, "A", "1");
  tether_server_config_set_env_value (config, "A", "1");
  tether_server_config_set_connect_timeout (config, 10);
  tether_server_config_set_connect_timeout (config, 10);
  tether_server_config_set_enabled (config, FALSE);
  tether_server_config_set_enabled (config, FALSE);

  g_assert_cmpuint (n_name, ==, 1);
  g_assert_cmpuint (n_args, ==, 1);
  g_assert_cmpuint (n_env, ==, 1);
  g_assert_cmpuint (n_timeout, ==, 1);
  g_assert_cmpuint (n_enabled, ==, 1);
}

static void
test_validate (void)
{
  static const struct { const char *name; const char *entry; const char *part; } invalid[] = {
    { "", "{\"command\":\"x\"}", "needs a name" },
    { "  ", "{\"command\":\"x\"}", "needs a name" },
    { "m", "{\"type\":\"stdio\"}", "no command to run" },
    { "m", "{\"command\":\"\"}", "no command to run" },
    { "m", "{\"type\":\"http\"}", "no URL" },
    { "m", "{\"url\":\"ftp://h/x\"}", "the URL “ftp://h/x” cannot be used: “ftp” URLs are not supported" },
    { "m", "{\"url\":\"https://\"}", "no host" },
    { "m", "{\"url\":\"not a url\"}", "not a URL" },
    { "m", "{\"url\":\"https://h/mcp \"}", "holds a space" },
    { "m", "{\"command\":\"x\",\"env\":{\"A=B\":\"1\"}}", "not a valid environment variable name" },
    /* A key that would set PATH, not a variable named like it */
    { "m", "{\"command\":\"x\",\"env\":{\"PATH=/tmp/evil:\":\"1\"}}",
      "server “m”: “PATH=/tmp/evil:” is not a valid environment variable name" },
    { "m", "{\"command\":\"x\",\"env\":{\"1ST\":\"1\"}}", "“1ST” is not a valid environment variable name" },
    { "m", "{\"command\":\"x\",\"env\":{\"A-B\":\"1\"}}", "“A-B” is not a valid environment variable name" },
    { "m", "{\"command\":\"x\",\"env\":{\"A B\":\"1\"}}", "“A B” is not a valid environment variable name" },
    { "m", "{\"command\":\"x\",\"env\":{\"\":\"1\"}}", "“” is not a valid environment variable name" },
    { "m", "{\"url\":\"https://h\",\"headers\":{\"Bad Header\":\"1\"}}", "not a valid HTTP header name" },
    { "m", "{\"url\":\"https://h\",\"headers\":{\"X\":\"a\\r\\nInjected: 1\"}}", "must be on one line" },
    { "m", "{\"url\":\"https://h\",\"headers\":{\"X\":\"a\\u0001b\"}}", "holds a control character" },
    { "m", "{\"url\":\"https://h\",\"headers\":{\"accept\":\"*/*\"}}", "set by Tether" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = config_from (invalid[i].name, invalid[i].entry, &error);

      g_assert_no_error (error);
      g_assert_false (tether_server_config_validate (config, &error));
      g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
      if (strstr (error->message, invalid[i].part) == NULL)
        g_error ("case %u: “%s” does not contain “%s”", i, error->message, invalid[i].part);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherServerConfig) config = config_from ("m", "{\"url\":\"HTTPS://h:8443/mcp?sig=%FF\","
                                                             "\"headers\":{\"X-Key\":\" a\\tb \"}}", &error);

    g_assert_true (tether_server_config_validate (config, &error));
    g_assert_no_error (error);
  }

  /* A password in a URL never reaches the message. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TetherServerConfig) config = config_from ("m", "{\"url\":\"ftp://u:hunter2@h/x?token=abc\"}", &error);

    g_assert_false (tether_server_config_validate (config, &error));
    g_assert_null (strstr (error->message, "hunter2"));
    g_assert_null (strstr (error->message, "abc"));
  }
}

/* The configuration takes exactly what the transport takes: one check. */
static void
test_validate_agrees_with_transport (void)
{
  static const char * const urls[] = {
    "https://h/mcp", "https://h/mcp?sig=%FF%00", "https://h/%zz", "https://h/m cp", "http://h\tx/",
    "ftp://h/", "https://", "HTTP://H:1/",
  };
  static const struct { const char *name; const char *value; } headers[] = {
    { "X-Key", "v" }, { "X-Key", "a\x01" "b" }, { "X-Key", "a\x7F" }, { "X-Key", "a\tb" },
    { "X Key", "v" }, { "X:Key", "v" }, { "Content-Type", "text/plain" }, { "X-Key", "a\xFF" },
    { "X-Key", " spaced " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autoptr(TetherServerConfig) config = tether_server_config_new ("m");

      tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
      tether_server_config_set_url (config, urls[i]);
      if (tether_server_config_validate (config, NULL) != mcp_http_check_url (urls[i], NULL))
        g_error ("the configuration and the transport disagree on “%s”", urls[i]);
    }

  for (guint i = 0; i < G_N_ELEMENTS (headers); i++)
    {
      g_autoptr(TetherServerConfig) config = tether_server_config_new ("m");
      g_autoptr(McpHttpTransport) transport = mcp_http_transport_new ("https://h/mcp", MCP_HTTP_MODE_AUTO);
      gboolean configured;
      gboolean sent;

      tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
      tether_server_config_set_url (config, "https://h/mcp");
      tether_server_config_set_header_value (config, headers[i].name, headers[i].value);
      configured = tether_server_config_validate (config, NULL);
      sent = mcp_http_transport_add_header (transport, headers[i].name, headers[i].value, NULL);
      if (configured != sent)
        {
          g_autofree char *shown = g_strescape (headers[i].value, NULL);

          g_error ("the configuration %s and the transport %s “%s: %s”", configured ? "takes" : "refuses",
                   sent ? "takes" : "refuses", headers[i].name, shown);
        }
    }
}

/* Header names are one name in any case: lookups find it, a set replaces
 * it, and two spellings with two values are refused, naming both. */
static void
test_header_case (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("docs");
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  const char *both[] = { "Authorization: Bearer one", "authorization: Bearer two", NULL };

  tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (config, "https://h/mcp");
  tether_server_config_set_header_value (config, "Authorization", "Bearer one");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "AUTHORIZATION"), ==, "Bearer one");

  /* A set replaces the header in any case, with the new spelling. */
  tether_server_config_set_header_value (config, "authorization", "Bearer two");
  names = tether_server_config_dup_header_names (config);
  g_assert_cmpuint (g_strv_length (names), ==, 1);
  g_assert_cmpstr (names[0], ==, "authorization");
  g_assert_cmpstr (tether_server_config_get_header_value (config, "Authorization"), ==, "Bearer two");
  g_assert_true (tether_server_config_validate (config, NULL));
  tether_server_config_set_header_value (config, "AUTHORIZATION", NULL);
  g_assert_null (tether_server_config_get_header_value (config, "authorization"));

  /* A list keeps both spellings, and validation refuses them. */
  tether_server_config_set_headers (config, both);
  g_clear_pointer (&names, g_strfreev);
  names = tether_server_config_dup_header_names (config);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_false (tether_server_config_validate (config, &error));
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "server “docs”"));
  g_assert_nonnull (strstr (error->message, "“Authorization” and “authorization” are the same header"));
  g_assert_null (strstr (error->message, "Bearer"));
  g_assert_cmpstr (tether_config_error_get_path (error), ==, "/headers/authorization");
  g_clear_error (&error);

  /* A copy keeps them too: nothing is lost on the way to the check. */
  copy = tether_server_config_copy (config);
  g_assert_false (tether_server_config_validate (copy, NULL));
  g_clear_object (&copy);

  /* So does adding, as the importer does. */
  tether_server_config_set_headers (config, NULL);
  tether_server_config_add_header (config, "X-Api-Key", "one");
  tether_server_config_add_header (config, "x-api-key", "two");
  g_clear_pointer (&names, g_strfreev);
  names = tether_server_config_dup_header_names (config);
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_false (tether_server_config_validate (config, &error));
  g_assert_nonnull (strstr (error->message, "“X-Api-Key” and “x-api-key”"));
}

/* A file with both spellings is an error naming the server and the two
 * keys, where the second one is, and never a value. */
static void
test_header_case_in_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = NULL;

  config = config_from ("docs",
                        "{\"url\": \"https://h/mcp\", \"headers\": {\"Authorization\": \"Bearer one\","
                        " \"X-A\": \"1\", \"authorization\": \"Bearer two\"}}",
                        &error);
  g_assert_null (config);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_DUPLICATE_KEY);
  g_assert_nonnull (strstr (error->message, "server “docs”"));
  g_assert_nonnull (strstr (error->message, "“Authorization” and “authorization” are the same header"));
  g_assert_null (strstr (error->message, "Bearer"));
  g_assert_cmpstr (tether_config_error_get_path (error), ==, "/headers/authorization");
  g_clear_error (&error);

  /* Environment names are case-sensitive: two spellings are two names. */
  config = config_from ("env", "{\"command\": \"x\", \"env\": {\"Path\": \"1\", \"PATH\": \"2\"}}", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tether_server_config_get_env_value (config, "Path"), ==, "1");
  g_assert_cmpstr (tether_server_config_get_env_value (config, "PATH"), ==, "2");
}

/* Environment names: what a shell can set, nothing that sets another. */
static void
test_env_names (void)
{
  static const char *valid[] = { "A", "a", "_", "_A1", "API_KEY", "npm_config_registry", "Z9" };
  static const char *invalid[] = {
    "", "1A", "PATH=/tmp/evil:", "A=B", "A-B", "A B", "A.B", "É", "A\nB", "$A", NULL,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    if (!tether_server_config_env_name_is_valid (valid[i]))
      g_error ("“%s” should be a valid name", valid[i]);

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    if (tether_server_config_env_name_is_valid (invalid[i]))
      g_error ("“%s” should not be a valid name", invalid[i]);

  /* Every valid name passes validation too. */
  config = config_from ("m", "{\"command\":\"x\",\"env\":{\"_A1\":\"1\",\"npm_config_x\":\"2\"}}", &error);
  g_assert_no_error (error);
  g_assert_true (tether_server_config_validate (config, &error));
  g_assert_no_error (error);
}

/* A credential over plain http to another machine is said, by name; its
 * value never is. */
static void
test_cleartext_warning (void)
{
  static const struct { const char *entry; const char *warning; } cases[] = {
    { "{\"url\":\"http://example.com/mcp\",\"headers\":{\"Authorization\":\"Bearer tok-1\"}}",
      "Sends its Authorization header unencrypted: anyone on the network can read it. Use https." },
    { "{\"type\":\"sse\",\"url\":\"http://10.0.0.5:8080/sse\",\"headers\":{\"X-Api-Key\":\"tok-1\",\"X-Trace\":\"1\",\"cookie\":\"tok-1\"}}",
      "Sends its X-Api-Key, cookie headers unencrypted: anyone on the network can read them. Use https." },
    { "{\"url\":\"http://user:tok-1@example.com/mcp\"}",
      "Sends the credentials in its URL unencrypted: anyone on the network can read them. Use https." },
    { "{\"url\":\"http://tok-1@example.com/mcp\"}",
      "Sends the credentials in its URL unencrypted: anyone on the network can read them. Use https." },
    { "{\"type\":\"http\",\"url\":\"http://example.com/mcp?api_key=tok-1\"}",
      "Sends the credentials in its URL unencrypted: anyone on the network can read them. Use https." },
    { "{\"url\":\"http://example.com/mcp?sk-tok-1\"}",
      "Sends the credentials in its URL unencrypted: anyone on the network can read them. Use https." },
    { "{\"url\":\"http://example.com/mcp?token=tok-1\",\"headers\":{\"Proxy-Authorization\":\"Basic tok-1\"}}",
      "Sends its Proxy-Authorization header and the credentials in its URL unencrypted: "
      "anyone on the network can read them. Use https." },
    /* Encrypted, on this machine, or nothing secret: nothing to say */
    { "{\"url\":\"https://example.com/mcp?key=tok-1\",\"headers\":{\"Authorization\":\"Bearer tok-1\"}}", NULL },
    { "{\"url\":\"http://127.0.0.1:3001/mcp\",\"headers\":{\"Authorization\":\"Bearer tok-1\"}}", NULL },
    { "{\"url\":\"http://localhost:3001/mcp?token=tok-1\"}", NULL },
    { "{\"url\":\"http://[::1]:3001/mcp\",\"headers\":{\"Authorization\":\"Bearer tok-1\"}}", NULL },
    { "{\"url\":\"http://example.com/mcp?mode=fast#tok-1\",\"headers\":{\"Accept\":\"*/*\"}}", NULL },
    { "{\"command\":\"npx\",\"url\":\"http://example.com/?token=tok-1\",\"env\":{\"API_KEY\":\"tok-1\"}}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TetherServerConfig) config = config_from ("m", cases[i].entry, &error);
      g_autofree char *warning = NULL;

      g_assert_no_error (error);
      warning = tether_server_config_dup_cleartext_warning (config);
      if (g_strcmp0 (warning, cases[i].warning) != 0)
        g_error ("case %u (%s): “%s”, expected “%s”", i, cases[i].entry, warning, cases[i].warning);
      g_assert_true (warning == NULL || strstr (warning, "tok-1") == NULL);
    }
}

static void
test_command_line (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("c");
  const char *args[] = { "-y", "@scope/pkg", "My Documents", "it's", "", "$HOME", "a\"b", "é", NULL };
  g_autofree char *line = NULL;
  g_auto(GStrv) argv = NULL;
  g_auto(GStrv) back = NULL;
  int argc;

  g_assert_null (tether_server_config_dup_command_line (config));

  tether_server_config_set_command (config, "/opt/my tools/srv");
  tether_server_config_set_args (config, args);
  line = tether_server_config_dup_command_line (config);
  g_assert_cmpstr (line, ==,
                   "'/opt/my tools/srv' -y @scope/pkg 'My Documents' 'it'\\''s' '' '$HOME' 'a\"b' é");

  /* A shell splits it back into the same argv. */
  g_assert_true (g_shell_parse_argv (line, &argc, &back, NULL));
  argv = tether_server_config_dup_argv (config);
  g_assert_true (g_strv_equal ((const char * const *)argv, (const char * const *)back));
}

static void
test_masked (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config =
    config_from ("secretive",
                 "{\"command\":\"npx\",\"args\":[\"srv\"],\"env\":{\"API_KEY\":\"sk-live-123\"},"
                 "\"url\":\"https://user:pw-456@h/mcp?key=q-789&mode=x\","
                 "\"headers\":{\"Authorization\":\"Bearer tok-000\"},"
                 "\"apiToken\":\"unk-999\",\"nested\":{\"deep\":[\"n-111\"]}}",
                 &error);
  g_autofree char *json = NULL;
  g_autofree char *description = NULL;
  g_autofree char *url = NULL;
  const char *secrets[] = { "sk-live-123", "pw-456", "q-789", "tok-000", "unk-999", "n-111" };

  g_assert_no_error (error);
  json = tether_server_config_to_masked_json (config);
  description = tether_server_config_describe (config);
  url = tether_server_config_dup_masked_url (config);

  for (guint i = 0; i < G_N_ELEMENTS (secrets); i++)
    {
      g_assert_null (strstr (json, secrets[i]));
      g_assert_null (strstr (description, secrets[i]));
      g_assert_null (strstr (url, secrets[i]));
    }

  g_assert_nonnull (strstr (json, "\"API_KEY\" : \"" TETHER_SERVER_CONFIG_MASK "\""));
  g_assert_nonnull (strstr (json, "\"Authorization\" : \"" TETHER_SERVER_CONFIG_MASK "\""));
  g_assert_cmpstr (url, ==, "https://" TETHER_SERVER_CONFIG_MASK "@h/mcp?key="
                   TETHER_SERVER_CONFIG_MASK "&mode=" TETHER_SERVER_CONFIG_MASK);
  g_assert_cmpstr (description, ==, "secretive: stdio: npx srv; env: API_KEY=" TETHER_SERVER_CONFIG_MASK
                   "; headers: Authorization=" TETHER_SERVER_CONFIG_MASK);
}

static void
test_kind_spellings (void)
{
  static const struct { const char *spelling; TetherServerKind kind; } map[] = {
    { "stdio", TETHER_SERVER_KIND_STDIO }, { "STDIO", TETHER_SERVER_KIND_STDIO },
    { "local", TETHER_SERVER_KIND_STDIO }, { "http", TETHER_SERVER_KIND_HTTP },
    { "streamable-http", TETHER_SERVER_KIND_HTTP }, { "streamableHttp", TETHER_SERVER_KIND_HTTP },
    { "streamable_http", TETHER_SERVER_KIND_HTTP }, { "STREAMABLE_HTTP", TETHER_SERVER_KIND_HTTP },
    { "sse", TETHER_SERVER_KIND_SSE }, { "SSE", TETHER_SERVER_KIND_SSE },
    { "remote", TETHER_SERVER_KIND_AUTO }, { "url", TETHER_SERVER_KIND_AUTO },
  };
  TetherServerKind kind;

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    {
      g_assert_true (tether_server_kind_from_string (map[i].spelling, &kind));
      g_assert_cmpint (kind, ==, map[i].kind);
    }
  g_assert_false (tether_server_kind_from_string ("websocket", &kind));
  g_assert_false (tether_server_kind_from_string (NULL, &kind));
  g_assert_cmpstr (tether_server_kind_to_string (TETHER_SERVER_KIND_AUTO), ==, "auto");
  g_assert_true (G_TYPE_IS_ENUM (TETHER_TYPE_SERVER_KIND));
}

/* disabledTools: read, kept in its place, written back; a change of it
 * alone is "equal but tools" (nothing to restart). */
static void
test_disabled_tools (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config = config_from ("s", "{\"command\": \"x\", \"disabledTools\": [\"a\", \"b\"], \"other\": 1}", &error);
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(TetherServerConfig) moved = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *text = NULL;
  const char * const none[] = { NULL };
  const char * const just_b[] = { "b", NULL };

  g_assert_no_error (error);
  g_assert_false (tether_server_config_is_tool_enabled (config, "a"));
  g_assert_false (tether_server_config_is_tool_enabled (config, "b"));
  g_assert_true (tether_server_config_is_tool_enabled (config, "c"));

  json = tether_server_config_to_json (config);
  text = to_compact (json);
  g_assert_cmpstr (text, ==, "{\"command\":\"x\",\"disabledTools\":[\"a\",\"b\"],\"other\":1}");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&json, json_node_unref);

  copy = tether_server_config_copy (config);
  g_assert_true (tether_server_config_equal (config, copy));
  tether_server_config_set_disabled_tools (copy, just_b);
  g_assert_false (tether_server_config_equal (config, copy));
  g_assert_true (tether_server_config_equal_but_tools (config, copy));
  g_assert_true (tether_server_config_is_tool_enabled (copy, "a"));

  /* an emptied list stays, empty, where it was */
  tether_server_config_set_disabled_tools (copy, none);
  json = tether_server_config_to_json (copy);
  text = to_compact (json);
  g_assert_cmpstr (text, ==, "{\"command\":\"x\",\"disabledTools\":[],\"other\":1}");

  /* anything else that changes is not */
  moved = tether_server_config_copy (config);
  tether_server_config_set_command (moved, "y");
  g_assert_false (tether_server_config_equal_but_tools (config, moved));

  /* wrong types are named */
  g_clear_object (&copy);
  copy = config_from ("s", "{\"command\": \"x\", \"disabledTools\": \"a\"}", &error);
  g_assert_null (copy);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE);
  g_assert_nonnull (strstr (error->message, "disabledTools"));
  g_clear_error (&error);
  copy = config_from ("s", "{\"command\": \"x\", \"disabledTools\": [\"a\", 2]}", &error);
  g_assert_null (copy);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE);
}

/* @config's entry, compact, is @expected */
static void
assert_entry (TetherServerConfig *config,
              const char         *expected)
{
  g_autoptr(JsonNode) json = tether_server_config_to_json (config);
  g_autofree char *text = to_compact (json);

  g_assert_cmpstr (text, ==, expected);
}

/* "tether": {"roots": […]}: read, written back in its place among the
 * settings and unknown keys, checked, expanded, and live. */
static void
test_roots (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) config =
    config_from ("s", "{\"command\": \"x\", \"tether\": {\"mine\": true, \"roots\": [\"/srv/a\", \"~/b/../c\", \"~\"], "
                 "\"connectAttempts\": 2}, \"other\": 1}", &error);
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(TetherServerConfig) moved = NULL;
  g_autoptr(TetherServerConfig) fresh = tether_server_config_new ("n");
  g_autofree char *home_c = g_build_filename (g_get_home_dir (), "c", NULL);
  g_auto(GStrv) paths = NULL;
  const char * const other[] = { "/srv/z", NULL };
  const char * const relative[] = { "srv/z", NULL };

  g_assert_no_error (error);
  g_assert_cmpstrv (tether_server_config_get_roots (config),
                    ((const char * const []){ "/srv/a", "~/b/../c", "~", NULL }));
  paths = tether_server_config_dup_root_paths (config);
  g_assert_cmpstrv (paths, ((const char * const []){ "/srv/a", home_c, g_get_home_dir (), NULL }));

  /* as written, in its place */
  assert_entry (config, "{\"command\":\"x\",\"tether\":{\"mine\":true,\"roots\":[\"/srv/a\",\"~/b/../c\",\"~\"],"
                   "\"connectAttempts\":2},\"other\":1}");

  /* changed roots: not equal, but nothing to restart for */
  copy = tether_server_config_copy (config);
  g_assert_true (tether_server_config_equal (config, copy));
  tether_server_config_set_roots (copy, other);
  g_assert_false (tether_server_config_equal (config, copy));
  g_assert_true (tether_server_config_equal_but_live (config, copy));
  assert_entry (copy, "{\"command\":\"x\",\"tether\":{\"mine\":true,\"roots\":[\"/srv/z\"],"
                   "\"connectAttempts\":2},\"other\":1}");
  moved = tether_server_config_copy (copy);
  tether_server_config_set_command (moved, "y");
  g_assert_false (tether_server_config_equal_but_live (config, moved));

  /* a new entry gets them in its "tether" object */
  tether_server_config_set_command (fresh, "x");
  tether_server_config_set_roots (fresh, other);
  assert_entry (fresh, "{\"command\":\"x\",\"tether\":{\"roots\":[\"/srv/z\"]}}");

  /* a relative root is refused by the checks, and left out if used */
  g_assert_true (tether_server_config_validate (fresh, &error));
  tether_server_config_set_roots (fresh, relative);
  g_assert_false (tether_server_config_validate (fresh, &error));
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "“srv/z” must be an absolute path"));
  g_clear_error (&error);
  g_clear_pointer (&paths, g_strfreev);
  paths = tether_server_config_dup_root_paths (fresh);
  g_assert_cmpuint (g_strv_length (paths), ==, 0);

  /* wrong types are named */
  g_clear_object (&copy);
  copy = config_from ("s", "{\"command\": \"x\", \"tether\": {\"roots\": [\"/a\", 3]}}", &error);
  g_assert_null (copy);
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE);
  g_assert_nonnull (strstr (error->message, "tether.roots"));
  g_assert_cmpstr (tether_config_error_get_path (error), ==, "/tether/roots/1");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/ServerConfig/read-every-field", test_read_every_field);
  g_test_add_func ("/Tether/ServerConfig/disabled-tools", test_disabled_tools);
  g_test_add_func ("/Tether/ServerConfig/roots", test_roots);
  g_test_add_func ("/Tether/ServerConfig/defaults-unset", test_defaults_unset);
  g_test_add_func ("/Tether/ServerConfig/round-trip-unknown-keys", test_round_trip_unknown_keys);
  g_test_add_func ("/Tether/ServerConfig/write-minimal", test_write_minimal);
  g_test_add_func ("/Tether/ServerConfig/wrong-types", test_wrong_types);
  g_test_add_func ("/Tether/ServerConfig/wrong-type-located", test_wrong_type_located);
  g_test_add_func ("/Tether/ServerConfig/equal-and-copy", test_equal_and_copy);
  g_test_add_func ("/Tether/ServerConfig/notify-once", test_notify_once);
  g_test_add_func ("/Tether/ServerConfig/validate", test_validate);
  g_test_add_func ("/Tether/ServerConfig/validate-agrees-with-transport", test_validate_agrees_with_transport);
  g_test_add_func ("/Tether/ServerConfig/header-case", test_header_case);
  g_test_add_func ("/Tether/ServerConfig/header-case-in-file", test_header_case_in_file);
  g_test_add_func ("/Tether/ServerConfig/env-names", test_env_names);
  g_test_add_func ("/Tether/ServerConfig/cleartext-warning", test_cleartext_warning);
  g_test_add_func ("/Tether/ServerConfig/command-line", test_command_line);
  g_test_add_func ("/Tether/ServerConfig/masked", test_masked);
  g_test_add_func ("/Tether/ServerConfig/kind-spellings", test_kind_spellings);

  return g_test_run ();
}
