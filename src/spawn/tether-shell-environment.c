/* tether-shell-environment.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-shell-environment"

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-flatpak.h"
#include "tether-spawn-error.h"
#include "tether-spawn.h"

#include "tether-shell-environment.h"

/* The user's environment as their login shell sets it up.
 *
 * A GUI started from the desktop gets the session's environment, which
 * lacks what shell profiles add to PATH (nvm, mise, Homebrew, ~/.local/bin),
 * so `npx` is "not found" although it works in a terminal. Once per run,
 * the user's login shell — on the host when sandboxed — is asked to print
 * its environment:
 *
 *   /bin/sh -c LAUNCHER tether-login-shell SHELL MARKER INTERACTIVE COMMAND
 *
 * LAUNCHER picks the shell (ours if set, else $SHELL, else the passwd
 * entry), says which on stdout and execs `SHELL -l -i -c COMMAND`
 * (interactive, since nvm and friends live in ~/.bashrc), or `-l -c` when a
 * shell will not run interactively without a terminal. COMMAND prints the
 * environment NUL-separated between two markers, so whatever the profiles
 * print around it does no harm. Standard input is /dev/null and the shell
 * leads a session without a terminal, so nothing can wait for the user;
 * the whole thing is bounded by a timeout, after which the shell's process
 * group is killed. If it fails, the environment we have is used (on the
 * host, the session's), and #TetherShellEnvironment:note says why.
 *
 * The environment may hold secrets: only PATH is ever shown or logged. */

#define OUTPUT_MAX (4 * 1024 * 1024)
#define DRAIN_MS   200

static const char launcher_script[] =
  "tether_shell=$1\n"
  "[ -n \"$tether_shell\" ] || tether_shell=$SHELL\n"
  "[ -n \"$tether_shell\" ] || tether_shell=$(getent passwd \"$(id -u)\" 2>/dev/null | cut -d: -f7)\n"
  "[ -n \"$tether_shell\" ] || tether_shell=/bin/sh\n"
  "printf '%s-shell %s\\n' \"$2\" \"$tether_shell\"\n"
  "if [ \"$3\" = 1 ]; then\n"
  "  exec \"$tether_shell\" -l -i -c \"$4\" </dev/null\n"
  "else\n"
  "  exec \"$tether_shell\" -l -c \"$4\" </dev/null\n"
  "fi\n";

struct _TetherShellEnvironment
{
  GObject    parent_instance;

  char      *shell;            /* asked for; NULL: $SHELL, passwd */
  guint      timeout_ms;

  /* The outcome */
  char      *login_shell;
  char     **environment;
  char      *path;
  char      *note;
  guint      elapsed_ms;
  guint      resolved : 1;
  guint      from_login_shell : 1;
  guint      on_host : 1;

  /* While resolving */
  GPtrArray *waiters;          /* Waiter */
  gint64     started;
  char      *marker;
  char      *why;              /* why the login shell gave no environment */
  gboolean   interactive;
};

G_DEFINE_FINAL_TYPE (TetherShellEnvironment, tether_shell_environment, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SHELL,
  PROP_TIMEOUT,
  PROP_RESOLVED,
  PROP_FROM_LOGIN_SHELL,
  PROP_ON_HOST,
  PROP_LOGIN_SHELL,
  PROP_PATH,
  PROP_ENVIRONMENT,
  PROP_NOTE,
  PROP_ELAPSED_MS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---------------------------------------------------------------------- */
/* Parsing                                                                 */

static GPtrArray *
parse_nul_environment (const char *data,
                       gsize       length)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_free);
  const char *p = data;
  const char *end = data + length;

  while (p < end)
    {
      const char *nul = memchr (p, '\0', end - p);
      const char *entry_end = nul != NULL ? nul : end;
      const char *eq = memchr (p, '=', entry_end - p);

      /* NAME=value, NAME not empty; a piece without '=' is not an entry */
      if (eq != NULL && eq != p && memchr (p, '\n', eq - p) == NULL)
        g_ptr_array_add (entries, g_strndup (p, entry_end - p));

      if (nul == NULL)
        break;
      p = nul + 1;
    }

  g_ptr_array_add (entries, NULL);

  return entries;
}

static const char *
find_bytes (const char *haystack,
            gsize       haystack_len,
            const char *needle)
{
  gsize needle_len = strlen (needle);

  if (needle_len > haystack_len)
    return NULL;

  for (gsize i = 0; i + needle_len <= haystack_len; i++)
    if (memcmp (haystack + i, needle, needle_len) == 0)
      return haystack + i;

  return NULL;
}

static const char *
find_last_bytes (const char *haystack,
                 gsize       haystack_len,
                 const char *needle)
{
  gsize needle_len = strlen (needle);

  if (needle_len > haystack_len)
    return NULL;

  for (gsize i = haystack_len - needle_len + 1; i > 0; i--)
    if (memcmp (haystack + i - 1, needle, needle_len) == 0)
      return haystack + i - 1;

  return NULL;
}

/* PATH without repeated or empty entries: profiles that prepend on every
 * login (and our own environment passed in) make repeats. */
static char *
tidy_path (const char *path)
{
  g_auto(GStrv) dirs = g_strsplit (path, ":", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      gboolean seen = FALSE;

      if (dirs[i][0] == '\0')
        continue;
      for (guint j = 0; j < kept->len && !seen; j++)
        seen = g_str_equal (g_ptr_array_index (kept, j), dirs[i]);
      if (!seen)
        g_ptr_array_add (kept, dirs[i]);
    }
  g_ptr_array_add (kept, NULL);

  return g_strjoinv (":", (char **)kept->pdata);
}

/* ---------------------------------------------------------------------- */
/* Running a helper: the login shell, or `env -0`                          */

typedef struct
{
  TetherProcess   *process;
  GCancellable *cancellable;
  GByteArray   *out;
  GByteArray   *err;
  GTask        *task;
  guint         timeout_id;
  guint         drain_id;
  int           exit_status;
  int           term_signal;
  guint         out_done : 1;
  guint         err_done : 1;
  guint         exited : 1;
  guint         timed_out : 1;
  guint         finished : 1;
} Run;

static void
run_free (Run *run)
{
  g_clear_handle_id (&run->timeout_id, g_source_remove);
  g_clear_handle_id (&run->drain_id, g_source_remove);
  g_cancellable_cancel (run->cancellable);
  g_clear_object (&run->cancellable);
  g_clear_object (&run->process);
  g_clear_pointer (&run->out, g_byte_array_unref);
  g_clear_pointer (&run->err, g_byte_array_unref);
  g_free (run);
}

static void run_maybe_finish (Run *run);

static void
run_drain_expired (gpointer user_data)
{
  Run *run = user_data;

  run->drain_id = 0;
  run->out_done = run->err_done = TRUE;
  run_maybe_finish (run);
}

static void
run_give_up (gpointer user_data)
{
  Run *run = user_data;

  /* Killed, and still no word of its exit: it is not coming. */
  run->drain_id = 0;
  run->exited = run->out_done = run->err_done = TRUE;
  run_maybe_finish (run);
}

static void
run_maybe_finish (Run *run)
{
  GTask *task;

  if (run->finished || !run->exited)
    return;

  if (!(run->out_done && run->err_done))
    {
      /* Something the shell started holds its output open: give it a
       * moment, then go on without it. */
      if (run->drain_id == 0)
        run->drain_id = g_timeout_add_once (DRAIN_MS, run_drain_expired, run);
      return;
    }

  run->finished = TRUE;
  g_clear_handle_id (&run->timeout_id, g_source_remove);
  g_clear_handle_id (&run->drain_id, g_source_remove);

  /* Nothing the shell started outlives it. */
  tether_process_send_signal (run->process, SIGKILL);

  task = g_steal_pointer (&run->task);
  g_task_return_pointer (task, run, (GDestroyNotify)run_free);
  g_object_unref (task);
}

static void read_more (Run          *run,
                       GInputStream *stream);

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;
  GInputStream *stream = G_INPUT_STREAM (object);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean is_out;

  /* Cancelled: the run may be gone already. */
  bytes = g_input_stream_read_bytes_finish (stream, result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  is_out = stream == tether_process_get_stdout_pipe (run->process);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      if (is_out)
        run->out_done = TRUE;
      else
        run->err_done = TRUE;
      if (run->out_done && run->err_done)
        g_clear_handle_id (&run->drain_id, g_source_remove);
      run_maybe_finish (run);
      return;
    }

  {
    GByteArray *into = is_out ? run->out : run->err;

    if (into->len < OUTPUT_MAX)
      g_byte_array_append (into, g_bytes_get_data (bytes, NULL),
                           MIN (g_bytes_get_size (bytes), OUTPUT_MAX - into->len));
  }

  read_more (run, stream);
}

static void
read_more (Run          *run,
           GInputStream *stream)
{
  g_input_stream_read_bytes_async (stream, 65536, G_PRIORITY_DEFAULT, run->cancellable, read_cb, run);
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;
  int exit_status, term_signal;

  /* Cancelled: the run may be gone already. */
  if (!tether_process_wait_finish (TETHER_PROCESS (object), result, &exit_status, &term_signal, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  run->exit_status = exit_status;
  run->term_signal = term_signal;
  run->exited = TRUE;
  run_maybe_finish (run);
}

static gboolean
run_timeout_cb (gpointer user_data)
{
  Run *run = user_data;

  run->timeout_id = 0;
  run->timed_out = TRUE;
  g_debug ("the login shell did not finish in time; killing its process group");
  tether_process_send_signal (run->process, SIGKILL);

  /* If nothing comes back (a host that stopped answering), give up on it. */
  if (!run->exited)
    {
      g_clear_handle_id (&run->drain_id, g_source_remove);
      run->drain_id = g_timeout_add_once (DRAIN_MS * 5, run_give_up, run);
    }

  return G_SOURCE_REMOVE;
}

static void
spawn_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Run *run = user_data;
  TetherProcess *process = TETHER_PROCESS (object);
  GTask *task;
  GError *error = NULL;

  if (!tether_process_spawn_finish (process, result, &error))
    {
      /* Cancelled: the run gave up waiting and is gone. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_error_free (error);
          return;
        }

      task = g_steal_pointer (&run->task);
      run_free (run);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  /* Nothing to read from us: end-of-file at once. */
  g_output_stream_close (tether_process_get_stdin_pipe (process), NULL, NULL);

  read_more (run, tether_process_get_stdout_pipe (process));
  read_more (run, tether_process_get_stderr_pipe (process));
  tether_process_wait_async (process, run->cancellable, wait_cb, run);
}

/* Runs @argv with the session's whole environment, for at most
 * @timeout_ms; completes with the Run (output, exit) or a spawn error. */
static void
run_async (const char * const  *argv,
           guint                timeout_ms,
           GAsyncReadyCallback  callback,
           gpointer             user_data)
{
  Run *run = g_new0 (Run, 1);

  run->task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (run->task, run_async);
  run->cancellable = g_cancellable_new ();
  run->out = g_byte_array_new ();
  run->err = g_byte_array_new ();
  run->exit_status = -1;
  run->process = tether_spawn_new_process (argv);
  tether_process_set_inherit_environment (run->process, TRUE);

  run->timeout_id = g_timeout_add (MAX (timeout_ms, 1), run_timeout_cb, run);
  tether_process_spawn_async (run->process, run->cancellable, spawn_cb, run);
}

static Run *
run_finish (GAsyncResult  *result,
            GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

/* ---------------------------------------------------------------------- */
/* Resolving                                                               */

typedef struct
{
  GTask        *task;
  GCancellable *cancellable;
  gulong        cancelled_id;
  guint         idle_id;
} Waiter;

static void
waiter_complete (Waiter *waiter)
{
  g_clear_handle_id (&waiter->idle_id, g_source_remove);
  if (waiter->cancelled_id != 0)
    g_cancellable_disconnect (waiter->cancellable, waiter->cancelled_id);
  if (!g_task_return_error_if_cancelled (waiter->task))
    g_task_return_boolean (waiter->task, TRUE);
  g_clear_object (&waiter->task);
  g_clear_object (&waiter->cancellable);
  g_free (waiter);
}

static gboolean
waiter_cancelled_idle_cb (gpointer user_data)
{
  Waiter *waiter = user_data;
  TetherShellEnvironment *self = g_task_get_source_object (waiter->task);

  /* Only this waiter goes: the resolution goes on for the others. */
  waiter->idle_id = 0;
  g_ptr_array_remove_fast (self->waiters, waiter);
  waiter_complete (waiter);

  return G_SOURCE_REMOVE;
}

static void
waiter_cancelled_cb (GCancellable *cancellable,
                     Waiter       *waiter)
{
  if (waiter->idle_id == 0)
    waiter->idle_id = g_idle_add (waiter_cancelled_idle_cb, waiter);
}

static void
set_outcome (TetherShellEnvironment  *self,
             char                   **environment,
             const char              *login_shell,
             gboolean                 from_login_shell,
             const char              *note)
{
  g_autoptr(GPtrArray) waiters = g_steal_pointer (&self->waiters);
  const char *path = g_environ_getenv (environment, "PATH");

  g_object_freeze_notify (G_OBJECT (self));

  g_strfreev (self->environment);
  self->environment = environment;
  g_free (self->path);
  self->path = tidy_path (path != NULL && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin");
  self->environment = g_environ_setenv (self->environment, "PATH", self->path, TRUE);
  g_free (self->login_shell);
  self->login_shell = g_strdup (login_shell);
  g_free (self->note);
  self->note = g_strdup (note);
  self->from_login_shell = from_login_shell;
  self->elapsed_ms = (guint)((g_get_monotonic_time () - self->started) / 1000);
  self->resolved = TRUE;

  if (from_login_shell)
    g_debug ("environment of %s%s in %u ms: PATH=%s", login_shell, self->on_host ? " on the host" : "",
             self->elapsed_ms, self->path);
  else
    g_debug ("no login shell environment (%s); PATH=%s", note, self->path);

  for (guint i = PROP_RESOLVED; i < N_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[i]);

  g_object_thaw_notify (G_OBJECT (self));

  for (guint i = 0; waiters != NULL && i < waiters->len; i++)
    waiter_complete (g_ptr_array_index (waiters, i));
}

static char *
first_line (const char *text)
{
  const char *newline = strchr (text, '\n');

  return newline != NULL ? g_strndup (text, newline - text) : g_strdup (text);
}

/* The last line of what the shell said on stderr, for a failure: how a
 * shell says it cannot start. */
static char *
last_stderr_line (Run *run)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  if (run->err->len == 0)
    return NULL;

  text = g_strndup ((const char *)run->err->data, run->err->len);
  g_strchomp (text);
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  if (n == 0 || lines[n - 1][0] == '\0' || !g_utf8_validate (lines[n - 1], -1, NULL))
    return NULL;

  return g_strdup (lines[n - 1]);
}

static void
host_session_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(TetherShellEnvironment) self = user_data;
  g_autoptr(Run) run = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *note = NULL;

  run = run_finish (result, NULL);
  if (run != NULL && !run->timed_out && run->exit_status == 0)
    entries = parse_nul_environment ((const char *)run->out->data, run->out->len);

  if (entries != NULL && g_environ_getenv ((char **)entries->pdata, "PATH") != NULL)
    {
      note = g_strdup_printf (_("%s; using the host session’s environment instead"), self->why);
      set_outcome (self, (char **)g_ptr_array_free (g_steal_pointer (&entries), FALSE), NULL, FALSE, note);
      return;
    }

  note = g_strdup_printf (_("%s; the host session’s environment could not be read either"), self->why);
  set_outcome (self, g_get_environ (), NULL, FALSE, note);
}

/* No environment from the login shell: self->why says why. */
static void
fall_back (TetherShellEnvironment *self)
{
  g_autofree char *note = NULL;

  if (self->on_host)
    {
      const char *argv[] = { "env", "-0", NULL };
      g_auto(GStrv) env = NULL;

      /* Our own environment is the sandbox's; the host session's is the
       * next best thing, if we may run anything there at all. */
      if (tether_flatpak_check_host_permission (NULL))
        {
          run_async (argv, self->timeout_ms, host_session_cb, g_object_ref (self));
          return;
        }

      env = g_environ_setenv (g_get_environ (), "PATH", "/usr/local/bin:/usr/bin:/bin", TRUE);
      set_outcome (self, g_steal_pointer (&env), NULL, FALSE, self->why);
      return;
    }

  note = g_strdup_printf (_("%s; using Tether’s own environment"), self->why);
  set_outcome (self, g_get_environ (), NULL, FALSE, note);
}

static void start_login_shell (TetherShellEnvironment *self,
                               gboolean                interactive);

static void
login_shell_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(TetherShellEnvironment) self = user_data;
  g_autoptr(Run) run = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shell_prefix = NULL;
  g_autofree char *begin = NULL;
  g_autofree char *end = NULL;
  g_autofree char *shell = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const char *data, *from, *to, *line;
  gsize length;

  g_clear_pointer (&self->why, g_free);

  run = run_finish (result, &error);
  if (run == NULL)
    {
      g_autofree char *reason = first_line (error->message);

      self->why = g_strdup_printf (_("The login shell could not be started: %s"), reason);
      fall_back (self);
      return;
    }

  data = (const char *)run->out->data;
  length = run->out->len;

  shell_prefix = g_strconcat (self->marker, "-shell ", NULL);
  if ((line = find_bytes (data, length, shell_prefix)) != NULL)
    {
      const char *start = line + strlen (shell_prefix);
      const char *newline = memchr (start, '\n', data + length - start);

      if (newline != NULL)
        shell = g_strndup (start, newline - start);
    }
  if (shell == NULL || !g_utf8_validate (shell, -1, NULL))
    {
      g_free (shell);
      shell = g_strdup (_("The login shell"));
    }

  if (run->timed_out)
    {
      self->why = g_strdup_printf (_("%s did not print its environment within %.1f s"),
                                   shell, self->timeout_ms / 1000.0);
      fall_back (self);
      return;
    }

  begin = g_strconcat (self->marker, "-begin\n", NULL);
  end = g_strconcat ("\n", self->marker, "-end\n", NULL);
  from = find_bytes (data, length, begin);
  to = from != NULL ? find_last_bytes (from, data + length - from, end) : NULL;

  if (from != NULL && to != NULL)
    {
      from += strlen (begin);
      if (to > from)
        entries = parse_nul_environment (from, to - from);
    }

  if (entries != NULL && g_environ_getenv ((char **)entries->pdata, "PATH") != NULL)
    {
      set_outcome (self, (char **)g_ptr_array_free (g_steal_pointer (&entries), FALSE), shell, TRUE, NULL);
      return;
    }

  /* Some shells will not run interactively without a terminal. */
  if (self->interactive)
    {
      g_debug ("%s -l -i -c printed no environment (exit status %d); trying -l -c", shell, run->exit_status);
      start_login_shell (self, FALSE);
      return;
    }

  if (from == NULL || to == NULL)
    {
      g_autofree char *said = last_stderr_line (run);
      g_autofree char *how = tether_process_describe_exit (run->exit_status, run->term_signal);

      if (said != NULL && run->exit_status != 0)
        self->why = g_strdup_printf (_("%s printed no environment (it %s: %s)"), shell, how, said);
      else
        self->why = g_strdup_printf (_("%s printed no environment (it %s)"), shell, how);
    }
  else
    self->why = g_strdup_printf (_("%s printed an environment without PATH"), shell);

  fall_back (self);
}

static void
start_login_shell (TetherShellEnvironment *self,
                   gboolean                interactive)
{
  g_autofree char *command = NULL;
  gint64 spent = (g_get_monotonic_time () - self->started) / 1000;
  guint left = spent < self->timeout_ms ? self->timeout_ms - (guint)spent : 1;
  const char *argv[9];

  g_free (self->marker);
  self->marker = g_strdup_printf ("__tether_%08x%08x", g_random_int (), g_random_int ());
  self->interactive = interactive;

  /* Plain enough for sh, bash, zsh, fish and dash alike */
  command = g_strdup_printf ("printf '%%s\\n' %s-begin; env -0; printf '\\n%%s\\n' %s-end",
                             self->marker, self->marker);

  argv[0] = "/bin/sh";
  argv[1] = "-c";
  argv[2] = launcher_script;
  argv[3] = "tether-login-shell";
  argv[4] = self->shell != NULL ? self->shell : "";
  argv[5] = self->marker;
  argv[6] = interactive ? "1" : "0";
  argv[7] = command;
  argv[8] = NULL;

  run_async (argv, left, login_shell_cb, g_object_ref (self));
}

/**
 * tether_shell_environment_resolve_async:
 * @self: a #TetherShellEnvironment
 * @cancellable: (nullable): a #GCancellable: cancelling it leaves the
 *   resolution running for other callers
 * @callback: called when the environment is known
 * @user_data: data for @callback
 *
 * Resolves the login shell's environment, once: later calls complete at
 * once, calls during a resolution join it. It always ends with an
 * environment (see #TetherShellEnvironment:note when it is not the login
 * shell's), within about #TetherShellEnvironment:timeout.
 */
void
tether_shell_environment_resolve_async (TetherShellEnvironment *self,
                                        GCancellable           *cancellable,
                                        GAsyncReadyCallback     callback,
                                        gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  Waiter *waiter;
  gboolean start;

  g_return_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_shell_environment_resolve_async);

  if (self->resolved)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  start = self->waiters == NULL;
  if (start)
    self->waiters = g_ptr_array_new ();

  waiter = g_new0 (Waiter, 1);
  waiter->task = g_steal_pointer (&task);
  g_ptr_array_add (self->waiters, waiter);
  if (cancellable != NULL)
    {
      waiter->cancellable = g_object_ref (cancellable);
      waiter->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (waiter_cancelled_cb), waiter, NULL);
    }

  if (start)
    {
      self->started = g_get_monotonic_time ();
      self->on_host = tether_flatpak_is_sandboxed ();
      start_login_shell (self, TRUE);
    }
}

/**
 * tether_shell_environment_resolve_finish:
 * @self: a #TetherShellEnvironment
 * @result: the #GAsyncResult
 * @error: return location for an error (only cancellation)
 *
 * Returns: %TRUE when the environment is known
 */
gboolean
tether_shell_environment_resolve_finish (TetherShellEnvironment  *self,
                                         GAsyncResult            *result,
                                         GError                 **error)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Finding a command                                                       */

typedef struct
{
  char *command;
  char *cwd;
} FindData;

static void
find_data_free (FindData *data)
{
  g_free (data->command);
  g_free (data->cwd);
  g_free (data);
}

static void
found_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *program;

  program = tether_process_find_program_finish (TETHER_PROCESS (object), result, &error);
  if (program == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, program, g_free);
}

static void
resolved_for_find_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  TetherShellEnvironment *self = TETHER_SHELL_ENVIRONMENT (object);
  g_autoptr(GTask) task = user_data;
  FindData *data = g_task_get_task_data (task);
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable = g_task_get_cancellable (task);
  const char *argv[] = { data->command, NULL };

  if (!tether_shell_environment_resolve_finish (self, result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  process = tether_spawn_new_process (argv);
  tether_process_set_search_path (process, self->path);
  tether_process_set_base_environment (process, (const char * const *)self->environment);
  tether_process_set_cwd (process, data->cwd);
  tether_process_find_program_async (process, cancellable, found_cb, g_steal_pointer (&task));
}

/**
 * tether_shell_environment_find_program_async:
 * @self: a #TetherShellEnvironment
 * @command: a server's command: a name to look up in PATH, or a path
 * @cwd: (nullable): the server's working directory, for a relative path
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Finds the program a server's command runs, where servers run (on the
 * host when sandboxed), in the login shell's PATH, without running it.
 */
void
tether_shell_environment_find_program_async (TetherShellEnvironment *self,
                                             const char             *command,
                                             const char             *cwd,
                                             GCancellable           *cancellable,
                                             GAsyncReadyCallback     callback,
                                             gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  FindData *data;

  g_return_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_shell_environment_find_program_async);

  if (command == NULL || *command == '\0')
    {
      g_task_return_new_error (task, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                               "%s", _("No command to run"));
      return;
    }

  data = g_new0 (FindData, 1);
  data->command = g_strdup (command);
  data->cwd = g_strdup (cwd);
  g_task_set_task_data (task, data, (GDestroyNotify)find_data_free);

  tether_shell_environment_resolve_async (self, cancellable, resolved_for_find_cb, g_steal_pointer (&task));
}

/**
 * tether_shell_environment_find_program_finish:
 * @self: a #TetherShellEnvironment
 * @result: the #GAsyncResult
 * @error: return location for an error
 *
 * Returns: (transfer full): the program's absolute path, or %NULL with
 *   %TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND saying where it looked (or
 *   %TETHER_SPAWN_ERROR_PERMISSION_DENIED when commands may not run on the
 *   host)
 */
char *
tether_shell_environment_find_program_finish (TetherShellEnvironment  *self,
                                              GAsyncResult            *result,
                                              GError                 **error)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
tether_shell_environment_finalize (GObject *object)
{
  TetherShellEnvironment *self = (TetherShellEnvironment *)object;

  g_assert (self->waiters == NULL);

  g_clear_pointer (&self->shell, g_free);
  g_clear_pointer (&self->login_shell, g_free);
  g_clear_pointer (&self->environment, g_strfreev);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->note, g_free);
  g_clear_pointer (&self->marker, g_free);
  g_clear_pointer (&self->why, g_free);

  G_OBJECT_CLASS (tether_shell_environment_parent_class)->finalize (object);
}

static void
tether_shell_environment_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  TetherShellEnvironment *self = TETHER_SHELL_ENVIRONMENT (object);

  switch (prop_id)
    {
    case PROP_SHELL:
      g_value_set_string (value, self->shell);
      break;

    case PROP_TIMEOUT:
      g_value_set_uint (value, self->timeout_ms);
      break;

    case PROP_RESOLVED:
      g_value_set_boolean (value, self->resolved);
      break;

    case PROP_FROM_LOGIN_SHELL:
      g_value_set_boolean (value, self->from_login_shell);
      break;

    case PROP_ON_HOST:
      g_value_set_boolean (value, self->on_host);
      break;

    case PROP_LOGIN_SHELL:
      g_value_set_string (value, self->login_shell);
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    case PROP_ENVIRONMENT:
      g_value_set_boxed (value, self->environment);
      break;

    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;

    case PROP_ELAPSED_MS:
      g_value_set_uint (value, self->elapsed_ms);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_shell_environment_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  TetherShellEnvironment *self = TETHER_SHELL_ENVIRONMENT (object);

  switch (prop_id)
    {
    case PROP_SHELL:
      tether_shell_environment_set_shell (self, g_value_get_string (value));
      break;

    case PROP_TIMEOUT:
      tether_shell_environment_set_timeout (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_shell_environment_class_init (TetherShellEnvironmentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tether_shell_environment_finalize;
  object_class->get_property = tether_shell_environment_get_property;
  object_class->set_property = tether_shell_environment_set_property;

  /**
   * TetherShellEnvironment:shell:
   *
   * The login shell to ask, or %NULL (the default) for `$SHELL` or the
   * user's passwd entry — the host's when sandboxed.
   */
  properties[PROP_SHELL] = g_param_spec_string ("shell", NULL, NULL, NULL, rw);

  /**
   * TetherShellEnvironment:timeout:
   *
   * Milliseconds the login shell gets to print its environment.
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL, 1, G_MAXUINT, TETHER_SHELL_ENVIRONMENT_DEFAULT_TIMEOUT_MS, rw);

  /**
   * TetherShellEnvironment:resolved:
   *
   * Whether the environment is known (from the login shell or not).
   */
  properties[PROP_RESOLVED] = g_param_spec_boolean ("resolved", NULL, NULL, FALSE, ro);

  /**
   * TetherShellEnvironment:from-login-shell:
   *
   * Whether the environment is the login shell's, rather than a fallback.
   */
  properties[PROP_FROM_LOGIN_SHELL] = g_param_spec_boolean ("from-login-shell", NULL, NULL, FALSE, ro);

  /**
   * TetherShellEnvironment:on-host:
   *
   * Whether it is the host's environment, seen from inside the sandbox.
   */
  properties[PROP_ON_HOST] = g_param_spec_boolean ("on-host", NULL, NULL, FALSE, ro);

  /**
   * TetherShellEnvironment:login-shell:
   *
   * The shell that printed the environment, or %NULL.
   */
  properties[PROP_LOGIN_SHELL] = g_param_spec_string ("login-shell", NULL, NULL, NULL, ro);

  /**
   * TetherShellEnvironment:path:
   *
   * The PATH servers' commands are looked up in, repeats removed.
   */
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, ro);

  /**
   * TetherShellEnvironment:environment:
   *
   * All of it, as `NAME=value`. It may hold secrets: never show it.
   */
  properties[PROP_ENVIRONMENT] = g_param_spec_boxed ("environment", NULL, NULL, G_TYPE_STRV, ro);

  /**
   * TetherShellEnvironment:note:
   *
   * Why the environment is not the login shell's, or %NULL.
   */
  properties[PROP_NOTE] = g_param_spec_string ("note", NULL, NULL, NULL, ro);

  /**
   * TetherShellEnvironment:elapsed-ms:
   *
   * How long resolving took.
   */
  properties[PROP_ELAPSED_MS] = g_param_spec_uint ("elapsed-ms", NULL, NULL, 0, G_MAXUINT, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_shell_environment_init (TetherShellEnvironment *self)
{
  self->timeout_ms = TETHER_SHELL_ENVIRONMENT_DEFAULT_TIMEOUT_MS;
}

/**
 * tether_shell_environment_new:
 *
 * Returns: (transfer full): a new, unresolved environment
 */
TetherShellEnvironment *
tether_shell_environment_new (void)
{
  return g_object_new (TETHER_TYPE_SHELL_ENVIRONMENT, NULL);
}

/**
 * tether_shell_environment_get_default:
 *
 * The environment that servers' commands run in, shared by the whole
 * process: resolved once.
 *
 * Returns: (transfer none): the default instance
 */
TetherShellEnvironment *
tether_shell_environment_get_default (void)
{
  static TetherShellEnvironment *instance;

  if (instance == NULL)
    instance = tether_shell_environment_new ();

  return instance;
}

const char *
tether_shell_environment_get_shell (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);

  return self->shell;
}

/**
 * tether_shell_environment_set_shell:
 * @self: a #TetherShellEnvironment
 * @shell: (nullable): the login shell to ask, or %NULL for the user's
 *
 * Takes effect for a resolution not yet started.
 */
void
tether_shell_environment_set_shell (TetherShellEnvironment *self,
                                    const char             *shell)
{
  g_return_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self));

  if (g_strcmp0 (self->shell, shell) == 0)
    return;

  g_free (self->shell);
  self->shell = g_strdup (shell);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHELL]);
}

guint
tether_shell_environment_get_timeout (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), 0);

  return self->timeout_ms;
}

void
tether_shell_environment_set_timeout (TetherShellEnvironment *self,
                                      guint                   timeout_ms)
{
  g_return_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->timeout_ms == timeout_ms)
    return;

  self->timeout_ms = timeout_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

gboolean
tether_shell_environment_get_resolved (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), FALSE);

  return self->resolved;
}

gboolean
tether_shell_environment_get_from_login_shell (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), FALSE);

  return self->from_login_shell;
}

gboolean
tether_shell_environment_get_on_host (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), FALSE);

  return self->on_host;
}

const char *
tether_shell_environment_get_login_shell (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);

  return self->login_shell;
}

/**
 * tether_shell_environment_get_path:
 * @self: a #TetherShellEnvironment
 *
 * Returns: (nullable): the PATH for servers' commands, once resolved
 */
const char *
tether_shell_environment_get_path (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);

  return self->path;
}

/**
 * tether_shell_environment_get_environment:
 * @self: a #TetherShellEnvironment
 *
 * Returns: (nullable): the whole environment, once resolved. It may hold
 *   secrets: never show it.
 */
const char * const *
tether_shell_environment_get_environment (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);

  return (const char * const *)self->environment;
}

const char *
tether_shell_environment_get_note (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), NULL);

  return self->note;
}

guint
tether_shell_environment_get_elapsed_ms (TetherShellEnvironment *self)
{
  g_return_val_if_fail (TETHER_IS_SHELL_ENVIRONMENT (self), 0);

  return self->elapsed_ms;
}
