/* mcp-http-transport-private.h — what the files of McpHttpTransport share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "mcp-http-transport.h"
#include "mcp-sse-parser.h"
#include "mcp-token-provider.h"

G_BEGIN_DECLS

/* McpHttpTransport is one class in layers, each file calling only those
 * below it; where a lower one must hand something up, it calls through
 * McpHttpTransport:hooks or an exchange's stream owner:
 *
 *   mcp-http-transport.c  the session: POST of messages, answers, a new
 *                         session after expiry, open and close, the class
 *   mcp-http-legacy.c     the legacy HTTP+SSE connection
 *   mcp-http-stream.c     event streams: POST replies, resumption with
 *                         Last-Event-ID and retry, the GET stream
 *   mcp-http-exchange.c   one HTTP request (an exchange) and the message it
 *                         carries (an outgoing): headers, deadline,
 *                         redirects, body, errors, cancellation
 */

/* How many times one message goes to the token provider after a 401 or
 * 403 before its status is final: a server that keeps refusing gets no
 * endless sign-ins. */
#define MCP_HTTP_MAX_AUTH_ROUNDS      3

/* Reads of a response body or a stream, a chunk at a time */
#define MCP_HTTP_READ_BUFFER_SIZE     (16 * 1024)

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
  char             *era_version;      /* its `_meta` protocol version (stateless revision) */
  char             *call_name;        /* the tool, prompt or resource it names, for Mcp-Name */
  GPtrArray        *param_headers;    /* Mcp-Param-* of a call: name, value, name, value… */
  McpSendFlags      flags;
  GTask            *task;             /* until the send completes */
  GCancellable     *user_cancellable;
  gulong            user_cancel_id;
  guint             cancel_idle_id;
  McpHttpExchange  *exchange;         /* the live POST or resumption, not owned */
  char             *last_event_id;    /* of its stream, to resume from */
  guint             resume_attempts;
  guint             resume_timer_id;
  guint             auth_rounds;      /* 401/403 answered by the token provider */

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
  GTlsCertificate          *tls_certificate;   /* a refused one, to say why */
  GTlsCertificateFlags      tls_errors;

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
  guint                        reconnect_delay_max_ms;
  guint                        retry_delay_max_ms;
  guint                        max_reconnect_attempts;
  McpTokenProvider            *token_provider;
  GCancellable                *auth_cancellable;

  /* Connection */
  SoupSession                 *session;
  McpHttpMode                  detected_mode;
  char                        *session_id;
  char                        *protocol_version;
  GUri                        *endpoint;                 /* legacy: where messages are POSTed */
  GHashTable                  *tool_headers;             /* tool → McpToolHeader array, stateless revision */
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

/* mcp-http-exchange.c */
char            *_mcp_http_id_key_from_node             (JsonNode             *node);
gboolean         _mcp_http_media_type_is                (SoupMessage          *msg,
                                                         const char           *essence);
gboolean         _mcp_http_status_is_success            (guint                 status);
const char      *_mcp_http_reason_phrase                (SoupMessage          *msg);
gboolean         _mcp_http_session_id_is_valid          (const char           *id);
gboolean         _mcp_http_error_is_unreachable         (const GError         *error);
char            *_mcp_http_summarize_body               (const guint8         *data,
                                                         gsize                 length);
const char      *_mcp_http_outgoing_name                (McpHttpOutgoing      *out);
McpHttpOutgoing *_mcp_http_outgoing_ref                 (McpHttpOutgoing      *out);
void             _mcp_http_outgoing_unref               (McpHttpOutgoing      *out);
McpHttpOutgoing *_mcp_http_outgoing_new                 (McpHttpTransport     *self,
                                                         GBytes               *body,
                                                         const char           *method,
                                                         const char           *id_key);
void             _mcp_http_outgoing_stop_awaiting       (McpHttpTransport     *self,
                                                         McpHttpOutgoing      *out);
void             _mcp_http_outgoing_succeed             (McpHttpOutgoing      *out);
void             _mcp_http_outgoing_abandon             (McpHttpOutgoing      *out);
void             _mcp_http_abandon_cancelled_request    (McpHttpTransport     *self,
                                                         JsonObject           *notification);
void             _mcp_http_outgoing_user_cancelled      (GCancellable         *cancellable,
                                                         gpointer              data);
McpHttpExchange *_mcp_http_exchange_ref                 (McpHttpExchange      *ex);
void             _mcp_http_exchange_unref               (McpHttpExchange      *ex);
McpHttpExchange *_mcp_http_exchange_new                 (McpHttpTransport     *self,
                                                         McpHttpExchangeKind   kind,
                                                         McpHttpOutgoing      *out,
                                                         const char           *method,
                                                         GUri                 *uri);
void             _mcp_http_exchange_add_session_headers (McpHttpExchange      *ex);

/* mcp-http-era.c */
void             _mcp_http_outgoing_take_era            (McpHttpOutgoing      *out,
                                                         JsonObject           *object);
void             _mcp_http_exchange_add_era_headers     (McpHttpExchange      *ex);
void             _mcp_http_exchange_finish              (McpHttpExchange      *ex);
void             _mcp_http_exchange_stop                (McpHttpExchange      *ex);
void             _mcp_http_exchange_send                (McpHttpExchange      *ex,
                                                         guint                 timeout_ms,
                                                         GAsyncReadyCallback   callback);
GInputStream    *_mcp_http_exchange_send_finish         (GAsyncResult         *result,
                                                         GError              **error);
gboolean         _mcp_http_exchange_sent                (McpHttpExchange      *ex,
                                                         GAsyncResult         *result,
                                                         McpHttpTransport    **self,
                                                         GError              **error);
GError          *_mcp_http_exchange_send_error          (McpHttpExchange      *ex,
                                                         const GError         *error);
GError          *_mcp_http_exchange_status_error        (McpHttpExchange      *ex,
                                                         const char           *detail);
void             _mcp_http_exchange_read_more           (McpHttpExchange      *ex,
                                                         GAsyncReadyCallback   callback);
void             _mcp_http_exchange_read_body           (McpHttpExchange      *ex,
                                                         gsize                 limit,
                                                         gboolean              truncate,
                                                         McpHttpBodyDone       done);

/* mcp-http-stream.c */
void             _mcp_http_exchange_read_stream         (McpHttpExchange      *ex);
void             _mcp_http_open_stream                  (McpHttpTransport     *self);

/* mcp-http-legacy.c */
void             _mcp_http_legacy_connect_failed        (McpHttpTransport     *self,
                                                         const GError         *error,
                                                         gboolean              maybe_streamable);
void             _mcp_http_legacy_connect               (McpHttpTransport     *self);

/* mcp-http-session.c */
void             _mcp_http_outgoing_fail                (McpHttpOutgoing      *out,
                                                         const GError         *error);
void             _mcp_http_fail_everything              (McpHttpTransport     *self,
                                                         const GError         *error);
void             _mcp_http_close_with_error             (McpHttpTransport     *self,
                                                         const GError         *error);
void             _mcp_http_on_message_received          (McpTransport         *transport,
                                                         JsonNode             *message,
                                                         gpointer              user_data);
void             _mcp_http_dispatch_post                (McpHttpTransport     *self,
                                                         McpHttpOutgoing      *out);
gboolean         _mcp_http_is_gated                     (McpHttpTransport     *self);

extern const McpHttpTransportHooks _mcp_http_session_hooks;

/* mcp-http-transport.c, for tests: the certificate authorities to trust in
 * place of the system's. Tether has no setting for it: a user's own
 * authority goes into the system's store (GnuTLS reads a fixed file there,
 * no environment variable moves it), which is what a transport trusts
 * unless a test gives it this. */
void             _mcp_http_transport_set_tls_database   (McpHttpTransport     *self,
                                                         GTlsDatabase         *database);

/* mcp-http-session.c: the id of McpHttpTransport::session-renewed, which
 * the class sets and the session emits. */
extern guint     _mcp_http_session_renewed_signal;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpHttpOutgoing, _mcp_http_outgoing_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpHttpExchange, _mcp_http_exchange_unref)

G_END_DECLS
