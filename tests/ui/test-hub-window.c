/* test-hub-window.c — the hub in the window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with its real hub: the Hub page shows its URL and
 * copies it and the token (which no label ever shows), a real HTTP client
 * of the hub shows in Connected and its tool call in Activity, tool counts
 * warn past the chosen limit, a taken port is said with a way out, and
 * closing the window keeps servers and hub running until Quit.
 */

#include "config.h"

#include "hub-test-client.h"
#include "tether-background.h"
#include "tether-hub-control.h"
#include "tether-hub-view.h"
#include "tether-hub.h"
#include "tether-preferences-window.h"
#include "window-harness.h"

static TetherHub *
get_hub (Fixture *fixture)
{
  return tether_application_get_hub (fixture->app);
}

static TetherHubView *
show_hub (Fixture    *fixture,
          const char *page)
{
  TetherHubView *view;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-hub", NULL));
  tether_window_show_hub (fixture->window, page);
  view = find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW);
  g_assert_nonnull (view);
  wait_until (fixture, widget_mapped, view, 5000 * SLOWDOWN, "the Hub page");

  return view;
}

/* The row of @view titled @title, among the mapped ones */
static AdwActionRow *
find_action_row (gpointer    view,
                 const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (view), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);

  return NULL;
}

static gboolean
hub_running (Fixture       *fixture,
             gconstpointer  data)
{
  return tether_hub_get_running (get_hub (fixture)) == GPOINTER_TO_INT (data);
}

/* Every text the window shows (labels, with the toast's; entries;
 * tooltips): the toast says the token was copied, and nothing shows it. */
static gboolean
window_shows (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *texts = widget_texts (fixture->window);

  return strstr (texts, data) != NULL;
}

static void
assert_token_never_shown (Fixture    *fixture,
                          const char *token)
{
  g_autofree char *texts = NULL;

  wait_until (fixture, window_shows, "Token copied", 10000 * SLOWDOWN, "the toast");
  texts = widget_texts (fixture->window);
  g_assert_null (strstr (texts, token));
}

/* Endpoint: URL and token */

static void
endpoint_body (Fixture *fixture)
{
  TetherHub *hub = get_hub (fixture);
  TetherHubView *view;
  g_autofree char *token_path = g_build_filename (g_get_user_config_dir (), "tether", "hub-token", NULL);
  g_autofree char *token_file = NULL;
  g_autofree char *copied = NULL;
  AdwActionRow *row;

  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run");
  view = show_hub (fixture, "endpoint");

  row = find_action_row (view, "URL");
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (tether_hub_get_url (hub), "http://127.0.0.1:"));
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, tether_hub_get_url (hub));
  g_assert_cmpstr (adw_action_row_get_subtitle (find_action_row (view, "Hub")), ==, "Running");

  /* Copy URL */
  click (find_actionable (view, "hub.copy-url"));
  copied = read_clipboard (fixture);
  g_assert_cmpstr (copied, ==, tether_hub_get_url (hub));
  g_clear_pointer (&copied, g_free);

  /* Copy Token: the token of the file, on the clipboard only */
  g_assert_true (g_file_get_contents (token_path, &token_file, NULL, NULL));
  g_strstrip (token_file);
  g_assert_cmpuint (strlen (token_file), >=, 32);
  /* (the action, not click(), which waits longer than a toast shows under
   * a sanitizer) */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "hub.copy-token", NULL));
  assert_token_never_shown (fixture, token_file);
  copied = read_clipboard (fixture);
  g_assert_cmpstr (copied, ==, token_file);

  screenshot ("hub-endpoint.png");
}

static void
test_endpoint (Fixture       *fixture,
               gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": {} }");
  run_app (fixture, endpoint_body);
}

/* Connected and Activity, with a real client of the hub */

static gboolean
list_has_row (Fixture       *fixture,
              gconstpointer  data)
{
  const char * const *want = data;   /* the list's accessible name, a title, a subtitle part */
  TetherHubView *view = find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW);
  AdwActionRow *row = find_action_row (view, want[0]);

  return row != NULL && gtk_widget_get_mapped (GTK_WIDGET (row)) &&
         strstr (adw_action_row_get_subtitle (row), want[1]) != NULL;
}

static void
clients_body (Fixture *fixture)
{
  TetherHub *hub = get_hub (fixture);
  g_autoptr(HubTestClient) client = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  TetherHubView *view;
  JsonObject *result;
  const char * const session_row[] = { "hub-test 1", "Protocol 2025-11-25", NULL };
  const char * const call_row[] = { "good › echo", "Done", NULL };

  wait_connected (fixture, "good");
  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run");

  /* Nobody yet: the empty states say so. */
  view = show_hub (fixture, "clients");
  g_assert_nonnull (find_label (view, "No AI Clients Connected"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (find_label (view, "No AI Clients Connected"))));

  client = hub_test_client_new (tether_hub_get_url (hub), tether_hub_get_token (hub));
  hub_test_client_initialize (client, NULL);
  wait_until (fixture, list_has_row, session_row, 5000 * SLOWDOWN, "the client in Connected");
  screenshot ("hub-clients.png");

  tether_window_show_hub (fixture->window, "activity");
  reply = hub_test_client_post (client,
                                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                                "\"params\":{\"name\":\"good__echo\",\"arguments\":{\"message\":\"secret-argument\"}}}",
                                NULL);
  result = hub_test_reply_result (reply, 1);
  text = hub_test_result_text (result);
  g_assert_cmpstr (text, ==, "secret-argument");
  wait_until (fixture, list_has_row, call_row, 5000 * SLOWDOWN, "the call in Activity");

  /* The call shows with its client, never with its arguments. */
  shown = widget_texts (view);
  assert_contains (shown, "hub-test");
  g_assert_null (strstr (shown, "secret-argument"));
  screenshot ("hub-activity.png");

  /* The client leaves: Connected is empty again. */
  g_clear_pointer (&reply, hub_test_reply_free);
  reply = hub_test_client_request (client, "DELETE", NULL, NULL);
  hub_test_reply_wait (reply);
  g_assert_cmpuint (reply->status, ==, 200);
  tether_window_show_hub (fixture->window, "clients");
  wait_until (fixture, widget_mapped, find_label (view, "No AI Clients Connected"), 5000,
              "Connected to be empty");
}

static void
test_clients (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }", good);

  write_config (fixture, config);
  run_app (fixture, clients_body);
}

/* Profiles: tool counts and the limit */

static gboolean
endpoint_row_says (Fixture       *fixture,
                   gconstpointer  data)
{
  const char * const *want = data;   /* title, subtitle part */
  TetherHubView *view = find_descendant (fixture->window, TETHER_TYPE_HUB_VIEW);
  AdwActionRow *row = find_action_row (view, want[0]);

  return row != NULL && strstr (adw_action_row_get_subtitle (row), want[1]) != NULL;
}

static void
profiles_body (Fixture *fixture)
{
  GSettings *settings = tether_hub_control_get_settings (tether_application_get_hub_control (fixture->app));
  TetherHubView *view;
  AdwComboRow *limit_row;
  AdwActionRow *all;
  AdwActionRow *one;
  const char * const all_ten[] = { "All Servers", "10 tools", NULL };
  const char * const one_one[] = { "one", "1 tool", NULL };
  const char * const all_over[] = { "All Servers", "more than your limit of 5", NULL };
  const char * const all_cursor[] = { "All Servers", "10 tools · http://", NULL };

  wait_connected (fixture, "good");
  view = show_hub (fixture, "profiles");
  wait_until (fixture, endpoint_row_says, all_ten, 5000 * SLOWDOWN, "10 tools for every server");
  wait_until (fixture, endpoint_row_says, one_one, 5000 * SLOWDOWN, "1 tool for the profile");

  /* Cursor's 40: no warning */
  limit_row = find_descendant (view, ADW_TYPE_COMBO_ROW);
  adw_combo_row_set_selected (limit_row, 1);
  g_assert_cmpuint (g_settings_get_uint (settings, "hub-tool-limit"), ==, 40);
  wait_until (fixture, endpoint_row_says, all_cursor, 5000 * SLOWDOWN, "no warning under Cursor's limit");
  all = find_action_row (view, "All Servers");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (all), "warning"));

  /* A limit of one's own: 5 */
  g_settings_set_uint (settings, "hub-tool-limit", 5);
  wait_until (fixture, endpoint_row_says, all_over, 5000 * SLOWDOWN, "the warning past the limit");
  g_assert_cmpuint (adw_combo_row_get_selected (limit_row), ==, 5);   /* Other */
  all = find_action_row (view, "All Servers");
  one = find_action_row (view, "one");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (all), "warning"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (one), "warning"));
  screenshot ("hub-profiles.png");

  /* A server switched off: every count follows. */
  tether_server_manager_set_enabled (get_manager (fixture), "good", FALSE, NULL);
  {
    const char * const all_none[] = { "All Servers", "0 tools", NULL };

    wait_until (fixture, endpoint_row_says, all_none, 5000 * SLOWDOWN, "no tools without the server");
  }
}

static void
test_profiles (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s },"
                                             "  \"profiles\": { \"one\": { \"servers\": [\"good\"],"
                                             "                             \"tools\": {\"good\": [\"echo\"]} } } }",
                                             good);

  write_config (fixture, config);
  run_app (fixture, profiles_body);
}

/* A taken port: said, with a way to another */

static void
port_taken_body (Fixture *fixture)
{
  TetherHubControl *control = tether_application_get_hub_control (fixture->app);
  GSettings *settings = tether_hub_control_get_settings (control);
  g_autoptr(GSocketListener) taker = g_socket_listener_new ();
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(GError) error = NULL;
  TetherHubView *view;
  AdwActionRow *error_row;
  guint taken;

  /* Another program on a port */
  g_socket_listener_add_address (taker, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                 &effective, &error);
  g_assert_no_error (error);
  taken = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));

  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run");
  view = show_hub (fixture, "endpoint");

  /* The user types it as the port */
  {
    AdwEntryRow *port = find_entry_row (view, "Port");
    g_autofree char *text = g_strdup_printf ("%u", taken);

    gtk_editable_set_text (GTK_EDITABLE (port), "70000");
    g_signal_emit_by_name (port, "apply");
    g_assert_cmpuint (g_settings_get_uint (settings, "hub-port"), !=, 70000);
    gtk_editable_set_text (GTK_EDITABLE (port), text);
    g_test_expect_message ("tether-hub-control", G_LOG_LEVEL_WARNING,
                           "The hub is not running: Port * of 127.0.0.1 is already in use*");
    g_signal_emit_by_name (port, "apply");
    g_test_assert_expected_messages ();
  }
  g_assert_cmpuint (g_settings_get_uint (settings, "hub-port"), ==, taken);
  wait_until (fixture, hub_running, GINT_TO_POINTER (FALSE), 5000 * SLOWDOWN, "the hub to stop");

  error_row = find_action_row (view, "The Hub Is Not Running");
  wait_until (fixture, widget_mapped, error_row, 5000 * SLOWDOWN, "the error");
  assert_contains (adw_action_row_get_subtitle (error_row), "already in use");
  g_assert_true (tether_hub_control_get_port_taken (control));
  screenshot ("hub-port-taken.png");

  /* Use a Free Port */
  click (find_actionable (view, "hub.pick-port"));
  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub on another port");
  g_assert_cmpuint (tether_hub_get_port (get_hub (fixture)), !=, taken);
  g_assert_cmpuint (tether_hub_get_port (get_hub (fixture)), ==, g_settings_get_uint (settings, "hub-port"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (error_row)));
  g_assert_cmpstr (adw_action_row_get_subtitle (find_action_row (view, "URL")), ==,
                   tether_hub_get_url (get_hub (fixture)));
}

static void
test_port_taken (Fixture       *fixture,
                 gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": {} }");
  run_app (fixture, port_taken_body);
}

/* Preferences: Ctrl+comma, the hub switch */

static void
preferences_body (Fixture *fixture)
{
  TetherPreferencesWindow *preferences;
  GtkSwitch *hub_switch;
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();

  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.preferences", NULL));
  preferences = find_toplevel (TETHER_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  wait_until (fixture, widget_mapped, preferences, 5000 * SLOWDOWN, "the preferences");
  screenshot ("preferences.png");

  /* The first switch runs the hub */
  collect_descendants (GTK_WIDGET (preferences), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 3);
  hub_switch = g_ptr_array_index (switches, 0);
  g_assert_true (gtk_switch_get_active (hub_switch));
  gtk_switch_set_active (hub_switch, FALSE);
  wait_until (fixture, hub_running, GINT_TO_POINTER (FALSE), 5000 * SLOWDOWN, "the hub to stop");
  gtk_switch_set_active (hub_switch, TRUE);
  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run again");

  gtk_window_destroy (GTK_WINDOW (preferences));
}

static void
test_preferences (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": {} }");
  run_app (fixture, preferences_body);
}

/* Run at login: the autostart entry, outside the flatpak */

static void
autostart_body (Fixture *fixture)
{
  GSettings *settings = tether_hub_control_get_settings (tether_application_get_hub_control (fixture->app));
  g_autofree char *path = tether_autostart_dup_path ();
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *exec = NULL;
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);

  g_assert_false (tether_flatpak_is_sandboxed ());
  g_assert_true (g_str_has_prefix (path, g_get_home_dir ()));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_settings_set_boolean (settings, "run-at-login", TRUE);
  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  exec = g_key_file_get_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (exec, self_exe));
  g_assert_true (g_str_has_suffix (exec, " --gapplication-service"));
  {
    g_autofree char *group = g_key_file_get_start_group (keyfile);

    g_assert_cmpstr (group, ==, G_KEY_FILE_DESKTOP_GROUP);
  }

  g_settings_set_boolean (settings, "run-at-login", FALSE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* An entry of that name that Tether did not write stays. */
  g_assert_true (g_file_set_contents (path, "[Desktop Entry]\nType=Application\nName=Mine\nExec=mine\n", -1, NULL));
  g_test_expect_message ("tether-application", G_LOG_LEVEL_WARNING, "Run at login: *was not written by Tether*");
  g_settings_set_boolean (settings, "run-at-login", TRUE);
  g_test_expect_message ("tether-application", G_LOG_LEVEL_WARNING, "Run at login: *was not written by Tether*");
  g_settings_set_boolean (settings, "run-at-login", FALSE);
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (tether_autostart_set_enabled (FALSE, self_exe, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_unlink (path);
}

static void
test_autostart (Fixture       *fixture,
                gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": {} }");
  run_app (fixture, autostart_body);
}

/* The Background portal, faked on the session bus */

static GPtrArray *background_requests;   /* a{sv} options */

static void
background_method_cb (GDBusConnection       *connection,
                      const char            *sender,
                      const char            *object_path,
                      const char            *interface_name,
                      const char            *method_name,
                      GVariant              *parameters,
                      GDBusMethodInvocation *invocation,
                      gpointer               user_data)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(GVariantBuilder) results = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  g_autofree char *sender_part = g_strdelimit (g_strdup (sender + 1), ".", '_');
  g_autofree char *handle = NULL;
  const char *parent;
  const char *token = "t";

  g_variant_get (parameters, "(&s@a{sv})", &parent, &options);
  g_variant_lookup (options, "handle_token", "&s", &token);
  handle = g_strdup_printf ("/org/freedesktop/portal/desktop/request/%s/%s", sender_part, token);
  g_ptr_array_add (background_requests, g_variant_ref (options));

  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", handle));
  g_variant_builder_add (results, "{sv}", "background", g_variant_new_boolean (TRUE));
  g_variant_builder_add (results, "{sv}", "autostart", g_variant_new_boolean (FALSE));
  g_dbus_connection_emit_signal (connection, sender, handle, "org.freedesktop.portal.Request", "Response",
                                 g_variant_new ("(ua{sv})", 0, results), NULL);
}

static GDBusConnection *
start_background_portal (void)
{
  static const char xml[] =
    "<node><interface name='org.freedesktop.portal.Background'>"
    "<method name='RequestBackground'><arg type='s' direction='in'/><arg type='a{sv}' direction='in'/>"
    "<arg type='o' direction='out'/></method>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { background_method_cb, NULL, NULL };
  GDBusConnection *connection = open_bus_connection ();

  /* The harness's file chooser portal lets itself be replaced (2: replace) */
  serve_on_bus (connection, xml, &vtable, "/org/freedesktop/portal/desktop",
                "org.freedesktop.portal.Desktop");
  background_requests = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);

  return connection;
}

/* Closing the window keeps everything running, until Quit */

typedef struct
{
  Fixture  *fixture;
  gboolean  checked;
} Background;

static gboolean
background_requested (Fixture       *fixture,
                      gconstpointer  data)
{
  return background_requests->len > 0;
}

static gboolean
window_presented (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (fixture->app));

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

/* Runs from the main loop of g_application_run() once the window is
 * closed: only a kept application gets here. */
static gboolean
after_close_cb (gpointer user_data)
{
  Background *background = user_data;
  Fixture *fixture = background->fixture;
  TetherHub *hub = get_hub (fixture);
  g_autoptr(HubTestClient) client = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  gboolean value = FALSE;
  const char *reason = NULL;

  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (fixture->app)));

  /* The desktop was told why */
  wait_until (fixture, background_requested, NULL, 5000 * SLOWDOWN, "the Background portal request");
  g_assert_true (g_variant_lookup (g_ptr_array_index (background_requests, 0), "reason", "&s", &reason));
  assert_contains (reason, "hub");
  g_assert_true (g_variant_lookup (g_ptr_array_index (background_requests, 0), "autostart", "b", &value));
  g_assert_false (value);

  /* The server and the hub run on */
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  g_assert_cmpint (tether_server_get_state (get_server (fixture, "good")), ==, TETHER_SERVER_STATE_CONNECTED);
  g_assert_true (tether_hub_get_running (hub));
  client = hub_test_client_new (tether_hub_get_url (hub), tether_hub_get_token (hub));
  hub_test_client_initialize (client, NULL);
  reply = hub_test_client_post (client, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", NULL);
  g_assert_nonnull (hub_test_reply_result (reply, 1));

  /* The launcher opens the window again */
  g_application_activate (G_APPLICATION (fixture->app));
  wait_until (fixture, window_presented, NULL, 5000 * SLOWDOWN, "the window again");
  g_assert_true (TETHER_IS_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (fixture->app))));

  background->checked = TRUE;

  /* Quit really quits: run_app() checks that no server is left. */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "quit", NULL);

  return G_SOURCE_REMOVE;
}

static void
background_activate_cb (GApplication *app,
                        Background   *background)
{
  Fixture *fixture = background->fixture;

  g_signal_handlers_disconnect_by_func (app, background_activate_cb, background);

  fixture->window = TETHER_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  wait_until (fixture, widget_mapped, fixture->window, 10000 * SLOWDOWN, "the window to be mapped");
  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  wait_until (fixture, hub_running, GINT_TO_POINTER (TRUE), 5000 * SLOWDOWN, "the hub to run");

  gtk_window_close (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  g_timeout_add (100, after_close_cb, background);
}

static void
test_background (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }", good);
  char *argv[] = { (char *)"tether", (char *)"--standalone", (char *)"--config", fixture->path, NULL };
  g_autoptr(GDBusConnection) portal = start_background_portal ();
  Background background = { fixture, FALSE };
  int status;

  write_config (fixture, config);

  fixture->app = tether_application_new ();
  g_signal_connect_after (fixture->app, "activate", G_CALLBACK (background_activate_cb), &background);
  status = g_application_run (G_APPLICATION (fixture->app), G_N_ELEMENTS (argv) - 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_clear_object (&fixture->app);

  /* The application outlived its window, and Quit stopped every server. */
  g_assert_true (background.checked);
  test_assert_no_processes_matching (fixture->dir, 5000);
  g_clear_pointer (&background_requests, g_ptr_array_unref);
  g_dbus_connection_close_sync (portal, NULL, NULL);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("hub/endpoint", test_endpoint);
  WINDOW_TEST_ADD ("hub/clients-activity", test_clients);
  WINDOW_TEST_ADD ("hub/profiles", test_profiles);
  WINDOW_TEST_ADD ("hub/port-taken", test_port_taken);
  WINDOW_TEST_ADD ("hub/preferences", test_preferences);
  WINDOW_TEST_ADD ("hub/autostart", test_autostart);
  WINDOW_TEST_ADD ("hub/background", test_background);

  return window_harness_run ();
}
