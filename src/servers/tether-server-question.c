/* tether-server-question.c — one question a server asks its client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A server may ask the client for its roots, to elicit input from the user
 * or to sample a model. A TetherServerQuestion carries one such question
 * from the server's McpClient to whoever answers it (see TetherAnswerer)
 * and its answer back, exactly once. A question nobody answered before the
 * last reference goes is answered as the protocol allows a client that
 * cannot help (tether_server_question_reply_default()): a server is never
 * left waiting.
 */

#define G_LOG_DOMAIN "tether-server-question"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "tether-server-question.h"

struct _TetherServerQuestion
{
  GObject       parent_instance;

  McpClient    *client;
  char         *server_name;
  JsonNode     *id;
  char         *method;
  JsonObject   *params;
  GObject      *owner;
  GCancellable *cancellable;
  gulong        cancelled_id;
  guint         answered : 1;
};

G_DEFINE_FINAL_TYPE (TetherServerQuestion, tether_server_question, G_TYPE_OBJECT)

static void
request_cancelled_cb (TetherServerQuestion *self,
                      JsonNode            *id,
                      McpClient           *client)
{
  if (!self->answered && json_node_equal (id, self->id))
    {
      /* The server gave up: nothing is sent back. */
      self->answered = TRUE;
      g_cancellable_cancel (self->cancellable);
    }
}

static void
client_closed_cb (TetherServerQuestion *self,
                  const GError        *error,
                  McpClient           *client)
{
  self->answered = TRUE;
  g_cancellable_cancel (self->cancellable);
}

static void
tether_server_question_dispose (GObject *object)
{
  TetherServerQuestion *self = (TetherServerQuestion *)object;

  if (!self->answered && self->client != NULL)
    tether_server_question_reply_default (self, _("nobody answered"));

  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);
  g_clear_object (&self->owner);

  G_OBJECT_CLASS (tether_server_question_parent_class)->dispose (object);
}

static void
tether_server_question_finalize (GObject *object)
{
  TetherServerQuestion *self = (TetherServerQuestion *)object;

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->server_name, g_free);
  g_clear_pointer (&self->id, json_node_unref);
  g_clear_pointer (&self->method, g_free);
  g_clear_pointer (&self->params, json_object_unref);

  G_OBJECT_CLASS (tether_server_question_parent_class)->finalize (object);
}

static void
tether_server_question_class_init (TetherServerQuestionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_server_question_dispose;
  object_class->finalize = tether_server_question_finalize;
}

static void
tether_server_question_init (TetherServerQuestion *self)
{
  self->cancellable = g_cancellable_new ();
}

/**
 * tether_server_question_new:
 * @client: the session the question came on
 * @server_name: the server's name
 * @id: the request's id
 * @method: what it asks
 * @params: (nullable): its params
 * @owner: (nullable): who made the call the question belongs to
 *
 * Returns: (transfer full): the question, to be answered once
 */
TetherServerQuestion *
tether_server_question_new (McpClient  *client,
                           const char *server_name,
                           JsonNode   *id,
                           const char *method,
                           JsonObject *params,
                           GObject    *owner)
{
  TetherServerQuestion *self;

  g_return_val_if_fail (MCP_IS_CLIENT (client), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (method != NULL, NULL);

  self = g_object_new (TETHER_TYPE_SERVER_QUESTION, NULL);
  self->client = g_object_ref (client);
  self->server_name = g_strdup (server_name);
  self->id = json_node_copy (id);
  self->method = g_strdup (method);
  self->params = params != NULL ? json_object_ref (params) : NULL;
  self->owner = owner != NULL ? g_object_ref (owner) : NULL;

  g_signal_connect_object (client, "request-cancelled",
                           G_CALLBACK (request_cancelled_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "closed",
                           G_CALLBACK (client_closed_cb), self, G_CONNECT_SWAPPED);

  return self;
}

const char *
tether_server_question_get_server_name (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->server_name;
}

const char *
tether_server_question_get_method (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->method;
}

/**
 * tether_server_question_get_params:
 * @self: a #TetherServerQuestion
 *
 * Returns: (transfer none) (nullable): the request's params
 */
JsonObject *
tether_server_question_get_params (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->params;
}

/**
 * tether_server_question_get_id:
 * @self: a #TetherServerQuestion
 *
 * Returns: (transfer none): the id the server gave the request
 */
JsonNode *
tether_server_question_get_id (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->id;
}

/**
 * tether_server_question_get_owner:
 * @self: a #TetherServerQuestion
 *
 * The object given to tether_server_call_tool_full_async() for the call
 * this question belongs to: the call whose HTTP stream carried it, the one
 * its `_meta` names, or, when it says nothing, the only call with an owner
 * in flight on that server.
 *
 * Returns: (transfer none) (nullable): the owner, or %NULL when unknown
 */
GObject *
tether_server_question_get_owner (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->owner;
}

/**
 * tether_server_question_get_cancellable:
 * @self: a #TetherServerQuestion
 *
 * Returns: (transfer none): cancelled when the server cancels the request
 *   or the session ends; no answer is expected then
 */
GCancellable *
tether_server_question_get_cancellable (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), NULL);

  return self->cancellable;
}

gboolean
tether_server_question_is_answered (TetherServerQuestion *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (self), TRUE);

  return self->answered;
}

/**
 * tether_server_question_reply:
 * @self: a #TetherServerQuestion
 * @result: the result object
 *
 * Answers the server; later answers are ignored.
 */
void
tether_server_question_reply (TetherServerQuestion *self,
                             JsonNode            *result)
{
  g_return_if_fail (TETHER_IS_SERVER_QUESTION (self));
  g_return_if_fail (result != NULL);

  if (self->answered)
    return;

  self->answered = TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (result))
    mcp_client_reply_error (self->client, self->id, MCP_RPC_INTERNAL_ERROR,
                            "the client's answer is not an object");
  else
    mcp_client_reply (self->client, self->id, result);
}

/**
 * tether_server_question_reply_error:
 * @self: a #TetherServerQuestion
 * @code: a JSON-RPC error code
 * @message: the error message
 *
 * Answers the server with an error; later answers are ignored.
 */
void
tether_server_question_reply_error (TetherServerQuestion *self,
                                   int                  code,
                                   const char          *message)
{
  g_return_if_fail (TETHER_IS_SERVER_QUESTION (self));

  if (self->answered)
    return;

  self->answered = TRUE;
  mcp_client_reply_error (self->client, self->id, code, message);
}

/**
 * tether_server_question_reply_default:
 * @self: a #TetherServerQuestion
 * @why: why nobody can answer, for the server
 *
 * The answer of a client that cannot help, as the protocol allows:
 * `roots/list` gets no roots, `elicitation/create` is declined,
 * `sampling/createMessage` is refused with an error, anything else is
 * "method not found".
 */
void
tether_server_question_reply_default (TetherServerQuestion *self,
                                     const char          *why)
{
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (TETHER_IS_SERVER_QUESTION (self));

  if (self->answered)
    return;

  if (g_str_equal (self->method, "roots/list"))
    {
      JsonObject *object = json_object_new ();

      json_object_set_array_member (object, "roots", json_array_new ());
      result = json_node_init_object (json_node_alloc (), object);
      json_object_unref (object);
      tether_server_question_reply (self, result);
    }
  else if (g_str_equal (self->method, "elicitation/create"))
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "action", "decline");
      result = json_node_init_object (json_node_alloc (), object);
      json_object_unref (object);
      tether_server_question_reply (self, result);
    }
  else if (g_str_equal (self->method, "sampling/createMessage"))
    {
      /* -1: what clients answer when sampling is refused */
      message = g_strdup_printf ("Sampling was refused: %s", why);
      tether_server_question_reply_error (self, -1, message);
    }
  else
    {
      message = g_strdup_printf ("Method not found: %s", self->method);
      tether_server_question_reply_error (self, MCP_RPC_METHOD_NOT_FOUND, message);
    }
}
