/* tether-hub-input.c — a server's questions, asked of a stateless client
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A client of the stateless revision (2026-07-28) takes no requests: a
 * server's question (an elicitation, a sampling, the roots) reaches it
 * inside a result instead. Whatever the era of the server that asks (a
 * server of the initialize era sends a request; one of the stateless
 * revision answers `input_required`, which the server's client turns into
 * the same questions), the call that caused it is held: the client's
 * request is answered with `resultType: "input_required"`, the questions
 * under keys of `inputRequests`, and a `requestState` that names the held
 * call. Questions that come together go out together.
 *
 * The client sends the request again with `inputResponses` and that
 * `requestState`: each question is answered (one it left out gets the
 * answer of a client that cannot help) and the held call answers this new
 * request, with its result or with the next questions under a new state.
 * A state is good for one retry, on the same path and method. A client
 * that does not come back within HELD_TIMEOUT_S loses the call: its
 * questions get the default answer and the call is cancelled. At most
 * MAX_HELD calls are held; past that a question goes to the next
 * answerer, as for a client that cannot answer.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "tether-hub-private.h"

#define MAX_HELD         64
#define HELD_TIMEOUT_S   300
#define STATE_PREFIX     "tether-held-"

/* One call held for a client's input. */
struct _TetherHubHeld
{
  TetherHub     *hub;             /* unowned: the hub owns this */
  char          *state;           /* NULL while not handed out */
  TetherHubCall *call;
  GHashTable    *asked;           /* key → TetherServerQuestion, handed out */
  GPtrArray     *pending;         /* TetherServerQuestion, not yet */
  guint          next_key;
  guint          idle_id;
  guint          timeout_id;
};

static char *
new_state (void)
{
  g_autofree char *hex = _tether_hub_random_hex (24);

  return g_strconcat (STATE_PREFIX, hex, NULL);
}

/* Every question of @held gets the answer of a client that cannot help. */
static void
answer_all_default (TetherHubHeld *held,
                    const char    *reason)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, held->asked);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    tether_server_question_reply_default (value, reason);
  g_hash_table_remove_all (held->asked);

  for (guint i = 0; i < held->pending->len; i++)
    tether_server_question_reply_default (g_ptr_array_index (held->pending, i), reason);
  g_ptr_array_set_size (held->pending, 0);
}

void
_tether_hub_held_free (TetherHubHeld *held)
{
  g_clear_handle_id (&held->idle_id, g_source_remove);
  g_clear_handle_id (&held->timeout_id, g_source_remove);
  answer_all_default (held, "the client did not answer");
  g_clear_pointer (&held->asked, g_hash_table_unref);
  g_clear_pointer (&held->pending, g_ptr_array_unref);
  g_clear_object (&held->call);
  g_free (held->state);
  g_free (held);
}

static TetherHubHeld *
find_held (TetherHub     *self,
           TetherHubCall *call)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->held);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((TetherHubHeld *)value)->call == call)
      return value;

  return NULL;
}

/* Held too long: the call is given up. */
static gboolean
held_timeout_cb (gpointer user_data)
{
  TetherHubHeld *held = user_data;
  g_autoptr(TetherHubCall) call = g_object_ref (held->call);

  held->timeout_id = 0;
  g_debug ("a stateless client did not come back with its input: cancelling its call");
  answer_all_default (held, "the client did not answer");
  _tether_hub_call_cancel (call);
  g_hash_table_remove (held->hub->held, held->state);

  return G_SOURCE_REMOVE;
}

/* Hands the pending questions to the client, in one input_required. */
static void
hand_over_idle_cb (gpointer user_data)
{
  TetherHubHeld *held = user_data;
  g_autoptr(JsonObject) result = json_object_new ();
  JsonObject *requests = json_object_new ();

  held->idle_id = 0;
  if (held->pending->len == 0 || held->call->detached || held->call->answered)
    {
      json_object_unref (requests);
      return;
    }

  for (guint i = 0; i < held->pending->len; i++)
    {
      TetherServerQuestion *question = g_ptr_array_index (held->pending, i);
      g_autofree char *key = g_strdup_printf ("q%u", ++held->next_key);
      JsonObject *request = json_object_new ();
      JsonObject *params = tether_server_question_get_params (question);

      json_object_set_string_member (request, "method", tether_server_question_get_method (question));
      if (params != NULL)
        json_object_set_object_member (request, "params", json_object_ref (params));
      json_object_set_object_member (requests, key, request);
      g_hash_table_replace (held->asked, g_strdup (key), g_object_ref (question));
    }
  g_ptr_array_set_size (held->pending, 0);

  json_object_set_string_member (result, "resultType", "input_required");
  json_object_set_object_member (result, "inputRequests", requests);
  json_object_set_string_member (result, "requestState", held->state);
  _tether_hub_call_hand_over (held->call, result);

  g_clear_handle_id (&held->timeout_id, g_source_remove);
  held->timeout_id = g_timeout_add_seconds (HELD_TIMEOUT_S, held_timeout_cb, held);
}

/**
 * _tether_hub_input_ask:
 * @self: the hub
 * @call: a call of a client of the stateless revision
 * @question: what the server asks during it
 *
 * Returns: %TRUE if @question will reach the client inside a result
 */
gboolean
_tether_hub_input_ask (TetherHub            *self,
                       TetherHubCall        *call,
                       TetherServerQuestion *question)
{
  TetherHubHeld *held = find_held (self, call);

  if (held == NULL)
    {
      if (g_hash_table_size (self->held) >= MAX_HELD)
        {
          g_debug ("too many calls wait for their clients' input: a question goes unasked");
          return FALSE;
        }

      held = g_new0 (TetherHubHeld, 1);
      held->hub = self;
      held->state = new_state ();
      held->call = g_object_ref (call);
      held->asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      held->pending = g_ptr_array_new_with_free_func (g_object_unref);
      g_hash_table_replace (self->held, held->state, held);
    }

  g_ptr_array_add (held->pending, g_object_ref (question));
  if (held->idle_id == 0 && !call->detached)
    held->idle_id = g_idle_add_once (hand_over_idle_cb, held);

  return TRUE;
}

/**
 * _tether_hub_input_stop:
 * @self: the hub
 *
 * Gives up every held call: its questions get the default answer, the
 * call is cancelled.
 */
void
_tether_hub_input_stop (TetherHub *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->held);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      TetherHubHeld *held = value;

      answer_all_default (held, "the hub stopped");
      _tether_hub_call_cancel (held->call);
    }
  g_hash_table_remove_all (self->held);
}

/* Whether @params carry a request state. */
gboolean
_tether_hub_input_is_retry (JsonObject *params)
{
  JsonNode *state = json_object_get_member (params, "requestState");

  return state != NULL && JSON_NODE_HOLDS_VALUE (state) && json_node_get_value_type (state) == G_TYPE_STRING;
}

/**
 * _tether_hub_input_resume:
 * @self: the hub
 * @msg: a request that brings a client's input
 * @profile: (nullable): the profile of its path
 * @method: its method
 * @id: its id
 * @params: its params, with `requestState` and `inputResponses`
 *
 * Answers the questions and lets the held call answer @msg.
 */
void
_tether_hub_input_resume (TetherHub         *self,
                          SoupServerMessage *msg,
                          const char        *profile,
                          const char        *method,
                          JsonNode          *id,
                          JsonObject        *params)
{
  const char *state = json_object_get_string_member (params, "requestState");
  JsonNode *responses_node = json_object_get_member (params, "inputResponses");
  JsonObject *responses = responses_node != NULL && JSON_NODE_HOLDS_OBJECT (responses_node)
                            ? json_node_get_object (responses_node) : NULL;
  TetherHubHeld *held = g_hash_table_lookup (self->held, state);
  g_autoptr(TetherHubCall) call = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (held == NULL || !held->call->detached || !g_str_equal (held->call->method, method) ||
      g_strcmp0 (held->call->session->profile, profile) != 0)
    {
      _tether_hub_http_error (msg, SOUP_STATUS_OK, id, MCP_RPC_INVALID_PARAMS,
                              _("The request state is unknown, used or expired: send the request again without it"),
                              NULL);
      return;
    }

  /* One retry per state: the next questions get a new one. */
  g_hash_table_steal (self->held, held->state);
  g_clear_pointer (&held->state, g_free);
  g_clear_handle_id (&held->timeout_id, g_source_remove);
  call = g_object_ref (held->call);
  _tether_hub_call_resume (call, msg, id);

  g_hash_table_iter_init (&iter, held->asked);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      JsonNode *answer = responses != NULL ? json_object_get_member (responses, key) : NULL;

      if (answer != NULL && JSON_NODE_HOLDS_OBJECT (answer))
        tether_server_question_reply (value, answer);
      else
        tether_server_question_reply_default (value, "the client gave no answer");
    }
  g_hash_table_remove_all (held->asked);

  if (held->pending->len > 0 && !call->answered)
    {
      /* asked while the client was away: hand them over now */
      held->state = new_state ();
      g_hash_table_replace (self->held, held->state, held);
      held->idle_id = g_idle_add_once (hand_over_idle_cb, held);
    }
  else
    _tether_hub_held_free (held);
}
