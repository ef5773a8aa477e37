/* fake-mcp-tasks.c — tasks in Tether's fake MCP server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With use_tasks the fake offers "research" (taskSupport required) and
 * "quick" (optional), in the form of the revision it speaks: 2025-11-25
 * (`task` in the call, tasks/get, tasks/result, tasks/cancel, questions
 * asked as requests while tasks/result waits) or the tasks extension of
 * 2026-07-28 (`resultType: "task"`, tasks/get with the result, error or
 * inputRequests inlined, tasks/update, tasks/cancel).
 *
 * The "research" arguments choose the path: "path" is "complete" (the
 * default), "input" (asks a form, then completes with the answer), "fail",
 * "hang" (works until cancelled) or "server-cancel"; "steps" and "stepMs"
 * how long it works; "pollInterval" what it suggests; "notify" whether it
 * sends status notifications.
 */

#include "fake-mcp-core.h"

typedef struct
{
  FakeMcpTasks *tasks;
  char         *id;
  char         *path;
  char         *topic;
  char         *status;
  char         *message;
  char         *answer;       /* the person's answer to the input path */
  JsonObject   *result;       /* once completed, or failed (isError) */
  GPtrArray    *waiting;      /* JsonNode ids of tasks/result requests */
  gint64        poll_interval;
  guint         steps;
  guint         step;
  guint         source_id;
  guint         step_ms;
  gboolean      notify;
  gboolean      asked;        /* the input question went out */
} FakeTask;

struct _FakeMcpTasks
{
  FakeMcpCore *core;
  GHashTable  *tasks;         /* id → FakeTask */
  guint        next_id;
  char        *ask_id;        /* the id of our elicitation request */
  FakeTask    *asking;        /* whose */
};

const char * const fake_mcp_task_tools[] = {
  "{\"name\":\"research\",\"title\":\"Research\",\"description\":\"Researches a topic, as a task.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"topic\":{\"type\":\"string\"},"
  "\"path\":{\"type\":\"string\"}},\"required\":[\"topic\"]},"
  "\"execution\":{\"taskSupport\":\"required\"}}",
  "{\"name\":\"quick\",\"description\":\"Answers at once, or as a task when asked.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{}},"
  "\"execution\":{\"taskSupport\":\"optional\"}}",
  NULL
};

static void
fake_task_free (FakeTask *task)
{
  g_clear_handle_id (&task->source_id, g_source_remove);
  g_free (task->id);
  g_free (task->path);
  g_free (task->topic);
  g_free (task->status);
  g_free (task->message);
  g_free (task->answer);
  g_clear_pointer (&task->result, json_object_unref);
  g_ptr_array_unref (task->waiting);
  g_free (task);
}

FakeMcpTasks *
fake_mcp_tasks_new (FakeMcpCore *core)
{
  FakeMcpTasks *tasks = g_new0 (FakeMcpTasks, 1);

  tasks->core = core;
  tasks->tasks = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)fake_task_free);

  return tasks;
}

void
fake_mcp_tasks_free (FakeMcpTasks *tasks)
{
  if (tasks == NULL)
    return;

  g_hash_table_unref (tasks->tasks);
  g_free (tasks->ask_id);
  g_free (tasks);
}

static gboolean
modern (FakeMcpTasks *tasks)
{
  return fake_mcp_core_get_era_2026 (tasks->core);
}

static gboolean
terminal (FakeTask *task)
{
  return g_str_equal (task->status, "completed") || g_str_equal (task->status, "failed") ||
         g_str_equal (task->status, "cancelled");
}

/* The task's fields, as tasks/get and the notifications give them; in the
 * extension, with what it inlines. */
static JsonObject *
task_object (FakeMcpTasks *tasks,
             FakeTask     *task,
             gboolean      inline_details)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "taskId", task->id);
  json_object_set_string_member (object, "status", task->status);
  if (task->message != NULL)
    json_object_set_string_member (object, "statusMessage", task->message);
  json_object_set_string_member (object, "createdAt", "2026-12-03T10:00:00Z");
  json_object_set_string_member (object, "lastUpdatedAt", "2026-12-03T10:00:01Z");
  json_object_set_int_member (object, "ttl", 60000);
  json_object_set_int_member (object, "pollInterval", task->poll_interval);

  if (!inline_details || !modern (tasks))
    return object;

  if (g_str_equal (task->status, "completed") && task->result != NULL)
    json_object_set_object_member (object, "result", json_object_ref (task->result));
  else if (g_str_equal (task->status, "failed"))
    {
      JsonObject *error = json_object_new ();

      json_object_set_int_member (error, "code", -32603);
      json_object_set_string_member (error, "message", "research failed");
      json_object_set_object_member (object, "error", error);
    }
  else if (g_str_equal (task->status, "input_required"))
    {
      g_autoptr(JsonParser) parser = json_parser_new ();

      json_parser_load_from_data (parser,
        "{\"angle\":{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\","
        "\"message\":\"Which angle?\",\"requestedSchema\":{\"type\":\"object\","
        "\"properties\":{\"angle\":{\"type\":\"string\"}}}}}}", -1, NULL);
      json_object_set_member (object, "inputRequests", json_parser_steal_root (parser));
    }

  return object;
}

static void
notify_status (FakeMcpTasks *tasks,
               FakeTask     *task)
{
  if (!task->notify)
    return;

  fake_mcp_core_notify (tasks->core, modern (tasks) ? "notifications/tasks" : "notifications/tasks/status",
                        task_object (tasks, task, TRUE));
}

/* 2025-11-25: what tasks/result answers once the task is over. */
static void
answer_result (FakeMcpTasks *tasks,
               FakeTask     *task,
               JsonNode     *id)
{
  if (g_str_equal (task->status, "cancelled"))
    fake_mcp_core_reply_error (tasks->core, id, -32000, "Task cancelled", NULL);
  else
    fake_mcp_core_reply (tasks->core, id, json_object_ref (task->result));
}

static void
set_status (FakeMcpTasks *tasks,
            FakeTask     *task,
            const char   *status,
            const char   *message)
{
  g_free (task->status);
  task->status = g_strdup (status);
  g_free (task->message);
  task->message = g_strdup (message);
  notify_status (tasks, task);

  if (!terminal (task))
    return;

  g_clear_handle_id (&task->source_id, g_source_remove);
  for (guint i = 0; i < task->waiting->len; i++)
    answer_result (tasks, task, g_ptr_array_index (task->waiting, i));
  g_ptr_array_set_size (task->waiting, 0);
}

/* 2025-11-25: the question goes out as a request while tasks/result
 * waits, as the official SDK's task queue does. */
static void
ask_as_request (FakeMcpTasks *tasks,
                FakeTask     *task)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *params;
  JsonObject *meta;
  JsonObject *related;
  guint64 before = fake_mcp_core_get_next_request_id (tasks->core);

  if (task->asked || task->waiting->len == 0)
    return;
  task->asked = TRUE;
  meta = json_object_new ();
  related = json_object_new ();

  json_parser_load_from_data (parser,
    "{\"message\":\"Which angle?\",\"requestedSchema\":{\"type\":\"object\","
    "\"properties\":{\"angle\":{\"type\":\"string\"}}}}", -1, NULL);
  params = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  json_object_set_string_member (related, "taskId", task->id);
  json_object_set_object_member (meta, "io.modelcontextprotocol/related-task", related);
  json_object_set_object_member (params, "_meta", meta);

  g_free (tasks->ask_id);
  tasks->ask_id = g_strdup_printf ("srv-%" G_GUINT64_FORMAT, before);
  tasks->asking = task;
  fake_mcp_core_request (tasks->core, "elicitation/create", params);
}

static void
finish_work (FakeMcpTasks *tasks,
             FakeTask     *task)
{
  if (g_str_equal (task->path, "fail"))
    {
      task->result = fake_mcp_core_text_result ("research failed", TRUE);
      set_status (tasks, task, "failed", "the sources disagreed");
    }
  else if (g_str_equal (task->path, "server-cancel"))
    set_status (tasks, task, "cancelled", "the server gave up");
  else
    {
      g_autofree char *text = g_strdup_printf ("research done: %s%s%s", task->topic,
                                               task->answer != NULL ? ", angle " : "",
                                               task->answer != NULL ? task->answer : "");

      task->result = fake_mcp_core_text_result (text, FALSE);
      set_status (tasks, task, "completed", "done");
    }
}

static gboolean
step_cb (gpointer user_data)
{
  FakeTask *task = user_data;
  FakeMcpTasks *tasks = task->tasks;
  g_autofree char *message = NULL;

  if (g_str_equal (task->path, "hang"))
    return G_SOURCE_CONTINUE;

  task->step++;
  if (g_str_equal (task->path, "input") && task->answer == NULL && task->step == task->steps)
    {
      task->source_id = 0;
      set_status (tasks, task, "input_required", "which angle?");
      ask_as_request (tasks, task);
      return G_SOURCE_REMOVE;
    }

  if (task->step <= task->steps)
    {
      message = g_strdup_printf ("step %u of %u", task->step, task->steps);
      set_status (tasks, task, "working", message);
      return G_SOURCE_CONTINUE;
    }

  task->source_id = 0;
  finish_work (tasks, task);

  return G_SOURCE_REMOVE;
}

static void
start_steps (FakeTask *task)
{
  g_clear_handle_id (&task->source_id, g_source_remove);
  task->source_id = g_timeout_add (task->step_ms, step_cb, task);
}

static gboolean
declared_tasks (JsonObject *params)
{
  JsonObject *meta, *caps, *extensions;

  if (params == NULL || !json_object_has_member (params, "_meta"))
    return FALSE;
  meta = json_object_get_object_member (params, "_meta");
  if (meta == NULL || !json_object_has_member (meta, "io.modelcontextprotocol/clientCapabilities"))
    return FALSE;
  caps = json_object_get_object_member (meta, "io.modelcontextprotocol/clientCapabilities");
  if (caps == NULL || !json_object_has_member (caps, "extensions"))
    return FALSE;
  extensions = json_object_get_object_member (caps, "extensions");

  return extensions != NULL && json_object_has_member (extensions, "io.modelcontextprotocol/tasks");
}

static void
handle_call (FakeMcpTasks *tasks,
             JsonNode     *id,
             const char   *name,
             JsonObject   *params)
{
  JsonObject *args = NULL;
  gboolean as_task;
  FakeTask *task;
  JsonObject *reply;

  if (json_object_has_member (params, "arguments") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "arguments")))
    args = json_object_get_object_member (params, "arguments");

  if (modern (tasks))
    as_task = declared_tasks (params);
  else
    as_task = json_object_has_member (params, "task");

  if (!as_task)
    {
      if (g_str_equal (name, "quick"))
        fake_mcp_core_reply (tasks->core, id, fake_mcp_core_text_result ("quick, without a task", FALSE));
      else if (modern (tasks))
        fake_mcp_core_reply_error (tasks->core, id, -32021, "Tool research requires the tasks extension", NULL);
      else
        fake_mcp_core_reply_error (tasks->core, id, -32601, "Tool research requires task augmentation", NULL);
      return;
    }

  task = g_new0 (FakeTask, 1);
  task->tasks = tasks;
  task->id = g_strdup_printf ("task-%u", ++tasks->next_id);
  task->waiting = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  task->path = g_strdup (args != NULL ? json_object_get_string_member_with_default (args, "path", "complete") : "complete");
  task->topic = g_strdup (args != NULL ? json_object_get_string_member_with_default (args, "topic", name) : name);
  task->steps = (guint)CLAMP (args != NULL ? json_object_get_int_member_with_default (args, "steps", 2) : 2, 1, 100);
  task->step_ms = (guint)CLAMP (args != NULL ? json_object_get_int_member_with_default (args, "stepMs", 30) : 30, 1, 10000);
  task->poll_interval = args != NULL ? json_object_get_int_member_with_default (args, "pollInterval", 20) : 20;
  task->notify = args != NULL && json_object_get_boolean_member_with_default (args, "notify", FALSE);
  task->status = g_strdup ("working");
  task->message = g_strdup ("starting");
  if (g_str_equal (name, "quick"))
    {
      g_free (task->path);
      task->path = g_strdup ("complete");
      task->steps = 1;
    }
  g_hash_table_insert (tasks->tasks, task->id, task);

  if (modern (tasks))
    {
      reply = task_object (tasks, task, FALSE);
      json_object_set_string_member (reply, "resultType", "task");
    }
  else
    {
      reply = json_object_new ();
      json_object_set_object_member (reply, "task", task_object (tasks, task, FALSE));
    }
  fake_mcp_core_reply (tasks->core, id, reply);

  start_steps (task);
}

static FakeTask *
lookup (FakeMcpTasks *tasks,
        JsonNode     *id,
        JsonObject   *params)
{
  const char *task_id = params != NULL ? json_object_get_string_member_with_default (params, "taskId", NULL) : NULL;
  FakeTask *task = task_id != NULL ? g_hash_table_lookup (tasks->tasks, task_id) : NULL;

  if (task == NULL)
    fake_mcp_core_reply_error (tasks->core, id, -32602, "Unknown task", NULL);

  return task;
}

/**
 * fake_mcp_tasks_handle:
 *
 * Returns: TRUE when @method was a task's to handle
 */
gboolean
fake_mcp_tasks_handle (FakeMcpTasks *tasks,
                       const char   *method,
                       JsonNode     *id,
                       JsonObject   *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", "") : "";
  FakeTask *task;

  if (g_str_equal (method, "tools/call"))
    {
      if (!g_strv_contains (FAKE_MCP_TASK_TOOL_NAMES, name))
        return FALSE;
      handle_call (tasks, id, name, params);
      return TRUE;
    }

  if (!g_str_has_prefix (method, "tasks/"))
    return FALSE;

  if (g_str_equal (method, "tasks/get"))
    {
      if ((task = lookup (tasks, id, params)) != NULL)
        fake_mcp_core_reply (tasks->core, id, task_object (tasks, task, TRUE));
    }
  else if (g_str_equal (method, "tasks/result") && !modern (tasks))
    {
      if ((task = lookup (tasks, id, params)) == NULL)
        return TRUE;
      if (terminal (task))
        answer_result (tasks, task, id);
      else
        {
          g_ptr_array_add (task->waiting, json_node_copy (id));
          if (g_str_equal (task->status, "input_required"))
            ask_as_request (tasks, task);
        }
    }
  else if (g_str_equal (method, "tasks/update") && modern (tasks))
    {
      JsonObject *responses, *angle, *content;

      if ((task = lookup (tasks, id, params)) == NULL)
        return TRUE;
      responses = json_object_get_object_member (params, "inputResponses");
      angle = responses != NULL && json_object_has_member (responses, "angle")
                ? json_object_get_object_member (responses, "angle") : NULL;
      content = angle != NULL && json_object_has_member (angle, "content")
                  ? json_object_get_object_member (angle, "content") : NULL;
      g_free (task->answer);
      task->answer = g_strdup (content != NULL ? json_object_get_string_member_with_default (content, "angle", "?")
                                               : "declined");
      fake_mcp_core_reply (tasks->core, id, json_object_new ());
      set_status (tasks, task, "working", "answered");
      task->step = 0;
      start_steps (task);
    }
  else if (g_str_equal (method, "tasks/cancel"))
    {
      if ((task = lookup (tasks, id, params)) == NULL)
        return TRUE;
      if (terminal (task))
        {
          fake_mcp_core_reply_error (tasks->core, id, -32602, "Cannot cancel a task that is over", NULL);
          return TRUE;
        }
      set_status (tasks, task, "cancelled", "cancelled by the client");
      fake_mcp_core_reply (tasks->core, id, task_object (tasks, task, FALSE));
    }
  else
    return FALSE;

  return TRUE;
}

/**
 * fake_mcp_tasks_take_answer:
 *
 * Returns: TRUE when @object answered our elicitation
 */
gboolean
fake_mcp_tasks_take_answer (FakeMcpTasks *tasks,
                            const char   *id,
                            JsonObject   *object)
{
  FakeTask *task = tasks->asking;
  JsonObject *result, *content;

  if (tasks->ask_id == NULL || g_strcmp0 (id, tasks->ask_id) != 0)
    return FALSE;

  g_clear_pointer (&tasks->ask_id, g_free);
  tasks->asking = NULL;
  if (task == NULL || terminal (task))
    return TRUE;

  result = json_object_has_member (object, "result") ? json_object_get_object_member (object, "result") : NULL;
  content = result != NULL && json_object_has_member (result, "content")
              ? json_object_get_object_member (result, "content") : NULL;
  g_free (task->answer);
  task->answer = g_strdup (content != NULL ? json_object_get_string_member_with_default (content, "angle", "?")
                                           : "declined");
  set_status (task->tasks, task, "working", "answered");
  task->step = 0;
  start_steps (task);

  return TRUE;
}
