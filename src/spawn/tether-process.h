/* tether-process.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TETHER_TYPE_PROCESS (tether_process_get_type ())

G_DECLARE_DERIVABLE_TYPE (TetherProcess, tether_process, TETHER, PROCESS, GObject)

/**
 * TetherProcessClass:
 * @spawn_async: start the process described by the properties, with three
 *   pipes, in a process group of its own that dies with us. A command that
 *   cannot be resolved fails with %TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND, one
 *   that may not run there with %TETHER_SPAWN_ERROR_PERMISSION_DENIED, any
 *   other failure with %TETHER_SPAWN_ERROR_FAILED.
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
 *   system (tether_process_resolve_command()).
 * @find_program_finish: finish @find_program_async: the absolute path
 *
 * A way of running a server's command. #TetherNativeProcess forks it here;
 * #TetherHostProcess runs it on the host from inside the Flatpak sandbox. The
 * stdio transport sees only the pipes, the signals and the exit.
 */
struct _TetherProcessClass
{
  GObjectClass parent_class;

  void           (*spawn_async)         (TetherProcess        *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  gboolean       (*spawn_finish)        (TetherProcess        *self,
                                         GAsyncResult         *result,
                                         GError              **error);
  GOutputStream *(*get_stdin_pipe)      (TetherProcess        *self);
  GInputStream  *(*get_stdout_pipe)     (TetherProcess        *self);
  GInputStream  *(*get_stderr_pipe)     (TetherProcess        *self);
  void           (*send_signal)         (TetherProcess        *self,
                                         int                   signum);
  void           (*wait_async)          (TetherProcess        *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  gboolean       (*wait_finish)         (TetherProcess        *self,
                                         GAsyncResult         *result,
                                         int                  *exit_status,
                                         int                  *term_signal,
                                         GError              **error);
  const char    *(*get_identifier)      (TetherProcess        *self);
  void           (*find_program_async)  (TetherProcess        *self,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
  char          *(*find_program_finish) (TetherProcess        *self,
                                         GAsyncResult         *result,
                                         GError              **error);

  /*< private >*/
  gpointer _reserved[6];
};

const char * const  *tether_process_get_argv                   (TetherProcess        *self);
void                 tether_process_set_argv                   (TetherProcess        *self,
                                                                const char * const   *argv);
const char          *tether_process_get_cwd                    (TetherProcess        *self);
void                 tether_process_set_cwd                    (TetherProcess        *self,
                                                                const char           *cwd);
const char * const  *tether_process_get_environment            (TetherProcess        *self);
void                 tether_process_set_environment            (TetherProcess        *self,
                                                                const char * const   *environment);
const char          *tether_process_get_search_path            (TetherProcess        *self);
void                 tether_process_set_search_path            (TetherProcess        *self,
                                                                const char           *search_path);
const char * const  *tether_process_get_base_environment       (TetherProcess        *self);
void                 tether_process_set_base_environment       (TetherProcess        *self,
                                                                const char * const   *environment);
gboolean             tether_process_get_inherit_environment    (TetherProcess        *self);
void                 tether_process_set_inherit_environment    (TetherProcess        *self,
                                                                gboolean              inherit);
char               **tether_process_build_environment          (TetherProcess        *self);
char                *tether_process_resolve_command            (TetherProcess        *self,
                                                                GError              **error);
void                 tether_process_spawn_async                (TetherProcess        *self,
                                                                GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
gboolean             tether_process_spawn_finish               (TetherProcess        *self,
                                                                GAsyncResult         *result,
                                                                GError              **error);
GOutputStream       *tether_process_get_stdin_pipe             (TetherProcess        *self);
GInputStream        *tether_process_get_stdout_pipe            (TetherProcess        *self);
GInputStream        *tether_process_get_stderr_pipe            (TetherProcess        *self);
void                 tether_process_send_signal                (TetherProcess        *self,
                                                                int                   signum);
void                 tether_process_wait_async                 (TetherProcess        *self,
                                                                GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
gboolean             tether_process_wait_finish                (TetherProcess        *self,
                                                                GAsyncResult         *result,
                                                                int                  *exit_status,
                                                                int                  *term_signal,
                                                                GError              **error);
const char          *tether_process_get_identifier             (TetherProcess        *self);
void                 tether_process_find_program_async         (TetherProcess        *self,
                                                                GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
char                *tether_process_find_program_finish        (TetherProcess        *self,
                                                                GAsyncResult         *result,
                                                                GError              **error);
char                *tether_process_describe_exit              (int                   exit_status,
                                                                int                   term_signal);
const char * const  *tether_process_get_environment_allow_list (void);

G_END_DECLS
