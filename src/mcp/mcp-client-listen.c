/* mcp-client-listen.c — McpClient: subscriptions/listen (stateless revision)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A server of the stateless revision (2026-07-28) has no GET stream and no
 * resources/subscribe: a client hears of list changes and resource updates
 * through one `subscriptions/listen` request that stays open (over HTTP,
 * a POST whose event stream stays open; over stdio, a request that is
 * never answered until the subscription ends). Its params carry a filter:
 * the list changes the server's capabilities say it sends, and the
 * resources the caller subscribed to. The server first acknowledges,
 * granting a subset, then sends each notification tagged in `_meta` with
 * the listen request's id; a notification tagged for another subscription
 * is dropped with a note.
 *
 * A new filter cancels the old request (over HTTP its stream closes; over
 * stdio the server gets notifications/cancelled) and sends a new one. The
 * server ends a subscription gracefully with a `complete` result (over
 * stdio also notifications/cancelled for it): that is left so. A stream
 * that breaks is listened to again, after a growing wait, a bounded number
 * of times in a row; one that held a minute starts the count afresh.
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json.h"

#define LISTEN_METHOD       "subscriptions/listen"
#define LISTEN_MAX_FAILURES 5
#define LISTEN_FIRST_WAIT_MS 100
#define LISTEN_MAX_WAIT_MS  5000
/* A subscription that held this long starts the count of failures afresh. */
#define LISTEN_HEALTHY_US   (60 * G_USEC_PER_SEC)

static void listen_start (McpClient *self);

static gboolean
server_offers (McpClient  *self,
               const char *capability,
               const char *flag)
{
  JsonObject *capabilities;
  JsonNode *node;

  if (self->server_capabilities == NULL || !JSON_NODE_HOLDS_OBJECT (self->server_capabilities))
    return FALSE;

  capabilities = json_node_get_object (self->server_capabilities);
  node = json_object_get_member (capabilities, capability);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;

  return json_object_get_boolean_member_with_default (json_node_get_object (node), flag, FALSE);
}

/* What we ask to hear of: what the server says it sends, or NULL when
 * that is nothing. */
static JsonObject *
listen_filter (McpClient *self)
{
  g_autoptr(JsonObject) filter = json_object_new ();

  if (server_offers (self, "tools", "listChanged"))
    json_object_set_boolean_member (filter, "toolsListChanged", TRUE);
  if (server_offers (self, "prompts", "listChanged"))
    json_object_set_boolean_member (filter, "promptsListChanged", TRUE);
  if (server_offers (self, "resources", "listChanged"))
    json_object_set_boolean_member (filter, "resourcesListChanged", TRUE);
  if (self->listen_uris != NULL && self->listen_uris[0] != NULL && server_offers (self, "resources", "subscribe"))
    {
      JsonArray *uris = json_array_new ();

      for (guint i = 0; self->listen_uris[i] != NULL; i++)
        json_array_add_string_element (uris, self->listen_uris[i]);
      json_object_set_array_member (filter, "resourceSubscriptions", uris);
    }

  if (json_object_get_size (filter) == 0)
    return NULL;

  return g_steal_pointer (&filter);
}

/* Ends the listen request in flight, if any, telling the server. */
static void
listen_cancel (McpClient *self)
{
  g_clear_handle_id (&self->listen_timer, g_source_remove);
  if (self->listen_cancellable != NULL)
    g_cancellable_cancel (self->listen_cancellable);
  g_clear_object (&self->listen_cancellable);
  g_clear_pointer (&self->listen_granted, json_object_unref);
  self->listen_id = 0;
}

static gboolean
listen_again_cb (gpointer user_data)
{
  McpClient *self = user_data;

  self->listen_timer = 0;
  listen_start (self);

  return G_SOURCE_REMOVE;
}

typedef struct
{
  McpClient    *client;
  GCancellable *cancellable;
  gint64        id;
  gint64        started;  /* monotonic µs */
} Listen;

static void
listen_free (Listen *listen)
{
  g_clear_object (&listen->client);
  g_clear_object (&listen->cancellable);
  g_free (listen);
}

static void
listen_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Listen *listen = user_data;
  McpClient *self = listen->client;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  guint wait_ms;

  answer = mcp_client_request_finish (self, result, &error);

  /* Replaced by a newer filter, or the client is going away. */
  if (g_cancellable_is_cancelled (listen->cancellable) || listen->id != self->listen_id ||
      self->closed || self->closing)
    {
      listen_free (listen);
      return;
    }

  self->listen_id = 0;
  g_clear_object (&self->listen_cancellable);
  g_clear_pointer (&self->listen_granted, json_object_unref);

  if (answer != NULL)
    {
      /* Translators: %lld is the number of the subscriptions/listen request */
      _mcp_client_emit_event (self, _("the server ended subscription %lld"), (long long)listen->id);
      listen_free (listen);
      return;
    }

  /* Over stdio the server may end it with notifications/cancelled alone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      listen_free (listen);
      return;
    }

  if (g_get_monotonic_time () - listen->started >= LISTEN_HEALTHY_US)
    self->listen_failures = 0;

  if (error->domain == MCP_RPC_ERROR || g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT) ||
      ++self->listen_failures > LISTEN_MAX_FAILURES)
    {
      /* Translators: %s says why, as the server or the connection said it */
      _mcp_client_emit_event (self, _("stopped listening for changes: %s"), error->message);
      listen_free (listen);
      return;
    }

  wait_ms = MIN ((guint)LISTEN_FIRST_WAIT_MS << (self->listen_failures - 1), (guint)LISTEN_MAX_WAIT_MS);
  /* Translators: the first %s says why the subscription broke, %u a
   * number of milliseconds, then the attempt and how many there may be */
  _mcp_client_emit_event (self, _("the subscription to changes broke (%s); listening again in %u ms "
                                  "(attempt %u of %u)"),
                          error->message, wait_ms, self->listen_failures, (guint)LISTEN_MAX_FAILURES);
  self->listen_timer = g_timeout_add (wait_ms, listen_again_cb, self);
  listen_free (listen);
}

static void
listen_start (McpClient *self)
{
  g_autoptr(JsonObject) filter = NULL;
  g_autoptr(JsonObject) params = NULL;
  McpRequestOptions options = { 0, };
  g_autoptr(GTask) task = NULL;
  Listen *listen;

  listen_cancel (self);

  if (self->closed || self->closing || !self->listening || self->era != MCP_ERA_STATELESS)
    return;

  if ((filter = listen_filter (self)) == NULL)
    return;

  params = json_object_new ();
  json_object_set_object_member (params, "notifications", g_steal_pointer (&filter));

  /* Open until the subscription ends: no deadline of its own. */
  options.timeout_ms = G_MAXUINT;
  options.max_timeout_ms = G_MAXUINT;
  options.flags = MCP_SEND_FLAGS_IDEMPOTENT;

  self->listen_cancellable = g_cancellable_new ();
  listen = g_new0 (Listen, 1);
  listen->client = g_object_ref (self);
  listen->cancellable = g_object_ref (self->listen_cancellable);
  /* The id the request is about to get: its notifications carry it. */
  listen->id = self->listen_id = self->next_id;
  listen->started = g_get_monotonic_time ();

  task = g_task_new (self, self->listen_cancellable, listen_done_cb, listen);
  g_task_set_source_tag (task, listen_start);
  g_task_set_check_cancellable (task, FALSE);
  _mcp_client_start_request (self, g_steal_pointer (&task), LISTEN_METHOD, params, &options, FALSE);
}

/**
 * mcp_client_listen:
 * @self: a connected #McpClient
 * @resource_uris: (nullable) (array zero-terminated=1): the resources whose
 *   updates to hear of
 *
 * With a server of the stateless revision, opens (or opens again, with the
 * new filter) the `subscriptions/listen` request by which it tells of list
 * changes and of updates to @resource_uris: they come as
 * #McpClient::tools-changed and the other signals, as from a server of the
 * initialize era. It holds until the client closes or the server ends it.
 * Does nothing with a server of the initialize era, whose changes come
 * unasked and whose resources are subscribed to with `resources/subscribe`.
 */
void
mcp_client_listen (McpClient          *self,
                   const char * const *resource_uris)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  if (self->era != MCP_ERA_STATELESS)
    return;

  g_strfreev (self->listen_uris);
  self->listen_uris = g_strdupv ((char **)resource_uris);
  self->listening = TRUE;
  self->listen_failures = 0;
  listen_start (self);
}

/**
 * mcp_client_has_resource_subscriptions:
 * @self: a connected #McpClient
 *
 * Returns: whether the server says it tells of updates to resources
 *   (`resources.subscribe` in its capabilities)
 */
gboolean
mcp_client_has_resource_subscriptions (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  return server_offers (self, "resources", "subscribe");
}

/**
 * mcp_client_get_listen_granted:
 * @self: a #McpClient
 *
 * Returns: (transfer none) (nullable): the filter the server granted in its
 *   acknowledgement of the current subscriptions/listen, or %NULL before
 *   one came
 */
JsonObject *
mcp_client_get_listen_granted (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->listen_granted;
}

/* The subscription a notification is tagged for: 0 if untagged, -1 if the
 * tag is not one of our ids. */
static gint64
notification_tag (JsonObject  *params,
                  char       **shown)
{
  JsonNode *meta = params != NULL ? json_object_get_member (params, "_meta") : NULL;
  JsonNode *tag;

  if (meta == NULL || !JSON_NODE_HOLDS_OBJECT (meta))
    return 0;

  tag = json_object_get_member (json_node_get_object (meta), MCP_META_SUBSCRIPTION_ID);
  if (tag == NULL)
    return 0;

  *shown = json_to_string (tag, FALSE);
  if (JSON_NODE_HOLDS_VALUE (tag) && json_node_get_value_type (tag) == G_TYPE_INT64 && json_node_get_int (tag) > 0)
    return json_node_get_int (tag);

  return -1;
}

/* Whether the notification @method may be acted upon: a change or an
 * acknowledgement tagged for another subscription than ours is not. An
 * untagged one is, as the initialize era sends them. */
gboolean
_mcp_client_listen_heard (McpClient  *self,
                          const char *method,
                          JsonObject *params)
{
  g_autofree char *shown = NULL;
  gint64 tag;

  if (!g_str_equal (method, "notifications/subscriptions/acknowledged") &&
      !g_str_equal (method, "notifications/tools/list_changed") &&
      !g_str_equal (method, "notifications/prompts/list_changed") &&
      !g_str_equal (method, "notifications/resources/list_changed") &&
      !g_str_equal (method, "notifications/resources/updated"))
    return TRUE;

  tag = notification_tag (params, &shown);
  if (tag == 0 || (self->listen_id != 0 && tag == self->listen_id))
    return TRUE;

  /* Translators: the first %s is a notification's method, the second the
   * subscription id it carries, in JSON */
  _mcp_client_emit_event (self, _("ignored %s tagged for subscription %s, which is not ours"), method, shown);
  return FALSE;
}

void
_mcp_client_listen_acknowledged (McpClient  *self,
                                 JsonObject *params)
{
  JsonNode *granted = params != NULL ? json_object_get_member (params, "notifications") : NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *shown = NULL;

  if (self->listen_id == 0)
    return;

  g_clear_pointer (&self->listen_granted, json_object_unref);
  if (granted != NULL && JSON_NODE_HOLDS_OBJECT (granted))
    self->listen_granted = json_object_ref (json_node_get_object (granted));
  else
    self->listen_granted = json_object_new ();

  node = json_node_init_object (json_node_alloc (), self->listen_granted);
  shown = json_to_string (node, FALSE);
  /* Translators: %lld is the number of the subscriptions/listen request,
   * %s what the server granted, in JSON */
  _mcp_client_emit_event (self, _("subscription %lld acknowledged: %s"), (long long)self->listen_id, shown);
}

/* The server's notifications/cancelled for our subscription: it ended it
 * (over stdio, with or after its `complete` result). */
gboolean
_mcp_client_listen_ended (McpClient  *self,
                          JsonObject *params)
{
  JsonNode *id = params != NULL ? json_object_get_member (params, "requestId") : NULL;
  gint64 listen_id = self->listen_id;

  if (listen_id == 0 || id == NULL || !JSON_NODE_HOLDS_VALUE (id) ||
      json_node_get_value_type (id) != G_TYPE_INT64 || json_node_get_int (id) != listen_id)
    return FALSE;

  /* A graceful end, as a `complete` result is. */
  self->listen_id = 0;
  _mcp_client_drop_request (self, listen_id,
                            g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                         _("The server ended the subscription")));
  /* Translators: %lld is the number of the subscriptions/listen request */
  _mcp_client_emit_event (self, _("the server ended subscription %lld"), (long long)listen_id);
  listen_cancel (self);
  return TRUE;
}

void
_mcp_client_listen_dispose (McpClient *self)
{
  g_clear_handle_id (&self->listen_timer, g_source_remove);
  g_clear_object (&self->listen_cancellable);
  g_clear_pointer (&self->listen_granted, json_object_unref);
  g_clear_pointer (&self->listen_uris, g_strfreev);
  self->listen_id = 0;
  self->listening = FALSE;
}
