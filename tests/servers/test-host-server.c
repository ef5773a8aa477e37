/* test-host-server.c — TetherServer as it runs inside the Flatpak sandbox:
 * stdio servers on the host through the session bus's flatpak-session-
 * helper, the login shell asked on the host, and the missing permission
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fake /.flatpak-info makes tether_spawn_new_process() pick
 * TetherHostProcess, as in the sandbox; the helper is the real one, activated on the session bus of
 * dbus-run-session, so the processes really are its children. Suite
 * host-only: flatpak-builder's sandbox has no such bus.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tether-flatpak.h"
#include "tether-host-process.h"
#include "mcp-stdio-transport.h"
#include "tether-server.h"
#include "tether-shell-environment.h"
#include "tether-spawn-error.h"
#include "fake/fake-http-server.h"
#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  char                   *dir;
  char                   *count_file;
  char                   *info;
  TetherShellEnvironment *environment;
  TetherServerTimings     timings;
  guint                   fds_before;
} Fixture;

static const char granted_info[] =
  "[Application]\nname=io.github.tethermcp.Tether.Devel\n\n"
  "[Session Bus Policy]\norg.freedesktop.Flatpak=talk\n";

static const char denied_info[] =
  "[Application]\nname=io.github.tethermcp.Tether.Devel\n\n"
  "[Context]\nshared=network;ipc;\n";

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  const char *info = data;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_error ("no session bus: run under dbus-run-session (the host backend needs flatpak-session-helper)");

  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-host-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->count_file = g_build_filename (fixture->dir, "counts", NULL);
  fixture->info = g_build_filename (fixture->dir, "flatpak-info", NULL);
  g_assert_true (g_file_set_contents (fixture->info, info, -1, &error));
  tether_flatpak_set_info_path (fixture->info);
  g_assert_true (tether_flatpak_is_sandboxed ());

  /* A fresh one per test: the default is resolved once per process. */
  fixture->environment = tether_shell_environment_new ();

  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.connect_retry_delay_ms = 100;
  fixture->timings.connect_timeout_ms = 5000;
  fixture->timings.stop_grace_ms = 300;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  test_assert_finalized (g_steal_pointer (&fixture->environment));

  /* Nothing of the test's is left on the host: no server, no grandchild,
   * no shell. */
  test_assert_no_processes_matching (fixture->dir, 5000);
  test_assert_no_leftovers (fixture->fds_before, 0, 5000);

  tether_flatpak_set_info_path (NULL);
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->count_file, g_free);
  g_clear_pointer (&fixture->info, g_free);
}

static void
record_state_cb (TetherServer *server,
                 GParamSpec   *pspec,
                 GString      *states)
{
  g_string_append_printf (states, "%s%s", states->len > 0 ? " " : "",
                          tether_server_state_to_string (tether_server_get_state (server)));
}

static TetherServer *
new_server (Fixture            *fixture,
            TetherServerConfig *config,
            GString            *states)
{
  TetherServer *server = tether_server_new (config, &fixture->timings);

  tether_server_set_shell_environment (server, fixture->environment);
  if (states != NULL)
    g_signal_connect (server, "notify::state", G_CALLBACK (record_state_cb), states);

  return server;
}

static TetherHostProcess *
host_process (TetherServer *server)
{
  McpClient *client = tether_server_get_client (server);
  McpTransport *transport;
  TetherProcess *process;

  g_assert_nonnull (client);
  transport = mcp_client_get_transport (client);
  g_assert_true (MCP_IS_STDIO_TRANSPORT (transport));
  process = mcp_stdio_transport_get_process (MCP_STDIO_TRANSPORT (transport));
  g_assert_true (TETHER_IS_HOST_PROCESS (process));

  return TETHER_HOST_PROCESS (process);
}

static gboolean
log_contains (TetherServer *server,
              const char   *needle)
{
  g_autofree char *diagnostics = tether_server_dup_diagnostics (server);

  return strstr (diagnostics, needle) != NULL;
}

/* Without the permission: the stdio server fails at once, says how to
 * grant it, and is not retried; the HTTP server connects all the same. */
static void
test_permission_denied (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(TetherServerConfig) stdio = test_fake_server_config ("local", fixture->count_file, NULL);
  g_autoptr(TetherServerConfig) http = tether_server_config_new ("remote");
  g_autoptr(GString) states = g_string_new (NULL);
  FakeHttpServer *fake_http = fake_http_server_new ();
  TetherServer *local, *remote;
  const char *details;
  gint64 start;

  tether_server_config_set_kind (http, TETHER_SERVER_KIND_HTTP);
  tether_server_config_set_url (http, fake_http->url);

  /* Refused at once, in its own words, never as a connect timeout: one of
   * a minute here, which no load or sanitizer brings the refusal near. */
  fixture->timings.connect_timeout_ms = 60000;
  local = new_server (fixture, stdio, states);
  remote = new_server (fixture, http, NULL);
  start = g_get_monotonic_time ();
  tether_server_start (local);
  tether_server_start (remote);
  test_server_wait_settled (local, "waiting for the stdio server to fail");
  test_server_wait_settled (remote, "waiting for the HTTP server to connect");

  g_test_message ("states: %s", states->str);
  g_test_message ("error: %s", tether_server_get_error_message (local));
  details = tether_server_get_error_details (local);
  g_test_message ("details:\n%s", details);

  g_assert_cmpint (tether_server_get_state (local), ==, TETHER_SERVER_STATE_ERROR);
  g_assert_cmpstr (states->str, ==, "connecting error");
  g_assert_cmpuint (tether_server_get_attempt (local), ==, 1);
  g_test_message ("refused in %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint ((g_get_monotonic_time () - start) / 1000, <, fixture->timings.connect_timeout_ms / 2);
  g_assert_cmpstr (tether_server_get_error_message (local), ==,
                   "Tether may not run commands outside its Flatpak sandbox");
  g_assert_nonnull (strstr (details, "\n  flatpak override --user --talk-name=org.freedesktop.Flatpak "
                                     "io.github.tethermcp.Tether.Devel"));
  g_assert_true (log_contains (local, "flatpak override --user"));
  /* Nothing ran: the fake server never counted an initialize. */
  g_assert_cmpuint (test_read_count (fixture->count_file, "initialize"), ==, 0);

  g_assert_cmpint (tether_server_get_state (remote), ==, TETHER_SERVER_STATE_CONNECTED);

  /* Asked again, the same answer at once */
  g_string_truncate (states, 0);
  tether_server_reconnect (local);
  test_server_wait_settled (local, "waiting for the stdio server to fail again");
  g_assert_cmpstr (states->str, ==, "connecting error");

  g_signal_handlers_disconnect_by_data (local, states);
  test_server_stop (local);
  test_server_stop (remote);
  fake_http_server_free (fake_http);
}

/* With it: the server runs on the host, the whole group with it, and a
 * stop leaves nothing there (a grandchild that ignores SIGTERM and SIGHUP,
 * a leader that ignores end-of-file and SIGTERM). */
static void
test_runs_on_host (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(TetherServerConfig) config = test_fake_server_config ("local", fixture->count_file,
                                                                 "--grandchildren", "2", "--ignore-stdin-eof",
                                                                 "--ignore-sigterm", NULL);
  TetherServer *server;
  TetherHostProcess *process;
  pid_t pgid;
  gint64 start;

  server = new_server (fixture, config, NULL);
  tether_server_start (server);
  test_server_wait_settled (server, "waiting for the server to connect on the host");
  g_assert_cmpstr (tether_server_get_error_message (server), ==, NULL);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_true (tether_shell_environment_get_on_host (fixture->environment));

  process = host_process (server);
  pgid = (pid_t)tether_host_process_get_pid (process);
  g_assert_cmpint (pgid, >, 0);
  g_assert_cmpstr (tether_host_process_get_program (process), ==, FAKE_MCP_SERVER);
  g_assert_cmpuint (test_read_count (fixture->count_file, "initialize"), ==, 1);

  /* The leader, its two grandchildren and the group's watchdog (see
   * tether-host-process.c), in a group of their own */
  {
    gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (test_count_group (pgid) < 4 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE), g_usleep (10000);
    g_assert_cmpuint (test_count_group (pgid), ==, 4);
  }
  g_assert_cmpuint (test_stop_on_failure_matching (fixture->count_file), ==, 3);

  start = g_get_monotonic_time ();
  test_server_stop (server);
  g_test_message ("stopped in %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (test_count_group (pgid), ==, 0);
}

/* The login shell is asked on the host; its PATH finds, on the host, a
 * command only it knows, and the server runs. */
static void
test_login_shell_on_host (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *source = g_test_build_filename (G_TEST_BUILT, "fake-login-shell", NULL);
  g_autofree char *shell = g_build_filename (fixture->dir, "login-shell", NULL);
  g_autofree char *bin = g_build_filename (fixture->dir, "login-bin", NULL);
  g_autofree char *link = g_build_filename (bin, "tether-host-login-only", NULL);
  g_autofree char *prefix = g_strconcat (bin, ":", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *found = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("login");
  g_autoptr(GError) error = NULL;
  TetherServer *server;
  gsize length;

  /* The fake shell puts login-bin next to itself first in PATH. */
  g_assert_true (g_file_get_contents (source, &contents, &length, &error));
  g_assert_true (g_file_set_contents (shell, contents, length, &error));
  g_assert_cmpint (g_chmod (shell, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);
  tether_shell_environment_set_shell (fixture->environment, shell);

  tether_shell_environment_find_program_async (fixture->environment, "tether-host-login-only", NULL, NULL,
                                               test_store_result, &result);
  test_wait_for (&result);
  found = tether_shell_environment_find_program_finish (fixture->environment, result, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found, ==, link);

  g_test_message ("on the host in %u ms: PATH=%s", tether_shell_environment_get_elapsed_ms (fixture->environment),
                  tether_shell_environment_get_path (fixture->environment));
  g_assert_true (tether_shell_environment_get_on_host (fixture->environment));
  g_assert_true (tether_shell_environment_get_from_login_shell (fixture->environment));
  g_assert_cmpstr (tether_shell_environment_get_login_shell (fixture->environment), ==, shell);
  g_assert_true (g_str_has_prefix (tether_shell_environment_get_path (fixture->environment), prefix));

  /* Not found on the host: where it looked */
  g_clear_object (&result);
  g_clear_pointer (&found, g_free);
  tether_shell_environment_find_program_async (fixture->environment, "tether-nowhere-at-all", NULL, NULL,
                                               test_store_result, &result);
  test_wait_for (&result);
  found = tether_shell_environment_find_program_finish (fixture->environment, result, &error);
  g_assert_null (found);
  g_assert_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "on the host"));
  g_assert_nonnull (strstr (error->message, prefix));

  tether_server_config_set_command (config, "tether-host-login-only");
  server = new_server (fixture, config, NULL);
  tether_server_start (server);
  test_server_wait_settled (server, "waiting for the server to connect on the host");
  g_assert_cmpstr (tether_server_get_error_message (server), ==, NULL);
  g_assert_cmpstr (tether_host_process_get_program (host_process (server)), ==, link);
  test_server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  test_warm_up ();

  g_test_add ("/Servers/Host/permission-denied", Fixture, denied_info,
              fixture_setup, test_permission_denied, fixture_teardown);
  g_test_add ("/Servers/Host/runs-on-host", Fixture, granted_info,
              fixture_setup, test_runs_on_host, fixture_teardown);
  g_test_add ("/Servers/Host/login-shell-on-host", Fixture, granted_info,
              fixture_setup, test_login_shell_on_host, fixture_teardown);

  return g_test_run ();
}
