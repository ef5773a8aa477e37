/* mcp-process.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-process"

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-util-private.h"
#include "mcp-native-process.h"
#include "mcp-process.h"

/* What a server gets of the user's environment (besides what its
 * configuration adds). Wider than the SDK's six variables: locale, XDG
 * directories, the display for OAuth browsers, the session bus, proxies and
 * CA bundles. A name ending in '*' is a prefix. */
static const char * const environment_allow_list[] = {
  "HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER",
  "LANG", "LANGUAGE", "LC_*",
  "XDG_*",
  "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY",
  "DBUS_SESSION_BUS_ADDRESS",
  "http_proxy", "https_proxy", "ftp_proxy", "all_proxy", "no_proxy",
  "HTTP_PROXY", "HTTPS_PROXY", "FTP_PROXY", "ALL_PROXY", "NO_PROXY",
  "SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE",
  "TZ",
  NULL
};

#define FALLBACK_PATH "/usr/local/bin:/usr/bin:/bin"

typedef struct
{
  char **argv;
  char  *cwd;
  char **environment;
  char  *search_path;
} McpProcessPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (McpProcess, mcp_process, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ARGV,
  PROP_CWD,
  PROP_ENVIRONMENT,
  PROP_SEARCH_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
set_strv (char               ***dest,
          const char * const   *value)
{
  if (*dest == NULL && value == NULL)
    return FALSE;

  if (*dest != NULL && value != NULL &&
      g_strv_equal ((const char * const *)*dest, value))
    return FALSE;

  g_strfreev (*dest);
  *dest = g_strdupv ((char **)value);

  return TRUE;
}

static void
mcp_process_finalize (GObject *object)
{
  McpProcess *self = (McpProcess *)object;
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_clear_pointer (&priv->argv, g_strfreev);
  g_clear_pointer (&priv->cwd, g_free);
  g_clear_pointer (&priv->environment, g_strfreev);
  g_clear_pointer (&priv->search_path, g_free);

  G_OBJECT_CLASS (mcp_process_parent_class)->finalize (object);
}

static void
mcp_process_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  McpProcess *self = MCP_PROCESS (object);
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_ARGV:
      g_value_set_boxed (value, priv->argv);
      break;

    case PROP_CWD:
      g_value_set_string (value, priv->cwd);
      break;

    case PROP_ENVIRONMENT:
      g_value_set_boxed (value, priv->environment);
      break;

    case PROP_SEARCH_PATH:
      g_value_set_string (value, priv->search_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_process_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  McpProcess *self = MCP_PROCESS (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      mcp_process_set_argv (self, g_value_get_boxed (value));
      break;

    case PROP_CWD:
      mcp_process_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_ENVIRONMENT:
      mcp_process_set_environment (self, g_value_get_boxed (value));
      break;

    case PROP_SEARCH_PATH:
      mcp_process_set_search_path (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_process_class_init (McpProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_process_finalize;
  object_class->get_property = mcp_process_get_property;
  object_class->set_property = mcp_process_set_property;

  /**
   * McpProcess:argv:
   *
   * The command and its arguments. No shell is involved. A command without
   * a slash is looked up in the search path.
   */
  properties[PROP_ARGV] =
    g_param_spec_boxed ("argv", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpProcess:cwd:
   *
   * The working directory, or %NULL for ours.
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpProcess:environment:
   *
   * `KEY=VALUE` pairs added to (and overriding) the allow-listed part of the
   * user's environment. The values may be secrets: they are never logged.
   */
  properties[PROP_ENVIRONMENT] =
    g_param_spec_boxed ("environment", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpProcess:search-path:
   *
   * The PATH used to find the command and given to the process, or %NULL
   * for the user's PATH. A `PATH` in #McpProcess:environment wins over it.
   */
  properties[PROP_SEARCH_PATH] =
    g_param_spec_string ("search-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_process_init (McpProcess *self)
{
}

/**
 * mcp_process_new:
 * @argv: the command and its arguments
 *
 * Creates a process of the backend that fits where we run. Today that is
 * always #McpNativeProcess; inside the flatpak sandbox a host backend will be
 * chosen here.
 *
 * Returns: (transfer full): a new #McpProcess, not yet spawned
 */
McpProcess *
mcp_process_new (const char * const *argv)
{
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  return mcp_native_process_new (argv);
}

const char * const *
mcp_process_get_argv (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return (const char * const *)priv->argv;
}

void
mcp_process_set_argv (McpProcess         *self,
                      const char * const *argv)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_if_fail (MCP_IS_PROCESS (self));

  if (set_strv (&priv->argv, argv))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARGV]);
}

const char *
mcp_process_get_cwd (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return priv->cwd;
}

void
mcp_process_set_cwd (McpProcess *self,
                     const char *cwd)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_if_fail (MCP_IS_PROCESS (self));

  if (_mcp_set_str (&priv->cwd, cwd))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CWD]);
}

const char * const *
mcp_process_get_environment (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return (const char * const *)priv->environment;
}

void
mcp_process_set_environment (McpProcess         *self,
                             const char * const *environment)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_if_fail (MCP_IS_PROCESS (self));

  if (set_strv (&priv->environment, environment))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENVIRONMENT]);
}

const char *
mcp_process_get_search_path (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return priv->search_path;
}

void
mcp_process_set_search_path (McpProcess *self,
                             const char *search_path)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);

  g_return_if_fail (MCP_IS_PROCESS (self));

  if (_mcp_set_str (&priv->search_path, search_path))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_PATH]);
}

/**
 * mcp_process_get_environment_allow_list:
 *
 * Returns: the names of the user's variables a server inherits; a name
 *   ending in `*` is a prefix
 */
const char * const *
mcp_process_get_environment_allow_list (void)
{
  return environment_allow_list;
}

static gboolean
is_allowed (const char *name,
            gsize       name_len)
{
  for (guint i = 0; environment_allow_list[i] != NULL; i++)
    {
      const char *allowed = environment_allow_list[i];
      gsize len = strlen (allowed);

      if (len > 0 && allowed[len - 1] == '*')
        {
          if (name_len >= len - 1 && strncmp (name, allowed, len - 1) == 0)
            return TRUE;
        }
      else if (len == name_len && strncmp (name, allowed, len) == 0)
        return TRUE;
    }

  return FALSE;
}

static const char *
find_configured (McpProcess *self,
                 const char *name)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);
  gsize len = strlen (name);

  if (priv->environment == NULL)
    return NULL;

  for (guint i = 0; priv->environment[i] != NULL; i++)
    if (strncmp (priv->environment[i], name, len) == 0 && priv->environment[i][len] == '=')
      return priv->environment[i] + len + 1;

  return NULL;
}

static const char *
effective_path (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);
  const char *path;

  if ((path = find_configured (self, "PATH")) != NULL)
    return path;
  if (priv->search_path != NULL)
    return priv->search_path;
  if ((path = g_getenv ("PATH")) != NULL && *path != '\0')
    return path;

  return FALLBACK_PATH;
}

/**
 * mcp_process_build_environment:
 * @self: a #McpProcess
 *
 * The environment the process gets: the allow-listed part of ours (shell
 * functions exported by bash skipped), PATH set to the search path, then the
 * configured variables.
 *
 * Returns: (transfer full): a %NULL-terminated array of `KEY=VALUE`
 */
char **
mcp_process_build_environment (McpProcess *self)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);
  g_auto(GStrv) ours = g_get_environ ();
  g_auto(GStrv) result = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  for (guint i = 0; ours[i] != NULL; i++)
    {
      const char *eq = strchr (ours[i], '=');

      if (eq == NULL || eq == ours[i])
        continue;
      if (g_str_has_prefix (eq + 1, "()"))
        continue;
      if (!is_allowed (ours[i], eq - ours[i]))
        continue;

      g_ptr_array_add (kept, g_strdup (ours[i]));
    }

  g_ptr_array_add (kept, NULL);
  result = (char **)g_ptr_array_free (g_steal_pointer (&kept), FALSE);

  result = g_environ_setenv (result, "PATH", effective_path (self), TRUE);

  if (priv->environment != NULL)
    {
      for (guint i = 0; priv->environment[i] != NULL; i++)
        {
          const char *eq = strchr (priv->environment[i], '=');
          g_autofree char *name = NULL;

          if (eq == NULL || eq == priv->environment[i])
            continue;

          name = g_strndup (priv->environment[i], eq - priv->environment[i]);
          result = g_environ_setenv (result, name, eq + 1, TRUE);
        }
    }

  return g_steal_pointer (&result);
}

static gboolean
is_executable_file (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_EXECUTABLE) &&
         !g_file_test (path, G_FILE_TEST_IS_DIR);
}

/**
 * mcp_process_resolve_command:
 * @self: a #McpProcess
 * @error: return location for an error
 *
 * Finds the program `argv[0]` names: a path with a slash as it is (relative
 * to #McpProcess:cwd), a bare name in the search path.
 *
 * Returns: (transfer full): the absolute path of the program, or %NULL with
 *   %MCP_ERROR_COMMAND_NOT_FOUND naming the command and the PATH searched
 */
char *
mcp_process_resolve_command (McpProcess  *self,
                             GError     **error)
{
  McpProcessPrivate *priv = mcp_process_get_instance_private (self);
  const char *name;
  const char *path;
  g_auto(GStrv) dirs = NULL;

  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  if (priv->argv == NULL || priv->argv[0] == NULL || priv->argv[0][0] == '\0')
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_SPAWN_FAILED, _("No command to run"));
      return NULL;
    }

  name = priv->argv[0];

  if (strchr (name, '/') != NULL)
    {
      g_autofree char *full = NULL;

      if (g_path_is_absolute (name))
        full = g_strdup (name);
      else if (priv->cwd != NULL)
        full = g_build_filename (priv->cwd, name, NULL);
      else
        full = g_canonicalize_filename (name, NULL);

      if (!g_file_test (full, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_COMMAND_NOT_FOUND,
                       _("command not found: %s"), name);
          return NULL;
        }

      if (!is_executable_file (full))
        {
          g_set_error (error, MCP_ERROR, MCP_ERROR_SPAWN_FAILED,
                       _("%s is not an executable file"), name);
          return NULL;
        }

      return g_steal_pointer (&full);
    }

  path = effective_path (self);
  dirs = g_strsplit (path, ":", -1);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *full = NULL;

      if (dirs[i][0] == '\0')
        continue;

      full = g_build_filename (dirs[i], name, NULL);
      if (is_executable_file (full))
        {
          if (!g_path_is_absolute (full))
            {
              char *abs = g_canonicalize_filename (full, priv->cwd);
              g_free (full);
              full = abs;
            }
          return g_steal_pointer (&full);
        }
    }

  g_set_error (error, MCP_ERROR, MCP_ERROR_COMMAND_NOT_FOUND,
               _("command not found: %s (searched: %s)"), name, path);

  return NULL;
}

void
mcp_process_spawn_async (McpProcess          *self,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_return_if_fail (MCP_IS_PROCESS (self));

  MCP_PROCESS_GET_CLASS (self)->spawn_async (self, cancellable, callback, user_data);
}

gboolean
mcp_process_spawn_finish (McpProcess    *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (MCP_IS_PROCESS (self), FALSE);

  return MCP_PROCESS_GET_CLASS (self)->spawn_finish (self, result, error);
}

GOutputStream *
mcp_process_get_stdin_pipe (McpProcess *self)
{
  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return MCP_PROCESS_GET_CLASS (self)->get_stdin_pipe (self);
}

GInputStream *
mcp_process_get_stdout_pipe (McpProcess *self)
{
  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return MCP_PROCESS_GET_CLASS (self)->get_stdout_pipe (self);
}

GInputStream *
mcp_process_get_stderr_pipe (McpProcess *self)
{
  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  return MCP_PROCESS_GET_CLASS (self)->get_stderr_pipe (self);
}

void
mcp_process_send_signal (McpProcess *self,
                         int         signum)
{
  g_return_if_fail (MCP_IS_PROCESS (self));

  MCP_PROCESS_GET_CLASS (self)->send_signal (self, signum);
}

void
mcp_process_wait_async (McpProcess          *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_return_if_fail (MCP_IS_PROCESS (self));

  MCP_PROCESS_GET_CLASS (self)->wait_async (self, cancellable, callback, user_data);
}

gboolean
mcp_process_wait_finish (McpProcess    *self,
                         GAsyncResult  *result,
                         int           *exit_status,
                         int           *term_signal,
                         GError       **error)
{
  int status = -1;
  int sig = 0;
  gboolean ret;

  g_return_val_if_fail (MCP_IS_PROCESS (self), FALSE);

  ret = MCP_PROCESS_GET_CLASS (self)->wait_finish (self, result, &status, &sig, error);

  if (exit_status != NULL)
    *exit_status = status;
  if (term_signal != NULL)
    *term_signal = sig;

  return ret;
}

/**
 * mcp_process_get_identifier:
 * @self: a #McpProcess
 *
 * Returns: (nullable): a short identifier for logs (the pid), once spawned
 */
const char *
mcp_process_get_identifier (McpProcess *self)
{
  g_return_val_if_fail (MCP_IS_PROCESS (self), NULL);

  if (MCP_PROCESS_GET_CLASS (self)->get_identifier == NULL)
    return NULL;

  return MCP_PROCESS_GET_CLASS (self)->get_identifier (self);
}

static const char *
signal_name (int signum)
{
  switch (signum)
    {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGSEGV: return "SIGSEGV";
    case SIGPIPE: return "SIGPIPE";
    case SIGALRM: return "SIGALRM";
    case SIGTERM: return "SIGTERM";
    case SIGUSR1: return "SIGUSR1";
    case SIGUSR2: return "SIGUSR2";
    default: return NULL;
    }
}

/**
 * mcp_process_describe_exit:
 * @exit_status: the exit status, or -1
 * @term_signal: the signal that ended the process, or 0
 *
 * Returns: (transfer full): "exited with status 3", "was killed by signal 9
 *   (SIGKILL)", to follow "the server"
 */
char *
mcp_process_describe_exit (int exit_status,
                           int term_signal)
{
  if (term_signal > 0)
    {
      const char *name = signal_name (term_signal);

      if (name != NULL)
        return g_strdup_printf (_("was killed by signal %d (%s)"), term_signal, name);

      return g_strdup_printf (_("was killed by signal %d"), term_signal);
    }

  if (exit_status >= 0)
    return g_strdup_printf (_("exited with status %d"), exit_status);

  return g_strdup (_("ended"));
}
