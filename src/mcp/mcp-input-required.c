/* mcp-input-required.c — McpClient: questions a server asks inside a result
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"

/* In the stateless revision a server sends no requests of its own: a
 * `tools/call`, `prompts/get` or `resources/read` may instead answer with
 * `resultType: "input_required"`, naming what it needs (an elicitation, a
 * sampling, the roots) under keys of `inputRequests`, and perhaps an
 * opaque `requestState`. Each question goes to the same handlers as a
 * server's request would (McpClient::server-request, under an id of our
 * own that never reaches the wire); when all are answered, the request is
 * sent again under a new id, with the same params plus `inputResponses`
 * and the `requestState` exactly as it came (or none when none came).
 * Neither ever goes on another request. A server that keeps asking is
 * stopped after MAX_ROUNDS. */

#define MAX_ROUNDS    10
#define ID_PREFIX     "tether-input-"

typedef struct
{
  GTask       *task;            /* of the typed call: gets the final object */
  char        *method;
  JsonObject  *params;          /* the caller's, never changed */
  McpRequestOptions options;
  guint        rounds;
  JsonObject  *responses;       /* inputResponses being gathered */
  JsonNode    *request_state;   /* as it came, or NULL */
  guint        waiting;         /* questions still unanswered */
  GError      *error;           /* the first question that failed */
  gboolean     ask_only;        /* hand the answers back, send nothing */
} Round;

typedef struct
{
  Round *round;
  char  *id;                    /* ours, never on the wire */
  char  *key;                   /* the server's name for it */
} Question;

static void
question_free (Question *question)
{
  g_free (question->id);
  g_free (question->key);
  g_free (question);
}

static void
round_free (Round *round)
{
  g_clear_object (&round->task);
  g_free (round->method);
  g_clear_pointer (&round->params, json_object_unref);
  g_clear_pointer (&round->responses, json_object_unref);
  g_clear_pointer (&round->request_state, json_node_unref);
  g_clear_error (&round->error);
  g_free (round);
}

static McpClient *
round_client (Round *round)
{
  return g_task_get_source_object (round->task);
}

/* Forgets the questions of @round still unanswered: their answers, if
 * they come, are dropped. */
static void
round_forget_questions (Round *round)
{
  McpClient *self = round_client (round);
  GHashTableIter iter;
  Question *question;

  g_hash_table_iter_init (&iter, self->input_questions);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&question))
    {
      if (question->round != round)
        continue;
      g_hash_table_iter_remove (&iter);
      question_free (question);
    }
  round->waiting = 0;
}

static void
round_fail (Round  *round,
            GError *error)
{
  round_forget_questions (round);
  g_task_return_error (round->task, error);
  round_free (round);
}

static void round_send (Round *round);

static void
round_answered_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Round *round = user_data;
  McpClient *self = MCP_CLIENT (object);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    {
      round_fail (round, g_steal_pointer (&error));
      return;
    }

  _mcp_client_input_required (self, g_steal_pointer (&round->task), round->method, round->params,
                              &round->options, reply);
  round_free (round);
}

static void
round_send (Round *round)
{
  McpClient *self = round_client (round);
  g_autoptr(JsonObject) params = _mcp_json_object_copy (round->params);

  json_object_set_object_member (params, "inputResponses", json_object_ref (round->responses));
  if (round->request_state != NULL)
    json_object_set_member (params, "requestState", json_node_copy (round->request_state));

  mcp_client_request_async (self, round->method, params, &round->options,
                            g_task_get_cancellable (round->task), round_answered_cb, round);
}

/**
 * _mcp_client_input_answered:
 * @self: a #McpClient
 * @id: the id a handler answered
 * @result: (transfer full) (nullable): the answer
 * @error_code: the error, when @result is %NULL
 * @error_message: its message
 *
 * Returns: whether @id was one of ours (the answer is then taken)
 */
gboolean
_mcp_client_input_answered (McpClient  *self,
                            JsonNode   *id,
                            JsonObject *result,
                            int         error_code,
                            const char *error_message)
{
  g_autoptr(JsonObject) owned = result;
  const char *key;
  Question *question;
  Round *round;

  if (!JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING)
    {
      g_steal_pointer (&owned);
      return FALSE;
    }

  key = json_node_get_string (id);
  if (!g_str_has_prefix (key, ID_PREFIX))
    {
      g_steal_pointer (&owned);
      return FALSE;
    }

  question = g_hash_table_lookup (self->input_questions, key);
  if (question == NULL)
    {
      g_debug ("dropped an answer to %s: its request is over", key);
      return TRUE;
    }

  round = question->round;
  g_hash_table_remove (self->input_questions, key);
  round->waiting--;

  if (result != NULL)
    json_object_set_object_member (round->responses, question->key, g_steal_pointer (&owned));
  else if (round->error == NULL)
    /* Translators: the first %s is what the server asked, such as
     * sampling/createMessage; the second why it could not be answered */
    round->error = g_error_new (MCP_ERROR, MCP_ERROR_FAILED,
                                _("The server asked for input (“%s”) that Tether could not give: %s"),
                                question->key, error_message);
  question_free (question);

  if (round->waiting > 0)
    return TRUE;

  if (round->error != NULL)
    round_fail (round, g_steal_pointer (&round->error));
  else if (round->ask_only)
    {
      g_task_return_pointer (round->task, json_object_ref (round->responses),
                             (GDestroyNotify)json_object_unref);
      round_free (round);
    }
  else
    round_send (round);

  return TRUE;
}

/* Asks each question of @requests; FALSE when one is malformed. */
static gboolean
round_ask (Round      *round,
           JsonObject *requests)
{
  McpClient *self = round_client (round);
  g_autoptr(GList) keys = json_object_get_members (requests);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  g_autoptr(GPtrArray) questions = g_ptr_array_new ();

  /* All are checked and registered before any is asked: a handler may
   * answer at once. */
  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *node = json_object_get_member (requests, l->data);
      JsonObject *request;
      Question *question;
      JsonNode *id;

      if (!JSON_NODE_HOLDS_OBJECT (node) ||
          !mcp_json_has_string (json_node_get_object (node), "method"))
        return FALSE;
      request = json_node_get_object (node);
      if (json_object_has_member (request, "params") &&
          !JSON_NODE_HOLDS_OBJECT (json_object_get_member (request, "params")))
        return FALSE;

      question = g_new0 (Question, 1);
      question->round = round;
      question->id = g_strdup_printf (ID_PREFIX "%" G_GUINT64_FORMAT, ++self->next_input_id);
      question->key = g_strdup (l->data);
      g_hash_table_insert (self->input_questions, question->id, question);
      round->waiting++;

      id = json_node_new (JSON_NODE_VALUE);
      json_node_set_string (id, question->id);
      g_ptr_array_add (nodes, id);
      g_ptr_array_add (questions, request);
    }

  for (guint i = 0; i < nodes->len; i++)
    {
      JsonObject *request = g_ptr_array_index (questions, i);
      JsonNode *id = g_ptr_array_index (nodes, i);
      JsonObject *params = NULL;
      g_autoptr(JsonObject) result = NULL;
      g_autoptr(GError) error = NULL;

      if (json_object_has_member (request, "params"))
        params = json_object_get_object_member (request, "params");

      /* What nobody takes is answered at once, as if by a handler. */
      if (!_mcp_client_ask (self, id, json_object_get_string_member (request, "method"),
                            params, round->options.tag, &result, &error))
        _mcp_client_input_answered (self, id, g_steal_pointer (&result), error != NULL ? error->code : 0,
                                    error != NULL ? error->message : NULL);
    }

  return TRUE;
}

/**
 * _mcp_client_input_required:
 * @self: a #McpClient
 * @task: (transfer full): the task of the typed call; returns the final
 *   result object
 * @method: the request
 * @params: (nullable): its params as the caller gave them
 * @options: (nullable): its options
 * @reply: what the server answered
 *
 * Completes @task with @reply when it is complete; when it asks for input,
 * asks the questions and sends the request again with the answers.
 */
void
_mcp_client_input_required (McpClient               *self,
                            GTask                   *task,
                            const char              *method,
                            JsonObject              *params,
                            const McpRequestOptions *options,
                            JsonNode                *reply)
{
  JsonObject *object;
  const char *type = NULL;
  JsonNode *requests;
  Round *round;

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("The answer to %s is not an object"), method);
      g_object_unref (task);
      return;
    }

  object = json_node_get_object (reply);
  if (mcp_json_has_string (object, "resultType"))
    type = json_object_get_string_member (object, "resultType");

  /* No resultType is a complete result; a task is McpTask's to follow. */
  if (type == NULL || g_str_equal (type, "complete") ||
      (g_str_equal (type, "task") && options != NULL && (options->flags & _MCP_SEND_FLAGS_TASK) != 0))
    {
      g_task_return_pointer (task, json_node_ref (reply), (GDestroyNotify)json_node_unref);
      g_object_unref (task);
      return;
    }

  if (!g_str_equal (type, "input_required"))
    {
      /* Translators: the first %s is a method such as tools/call, the
       * second what the server called its result */
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("The answer to %s has a result type Tether does not know: “%s”"),
                               method, type);
      g_object_unref (task);
      return;
    }

  round = g_new0 (Round, 1);
  round->task = task;
  round->method = g_strdup (method);
  round->params = params != NULL ? json_object_ref (params) : NULL;
  if (options != NULL)
    round->options = *options;
  round->rounds = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (task), "input-rounds")) + 1;
  g_object_set_data (G_OBJECT (task), "input-rounds", GUINT_TO_POINTER (round->rounds));
  round->responses = json_object_new ();
  if (json_object_has_member (object, "requestState"))
    round->request_state = json_node_copy (json_object_get_member (object, "requestState"));

  if (round->rounds > MAX_ROUNDS)
    {
      /* Translators: %s is a method such as tools/call, %u a number */
      round_fail (round, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                      _("The server kept asking for input to %s: stopped after %u rounds"),
                                      method, MAX_ROUNDS));
      return;
    }

  requests = json_object_get_member (object, "inputRequests");
  if (requests != NULL && !JSON_NODE_HOLDS_OBJECT (requests) && !JSON_NODE_HOLDS_NULL (requests))
    {
      round_fail (round, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                      _("The server asked for input to %s in a form Tether cannot read"),
                                      method));
      return;
    }

  /* Only a state to carry: sent again at once. */
  if (requests == NULL || JSON_NODE_HOLDS_NULL (requests) ||
      json_object_get_size (json_node_get_object (requests)) == 0)
    {
      round_send (round);
      return;
    }

  _mcp_client_emit_event (self, _("the server asks for input to %s (round %u)"), method, round->rounds);
  if (!round_ask (round, json_node_get_object (requests)))
    round_fail (round, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                    _("The server asked for input to %s in a form Tether cannot read"),
                                    method));
}

/* The connection closed: the calls whose questions are still open fail
 * now; answers that come later are dropped. */
void
_mcp_client_input_dispose (McpClient *self)
{
  g_autoptr(GPtrArray) rounds = g_ptr_array_new ();
  GHashTableIter iter;
  Question *question;

  if (self->input_questions == NULL)
    return;

  g_hash_table_iter_init (&iter, self->input_questions);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&question))
    if (!g_ptr_array_find (rounds, question->round, NULL))
      g_ptr_array_add (rounds, question->round);

  for (guint i = 0; i < rounds->len; i++)
    {
      Round *round = g_ptr_array_index (rounds, i);

      round_fail (round, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                      _("The connection closed while %s waited for input"), round->method));
    }
}

/**
 * _mcp_client_input_ask:
 * @self: a #McpClient
 * @what: what the answers are for, such as tasks/update, for messages
 * @requests: the `inputRequests` of a task that waits for input
 * @options: (nullable): the options of the request they belong to (its tag)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the answers
 * @user_data: data for @callback
 *
 * Asks the questions of @requests through the same handlers as those of
 * an `input_required` result, and hands back the `inputResponses` object;
 * sending it is the caller's.
 */
void
_mcp_client_input_ask (McpClient               *self,
                       const char              *what,
                       JsonObject              *requests,
                       const McpRequestOptions *options,
                       GCancellable            *cancellable,
                       GAsyncReadyCallback      callback,
                       gpointer                 user_data)
{
  Round *round = g_new0 (Round, 1);

  round->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (round->task, _mcp_client_input_ask);
  round->method = g_strdup (what);
  round->ask_only = TRUE;
  if (options != NULL)
    round->options = *options;
  round->responses = json_object_new ();

  if (json_object_get_size (requests) == 0)
    {
      g_task_return_pointer (round->task, json_object_ref (round->responses),
                             (GDestroyNotify)json_object_unref);
      round_free (round);
      return;
    }

  if (!round_ask (round, requests))
    round_fail (round, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                    _("The server asked for input to %s in a form Tether cannot read"),
                                    what));
}

JsonObject *
_mcp_client_input_ask_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
