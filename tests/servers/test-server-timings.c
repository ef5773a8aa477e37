/* test-server-timings.c — the arithmetic of the connection rules
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-config-error.h"
#include "tether-server-config.h"
#include "tether-server-timings.h"
#include "tether-transport-factory.h"

static void
test_defaults (void)
{
  TetherServerTimings t;

  tether_server_timings_init_defaults (&t);
  g_assert_cmpuint (t.connect_attempts, ==, 3);
  g_assert_cmpuint (t.connect_timeout_ms, ==, 60000);
  g_assert_cmpuint (t.list_timeout_ms, ==, 15000);
  g_assert_cmpuint (t.ping_timeout_ms, ==, 5000);
  g_assert_cmpuint (t.call_timeout_ms, ==, 60000);
  g_assert_cmpuint (t.reconnect_delay_ms, ==, 1000);
  g_assert_cmpuint (t.reconnect_delay_max_ms, ==, 60000);
  g_assert_cmpuint (t.ping_interval_ms, ==, 0);
  g_assert_cmpuint (t.config_lock_wait_ms, ==, 10000);
  g_assert_cmpuint (t.stream_resume_delay_ms, ==, 1000);
  g_assert_cmpuint (t.stream_resume_delay_max_ms, ==, 30000);
  g_assert_cmpuint (t.stream_retry_max_ms, ==, 60000);
}

/* Rule 1: waits of 0 s, 1 s, 2 s before attempts 1, 2, 3. */
static void
test_connect_delays (void)
{
  TetherServerTimings t;

  tether_server_timings_init_defaults (&t);
  g_assert_cmpuint (tether_server_timings_connect_delay (&t, 1), ==, 0);
  g_assert_cmpuint (tether_server_timings_connect_delay (&t, 2), ==, 1000);
  g_assert_cmpuint (tether_server_timings_connect_delay (&t, 3), ==, 2000);
}

/* Rule 5: 1 s doubling to 60 s; jitter within bounds, the cap a promise. */
static void
test_reconnect_backoff (void)
{
  TetherServerTimings t;
  guint expected[] = { 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000 };

  tether_server_timings_init_defaults (&t);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, i + 1, 0.5), ==, expected[i]);

  /* jitter ±20 %: the extremes */
  g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, 1, 0.0), ==, 800);
  g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, 1, 1.0), ==, 1200);
  g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, 3, 0.0), ==, 3200);
  /* never past the cap, whatever the jitter */
  g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, 30, 1.0), ==, 60000);
  g_assert_cmpuint (tether_server_timings_reconnect_delay (&t, 1000, 0.0), ==, 48000);

  for (guint i = 0; i < 1000; i++)
    {
      guint failures = g_random_int_range (1, 12);
      guint d = tether_server_timings_reconnect_delay (&t, failures, g_random_double ());

      g_assert_cmpuint (d, >=, 800);
      g_assert_cmpuint (d, <=, 60000);
    }
}

static void
test_parse (void)
{
  TetherServerTimings t;
  g_autoptr(GError) error = NULL;

  tether_server_timings_init_defaults (&t);
  g_assert_true (tether_server_timings_parse (&t, "healthy_after_ms=500, max_quick_failures=2,reconnect_jitter=0", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.healthy_after_ms, ==, 500);
  g_assert_cmpuint (t.max_quick_failures, ==, 2);
  g_assert_cmpfloat (t.reconnect_jitter, ==, 0.0);

  g_assert_false (tether_server_timings_parse (&t, "bogus=1", &error));
  g_assert_nonnull (strstr (error->message, "bogus"));
  g_clear_error (&error);
  g_assert_false (tether_server_timings_parse (&t, "max_quick_failures=-1", &error));
  g_clear_error (&error);
  g_assert_false (tether_server_timings_parse (&t, "list_timeout_ms", &error));
  g_clear_error (&error);
  /* a failed parse changes nothing */
  g_assert_cmpuint (t.max_quick_failures, ==, 2);
}

static void
test_apply_config (void)
{
  TetherServerTimings t;
  g_autoptr(TetherServerConfig) stdio = tether_server_config_new ("s");
  g_autoptr(TetherServerConfig) http = tether_server_config_new ("h");

  tether_server_timings_init_defaults (&t);
  tether_server_config_set_command (stdio, "true");
  tether_server_config_set_tool_timeout (stdio, 120000);
  tether_server_config_set_connect_attempts (stdio, 5);
  tether_server_timings_apply_config (&t, stdio);
  g_assert_cmpuint (t.call_timeout_ms, ==, 120000);
  g_assert_cmpuint (t.connect_attempts, ==, 5);
  g_assert_cmpuint (t.ping_interval_ms, ==, 0);
  g_assert_cmpuint (t.list_timeout_ms, ==, 15000);

  /* liveness pings are on for HTTP unless configured */
  tether_server_timings_init_defaults (&t);
  tether_server_config_set_kind (http, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (http, "http://127.0.0.1:1/mcp");
  tether_server_timings_apply_config (&t, http);
  g_assert_cmpuint (t.ping_interval_ms, ==, 30000);
}

/* The waits before an HTTP server's dropped event stream is resumed are
 * timings like the others: parsed from TETHER_TIMINGS, and given to the
 * transport of every HTTP server. */
static void
test_http_stream_waits (void)
{
  const TetherServerKind kinds[] = { TETHER_SERVER_KIND_HTTP, TETHER_SERVER_KIND_SSE, TETHER_SERVER_KIND_AUTO };
  TetherServerTimings t;
  g_autoptr(GError) error = NULL;

  tether_server_timings_init_defaults (&t);
  g_assert_true (tether_server_timings_parse (&t, "stream_resume_delay_ms=20,stream_resume_delay_max_ms=40,"
                                                  "stream_retry_max_ms=80", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.stream_resume_delay_ms, ==, 20);
  g_assert_cmpuint (t.stream_resume_delay_max_ms, ==, 40);
  g_assert_cmpuint (t.stream_retry_max_ms, ==, 80);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(TetherServerConfig) config = tether_server_config_new ("h");
      g_autoptr(McpTransport) transport = NULL;
      McpHttpTransport *http;

      tether_server_config_set_kind (config, kinds[i]);
      tether_server_config_set_url (config, "http://127.0.0.1:1/mcp");
      transport = tether_transport_factory_create (config, &t, MCP_HTTP_MODE_AUTO, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (MCP_IS_HTTP_TRANSPORT (transport));

      http = MCP_HTTP_TRANSPORT (transport);
      g_assert_cmpuint (mcp_http_transport_get_reconnect_delay (http), ==, 20);
      g_assert_cmpuint (mcp_http_transport_get_reconnect_delay_max (http), ==, 40);
      g_assert_cmpuint (mcp_http_transport_get_retry_delay_max (http), ==, 80);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Timings/defaults", test_defaults);
  g_test_add_func ("/Tether/Timings/connect-delays", test_connect_delays);
  g_test_add_func ("/Tether/Timings/reconnect-backoff", test_reconnect_backoff);
  g_test_add_func ("/Tether/Timings/parse", test_parse);
  g_test_add_func ("/Tether/Timings/apply-config", test_apply_config);
  g_test_add_func ("/Tether/Timings/http-stream-waits", test_http_stream_waits);

  return g_test_run ();
}
