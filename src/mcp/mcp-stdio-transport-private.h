/* mcp-stdio-transport-private.h — what the files of McpStdioTransport share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-stdio-transport.h"

G_BEGIN_DECLS

typedef struct _LineReader LineReader;

/* One message to deliver: a task (send_async) or a plain callback
 * (send_message). */
typedef struct
{
  GTask                *task;
  McpTransportSendFunc  callback;
  gpointer              user_data;
  gsize                 length;
} WriteOp;

struct _McpStdioTransport
{
  McpTransport    parent_instance;

  TetherProcess  *process;
  guint           terminate_grace_ms;
  guint           kill_grace_ms;

  GCancellable   *cancellable;
  GOutputStream  *stdin_pipe;
  int             stdin_fd;     /* -1 unless stdin_pipe is a plain fd */
  LineReader     *out_reader;
  LineReader     *err_reader;
  GQueue          stderr_tail;

  GByteArray     *queued;       /* bytes of the messages in write_queue */
  GString        *scratch;      /* one message being serialised */
  GQueue          write_queue;  /* WriteOp, waiting */
  GByteArray     *writing;      /* bytes of the write in flight */
  GArray         *in_flight;    /* WriteOp, in the write in flight */
  gsize           write_offset; /* of it, written before waiting */
  guint           batching;     /* inside a read batch: hold writes */

  GPtrArray      *close_tasks;
  GError         *reason;       /* why it ended, when not asked to */

  guint           grace_id;
  guint           drain_id;

  int             exit_status;
  int             term_signal;

  guint           opened : 1;
  guint           stopping : 1;       /* shutdown sequence started */
  guint           close_requested : 1;
  guint           stdin_closed : 1;
  guint           exited : 1;
  guint           finished : 1;
  guint           killed_by_us : 1;
  guint           reason_is_write_failure : 1;
  guint           opening : 1;
  guint           stdout_closed_first : 1;
  guint           refusing : 1;       /* over the write bound: said so once */
};

/* mcp-stdio-transport.c */
void _mcp_stdio_transport_set_reason         (McpStdioTransport *self,
                                              GError            *error);
void _mcp_stdio_transport_begin_shutdown     (McpStdioTransport *self);

/* mcp-stdio-transport-write.c */
void _mcp_stdio_transport_queue_message      (McpStdioTransport *self,
                                              JsonNode          *message,
                                              WriteOp           *op);
void _mcp_stdio_transport_flush_batch        (McpStdioTransport *self);
void _mcp_stdio_transport_fail_queued_writes (McpStdioTransport *self);
void _mcp_stdio_transport_close_stdin        (McpStdioTransport *self);

G_END_DECLS
