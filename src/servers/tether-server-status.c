/* tether-server-status.c — what a managed connection shows
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lowest layer of TetherServer: its state and the other properties the
 * window binds to, set so that they notify only on change; its log; its
 * last error, in words and in detail; and waiting for it to settle, which
 * requests issued while connecting and tether_server_wait_settled_async()
 * do. It calls nothing of the layers above it.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include <string.h>

#include "mcp-error.h"
#include "mcp-stdio-transport.h"

#include "tether-server-private.h"

GParamSpec *_tether_server_properties[TETHER_SERVER_N_PROPS];

/* The states */

static const GEnumValue state_values[] = {
  { TETHER_SERVER_STATE_DISABLED, "TETHER_SERVER_STATE_DISABLED", "disabled" },
  { TETHER_SERVER_STATE_DISCONNECTED, "TETHER_SERVER_STATE_DISCONNECTED", "disconnected" },
  { TETHER_SERVER_STATE_CONNECTING, "TETHER_SERVER_STATE_CONNECTING", "connecting" },
  { TETHER_SERVER_STATE_CONNECTED, "TETHER_SERVER_STATE_CONNECTED", "connected" },
  { TETHER_SERVER_STATE_WAITING, "TETHER_SERVER_STATE_WAITING", "waiting" },
  { TETHER_SERVER_STATE_ERROR, "TETHER_SERVER_STATE_ERROR", "error" },
  { TETHER_SERVER_STATE_SIGN_IN_REQUIRED, "TETHER_SERVER_STATE_SIGN_IN_REQUIRED", "sign-in-required" },
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

/* Operations of a session */

TetherServerOp *
_tether_server_op_new (TetherServer *self)
{
  TetherServerOp *op = g_new0 (TetherServerOp, 1);

  op->self = g_object_ref (self);
  op->generation = self->generation;

  return op;
}

void
_tether_server_op_free (TetherServerOp *op)
{
  g_clear_object (&op->self);
  g_free (op);
}

gboolean
_tether_server_op_is_current (TetherServerOp *op)
{
  return op->self->client != NULL && op->generation == op->self->generation;
}

/* Setters that notify only on change */

void
_tether_server_notify (TetherServer *self,
                       guint         prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), _tether_server_properties[prop_id]);
}

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

void
_tether_server_set_string (TetherServer  *self,
                           char         **field,
                           const char    *value,
                           guint          prop_id)
{
  if (set_string (field, value))
    _tether_server_notify (self, prop_id);
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
      _tether_server_notify (self, prop_id);
    }
}

void
_tether_server_set_attempt (TetherServer *self,
                            guint         attempt,
                            guint         attempts)
{
  set_uint_prop (self, &self->attempts, attempts, TETHER_SERVER_PROP_ATTEMPTS);
  set_uint_prop (self, &self->attempt, attempt, TETHER_SERVER_PROP_ATTEMPT);
}

void
_tether_server_set_retry_at (TetherServer *self,
                             gint64        retry_at)
{
  if (self->retry_at != retry_at)
    {
      self->retry_at = retry_at;
      _tether_server_notify (self, TETHER_SERVER_PROP_RETRY_AT);
    }
}

static void
set_command_not_found (TetherServer *self,
                       gboolean      command_not_found)
{
  if (self->command_not_found != command_not_found)
    {
      self->command_not_found = command_not_found;
      _tether_server_notify (self, TETHER_SERVER_PROP_COMMAND_NOT_FOUND);
    }
}

void
_tether_server_set_error (TetherServer *self,
                          const char   *message,
                          const char   *details)
{
  _tether_server_set_string (self, &self->error_message, message, TETHER_SERVER_PROP_ERROR_MESSAGE);
  _tether_server_set_string (self, &self->error_details, details, TETHER_SERVER_PROP_ERROR_DETAILS);
  if (message == NULL)
    set_command_not_found (self, FALSE);
}

/* The log */

void
_tether_server_log (TetherServer  *self,
                    TetherLogKind  kind,
                    const char    *text)
{
  tether_log_ring_append (self->log, kind, text);
}

void
_tether_server_log_printf (TetherServer  *self,
                           TetherLogKind  kind,
                           const char    *format,
                           ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  _tether_server_log (self, kind, text);
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
    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return TRUE;

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_WAITING:
    default:
      return FALSE;
    }
}

GError *
_tether_server_not_connected_error (TetherServer *self)
{
  const char *name = tether_server_config_get_name (self->config);

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
      return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, _("Server “%s” is disabled"), name);

    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return g_error_new (MCP_ERROR, MCP_ERROR_AUTHORIZATION, _("Server “%s” needs you to sign in: %s"),
                          name, self->error_message != NULL ? self->error_message : "");

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
            g_task_return_error (waiter->task, _tether_server_not_connected_error (self));

          waiter_free (waiter);
        }

      l = next;
    }
}

static void
wake_waiters_idle_cb (gpointer user_data)
{
  TetherServer *self = user_data;

  wake_waiters (self);
  g_object_unref (self);
}

static void
waiter_cancelled_cb (GCancellable *cancellable,
                     TetherServer *self)
{
  /* Not from here: disconnecting a handler inside it would deadlock. */
  g_idle_add_once (wake_waiters_idle_cb, g_object_ref (self));
}

void
_tether_server_set_state (TetherServer      *self,
                          TetherServerState  state)
{
  if (self->state == state)
    return;

  g_debug ("%s: %s → %s", tether_server_config_get_name (self->config),
           tether_server_state_to_string (self->state),
           tether_server_state_to_string (state));

  self->state = state;
  if (state != TETHER_SERVER_STATE_WAITING)
    _tether_server_set_retry_at (self, 0);
  _tether_server_notify (self, TETHER_SERVER_PROP_STATE);

  wake_waiters (self);
}

void
_tether_server_set_lists_pending (TetherServer *self,
                                  guint         lists_pending)
{
  gboolean was_busy = self->lists_pending > 0;

  self->lists_pending = lists_pending;

  if (was_busy != (lists_pending > 0))
    _tether_server_notify (self, TETHER_SERVER_PROP_BUSY);

  wake_waiters (self);
}

/* The reason on one line, and the details: exit status, last stderr lines. */
void
_tether_server_record_error (TetherServer *self,
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

  _tether_server_set_error (self, first_line, details->str);
  set_command_not_found (self, g_error_matches (error, MCP_ERROR, MCP_ERROR_COMMAND_NOT_FOUND));
  _tether_server_log (self, TETHER_LOG_KIND_ERROR, details->str);
}

void
_tether_server_wait_for (TetherServer        *self,
                         gboolean             need_lists,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Waiter *waiter;

  g_task_set_source_tag (task, _tether_server_wait_for);

  if (state_is_settled (self, need_lists))
    {
      if (self->state == TETHER_SERVER_STATE_CONNECTED || need_lists)
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, _tether_server_not_connected_error (self));
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
