/* mcp-http-check.c — what makes a server URL and an HTTP header usable
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One set of rules for every path a URL or a header comes by: the server
 * configuration, tether-cli, the importer, the server dialog and the HTTP
 * transport itself. A check that passes here means the transport takes it.
 *
 * URLs: http or https, with a host, parsed once with libsoup's own flags
 * (what the request is built from), and no space or control character
 * anywhere (a URL pasted with a line break is a typo, not a path).
 *
 * Header names are RFC 9110 tokens, compared without regard to case: a
 * second value for the same name, in any spelling, is refused, never sent
 * silently in place of the first. Values hold no control character but tab.
 * Spaces and tabs around a value are not part of it in HTTP (the field
 * syntax drops them): they are accepted, and mcp_http_strip_header_value()
 * gives the value as it goes out.
 *
 * Error messages name headers, never their values; a name that is not
 * valid is shown only up to the character that makes it so (a token pasted
 * into the name field must not end up on screen).
 */

#define G_LOG_DOMAIN "mcp-http-check"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mcp-error.h"
#include "mcp-http-check.h"

#define TOKEN_SYMBOLS "!#$%&'*+-.^_`|~"

/* Set by the transport on every request, or by libsoup. */
static const char * const reserved_headers[] = {
  "Accept", "Content-Type", "Content-Length", "Host", "Mcp-Session-Id",
  "MCP-Protocol-Version", "Last-Event-ID", "Transfer-Encoding", "Connection",
};

static gboolean
scheme_is_http (const char *scheme)
{
  return scheme != NULL &&
         (g_ascii_strcasecmp (scheme, "http") == 0 || g_ascii_strcasecmp (scheme, "https") == 0);
}

/**
 * mcp_http_parse_url:
 * @url: a server URL, as configured
 * @error: return location for a #GError
 *
 * Parses @url the one way Tether does: only `http` and `https`, with a
 * host, without spaces or control characters, with libsoup's URI flags.
 * The error (%MCP_ERROR_INVALID_URL) names the scheme, never the rest of
 * the URL, which may hold a token.
 *
 * Returns: (transfer full) (nullable): the URI, or %NULL with @error set
 */
GUri *
mcp_http_parse_url (const char  *url,
                    GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  const char *scheme;

  g_return_val_if_fail (url != NULL, NULL);

  scheme = g_uri_peek_scheme (url);
  if (scheme == NULL)
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_URL,
                           _("The server address is not a URL: it must start with http:// or https://"));
      return NULL;
    }

  if (!scheme_is_http (scheme))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL,
                   _("“%s” URLs are not supported: the server address must be an http or https URL"),
                   scheme);
      return NULL;
    }

  for (const guchar *p = (const guchar *)url; *p != '\0'; p++)
    {
      if (*p <= 0x20 || *p == 0x7F)
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL,
                       _("The %s URL holds a space, a line break or another control character"),
                       scheme);
          return NULL;
        }
    }

  uri = g_uri_parse (url, SOUP_HTTP_URI_FLAGS, NULL);
  if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL,
                   _("The %s URL is not valid: it has no host, or characters that are not allowed"),
                   scheme);
      return NULL;
    }

  return g_steal_pointer (&uri);
}

/**
 * mcp_http_check_url:
 * @url: a URL from the configuration
 * @error: return location for a #GError
 *
 * See mcp_http_parse_url().
 *
 * Returns: %TRUE if @url can be used
 */
gboolean
mcp_http_check_url (const char  *url,
                    GError     **error)
{
  g_autoptr(GUri) uri = mcp_http_parse_url (url, error);

  return uri != NULL;
}

static guint
effective_port (GUri *uri)
{
  int port = g_uri_get_port (uri);

  if (port > 0)
    return port;

  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0 ? 443 : 80;
}

/**
 * mcp_http_same_origin:
 * @a: an http(s) URI
 * @b: another
 *
 * Returns: %TRUE if @a and @b have the same scheme, host and port (the
 *   default port of the scheme when none is given)
 */
gboolean
mcp_http_same_origin (GUri *a,
                      GUri *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return g_ascii_strcasecmp (g_uri_get_scheme (a), g_uri_get_scheme (b)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0 &&
         effective_port (a) == effective_port (b);
}

/**
 * mcp_http_describe_origin:
 * @uri: an http(s) URI
 *
 * Returns: (transfer full): `scheme://host:port`, which holds no secret
 */
char *
mcp_http_describe_origin (GUri *uri)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return g_strdup_printf ("%s://%s:%u", g_uri_get_scheme (uri), g_uri_get_host (uri), effective_port (uri));
}

static gboolean
is_token_char (guchar c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr (TOKEN_SYMBOLS, c) != NULL);
}

static char *
describe_char (guchar c)
{
  if (c == ' ')
    return g_strdup (_("a space"));
  if (c == '\t')
    return g_strdup (_("a tab"));
  if (c < 0x20 || c == 0x7F)
    return g_strdup (_("a control character"));
  if (c >= 0x80)
    return g_strdup (_("a character that is not ASCII"));

  return g_strdup_printf ("“%c”", c);
}

static gboolean
check_header_name (const char  *name,
                   GError     **error)
{
  const char *p;

  if (*name == '\0')
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_FAILED, _("A header needs a name"));
      return FALSE;
    }

  for (p = name; *p != '\0' && is_token_char (*p); p++)
    ;

  if (*p != '\0')
    {
      g_autofree char *shown = g_strdup_printf ("%.*s…", (int)(p - name), name);
      g_autofree char *what = describe_char (*p);

      g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                   /* Translators: “X-Api…” is not a valid HTTP header name: it holds a space, and a
                    * header name may hold only letters, digits and !#$%&'*+-.^_`|~ */
                   _("“%s” is not a valid HTTP header name: it holds %s, and a header name may hold "
                     "only letters, digits and %s"),
                   shown, what, TOKEN_SYMBOLS);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (reserved_headers); i++)
    {
      if (g_ascii_strcasecmp (name, reserved_headers[i]) == 0)
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                       _("The header “%s” is set by Tether itself and cannot be configured"), name);
          return FALSE;
        }
    }

  return TRUE;
}

static gboolean
check_header_value (const char  *name,
                    const char  *value,
                    GError     **error)
{
  for (const guchar *p = (const guchar *)value; *p != '\0'; p++)
    {
      if (*p == '\r' || *p == '\n')
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                       _("The value of the header “%s” holds a line break: it must be on one line"), name);
          return FALSE;
        }
      if ((*p < 0x20 && *p != '\t') || *p == 0x7F)
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                       _("The value of the header “%s” holds a control character (only tabs are allowed)"),
                       name);
          return FALSE;
        }
    }

  if (!g_utf8_validate (value, -1, NULL))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                   _("The value of the header “%s” is not valid UTF-8 text"), name);
      return FALSE;
    }

  return TRUE;
}

/**
 * mcp_http_check_header:
 * @name: a header name, like `Authorization`
 * @value: (nullable): its value, or %NULL to check the name only
 * @error: return location for a #GError
 *
 * A header Tether may send: the name an RFC 9110 token that the transport
 * does not set itself (Accept, Content-Type, Mcp-Session-Id…), the value
 * without control characters other than tab, valid UTF-8. Fails with
 * %MCP_ERROR_FAILED and a message that never holds the value.
 *
 * Returns: %TRUE if the header can be sent
 */
gboolean
mcp_http_check_header (const char  *name,
                       const char  *value,
                       GError     **error)
{
  g_return_val_if_fail (name != NULL, FALSE);

  return check_header_name (name, error) &&
         (value == NULL || check_header_value (name, value, error));
}

/**
 * mcp_http_header_names_equal:
 * @a: a header name
 * @b: another
 *
 * Returns: %TRUE if @a and @b name the same header: HTTP header names are
 *   not case-sensitive
 */
gboolean
mcp_http_header_names_equal (const char *a,
                             const char *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return g_ascii_strcasecmp (a, b) == 0;
}

/**
 * mcp_http_check_header_names:
 * @first: the name of a header given first
 * @second: the name of one given after it
 * @error: return location for a #GError
 *
 * Fails when both name the same header, with a message that names both
 * spellings. Check each name with mcp_http_check_header() first.
 *
 * Returns: %TRUE if they are different headers
 */
gboolean
mcp_http_check_header_names (const char  *first,
                             const char  *second,
                             GError     **error)
{
  if (!mcp_http_header_names_equal (first, second))
    return TRUE;

  if (strcmp (first, second) == 0)
    g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                 _("The header “%s” is given twice: keep one of them"), first);
  else
    g_set_error (error, MCP_ERROR, MCP_ERROR_FAILED,
                 _("“%s” and “%s” are the same header (header names are not case-sensitive): "
                   "keep one of them"),
                 first, second);

  return FALSE;
}

/**
 * mcp_http_check_new_header:
 * @names: (array length=n_names) (nullable): the names of the headers
 *   already given
 * @n_names: how many there are
 * @name: the name of one more header
 * @value: (nullable): its value, or %NULL to check the name only
 * @error: return location for a #GError
 *
 * Checks one more header with mcp_http_check_header(), and that its name is
 * none of @names in any spelling: a second value for a name is refused,
 * with a message that names both spellings.
 *
 * Returns: %TRUE if the header can be added
 */
gboolean
mcp_http_check_new_header (const char * const  *names,
                           guint                n_names,
                           const char          *name,
                           const char          *value,
                           GError             **error)
{
  g_return_val_if_fail (names != NULL || n_names == 0, FALSE);

  if (!mcp_http_check_header (name, value, error))
    return FALSE;

  for (guint i = 0; i < n_names; i++)
    {
      if (!mcp_http_check_header_names (names[i], name, error))
        return FALSE;
    }

  return TRUE;
}

/**
 * mcp_http_check_headers:
 * @names: (array length=n_headers): header names, in order
 * @values: (array length=n_headers) (nullable): their values, or %NULL to
 *   check the names only
 * @n_headers: how many there are
 * @failed: (out) (optional): where to store the index of the header that
 *   is not valid
 * @error: return location for a #GError
 *
 * Checks each header with mcp_http_check_new_header() against the ones
 * before it; the first problem in order is reported, at the header that
 * has it (the second of two names that are the same).
 *
 * Returns: %TRUE if every header can be sent
 */
gboolean
mcp_http_check_headers (const char * const  *names,
                        const char * const  *values,
                        guint                n_headers,
                        guint               *failed,
                        GError             **error)
{
  g_return_val_if_fail (names != NULL || n_headers == 0, FALSE);

  for (guint i = 0; i < n_headers; i++)
    {
      if (!mcp_http_check_new_header (names, i, names[i], values != NULL ? values[i] : NULL, error))
        {
          if (failed != NULL)
            *failed = i;
          return FALSE;
        }
    }

  return TRUE;
}

/**
 * mcp_http_strip_header_value:
 * @value: a header value
 *
 * Returns: (transfer full): @value without the spaces and tabs around it,
 *   as it goes out (HTTP drops them)
 */
char *
mcp_http_strip_header_value (const char *value)
{
  const char *start = value;
  const char *end;

  g_return_val_if_fail (value != NULL, NULL);

  start += strspn (start, " \t");
  end = start + strlen (start);
  while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
    end--;

  return g_strndup (start, end - start);
}
