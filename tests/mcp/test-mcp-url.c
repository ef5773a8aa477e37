/* test-mcp-url.c — URLs as they may be shown
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp-url.h"

#define M MCP_URL_MASK

static void
test_mask (void)
{
  static const struct { const char *url; const char *masked; } cases[] = {
    { "https://example.com/mcp", "https://example.com/mcp" },
    { "http://127.0.0.1:8080/mcp", "http://127.0.0.1:8080/mcp" },
    { "https://user:s3cret@example.com/mcp", "https://" M "@example.com/mcp" },
    { "https://tok-123@example.com/", "https://" M "@example.com/" },
    { "https://example.com/mcp?key=q-789&mode=x", "https://example.com/mcp?key=" M "&mode=" M },
    { "https://example.com/mcp?sk-abcdef", "https://example.com/mcp?" M },
    { "https://example.com/mcp?a=1&sk-abcdef&b", "https://example.com/mcp?a=" M "&" M "&" M },
    { "https://example.com/mcp#tok-456", "https://example.com/mcp#" M },
    { "https://u:p@example.com:8443/x/y?t=1#f", "https://" M "@example.com:8443/x/y?t=" M "#" M },
    { "https://example.com/mcp?", "https://example.com/mcp?" },
    { "https://", "https://" M },
    { "not a url with sk-123", M },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *masked = mcp_url_mask (cases[i].url);

      g_assert_cmpstr (masked, ==, cases[i].masked);
    }

  g_assert_null (mcp_url_mask (NULL));
}

static void
test_no_secret_survives (void)
{
  static const char *urls[] = {
    "https://tok-1@h/", "https://u:tok-1@h/", "https://h/?tok-1", "https://h/?k=tok-1",
    "https://h/#tok-1", "https://h/?a=b&tok-1", "https://h:99999/?tok-1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      g_autofree char *masked = mcp_url_mask (urls[i]);

      g_assert_null (strstr (masked, "tok-1"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Url/mask", test_mask);
  g_test_add_func ("/Mcp/Url/no-secret-survives", test_no_secret_survives);

  return g_test_run ();
}
