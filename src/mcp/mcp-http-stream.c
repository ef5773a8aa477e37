/* mcp-http-stream.c — McpHttpTransport: event streams
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
#include "mcp-http-transport-private.h"
#include "mcp-transport-private.h"

/* Event streams: the SSE reply to a POST, read until its answer comes; a
 * reply stream that ends before its answer, resumed with GET and
 * Last-Event-ID, after the server's `retry` or a growing wait; the GET
 * stream for server-initiated messages, reopened when it drops. Messages
 * go to the transport as they arrive; what this layer cannot go on from
 * it hands up through McpHttpTransport:hooks, and a stream of another kind
 * (the legacy SSE stream) to its McpHttpStreamOwner. */

/* ---------------------------------------------------------------------- */
/* Reading a stream                                                       */

static void schedule_resume           (McpHttpTransport *self,
                                       McpHttpOutgoing  *out,
                                       gint64            retry);
static void schedule_stream_reconnect (McpHttpTransport *self,
                                       McpHttpExchange  *ex);

static guint
retry_delay (McpHttpTransport *self,
             gint64            retry,
             guint             attempt)
{
  guint64 delay;

  if (retry >= 0)
    return (guint)MIN (retry, (gint64)self->retry_delay_max_ms);

  /* No retry field: a growing wait. */
  delay = self->reconnect_delay_ms;
  for (guint i = 1; i < attempt && delay < self->reconnect_delay_max_ms; i++)
    delay *= 2;

  return (guint)MIN (delay, self->reconnect_delay_max_ms);
}

static gboolean
exchange_handle_event (McpHttpExchange *ex,
                       McpSseEvent     *event)
{
  McpHttpTransport *self = ex->self;

  if (strcmp (event->event, "message") == 0)
    {
      ex->delivered = TRUE;
      /* What arrives on a request's stream belongs to that request. */
      if ((ex->kind == MCP_HTTP_EXCHANGE_POST || ex->kind == MCP_HTTP_EXCHANGE_RESUME) && ex->out != NULL)
        _mcp_transport_set_related_request (MCP_TRANSPORT (self), ex->out->id_key);
      _mcp_transport_handle_text (MCP_TRANSPORT (self), event->data, event->data_length);
      _mcp_transport_set_related_request (MCP_TRANSPORT (self), NULL);
    }
  else if (ex->stream_owner != NULL)
    ex->stream_owner->event (ex, event);
  else
    g_debug ("ignoring an SSE event of type “%s”", event->event);

  /* A handler may have closed us, or dropped this stream. */
  return !ex->finished && ex->self != NULL && !self->closing;
}

/* The stateless revision resumes nothing: a stream that ends before its
 * answer loses that request only, and the connection stays. */
static void
lose_answer (McpHttpTransport *self,
             McpHttpOutgoing  *out,
             const GError     *error)
{
  g_autoptr(JsonNode) id = json_from_string (out->id_key, NULL);
  g_autofree char *reason = NULL;

  _mcp_http_outgoing_stop_awaiting (self, out);
  if (id == NULL)
    return;

  if (error != NULL)
    reason = g_strdup_printf (_("its stream ended before the answer: %s"), error->message);
  else
    reason = g_strdup (_("its stream ended before the answer"));
  _mcp_transport_emit_request_lost (MCP_TRANSPORT (self), id, reason);
}

static void
exchange_stream_ended (McpHttpExchange *ex,
                       const GError    *error)
{
  McpHttpTransport *self = ex->self;
  McpHttpOutgoing *out = ex->out;
  gint64 retry = ex->parser != NULL ? mcp_sse_parser_get_retry (ex->parser) : -1;

  if (retry >= 0)
    self->last_retry = retry;

  if (out != NULL && ex->parser != NULL && *mcp_sse_parser_get_last_event_id (ex->parser) != '\0')
    {
      g_free (out->last_event_id);
      out->last_event_id = g_strdup (mcp_sse_parser_get_last_event_id (ex->parser));
    }

  if (ex->stream_owner != NULL)
    {
      ex->stream_owner->ended (ex, error);
      return;
    }

  switch (ex->kind)
    {
    case MCP_HTTP_EXCHANGE_POST:
    case MCP_HTTP_EXCHANGE_RESUME:
      g_assert (out != NULL);
      _mcp_http_outgoing_ref (out);
      _mcp_http_exchange_finish (ex);
      if (!out->answered && !out->cancelled && !self->closing && out->id_key != NULL)
        {
          if (g_error_matches (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE))
            {
              g_autoptr(GError) too_large = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                                                         _("The server's answer to “%s” is too large: %s"),
                                                         _mcp_http_outgoing_name (out), error->message);
              self->hooks->close (self, too_large);
            }
          else if (out->era_version != NULL)
            lose_answer (self, out, error);
          else
            schedule_resume (self, out, retry);
        }
      _mcp_http_outgoing_unref (out);
      break;

    case MCP_HTTP_EXCHANGE_GET:
      if (ex->parser != NULL && *mcp_sse_parser_get_last_event_id (ex->parser) != '\0')
        {
          g_free (self->stream_last_event_id);
          self->stream_last_event_id = g_strdup (mcp_sse_parser_get_last_event_id (ex->parser));
        }
      _mcp_http_exchange_finish (ex);
      if (!self->closing)
        schedule_stream_reconnect (self, ex);
      break;

    case MCP_HTTP_EXCHANGE_LEGACY_GET:
    case MCP_HTTP_EXCHANGE_DELETE:
    default:
      g_assert_not_reached ();
    }
}

/* Feeds the parser what the stream already holds, without waiting.
 * Returns TRUE at its end. A read error is left for the next read. */
static gboolean
exchange_drain (McpHttpExchange  *ex,
                GError          **error)
{
  GPollableInputStream *pollable;

  if (!G_IS_POLLABLE_INPUT_STREAM (ex->input) ||
      !g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (ex->input)))
    return FALSE;

  pollable = G_POLLABLE_INPUT_STREAM (ex->input);
  for (;;)
    {
      gssize n = g_pollable_input_stream_read_nonblocking (pollable, ex->buffer, MCP_HTTP_READ_BUFFER_SIZE,
                                                           ex->cancellable, NULL);

      if (n == 0)
        return TRUE;
      if (n < 0 || !mcp_sse_parser_feed (ex->parser, (const char *)ex->buffer, n, error))
        return FALSE;
    }
}

static void
on_stream_read (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  McpSseEvent *event;
  gboolean at_end = FALSE;
  gboolean fed;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (self == NULL || ex->finished)
    return;

  if (n < 0)
    {
      if (ex->stopping || self->closing)
        {
          _mcp_http_exchange_finish (ex);
          return;
        }
      exchange_stream_ended (ex, error);
      return;
    }

  if (n == 0)
    {
      exchange_stream_ended (ex, NULL);
      return;
    }

  fed = mcp_sse_parser_feed (ex->parser, (const char *)ex->buffer, n, &error);

  /* A POST stream ends soon after its answer, and the end is often here
   * already: taken before the answer goes out, the connection is free
   * again for the request the answer may prompt. */
  if (fed && ex->kind == MCP_HTTP_EXCHANGE_POST)
    {
      at_end = exchange_drain (ex, &error);
      fed = error == NULL;
    }

  if (!fed)
    {
      /* The events before the one that is too large still count. */
      while ((event = mcp_sse_parser_pop_event (ex->parser)) != NULL)
        {
          gboolean go_on = exchange_handle_event (ex, event);

          mcp_sse_event_free (event);
          if (!go_on)
            return;
        }
      _mcp_transport_emit_invalid (MCP_TRANSPORT (self), "", 0, error->message);
      exchange_stream_ended (ex, error);
      return;
    }

  while ((event = mcp_sse_parser_pop_event (ex->parser)) != NULL)
    {
      gboolean go_on = exchange_handle_event (ex, event);

      mcp_sse_event_free (event);
      if (!go_on)
        return;
    }

  if (at_end)
    {
      exchange_stream_ended (ex, NULL);
      return;
    }

  /* A POST stream whose answer came is done; a resumed one may be kept open
   * by the server, and is closed here. */
  if (ex->kind == MCP_HTTP_EXCHANGE_RESUME && ex->out != NULL && ex->out->answered)
    {
      _mcp_http_exchange_stop (ex);
      _mcp_http_exchange_finish (ex);
      return;
    }

  _mcp_http_exchange_read_more (ex, on_stream_read);
}

void
_mcp_http_exchange_read_stream (McpHttpExchange *ex)
{
  if (ex->parser == NULL)
    {
      /* Room for the "data: " in front of a message of the largest size. */
      ex->parser = mcp_sse_parser_new (mcp_transport_get_max_message_size (MCP_TRANSPORT (ex->self)) + 16);
    }

  _mcp_http_exchange_read_more (ex, on_stream_read);
}

/* ---------------------------------------------------------------------- */
/* Resuming a POST stream                                                 */

static void on_resume_sent (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data);

static void
start_resume (McpHttpTransport *self,
              McpHttpOutgoing  *out)
{
  g_autoptr(McpHttpExchange) ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_RESUME, out,
                                                          SOUP_METHOD_GET, self->uri);
  SoupMessageHeaders *headers = soup_message_get_request_headers (ex->msg);

  soup_message_headers_replace (headers, "Accept", "text/event-stream");
  soup_message_headers_replace (headers, "Last-Event-ID", out->last_event_id);
  _mcp_http_exchange_add_session_headers (ex);
  out->exchange = ex;
  _mcp_http_exchange_send (ex, self->request_timeout_ms, on_resume_sent);
}

static gboolean
on_resume_timer (gpointer data)
{
  McpHttpOutgoing *out = data;
  McpHttpTransport *self = out->self;

  out->resume_timer_id = 0;
  if (self != NULL && !self->closing && !out->answered && !out->cancelled)
    start_resume (self, out);

  return G_SOURCE_REMOVE;
}

static void
schedule_resume (McpHttpTransport *self,
                 McpHttpOutgoing  *out,
                 gint64            retry)
{
  g_autoptr(GError) error = NULL;
  guint delay;

  if (out->last_event_id == NULL)
    {
      error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                           _("The server ended the stream for “%s” before answering, and the stream cannot be "
                             "resumed (the server sent no event id); whether it was carried out is unknown"),
                           _mcp_http_outgoing_name (out));
      self->hooks->close (self, error);
      return;
    }

  if (out->resume_attempts >= self->max_reconnect_attempts)
    {
      error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "The server ended the stream for “%s” before answering, and %u attempt to resume it failed",
                                        "The server ended the stream for “%s” before answering, and %u attempts to resume it failed",
                                        out->resume_attempts),
                           _mcp_http_outgoing_name (out), out->resume_attempts);
      self->hooks->close (self, error);
      return;
    }

  out->resume_attempts++;
  delay = retry_delay (self, retry >= 0 ? retry : self->last_retry, out->resume_attempts);
  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             _("The stream for “%s” ended before its answer; resuming it in %u ms (attempt %u of %u)"),
                             _mcp_http_outgoing_name (out), delay, out->resume_attempts, self->max_reconnect_attempts);
  out->resume_timer_id = g_timeout_add_full (G_PRIORITY_DEFAULT, delay, on_resume_timer,
                                             _mcp_http_outgoing_ref (out), (GDestroyNotify)_mcp_http_outgoing_unref);
}

static void
on_resume_sent (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = NULL;
  g_autoptr(GError) error = NULL;
  McpHttpOutgoing *out = ex->out;

  if (!_mcp_http_exchange_sent (ex, result, &self, &error))
    return;

  if (ex->input == NULL)
    {
      gboolean deliberate = ex->stopping || self->closing || out->cancelled;

      _mcp_http_exchange_finish (ex);
      if (deliberate || out->answered)
        return;
      if (error->domain == MCP_ERROR)
        {
          /* A redirect elsewhere: asking again gets the same answer. */
          g_autoptr(GError) lost = g_error_new (MCP_ERROR, error->code,
                                                _("The stream for “%s” ended before its answer and cannot be "
                                                  "resumed: %s"),
                                                _mcp_http_outgoing_name (out), error->message);
          self->hooks->close (self, lost);
          return;
        }
      schedule_resume (self, out, -1);
      return;
    }

  g_clear_handle_id (&ex->deadline_id, g_source_remove);

  if (_mcp_http_status_is_success (soup_message_get_status (ex->msg)) &&
      _mcp_http_media_type_is (ex->msg, "text/event-stream"))
    {
      _mcp_http_exchange_read_stream (ex);
      return;
    }

  _mcp_http_exchange_finish (ex);
  if (!out->answered && !out->cancelled)
    {
      g_autoptr(GError) lost = NULL;

      lost = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                          _("The stream for “%s” ended before its answer and the server refused to resume it "
                            "(HTTP %u %s); whether it was carried out is unknown"),
                          _mcp_http_outgoing_name (out), soup_message_get_status (ex->msg),
                          _mcp_http_reason_phrase (ex->msg));
      self->hooks->close (self, lost);
    }
}

/* ---------------------------------------------------------------------- */
/* The GET stream for server-initiated messages                           */

static void on_stream_sent (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data);

void
_mcp_http_open_stream (McpHttpTransport *self)
{
  g_autoptr(McpHttpExchange) ex = NULL;
  SoupMessageHeaders *headers;

  if (self->stream != NULL || self->closing || !self->want_stream || self->reinitializing ||
      self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE)
    return;

  g_clear_handle_id (&self->stream_timer_id, g_source_remove);

  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_GET, NULL, SOUP_METHOD_GET, self->uri);
  headers = soup_message_get_request_headers (ex->msg);
  soup_message_headers_replace (headers, "Accept", "text/event-stream");
  if (self->stream_last_event_id != NULL)
    soup_message_headers_replace (headers, "Last-Event-ID", self->stream_last_event_id);
  _mcp_http_exchange_add_session_headers (ex);
  self->stream = ex;
  _mcp_http_exchange_send (ex, self->request_timeout_ms, on_stream_sent);
}

static gboolean
on_stream_timer (gpointer data)
{
  McpHttpTransport *self = data;

  self->stream_timer_id = 0;
  _mcp_http_open_stream (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_stream_reconnect (McpHttpTransport *self,
                           McpHttpExchange  *ex)
{
  gint64 retry = ex->parser != NULL ? mcp_sse_parser_get_retry (ex->parser) : -1;
  guint delay;

  if (!self->want_stream || self->closing || self->reinitializing)
    return;

  if (ex->delivered)
    self->stream_attempts = 0;

  if (self->stream_attempts >= self->max_reconnect_attempts)
    {
      _mcp_transport_emit_event (MCP_TRANSPORT (self),
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "Gave up on the stream for server messages after %u attempt; "
                                              "answers still arrive, server notifications may not",
                                              "Gave up on the stream for server messages after %u attempts; "
                                              "answers still arrive, server notifications may not",
                                              self->stream_attempts),
                                 self->stream_attempts);
      return;
    }

  self->stream_attempts++;
  delay = retry_delay (self, retry >= 0 ? retry : self->last_retry, self->stream_attempts);
  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             _("The stream for server messages ended; reopening it in %u ms"), delay);
  g_clear_handle_id (&self->stream_timer_id, g_source_remove);
  self->stream_timer_id = g_timeout_add (delay, on_stream_timer, self);
}

static void
on_stream_sent (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = NULL;
  g_autoptr(GError) error = NULL;
  guint status;

  if (!_mcp_http_exchange_sent (ex, result, &self, &error))
    return;

  if (ex->input == NULL)
    {
      if (ex->stopping || self->closing)
        {
          _mcp_http_exchange_finish (ex);
          return;
        }

      _mcp_transport_emit_event (MCP_TRANSPORT (self),
                                 _("Could not open the stream for server messages: %s"),
                                 ex->timed_out ? _("no answer in time") : error->message);
      _mcp_http_exchange_finish (ex);
      /* A redirect that is not followed would be the answer again. */
      if (error->domain == MCP_ERROR)
        self->want_stream = FALSE;
      else
        schedule_stream_reconnect (self, ex);
      return;
    }

  status = soup_message_get_status (ex->msg);

  if (_mcp_http_status_is_success (status) && _mcp_http_media_type_is (ex->msg, "text/event-stream"))
    {
      g_clear_handle_id (&ex->deadline_id, g_source_remove);
      _mcp_http_exchange_read_stream (ex);
      return;
    }

  _mcp_http_exchange_finish (ex);

  /* 405: no such stream; 400, 404 and 409 are also normal answers. */
  self->want_stream = FALSE;
  if (status == SOUP_STATUS_METHOD_NOT_ALLOWED)
    _mcp_transport_emit_event (MCP_TRANSPORT (self),
                               _("The server offers no stream for server messages (HTTP 405)"));
  else if (_mcp_http_status_is_success (status))
    _mcp_transport_emit_event (MCP_TRANSPORT (self),
                               _("The server answered the request for a message stream with something else; continuing without one"));
  else
    _mcp_transport_emit_event (MCP_TRANSPORT (self),
                               _("The server declined a stream for server messages (HTTP %u %s); continuing without one"),
                               status, _mcp_http_reason_phrase (ex->msg));
}
