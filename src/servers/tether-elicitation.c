/* tether-elicitation.c — what a server asks the user to fill in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An `elicitation/create` request, read once for every front end: its mode
 * (a form built from `requestedSchema`, or a URL to open), its message, and
 * the three answers the user may give. Accepting a form applies the
 * schema's defaults to the fields the user left out and checks the result
 * before anything is sent, so the server never gets content its own schema
 * refuses. Nothing here answers by itself: a person decides.
 */

#define G_LOG_DOMAIN "tether-elicitation"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "tether-elicitation.h"

struct _TetherElicitation
{
  GObject               parent_instance;

  TetherServerQuestion *question;
  TetherElicitationMode mode;
  char                 *message;
  TetherSchemaField    *form;
  char                 *url;
};

G_DEFINE_FINAL_TYPE (TetherElicitation, tether_elicitation, G_TYPE_OBJECT)

static void
tether_elicitation_finalize (GObject *object)
{
  TetherElicitation *self = (TetherElicitation *)object;

  g_clear_object (&self->question);
  g_clear_pointer (&self->message, g_free);
  g_clear_object (&self->form);
  g_clear_pointer (&self->url, g_free);

  G_OBJECT_CLASS (tether_elicitation_parent_class)->finalize (object);
}

static void
tether_elicitation_class_init (TetherElicitationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_elicitation_finalize;
}

static void
tether_elicitation_init (TetherElicitation *self)
{
}

/**
 * tether_elicitation_new:
 * @question: an `elicitation/create` question
 * @error: return location for why its params are not valid
 *
 * Returns: (transfer full) (nullable): the elicitation, or %NULL when the
 *   request is not one a user could answer (then reply to @question with an
 *   invalid-params error)
 */
TetherElicitation *
tether_elicitation_new (TetherServerQuestion  *question,
                        GError               **error)
{
  g_autoptr(TetherElicitation) self = NULL;
  JsonObject *params;
  const char *mode;

  g_return_val_if_fail (TETHER_IS_SERVER_QUESTION (question), NULL);

  params = tether_server_question_get_params (question);
  if (params == NULL)
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("the request has no params"));
      return NULL;
    }

  self = g_object_new (TETHER_TYPE_ELICITATION, NULL);
  self->question = g_object_ref (question);
  self->message = g_strdup (json_object_get_string_member_with_default (params, "message", ""));
  mode = json_object_get_string_member_with_default (params, "mode", "form");

  if (g_strcmp0 (mode, "url") == 0)
    {
      const char *url = json_object_get_string_member_with_default (params, "url", NULL);

      if (url == NULL || !g_uri_is_valid (url, G_URI_FLAGS_NONE, NULL) ||
          (g_ascii_strcasecmp (g_uri_peek_scheme (url), "https") != 0 &&
           g_ascii_strcasecmp (g_uri_peek_scheme (url), "http") != 0))
        {
          g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("the URL to open is missing or not an http(s) URL"));
          return NULL;
        }
      self->mode = TETHER_ELICITATION_MODE_URL;
      self->url = g_strdup (url);
    }
  else if (g_strcmp0 (mode, "form") == 0)
    {
      self->mode = TETHER_ELICITATION_MODE_FORM;
      self->form = tether_schema_field_new_from_schema (json_object_get_member (params, "requestedSchema"));
    }
  else
    {
      g_set_error_literal (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("the mode is neither form nor url"));
      return NULL;
    }

  return g_steal_pointer (&self);
}

/**
 * tether_elicitation_get_question:
 * @self: a #TetherElicitation
 *
 * Returns: (transfer none): the question; its cancellable says when the
 *   server gave up asking
 */
TetherServerQuestion *
tether_elicitation_get_question (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), NULL);

  return self->question;
}

const char *
tether_elicitation_get_server_name (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), NULL);

  return tether_server_question_get_server_name (self->question);
}

TetherElicitationMode
tether_elicitation_get_mode (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), TETHER_ELICITATION_MODE_FORM);

  return self->mode;
}

/**
 * tether_elicitation_get_message:
 * @self: a #TetherElicitation
 *
 * Returns: what the server says to the user, as it sent it: escape it
 *   before showing it
 */
const char *
tether_elicitation_get_message (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), NULL);

  return self->message;
}

/**
 * tether_elicitation_get_form:
 * @self: a #TetherElicitation
 *
 * Returns: (transfer none) (nullable): the fields to fill in, in form mode
 */
TetherSchemaField *
tether_elicitation_get_form (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), NULL);

  return self->form;
}

/**
 * tether_elicitation_get_url:
 * @self: a #TetherElicitation
 *
 * Returns: (nullable): the http(s) URL to open in URL mode, only when the
 *   user agrees
 */
const char *
tether_elicitation_get_url (TetherElicitation *self)
{
  g_return_val_if_fail (TETHER_IS_ELICITATION (self), NULL);

  return self->url;
}

static void
reply_action (TetherElicitation *self,
              const char        *action,
              JsonObject        *content)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *result = json_object_new ();

  json_object_set_string_member (result, "action", action);
  if (content != NULL)
    json_object_set_object_member (result, "content", json_object_ref (content));
  json_node_take_object (node, result);
  tether_server_question_reply (self->question, node);
}

/**
 * tether_elicitation_accept:
 * @self: a #TetherElicitation
 * @content: (nullable): in form mode, the values the user gave
 * @error: return location for why they are not valid
 *
 * The user accepts. In form mode the defaults of the fields left out are
 * applied (tether_schema_field_apply_defaults()) and the whole is checked
 * first: when it is not valid, nothing is sent and @error says why, so
 * that the user can correct it.
 *
 * Returns: whether the answer was sent
 */
gboolean
tether_elicitation_accept (TetherElicitation  *self,
                           JsonObject         *content,
                           GError            **error)
{
  g_autoptr(JsonObject) filled = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (TETHER_IS_ELICITATION (self), FALSE);

  if (self->mode == TETHER_ELICITATION_MODE_URL)
    {
      reply_action (self, "accept", NULL);
      return TRUE;
    }

  filled = tether_schema_field_apply_defaults (self->form, content);
  node = json_node_init_object (json_node_alloc (), filled);
  reason = tether_schema_field_validate (self->form, node);
  if (reason != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, reason);
      return FALSE;
    }

  reply_action (self, "accept", filled);
  return TRUE;
}

/**
 * tether_elicitation_decline:
 * @self: a #TetherElicitation
 *
 * The user said no.
 */
void
tether_elicitation_decline (TetherElicitation *self)
{
  g_return_if_fail (TETHER_IS_ELICITATION (self));

  reply_action (self, "decline", NULL);
}

/**
 * tether_elicitation_cancel:
 * @self: a #TetherElicitation
 *
 * The user dismissed the question without deciding.
 */
void
tether_elicitation_cancel (TetherElicitation *self)
{
  g_return_if_fail (TETHER_IS_ELICITATION (self));

  reply_action (self, "cancel", NULL);
}
