/* test-http-tls.c — McpHttpTransport over HTTPS, with a test authority
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A throwaway certificate authority and two server certificates signed by
 * it are made with openssl when the test starts: one for 127.0.0.1 and
 * localhost, one for another host name. A FakeHttpServer serves HTTPS on
 * 127.0.0.1 with one of them, and the transport trusts the test authority
 * alone (_mcp_http_transport_set_tls_database(), as the system's store is
 * where a user's own authority goes). With the right certificate a client
 * connects, initializes, lists the tools and calls one; a certificate for
 * another host name, or one the system's store does not know, is refused
 * before anything is sent, with a message that says why.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "mcp/mcp-client.h"
#include "mcp/mcp-http-transport-private.h"
#include "mcp/mcp-tool.h"

#include "http-test-fixture.h"
#include "test-util.h"

/* What openssl made, for every test of this run. */
static struct
{
  char *dir;
  char *ca;             /* the authority's certificate */
  char *good_cert;      /* for 127.0.0.1 and localhost */
  char *good_key;
  char *wrong_cert;     /* for wrong-host.example only */
  char *wrong_key;
} pki;

static const char openssl_config[] =
  "[req]\n"
  "distinguished_name = dn\n"
  "prompt = no\n"
  "[dn]\n"
  "CN = unused\n"
  "[authority]\n"
  "basicConstraints = critical, CA:TRUE\n"
  "keyUsage = critical, keyCertSign, cRLSign\n"
  "subjectKeyIdentifier = hash\n"
  "[loopback]\n"
  "basicConstraints = critical, CA:FALSE\n"
  "keyUsage = critical, digitalSignature\n"
  "extendedKeyUsage = serverAuth\n"
  "subjectAltName = IP:127.0.0.1, DNS:localhost\n"
  "authorityKeyIdentifier = keyid\n"
  "[wrong_host]\n"
  "basicConstraints = critical, CA:FALSE\n"
  "keyUsage = critical, digitalSignature\n"
  "extendedKeyUsage = serverAuth\n"
  "subjectAltName = DNS:wrong-host.example\n"
  "authorityKeyIdentifier = keyid\n";

/* Runs openssl with @argv (its first element "openssl"); fails the test
 * with what it said when it fails. */
static void
openssl (const char * const *argv)
{
  g_auto(TestRun) run = { 0 };

  test_run_command (&run, argv, NULL, 120);
  if (run.status != 0)
    {
      g_autofree char *command = g_strjoinv (" ", (char **)argv);

      g_error ("“%s” failed with status %d: %s", command, run.status, run.err);
    }
}

/* A key and a certificate for @subject, signed by the test authority with
 * the extensions of @section of the configuration. */
static void
make_server_certificate (const char  *config,
                         const char  *section,
                         const char  *subject,
                         char       **cert,
                         char       **key)
{
  g_autofree char *request = g_strdup_printf ("%s/%s.csr", pki.dir, section);
  g_autofree char *ca_key = g_build_filename (pki.dir, "ca-key.pem", NULL);

  *cert = g_strdup_printf ("%s/%s.pem", pki.dir, section);
  *key = g_strdup_printf ("%s/%s-key.pem", pki.dir, section);
  openssl ((const char *[]) { "openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                              "-nodes", "-config", config, "-subj", subject, "-keyout", *key, "-out", request,
                              NULL });
  openssl ((const char *[]) { "openssl", "x509", "-req", "-in", request, "-CA", pki.ca, "-CAkey", ca_key,
                              "-set_serial", "2", "-days", "2", "-extfile", config, "-extensions", section,
                              "-out", *cert, NULL });
}

/* The authority and its two server certificates, in a folder of the test
 * world's TMPDIR. openssl is a dependency of the tests
 * (build-aux/deps.sh test): without it, the test fails saying so. */
static void
make_pki (void)
{
  g_autofree char *openssl_path = g_find_program_in_path ("openssl");
  g_autofree char *config = NULL;
  g_autofree char *ca_key = NULL;
  g_autoptr(GError) error = NULL;

  if (openssl_path == NULL)
    g_error ("openssl is not installed (apt-get install openssl, or build-aux/deps.sh test): "
             "the HTTPS tests make their certificates with it");

  pki.dir = g_dir_make_tmp ("tether-tls-XXXXXX", &error);
  g_assert_no_error (error);
  config = g_build_filename (pki.dir, "openssl.cnf", NULL);
  g_file_set_contents (config, openssl_config, -1, &error);
  g_assert_no_error (error);

  pki.ca = g_build_filename (pki.dir, "ca.pem", NULL);
  ca_key = g_build_filename (pki.dir, "ca-key.pem", NULL);
  openssl ((const char *[]) { "openssl", "req", "-x509", "-new", "-newkey", "ec", "-pkeyopt",
                              "ec_paramgen_curve:prime256v1", "-nodes", "-config", config,
                              "-extensions", "authority", "-subj", "/CN=Tether test authority",
                              "-days", "2", "-keyout", ca_key, "-out", pki.ca, NULL });
  make_server_certificate (config, "loopback", "/CN=127.0.0.1", &pki.good_cert, &pki.good_key);
  make_server_certificate (config, "wrong_host", "/CN=wrong-host.example", &pki.wrong_cert, &pki.wrong_key);
}

static void
remove_pki (void)
{
  test_remove_tree (pki.dir);
  g_clear_pointer (&pki.dir, g_free);
  g_clear_pointer (&pki.ca, g_free);
  g_clear_pointer (&pki.good_cert, g_free);
  g_clear_pointer (&pki.good_key, g_free);
  g_clear_pointer (&pki.wrong_cert, g_free);
  g_clear_pointer (&pki.wrong_key, g_free);
}

/* The fixture's server, replaced by an HTTPS one with this certificate. */
static void
serve_https (Fixture    *f,
             const char *cert,
             const char *key)
{
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GError) error = NULL;

  certificate = g_tls_certificate_new_from_files (cert, key, &error);
  g_assert_no_error (error);
  g_clear_pointer (&f->server, fake_http_server_free);
  f->server = fake_http_server_new_https (certificate);
  g_assert_true (g_str_has_prefix (f->server->url, "https://127.0.0.1:"));
}

/* The transport for @url; with @trust_test_authority, trusting the test
 * authority and nothing else, without, the system's authorities. A TLS
 * handshake is slow under the sanitizers on a busy machine: the fixture's
 * 5 s for a request becomes 120 s. */
static void
make_https_transport (Fixture    *f,
                      const char *url,
                      gboolean    trust_test_authority)
{
  make_transport_for (f, url, MCP_HTTP_MODE_AUTO);
  mcp_http_transport_set_request_timeout (f->transport, 120000);
  if (trust_test_authority)
    {
      g_autoptr(GTlsDatabase) database = NULL;
      g_autoptr(GError) error = NULL;

      database = g_tls_file_database_new (pki.ca, &error);
      g_assert_no_error (error);
      _mcp_http_transport_set_tls_database (f->transport, database);
    }
}

/* A client on the fixture's transport, connected (initialize and its
 * answer, then initialized), or NULL and @error. Waits with the tests'
 * long deadline, not the fixture's: TLS handshakes are slow under the
 * sanitizers on a busy machine. */
static McpClient *
connect_client (Fixture  *f,
                GError  **error)
{
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (f->transport));
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_set_request_timeout (client, 120000);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  if (!mcp_client_connect_finish (client, result, error))
    return NULL;

  return g_steal_pointer (&client);
}

static void
close_client (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_close_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (client, result, &error));
  g_assert_no_error (error);
}

/* Connect, initialize, list the tools, call one, close: all over TLS. */
static void
test_verified_by_test_authority (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GError) error = NULL;
  gboolean found_echo = FALSE;
  JsonArray *content;

  serve_https (f, pki.good_cert, pki.good_key);
  make_https_transport (f, f->server->url, TRUE);
  client = connect_client (f, &error);
  g_assert_no_error (error);
  g_assert_nonnull (mcp_client_get_server_name (client));

  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_nonnull (tools);
  for (guint i = 0; i < tools->len; i++)
    found_echo |= g_strcmp0 (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, i))), "echo") == 0;
  g_assert_true (found_echo);

  json_object_set_string_member (arguments, "message", "over TLS");
  mcp_client_call_tool_async (client, "echo", arguments, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  content = json_object_get_array_member (json_node_get_object (reply), "content");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (content, 0), "text"),
                   ==, "over TLS");

  /* The server saw each of them, over the TLS connection. */
  g_assert_nonnull (fake_http_server_find (f->server, "POST", "initialize", 0));
  g_assert_nonnull (fake_http_server_find (f->server, "POST", "tools/list", 0));
  g_assert_nonnull (fake_http_server_find (f->server, "POST", "tools/call", 0));

  close_client (client);
}

/* The certificate names localhost too: the host name is checked, not only
 * the address. */
static void
test_localhost_name (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;

  serve_https (f, pki.good_cert, pki.good_key);
  url = g_strdup_printf ("https://localhost:%u/mcp", f->server->port);
  make_https_transport (f, url, TRUE);
  client = connect_client (f, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fake_http_server_find (f->server, "POST", "initialize", 0));
  close_client (client);
}

static gboolean
transport_closed (gpointer data)
{
  Fixture *f = data;

  return f->n_closed > 0;
}

/* The first request (server/discover) is refused before it is sent, the
 * transport closes, and the message names the URL and @reason. */
static void
assert_refused (Fixture    *f,
                const char *reason)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;

  client = connect_client (f, &error);
  g_assert_null (client);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  keep_error (f, error);
  g_assert_nonnull (strstr (error->message, f->server->url));
  g_assert_nonnull (strstr (error->message, reason));
  test_wait_until (transport_closed, f, "the transport to close");
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_cmpuint (f->server->requests->len, ==, 0);
}

/* A certificate the test authority signed, but for another host: refused,
 * and the message says it is the host name, and which it is for. */
static void
test_wrong_host_refused (Fixture       *f,
                         gconstpointer  data)
{
  serve_https (f, pki.wrong_cert, pki.wrong_key);
  make_https_transport (f, f->server->url, TRUE);
  assert_refused (f, "its certificate is for “wrong-host.example”, not for “127.0.0.1”");
}

/* Without the test's hook, the transport trusts the system's authorities
 * only, which do not know the test's: refused, saying so. */
static void
test_unknown_authority_refused (Fixture       *f,
                                gconstpointer  data)
{
  serve_https (f, pki.good_cert, pki.good_key);
  make_https_transport (f, f->server->url, FALSE);
  assert_refused (f, "its certificate is not signed by an authority this computer trusts");
}

/* The first TLS handshake loads GIO's TLS module, which keeps what it
 * opened: done once before the tests, whose teardown counts the fds. */
static void
warm_up_tls (void)
{
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  Fixture f = { 0 };

  fixture_setup (&f, NULL);
  serve_https (&f, pki.good_cert, pki.good_key);
  make_https_transport (&f, f.server->url, TRUE);
  client = connect_client (&f, &error);
  g_assert_no_error (error);
  close_client (client);
  g_clear_object (&client);
  fixture_teardown (&f, WARM_UP);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  make_pki ();
  warm_up ();
  warm_up_tls ();

#define ADD(name, func) \
  g_test_add ("/Mcp/HttpTls/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("verified-by-test-authority", test_verified_by_test_authority);
  ADD ("localhost-name", test_localhost_name);
  ADD ("wrong-host-refused", test_wrong_host_refused);
  ADD ("unknown-authority-refused", test_unknown_authority_refused);

#undef ADD

  status = g_test_run ();
  remove_pki ();

  return status;
}
