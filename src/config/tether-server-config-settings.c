/* tether-server-config-settings.c — Tether's own settings of a server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include "tether-server-config-private.h"

/* The timeouts, attempts and waits of the "tether" object, each -1 while
 * unset ("use the default"). Set through their properties, so a change is
 * notified once. */

static int
get_setting (TetherServerConfig  *self,
             TetherServerSetting  setting)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), -1);

  return self->settings[setting];
}

static void
set_setting (TetherServerConfig  *self,
             TetherServerSetting  setting,
             int                  value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (value >= -1);

  g_object_set (self, _tether_server_settings[setting].property, value, NULL);
}

/**
 * tether_server_config_get_connect_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:connect-timeout; -1 when unset
 */
int
tether_server_config_get_connect_timeout (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_CONNECT_TIMEOUT);
}

/**
 * tether_server_config_set_connect_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_connect_timeout (TetherServerConfig *self,
                                          int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_CONNECT_TIMEOUT, msec);
}

/**
 * tether_server_config_get_request_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:request-timeout; -1 when unset
 */
int
tether_server_config_get_request_timeout (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_REQUEST_TIMEOUT);
}

/**
 * tether_server_config_set_request_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_request_timeout (TetherServerConfig *self,
                                          int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_REQUEST_TIMEOUT, msec);
}

/**
 * tether_server_config_get_tool_timeout:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:tool-timeout; -1 when unset
 */
int
tether_server_config_get_tool_timeout (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_TOOL_TIMEOUT);
}

/**
 * tether_server_config_set_tool_timeout:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_tool_timeout (TetherServerConfig *self,
                                       int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_TOOL_TIMEOUT, msec);
}

/**
 * tether_server_config_get_tool_timeout_max:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:tool-timeout-max; -1 when unset
 */
int
tether_server_config_get_tool_timeout_max (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_TOOL_TIMEOUT_MAX);
}

/**
 * tether_server_config_set_tool_timeout_max:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_tool_timeout_max (TetherServerConfig *self,
                                           int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_TOOL_TIMEOUT_MAX, msec);
}

/**
 * tether_server_config_get_ping_interval:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:ping-interval; -1 when unset
 */
int
tether_server_config_get_ping_interval (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_PING_INTERVAL);
}

/**
 * tether_server_config_set_ping_interval:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, 0 for no pings, or -1 to unset
 */
void
tether_server_config_set_ping_interval (TetherServerConfig *self,
                                        int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_PING_INTERVAL, msec);
}

/**
 * tether_server_config_get_connect_attempts:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:connect-attempts; -1 when unset
 */
int
tether_server_config_get_connect_attempts (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_CONNECT_ATTEMPTS);
}

/**
 * tether_server_config_set_connect_attempts:
 * @self: a #TetherServerConfig
 * @attempts: at least 1, or -1 to unset
 */
void
tether_server_config_set_connect_attempts (TetherServerConfig *self,
                                           int                 attempts)
{
  set_setting (self, TETHER_SERVER_SETTING_CONNECT_ATTEMPTS, attempts);
}

/**
 * tether_server_config_get_retry_delay:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:retry-delay; -1 when unset
 */
int
tether_server_config_get_retry_delay (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_RETRY_DELAY);
}

/**
 * tether_server_config_set_retry_delay:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_retry_delay (TetherServerConfig *self,
                                      int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_RETRY_DELAY, msec);
}

/**
 * tether_server_config_get_reconnect_delay_max:
 * @self: a #TetherServerConfig
 *
 * Returns: see #TetherServerConfig:reconnect-delay-max; -1 when unset
 */
int
tether_server_config_get_reconnect_delay_max (TetherServerConfig *self)
{
  return get_setting (self, TETHER_SERVER_SETTING_RECONNECT_DELAY_MAX);
}

/**
 * tether_server_config_set_reconnect_delay_max:
 * @self: a #TetherServerConfig
 * @msec: milliseconds, or -1 to unset
 */
void
tether_server_config_set_reconnect_delay_max (TetherServerConfig *self,
                                              int                 msec)
{
  set_setting (self, TETHER_SERVER_SETTING_RECONNECT_DELAY_MAX, msec);
}

/**
 * tether_server_config_get_roots:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer none) (nullable): the folders offered to the server
 *   as its roots, as written in the configuration (`~` not expanded)
 */
const char * const *
tether_server_config_get_roots (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *)self->roots;
}

/**
 * tether_server_config_set_roots:
 * @self: a #TetherServerConfig
 * @roots: (nullable): folders, each valid for
 *   tether_server_config_root_is_valid(); %NULL to leave the setting out
 *   (an empty list is written as one)
 */
void
tether_server_config_set_roots (TetherServerConfig *self,
                                const char * const *roots)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (self->roots == NULL && roots == NULL)
    return;
  if (self->roots != NULL && roots != NULL && g_strv_equal ((const char * const *)self->roots, roots))
    return;

  g_strfreev (self->roots);
  self->roots = g_strdupv ((char **)roots);
}

/**
 * tether_server_config_root_is_valid:
 * @root: a root as written in the configuration
 *
 * A root is an absolute path, or `~` or `~/…` for the home folder: a
 * relative path would depend on where Tether happens to run.
 *
 * Returns: whether @root can be used
 */
gboolean
tether_server_config_root_is_valid (const char *root)
{
  if (root == NULL || *root == '\0' || !g_utf8_validate (root, -1, NULL))
    return FALSE;

  return g_path_is_absolute (root) || g_str_equal (root, "~") || g_str_has_prefix (root, "~/");
}

/**
 * tether_server_config_dup_root_paths:
 * @self: a #TetherServerConfig
 *
 * The roots as folders: `~` and `~/…` expanded to the home folder, each
 * made canonical (no `.`, `..` or doubled slashes), those that are not
 * valid (tether_server_config_root_is_valid()) left out.
 *
 * Returns: (transfer full): the absolute paths, perhaps none
 */
char **
tether_server_config_dup_root_paths (TetherServerConfig *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  for (guint i = 0; self->roots != NULL && self->roots[i] != NULL; i++)
    {
      const char *root = self->roots[i];
      g_autofree char *path = NULL;

      if (!tether_server_config_root_is_valid (root))
        continue;
      if (root[0] == '~')
        path = g_canonicalize_filename (root[1] == '/' ? root + 2 : "", g_get_home_dir ());
      else
        path = g_canonicalize_filename (root, NULL);
      g_strv_builder_add (builder, path);
    }

  return g_strv_builder_end (builder);
}
