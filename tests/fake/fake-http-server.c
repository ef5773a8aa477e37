/* fake-http-server.c — an in-process MCP server over HTTP, with faults
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/socket.h>

#include "fake-http-server.h"

/* A response the server keeps writing to: an event stream, a trickle, or
 * one it never answers. */
typedef struct
{
  FakeHttpServer    *server;
  SoupServerMessage *msg;
  GBytes            *trickle;        /* what is left to write, byte by byte */
  gsize              offset;
  guint              timer_id;
  guint              watch_id;
  char              *id_key;         /* waits for the answer to this request */
  char              *token_key;      /* and carries its progress (SSE) */
  guint              serial;         /* names its events */
  guint              n_events;
  gboolean           is_json;        /* a paused JSON reply */
  gboolean           is_get_stream;
  gboolean           is_listen;      /* a subscriptions/listen */
  gboolean           ended;          /* we finished it */
} Live;

/* What the core sent while it handled one request. */
typedef struct
{
  char      *id_key;
  GPtrArray *before;                 /* messages before the answer (text) */
  char      *answer;
  gboolean   drop;                   /* drop the connection instead */
} Handling;

static void
request_free (FakeHttpRequest *request)
{
  g_free (request->http_method);
  g_free (request->path);
  g_free (request->rpc_method);
  g_free (request->session_id);
  g_free (request->protocol_version);
  g_free (request->last_event_id);
  g_free (request->authorization);
  g_free (request->accept);
  g_free (request->content_type);
  g_free (request->headers);
  g_free (request);
}

static void
live_free (Live *live)
{
  g_clear_handle_id (&live->timer_id, g_source_remove);
  g_clear_handle_id (&live->watch_id, g_source_remove);
  g_clear_pointer (&live->trickle, g_bytes_unref);
  g_clear_pointer (&live->id_key, g_free);
  g_clear_pointer (&live->token_key, g_free);
  g_clear_object (&live->msg);
  g_free (live);
}

static void
on_live_finished (SoupServerMessage *msg,
                  Live              *live)
{
  FakeHttpServer *self = live->server;

  if (!live->ended)
    self->n_abandoned++;
  live->ended = TRUE;
  g_signal_handlers_disconnect_by_data (msg, live);
  g_ptr_array_remove (self->live, live);
}

static Live *
live_new (FakeHttpServer    *self,
          SoupServerMessage *msg)
{
  Live *live = g_new0 (Live, 1);

  live->server = self;
  live->msg = g_object_ref (msg);
  g_signal_connect (msg, "finished", G_CALLBACK (on_live_finished), live);
  g_ptr_array_add (self->live, live);

  return live;
}

/* A response that is never written to would not notice the client leave
 * (SoupServer only notices on a write): look at the socket instead. */
static gboolean
on_watch (gpointer data)
{
  Live *live = data;
  GSocket *socket = soup_server_message_get_socket (live->msg);
  char byte;

  if (socket == NULL || live->ended)
    return G_SOURCE_CONTINUE;

  if (recv (g_socket_get_fd (socket), &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0)
    {
      FakeHttpServer *self = live->server;

      live->watch_id = 0;
      live->ended = TRUE;
      self->n_abandoned++;
      g_signal_handlers_disconnect_by_data (live->msg, live);
      g_ptr_array_remove (self->live, live);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
live_watch (Live *live)
{
  live->watch_id = g_timeout_add (20, on_watch, live);
}

/* ---------------------------------------------------------------------- */
/* Writing                                                                 */

static void
sse_start (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  soup_message_headers_replace (headers, "Cache-Control", "no-cache");
}

static void
body_write (SoupServerMessage *msg,
            const char        *text,
            gsize              length)
{
  soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text, length);
  soup_server_message_unpause (msg);
}

static void
body_end (SoupServerMessage *msg)
{
  soup_message_body_complete (soup_server_message_get_response_body (msg));
  soup_server_message_unpause (msg);
}

static void
live_write (Live       *live,
            const char *text)
{
  if (!live->ended)
    body_write (live->msg, text, strlen (text));
}

static void
live_end (Live *live)
{
  if (live->ended)
    return;
  live->ended = TRUE;
  body_end (live->msg);
}

static void
set_json (SoupServerMessage *msg,
          guint              status,
          const char        *json)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, json, strlen (json));
}

static char *
node_to_string (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

static char *
make_result (JsonNode   *id,
             const char *result)
{
  g_autofree char *id_text = id != NULL ? node_to_string (id) : g_strdup ("null");

  return g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}", id_text, result);
}

static char *
sse_event (const char *id,
           const char *data)
{
  if (id != NULL)
    return g_strdup_printf ("id: %s\nevent: message\ndata: %s\n\n", id, data);
  return g_strdup_printf ("event: message\ndata: %s\n\n", data);
}

/* A message for no request in particular, on every open GET stream. */
static void
broadcast (FakeHttpServer *self,
           const char     *text)
{
  for (guint i = 0; i < self->live->len; i++)
    {
      Live *live = g_ptr_array_index (self->live, i);
      g_autofree char *event = NULL;
      g_autofree char *id = NULL;

      if (!live->is_get_stream || live->ended)
        continue;

      id = g_strdup_printf ("get-%u", ++self->counter);
      event = sse_event (id, text);
      live_write (live, event);
    }
}

/* An answer and what came before it, as one JSON body or as an event
 * stream, as the server is set to. Without @answer the stream stays open
 * (returned) for what comes later. */
static Live *
reply_with (FakeHttpServer    *self,
            SoupServerMessage *msg,
            GPtrArray         *before,
            const char        *answer)
{
  g_autoptr(GString) stream = g_string_new (NULL);
  guint n = ++self->counter;
  guint k = 0;
  Live *live;

  if (self->reply == FAKE_REPLY_JSON)
    {
      /* Nowhere to put what came before: the GET streams get it. */
      for (guint i = 0; before != NULL && i < before->len; i++)
        broadcast (self, g_ptr_array_index (before, i));
      if (answer != NULL)
        {
          set_json (msg, SOUP_STATUS_OK, answer);
          return NULL;
        }
      live = live_new (self, msg);
      live->is_json = TRUE;
      live_watch (live);
      soup_server_message_pause (msg);
      return live;
    }

  if (self->priming)
    g_string_append_printf (stream, "id: s%u-%u\ndata:\n\n", n, k++);
  for (guint i = 0; before != NULL && i < before->len; i++)
    {
      g_autofree char *id = self->priming ? g_strdup_printf ("s%u-%u", n, k++) : NULL;
      g_autofree char *event = sse_event (id, g_ptr_array_index (before, i));

      g_string_append (stream, event);
    }
  if (answer != NULL)
    {
      g_autofree char *id = self->priming ? g_strdup_printf ("s%u-%u", n, k++) : NULL;
      g_autofree char *event = sse_event (id, answer);

      g_string_append (stream, event);
    }

  sse_start (msg);
  if (answer != NULL)
    {
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY,
                                stream->str, stream->len);
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return NULL;
    }

  live = live_new (self, msg);
  live->serial = n;
  live->n_events = k;
  live_watch (live);
  live_write (live, stream->len > 0 ? stream->str : ": waiting\n\n");
  return live;
}

static void
reply (FakeHttpServer    *self,
       SoupServerMessage *msg,
       const char        *answer)
{
  reply_with (self, msg, NULL, answer);
}

static gboolean
on_trickle (gpointer data)
{
  Live *live = data;
  gsize length;
  const char *bytes = g_bytes_get_data (live->trickle, &length);

  if (live->ended)
    {
      live->timer_id = 0;
      return G_SOURCE_REMOVE;
    }

  if (live->offset >= length)
    {
      live->timer_id = 0;
      live_end (live);
      return G_SOURCE_REMOVE;
    }

  body_write (live->msg, bytes + live->offset, 1);
  live->offset++;

  return G_SOURCE_CONTINUE;
}

static void
trickle (FakeHttpServer    *self,
         SoupServerMessage *msg,
         const char        *content_type,
         const char        *text,
         guint              delay_ms)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  Live *live;

  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_set_content_type (headers, content_type, NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);

  live = live_new (self, msg);
  live->trickle = g_bytes_new (text, strlen (text));
  live->timer_id = g_timeout_add (MAX (delay_ms, 1), on_trickle, live);
  soup_server_message_pause (msg);
}

/* ---------------------------------------------------------------------- */
/* MCP: the fake core answers, this routes what it sends                   */

static Live *legacy_stream (FakeHttpServer *self);

static char *
progress_token_key (JsonObject *message)
{
  JsonNode *params = json_object_get_member (message, "params");
  JsonNode *meta;
  JsonNode *token = NULL;

  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    return NULL;

  /* A request's _meta.progressToken, or a progress notification's token. */
  meta = json_object_get_member (json_node_get_object (params), "_meta");
  if (meta != NULL && JSON_NODE_HOLDS_OBJECT (meta))
    token = json_object_get_member (json_node_get_object (meta), "progressToken");
  else
    token = json_object_get_member (json_node_get_object (params), "progressToken");

  return token != NULL ? node_to_string (token) : NULL;
}

/* A message for a request that is still open: its answer ends it. */
static void
live_deliver (Live       *live,
              const char *text,
              gboolean    is_answer)
{
  FakeHttpServer *self = live->server;

  if (live->is_json)
    {
      live->ended = TRUE;
      set_json (live->msg, SOUP_STATUS_OK, text);
      soup_server_message_unpause (live->msg);
      return;
    }

  {
    g_autofree char *id = self->priming ? g_strdup_printf ("s%u-%u", live->serial, live->n_events++) : NULL;
    g_autofree char *event = sse_event (id, text);

    live_write (live, event);
  }
  if (is_answer)
    live_end (live);
}

/* The subscription a notification is tagged for, as an id key. */
static char *
subscription_key (JsonObject *message)
{
  JsonNode *params = json_object_get_member (message, "params");
  JsonNode *meta;
  JsonNode *tag;

  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    return NULL;
  meta = json_object_get_member (json_node_get_object (params), "_meta");
  if (meta == NULL || !JSON_NODE_HOLDS_OBJECT (meta))
    return NULL;
  tag = json_object_get_member (json_node_get_object (meta), "io.modelcontextprotocol/subscriptionId");

  return tag != NULL ? node_to_string (tag) : NULL;
}

static void
core_send_cb (JsonNode *message,
              gpointer  user_data)
{
  FakeHttpServer *self = user_data;
  Handling *handling = self->handling;
  JsonObject *object = json_node_get_object (message);
  g_autofree char *text = node_to_string (message);
  g_autofree char *id_key = NULL;
  g_autofree char *token_key = NULL;
  gboolean is_answer = !json_object_has_member (object, "method");

  if (self->legacy)
    {
      Live *stream = legacy_stream (self);
      g_autofree char *event = g_strdup_printf ("event: message\ndata: %s\n\n", text);

      if (stream != NULL)
        live_write (stream, event);
      return;
    }

  if (is_answer)
    id_key = node_to_string (json_object_get_member (object, "id"));
  else
    token_key = progress_token_key (object);

  /* The stateless revision: what belongs to a subscription, its tagged
   * notifications and its end, goes on that subscriptions/listen's stream,
   * whichever request is being handled. */
  {
    g_autofree char *sub_key = subscription_key (object);
    const char *key = sub_key != NULL ? sub_key : is_answer ? id_key : NULL;

    for (guint i = 0; key != NULL && i < self->live->len; i++)
      {
        Live *live = g_ptr_array_index (self->live, i);

        if (!live->ended && !live->is_get_stream && live->is_listen && g_strcmp0 (live->id_key, key) == 0)
          {
            live_deliver (live, text, is_answer);
            return;
          }
      }
  }

  if (handling != NULL)
    {
      if (is_answer && g_strcmp0 (id_key, handling->id_key) == 0)
        handling->answer = g_steal_pointer (&text);
      else
        g_ptr_array_add (handling->before, g_steal_pointer (&text));
      return;
    }

  for (guint i = 0; i < self->live->len; i++)
    {
      Live *live = g_ptr_array_index (self->live, i);

      if (live->ended || live->is_get_stream)
        continue;
      if ((is_answer && g_strcmp0 (live->id_key, id_key) == 0) ||
          (token_key != NULL && !live->is_json && g_strcmp0 (live->token_key, token_key) == 0))
        {
          live_deliver (live, text, is_answer);
          return;
        }
    }

  /* Not about an open request: the GET streams carry it, if any. */
  if (!is_answer)
    broadcast (self, text);
}

/* The "crash" tool: over HTTP, the connection breaks once the request was
 * read, with no answer. */
static gboolean
core_hook (const char *method,
           JsonObject *params,
           gpointer    user_data)
{
  FakeHttpServer *self = user_data;
  Handling *handling = self->handling;

  if (handling != NULL && g_str_equal (method, "tools/call") && params != NULL &&
      g_strcmp0 (json_object_get_string_member_with_default (params, "name", NULL), "crash") == 0)
    {
      handling->drop = TRUE;
      return TRUE;
    }

  return FALSE;
}

/* Hands a request to the core and answers with what it sends. */
static void
answer_with_core (FakeHttpServer    *self,
                  SoupServerMessage *msg,
                  JsonNode          *root)
{
  JsonObject *request = json_node_get_object (root);
  Handling handling = { 0 };
  Live *live;

  handling.id_key = node_to_string (json_object_get_member (request, "id"));
  handling.before = g_ptr_array_new_with_free_func (g_free);

  if (g_strcmp0 (json_object_get_string_member_with_default (request, "method", NULL), "initialize") == 0)
    fake_mcp_core_set_protocol_version (self->core, self->version);

  self->handling = &handling;
  fake_mcp_core_handle (self->core, root);
  self->handling = NULL;

  if (handling.drop)
    {
      g_autoptr(GIOStream) connection = soup_server_message_steal_connection (msg);

      g_io_stream_close (connection, NULL, NULL);
      g_free (handling.id_key);
      g_free (handling.answer);
      g_ptr_array_unref (handling.before);
      return;
    }

  live = reply_with (self, msg, handling.before, handling.answer);
  if (live != NULL)
    {
      live->id_key = g_steal_pointer (&handling.id_key);
      if (!live->is_json)
        live->token_key = progress_token_key (request);
      live->is_listen = g_strcmp0 (json_object_get_string_member_with_default (request, "method", NULL),
                                   "subscriptions/listen") == 0;
      if (live->is_listen && !live->is_json && self->listen_drops > 0)
        {
          /* Acknowledged, then the stream ends with no answer. */
          self->listen_drops--;
          live_end (live);
        }
    }

  g_free (handling.id_key);
  g_free (handling.answer);
  g_ptr_array_unref (handling.before);
}

static gint64
param_int (JsonObject *request,
           const char *name,
           gint64      fallback)
{
  JsonNode *params = json_object_get_member (request, "params");

  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    return fallback;

  return json_object_get_int_member_with_default (json_node_get_object (params), name, fallback);
}

static void
answer_request (FakeHttpServer    *self,
                SoupServerMessage *msg,
                JsonObject        *request,
                const char        *method)
{
  JsonNode *id = json_object_get_member (request, "id");
  JsonNode *params = json_object_get_member (request, "params");
  g_autofree char *params_text = params != NULL ? node_to_string (params) : g_strdup ("{}");
  g_autofree char *answer = NULL;
  guint n;

  if (self->mismatch_times > 0 && g_strcmp0 (method, self->mismatch_method) == 0)
    {
      g_autofree char *id_text = node_to_string (id);
      g_autofree char *body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32020,"
                                               "\"message\":\"Header mismatch: Mcp-Name\"}}", id_text);

      self->mismatch_times--;
      set_json (msg, SOUP_STATUS_BAD_REQUEST, body);
      return;
    }

  if (!g_str_has_prefix (method, "test/"))
    {
      g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), request);

      answer_with_core (self, msg, root);
      return;
    }
  else if (g_str_equal (method, "test/echo"))
    answer = make_result (id, params_text);
  else if (g_str_equal (method, "test/hang"))
    {
      live_watch (live_new (self, msg));
      soup_server_message_pause (msg);
      return;
    }
  else if (g_str_equal (method, "test/sse-hang"))
    {
      Live *live;

      sse_start (msg);
      live = live_new (self, msg);
      live_write (live, "id: hang-0\ndata:\n\n");
      live_watch (live);
      return;
    }
  else if (g_str_equal (method, "test/answer-on-get"))
    {
      g_autofree char *result = make_result (id, "{\"via\":\"get\"}");
      g_autofree char *event = sse_event (NULL, result);

      for (guint i = 0; i < self->live->len; i++)
        {
          Live *live = g_ptr_array_index (self->live, i);

          if (live->is_get_stream)
            live_write (live, event);
        }
      soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
      return;
    }
  else if (g_str_equal (method, "test/500"))
    {
      set_json (msg, SOUP_STATUS_INTERNAL_SERVER_ERROR,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32603,\"message\":\"the fake server broke\"},\"id\":null}");
      return;
    }
  else if (g_str_equal (method, "test/rpc-error-400"))
    {
      g_autofree char *id_text = node_to_string (id);
      g_autofree char *body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32602,"
                                               "\"message\":\"bad params for the fake\"}}", id_text);
      set_json (msg, SOUP_STATUS_BAD_REQUEST, body);
      return;
    }
  else if (g_str_equal (method, "test/html"))
    {
      const char *html = "<html><body>Hello</body></html>";

      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (msg, "text/html; charset=utf-8", SOUP_MEMORY_STATIC, html, strlen (html));
      return;
    }
  else if (g_str_equal (method, "test/invalid-json"))
    {
      set_json (msg, SOUP_STATUS_OK, "{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": ");
      return;
    }
  else if (g_str_equal (method, "test/wrong-id"))
    {
      set_json (msg, SOUP_STATUS_OK, "{\"jsonrpc\":\"2.0\",\"id\":987654,\"result\":{}}");
      return;
    }
  else if (g_str_equal (method, "test/trickle"))
    {
      g_autofree char *text = make_result (id, "{\"slow\":true}");

      trickle (self, msg, "application/json", text, param_int (request, "delay", 5));
      return;
    }
  else if (g_str_equal (method, "test/sse-trickle"))
    {
      g_autofree char *result = make_result (id, "{\"slow\":true}");
      g_autofree char *text = g_strdup_printf (": comment\r\nid: t1\r\ndata: %s\r\n\r\n", result);

      trickle (self, msg, "text/event-stream", text, param_int (request, "delay", 5));
      return;
    }
  else if (g_str_equal (method, "test/notify-first"))
    {
      g_autofree char *result = make_result (id, "{\"after\":\"notification\"}");
      g_autofree char *text = g_strdup_printf ("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                               "\"params\":{\"level\":\"info\",\"data\":\"first\"}}\n\n"
                                               "data: %s\n\n", result);
      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text, strlen (text));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }
  else if (g_str_equal (method, "test/drop"))
    {
      g_autofree char *result = make_result (id, "{\"resumed\":true}");
      g_autofree char *text = NULL;
      g_autofree char *replay_id = NULL;

      n = ++self->counter;
      text = g_strdup_printf ("id: drop-%u-0\nretry: %u\ndata:\n\n"
                              "id: drop-%u-1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                              "\"params\":{\"progressToken\":1,\"progress\":1}}\n\n",
                              n, (guint)param_int (request, "retry", 100), n);
      replay_id = g_strdup_printf ("drop-%u-1", n);
      g_hash_table_replace (self->replay, g_steal_pointer (&replay_id),
                            g_strdup_printf ("id: drop-%u-2\ndata: %s\n\n", n, result));
      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text, strlen (text));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }
  else if (g_str_equal (method, "test/drop-mid-event"))
    {
      g_autofree char *result = make_result (id, "{\"resumed\":\"mid-event\"}");
      g_autofree char *text = NULL;

      /* Event 1 whole, then event 2 (the answer) broken inside its data
       * line. Only event 1 was delivered: resuming from 1 replays 2; from
       * 2, nothing is replayed and the answer is lost. */
      n = ++self->counter;
      text = g_strdup_printf ("id: mid-%u-1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                              "\"params\":{\"progressToken\":1,\"progress\":1}}\n\n"
                              "id: mid-%u-2\ndata: %.*s",
                              n, n, (int)(strlen (result) / 2), result);
      g_hash_table_replace (self->replay, g_strdup_printf ("mid-%u-1", n),
                            g_strdup_printf ("id: mid-%u-2\ndata: %s\n\n", n, result));
      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text, strlen (text));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }
  else if (g_str_equal (method, "test/drop-noid"))
    {
      const char *text = "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                         "\"params\":{\"level\":\"info\",\"data\":\"bye\"}}\n\n";

      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_STATIC, text, strlen (text));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }
  else if (g_str_equal (method, "test/drop-forever"))
    {
      g_autofree char *text = NULL;

      n = ++self->counter;
      text = g_strdup_printf ("id: forever-%u\nretry: 10\ndata:\n\n", n);
      g_hash_table_replace (self->replay, g_strdup_printf ("forever-%u", n), g_strdup (text));
      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, text, strlen (text));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }
  else if (g_str_equal (method, "test/big") || g_str_equal (method, "test/big-json"))
    {
      gsize size = param_int (request, "size", 1024);
      g_autofree char *filler = g_strnfill (size, 'x');
      g_autofree char *result = g_strdup_printf ("{\"filler\":\"%s\"}", filler);

      answer = make_result (id, result);
      if (g_str_equal (method, "test/big-json"))
        {
          set_json (msg, SOUP_STATUS_OK, answer);
          return;
        }
      sse_start (msg);
      {
        g_autofree char *event = sse_event (NULL, answer);

        soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY, event, strlen (event));
        soup_message_body_complete (soup_server_message_get_response_body (msg));
      }
      return;
    }
  else
    {
      /* Unknown test methods: the core says so. */
      g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), request);

      answer_with_core (self, msg, root);
      return;
    }

  reply (self, msg, answer);
}

/* Is the request in the current session? Answers it with an error if not. */
static gboolean
check_session (FakeHttpServer    *self,
               SoupServerMessage *msg,
               const char        *rpc_method)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *id = soup_message_headers_get_one (headers, "Mcp-Session-Id");
  const char *version = soup_message_headers_get_one (headers, "MCP-Protocol-Version");

  if (!self->sessionless)
    {
      if (self->expire_times > 0)
        {
          self->expire_times--;
          g_clear_pointer (&self->session_id, g_free);
        }

      if (id == NULL)
        {
          set_json (msg, SOUP_STATUS_BAD_REQUEST,
                    "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Server not initialized\"},\"id\":null}");
          return FALSE;
        }

      if (self->session_id == NULL || strcmp (id, self->session_id) != 0 ||
          g_strcmp0 (rpc_method, "test/always-expired") == 0 ||
          (self->expired_method != NULL && g_strcmp0 (rpc_method, self->expired_method) == 0))
        {
          if (self->expiry_status == SOUP_STATUS_BAD_REQUEST)
            set_json (msg, SOUP_STATUS_BAD_REQUEST,
                      "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: No valid session ID provided\"},\"id\":null}");
          else
            set_json (msg, SOUP_STATUS_NOT_FOUND,
                      "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Session not found\"},\"id\":null}");
          return FALSE;
        }
    }

  if (version == NULL || strcmp (version, self->version) != 0)
    {
      set_json (msg, SOUP_STATUS_BAD_REQUEST,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Unsupported protocol version\"},\"id\":null}");
      return FALSE;
    }

  return TRUE;
}

static JsonObject *
parse_request (SoupServerMessage *msg,
               JsonParser        *parser)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (!json_parser_load_from_data (parser, data, length, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;

  return json_node_get_object (json_parser_get_root (parser));
}

static gboolean
on_delayed_accept (gpointer data)
{
  Live *live = data;

  live->timer_id = 0;
  live->ended = TRUE;
  soup_server_message_set_status (live->msg, SOUP_STATUS_ACCEPTED, NULL);
  soup_server_message_unpause (live->msg);

  return G_SOURCE_REMOVE;
}

static void
handle_post (FakeHttpServer    *self,
             SoupServerMessage *msg,
             JsonObject        *request)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *accept = soup_message_headers_get_one (headers, "Accept");
  const char *method = json_object_get_string_member_with_default (request, "method", NULL);

  if (accept == NULL || strstr (accept, "application/json") == NULL || strstr (accept, "text/event-stream") == NULL)
    {
      set_json (msg, SOUP_STATUS_NOT_ACCEPTABLE,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Not Acceptable\"},\"id\":null}");
      return;
    }

  if (g_strcmp0 (method, "initialize") == 0)
    {
      g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), request);

      self->n_initialize++;
      if (!self->sessionless)
        {
          g_free (self->session_id);
          self->session_id = g_strdup_printf ("fake-session-%u-%08x", self->n_initialize, g_random_int ());
          soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                        "Mcp-Session-Id", self->session_id);
        }
      answer_with_core (self, msg, root);
      return;
    }

  if (!check_session (self, msg, method))
    return;

  if (method == NULL || !json_object_has_member (request, "id"))
    {
      g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), request);

      /* Notifications and answers to the core's requests. */
      fake_mcp_core_handle (self->core, root);

      if (self->notification_delay_ms > 0)
        {
          Live *live = live_new (self, msg);

          live->timer_id = g_timeout_add (self->notification_delay_ms, on_delayed_accept, live);
          soup_server_message_pause (msg);
          return;
        }

      /* Some servers answer notifications 200 with a body. */
      if (self->notification_body != NULL)
        set_json (msg, SOUP_STATUS_OK, self->notification_body);
      else
        soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
      return;
    }

  answer_request (self, msg, request, method);
}

/* ---------------------------------------------------------------------- */
/* Event streams                                                           */

static void
handle_get (FakeHttpServer    *self,
            SoupServerMessage *msg)
{
  const char *last = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Last-Event-ID");
  const char *replay;
  Live *live;

  if (!check_session (self, msg, NULL))
    return;

  if (last != NULL && (replay = g_hash_table_lookup (self->replay, last)) != NULL)
    {
      sse_start (msg);
      soup_message_body_append (soup_server_message_get_response_body (msg), SOUP_MEMORY_COPY,
                                replay, strlen (replay));
      soup_message_body_complete (soup_server_message_get_response_body (msg));
      return;
    }

  if (self->get_status != 0)
    {
      soup_server_message_set_status (msg, self->get_status, NULL);
      return;
    }

  sse_start (msg);
  live = live_new (self, msg);
  live->is_get_stream = TRUE;
  live_watch (live);
  if (self->get_retry > 0)
    {
      g_autofree char *priming = g_strdup_printf ("id: get-%u\nretry: %u\ndata:\n\n", ++self->counter, self->get_retry);

      live_write (live, priming);
    }
  else
    live_write (live, ": stream open\n\n");
}

/* ---------------------------------------------------------------------- */
/* Legacy HTTP+SSE                                                         */

/* The stream of the current session: the newest. An older one may belong
 * to a client that just left, which the server only notices later. */
static Live *
legacy_stream (FakeHttpServer *self)
{
  for (guint i = self->live->len; i > 0; i--)
    {
      Live *live = g_ptr_array_index (self->live, i - 1);

      if (live->is_get_stream && !live->ended)
        return live;
    }

  return NULL;
}

static void
legacy_get (FakeHttpServer    *self,
            SoupServerMessage *msg)
{
  Live *live;

  sse_start (msg);
  live = live_new (self, msg);
  live->is_get_stream = TRUE;
  live_watch (live);
  if (self->legacy_no_endpoint)
    {
      live_write (live, ": no endpoint for you\n\n");
      return;
    }

  g_free (self->session_id);
  self->session_id = g_strdup_printf ("legacy-session-%08x", g_random_int ());
  {
    g_autofree char *endpoint = self->legacy_endpoint != NULL
      ? g_strdup (self->legacy_endpoint)
      : g_strdup_printf ("/message?sessionId=%s", self->session_id);
    g_autofree char *event = g_strdup_printf ("event: endpoint\ndata: %s\n\n", endpoint);

    live_write (live, event);
  }
}

static void
legacy_post (FakeHttpServer    *self,
             SoupServerMessage *msg,
             GHashTable        *query,
             JsonObject        *request)
{
  const char *session = query != NULL ? g_hash_table_lookup (query, "sessionId") : NULL;
  const char *method = json_object_get_string_member_with_default (request, "method", NULL);
  Live *stream = legacy_stream (self);
  JsonNode *id = json_object_get_member (request, "id");

  if (stream == NULL || session == NULL || g_strcmp0 (session, self->session_id) != 0)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }

  if (g_strcmp0 (method, "test/hang") == 0)
    {
      /* What a real server does with an unknown session: nothing. */
      live_watch (live_new (self, msg));
      soup_server_message_pause (msg);
      return;
    }

  soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
  soup_server_message_set_response (msg, "text/plain", SOUP_MEMORY_STATIC, "Accepted", 8);

  if (g_strcmp0 (method, "test/echo") == 0 && id != NULL)
    {
      JsonNode *params = json_object_get_member (request, "params");
      g_autofree char *params_text = params != NULL ? node_to_string (params) : g_strdup ("{}");
      g_autofree char *answer = make_result (id, params_text);
      g_autofree char *event = g_strdup_printf ("event: message\ndata: %s\n\n", answer);

      live_write (stream, event);
      return;
    }

  if (g_strcmp0 (method, "initialize") == 0)
    {
      self->n_initialize++;
      fake_mcp_core_set_protocol_version (self->core, self->version);
    }

  /* The core answers on the event stream (see core_send_cb). */
  {
    g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), request);

    fake_mcp_core_handle (self->core, root);
  }
}

/* ---------------------------------------------------------------------- */
/* Dispatch                                                                */

static void
append_header (const char *name,
               const char *value,
               gpointer    user_data)
{
  g_string_append_printf (user_data, "%s: %s\n", name, value);
}

static void
record (FakeHttpServer    *self,
        SoupServerMessage *msg,
        const char        *path,
        JsonObject        *request)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  FakeHttpRequest *seen;

  if (self->keep_no_log)
    return;

  seen = g_new0 (FakeHttpRequest, 1);
  seen->http_method = g_strdup (soup_server_message_get_method (msg));
  seen->path = g_strdup (path);
  if (request != NULL)
    seen->rpc_method = g_strdup (json_object_get_string_member_with_default (request, "method", NULL));
  seen->session_id = g_strdup (soup_message_headers_get_one (headers, "Mcp-Session-Id"));
  seen->protocol_version = g_strdup (soup_message_headers_get_one (headers, "MCP-Protocol-Version"));
  seen->last_event_id = g_strdup (soup_message_headers_get_one (headers, "Last-Event-ID"));
  seen->authorization = g_strdup (soup_message_headers_get_one (headers, "Authorization"));
  seen->accept = g_strdup (soup_message_headers_get_one (headers, "Accept"));
  seen->content_type = g_strdup (soup_message_headers_get_content_type (headers, NULL));
  {
    GString *all = g_string_new (NULL);

    soup_message_headers_foreach (headers, append_header, all);
    seen->headers = g_string_free (all, FALSE);
  }
  seen->time_us = g_get_monotonic_time ();
  g_ptr_array_add (self->requests, seen);
}

static void
handle (SoupServer        *server,
        SoupServerMessage *msg,
        const char        *path,
        GHashTable        *query,
        gpointer           user_data)
{
  FakeHttpServer *self = user_data;
  const char *method = soup_server_message_get_method (msg);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *request = NULL;

  if (method == SOUP_METHOD_POST)
    request = parse_request (msg, parser);
  record (self, msg, path, request);

  if (self->redirect_path != NULL && g_str_equal (path, self->redirect_path) &&
      (self->redirect_method == NULL || g_str_equal (method, self->redirect_method)))
    {
      guint status = method == SOUP_METHOD_GET && self->redirect_get_status != 0 ? self->redirect_get_status
                                                                                 : self->redirect_status;

      soup_server_message_set_status (msg, status, NULL);
      soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                    "Location", self->redirect_location);
      return;
    }

  if (self->required_header != NULL)
    {
      const char *colon = strchr (self->required_header, ':');
      g_autofree char *name = g_strndup (self->required_header, colon - self->required_header);
      const char *value = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), name);

      if (g_strcmp0 (value, colon + 1 + strspn (colon + 1, " ")) != 0)
        {
          self->n_unauthorized++;
          set_json (msg, SOUP_STATUS_UNAUTHORIZED,
                    "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Unauthorized\"},\"id\":null}");
          return;
        }
    }

  if (method == SOUP_METHOD_POST && request == NULL)
    {
      set_json (msg, SOUP_STATUS_BAD_REQUEST,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32700,\"message\":\"Parse error\"},\"id\":null}");
      return;
    }

  if (self->legacy)
    {
      if (method == SOUP_METHOD_GET && g_str_equal (path, "/mcp"))
        legacy_get (self, msg);
      else if (method == SOUP_METHOD_POST && g_str_equal (path, "/message"))
        legacy_post (self, msg, query, request);
      else
        soup_server_message_set_status (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL);
      return;
    }

  if (!g_str_equal (path, "/mcp"))
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
  else if (method == SOUP_METHOD_POST)
    handle_post (self, msg, request);
  else if (method == SOUP_METHOD_GET)
    handle_get (self, msg);
  else if (method == SOUP_METHOD_DELETE)
    {
      soup_server_message_set_status (msg, self->delete_status, NULL);
      if (self->delete_status == SOUP_STATUS_OK)
        g_clear_pointer (&self->session_id, g_free);
    }
  else
    soup_server_message_set_status (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL);
}

/* ---------------------------------------------------------------------- */
/* API                                                                     */

FakeHttpServer *
fake_http_server_new (void)
{
  return fake_http_server_new_https (NULL);
}

/* With a certificate: an https server. */
FakeHttpServer *
fake_http_server_new_https (GTlsCertificate *certificate)
{
  FakeHttpServer *self = g_new0 (FakeHttpServer, 1);
  g_autoptr(GError) error = NULL;
  GSList *uris;

  self->reply = FAKE_REPLY_JSON;
  self->priming = TRUE;
  self->get_status = SOUP_STATUS_METHOD_NOT_ALLOWED;
  self->expiry_status = SOUP_STATUS_NOT_FOUND;
  self->delete_status = SOUP_STATUS_OK;
  self->version = g_strdup ("2025-06-18");
  self->requests = g_ptr_array_new_with_free_func ((GDestroyNotify)request_free);
  self->live = g_ptr_array_new_with_free_func ((GDestroyNotify)live_free);
  self->replay = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->core = fake_mcp_core_new (NULL, core_send_cb, self);
  fake_mcp_core_set_hook (self->core, core_hook, self);

  self->server = soup_server_new ("server-header", "fake-mcp ",
                                  "tls-certificate", certificate,
                                  NULL);
  soup_server_add_handler (self->server, NULL, handle, self, NULL);
  if (!soup_server_listen_local (self->server, 0,
                                 SOUP_SERVER_LISTEN_IPV4_ONLY | (certificate != NULL ? SOUP_SERVER_LISTEN_HTTPS : 0),
                                 &error))
    g_error ("fake-http-server: cannot listen on 127.0.0.1: %s", error->message);

  uris = soup_server_get_uris (self->server);
  g_assert (uris != NULL);
  self->port = g_uri_get_port (uris->data);
  g_slist_free_full (uris, (GDestroyNotify)g_uri_unref);

  self->base_url = g_strdup_printf ("%s://127.0.0.1:%u", certificate != NULL ? "https" : "http", self->port);
  self->url = g_strdup_printf ("%s/mcp", self->base_url);

  return self;
}

void
fake_http_server_free (FakeHttpServer *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->live->len; i++)
    {
      Live *live = g_ptr_array_index (self->live, i);

      g_signal_handlers_disconnect_by_data (live->msg, live);
    }
  g_ptr_array_set_size (self->live, 0);

  soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->core, fake_mcp_core_free);
  g_ptr_array_unref (self->live);
  g_ptr_array_unref (self->requests);
  g_hash_table_unref (self->replay);
  g_free (self->base_url);
  g_free (self->url);
  g_free (self->version);
  g_free (self->legacy_endpoint);
  g_free (self->required_header);
  g_free (self->notification_body);
  g_free (self->redirect_path);
  g_free (self->expired_method);
  g_free (self->mismatch_method);
  g_free (self->redirect_method);
  g_free (self->redirect_location);
  g_free (self->session_id);
  g_free (self);
}

/* How many requests with this HTTP method (and JSON-RPC method, if not
 * NULL) the server saw. */
guint
fake_http_server_count (FakeHttpServer *self,
                        const char     *http_method,
                        const char     *rpc_method)
{
  guint n = 0;

  for (guint i = 0; i < self->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (self->requests, i);

      if (g_str_equal (seen->http_method, http_method) &&
          (rpc_method == NULL || g_strcmp0 (seen->rpc_method, rpc_method) == 0))
        n++;
    }

  return n;
}

FakeHttpRequest *
fake_http_server_find (FakeHttpServer *self,
                       const char     *http_method,
                       const char     *rpc_method,
                       guint           nth)
{
  for (guint i = 0; i < self->requests->len; i++)
    {
      FakeHttpRequest *seen = g_ptr_array_index (self->requests, i);

      if (g_str_equal (seen->http_method, http_method) &&
          (rpc_method == NULL || g_strcmp0 (seen->rpc_method, rpc_method) == 0) &&
          nth-- == 0)
        return seen;
    }

  return NULL;
}

guint
fake_http_server_n_streams (FakeHttpServer *self)
{
  guint n = 0;

  for (guint i = 0; i < self->live->len; i++)
    {
      Live *live = g_ptr_array_index (self->live, i);

      n += live->is_get_stream && !live->ended;
    }

  return n;
}

/* Sends a notification on every open GET stream. */
void
fake_http_server_notify (FakeHttpServer *self,
                         const char     *method)
{
  g_autofree char *data = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"method\":\"%s\"}", method);

  broadcast (self, data);
}

/* Ends every open GET stream, as a server restarting its stream would. */
void
fake_http_server_end_streams (FakeHttpServer *self)
{
  for (guint i = 0; i < self->live->len; i++)
    {
      Live *live = g_ptr_array_index (self->live, i);

      if (live->is_get_stream)
        live_end (live);
    }
}
