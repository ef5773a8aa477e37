/* mcp-http-exchange.c — McpHttpTransport: one HTTP request
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
#include "mcp-http-redirect.h"
#include "mcp-http-transport-private.h"
#include "mcp-tls-reason.h"
#include "mcp-transport-private.h"
#include "mcp-url.h"

/* One HTTP request of the transport, an McpHttpExchange: the POST of a
 * message, a GET that resumes a message's stream, the GET stream for
 * server-initiated messages, the legacy SSE stream, the DELETE on close.
 * And the message the client sends, an McpHttpOutgoing, which an exchange
 * carries. Both are reference counted: libsoup may call back long after a
 * cancel (the request was cancelled, its callback still comes), so the
 * callbacks own them.
 *
 * Deadlines are per request (g_timeout_add → cancel), never libsoup's
 * session-wide timeout, which would also kill idle event streams.
 *
 * Redirects are ours to follow, not libsoup's, which would carry the
 * configured headers to wherever the server points: every request goes out
 * with SOUP_MESSAGE_NO_REDIRECT, and a 3xx is followed or refused by the
 * rules of mcp-http-redirect.c before the request's own callback sees it.
 *
 * Nothing here calls the layers above: an exchange's body and stream are
 * handed to the callbacks it is given. */

/* A request id as a hash key: integers as digits, strings quoted, so that
 * 1 and "1" differ. */
char *
_mcp_http_id_key_from_node (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));

  if (type == G_TYPE_DOUBLE)
    {
      double d = json_node_get_double (node);

      if (d == (double)(gint64)d)
        return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64)d);
      return g_strdup_printf ("%.17g", d);
    }

  if (type == G_TYPE_STRING)
    return g_strconcat ("\"", json_node_get_string (node), NULL);

  return NULL;
}

gboolean
_mcp_http_media_type_is (SoupMessage *msg,
                         const char  *essence)
{
  const char *type = soup_message_headers_get_content_type (soup_message_get_response_headers (msg), NULL);

  return type != NULL && g_ascii_strcasecmp (type, essence) == 0;
}

gboolean
_mcp_http_status_is_success (guint status)
{
  return status >= 200 && status < 300;
}

const char *
_mcp_http_reason_phrase (SoupMessage *msg)
{
  const char *reason = soup_message_get_reason_phrase (msg);

  if (reason == NULL || *reason == '\0')
    reason = soup_status_get_phrase (soup_message_get_status (msg));

  return reason != NULL ? reason : "";
}

/* A session id must be visible ASCII (0x21–0x7E), or it cannot go back in a
 * header unchanged. */
gboolean
_mcp_http_session_id_is_valid (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;

  for (const char *p = id; *p != '\0'; p++)
    {
      if (*p < 0x21 || *p > 0x7E)
        return FALSE;
    }

  return TRUE;
}

/* Errors that mean the server cannot be reached at all: the next message
 * would fail the same way, so the transport closes. */
gboolean
_mcp_http_error_is_unreachable (const GError *error)
{
  if (error->domain == G_RESOLVER_ERROR || error->domain == G_TLS_ERROR)
    return TRUE;

  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_NOT_FOUND) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PROXY_FAILED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PROXY_AUTH_FAILED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PROXY_NOT_ALLOWED);
}

/* Where a request went, as messages show it: the whole URL, path included
 * (a wrong path is a common mistake), with its secrets masked. */
static char *
describe_url (GUri *uri)
{
  g_autofree char *text = g_uri_to_string (uri);

  return mcp_url_mask (text);
}

/* What an error body says, short and printable: the message of a JSON-RPC
 * error if it is one, otherwise the start of the text. */
char *
_mcp_http_summarize_body (const guint8 *data,
                          gsize         length)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *text = NULL;
  GString *out;
  const gsize max_shown = 200;

  if (length == 0)
    return NULL;

  parser = json_parser_new_immutable ();
  if (length <= G_MAXSSIZE &&
      json_parser_load_from_data (parser, (const char *)data, (gssize)length, NULL))
    {
      JsonNode *root = json_parser_get_root (parser);

      if (JSON_NODE_HOLDS_OBJECT (root))
        {
          JsonObject *object = json_node_get_object (root);
          JsonNode *error = json_object_get_member (object, "error");

          if (error != NULL && JSON_NODE_HOLDS_OBJECT (error) &&
              json_object_has_member (json_node_get_object (error), "message"))
            {
              const char *message = json_object_get_string_member_with_default (json_node_get_object (error),
                                                                                 "message", NULL);
              if (message != NULL && *message != '\0')
                return g_utf8_make_valid (message, -1);
            }
        }
    }

  text = g_utf8_make_valid ((const char *)data, (gssize)MIN (length, G_MAXSSIZE));
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0' && g_utf8_strlen (out->str, -1) < (glong)max_shown; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || g_unichar_iscntrl (c))
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
        }
      else
        g_string_append_unichar (out, c);
    }
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  if (*text != '\0' && g_utf8_strlen (text, -1) > (glong)max_shown)
    g_string_append (out, "…");

  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }

  return g_string_free (out, FALSE);
}

const char *
_mcp_http_outgoing_name (McpHttpOutgoing *out)
{
  return out->method != NULL ? out->method : _("a response");
}

/* ---------------------------------------------------------------------- */
/* McpHttpOutgoing                                                        */

McpHttpOutgoing *
_mcp_http_outgoing_ref (McpHttpOutgoing *out)
{
  g_ref_count_inc (&out->ref_count);
  return out;
}

void
_mcp_http_outgoing_unref (McpHttpOutgoing *out)
{
  if (!g_ref_count_dec (&out->ref_count))
    return;

  g_assert (out->task == NULL);
  g_assert (out->cancel_idle_id == 0);
  g_assert (out->resume_timer_id == 0);

  if (out->self != NULL)
    g_hash_table_remove (out->self->outgoings, out);
  if (out->user_cancellable != NULL)
    g_cancellable_disconnect (out->user_cancellable, out->user_cancel_id);
  g_clear_object (&out->user_cancellable);
  g_clear_pointer (&out->body, g_bytes_unref);
  g_clear_pointer (&out->method, g_free);
  g_clear_pointer (&out->id_key, g_free);
  g_clear_pointer (&out->last_event_id, g_free);
  g_clear_pointer (&out->era_version, g_free);
  g_clear_pointer (&out->call_name, g_free);
  g_clear_pointer (&out->param_headers, g_ptr_array_unref);
  g_free (out);
}

McpHttpOutgoing *
_mcp_http_outgoing_new (McpHttpTransport *self,
                        GBytes           *body,
                        const char       *method,
                        const char       *id_key)
{
  McpHttpOutgoing *out = g_new0 (McpHttpOutgoing, 1);

  g_ref_count_init (&out->ref_count);
  out->self = self;
  out->body = g_bytes_ref (body);
  out->method = g_strdup (method);
  out->id_key = g_strdup (id_key);
  g_hash_table_add (self->outgoings, out);

  return out;
}

void
_mcp_http_outgoing_stop_awaiting (McpHttpTransport *self,
                                  McpHttpOutgoing  *out)
{
  if (self != NULL && out->id_key != NULL &&
      g_hash_table_lookup (self->awaiting, out->id_key) == out)
    g_hash_table_remove (self->awaiting, out->id_key);
}

/* The send completed: the message reached the server. */
void
_mcp_http_outgoing_succeed (McpHttpOutgoing *out)
{
  g_autoptr(GTask) task = g_steal_pointer (&out->task);

  if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

/* ---------------------------------------------------------------------- */
/* Cancellation by the caller                                             */

/* The caller gave up on @out: stop waiting for its answer and close its
 * stream, so the server sees the client go. */
void
_mcp_http_outgoing_abandon (McpHttpOutgoing *out)
{
  McpHttpTransport *self = out->self;
  g_autoptr(GTask) task = NULL;

  if (out->cancelled)
    return;

  task = g_steal_pointer (&out->task);
  out->cancelled = TRUE;
  _mcp_http_outgoing_stop_awaiting (self, out);
  g_clear_handle_id (&out->resume_timer_id, g_source_remove);
  if (self != NULL && g_queue_remove (&self->held, out))
    _mcp_http_outgoing_unref (out);

  if (out->exchange != NULL)
    _mcp_http_exchange_stop (out->exchange);

  if (task != NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The request was cancelled"));
}

static gboolean
on_cancel_idle (gpointer data)
{
  McpHttpOutgoing *out = data;

  out->cancel_idle_id = 0;
  _mcp_http_outgoing_abandon (out);

  return G_SOURCE_REMOVE;
}

/* A client that gives up on a request tells the server with
 * notifications/cancelled; on HTTP, that request's stream is closed too. */
void
_mcp_http_abandon_cancelled_request (McpHttpTransport *self,
                                     JsonObject       *notification)
{
  g_autofree char *key = NULL;
  JsonNode *params = json_object_get_member (notification, "params");
  McpHttpOutgoing *out;

  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    return;

  key = _mcp_http_id_key_from_node (json_object_get_member (json_node_get_object (params), "requestId"));
  if (key == NULL || (out = g_hash_table_lookup (self->awaiting, key)) == NULL)
    return;

  g_debug ("closing the stream of a cancelled request");
  _mcp_http_outgoing_ref (out);
  _mcp_http_outgoing_abandon (out);
  _mcp_http_outgoing_unref (out);
}

/* Runs inside g_cancellable_cancel(): do nothing here that could reach
 * g_cancellable_disconnect(); the work happens in an idle. */
void
_mcp_http_outgoing_user_cancelled (GCancellable *cancellable,
                                   gpointer      data)
{
  McpHttpOutgoing *out = data;

  if (out->cancel_idle_id == 0 && !out->cancelled)
    out->cancel_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, on_cancel_idle,
                                           _mcp_http_outgoing_ref (out), (GDestroyNotify)_mcp_http_outgoing_unref);
}

/* ---------------------------------------------------------------------- */
/* McpHttpExchange                                                        */

McpHttpExchange *
_mcp_http_exchange_ref (McpHttpExchange *ex)
{
  g_ref_count_inc (&ex->ref_count);
  return ex;
}

void
_mcp_http_exchange_unref (McpHttpExchange *ex)
{
  if (!g_ref_count_dec (&ex->ref_count))
    return;

  g_assert (ex->deadline_id == 0);
  g_assert (ex->send_task == NULL);

  g_clear_object (&ex->close_task);
  g_clear_object (&ex->tls_certificate);
  g_clear_pointer (&ex->out, _mcp_http_outgoing_unref);
  g_clear_object (&ex->msg);
  g_clear_object (&ex->cancellable);
  g_clear_object (&ex->input);
  g_clear_object (&ex->parser);
  g_clear_pointer (&ex->body, g_byte_array_unref);
  g_clear_pointer (&ex->buffer, g_free);
  g_free (ex);
}

static void
on_wrote_body (SoupMessage     *msg,
               McpHttpExchange *ex)
{
  ex->wrote_body = TRUE;
}

/* The handshake found the server's certificate unacceptable: it stays
 * refused (nothing is ever let through), kept only to say why. */
static gboolean
on_accept_certificate (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       McpHttpExchange      *ex)
{
  g_set_object (&ex->tls_certificate, certificate);
  ex->tls_errors = errors;

  return FALSE;
}

static void
exchange_watch_message (McpHttpExchange *ex)
{
  g_signal_connect (ex->msg, "wrote-body", G_CALLBACK (on_wrote_body), ex);
  g_signal_connect (ex->msg, "accept-certificate", G_CALLBACK (on_accept_certificate), ex);
}

McpHttpExchange *
_mcp_http_exchange_new (McpHttpTransport    *self,
                        McpHttpExchangeKind  kind,
                        McpHttpOutgoing     *out,
                        const char          *method,
                        GUri                *uri)
{
  McpHttpExchange *ex = g_new0 (McpHttpExchange, 1);
  SoupMessageHeaders *headers;

  g_ref_count_init (&ex->ref_count);
  ex->self = self;
  ex->kind = kind;
  ex->out = out != NULL ? _mcp_http_outgoing_ref (out) : NULL;
  ex->cancellable = g_cancellable_new ();
  ex->generation = self->generation;
  ex->msg = soup_message_new_from_uri (method, uri);
  soup_message_add_flags (ex->msg, SOUP_MESSAGE_NO_REDIRECT);
  exchange_watch_message (ex);

  headers = soup_message_get_request_headers (ex->msg);
  for (guint i = 0; i < self->header_names->len; i++)
    soup_message_headers_replace (headers,
                                  g_ptr_array_index (self->header_names, i),
                                  g_ptr_array_index (self->header_values, i));
  if (self->token_provider != NULL)
    {
      g_autofree char *authorization = mcp_token_provider_dup_authorization (self->token_provider);

      if (authorization != NULL)
        soup_message_headers_replace (headers, "Authorization", authorization);
    }

  g_ptr_array_add (self->exchanges, _mcp_http_exchange_ref (ex));

  return ex;
}

/* Session headers for Streamable HTTP, on everything after initialize. */
void
_mcp_http_exchange_add_session_headers (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  SoupMessageHeaders *headers = soup_message_get_request_headers (ex->msg);

  if (self->session_id != NULL)
    {
      soup_message_headers_replace (headers, "Mcp-Session-Id", self->session_id);
      ex->sent_session = TRUE;
    }
  if (self->protocol_version != NULL)
    soup_message_headers_replace (headers, "MCP-Protocol-Version", self->protocol_version);
}

static gboolean
on_exchange_deadline (gpointer data)
{
  McpHttpExchange *ex = data;

  ex->deadline_id = 0;
  ex->timed_out = TRUE;
  g_cancellable_cancel (ex->cancellable);

  return G_SOURCE_REMOVE;
}

static void
exchange_set_deadline (McpHttpExchange *ex,
                       guint            timeout_ms)
{
  g_clear_handle_id (&ex->deadline_id, g_source_remove);
  ex->deadline_ms = timeout_ms;
  if (timeout_ms > 0)
    ex->deadline_id = g_timeout_add_full (G_PRIORITY_DEFAULT, timeout_ms,
                                          on_exchange_deadline,
                                          _mcp_http_exchange_ref (ex),
                                          (GDestroyNotify)_mcp_http_exchange_unref);
}

/* Done with it: no more reads, no deadline, out of the live list. An
 * unfinished body is dropped with the connection. */
void
_mcp_http_exchange_finish (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;

  if (ex->finished)
    return;

  ex->finished = TRUE;
  g_clear_handle_id (&ex->deadline_id, g_source_remove);
  g_clear_object (&ex->input);
  g_clear_pointer (&ex->buffer, g_free);

  if (ex->out != NULL && ex->out->exchange == ex)
    ex->out->exchange = NULL;

  /* Callbacks still due find a finished exchange and stop there. */
  ex->self = NULL;
  if (self != NULL)
    {
      if (self->stream == ex)
        self->stream = NULL;
      if (g_ptr_array_remove_fast (self->exchanges, ex))
        _mcp_http_exchange_unref (ex);
    }
}

void
_mcp_http_exchange_stop (McpHttpExchange *ex)
{
  ex->stopping = TRUE;
  g_cancellable_cancel (ex->cancellable);
}

/* The same request again, to where a redirect within the origin points. */
static void
exchange_follow (McpHttpExchange *ex,
                 GUri            *target)
{
  GBytes *body = ex->kind == MCP_HTTP_EXCHANGE_POST ? ex->out->body : NULL;
  g_autoptr(SoupMessage) next = mcp_http_redirect_message_new (ex->msg, target, body);
  g_autofree char *text = g_uri_to_string (target);
  g_autofree char *shown = mcp_url_mask (text);

  /* Said once: a server that moved says so on every request. */
  if (!ex->self->redirect_said)
    _mcp_transport_emit_event (MCP_TRANSPORT (ex->self),
                               _("The server redirects (HTTP %u) to %s; following (that URL may be the one to use)"),
                               soup_message_get_status (ex->msg), shown);
  ex->self->redirect_said = TRUE;

  g_signal_handlers_disconnect_by_data (ex->msg, ex);
  g_set_object (&ex->msg, next);
  exchange_watch_message (ex);
  ex->wrote_body = FALSE;
  ex->redirects++;
}

static void
on_exchange_sent (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(GTask) task = g_steal_pointer (&ex->send_task);
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) target = NULL;
  McpHttpTransport *self = ex->self;

  input = soup_session_send_finish (SOUP_SESSION (source), result, &error);

  if (input != NULL && self != NULL && !ex->finished)
    {
      switch (mcp_http_redirect_check (ex->msg, self->uri, self->url, ex->redirects, &target, &error))
        {
        case MCP_HTTP_REDIRECT_FOLLOW:
          /* The body of the redirect goes with its connection. */
          g_clear_object (&input);
          exchange_follow (ex, target);
          ex->send_task = g_steal_pointer (&task);
          soup_session_send_async (self->session, ex->msg, G_PRIORITY_DEFAULT,
                                   ex->cancellable, on_exchange_sent, _mcp_http_exchange_ref (ex));
          return;

        case MCP_HTTP_REDIRECT_REFUSE:
          g_clear_object (&input);
          break;

        case MCP_HTTP_REDIRECT_NONE:
        default:
          break;
        }
    }

  if (input == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_steal_pointer (&input), g_object_unref);
}

/* Sends the request; @callback gets the response, once redirects are
 * followed, from _mcp_http_exchange_send_finish(). */
void
_mcp_http_exchange_send (McpHttpExchange     *ex,
                         guint                timeout_ms,
                         GAsyncReadyCallback  callback)
{
  McpHttpTransport *self = ex->self;

  g_assert (ex->send_task == NULL);

  exchange_set_deadline (ex, timeout_ms);
  ex->send_task = g_task_new (NULL, NULL, callback, _mcp_http_exchange_ref (ex));
  soup_session_send_async (self->session, ex->msg, G_PRIORITY_DEFAULT,
                           ex->cancellable, on_exchange_sent, _mcp_http_exchange_ref (ex));
}

GInputStream *
_mcp_http_exchange_send_finish (GAsyncResult  *result,
                                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * _mcp_http_exchange_sent:
 * @ex: the exchange of a callback of _mcp_http_exchange_send()
 * @result: the result the callback was given
 * @self: (out): a reference on the transport, if it is still there
 * @error: (out): why there is no response
 *
 * Finishes the send, for its callback: the response, once its headers
 * came, is @ex's input; without one, @error says why.
 *
 * Returns: %FALSE if the exchange no longer matters (its transport is
 *   gone, or it finished): the callback stops there
 */
gboolean
_mcp_http_exchange_sent (McpHttpExchange   *ex,
                         GAsyncResult      *result,
                         McpHttpTransport **self,
                         GError           **error)
{
  g_autoptr(GInputStream) input = _mcp_http_exchange_send_finish (result, error);

  *self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  if (*self == NULL || ex->finished)
    return FALSE;

  g_assert (ex->input == NULL);
  ex->input = g_steal_pointer (&input);

  return TRUE;
}

/* The error for a request that did not get its answer headers. */
GError *
_mcp_http_exchange_send_error (McpHttpExchange *ex,
                               const GError    *error)
{
  McpHttpTransport *self = ex->self;
  const char *name = ex->out != NULL ? _mcp_http_outgoing_name (ex->out) : soup_message_get_method (ex->msg);
  g_autofree char *url = describe_url (soup_message_get_uri (ex->msg));

  if (ex->timed_out)
    {
      if (!ex->wrote_body)
        return g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                            _("Could not send “%s” to %s within %.1f s"),
                            name, url, ex->deadline_ms / 1000.0);
      return g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                          _("The server did not answer “%s” within %.1f s"),
                          name, ex->deadline_ms / 1000.0);
    }

  /* A redirect that was not followed says why itself. */
  if (error->domain == MCP_ERROR)
    return g_error_copy (error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (self != NULL && self->closing)
        return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                            _("The connection to the server was closed before it answered “%s”"),
                            name);
      return g_error_copy (error);
    }

  /* GLib's message is the same whatever was wrong with the certificate. */
  if (g_error_matches (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE) && ex->tls_errors != 0)
    {
      g_autofree char *reason = mcp_tls_describe_refusal (ex->tls_certificate, ex->tls_errors,
                                                          g_uri_get_host (soup_message_get_uri (ex->msg)));

      return g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                          _("Could not reach the server at %s: %s"), url, reason);
    }

  if (!ex->wrote_body)
    return g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                        _("Could not reach the server at %s: %s"), url, error->message);

  return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                      _("The connection broke before the server answered “%s”: %s"),
                      name, error->message);
}

GError *
_mcp_http_exchange_status_error (McpHttpExchange *ex,
                                 const char      *detail)
{
  guint status = soup_message_get_status (ex->msg);
  const char *name = ex->out != NULL ? _mcp_http_outgoing_name (ex->out) : soup_message_get_method (ex->msg);
  g_autofree char *url = describe_url (soup_message_get_uri (ex->msg));
  GString *message = g_string_new (NULL);

  /* Translators: The server at https://example.com/mcp answered “initialize” with HTTP 401 Unauthorized */
  g_string_append_printf (message, _("The server at %s answered “%s” with HTTP %u %s"),
                          url, name, status, _mcp_http_reason_phrase (ex->msg));
  if (detail != NULL)
    g_string_append_printf (message, ": %s", detail);
  if (status == SOUP_STATUS_UNAUTHORIZED || status == SOUP_STATUS_FORBIDDEN)
    g_string_append_printf (message, " (%s)",
                            _("the server wants authorization: check the Authorization header"));

  {
    g_autofree char *text = g_string_free (message, FALSE);

    /* A 401 keeps its status in the code: the layer that knows which
     * credentials were configured can say which one was refused. */
    return g_error_new_literal (MCP_ERROR,
                                status == SOUP_STATUS_UNAUTHORIZED ? MCP_ERROR_UNAUTHORIZED : MCP_ERROR_HTTP_STATUS,
                                text);
  }
}

/* ---------------------------------------------------------------------- */
/* Reading bodies                                                         */

static void on_body_read (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data);

void
_mcp_http_exchange_read_more (McpHttpExchange     *ex,
                              GAsyncReadyCallback  callback)
{
  if (ex->buffer == NULL)
    ex->buffer = g_malloc (MCP_HTTP_READ_BUFFER_SIZE);

  g_input_stream_read_async (ex->input, ex->buffer, MCP_HTTP_READ_BUFFER_SIZE,
                             G_PRIORITY_DEFAULT, ex->cancellable,
                             callback, _mcp_http_exchange_ref (ex));
}

/* Reads the whole body (a JSON reply or an error text) into ex->body, up to
 * @limit bytes: beyond it, an error, or with @truncate the body so far. */
void
_mcp_http_exchange_read_body (McpHttpExchange *ex,
                              gsize            limit,
                              gboolean         truncate,
                              McpHttpBodyDone  done)
{
  goffset length = soup_message_headers_get_content_length (soup_message_get_response_headers (ex->msg));

  ex->body = g_byte_array_sized_new (length > 0 && (gsize)length <= limit ? (guint)length : 0);
  ex->body_limit = limit;
  ex->truncate_body = truncate;
  ex->body_done = done;
  _mcp_http_exchange_read_more (ex, on_body_read);
}

static void
on_body_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (self == NULL || ex->finished)
    return;

  if (n < 0)
    {
      g_autoptr(GError) send_error = _mcp_http_exchange_send_error (ex, error);

      ex->body_done (ex, send_error);
      return;
    }

  if (n == 0)
    {
      ex->body_done (ex, NULL);
      return;
    }

  if (ex->body->len + (gsize)n > ex->body_limit)
    {
      g_autoptr(GError) too_large = NULL;

      if (ex->truncate_body)
        {
          g_byte_array_append (ex->body, ex->buffer, ex->body_limit - ex->body->len);
          ex->body_done (ex, NULL);
          return;
        }

      /* Translators: the first %s is the request (such as “tools/call”),
       * %lu the limit in bytes. */
      too_large = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                               g_dngettext (GETTEXT_PACKAGE,
                                            "The server's reply to “%s” is larger than the limit of %lu byte",
                                            "The server's reply to “%s” is larger than the limit of %lu bytes",
                                            ex->body_limit),
                               ex->out != NULL ? _mcp_http_outgoing_name (ex->out) : "?",
                               (unsigned long)ex->body_limit);
      ex->body_done (ex, too_large);
      return;
    }

  g_byte_array_append (ex->body, ex->buffer, n);
  _mcp_http_exchange_read_more (ex, on_body_read);
}
