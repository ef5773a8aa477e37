/* stdio-harness.h — McpClient over McpStdioTransport against the fake
 * server, shared by the test-mcp-stdio files
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-stdio-transport.h"
#include "tether-process.h"

G_BEGIN_DECLS

#define GRACE_MS 300

/* The backend under test: TetherHostProcess when TRUE */
extern gboolean on_host;

/* Every log message, while a test wants them */
extern GPtrArray *captured;

typedef struct
{
  TetherProcess   *process;
  McpTransport *transport;
  McpClient    *client;
  GPtrArray    *events;
  GPtrArray    *stderr_lines;
  GError       *closed_error;
  guint         n_closed;
  guint         n_tools_changed;
  guint         fds_before;
  gint64        started;
  pid_t         pgid;
} Harness;

TetherProcess *new_process                (const char * const *argv);
pid_t          process_pid                (TetherProcess *process);
void           on_event                   (McpClient  *client,
                                           const char *text,
                                           Harness    *h);
void           on_stderr                  (McpClient  *client,
                                           const char *line,
                                           Harness    *h);
void           on_closed                  (McpClient    *client,
                                           const GError *error,
                                           Harness      *h);
void           on_tools_changed           (McpClient *client,
                                           Harness   *h);
gboolean       contains                   (GPtrArray  *lines,
                                           const char *needle);
Harness       *harness_new                (const char *first_arg,
                                           ...);
gboolean       harness_connect            (Harness  *h,
                                           GError  **error);
void           harness_close              (Harness *h);
void           harness_finish             (Harness *h,
                                           guint    max_ms);
JsonNode      *call_tool                  (Harness                 *h,
                                           const char              *name,
                                           const char              *args_json,
                                           const McpRequestOptions *options,
                                           GError                 **error);
const char    *first_text                 (JsonNode *result);
gboolean       ping                       (Harness  *h,
                                           GError  **error);
gboolean       is_closed                  (gpointer data);
void           wait_closed                (Harness *h);
GArray        *grandchild_pids            (Harness *h);
gboolean       has_grandchildren          (gpointer data);
void           wait_for_grandchildren     (Harness *h);
void           stdio_test_add_framing     (void);
void           stdio_test_add_environment (void);
void           stdio_test_add_owner       (void);

G_END_DECLS
