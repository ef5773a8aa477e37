/* mcp-task.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "mcp-client.h"

G_BEGIN_DECLS

/**
 * McpTaskStatus:
 * @MCP_TASK_STATUS_NONE: the task is not created yet
 * @MCP_TASK_STATUS_WORKING: the server works on it
 * @MCP_TASK_STATUS_INPUT_REQUIRED: it waits for an answer of the person
 * @MCP_TASK_STATUS_COMPLETED: it finished; #McpTask:result holds the result
 * @MCP_TASK_STATUS_FAILED: it failed
 * @MCP_TASK_STATUS_CANCELLED: it was cancelled
 *
 * Where a task is.
 */
typedef enum
{
  MCP_TASK_STATUS_NONE,
  MCP_TASK_STATUS_WORKING,
  MCP_TASK_STATUS_INPUT_REQUIRED,
  MCP_TASK_STATUS_COMPLETED,
  MCP_TASK_STATUS_FAILED,
  MCP_TASK_STATUS_CANCELLED,
} McpTaskStatus;

#define MCP_TYPE_TASK_STATUS (mcp_task_status_get_type ())
#define MCP_TYPE_TASK        (mcp_task_get_type ())

/* How often a task is polled, whatever the server suggests. */
#define MCP_TASK_MIN_POLL_INTERVAL_MS     50
#define MCP_TASK_MAX_POLL_INTERVAL_MS     30000
#define MCP_TASK_DEFAULT_POLL_INTERVAL_MS 1000

G_DECLARE_FINAL_TYPE (McpTask, mcp_task, MCP, TASK, GObject)

GType          mcp_task_status_get_type      (void) G_GNUC_CONST;
const char    *mcp_task_status_to_string     (McpTaskStatus             status);
McpTaskStatus  mcp_task_status_from_string   (const char               *status);
gboolean       mcp_task_status_is_terminal   (McpTaskStatus             status);

McpTask       *mcp_task_new                  (void);
const char    *mcp_task_get_id               (McpTask                  *self);
McpTaskStatus  mcp_task_get_status           (McpTask                  *self);
const char    *mcp_task_get_status_message   (McpTask                  *self);
JsonNode      *mcp_task_get_result           (McpTask                  *self);

void           mcp_task_run_async            (McpTask                  *self,
                                              McpClient                *client,
                                              const char               *tool,
                                              JsonObject               *arguments,
                                              const McpRequestOptions  *options,
                                              GCancellable             *cancellable,
                                              GAsyncReadyCallback       callback,
                                              gpointer                  user_data);
JsonNode      *mcp_task_run_finish           (McpTask                  *self,
                                              GAsyncResult             *result,
                                              GError                  **error);
void           mcp_task_cancel               (McpTask                  *self);

G_END_DECLS
