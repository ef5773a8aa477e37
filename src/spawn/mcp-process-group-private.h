/* mcp-process-group-private.h — proving that a process group is a server's
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/types.h>

#include <glib.h>

G_BEGIN_DECLS

/* The variable every server (and all it starts) carries its group's token in */
#define MCP_GROUP_TOKEN_VARIABLE "TETHER_GROUP_TOKEN"

/* A token is 16 random bytes in lowercase hex; the ledger keeps its SHA-256. */
#define MCP_GROUP_TOKEN_LENGTH  32
#define MCP_GROUP_DIGEST_LENGTH 64

typedef enum
{
  MCP_GROUP_EMPTY,      /* no live member: nothing to signal */
  MCP_GROUP_OURS,       /* every live member carries the token */
  MCP_GROUP_NOT_OURS,   /* not a group we may signal, or a member without the token */
} McpGroupProof;

typedef struct
{
  char    state;
  pid_t   pgrp;
  guint64 start;   /* clock ticks after boot */
} McpProcStat;

typedef int (*McpKillFunc) (pid_t pid,
                            int   signum);

gboolean       _mcp_parse_decimal                 (const char   *text,
                                                   gsize         length,
                                                   guint64       max,
                                                   guint64      *value);
gboolean       _mcp_parse_pid                     (const char   *text,
                                                   pid_t        *pid);
gboolean       _mcp_process_group_is_signallable  (pid_t         pgid);
gboolean       _mcp_proc_read_stat                (pid_t         pid,
                                                   McpProcStat  *stat);
char          *_mcp_process_group_new_token       (void);
char          *_mcp_process_group_digest          (const char   *token);
gboolean       _mcp_process_group_is_digest       (const char   *text);
char         **_mcp_process_group_add_token       (char        **environment,
                                                   const char   *token);
McpGroupProof  _mcp_process_group_prove           (pid_t         pgid,
                                                   const char   *digest,
                                                   guint        *n_members,
                                                   pid_t        *stranger);
McpGroupProof  _mcp_process_group_signal_if_ours  (pid_t         pgid,
                                                   const char   *digest,
                                                   int           signum,
                                                   guint        *n_members);
int            _mcp_process_group_kill            (pid_t         pgid,
                                                   int           signum);
void           _mcp_process_group_set_kill_func   (McpKillFunc   func);

G_END_DECLS
