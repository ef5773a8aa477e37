/* mcp-task.c — a tool call that runs as a task
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-task"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-task.h"

/* A tool that may (or must) run as a task answers its `tools/call` with a
 * task, not a result; the result is fetched when the task is over. The
 * two revisions that have tasks spell it differently:
 *
 *   2025-11-25: the call carries `task: {}` and gets `{task: {taskId,
 *   status, pollInterval…}}`; `tasks/get` answers the task's fields;
 *   `tasks/result` answers the tool's result once the task is over, and
 *   while it waits, the server asks its questions (an elicitation) as
 *   requests of its own, answered by the client's usual handlers.
 *
 *   The tasks extension of 2026-07-28 (declared in every request's
 *   capabilities): the server decides, answering `resultType: "task"`
 *   with the task's fields at the top level; `tasks/get` answers the task
 *   with its `result` or `error` inlined once over, or the `inputRequests`
 *   it waits for, which are answered through the same handlers as an
 *   `input_required` result and sent back with `tasks/update`.
 *
 * In both, the status is polled at the server's `pollInterval` (bounded
 * by MCP_TASK_MIN/MAX_POLL_INTERVAL_MS), a `notifications/tasks/status`
 * (or `notifications/tasks`) is taken when the server sends one, and
 * `tasks/cancel` ends it. The whole task is bounded by the request's hard
 * maximum (McpRequestOptions.max_timeout_ms): past it, it is cancelled. */

struct _McpTask
{
  GObject            parent_instance;

  char              *id;
  McpTaskStatus      status;
  char              *status_message;
  JsonNode          *result;

  /* While it runs */
  GTask             *run;
  McpClient         *client;
  McpRequestOptions  options;
  GCancellable      *requests;        /* ours, cancelled when the run ends */
  GCancellable      *cancellable;     /* the caller's */
  gulong             cancelled_id;
  gulong             status_id;
  guint              poll_id;
  guint              cancel_idle_id;
  guint              poll_interval_ms;
  gint64             deadline;        /* monotonic µs */
  GError            *end_error;       /* why it was cancelled, when not asked */
  guint              stateless : 1;
  guint              polling : 1;     /* a tasks/get in flight */
  guint              fetching : 1;    /* a tasks/result in flight */
  guint              answering : 1;   /* inputRequests being answered */
  guint              cancelling : 1;  /* tasks/cancel sent */
  guint              cancel_asked : 1;
};

G_DEFINE_FINAL_TYPE (McpTask, mcp_task, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_STATUS,
  PROP_STATUS_MESSAGE,
  PROP_RESULT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const GEnumValue status_values[] = {
  { MCP_TASK_STATUS_NONE, "MCP_TASK_STATUS_NONE", "none" },
  { MCP_TASK_STATUS_WORKING, "MCP_TASK_STATUS_WORKING", "working" },
  { MCP_TASK_STATUS_INPUT_REQUIRED, "MCP_TASK_STATUS_INPUT_REQUIRED", "input_required" },
  { MCP_TASK_STATUS_COMPLETED, "MCP_TASK_STATUS_COMPLETED", "completed" },
  { MCP_TASK_STATUS_FAILED, "MCP_TASK_STATUS_FAILED", "failed" },
  { MCP_TASK_STATUS_CANCELLED, "MCP_TASK_STATUS_CANCELLED", "cancelled" },
  { 0, NULL, NULL }
};

GType
mcp_task_status_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static ("McpTaskStatus", status_values));

  return type_id;
}

/**
 * mcp_task_status_to_string:
 * @status: a status
 *
 * Returns: its name on the wire ("working", "input_required"…)
 */
const char *
mcp_task_status_to_string (McpTaskStatus status)
{
  for (guint i = 0; status_values[i].value_nick != NULL; i++)
    if (status_values[i].value == (int)status)
      return status_values[i].value_nick;

  return "none";
}

/**
 * mcp_task_status_from_string:
 * @status: (nullable): a status as the server sent it
 *
 * Returns: the status, or %MCP_TASK_STATUS_NONE when it is not one
 */
McpTaskStatus
mcp_task_status_from_string (const char *status)
{
  if (status == NULL)
    return MCP_TASK_STATUS_NONE;

  for (guint i = 1; status_values[i].value_nick != NULL; i++)
    if (g_str_equal (status_values[i].value_nick, status))
      return status_values[i].value;

  return MCP_TASK_STATUS_NONE;
}

gboolean
mcp_task_status_is_terminal (McpTaskStatus status)
{
  return status == MCP_TASK_STATUS_COMPLETED ||
         status == MCP_TASK_STATUS_FAILED ||
         status == MCP_TASK_STATUS_CANCELLED;
}

static void
mcp_task_finalize (GObject *object)
{
  McpTask *self = (McpTask *)object;

  g_assert (self->run == NULL);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->status_message, g_free);
  g_clear_pointer (&self->result, json_node_unref);

  G_OBJECT_CLASS (mcp_task_parent_class)->finalize (object);
}

static void
mcp_task_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  McpTask *self = MCP_TASK (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;

    case PROP_STATUS_MESSAGE:
      g_value_set_string (value, self->status_message);
      break;

    case PROP_RESULT:
      g_value_set_boxed (value, self->result);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_task_class_init (McpTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_task_finalize;
  object_class->get_property = mcp_task_get_property;

  /**
   * McpTask:id:
   *
   * The server's id of the task, once created.
   */
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:status:
   *
   * Where the task is, as the server last said.
   */
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL,
                       MCP_TYPE_TASK_STATUS, MCP_TASK_STATUS_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:status-message:
   *
   * The server's note on the status (untrusted text), if any.
   */
  properties[PROP_STATUS_MESSAGE] =
    g_param_spec_string ("status-message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpTask:result:
   *
   * The tool's result (a CallToolResult), once the task is over.
   */
  properties[PROP_RESULT] =
    g_param_spec_boxed ("result", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_task_init (McpTask *self)
{
}

/**
 * mcp_task_new:
 *
 * Returns: (transfer full): a task to run with mcp_task_run_async()
 */
McpTask *
mcp_task_new (void)
{
  return g_object_new (MCP_TYPE_TASK, NULL);
}

const char *
mcp_task_get_id (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return self->id;
}

McpTaskStatus
mcp_task_get_status (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), MCP_TASK_STATUS_NONE);

  return self->status;
}

const char *
mcp_task_get_status_message (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return self->status_message;
}

/**
 * mcp_task_get_result:
 * @self: a #McpTask
 *
 * Returns: (transfer none) (nullable): the CallToolResult, once over
 */
JsonNode *
mcp_task_get_result (McpTask *self)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);

  return self->result;
}

static const char *
member_string (JsonObject *object,
               const char *member,
               const char *fallback)
{
  return mcp_json_has_string (object, member) ? json_object_get_string_member (object, member) : fallback;
}

static gboolean
member_is_true (JsonObject *object,
                const char *member,
                gboolean    fallback)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fallback;

  return json_node_get_boolean (node);
}

/* A number as an integer (a float is cut), or @fallback. */
static gint64
member_int (JsonObject *object,
            const char *member,
            gint64      fallback)
{
  JsonNode *node = json_object_get_member (object, member);
  GType type;
  double value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return fallback;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return json_node_get_int (node);
  if (type != G_TYPE_DOUBLE)
    return fallback;

  value = json_node_get_double (node);
  if (!(value >= (double)G_MININT32 && value <= (double)G_MAXINT32))
    return fallback;

  return (gint64)value;
}

static void
set_status (McpTask       *self,
            McpTaskStatus  status)
{
  if (self->status == status)
    return;

  /* A task that is over stays over. */
  if (mcp_task_status_is_terminal (self->status))
    return;

  self->status = status;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
set_result (McpTask  *self,
            JsonNode *result)
{
  g_clear_pointer (&self->result, json_node_unref);
  self->result = json_node_ref (result);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

/* Takes what the server says of the task: its id (the first time), its
 * status, message and polling interval. */
static void
update_from (McpTask    *self,
             JsonObject *task)
{
  const char *message = NULL;

  g_object_freeze_notify (G_OBJECT (self));

  if (self->id == NULL && mcp_json_has_string (task, "taskId"))
    {
      self->id = g_strdup (json_object_get_string_member (task, "taskId"));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
    }

  if (mcp_json_has_string (task, "statusMessage"))
    message = json_object_get_string_member (task, "statusMessage");
  if (g_strcmp0 (message, self->status_message) != 0 && !mcp_task_status_is_terminal (self->status))
    {
      g_free (self->status_message);
      self->status_message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_MESSAGE]);
    }

  if (mcp_json_has_string (task, "status"))
    {
      McpTaskStatus status = mcp_task_status_from_string (json_object_get_string_member (task, "status"));

      if (status != MCP_TASK_STATUS_NONE)
        set_status (self, status);
      else
        g_debug ("task %s: unknown status “%s”", self->id,
                 json_object_get_string_member (task, "status"));
    }

  if (member_int (task, "pollInterval", -1) >= 0)
    {
      gint64 interval = member_int (task, "pollInterval", MCP_TASK_DEFAULT_POLL_INTERVAL_MS);

      self->poll_interval_ms = CLAMP (interval, MCP_TASK_MIN_POLL_INTERVAL_MS, MCP_TASK_MAX_POLL_INTERVAL_MS);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

/* Ends the run with @result or @error (taken). */
static void
run_return (McpTask  *self,
            JsonNode *result,
            GError   *error)
{
  g_autoptr(GTask) run = g_steal_pointer (&self->run);

  g_assert (run != NULL);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_handle_id (&self->cancel_idle_id, g_source_remove);
  g_clear_signal_handler (&self->status_id, self->client);
  if (self->cancelled_id != 0)
    g_cancellable_disconnect (self->cancellable, self->cancelled_id);
  self->cancelled_id = 0;
  g_cancellable_cancel (self->requests);
  g_clear_object (&self->requests);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->client);
  g_clear_error (&self->end_error);

  if (result != NULL)
    set_result (self, result);

  if (error != NULL)
    g_task_return_error (run, error);
  else
    g_task_return_pointer (run, json_node_ref (result), (GDestroyNotify)json_node_unref);
}

static GError *
cancelled_error (McpTask *self)
{
  if (self->end_error != NULL)
    return g_error_copy (self->end_error);

  if (self->status_message != NULL)
    /* Translators: the first %s is the id of a task, the second the
     * server's note on it */
    return g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Task “%s” was cancelled: %s"),
                        self->id, self->status_message);

  /* Translators: %s is the id of a task */
  return g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Task “%s” was cancelled"), self->id);
}

/* The extension is declared in the capabilities of each request of the
 * task, and of no other request: a plain call is never made a task. */
static void
declare_tasks (McpTask    *self,
               JsonObject *params)
{
  JsonObject *meta, *capabilities, *extensions;

  if (!self->stateless)
    return;

  meta = json_object_new ();
  capabilities = json_object_new ();
  extensions = json_object_new ();
  json_object_set_object_member (extensions, MCP_EXTENSION_TASKS, json_object_new ());
  json_object_set_object_member (capabilities, "extensions", extensions);
  json_object_set_object_member (meta, MCP_META_CLIENT_CAPABILITIES, capabilities);
  json_object_set_object_member (params, "_meta", meta);
}

static JsonObject *
task_params (McpTask *self)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "taskId", self->id);
  declare_tasks (self, params);

  return params;
}

/* Options for a request of the task's own (get, result, cancel, update):
 * bounded like the call, and tagged like it so that what the server asks
 * meanwhile goes to the caller's handlers. */
static McpRequestOptions
task_options (McpTask  *self,
              gboolean  until_deadline)
{
  McpRequestOptions options = { 0, };

  options.timeout_ms = self->options.timeout_ms;
  options.max_timeout_ms = self->options.max_timeout_ms;
  options.tag = self->options.tag;
  options.flags = MCP_SEND_FLAGS_IDEMPOTENT;

  if (until_deadline)
    {
      gint64 left = (self->deadline - g_get_monotonic_time ()) / 1000;

      options.timeout_ms = (guint)CLAMP (left, 1, G_MAXUINT);
      options.max_timeout_ms = options.timeout_ms;
    }

  return options;
}

/* Takes the answer to a request of the task's own. Returns NULL when the
 * run is already over, or when there is no answer to use: the run then
 * ends with @failed (a message naming the task) and the reason, unless a
 * cancellation is under way, which ends it. */
static JsonNode *
own_reply (McpTask      *self,
           GObject      *client,
           GAsyncResult *result,
           const char   *method,
           const char   *failed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = mcp_client_request_finish (MCP_CLIENT (client), result, &error);

  if (self->run == NULL)
    return NULL;

  if (reply == NULL)
    {
      if (!self->cancelling && self->status != MCP_TASK_STATUS_CANCELLED)
        run_return (self, NULL, g_error_new (error->domain, error->code, "%s: %s", failed, error->message));
      return NULL;
    }

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      run_return (self, NULL, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           _("The answer to %s is not an object"), method));
      return NULL;
    }

  return g_steal_pointer (&reply);
}

static void advance (McpTask    *self,
                     JsonObject *task);

static void
cancel_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  reply = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (self->run == NULL)
    return;

  if (reply == NULL)
    {
      /* Translators: the first %s is the id of a task, the second what
       * the server answered */
      run_return (self, NULL, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                           _("Task “%s” was abandoned; the server did not confirm its cancellation: %s"),
                                           self->id, error->message));
      return;
    }

  if (JSON_NODE_HOLDS_OBJECT (reply))
    update_from (self, json_node_get_object (reply));
  set_status (self, MCP_TASK_STATUS_CANCELLED);
  run_return (self, NULL, cancelled_error (self));
}

static void
send_cancel (McpTask *self)
{
  g_autoptr(JsonObject) params = task_params (self);
  McpRequestOptions options = task_options (self, FALSE);

  if (self->cancelling)
    return;
  self->cancelling = TRUE;

  g_debug ("cancelling task %s", self->id);
  mcp_client_request_async (self->client, "tasks/cancel", params, &options, self->requests,
                            cancel_cb, g_object_ref (self));
}

static void
polled_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autofree char *failed = NULL;
  g_autoptr(JsonNode) reply = NULL;

  self->polling = FALSE;
  /* Translators: %s is the id of a task */
  failed = g_strdup_printf (_("Could not learn the status of task “%s”"), self->id);
  reply = own_reply (self, object, result, "tasks/get", failed);
  if (reply == NULL)
    return;

  update_from (self, json_node_get_object (reply));
  advance (self, json_node_get_object (reply));
}

static gboolean
poll_cb (gpointer user_data)
{
  McpTask *self = user_data;
  g_autoptr(JsonObject) params = task_params (self);
  McpRequestOptions options = task_options (self, FALSE);

  self->poll_id = 0;
  if (self->polling || self->cancelling)
    return G_SOURCE_REMOVE;

  if (g_get_monotonic_time () >= self->deadline)
    {
      /* Translators: the first %s is the id of a task, %u a number of
       * seconds */
      self->end_error = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                                     _("Task “%s” did not finish within %u s: it was cancelled"),
                                     self->id, self->options.max_timeout_ms / 1000);
      send_cancel (self);
      return G_SOURCE_REMOVE;
    }

  self->polling = TRUE;
  mcp_client_request_async (self->client, "tasks/get", params, &options, self->requests,
                            polled_cb, g_object_ref (self));

  return G_SOURCE_REMOVE;
}

static void
schedule_poll (McpTask *self)
{
  if (self->poll_id != 0 || self->polling || self->cancelling)
    return;

  self->poll_id = g_timeout_add_full (G_PRIORITY_DEFAULT, self->poll_interval_ms, poll_cb,
                                      g_object_ref (self), g_object_unref);
}

/* 2025-11-25: tasks/result answers the tool's result once the task is
 * over; asked as soon as the task waits for input, since the server asks
 * its questions while it is pending. */
static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autofree char *failed = NULL;
  g_autoptr(JsonNode) reply = NULL;

  self->fetching = FALSE;
  /* Translators: %s is the id of a task */
  failed = g_strdup_printf (_("Could not get the result of task “%s”"), self->id);
  reply = own_reply (self, object, result, "tasks/result", failed);
  if (reply == NULL)
    return;

  /* The result comes once the task is over; a status not yet polled is
   * that of its result. */
  if (!mcp_task_status_is_terminal (self->status))
    set_status (self, member_is_true (json_node_get_object (reply), "isError", FALSE)
                        ? MCP_TASK_STATUS_FAILED : MCP_TASK_STATUS_COMPLETED);
  run_return (self, reply, NULL);
}

static void
fetch_result (McpTask *self)
{
  g_autoptr(JsonObject) params = task_params (self);
  McpRequestOptions options = task_options (self, TRUE);

  if (self->fetching)
    return;
  self->fetching = TRUE;

  mcp_client_request_async (self->client, "tasks/result", params, &options, self->requests,
                            fetched_cb, g_object_ref (self));
}

/* The tasks extension: input the task waits for, answered and sent back
 * with tasks/update. */
static void
updated_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autofree char *failed = NULL;
  g_autoptr(JsonNode) reply = NULL;

  self->answering = FALSE;
  /* Translators: %s is the id of a task */
  failed = g_strdup_printf (_("Could not give task “%s” its input"), self->id);
  reply = own_reply (self, object, result, "tasks/update", failed);
  if (reply == NULL)
    return;

  schedule_poll (self);
}

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) responses = NULL;
  g_autoptr(JsonObject) params = NULL;
  McpRequestOptions options;

  responses = _mcp_client_input_ask_finish (MCP_CLIENT (object), result, &error);
  if (self->run == NULL)
    return;

  if (responses == NULL)
    {
      self->answering = FALSE;
      if (!self->cancelling)
        {
          self->end_error = g_steal_pointer (&error);
          send_cancel (self);
        }
      return;
    }

  params = task_params (self);
  options = task_options (self, FALSE);
  json_object_set_object_member (params, "inputResponses", g_steal_pointer (&responses));
  mcp_client_request_async (self->client, "tasks/update", params, &options, self->requests,
                            updated_cb, g_object_ref (self));
}

static void
answer_input (McpTask    *self,
              JsonObject *task)
{
  JsonNode *requests = json_object_get_member (task, "inputRequests");
  McpRequestOptions options = task_options (self, TRUE);

  if (self->answering || requests == NULL || !JSON_NODE_HOLDS_OBJECT (requests))
    {
      schedule_poll (self);
      return;
    }

  self->answering = TRUE;
  _mcp_client_input_ask (self->client, "tasks/update", json_node_get_object (requests), &options,
                         self->requests, answered_cb, g_object_ref (self));
}

/* The tasks extension: a task over carries its result, or its error. */
static void
return_inlined (McpTask    *self,
                JsonObject *task)
{
  JsonNode *result = task != NULL ? json_object_get_member (task, "result") : NULL;
  JsonNode *error = task != NULL ? json_object_get_member (task, "error") : NULL;

  if (result != NULL && JSON_NODE_HOLDS_OBJECT (result))
    run_return (self, result, NULL);
  else if (error != NULL && JSON_NODE_HOLDS_OBJECT (error))
    {
      JsonObject *object = json_node_get_object (error);
      const char *message = member_string (object, "message", NULL);

      /* Translators: the first %s is the id of a task, the second the
       * server's error */
      run_return (self, NULL, g_error_new (MCP_RPC_ERROR, (int)member_int (object, "code", 0),
                                           _("Task “%s” failed: %s"), self->id,
                                           message != NULL ? message : _("no reason given")));
    }
  else if (self->status == MCP_TASK_STATUS_FAILED)
    run_return (self, NULL, g_error_new (MCP_ERROR, MCP_ERROR_FAILED, _("Task “%s” failed: %s"),
                                         self->id, self->status_message != NULL
                                                     ? self->status_message : _("no reason given")));
  else
    /* Over, but without its result: ask once more. */
    schedule_poll (self);
}

/* Decides the next step from the status the server last gave, with
 * @task (nullable) what it sent. */
static void
advance (McpTask    *self,
         JsonObject *task)
{
  if (self->run == NULL)
    return;

  if (self->status == MCP_TASK_STATUS_CANCELLED)
    {
      if (!self->cancelling)
        run_return (self, NULL, cancelled_error (self));
      return;
    }

  if (self->cancel_asked && !mcp_task_status_is_terminal (self->status))
    {
      send_cancel (self);
      return;
    }

  if (self->stateless)
    {
      if (mcp_task_status_is_terminal (self->status))
        return_inlined (self, task);
      else if (self->status == MCP_TASK_STATUS_INPUT_REQUIRED && task != NULL)
        answer_input (self, task);
      else
        schedule_poll (self);
      return;
    }

  if (self->status == MCP_TASK_STATUS_INPUT_REQUIRED || mcp_task_status_is_terminal (self->status))
    fetch_result (self);

  /* Polled on while the result is awaited, for the status it shows. */
  if (!mcp_task_status_is_terminal (self->status))
    schedule_poll (self);
}

static void
task_status_cb (McpTask    *self,
                JsonObject *task,
                McpClient  *client)
{
  if (self->run == NULL || self->id == NULL ||
      g_strcmp0 (member_string (task, "taskId", NULL), self->id) != 0)
    return;

  update_from (self, task);
  advance (self, task);
}

/* The answer to tools/call: a task to follow, or the result itself (a
 * server may run a tool that allows tasks without one). */
static void
created (McpTask  *self,
         JsonNode *reply)
{
  JsonObject *object;
  JsonObject *task = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      run_return (self, NULL, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           _("The answer to %s is not an object"), "tools/call"));
      return;
    }

  object = json_node_get_object (reply);
  if (self->stateless)
    {
      if (g_strcmp0 (member_string (object, "resultType", NULL), "task") == 0)
        task = object;
    }
  else if (json_object_has_member (object, "task") &&
           JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "task")))
    task = json_object_get_object_member (object, "task");

  if (task == NULL)
    {
      if (self->cancel_asked)
        {
          run_return (self, NULL, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                               _("Cancelled; the tool had already finished")));
          return;
        }
      set_status (self, member_is_true (object, "isError", FALSE)
                          ? MCP_TASK_STATUS_FAILED : MCP_TASK_STATUS_COMPLETED);
      run_return (self, reply, NULL);
      return;
    }

  if (!mcp_json_has_string (task, "taskId") || !mcp_json_has_string (task, "status"))
    {
      run_return (self, NULL, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           _("The server created a task without an id or a status")));
      return;
    }

  update_from (self, task);
  g_debug ("task %s created: %s", self->id, mcp_task_status_to_string (self->status));
  advance (self, task);
}

static void
created_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = g_task_propagate_pointer (G_TASK (result), &error);

  if (self->run == NULL)
    return;

  if (reply == NULL)
    run_return (self, NULL, g_steal_pointer (&error));
  else
    created (self, reply);
}

static void
call_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(McpTask) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  JsonObject *params;
  GTask *rounds;

  reply = mcp_client_request_finish (MCP_CLIENT (object), result, &error);
  if (self->run == NULL)
    return;

  if (reply == NULL)
    {
      run_return (self, NULL, g_steal_pointer (&error));
      return;
    }

  if (!self->stateless)
    {
      created (self, reply);
      return;
    }

  /* The stateless revision may ask for input before it creates the task. */
  params = g_task_get_task_data (self->run);
  rounds = g_task_new (self->client, NULL, created_cb, g_object_ref (self));
  _mcp_client_input_required (self->client, rounds, "tools/call", params, &self->options, reply);
}

static gboolean
cancel_idle_cb (gpointer user_data)
{
  McpTask *self = user_data;

  self->cancel_idle_id = 0;
  mcp_task_cancel (self);

  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              McpTask      *self)
{
  /* May run in any thread, and at once from g_cancellable_connect(). */
  if (self->cancel_idle_id == 0)
    self->cancel_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, cancel_idle_cb,
                                            g_object_ref (self), g_object_unref);
}

/**
 * mcp_task_run_async:
 * @self: a #McpTask that has not run
 * @client: a connected #McpClient
 * @tool: the tool
 * @arguments: (nullable): its arguments
 * @options: (nullable): as for mcp_client_call_tool_async(); each request
 *   of the task is bounded by its timeout, the whole task by its hard
 *   maximum; its tag goes with each request
 * @cancellable: (nullable): cancelling it cancels the task on the server
 *   (`tasks/cancel`); the run ends when the server has answered
 * @callback: called when the task is over
 * @user_data: data for @callback
 *
 * Calls @tool as a task and follows it to its end, updating the
 * properties of @self on the way. The call is never sent twice.
 */
void
mcp_task_run_async (McpTask                 *self,
                    McpClient               *client,
                    const char              *tool,
                    JsonObject              *arguments,
                    const McpRequestOptions *options,
                    GCancellable            *cancellable,
                    GAsyncReadyCallback      callback,
                    gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();
  McpRequestOptions call_options;

  g_return_if_fail (MCP_IS_TASK (self));
  g_return_if_fail (self->run == NULL && self->status == MCP_TASK_STATUS_NONE);
  g_return_if_fail (MCP_IS_CLIENT (client));
  g_return_if_fail (tool != NULL);

  self->run = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (self->run, mcp_task_run_async);
  self->client = g_object_ref (client);
  self->stateless = mcp_client_get_era (client) == MCP_ERA_STATELESS;
  self->requests = g_cancellable_new ();
  self->poll_interval_ms = MCP_TASK_DEFAULT_POLL_INTERVAL_MS;
  if (options != NULL)
    self->options = *options;
  if (self->options.timeout_ms == 0)
    self->options.timeout_ms = mcp_client_get_request_timeout (client);
  if (self->options.max_timeout_ms == 0)
    self->options.max_timeout_ms = mcp_client_get_max_request_timeout (client);
  self->options.max_timeout_ms = MAX (self->options.max_timeout_ms, self->options.timeout_ms);
  self->options.flags &= ~MCP_SEND_FLAGS_IDEMPOTENT;
  self->options.flags |= _MCP_SEND_FLAGS_TASK;
  self->deadline = g_get_monotonic_time () + (gint64)self->options.max_timeout_ms * 1000;

  json_object_set_string_member (params, "name", tool);
  json_object_set_object_member (params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());
  /* 2025-11-25 asks for a task; in the extension the server decides. */
  if (!self->stateless)
    json_object_set_object_member (params, "task", json_object_new ());
  declare_tasks (self, params);
  g_task_set_task_data (self->run, json_object_ref (params), (GDestroyNotify)json_object_unref);

  self->status_id = g_signal_connect_object (client, "task-status", G_CALLBACK (task_status_cb),
                                             self, G_CONNECT_SWAPPED);

  if (cancellable != NULL)
    {
      if (g_cancellable_is_cancelled (cancellable))
        {
          run_return (self, NULL, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                               _("Cancelled before the task was created")));
          return;
        }
      self->cancellable = g_object_ref (cancellable);
      self->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
    }

  call_options = self->options;
  mcp_client_request_async (client, "tools/call", params, &call_options, self->requests,
                            call_cb, g_object_ref (self));
}

/**
 * mcp_task_run_finish:
 * @self: a #McpTask
 * @result: the result given to the callback
 * @error: return location for an error: %G_IO_ERROR_CANCELLED when the
 *   task was cancelled, by us or by the server
 *
 * Returns: (transfer full): the CallToolResult; it may have `isError` set
 */
JsonNode *
mcp_task_run_finish (McpTask       *self,
                     GAsyncResult  *result,
                     GError       **error)
{
  g_return_val_if_fail (MCP_IS_TASK (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_task_cancel:
 * @self: a #McpTask
 *
 * Asks the server to cancel the task (`tasks/cancel`), at once or as soon
 * as it is created; the run ends when the server has answered. Does
 * nothing when the task is not running.
 */
void
mcp_task_cancel (McpTask *self)
{
  g_return_if_fail (MCP_IS_TASK (self));

  if (self->run == NULL || mcp_task_status_is_terminal (self->status))
    return;

  self->cancel_asked = TRUE;
  if (self->id != NULL)
    send_cancel (self);
}
