/* tether-server-timings.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-timings"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "mcp-http-transport.h"
#include "tether-config-error.h"
#include "tether-config-lock.h"
#include "tether-server-config.h"
#include "tether-server-timings.h"

void
tether_server_timings_init_defaults (TetherServerTimings *timings)
{
  g_return_if_fail (timings != NULL);

  timings->connect_attempts = 3;
  timings->connect_retry_delay_ms = 1000;
  timings->connect_timeout_ms = 60 * 1000;
  timings->connect_timeout_cap_ms = 5 * 60 * 1000;
  timings->list_timeout_ms = 15 * 1000;
  timings->ping_timeout_ms = 5 * 1000;
  timings->call_timeout_ms = 60 * 1000;
  timings->call_timeout_max_ms = 10 * 60 * 1000;
  timings->ping_interval_ms = 0;
  timings->reconnect_delay_ms = 1000;
  timings->reconnect_delay_max_ms = 60 * 1000;
  timings->reconnect_jitter = 0.2;
  timings->max_quick_failures = 5;
  timings->healthy_after_ms = 60 * 1000;
  timings->stop_grace_ms = 2000;
  timings->list_changed_delay_ms = 300;
  timings->config_lock_wait_ms = TETHER_CONFIG_LOCK_DEFAULT_WAIT_MS;
  timings->stream_resume_delay_ms = MCP_HTTP_DEFAULT_RECONNECT_DELAY_MS;
  timings->stream_resume_delay_max_ms = MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS;
  timings->stream_retry_max_ms = MCP_HTTP_DEFAULT_RETRY_DELAY_MAX_MS;
}

static void
apply_if_set (guint *field,
              int    value)
{
  if (value >= 0)
    *field = (guint)value;
}

/**
 * tether_server_timings_apply_config:
 * @timings: timings to change
 * @config: a server's configuration
 *
 * Applies what @config sets for itself over @timings. Remote servers get
 * liveness pings every 30 s unless their config says otherwise: for HTTP a
 * ping is the only honest sign of life.
 */
void
tether_server_timings_apply_config (TetherServerTimings *timings,
                                    TetherServerConfig  *config)
{
  g_return_if_fail (timings != NULL);
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (config));

  if (tether_server_kind_is_remote (tether_server_config_get_kind (config)) &&
      timings->ping_interval_ms == 0)
    timings->ping_interval_ms = 30 * 1000;

  apply_if_set (&timings->connect_timeout_ms, tether_server_config_get_connect_timeout (config));
  apply_if_set (&timings->list_timeout_ms, tether_server_config_get_request_timeout (config));
  apply_if_set (&timings->call_timeout_ms, tether_server_config_get_tool_timeout (config));
  apply_if_set (&timings->call_timeout_max_ms, tether_server_config_get_tool_timeout_max (config));
  apply_if_set (&timings->ping_interval_ms, tether_server_config_get_ping_interval (config));
  apply_if_set (&timings->connect_attempts, tether_server_config_get_connect_attempts (config));
  apply_if_set (&timings->connect_retry_delay_ms, tether_server_config_get_retry_delay (config));
  apply_if_set (&timings->reconnect_delay_max_ms, tether_server_config_get_reconnect_delay_max (config));

  if (timings->connect_attempts == 0)
    timings->connect_attempts = 1;
  if (timings->connect_timeout_cap_ms < timings->connect_timeout_ms)
    timings->connect_timeout_cap_ms = timings->connect_timeout_ms;
  if (timings->call_timeout_max_ms < timings->call_timeout_ms)
    timings->call_timeout_max_ms = timings->call_timeout_ms;
  if (timings->reconnect_delay_max_ms < timings->reconnect_delay_ms)
    timings->reconnect_delay_max_ms = timings->reconnect_delay_ms;
}

typedef struct
{
  const char *name;
  gsize       offset;
  gboolean    is_double;
} TimingField;

#define FIELD(name) { #name, G_STRUCT_OFFSET (TetherServerTimings, name), FALSE }

static const TimingField fields[] = {
  FIELD (connect_attempts),
  FIELD (connect_retry_delay_ms),
  FIELD (connect_timeout_ms),
  FIELD (connect_timeout_cap_ms),
  FIELD (list_timeout_ms),
  FIELD (ping_timeout_ms),
  FIELD (call_timeout_ms),
  FIELD (call_timeout_max_ms),
  FIELD (ping_interval_ms),
  FIELD (reconnect_delay_ms),
  FIELD (reconnect_delay_max_ms),
  { "reconnect_jitter", G_STRUCT_OFFSET (TetherServerTimings, reconnect_jitter), TRUE },
  FIELD (max_quick_failures),
  FIELD (healthy_after_ms),
  FIELD (stop_grace_ms),
  FIELD (list_changed_delay_ms),
  FIELD (config_lock_wait_ms),
  FIELD (stream_resume_delay_ms),
  FIELD (stream_resume_delay_max_ms),
  FIELD (stream_retry_max_ms),
};

#undef FIELD

/**
 * tether_server_timings_parse:
 * @timings: timings to change
 * @spec: `name=value` pairs separated by commas, names as in
 *   #TetherServerTimings (`healthy_after_ms=500,max_quick_failures=3`)
 * @error: where to put an error
 *
 * Overrides timings from a compact text, as given to `tether-cli --timings`
 * or in `TETHER_TIMINGS`. On error @timings is left unchanged.
 *
 * Returns: %TRUE if @spec was valid
 */
gboolean
tether_server_timings_parse (TetherServerTimings  *timings,
                             const char           *spec,
                             GError              **error)
{
  g_auto(GStrv) pairs = NULL;
  TetherServerTimings copy;

  g_return_val_if_fail (timings != NULL, FALSE);

  if (spec == NULL || *spec == '\0')
    return TRUE;

  copy = *timings;
  pairs = g_strsplit (spec, ",", -1);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *pair = g_strstrip (pairs[i]);
      const char *eq = strchr (pair, '=');
      g_autofree char *name = NULL;
      const TimingField *field = NULL;
      char *end = NULL;

      if (*pair == '\0')
        continue;

      if (eq == NULL)
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("Timing “%s” has no value (expected name=value)"), pair);
          return FALSE;
        }

      name = g_strndup (pair, eq - pair);
      for (guint j = 0; j < G_N_ELEMENTS (fields); j++)
        if (g_str_equal (fields[j].name, name))
          field = &fields[j];

      if (field == NULL)
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("Unknown timing “%s”"), name);
          return FALSE;
        }

      if (field->is_double)
        {
          double value = g_ascii_strtod (eq + 1, &end);

          if (end == eq + 1 || *end != '\0' || value < 0 || value > 1)
            {
              g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                           _("Timing “%s” must be a number from 0 to 1"), name);
              return FALSE;
            }
          G_STRUCT_MEMBER (double, &copy, field->offset) = value;
        }
      else
        {
          guint64 value;

          if (!g_ascii_string_to_unsigned (eq + 1, 10, 0, G_MAXINT, &value, NULL))
            {
              g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                           _("Timing “%s” must be a whole number"), name);
              return FALSE;
            }
          G_STRUCT_MEMBER (guint, &copy, field->offset) = (guint)value;
        }
    }

  *timings = copy;

  return TRUE;
}

/**
 * tether_server_timings_connect_delay:
 * @timings: the timings
 * @attempt: the attempt about to be made, from 1
 *
 * Returns: how long to wait before @attempt of a connection round, in ms
 */
guint
tether_server_timings_connect_delay (const TetherServerTimings *timings,
                                     guint                      attempt)
{
  g_return_val_if_fail (timings != NULL, 0);

  if (attempt <= 1)
    return 0;

  return (attempt - 1) * timings->connect_retry_delay_ms;
}

/**
 * tether_server_timings_reconnect_delay:
 * @timings: the timings
 * @failures: failures in a row so far, from 1
 * @random: a number in [0, 1) that picks the jitter
 *
 * The wait before reconnecting a server that died: the first delay, doubled
 * for each further failure, capped, then varied by the jitter (and capped
 * again, so the cap is a promise).
 *
 * Returns: the wait in ms
 */
guint
tether_server_timings_reconnect_delay (const TetherServerTimings *timings,
                                       guint                      failures,
                                       double                     random)
{
  double delay;
  double factor;

  g_return_val_if_fail (timings != NULL, 0);

  delay = timings->reconnect_delay_ms;
  for (guint i = 1; i < failures && delay < timings->reconnect_delay_max_ms; i++)
    delay *= 2;
  delay = MIN (delay, (double)timings->reconnect_delay_max_ms);

  factor = 1.0 + timings->reconnect_jitter * (2.0 * CLAMP (random, 0.0, 1.0) - 1.0);
  delay = MIN (delay * factor, (double)timings->reconnect_delay_max_ms);

  return (guint)MAX (0.0, round (delay));
}
