/* tether-server.c — one managed connection
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is where the rules of keeping a server connected live (DESIGN §3):
 *
 *  1. A connection round makes up to `connect_attempts` attempts, waiting
 *     0 s, 1 s, 2 s… before them. Each attempt is bounded by a connect
 *     timeout measured from the last sign of life on stderr, under a hard
 *     cap. Errors that another attempt cannot fix (command not found, a URL
 *     that is not http(s), a protocol version we do not speak) end the round
 *     at once. After the last failure: `error`, with the reason.
 *  2. One attempt at a time: asking to start while connecting joins it.
 *     Stopping cancels the attempt and stops its process.
 *  3. Every request is bounded (per-method timeouts; progress extends a tool
 *     call up to a hard maximum); the client sends notifications/cancelled.
 *  4. A list, get or read that fails on a timeout or a broken transport
 *     causes one reconnect and one retry. A tools/call that reached the
 *     server is never sent again; only one that provably never left is.
 *  5. A death (exit, closed stream, failed liveness ping) leaves `connected`
 *     at once. Tether reconnects by itself, waiting 1 s doubling to 60 s with
 *     jitter, and stops in `error` after `max_quick_failures` failures in a
 *     row. Connected for `healthy_after_ms`, the count starts afresh.
 *  6. A manual reconnect stops the old session and starts a new round.
 *  7. Stopping closes the session: stdin, SIGTERM, SIGKILL to the process
 *     group (McpStdioTransport), DELETE for HTTP. A new process is started
 *     only when the old one is gone.
 *
 * Every asynchronous operation of a session carries the session's
 * generation; an answer for an abandoned session is ignored.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-http-transport.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-stdio-transport.h"
#include "mcp-tool.h"

#include "tether-config-error.h"
#include "tether-log-entry.h"
#include "tether-request-policy.h"
#include "tether-server.h"
#include "tether-shell-environment.h"
#include "tether-transport-factory.h"

typedef enum
{
  LIST_TOOLS,
  LIST_PROMPTS,
  LIST_RESOURCES,
  LIST_RESOURCE_TEMPLATES,
  N_LISTS
} ListKind;

struct _TetherServer
{
  GObject              parent_instance;

  TetherServerConfig  *config;
  GFile               *config_file;
  TetherServerTimings  base_timings;
  TetherServerTimings  timings;

  /* What the window shows */
  TetherServerState    state;
  guint                attempt;
  guint                attempts;
  gint64               retry_at;
  char                *error_message;
  char                *error_details;
  gboolean             command_not_found;
  char                *server_title;
  char                *server_version;
  char                *protocol_version;
  char                *instructions;
  GListStore          *lists[N_LISTS];
  GListStore          *log;

  /* The session being connected, or connected */
  McpClient           *client;
  GCancellable        *session_cancellable;
  guint                generation;
  gint64               attempt_started;
  gint64               last_activity;
  guint                attempt_timeout_id;
  guint                retry_id;
  guint                healthy_id;
  guint                ping_id;
  guint                refresh_id[N_LISTS];
  guint                lists_pending;
  guint                failures;
  McpHttpMode          detected_mode;
  TetherShellEnvironment *shell_environment;

  /* Sessions being closed; a new process starts when they are gone */
  GPtrArray           *closing;
  GQueue               waiters;
  GQueue               stop_tasks;

  guint                attempt_timed_out : 1;
  guint                recovering : 1;
  guint                start_when_closed : 1;
  guint                list_reconnect_used : 1;
  guint                ping_in_flight : 1;
};

G_DEFINE_FINAL_TYPE (TetherServer, tether_server, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CONFIG,
  PROP_NAME,
  PROP_STATE,
  PROP_ATTEMPT,
  PROP_ATTEMPTS,
  PROP_RETRY_AT,
  PROP_ERROR_MESSAGE,
  PROP_ERROR_DETAILS,
  PROP_COMMAND_NOT_FOUND,
  PROP_SERVER_TITLE,
  PROP_SERVER_VERSION,
  PROP_PROTOCOL_VERSION,
  PROP_INSTRUCTIONS,
  PROP_BUSY,
  PROP_TOOLS,
  PROP_PROMPTS,
  PROP_RESOURCES,
  PROP_RESOURCE_TEMPLATES,
  PROP_LOG,
  PROP_SHELL_ENVIRONMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const GEnumValue state_values[] = {
  { TETHER_SERVER_STATE_DISABLED, "TETHER_SERVER_STATE_DISABLED", "disabled" },
  { TETHER_SERVER_STATE_DISCONNECTED, "TETHER_SERVER_STATE_DISCONNECTED", "disconnected" },
  { TETHER_SERVER_STATE_CONNECTING, "TETHER_SERVER_STATE_CONNECTING", "connecting" },
  { TETHER_SERVER_STATE_CONNECTED, "TETHER_SERVER_STATE_CONNECTED", "connected" },
  { TETHER_SERVER_STATE_WAITING, "TETHER_SERVER_STATE_WAITING", "waiting" },
  { TETHER_SERVER_STATE_ERROR, "TETHER_SERVER_STATE_ERROR", "error" },
  { 0, NULL, NULL }
};

GType
tether_server_state_get_type (void)
{
  static gsize type_id;

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static ("TetherServerState", state_values));

  return type_id;
}

/**
 * tether_server_state_to_string:
 * @state: a #TetherServerState
 *
 * Returns: the state's stable name (`"connected"`), for scripts
 */
const char *
tether_server_state_to_string (TetherServerState state)
{
  for (guint i = 0; state_values[i].value_nick != NULL; i++)
    if (state_values[i].value == (int)state)
      return state_values[i].value_nick;

  return "unknown";
}

static void begin_attempt     (TetherServer *self);
static void refresh_list      (TetherServer *self,
                               ListKind      kind);
static void session_died      (TetherServer *self,
                               const GError *error);

/* Session operations: a strong reference and the session's generation */

typedef struct
{
  TetherServer *self;
  guint         generation;
} SessionOp;

static SessionOp *
session_op_new (TetherServer *self)
{
  SessionOp *op = g_new0 (SessionOp, 1);

  op->self = g_object_ref (self);
  op->generation = self->generation;

  return op;
}

static void
session_op_free (SessionOp *op)
{
  g_clear_object (&op->self);
  g_free (op);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SessionOp, session_op_free)

static gboolean
session_op_is_current (SessionOp *op)
{
  return op->self->client != NULL && op->generation == op->self->generation;
}

/* Small setters that notify only on change */

static gboolean
set_string (char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;

  g_free (*field);
  *field = g_strdup (value);

  return TRUE;
}

static void
set_string_prop (TetherServer  *self,
                 char         **field,
                 const char    *value,
                 guint          prop_id)
{
  if (set_string (field, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
set_uint_prop (TetherServer *self,
               guint        *field,
               guint         value,
               guint         prop_id)
{
  if (*field != value)
    {
      *field = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
    }
}

static void
set_retry_at (TetherServer *self,
              gint64        retry_at)
{
  if (self->retry_at != retry_at)
    {
      self->retry_at = retry_at;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRY_AT]);
    }
}

static void
set_command_not_found (TetherServer *self,
                       gboolean      command_not_found)
{
  if (self->command_not_found != command_not_found)
    {
      self->command_not_found = command_not_found;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMMAND_NOT_FOUND]);
    }
}

static void
set_error (TetherServer *self,
           const char   *message,
           const char   *details)
{
  set_string_prop (self, &self->error_message, message, PROP_ERROR_MESSAGE);
  set_string_prop (self, &self->error_details, details, PROP_ERROR_DETAILS);
  if (message == NULL)
    set_command_not_found (self, FALSE);
}

/* The log */

static void
add_log (TetherServer  *self,
         TetherLogKind  kind,
         const char    *text)
{
  g_autoptr(TetherLogEntry) entry = tether_log_entry_new (kind, text);
  guint n;

  g_list_store_append (self->log, entry);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  if (n > TETHER_SERVER_LOG_LIMIT)
    g_list_store_splice (self->log, 0, n - TETHER_SERVER_LOG_LIMIT + TETHER_SERVER_LOG_LIMIT / 10,
                         NULL, 0);
}

static void
add_log_printf (TetherServer  *self,
                TetherLogKind  kind,
                const char    *format,
                ...) G_GNUC_PRINTF (3, 4);

static void
add_log_printf (TetherServer  *self,
                TetherLogKind  kind,
                const char    *format,
                ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  add_log (self, kind, text);
}

/* Waiters: requests issued while connecting, and wait_settled() */

typedef struct
{
  GTask        *task;
  GCancellable *cancellable;
  gulong        cancelled_id;
  gboolean      need_lists;
} Waiter;

static void
waiter_free (Waiter *waiter)
{
  if (waiter->cancelled_id != 0)
    g_cancellable_disconnect (waiter->cancellable, waiter->cancelled_id);
  g_clear_object (&waiter->cancellable);
  g_clear_object (&waiter->task);
  g_free (waiter);
}

static gboolean
state_is_settled (TetherServer *self,
                  gboolean      need_lists)
{
  switch (self->state)
    {
    case TETHER_SERVER_STATE_CONNECTED:
      return !need_lists || self->lists_pending == 0;

    case TETHER_SERVER_STATE_DISABLED:
    case TETHER_SERVER_STATE_DISCONNECTED:
    case TETHER_SERVER_STATE_ERROR:
      return TRUE;

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_WAITING:
    default:
      return FALSE;
    }
}

static GError *
not_connected_error (TetherServer *self)
{
  const char *name = tether_server_get_name (self);

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
      return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, _("Server “%s” is disabled"), name);

    case TETHER_SERVER_STATE_ERROR:
      return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, _("Server “%s” is not connected: %s"),
                          name, self->error_message != NULL ? self->error_message : _("failed"));

    case TETHER_SERVER_STATE_DISCONNECTED:
    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_CONNECTED:
    case TETHER_SERVER_STATE_WAITING:
    default:
      return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, _("Server “%s” is not connected"), name);
    }
}

static void
wake_waiters (TetherServer *self)
{
  GList *l = self->waiters.head;

  while (l != NULL)
    {
      GList *next = l->next;
      Waiter *waiter = l->data;

      if (waiter->cancellable != NULL && g_cancellable_is_cancelled (waiter->cancellable))
        {
          g_queue_delete_link (&self->waiters, l);
          g_task_return_new_error (waiter->task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                   "%s", _("Operation was cancelled"));
          waiter_free (waiter);
        }
      else if (state_is_settled (self, waiter->need_lists))
        {
          g_queue_delete_link (&self->waiters, l);

          if (self->state == TETHER_SERVER_STATE_CONNECTED || waiter->need_lists)
            g_task_return_boolean (waiter->task, TRUE);
          else
            g_task_return_error (waiter->task, not_connected_error (self));

          waiter_free (waiter);
        }

      l = next;
    }
}

static void
wake_waiters_idle_cb (gpointer user_data)
{
  g_autoptr(TetherServer) self = user_data;

  wake_waiters (self);
}

static void
waiter_cancelled_cb (GCancellable *cancellable,
                     TetherServer *self)
{
  /* Not from here: disconnecting a handler inside it would deadlock. */
  g_idle_add_once (wake_waiters_idle_cb, g_object_ref (self));
}

static void
set_state (TetherServer      *self,
           TetherServerState  state)
{
  if (self->state == state)
    return;

  g_debug ("%s: %s → %s", tether_server_get_name (self),
           tether_server_state_to_string (self->state),
           tether_server_state_to_string (state));

  self->state = state;
  if (state != TETHER_SERVER_STATE_WAITING)
    set_retry_at (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);

  wake_waiters (self);
}

static void
set_lists_pending (TetherServer *self,
                   guint         lists_pending)
{
  gboolean was_busy = self->lists_pending > 0;

  self->lists_pending = lists_pending;

  if (was_busy != (lists_pending > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);

  wake_waiters (self);
}

/* Closing sessions */

static void
complete_stop_tasks (TetherServer *self)
{
  GTask *task;

  while ((task = g_queue_pop_head (&self->stop_tasks)))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
}

static void
client_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(TetherServer) self = user_data;

  mcp_client_close_finish (client, result, NULL);
  g_ptr_array_remove (self->closing, client);

  if (self->closing->len > 0)
    return;

  complete_stop_tasks (self);

  if (self->start_when_closed)
    {
      self->start_when_closed = FALSE;
      begin_attempt (self);
    }
}

static void
clear_session_timers (TetherServer *self)
{
  g_clear_handle_id (&self->attempt_timeout_id, g_source_remove);
  g_clear_handle_id (&self->healthy_id, g_source_remove);
  g_clear_handle_id (&self->ping_id, g_source_remove);
  for (guint i = 0; i < N_LISTS; i++)
    g_clear_handle_id (&self->refresh_id[i], g_source_remove);
  self->ping_in_flight = FALSE;
}

/* Leave the current session: nothing of it is listened to any more, and its
 * process is stopped (in the background; see self->closing). */
static void
abandon_session (TetherServer *self)
{
  g_autoptr(McpClient) client = g_steal_pointer (&self->client);

  self->generation++;
  clear_session_timers (self);
  self->attempt_timed_out = FALSE;

  if (self->session_cancellable != NULL)
    {
      g_cancellable_cancel (self->session_cancellable);
      g_clear_object (&self->session_cancellable);
    }

  if (self->lists_pending > 0)
    set_lists_pending (self, 0);

  if (client != NULL)
    {
      g_signal_handlers_disconnect_by_data (client, self);
      g_ptr_array_add (self->closing, g_object_ref (client));
      mcp_client_close_async (client, NULL, client_closed_cb, g_object_ref (self));
    }
}

/* Errors */

static gboolean
error_is_fatal (const GError *error)
{
  if (error->domain == MCP_ERROR)
    {
      switch ((McpError)error->code)
        {
        case MCP_ERROR_COMMAND_NOT_FOUND:
        case MCP_ERROR_SPAWN_FAILED:
        case MCP_ERROR_INVALID_URL:
        case MCP_ERROR_UNSUPPORTED_VERSION:
        case MCP_ERROR_PERMISSION_DENIED:
          return TRUE;

        case MCP_ERROR_FAILED:
        case MCP_ERROR_TIMEOUT:
        case MCP_ERROR_CLOSED:
        case MCP_ERROR_NOT_SENT:
        case MCP_ERROR_INVALID_RESPONSE:
        case MCP_ERROR_HTTP_STATUS:
        case MCP_ERROR_SESSION_EXPIRED:
        case MCP_ERROR_MESSAGE_TOO_LARGE:
        case MCP_ERROR_PEER_NOT_READING:
        default:
          return FALSE;
        }
    }

  /* The server answered initialize with an error: asking again the same way
   * gets the same answer (a modern-only server's -32022, for one). */
  if (error->domain == MCP_RPC_ERROR)
    return TRUE;

  /* The configuration is refused: it stays so until it is edited. */
  if (error->domain == TETHER_CONFIG_ERROR)
    return TRUE;

  return FALSE;
}

/* The reason on one line, and the details: exit status, last stderr lines. */
static void
record_error (TetherServer *self,
              const GError *error,
              const char   *context)
{
  g_autoptr(GString) details = g_string_new (NULL);
  g_autofree char *first_line = NULL;
  const char *newline;

  newline = strchr (error->message, '\n');
  first_line = newline ? g_strndup (error->message, newline - error->message)
                       : g_strdup (error->message);

  if (context != NULL)
    g_string_append_printf (details, "%s\n", context);
  g_string_append (details, error->message);

  if (self->client != NULL)
    {
      McpTransport *transport = mcp_client_get_transport (self->client);

      if (MCP_IS_STDIO_TRANSPORT (transport))
        {
          McpStdioTransport *stdio = MCP_STDIO_TRANSPORT (transport);
          g_auto(GStrv) tail = mcp_stdio_transport_dup_stderr_tail (stdio);
          int exit_status = -1;
          int term_signal = 0;

          if (mcp_stdio_transport_get_exit (stdio, &exit_status, &term_signal) &&
              strstr (error->message, "exit") == NULL &&
              strstr (error->message, "signal") == NULL)
            {
              if (term_signal != 0)
                g_string_append_printf (details, "\n%s", _("The process was killed by a signal"));
              else
                g_string_append_printf (details, "\n%s %d", _("Exit status"), exit_status);
            }

          if (tail != NULL && tail[0] != NULL && strstr (error->message, tail[0]) == NULL)
            {
              g_string_append_printf (details, "\n%s", _("Last lines of standard error:"));
              for (guint i = 0; tail[i] != NULL; i++)
                g_string_append_printf (details, "\n  %s", tail[i]);
            }
        }
    }

  set_error (self, first_line, details->str);
  set_command_not_found (self, g_error_matches (error, MCP_ERROR, MCP_ERROR_COMMAND_NOT_FOUND));
  add_log (self, TETHER_LOG_KIND_ERROR, details->str);
}

/* Connecting */

static void
set_attempt (TetherServer *self,
             guint         attempt,
             guint         attempts)
{
  set_uint_prop (self, &self->attempts, attempts, PROP_ATTEMPTS);
  set_uint_prop (self, &self->attempt, attempt, PROP_ATTEMPT);
}

static gboolean
retry_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;

  self->retry_id = 0;
  begin_attempt (self);

  return G_SOURCE_REMOVE;
}

static void
wait_then_attempt (TetherServer *self,
                   guint         delay_ms)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);

  if (delay_ms == 0)
    {
      begin_attempt (self);
      return;
    }

  set_retry_at (self, g_get_monotonic_time () + (gint64)delay_ms * 1000);
  set_state (self, TETHER_SERVER_STATE_WAITING);
  self->retry_id = g_timeout_add (delay_ms, retry_timeout_cb, self);
}

/* Rule 1: the next attempt of a connection round */
static void
schedule_next_attempt (TetherServer *self)
{
  guint attempt = self->attempt + 1;

  set_attempt (self, attempt, self->timings.connect_attempts);
  wait_then_attempt (self, tether_server_timings_connect_delay (&self->timings, attempt));
}

static void
start_round (TetherServer *self)
{
  self->recovering = FALSE;
  self->failures = 0;
  set_attempt (self, 0, self->timings.connect_attempts);
  schedule_next_attempt (self);
}

/* Rule 5: reconnecting after a death, with growing waits */
static void
schedule_recovery (TetherServer *self)
{
  guint delay;

  self->recovering = TRUE;

  if (self->failures >= self->timings.max_quick_failures)
    {
      g_autofree char *message = NULL;

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Gave up after %u failure in a row: %s",
                                              "Gave up after %u failures in a row: %s",
                                              self->failures),
                                 self->failures,
                                 self->error_message != NULL ? self->error_message : "");
      add_log (self, TETHER_LOG_KIND_ERROR, message);
      set_string_prop (self, &self->error_message, message, PROP_ERROR_MESSAGE);
      self->recovering = FALSE;
      set_state (self, TETHER_SERVER_STATE_ERROR);
      return;
    }

  delay = tether_server_timings_reconnect_delay (&self->timings, self->failures, g_random_double ());
  set_attempt (self, self->failures, self->timings.max_quick_failures);
  add_log_printf (self, TETHER_LOG_KIND_EVENT,
                  _("Reconnecting in %.1f s (failure %u of at most %u in a row)"),
                  delay / 1000.0, self->failures, self->timings.max_quick_failures);
  wait_then_attempt (self, delay);
}

static void
attempt_failed (TetherServer *self,
                const GError *error)
{
  g_autofree char *context = NULL;
  gboolean fatal = error_is_fatal (error);

  if (self->recovering)
    context = g_strdup_printf (_("Reconnection attempt %u failed:"), self->attempt);
  else
    context = g_strdup_printf (_("Attempt %u of %u failed:"), self->attempt, self->attempts);

  record_error (self, error, context);
  abandon_session (self);

  if (self->recovering && !fatal)
    {
      self->failures++;
      schedule_recovery (self);
    }
  else if (fatal || self->attempt >= self->attempts)
    {
      self->recovering = FALSE;
      set_state (self, TETHER_SERVER_STATE_ERROR);
    }
  else
    schedule_next_attempt (self);
}

static gboolean
healthy_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;

  self->healthy_id = 0;

  if (self->failures > 0 || self->recovering)
    add_log (self, TETHER_LOG_KIND_EVENT, _("Healthy again: the failure count starts afresh"));

  self->failures = 0;
  self->recovering = FALSE;
  self->list_reconnect_used = FALSE;

  return G_SOURCE_REMOVE;
}

static void
ping_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(SessionOp) op = user_data;
  g_autoptr(GError) error = NULL;
  TetherServer *self = op->self;

  mcp_client_ping_finish (MCP_CLIENT (object), result, &error);

  if (!session_op_is_current (op))
    return;

  self->ping_in_flight = FALSE;

  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autoptr(GError) dead = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                                            _("Not answering: %s"), error->message);

      session_died (self, dead);
    }
}

static gboolean
ping_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;
  McpRequestOptions options = { 0, };

  if (self->client == NULL || self->ping_in_flight)
    return G_SOURCE_CONTINUE;

  tether_request_policy_options (&self->timings, TETHER_REQUEST_KIND_PING, &options);
  self->ping_in_flight = TRUE;
  mcp_client_ping_async (self->client, &options, self->session_cancellable,
                         ping_done_cb, session_op_new (self));

  return G_SOURCE_CONTINUE;
}

static gboolean
has_list_capability (TetherServer *self,
                     ListKind      kind)
{
  static const char *capability[N_LISTS] = { "tools", "prompts", "resources", "resources" };

  return mcp_client_has_capability (self->client, capability[kind]);
}

static void
connected (TetherServer *self)
{
  McpClient *client = self->client;
  guint pending = 0;

  set_string_prop (self, &self->server_title,
                   mcp_client_get_server_title (client) != NULL
                     ? mcp_client_get_server_title (client)
                     : mcp_client_get_server_name (client),
                   PROP_SERVER_TITLE);
  set_string_prop (self, &self->server_version, mcp_client_get_server_version (client),
                   PROP_SERVER_VERSION);
  set_string_prop (self, &self->protocol_version, mcp_client_get_protocol_version (client),
                   PROP_PROTOCOL_VERSION);
  set_string_prop (self, &self->instructions, mcp_client_get_instructions (client),
                   PROP_INSTRUCTIONS);

  /* A URL without a type: remember which transport answered (mcp-client.md
   * §5), until the configuration changes. */
  if (MCP_IS_HTTP_TRANSPORT (mcp_client_get_transport (client)) &&
      tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_AUTO &&
      self->detected_mode == MCP_HTTP_MODE_AUTO)
    {
      self->detected_mode =
        mcp_http_transport_get_detected_mode (MCP_HTTP_TRANSPORT (mcp_client_get_transport (client)));
      if (self->detected_mode != MCP_HTTP_MODE_AUTO)
        add_log_printf (self, TETHER_LOG_KIND_EVENT, _("Using %s from now on"),
                        self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE ? _("legacy HTTP+SSE")
                                                                       : _("Streamable HTTP"));
    }

  add_log_printf (self, TETHER_LOG_KIND_EVENT, _("Connected to %s %s (protocol %s)"),
                  self->server_title != NULL ? self->server_title : _("the server"),
                  self->server_version != NULL ? self->server_version : "",
                  self->protocol_version != NULL ? self->protocol_version : "?");

  set_error (self, NULL, NULL);

  /* Lists first, so that "connected" comes with its tools when they are quick. */
  for (guint i = 0; i < N_LISTS; i++)
    if (has_list_capability (self, i))
      pending++;
    else
      g_list_store_remove_all (self->lists[i]);
  set_lists_pending (self, pending);

  set_state (self, TETHER_SERVER_STATE_CONNECTED);

  for (guint i = 0; i < N_LISTS; i++)
    if (has_list_capability (self, i))
      refresh_list (self, i);

  self->healthy_id = g_timeout_add (self->timings.healthy_after_ms, healthy_timeout_cb, self);
  if (self->timings.ping_interval_ms > 0)
    self->ping_id = g_timeout_add (self->timings.ping_interval_ms, ping_timeout_cb, self);
}

static void
connect_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(SessionOp) op = user_data;
  g_autoptr(GError) error = NULL;
  TetherServer *self = op->self;
  gboolean ok;

  ok = mcp_client_connect_finish (MCP_CLIENT (object), result, &error);

  if (!session_op_is_current (op))
    return;

  g_clear_handle_id (&self->attempt_timeout_id, g_source_remove);

  if (!ok)
    {
      if (self->attempt_timed_out)
        {
          double seconds = (g_get_monotonic_time () - self->attempt_started) / (double)G_USEC_PER_SEC;

          g_clear_error (&error);
          error = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                               seconds < 10 ? _("No answer to initialize within %.1f s")
                                            : _("No answer to initialize within %.0f s"),
                               seconds);
        }

      attempt_failed (self, error);
      return;
    }

  connected (self);
}

/* Rule 1: a connection attempt ends when the server has been silent for the
 * connect timeout (stderr lines count as life: `npx -y` downloading), or at
 * the hard cap. */
static gboolean
attempt_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 idle_deadline = self->last_activity + (gint64)self->timings.connect_timeout_ms * 1000;
  gint64 hard_deadline = self->attempt_started + (gint64)self->timings.connect_timeout_cap_ms * 1000;
  gint64 deadline = MIN (idle_deadline, hard_deadline);

  self->attempt_timeout_id = 0;

  if (now < deadline)
    {
      self->attempt_timeout_id = g_timeout_add ((guint)((deadline - now) / 1000) + 1,
                                                attempt_timeout_cb, self);
      return G_SOURCE_REMOVE;
    }

  self->attempt_timed_out = TRUE;
  g_cancellable_cancel (self->session_cancellable);

  return G_SOURCE_REMOVE;
}

static void
client_stderr_line_cb (TetherServer *self,
                       const char   *line,
                       McpClient    *client)
{
  self->last_activity = g_get_monotonic_time ();
  add_log (self, TETHER_LOG_KIND_STDERR, line);
}

static void
client_event_cb (TetherServer *self,
                 const char   *text,
                 McpClient    *client)
{
  add_log (self, TETHER_LOG_KIND_EVENT, text);
}

static void
client_log_message_cb (TetherServer *self,
                       const char   *level,
                       const char   *logger,
                       JsonNode     *data,
                       McpClient    *client)
{
  g_autofree char *text = NULL;

  if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else
    text = json_to_string (data, FALSE);

  if (logger != NULL)
    add_log_printf (self, TETHER_LOG_KIND_SERVER, "[%s] %s: %s", level, logger, text);
  else
    add_log_printf (self, TETHER_LOG_KIND_SERVER, "[%s] %s", level, text);
}

typedef struct
{
  TetherServer *self;
  ListKind      kind;
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
      set_lists_pending (self, self->lists_pending + 1);
      refresh_list (self, refresh->kind);
    }

  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (TetherServer *self,
                  ListKind      kind)
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
  add_log (self, TETHER_LOG_KIND_EVENT, _("The server’s tools changed"));
  schedule_refresh (self, LIST_TOOLS);
}

static void
client_prompts_changed_cb (TetherServer *self,
                           McpClient    *client)
{
  add_log (self, TETHER_LOG_KIND_EVENT, _("The server’s prompts changed"));
  schedule_refresh (self, LIST_PROMPTS);
}

static void
client_resources_changed_cb (TetherServer *self,
                             McpClient    *client)
{
  add_log (self, TETHER_LOG_KIND_EVENT, _("The server’s resources changed"));
  schedule_refresh (self, LIST_RESOURCES);
  schedule_refresh (self, LIST_RESOURCE_TEMPLATES);
}

static void
client_closed_signal_cb (TetherServer *self,
                         const GError *error,
                         McpClient    *client)
{
  /* While connecting, connect_async fails by itself and says why. */
  if (self->state != TETHER_SERVER_STATE_CONNECTED)
    return;

  if (error != NULL)
    session_died (self, error);
  else
    {
      g_autoptr(GError) closed = g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED,
                                                      _("The server closed the connection"));
      session_died (self, closed);
    }
}

/* Rule 5: never green while dead */
static void
session_died (TetherServer *self,
              const GError *error)
{
  record_error (self, error, _("The connection was lost:"));
  abandon_session (self);

  /* healthy_timeout_cb() reset the count if it had been up long enough */
  self->failures++;
  schedule_recovery (self);
}

/* Rule 5: a server that takes none of its input is hung. Its transport
 * refuses messages past a bound (MCP_ERROR_PEER_NOT_READING): the session
 * of @generation, if still current, dies of it. Returns whether @error says
 * so. */
static gboolean
died_of_not_reading (TetherServer *self,
                     const GError *error,
                     guint         generation)
{
  if (!tether_request_policy_ends_session (error))
    return FALSE;

  if (generation == self->generation && self->state == TETHER_SERVER_STATE_CONNECTED)
    session_died (self, error);

  return TRUE;
}

static void environment_ready_cb (GObject      *object,
                                  GAsyncResult *result,
                                  gpointer      user_data);
static void start_session        (TetherServer *self);

/* What tether_server_config_validate() refuses is never started, even
 * when it came from an edit of the file: an env name like `PATH=/x:` would
 * set another variable than it says. The error names the file. */
static gboolean
check_config (TetherServer  *self,
              GError       **error)
{
  g_autofree char *file = NULL;

  if (tether_server_config_validate (self->config, error))
    return TRUE;

  if (self->config_file != NULL)
    {
      file = g_file_get_parse_name (self->config_file);
      g_prefix_error (error, "%s: ", file);
    }

  return FALSE;
}

static void
begin_attempt (TetherServer *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  set_retry_at (self, 0);
  set_state (self, TETHER_SERVER_STATE_CONNECTING);

  /* Rule 7: the old process must be gone before a new one starts. */
  if (self->closing->len > 0)
    {
      self->start_when_closed = TRUE;
      return;
    }

  if (!check_config (self, &error))
    {
      attempt_failed (self, error);
      return;
    }

  if (self->recovering)
    add_log_printf (self, TETHER_LOG_KIND_EVENT, _("Reconnecting (attempt %u of at most %u)"),
                    self->attempt, self->attempts);
  else
    add_log_printf (self, TETHER_LOG_KIND_EVENT, _("Connecting (attempt %u of %u)"),
                    self->attempt, self->attempts);

  /* A command is looked up in the login shell's PATH: learn it first (once
   * per run of Tether, bounded in time). */
  if (tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_STDIO &&
      self->shell_environment != NULL &&
      !tether_shell_environment_get_resolved (self->shell_environment))
    {
      self->session_cancellable = g_cancellable_new ();
      tether_shell_environment_resolve_async (self->shell_environment, self->session_cancellable,
                                              environment_ready_cb, session_op_new (self));
      return;
    }

  start_session (self);
}

static void
environment_ready_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(SessionOp) op = user_data;
  TetherServer *self = op->self;

  /* Cancelled by abandon_session(), which also moved the generation on */
  if (!tether_shell_environment_resolve_finish (TETHER_SHELL_ENVIRONMENT (object), result, NULL) ||
      op->generation != self->generation)
    return;

  g_clear_object (&self->session_cancellable);
  start_session (self);
}

static void
start_session (TetherServer *self)
{
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;

  if (tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_STDIO &&
      self->shell_environment != NULL &&
      !tether_shell_environment_get_from_login_shell (self->shell_environment) &&
      tether_shell_environment_get_note (self->shell_environment) != NULL)
    add_log_printf (self, TETHER_LOG_KIND_EVENT, _("The login shell’s PATH is not known: %s"),
                    tether_shell_environment_get_note (self->shell_environment));

  transport = tether_transport_factory_create (self->config, &self->timings, self->detected_mode,
                                               self->shell_environment, &error);
  if (transport == NULL)
    {
      attempt_failed (self, error);
      return;
    }

  self->generation++;
  self->client = mcp_client_new (transport);
  self->session_cancellable = g_cancellable_new ();
  /* initialize is bounded by attempt_timeout_cb(), which stretches while
   * stderr shows life; every later request passes its own timeout. */
  mcp_client_set_request_timeout (self->client, self->timings.connect_timeout_cap_ms);
  mcp_client_set_max_request_timeout (self->client, MAX (self->timings.connect_timeout_cap_ms,
                                                         self->timings.call_timeout_max_ms));

  g_signal_connect_object (self->client, "stderr-line",
                           G_CALLBACK (client_stderr_line_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "event",
                           G_CALLBACK (client_event_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "log-message",
                           G_CALLBACK (client_log_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "tools-changed",
                           G_CALLBACK (client_tools_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "prompts-changed",
                           G_CALLBACK (client_prompts_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "resources-changed",
                           G_CALLBACK (client_resources_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "closed",
                           G_CALLBACK (client_closed_signal_cb), self, G_CONNECT_SWAPPED);

  self->attempt_started = self->last_activity = g_get_monotonic_time ();
  self->attempt_timed_out = FALSE;
  self->attempt_timeout_id = g_timeout_add (self->timings.connect_timeout_ms,
                                            attempt_timeout_cb, self);

  mcp_client_connect_async (self->client, self->session_cancellable,
                            connect_done_cb, session_op_new (self));
}

/* Lists */

static void
list_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = NULL;
  SessionOp *op = ((gpointer *)user_data)[0];
  ListKind kind = GPOINTER_TO_UINT (((gpointer *)user_data)[1]);
  McpClient *client = MCP_CLIENT (object);
  TetherServer *self = op->self;
  static const char *methods[N_LISTS] = {
    "tools/list", "prompts/list", "resources/list", "resources/templates/list"
  };

  switch (kind)
    {
    case LIST_TOOLS:
      items = mcp_client_list_tools_finish (client, result, &error);
      break;

    case LIST_PROMPTS:
      items = mcp_client_list_prompts_finish (client, result, &error);
      break;

    case LIST_RESOURCES:
      items = mcp_client_list_resources_finish (client, result, &error);
      break;

    case LIST_RESOURCE_TEMPLATES:
      items = mcp_client_list_resource_templates_finish (client, result, &error);
      break;

    case N_LISTS:
    default:
      g_assert_not_reached ();
    }

  if (!session_op_is_current (op))
    goto out;

  if (items != NULL)
    {
      g_list_store_splice (self->lists[kind], 0,
                           g_list_model_get_n_items (G_LIST_MODEL (self->lists[kind])),
                           items->pdata, items->len);
    }
  else if (kind == LIST_RESOURCE_TEMPLATES &&
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
      TetherRequestRetry retry = tether_request_policy_retry (TETHER_REQUEST_KIND_READ, error, FALSE);
      g_autofree char *message = NULL;

      /* The session is dying: session_died() reconnects, and the new session
       * lists again. Reconnecting from here too would reset its count. */
      if (died_of_not_reading (self, error, self->generation) ||
          retry == TETHER_REQUEST_RETRY_NEXT_SESSION)
        goto out;

      if (retry == TETHER_REQUEST_RETRY_RECONNECT && !self->list_reconnect_used)
        {
          self->list_reconnect_used = TRUE;
          add_log_printf (self, TETHER_LOG_KIND_ERROR, _("%s failed: %s. Reconnecting once and retrying."),
                          methods[kind], error->message);
          tether_server_reconnect (self);
          goto out;
        }

      message = g_strdup_printf (_("%s failed: %s"), methods[kind], error->message);
      add_log (self, TETHER_LOG_KIND_ERROR, message);
      set_error (self, message, message);
    }

  set_lists_pending (self, self->lists_pending > 0 ? self->lists_pending - 1 : 0);

out:
  session_op_free (op);
  g_free (user_data);
}

static void
refresh_list (TetherServer *self,
              ListKind      kind)
{
  McpRequestOptions options = { 0, };
  gpointer *data;

  g_assert (self->client != NULL);

  tether_request_policy_options (&self->timings, TETHER_REQUEST_KIND_READ, &options);

  data = g_new (gpointer, 2);
  data[0] = session_op_new (self);
  data[1] = GUINT_TO_POINTER (kind);

  switch (kind)
    {
    case LIST_TOOLS:
      mcp_client_list_tools_async (self->client, &options, self->session_cancellable,
                                   list_done_cb, data);
      break;

    case LIST_PROMPTS:
      mcp_client_list_prompts_async (self->client, &options, self->session_cancellable,
                                     list_done_cb, data);
      break;

    case LIST_RESOURCES:
      mcp_client_list_resources_async (self->client, &options, self->session_cancellable,
                                       list_done_cb, data);
      break;

    case LIST_RESOURCE_TEMPLATES:
      mcp_client_list_resource_templates_async (self->client, &options, self->session_cancellable,
                                                list_done_cb, data);
      break;

    case N_LISTS:
    default:
      g_assert_not_reached ();
    }
}

/* GObject */

static void
tether_server_dispose (GObject *object)
{
  TetherServer *self = (TetherServer *)object;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  abandon_session (self);
  g_clear_object (&self->shell_environment);

  G_OBJECT_CLASS (tether_server_parent_class)->dispose (object);
}

static void
tether_server_finalize (GObject *object)
{
  TetherServer *self = (TetherServer *)object;

  g_assert (g_queue_is_empty (&self->waiters));
  g_assert (g_queue_is_empty (&self->stop_tasks));

  g_clear_object (&self->config);
  g_clear_object (&self->config_file);
  for (guint i = 0; i < N_LISTS; i++)
    g_clear_object (&self->lists[i]);
  g_clear_object (&self->log);
  g_clear_pointer (&self->closing, g_ptr_array_unref);
  g_clear_pointer (&self->error_message, g_free);
  g_clear_pointer (&self->error_details, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->instructions, g_free);

  G_OBJECT_CLASS (tether_server_parent_class)->finalize (object);
}

static void
tether_server_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TetherServer *self = TETHER_SERVER (object);

  switch (prop_id)
    {
    case PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;

    case PROP_NAME:
      g_value_set_string (value, tether_server_get_name (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_ATTEMPT:
      g_value_set_uint (value, self->attempt);
      break;

    case PROP_ATTEMPTS:
      g_value_set_uint (value, self->attempts);
      break;

    case PROP_RETRY_AT:
      g_value_set_int64 (value, self->retry_at);
      break;

    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;

    case PROP_ERROR_DETAILS:
      g_value_set_string (value, self->error_details);
      break;

    case PROP_COMMAND_NOT_FOUND:
      g_value_set_boolean (value, self->command_not_found);
      break;

    case PROP_SERVER_TITLE:
      g_value_set_string (value, self->server_title);
      break;

    case PROP_SERVER_VERSION:
      g_value_set_string (value, self->server_version);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, tether_server_get_busy (self));
      break;

    case PROP_TOOLS:
      g_value_set_object (value, self->lists[LIST_TOOLS]);
      break;

    case PROP_PROMPTS:
      g_value_set_object (value, self->lists[LIST_PROMPTS]);
      break;

    case PROP_RESOURCES:
      g_value_set_object (value, self->lists[LIST_RESOURCES]);
      break;

    case PROP_RESOURCE_TEMPLATES:
      g_value_set_object (value, self->lists[LIST_RESOURCE_TEMPLATES]);
      break;

    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;

    case PROP_SHELL_ENVIRONMENT:
      g_value_set_object (value, self->shell_environment);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TetherServer *self = TETHER_SERVER (object);

  switch (prop_id)
    {
    case PROP_SHELL_ENVIRONMENT:
      tether_server_set_shell_environment (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_class_init (TetherServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_server_dispose;
  object_class->finalize = tether_server_finalize;
  object_class->get_property = tether_server_get_property;
  object_class->set_property = tether_server_set_property;

  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL, TETHER_TYPE_SERVER_CONFIG, ro);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       TETHER_TYPE_SERVER_STATE, TETHER_SERVER_STATE_DISCONNECTED, ro);
  properties[PROP_ATTEMPT] =
    g_param_spec_uint ("attempt", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ATTEMPTS] =
    g_param_spec_uint ("attempts", NULL, NULL, 0, G_MAXUINT, 0, ro);
  /**
   * TetherServer:retry-at:
   *
   * While waiting, when the next attempt starts, on the monotonic clock
   * (g_get_monotonic_time()); 0 otherwise.
   */
  properties[PROP_RETRY_AT] =
    g_param_spec_int64 ("retry-at", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL, ro);
  properties[PROP_ERROR_DETAILS] =
    g_param_spec_string ("error-details", NULL, NULL, NULL, ro);
  /**
   * TetherServer:command-not-found:
   *
   * Whether the last error is that the server's command was not found
   * where it was looked for (the window then offers Diagnostics).
   */
  properties[PROP_COMMAND_NOT_FOUND] =
    g_param_spec_boolean ("command-not-found", NULL, NULL, FALSE, ro);
  properties[PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL, NULL, ro);
  properties[PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL, NULL, ro);
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL, ro);
  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL, NULL, ro);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  properties[PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_PROMPTS] =
    g_param_spec_object ("prompts", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_RESOURCES] =
    g_param_spec_object ("resources", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_RESOURCE_TEMPLATES] =
    g_param_spec_object ("resource-templates", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_LOG] =
    g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  /**
   * TetherServer:shell-environment:
   *
   * Where a stdio server's command is looked up, and the environment it
   * starts from: the login shell's (tether_shell_environment_get_default()
   * unless changed), or %NULL for Tether's own.
   */
  properties[PROP_SHELL_ENVIRONMENT] =
    g_param_spec_object ("shell-environment", NULL, NULL, TETHER_TYPE_SHELL_ENVIRONMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_server_init (TetherServer *self)
{
  self->state = TETHER_SERVER_STATE_DISCONNECTED;
  self->lists[LIST_TOOLS] = g_list_store_new (MCP_TYPE_TOOL);
  self->lists[LIST_PROMPTS] = g_list_store_new (MCP_TYPE_PROMPT);
  self->lists[LIST_RESOURCES] = g_list_store_new (MCP_TYPE_RESOURCE);
  self->lists[LIST_RESOURCE_TEMPLATES] = g_list_store_new (MCP_TYPE_RESOURCE);
  self->log = g_list_store_new (TETHER_TYPE_LOG_ENTRY);
  self->closing = g_ptr_array_new_with_free_func (g_object_unref);
  g_queue_init (&self->waiters);
  g_queue_init (&self->stop_tasks);
  self->shell_environment = g_object_ref (tether_shell_environment_get_default ());
}

static void
apply_timings (TetherServer *self)
{
  self->timings = self->base_timings;
  tether_server_timings_apply_config (&self->timings, self->config);
}

/**
 * tether_server_new:
 * @config: the server's configuration (copied)
 * @timings: (nullable): the durations of the rules, before the server's own
 *   settings apply; %NULL for the defaults of DESIGN §3
 *
 * Creates a managed server. Nothing runs until tether_server_start().
 *
 * Returns: (transfer full): a new #TetherServer
 */
TetherServer *
tether_server_new (TetherServerConfig        *config,
                   const TetherServerTimings *timings)
{
  TetherServer *self;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), NULL);

  self = g_object_new (TETHER_TYPE_SERVER, NULL);
  self->config = tether_server_config_copy (config);

  if (timings != NULL)
    self->base_timings = *timings;
  else
    tether_server_timings_init_defaults (&self->base_timings);
  apply_timings (self);

  if (!tether_server_config_get_enabled (self->config))
    self->state = TETHER_SERVER_STATE_DISABLED;

  return self;
}

/**
 * tether_server_get_shell_environment:
 * @self: a #TetherServer
 *
 * Returns: (transfer none) (nullable): the environment stdio commands run in
 */
TetherShellEnvironment *
tether_server_get_shell_environment (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->shell_environment;
}

/**
 * tether_server_set_shell_environment:
 * @self: a #TetherServer
 * @shell_environment: (nullable): where stdio commands are looked up and
 *   what environment they start from; %NULL for Tether's own
 *
 * Takes effect at the next connection attempt.
 */
void
tether_server_set_shell_environment (TetherServer           *self,
                                     TetherShellEnvironment *shell_environment)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (shell_environment == NULL || TETHER_IS_SHELL_ENVIRONMENT (shell_environment));

  if (g_set_object (&self->shell_environment, shell_environment))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHELL_ENVIRONMENT]);
}

/**
 * tether_server_set_config_file:
 * @self: a #TetherServer
 * @file: (nullable): the file its configuration comes from
 *
 * Named when the configuration is refused at start, so that the user knows
 * where to fix it.
 */
void
tether_server_set_config_file (TetherServer *self,
                               GFile        *file)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->config_file, file);
}

TetherServerConfig *
tether_server_get_config (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->config;
}

/**
 * tether_server_set_config:
 * @self: a #TetherServer
 * @config: the new configuration (copied)
 *
 * Applies an edited configuration. Nothing happens if it is equal to the
 * current one; otherwise a running server is restarted with it, and a server
 * that is now disabled is stopped.
 */
void
tether_server_set_config (TetherServer       *self,
                          TetherServerConfig *config)
{
  gboolean was_enabled;
  gboolean name_changed;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (config));

  if (tether_server_config_equal (self->config, config))
    return;

  was_enabled = tether_server_config_get_enabled (self->config);
  name_changed = g_strcmp0 (tether_server_config_get_name (self->config),
                            tether_server_config_get_name (config)) != 0;

  g_clear_object (&self->config);
  self->config = tether_server_config_copy (config);
  self->detected_mode = MCP_HTTP_MODE_AUTO;
  apply_timings (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONFIG]);
  if (name_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);

  if (!tether_server_config_get_enabled (config))
    {
      add_log (self, TETHER_LOG_KIND_EVENT, _("Disabled"));
      tether_server_stop_async (self, TRUE, NULL, NULL, NULL);
    }
  else if (!was_enabled || self->state == TETHER_SERVER_STATE_DISABLED)
    {
      add_log (self, TETHER_LOG_KIND_EVENT, _("Enabled"));
      if (self->state == TETHER_SERVER_STATE_DISABLED)
        set_state (self, TETHER_SERVER_STATE_DISCONNECTED);
      tether_server_start (self);
    }
  else
    {
      add_log (self, TETHER_LOG_KIND_EVENT, _("The configuration changed: restarting"));
      tether_server_reconnect (self);
    }
}

const char *
tether_server_get_name (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return tether_server_config_get_name (self->config);
}

const TetherServerTimings *
tether_server_get_timings (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return &self->timings;
}

TetherServerState
tether_server_get_state (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), TETHER_SERVER_STATE_ERROR);

  return self->state;
}

guint
tether_server_get_attempt (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->attempt;
}

guint
tether_server_get_attempts (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->attempts;
}

gint64
tether_server_get_retry_at (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->retry_at;
}

const char *
tether_server_get_error_message (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->error_message;
}

const char *
tether_server_get_error_details (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->error_details;
}

gboolean
tether_server_get_command_not_found (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return self->command_not_found;
}

const char *
tether_server_get_server_title (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->server_title;
}

const char *
tether_server_get_server_version (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->server_version;
}

const char *
tether_server_get_protocol_version (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->protocol_version;
}

const char *
tether_server_get_instructions (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->instructions;
}

/**
 * tether_server_get_client:
 * @self: a #TetherServer
 *
 * Returns: (transfer none) (nullable): the client of the session being
 *   connected or connected
 */
McpClient *
tether_server_get_client (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->client;
}

GListModel *
tether_server_get_tools (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[LIST_TOOLS]);
}

GListModel *
tether_server_get_prompts (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[LIST_PROMPTS]);
}

GListModel *
tether_server_get_resources (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[LIST_RESOURCES]);
}

GListModel *
tether_server_get_resource_templates (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[LIST_RESOURCE_TEMPLATES]);
}

/**
 * tether_server_get_log:
 * @self: a #TetherServer
 *
 * Returns: (transfer none): the server's log, a #GListModel of
 *   #TetherLogEntry, oldest first, bounded by %TETHER_SERVER_LOG_LIMIT
 */
GListModel *
tether_server_get_log (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->log);
}

/**
 * tether_server_get_busy:
 * @self: a #TetherServer
 *
 * Returns: %TRUE while the lists of a new session are being fetched
 */
gboolean
tether_server_get_busy (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return self->lists_pending > 0;
}

/**
 * tether_server_dup_status_text:
 * @self: a #TetherServer
 * @now: the monotonic time, to count down a wait
 *
 * Returns: (transfer full): the state in words: “Connected · 12 tools”,
 *   “Connecting — attempt 2 of 3”, “Retrying in 4 s”, “Failed: …”
 */
char *
tether_server_dup_status_text (TetherServer *self,
                               gint64        now)
{
  guint n_tools;

  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
      return g_strdup (_("Disabled"));

    case TETHER_SERVER_STATE_DISCONNECTED:
      return g_strdup (_("Not connected"));

    case TETHER_SERVER_STATE_CONNECTING:
      if (self->attempts > 1 && self->recovering)
        return g_strdup_printf (_("Reconnecting — attempt %u of %u"), self->attempt, self->attempts);
      if (self->attempts > 1)
        return g_strdup_printf (_("Connecting — attempt %u of %u"), self->attempt, self->attempts);
      return g_strdup (_("Connecting…"));

    case TETHER_SERVER_STATE_CONNECTED:
      if (self->lists_pending > 0)
        return g_strdup (_("Connected · loading…"));
      /* Also asked while a session is being left, its client gone. */
      if (self->client != NULL && mcp_client_has_capability (self->client, "tools"))
        {
          n_tools = g_list_model_get_n_items (G_LIST_MODEL (self->lists[LIST_TOOLS]));
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Connected · %u tool", "Connected · %u tools",
                                               n_tools),
                                  n_tools);
        }
      return g_strdup (_("Connected"));

    case TETHER_SERVER_STATE_WAITING:
      {
        gint64 remaining = self->retry_at - now;
        guint seconds = remaining > 0 ? (guint)((remaining + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Retrying in %u s", "Retrying in %u s", seconds),
                                seconds);
      }

    case TETHER_SERVER_STATE_ERROR:
      return g_strdup_printf (_("Failed: %s"),
                              self->error_message != NULL ? self->error_message : _("unknown error"));

    default:
      g_assert_not_reached ();
    }
}

/**
 * tether_server_dup_diagnostics:
 * @self: a #TetherServer
 *
 * Everything useful in a bug report: state, error, configuration with every
 * environment and header value masked, the last lines of the log.
 *
 * Returns: (transfer full): the diagnostics as text
 */
char *
tether_server_dup_diagnostics (TetherServer *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *status = NULL;
  g_autofree char *masked = NULL;
  guint n;

  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  status = tether_server_dup_status_text (self, g_get_monotonic_time ());
  masked = tether_server_config_to_masked_json (self->config);

  g_string_append_printf (out, "Tether %s — server “%s”\n", PACKAGE_VERSION, tether_server_get_name (self));
  g_string_append_printf (out, "State: %s (%s)\n", tether_server_state_to_string (self->state), status);
  if (self->server_title != NULL)
    g_string_append_printf (out, "Server: %s %s, protocol %s\n", self->server_title,
                            self->server_version ? self->server_version : "",
                            self->protocol_version ? self->protocol_version : "?");
  if (self->error_details != NULL)
    g_string_append_printf (out, "Error:\n%s\n", self->error_details);
  g_string_append_printf (out, "Configuration:\n%s\n", masked);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  g_string_append (out, "Log:\n");
  for (guint i = n > 50 ? n - 50 : 0; i < n; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->log), i);
      g_autofree char *line = tether_log_entry_to_string (entry);

      g_string_append_printf (out, "%s\n", line);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * tether_server_start:
 * @self: a #TetherServer
 *
 * Connects an enabled server that is not connected or connecting. Asking
 * while an attempt is under way joins it (rule 2).
 */
void
tether_server_start (TetherServer *self)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  if (!tether_server_config_get_enabled (self->config))
    {
      set_state (self, TETHER_SERVER_STATE_DISABLED);
      return;
    }

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
    case TETHER_SERVER_STATE_DISCONNECTED:
    case TETHER_SERVER_STATE_ERROR:
      start_round (self);
      break;

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_CONNECTED:
    case TETHER_SERVER_STATE_WAITING:
    default:
      break;
    }
}

/**
 * tether_server_reconnect:
 * @self: a #TetherServer
 *
 * Rule 6: stops the current session, whatever the state, and starts a new
 * connection round at once (the new process starts when the old one is
 * gone). Does nothing for a disabled server.
 */
void
tether_server_reconnect (TetherServer *self)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  if (!tether_server_config_get_enabled (self->config))
    return;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  abandon_session (self);
  start_round (self);
}

/**
 * tether_server_stop_async:
 * @self: a #TetherServer
 * @disable: go to `disabled` rather than `disconnected`
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when every process of the server is gone
 * @user_data: data for @callback
 *
 * Rule 7: stops any attempt, timer and session. Completes when the server's
 * processes have exited (the transports escalate to SIGKILL, so it always
 * does, within about twice the stop grace).
 */
void
tether_server_stop_async (TetherServer        *self,
                          gboolean             disable,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TETHER_IS_SERVER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_server_stop_async);

  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->start_when_closed = FALSE;
  self->recovering = FALSE;
  self->failures = 0;
  abandon_session (self);
  set_attempt (self, 0, 0);
  set_state (self, disable ? TETHER_SERVER_STATE_DISABLED : TETHER_SERVER_STATE_DISCONNECTED);

  if (self->closing->len == 0)
    g_task_return_boolean (task, TRUE);
  else
    g_queue_push_tail (&self->stop_tasks, g_steal_pointer (&task));
}

gboolean
tether_server_stop_finish (TetherServer  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
wait_for (TetherServer        *self,
          gboolean             need_lists,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Waiter *waiter;

  g_task_set_source_tag (task, wait_for);

  if (state_is_settled (self, need_lists))
    {
      if (self->state == TETHER_SERVER_STATE_CONNECTED || need_lists)
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, not_connected_error (self));
      return;
    }

  waiter = g_new0 (Waiter, 1);
  waiter->task = g_steal_pointer (&task);
  waiter->need_lists = need_lists;
  if (cancellable != NULL)
    {
      waiter->cancellable = g_object_ref (cancellable);
      waiter->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (waiter_cancelled_cb),
                                                    self, NULL);
    }
  g_queue_push_tail (&self->waiters, waiter);
}

/**
 * tether_server_wait_settled_async:
 * @self: a #TetherServer
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the server is connected with its lists, or has
 *   settled in `error`, `disabled` or `disconnected`
 * @user_data: data for @callback
 *
 * Waits for the current connection round to come to an end either way.
 */
void
tether_server_wait_settled_async (TetherServer        *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  wait_for (self, TRUE, cancellable, callback, user_data);
}

gboolean
tether_server_wait_settled_finish (TetherServer  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Requests with rules 3 and 4 */

typedef struct
{
  char            *method;
  JsonObject      *params;
  McpProgressFunc  progress_callback;
  gpointer         progress_data;
  guint            generation;
  TetherRequestKind kind;
  guint            retried : 1;
} Request;

static void
request_free (Request *request)
{
  g_clear_pointer (&request->method, g_free);
  g_clear_pointer (&request->params, json_object_unref);
  g_free (request);
}

static void request_run (GTask *task);

static void
request_waited_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  request_run (g_steal_pointer (&task));
}

static void
request_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  TetherServer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  TetherRequestRetry retry;
  GCancellable *cancellable;

  node = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (node != NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&node), (GDestroyNotify)json_node_unref);
      return;
    }

  /* What the server did wrong, named: it took none of its input (the
   * request was refused at once, and is not sent again), or it answered
   * with what cannot be read. */
  if (died_of_not_reading (self, error, request->generation) ||
      g_error_matches (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE))
    {
      g_task_return_new_error (task, error->domain, error->code, _("Server “%s”: %s"),
                               tether_server_get_name (self), error->message);
      return;
    }

  retry = tether_request_policy_retry (request->kind, error, request->retried);

  if (retry == TETHER_REQUEST_RETRY_NOT_RESENT)
    {
      /* It reached the server; running it again could do it twice. */
      add_log_printf (self, TETHER_LOG_KIND_ERROR,
                      _("Tool call “%s” failed: %s. It was not sent again."),
                      json_object_get_string_member_with_default (request->params, "name", "?"),
                      error->message);
    }

  if (retry == TETHER_REQUEST_RETRY_NO || retry == TETHER_REQUEST_RETRY_NOT_RESENT)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* One reconnect, one retry. If the session already changed since the
   * request was sent, someone else reconnected: just retry. */
  request->retried = TRUE;
  add_log_printf (self, TETHER_LOG_KIND_EVENT, _("%s failed (%s): reconnecting once and retrying"),
                  request->method, error->message);
  if (retry == TETHER_REQUEST_RETRY_RECONNECT &&
      request->generation == self->generation && self->client != NULL)
    tether_server_reconnect (self);

  cancellable = g_task_get_cancellable (task);
  wait_for (self, FALSE, cancellable, request_waited_cb, g_steal_pointer (&task));
}

static void
request_run (GTask *task)
{
  TetherServer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  McpRequestOptions options = { 0, };

  if (self->state != TETHER_SERVER_STATE_CONNECTED)
    {
      if (self->state == TETHER_SERVER_STATE_CONNECTING || self->state == TETHER_SERVER_STATE_WAITING)
        wait_for (self, FALSE, g_task_get_cancellable (task), request_waited_cb, task);
      else
        {
          g_task_return_error (task, not_connected_error (self));
          g_object_unref (task);
        }
      return;
    }

  request->generation = self->generation;

  tether_request_policy_options (&self->timings, request->kind, &options);
  if (request->kind == TETHER_REQUEST_KIND_CALL)
    {
      options.progress_callback = request->progress_callback;
      options.progress_data = request->progress_data;
    }

  mcp_client_request_async (self->client, request->method, request->params, &options,
                            g_task_get_cancellable (task), request_done_cb, task);
}

static void
start_request (TetherServer        *self,
               Request             *request,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data,
               gpointer             source_tag)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, request, (GDestroyNotify)request_free);

  request_run (task);
}

/**
 * tether_server_request_async:
 * @self: a #TetherServer
 * @method: a request that is safe to repeat: a list, `prompts/get`,
 *   `resources/read`, `ping`, `completion/complete`…
 * @params: (nullable): its parameters
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Sends a request, waiting first for a connection under way, bounded by the
 * server's timeouts (rule 3). On a timeout or a broken transport the server
 * is reconnected once and the request sent once more (rule 4). Use
 * tether_server_call_tool_async() for `tools/call`.
 */
void
tether_server_request_async (TetherServer        *self,
                             const char          *method,
                             JsonObject          *params,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  Request *request;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!g_str_equal (method, "tools/call"));

  request = g_new0 (Request, 1);
  request->method = g_strdup (method);
  request->kind = tether_request_kind_for_method (method);
  request->params = params != NULL ? json_object_ref (params) : NULL;

  start_request (self, request, cancellable, callback, user_data, tether_server_request_async);
}

/**
 * tether_server_request_finish:
 * @self: a #TetherServer
 * @result: the #GAsyncResult
 * @error: where to put an error
 *
 * Returns: (transfer full): the result member of the answer
 */
JsonNode *
tether_server_request_finish (TetherServer  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_server_call_tool_async:
 * @self: a #TetherServer
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @progress_callback: (nullable): receives progress; it also extends the
 *   call's timeout, up to the server's hard maximum
 * @progress_data: data for @progress_callback, alive until the call ends
 * @cancellable: (nullable): cancelling sends notifications/cancelled
 * @callback: called with the CallToolResult
 * @user_data: data for @callback
 *
 * Calls a tool. A call that reached the server is never sent again (rule
 * 4): a timeout or a lost connection is reported, with the outcome unknown.
 * Only a call that provably never left is sent again, after a reconnect.
 */
void
tether_server_call_tool_async (TetherServer        *self,
                               const char          *name,
                               JsonObject          *arguments,
                               McpProgressFunc      progress_callback,
                               gpointer             progress_data,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  Request *request;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (name != NULL);

  request = g_new0 (Request, 1);
  request->method = g_strdup ("tools/call");
  request->params = json_object_new ();
  request->kind = TETHER_REQUEST_KIND_CALL;
  request->progress_callback = progress_callback;
  request->progress_data = progress_data;
  json_object_set_string_member (request->params, "name", name);
  json_object_set_object_member (request->params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());

  start_request (self, request, cancellable, callback, user_data, tether_server_call_tool_async);
}

/**
 * tether_server_call_tool_finish:
 * @self: a #TetherServer
 * @result: the #GAsyncResult
 * @error: where to put an error
 *
 * Returns: (transfer full): the CallToolResult; it may have `isError` set
 */
JsonNode *
tether_server_call_tool_finish (TetherServer  *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
