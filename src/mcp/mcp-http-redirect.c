/* mcp-http-redirect.c — which redirects a request to an MCP server follows
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libsoup would follow every redirect by itself, carrying the request's
 * headers along, and the user's headers (Authorization, cookies, API keys:
 * everything the server's configuration adds) are for the configured origin
 * only. So the transport sends every request with SOUP_MESSAGE_NO_REDIRECT
 * and asks here what to do with a 3xx:
 *
 * - to another origin (scheme, host or port): nothing is sent there; the
 *   request fails naming both URLs, masked, so the user can fix the URL;
 * - 301, 302, 307 and 308 within the origin: the same request again, same
 *   method and body. For a POST that is a departure from what browsers do
 *   with 301 and 302 (a GET without body), which RFC 9110 allows but does
 *   not require; a GET would not carry the JSON-RPC message at all. Sending
 *   the body again is safe, a tools/call included: a redirect is what the
 *   server answered instead of carrying the request out;
 * - 303 See Other says the answer is to be fetched elsewhere with GET, and
 *   for a POST it may mean the server did act on it. MCP has no answer to
 *   fetch that way, so a 303 to anything but a GET fails, and the request
 *   is not sent again; a GET follows it;
 * - at most MCP_HTTP_MAX_REDIRECTS of them, so a loop ends with an error.
 */

#define G_LOG_DOMAIN "mcp-http-redirect"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-http-check.h"
#include "mcp-http-redirect.h"
#include "mcp-url.h"

static gboolean
status_is_redirect (guint status)
{
  return status == SOUP_STATUS_MOVED_PERMANENTLY ||
         status == SOUP_STATUS_FOUND ||
         status == SOUP_STATUS_SEE_OTHER ||
         status == SOUP_STATUS_TEMPORARY_REDIRECT ||
         status == SOUP_STATUS_PERMANENT_REDIRECT;
}

/**
 * mcp_http_redirect_check:
 * @msg: a request that was sent with %SOUP_MESSAGE_NO_REDIRECT and got its
 *   response headers
 * @origin: the configured URL: redirects are followed within its origin
 * @configured_url: the same URL as configured, named (masked) in errors
 * @hops: how many redirects this request followed already
 * @target: (out) (transfer full): where to send the request again, for
 *   %MCP_HTTP_REDIRECT_FOLLOW
 * @error: the reason, for %MCP_HTTP_REDIRECT_REFUSE: %MCP_ERROR_INVALID_URL
 *   for another origin, %MCP_ERROR_HTTP_STATUS otherwise. URLs in it are
 *   masked with mcp_url_mask().
 *
 * Returns: what to do with the response to @msg
 */
McpHttpRedirect
mcp_http_redirect_check (SoupMessage  *msg,
                         GUri         *origin,
                         const char   *configured_url,
                         guint         hops,
                         GUri        **target,
                         GError      **error)
{
  guint status = soup_message_get_status (msg);
  const char *location;
  g_autoptr(GUri) next = NULL;
  g_autofree char *ours = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *next_text = NULL;

  g_return_val_if_fail (SOUP_IS_MESSAGE (msg), MCP_HTTP_REDIRECT_NONE);
  g_return_val_if_fail (origin != NULL, MCP_HTTP_REDIRECT_NONE);
  g_return_val_if_fail (target != NULL && *target == NULL, MCP_HTTP_REDIRECT_NONE);

  /* Without a Location, it is an answer like any other. */
  location = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Location");
  if (!status_is_redirect (status) || location == NULL || *location == '\0')
    return MCP_HTTP_REDIRECT_NONE;

  ours = mcp_url_mask (configured_url);
  next = g_uri_parse_relative (soup_message_get_uri (msg), location, SOUP_HTTP_URI_FLAGS, NULL);
  if (next != NULL)
    {
      next_text = g_uri_to_string (next);
      theirs = mcp_url_mask (next_text);
    }

  if (next == NULL || !mcp_http_check_url (next_text, NULL))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS,
                   _("The server at %s redirects (HTTP %u) to an address that is not an http or https URL"),
                   ours, status);
      return MCP_HTTP_REDIRECT_REFUSE;
    }

  if (!mcp_http_same_origin (next, origin))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL,
                   _("The server at %s redirects to %s (another origin); Tether does not send your "
                     "headers there. Use that URL if you trust it"),
                   ours, theirs);
      return MCP_HTTP_REDIRECT_REFUSE;
    }

  if (hops >= MCP_HTTP_MAX_REDIRECTS)
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The server at %s redirected more than %u time (the last time to %s); "
                                "Tether stops there",
                                "The server at %s redirected more than %u times (the last time to %s); "
                                "Tether stops there",
                                MCP_HTTP_MAX_REDIRECTS),
                   ours, (guint)MCP_HTTP_MAX_REDIRECTS, theirs);
      return MCP_HTTP_REDIRECT_REFUSE;
    }

  if (status == SOUP_STATUS_SEE_OTHER && soup_message_get_method (msg) != SOUP_METHOD_GET)
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS,
                   _("The server at %s answered a %s request with 303 See Other (to %s), which asks to "
                     "fetch an answer elsewhere; MCP has no answer there, and the request is not sent again"),
                   ours, soup_message_get_method (msg), theirs);
      return MCP_HTTP_REDIRECT_REFUSE;
    }

  *target = g_steal_pointer (&next);

  return MCP_HTTP_REDIRECT_FOLLOW;
}

static void
copy_header (const char *name,
             const char *value,
             gpointer    user_data)
{
  static const char * const not_copied[] = {
    "Host", "Content-Length", "Transfer-Encoding", "Connection",
  };

  for (guint i = 0; i < G_N_ELEMENTS (not_copied); i++)
    {
      if (g_ascii_strcasecmp (name, not_copied[i]) == 0)
        return;
    }

  soup_message_headers_append (user_data, name, value);
}

/**
 * mcp_http_redirect_message_new:
 * @msg: the request that was redirected
 * @target: where to, from mcp_http_redirect_check()
 * @body: (nullable): the body @msg carried, to carry again
 *
 * Returns: (transfer full): the same request to @target: method, headers,
 *   flags and body
 */
SoupMessage *
mcp_http_redirect_message_new (SoupMessage *msg,
                               GUri        *target,
                               GBytes      *body)
{
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  SoupMessage *next;

  g_return_val_if_fail (SOUP_IS_MESSAGE (msg), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  next = soup_message_new_from_uri (soup_message_get_method (msg), target);
  soup_message_headers_foreach (headers, copy_header, soup_message_get_request_headers (next));
  soup_message_set_flags (next, soup_message_get_flags (msg));
  if (body != NULL)
    soup_message_set_request_body_from_bytes (next, soup_message_headers_get_content_type (headers, NULL), body);

  return next;
}
