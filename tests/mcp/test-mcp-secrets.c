/* test-mcp-secrets.c — which names look secret, which URLs send in clear
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-secrets.h"

static void
test_names (void)
{
  static const char *secret[] = {
    "Authorization", "authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "api_key",
    "apikey", "X-Auth-Token", "access_token", "TOKEN", "client_secret", "Password", "X-Session",
    "sessionId", "x-goog-api-key", "OAuth",
  };
  static const char *plain[] = {
    "Accept", "Content-Type", "User-Agent", "X-Trace", "mode", "Mcp-Protocol-Version", "", NULL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (secret); i++)
    if (!mcp_secrets_name_is_secret (secret[i]))
      g_error ("“%s” should look secret", secret[i]);

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    if (mcp_secrets_name_is_secret (plain[i]))
      g_error ("“%s” should not look secret", plain[i]);
}

static void
test_loopback (void)
{
  static const char *loopback[] = {
    "localhost", "LOCALHOST", "localhost.", "127.0.0.1", "127.1.2.3", "127.255.255.254", "::1",
  };
  static const char *remote[] = {
    "example.com", "128.0.0.1", "10.0.0.1", "192.168.1.1", "::2", "fe80::1", "0.0.0.0",
    "localhost.example.com", "mylocalhost", "127.0.0.1.example.com", "", NULL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (loopback); i++)
    if (!mcp_secrets_host_is_loopback (loopback[i]))
      g_error ("“%s” should be loopback", loopback[i]);

  for (guint i = 0; i < G_N_ELEMENTS (remote); i++)
    if (mcp_secrets_host_is_loopback (remote[i]))
      g_error ("“%s” should not be loopback", remote[i]);
}

static void
test_cleartext (void)
{
  static const struct { const char *url; gboolean cleartext; } cases[] = {
    { "http://example.com/mcp", TRUE },
    { "HTTP://Example.com:8080/mcp", TRUE },
    { "http://192.168.1.20:3000/mcp", TRUE },
    { "http://[fe80::1]/mcp", TRUE },
    { "https://example.com/mcp", FALSE },
    { "http://127.0.0.1:3001/mcp", FALSE },
    { "http://127.8.9.10/mcp", FALSE },
    { "http://localhost:3001/mcp", FALSE },
    { "http://LocalHost/mcp", FALSE },
    { "http://[::1]:3001/mcp", FALSE },
    { "ftp://example.com/", FALSE },
    { "not a url", FALSE },
    { NULL, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (mcp_secrets_url_is_cleartext (cases[i].url) != cases[i].cleartext)
      g_error ("“%s” should %sbe cleartext", cases[i].url, cases[i].cleartext ? "" : "not ");
}

static void
test_credentials (void)
{
  static const struct { const char *url; gboolean credentials; } cases[] = {
    { "http://user:pw@example.com/mcp", TRUE },
    { "http://tok-123@example.com/mcp", TRUE },
    { "http://example.com/mcp?api_key=1", TRUE },
    { "http://example.com/mcp?mode=x&access_token=1", TRUE },
    { "http://example.com/mcp?sk-abcdef", TRUE },
    { "http://example.com/mcp?api%5Fkey=1", TRUE },
    { "http://example.com/mcp?mode=x&debug=1", FALSE },
    { "http://example.com/mcp?", FALSE },
    { "http://example.com/mcp#token=1", FALSE },
    { "http://@example.com/mcp", FALSE },
    { "http://example.com/mcp", FALSE },
    { "not a url", FALSE },
    { NULL, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (mcp_secrets_url_has_credentials (cases[i].url) != cases[i].credentials)
      g_error ("“%s” should %shave credentials", cases[i].url, cases[i].credentials ? "" : "not ");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Secrets/names", test_names);
  g_test_add_func ("/Mcp/Secrets/loopback", test_loopback);
  g_test_add_func ("/Mcp/Secrets/cleartext", test_cleartext);
  g_test_add_func ("/Mcp/Secrets/credentials", test_credentials);

  return g_test_run ();
}
