/* tether-process.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-process"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-process.h"
#include "tether-process-private.h"
#include "tether-spawn-error.h"

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

#define FALLBACK_PATH TETHER_PROCESS_FALLBACK_PATH

typedef struct
{
  char     **argv;
  char      *cwd;
  char     **environment;
  char      *search_path;
  char     **base_environment;
  gboolean   inherit_environment;
} TetherProcessPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TetherProcess, tether_process, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ARGV,
  PROP_CWD,
  PROP_ENVIRONMENT,
  PROP_SEARCH_PATH,
  PROP_BASE_ENVIRONMENT,
  PROP_INHERIT_ENVIRONMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* g_set_str() is GLib 2.76 */
static gboolean
set_str (char       **dest,
         const char  *value)
{
  if (g_strcmp0 (*dest, value) == 0)
    return FALSE;

  g_free (*dest);
  *dest = g_strdup (value);

  return TRUE;
}

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
tether_process_finalize (GObject *object)
{
  TetherProcess *self = (TetherProcess *)object;
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_clear_pointer (&priv->argv, g_strfreev);
  g_clear_pointer (&priv->cwd, g_free);
  g_clear_pointer (&priv->environment, g_strfreev);
  g_clear_pointer (&priv->search_path, g_free);
  g_clear_pointer (&priv->base_environment, g_strfreev);

  G_OBJECT_CLASS (tether_process_parent_class)->finalize (object);
}

static void
tether_process_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TetherProcess *self = TETHER_PROCESS (object);
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

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

    case PROP_BASE_ENVIRONMENT:
      g_value_set_boxed (value, priv->base_environment);
      break;

    case PROP_INHERIT_ENVIRONMENT:
      g_value_set_boolean (value, priv->inherit_environment);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_process_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TetherProcess *self = TETHER_PROCESS (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      tether_process_set_argv (self, g_value_get_boxed (value));
      break;

    case PROP_CWD:
      tether_process_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_ENVIRONMENT:
      tether_process_set_environment (self, g_value_get_boxed (value));
      break;

    case PROP_SEARCH_PATH:
      tether_process_set_search_path (self, g_value_get_string (value));
      break;

    case PROP_BASE_ENVIRONMENT:
      tether_process_set_base_environment (self, g_value_get_boxed (value));
      break;

    case PROP_INHERIT_ENVIRONMENT:
      tether_process_set_inherit_environment (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_process_real_find_program_async (TetherProcess       *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  char *program;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_process_real_find_program_async);

  program = tether_process_resolve_command (self, &error);
  if (program == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, program, g_free);
}

static char *
tether_process_real_find_program_finish (TetherProcess  *self,
                                         GAsyncResult   *result,
                                         GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
tether_process_class_init (TetherProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_process_finalize;
  object_class->get_property = tether_process_get_property;
  object_class->set_property = tether_process_set_property;

  klass->find_program_async = tether_process_real_find_program_async;
  klass->find_program_finish = tether_process_real_find_program_finish;

  /**
   * TetherProcess:argv:
   *
   * The command and its arguments. No shell is involved. A command without
   * a slash is looked up in the search path.
   */
  properties[PROP_ARGV] =
    g_param_spec_boxed ("argv", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherProcess:cwd:
   *
   * The working directory, or %NULL for ours.
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherProcess:environment:
   *
   * `KEY=VALUE` pairs added to (and overriding) the allow-listed part of the
   * user's environment. The values may be secrets: they are never logged.
   */
  properties[PROP_ENVIRONMENT] =
    g_param_spec_boxed ("environment", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherProcess:search-path:
   *
   * The PATH used to find the command and given to the process, or %NULL
   * for the user's PATH. A `PATH` in #TetherProcess:environment wins over it.
   */
  properties[PROP_SEARCH_PATH] =
    g_param_spec_string ("search-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherProcess:base-environment:
   *
   * The user's environment, as `KEY=VALUE` pairs, that the allow-list picks
   * from (e.g. what the login shell set up), or %NULL for ours. Its `PATH`
   * is the user's PATH when #TetherProcess:search-path is unset.
   */
  properties[PROP_BASE_ENVIRONMENT] =
    g_param_spec_boxed ("base-environment", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherProcess:inherit-environment:
   *
   * Give the process the whole environment of the session it runs in
   * (natively ours, on the host the session's) rather than the allow-listed
   * part, plus #TetherProcess:environment and the search path if set. For
   * Tether's own helpers, such as the login shell; never for servers.
   */
  properties[PROP_INHERIT_ENVIRONMENT] =
    g_param_spec_boolean ("inherit-environment", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_process_init (TetherProcess *self)
{
}

const char * const *
tether_process_get_argv (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return (const char * const *)priv->argv;
}

void
tether_process_set_argv (TetherProcess      *self,
                         const char * const *argv)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  if (set_strv (&priv->argv, argv))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARGV]);
}

const char *
tether_process_get_cwd (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return priv->cwd;
}

void
tether_process_set_cwd (TetherProcess *self,
                        const char    *cwd)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  if (set_str (&priv->cwd, cwd))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CWD]);
}

const char * const *
tether_process_get_environment (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return (const char * const *)priv->environment;
}

void
tether_process_set_environment (TetherProcess      *self,
                                const char * const *environment)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  if (set_strv (&priv->environment, environment))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENVIRONMENT]);
}

const char *
tether_process_get_search_path (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return priv->search_path;
}

void
tether_process_set_search_path (TetherProcess *self,
                                const char    *search_path)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  if (set_str (&priv->search_path, search_path))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_PATH]);
}

const char * const *
tether_process_get_base_environment (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return (const char * const *)priv->base_environment;
}

void
tether_process_set_base_environment (TetherProcess      *self,
                                     const char * const *environment)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  if (set_strv (&priv->base_environment, environment))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASE_ENVIRONMENT]);
}

gboolean
tether_process_get_inherit_environment (TetherProcess *self)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_val_if_fail (TETHER_IS_PROCESS (self), FALSE);

  return priv->inherit_environment;
}

void
tether_process_set_inherit_environment (TetherProcess *self,
                                        gboolean       inherit)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  g_return_if_fail (TETHER_IS_PROCESS (self));

  inherit = !!inherit;
  if (priv->inherit_environment == inherit)
    return;

  priv->inherit_environment = inherit;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INHERIT_ENVIRONMENT]);
}

/**
 * tether_process_get_environment_allow_list:
 *
 * Returns: the names of the user's variables a server inherits; a name
 *   ending in `*` is a prefix
 */
const char * const *
tether_process_get_environment_allow_list (void)
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

/* The PATH the process gets and its command is looked up in: a configured
 * PATH, else the search path, else the user's (@base's, or ours). */
static const char *
effective_path (TetherProcess      *self,
                const char * const *base)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);
  const char *path;

  if ((path = g_environ_getenv (priv->environment, "PATH")) != NULL)
    return path;
  if (priv->search_path != NULL)
    return priv->search_path;
  if (base != NULL)
    path = g_environ_getenv ((char **)base, "PATH");
  else if (priv->base_environment != NULL)
    path = g_environ_getenv (priv->base_environment, "PATH");
  else
    path = g_getenv ("PATH");
  if (path != NULL && *path != '\0')
    return path;

  return FALLBACK_PATH;
}

/**
 * _tether_process_get_search_path_in_effect:
 * @self: a #TetherProcess
 * @base: (nullable): the user's environment to take PATH from, or %NULL for
 *   #TetherProcess:base-environment or ours
 *
 * Returns: the PATH the command is looked up in and the process gets
 */
const char *
_tether_process_get_search_path_in_effect (TetherProcess      *self,
                                           const char * const *base)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return effective_path (self, base);
}

static char **
add_configured (TetherProcess  *self,
                char          **result)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);

  if (priv->environment == NULL)
    return result;

  for (guint i = 0; priv->environment[i] != NULL; i++)
    {
      const char *eq = strchr (priv->environment[i], '=');
      g_autofree char *name = NULL;

      if (eq == NULL || eq == priv->environment[i])
        continue;

      name = g_strndup (priv->environment[i], eq - priv->environment[i]);
      result = g_environ_setenv (result, name, eq + 1, TRUE);
    }

  return result;
}

/**
 * _tether_process_build_environment_from:
 * @self: a #TetherProcess
 * @base: (nullable): the user's environment, or %NULL for
 *   #TetherProcess:base-environment or ours
 *
 * Like tether_process_build_environment(), from @base.
 *
 * Returns: (transfer full): a %NULL-terminated array of `KEY=VALUE`
 */
char **
_tether_process_build_environment_from (TetherProcess      *self,
                                        const char * const *base)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);
  g_auto(GStrv) ours = NULL;
  g_auto(GStrv) result = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  if (base == NULL)
    base = (const char * const *)priv->base_environment;
  if (base == NULL)
    base = (const char * const *)(ours = g_get_environ ());

  if (priv->inherit_environment)
    {
      result = g_strdupv ((char **)base);
      if (priv->search_path != NULL)
        result = g_environ_setenv (result, "PATH", priv->search_path, TRUE);
      return add_configured (self, g_steal_pointer (&result));
    }

  for (guint i = 0; base[i] != NULL; i++)
    {
      const char *eq = strchr (base[i], '=');

      if (eq == NULL || eq == base[i])
        continue;
      if (g_str_has_prefix (eq + 1, "()"))
        continue;
      if (!is_allowed (base[i], eq - base[i]))
        continue;

      g_ptr_array_add (kept, g_strdup (base[i]));
    }

  g_ptr_array_add (kept, NULL);
  result = (char **)g_ptr_array_free (g_steal_pointer (&kept), FALSE);

  result = g_environ_setenv (result, "PATH", effective_path (self, base), TRUE);

  return add_configured (self, g_steal_pointer (&result));
}

/**
 * tether_process_build_environment:
 * @self: a #TetherProcess
 *
 * The environment the process gets: the allow-listed part of the user's
 * (#TetherProcess:base-environment, or ours; shell functions exported by bash
 * skipped), PATH set to the search path, then the configured variables. With
 * #TetherProcess:inherit-environment, all of the user's environment instead of
 * the allow-listed part. The backends add, when they spawn, the random token
 * of the process group (`TETHER_GROUP_TOKEN`) over any configured value.
 *
 * Returns: (transfer full): a %NULL-terminated array of `KEY=VALUE`
 */
char **
tether_process_build_environment (TetherProcess *self)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return _tether_process_build_environment_from (self, NULL);
}

static gboolean
is_executable_file (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_EXECUTABLE) &&
         !g_file_test (path, G_FILE_TEST_IS_DIR);
}

/**
 * tether_process_resolve_command:
 * @self: a #TetherProcess
 * @error: return location for an error
 *
 * Finds the program `argv[0]` names: a path with a slash as it is (relative
 * to #TetherProcess:cwd), a bare name in the search path.
 *
 * Returns: (transfer full): the absolute path of the program, or %NULL with
 *   %TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND naming the command and the PATH searched
 */
char *
tether_process_resolve_command (TetherProcess  *self,
                                GError        **error)
{
  TetherProcessPrivate *priv = tether_process_get_instance_private (self);
  const char *name;
  const char *path;
  g_auto(GStrv) dirs = NULL;

  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  if (priv->argv == NULL || priv->argv[0] == NULL || priv->argv[0][0] == '\0')
    {
      g_set_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED, _("No command to run"));
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
          g_set_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND,
                       _("command not found: %s"), name);
          return NULL;
        }

      if (!is_executable_file (full))
        {
          g_set_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_FAILED,
                       _("%s is not an executable file"), name);
          return NULL;
        }

      return g_steal_pointer (&full);
    }

  path = effective_path (self, NULL);
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

  g_set_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND,
               _("command not found: %s (searched: %s)"), name, path);

  return NULL;
}

/**
 * tether_process_find_program_async:
 * @self: a #TetherProcess
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Finds the program `argv[0]` names where the process would run (on the
 * host for #TetherHostProcess), in the search path in effect, without running
 * it.
 */
void
tether_process_find_program_async (TetherProcess       *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_PROCESS (self));

  TETHER_PROCESS_GET_CLASS (self)->find_program_async (self, cancellable, callback, user_data);
}

/**
 * tether_process_find_program_finish:
 * @self: a #TetherProcess
 * @result: the #GAsyncResult
 * @error: return location for an error
 *
 * Returns: (transfer full): the absolute path of the program, or %NULL with
 *   %TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND naming the command and where it looked (or
 *   another error if it could not look)
 */
char *
tether_process_find_program_finish (TetherProcess  *self,
                                    GAsyncResult   *result,
                                    GError        **error)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return TETHER_PROCESS_GET_CLASS (self)->find_program_finish (self, result, error);
}

void
tether_process_spawn_async (TetherProcess       *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_PROCESS (self));

  TETHER_PROCESS_GET_CLASS (self)->spawn_async (self, cancellable, callback, user_data);
}

gboolean
tether_process_spawn_finish (TetherProcess  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), FALSE);

  return TETHER_PROCESS_GET_CLASS (self)->spawn_finish (self, result, error);
}

GOutputStream *
tether_process_get_stdin_pipe (TetherProcess *self)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return TETHER_PROCESS_GET_CLASS (self)->get_stdin_pipe (self);
}

GInputStream *
tether_process_get_stdout_pipe (TetherProcess *self)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return TETHER_PROCESS_GET_CLASS (self)->get_stdout_pipe (self);
}

GInputStream *
tether_process_get_stderr_pipe (TetherProcess *self)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  return TETHER_PROCESS_GET_CLASS (self)->get_stderr_pipe (self);
}

void
tether_process_send_signal (TetherProcess *self,
                            int            signum)
{
  g_return_if_fail (TETHER_IS_PROCESS (self));

  TETHER_PROCESS_GET_CLASS (self)->send_signal (self, signum);
}

void
tether_process_wait_async (TetherProcess       *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_PROCESS (self));

  TETHER_PROCESS_GET_CLASS (self)->wait_async (self, cancellable, callback, user_data);
}

gboolean
tether_process_wait_finish (TetherProcess  *self,
                            GAsyncResult   *result,
                            int            *exit_status,
                            int            *term_signal,
                            GError        **error)
{
  int status = -1;
  int sig = 0;
  gboolean ret;

  g_return_val_if_fail (TETHER_IS_PROCESS (self), FALSE);

  ret = TETHER_PROCESS_GET_CLASS (self)->wait_finish (self, result, &status, &sig, error);

  if (exit_status != NULL)
    *exit_status = status;
  if (term_signal != NULL)
    *term_signal = sig;

  return ret;
}

/**
 * tether_process_get_identifier:
 * @self: a #TetherProcess
 *
 * Returns: (nullable): a short identifier for logs (the pid), once spawned
 */
const char *
tether_process_get_identifier (TetherProcess *self)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (self), NULL);

  if (TETHER_PROCESS_GET_CLASS (self)->get_identifier == NULL)
    return NULL;

  return TETHER_PROCESS_GET_CLASS (self)->get_identifier (self);
}

/**
 * tether_process_describe_exit:
 * @exit_status: the exit status, or -1
 * @term_signal: the signal that ended the process, or 0
 *
 * Returns: (transfer full): "exited with status 3", "was killed by signal 9
 *   (SIGKILL)", to follow "the server"
 */
char *
tether_process_describe_exit (int exit_status,
                              int term_signal)
{
  if (term_signal > 0)
    {
      const char *abbrev = sigabbrev_np (term_signal);

      if (abbrev != NULL)
        {
          g_autofree char *name = g_strconcat ("SIG", abbrev, NULL);

          return g_strdup_printf (_("was killed by signal %d (%s)"), term_signal, name);
        }

      return g_strdup_printf (_("was killed by signal %d"), term_signal);
    }

  if (exit_status >= 0)
    return g_strdup_printf (_("exited with status %d"), exit_status);

  return g_strdup (_("ended"));
}
