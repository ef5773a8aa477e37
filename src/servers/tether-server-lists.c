/* tether-server-lists.c — a server's tools, prompts and resources, kept current
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A new session lists what the server has (one list per capability it
 * declared, before the window is told it is connected, so that connected
 * comes with its tools when they are quick); list_changed notifications,
 * coalesced, list again. Each list is bounded and retried by the one
 * policy of tether-request-policy.c: a list belongs to its session, so its
 * retry is the listing of the session that follows a reconnect.
 *
 * Below the state machine (tether-server-session.c): what must go up, a
 * reconnect or a session that died, goes through self->hooks.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include "mcp-error.h"
#include "mcp-list-kind.h"

#include "tether-request-policy.h"
#include "tether-server-lists-private.h"
#include "tether-server.h"

static void refresh_list (TetherServer     *self,
                          TetherServerList  kind);

static gboolean
has_list_capability (TetherServer     *self,
                     TetherServerList  kind)
{
  static const char *capability[TETHER_SERVER_N_LISTS] = {
    "tools", "prompts", "resources", "resources"
  };

  return mcp_client_has_capability (self->client, capability[kind]);
}

/* list_changed */

typedef struct
{
  TetherServer     *self;
  TetherServerList  kind;
} Refresh;

static gboolean
refresh_timeout_cb (gpointer user_data)
{
  Refresh *refresh = user_data;
  TetherServer *self = refresh->self;

  /* The source is removed with the session, so self is alive. */
  self->refresh_id[refresh->kind] = 0;
  if (self->state == TETHER_SERVER_STATE_CONNECTED)
    {
      _tether_server_set_lists_pending (self, self->lists_pending + 1);
      refresh_list (self, refresh->kind);
    }

  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (TetherServer     *self,
                  TetherServerList  kind)
{
  Refresh *refresh;

  /* list_changed comes in bursts, even before our first list: coalesce */
  if (self->refresh_id[kind] != 0)
    return;

  refresh = g_new0 (Refresh, 1);
  refresh->self = self;
  refresh->kind = kind;
  self->refresh_id[kind] = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                               self->timings.list_changed_delay_ms,
                                               refresh_timeout_cb, refresh, g_free);
}

static void
client_tools_changed_cb (TetherServer *self,
                         McpClient    *client)
{
  _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("The server’s tools changed"));
  schedule_refresh (self, TETHER_SERVER_LIST_TOOLS);
}

static void
client_prompts_changed_cb (TetherServer *self,
                           McpClient    *client)
{
  _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("The server’s prompts changed"));
  schedule_refresh (self, TETHER_SERVER_LIST_PROMPTS);
}

static void
client_resources_changed_cb (TetherServer *self,
                             McpClient    *client)
{
  _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("The server’s resources changed"));
  schedule_refresh (self, TETHER_SERVER_LIST_RESOURCES);
  schedule_refresh (self, TETHER_SERVER_LIST_RESOURCE_TEMPLATES);
}

/* Listing */

/* The method that asks for the list @kind, such as `tools/list` */
static const char *
list_method (TetherServerList kind)
{
  switch (kind)
    {
    case TETHER_SERVER_LIST_TOOLS:
      return mcp_list_kind_get_method (MCP_LIST_TOOLS);
    case TETHER_SERVER_LIST_PROMPTS:
      return mcp_list_kind_get_method (MCP_LIST_PROMPTS);
    case TETHER_SERVER_LIST_RESOURCES:
      return mcp_list_kind_get_method (MCP_LIST_RESOURCES);
    case TETHER_SERVER_LIST_RESOURCE_TEMPLATES:
      return mcp_list_kind_get_method (MCP_LIST_RESOURCE_TEMPLATES);
    case TETHER_SERVER_N_LISTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
list_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = NULL;
  TetherServerOp *op = ((gpointer *)user_data)[0];
  TetherServerList kind = GPOINTER_TO_UINT (((gpointer *)user_data)[1]);
  McpClient *client = MCP_CLIENT (object);
  TetherServer *self = op->self;

  switch (kind)
    {
    case TETHER_SERVER_LIST_TOOLS:
      items = mcp_client_list_tools_finish (client, result, &error);
      break;

    case TETHER_SERVER_LIST_PROMPTS:
      items = mcp_client_list_prompts_finish (client, result, &error);
      break;

    case TETHER_SERVER_LIST_RESOURCES:
      items = mcp_client_list_resources_finish (client, result, &error);
      break;

    case TETHER_SERVER_LIST_RESOURCE_TEMPLATES:
      items = mcp_client_list_resource_templates_finish (client, result, &error);
      break;

    case TETHER_SERVER_N_LISTS:
    default:
      g_assert_not_reached ();
    }

  if (!_tether_server_op_is_current (op))
    goto out;

  if (items != NULL)
    {
      g_list_store_splice (self->lists[kind], 0,
                           g_list_model_get_n_items (G_LIST_MODEL (self->lists[kind])),
                           items->pdata, items->len);
    }
  else if (kind == TETHER_SERVER_LIST_RESOURCE_TEMPLATES &&
           g_error_matches (error, MCP_RPC_ERROR, MCP_RPC_METHOD_NOT_FOUND))
    {
      /* Older servers have resources but no templates. */
      g_list_store_remove_all (self->lists[kind]);
    }
  else
    {
      /* A list belongs to its session: the retry of rule 4 is the listing
       * of the session that follows, and list_reconnect_used makes it once
       * until the server has been healthy for a while. */
      TetherRequestRetry retry;
      g_autofree char *message = NULL;

      retry = tether_request_policy_retry (TETHER_REQUEST_KIND_READ, error, FALSE);

      /* The session is dying: the state machine reconnects, and the new
       * session lists again. Reconnecting from here too would reset its
       * count. */
      if (self->hooks->died_of (self, error, self->generation) ||
          retry == TETHER_REQUEST_RETRY_NEXT_SESSION)
        goto out;

      if (retry == TETHER_REQUEST_RETRY_RECONNECT && !self->list_reconnect_used)
        {
          self->list_reconnect_used = TRUE;
          _tether_server_log_printf (self, TETHER_LOG_KIND_ERROR,
                                     _("%s failed: %s. Reconnecting once and retrying."),
                                     list_method (kind), error->message);
          self->hooks->reconnect (self);
          goto out;
        }

      message = g_strdup_printf (_("%s failed: %s"), list_method (kind), error->message);
      _tether_server_log (self, TETHER_LOG_KIND_ERROR, message);
      _tether_server_set_error (self, message, message);
    }

  _tether_server_set_lists_pending (self, self->lists_pending > 0 ? self->lists_pending - 1 : 0);

out:
  _tether_server_op_free (op);
  g_free (user_data);
}

static void
refresh_list (TetherServer     *self,
              TetherServerList  kind)
{
  McpRequestOptions options = { 0, };
  gpointer *data;

  g_assert (self->client != NULL);

  tether_request_policy_options (&self->timings, TETHER_REQUEST_KIND_READ, &options);

  data = g_new (gpointer, 2);
  data[0] = _tether_server_op_new (self);
  data[1] = GUINT_TO_POINTER (kind);

  switch (kind)
    {
    case TETHER_SERVER_LIST_TOOLS:
      mcp_client_list_tools_async (self->client, &options, self->session_cancellable,
                                   list_done_cb, data);
      break;

    case TETHER_SERVER_LIST_PROMPTS:
      mcp_client_list_prompts_async (self->client, &options, self->session_cancellable,
                                     list_done_cb, data);
      break;

    case TETHER_SERVER_LIST_RESOURCES:
      mcp_client_list_resources_async (self->client, &options, self->session_cancellable,
                                       list_done_cb, data);
      break;

    case TETHER_SERVER_LIST_RESOURCE_TEMPLATES:
      mcp_client_list_resource_templates_async (self->client, &options, self->session_cancellable,
                                                list_done_cb, data);
      break;

    case TETHER_SERVER_N_LISTS:
    default:
      g_assert_not_reached ();
    }
}

/* For the state machine */

/* A new session's client: its list_changed notifications are listened to
 * from the start, for they may come before the first lists. */
void
_tether_server_lists_watch (TetherServer *self,
                            McpClient    *client)
{
  g_signal_connect_object (client, "tools-changed",
                           G_CALLBACK (client_tools_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "prompts-changed",
                           G_CALLBACK (client_prompts_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "resources-changed",
                           G_CALLBACK (client_resources_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Connected, before it is said: the lists to wait for (busy), and those
 * the server has no capability for emptied. */
void
_tether_server_lists_begin (TetherServer *self)
{
  guint pending = 0;

  for (guint i = 0; i < TETHER_SERVER_N_LISTS; i++)
    if (has_list_capability (self, i))
      pending++;
    else
      g_list_store_remove_all (self->lists[i]);
  _tether_server_set_lists_pending (self, pending);
}

/* Connected, once it is said: ask for each list the server has. */
void
_tether_server_lists_fetch (TetherServer *self)
{
  for (guint i = 0; i < TETHER_SERVER_N_LISTS; i++)
    if (has_list_capability (self, i))
      refresh_list (self, i);
}

/* The session is left: nothing more is listed for it. */
void
_tether_server_lists_stop (TetherServer *self)
{
  for (guint i = 0; i < TETHER_SERVER_N_LISTS; i++)
    g_clear_handle_id (&self->refresh_id[i], g_source_remove);

  if (self->lists_pending > 0)
    _tether_server_set_lists_pending (self, 0);
}

/**
 * tether_server_get_list_hints:
 * @self: a #TetherServer
 * @method: a list method, such as `tools/list`
 * @ttl_ms: (out) (optional): how long the server said its last list of
 *   @method stays fresh, in ms (0 when it said nothing)
 * @is_public: (out) (optional): whether it said a shared cache may keep it
 *
 * The cache hints of the server's last list of @method, on the connection
 * it has now (see mcp_client_get_list_hints()).
 *
 * Returns: %TRUE if the server is connected and listed @method; if not,
 *   the hints are 0 and not public
 */
gboolean
tether_server_get_list_hints (TetherServer *self,
                              const char   *method,
                              gint64       *ttl_ms,
                              gboolean     *is_public)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  if (self->client != NULL)
    return mcp_client_get_list_hints (self->client, method, ttl_ms, is_public);

  if (ttl_ms != NULL)
    *ttl_ms = 0;
  if (is_public != NULL)
    *is_public = FALSE;

  return FALSE;
}
