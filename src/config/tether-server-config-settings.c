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
