/* tether-server-subscriptions.c — resource subscriptions that outlive a session
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A subscription (`resources/subscribe`) lives in one session: a new
 * process, or a new HTTP session after the server forgot the old one,
 * starts with none. So the server keeps the URIs its callers subscribed
 * to, each with how many callers want it, and subscribes again to every
 * one of them in each new session, as it asks again for the log level.
 * The updates of the current session reach the callers as
 * TetherServer::resource-updated, whichever session sent them.
 *
 * A server of the stateless revision has neither sessions nor
 * resources/subscribe: there the set is the filter of the client's
 * subscriptions/listen, given again on every connection and every change.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"

#include "tether-request-policy.h"
#include "tether-server.h"
#include "tether-server-private.h"

static guint resource_updated_signal;

void
_tether_server_subscriptions_class_init (GObjectClass *klass)
{
  /**
   * TetherServer::resource-updated:
   * @server: the #TetherServer
   * @uri: the resource the server says changed
   *
   * A resource subscribed to with tether_server_subscribe_async() changed
   * (`notifications/resources/updated`), in the current session.
   */
  resource_updated_signal =
    g_signal_new ("resource-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
client_resource_updated_cb (TetherServer *self,
                            const char   *uri,
                            McpClient    *client)
{
  /* A session being closed says nothing any more. */
  if (client != self->client)
    return;

  g_signal_emit (self, resource_updated_signal, 0, uri);
}

void
_tether_server_subscriptions_watch (TetherServer *self,
                                    McpClient    *client)
{
  g_signal_connect_object (client, "resource-updated",
                           G_CALLBACK (client_resource_updated_cb), self, G_CONNECT_SWAPPED);
}

static JsonObject *
uri_params (const char *uri)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "uri", uri);

  return params;
}

typedef struct
{
  TetherServerOp *op;
  char           *uri;
} Renewal;

static void
renewal_free (Renewal *renewal)
{
  _tether_server_op_free (renewal->op);
  g_free (renewal->uri);
  g_free (renewal);
}

static void
renewed_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Renewal *renewal = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);

  if (_tether_server_op_is_current (renewal->op) && answer == NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _tether_server_log_printf (renewal->op->self, TETHER_LOG_KIND_ERROR,
                               _("Could not subscribe again to %s: %s"), renewal->uri, error->message);

  renewal_free (renewal);
}

static gboolean
is_stateless (TetherServer *self)
{
  return self->client != NULL && mcp_client_get_era (self->client) == MCP_ERA_STATELESS;
}

static int
compare_uris (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* A server of the stateless revision hears of everything through one
 * subscriptions/listen: its filter names every URI subscribed to, and
 * each change of the set opens it again. */
static void
listen_again (TetherServer *self)
{
  g_autofree const char **uris = NULL;

  if (self->subscriptions != NULL)
    {
      uris = (const char **)g_hash_table_get_keys_as_array (self->subscriptions, NULL);
      g_qsort_with_data (uris, g_hash_table_size (self->subscriptions), sizeof (char *),
                         compare_uris, NULL);
    }

  mcp_client_listen (self->client, uris);
}

/* In a new session: subscribe again to everything subscribed to. */
void
_tether_server_subscriptions_renew (TetherServer *self)
{
  GHashTableIter iter;
  gpointer uri;

  /* Listened to even with no resource: the list changes come that way. */
  if (is_stateless (self))
    {
      listen_again (self);
      return;
    }

  if (self->client == NULL || self->subscriptions == NULL || g_hash_table_size (self->subscriptions) == 0)
    return;

  g_hash_table_iter_init (&iter, self->subscriptions);
  while (g_hash_table_iter_next (&iter, &uri, NULL))
    {
      g_autoptr(JsonObject) params = uri_params (uri);
      McpRequestOptions options = { 0, };
      Renewal *renewal = g_new0 (Renewal, 1);

      renewal->op = _tether_server_op_new (self);
      renewal->uri = g_strdup (uri);
      tether_request_policy_options (&self->timings, TETHER_REQUEST_KIND_READ, &options);
      options.flags |= MCP_SEND_FLAGS_IDEMPOTENT;
      mcp_client_request_async (self->client, "resources/subscribe", params, &options,
                                self->session_cancellable, renewed_cb, renewal);
    }
}

static void
add_subscriber (TetherServer *self,
                const char   *uri)
{
  guint n;

  if (self->subscriptions == NULL)
    self->subscriptions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  n = GPOINTER_TO_UINT (g_hash_table_lookup (self->subscriptions, uri));
  g_hash_table_replace (self->subscriptions, g_strdup (uri), GUINT_TO_POINTER (n + 1));
}

/* Returns whether @uri has no subscriber left. */
static gboolean
drop_subscriber (TetherServer *self,
                 const char   *uri)
{
  guint n = self->subscriptions != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (self->subscriptions, uri)) : 0;

  if (n == 0)
    return FALSE;

  if (n > 1)
    {
      g_hash_table_replace (self->subscriptions, g_strdup (uri), GUINT_TO_POINTER (n - 1));
      return FALSE;
    }

  g_hash_table_remove (self->subscriptions, uri);
  return TRUE;
}

static void
subscribed_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TetherServer *self = TETHER_SERVER (object);
  g_autoptr(JsonNode) answer = NULL;
  GError *error = NULL;

  answer = tether_server_request_finish (self, result, &error);
  if (answer == NULL)
    {
      /* Not subscribed: nothing to renew, nothing to unsubscribe. */
      drop_subscriber (self, g_task_get_task_data (task));
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/**
 * tether_server_subscribe_async:
 * @self: a #TetherServer
 * @uri: a resource
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the server has answered
 * @user_data: data for @callback
 *
 * Asks the server to say when @uri changes (`resources/subscribe`); each
 * change is then TetherServer::resource-updated. The subscription holds
 * until tether_server_unsubscribe(), across reconnects and restarts: each
 * new session subscribes again. Several callers may subscribe to the same
 * URI; it is unsubscribed when the last one lets go. A subscription the
 * server refused is forgotten.
 */
void
tether_server_subscribe_async (TetherServer        *self,
                               const char          *uri,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(JsonObject) params = NULL;
  GTask *task;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (uri != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_server_subscribe_async);
  g_task_set_task_data (task, g_strdup (uri), g_free);

  add_subscriber (self, uri);

  if (is_stateless (self))
    {
      if (!mcp_client_has_resource_subscriptions (self->client))
        {
          drop_subscriber (self, uri);
          g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_FAILED,
                                   _("%s does not offer subscriptions to resources"),
                                   tether_server_config_get_name (self->config));
          g_object_unref (task);
          return;
        }
      if (self->state == TETHER_SERVER_STATE_CONNECTED)
        listen_again (self);
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }

  params = uri_params (uri);
  tether_server_request_async (self, "resources/subscribe", params, cancellable, subscribed_cb, task);
}

gboolean
tether_server_subscribe_finish (TetherServer  *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
unsubscribed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = tether_server_request_finish (TETHER_SERVER (object), result, &error);
  g_autofree char *uri = user_data;

  if (answer == NULL)
    g_debug ("%s: resources/unsubscribe of %s failed: %s",
             tether_server_config_get_name (TETHER_SERVER (object)->config), uri, error->message);
}

/**
 * tether_server_unsubscribe:
 * @self: a #TetherServer
 * @uri: a resource subscribed to with tether_server_subscribe_async()
 *
 * Lets go of one subscription to @uri. When none is left, a connected
 * server is told (`resources/unsubscribe`) and no new session subscribes
 * again.
 */
void
tether_server_unsubscribe (TetherServer *self,
                           const char   *uri)
{
  g_autoptr(JsonObject) params = NULL;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (uri != NULL);

  if (!drop_subscriber (self, uri) || self->client == NULL ||
      self->state != TETHER_SERVER_STATE_CONNECTED)
    return;

  if (is_stateless (self))
    {
      listen_again (self);
      return;
    }

  params = uri_params (uri);
  tether_server_request_async (self, "resources/unsubscribe", params, NULL, unsubscribed_cb, g_strdup (uri));
}
