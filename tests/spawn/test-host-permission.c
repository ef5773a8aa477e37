/* test-host-permission.c — whether we run in the Flatpak sandbox, and may
 * run commands on the host, from a fake /.flatpak-info; and the message
 * that says how to allow it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "tether-flatpak.h"
#include "tether-host-process.h"
#include "tether-native-process.h"
#include "tether-spawn.h"

#define OVERRIDE "flatpak override --user --talk-name=org.freedesktop.Flatpak "

static char *dir;

static void
use_info (const char *contents)
{
  g_autofree char *path = g_build_filename (dir, "flatpak-info", NULL);
  g_autoptr(GError) error = NULL;

  if (contents == NULL)
    {
      g_unlink (path);
      tether_flatpak_set_info_path (path);
      return;
    }

  g_assert_true (g_file_set_contents (path, contents, -1, &error));
  tether_flatpak_set_info_path (path);
}

static const char granted[] =
  "[Application]\n"
  "name=io.github.tethermcp.Tether\n"
  "runtime=runtime/org.gnome.Platform/x86_64/50\n"
  "\n"
  "[Instance]\n"
  "instance-id=1\n"
  "\n"
  "[Context]\n"
  "shared=network;ipc;\n"
  "sockets=x11;wayland;fallback-x11;\n"
  "\n"
  "[Session Bus Policy]\n"
  "org.freedesktop.Flatpak=talk\n";

static const char denied[] =
  "[Application]\n"
  "name=io.github.tethermcp.Tether\n"
  "\n"
  "[Context]\n"
  "shared=network;ipc;\n"
  "sockets=x11;wayland;fallback-x11;\n";

static void
assert_denied_message (const GError *error,
                       const char   *app_id)
{
  g_autofree char *command = g_strconcat (OVERRIDE, app_id, NULL);
  g_autofree char *first_line = NULL;
  const char *newline;

  g_assert_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_PERMISSION_DENIED);
  g_test_message ("%s", error->message);

  newline = strchr (error->message, '\n');
  g_assert_nonnull (newline);
  first_line = g_strndup (error->message, newline - error->message);
  g_assert_cmpstr (first_line, ==, "Tether may not run commands outside its Flatpak sandbox");

  /* The exact command, on a line of its own, to copy */
  {
    g_autofree char *line = g_strconcat ("\n  ", command, "\n", NULL);
    g_autofree char *last = g_strconcat ("\n  ", command, NULL);

    g_assert_true (strstr (error->message, line) != NULL || g_str_has_suffix (error->message, last));
  }
  g_assert_nonnull (strstr (error->message, "HTTP servers work without it"));
}

static void
test_granted (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(GError) error = NULL;

  use_info (granted);
  g_assert_true (tether_flatpak_is_sandboxed ());
  g_assert_true (tether_flatpak_check_host_permission (&error));
  g_assert_no_error (error);

  process = tether_spawn_new_process (argv);
  g_assert_true (TETHER_IS_HOST_PROCESS (process));
}

static void
test_denied (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;
  g_autofree char *app_id = NULL;

  use_info (denied);
  g_assert_true (tether_flatpak_is_sandboxed ());
  g_assert_false (tether_flatpak_check_host_permission (&error));
  assert_denied_message (error, "io.github.tethermcp.Tether");

  app_id = tether_flatpak_dup_app_id ();
  g_assert_cmpstr (app_id, ==, "io.github.tethermcp.Tether");
  command = tether_flatpak_dup_override_command ();
  g_assert_cmpstr (command, ==, OVERRIDE "io.github.tethermcp.Tether");
}

/* The development build's id, as /.flatpak-info names it */
static void
test_denied_devel (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *info = NULL;

  info = g_strdup_printf ("[Application]\nname=io.github.tethermcp.Tether.Devel\n\n"
                          "[Session Bus Policy]\norg.freedesktop.portal.*=talk\n");
  use_info (info);
  g_assert_false (tether_flatpak_check_host_permission (&error));
  assert_denied_message (error, "io.github.tethermcp.Tether.Devel");
}

/* "see" is not "talk"; a wildcard over the name is; so is the whole bus */
static void
test_policies (void)
{
  static const struct
  {
    const char *info;
    gboolean    permitted;
  } cases[] = {
    { "[Application]\nname=a.b.C\n[Session Bus Policy]\norg.freedesktop.Flatpak=see\n", FALSE },
    { "[Application]\nname=a.b.C\n[Session Bus Policy]\norg.freedesktop.Flatpak=own\n", TRUE },
    { "[Application]\nname=a.b.C\n[Session Bus Policy]\norg.freedesktop.*=talk\n", TRUE },
    { "[Application]\nname=a.b.C\n[Session Bus Policy]\norg.freedesktop.FlatpakX=talk\n", FALSE },
    { "[Application]\nname=a.b.C\n[Session Bus Policy]\norg.freedesktop.Flatpak.Development=talk\n", FALSE },
    { "[Application]\nname=a.b.C\n[Context]\nsockets=wayland;session-bus;\n", TRUE },
    { "[Application]\nname=a.b.C\n[Context]\nsockets=wayland;system-bus;\n", FALSE },
    { "this is not a key file", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      use_info (cases[i].info);
      g_test_message ("case %u: %s", i, cases[i].permitted ? "permitted" : "denied");
      g_assert_true (tether_flatpak_is_sandboxed ());
      g_assert_cmpint (tether_flatpak_check_host_permission (&error), ==, cases[i].permitted);
      if (!cases[i].permitted)
        g_assert_error (error, TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_PERMISSION_DENIED);
    }
}

/* flatpak-builder's sandbox runs the test suite: servers run in it. */
static void
test_build_sandbox (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(TetherProcess) process = NULL;

  use_info ("[Application]\nname=io.github.tethermcp.Tether\n\n[Instance]\nbuild=true\n");
  g_assert_false (tether_flatpak_is_sandboxed ());
  g_assert_true (tether_flatpak_check_host_permission (NULL));

  process = tether_spawn_new_process (argv);
  g_assert_true (TETHER_IS_NATIVE_PROCESS (process));
}

static void
test_not_sandboxed (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(TetherProcess) process = NULL;

  use_info (NULL);
  g_assert_false (tether_flatpak_is_sandboxed ());
  g_assert_true (tether_flatpak_check_host_permission (NULL));

  process = tether_spawn_new_process (argv);
  g_assert_true (TETHER_IS_NATIVE_PROCESS (process));
}

static void
store_result (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **)user_data = g_object_ref (result);
}

static void
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
}

/* A session bus that counts who knocks: a socket that accepts each
 * connection, counts it and hangs up. A refusal made before the bus is
 * touched leaves the count at 0, however slow the machine. */
typedef struct
{
  GSocketService *service;
  char           *path;
  char           *saved;     /* the address to restore */
  guint           knocks;
} WatchedBus;

static gboolean
knocked_cb (GSocketService    *service,
            GSocketConnection *connection,
            GObject           *source,
            gpointer           user_data)
{
  WatchedBus *bus = user_data;

  bus->knocks++;
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);

  return TRUE;
}

static WatchedBus *
watched_bus_new (void)
{
  WatchedBus *bus = g_new0 (WatchedBus, 1);
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  bus->path = g_build_filename (dir, "bus", NULL);
  address = g_unix_socket_address_new (bus->path);
  bus->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (bus->service), address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_DEFAULT, NULL, NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (bus->service, "incoming", G_CALLBACK (knocked_cb), bus);
  g_socket_service_start (bus->service);

  bus->saved = g_strdup (g_getenv ("DBUS_SESSION_BUS_ADDRESS"));
  value = g_strdup_printf ("unix:path=%s", bus->path);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", value, TRUE);

  return bus;
}

/* Checks that nobody knocked, restores the address, frees @bus. */
static void
watched_bus_finish (WatchedBus *bus)
{
  /* a connection under way would be accepted by now */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (bus->knocks, ==, 0);

  if (bus->saved != NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", bus->saved, TRUE);
  else
    g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");

  g_socket_service_stop (bus->service);
  g_socket_listener_close (G_SOCKET_LISTENER (bus->service));
  g_clear_object (&bus->service);
  g_unlink (bus->path);
  g_free (bus->path);
  g_free (bus->saved);
  g_free (bus);
}

/* Refused at once, before any bus is touched: the bus here counts the
 * connections made to it, and sees none. */
static void
test_spawn_refused (void)
{
  const char *argv[] = { "/bin/true", NULL };
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(GAsyncResult) spawned = NULL;
  g_autoptr(GAsyncResult) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *program = NULL;
  WatchedBus *bus = watched_bus_new ();

  use_info (denied);
  process = tether_spawn_new_process (argv);
  g_assert_true (TETHER_IS_HOST_PROCESS (process));

  tether_process_spawn_async (process, NULL, store_result, &spawned);
  wait_for (&spawned);
  g_assert_false (tether_process_spawn_finish (process, spawned, &error));
  assert_denied_message (error, "io.github.tethermcp.Tether");
  g_assert_cmpuint (tether_host_process_get_pid (TETHER_HOST_PROCESS (process)), ==, 0);
  g_clear_error (&error);

  tether_process_find_program_async (process, NULL, store_result, &found);
  wait_for (&found);
  program = tether_process_find_program_finish (process, found, &error);
  g_assert_null (program);
  assert_denied_message (error, "io.github.tethermcp.Tether");

  watched_bus_finish (bus);
}

/* The stdio transport reports the refusal in its own domain, in the code
 * that says so (a server that may not start is not retried), with the
 * message that says how to allow it. */
static void
test_transport_refused (void)
{
  const char *argv[] = { "/bin/true", NULL };
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GAsyncResult) opened = NULL;
  g_autoptr(GError) expected = NULL;
  g_autoptr(GError) error = NULL;
  WatchedBus *bus = watched_bus_new ();

  use_info (denied);
  g_assert_false (tether_flatpak_check_host_permission (&expected));
  process = tether_spawn_new_process (argv);
  g_assert_true (TETHER_IS_HOST_PROCESS (process));
  transport = mcp_stdio_transport_new (process);

  mcp_transport_open_async (transport, NULL, store_result, &opened);
  wait_for (&opened);
  g_assert_false (mcp_transport_open_finish (transport, opened, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_PERMISSION_DENIED);
  g_assert_cmpstr (error->message, ==, expected->message);
  g_assert_true (mcp_transport_is_closed (transport));

  watched_bus_finish (bus);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);

  dir = g_dir_make_tmp ("tether-flatpak-info-XXXXXX", NULL);
  g_assert_nonnull (dir);

  g_test_add_func ("/Mcp/HostPermission/granted", test_granted);
  g_test_add_func ("/Mcp/HostPermission/denied", test_denied);
  g_test_add_func ("/Mcp/HostPermission/denied-devel", test_denied_devel);
  g_test_add_func ("/Mcp/HostPermission/policies", test_policies);
  g_test_add_func ("/Mcp/HostPermission/build-sandbox", test_build_sandbox);
  g_test_add_func ("/Mcp/HostPermission/not-sandboxed", test_not_sandboxed);
  g_test_add_func ("/Mcp/HostPermission/spawn-refused", test_spawn_refused);
  g_test_add_func ("/Mcp/HostPermission/transport-refused", test_transport_refused);

  ret = g_test_run ();

  use_info (NULL);
  tether_flatpak_set_info_path (NULL);
  g_rmdir (dir);
  g_free (dir);

  return ret;
}
