/* tether-auth-http.c — one bounded HTTP exchange with an authorization
 * server, its answer read as JSON
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every body is read up to a bound; a longer one is an error, never a
 * partial document. Redirects are not followed: metadata and endpoints
 * answer where they are.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-url.h"
#include "tether-auth-error.h"
#include "tether-auth-http.h"

typedef struct
{
  SoupMessage  *msg;
  GInputStream *input;
  GByteArray   *body;
  guint8        buffer[16 * 1024];
} Exchange;

static void
exchange_free (Exchange *ex)
{
  g_clear_object (&ex->msg);
  g_clear_object (&ex->input);
  g_clear_pointer (&ex->body, g_byte_array_unref);
  g_free (ex);
}

void
tether_auth_reply_free (TetherAuthReply *reply)
{
  if (reply == NULL)
    return;
  g_clear_pointer (&reply->object, json_object_unref);
  g_free (reply->summary);
  g_free (reply);
}

/**
 * tether_auth_json_string:
 * @object: (nullable): a JSON object
 * @name: a member
 *
 * Returns: (nullable): the member, if it is a non-empty string
 */
const char *
tether_auth_json_string (JsonObject *object,
                         const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING ||
      *json_node_get_string (node) == '\0')
    return NULL;
  return json_node_get_string (node);
}

/**
 * tether_auth_json_has_string:
 * @object: (nullable): a JSON object
 * @array: a member holding an array of strings
 * @value: a string
 *
 * Returns: whether @array holds @value
 */
gboolean
tether_auth_json_has_string (JsonObject *object,
                             const char *array,
                             const char *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, array) : NULL;
  JsonArray *items;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  items = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *item = json_array_get_element (items, i);

      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING &&
          g_strcmp0 (json_node_get_string (item), value) == 0)
        return TRUE;
    }
  return FALSE;
}

/**
 * tether_auth_http_new_form:
 * @url: an endpoint
 * @fields: (element-type utf8 utf8): the form's fields
 *
 * Returns: (transfer full): a POST of @fields, form-encoded
 */
SoupMessage *
tether_auth_http_new_form (const char *url,
                           GHashTable *fields)
{
  SoupMessage *msg = soup_message_new_from_encoded_form (SOUP_METHOD_POST, url,
                                                         soup_form_encode_hash (fields));

  if (msg != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept", "application/json");
  return msg;
}

/**
 * tether_auth_http_new_json:
 * @url: an endpoint
 * @body: a JSON document
 *
 * Returns: (transfer full) (nullable): a POST of @body
 */
SoupMessage *
tether_auth_http_new_json (const char *url,
                           JsonNode   *body)
{
  SoupMessage *msg = soup_message_new (SOUP_METHOD_POST, url);
  g_autoptr(GBytes) bytes = NULL;
  char *text;

  if (msg == NULL)
    return NULL;
  text = json_to_string (body, FALSE);
  bytes = g_bytes_new_take (text, strlen (text));
  soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept", "application/json");
  return msg;
}

static void read_more (GTask *task);

static void
finish_reply (GTask *task)
{
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(TetherAuthReply) reply = g_new0 (TetherAuthReply, 1);
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();

  reply->status = soup_message_get_status (ex->msg);
  if (ex->body->len > 0 && g_utf8_validate ((const char *)ex->body->data, ex->body->len, NULL))
    {
      gsize shown = MIN (ex->body->len, 200);
      g_autofree char *start = g_strndup ((const char *)ex->body->data, shown);

      reply->summary = g_strescape (start, NULL);
      if (json_parser_load_from_data (parser, (const char *)ex->body->data, ex->body->len, NULL) &&
          JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        reply->object = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
    }
  g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify)tether_auth_reply_free);
}

static GError *
body_error (Exchange     *ex,
            const GError *error)
{
  g_autofree char *url = g_uri_to_string (soup_message_get_uri (ex->msg));
  g_autofree char *shown = mcp_url_mask (url);

  if (error != NULL)
    return g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                        _("Could not reach %s: %s"), shown, error->message);
  return g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                      _("%s answered with more than %u KiB"), shown, (guint)(TETHER_AUTH_HTTP_MAX_BODY / 1024));
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (n < 0)
    {
      g_task_return_error (task, body_error (ex, error));
      return;
    }
  if (n == 0)
    {
      finish_reply (task);
      return;
    }
  if (ex->body->len + (gsize)n > TETHER_AUTH_HTTP_MAX_BODY)
    {
      g_task_return_error (task, body_error (ex, NULL));
      return;
    }
  g_byte_array_append (ex->body, ex->buffer, (guint)n);
  read_more (g_steal_pointer (&task));
}

static void
read_more (GTask *task)
{
  Exchange *ex = g_task_get_task_data (task);

  g_input_stream_read_async (ex->input, ex->buffer, sizeof ex->buffer, G_PRIORITY_DEFAULT,
                             g_task_get_cancellable (task), on_read, task);
}

static void
on_sent (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Exchange *ex = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  ex->input = soup_session_send_finish (SOUP_SESSION (source), result, &error);
  if (ex->input == NULL)
    {
      g_task_return_error (task, body_error (ex, error));
      return;
    }
  read_more (g_steal_pointer (&task));
}

/**
 * tether_auth_http_send_async:
 * @session: the session
 * @msg: the request
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the reply
 * @user_data: for @callback
 *
 * Sends @msg and reads its answer, up to %TETHER_AUTH_HTTP_MAX_BODY bytes.
 */
void
tether_auth_http_send_async (SoupSession         *session,
                             SoupMessage         *msg,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Exchange *ex = g_new0 (Exchange, 1);

  ex->msg = g_object_ref (msg);
  ex->body = g_byte_array_new ();
  g_task_set_task_data (task, ex, (GDestroyNotify)exchange_free);
  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  soup_session_send_async (session, msg, G_PRIORITY_DEFAULT, cancellable, on_sent, task);
}

/**
 * tether_auth_http_send_finish:
 * @result: the result
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the reply, whatever its status
 */
TetherAuthReply *
tether_auth_http_send_finish (GAsyncResult  *result,
                              GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
