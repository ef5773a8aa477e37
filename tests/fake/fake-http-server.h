/* fake-http-server.h — an in-process MCP server over HTTP, with faults
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>
#include <json-glib/json-glib.h>

#include "fake-mcp-core.h"

G_BEGIN_DECLS

typedef enum
{
  FAKE_REPLY_JSON,
  FAKE_REPLY_SSE,
} FakeReplyMode;

/* One request as the server saw it. */
typedef struct
{
  char *http_method;
  char *path;
  char *rpc_method;       /* JSON-RPC method, NULL for a response or a GET */
  char *session_id;       /* Mcp-Session-Id */
  char *protocol_version; /* MCP-Protocol-Version */
  char *last_event_id;    /* Last-Event-ID */
  char *authorization;
  char *accept;
  char *content_type;
  char *headers;          /* every header, "Name: value\n" each */
  gint64 time_us;         /* monotonic */
} FakeHttpRequest;

/*
 * A Streamable HTTP MCP server on 127.0.0.1, on the caller's main context.
 * Knobs are plain fields; set them before the requests they should affect.
 *
 * The MCP methods (initialize, ping, the lists, tools/call with the fake
 * tools: echo, add, slow with progress, hang, …) are answered by the fake
 * core (fake-mcp-core.h), the same as the stdio fake's; what it sends
 * while answering goes on the request's stream (SSE) or the GET streams
 * (JSON), and a late answer on the request's stream when it comes. The
 * tool "crash" breaks the connection once the request was read.
 * Besides, it answers test methods that produce one fault each:
 *   test/echo           the params back as the result
 *   test/hang           never answers (the response stays open)
 *   test/sse-hang       SSE: a priming event, then nothing
 *   test/always-expired answered as if the session were unknown
 *   test/answer-on-get  202, and the answer on the open GET streams
 *   test/500            HTTP 500 with a JSON-RPC error body without id
 *   test/rpc-error-400  HTTP 400 with a JSON-RPC error for this id
 *   test/html           200 text/html
 *   test/invalid-json   200 application/json that is not JSON
 *   test/wrong-id       200 JSON answering another id
 *   test/trickle        the JSON answer one byte per params.delay ms
 *   test/sse-trickle    the SSE answer one byte per params.delay ms
 *   test/notify-first   SSE: a notification, then the answer
 *   test/drop           SSE: priming id + retry (params.retry ms), a
 *                       notification, then the stream ends; the answer is
 *                       replayed to GET + Last-Event-ID
 *   test/drop-mid-event SSE: event 1 (a notification), then event 2 (the
 *                       answer) cut inside its data line; the answer is
 *                       replayed to GET + Last-Event-ID of event 1 only
 *   test/drop-noid      SSE: a notification without id, then the end
 *   test/drop-forever   SSE: priming id, end; every resumption ends again
 *   test/big            SSE: an answer of params.size bytes
 *   test/big-json       JSON: an answer of params.size bytes
 */
typedef struct
{
  SoupServer    *server;
  char          *base_url;          /* http://127.0.0.1:PORT */
  char          *url;               /* base_url + /mcp */
  guint          port;

  /* Behaviour */
  FakeReplyMode  reply;
  gboolean       priming;           /* SSE replies start with a priming event */
  guint          get_status;        /* 0: serve a GET event stream; else answer this */
  guint          get_retry;         /* retry sent on GET streams, 0 for none */
  guint          expiry_status;     /* for an unknown session: 404 (default) or 400 */
  guint          expire_times;      /* forget the session before the next N requests */
  char          *expired_method;    /* answer this method as if the session were unknown */
  gboolean       sessionless;       /* issue no session id */
  guint          delete_status;
  char          *notification_body; /* answer notifications 200 with this */
  char          *version;           /* the protocol version it negotiates */
  gboolean       legacy;            /* speak 2024-11-05 HTTP+SSE */
  char          *legacy_endpoint;   /* the endpoint event's data */
  gboolean       keep_no_log;       /* do not record requests (benchmarks) */
  gboolean       legacy_no_endpoint;
  char          *required_header;   /* "Name: value": 401 without it */
  guint          notification_delay_ms; /* answer notifications this late */
  char          *redirect_path;     /* requests to this path are redirected, */
  char          *redirect_method;   /* those with this method only (NULL: all), */
  guint          redirect_status;   /* with this status, */
  guint          redirect_get_status; /* or this one for a GET, if set, */
  char          *redirect_location; /* to there (absolute, or a path) */
  guint          listen_drops;      /* end the next N subscriptions/listen streams after their ack */
  char          *mismatch_method;   /* answer requests of this method 400 -32020 */
  guint          mismatch_times;    /* (header mismatch) this many times */

  /* What it saw */
  GPtrArray     *requests;          /* FakeHttpRequest */
  guint          n_initialize;
  guint          n_unauthorized;    /* 401s for a missing or wrong required_header */
  guint          n_abandoned;       /* responses the client went away from */
  char          *session_id;

  FakeMcpCore   *core;              /* the MCP logic */

  /* Internal */
  gpointer       handling;
  GPtrArray     *live;
  GHashTable    *replay;            /* Last-Event-ID → SSE text */
  guint          counter;
} FakeHttpServer;

FakeHttpServer  *fake_http_server_new             (void);
FakeHttpServer  *fake_http_server_new_https       (GTlsCertificate *certificate);
void             fake_http_server_free            (FakeHttpServer *self);
guint            fake_http_server_count           (FakeHttpServer *self,
                                                   const char     *http_method,
                                                   const char     *rpc_method);
FakeHttpRequest *fake_http_server_find            (FakeHttpServer *self,
                                                   const char     *http_method,
                                                   const char     *rpc_method,
                                                   guint           nth);
guint            fake_http_server_n_streams       (FakeHttpServer *self);
void             fake_http_server_notify          (FakeHttpServer *self,
                                                   const char     *method);
void             fake_http_server_end_streams     (FakeHttpServer *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FakeHttpServer, fake_http_server_free)

G_END_DECLS
