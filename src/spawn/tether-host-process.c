/* tether-host-process.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-host-process"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gunixfdlist.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "tether-flatpak.h"
#include "tether-host-group-private.h"
#include "tether-host-process.h"
#include "tether-process-group-private.h"
#include "tether-process-private.h"
#include "tether-spawn-error.h"

/* A server run on the host from inside the Flatpak sandbox, through the
 * Development interface of flatpak-session-helper (what flatpak-spawn --host
 * uses, and GNOME Builder):
 *
 *   HostCommand (ay cwd, aay argv, a{uh} fds, a{ss} env, u flags) → u pid
 *   HostCommandSignal (u pid, u signal, b to_process_group)
 *   ::HostCommandExited (u pid, u wait_status)
 *
 * The helper forks the command in a session (and process group) of its own,
 * and with WATCH_BUS it sends SIGINT to that group when our bus name goes
 * away. Each process has a D-Bus connection of its own, so that dropping the
 * process without stopping it also drops its name, and the helper's SIGINT
 * follows; a dispose also asks for SIGKILL first.
 *
 * The command is started through a small POSIX sh script on the host, which
 * looks argv[0] up in the PATH we give (the host's files are not ours to
 * search), reports what it found on fd 3, closes it and execs the program:
 * the process keeps the pid and the group, and a command that is not there
 * fails the spawn rather than exiting 127. The same script without the exec
 * answers find_program.
 *
 * The helper's SIGINT is not enough on its own. When Tether dies, the
 * server's input closes at the same moment as our bus name goes: a server
 * that exits at the end of its input may be reaped, and forgotten by the
 * helper, before the name is gone, and whatever it started would then live
 * on with nobody to stop it. So in a run the script first starts a watchdog
 * in the group (`sh -c … tether-host-watchdog`), which holds the read end of a pipe whose write end only
 * we hold (fd 4, "the lifeline") and nothing else: when we are gone,
 * however we went, it reads end-of-file, sends SIGTERM to its own group,
 * and SIGKILL after a grace. It ignores SIGINT, SIGTERM and SIGHUP, so the
 * group's SIGKILL that ends every stop ends it too; it signals only the
 * group it is in, which nothing outside the server's session can join.
 *
 * Signals go to the group with HostCommandSignal while the leader lives.
 * The helper forgets a pid once it has reaped it, so a signal after that
 * (the stdio transport's SIGKILL for whatever the leader left in its group)
 * is sent by `kill -- -PGID` run on the host, and only if every member of
 * the group still carries the random token the command was started with
 * (see tether-host-group.c). */

#define STATUS_MAX 4096

/* Between the watchdog's SIGTERM and its SIGKILL, in seconds */
#define WATCHDOG_GRACE_S 3

/* $1 run|find, $2 the command, then its arguments; fd 3 gets the verdict;
 * in a run, fd 4 is the lifeline (see the top of the file) */
static const char spawn_script[] =
  "tether_mode=$1 tether_command=$2\n"
  "shift 2\n"
  "case $tether_command in\n"
  "  */*) tether_found=$tether_command ;;\n"
  "  *) tether_found=\n"
  "     IFS=:\n"
  "     set -f\n"
  "     for tether_dir in $PATH; do\n"
  "       if [ -n \"$tether_dir\" ] && [ -f \"$tether_dir/$tether_command\" ] &&\n"
  "          [ -x \"$tether_dir/$tether_command\" ]; then\n"
  "         tether_found=$tether_dir/$tether_command\n"
  "         break\n"
  "       fi\n"
  "     done\n"
  "     unset IFS\n"
  "     set +f ;;\n"
  "esac\n"
  "if [ -z \"$tether_found\" ] || ! [ -e \"$tether_found\" ]; then\n"
  "  printf 'not-found\\n' >&3\n"
  "  exit 127\n"
  "fi\n"
  "if ! [ -f \"$tether_found\" ] || ! [ -x \"$tether_found\" ]; then\n"
  "  printf 'not-executable\\n' >&3\n"
  "  exit 126\n"
  "fi\n"
  "case $tether_found in /*) ;; *) tether_found=$PWD/${tether_found#./} ;; esac\n"
  "printf 'found %s\\n' \"$tether_found\" >&3\n"
  "[ \"$tether_mode\" = run ] || exit 0\n"
  "exec 3>&-\n"
  "tether_watchdog='read -r tether_line <&4\n"
  "exec 4<&-\n"
  "kill -TERM 0\n"
  "command -p sleep " G_STRINGIFY (WATCHDOG_GRACE_S) "\n"
  "kill -KILL 0'\n"
  "(\n"
  "  trap '' HUP INT TERM\n"
  "  exec /bin/sh -c \"$tether_watchdog\" tether-host-watchdog\n"
  ") </dev/null >/dev/null 2>&1 &\n"
  "exec 4<&-\n"
  "exec \"$tether_found\" \"$@\"\n";

/* A process's D-Bus connection, shared with the calls still in flight for
 * it: closed once the process object and the last of them are done (a
 * close would drop what is still queued). */
typedef struct
{
  guint            ref_count;
  GDBusConnection *connection;
} Link;

static Link *
link_new (GDBusConnection *connection)
{
  Link *link = g_new0 (Link, 1);

  link->ref_count = 1;
  link->connection = connection;

  return link;
}

static Link *
link_ref (Link *link)
{
  link->ref_count++;

  return link;
}

static void
link_unref (Link *link)
{
  if (--link->ref_count > 0)
    return;

  g_debug ("closing the connection %p", link->connection);
  g_dbus_connection_close (link->connection, NULL, NULL, NULL);
  g_object_unref (link->connection);
  g_free (link);
}

struct _TetherHostProcess
{
  TetherProcess       parent_instance;

  Link            *link;
  GPtrArray       *connect_tasks;   /* waiting for the connection */
  gboolean         connecting;
  guint            exited_id;
  guint            owner_id;
  gulong           closed_id;

  guint32          pid;
  char            *token;           /* in the group's environment */
  char            *identifier;
  char            *program;
  GOutputStream   *stdin_pipe;
  GInputStream    *stdout_pipe;
  GInputStream    *stderr_pipe;
  int              lifeline_fd;     /* the write end; -1 when none */

  GQueue           wait_tasks;
  int              wait_status;     /* -1: unknown */
  guint            started : 1;
  guint            exited : 1;
};

G_DEFINE_FINAL_TYPE (TetherHostProcess, tether_host_process, TETHER_TYPE_PROCESS)

/* ---------------------------------------------------------------------- */
/* The connection                                                          */

static void complete_waits (TetherHostProcess *self);

static void
mark_exited (TetherHostProcess *self,
             int                wait_status)
{
  if (self->exited)
    return;

  self->exited = TRUE;
  self->wait_status = wait_status;
  complete_waits (self);
}

static void
host_command_exited_cb (GDBusConnection *connection,
                        const char      *sender_name,
                        const char      *object_path,
                        const char      *interface_name,
                        const char      *signal_name,
                        GVariant        *parameters,
                        gpointer         user_data)
{
  TetherHostProcess *self = user_data;
  guint32 pid, status;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(uu)")))
    return;

  g_variant_get (parameters, "(uu)", &pid, &status);
  g_debug ("host pid %u exited (wait status %u)", pid, status);

  if (self->pid != 0 && pid == self->pid)
    mark_exited (self, (int)status);
}

static void
helper_owner_changed_cb (GDBusConnection *connection,
                         const char      *sender_name,
                         const char      *object_path,
                         const char      *interface_name,
                         const char      *signal_name,
                         GVariant        *parameters,
                         gpointer         user_data)
{
  TetherHostProcess *self = user_data;
  const char *name, *old_owner, *new_owner;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    return;

  g_variant_get (parameters, "(&s&s&s)", &name, &old_owner, &new_owner);

  if (g_str_equal (name, FLATPAK_BUS_NAME) && *old_owner != '\0' && *new_owner == '\0' &&
      self->pid != 0 && !self->exited)
    {
      g_warning ("flatpak-session-helper left the bus; host process %u is on its own", self->pid);
      mark_exited (self, -1);
    }
}

static void
connection_closed_cb (GDBusConnection *connection,
                      gboolean         remote_peer_vanished,
                      GError          *error,
                      gpointer         user_data)
{
  TetherHostProcess *self = user_data;

  if (self->pid != 0 && !self->exited)
    {
      g_warning ("lost the session bus; host process %u is on its own", self->pid);
      mark_exited (self, -1);
    }
}

static void
connection_ready_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(TetherHostProcess) self = user_data;
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->connect_tasks);
  g_autoptr(GError) error = NULL;
  GDBusConnection *connection;

  self->connecting = FALSE;
  connection = g_dbus_connection_new_for_address_finish (result, &error);

  if (connection != NULL)
    {
      self->link = link_new (connection);

      /* Before any HostCommand, so that no exit can be missed. The helper
       * sends it to our unique name only. */
      self->exited_id =
        g_dbus_connection_signal_subscribe (connection, FLATPAK_BUS_NAME, DEVELOPMENT_IFACE,
                                            "HostCommandExited", DEVELOPMENT_PATH, NULL,
                                            G_DBUS_SIGNAL_FLAGS_NONE,
                                            host_command_exited_cb, self, NULL);
      self->owner_id =
        g_dbus_connection_signal_subscribe (connection, "org.freedesktop.DBus", "org.freedesktop.DBus",
                                            "NameOwnerChanged", "/org/freedesktop/DBus", FLATPAK_BUS_NAME,
                                            G_DBUS_SIGNAL_FLAGS_NONE,
                                            helper_owner_changed_cb, self, NULL);
      self->closed_id = g_signal_connect (connection, "closed", G_CALLBACK (connection_closed_cb), self);
    }

  for (guint i = 0; i < tasks->len; i++)
    {
      GTask *task = g_ptr_array_index (tasks, i);

      if (connection != NULL)
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                                 _("Could not connect to the session bus to run commands on the host: %s"),
                                 error->message);
    }
}

static void
ensure_connection_async (TetherHostProcess   *self,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;

  g_task_set_source_tag (task, ensure_connection_async);

  if (self->link != NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->connect_tasks == NULL)
    self->connect_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->connect_tasks, g_steal_pointer (&task));

  if (self->connecting)
    return;

  address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, &error);
  if (address == NULL)
    {
      g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->connect_tasks);

      for (guint i = 0; i < tasks->len; i++)
        g_task_return_new_error (g_ptr_array_index (tasks, i),
                                 TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                                 _("No session bus to run commands on the host: %s"), error->message);
      return;
    }

  /* One connection per process: see the top of the file. */
  self->connecting = TRUE;
  g_dbus_connection_new_for_address (address,
                                     G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                     G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                     NULL, NULL, connection_ready_cb, g_object_ref (self));
}

static gboolean
ensure_connection_finish (TetherHostProcess  *self,
                          GAsyncResult       *result,
                          GError            **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Signals                                                                 */

typedef struct
{
  Link    *link;
  guint32  pid;
  int      signum;
  char    *token;
} SignalOp;

static void
signal_op_free (SignalOp *op)
{
  link_unref (op->link);
  g_free (op->token);
  g_free (op);
}

/* After the helper reaped the leader, its group is ours to reach only by
 * running kill on the host, which checks the members' token first. */
static void
kill_group_on_host (Link       *link,
                    guint32     pgid,
                    int         signum,
                    const char *token)
{
  _tether_host_group_kill (link->connection, pgid, signum, token,
                           (GDestroyNotify)link_unref, link_ref (link));
}

static void
signal_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  SignalOp *op = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  /* The leader was reaped meanwhile: the rest of the group may live on. */
  if (reply == NULL && g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNIX_PROCESS_ID_UNKNOWN))
    kill_group_on_host (op->link, op->pid, op->signum, op->token);
  else if (reply == NULL)
    g_debug ("HostCommandSignal (%u, %d): %s", op->pid, op->signum, error->message);

  signal_op_free (op);
}

static void
signal_group (Link       *link,
              guint32     pid,
              int         signum,
              const char *token)
{
  SignalOp *op;

  if (!_tether_host_group_is_signallable (pid))
    return;

  op = g_new0 (SignalOp, 1);
  op->link = link_ref (link);
  op->pid = pid;
  op->signum = signum;
  op->token = g_strdup (token);

  g_debug ("sending signal %d to host process group %u", signum, pid);
  g_dbus_connection_call (link->connection, FLATPAK_BUS_NAME, DEVELOPMENT_PATH, DEVELOPMENT_IFACE,
                          "HostCommandSignal",
                          g_variant_new ("(uub)", pid, (guint32)signum, TRUE),
                          NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, signal_done_cb, op);
}

static void
tether_host_process_send_signal (TetherProcess *process,
                                 int            signum)
{
  TetherHostProcess *self = TETHER_HOST_PROCESS (process);

  if (self->pid == 0 || self->link == NULL)
    return;

  if (!self->exited)
    signal_group (self->link, self->pid, signum, self->token);
  else
    kill_group_on_host (self->link, self->pid, signum, self->token);
}

/* ---------------------------------------------------------------------- */
/* Starting a command on the host                                          */

typedef enum
{
  LAUNCH_RUN,
  LAUNCH_FIND,
} LaunchMode;

typedef struct
{
  LaunchMode    mode;
  int           child_fds[5];   /* what the command gets as 0 to 4 (4: the lifeline, in a run) */
  int           our_fds[4];     /* stdin's write end, stdout's and stderr's read ends, the lifeline's write end */
  GInputStream *status;         /* fd 3's read end */
  GByteArray   *verdict;
  char         *search_path;
  guint32       pid;
} Launch;

static void
launch_free (Launch *launch)
{
  for (guint i = 0; i < G_N_ELEMENTS (launch->child_fds); i++)
    if (launch->child_fds[i] >= 0)
      close (launch->child_fds[i]);
  for (guint i = 0; i < G_N_ELEMENTS (launch->our_fds); i++)
    if (launch->our_fds[i] >= 0)
      close (launch->our_fds[i]);
  g_clear_object (&launch->status);
  g_clear_pointer (&launch->verdict, g_byte_array_unref);
  g_free (launch->search_path);
  g_free (launch);
}

static Launch *
launch_new (LaunchMode mode)
{
  Launch *launch = g_new0 (Launch, 1);

  launch->mode = mode;
  for (guint i = 0; i < G_N_ELEMENTS (launch->child_fds); i++)
    launch->child_fds[i] = -1;
  for (guint i = 0; i < G_N_ELEMENTS (launch->our_fds); i++)
    launch->our_fds[i] = -1;
  launch->verdict = g_byte_array_new ();

  return launch;
}

static gboolean
open_fds (Launch  *launch,
          GError **error)
{
  int status[2];

  if (launch->mode == LAUNCH_RUN)
    {
      int in[2], out[2], err[2], lifeline[2];

      if (!g_unix_open_pipe (in, FD_CLOEXEC, error))
        return FALSE;
      launch->child_fds[0] = in[0];
      launch->our_fds[0] = in[1];

      if (!g_unix_open_pipe (out, FD_CLOEXEC, error))
        return FALSE;
      launch->our_fds[1] = out[0];
      launch->child_fds[1] = out[1];

      if (!g_unix_open_pipe (err, FD_CLOEXEC, error))
        return FALSE;
      launch->our_fds[2] = err[0];
      launch->child_fds[2] = err[1];

      if (!g_unix_open_pipe (lifeline, FD_CLOEXEC, error))
        return FALSE;
      launch->child_fds[4] = lifeline[0];
      launch->our_fds[3] = lifeline[1];
    }
  else
    {
      for (guint i = 0; i < 3; i++)
        {
          launch->child_fds[i] = open ("/dev/null", O_RDWR | O_CLOEXEC);
          if (launch->child_fds[i] < 0)
            {
              int saved = errno;

              g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                           "/dev/null: %s", g_strerror (saved));
              return FALSE;
            }
        }
    }

  if (!g_unix_open_pipe (status, FD_CLOEXEC, error))
    return FALSE;
  launch->status = g_unix_input_stream_new (status[0], TRUE);
  launch->child_fds[3] = status[1];

  return TRUE;
}

/* Inside the sandbox our own environment names the sandbox's directories;
 * a host process gets the host's, or none. */
static char **
host_environment_guess (void)
{
  static const char * const homes[] = { "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME" };
  char **env = g_get_environ ();

  for (guint i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *host_name = g_strconcat ("HOST_", homes[i], NULL);
      const char *host_value = g_environ_getenv (env, host_name);

      if (host_value != NULL && g_path_is_absolute (host_value))
        env = g_environ_setenv (env, homes[i], host_value, TRUE);
      else
        env = g_environ_unsetenv (env, homes[i]);
    }

  env = g_environ_unsetenv (env, "XDG_DATA_DIRS");
  env = g_environ_unsetenv (env, "XDG_CONFIG_DIRS");
  env = g_environ_setenv (env, "PATH", TETHER_PROCESS_FALLBACK_PATH, TRUE);

  return env;
}

static void
add_env (GVariantBuilder *builder,
         const char      *entry)
{
  const char *eq = strchr (entry, '=');
  g_autofree char *name = NULL;

  if (eq == NULL || eq == entry)
    return;

  /* D-Bus strings are UTF-8; a variable that is not cannot be passed. */
  if (!g_utf8_validate (entry, -1, NULL))
    {
      g_debug ("not passing a variable that is not UTF-8 to the host");
      return;
    }

  name = g_strndup (entry, eq - entry);
  g_variant_builder_add (builder, "{ss}", name, eq + 1);
}

/* @token: (nullable): the group's token, for a command that runs */
static GVariant *
build_environment (TetherHostProcess  *self,
                   const char         *token,
                   char              **search_path,
                   guint32            *flags)
{
  TetherProcess *process = TETHER_PROCESS (self);
  GVariantBuilder builder;
  g_auto(GStrv) guess = NULL;
  g_auto(GStrv) env = NULL;
  const char * const *base = tether_process_get_base_environment (process);

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));

  if (base == NULL && tether_flatpak_is_sandboxed ())
    base = (const char * const *)(guess = host_environment_guess ());

  if (tether_process_get_inherit_environment (process))
    {
      g_auto(GStrv) configured = g_strdupv ((char **)tether_process_get_environment (process));
      const char *path = tether_process_get_search_path (process);

      /* The session's environment on the host, plus what was asked. */
      *flags = HOST_COMMAND_WATCH_BUS;
      if (path != NULL)
        {
          g_autofree char *entry = g_strconcat ("PATH=", path, NULL);

          add_env (&builder, entry);
        }
      if (token != NULL)
        configured = _tether_process_group_add_token (g_steal_pointer (&configured), token);
      for (guint i = 0; configured != NULL && configured[i] != NULL; i++)
        add_env (&builder, configured[i]);
      *search_path = g_strdup (path);

      return g_variant_builder_end (&builder);
    }

  *flags = HOST_COMMAND_CLEAR_ENV | HOST_COMMAND_WATCH_BUS;
  env = _tether_process_build_environment_from (process, base);
  if (token != NULL)
    env = _tether_process_group_add_token (g_steal_pointer (&env), token);
  for (guint i = 0; env[i] != NULL; i++)
    add_env (&builder, env[i]);
  *search_path = g_strdup (_tether_process_get_search_path_in_effect (process, base));

  return g_variant_builder_end (&builder);
}

static char *
host_cwd (TetherHostProcess *self)
{
  const char *cwd = tether_process_get_cwd (TETHER_PROCESS (self));

  if (cwd != NULL)
    return g_strdup (cwd);

  /* Our own working directory may not exist on the host. */
  if (tether_flatpak_is_sandboxed ())
    return g_strdup (g_get_home_dir ());

  return g_get_current_dir ();
}

static void read_verdict (GTask *task);

static void
finish_launch (GTask *task)
{
  TetherHostProcess *self = g_task_get_source_object (task);
  Launch *launch = g_task_get_task_data (task);
  const char *command = tether_process_get_argv (TETHER_PROCESS (self))[0];
  g_autofree char *verdict = NULL;
  char *newline;

  verdict = g_strndup ((const char *)launch->verdict->data, launch->verdict->len);
  if ((newline = strchr (verdict, '\n')) != NULL)
    *newline = '\0';

  if (g_str_has_prefix (verdict, "found /"))
    {
      char *program = g_strdup (verdict + strlen ("found "));

      if (g_task_get_cancellable (task) != NULL && g_cancellable_is_cancelled (g_task_get_cancellable (task)))
        {
          g_free (program);
          if (launch->mode == LAUNCH_RUN && !self->exited)
            signal_group (self->link, launch->pid, SIGKILL, self->token);
          g_task_return_error_if_cancelled (task);
          return;
        }

      if (launch->mode == LAUNCH_FIND)
        {
          g_task_return_pointer (task, program, g_free);
          return;
        }

      g_free (self->program);
      self->program = program;
      self->stdin_pipe = g_unix_output_stream_new (launch->our_fds[0], TRUE);
      self->stdout_pipe = g_unix_input_stream_new (launch->our_fds[1], TRUE);
      self->stderr_pipe = g_unix_input_stream_new (launch->our_fds[2], TRUE);
      if (self->lifeline_fd >= 0)
        close (self->lifeline_fd);
      self->lifeline_fd = launch->our_fds[3];
      for (guint i = 0; i < G_N_ELEMENTS (launch->our_fds); i++)
        launch->our_fds[i] = -1;
      self->started = TRUE;

      g_debug ("started %s on the host as %s, pid %u", command, self->program, self->pid);
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (g_str_equal (verdict, "not-found"))
    {
      if (strchr (command, '/') != NULL)
        g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND,
                                 _("command not found on the host: %s"), command);
      else
        g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND,
                                 _("command not found on the host: %s (searched: %s)"),
                                 command, launch->search_path);
      return;
    }

  if (g_str_equal (verdict, "not-executable"))
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               _("%s is not an executable file on the host"), command);
      return;
    }

  g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                           _("Could not start %s on the host: the launcher ended without an answer"),
                           command);
}

static void
verdict_read_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Launch *launch = g_task_get_task_data (task);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (bytes == NULL)
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               _("Could not start %s on the host: %s"),
                               tether_process_get_argv (g_task_get_source_object (task))[0], error->message);
      return;
    }

  if (g_bytes_get_size (bytes) == 0)
    {
      finish_launch (task);
      return;
    }

  if (launch->verdict->len < STATUS_MAX)
    g_byte_array_append (launch->verdict, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  read_verdict (g_steal_pointer (&task));
}

/* Until fd 3 closes: at the exec, or when the script exits. */
static void
read_verdict (GTask *task)
{
  Launch *launch = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (launch->status, 256, G_PRIORITY_DEFAULT, NULL,
                                   verdict_read_cb, task);
}

static void
host_command_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TetherHostProcess *self = g_task_get_source_object (task);
  Launch *launch = g_task_get_task_data (task);
  const char *command = tether_process_get_argv (TETHER_PROCESS (self))[0];
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_with_unix_fd_list_finish (G_DBUS_CONNECTION (object), NULL, result, &error);
  if (reply == NULL)
    {
      g_autofree char *remote = g_dbus_error_get_remote_error (error);

      g_dbus_error_strip_remote_error (error);

      /* The bus proxy refuses calls the sandbox is not allowed to make. */
      if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED) && tether_flatpak_is_sandboxed ())
        g_task_return_error (task, tether_flatpak_new_permission_error (error->message));
      else if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN))
        g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                                 _("Could not start %s on the host: the Flatpak session helper "
                                   "(org.freedesktop.Flatpak) is not available: %s"),
                                 command, error->message);
      else
        g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                                 _("Could not start %s on the host: %s"), command, error->message);
      return;
    }

  g_variant_get (reply, "(u)", &launch->pid);

  /* The group is signalled by this number: one that cannot be a command's
   * group (0, 1, beyond pid_t) must never reach kill. */
  if (!_tether_host_group_is_signallable (launch->pid))
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               _("Could not start %s on the host: the Flatpak session helper gave "
                                 "an invalid process id (%lu)"),
                               command, (gulong)launch->pid);
      return;
    }

  if (launch->mode == LAUNCH_RUN)
    {
      self->pid = launch->pid;
      g_free (self->identifier);
      self->identifier = g_strdup_printf ("%u", self->pid);
    }

  read_verdict (g_steal_pointer (&task));
}

static void
connected_for_launch_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  TetherHostProcess *self = TETHER_HOST_PROCESS (object);
  g_autoptr(GTask) task = user_data;
  Launch *launch = g_task_get_task_data (task);
  const char * const *configured = tether_process_get_argv (TETHER_PROCESS (self));
  g_autoptr(GUnixFDList) fd_list = g_unix_fd_list_new ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *cwd = NULL;
  GVariantBuilder fds;
  GVariant *env;
  guint32 flags = 0;

  if (!ensure_connection_finish (self, result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!open_fds (launch, &error))
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               _("Could not start %s on the host: %s"), configured[0], error->message);
      return;
    }

  /* The list holds copies: ours of the command's ends close at once, so
   * that its stdout reaches end-of-file when it exits. */
  g_variant_builder_init (&fds, G_VARIANT_TYPE ("a{uh}"));
  for (guint32 i = 0; i < G_N_ELEMENTS (launch->child_fds); i++)
    {
      int handle;

      if (launch->child_fds[i] < 0)
        continue;
      handle = g_unix_fd_list_append (fd_list, launch->child_fds[i], &error);

      close (launch->child_fds[i]);
      launch->child_fds[i] = -1;
      if (handle < 0)
        {
          g_variant_builder_clear (&fds);
          g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                                   _("Could not start %s on the host: %s"), configured[0], error->message);
          return;
        }
      g_variant_builder_add (&fds, "{uh}", i, handle);
    }

  g_ptr_array_add (argv, (gpointer)"/bin/sh");
  g_ptr_array_add (argv, (gpointer)"-c");
  g_ptr_array_add (argv, (gpointer)spawn_script);
  g_ptr_array_add (argv, (gpointer)"tether-host-spawn");
  g_ptr_array_add (argv, (gpointer)(launch->mode == LAUNCH_RUN ? "run" : "find"));
  for (guint i = 0; configured[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)configured[i]);
  g_ptr_array_add (argv, NULL);

  if (launch->mode == LAUNCH_RUN)
    {
      g_free (self->token);
      self->token = _tether_process_group_new_token ();
    }
  env = build_environment (self, launch->mode == LAUNCH_RUN ? self->token : NULL, &launch->search_path, &flags);
  cwd = host_cwd (self);

  /* Not cancellable: once asked, the helper may have started it, and we
   * need its pid to stop it. */
  g_dbus_connection_call_with_unix_fd_list (self->link->connection, FLATPAK_BUS_NAME, DEVELOPMENT_PATH,
                                            DEVELOPMENT_IFACE, "HostCommand",
                                            g_variant_new ("(^ay^aay@a{uh}@a{ss}u)", cwd,
                                                           (const char * const *)argv->pdata,
                                                           g_variant_builder_end (&fds), env, flags),
                                            G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1,
                                            fd_list, NULL, host_command_cb, g_steal_pointer (&task));
}

static void
launch_async (TetherHostProcess   *self,
              LaunchMode           mode,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data,
              gpointer             source_tag)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *argv = tether_process_get_argv (TETHER_PROCESS (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, launch_new (mode), (GDestroyNotify)launch_free);

  if (argv == NULL || argv[0] == NULL || argv[0][0] == '\0')
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               "%s", _("No command to run"));
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!tether_flatpak_check_host_permission (&error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  ensure_connection_async (self, connected_for_launch_cb, g_steal_pointer (&task));
}

static void
tether_host_process_spawn_async (TetherProcess       *process,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  TetherHostProcess *self = TETHER_HOST_PROCESS (process);

  if (self->pid != 0)
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

      g_task_set_source_tag (task, tether_host_process_spawn_async);
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               "%s", _("The process was already started"));
      return;
    }

  launch_async (self, LAUNCH_RUN, cancellable, callback, user_data, tether_host_process_spawn_async);
}

static gboolean
tether_host_process_spawn_finish (TetherProcess  *process,
                                  GAsyncResult   *result,
                                  GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, process), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
tether_host_process_find_program_async (TetherProcess       *process,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  launch_async (TETHER_HOST_PROCESS (process), LAUNCH_FIND, cancellable, callback, user_data,
                tether_host_process_find_program_async);
}

static char *
tether_host_process_find_program_finish (TetherProcess  *process,
                                         GAsyncResult   *result,
                                         GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, process), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Pipes, exit                                                             */

static GOutputStream *
tether_host_process_get_stdin_pipe (TetherProcess *process)
{
  return TETHER_HOST_PROCESS (process)->stdin_pipe;
}

static GInputStream *
tether_host_process_get_stdout_pipe (TetherProcess *process)
{
  return TETHER_HOST_PROCESS (process)->stdout_pipe;
}

static GInputStream *
tether_host_process_get_stderr_pipe (TetherProcess *process)
{
  return TETHER_HOST_PROCESS (process)->stderr_pipe;
}

typedef struct
{
  GTask        *task;
  GCancellable *cancellable;
  gulong        cancelled_id;
  guint         idle_id;
} WaitOp;

static void
wait_op_complete (WaitOp *op)
{
  g_clear_handle_id (&op->idle_id, g_source_remove);
  if (op->cancelled_id != 0)
    g_cancellable_disconnect (op->cancellable, op->cancelled_id);
  if (!g_task_return_error_if_cancelled (op->task))
    g_task_return_boolean (op->task, TRUE);
  g_clear_object (&op->task);
  g_clear_object (&op->cancellable);
  g_free (op);
}

static void
complete_waits (TetherHostProcess *self)
{
  WaitOp *op;

  while ((op = g_queue_pop_head (&self->wait_tasks)) != NULL)
    wait_op_complete (op);
}

static gboolean
wait_cancelled_idle_cb (gpointer user_data)
{
  WaitOp *op = user_data;
  TetherHostProcess *self = g_task_get_source_object (op->task);

  /* Not from the ::cancelled handler itself: disconnecting there would
   * wait for the handler to return. */
  op->idle_id = 0;
  g_queue_remove (&self->wait_tasks, op);
  wait_op_complete (op);

  return G_SOURCE_REMOVE;
}

static void
wait_cancelled_cb (GCancellable *cancellable,
                   WaitOp       *op)
{
  if (op->idle_id == 0)
    op->idle_id = g_idle_add (wait_cancelled_idle_cb, op);
}

static void
tether_host_process_wait_async (TetherProcess       *process,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  TetherHostProcess *self = TETHER_HOST_PROCESS (process);
  g_autoptr(GTask) task = NULL;
  WaitOp *op;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_host_process_wait_async);

  if (!self->started)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               "%s", _("The process was not started"));
      return;
    }

  if (self->exited)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  op = g_new0 (WaitOp, 1);
  op->task = g_steal_pointer (&task);
  g_queue_push_tail (&self->wait_tasks, op);
  if (cancellable != NULL)
    {
      op->cancellable = g_object_ref (cancellable);
      op->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (wait_cancelled_cb), op, NULL);
    }
}

static gboolean
tether_host_process_wait_finish (TetherProcess  *process,
                                 GAsyncResult   *result,
                                 int            *exit_status,
                                 int            *term_signal,
                                 GError        **error)
{
  TetherHostProcess *self = TETHER_HOST_PROCESS (process);
  int status = self->wait_status;

  g_return_val_if_fail (g_task_is_valid (result, process), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  if (status >= 0 && WIFEXITED (status))
    {
      *exit_status = WEXITSTATUS (status);
      *term_signal = 0;
    }
  else if (status >= 0 && WIFSIGNALED (status))
    {
      *exit_status = -1;
      *term_signal = WTERMSIG (status);
    }

  return TRUE;
}

static const char *
tether_host_process_get_identifier (TetherProcess *process)
{
  return TETHER_HOST_PROCESS (process)->identifier;
}

/* ---------------------------------------------------------------------- */

static void
tether_host_process_dispose (GObject *object)
{
  TetherHostProcess *self = (TetherHostProcess *)object;

  if (self->link != NULL)
    {
      Link *link = g_steal_pointer (&self->link);

      g_dbus_connection_signal_unsubscribe (link->connection, self->exited_id);
      g_dbus_connection_signal_unsubscribe (link->connection, self->owner_id);
      g_clear_signal_handler (&self->closed_id, link->connection);

      /* Whoever owns us stops the process first; if not, nothing survives
       * us. When the connection closes the helper sends SIGINT too. */
      if (self->pid != 0 && !self->exited)
        signal_group (link, self->pid, SIGKILL, self->token);

      link_unref (link);
    }

  /* The watchdog on the host stops whatever is left of the group. */
  if (self->lifeline_fd >= 0)
    {
      close (self->lifeline_fd);
      self->lifeline_fd = -1;
    }

  g_clear_object (&self->stdin_pipe);
  g_clear_object (&self->stdout_pipe);
  g_clear_object (&self->stderr_pipe);

  G_OBJECT_CLASS (tether_host_process_parent_class)->dispose (object);
}

static void
tether_host_process_finalize (GObject *object)
{
  TetherHostProcess *self = (TetherHostProcess *)object;

  g_assert (g_queue_is_empty (&self->wait_tasks));
  g_assert (self->connect_tasks == NULL);

  g_clear_pointer (&self->identifier, g_free);
  g_clear_pointer (&self->program, g_free);
  g_clear_pointer (&self->token, g_free);

  G_OBJECT_CLASS (tether_host_process_parent_class)->finalize (object);
}

static void
tether_host_process_class_init (TetherHostProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TetherProcessClass *process_class = TETHER_PROCESS_CLASS (klass);

  object_class->dispose = tether_host_process_dispose;
  object_class->finalize = tether_host_process_finalize;

  process_class->spawn_async = tether_host_process_spawn_async;
  process_class->spawn_finish = tether_host_process_spawn_finish;
  process_class->get_stdin_pipe = tether_host_process_get_stdin_pipe;
  process_class->get_stdout_pipe = tether_host_process_get_stdout_pipe;
  process_class->get_stderr_pipe = tether_host_process_get_stderr_pipe;
  process_class->send_signal = tether_host_process_send_signal;
  process_class->wait_async = tether_host_process_wait_async;
  process_class->wait_finish = tether_host_process_wait_finish;
  process_class->get_identifier = tether_host_process_get_identifier;
  process_class->find_program_async = tether_host_process_find_program_async;
  process_class->find_program_finish = tether_host_process_find_program_finish;
}

static void
tether_host_process_init (TetherHostProcess *self)
{
  g_queue_init (&self->wait_tasks);
  self->wait_status = -1;
  self->lifeline_fd = -1;
}

/**
 * tether_host_process_new:
 * @argv: the command and its arguments
 *
 * A process run on the host through the Flatpak session helper. Outside the
 * sandbox it works too, on the session bus's helper (the tests use that).
 *
 * Returns: (transfer full): a new process, not yet spawned
 */
TetherProcess *
tether_host_process_new (const char * const *argv)
{
  return g_object_new (TETHER_TYPE_HOST_PROCESS, "argv", argv, NULL);
}

/**
 * tether_host_process_get_pid:
 * @self: a #TetherHostProcess
 *
 * Returns: the process's pid on the host (also its process group), or 0
 *   before it started
 */
guint32
tether_host_process_get_pid (TetherHostProcess *self)
{
  g_return_val_if_fail (TETHER_IS_HOST_PROCESS (self), 0);

  return self->pid;
}

/**
 * tether_host_process_get_program:
 * @self: a #TetherHostProcess
 *
 * Returns: (nullable): the absolute path of the program on the host, once
 *   started
 */
const char *
tether_host_process_get_program (TetherHostProcess *self)
{
  g_return_val_if_fail (TETHER_IS_HOST_PROCESS (self), NULL);

  return self->program;
}
