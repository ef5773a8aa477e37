/* mcp-client.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-transport-private.h"
#include "mcp-util-private.h"

/* One MCP session over a transport (DESIGN.md §2.1, mcp-client.md).
 *
 * Requests get integer ids from 1 and wait in a table. Each is bounded by a
 * timeout; a timeout or a cancel sends notifications/cancelled (never for
 * initialize) and remembers the id so a late answer is dropped with a note.
 * When the transport closes, every pending request fails at once: with
 * MCP_ERROR_NOT_SENT when its message provably never left (the caller may
 * send it again), else MCP_ERROR_CLOSED. Messages are handled strictly in
 * the order they arrive. */

#define MAX_ABANDONED 1024

static const char * const accepted_versions[] = {
  MCP_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05", NULL
};

typedef enum
{
  SEND_PENDING,
  SEND_DONE,
} SendState;

typedef struct
{
  McpClient       *client;        /* unowned: the task holds a ref */
  gint64           id;
  char            *method;
  GTask           *task;
  GCancellable    *cancellable;
  gulong           cancelled_id;
  gint64           deadline;      /* monotonic µs */
  gint64           started;       /* monotonic µs */
  guint            timeout_ms;
  guint            max_timeout_ms;
  McpProgressFunc  progress_callback;
  gpointer         progress_data;
  SendState        send_state;
  guint            is_initialize : 1;
  guint            extended : 1;  /* progress restarted the wait */
  guint            orphaned : 1;  /* the transport closed while sending */
} Pending;

struct _McpClient
{
  GObject       parent_instance;

  McpTransport *transport;
  GTask        *initialize_waiting_for_close; /* connect task, until the transport says why */
  GHashTable   *pending;     /* gint64 id → Pending */
  GHashTable   *abandoned;   /* gint64 id → method, for late answers */
  gint64        next_id;
  GSource      *timer;       /* fires at the earliest deadline */

  char         *protocol_version;
  char         *server_name;
  char         *server_title;
  char         *server_version;
  char         *instructions;
  JsonNode     *server_capabilities;

  guint         request_timeout_ms;
  guint         max_request_timeout_ms;
  guint         max_pages;

  GError       *close_error;
  GPtrArray    *close_tasks;

  guint         connecting : 1;
  guint         closed : 1;
  guint         closing : 1;
  guint         close_done : 1;
};

G_DEFINE_FINAL_TYPE (McpClient, mcp_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TRANSPORT,
  PROP_PROTOCOL_VERSION,
  PROP_SERVER_NAME,
  PROP_SERVER_TITLE,
  PROP_SERVER_VERSION,
  PROP_INSTRUCTIONS,
  PROP_SERVER_CAPABILITIES,
  PROP_REQUEST_TIMEOUT,
  PROP_MAX_REQUEST_TIMEOUT,
  PROP_MAX_PAGES,
  PROP_CLOSED,
  N_PROPS
};

enum {
  TOOLS_CHANGED,
  PROMPTS_CHANGED,
  RESOURCES_CHANGED,
  RESOURCE_UPDATED,
  LOG_MESSAGE,
  EVENT,
  STDERR_LINE,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
emit_event (McpClient  *self,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
emit_event (McpClient  *self,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_debug ("%s", message);
  g_signal_emit (self, signals[EVENT], 0, message);
}

static double
elapsed_seconds (Pending *p)
{
  return (g_get_monotonic_time () - p->started) / (double)G_USEC_PER_SEC;
}

/* ---------------------------------------------------------------------- */
/* Sending                                                                  */

static JsonNode *
build_message (const char *method,
               JsonObject *params,
               gint64      id)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "jsonrpc", "2.0");
  if (id >= 0)
    json_object_set_int_member (object, "id", id);
  json_object_set_string_member (object, "method", method);
  if (params != NULL)
    json_object_set_object_member (object, "params", json_object_ref (params));
  json_node_take_object (node, object);

  return node;
}

/**
 * mcp_client_notify:
 * @self: a #McpClient
 * @method: the notification's method
 * @params: (nullable): its params
 *
 * Sends a notification, without waiting for its delivery.
 */
void
mcp_client_notify (McpClient  *self,
                   const char *method,
                   JsonObject *params)
{
  g_autoptr(JsonNode) message = NULL;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);

  if (self->closed)
    return;

  message = build_message (method, params, -1);
  mcp_transport_send (self->transport, message);
}

static void
send_cancelled (McpClient  *self,
                Pending    *p,
                const char *reason)
{
  g_autoptr(JsonObject) params = NULL;

  /* Never for initialize (Lifecycle), and only once it left. */
  if (p->is_initialize || self->closed || p->send_state != SEND_DONE)
    return;

  params = json_object_new ();
  json_object_set_int_member (params, "requestId", p->id);
  json_object_set_string_member (params, "reason", reason);
  mcp_client_notify (self, "notifications/cancelled", params);
}

/* ---------------------------------------------------------------------- */
/* The pending table                                                        */

static void
pending_free (Pending *p)
{
  g_assert (p->task == NULL);

  g_clear_pointer (&p->method, g_free);
  g_clear_object (&p->cancellable);
  g_free (p);
}

/* Takes @p out of the table and completes its task with @result or @error
 * (both consumed). */
static void
pending_complete (Pending  *p,
                  JsonNode *result,
                  GError   *error)
{
  McpClient *self = p->client;
  g_autoptr(GTask) task = g_steal_pointer (&p->task);

  if (p->cancelled_id != 0)
    {
      /* Not from inside the cancelled handler: that runs from an idle. */
      g_cancellable_disconnect (p->cancellable, p->cancelled_id);
      p->cancelled_id = 0;
    }

  g_hash_table_steal (self->pending, &p->id);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify)json_node_unref);

  pending_free (p);
}

static void
pending_abandon (Pending    *p,
                 GError     *error,
                 const char *reason)
{
  McpClient *self = p->client;
  gint64 *key = g_new (gint64, 1);

  /* Remember it to recognise its late answer; a server that never answers
   * must not make this grow for ever. */
  if (g_hash_table_size (self->abandoned) >= MAX_ABANDONED)
    g_hash_table_remove_all (self->abandoned);

  *key = p->id;
  g_hash_table_replace (self->abandoned, key, g_strdup (p->method));
  send_cancelled (self, p, reason);
  pending_complete (p, NULL, error);
}

static void
time_out (Pending *p)
{
  McpClient *self = p->client;
  g_autofree char *reason = NULL;
  GError *error;
  double elapsed = elapsed_seconds (p);

  if (p->extended)
    error = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                         _("%s timed out: no answer after %.1f s (timeout %u ms after the last progress, at most %u ms)"),
                         p->method, elapsed, p->timeout_ms, p->max_timeout_ms);
  else
    error = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                         _("%s timed out: no answer after %.1f s (timeout %u ms)"),
                         p->method, elapsed, p->timeout_ms);

  reason = g_strdup_printf ("timed out after %.1f s", elapsed);
  emit_event (self, "request %" G_GINT64_FORMAT " (%s) timed out after %.1f s%s",
              p->id, p->method, elapsed,
              p->is_initialize ? "" : "; sent notifications/cancelled");
  pending_abandon (p, error, reason);
}

/* One timer for all requests, armed for the earliest deadline. A request
 * that completes leaves it alone: when it fires it finds the requests that
 * are really late and re-arms for the next. No source per request. */
static void
timer_arm (McpClient *self,
           gint64     deadline)
{
  gint64 ready = g_source_get_ready_time (self->timer);

  if (ready == -1 || deadline < ready)
    g_source_set_ready_time (self->timer, deadline);
}

static gboolean
timer_cb (gpointer user_data)
{
  McpClient *self = user_data;
  g_autoptr(GArray) late = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GList) values = NULL;
  gint64 now = g_get_monotonic_time ();
  gint64 next = G_MAXINT64;
  gboolean parsing;

  /* An answer may be in a large message still being parsed off the main
   * thread: it arrived in time, so look again shortly rather than call it
   * late. */
  parsing = self->transport != NULL && _mcp_transport_is_parsing (self->transport);

  values = g_hash_table_get_values (self->pending);
  for (GList *l = values; l != NULL; l = l->next)
    {
      Pending *p = l->data;

      if (p->deadline <= now && parsing)
        next = MIN (next, now + 20 * 1000);
      else if (p->deadline <= now)
        g_array_append_val (late, p->id);
      else
        next = MIN (next, p->deadline);
    }

  g_source_set_ready_time (self->timer, next == G_MAXINT64 ? -1 : next);

  /* By id: timing one out may complete others (its callback may close). */
  for (guint i = 0; i < late->len; i++)
    {
      Pending *p = g_hash_table_lookup (self->pending, &g_array_index (late, gint64, i));

      if (p != NULL)
        time_out (p);
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
timer_dispatch (GSource     *source,
                GSourceFunc  callback,
                gpointer     user_data)
{
  return callback (user_data);
}

static GSourceFuncs timer_funcs = {
  .dispatch = timer_dispatch,
};

typedef struct
{
  McpClient *client;
  gint64     id;
} IdRef;

static void
id_ref_free (IdRef *ref)
{
  g_clear_object (&ref->client);
  g_free (ref);
}

static IdRef *
id_ref_new (McpClient *self,
            gint64     id)
{
  IdRef *ref = g_new0 (IdRef, 1);

  ref->client = g_object_ref (self);
  ref->id = id;

  return ref;
}

static gboolean
cancelled_idle_cb (gpointer user_data)
{
  IdRef *ref = user_data;
  Pending *p = g_hash_table_lookup (ref->client->pending, &ref->id);

  if (p != NULL)
    {
      emit_event (ref->client, "request %" G_GINT64_FORMAT " (%s) cancelled after %.1f s",
                  p->id, p->method, elapsed_seconds (p));
      pending_abandon (p,
                       g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                    _("%s was cancelled"), p->method),
                       "cancelled by the user");
    }

  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  Pending *p = user_data;

  /* Runs inside g_cancellable_cancel(), perhaps while the caller holds
   * state: finish from an idle. Disconnecting here would deadlock. */
  g_idle_add_full (G_PRIORITY_DEFAULT, cancelled_idle_cb,
                   id_ref_new (p->client, p->id), (GDestroyNotify)id_ref_free);
}

static GError *
closed_error_because (Pending    *p,
                      const char *why)
{
  if (g_str_equal (p->method, "tools/call"))
    return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                        _("The connection closed while tools/call was running; its outcome is unknown: %s"),
                        why);

  return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                      _("The connection closed before %s was answered: %s"), p->method, why);
}

static GError *
closed_error_for (McpClient *self,
                  Pending   *p)
{
  return closed_error_because (p, self->close_error != NULL ? self->close_error->message
                                                            : _("the session was ended"));
}

/* Why a request failed when its delivery did. The transport knows best
 * what happened (an HTTP status, its own deadline, a reply that is not
 * MCP, an expired session, a connection that broke): its error is kept,
 * code and message. Only MCP_ERROR_NOT_SENT (and PEER_NOT_READING, the
 * message refused by a transport whose peer reads nothing) says the
 * message never left;
 * whatever else the transport could not classify counts as a closed
 * connection, never as NOT_SENT, so a tools/call that may have reached
 * the server is never sent again; and a closed tools/call says that its
 * outcome is unknown. */
static GError *
send_error_for (Pending      *p,
                const GError *error)
{
  /* Connecting: the transport's reason says it all ("Could not reach…"). */
  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT) && p->is_initialize)
    return g_error_copy (error);

  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT) ||
      g_error_matches (error, MCP_ERROR, MCP_ERROR_PEER_NOT_READING))
    return g_error_new (MCP_ERROR, error->code,
                        _("%s was not sent: %s"), p->method, error->message);

  if (error->domain == MCP_ERROR && error->code != MCP_ERROR_FAILED &&
      (error->code != MCP_ERROR_CLOSED || !g_str_equal (p->method, "tools/call")))
    return g_error_copy (error);

  return closed_error_because (p, error->message);
}

/* May run inside start_request (the stdio transport delivers most
 * messages at once). */
static void
sent_cb (McpTransport *transport,
         const GError *error,
         gpointer      user_data)
{
  IdRef *ref = user_data;
  McpClient *self = ref->client;
  Pending *p;

  p = g_hash_table_lookup (self->pending, &ref->id);
  if (p != NULL)
    {
      p->send_state = SEND_DONE;

      if (g_error_matches (error, MCP_ERROR, MCP_ERROR_TIMEOUT))
        {
          /* The transport gave up waiting: the server may still be at
           * it, so it is told, and a late answer is recognised. */
          emit_event (self, "request %" G_GINT64_FORMAT " (%s) timed out in the transport after %.1f s%s",
                      p->id, p->method, elapsed_seconds (p),
                      p->is_initialize ? "" : "; sent notifications/cancelled");
          pending_abandon (p, send_error_for (p, error), "timed out");
        }
      else if (error != NULL)
        pending_complete (p, NULL, send_error_for (p, error));
      else if (p->orphaned)
        pending_complete (p, NULL, closed_error_for (self, p));
    }

  id_ref_free (ref);
}

static void
start_request (McpClient               *self,
               GTask                   *task,
               const char              *method,
               JsonObject              *params,
               const McpRequestOptions *options,
               gboolean                 is_initialize)
{
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(JsonObject) sent_params = NULL;
  GCancellable *cancellable = g_task_get_cancellable (task);
  McpSendFlags flags = options != NULL ? options->flags : MCP_SEND_FLAGS_NONE;
  Pending *p;

  if (self->closed || self->closing)
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_NOT_SENT,
                               _("%s was not sent: the connection is closed"), method);
      g_object_unref (task);
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return;
    }

  p = g_new0 (Pending, 1);
  p->client = self;
  p->id = self->next_id++;
  p->method = g_strdup (method);
  p->task = task;
  p->started = g_get_monotonic_time ();
  p->timeout_ms = options != NULL && options->timeout_ms > 0 ? options->timeout_ms : self->request_timeout_ms;
  p->max_timeout_ms = options != NULL && options->max_timeout_ms > 0 ? options->max_timeout_ms : self->max_request_timeout_ms;
  p->max_timeout_ms = MAX (p->max_timeout_ms, p->timeout_ms);
  p->is_initialize = !!is_initialize;
  if (options != NULL)
    {
      p->progress_callback = options->progress_callback;
      p->progress_data = options->progress_data;
    }

  /* The params we send: the caller's, plus our progress token. */
  if (p->progress_callback != NULL)
    {
      JsonObject *meta;

      sent_params = json_object_new ();
      if (params != NULL)
        {
          GList *members = json_object_get_members (params);

          for (GList *l = members; l != NULL; l = l->next)
            json_object_set_member (sent_params, l->data,
                                    json_node_copy (json_object_get_member (params, l->data)));
          g_list_free (members);
        }

      if (json_object_has_member (sent_params, "_meta") &&
          JSON_NODE_HOLDS_OBJECT (json_object_get_member (sent_params, "_meta")))
        meta = json_object_get_object_member (sent_params, "_meta");
      else
        {
          meta = json_object_new ();
          json_object_set_object_member (sent_params, "_meta", meta);
        }
      json_object_set_int_member (meta, "progressToken", p->id);
    }
  else if (params != NULL)
    sent_params = json_object_ref (params);

  g_hash_table_insert (self->pending, &p->id, p);

  p->deadline = p->started + (gint64)p->timeout_ms * 1000;
  timer_arm (self, p->deadline);

  if (cancellable != NULL)
    {
      p->cancellable = g_object_ref (cancellable);
      p->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), p, NULL);
    }

  /* On the hot path: format only when someone reads it. */
  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("→ %s (id %" G_GINT64_FORMAT ")", method, p->id);

  if (g_str_equal (method, "tools/call"))
    flags &= ~MCP_SEND_FLAGS_IDEMPOTENT;

  message = build_message (method, sent_params, p->id);
  mcp_transport_send_message (self->transport, message, flags, sent_cb, id_ref_new (self, p->id));
}

/**
 * mcp_client_request_async:
 * @self: a #McpClient
 * @method: the JSON-RPC method
 * @params: (nullable): its params; not modified
 * @options: (nullable): per-call settings
 * @cancellable: (nullable): cancelling sends notifications/cancelled and
 *   fails the call with %G_IO_ERROR_CANCELLED
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Sends a request and waits for its answer. Errors: %MCP_RPC_ERROR when the
 * server answered with an error; %MCP_ERROR_TIMEOUT; %G_IO_ERROR_CANCELLED;
 * %MCP_ERROR_NOT_SENT when the message provably never left (safe to send
 * again, even a `tools/call`); %MCP_ERROR_PEER_NOT_READING when the
 * transport refused it, at once, because the server reads nothing of what
 * it is sent; %MCP_ERROR_CLOSED when the connection closed after it left
 * (the outcome is unknown).
 */
void
mcp_client_request_async (McpClient               *self,
                          const char              *method,
                          JsonObject              *params,
                          const McpRequestOptions *options,
                          GCancellable            *cancellable,
                          GAsyncReadyCallback      callback,
                          gpointer                 user_data)
{
  GTask *task;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_request_async);
  g_task_set_check_cancellable (task, FALSE);

  start_request (self, task, method, params, options, FALSE);
}

/**
 * mcp_client_request_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the `result` member of the answer
 */
JsonNode *
mcp_client_request_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Receiving                                                                */

static GError *
rpc_error_from_json (JsonNode *node)
{
  JsonObject *object;
  g_autofree char *data_json = NULL;
  const char *message;
  gint64 code;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                        "%s", _("The server answered with a malformed error"));

  object = json_node_get_object (node);
  code = json_object_get_int_member_with_default (object, "code", MCP_RPC_INTERNAL_ERROR);
  message = mcp_json_has_string (object, "message") ? json_object_get_string_member (object, "message") : "";
  if (json_object_has_member (object, "data"))
    data_json = json_to_string (json_object_get_member (object, "data"), FALSE);

  return mcp_rpc_error_new ((int)CLAMP (code, G_MININT, G_MAXINT), message, data_json);
}

static void
handle_response (McpClient  *self,
                 JsonObject *object)
{
  JsonNode *id_node = json_object_get_member (object, "id");
  const char *late_method;
  Pending *p;
  gint64 id;

  if (!JSON_NODE_HOLDS_VALUE (id_node) || json_node_get_value_type (id_node) != G_TYPE_INT64)
    {
      g_autofree char *shown = json_to_string (id_node, FALSE);
      emit_event (self, "dropped an answer with id %s: we never send such an id", shown);
      return;
    }

  id = json_node_get_int (id_node);
  p = g_hash_table_lookup (self->pending, &id);

  if (p == NULL)
    {
      if ((late_method = g_hash_table_lookup (self->abandoned, &id)) != NULL)
        {
          emit_event (self, "dropped a late answer to request %" G_GINT64_FORMAT " (%s)",
                      id, late_method);
          g_hash_table_remove (self->abandoned, &id);
        }
      else
        emit_event (self, "dropped an answer to request %" G_GINT64_FORMAT ", which is not pending", id);
      return;
    }

  /* An answer proves the request left. */
  p->send_state = SEND_DONE;

  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("← %s (id %" G_GINT64_FORMAT ") after %.1f ms", p->method, id, elapsed_seconds (p) * 1000);

  if (json_object_has_member (object, "error"))
    pending_complete (p, NULL, rpc_error_from_json (json_object_get_member (object, "error")));
  else if (json_object_has_member (object, "result"))
    pending_complete (p, json_node_ref (json_object_get_member (object, "result")), NULL);
  else
    pending_complete (p, NULL,
                      g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                   _("The answer to %s has neither a result nor an error"), p->method));
}

static void
answer (McpClient  *self,
        JsonNode   *id,
        JsonObject *result,
        int         error_code,
        const char *error_message)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_member (object, "id", json_node_copy (id));
  if (result != NULL)
    json_object_set_object_member (object, "result", result);
  else
    {
      JsonObject *error = json_object_new ();

      json_object_set_int_member (error, "code", error_code);
      json_object_set_string_member (error, "message", error_message);
      json_object_set_object_member (object, "error", error);
    }
  json_node_take_object (node, object);

  if (!self->closed)
    mcp_transport_send (self->transport, node);
}

static void
handle_server_request (McpClient  *self,
                       const char *method,
                       JsonNode   *id)
{
  if (!JSON_NODE_HOLDS_VALUE (id) ||
      (json_node_get_value_type (id) != G_TYPE_INT64 && json_node_get_value_type (id) != G_TYPE_STRING))
    {
      emit_event (self, "ignored a request (%s) from the server with an invalid id", method);
      return;
    }

  if (g_str_equal (method, "ping"))
    answer (self, id, json_object_new (), 0, NULL);
  else if (g_str_equal (method, "roots/list"))
    {
      JsonObject *result = json_object_new ();

      json_object_set_array_member (result, "roots", json_array_new ());
      answer (self, id, result, 0, NULL);
    }
  else
    {
      g_autofree char *message = g_strdup_printf ("Method not found: %s", method);

      emit_event (self, "the server asked for %s, which we do not offer", method);
      answer (self, id, NULL, MCP_RPC_METHOD_NOT_FOUND, message);
    }
}

static void
handle_progress (McpClient  *self,
                 JsonObject *params)
{
  JsonNode *token = params != NULL ? json_object_get_member (params, "progressToken") : NULL;
  const char *message = NULL;
  double progress, total;
  gint64 id;
  gint64 now, cap, wait_ms;
  Pending *p;

  if (token == NULL || !JSON_NODE_HOLDS_VALUE (token) || json_node_get_value_type (token) != G_TYPE_INT64)
    return;

  id = json_node_get_int (token);
  p = g_hash_table_lookup (self->pending, &id);
  if (p == NULL || p->progress_callback == NULL)
    {
      g_debug ("dropped progress for token %" G_GINT64_FORMAT ", which is not active", id);
      return;
    }

  progress = json_object_get_double_member_with_default (params, "progress", 0);
  total = json_object_get_double_member_with_default (params, "total", -1);
  if (mcp_json_has_string (params, "message"))
    message = json_object_get_string_member (params, "message");

  /* Progress restarts the wait, never past the hard limit. */
  now = g_get_monotonic_time ();
  cap = p->started + (gint64)p->max_timeout_ms * 1000;
  wait_ms = MIN ((gint64)p->timeout_ms, (cap - now) / 1000);
  if (wait_ms > 0)
    {
      p->deadline = now + wait_ms * 1000;
      p->extended = TRUE;
    }

  p->progress_callback (progress, total, message, p->progress_data);
}

static void
handle_notification (McpClient  *self,
                     const char *method,
                     JsonObject *params)
{
  if (g_str_equal (method, "notifications/progress"))
    handle_progress (self, params);
  else if (g_str_equal (method, "notifications/tools/list_changed"))
    g_signal_emit (self, signals[TOOLS_CHANGED], 0);
  else if (g_str_equal (method, "notifications/prompts/list_changed"))
    g_signal_emit (self, signals[PROMPTS_CHANGED], 0);
  else if (g_str_equal (method, "notifications/resources/list_changed"))
    g_signal_emit (self, signals[RESOURCES_CHANGED], 0);
  else if (g_str_equal (method, "notifications/resources/updated"))
    {
      if (params != NULL && mcp_json_has_string (params, "uri"))
        g_signal_emit (self, signals[RESOURCE_UPDATED], 0, json_object_get_string_member (params, "uri"));
    }
  else if (g_str_equal (method, "notifications/message"))
    {
      g_autoptr(JsonNode) null_node = json_node_new (JSON_NODE_NULL);
      const char *level = "info";
      const char *logger = NULL;
      JsonNode *data = NULL;

      if (params != NULL)
        {
          if (mcp_json_has_string (params, "level"))
            level = json_object_get_string_member (params, "level");
          if (mcp_json_has_string (params, "logger"))
            logger = json_object_get_string_member (params, "logger");
          data = json_object_get_member (params, "data");
        }

      g_signal_emit (self, signals[LOG_MESSAGE], 0, level, logger, data != NULL ? data : null_node);
    }
  else
    g_debug ("ignored notification %s", method);
}

static void
message_received_cb (McpClient    *self,
                     JsonNode     *message,
                     McpTransport *transport)
{
  JsonObject *object = json_node_get_object (message);
  JsonObject *params = NULL;
  const char *method = NULL;

  if (self->closed)
    return;

  if (mcp_json_has_string (object, "method"))
    method = json_object_get_string_member (object, "method");

  if (json_object_has_member (object, "params") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")))
    params = json_object_get_object_member (object, "params");

  if (method == NULL)
    handle_response (self, object);
  else if (json_object_has_member (object, "id"))
    handle_server_request (self, method, json_object_get_member (object, "id"));
  else
    handle_notification (self, method, params);
}

static void
invalid_message_cb (McpClient    *self,
                    const char   *text,
                    const char   *reason,
                    McpTransport *transport)
{
  emit_event (self, "skipped a message that is not JSON-RPC (%s): %s", reason, text);
}

/* An answer that cannot be read (not UTF-8): its request fails at once. */
static void
invalid_response_cb (McpClient    *self,
                     JsonNode     *id,
                     const char   *reason,
                     McpTransport *transport)
{
  Pending *p;
  gint64 key;

  if (self->closed || json_node_get_value_type (id) != G_TYPE_INT64)
    return;

  key = json_node_get_int (id);
  if ((p = g_hash_table_lookup (self->pending, &key)) == NULL)
    return;

  p->send_state = SEND_DONE;
  pending_complete (p, NULL, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                          _("The server’s answer to %s cannot be read: %s"),
                                          p->method, reason));
}

static void
transport_event_cb (McpClient    *self,
                    const char   *message,
                    McpTransport *transport)
{
  g_signal_emit (self, signals[EVENT], 0, message);
}

static void
stderr_line_cb (McpClient    *self,
                const char   *line,
                McpTransport *transport)
{
  g_signal_emit (self, signals[STDERR_LINE], 0, line);
}

static void
complete_close_tasks (McpClient *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->close_tasks);

  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static void initialize_failed_closed (GTask *task);

static void
transport_closed_cb (McpClient    *self,
                     const GError *error,
                     McpTransport *transport)
{
  g_autoptr(GList) values = NULL;

  if (self->closed)
    return;

  self->closed = TRUE;
  if (error != NULL)
    self->close_error = g_error_copy (error);

  if (error != NULL)
    g_debug ("transport closed: %s", error->message);

  /* Fail every pending call now, except those whose message is still on
   * its way out: the send callback tells whether it left. */
  values = g_hash_table_get_values (self->pending);
  for (GList *l = values; l != NULL; l = l->next)
    {
      Pending *p = l->data;

      if (p->send_state == SEND_PENDING)
        p->orphaned = TRUE;
      else
        pending_complete (p, NULL, closed_error_for (self, p));
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_signal_emit (self, signals[CLOSED], 0, error);

  if (self->initialize_waiting_for_close != NULL)
    initialize_failed_closed (g_steal_pointer (&self->initialize_waiting_for_close));
}

/* ---------------------------------------------------------------------- */
/* Connecting                                                               */

static void
initialized_fail (GTask  *task,
                  GError *error)
{
  McpClient *self = g_task_get_source_object (task);

  self->connecting = FALSE;

  /* A failed handshake leaves nothing running. */
  if (!self->closed)
    mcp_client_close_async (self, NULL, NULL, NULL);

  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
initialize_failed_closed (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);

  /* The server never saw it (an HTTP server that cannot be reached): the
   * transport's words say it all. */
  if (g_error_matches (self->close_error, MCP_ERROR, MCP_ERROR_NOT_SENT))
    {
      initialized_fail (task, g_error_copy (self->close_error));
      return;
    }

  initialized_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                       _("The server closed the connection during initialize: %s"),
                                       self->close_error != NULL ? self->close_error->message
                                                                 : _("no reason given")));
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  JsonObject *reply_object;
  JsonObject *info = NULL;
  const char *version;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    {
      if (g_error_matches (error, MCP_RPC_ERROR, MCP_RPC_UNSUPPORTED_PROTOCOL))
        {
          g_autoptr(JsonNode) data = NULL;
          g_autoptr(GString) supported = g_string_new (NULL);
          const char *data_json = mcp_rpc_error_get_data (error);

          if (data_json != NULL)
            data = json_from_string (data_json, NULL);
          if (data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
              json_object_has_member (json_node_get_object (data), "supported") &&
              JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (data), "supported")))
            {
              JsonArray *array = json_object_get_array_member (json_node_get_object (data), "supported");

              for (guint i = 0; i < json_array_get_length (array); i++)
                {
                  const char *v = json_node_get_string (json_array_get_element (array, i));

                  if (v == NULL)
                    continue;
                  if (supported->len > 0)
                    g_string_append (supported, ", ");
                  g_string_append (supported, v);
                }
            }

          if (supported->len > 0)
            {
              GError *explained = mcp_rpc_error_new (error->code, NULL, data_json);

              g_free (explained->message);
              explained->message = g_strdup_printf (_("%s (server requires protocol %s)"),
                                                    error->message, supported->str);
              initialized_fail (task, explained);
              return;
            }
        }
      else if (g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED) ||
               g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT))
        {
          /* Writing to a server that just died fails before the transport
           * has reaped it and can say why (its exit status, its stderr):
           * wait for that, the transport closes within its stop graces. */
          if (self->close_error == NULL && !mcp_transport_is_closed (self->transport))
            {
              self->initialize_waiting_for_close = task;
              return;
            }

          initialize_failed_closed (task);
          return;
        }

      initialized_fail (task, g_steal_pointer (&error));
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      initialized_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           "%s", _("The answer to initialize is not an object")));
      return;
    }

  reply_object = json_node_get_object (reply);
  version = mcp_json_has_string (reply_object, "protocolVersion") ? json_object_get_string_member (reply_object, "protocolVersion") : NULL;

  if (version == NULL || !g_strv_contains (accepted_versions, version))
    {
      initialized_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_UNSUPPORTED_VERSION,
                                           _("The server chose protocol version %s; Tether offered %s and accepts %s"),
                                           version != NULL ? version : _("(none)"),
                                           MCP_PROTOCOL_VERSION,
                                           "2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05"));
      return;
    }

  if (json_object_has_member (reply_object, "serverInfo") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (reply_object, "serverInfo")))
    info = json_object_get_object_member (reply_object, "serverInfo");

  g_object_freeze_notify (G_OBJECT (self));

  if (_mcp_set_str (&self->protocol_version, version))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
  if (info != NULL)
    {
      g_autofree char *name = mcp_json_dup_string (info, "name");
      g_autofree char *title = mcp_json_dup_string (info, "title");
      g_autofree char *ver = mcp_json_dup_string (info, "version");

      if (_mcp_set_str (&self->server_name, name))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_NAME]);
      if (_mcp_set_str (&self->server_title, title))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_TITLE]);
      if (_mcp_set_str (&self->server_version, ver))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_VERSION]);
    }
  {
    g_autofree char *instructions = mcp_json_dup_string (reply_object, "instructions");

    if (_mcp_set_str (&self->instructions, instructions))
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSTRUCTIONS]);
  }

  g_clear_pointer (&self->server_capabilities, json_node_unref);
  if (json_object_has_member (reply_object, "capabilities") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (reply_object, "capabilities")))
    self->server_capabilities = json_node_copy (json_object_get_member (reply_object, "capabilities"));
  else
    {
      /* json_node_init_object() would add a reference of its own */
      self->server_capabilities = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (self->server_capabilities, json_object_new ());
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_CAPABILITIES]);

  g_object_thaw_notify (G_OBJECT (self));

  mcp_client_notify (self, "notifications/initialized", NULL);
  self->connecting = FALSE;

  g_debug ("connected to %s %s, protocol %s",
           self->server_name != NULL ? self->server_name : "(unnamed)",
           self->server_version != NULL ? self->server_version : "",
           version);

  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

static JsonObject *
build_initialize_params (void)
{
  JsonObject *params = json_object_new ();
  JsonObject *info = json_object_new ();

  json_object_set_string_member (params, "protocolVersion", MCP_PROTOCOL_VERSION);
  json_object_set_object_member (params, "capabilities", json_object_new ());
  json_object_set_string_member (info, "name", "tether");
  json_object_set_string_member (info, "title", "Tether");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);
  json_object_set_object_member (params, "clientInfo", info);

  return params;
}

static void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) params = NULL;
  GTask *request;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    {
      self->connecting = FALSE;
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  params = build_initialize_params ();
  request = g_task_new (self, g_task_get_cancellable (task), initialize_cb, task);
  g_task_set_source_tag (request, mcp_client_request_async);
  g_task_set_check_cancellable (request, FALSE);
  start_request (self, request, "initialize", params, NULL, TRUE);
}

/**
 * mcp_client_connect_async:
 * @self: a #McpClient
 * @cancellable: (nullable): stops the attempt (a pending initialize is
 *   abandoned without notifications/cancelled, as the protocol asks)
 * @callback: called when connected or failed
 * @user_data: data for @callback
 *
 * Opens the transport, negotiates the protocol with `initialize` and sends
 * `notifications/initialized`. A failure closes the transport.
 */
void
mcp_client_connect_async (McpClient           *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_connect_async);

  if (self->connecting || self->protocol_version != NULL || self->closed)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "%s", _("This client was already connected once"));
      g_object_unref (task);
      return;
    }

  self->connecting = TRUE;
  mcp_transport_open_async (self->transport, cancellable, open_cb, task);
}

gboolean
mcp_client_connect_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Typed calls                                                              */

typedef enum
{
  LIST_TOOLS,
  LIST_PROMPTS,
  LIST_RESOURCES,
  LIST_RESOURCE_TEMPLATES,
} ListKind;

static const struct {
  const char *method;
  const char *member;
} list_kinds[] = {
  [LIST_TOOLS] = { "tools/list", "tools" },
  [LIST_PROMPTS] = { "prompts/list", "prompts" },
  [LIST_RESOURCES] = { "resources/list", "resources" },
  [LIST_RESOURCE_TEMPLATES] = { "resources/templates/list", "resourceTemplates" },
};

typedef struct
{
  ListKind           kind;
  McpRequestOptions  options;
  GPtrArray         *items;
  GHashTable        *cursors;
  guint              pages;
  guint              skipped;
} ListOp;

static void
list_op_free (ListOp *op)
{
  g_clear_pointer (&op->items, g_ptr_array_unref);
  g_clear_pointer (&op->cursors, g_hash_table_unref);
  g_free (op);
}

static void list_next_page (GTask      *task,
                            const char *cursor);

static gpointer
item_from_json (ListKind    kind,
                JsonObject *object,
                GError    **error)
{
  switch (kind)
    {
    case LIST_TOOLS:
      return mcp_tool_new_from_json (object, error);
    case LIST_PROMPTS:
      return mcp_prompt_new_from_json (object, error);
    case LIST_RESOURCES:
    case LIST_RESOURCE_TEMPLATES:
      return mcp_resource_new_from_json (object, error);
    default:
      g_assert_not_reached ();
    }
}

static void
list_page_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  g_autoptr(GTask) task = user_data;
  ListOp *op = g_task_get_task_data (task);
  const char *method = list_kinds[op->kind].method;
  const char *member = list_kinds[op->kind].member;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  JsonObject *reply_object;
  JsonArray *array;
  const char *cursor = NULL;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  op->pages++;

  if (!JSON_NODE_HOLDS_OBJECT (reply) ||
      !json_object_has_member (json_node_get_object (reply), member) ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (reply), member)))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("The answer to %s has no “%s” list"), method, member);
      return;
    }

  reply_object = json_node_get_object (reply);
  array = json_object_get_array_member (reply_object, member);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autoptr(GError) item_error = NULL;
      gpointer item = NULL;

      if (JSON_NODE_HOLDS_OBJECT (element))
        item = item_from_json (op->kind, json_node_get_object (element), &item_error);

      if (item == NULL)
        {
          op->skipped++;
          emit_event (self, "%s: skipped entry %u of page %u: %s", method, i + 1, op->pages,
                      item_error != NULL ? item_error->message : "not an object");
          continue;
        }

      g_ptr_array_add (op->items, item);
    }

  if (mcp_json_has_string (reply_object, "nextCursor"))
    cursor = json_object_get_string_member (reply_object, "nextCursor");

  if (cursor == NULL || *cursor == '\0')
    {
      g_task_return_pointer (task, g_steal_pointer (&op->items), (GDestroyNotify)g_ptr_array_unref);
      return;
    }

  if (g_hash_table_contains (op->cursors, cursor))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("%s: the server sent the same cursor again after page %u; stopped listing"),
                               method, op->pages);
      return;
    }

  if (op->pages >= self->max_pages)
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("%s: the list goes on past %u pages; stopped listing"),
                               method, self->max_pages);
      return;
    }

  g_hash_table_add (op->cursors, g_strdup (cursor));
  list_next_page (g_steal_pointer (&task), cursor);
}

static void
list_next_page (GTask      *task,
                const char *cursor)
{
  McpClient *self = g_task_get_source_object (task);
  ListOp *op = g_task_get_task_data (task);
  g_autoptr(JsonObject) params = NULL;

  if (cursor != NULL)
    {
      params = json_object_new ();
      json_object_set_string_member (params, "cursor", cursor);
    }

  mcp_client_request_async (self, list_kinds[op->kind].method, params, &op->options,
                            g_task_get_cancellable (task), list_page_cb, task);
}

static void
list_async (McpClient               *self,
            ListKind                 kind,
            const McpRequestOptions *options,
            GCancellable            *cancellable,
            GAsyncReadyCallback      callback,
            gpointer                 user_data,
            gpointer                 source_tag)
{
  GTask *task;
  ListOp *op;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_check_cancellable (task, FALSE);

  op = g_new0 (ListOp, 1);
  op->kind = kind;
  if (options != NULL)
    op->options = *options;
  op->options.flags |= MCP_SEND_FLAGS_IDEMPOTENT;
  op->items = g_ptr_array_new_with_free_func (g_object_unref);
  op->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, op, (GDestroyNotify)list_op_free);

  list_next_page (task, NULL);
}

static GPtrArray *
list_finish (McpClient     *self,
             GAsyncResult  *result,
             gpointer       source_tag,
             GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_list_tools_async:
 * @self: a #McpClient
 * @options: (nullable): settings for each page's request
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the whole list
 * @user_data: data for @callback
 *
 * Lists every tool, following `nextCursor` to the end. A server that sends
 * a cursor twice, or more than #McpClient:max-pages pages, fails with
 * %MCP_ERROR_INVALID_RESPONSE. Entries that are not valid tools are skipped
 * with an #McpClient::event.
 */
void
mcp_client_list_tools_async (McpClient               *self,
                             const McpRequestOptions *options,
                             GCancellable            *cancellable,
                             GAsyncReadyCallback      callback,
                             gpointer                 user_data)
{
  list_async (self, LIST_TOOLS, options, cancellable, callback, user_data, mcp_client_list_tools_async);
}

/**
 * mcp_client_list_tools_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpTool): the tools
 */
GPtrArray *
mcp_client_list_tools_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return list_finish (self, result, mcp_client_list_tools_async, error);
}

void
mcp_client_list_prompts_async (McpClient               *self,
                               const McpRequestOptions *options,
                               GCancellable            *cancellable,
                               GAsyncReadyCallback      callback,
                               gpointer                 user_data)
{
  list_async (self, LIST_PROMPTS, options, cancellable, callback, user_data, mcp_client_list_prompts_async);
}

/**
 * mcp_client_list_prompts_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpPrompt): the prompts
 */
GPtrArray *
mcp_client_list_prompts_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return list_finish (self, result, mcp_client_list_prompts_async, error);
}

void
mcp_client_list_resources_async (McpClient               *self,
                                 const McpRequestOptions *options,
                                 GCancellable            *cancellable,
                                 GAsyncReadyCallback      callback,
                                 gpointer                 user_data)
{
  list_async (self, LIST_RESOURCES, options, cancellable, callback, user_data, mcp_client_list_resources_async);
}

/**
 * mcp_client_list_resources_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpResource): the resources
 */
GPtrArray *
mcp_client_list_resources_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return list_finish (self, result, mcp_client_list_resources_async, error);
}

void
mcp_client_list_resource_templates_async (McpClient               *self,
                                          const McpRequestOptions *options,
                                          GCancellable            *cancellable,
                                          GAsyncReadyCallback      callback,
                                          gpointer                 user_data)
{
  list_async (self, LIST_RESOURCE_TEMPLATES, options, cancellable, callback, user_data,
              mcp_client_list_resource_templates_async);
}

/**
 * mcp_client_list_resource_templates_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpResource): the resource
 *   templates (#McpResource:uri-template set)
 */
GPtrArray *
mcp_client_list_resource_templates_finish (McpClient     *self,
                                           GAsyncResult  *result,
                                           GError       **error)
{
  return list_finish (self, result, mcp_client_list_resource_templates_async, error);
}

static void
object_result_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else if (!JSON_NODE_HOLDS_OBJECT (reply))
    g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                             _("The answer to %s is not an object"), (const char *)g_task_get_task_data (task));
  else
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify)json_node_unref);
}

static void
object_request (McpClient               *self,
                const char              *method,
                JsonObject              *params,
                const McpRequestOptions *options,
                McpSendFlags             force_flags,
                GCancellable            *cancellable,
                GAsyncReadyCallback      callback,
                gpointer                 user_data,
                gpointer                 source_tag)
{
  McpRequestOptions opts = { 0 };
  GTask *task;

  if (options != NULL)
    opts = *options;
  opts.flags |= force_flags;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, g_strdup (method), g_free);

  mcp_client_request_async (self, method, params, &opts, cancellable, object_result_cb, task);
}

static JsonNode *
object_finish (McpClient     *self,
               GAsyncResult  *result,
               gpointer       source_tag,
               GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_call_tool_async:
 * @self: a #McpClient
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @options: (nullable): per-call settings; %MCP_SEND_FLAGS_IDEMPOTENT is
 *   ignored: a tool call is never delivered twice
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Calls a tool. An execution error is a normal result with `isError`; a
 * protocol error is an %MCP_RPC_ERROR. When the connection drops after the
 * call left, it fails with %MCP_ERROR_CLOSED: the outcome is unknown and it
 * must not be sent again.
 */
void
mcp_client_call_tool_async (McpClient               *self,
                            const char              *name,
                            JsonObject              *arguments,
                            const McpRequestOptions *options,
                            GCancellable            *cancellable,
                            GAsyncReadyCallback      callback,
                            gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();
  McpRequestOptions opts = { 0 };

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  if (options != NULL)
    opts = *options;
  opts.flags &= ~MCP_SEND_FLAGS_IDEMPOTENT;

  json_object_set_string_member (params, "name", name);
  json_object_set_object_member (params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());

  object_request (self, "tools/call", params, &opts, MCP_SEND_FLAGS_NONE, cancellable, callback, user_data,
                  mcp_client_call_tool_async);
}

/**
 * mcp_client_call_tool_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the CallToolResult object
 */
JsonNode *
mcp_client_call_tool_finish (McpClient     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  return object_finish (self, result, mcp_client_call_tool_async, error);
}

/**
 * mcp_client_get_prompt_async:
 * @self: a #McpClient
 * @name: the prompt
 * @arguments: (nullable): its arguments, string values
 * @options: (nullable): per-call settings
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 */
void
mcp_client_get_prompt_async (McpClient               *self,
                             const char              *name,
                             JsonObject              *arguments,
                             const McpRequestOptions *options,
                             GCancellable            *cancellable,
                             GAsyncReadyCallback      callback,
                             gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  object_request (self, "prompts/get", params, options, MCP_SEND_FLAGS_IDEMPOTENT, cancellable,
                  callback, user_data, mcp_client_get_prompt_async);
}

/**
 * mcp_client_get_prompt_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the GetPromptResult object
 */
JsonNode *
mcp_client_get_prompt_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return object_finish (self, result, mcp_client_get_prompt_async, error);
}

/**
 * mcp_client_read_resource_async:
 * @self: a #McpClient
 * @uri: the resource
 * @options: (nullable): per-call settings
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 */
void
mcp_client_read_resource_async (McpClient               *self,
                                const char              *uri,
                                const McpRequestOptions *options,
                                GCancellable            *cancellable,
                                GAsyncReadyCallback      callback,
                                gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  json_object_set_string_member (params, "uri", uri);
  object_request (self, "resources/read", params, options, MCP_SEND_FLAGS_IDEMPOTENT, cancellable,
                  callback, user_data, mcp_client_read_resource_async);
}

/**
 * mcp_client_read_resource_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the ReadResourceResult object
 */
JsonNode *
mcp_client_read_resource_finish (McpClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  return object_finish (self, result, mcp_client_read_resource_async, error);
}

void
mcp_client_ping_async (McpClient               *self,
                       const McpRequestOptions *options,
                       GCancellable            *cancellable,
                       GAsyncReadyCallback      callback,
                       gpointer                 user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  object_request (self, "ping", NULL, options, MCP_SEND_FLAGS_IDEMPOTENT, cancellable,
                  callback, user_data, mcp_client_ping_async);
}

gboolean
mcp_client_ping_finish (McpClient     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_autoptr(JsonNode) reply = object_finish (self, result, mcp_client_ping_async, error);

  return reply != NULL;
}

/* ---------------------------------------------------------------------- */
/* Closing                                                                  */

static void
transport_close_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(McpClient) self = user_data;

  mcp_transport_close_finish (MCP_TRANSPORT (object), result, NULL);

  /* The transport emitted ::closed by now; in case it did not, we did. */
  if (!self->closed)
    transport_closed_cb (self, NULL, self->transport);

  self->close_done = TRUE;
  complete_close_tasks (self);
}

/**
 * mcp_client_close_async:
 * @self: a #McpClient
 * @cancellable: (nullable): ignored: closing always completes
 * @callback: (nullable): called when the transport and everything it
 *   started have stopped
 * @user_data: data for @callback
 *
 * Ends the session: pending calls fail with %MCP_ERROR_CLOSED, and the
 * transport is closed (for stdio: stdin closed, then SIGTERM, then SIGKILL).
 */
void
mcp_client_close_async (McpClient           *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, mcp_client_close_async);

  if (self->close_done)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }

  g_ptr_array_add (self->close_tasks, task);

  if (self->closing)
    return;

  self->closing = TRUE;
  mcp_transport_close_async (self->transport, NULL, transport_close_cb, g_object_ref (self));
}

gboolean
mcp_client_close_finish (McpClient     *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                  */

static void
mcp_client_constructed (GObject *object)
{
  McpClient *self = MCP_CLIENT (object);

  G_OBJECT_CLASS (mcp_client_parent_class)->constructed (object);

  g_assert (MCP_IS_TRANSPORT (self->transport));

  self->timer = g_source_new (&timer_funcs, sizeof (GSource));
  g_source_set_static_name (self->timer, "[mcp] request timeouts");
  g_source_set_callback (self->timer, timer_cb, self, NULL);
  g_source_attach (self->timer, g_main_context_get_thread_default ());

  g_signal_connect_object (self->transport, "message-received",
                           G_CALLBACK (message_received_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "invalid-message",
                           G_CALLBACK (invalid_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "invalid-response",
                           G_CALLBACK (invalid_response_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "event",
                           G_CALLBACK (transport_event_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "stderr-line",
                           G_CALLBACK (stderr_line_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "closed",
                           G_CALLBACK (transport_closed_cb), self, G_CONNECT_SWAPPED);
}

static void
mcp_client_dispose (GObject *object)
{
  McpClient *self = (McpClient *)object;

  /* Pending tasks hold a reference on us, so the table is empty here. */
  g_assert (g_hash_table_size (self->pending) == 0);

  if (self->timer != NULL)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }

  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  g_clear_object (&self->transport);

  G_OBJECT_CLASS (mcp_client_parent_class)->dispose (object);
}

static void
mcp_client_finalize (GObject *object)
{
  McpClient *self = (McpClient *)object;

  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->abandoned, g_hash_table_unref);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->server_name, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->server_capabilities, json_node_unref);
  g_clear_pointer (&self->close_tasks, g_ptr_array_unref);
  g_clear_error (&self->close_error);

  G_OBJECT_CLASS (mcp_client_parent_class)->finalize (object);
}

static void
mcp_client_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      g_value_set_object (value, self->transport);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_SERVER_NAME:
      g_value_set_string (value, self->server_name);
      break;

    case PROP_SERVER_TITLE:
      g_value_set_string (value, self->server_title);
      break;

    case PROP_SERVER_VERSION:
      g_value_set_string (value, self->server_version);
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, self->server_capabilities);
      break;

    case PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout_ms);
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->max_request_timeout_ms);
      break;

    case PROP_MAX_PAGES:
      g_value_set_uint (value, self->max_pages);
      break;

    case PROP_CLOSED:
      g_value_set_boolean (value, self->closed);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case PROP_REQUEST_TIMEOUT:
      mcp_client_set_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      mcp_client_set_max_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_PAGES:
      mcp_client_set_max_pages (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_class_init (McpClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_client_constructed;
  object_class->dispose = mcp_client_dispose;
  object_class->finalize = mcp_client_finalize;
  object_class->get_property = mcp_client_get_property;
  object_class->set_property = mcp_client_set_property;

  properties[PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         MCP_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:protocol-version:
   *
   * The revision the server chose, once connected.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_NAME] =
    g_param_spec_string ("server-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:server-capabilities:
   *
   * The `capabilities` object of the server's answer to initialize.
   */
  properties[PROP_SERVER_CAPABILITIES] =
    g_param_spec_boxed ("server-capabilities", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:request-timeout:
   *
   * Milliseconds a request waits for its answer, unless its options say
   * otherwise. It also bounds initialize.
   */
  properties[PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-request-timeout:
   *
   * Milliseconds beyond which progress notifications no longer extend a
   * request's wait.
   */
  properties[PROP_MAX_REQUEST_TIMEOUT] =
    g_param_spec_uint ("max-request-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-pages:
   *
   * How many pages a list may have before we stop following its cursors.
   */
  properties[PROP_MAX_PAGES] =
    g_param_spec_uint ("max-pages", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_PAGES,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:closed:
   *
   * Whether the session is over; #McpClient::closed says why.
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpClient::tools-changed:
   *
   * The server said its tools changed (possibly before the first list).
   */
  signals[TOOLS_CHANGED] =
    g_signal_new ("tools-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  signals[PROMPTS_CHANGED] =
    g_signal_new ("prompts-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  signals[RESOURCES_CHANGED] =
    g_signal_new ("resources-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * McpClient::resource-updated:
   * @uri: the resource that changed
   */
  signals[RESOURCE_UPDATED] =
    g_signal_new ("resource-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::log-message:
   * @level: the RFC 5424 level ("debug" … "emergency")
   * @logger: (nullable): the logger's name
   * @data: the message: any JSON
   *
   * A `notifications/message` from the server.
   */
  signals[LOG_MESSAGE] =
    g_signal_new ("log-message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::event:
   * @text: a note for the server's log view
   *
   * Something worth telling about the protocol: a late answer dropped, a
   * line that is not JSON-RPC skipped, a request timed out, a signal sent.
   * Never contains secrets.
   */
  signals[EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::stderr-line:
   * @line: a line of the server's standard error
   */
  signals[STDERR_LINE] =
    g_signal_new ("stderr-line", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::closed:
   * @error: (nullable): why, or %NULL after mcp_client_close_async()
   *
   * The session is over. Emitted once.
   */
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mcp_client_init (McpClient *self)
{
  self->pending = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->abandoned = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->next_id = 1;
  self->request_timeout_ms = MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT_MS;
  self->max_request_timeout_ms = MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT_MS;
  self->max_pages = MCP_CLIENT_DEFAULT_MAX_PAGES;
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * mcp_client_new:
 * @transport: a transport, not yet opened
 *
 * Returns: (transfer full): a client that will speak over @transport
 */
McpClient *
mcp_client_new (McpTransport *transport)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (transport), NULL);

  return g_object_new (MCP_TYPE_CLIENT, "transport", transport, NULL);
}

McpTransport *
mcp_client_get_transport (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->transport;
}

gboolean
mcp_client_is_closed (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), TRUE);

  return self->closed;
}

const char *
mcp_client_get_protocol_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->protocol_version;
}

const char *
mcp_client_get_server_name (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_name;
}

const char *
mcp_client_get_server_title (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_title;
}

const char *
mcp_client_get_server_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_version;
}

const char *
mcp_client_get_instructions (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->instructions;
}

/**
 * mcp_client_get_server_capabilities:
 * @self: a #McpClient
 *
 * Returns: (transfer none) (nullable): the server's capabilities object
 */
JsonNode *
mcp_client_get_server_capabilities (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_capabilities;
}

/**
 * mcp_client_has_capability:
 * @self: a #McpClient
 * @name: "tools", "prompts", "resources", "logging", …
 *
 * Returns: whether the server declared @name
 */
gboolean
mcp_client_has_capability (McpClient  *self,
                           const char *name)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  return self->server_capabilities != NULL &&
         JSON_NODE_HOLDS_OBJECT (self->server_capabilities) &&
         json_object_has_member (json_node_get_object (self->server_capabilities), name);
}

guint
mcp_client_get_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->request_timeout_ms;
}

void
mcp_client_set_request_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->request_timeout_ms != timeout_ms)
    {
      self->request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REQUEST_TIMEOUT]);
    }
}

guint
mcp_client_get_max_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_request_timeout_ms;
}

void
mcp_client_set_max_request_timeout (McpClient *self,
                                    guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->max_request_timeout_ms != timeout_ms)
    {
      self->max_request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_REQUEST_TIMEOUT]);
    }
}

guint
mcp_client_get_max_pages (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_pages;
}

void
mcp_client_set_max_pages (McpClient *self,
                          guint      max_pages)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (max_pages > 0);

  if (self->max_pages != max_pages)
    {
      self->max_pages = max_pages;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_PAGES]);
    }
}
