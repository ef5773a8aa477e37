/* tether-sampling-request.c — a server asks for a model's reply
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tether has no model of its own: a `sampling/createMessage` request is
 * shown to a person (the messages, the model preferences, the token
 * limit), who writes the reply or declines. The reply is sent as the
 * assistant's text, with the model named "human" so the server knows no
 * model wrote it.
 */

#define G_LOG_DOMAIN "tether-sampling-request"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "tether-sampling-request.h"

struct _TetherSamplingRequest
{
  GObject               parent_instance;

  TetherServerQuestion *question;
  JsonArray            *messages;
  char                 *system_prompt;
  gint64                max_tokens;
  JsonObject           *model_preferences;
};

G_DEFINE_FINAL_TYPE (TetherSamplingRequest, tether_sampling_request, G_TYPE_OBJECT)

static void
tether_sampling_request_finalize (GObject *object)
{
  TetherSamplingRequest *self = (TetherSamplingRequest *)object;

  g_clear_object (&self->question);
  g_clear_pointer (&self->messages, json_array_unref);
  g_clear_pointer (&self->system_prompt, g_free);
  g_clear_pointer (&self->model_preferences, json_object_unref);

  G_OBJECT_CLASS (tether_sampling_request_parent_class)->finalize (object);
}

static void
tether_sampling_request_class_init (TetherSamplingRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_sampling_request_finalize;
}

static void
tether_sampling_request_init (TetherSamplingRequest *self)
{
  self->max_tokens = -1;
}

/**
 * tether_sampling_request_new:
 * @question: a `sampling/createMessage` question
 * @error: return location for why its params are not valid
 *
 * Returns: (transfer full) (nullable): the request, or %NULL when it has no
 *   messages (then reply to @question with an invalid-params error)
 */
TetherSamplingRequest *
tether_sampling_request_new (TetherServerQuestion  *question,
                             GError               **error)
{
  g_autoptr(TetherSamplingRequest) self = NULL;
  JsonObject *params;
  JsonNode *node;

  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (question), NULL);

  params = tether_server_question_get_params (question);
  node = params != NULL ? json_object_get_member (params, "messages") : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("the request has no messages"));
      return NULL;
    }

  self = g_object_new (TETHER_TYPE_SAMPLING_REQUEST, NULL);
  self->question = g_object_ref (question);
  self->messages = json_array_ref (json_node_get_array (node));
  self->system_prompt = g_strdup (json_object_get_string_member_with_default (params, "systemPrompt", NULL));
  node = json_object_get_member (params, "maxTokens");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    self->max_tokens = json_node_get_int (node);
  node = json_object_get_member (params, "modelPreferences");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    self->model_preferences = json_object_ref (json_node_get_object (node));

  return g_steal_pointer (&self);
}

TetherServerQuestion *
tether_sampling_request_get_question (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), NULL);

  return self->question;
}

const char *
tether_sampling_request_get_server_name (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), NULL);

  return tether_server_question_get_server_name (self->question);
}

/**
 * tether_sampling_request_get_messages:
 * @self: a #TetherSamplingRequest
 *
 * Returns: (transfer none): the conversation, each a `{role, content}` as
 *   the server sent it
 */
JsonArray *
tether_sampling_request_get_messages (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), NULL);

  return self->messages;
}

const char *
tether_sampling_request_get_system_prompt (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), NULL);

  return self->system_prompt;
}

/**
 * tether_sampling_request_get_max_tokens:
 * @self: a #TetherSamplingRequest
 *
 * Returns: `maxTokens`, -1 when not given
 */
gint64
tether_sampling_request_get_max_tokens (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), -1);

  return self->max_tokens;
}

/**
 * tether_sampling_request_get_model_preferences:
 * @self: a #TetherSamplingRequest
 *
 * Returns: (transfer none) (nullable): `modelPreferences`
 */
JsonObject *
tether_sampling_request_get_model_preferences (TetherSamplingRequest *self)
{
  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), NULL);

  return self->model_preferences;
}

/**
 * tether_sampling_request_dup_transcript:
 * @self: a #TetherSamplingRequest
 *
 * The conversation as plain text, one "role: text" paragraph per message
 * (other content as "[image image/png]"), for a terminal or a label; as
 * the server sent it, so escape it before showing it.
 *
 * Returns: (transfer full): the text
 */
char *
tether_sampling_request_dup_transcript (TetherSamplingRequest *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (TETHER_IS_SAMPLING_REQUEST (self), g_string_free (text, FALSE));

  if (self->system_prompt != NULL)
    g_string_append_printf (text, "system: %s\n", self->system_prompt);

  for (guint i = 0; i < json_array_get_length (self->messages); i++)
    {
      JsonNode *message = json_array_get_element (self->messages, i);
      JsonObject *object;
      JsonNode *content;

      if (!JSON_NODE_HOLDS_OBJECT (message))
        continue;
      object = json_node_get_object (message);
      content = json_object_get_member (object, "content");
      g_string_append_printf (text, "%s: ", json_object_get_string_member_with_default (object, "role", "?"));
      if (content != NULL && JSON_NODE_HOLDS_OBJECT (content))
        {
          JsonObject *block = json_node_get_object (content);
          const char *type = json_object_get_string_member_with_default (block, "type", "?");

          if (g_strcmp0 (type, "text") == 0)
            g_string_append (text, json_object_get_string_member_with_default (block, "text", ""));
          else
            g_string_append_printf (text, "[%s %s]", type,
                                    json_object_get_string_member_with_default (block, "mimeType", ""));
        }
      g_string_append_c (text, '\n');
    }

  return g_string_free (text, FALSE);
}

/**
 * tether_sampling_request_reply_text:
 * @self: a #TetherSamplingRequest
 * @text: what the person wrote
 *
 * Answers with @text as the assistant's message.
 */
void
tether_sampling_request_reply_text (TetherSamplingRequest *self,
                                    const char            *text)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *result = json_object_new ();
  JsonObject *content = json_object_new ();

  g_return_if_fail (TETHER_IS_SAMPLING_REQUEST (self));
  g_return_if_fail (text != NULL);

  json_object_set_string_member (content, "type", "text");
  json_object_set_string_member (content, "text", text);
  json_object_set_string_member (result, "role", "assistant");
  json_object_set_object_member (result, "content", content);
  json_object_set_string_member (result, "model", "human");
  json_object_set_string_member (result, "stopReason", "endTurn");
  json_node_take_object (node, result);
  tether_server_question_reply (self->question, node);
}

/**
 * tether_sampling_request_decline:
 * @self: a #TetherSamplingRequest
 * @why: (nullable): why, for the server
 *
 * Refuses the request, as clients do when the user rejects it.
 */
void
tether_sampling_request_decline (TetherSamplingRequest *self,
                                 const char            *why)
{
  g_autofree char *message = NULL;

  g_return_if_fail (TETHER_IS_SAMPLING_REQUEST (self));

  message = g_strdup_printf ("User rejected sampling request%s%s", why != NULL ? ": " : "",
                             why != NULL ? why : "");
  /* -1: what clients answer when the user rejects sampling */
  tether_server_question_reply_error (self->question, -1, message);
}
