/* mcp-test-transport.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Records what the client sends; delivers what a test injects, or what a
 * FakeMcpCore answers (from an idle, as a real peer would, later).
 */

#include "config.h"

#include <string.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-test-transport.h"
#include "mcp-transport-private.h"
#include "test-util.h"

struct _McpTestTransport
{
  McpTransport  parent_instance;

  FakeMcpCore  *core;
  GPtrArray    *sent;        /* JsonNode */
  GArray       *sent_flags;  /* McpSendFlags */
  GPtrArray    *held;        /* GTask */
  GQueue        incoming;    /* char *, from the core */
  guint         incoming_id;
  gboolean      hold_sends;
};

G_DEFINE_FINAL_TYPE (McpTestTransport, mcp_test_transport, MCP_TYPE_TRANSPORT)

static gboolean
deliver_cb (gpointer user_data)
{
  McpTestTransport *self = user_data;
  char *text;

  self->incoming_id = 0;
  g_object_ref (self);
  while ((text = g_queue_pop_head (&self->incoming)) != NULL)
    {
      if (!mcp_transport_is_closed (MCP_TRANSPORT (self)))
        _mcp_transport_handle_text (MCP_TRANSPORT (self), text, strlen (text));
      g_free (text);
    }
  g_object_unref (self);

  return G_SOURCE_REMOVE;
}

static void
core_send_cb (JsonNode *message,
              gpointer  user_data)
{
  McpTestTransport *self = user_data;

  GString *text = g_string_sized_new (256);

  _mcp_json_write (message, text);
  g_queue_push_tail (&self->incoming, g_string_free (text, FALSE));
  if (self->incoming_id == 0)
    self->incoming_id = g_idle_add (deliver_cb, self);
}

static void
mcp_test_transport_open_async (McpTransport        *transport,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (transport, cancellable, callback, user_data);

  g_task_return_boolean (task, TRUE);
}

static gboolean
mcp_test_transport_finish (McpTransport  *transport,
                           GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mcp_test_transport_send_async (McpTransport        *transport,
                               JsonNode            *message,
                               McpSendFlags         flags,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  McpTestTransport *self = MCP_TEST_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (transport, cancellable, callback, user_data);

  if (mcp_transport_is_closed (transport))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_NOT_SENT, "closed");
      return;
    }

  g_ptr_array_add (self->sent, json_node_copy (message));
  g_array_append_val (self->sent_flags, flags);

  if (self->hold_sends)
    {
      g_ptr_array_add (self->held, g_steal_pointer (&task));
      return;
    }

  if (self->core != NULL)
    fake_mcp_core_handle (self->core, message);

  g_task_return_boolean (task, TRUE);
}

static void
mcp_test_transport_close_async (McpTransport        *transport,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (transport, NULL, callback, user_data);

  _mcp_transport_emit_closed (transport, NULL);
  g_task_return_boolean (task, TRUE);
}

static void
mcp_test_transport_dispose (GObject *object)
{
  McpTestTransport *self = (McpTestTransport *)object;

  g_clear_handle_id (&self->incoming_id, g_source_remove);
  g_queue_clear_full (&self->incoming, g_free);
  g_clear_pointer (&self->core, fake_mcp_core_free);

  G_OBJECT_CLASS (mcp_test_transport_parent_class)->dispose (object);
}

static void
mcp_test_transport_finalize (GObject *object)
{
  McpTestTransport *self = (McpTestTransport *)object;

  g_assert (self->held->len == 0);
  g_clear_pointer (&self->sent, g_ptr_array_unref);
  g_clear_pointer (&self->sent_flags, g_array_unref);
  g_clear_pointer (&self->held, g_ptr_array_unref);

  G_OBJECT_CLASS (mcp_test_transport_parent_class)->finalize (object);
}

static void
mcp_test_transport_class_init (McpTestTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->dispose = mcp_test_transport_dispose;
  object_class->finalize = mcp_test_transport_finalize;

  transport_class->open_async = mcp_test_transport_open_async;
  transport_class->open_finish = mcp_test_transport_finish;
  transport_class->send_async = mcp_test_transport_send_async;
  transport_class->send_finish = mcp_test_transport_finish;
  transport_class->close_async = mcp_test_transport_close_async;
  transport_class->close_finish = mcp_test_transport_finish;
}

static void
mcp_test_transport_init (McpTestTransport *self)
{
  self->sent = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  self->sent_flags = g_array_new (FALSE, FALSE, sizeof (McpSendFlags));
  self->held = g_ptr_array_new ();
  g_queue_init (&self->incoming);
}

McpTestTransport *
mcp_test_transport_new (void)
{
  return g_object_new (MCP_TYPE_TEST_TRANSPORT, NULL);
}

McpTestTransport *
mcp_test_transport_new_with_core (const FakeMcpOptions *options)
{
  McpTestTransport *self = mcp_test_transport_new ();

  self->core = fake_mcp_core_new (options, core_send_cb, self);

  return self;
}

FakeMcpCore *
mcp_test_transport_get_core (McpTestTransport *self)
{
  return self->core;
}

void
mcp_test_transport_receive (McpTestTransport *self,
                            const char       *text)
{
  _mcp_transport_handle_text (MCP_TRANSPORT (self), text, strlen (text));
}

GPtrArray *
mcp_test_transport_get_sent (McpTestTransport *self)
{
  return self->sent;
}

McpSendFlags
mcp_test_transport_get_sent_flags (McpTestTransport *self,
                                   guint             index)
{
  g_assert_cmpuint (index, <, self->sent_flags->len);

  return g_array_index (self->sent_flags, McpSendFlags, index);
}

/* The last message sent with @method, or NULL. */
JsonObject *
mcp_test_transport_find_sent (McpTestTransport *self,
                              const char       *method)
{
  for (guint i = self->sent->len; i > 0; i--)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (self->sent, i - 1));

      if (g_strcmp0 (json_object_get_string_member_with_default (object, "method", NULL), method) == 0)
        return object;
    }

  return NULL;
}

void
mcp_test_transport_set_hold_sends (McpTestTransport *self,
                                   gboolean          hold)
{
  self->hold_sends = hold;
}

/* Complete the held sends: delivered, or failed with @error. */
void
mcp_test_transport_release_sends (McpTestTransport *self,
                                  const GError     *error)
{
  g_autoptr(GPtrArray) held = g_steal_pointer (&self->held);

  self->held = g_ptr_array_new ();
  for (guint i = 0; i < held->len; i++)
    {
      GTask *task = g_ptr_array_index (held, i);

      if (error != NULL)
        g_task_return_error (task, g_error_copy (error));
      else
        g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
}

void
mcp_test_transport_close_with_error (McpTestTransport *self,
                                     const GError     *error)
{
  _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
}

/* A client over a transport without a peer: the test answers by hand,
 * initialize first (id 1). */
McpClient *
mcp_test_client_connect_by_hand (McpTestTransport **transport_out)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new ();
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *init;

  /* Answered by hand as an initialize-era server. */
  mcp_client_set_era (client, MCP_ERA_LEGACY);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  while ((init = mcp_test_transport_find_sent (transport, "initialize")) == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpint (json_object_get_int_member (init, "id"), ==, 1);
  mcp_test_transport_receive (transport,
                              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
                              "\"capabilities\":{},\"serverInfo\":{\"name\":\"by-hand\",\"version\":\"0\"}}}");
  test_wait_for (&result);
  mcp_client_connect_finish (client, result, &error);
  g_assert_no_error (error);

  *transport_out = g_object_ref (transport);

  return g_steal_pointer (&client);
}

void
mcp_test_client_close (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (client, result, NULL));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
