/* tether-server-timings.h — every duration of the connection rules
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TetherServerConfig TetherServerConfig;

/**
 * TetherServerTimings:
 * @connect_attempts: attempts in one connection round (the connection rules
 *   in src/README.md, rule 1)
 * @connect_retry_delay_ms: the wait before attempt n is (n - 1) × this:
 *   0 s, 1 s, 2 s by default
 * @connect_timeout_ms: how long one attempt may go without a sign of life
 *   (a line on stderr counts), so a first `npx -y` download is not cut short
 * @connect_timeout_cap_ms: the hard limit of one attempt, whatever stderr says
 * @list_timeout_ms: lists, gets and reads
 * @ping_timeout_ms: a ping
 * @call_timeout_ms: a tool call; progress restarts it
 * @call_timeout_max_ms: a tool call's hard limit, progress or not
 * @ping_interval_ms: liveness pings while connected; 0 = none
 * @reconnect_delay_ms: first wait before reconnecting a server that died
 * @reconnect_delay_max_ms: the waits double up to this
 * @reconnect_jitter: the waits vary by ± this fraction
 * @max_quick_failures: after this many failures in a row (failed rounds, or
 *   deaths before @healthy_after_ms), the server stops in `error`
 * @healthy_after_ms: connected this long, a server's failure count restarts
 * @stop_grace_ms: stdin closed → SIGTERM → SIGKILL, this long apart
 * @list_changed_delay_ms: list_changed notifications are coalesced this long
 * @config_lock_wait_ms: how long a change to the configuration file waits
 *   for another program (another `tether-cli`, the app) to let go of the
 *   file's lock before it fails
 * @stream_resume_delay_ms: an HTTP server's event stream that drops is
 *   resumed (or reopened) after this wait when the server gave no `retry`;
 *   at most 30 s
 * @stream_resume_delay_max_ms: that wait doubles at each attempt up to this
 * @stream_retry_max_ms: the longest wait a server's `retry` may ask for
 *
 * Defaults are those of the connection rules in src/README.md; a server's
 * config may override most of them, and tests shorten them all.
 */
typedef struct
{
  guint  connect_attempts;
  guint  connect_retry_delay_ms;
  guint  connect_timeout_ms;
  guint  connect_timeout_cap_ms;
  guint  list_timeout_ms;
  guint  ping_timeout_ms;
  guint  call_timeout_ms;
  guint  call_timeout_max_ms;
  guint  ping_interval_ms;
  guint  reconnect_delay_ms;
  guint  reconnect_delay_max_ms;
  double reconnect_jitter;
  guint  max_quick_failures;
  guint  healthy_after_ms;
  guint  stop_grace_ms;
  guint  list_changed_delay_ms;
  guint  config_lock_wait_ms;
  guint  stream_resume_delay_ms;
  guint  stream_resume_delay_max_ms;
  guint  stream_retry_max_ms;
} TetherServerTimings;

void   tether_server_timings_init_defaults     (TetherServerTimings       *timings);
void   tether_server_timings_apply_config      (TetherServerTimings       *timings,
                                                TetherServerConfig        *config);
gboolean tether_server_timings_parse           (TetherServerTimings       *timings,
                                                const char                *spec,
                                                GError                   **error);
guint  tether_server_timings_connect_delay     (const TetherServerTimings *timings,
                                                guint                      attempt);
guint  tether_server_timings_reconnect_delay   (const TetherServerTimings *timings,
                                                guint                      failures,
                                                double                     random);

G_END_DECLS
