/* fake-mcp-listen.c — subscriptions/listen for the fake server's stateless revision
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each subscriptions/listen is acknowledged with the filter granted (what
 * was asked, as far as the fake declares it), and left unanswered: the
 * change notifications the core sends afterwards go once to each
 * subscription whose filter takes them, tagged in `_meta` with the listen
 * request's id; with none open they go nowhere, as the revision says.
 * notifications/cancelled for a listen ends it. The tool "end-listen" ends
 * every subscription gracefully (a `complete` result and
 * notifications/cancelled); "touch-resource" sends an update of its "uri".
 * With listen_wrong_tag, each acknowledgement is followed by a
 * tools/list_changed tagged for a subscription that does not exist.
 */

#include "fake-mcp-core.h"

#define SUBSCRIPTION_ID "io.modelcontextprotocol/subscriptionId"

struct _FakeMcpListen
{
  FakeMcpCore *core;
  GPtrArray   *subscriptions; /* Subscription */
};

typedef struct
{
  JsonNode   *id;
  JsonObject *granted;
} Subscription;

static void
subscription_free (Subscription *sub)
{
  json_node_unref (sub->id);
  json_object_unref (sub->granted);
  g_free (sub);
}

FakeMcpListen *
fake_mcp_listen_new (FakeMcpCore *core)
{
  FakeMcpListen *listen = g_new0 (FakeMcpListen, 1);

  listen->core = core;
  listen->subscriptions = g_ptr_array_new_with_free_func ((GDestroyNotify)subscription_free);

  return listen;
}

void
fake_mcp_listen_free (FakeMcpListen *listen)
{
  if (listen == NULL)
    return;

  g_ptr_array_unref (listen->subscriptions);
  g_free (listen);
}

guint
fake_mcp_listen_get_n_subscriptions (FakeMcpListen *listen)
{
  return listen->subscriptions->len;
}

/* A copy of @params (or an empty object) with the tag of @id. */
static JsonObject *
tagged (JsonObject *params,
        JsonNode   *id)
{
  g_autoptr(JsonNode) copy = NULL;
  JsonObject *object;
  JsonObject *meta;

  if (params != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), params);

      copy = json_node_copy (node);
      object = json_object_ref (json_node_get_object (copy));
    }
  else
    object = json_object_new ();

  if (json_object_has_member (object, "_meta") && JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "_meta")))
    meta = json_object_get_object_member (object, "_meta");
  else
    {
      meta = json_object_new ();
      json_object_set_object_member (object, "_meta", meta);
    }
  json_object_set_member (meta, SUBSCRIPTION_ID, json_node_copy (id));

  return object;
}

static gboolean
accepts (Subscription *sub,
         const char   *method,
         JsonObject   *params)
{
  const char *uri;
  JsonArray *uris;

  if (g_str_equal (method, "notifications/tools/list_changed"))
    return json_object_get_boolean_member_with_default (sub->granted, "toolsListChanged", FALSE);
  if (g_str_equal (method, "notifications/prompts/list_changed"))
    return json_object_get_boolean_member_with_default (sub->granted, "promptsListChanged", FALSE);
  if (g_str_equal (method, "notifications/resources/list_changed"))
    return json_object_get_boolean_member_with_default (sub->granted, "resourcesListChanged", FALSE);

  uri = params != NULL ? json_object_get_string_member_with_default (params, "uri", NULL) : NULL;
  if (uri == NULL || !json_object_has_member (sub->granted, "resourceSubscriptions"))
    return FALSE;

  uris = json_object_get_array_member (sub->granted, "resourceSubscriptions");
  for (guint i = 0; uris != NULL && i < json_array_get_length (uris); i++)
    if (g_strcmp0 (json_array_get_string_element (uris, i), uri) == 0)
      return TRUE;

  return FALSE;
}

/* Returns TRUE when @method is a change notification it routed (or
 * dropped); FALSE when the core sends it as it is. */
gboolean
fake_mcp_listen_route (FakeMcpListen *listen,
                       const char    *method,
                       JsonObject    *params)
{
  if (!g_str_equal (method, "notifications/tools/list_changed") &&
      !g_str_equal (method, "notifications/prompts/list_changed") &&
      !g_str_equal (method, "notifications/resources/list_changed") &&
      !g_str_equal (method, "notifications/resources/updated"))
    return FALSE;


  for (guint i = 0; i < listen->subscriptions->len; i++)
    {
      Subscription *sub = g_ptr_array_index (listen->subscriptions, i);

      if (accepts (sub, method, params))
        fake_mcp_core_send_notification (listen->core, method, tagged (params, sub->id));
    }

  if (params != NULL)
    json_object_unref (params);

  return TRUE;
}

static void
grant_flag (JsonObject *asked,
            JsonObject *granted,
            const char *name)
{
  if (json_object_get_boolean_member_with_default (asked, name, FALSE))
    json_object_set_boolean_member (granted, name, TRUE);
}

void
fake_mcp_listen_serve (FakeMcpListen *listen,
                       JsonNode      *id,
                       JsonObject    *params,
                       gboolean       wrong_tag)
{
  Subscription *sub;
  JsonObject *asked = NULL;
  JsonObject *ack;

  if (params != NULL && json_object_has_member (params, "notifications") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "notifications")))
    asked = json_object_get_object_member (params, "notifications");

  if (asked == NULL)
    {
      fake_mcp_core_reply_error (listen->core, id, -32602, "Invalid params: 'notifications' is required", NULL);
      return;
    }

  sub = g_new0 (Subscription, 1);
  sub->id = json_node_copy (id);
  sub->granted = json_object_new ();
  /* The fake sends no prompts/list_changed: never granted. */
  grant_flag (asked, sub->granted, "toolsListChanged");
  grant_flag (asked, sub->granted, "resourcesListChanged");
  if (json_object_has_member (asked, "resourceSubscriptions") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (asked, "resourceSubscriptions")))
    json_object_set_member (sub->granted, "resourceSubscriptions",
                            json_node_copy (json_object_get_member (asked, "resourceSubscriptions")));
  g_ptr_array_add (listen->subscriptions, sub);

  ack = json_object_new ();
  json_object_set_object_member (ack, "notifications", json_object_ref (sub->granted));
  fake_mcp_core_send_notification (listen->core, "notifications/subscriptions/acknowledged", tagged (ack, id));
  json_object_unref (ack);

  if (wrong_tag)
    {
      g_autoptr(JsonNode) other = json_node_new (JSON_NODE_VALUE);

      json_node_set_int (other, 4242);
      fake_mcp_core_send_notification (listen->core, "notifications/tools/list_changed", tagged (NULL, other));
    }
}

/* Returns TRUE when @params cancelled a subscription. */
gboolean
fake_mcp_listen_cancel (FakeMcpListen *listen,
                        JsonObject    *params)
{
  JsonNode *request_id = params != NULL ? json_object_get_member (params, "requestId") : NULL;

  if (request_id == NULL)
    return FALSE;

  for (guint i = 0; i < listen->subscriptions->len; i++)
    {
      Subscription *sub = g_ptr_array_index (listen->subscriptions, i);

      if (json_node_equal (sub->id, request_id))
        {
          g_ptr_array_remove_index (listen->subscriptions, i);
          return TRUE;
        }
    }

  return FALSE;
}

/* The server ends every subscription: a `complete` result each, then
 * notifications/cancelled (as over stdio). */
void
fake_mcp_listen_end_all (FakeMcpListen *listen)
{
  g_autoptr(GPtrArray) subscriptions = g_steal_pointer (&listen->subscriptions);

  listen->subscriptions = g_ptr_array_new_with_free_func ((GDestroyNotify)subscription_free);

  for (guint i = 0; i < subscriptions->len; i++)
    {
      Subscription *sub = g_ptr_array_index (subscriptions, i);
      JsonObject *result = json_object_new ();
      JsonObject *cancelled = json_object_new ();

      json_object_set_string_member (result, "resultType", "complete");
      fake_mcp_core_reply (listen->core, sub->id, tagged (result, sub->id));
      json_object_unref (result);

      json_object_set_member (cancelled, "requestId", json_node_copy (sub->id));
      json_object_set_string_member (cancelled, "reason", "the server is shutting down");
      fake_mcp_core_send_notification (listen->core, "notifications/cancelled", cancelled);
    }
}
