/* mcp-http-legacy.c — McpHttpTransport: legacy HTTP+SSE
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-http-transport"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-http-check.h"
#include "mcp-http-transport-private.h"
#include "mcp-transport-private.h"

/* The 2024-11-05 HTTP+SSE transport: a GET opens the event stream, whose
 * first `endpoint` event names the URL messages are POSTed to (on the same
 * origin only); answers come on the stream, which is the session: its end
 * ends the transport. When the connection is up, or cannot be, the
 * transport is told through McpHttpTransport:hooks. */

/* ---------------------------------------------------------------------- */
/* Legacy HTTP+SSE                                                        */

/* @maybe_streamable: the failure is what a Streamable HTTP server would
 * answer (no endpoint event, a refused or non-stream GET) */
void
_mcp_http_legacy_connect_failed (McpHttpTransport *self,
                                 const GError     *error,
                                 gboolean          maybe_streamable)
{
  g_autoptr(GError) failure = NULL;

  self->legacy_connecting = FALSE;
  if (self->stream != NULL && self->stream->kind == MCP_HTTP_EXCHANGE_LEGACY_GET)
    _mcp_http_exchange_stop (self->stream);

  if (self->fallback_init != NULL && self->fallback_reason != NULL)
    failure = g_error_new (error->domain, error->code,
                           _("The server refused the initialize request (%s), and it is no HTTP+SSE server either: %s"),
                           self->fallback_reason, error->message);
  else if (self->mode == MCP_HTTP_MODE_LEGACY_SSE && maybe_streamable)
    /* Told to use SSE: the likeliest cause is a Streamable HTTP server. */
    failure = g_error_new (error->domain, error->code, "%s (%s)", error->message,
                           _("if this is a Streamable HTTP server, use the transport “http” or “auto”"));
  else
    failure = g_error_copy (error);

  self->hooks->legacy_failed (self, failure);
}

static void
legacy_on_endpoint (McpHttpExchange *ex,
                    const char      *data)
{
  McpHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) endpoint = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (data));

  if (self->endpoint != NULL)
    {
      g_debug ("ignoring a second endpoint event");
      return;
    }

  endpoint = g_uri_parse_relative (self->uri, trimmed, SOUP_HTTP_URI_FLAGS, &error);
  if (endpoint == NULL)
    {
      g_autoptr(GError) invalid = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                               _("The server's endpoint event does not hold a valid URL"));
      _mcp_http_legacy_connect_failed (self, invalid, FALSE);
      return;
    }

  if (!mcp_http_same_origin (endpoint, self->uri))
    {
      g_autofree char *theirs = mcp_http_describe_origin (endpoint);
      g_autofree char *ours = mcp_http_describe_origin (self->uri);
      g_autoptr(GError) refused = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_URL,
                                               _("The server named an endpoint on another origin (%s, not %s); refused"),
                                               theirs, ours);
      _mcp_http_legacy_connect_failed (self, refused, FALSE);
      return;
    }

  self->endpoint = g_steal_pointer (&endpoint);
  g_clear_handle_id (&ex->deadline_id, g_source_remove);
  self->legacy_connecting = FALSE;
  self->hooks->legacy_connected (self);
}

static void
legacy_stream_event (McpHttpExchange *ex,
                     McpSseEvent     *event)
{
  if (strcmp (event->event, "endpoint") == 0)
    legacy_on_endpoint (ex, event->data);
  else
    g_debug ("ignoring an SSE event of type “%s”", event->event);
}

/* The event stream is the session: its end ends it. */
static void
legacy_stream_ended (McpHttpExchange *ex,
                     const GError    *error)
{
  McpHttpTransport *self = ex->self;

  _mcp_http_exchange_finish (ex);

  if (error != NULL && ex->timed_out)
    {
      g_autoptr(GError) timeout = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                                               _("The server did not name its message endpoint within %.1f s"),
                                               ex->deadline_ms / 1000.0);
      _mcp_http_legacy_connect_failed (self, timeout, TRUE);
      return;
    }

  if (self->closing)
    return;

  if (self->legacy_connecting)
    {
      g_autoptr(GError) closed = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                              _("The server closed the event stream before naming its endpoint%s%s"),
                                              error != NULL ? ": " : "", error != NULL ? error->message : "");
      _mcp_http_legacy_connect_failed (self, closed, FALSE);
    }
  else
    {
      g_autoptr(GError) closed = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                              _("The server closed the event stream, which ends an HTTP+SSE session%s%s"),
                                              error != NULL ? ": " : "", error != NULL ? error->message : "");
      self->hooks->close (self, closed);
    }
}

static const McpHttpStreamOwner legacy_stream = {
  .event = legacy_stream_event,
  .ended = legacy_stream_ended,
};

static void
on_legacy_sent (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refused = NULL;
  guint status;

  if (!_mcp_http_exchange_sent (ex, result, &self, &error))
    return;

  if (ex->input == NULL)
    {
      g_autoptr(GError) send_error = NULL;

      if (ex->stopping || self->closing)
        {
          _mcp_http_exchange_finish (ex);
          return;
        }

      send_error = _mcp_http_exchange_send_error (ex, error);
      _mcp_http_exchange_finish (ex);
      _mcp_http_legacy_connect_failed (self, send_error, FALSE);
      return;
    }

  status = soup_message_get_status (ex->msg);

  /* The stream keeps its deadline until the endpoint arrives. */
  if (_mcp_http_status_is_success (status) && _mcp_http_media_type_is (ex->msg, "text/event-stream"))
    {
      _mcp_http_exchange_read_stream (ex);
      return;
    }

  _mcp_http_exchange_finish (ex);

  if (_mcp_http_status_is_success (status))
    refused = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("The server answered the event stream request with content type “%s”, not an event stream"),
                           soup_message_headers_get_content_type (soup_message_get_response_headers (ex->msg), NULL));
  else
    refused = g_error_new (MCP_ERROR, MCP_ERROR_HTTP_STATUS,
                           _("The server answered the event stream request with HTTP %u %s"),
                           status, _mcp_http_reason_phrase (ex->msg));
  _mcp_http_legacy_connect_failed (self, refused, TRUE);
}

/* Opens the event stream; messages wait until it names the endpoint to
 * POST them to. */
void
_mcp_http_legacy_connect (McpHttpTransport *self)
{
  g_autoptr(McpHttpExchange) ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_LEGACY_GET, NULL,
                                                          SOUP_METHOD_GET, self->uri);

  soup_message_headers_replace (soup_message_get_request_headers (ex->msg), "Accept", "text/event-stream");
  ex->stream_owner = &legacy_stream;
  self->legacy_connecting = TRUE;
  self->stream = ex;
  _mcp_http_exchange_send (ex, self->request_timeout_ms, on_legacy_sent);
}
