/* test-mcp-http-check.c — the one check of server URLs and HTTP headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp/mcp-error.h"
#include "mcp/mcp-http-check.h"
#include "mcp/mcp-http-transport.h"

static void
assert_header_refused (const char *name,
                       const char *value,
                       const char *part)
{
  g_autoptr(GError) error = NULL;

  if (mcp_http_check_header (name, value, &error))
    {
      g_autofree char *shown = g_strescape (value != NULL ? value : "(null)", NULL);

      g_error ("header “%s” with “%s” was accepted", name, shown);
    }
  g_assert_error (error, MCP_ERROR, MCP_ERROR_FAILED);
  if (part != NULL && strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

static void
test_header_names (void)
{
  static const char * const valid[] = {
    "Authorization", "X-Api-Key", "x-api-key", "Cookie", "A", "0",
    "!#$%&'*+-.^_`|~", "X_Custom.Header~1",
  };
  static const char separators[] = "()<>@,;:\\\"/[]?={}";

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (mcp_http_check_header (valid[i], NULL, &error));
      g_assert_no_error (error);
    }

  assert_header_refused ("", NULL, "needs a name");
  assert_header_refused ("Bad Name", NULL, "“Bad…” is not a valid HTTP header name: it holds a space");
  assert_header_refused ("Bad\tName", NULL, "a tab");
  assert_header_refused ("Bad\x01Name", NULL, "a control character");
  assert_header_refused ("Bad\x7FName", NULL, "a control character");
  assert_header_refused ("Caf\xC3\xA9", NULL, "not ASCII");

  /* Each separator of RFC 9110, and what follows it is not shown: a token
   * pasted into the name stays off the screen. */
  for (const char *p = separators; *p != '\0'; p++)
    {
      g_autofree char *name = g_strdup_printf ("X%csecret-token", *p);
      g_autofree char *part = g_strdup_printf ("it holds “%c”", *p);
      g_autoptr(GError) error = NULL;

      assert_header_refused (name, NULL, part);
      g_assert_false (mcp_http_check_header (name, NULL, &error));
      g_assert_null (strstr (error->message, "secret-token"));
    }

  /* What the transport sets itself, in any case. */
  assert_header_refused ("accept", NULL, "set by Tether");
  assert_header_refused ("MCP-SESSION-ID", NULL, "set by Tether");
  assert_header_refused ("Last-Event-Id", NULL, "set by Tether");
  assert_header_refused ("Content-Length", NULL, "set by Tether");
}

static void
test_header_values (void)
{
  g_autoptr(GError) error = NULL;

  /* Every control character but tab is refused, CR and LF as line breaks;
   * the value is never in the message. */
  for (guint c = 0x01; c < 0x20; c++)
    {
      g_autofree char *value = g_strdup_printf ("secret%cvalue", c);

      if (c == '\t')
        {
          g_assert_true (mcp_http_check_header ("X-Key", value, &error));
          g_assert_no_error (error);
          continue;
        }
      assert_header_refused ("X-Key", value, c == '\r' || c == '\n' ? "line break" : "control character");
      g_assert_false (mcp_http_check_header ("X-Key", value, &error));
      g_assert_nonnull (strstr (error->message, "“X-Key”"));
      g_assert_null (strstr (error->message, "secret"));
      g_clear_error (&error);
    }
  assert_header_refused ("X-Key", "a\x7F" "b", "control character");
  assert_header_refused ("X-Key", "a\xFF" "b", "UTF-8");

  g_assert_true (mcp_http_check_header ("X-Key", "", NULL));
  g_assert_true (mcp_http_check_header ("X-Key", "k e y: \"quoted\" é ✓", NULL));
  g_assert_true (mcp_http_check_header ("X-Key", "  around  ", NULL));

  /* Spaces and tabs around a value are not part of it. */
  {
    g_autofree char *a = mcp_http_strip_header_value ("  Bearer x \t");
    g_autofree char *b = mcp_http_strip_header_value ("Bearer  x");
    g_autofree char *c = mcp_http_strip_header_value (" \t ");

    g_assert_cmpstr (a, ==, "Bearer x");
    g_assert_cmpstr (b, ==, "Bearer  x");
    g_assert_cmpstr (c, ==, "");
  }
}

static void
test_header_duplicates (void)
{
  const char *names[] = { "Authorization", "X-Api-Key", "authorization", "Cookie" };
  const char *values[] = { "Bearer one", "k", "Bearer two", "c" };
  g_autoptr(GError) error = NULL;
  guint failed = 99;

  g_assert_true (mcp_http_header_names_equal ("Authorization", "AUTHORIZATION"));
  g_assert_false (mcp_http_header_names_equal ("Authorization", "Authorizations"));

  g_assert_true (mcp_http_check_header_names ("X-A", "X-B", &error));
  g_assert_no_error (error);

  g_assert_false (mcp_http_check_header_names ("Authorization", "authorization", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "“Authorization” and “authorization” are the same header"));
  g_clear_error (&error);

  g_assert_false (mcp_http_check_header_names ("Cookie", "Cookie", &error));
  g_assert_nonnull (strstr (error->message, "“Cookie” is given twice"));
  g_clear_error (&error);

  /* In a list, the second spelling is the one at fault, and no value is
   * named. */
  g_assert_false (mcp_http_check_headers (names, values, G_N_ELEMENTS (names), &failed, &error));
  g_assert_cmpuint (failed, ==, 2);
  g_assert_nonnull (strstr (error->message, "“Authorization” and “authorization”"));
  g_assert_null (strstr (error->message, "Bearer"));
  g_clear_error (&error);

  g_assert_true (mcp_http_check_headers (names, values, 2, &failed, &error));
  g_assert_no_error (error);
  g_assert_true (mcp_http_check_headers (NULL, NULL, 0, NULL, &error));

  g_assert_false (mcp_http_check_new_header (names, 2, "x-api-KEY", "v", &error));
  g_assert_nonnull (strstr (error->message, "“X-Api-Key” and “x-api-KEY”"));
  g_clear_error (&error);
  g_assert_true (mcp_http_check_new_header (names, 2, "X-Other", "v", NULL));
}

static void
test_urls (void)
{
  static const struct { const char *url; const char *part; } refused[] = {
    { "", "not a URL" },
    { "example.com/mcp", "not a URL" },
    { "/usr/bin/server", "not a URL" },
    { "ftp://example.com/mcp", "“ftp” URLs are not supported" },
    { "file:///etc/passwd", "“file” URLs" },
    { "ws://example.com/mcp", "“ws” URLs" },
    { "http://", "no host" },
    { "https:///mcp", "no host" },
    { "http:/example.com", "no host" },
    { "http://user@/mcp", "no host" },
    { "http://[::1/mcp", "no host" },
    { "http://example.com:99999/mcp", "not valid" },
    { "http://example.com/%zz", "not valid" },
    { "https://example.com/mcp ", "a space" },
    { " https://example.com/mcp", "not a URL" },
    { "https://exa mple.com/mcp", "a space" },
    { "https://example.com/m\ncp", "line break" },
    { "https://example.com/mcp\r\n", "line break" },
    { "https://example.com/\tmcp", "control character" },
    { "https://example.com/\x7Fmcp", "control character" },
  };
  static const char * const accepted[] = {
    "http://127.0.0.1:3001/mcp",
    "HTTP://127.0.0.1:3001/mcp",
    "https://example.com/mcp?token=x#frag",
    "https://user:pass@example.com/mcp",
    "http://[::1]:8080/mcp",
    "https://example.com/caf%C3%A9",
    /* A query with an encoded byte that is not UTF-8: what libsoup sends. */
    "https://example.com/mcp?sig=%FF%00",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GUri) uri = mcp_http_parse_url (refused[i].url, &error);

      if (uri != NULL)
        g_error ("“%s” was accepted", refused[i].url);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
      if (strstr (error->message, refused[i].part) == NULL)
        g_error ("“%s”: “%s” does not say “%s”", refused[i].url, error->message, refused[i].part);
      g_assert_false (mcp_http_check_url (refused[i].url, NULL));
    }

  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GUri) uri = mcp_http_parse_url (accepted[i], &error);

      g_assert_no_error (error);
      g_assert_nonnull (uri);
      g_assert_true (mcp_http_check_url (accepted[i], NULL));
    }

  /* The message names the scheme, never what may hold a token. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (mcp_http_check_url ("https://example.com/mcp?token=hunter2 ", &error));
    g_assert_null (strstr (error->message, "hunter2"));
  }
}

static void
test_origins (void)
{
  static const struct { const char *a; const char *b; gboolean same; } pairs[] = {
    { "http://127.0.0.1:3001/mcp", "http://127.0.0.1:3001/other?x=1", TRUE },
    { "http://example.com/mcp", "http://EXAMPLE.com:80/", TRUE },
    { "https://example.com/mcp", "https://example.com:443/x", TRUE },
    { "HTTP://example.com/", "http://example.com/", TRUE },
    { "http://example.com/mcp", "https://example.com/mcp", FALSE },
    { "http://127.0.0.1:3001/mcp", "http://127.0.0.1:3002/mcp", FALSE },
    { "http://127.0.0.1/mcp", "http://127.0.0.2/mcp", FALSE },
    { "http://example.com/", "http://example.com.evil.test/", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr(GUri) a = mcp_http_parse_url (pairs[i].a, NULL);
      g_autoptr(GUri) b = mcp_http_parse_url (pairs[i].b, NULL);

      g_assert_nonnull (a);
      g_assert_nonnull (b);
      if (mcp_http_same_origin (a, b) != pairs[i].same || mcp_http_same_origin (b, a) != pairs[i].same)
        g_error ("%s and %s: expected %s", pairs[i].a, pairs[i].b, pairs[i].same ? "same" : "different");
    }

  {
    g_autoptr(GUri) uri = mcp_http_parse_url ("https://u:p@example.com/mcp?k=v", NULL);
    g_autofree char *origin = mcp_http_describe_origin (uri);

    g_assert_cmpstr (origin, ==, "https://example.com:443");
  }
}

/* The transport takes exactly what the check takes, and refuses a second
 * value for a name in any case. */
static void
test_transport_agrees (void)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new ("http://127.0.0.1:1/mcp", MCP_HTTP_MODE_AUTO);
  static const struct { const char *name; const char *value; } headers[] = {
    { "Authorization", "Bearer one" },
    { "X-Ctl", "a\x01" "b" },
    { "X Bad", "v" },
    { "Accept", "*/*" },
    { "X-Tab", "a\tb" },
    { "authorization", "Bearer two" },
    { "AUTHORIZATION", "Bearer three" },
    { "X-Api-Key", "  spaced  " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (headers); i++)
    {
      g_autoptr(GError) check_error = NULL;
      g_autoptr(GError) add_error = NULL;
      gboolean checked = mcp_http_check_header (headers[i].name, headers[i].value, &check_error);
      gboolean added = mcp_http_transport_add_header (transport, headers[i].name, headers[i].value, &add_error);

      if (checked && g_str_equal (headers[i].name, "authorization"))
        {
          /* Valid on its own, a second spelling of a name added before. */
          g_assert_false (added);
          g_assert_nonnull (strstr (add_error->message, "“Authorization” and “authorization”"));
          continue;
        }
      if (checked && g_str_equal (headers[i].name, "AUTHORIZATION"))
        {
          g_assert_false (added);
          continue;
        }
      g_assert_cmpint (checked, ==, added);
      if (!checked)
        g_assert_cmpstr (check_error->message, ==, add_error->message);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/HttpCheck/header-names", test_header_names);
  g_test_add_func ("/Mcp/HttpCheck/header-values", test_header_values);
  g_test_add_func ("/Mcp/HttpCheck/header-duplicates", test_header_duplicates);
  g_test_add_func ("/Mcp/HttpCheck/urls", test_urls);
  g_test_add_func ("/Mcp/HttpCheck/origins", test_origins);
  g_test_add_func ("/Mcp/HttpCheck/transport-agrees", test_transport_agrees);

  return g_test_run ();
}
