/* mcp-http-transport.c — Streamable HTTP and legacy HTTP+SSE over libsoup
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-http-transport"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mcp-error.h"
#include "mcp-http-check.h"
#include "mcp-http-redirect.h"
#include "mcp-http-transport.h"
#include "mcp-sse-parser.h"
#include "mcp-transport-private.h"
#include "mcp-url.h"

/*
 * How it works
 *
 * Every message the client sends is an McpHttpOutgoing. Every HTTP request
 * is an McpHttpExchange: the POST of a message, a GET that resumes a
 * message's stream, the GET stream for server-initiated messages, the
 * legacy SSE stream, the DELETE on close. Both are reference counted:
 * libsoup may call back long after a cancel (the request was cancelled,
 * its callback still comes), so the callbacks own them.
 *
 * Sending completes when the POST is answered: for a JSON reply once the body
 * is read and emitted, for an SSE reply at the headers (the stream is then
 * read on), for a notification at any 2xx. Answers are matched to requests by
 * id whatever stream carries them (self->awaiting). A stream that ends before
 * its answer is resumed with GET + Last-Event-ID; if it cannot be, the answer
 * is lost and the transport closes with the reason, as a broken pipe would.
 *
 * Messages wait in self->held while there is no session to send them in: the
 * first `initialize` is unanswered, a new session is being started after the
 * old one expired, or the legacy SSE stream has not named its endpoint yet.
 *
 * Deadlines are per request (g_timeout_add → cancel), never libsoup's
 * session-wide timeout, which would also kill idle event streams.
 *
 * Redirects are ours to follow, not libsoup's, which would carry the
 * configured headers to wherever the server points: every request goes out
 * with SOUP_MESSAGE_NO_REDIRECT, and a 3xx is followed or refused by the
 * rules of mcp-http-redirect.c before the request's own callback sees it.
 */

#define MAX_CONNS_PER_HOST            8
#define MAX_CONNS                     32
#define MCP_HTTP_READ_BUFFER_SIZE     (16 * 1024)
#define ERROR_BODY_LIMIT              (16 * 1024)
#define MCP_HTTP_MAX_RETRY_DELAY_MS   60000
#define MCP_HTTP_MAX_BACKOFF_DELAY_MS 30000
#define CLOSE_TIMEOUT_MS              5000
#define DEFAULT_RECONNECT_DELAY       1000
#define DEFAULT_RECONNECTS            5

typedef struct _McpHttpExchange McpHttpExchange;
typedef struct _McpHttpOutgoing McpHttpOutgoing;

typedef enum
{
  MCP_HTTP_EXCHANGE_POST,
  MCP_HTTP_EXCHANGE_RESUME,
  MCP_HTTP_EXCHANGE_GET,
  MCP_HTTP_EXCHANGE_LEGACY_GET,
  MCP_HTTP_EXCHANGE_DELETE,
} McpHttpExchangeKind;

typedef void (*McpHttpBodyDone) (McpHttpExchange *ex,
                                 const GError    *error);

/* Who handles the events and the end of a stream the stream layer does not
 * know (the legacy SSE stream): @event gets the events other than
 * "message", @ended the end of the stream (@error NULL at its end). */
typedef struct
{
  void (*event) (McpHttpExchange *ex,
                 McpSseEvent     *event);
  void (*ended) (McpHttpExchange *ex,
                 const GError    *error);
} McpHttpStreamOwner;

/* What the lower layers hand up to the transport: they never call it. */
typedef struct
{
  /* Closes the transport with @error: everything in flight fails. */
  void (*close)            (McpHttpTransport *self,
                            const GError     *error);
  /* The legacy SSE stream named its endpoint: messages may go. */
  void (*legacy_connected) (McpHttpTransport *self);
  /* The legacy SSE connection failed with @error. */
  void (*legacy_failed)    (McpHttpTransport *self,
                            const GError     *error);
} McpHttpTransportHooks;

struct _McpHttpOutgoing
{
  grefcount         ref_count;
  McpHttpTransport *self;             /* not owned, NULL after dispose */
  GBytes           *body;
  char             *method;           /* NULL for a response */
  char             *id_key;           /* a request's id, NULL otherwise */
  McpSendFlags      flags;
  GTask            *task;             /* until the send completes */
  GCancellable     *user_cancellable;
  gulong            user_cancel_id;
  guint             cancel_idle_id;
  McpHttpExchange  *exchange;         /* the live POST or resumption, not owned */
  char             *last_event_id;    /* of its stream, to resume from */
  guint             resume_attempts;
  guint             resume_timer_id;

  guint             internal : 1;     /* a replayed initialize or initialized */
  guint             retried : 1;      /* already sent again after an expiry */
  guint             answered : 1;
  guint             cancelled : 1;
};

struct _McpHttpExchange
{
  grefcount                 ref_count;
  McpHttpTransport         *self;              /* not owned, NULL after dispose */
  McpHttpExchangeKind       kind;
  McpHttpOutgoing          *out;               /* POST and RESUME */
  SoupMessage              *msg;
  GCancellable             *cancellable;
  GInputStream             *input;
  McpSseParser             *parser;
  GByteArray               *body;
  gsize                     body_limit;
  McpHttpBodyDone           body_done;
  const McpHttpStreamOwner *stream_owner;      /* handles a stream the stream layer does not */
  guint8                   *buffer;
  guint                     deadline_id;
  guint                     deadline_ms;
  guint                     generation;        /* of the session it was sent in */
  guint                     redirects;         /* followed so far */
  GTask                    *send_task;         /* until the response headers, past redirects */
  GTask                    *close_task;        /* DELETE: the close_async() it ends */

  guint                     sent_session : 1;  /* carried a session id */
  guint                     wrote_body : 1;
  guint                     timed_out : 1;
  guint                     stopping : 1;      /* cancelled on purpose */
  guint                     finished : 1;
  guint                     delivered : 1;     /* a stream dispatched a message */
  guint                     truncate_body : 1;
};

struct _McpHttpTransport
{
  McpTransport                 parent_instance;
  const McpHttpTransportHooks *hooks;

  /* Configuration */
  char                        *url;
  GUri                        *uri;
  McpHttpMode                  mode;
  GPtrArray                   *header_names;
  GPtrArray                   *header_values;
  guint                        request_timeout_ms;
  guint                        reconnect_delay_ms;
  guint                        max_reconnect_attempts;

  /* Connection */
  SoupSession                 *session;
  McpHttpMode                  detected_mode;
  char                        *session_id;
  char                        *protocol_version;
  GUri                        *endpoint;                 /* legacy: where messages are POSTed */
  guint                        generation;               /* bumped by each new session */

  /* What a new session replays */
  GBytes                      *initialize_body;
  char                        *initialize_id;
  GBytes                      *initialized_body;

  /* In flight */
  GHashTable                  *outgoings;                /* every live McpHttpOutgoing, to detach on dispose */
  GHashTable                  *awaiting;                 /* id key → McpHttpOutgoing */
  GQueue                       held;                     /* McpHttpOutgoing */
  GPtrArray                   *exchanges;                /* McpHttpExchange */
  McpHttpExchange             *stream;                   /* the GET stream, or the legacy SSE stream */
  char                        *stream_last_event_id;
  guint                        stream_attempts;
  guint                        stream_timer_id;
  gint64                       last_retry;

  GTask                       *open_task;                /* legacy SSE: until the endpoint */
  GCancellable                *open_cancellable;
  gulong                       open_cancel_id;
  McpHttpOutgoing             *fallback_init;            /* auto: initialize waiting for legacy SSE */
  char                        *fallback_reason;

  guint                        awaiting_initialize : 1;
  guint                        awaiting_initialized : 1;
  guint                        reinitializing : 1;
  guint                        legacy_connecting : 1;
  guint                        want_stream : 1;
  guint                        redirect_said : 1;
  guint                        opened : 1;
  guint                        closing : 1;
};

G_DEFINE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP_TYPE_TRANSPORT)

G_DEFINE_ENUM_TYPE (McpHttpMode, mcp_http_mode,
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_AUTO, "auto"),
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_STREAMABLE_HTTP, "http"),
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_LEGACY_SSE, "sse"))

enum {
  PROP_0,
  PROP_URL,
  PROP_MODE,
  PROP_DETECTED_MODE,
  PROP_PROTOCOL_VERSION,
  PROP_REQUEST_TIMEOUT,
  PROP_RECONNECT_DELAY,
  PROP_MAX_RECONNECT_ATTEMPTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void dispatch_post                   (McpHttpTransport *self,
                                            McpHttpOutgoing  *out);
static void flush_held                      (McpHttpTransport *self);
static void close_with_error                (McpHttpTransport *self,
                                            const GError     *error);
static void _mcp_http_open_stream           (McpHttpTransport *self);
static void _mcp_http_exchange_read_stream  (McpHttpExchange  *ex);
static void reinit_failed                   (McpHttpTransport *self,
                                            const GError     *error);
static void _mcp_http_legacy_connect        (McpHttpTransport *self);
static void _mcp_http_legacy_connect_failed (McpHttpTransport *self,
                                            const GError     *error,
                                            gboolean          maybe_streamable);

/* ---------------------------------------------------------------------- */
/* Small helpers                                                           */

/**
 * mcp_http_mode_to_string:
 * @mode: a #McpHttpMode
 *
 * Returns: the configuration name of @mode: `auto`, `http` or `sse`
 */
const char *
mcp_http_mode_to_string (McpHttpMode mode)
{
  switch (mode)
    {
    case MCP_HTTP_MODE_AUTO:
      return "auto";
    case MCP_HTTP_MODE_STREAMABLE_HTTP:
      return "http";
    case MCP_HTTP_MODE_LEGACY_SSE:
      return "sse";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mcp_http_mode_from_string:
 * @string: `auto`, `http` or `sse`
 * @mode: (out): where to store the mode
 *
 * Returns: %TRUE if @string names a mode
 */
gboolean
mcp_http_mode_from_string (const char  *string,
                           McpHttpMode *mode)
{
  static const McpHttpMode modes[] = {
    MCP_HTTP_MODE_AUTO, MCP_HTTP_MODE_STREAMABLE_HTTP, MCP_HTTP_MODE_LEGACY_SSE,
  };

  g_return_val_if_fail (mode != NULL, FALSE);

  for (guint i = 0; string != NULL && i < G_N_ELEMENTS (modes); i++)
    {
      if (g_ascii_strcasecmp (string, mcp_http_mode_to_string (modes[i])) == 0)
        {
          *mode = modes[i];
          return TRUE;
        }
    }

  return FALSE;
}

/* A request id as a hash key: integers as digits, strings quoted, so that
 * 1 and "1" differ. */
static char *
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

static gboolean
_mcp_http_media_type_is (SoupMessage *msg,
                         const char  *essence)
{
  const char *type = soup_message_headers_get_content_type (soup_message_get_response_headers (msg), NULL);

  return type != NULL && g_ascii_strcasecmp (type, essence) == 0;
}

static gboolean
_mcp_http_status_is_success (guint status)
{
  return status >= 200 && status < 300;
}

static const char *
_mcp_http_reason_phrase (SoupMessage *msg)
{
  const char *reason = soup_message_get_reason_phrase (msg);

  if (reason == NULL || *reason == '\0')
    reason = soup_status_get_phrase (soup_message_get_status (msg));

  return reason != NULL ? reason : "";
}

/* A session id must be visible ASCII (0x21–0x7E), or it cannot go back in a
 * header unchanged. */
static gboolean
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
static gboolean
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
static char *
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

static const char *
_mcp_http_outgoing_name (McpHttpOutgoing *out)
{
  return out->method != NULL ? out->method : _("a response");
}

/* ---------------------------------------------------------------------- */
/* McpHttpOutgoing                                                                */

static McpHttpOutgoing *
_mcp_http_outgoing_ref (McpHttpOutgoing *out)
{
  g_ref_count_inc (&out->ref_count);
  return out;
}

static void
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
  g_free (out);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpHttpOutgoing, _mcp_http_outgoing_unref)

static McpHttpOutgoing *
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

static void
_mcp_http_outgoing_stop_awaiting (McpHttpTransport *self,
                                  McpHttpOutgoing  *out)
{
  if (self != NULL && out->id_key != NULL &&
      g_hash_table_lookup (self->awaiting, out->id_key) == out)
    g_hash_table_remove (self->awaiting, out->id_key);
}

/* The send completed: the message reached the server. */
static void
_mcp_http_outgoing_succeed (McpHttpOutgoing *out)
{
  g_autoptr(GTask) task = g_steal_pointer (&out->task);

  if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

/* The message could not be delivered, or its answer is lost. */
static void
outgoing_fail (McpHttpOutgoing *out,
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
      close_with_error (self, error);
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
/* McpHttpExchange                                                                */

static McpHttpExchange *
_mcp_http_exchange_ref (McpHttpExchange *ex)
{
  g_ref_count_inc (&ex->ref_count);
  return ex;
}

static void
_mcp_http_exchange_unref (McpHttpExchange *ex)
{
  if (!g_ref_count_dec (&ex->ref_count))
    return;

  g_assert (ex->deadline_id == 0);
  g_assert (ex->send_task == NULL);

  g_clear_object (&ex->close_task);
  g_clear_pointer (&ex->out, _mcp_http_outgoing_unref);
  g_clear_object (&ex->msg);
  g_clear_object (&ex->cancellable);
  g_clear_object (&ex->input);
  g_clear_object (&ex->parser);
  g_clear_pointer (&ex->body, g_byte_array_unref);
  g_clear_pointer (&ex->buffer, g_free);
  g_free (ex);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpHttpExchange, _mcp_http_exchange_unref)

static void
on_wrote_body (SoupMessage     *msg,
               McpHttpExchange *ex)
{
  ex->wrote_body = TRUE;
}

static McpHttpExchange *
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
  g_signal_connect (ex->msg, "wrote-body", G_CALLBACK (on_wrote_body), ex);

  headers = soup_message_get_request_headers (ex->msg);
  for (guint i = 0; i < self->header_names->len; i++)
    soup_message_headers_replace (headers,
                                  g_ptr_array_index (self->header_names, i),
                                  g_ptr_array_index (self->header_values, i));

  g_ptr_array_add (self->exchanges, _mcp_http_exchange_ref (ex));

  return ex;
}

/* Session headers for Streamable HTTP, on everything after initialize. */
static void
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
static void
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

static void
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
  g_autoptr(SoupMessage) next = mcp_http_redirect_message_new (ex->msg, target,
                                                               ex->kind == MCP_HTTP_EXCHANGE_POST ? ex->out->body : NULL);
  g_autofree char *text = g_uri_to_string (target);
  g_autofree char *shown = mcp_url_mask (text);

  /* Said once: a server that moved says so on every request. */
  if (!ex->self->redirect_said)
    _mcp_transport_emit_event (MCP_TRANSPORT (ex->self),
                               _("The server redirects (HTTP %u) to %s; following (that URL may be the one to use)"),
                               soup_message_get_status (ex->msg), shown);
  ex->self->redirect_said = TRUE;

  g_signal_handlers_disconnect_by_func (ex->msg, on_wrote_body, ex);
  g_set_object (&ex->msg, next);
  g_signal_connect (ex->msg, "wrote-body", G_CALLBACK (on_wrote_body), ex);
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
static void
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

static GInputStream *
_mcp_http_exchange_send_finish (GAsyncResult  *result,
                                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The error for a request that did not get its answer headers. */
static GError *
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

  if (!ex->wrote_body)
    return g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                        _("Could not reach the server at %s: %s"), url, error->message);

  return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                      _("The connection broke before the server answered “%s”: %s"),
                      name, error->message);
}

static GError *
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

    return g_error_new_literal (MCP_ERROR, MCP_ERROR_HTTP_STATUS, text);
  }
}

/* ---------------------------------------------------------------------- */
/* Reading bodies                                                          */

static void on_body_read (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data);

static void
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
static void
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

      too_large = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                               _("The server's reply to “%s” is larger than the limit of %" G_GSIZE_FORMAT " bytes"),
                               ex->out != NULL ? _mcp_http_outgoing_name (ex->out) : "?", ex->body_limit);
      ex->body_done (ex, too_large);
      return;
    }

  g_byte_array_append (ex->body, ex->buffer, n);
  _mcp_http_exchange_read_more (ex, on_body_read);
}

/* ---------------------------------------------------------------------- */
/* Closing                                                                 */

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

static void
fail_everything (McpHttpTransport *self,
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
      outgoing_fail (out, error);
      _mcp_http_outgoing_unref (out);
    }

  if (self->fallback_init != NULL)
    {
      out = g_steal_pointer (&self->fallback_init);
      outgoing_fail (out, error);
      _mcp_http_outgoing_unref (out);
    }

  awaiting = g_hash_table_get_values (self->awaiting);
  for (GList *l = awaiting; l != NULL; l = l->next)
    _mcp_http_outgoing_ref (l->data);
  g_hash_table_remove_all (self->awaiting);
  for (GList *l = awaiting; l != NULL; l = l->next)
    {
      outgoing_fail (l->data, error);
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
          outgoing_fail (ex->out, error);
        }
      _mcp_http_exchange_stop (ex);
    }

  finish_open (self, error);
}

static void
close_with_error (McpHttpTransport *self,
                  const GError     *error)
{
  if (mcp_transport_is_closed (MCP_TRANSPORT (self)))
    return;

  g_debug ("closing: %s", error != NULL ? error->message : "by request");
  self->closing = TRUE;
  fail_everything (self, error);
  _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
}

/* ---------------------------------------------------------------------- */
/* Answers                                                                 */

static void
reinit_done (McpHttpTransport *self)
{
  self->reinitializing = FALSE;
  self->generation++;
  _mcp_transport_emit_event (MCP_TRANSPORT (self), _("A new session with the server started"));
  _mcp_http_open_stream (self);
  flush_held (self);
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
  close_with_error (self, expired);
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
  dispatch_post (self, initialized);
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
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
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
static void
on_message_received (McpTransport *transport,
                     JsonNode     *message,
                     gpointer      user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
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
/* Event streams: POST replies, resumptions, the GET stream, legacy SSE    */

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
    return (guint)MIN (retry, MCP_HTTP_MAX_RETRY_DELAY_MS);

  /* No retry field: a growing wait. */
  delay = self->reconnect_delay_ms;
  for (guint i = 1; i < attempt && delay < MCP_HTTP_MAX_BACKOFF_DELAY_MS; i++)
    delay *= 2;

  return (guint)MIN (delay, MCP_HTTP_MAX_BACKOFF_DELAY_MS);
}

static gboolean
exchange_handle_event (McpHttpExchange *ex,
                       McpSseEvent     *event)
{
  McpHttpTransport *self = ex->self;

  if (strcmp (event->event, "message") == 0)
    {
      ex->delivered = TRUE;
      _mcp_transport_handle_text (MCP_TRANSPORT (self), event->data, event->data_length);
    }
  else if (ex->stream_owner != NULL)
    ex->stream_owner->event (ex, event);
  else
    g_debug ("ignoring an SSE event of type “%s”", event->event);

  /* A handler may have closed us, or dropped this stream. */
  return !ex->finished && ex->self != NULL && !self->closing;
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

static void
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
/* Resuming a POST stream                                                  */

static void on_resume_sent (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data);

static void
start_resume (McpHttpTransport *self,
              McpHttpOutgoing  *out)
{
  g_autoptr(McpHttpExchange) ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_RESUME, out, SOUP_METHOD_GET, self->uri);
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
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) input = NULL;
  McpHttpOutgoing *out = ex->out;

  input = _mcp_http_exchange_send_finish (result, &error);

  if (self == NULL || ex->finished)
    return;

  if (input == NULL)
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

  ex->input = g_steal_pointer (&input);
  g_clear_handle_id (&ex->deadline_id, g_source_remove);

  if (_mcp_http_status_is_success (soup_message_get_status (ex->msg)) && _mcp_http_media_type_is (ex->msg, "text/event-stream"))
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
                          _mcp_http_outgoing_name (out), soup_message_get_status (ex->msg), _mcp_http_reason_phrase (ex->msg));
      self->hooks->close (self, lost);
    }
}

/* ---------------------------------------------------------------------- */
/* The GET stream for server-initiated messages                            */

static void on_stream_sent (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data);

static void
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
                                 _("Gave up on the stream for server messages after %u attempts; "
                                   "answers still arrive, server notifications may not"),
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
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) input = NULL;
  guint status;

  input = _mcp_http_exchange_send_finish (result, &error);

  if (self == NULL || ex->finished)
    return;

  if (input == NULL)
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

  ex->input = g_steal_pointer (&input);
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

/* ---------------------------------------------------------------------- */
/* Legacy HTTP+SSE                                                         */

/* @maybe_streamable: the failure is what a Streamable HTTP server would
 * answer (no endpoint event, a refused or non-stream GET) */
static void
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
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GError) refused = NULL;
  guint status;

  input = _mcp_http_exchange_send_finish (result, &error);

  if (self == NULL || ex->finished)
    return;

  if (input == NULL)
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

  ex->input = g_steal_pointer (&input);
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
static void
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

/* ---------------------------------------------------------------------- */
/* What the lower layers hand up                                           */

static void
hook_legacy_connected (McpHttpTransport *self)
{
  g_autoptr(McpHttpOutgoing) init = g_steal_pointer (&self->fallback_init);

  if (self->detected_mode != MCP_HTTP_MODE_LEGACY_SSE)
    {
      self->detected_mode = MCP_HTTP_MODE_LEGACY_SSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETECTED_MODE]);
    }
  _mcp_transport_emit_event (MCP_TRANSPORT (self), _("Connected with the legacy HTTP+SSE transport"));

  finish_open (self, NULL);

  if (init != NULL)
    dispatch_post (self, init);

  flush_held (self);
}

static void
hook_legacy_failed (McpHttpTransport *self,
                    const GError     *error)
{
  g_autoptr(McpHttpOutgoing) init = g_steal_pointer (&self->fallback_init);

  if (init != NULL)
    outgoing_fail (init, error);

  close_with_error (self, error);
}

static const McpHttpTransportHooks hooks = {
  .close = close_with_error,
  .legacy_connected = hook_legacy_connected,
  .legacy_failed = hook_legacy_failed,
};

/* ---------------------------------------------------------------------- */
/* POST                                                                    */

static void
start_reinit (McpHttpTransport *self,
              guint             status)
{
  g_autoptr(McpHttpOutgoing) init = NULL;

  if (self->initialize_body == NULL)
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
                                             _("The server ended the session (HTTP %u)"), status);
      close_with_error (self, error);
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
  dispatch_post (self, init);
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
      outgoing_fail (out, error);
      return;
    }

  out->retried = TRUE;

  /* A new session started since this was sent: just send it again. */
  if (ex->generation != self->generation && !self->reinitializing)
    {
      dispatch_post (self, out);
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
  _mcp_http_exchange_finish (ex);
  outgoing_fail (out, status_error);
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
      outgoing_fail (out, error);
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
  outgoing_fail (out, failure);
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
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETECTED_MODE]);
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
      _mcp_http_exchange_read_body (ex, mcp_transport_get_max_message_size (MCP_TRANSPORT (self)), FALSE, on_json_body);
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
    outgoing_fail (out, error);
  }
}

static void
on_post_sent (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) input = NULL;
  McpHttpOutgoing *out = ex->out;

  input = _mcp_http_exchange_send_finish (result, &error);

  if (self == NULL || ex->finished)
    return;

  if (input == NULL)
    {
      g_autoptr(GError) send_error = _mcp_http_exchange_send_error (ex, error);
      gboolean unreachable = !ex->timed_out && _mcp_http_error_is_unreachable (error);

      _mcp_http_exchange_finish (ex);
      if (!out->cancelled)
        outgoing_fail (out, send_error);
      if (unreachable)
        close_with_error (self, send_error);
      return;
    }

  ex->input = g_steal_pointer (&input);

  if (!_mcp_http_status_is_success (soup_message_get_status (ex->msg)))
    {
      _mcp_http_exchange_read_body (ex, ERROR_BODY_LIMIT, TRUE, on_error_body);
      return;
    }

  on_post_answered (ex);
}

static void
dispatch_post (McpHttpTransport *self,
               McpHttpOutgoing  *out)
{
  g_autoptr(McpHttpExchange) ex = NULL;
  gboolean legacy = self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE;
  SoupMessageHeaders *headers;

  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_POST, out, SOUP_METHOD_POST, legacy ? self->endpoint : self->uri);
  headers = soup_message_get_request_headers (ex->msg);
  soup_message_set_request_body_from_bytes (ex->msg, "application/json", out->body);
  soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");

  if (!legacy && g_strcmp0 (out->method, "initialize") != 0)
    _mcp_http_exchange_add_session_headers (ex);

  /* libsoup reuses a connection for a POST only when it may send it twice. */
  if (out->flags & MCP_SEND_FLAGS_IDEMPOTENT)
    soup_message_add_flags (ex->msg, SOUP_MESSAGE_IDEMPOTENT);

  if (out->id_key != NULL)
    g_hash_table_replace (self->awaiting, g_strdup (out->id_key), _mcp_http_outgoing_ref (out));

  out->exchange = ex;
  _mcp_http_exchange_send (ex, self->request_timeout_ms, on_post_sent);
}

static gboolean
is_gated (McpHttpTransport *self)
{
  return self->awaiting_initialize || self->awaiting_initialized ||
         self->reinitializing || self->legacy_connecting;
}

static void
flush_held (McpHttpTransport *self)
{
  while (!is_gated (self) && !self->closing && !g_queue_is_empty (&self->held))
    {
      g_autoptr(McpHttpOutgoing) out = g_queue_pop_head (&self->held);

      if (out->cancelled)
        continue;
      dispatch_post (self, out);
    }
}

/* ---------------------------------------------------------------------- */
/* Cancellation by the caller                                              */

/* The caller gave up on @out: stop waiting for its answer and close its
 * stream, so the server sees the client go. */
static void
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
static void
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
static void
_mcp_http_outgoing_user_cancelled (GCancellable *cancellable,
                                   gpointer      data)
{
  McpHttpOutgoing *out = data;

  if (out->cancel_idle_id == 0 && !out->cancelled)
    out->cancel_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, on_cancel_idle,
                                           _mcp_http_outgoing_ref (out), (GDestroyNotify)_mcp_http_outgoing_unref);
}

/* ---------------------------------------------------------------------- */
/* McpTransport                                                            */

static gboolean
on_open_cancelled_idle (gpointer data)
{
  McpHttpTransport *self = data;

  if (self->open_task != NULL && self->legacy_connecting)
    {
      g_autoptr(GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                                             _("Connecting to the server was cancelled"));
      _mcp_http_legacy_connect_failed (self, error, FALSE);
    }

  return G_SOURCE_REMOVE;
}

/* Runs inside g_cancellable_cancel(): the work happens in an idle. */
static void
on_open_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, on_open_cancelled_idle, g_object_ref (data), g_object_unref);
}

static void
mcp_http_transport_open_async (McpTransport        *transport,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GError) error = NULL;

  g_task_set_source_tag (task, mcp_http_transport_open_async);

  if (self->opened || self->open_task != NULL || mcp_transport_is_closed (transport))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_FAILED, "%s",
                               _("The transport was already opened"));
      return;
    }

  self->uri = mcp_http_parse_url (self->url, &error);
  if (self->uri == NULL)
    {
      close_with_error (self, error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (self->mode == MCP_HTTP_MODE_LEGACY_SSE)
    {
      /* Nothing can be sent before the endpoint is known. */
      self->open_task = g_steal_pointer (&task);
      _mcp_http_legacy_connect (self);
      if (cancellable != NULL)
        {
          self->open_cancellable = g_object_ref (cancellable);
          self->open_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_open_cancelled), self, NULL);
        }
      return;
    }

  /* Streamable HTTP has no connection of its own: the initialize POST is
   * the first request, and tells which transport the server speaks. */
  self->opened = TRUE;
  g_task_return_boolean (task, TRUE);
}

static gboolean
mcp_http_transport_open_finish (McpTransport  *transport,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mcp_http_transport_send_async (McpTransport        *transport,
                               JsonNode            *message,
                               McpSendFlags         flags,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(McpHttpOutgoing) out = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autofree char *id_key = NULL;
  const char *method = NULL;
  JsonObject *object = NULL;
  char *data;
  gsize length;

  g_task_set_source_tag (task, mcp_http_transport_send_async);

  if (self->closing || mcp_transport_is_closed (transport))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_CLOSED, "%s",
                               _("The connection to the server is closed"));
      return;
    }

  if (!self->opened && self->open_task == NULL)
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_NOT_SENT, "%s",
                               _("The transport is not open"));
      return;
    }

  data = _mcp_transport_serialize (message, &length);
  body = g_bytes_new_take (data, length);

  if (JSON_NODE_HOLDS_OBJECT (message))
    object = json_node_get_object (message);
  if (object != NULL && json_object_has_member (object, "method"))
    {
      method = json_object_get_string_member_with_default (object, "method", NULL);
      id_key = _mcp_http_id_key_from_node (json_object_get_member (object, "id"));
    }

  out = _mcp_http_outgoing_new (self, body, method, id_key);
  out->flags = flags;

  if (g_strcmp0 (out->method, "initialize") == 0)
    {
      g_clear_pointer (&self->initialize_body, g_bytes_unref);
      self->initialize_body = g_bytes_ref (out->body);
      g_free (self->initialize_id);
      self->initialize_id = g_strdup (out->id_key);
      self->awaiting_initialize = out->id_key != NULL;
    }
  else if (g_strcmp0 (out->method, "notifications/initialized") == 0)
    {
      g_clear_pointer (&self->initialized_body, g_bytes_unref);
      self->initialized_body = g_bytes_ref (out->body);
    }
  else if (g_strcmp0 (out->method, "notifications/cancelled") == 0)
    _mcp_http_abandon_cancelled_request (self, object);

  out->task = g_steal_pointer (&task);
  if (cancellable != NULL)
    {
      out->user_cancellable = g_object_ref (cancellable);
      out->user_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (_mcp_http_outgoing_user_cancelled), out, NULL);
    }

  /* The initialize itself opens the gate; everything else waits its turn. */
  if (is_gated (self) && g_strcmp0 (out->method, "initialize") != 0)
    {
      g_queue_push_tail (&self->held, g_steal_pointer (&out));
      return;
    }

  /* Like the SDKs, nothing more goes out until the server has taken
   * notifications/initialized: a server may refuse requests before it. */
  if (g_strcmp0 (out->method, "notifications/initialized") == 0)
    self->awaiting_initialized = TRUE;

  dispatch_post (self, out);
}

static gboolean
mcp_http_transport_send_finish (McpTransport  *transport,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_delete_sent (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GTask) task = g_steal_pointer (&ex->close_task);
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GError) error = NULL;

  input = _mcp_http_exchange_send_finish (result, &error);
  if (input == NULL)
    g_debug ("DELETE failed: %s", error->message);
  else
    g_debug ("DELETE answered HTTP %u", soup_message_get_status (ex->msg));

  _mcp_http_exchange_finish (ex);

  if (self != NULL)
    close_with_error (self, NULL);
  g_task_return_boolean (task, TRUE);
}

static void
mcp_http_transport_close_async (McpTransport        *transport,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(McpHttpExchange) ex = NULL;
  g_autofree char *session_id = NULL;

  g_task_set_source_tag (task, mcp_http_transport_close_async);

  error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, "%s", _("The connection to the server was closed"));
  self->closing = TRUE;
  fail_everything (self, error);

  session_id = g_steal_pointer (&self->session_id);
  if (session_id == NULL || self->uri == NULL || self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE)
    {
      close_with_error (self, NULL);
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* End the session on the server; whatever it answers (405 is fine), we
   * are closed when it has. */
  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_DELETE, NULL, SOUP_METHOD_DELETE, self->uri);
  soup_message_headers_replace (soup_message_get_request_headers (ex->msg), "Mcp-Session-Id", session_id);
  if (self->protocol_version != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (ex->msg),
                                  "MCP-Protocol-Version", self->protocol_version);
  ex->close_task = g_steal_pointer (&task);
  _mcp_http_exchange_send (ex, MIN (self->request_timeout_ms, CLOSE_TIMEOUT_MS), on_delete_sent);
}

static gboolean
mcp_http_transport_close_finish (McpTransport  *transport,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
mcp_http_transport_dispose (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;
  g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, "%s",
                                         _("The connection to the server was closed"));

  self->closing = TRUE;
  fail_everything (self, error);

  /* Callbacks still due must not find us. */
  while (self->exchanges->len > 0)
    _mcp_http_exchange_finish (g_ptr_array_index (self->exchanges, 0));
  {
    GHashTableIter iter;
    McpHttpOutgoing *out;

    g_hash_table_iter_init (&iter, self->outgoings);
    while (g_hash_table_iter_next (&iter, (gpointer *)&out, NULL))
      out->self = NULL;
    g_hash_table_remove_all (self->outgoings);
  }

  if (self->session != NULL)
    soup_session_abort (self->session);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->dispose (object);
}

static void
mcp_http_transport_finalize (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->uri, g_uri_unref);
  g_clear_pointer (&self->header_names, g_ptr_array_unref);
  g_clear_pointer (&self->header_values, g_ptr_array_unref);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->endpoint, g_uri_unref);
  g_clear_pointer (&self->initialize_body, g_bytes_unref);
  g_clear_pointer (&self->initialize_id, g_free);
  g_clear_pointer (&self->initialized_body, g_bytes_unref);
  g_clear_pointer (&self->awaiting, g_hash_table_unref);
  g_clear_pointer (&self->outgoings, g_hash_table_unref);
  g_clear_pointer (&self->exchanges, g_ptr_array_unref);
  g_clear_pointer (&self->stream_last_event_id, g_free);
  g_clear_pointer (&self->fallback_reason, g_free);

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->finalize (object);
}

static void
mcp_http_transport_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;

    case PROP_DETECTED_MODE:
      g_value_set_enum (value, self->detected_mode);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout_ms);
      break;

    case PROP_RECONNECT_DELAY:
      g_value_set_uint (value, self->reconnect_delay_ms);
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      g_value_set_uint (value, self->max_reconnect_attempts);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      self->url = g_value_dup_string (value);
      break;

    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;

    case PROP_REQUEST_TIMEOUT:
      mcp_http_transport_set_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_RECONNECT_DELAY:
      mcp_http_transport_set_reconnect_delay (self, g_value_get_uint (value));
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      mcp_http_transport_set_max_reconnect_attempts (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_class_init (McpHttpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->dispose = mcp_http_transport_dispose;
  object_class->finalize = mcp_http_transport_finalize;
  object_class->get_property = mcp_http_transport_get_property;
  object_class->set_property = mcp_http_transport_set_property;

  transport_class->open_async = mcp_http_transport_open_async;
  transport_class->open_finish = mcp_http_transport_open_finish;
  transport_class->send_async = mcp_http_transport_send_async;
  transport_class->send_finish = mcp_http_transport_send_finish;
  transport_class->close_async = mcp_http_transport_close_async;
  transport_class->close_finish = mcp_http_transport_close_finish;

  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:mode:
   *
   * The transport the configuration asks for.
   */
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL,
                       MCP_TYPE_HTTP_MODE, MCP_HTTP_MODE_AUTO,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:detected-mode:
   *
   * The transport the server turned out to speak: %MCP_HTTP_MODE_AUTO until
   * it is known. Worth remembering for the next connection.
   */
  properties[PROP_DETECTED_MODE] =
    g_param_spec_enum ("detected-mode", NULL, NULL,
                       MCP_TYPE_HTTP_MODE, MCP_HTTP_MODE_AUTO,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:protocol-version:
   *
   * The protocol version the server chose, sent as `MCP-Protocol-Version`.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:request-timeout:
   *
   * Milliseconds a request may wait for the server's answer headers (and a
   * JSON body), a legacy SSE server for its endpoint. Event streams have no
   * deadline once open. 0 means none.
   */
  properties[PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       0, G_MAXUINT, MCP_HTTP_DEFAULT_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:reconnect-delay:
   *
   * Milliseconds to wait before resuming a dropped stream when the server
   * gave no `retry`; doubled at each attempt, up to 30 s.
   */
  properties[PROP_RECONNECT_DELAY] =
    g_param_spec_uint ("reconnect-delay", NULL, NULL,
                       0, MCP_HTTP_MAX_BACKOFF_DELAY_MS, DEFAULT_RECONNECT_DELAY,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:max-reconnect-attempts:
   *
   * How many times a dropped stream is resumed before giving up.
   */
  properties[PROP_MAX_RECONNECT_ATTEMPTS] =
    g_param_spec_uint ("max-reconnect-attempts", NULL, NULL,
                       0, 100, DEFAULT_RECONNECTS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_http_transport_init (McpHttpTransport *self)
{
  self->hooks = &hooks;
  self->header_names = g_ptr_array_new_with_free_func (g_free);
  self->header_values = g_ptr_array_new_with_free_func (g_free);
  self->request_timeout_ms = MCP_HTTP_DEFAULT_REQUEST_TIMEOUT_MS;
  self->reconnect_delay_ms = DEFAULT_RECONNECT_DELAY;
  self->max_reconnect_attempts = DEFAULT_RECONNECTS;
  self->detected_mode = MCP_HTTP_MODE_AUTO;
  self->last_retry = -1;
  self->outgoings = g_hash_table_new (NULL, NULL);
  self->awaiting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)_mcp_http_outgoing_unref);
  self->exchanges = g_ptr_array_new ();
  g_queue_init (&self->held);

  /* No session-wide timeout: it would end idle event streams. Several
   * connections per host, so open streams do not block POSTs. TLS
   * certificates are verified (libsoup's default). */
  self->session = soup_session_new_with_options ("timeout", 0,
                                                 "max-conns-per-host", MAX_CONNS_PER_HOST,
                                                 "max-conns", MAX_CONNS,
                                                 "user-agent", "Tether/" PACKAGE_VERSION " ",
                                                 NULL);

  g_signal_connect (self, "message-received", G_CALLBACK (on_message_received), NULL);
}

/* ---------------------------------------------------------------------- */
/* Public API                                                              */

/**
 * mcp_http_transport_new:
 * @url: the server's http or https URL
 * @mode: which transport to speak
 *
 * The URL is checked when the transport opens (see mcp_http_parse_url()).
 *
 * Returns: (transfer full): a new #McpHttpTransport
 */
McpHttpTransport *
mcp_http_transport_new (const char  *url,
                        McpHttpMode  mode)
{
  g_return_val_if_fail (url != NULL, NULL);

  return g_object_new (MCP_TYPE_HTTP_TRANSPORT,
                       "url", url,
                       "mode", mode,
                       NULL);
}

/**
 * mcp_http_transport_add_header:
 * @self: a #McpHttpTransport
 * @name: a header name, like `Authorization`
 * @value: its value; never logged
 * @error: return location for a #GError
 *
 * Adds a header to every request, to the configured origin only (a
 * redirect to another origin is not followed). The header is checked with
 * mcp_http_check_header(): the headers the protocol sets itself (Accept,
 * Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Host,
 * Content-Length) cannot be set, and a name already added, in any case, is
 * refused. The value goes out without the spaces and tabs around it.
 *
 * Returns: %TRUE, or %FALSE with @error set if the header is not valid
 */
gboolean
mcp_http_transport_add_header (McpHttpTransport  *self,
                               const char        *name,
                               const char        *value,
                               GError           **error)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (!mcp_http_check_new_header ((const char * const *)self->header_names->pdata, self->header_names->len,
                                  name, value, error))
    return FALSE;

  g_ptr_array_add (self->header_names, g_strdup (name));
  g_ptr_array_add (self->header_values, mcp_http_strip_header_value (value));

  return TRUE;
}

const char *
mcp_http_transport_get_url (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->url;
}

McpHttpMode
mcp_http_transport_get_mode (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), MCP_HTTP_MODE_AUTO);

  return self->mode;
}

McpHttpMode
mcp_http_transport_get_detected_mode (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), MCP_HTTP_MODE_AUTO);

  return self->detected_mode;
}

const char *
mcp_http_transport_get_protocol_version (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->protocol_version;
}

guint
mcp_http_transport_get_request_timeout (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->request_timeout_ms;
}

void
mcp_http_transport_set_request_timeout (McpHttpTransport *self,
                                        guint             timeout_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->request_timeout_ms != timeout_ms)
    {
      self->request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REQUEST_TIMEOUT]);
    }
}

guint
mcp_http_transport_get_reconnect_delay (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->reconnect_delay_ms;
}

void
mcp_http_transport_set_reconnect_delay (McpHttpTransport *self,
                                        guint             delay_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  delay_ms = MIN (delay_ms, MCP_HTTP_MAX_BACKOFF_DELAY_MS);
  if (self->reconnect_delay_ms != delay_ms)
    {
      self->reconnect_delay_ms = delay_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_DELAY]);
    }
}

guint
mcp_http_transport_get_max_reconnect_attempts (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->max_reconnect_attempts;
}

void
mcp_http_transport_set_max_reconnect_attempts (McpHttpTransport *self,
                                               guint             attempts)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->max_reconnect_attempts != attempts)
    {
      self->max_reconnect_attempts = attempts;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RECONNECT_ATTEMPTS]);
    }
}
