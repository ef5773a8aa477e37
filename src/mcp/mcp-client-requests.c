/* mcp-client-requests.c — McpClient: requests in flight
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-transport-private.h"

/* The lowest part of McpClient: requests get integer ids from 1 and wait
 * in a table. Each is bounded by a timeout; a timeout or a cancel sends
 * notifications/cancelled (never for initialize) and remembers the id so a
 * late answer is dropped with a note. When the transport closes, every
 * pending request fails: with MCP_ERROR_NOT_SENT when its message provably
 * never left (the caller may send it again), else MCP_ERROR_CLOSED.
 *
 * Nothing here calls the rest of the class: it is handed the answers, the
 * progress and the closing; it tells of what it does through the ::event
 * signal, whose id the class sets. */

guint _mcp_client_event_signal;

#define MAX_ABANDONED 1024

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
  char            *uri;           /* resources/read: what it reads */
  char            *task_id;       /* tasks/…: the task it is about */
  GTask           *task;
  GCancellable    *cancellable;
  gulong           cancelled_id;
  gint64           deadline;      /* monotonic µs */
  gint64           started;       /* monotonic µs */
  guint            timeout_ms;
  guint            max_timeout_ms;
  McpProgressFunc  progress_callback;
  gpointer         progress_data;
  gpointer         tag;
  SendState        send_state;
  guint            is_initialize : 1;
  guint            extended : 1;  /* progress restarted the wait */
  guint            orphaned : 1;  /* the transport closed while sending */
  guint            raw_entries : 1;  /* the list code reads the answer */
} Pending;

void
_mcp_client_emit_event (McpClient  *self,
                        const char *format,
                        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_debug ("%s", message);
  g_signal_emit (self, _mcp_client_event_signal, 0, message);
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

/* mcp_client_notify() without the checks of a public function */
void
_mcp_client_send_notification (McpClient  *self,
                               const char *method,
                               JsonObject *params)
{
  g_autoptr(JsonNode) message = NULL;

  if (self->closed)
    return;

  if (self->era == MCP_ERA_STATELESS)
    {
      g_autoptr(JsonObject) sent = _mcp_client_request_params (self, params, -1, TRUE);

      message = build_message (method, sent, -1);
    }
  else
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
  _mcp_client_send_notification (self, "notifications/cancelled", params);
}

/* ---------------------------------------------------------------------- */
/* The pending table                                                        */

static void
pending_free (Pending *p)
{
  g_assert (p->task == NULL);

  g_clear_pointer (&p->method, g_free);
  g_clear_pointer (&p->uri, g_free);
  g_clear_pointer (&p->task_id, g_free);
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
  _mcp_client_emit_event (self,
                          /* Translators: %lld is the request's number, %s its
                           * method such as tools/call, %.1f a number of seconds */
                          p->is_initialize ? _("request %lld (%s) timed out after %.1f s")
                                           : _("request %lld (%s) timed out after %.1f s; "
                                               "sent notifications/cancelled"),
                          (long long)p->id, p->method, elapsed);
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

/**
 * _mcp_client_timer_new:
 * @self: a #McpClient
 *
 * Returns: (transfer full): the one timer of the requests' deadlines,
 *   attached to the thread-default main context
 */
GSource *
_mcp_client_timer_new (McpClient *self)
{
  GSource *timer = g_source_new (&timer_funcs, sizeof (GSource));

  g_source_set_static_name (timer, "[mcp] request timeouts");
  g_source_set_callback (timer, timer_cb, self, NULL);
  g_source_attach (timer, g_main_context_get_thread_default ());

  return timer;
}

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
      /* Translators: %lld is the request's number, %s its method such as
       * tools/call, %.1f a number of seconds */
      _mcp_client_emit_event (ref->client, _("request %lld (%s) cancelled after %.1f s"),
                              (long long)p->id, p->method, elapsed_seconds (p));
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
          _mcp_client_emit_event (self,
                                  p->is_initialize
                                  /* Translators: %lld is the request's number, %s its
                                   * method such as tools/call, %.1f a number of seconds */
                                  ? _("request %lld (%s) timed out in the transport after %.1f s")
                                  : _("request %lld (%s) timed out in the transport after %.1f s; "
                                      "sent notifications/cancelled"),
                                  (long long)p->id, p->method, elapsed_seconds (p));
          pending_abandon (p, send_error_for (p, error), "timed out");
        }
      else if (error != NULL)
        pending_complete (p, NULL, send_error_for (p, error));
      else if (p->orphaned)
        pending_complete (p, NULL, closed_error_for (self, p));
    }

  id_ref_free (ref);
}

void
_mcp_client_start_request (McpClient               *self,
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
  gboolean raw_entries = (flags & _MCP_SEND_FLAGS_RAW_ENTRIES) != 0;
  Pending *p;

  flags &= ~(_MCP_SEND_FLAGS_RAW_ENTRIES | _MCP_SEND_FLAGS_TASK);

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
  if (g_str_equal (method, "resources/read") && params != NULL && mcp_json_has_string (params, "uri"))
    p->uri = g_strdup (json_object_get_string_member (params, "uri"));
  if (g_str_has_prefix (method, "tasks/") && params != NULL && mcp_json_has_string (params, "taskId"))
    p->task_id = g_strdup (json_object_get_string_member (params, "taskId"));
  p->task = task;
  p->started = g_get_monotonic_time ();
  p->timeout_ms = options != NULL && options->timeout_ms > 0 ? options->timeout_ms : self->request_timeout_ms;
  p->max_timeout_ms = options != NULL && options->max_timeout_ms > 0 ? options->max_timeout_ms : self->max_request_timeout_ms;
  p->max_timeout_ms = MAX (p->max_timeout_ms, p->timeout_ms);
  p->is_initialize = !!is_initialize;
  p->raw_entries = raw_entries;
  if (options != NULL)
    {
      p->progress_callback = options->progress_callback;
      p->progress_data = options->progress_data;
      p->tag = options->tag;
    }

  /* The params we send: the caller's, plus our progress token, plus who
   * we are when the server speaks the stateless revision (and when we ask
   * it whether it does). */
  sent_params = _mcp_client_request_params (self, params, p->progress_callback != NULL ? p->id : -1,
                                            self->era == MCP_ERA_STATELESS ||
                                            g_str_equal (method, "server/discover"));

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

void
_mcp_client_handle_response (McpClient  *self,
                             JsonObject *object)
{
  JsonNode *id_node = json_object_get_member (object, "id");
  const char *late_method;
  Pending *p;
  gint64 id;

  if (!JSON_NODE_HOLDS_VALUE (id_node) || json_node_get_value_type (id_node) != G_TYPE_INT64)
    {
      g_autofree char *shown = json_to_string (id_node, FALSE);
      /* Translators: %s is the id as the server sent it, in JSON */
      _mcp_client_emit_event (self, _("dropped an answer with id %s: we never send such an id"), shown);
      return;
    }

  id = json_node_get_int (id_node);
  p = g_hash_table_lookup (self->pending, &id);

  if (p == NULL)
    {
      if ((late_method = g_hash_table_lookup (self->abandoned, &id)) != NULL)
        {
          /* Translators: %lld is the request's number, %s its method */
          _mcp_client_emit_event (self, _("dropped a late answer to request %lld (%s)"),
                                  (long long)id, late_method);
          g_hash_table_remove (self->abandoned, &id);
        }
      else
        _mcp_client_emit_event (self, _("dropped an answer to request %lld, which is not pending"),
                                (long long)id);
      return;
    }

  /* An answer proves the request left. */
  p->send_state = SEND_DONE;

  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("← %s (id %" G_GINT64_FORMAT ") after %.1f ms", p->method, id, elapsed_seconds (p) * 1000);

  if (json_object_has_member (object, "error"))
    {
      GError *error = rpc_error_from_json (json_object_get_member (object, "error"));

      /* Said as such, naming what was read, whichever revision's code. */
      if (p->uri != NULL && mcp_error_is_resource_not_found (error))
        {
          g_autofree char *said = error->message;

          /* Translators: the first %s is a resource's URI, the second what
           * the server said */
          error->message = g_strdup_printf (_("No resource at %s (the server said: %s)"), p->uri, said);
        }
      pending_complete (p, NULL, error);
    }
  else if (json_object_has_member (object, "result"))
    {
      JsonNode *result = json_object_get_member (object, "result");

      if (!p->raw_entries)
        _mcp_json_expand_raw_entries (result);
      pending_complete (p, json_node_ref (result), NULL);
    }
  else
    pending_complete (p, NULL,
                      g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                   _("The answer to %s has neither a result nor an error"), p->method));
}

void
_mcp_client_handle_progress (McpClient  *self,
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

/* An answer that cannot be read (not UTF-8): its request fails at once. */
void
_mcp_client_invalid_response_cb (McpClient    *self,
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

/* The transport says the answer to one request will not come (its stream
 * ended, in the stateless revision): that request fails at once. */
void
_mcp_client_request_lost_cb (McpClient    *self,
                             JsonNode     *id,
                             const char   *reason,
                             McpTransport *transport)
{
  Pending *p;
  gint64 key;

  if (self->closed || !JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_INT64)
    return;

  key = json_node_get_int (id);
  if ((p = g_hash_table_lookup (self->pending, &key)) == NULL)
    return;

  p->send_state = SEND_DONE;
  pending_complete (p, NULL, closed_error_because (p, reason));
}

/* Ends our request @id without telling the server, which ended it itself
 * (a subscription it closed). */
void
_mcp_client_drop_request (McpClient *self,
                          gint64     id,
                          GError    *error)
{
  Pending *p = g_hash_table_lookup (self->pending, &id);

  if (p == NULL)
    {
      g_error_free (error);
      return;
    }

  pending_complete (p, NULL, error);
}

/**
 * _mcp_client_fail_pending:
 * @self: a #McpClient whose transport closed
 *
 * Fails every pending call now, except those whose message is still on
 * its way out: the send callback tells whether it left.
 */
void
_mcp_client_fail_pending (McpClient *self)
{
  g_autoptr(GList) values = g_hash_table_get_values (self->pending);

  for (GList *l = values; l != NULL; l = l->next)
    {
      Pending *p = l->data;

      if (p->send_state == SEND_PENDING)
        p->orphaned = TRUE;
      else
        pending_complete (p, NULL, closed_error_for (self, p));
    }
}

/* The #McpRequestOptions tag of our request @id in flight, or %NULL. */
gpointer
_mcp_client_get_request_tag (McpClient *self,
                             gint64     id)
{
  Pending *p = g_hash_table_lookup (self->pending, &id);

  return p != NULL ? p->tag : NULL;
}

/* The #McpRequestOptions tag of a request in flight about the task
 * @task_id (its tasks/result, which waits while the server asks the
 * task's questions; or a tasks/get), or %NULL. */
gpointer
_mcp_client_get_task_tag (McpClient  *self,
                          const char *task_id)
{
  GHashTableIter iter;
  Pending *p;

  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&p))
    if (p->tag != NULL && g_strcmp0 (p->task_id, task_id) == 0)
      return p->tag;

  return NULL;
}

/* ---------------------------------------------------------------------- */
/* The public way in                                                        */

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
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);

  _mcp_client_send_notification (self, method, params);
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

  _mcp_client_start_request (self, task, method, params, options, FALSE);
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
