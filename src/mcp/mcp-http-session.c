/* mcp-http-session.c — McpHttpTransport: the session
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

/* The session with a Streamable HTTP (or legacy HTTP+SSE) server: each
 * message POSTed, its answer matched by id on whatever stream carries it;
 * a new session, with initialize and initialized sent again, when the
 * server says the old one expired; the fallback from Streamable HTTP to
 * legacy HTTP+SSE; and the end of it all, which fails whatever is in
 * flight with its reason.
 *
 * Sending completes when the POST is answered: for a JSON reply once the
 * body is read and emitted, for an SSE reply at the headers (the stream is
 * then read on, mcp-http-stream.c), for a notification at any 2xx. Messages
 * wait in self->held while there is no session to send them in: the first
 * `initialize` is unanswered, a new session is being started after the old
 * one expired, or the legacy SSE stream has not named its endpoint yet. */

#define ERROR_BODY_LIMIT (16 * 1024)

static void flush_held    (McpHttpTransport *self);
static void reinit_failed (McpHttpTransport *self,
                           const GError     *error);

guint _mcp_http_session_renewed_signal;

/* The message could not be delivered, or its answer is lost. */
void
_mcp_http_outgoing_fail (McpHttpOutgoing *out,
                         const GError    *error)
{
  McpHttpTransport *self = out->self;
  g_autoptr(GTask) task = g_steal_pointer (&out->task);

  _mcp_http_outgoing_stop_awaiting (self, out);
  g_clear_handle_id (&out->resume_timer_id, g_source_remove);

  if (out->internal && self != NULL && self->reinitializing)
    {
      reinit_failed (self, error);
      return;
    }

  if (task != NULL)
    g_task_return_error (task, g_error_copy (error));

  /* An initialize that never reached the server, or whose connection
   * broke, leaves no session to speak of: the transport closes, and says
   * why. (An HTTP status or a JSON-RPC error is the client's to judge.) */
  if (self != NULL && !out->internal && !self->closing &&
      g_strcmp0 (out->method, "initialize") == 0 &&
      (g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT) ||
       g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED)))
    {
      _mcp_http_close_with_error (self, error);
      return;
    }

  /* Without an initialize answer, what waits for it goes out as it is. */
  if (self != NULL && !out->internal && self->awaiting_initialize &&
      g_strcmp0 (out->method, "initialize") == 0)
    {
      self->awaiting_initialize = FALSE;
      flush_held (self);
    }
  else if (self != NULL && !out->internal && self->awaiting_initialized &&
           g_strcmp0 (out->method, "notifications/initialized") == 0)
    {
      self->awaiting_initialized = FALSE;
      flush_held (self);
    }
}

/* ---------------------------------------------------------------------- */
/* Closing                                                                */

/* Completes a pending legacy open_async(), with @error or success. */
static void
finish_open (McpHttpTransport *self,
             const GError     *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->open_task);

  if (self->open_cancellable != NULL)
    g_cancellable_disconnect (self->open_cancellable, self->open_cancel_id);
  self->open_cancel_id = 0;
  g_clear_object (&self->open_cancellable);

  if (task == NULL)
    return;

  if (error != NULL)
    g_task_return_error (task, g_error_copy (error));
  else
    {
      self->opened = TRUE;
      g_task_return_boolean (task, TRUE);
    }
}

void
_mcp_http_fail_everything (McpHttpTransport *self,
                           const GError     *error)
{
  g_autoptr(GPtrArray) exchanges = NULL;
  g_autoptr(GList) awaiting = NULL;
  McpHttpOutgoing *out;

  g_clear_handle_id (&self->stream_timer_id, g_source_remove);
  self->reinitializing = FALSE;
  self->legacy_connecting = FALSE;

  while ((out = g_queue_pop_head (&self->held)) != NULL)
    {
      _mcp_http_outgoing_fail (out, error);
      _mcp_http_outgoing_unref (out);
    }

  if (self->fallback_init != NULL)
    {
      out = g_steal_pointer (&self->fallback_init);
      _mcp_http_outgoing_fail (out, error);
      _mcp_http_outgoing_unref (out);
    }

  awaiting = g_hash_table_get_values (self->awaiting);
  for (GList *l = awaiting; l != NULL; l = l->next)
    _mcp_http_outgoing_ref (l->data);
  g_hash_table_remove_all (self->awaiting);
  for (GList *l = awaiting; l != NULL; l = l->next)
    {
      _mcp_http_outgoing_fail (l->data, error);
      _mcp_http_outgoing_unref (l->data);
    }

  /* Cancelling may call back at once: work on a copy. */
  exchanges = g_ptr_array_new_with_free_func ((GDestroyNotify)_mcp_http_exchange_unref);
  for (guint i = 0; i < self->exchanges->len; i++)
    g_ptr_array_add (exchanges, _mcp_http_exchange_ref (g_ptr_array_index (self->exchanges, i)));
  for (guint i = 0; i < exchanges->len; i++)
    {
      McpHttpExchange *ex = g_ptr_array_index (exchanges, i);

      if (ex->kind == MCP_HTTP_EXCHANGE_DELETE)
        continue;
      if (ex->out != NULL)
        {
          g_clear_handle_id (&ex->out->resume_timer_id, g_source_remove);
          _mcp_http_outgoing_fail (ex->out, error);
        }
      _mcp_http_exchange_stop (ex);
    }

  finish_open (self, error);
}

void
_mcp_http_close_with_error (McpHttpTransport *self,
                            const GError     *error)
{
  if (mcp_transport_is_closed (MCP_TRANSPORT (self)))
    return;

  g_debug ("closing: %s", error != NULL ? error->message : "by request");
  self->closing = TRUE;
  _mcp_http_fail_everything (self, error);
  _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
}

/* ---------------------------------------------------------------------- */
/* Answers                                                                */

static void
reinit_done (McpHttpTransport *self)
{
  self->reinitializing = FALSE;
  self->generation++;
  _mcp_transport_emit_event (MCP_TRANSPORT (self), _("A new session with the server started"));
  _mcp_http_open_stream (self);
  flush_held (self);
  g_signal_emit (self, _mcp_http_session_renewed_signal, 0);
}

static void
reinit_failed (McpHttpTransport *self,
               const GError     *error)
{
  g_autoptr(GError) expired = NULL;

  if (!self->reinitializing)
    return;

  self->reinitializing = FALSE;
  expired = g_error_new (MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
                         _("The server ended the session, and starting a new one failed: %s"),
                         error->message);
  _mcp_http_close_with_error (self, expired);
}

static void
reinit_on_answer (McpHttpTransport *self,
                  JsonObject       *answer)
{
  g_autoptr(McpHttpOutgoing) initialized = NULL;

  if (json_object_has_member (answer, "error"))
    {
      g_autofree char *detail = NULL;
      g_autoptr(GError) error = NULL;
      JsonNode *node = json_object_get_member (answer, "error");

      if (JSON_NODE_HOLDS_OBJECT (node))
        detail = g_strdup (json_object_get_string_member_with_default (json_node_get_object (node),
                                                                        "message", NULL));
      error = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("the server refused the new initialize: %s"),
                           detail != NULL ? detail : _("no reason given"));
      reinit_failed (self, error);
      return;
    }

  if (self->initialized_body == NULL)
    {
      reinit_done (self);
      return;
    }

  initialized = _mcp_http_outgoing_new (self, self->initialized_body, "notifications/initialized", NULL);
  initialized->internal = TRUE;
  _mcp_http_dispatch_post (self, initialized);
}

static void
on_initialize_answer (McpHttpTransport *self,
                      JsonObject       *answer)
{
  JsonNode *result = json_object_get_member (answer, "result");

  if (result != NULL && JSON_NODE_HOLDS_OBJECT (result))
    {
      const char *version = json_object_get_string_member_with_default (json_node_get_object (result),
                                                                         "protocolVersion", NULL);

      if (version != NULL && _mcp_http_session_id_is_valid (version) &&
          g_strcmp0 (version, self->protocol_version) != 0)
        {
          g_free (self->protocol_version);
          self->protocol_version = g_strdup (version);
          g_object_notify (G_OBJECT (self), "protocol-version");
        }
    }

  if (self->reinitializing)
    {
      /* The client knows nothing of this session: keep the answer. */
      g_signal_stop_emission_by_name (self, "message-received");
      reinit_on_answer (self, answer);
      return;
    }

  if (self->awaiting_initialize)
    {
      self->awaiting_initialize = FALSE;
      flush_held (self);
    }
}

/* Runs first on every message this transport emits: routes answers by id,
 * whatever stream carried them, and learns the negotiated version. */
void
_mcp_http_on_message_received (McpTransport *transport,
                               JsonNode     *message,
                               gpointer      user_data)
{
  McpHttpTransport *self = (McpHttpTransport *)transport;
  g_autofree char *key = NULL;
  JsonObject *object;
  McpHttpOutgoing *out;

  if (!JSON_NODE_HOLDS_OBJECT (message))
    return;

  object = json_node_get_object (message);
  if (json_object_has_member (object, "method"))
    return;

  key = _mcp_http_id_key_from_node (json_object_get_member (object, "id"));
  if (key == NULL)
    return;

  out = g_hash_table_lookup (self->awaiting, key);
  if (out != NULL)
    {
      out->answered = TRUE;
      g_hash_table_remove (self->awaiting, key);
    }

  if (self->initialize_id != NULL && strcmp (key, self->initialize_id) == 0 &&
      (self->awaiting_initialize || self->reinitializing))
    on_initialize_answer (self, object);
}

/* ---------------------------------------------------------------------- */
/* What the lower layers hand up                                          */

static void
hook_legacy_connected (McpHttpTransport *self)
{
  g_autoptr(McpHttpOutgoing) init = g_steal_pointer (&self->fallback_init);

  if (self->detected_mode != MCP_HTTP_MODE_LEGACY_SSE)
    {
      self->detected_mode = MCP_HTTP_MODE_LEGACY_SSE;
      g_object_notify (G_OBJECT (self), "detected-mode");
    }
  _mcp_transport_emit_event (MCP_TRANSPORT (self), _("Connected with the legacy HTTP+SSE transport"));

  finish_open (self, NULL);

  if (init != NULL)
    _mcp_http_dispatch_post (self, init);

  flush_held (self);
}

static void
hook_legacy_failed (McpHttpTransport *self,
                    const GError     *error)
{
  g_autoptr(McpHttpOutgoing) init = g_steal_pointer (&self->fallback_init);

  if (init != NULL)
    _mcp_http_outgoing_fail (init, error);

  _mcp_http_close_with_error (self, error);
}

const McpHttpTransportHooks _mcp_http_session_hooks = {
  .close = _mcp_http_close_with_error,
  .legacy_connected = hook_legacy_connected,
  .legacy_failed = hook_legacy_failed,
};

/* ---------------------------------------------------------------------- */
/* POST                                                                   */

static void
start_reinit (McpHttpTransport *self,
              guint             status)
{
  g_autoptr(McpHttpOutgoing) init = NULL;

  if (self->initialize_body == NULL)
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
                                             _("The server ended the session (HTTP %u)"), status);
      _mcp_http_close_with_error (self, error);
      return;
    }

  self->reinitializing = TRUE;
  g_clear_pointer (&self->session_id, g_free);
  if (self->stream != NULL)
    _mcp_http_exchange_stop (self->stream);
  g_clear_handle_id (&self->stream_timer_id, g_source_remove);
  self->stream_attempts = 0;
  g_clear_pointer (&self->stream_last_event_id, g_free);

  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             _("The server ended the session (HTTP %u); starting a new one and sending the request again"),
                             status);

  init = _mcp_http_outgoing_new (self, self->initialize_body, "initialize", self->initialize_id);
  init->internal = TRUE;
  _mcp_http_dispatch_post (self, init);
}

static void
handle_expiry (McpHttpTransport *self,
               McpHttpExchange  *ex)
{
  McpHttpOutgoing *out = ex->out;
  guint status = soup_message_get_status (ex->msg);

  if (out->internal)
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
                                             _("the server answered HTTP %u"), status);
      reinit_failed (self, error);
      return;
    }

  if (out->retried)
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
                                             _("The server ended the session again (HTTP %u) right after a new one started; “%s” was not sent again"),
                                             status, _mcp_http_outgoing_name (out));
      _mcp_http_outgoing_fail (out, error);
      return;
    }

  out->retried = TRUE;

  /* A new session started since this was sent: just send it again. */
  if (ex->generation != self->generation && !self->reinitializing)
    {
      _mcp_http_dispatch_post (self, out);
      return;
    }

  g_queue_push_tail (&self->held, _mcp_http_outgoing_ref (out));
  if (!self->reinitializing)
    start_reinit (self, status);
}

static gboolean
body_says_no_valid_session (GByteArray *body)
{
  g_autofree char *text = NULL;
  g_autofree char *folded = NULL;

  if (body == NULL || body->len == 0)
    return FALSE;

  text = g_utf8_make_valid ((const char *)body->data, body->len);
  folded = g_utf8_casefold (text, -1);

  return strstr (folded, "no valid session") != NULL;
}

typedef struct
{
  McpHttpOutgoing *out;
  GError          *status_error;  /* if the provider does not take it */
} AuthRound;

static void
auth_round_free (AuthRound *round)
{
  _mcp_http_outgoing_unref (round->out);
  g_clear_error (&round->status_error);
  g_free (round);
}

static void
on_token_provider_answered (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  AuthRound *round = user_data;
  McpHttpOutgoing *out = round->out;
  McpHttpTransport *self = out->self;
  g_autoptr(GError) error = NULL;
  gboolean again;

  again = mcp_token_provider_challenge_finish (MCP_TOKEN_PROVIDER (source), result, &error);

  /* Closed, cancelled or failed meanwhile: nothing is left to send. */
  if (self == NULL || self->closing || out->task == NULL || out->cancelled)
    {
      auth_round_free (round);
      return;
    }

  if (again)
    _mcp_http_dispatch_post (self, out);
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Never reached the server's method: the provider's reason, as the
       * protocol's own error */
      g_autoptr(GError) refused = g_error_new_literal (MCP_ERROR, MCP_ERROR_AUTHORIZATION, error->message);

      _mcp_http_outgoing_fail (out, refused);
    }
  else
    _mcp_http_outgoing_fail (out, round->status_error);
  auth_round_free (round);
}

/* A 401 or 403: the token provider may refresh, sign in or step up, and
 * then the message goes again. It never reached the server's method, so
 * sending it again is safe, whatever it is. */
static void
ask_token_provider (McpHttpTransport *self,
                    McpHttpExchange  *ex,
                    const char       *detail)
{
  SoupMessageHeaders *headers = soup_message_get_response_headers (ex->msg);
  g_autofree char *challenge = g_strdup (soup_message_headers_get_list (headers, "WWW-Authenticate"));
  guint status = soup_message_get_status (ex->msg);
  AuthRound *round = g_new0 (AuthRound, 1);

  round->out = _mcp_http_outgoing_ref (ex->out);
  round->status_error = _mcp_http_exchange_status_error (ex, detail);
  round->out->auth_rounds++;
  _mcp_http_exchange_finish (ex);

  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             _("The server asks for authorization (HTTP %u) for “%s”"),
                             status, _mcp_http_outgoing_name (round->out));
  mcp_token_provider_challenge_async (self->token_provider, status, challenge, self->auth_cancellable,
                                      on_token_provider_answered, round);
}

static void
on_error_body (McpHttpExchange *ex,
               const GError    *error)
{
  McpHttpTransport *self = ex->self;
  McpHttpOutgoing *out = ex->out;
  guint status = soup_message_get_status (ex->msg);
  g_autofree char *detail = NULL;
  g_autoptr(GError) status_error = NULL;
  gboolean legacy = self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE;

  if (!legacy && ex->sent_session &&
      (status == SOUP_STATUS_NOT_FOUND ||
       (status == SOUP_STATUS_BAD_REQUEST && body_says_no_valid_session (ex->body))))
    {
      _mcp_http_exchange_finish (ex);
      handle_expiry (self, ex);
      return;
    }

  detail = ex->body != NULL ? _mcp_http_summarize_body (ex->body->data, ex->body->len) : NULL;

  if ((status == SOUP_STATUS_UNAUTHORIZED || status == SOUP_STATUS_FORBIDDEN) &&
      self->token_provider != NULL && out->auth_rounds < MCP_HTTP_MAX_AUTH_ROUNDS)
    {
      ask_token_provider (self, ex, detail);
      return;
    }

  if (!legacy && !out->internal && self->mode == MCP_HTTP_MODE_AUTO &&
      self->detected_mode == MCP_HTTP_MODE_AUTO && g_strcmp0 (out->method, "initialize") == 0 &&
      (status == SOUP_STATUS_BAD_REQUEST || status == SOUP_STATUS_NOT_FOUND ||
       status == SOUP_STATUS_METHOD_NOT_ALLOWED))
    {
      _mcp_http_exchange_finish (ex);
      g_free (self->fallback_reason);
      self->fallback_reason = g_strdup_printf ("HTTP %u %s%s%s", status, _mcp_http_reason_phrase (ex->msg),
                                               detail != NULL ? ": " : "", detail != NULL ? detail : "");
      _mcp_transport_emit_event (MCP_TRANSPORT (self),
                                 _("The server answered the initialize request with HTTP %u; trying the legacy HTTP+SSE transport"),
                                 status);
      g_clear_pointer (&self->fallback_init, _mcp_http_outgoing_unref);
      self->fallback_init = _mcp_http_outgoing_ref (out);
      _mcp_http_legacy_connect (self);
      return;
    }

  /* A JSON-RPC error for this very request goes to the client as such. */
  if (ex->body != NULL && ex->body->len > 0 && out->id_key != NULL && !out->internal)
    {
      g_autoptr(JsonParser) parser = json_parser_new_immutable ();

      if (json_parser_load_from_data (parser, (const char *)ex->body->data, ex->body->len, NULL) &&
          JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          JsonObject *object = json_node_get_object (json_parser_get_root (parser));
          g_autofree char *key = _mcp_http_id_key_from_node (json_object_get_member (object, "id"));

          if (key != NULL && strcmp (key, out->id_key) == 0 && json_object_has_member (object, "error"))
            _mcp_transport_emit_message (MCP_TRANSPORT (self), json_parser_get_root (parser));
        }
    }

  status_error = _mcp_http_exchange_status_error (ex, detail);

  /* An older server refuses the probe of the protocol's era with a 4xx:
   * said apart from a failing server (5xx) and from a sign-in (401/403). */
  if (g_strcmp0 (out->method, "server/discover") == 0 &&
      status >= 400 && status < 500 && status != SOUP_STATUS_UNAUTHORIZED && status != SOUP_STATUS_FORBIDDEN)
    status_error->code = MCP_ERROR_PROBE_REFUSED;

  _mcp_http_exchange_finish (ex);
  _mcp_http_outgoing_fail (out, status_error);
}

static void
on_json_body (McpHttpExchange *ex,
              const GError    *error)
{
  McpHttpTransport *self = ex->self;
  McpHttpOutgoing *out = ex->out;
  g_autoptr(GError) failure = NULL;
  gboolean emitted;
  gboolean utf8;

  if (error != NULL)
    {
      _mcp_http_exchange_finish (ex);
      _mcp_http_outgoing_fail (out, error);
      return;
    }

  emitted = _mcp_transport_handle_text (MCP_TRANSPORT (self), (const char *)ex->body->data, ex->body->len);
  utf8 = emitted || g_utf8_validate_len ((const char *)ex->body->data, ex->body->len, NULL);
  _mcp_http_exchange_finish (ex);

  if (out->answered || self->closing)
    {
      _mcp_http_outgoing_succeed (out);
      return;
    }

  if (!utf8)
    failure = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("The server's reply to “%s” is not valid UTF-8"),
                           _mcp_http_outgoing_name (out));
  else if (!emitted)
    failure = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("The server's reply to “%s” is not a JSON-RPC message"),
                           _mcp_http_outgoing_name (out));
  else
    failure = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                           _("The server's reply to “%s” does not answer it"),
                           _mcp_http_outgoing_name (out));
  _mcp_http_outgoing_fail (out, failure);
}

static void
capture_session (McpHttpTransport *self,
                 McpHttpExchange  *ex)
{
  const char *id = soup_message_headers_get_one (soup_message_get_response_headers (ex->msg), "Mcp-Session-Id");

  if (id != NULL && _mcp_http_session_id_is_valid (id))
    {
      g_free (self->session_id);
      self->session_id = g_strdup (id);
    }
  else if (id != NULL)
    _mcp_transport_emit_event (MCP_TRANSPORT (self),
                               _("The server sent a session id with characters that are not allowed; ignoring it"));

  if (self->detected_mode == MCP_HTTP_MODE_AUTO)
    {
      self->detected_mode = MCP_HTTP_MODE_STREAMABLE_HTTP;
      g_object_notify (G_OBJECT (self), "detected-mode");
    }
}

static void
on_post_answered (McpHttpExchange *ex)
{
  McpHttpTransport *self = ex->self;
  McpHttpOutgoing *out = ex->out;
  const char *type;

  if (self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE)
    {
      /* Answers come on the event stream. */
      _mcp_http_exchange_finish (ex);
      _mcp_http_outgoing_succeed (out);
      if (!out->internal && self->awaiting_initialized &&
          g_strcmp0 (out->method, "notifications/initialized") == 0)
        {
          self->awaiting_initialized = FALSE;
          flush_held (self);
        }
      return;
    }

  if (g_strcmp0 (out->method, "initialize") == 0)
    capture_session (self, ex);

  if (out->id_key == NULL)
    {
      gboolean initialized = g_strcmp0 (out->method, "notifications/initialized") == 0;

      _mcp_http_exchange_finish (ex);
      _mcp_http_outgoing_succeed (out);
      if (initialized)
        {
          self->want_stream = TRUE;
          if (out->internal)
            reinit_done (self);
          else
            {
              /* The GET stream goes out before the requests that waited,
               * so what the server sends about them has a way to come. */
              _mcp_http_open_stream (self);
              self->awaiting_initialized = FALSE;
              flush_held (self);
            }
        }
      return;
    }

  /* Not what the spec says for a request, but the answer can still come on
   * another stream: it is routed by id. */
  if (soup_message_get_status (ex->msg) == SOUP_STATUS_ACCEPTED)
    {
      g_debug ("a request was answered 202; waiting for its answer on another stream");
      _mcp_http_exchange_finish (ex);
      _mcp_http_outgoing_succeed (out);
      return;
    }

  if (_mcp_http_media_type_is (ex->msg, "application/json"))
    {
      _mcp_http_exchange_read_body (ex, mcp_transport_get_max_message_size (MCP_TRANSPORT (self)), FALSE,
                                    on_json_body);
      return;
    }

  if (_mcp_http_media_type_is (ex->msg, "text/event-stream"))
    {
      g_clear_handle_id (&ex->deadline_id, g_source_remove);
      _mcp_http_outgoing_succeed (out);
      _mcp_http_exchange_read_stream (ex);
      return;
    }

  type = soup_message_headers_get_content_type (soup_message_get_response_headers (ex->msg), NULL);
  {
    g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           _("The server answered “%s” with content type “%s”, not JSON or an event stream"),
                                           _mcp_http_outgoing_name (out), type != NULL ? type : _("none"));
    _mcp_http_exchange_finish (ex);
    _mcp_http_outgoing_fail (out, error);
  }
}

static void
on_post_sent (GObject      *source,
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
      g_autoptr(GError) send_error = _mcp_http_exchange_send_error (ex, error);
      gboolean unreachable = !ex->timed_out && _mcp_http_error_is_unreachable (error);

      _mcp_http_exchange_finish (ex);
      if (!out->cancelled)
        _mcp_http_outgoing_fail (out, send_error);
      if (unreachable)
        _mcp_http_close_with_error (self, send_error);
      return;
    }

  if (!_mcp_http_status_is_success (soup_message_get_status (ex->msg)))
    {
      _mcp_http_exchange_read_body (ex, ERROR_BODY_LIMIT, TRUE, on_error_body);
      return;
    }

  on_post_answered (ex);
}

void
_mcp_http_dispatch_post (McpHttpTransport *self,
                         McpHttpOutgoing  *out)
{
  g_autoptr(McpHttpExchange) ex = NULL;
  gboolean legacy = self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE;
  SoupMessageHeaders *headers;

  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_POST, out, SOUP_METHOD_POST,
                               legacy ? self->endpoint : self->uri);
  headers = soup_message_get_request_headers (ex->msg);
  soup_message_set_request_body_from_bytes (ex->msg, "application/json", out->body);
  soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");

  if (out->era_version != NULL && !legacy)
    _mcp_http_exchange_add_era_headers (ex);
  else if (!legacy && g_strcmp0 (out->method, "initialize") != 0)
    _mcp_http_exchange_add_session_headers (ex);

  /* libsoup reuses a connection for a POST only when it may send it twice. */
  if (out->flags & MCP_SEND_FLAGS_IDEMPOTENT)
    soup_message_add_flags (ex->msg, SOUP_MESSAGE_IDEMPOTENT);

  if (out->id_key != NULL)
    g_hash_table_replace (self->awaiting, g_strdup (out->id_key), _mcp_http_outgoing_ref (out));

  out->exchange = ex;
  _mcp_http_exchange_send (ex, self->request_timeout_ms, on_post_sent);
}

gboolean
_mcp_http_is_gated (McpHttpTransport *self)
{
  return self->awaiting_initialize || self->awaiting_initialized ||
         self->reinitializing || self->legacy_connecting;
}

static void
flush_held (McpHttpTransport *self)
{
  while (!_mcp_http_is_gated (self) && !self->closing && !g_queue_is_empty (&self->held))
    {
      g_autoptr(McpHttpOutgoing) out = g_queue_pop_head (&self->held);

      if (out->cancelled)
        continue;
      _mcp_http_dispatch_post (self, out);
    }
}
