/* tether-native-process.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-native-process"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "tether-group-ledger.h"
#include "tether-native-process.h"
#include "tether-process-group-private.h"
#include "tether-spawn-error.h"

/* A server forked here with GSubprocess. It leads a session (hence a process
 * group) of its own, so a signal to the group reaches everything it started,
 * and it gets SIGKILL when the thread that forked it dies. That is why it
 * must be spawned from the main thread: PR_SET_PDEATHSIG fires when the
 * forking *thread* exits.
 *
 * It also gets a random token in its environment, which what it starts
 * inherits: once the leader has been reaped, its group is signalled only if
 * every member still carries the token (see tether-process-group.c). */

struct _TetherNativeProcess
{
  TetherProcess   parent_instance;

  GSubprocess *subprocess;
  GPid         pid;
  char        *identifier;
  char        *token_digest;   /* of the token in the group's environment */
  pid_t        parent_pid;
};

G_DEFINE_FINAL_TYPE (TetherNativeProcess, tether_native_process, TETHER_TYPE_PROCESS)

static void
child_setup (gpointer user_data)
{
  TetherNativeProcess *self = user_data;

  /* Only async-signal-safe calls here: we are between fork and exec. */
  setsid ();
  prctl (PR_SET_PDEATHSIG, SIGKILL);

  /* We may have died between fork and prctl. */
  if (getppid () != self->parent_pid)
    _exit (127);
}

static void
tether_native_process_spawn_async (TetherProcess       *process,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *program = NULL;
  g_autofree char *token = NULL;
  g_auto(GStrv) environment = NULL;
  g_autoptr(GPtrArray) argv = NULL;
  const char * const *configured;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_native_process_spawn_async);

  if (self->subprocess != NULL)
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               "%s", _("The process was already started"));
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  program = tether_process_resolve_command (process, &error);
  if (program == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  configured = tether_process_get_argv (process);
  argv = g_ptr_array_new ();
  g_ptr_array_add (argv, program);
  for (guint i = 1; configured[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)configured[i]);
  g_ptr_array_add (argv, NULL);

  environment = tether_process_build_environment (process);
  token = _tether_process_group_new_token ();
  if (token != NULL)
    {
      environment = _tether_process_group_add_token (environment, token);
      self->token_digest = _tether_process_group_digest (token);
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, environment);
  if (tether_process_get_cwd (process) != NULL)
    g_subprocess_launcher_set_cwd (launcher, tether_process_get_cwd (process));

  self->parent_pid = getpid ();
  g_subprocess_launcher_set_child_setup (launcher, child_setup, self, NULL);

  self->subprocess = g_subprocess_launcher_spawnv (launcher,
                                                   (const char * const *)argv->pdata,
                                                   &error);
  if (self->subprocess == NULL)
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               _("Could not start %s: %s"), configured[0], error->message);
      return;
    }

  /* GLib reaps children on its worker thread: one that died at once may be
   * gone already, and then has no identifier (and no group left to stop). */
  self->identifier = g_strdup (g_subprocess_get_identifier (self->subprocess));
  if (self->identifier == NULL || !_tether_parse_pid (self->identifier, &self->pid))
    self->pid = 0;

  g_debug ("started %s as pid %s", configured[0], self->identifier);
  tether_group_ledger_record (self->pid, self->token_digest);

  g_task_return_boolean (task, TRUE);
}

static gboolean
tether_native_process_spawn_finish (TetherProcess  *process,
                                    GAsyncResult   *result,
                                    GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, process), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static GOutputStream *
tether_native_process_get_stdin_pipe (TetherProcess *process)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);

  return self->subprocess != NULL ? g_subprocess_get_stdin_pipe (self->subprocess) : NULL;
}

static GInputStream *
tether_native_process_get_stdout_pipe (TetherProcess *process)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);

  return self->subprocess != NULL ? g_subprocess_get_stdout_pipe (self->subprocess) : NULL;
}

static GInputStream *
tether_native_process_get_stderr_pipe (TetherProcess *process)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);

  return self->subprocess != NULL ? g_subprocess_get_stderr_pipe (self->subprocess) : NULL;
}

static void
tether_native_process_send_signal (TetherProcess *process,
                                   int            signum)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);
  gboolean reaped;

  if (!_tether_process_group_is_signallable (self->pid) || self->subprocess == NULL)
    return;

  reaped = g_subprocess_get_identifier (self->subprocess) == NULL;

  if (!reaped)
    {
      /* Our child, not reaped yet (a zombie at worst), holds its pid and so
       * its group's number: the group is the one it leads. GLib may reap it
       * on its worker thread right after the check; the group's number still
       * cannot change hands while a member is left, and with none left it
       * could only if the kernel came round the whole pid range at once. */
      if (_tether_process_group_kill (self->pid, signum) != 0 && errno != ESRCH)
        g_debug ("kill (-%d, %d): %s", (int)self->pid, signum, g_strerror (errno));
      return;
    }

  /* The leader is gone: the number is ours to signal only if what is left
   * in the group still carries the token. */
  if (_tether_process_group_signal_if_ours (self->pid, self->token_digest, signum, NULL) == TETHER_GROUP_NOT_OURS)
    g_message ("Left process group %d alone: a process in it does not carry the token of the server "
               "that led it, so it may not be that server's", (int)self->pid);

  /* Its last SIGKILL sent, or not provably ours: either way crossed out. */
  if (signum == SIGKILL)
    tether_group_ledger_forget (self->pid);
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GSubprocess *subprocess = G_SUBPROCESS (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_subprocess_wait_finish (subprocess, result, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
tether_native_process_wait_async (TetherProcess       *process,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_native_process_wait_async);

  if (self->subprocess == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               "%s", _("The process was not started"));
      return;
    }

  g_subprocess_wait_async (self->subprocess, cancellable, wait_cb, g_steal_pointer (&task));
}

static gboolean
tether_native_process_wait_finish (TetherProcess  *process,
                                   GAsyncResult   *result,
                                   int            *exit_status,
                                   int            *term_signal,
                                   GError        **error)
{
  TetherNativeProcess *self = TETHER_NATIVE_PROCESS (process);

  g_return_val_if_fail (g_task_is_valid (result, process), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  if (g_subprocess_get_if_exited (self->subprocess))
    {
      *exit_status = g_subprocess_get_exit_status (self->subprocess);
      *term_signal = 0;
    }
  else if (g_subprocess_get_if_signaled (self->subprocess))
    {
      *exit_status = -1;
      *term_signal = g_subprocess_get_term_sig (self->subprocess);
    }

  return TRUE;
}

static const char *
tether_native_process_get_identifier (TetherProcess *process)
{
  return TETHER_NATIVE_PROCESS (process)->identifier;
}

static void
tether_native_process_dispose (GObject *object)
{
  TetherNativeProcess *self = (TetherNativeProcess *)object;

  /* Whoever owns us stops the process first; if not, nothing survives us. */
  if (self->subprocess != NULL && g_subprocess_get_identifier (self->subprocess) != NULL)
    tether_native_process_send_signal (TETHER_PROCESS (self), SIGKILL);
  tether_group_ledger_forget (self->pid);

  g_clear_object (&self->subprocess);

  G_OBJECT_CLASS (tether_native_process_parent_class)->dispose (object);
}

static void
tether_native_process_finalize (GObject *object)
{
  TetherNativeProcess *self = (TetherNativeProcess *)object;

  g_clear_pointer (&self->identifier, g_free);
  g_clear_pointer (&self->token_digest, g_free);

  G_OBJECT_CLASS (tether_native_process_parent_class)->finalize (object);
}

static void
tether_native_process_class_init (TetherNativeProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TetherProcessClass *process_class = TETHER_PROCESS_CLASS (klass);

  object_class->dispose = tether_native_process_dispose;
  object_class->finalize = tether_native_process_finalize;

  process_class->spawn_async = tether_native_process_spawn_async;
  process_class->spawn_finish = tether_native_process_spawn_finish;
  process_class->get_stdin_pipe = tether_native_process_get_stdin_pipe;
  process_class->get_stdout_pipe = tether_native_process_get_stdout_pipe;
  process_class->get_stderr_pipe = tether_native_process_get_stderr_pipe;
  process_class->send_signal = tether_native_process_send_signal;
  process_class->wait_async = tether_native_process_wait_async;
  process_class->wait_finish = tether_native_process_wait_finish;
  process_class->get_identifier = tether_native_process_get_identifier;
}

static void
tether_native_process_init (TetherNativeProcess *self)
{
}

/**
 * tether_native_process_new:
 * @argv: the command and its arguments
 *
 * Returns: (transfer full): a process forked from this one
 */
TetherProcess *
tether_native_process_new (const char * const *argv)
{
  return g_object_new (TETHER_TYPE_NATIVE_PROCESS, "argv", argv, NULL);
}

GPid
tether_native_process_get_pid (TetherNativeProcess *self)
{
  g_return_val_if_fail (TETHER_IS_NATIVE_PROCESS (self), 0);

  return self->pid;
}
