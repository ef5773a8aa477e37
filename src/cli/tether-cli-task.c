/* tether-cli-task.c — tether-cli call, run as a task
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `call --task` runs the tool as a task (McpTask): each change of its
 * status goes to stderr as it happens (working, input required,
 * completed…), the result to stdout as for any call. An interrupt cancels
 * the task on the server (tasks/cancel) before tether-cli exits.
 *
 * `call` without --task of a tool that runs only as a task runs it as one
 * anyway, saying so on stderr: the person asked for the tool to run, and
 * there is one way to run it; refusing would only make them type the
 * command again with --task. A tool that merely allows tasks is called
 * plainly unless --task is given.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "mcp-task.h"
#include "tether-cli-output.h"
#include "tether-cli-task.h"
#include "tether-server.h"

typedef struct
{
  TetherCliRun          *run;
  JsonObject            *arguments;
  McpRequestOptions      options;
  TetherCliCallFinished  finished;
  McpTask               *task;
  McpTaskStatus          shown_status;
  char                  *shown_message;
} CallOp;

static void
call_op_free (CallOp *op)
{
  g_clear_pointer (&op->arguments, json_object_unref);
  if (op->task != NULL)
    g_signal_handlers_disconnect_by_data (op->task, op);
  g_clear_object (&op->task);
  g_free (op->shown_message);
  g_free (op);
}

static const char *
status_label (McpTaskStatus status)
{
  switch (status)
    {
    case MCP_TASK_STATUS_WORKING: return _("working…");
    case MCP_TASK_STATUS_INPUT_REQUIRED: return _("input required");
    case MCP_TASK_STATUS_COMPLETED: return _("completed");
    case MCP_TASK_STATUS_FAILED: return _("failed");
    case MCP_TASK_STATUS_CANCELLED: return _("cancelled");
    case MCP_TASK_STATUS_NONE:
    default: return _("not created");
    }
}

/* One line on stderr for each change of status or of the server's note. */
static void
task_changed_cb (McpTask    *task,
                 GParamSpec *pspec,
                 CallOp     *op)
{
  McpTaskStatus status = mcp_task_get_status (task);
  const char *message = mcp_task_get_status_message (task);
  gboolean new_message = g_strcmp0 (message, op->shown_message) != 0;
  g_autofree char *shown = NULL;
  g_autofree char *id = NULL;

  if (status == MCP_TASK_STATUS_NONE || op->run->json || (status == op->shown_status && !new_message))
    return;

  op->shown_status = status;
  g_free (op->shown_message);
  op->shown_message = g_strdup (message);

  /* The server's note, when it says something new. */
  shown = message != NULL && new_message ? tether_cli_escape (message) : NULL;
  id = tether_cli_escape (mcp_task_get_id (task));
  /* Translators: the first %s is the id of a task, the second its status
   * (working…, input required, completed…) */
  fprintf (stderr, _("tether-cli: task %s: %s"), id, status_label (status));
  if (shown != NULL && *shown != '\0')
    fprintf (stderr, " — %s", shown);
  fputc ('\n', stderr);
  fflush (stderr);
}

static void
task_done (CallOp   *op,
           JsonNode *reply,
           GError   *error)
{
  TetherCliRun *run = op->run;
  TetherCliCallFinished finished = op->finished;

  call_op_free (op);
  finished (run, reply, error);
}

static void
server_task_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = tether_server_call_tool_finish (TETHER_SERVER (object), result, &error);

  task_done (user_data, reply, error);
}

static void
client_task_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = mcp_task_run_finish (MCP_TASK (object), result, &error);

  task_done (user_data, reply, error);
}

static void
plain_call_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;

  if (TETHER_IS_SERVER (object))
    reply = tether_server_call_tool_finish (TETHER_SERVER (object), result, &error);
  else
    reply = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);

  task_done (user_data, reply, error);
}

static void
run_task (CallOp *op)
{
  TetherCliRun *run = op->run;
  TetherServer *server = tether_cli_target_get_server (run->target);

  op->task = mcp_task_new ();
  g_signal_connect (op->task, "notify::status", G_CALLBACK (task_changed_cb), op);
  g_signal_connect (op->task, "notify::status-message", G_CALLBACK (task_changed_cb), op);

  /* An interrupt ends the task on the server first; the command closes
   * the connection when that is done. */
  run->finishes_on_interrupt = TRUE;

  if (server != NULL)
    tether_server_call_tool_task_async (server, run->args[0], op->arguments, NULL, op->task,
                                        run->cancellable, server_task_cb, op);
  else
    mcp_task_run_async (op->task, run->client, run->args[0], op->arguments, &op->options,
                        run->cancellable, client_task_cb, op);
}

static void
run_plain (CallOp *op)
{
  TetherCliRun *run = op->run;
  TetherServer *server = tether_cli_target_get_server (run->target);

  /* A configured server applies the connection rules of src/README.md,
   * rule 4: a call that reached the server is never sent again. */
  if (server != NULL)
    tether_server_call_tool_async (server, run->args[0], op->arguments, op->options.progress_callback,
                                   op->options.progress_data, run->cancellable, plain_call_cb, op);
  else
    mcp_client_call_tool_async (run->client, run->args[0], op->arguments, &op->options,
                                run->cancellable, plain_call_cb, op);
}

static void
decide (CallOp         *op,
        McpTaskSupport  support)
{
  if (support == MCP_TASK_SUPPORT_REQUIRED)
    {
      g_autofree char *name = tether_cli_escape (op->run->args[0]);

      /* Translators: %s is the name of a tool */
      tether_cli_print_error (_("%s runs only as a task: running it as one (as with --task)"), name);
      run_task (op);
    }
  else
    run_plain (op);
}

static void
tools_listed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  CallOp *op = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);
  McpTaskSupport support = MCP_TASK_SUPPORT_FORBIDDEN;

  if (tools == NULL)
    {
      task_done (op, NULL, error);
      return;
    }

  for (guint i = 0; i < tools->len; i++)
    if (g_strcmp0 (mcp_item_get_name (g_ptr_array_index (tools, i)), op->run->args[0]) == 0)
      support = mcp_tool_get_task_support (g_ptr_array_index (tools, i));

  decide (op, support);
}

/**
 * tether_cli_call_tool:
 * @run: the run of `call`
 * @arguments: (nullable): the tool's arguments
 * @as_task: --task was given
 * @options: the call's options (progress, timeouts)
 * @finished: called with the result
 *
 * Calls the tool named by the run's first argument: as a task when asked,
 * or when the tool runs only as a task.
 */
void
tether_cli_call_tool (TetherCliRun          *run,
                      JsonObject            *arguments,
                      gboolean               as_task,
                      McpRequestOptions     *options,
                      TetherCliCallFinished  finished)
{
  TetherServer *server = tether_cli_target_get_server (run->target);
  CallOp *op = g_new0 (CallOp, 1);

  op->run = run;
  op->arguments = arguments != NULL ? json_object_ref (arguments) : NULL;
  op->options = *options;
  op->finished = finished;

  if (as_task)
    run_task (op);
  else if (server != NULL)
    decide (op, tether_server_get_tool_task_support (server, run->args[0]));
  else if (mcp_client_has_capability (run->client, "tasks") ||
           mcp_client_has_capability (run->client, "extensions"))
    /* Only a server that has tasks can require one: its list says which. */
    mcp_client_list_tools_async (run->client, options, run->cancellable, tools_listed_cb, op);
  else
    run_plain (op);
}
