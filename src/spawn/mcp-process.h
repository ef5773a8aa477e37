/* mcp-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MCP_TYPE_PROCESS (mcp_process_get_type ())

G_DECLARE_DERIVABLE_TYPE (McpProcess, mcp_process, MCP, PROCESS, GObject)

/**
 * McpProcessClass:
 * @spawn_async: start the process described by the properties, with three
 *   pipes, in a process group of its own that dies with us. A command that
 *   cannot be resolved fails with %MCP_ERROR_COMMAND_NOT_FOUND, any other
 *   failure with %MCP_ERROR_SPAWN_FAILED.
 * @spawn_finish: finish @spawn_async
 * @get_stdin_pipe: the process's standard input, once spawned
 * @get_stdout_pipe: its standard output, once spawned
 * @get_stderr_pipe: its standard error, once spawned
 * @send_signal: send @signum to the whole process group. Harmless once the
 *   group is gone.
 * @wait_async: complete when the process has exited and been reaped
 * @wait_finish: finish @wait_async: the exit status (or -1) and the
 *   terminating signal (or 0)
 * @get_identifier: a short id for logs, e.g. the pid
 * @find_program_async: find the program `argv[0]` names where the process
 *   would run, without running it. The default looks in this process's file
 *   system (mcp_process_resolve_command()).
 * @find_program_finish: finish @find_program_async: the absolute path
 *
 * A way of running a server's command. #McpNativeProcess forks it here;
 * #McpHostProcess runs it on the host from inside the Flatpak sandbox. The
 * stdio transport sees only the pipes, the signals and the exit.
 */
struct _McpProcessClass
{
  GObjectClass parent_class;

  void           (*spawn_async)         (McpProcess           *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  gboolean       (*spawn_finish)        (McpProcess           *self,
                                         GAsyncResult         *result,
                                         GError              **error);
  GOutputStream *(*get_stdin_pipe)      (McpProcess           *self);
  GInputStream  *(*get_stdout_pipe)     (McpProcess           *self);
  GInputStream  *(*get_stderr_pipe)     (McpProcess           *self);
  void           (*send_signal)         (McpProcess           *self,
                                         int                   signum);
  void           (*wait_async)          (McpProcess           *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  gboolean       (*wait_finish)         (McpProcess           *self,
                                         GAsyncResult         *result,
                                         int                  *exit_status,
                                         int                  *term_signal,
                                         GError              **error);
  const char    *(*get_identifier)      (McpProcess           *self);
  void           (*find_program_async)  (McpProcess           *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  char          *(*find_program_finish) (McpProcess           *self,
                                         GAsyncResult         *result,
                                         GError              **error);

  /*< private >*/
  gpointer _reserved[6];
};

McpProcess          *mcp_process_new                        (const char * const   *argv);
const char * const  *mcp_process_get_argv                   (McpProcess           *self);
void                 mcp_process_set_argv                   (McpProcess           *self,
                                                             const char * const   *argv);
const char          *mcp_process_get_cwd                    (McpProcess           *self);
void                 mcp_process_set_cwd                    (McpProcess           *self,
                                                             const char           *cwd);
const char * const  *mcp_process_get_environment            (McpProcess           *self);
void                 mcp_process_set_environment            (McpProcess           *self,
                                                             const char * const   *environment);
const char          *mcp_process_get_search_path            (McpProcess           *self);
void                 mcp_process_set_search_path            (McpProcess           *self,
                                                             const char           *search_path);
const char * const  *mcp_process_get_base_environment       (McpProcess           *self);
void                 mcp_process_set_base_environment       (McpProcess           *self,
                                                             const char * const   *environment);
gboolean             mcp_process_get_inherit_environment    (McpProcess           *self);
void                 mcp_process_set_inherit_environment    (McpProcess           *self,
                                                             gboolean              inherit);
char               **mcp_process_build_environment          (McpProcess           *self);
char                *mcp_process_resolve_command            (McpProcess           *self,
                                                             GError              **error);
void                 mcp_process_spawn_async                (McpProcess           *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
gboolean             mcp_process_spawn_finish               (McpProcess           *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);
GOutputStream       *mcp_process_get_stdin_pipe             (McpProcess           *self);
GInputStream        *mcp_process_get_stdout_pipe            (McpProcess           *self);
GInputStream        *mcp_process_get_stderr_pipe            (McpProcess           *self);
void                 mcp_process_send_signal                (McpProcess           *self,
                                                             int                   signum);
void                 mcp_process_wait_async                 (McpProcess           *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
gboolean             mcp_process_wait_finish                (McpProcess           *self,
                                                             GAsyncResult         *result,
                                                             int                  *exit_status,
                                                             int                  *term_signal,
                                                             GError              **error);
const char          *mcp_process_get_identifier             (McpProcess           *self);
void                 mcp_process_find_program_async         (McpProcess           *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
char                *mcp_process_find_program_finish        (McpProcess           *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);
char                *mcp_process_describe_exit              (int                   exit_status,
                                                             int                   term_signal);
const char * const  *mcp_process_get_environment_allow_list (void);

G_END_DECLS
