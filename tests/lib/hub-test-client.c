/* hub-test-client.c — a raw Streamable HTTP client for the hub tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Deliberately not McpHttpTransport: the tests look at the hub's HTTP
 * answers themselves (statuses, headers, every event of a stream).
 */

#include "config.h"

#include <string.h>

#include "hub-test-client.h"
#include "mcp-sse-parser.h"
#include "test-util.h"

struct _HubTestClient
{
  SoupSession *session;
  char        *url;
  char        *token;
  char        *session_id;
};

typedef struct
{
  HubTestReply  reply;
  SoupMessage  *msg;
  GInputStream *stream;
  McpSseParser *parser;
  GString      *json;
  GCancellable *cancellable;
  gboolean      freed;        /* by the test, while a read was pending */
  char          buffer[8192];
} Pending;

static void pending_free (Pending *p);

HubTestClient *
hub_test_client_new (const char *url,
                     const char *token)
{
  HubTestClient *client = g_new0 (HubTestClient, 1);

  client->session = soup_session_new_with_options ("timeout", 0, "max-conns-per-host", 64,
                                                   "max-conns", 64, NULL);
  client->url = g_strdup (url);
  client->token = g_strdup (token);

  return client;
}

void
hub_test_client_free (HubTestClient *client)
{
  g_clear_object (&client->session);
  g_free (client->url);
  g_free (client->token);
  g_free (client->session_id);
  g_free (client);
}

void
hub_test_client_set_session (HubTestClient *client,
                             const char    *session_id)
{
  g_free (client->session_id);
  client->session_id = g_strdup (session_id);
}

const char *
hub_test_client_get_session (HubTestClient *client)
{
  return client->session_id;
}

static void
add_message (Pending    *p,
             const char *text,
             gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (json_parser_load_from_data (parser, text, (gssize)length, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    g_ptr_array_add (p->reply.messages, json_object_ref (json_node_get_object (json_parser_get_root (parser))));
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Pending *p = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, NULL);
  McpSseEvent *event;

  if (p->freed)
    {
      pending_free (p);
      return;
    }

  if (n <= 0)
    {
      if (p->json != NULL && p->json->len > 0)
        add_message (p, p->json->str, p->json->len);
      if (p->json != NULL)
        p->reply.body = g_strdup (p->json->str);
      p->reply.done = TRUE;
      return;
    }

  if (p->parser != NULL)
    {
      g_assert_true (mcp_sse_parser_feed (p->parser, p->buffer, (gsize)n, NULL));
      while ((event = mcp_sse_parser_pop_event (p->parser)) != NULL)
        {
          if (event->data_length > 0)
            add_message (p, event->data, event->data_length);
          mcp_sse_event_free (event);
        }
    }
  else
    g_string_append_len (p->json, p->buffer, n);

  g_input_stream_read_async (p->stream, p->buffer, sizeof p->buffer, G_PRIORITY_DEFAULT, p->cancellable, read_cb, p);
}

static void
sent_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Pending *p = user_data;
  g_autoptr(GError) error = NULL;
  const char *type;

  p->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (p->freed)
    {
      pending_free (p);
      return;
    }
  g_assert_no_error (error);
  p->reply.status = soup_message_get_status (p->msg);
  p->reply.headers = soup_message_headers_ref (soup_message_get_response_headers (p->msg));
  type = soup_message_headers_get_content_type (p->reply.headers, NULL);
  if (type != NULL && g_str_equal (type, "text/event-stream"))
    p->parser = mcp_sse_parser_new (64 * 1024 * 1024);
  else
    p->json = g_string_new (NULL);

  g_input_stream_read_async (p->stream, p->buffer, sizeof p->buffer, G_PRIORITY_DEFAULT, p->cancellable, read_cb, p);
}

/* @headers: NULL-terminated name, value pairs; a NULL value removes it */
HubTestReply *
hub_test_client_request (HubTestClient      *client,
                         const char         *method,
                         const char         *json,
                         const char * const *headers)
{
  Pending *p = g_new0 (Pending, 1);
  SoupMessageHeaders *request_headers;

  p->cancellable = g_cancellable_new ();
  p->reply.messages = g_ptr_array_new_with_free_func ((GDestroyNotify)json_object_unref);
  p->msg = soup_message_new (method, client->url);
  request_headers = soup_message_get_request_headers (p->msg);
  if (client->token != NULL)
    {
      g_autofree char *authorization = g_strdup_printf ("Bearer %s", client->token);
      soup_message_headers_replace (request_headers, "Authorization", authorization);
    }
  if (client->session_id != NULL)
    soup_message_headers_replace (request_headers, "Mcp-Session-Id", client->session_id);
  soup_message_headers_replace (request_headers, "Accept",
                                g_str_equal (method, "GET") ? "text/event-stream"
                                                            : "application/json, text/event-stream");
  for (guint i = 0; headers != NULL && headers[i] != NULL; i += 2)
    {
      if (headers[i + 1] != NULL)
        soup_message_headers_replace (request_headers, headers[i], headers[i + 1]);
      else
        soup_message_headers_remove (request_headers, headers[i]);
    }
  if (json != NULL)
    {
      g_autoptr(GBytes) body = g_bytes_new (json, strlen (json));
      soup_message_set_request_body_from_bytes (p->msg, "application/json", body);
    }

  soup_session_send_async (client->session, p->msg, G_PRIORITY_DEFAULT, p->cancellable, sent_cb, p);

  return &p->reply;
}

HubTestReply *
hub_test_client_post_async (HubTestClient      *client,
                            const char         *json,
                            const char * const *headers)
{
  return hub_test_client_request (client, "POST", json, headers);
}

static gboolean
reply_done (gpointer data)
{
  return ((HubTestReply *)data)->done;
}

void
hub_test_reply_wait (HubTestReply *reply)
{
  test_wait_until (reply_done, reply, "waiting for the hub to answer");
}

HubTestReply *
hub_test_client_post (HubTestClient      *client,
                      const char         *json,
                      const char * const *headers)
{
  HubTestReply *reply = hub_test_client_post_async (client, json, headers);

  hub_test_reply_wait (reply);

  return reply;
}

static gboolean
reply_has_headers (gpointer data)
{
  return ((HubTestReply *)data)->status != 0;
}

/* The GET stream, open (its headers came) when this returns. */
HubTestReply *
hub_test_client_open_stream (HubTestClient *client)
{
  HubTestReply *reply = hub_test_client_request (client, "GET", NULL, NULL);

  test_wait_until (reply_has_headers, reply, "the hub opens the stream");

  return reply;
}

typedef struct
{
  HubTestReply *reply;
  const char   *method;
  guint        *from;
  JsonObject   *found;
} Wanted;

static gboolean
found_message (gpointer data)
{
  Wanted *wanted = data;

  for (guint i = *wanted->from; i < wanted->reply->messages->len; i++)
    {
      JsonObject *message = g_ptr_array_index (wanted->reply->messages, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (message, "method", NULL), wanted->method) == 0)
        {
          wanted->found = message;
          *wanted->from = i + 1;
          return TRUE;
        }
    }

  /* a stream that ended will not bring it */
  g_assert_false (wanted->reply->done);

  return FALSE;
}

/* The next message of @method from position *@from on. */
JsonObject *
hub_test_reply_wait_message (HubTestReply *reply,
                             const char   *method,
                             guint        *from)
{
  Wanted wanted = { reply, method, from, NULL };

  test_wait_until (found_message, &wanted, method);

  return wanted.found;
}

JsonObject *
hub_test_reply_find_id (HubTestReply *reply,
                        gint64        id)
{
  for (guint i = 0; i < reply->messages->len; i++)
    {
      JsonObject *message = g_ptr_array_index (reply->messages, i);
      JsonNode *node = json_object_get_member (message, "id");

      if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
          json_node_get_value_type (node) == G_TYPE_INT64 && json_node_get_int (node) == id &&
          !json_object_has_member (message, "method"))
        return message;
    }

  return NULL;
}

/* The result of request @id; fails the test if it is an error. */
JsonObject *
hub_test_reply_result (HubTestReply *reply,
                       gint64        id)
{
  JsonObject *message = hub_test_reply_find_id (reply, id);

  g_assert_nonnull (message);
  if (json_object_has_member (message, "error"))
    g_error ("request %" G_GINT64_FORMAT " failed: %s", id,
             json_object_get_string_member (json_object_get_object_member (message, "error"), "message"));

  return json_object_get_object_member (message, "result");
}

/* A reply freed while it still reads is freed when the read ends. */
void
hub_test_reply_free (HubTestReply *reply)
{
  Pending *p = (Pending *)reply;

  if (!p->reply.done)
    {
      p->freed = TRUE;
      g_cancellable_cancel (p->cancellable);
      return;
    }

  pending_free (p);
}

static void
pending_free (Pending *p)
{
  g_clear_pointer (&p->reply.headers, soup_message_headers_unref);
  g_clear_pointer (&p->reply.messages, g_ptr_array_unref);
  g_clear_pointer (&p->reply.body, g_free);
  g_clear_object (&p->msg);
  g_clear_object (&p->stream);
  g_clear_object (&p->parser);
  if (p->json != NULL)
    g_string_free (p->json, TRUE);
  g_clear_object (&p->cancellable);
  g_free (p);
}

void
hub_test_client_initialize (HubTestClient *client,
                            const char    *capabilities)
{
  g_autofree char *json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                                           "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":%s,"
                                           "\"clientInfo\":{\"name\":\"hub-test\",\"version\":\"1\"}}}",
                                           capabilities != NULL ? capabilities : "{}");
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(HubTestReply) initialized = NULL;
  const char * const headers[] = { "MCP-Protocol-Version", "2025-11-25", NULL };

  hub_test_client_set_session (client, NULL);
  reply = hub_test_client_post (client, json, NULL);
  g_assert_cmpuint (reply->status, ==, 200);
  hub_test_client_set_session (client, soup_message_headers_get_one (reply->headers, "Mcp-Session-Id"));
  g_assert_nonnull (client->session_id);
  hub_test_reply_result (reply, 0);

  initialized = hub_test_client_post (client, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                                      headers);
  g_assert_cmpuint (initialized->status, ==, 202);
}

/* The text of the first content block of a CallToolResult. */
char *
hub_test_result_text (JsonObject *result)
{
  JsonArray *content = json_object_get_array_member (result, "content");

  g_assert_cmpuint (json_array_get_length (content), >, 0);

  return g_strdup (json_object_get_string_member (json_array_get_object_element (content, 0), "text"));
}
