/* tether-hub-call.c — one request of an AI client, until it is answered
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A request is answered once: in the body of its POST (JSON), or as the
 * last event of the POST's SSE stream, which also carries what belongs to
 * it meanwhile (progress, the server's questions). A request the client
 * cancelled gets no answer, as the protocol asks; its stream just ends.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include "mcp-json.h"
#include "tether-hub-private.h"

G_DEFINE_FINAL_TYPE (TetherHubCall, tether_hub_call, G_TYPE_OBJECT)

static void
msg_finished_cb (SoupServerMessage *msg,
                 TetherHubCall     *self)
{
  /* The client went away; the answer has nowhere to go. */
  g_signal_handlers_disconnect_by_data (msg, self);
  g_clear_object (&self->msg);
}

static void
forget (TetherHubCall *self)
{
  if (self->session != NULL && self->id_key != NULL &&
      g_hash_table_lookup (self->session->calls, self->id_key) == self)
    g_hash_table_remove (self->session->calls, self->id_key);
}

static void
tether_hub_call_dispose (GObject *object)
{
  TetherHubCall *self = (TetherHubCall *)object;

  if (self->msg != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->msg, self);
      /* Never left paused: answer something. */
      if (!self->answered)
        {
          soup_server_message_set_status (self->msg, SOUP_STATUS_INTERNAL_SERVER_ERROR, NULL);
          soup_server_message_unpause (self->msg);
        }
      g_clear_object (&self->msg);
    }
  if (self->writer != NULL)
    {
      mcp_sse_writer_close (self->writer);
      g_clear_object (&self->writer);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->record);
  g_clear_weak_pointer (&self->hub);

  G_OBJECT_CLASS (tether_hub_call_parent_class)->dispose (object);
}

static void
tether_hub_call_finalize (GObject *object)
{
  TetherHubCall *self = (TetherHubCall *)object;

  g_clear_pointer (&self->method, g_free);
  g_clear_pointer (&self->id, json_node_unref);
  g_clear_pointer (&self->id_key, g_free);
  g_clear_pointer (&self->log_server, g_free);
  g_clear_pointer (&self->progress_token, json_node_unref);
  g_clear_pointer (&self->parked, json_node_unref);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (tether_hub_call_parent_class)->finalize (object);
}

static void
tether_hub_call_class_init (TetherHubCallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_hub_call_dispose;
  object_class->finalize = tether_hub_call_finalize;
}

static void
tether_hub_call_init (TetherHubCall *self)
{
  self->cancellable = g_cancellable_new ();
}

/* A request id as a key: integers as digits, strings quoted. */
static char *
id_key (JsonNode *id)
{
  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id))
    return NULL;
  if (json_node_get_value_type (id) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (id));
  if (json_node_get_value_type (id) == G_TYPE_STRING)
    return g_strconcat ("\"", json_node_get_string (id), NULL);

  return NULL;
}

TetherHubCall *
_tether_hub_call_new (TetherHub         *hub,
                      TetherHubSession  *session,
                      SoupServerMessage *msg,
                      const char        *method,
                      JsonNode          *id,
                      JsonObject        *params)
{
  TetherHubCall *self = g_object_new (TETHER_TYPE_HUB_CALL, NULL);

  /* A call may end after the hub: a server answers late. */
  g_set_weak_pointer (&self->hub, hub);
  self->session = session != NULL ? g_object_ref (session) : NULL;
  self->method = g_strdup (method);
  self->id = json_node_copy (id);
  self->id_key = id_key (id);
  self->msg = g_object_ref (msg);
  g_signal_connect (msg, "finished", G_CALLBACK (msg_finished_cb), self);
  soup_server_message_pause (msg);

  if (params != NULL && json_object_has_member (params, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    {
      JsonObject *meta = json_object_get_object_member (params, "_meta");
      JsonNode *token = json_object_get_member (meta, "progressToken");

      if (token != NULL && JSON_NODE_HOLDS_VALUE (token))
        self->progress_token = json_node_copy (token);
    }

  if (session != NULL && self->id_key != NULL)
    g_hash_table_replace (session->calls, g_strdup (self->id_key), g_object_ref (self));

  return self;
}

/* In the stateless revision a client cancels a request by closing its
 * stream. */
static void
writer_closed_cb (McpSseWriter  *writer,
                  TetherHubCall *self)
{
  if (!self->answered && !self->detached && self->writer == writer)
    _tether_hub_call_cancel (self);
}

/* Answer with an SSE stream: what belongs to the request goes there. */
void
_tether_hub_call_use_stream (TetherHubCall *self)
{
  if (self->writer != NULL || self->msg == NULL)
    return;

  g_signal_handlers_disconnect_by_data (self->msg, self);
  self->writer = mcp_sse_writer_new (self->msg);
  g_clear_object (&self->msg);
  if (self->session != NULL && self->session->stateless)
    g_signal_connect_object (self->writer, "closed", G_CALLBACK (writer_closed_cb), self, 0);
}

JsonNode *
_tether_hub_message_new (JsonNode   *id,
                         const char *method,
                         JsonObject *params)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "jsonrpc", "2.0");
  if (id != NULL)
    json_object_set_member (object, "id", json_node_copy (id));
  if (method != NULL)
    json_object_set_string_member (object, "method", method);
  if (params != NULL)
    json_object_set_object_member (object, "params", json_object_ref (params));

  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  return node;
}

/**
 * _tether_hub_http_error:
 * @msg: a request to refuse
 * @status: the HTTP status
 * @id: (nullable): the request's id, if it has one
 * @code: the JSON-RPC error code
 * @message: what was wrong
 * @data: (nullable) (transfer full): the error's data
 *
 * Answers @msg with a JSON-RPC error at once.
 */
void
_tether_hub_http_error (SoupServerMessage *msg,
                        guint              status,
                        JsonNode          *id,
                        int                code,
                        const char        *message,
                        JsonNode          *data)
{
  g_autoptr(JsonNode) node = _tether_hub_message_new (id, NULL, NULL);
  JsonObject *error = json_object_new ();
  g_autofree char *text = NULL;

  if (id == NULL)
    json_object_set_null_member (json_node_get_object (node), "id");
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  if (data != NULL)
    json_object_set_member (error, "data", data);
  json_object_set_object_member (json_node_get_object (node), "error", error);
  text = json_to_string (node, FALSE);

  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, text, strlen (text));
}

/* Whether the client accepts an answer as an SSE stream. */
gboolean
_tether_hub_accepts_sse (SoupServerMessage *msg)
{
  const char *accept = soup_message_headers_get_list (soup_server_message_get_request_headers (msg), "Accept");

  return accept != NULL && strstr (accept, "text/event-stream") != NULL;
}

/* Sends @message (or, for %NULL, an empty 202) on the call's stream or as
 * its JSON answer; either way the call has no HTTP request after this. */
static void
deliver (TetherHubCall *self,
         JsonNode      *message)
{
  if (self->writer != NULL)
    {
      if (message != NULL)
        mcp_sse_writer_send (self->writer, message);
      mcp_sse_writer_close (self->writer);
      g_clear_object (&self->writer);
    }
  else if (self->msg != NULL && message == NULL)
    {
      soup_server_message_set_status (self->msg, SOUP_STATUS_ACCEPTED, NULL);
      g_signal_handlers_disconnect_by_data (self->msg, self);
      soup_server_message_unpause (self->msg);
      g_clear_object (&self->msg);
    }
  else if (self->msg != NULL)
    {
      /* The mcp-json writer: a list answer holds its entries as text. */
      GString *text = g_string_new (NULL);
      gsize length;

      mcp_json_write (message, text);
      length = text->len;
      soup_server_message_set_status (self->msg, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (self->msg, "application/json", SOUP_MEMORY_TAKE,
                                        g_string_free (text, FALSE), length);
      g_signal_handlers_disconnect_by_data (self->msg, self);
      soup_server_message_unpause (self->msg);
      g_clear_object (&self->msg);
    }
}

static void
send_answer (TetherHubCall *self,
             JsonNode      *message)
{
  self->answered = TRUE;
  forget (self);

  /* Waiting for the client to come back with its input: the answer
   * waits for it too. */
  if (self->detached)
    {
      g_clear_pointer (&self->parked, json_node_unref);
      self->parked = message != NULL ? json_node_copy (message) : NULL;
      return;
    }

  deliver (self, message);
}

/* TRUE when there is nothing to send: it was answered, or the client
 * cancelled it (then no answer, the stream just ends). */
static gboolean
nothing_to_send (TetherHubCall *self)
{
  if (self->answered)
    return TRUE;

  if (self->cancelled)
    {
      send_answer (self, NULL);
      return TRUE;
    }

  return FALSE;
}

/* A client of the initialize era is not passed the `resultType` a result
 * of a server of the stateless revision (2026-07-28) says ("complete":
 * one that asked for input was answered on the way): it is no member of a
 * result in that era. Returns @result, or a copy without it. */
static JsonObject *
legacy_result (JsonObject *result)
{
  g_autoptr(GList) members = NULL;
  JsonObject *copy;

  if (!json_object_has_member (result, "resultType"))
    return json_object_ref (result);

  copy = json_object_new ();
  members = json_object_get_members (result);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "resultType"))
      json_object_set_member (copy, l->data, json_node_copy (json_object_get_member (result, l->data)));

  return copy;
}

static JsonNode *
result_message (TetherHubCall *self,
                JsonObject    *result)
{
  JsonNode *message = _tether_hub_message_new (self->id, NULL, NULL);
  JsonObject *object = json_node_get_object (message);

  if (self->session != NULL && self->session->stateless)
    json_object_set_object_member (object, "result", _tether_hub_stateless_result (self->method, result));
  else
    json_object_set_object_member (object, "result", legacy_result (result));

  return message;
}

void
_tether_hub_call_reply (TetherHubCall *self,
                        JsonObject    *result)
{
  g_autoptr(JsonNode) message = NULL;

  if (nothing_to_send (self))
    return;

  message = result_message (self, result);
  send_answer (self, message);
}

void
_tether_hub_call_reply_error (TetherHubCall *self,
                              int            code,
                              const char    *text)
{
  g_autoptr(JsonNode) message = NULL;
  JsonObject *error;

  if (nothing_to_send (self))
    return;

  message = _tether_hub_message_new (self->id, NULL, NULL);
  error = json_object_new ();
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", text);
  json_object_set_object_member (json_node_get_object (message), "error", error);
  send_answer (self, message);
}

/**
 * _tether_hub_call_hand_over:
 * @self: a call of a client of the stateless revision
 * @result: an `input_required` result
 *
 * Answers the client's request with @result while the call goes on: its
 * answer waits for the request that brings the input
 * (_tether_hub_call_resume()).
 */
void
_tether_hub_call_hand_over (TetherHubCall *self,
                            JsonObject    *result)
{
  g_autoptr(JsonNode) message = NULL;

  if (self->answered || self->cancelled || self->detached)
    return;

  message = result_message (self, result);
  self->detached = TRUE;
  deliver (self, message);
}

/**
 * _tether_hub_call_resume:
 * @self: a call handed over
 * @msg: the request that brings the client's input
 * @id: its id
 *
 * What the call answers from now on answers @msg, under @id; an answer
 * that came in the meantime at once.
 */
void
_tether_hub_call_resume (TetherHubCall     *self,
                         SoupServerMessage *msg,
                         JsonNode          *id)
{
  g_return_if_fail (self->detached);

  self->detached = FALSE;
  g_clear_pointer (&self->id, json_node_unref);
  self->id = json_node_copy (id);
  self->msg = g_object_ref (msg);
  g_signal_connect (msg, "finished", G_CALLBACK (msg_finished_cb), self);
  soup_server_message_pause (msg);

  if (self->answered)
    {
      g_autoptr(JsonNode) parked = g_steal_pointer (&self->parked);

      if (parked != NULL)
        json_object_set_member (json_node_get_object (parked), "id", json_node_copy (id));
      deliver (self, parked);
      return;
    }

  if (g_str_equal (self->method, "tools/call") && _tether_hub_accepts_sse (msg))
    _tether_hub_call_use_stream (self);
}

/* The client sent notifications/cancelled for this request. */
void
_tether_hub_call_cancel (TetherHubCall *self)
{
  if (self->answered || self->cancelled)
    return;

  self->cancelled = TRUE;
  g_cancellable_cancel (self->cancellable);
}

/**
 * tether_hub_call_get_method:
 * @self: a #TetherHubCall
 *
 * Returns: the request's method
 */
const char *
tether_hub_call_get_method (TetherHubCall *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CALL (self), NULL);

  return self->method;
}
