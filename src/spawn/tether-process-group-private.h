/* tether-process-group-private.h — proving that a process group is a server's
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
#define TETHER_GROUP_TOKEN_VARIABLE "TETHER_GROUP_TOKEN"

/* A token is 16 random bytes in lowercase hex; the ledger keeps its SHA-256. */
#define TETHER_GROUP_TOKEN_LENGTH  32
#define TETHER_GROUP_DIGEST_LENGTH 64

typedef enum
{
  TETHER_GROUP_EMPTY,      /* no live member: nothing to signal */
  TETHER_GROUP_OURS,       /* every live member carries the token */
  TETHER_GROUP_NOT_OURS,   /* not a group we may signal, or a member without the token */
} TetherGroupProof;

typedef struct
{
  char    state;
  pid_t   pgrp;
  guint64 start;   /* clock ticks after boot */
} TetherProcStat;

typedef int (*TetherKillFunc) (pid_t pid,
                               int   signum);

gboolean           _tether_parse_decimal                (const char      *text,
                                                         gsize            length,
                                                         guint64          max,
                                                         guint64         *value);
gboolean           _tether_parse_pid                    (const char      *text,
                                                         pid_t           *pid);
gboolean           _tether_process_group_is_signallable (pid_t            pgid);
gboolean           _tether_proc_read_stat               (pid_t            pid,
                                                         TetherProcStat  *stat);
char              *_tether_process_group_new_token      (void);
char              *_tether_process_group_digest         (const char      *token);
gboolean           _tether_process_group_is_digest      (const char      *text);
char             **_tether_process_group_add_token      (char           **environment,
                                                         const char      *token);
TetherGroupProof   _tether_process_group_prove          (pid_t            pgid,
                                                         const char      *digest,
                                                         guint           *n_members,
                                                         pid_t           *stranger);
TetherGroupProof   _tether_process_group_signal_if_ours (pid_t            pgid,
                                                         const char      *digest,
                                                         int              signum,
                                                         guint           *n_members);
int                _tether_process_group_kill           (pid_t            pgid,
                                                         int              signum);
void               _tether_process_group_set_kill_func  (TetherKillFunc   func);

G_END_DECLS
