/* test-window.c — the real window under Xvfb, with real fake servers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test runs the real application (g_application_run with --config on a
 * temporary servers.json), drives the real widgets from its "activate" —
 * buttons, switches, entries, actions — and checks the models, the servers'
 * processes and the file on disk.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tether-flatpak.h"
#include "mcp-tool.h"
#include "tether-application.h"
#include "tether-config-banner.h"
#include "tether-diagnostics-window.h"
#include "tether-config-import.h"
#include "tether-import-dialog.h"
#include "tether-import-sources-dialog.h"
#include "tether-log-entry.h"
#include "tether-pair-row.h"
#include "tether-server-dialog.h"
#include "tether-server-page.h"
#include "tether-server-row.h"
#include "tether-status-icon.h"
#include "tether-status-label.h"
#include "tether-tool-parameter.h"
#include "test-server-util.h"
#include "test-util.h"
#include "ui/tether-window.h"

/* Measured: the sanitized build is this much slower here (waits), and its
 * allocations, each unwinding the stack, make CPU-bound work slower still. */
#if defined(__SANITIZE_ADDRESS__)
# define SLOWDOWN 25
# define CPU_SLOWDOWN 100
#else
# define SLOWDOWN 1
# define CPU_SLOWDOWN 1
#endif

typedef struct _Fixture Fixture;
typedef void (*TestBody) (Fixture *fixture);

struct _Fixture
{
  char              *dir;
  char              *path;
  TetherApplication *app;
  TetherWindow      *window;
  TestBody           body;
  GHashTable        *subtitles;   /* server name → GPtrArray of texts seen */
};

/* A notification server on the session bus (org.gtk.Notifications, which
 * GApplication prefers), so notifications are received and can be checked. */

static GHashTable *notifications;   /* id → a{sv} */

static void
notifications_method_cb (GDBusConnection       *connection,
                         const char            *sender,
                         const char            *object_path,
                         const char            *interface_name,
                         const char            *method_name,
                         GVariant              *parameters,
                         GDBusMethodInvocation *invocation,
                         gpointer               user_data)
{
  const char *app_id;
  const char *id;

  if (g_str_equal (method_name, "AddNotification"))
    {
      GVariant *notification;

      g_variant_get (parameters, "(&s&s@a{sv})", &app_id, &id, &notification);
      g_test_message ("notification %s from %s", id, app_id);
      g_hash_table_insert (notifications, g_strdup (id), notification);
    }
  else if (g_str_equal (method_name, "RemoveNotification"))
    {
      g_variant_get (parameters, "(&s&s)", &app_id, &id);
      g_hash_table_remove (notifications, id);
    }

  g_dbus_method_invocation_return_value (invocation, NULL);
}

static GDBusConnection *
start_notification_server (void)
{
  static const char xml[] =
    "<node><interface name='org.gtk.Notifications'>"
    "<method name='AddNotification'><arg type='s'/><arg type='s'/><arg type='a{sv}'/></method>"
    "<method name='RemoveNotification'><arg type='s'/><arg type='s'/></method>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { notifications_method_cb, NULL, NULL };
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, &error);
  GDBusConnection *connection;

  g_assert_no_error (error);
  connection = g_dbus_connection_new_for_address_sync (address,
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (connection, "/org/gtk/Notifications",
                                     info->interfaces[0], &vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", "org.gtk.Notifications", 4),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);

  notifications = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);

  return connection;
}

/* A file chooser portal on the same bus (GTK_USE_PORTAL=1), as inside
 * flatpak: GtkFileChooserNative asks it, and it answers with the file the
 * test chose, so no GTK dialog is involved. */

static char     *portal_title;      /* the last OpenFile's */
static GVariant *portal_options;
static char     *portal_answer;     /* the URI to answer with, or NULL to cancel */

typedef struct
{
  GDBusConnection *connection;
  char            *sender;
  char            *handle;
} PortalRequest;

static gboolean
portal_respond_cb (gpointer user_data)
{
  PortalRequest *request = user_data;
  g_autoptr(GVariantBuilder) results = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  const char *uris[] = { portal_answer, NULL };

  /* GTK 4.8 reads the URIs even of a cancelled request */
  g_variant_builder_add (results, "{sv}", "uris", g_variant_new_strv (uris, -1));
  g_dbus_connection_emit_signal (request->connection, request->sender, request->handle,
                                 "org.freedesktop.portal.Request", "Response",
                                 g_variant_new ("(ua{sv})", portal_answer != NULL ? 0 : 1, results), NULL);
  g_object_unref (request->connection);
  g_free (request->sender);
  g_free (request->handle);
  g_free (request);

  return G_SOURCE_REMOVE;
}

static void
portal_method_cb (GDBusConnection       *connection,
                  const char            *sender,
                  const char            *object_path,
                  const char            *interface_name,
                  const char            *method_name,
                  GVariant              *parameters,
                  GDBusMethodInvocation *invocation,
                  gpointer               user_data)
{
  const char *parent;
  const char *title;
  const char *token = "t";
  g_autofree char *sender_part = g_strdelimit (g_strdup (sender + 1), ".", '_');
  PortalRequest *request;

  if (!g_str_equal (method_name, "OpenFile"))
    {
      g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.UnknownMethod",
                                                  method_name);
      return;
    }

  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_options, g_variant_unref);
  g_variant_get (parameters, "(&s&s@a{sv})", &parent, &title, &portal_options);
  portal_title = g_strdup (title);
  g_variant_lookup (portal_options, "handle_token", "&s", &token);

  request = g_new0 (PortalRequest, 1);
  request->connection = g_object_ref (connection);
  request->sender = g_strdup (sender);
  request->handle = g_strdup_printf ("/org/freedesktop/portal/desktop/request/%s/%s", sender_part, token);
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", request->handle));
  g_timeout_add (100, portal_respond_cb, request);
}

static GVariant *
portal_get_property_cb (GDBusConnection  *connection,
                        const char       *sender,
                        const char       *object_path,
                        const char       *interface_name,
                        const char       *property_name,
                        GError          **error,
                        gpointer          user_data)
{
  return g_variant_new_uint32 (3);
}

static void
start_portal (GDBusConnection *connection)
{
  static const char xml[] =
    "<node><interface name='org.freedesktop.portal.FileChooser'>"
    "<method name='OpenFile'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='a{sv}' direction='in'/><arg type='o' direction='out'/></method>"
    "<property name='version' type='u' access='read'/>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { portal_method_cb, portal_get_property_cb, NULL };
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;

  g_dbus_connection_register_object (connection, "/org/freedesktop/portal/desktop",
                                     info->interfaces[0], &vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       /* ALLOW_REPLACEMENT | REPLACE_EXISTING: the test
                                        * run in a process of its own takes it over */
                                       g_variant_new ("(su)", "org.freedesktop.portal.Desktop", 1 | 2),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

/* Waiting */

typedef gboolean (*Condition) (Fixture *fixture, gconstpointer data);

static void
wait_until (Fixture       *fixture,
            Condition      condition,
            gconstpointer  data,
            guint          timeout_ms,
            const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000 * SLOWDOWN;

  while (!condition (fixture, data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out after %u ms waiting for %s", timeout_ms, what);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
iterate_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* A button's activation shows it pressed, then clicks it a moment later. */
static void
click (gpointer widget)
{
  g_assert_true (gtk_widget_is_sensitive (widget));
  gtk_widget_activate (widget);
  iterate_for (400 * SLOWDOWN);
}

/* Finding widgets */

static void
collect_descendants (GtkWidget *widget,
                     GType      type,
                     GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_descendants (child, type, found);
}

static gpointer
find_descendant (gpointer widget,
                 GType    type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), type, found);

  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

static GtkWidget *
find_actionable (gpointer    widget,
                 const char *action_name)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_BUTTON, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (found, i)), action_name) == 0)
      return g_ptr_array_index (found, i);

  return NULL;
}

static TetherServerRow *
find_row (Fixture    *fixture,
          const char *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_SERVER_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      TetherServer *server = tether_server_row_get_server (g_ptr_array_index (rows, i));

      if (server != NULL && g_strcmp0 (tether_server_get_name (server), name) == 0)
        return g_ptr_array_index (rows, i);
    }

  return NULL;
}

static const char *
row_subtitle (TetherServerRow *row)
{
  return tether_status_label_get_text (find_descendant (row, TETHER_TYPE_STATUS_LABEL));
}

typedef struct
{
  const char *name;
  const char *text;
} Subtitle;

static gboolean
row_says (Fixture       *fixture,
          gconstpointer  data)
{
  const Subtitle *want = data;
  TetherServerRow *row = find_row (fixture, want->name);

  return row != NULL && g_pattern_match_simple (want->text, row_subtitle (row));
}

/* The row's subtitle matches @text, a pattern (it follows the server before
 * the next frame). */
static void
wait_subtitle (Fixture    *fixture,
               const char *name,
               const char *text)
{
  Subtitle want = { name, text };

  wait_until (fixture, row_says, &want, 5000, text);
}

static TetherServerPage *
get_page (Fixture *fixture)
{
  TetherServerPage *page = find_descendant (fixture->window, TETHER_TYPE_SERVER_PAGE);

  g_assert_nonnull (page);

  return page;
}

static GtkListView *
tab_list (Fixture    *fixture,
          const char *tab)
{
  AdwViewStack *stack = tether_server_page_get_view_stack (get_page (fixture));
  GtkWidget *child = adw_view_stack_get_child_by_name (stack, tab);

  g_assert_nonnull (child);

  return find_descendant (child, GTK_TYPE_LIST_VIEW);
}

static guint
tab_n_items (Fixture    *fixture,
             const char *tab)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (tab_list (fixture, tab))));
}

/* The shown toplevel of @type */
static gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }

  return NULL;
}

static TetherServerDialog *
find_dialog (void)
{
  return find_toplevel (TETHER_TYPE_SERVER_DIALOG);
}

static AdwEntryRow *
find_entry_row (gpointer    widget,
                const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);

  g_error ("no entry row titled %s", title);
}

static void
set_text (gpointer    dialog,
          const char *title,
          const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (find_entry_row (dialog, title)), text);
}

/* The servers, their processes and the file */

static TetherServerManager *
get_manager (Fixture *fixture)
{
  return tether_application_get_manager (fixture->app);
}

static TetherServer *
get_server (Fixture    *fixture,
            const char *name)
{
  return tether_server_manager_lookup (get_manager (fixture), name, NULL);
}

static char *
counts_path (Fixture    *fixture,
             const char *name)
{
  return g_strdup_printf ("%s/%s.counts", fixture->dir, name);
}

static guint
initialize_count (Fixture    *fixture,
                  const char *name)
{
  g_autofree char *path = counts_path (fixture, name);

  return test_read_count (path, "initialize");
}

static guint
running (Fixture    *fixture,
         const char *name)
{
  g_autofree char *path = counts_path (fixture, name);

  return test_count_processes_matching (path);
}

static char *
read_config (Fixture *fixture)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (fixture->path, &contents, NULL, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&contents);
}

/* A member of a server's entry in the file, or NULL. */
static JsonNode *
config_member (Fixture    *fixture,
               const char *name,
               const char *member)
{
  g_autofree char *contents = read_config (fixture);
  g_autoptr(JsonNode) root = json_from_string (contents, NULL);
  JsonObject *servers;
  JsonObject *entry;

  g_assert_nonnull (root);
  servers = json_object_get_object_member (json_node_get_object (root), "mcpServers");
  g_assert_nonnull (servers);
  if (!json_object_has_member (servers, name))
    return NULL;
  entry = json_object_get_object_member (servers, name);
  if (!json_object_has_member (entry, member))
    return NULL;

  return json_node_copy (json_object_get_member (entry, member));
}

static gboolean
config_disabled (Fixture    *fixture,
                 const char *name)
{
  g_autoptr(JsonNode) node = config_member (fixture, name, "disabled");

  return node != NULL && json_node_get_boolean (node);
}

static void
write_config (Fixture    *fixture,
              const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->path, contents, -1, &error);
  g_assert_no_error (error);
}

/* A fake server entry whose process can be told apart by its count file. */
static char *
fake_entry (Fixture    *fixture,
            const char *name,
            const char *extra)
{
  return g_strdup_printf ("\"%s\": { \"command\": \"%s\", \"args\": [\"--count-file\", \"%s/%s.counts\"%s%s] }",
                          name, FAKE_MCP_SERVER, fixture->dir, name,
                          extra != NULL ? ", " : "", extra != NULL ? extra : "");
}

/* Conditions */

static gboolean
server_in_state (Fixture       *fixture,
                 gconstpointer  data)
{
  const struct { const char *name; TetherServerState state; } *want = data;
  TetherServer *server = get_server (fixture, want->name);

  return server != NULL && tether_server_get_state (server) == want->state;
}

static void
wait_state (Fixture           *fixture,
            const char        *name,
            TetherServerState  state)
{
  struct { const char *name; TetherServerState state; } want = { name, state };
  g_autofree char *what = g_strdup_printf ("%s to be %s", name, tether_server_state_to_string (state));

  wait_until (fixture, server_in_state, &want, 10000, what);
}

static gboolean
server_settled (Fixture       *fixture,
                gconstpointer  data)
{
  TetherServer *server = get_server (fixture, data);

  return server != NULL &&
         tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED &&
         !tether_server_get_busy (server);
}

static void
wait_connected (Fixture    *fixture,
                const char *name)
{
  wait_until (fixture, server_settled, name, 10000, name);
}

/* Running the application */

static void
record_subtitle_cb (TetherStatusLabel *label,
                    GParamSpec        *pspec,
                    Fixture           *fixture)
{
  TetherServer *server = tether_status_label_get_server (label);
  GPtrArray *seen;
  const char *text = tether_status_label_get_text (label);

  if (server == NULL || text == NULL || *text == '\0')
    return;

  seen = g_hash_table_lookup (fixture->subtitles, tether_server_get_name (server));
  if (seen == NULL)
    {
      seen = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (fixture->subtitles, g_strdup (tether_server_get_name (server)), seen);
    }

  if (seen->len == 0 || g_strcmp0 (g_ptr_array_index (seen, seen->len - 1), text) != 0)
    {
      g_test_message ("%s: %s", tether_server_get_name (server), text);
      g_ptr_array_add (seen, g_strdup (text));
    }
}

static gboolean
window_mapped (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (fixture->window));
}

static void
activate_cb (GApplication *app,
             Fixture      *fixture)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  /* Later activations (a notification's action) just present the window. */
  g_signal_handlers_disconnect_by_func (app, activate_cb, fixture);

  fixture->window = TETHER_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_nonnull (fixture->window);
  wait_until (fixture, window_mapped, NULL, 10000, "the window to be mapped");
  iterate_for (50);

  /* Every subtitle the sidebar shows, as it changes. */
  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_SERVER_ROW, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      TetherStatusLabel *label = find_descendant (g_ptr_array_index (labels, i), TETHER_TYPE_STATUS_LABEL);

      record_subtitle_cb (label, NULL, fixture);
      g_signal_connect (label, "notify::text", G_CALLBACK (record_subtitle_cb), fixture);
    }

  fixture->body (fixture);

  if (find_dialog () != NULL)
    gtk_window_destroy (GTK_WINDOW (find_dialog ()));
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  g_application_quit (app);
}

static void
run_app (Fixture  *fixture,
         TestBody  body)
{
  char *argv[] = { (char *)"tether", (char *)"--standalone", (char *)"--config", fixture->path, NULL };
  guint fds_before = test_count_fds ();
  int status;

  fixture->body = body;
  fixture->app = tether_application_new ();
  g_signal_connect_after (fixture->app, "activate", G_CALLBACK (activate_cb), fixture);

  status = g_application_run (G_APPLICATION (fixture->app), G_N_ELEMENTS (argv) - 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_clear_object (&fixture->app);

  /* Quitting stopped every server: no process and no descriptor is left. */
  test_assert_no_processes_matching (fixture->dir, 5000);
  test_assert_no_leftovers (fds_before, 0, 5000);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-window-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->subtitles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify)g_ptr_array_unref);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);

  g_clear_pointer (&fixture->subtitles, g_hash_table_unref);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
}

/* Which texts a server's row showed, in order: each pattern must match a
 * later text than the one before. */
static void
assert_subtitles (Fixture    *fixture,
                  const char *name,
                  ...)
{
  GPtrArray *seen = g_hash_table_lookup (fixture->subtitles, name);
  const char *pattern;
  guint next = 0;
  va_list args;

  g_assert_nonnull (seen);

  va_start (args, name);
  while ((pattern = va_arg (args, const char *)) != NULL)
    {
      while (next < seen->len && !g_pattern_match_simple (pattern, g_ptr_array_index (seen, next)))
        next++;
      if (next == seen->len)
        g_error ("%s: no subtitle matching “%s” in the right order", name, pattern);
      next++;
    }
  va_end (args);
}

/* Tests */

static gboolean
widget_mapped (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
widget_unmapped (Fixture       *fixture,
                 gconstpointer  data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

static void
empty_body (Fixture *fixture)
{
  AdwStatusPage *status = find_descendant (fixture->window, ADW_TYPE_STATUS_PAGE);
  GtkWidget *add = find_actionable (status, "win.add-server");
  TetherServerDialog *dialog;

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (status)));
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No MCP Servers");
  g_assert_nonnull (strstr (adw_status_page_get_description (status), "drop"));

  /* The empty state's own button adds the first server. */
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_get_mapped (add));
  click (add);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Add Server");

  set_text (dialog, "_Name", "first");
  set_text (dialog, "_Command", FAKE_MCP_SERVER);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  wait_connected (fixture, "first");
  wait_until (fixture, widget_unmapped, status, 5000, "the empty state to go (a crossfade)");
  g_assert_nonnull (find_row (fixture, "first"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "first"));
}

static void
test_empty_state (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, empty_body);
}

static gboolean
window_inactive (Fixture       *fixture,
                 gconstpointer  data)
{
  return !gtk_window_is_active (GTK_WINDOW (fixture->window));
}

static gboolean
notified (Fixture       *fixture,
          gconstpointer  data)
{
  return g_hash_table_contains (notifications, data);
}

static gboolean
page_shows_details (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (get_page (fixture)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_label (g_ptr_array_index (labels, i));

      if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
          g_str_has_prefix (text, "Attempt 1 of 3 failed:\n") &&
          strstr (text, data) != NULL)
        return TRUE;
    }

  return FALSE;
}

static void
rows_body (Fixture *fixture)
{
  const char *names[] = { "good", "broken", "flaky", "crashy", "off" };
  TetherServerRow *row;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (find_row (fixture, names[i]));

  wait_connected (fixture, "good");
  wait_state (fixture, "broken", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
  wait_subtitle (fixture, "good", "Connected · 10 tools");
  wait_subtitle (fixture, "crashy", "Failed: *");
  wait_subtitle (fixture, "broken", "Failed: *");

  row = find_row (fixture, "good");
  g_assert_cmpstr (row_subtitle (row), ==, "Connected · 10 tools");
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-connected-symbolic");

  row = find_row (fixture, "broken");
  g_assert_true (g_str_has_prefix (row_subtitle (row), "Failed: command not found: tether-no-such-command"));
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-error-symbolic");

  row = find_row (fixture, "off");
  g_assert_cmpstr (row_subtitle (row), ==, "Disabled");
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (row, TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-disabled-symbolic");

  /* The flaky server dies after 1.5 s and is brought back. */
  wait_state (fixture, "flaky", TETHER_SERVER_STATE_WAITING);
  wait_connected (fixture, "flaky");
  wait_subtitle (fixture, "flaky", "Connected · 10 tools");

  assert_subtitles (fixture, "good", "Connected · 10 tools", NULL);
  assert_subtitles (fixture, "broken", "Failed: command not found: *", NULL);
  assert_subtitles (fixture, "flaky", "Connected*", "Retrying in 1 s", "Connected · 10 tools", NULL);

  /* A server that fails to start, reconnected from its row's menu: every
   * attempt shows, then the failure. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "crashy");
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_CONNECTING);
  wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
  wait_subtitle (fixture, "crashy", "Failed: *");
  assert_subtitles (fixture, "crashy", "Failed: *", "Connecting — attempt 1 of 3",
                    "Connecting — attempt 2 of 3", "Connecting — attempt 3 of 3", "Failed: *", NULL);
  g_assert_cmpstr (tether_status_icon_get_icon_name (find_descendant (find_row (fixture, "crashy"),
                                                                       TETHER_TYPE_STATUS_ICON)),
                   ==, "tether-state-error-symbolic");

  /* A server fails while the user works in another window: a notification
   * says so, and clicking it opens that server. */
  {
    GtkWidget *other = gtk_window_new ();
    GVariant *notification;
    g_autoptr(GVariant) target = NULL;
    const char *title = NULL;
    const char *action = NULL;

    g_hash_table_remove_all (notifications);
    gtk_window_present (GTK_WINDOW (other));
    wait_until (fixture, window_inactive, NULL, 5000, "the other window to take the focus");

    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "crashy");
    wait_state (fixture, "crashy", TETHER_SERVER_STATE_CONNECTING);
    wait_state (fixture, "crashy", TETHER_SERVER_STATE_ERROR);
    wait_until (fixture, notified, "server-failed-crashy", 5000, "the notification");

    notification = g_hash_table_lookup (notifications, "server-failed-crashy");
    g_assert_true (g_variant_lookup (notification, "title", "&s", &title));
    g_assert_cmpstr (title, ==, "“crashy” failed");
    g_assert_true (g_variant_lookup (notification, "default-action", "&s", &action));
    g_assert_cmpstr (action, ==, "app.show-server");
    target = g_variant_lookup_value (notification, "default-action-target", G_VARIANT_TYPE_STRING);
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "crashy");
    g_assert_cmpuint (g_hash_table_size (notifications), ==, 1);

    gtk_window_destroy (GTK_WINDOW (other));
    tether_window_show_server (fixture->window, "good");
    g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "show-server", target);
    g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "crashy"));
  }

  /* The page of a failed server shows the whole reason. */
  tether_window_show_server (fixture->window, "broken");
  wait_until (fixture, page_shows_details, "tether-no-such-command", 5000, "the error details");
}

static void
test_rows_follow_state (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *flaky = fake_entry (fixture, "flaky", "\"--crash-after-ms\", \"1500\"");
  /* Each attempt lasts a moment (slow start), then fails in initialize. */
  g_autofree char *crashy = fake_entry (fixture, "crashy",
                                        "\"--slow-start\", \"300\", \"--exit-during-initialize\"");
  g_autofree char *off = fake_entry (fixture, "off", NULL);
  g_autofree char *config = NULL;

  off[strlen (off) - 2] = '\0';
  config = g_strdup_printf ("{ \"mcpServers\": { %s,\n"
                            "  \"broken\": { \"command\": \"tether-no-such-command\" },\n"
                            "  %s,\n  %s,\n  %s, \"disabled\": true } } }\n",
                            good, flaky, crashy, off);
  write_config (fixture, config);
  run_app (fixture, rows_body);
}

static gboolean
initialized_twice (Fixture       *fixture,
                   gconstpointer  data)
{
  return initialize_count (fixture, data) >= 2;
}

static void
reconnect_body (Fixture *fixture)
{
  GtkWidget *button;

  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 1);
  g_assert_true (tether_window_show_server (fixture->window, "good"));
  iterate_for (50);

  /* The page's Reconnect button. */
  button = find_actionable (get_page (fixture), "win.reconnect");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  click (button);
  wait_until (fixture, initialized_twice, "good", 10000, "a new initialize");
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  g_assert_cmpuint (running (fixture, "good"), ==, 1);

  /* Ctrl+R's action, and the row menu's, do the same. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect", NULL);
  wait_connected (fixture, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.reconnect-server", "s", "good");
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 4);
}

static void
test_reconnect (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, reconnect_body);
}

static gboolean
not_running (Fixture       *fixture,
             gconstpointer  data)
{
  return running (fixture, data) == 0;
}

static void
switch_body (Fixture *fixture)
{
  GtkSwitch *toggle;

  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  tether_window_show_server (fixture->window, "good");
  iterate_for (50);

  toggle = find_descendant (get_page (fixture), GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_true (gtk_switch_get_active (toggle));
  g_assert_false (config_disabled (fixture, "good"));

  /* Off: saved in the file, and the process stops. */
  gtk_widget_activate (GTK_WIDGET (toggle));
  wait_until (fixture, not_running, "good", 10000, "the server's process to stop");
  wait_state (fixture, "good", TETHER_SERVER_STATE_DISABLED);
  g_assert_true (config_disabled (fixture, "good"));
  iterate_for (100);
  g_assert_false (gtk_switch_get_active (toggle));
  wait_subtitle (fixture, "good", "Disabled");

  /* On: a new process. */
  gtk_widget_activate (GTK_WIDGET (toggle));
  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  g_assert_true (gtk_switch_get_active (toggle));
  g_assert_false (config_disabled (fixture, "good"));
}

static void
test_enable_switch (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{\n  \"mcpServers\": {\n    %s\n  }\n}\n", good);

  write_config (fixture, config);
  run_app (fixture, switch_body);
}

static void
assert_problem (TetherServerDialog *dialog,
                const char         *pattern)
{
  const char *problem = tether_server_dialog_get_problem (dialog);

  g_test_message ("problem: %s", problem);
  g_assert_false (tether_server_dialog_get_can_save (dialog));
  g_assert_nonnull (problem);
  if (!g_pattern_match_simple (pattern, problem))
    g_error ("the dialog says “%s”, expected “%s”", problem, pattern);
}

static void
add_body (Fixture *fixture)
{
  TetherServerDialog *dialog;
  AdwComboRow *kind;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *entry;
  JsonArray *args;

  wait_connected (fixture, "good");

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.add-server", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  kind = find_descendant (dialog, ADW_TYPE_COMBO_ROW);

  /* Nothing typed yet: Save is off, but no message shouts yet. */
  g_assert_false (tether_server_dialog_get_can_save (dialog));

  set_text (dialog, "_Name", "x");
  set_text (dialog, "_Name", "");
  assert_problem (dialog, "Enter a name*");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (find_entry_row (dialog, "_Name")), "error"));

  set_text (dialog, "_Name", "good");
  assert_problem (dialog, "A server named “good” already exists.");

  set_text (dialog, "_Name", "added");
  set_text (dialog, "_Command", "x");
  set_text (dialog, "_Command", "");
  assert_problem (dialog, "Enter the command*");

  /* A command that is not on PATH is a warning: it may be later. */
  set_text (dialog, "_Command", "tether-not-on-path");
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  g_assert_null (tether_server_dialog_get_problem (dialog));
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean warned = FALSE;

    collect_descendants (GTK_WIDGET (dialog), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (gtk_widget_get_visible (g_ptr_array_index (labels, i)) &&
          gtk_widget_has_css_class (g_ptr_array_index (labels, i), "warning") &&
          strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "was not found on PATH") != NULL)
        warned = TRUE;
    g_assert_true (warned);
  }

  set_text (dialog, "_Arguments", "--say 'unfinished");
  assert_problem (dialog, "The arguments cannot be read:*");

  /* Remote: the URL must be http(s). */
  adw_combo_row_set_selected (kind, 1);
  set_text (dialog, "_URL", "ftp://example.com/mcp");
  assert_problem (dialog, "The URL must start with http:// or https://.");
  set_text (dialog, "_URL", "https://example.com/mcp ");
  assert_problem (dialog, "The https URL holds a space*");
  set_text (dialog, "_URL", "https://example.com/mcp");
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  /* Headers: checked as the transport checks them, a name in any case. */
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    TetherPairRow *first;
    TetherPairRow *second;

    gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-header", NULL);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-header", NULL);
    collect_descendants (GTK_WIDGET (dialog), TETHER_TYPE_PAIR_ROW, rows);
    g_assert_cmpuint (rows->len, ==, 2);
    first = g_ptr_array_index (rows, 0);
    second = g_ptr_array_index (rows, 1);

    tether_pair_row_set_key (first, "Authorization");
    tether_pair_row_set_value (first, "Bearer one-secret");
    tether_pair_row_set_key (second, "authorization");
    tether_pair_row_set_value (second, "Bearer two-secret");
    assert_problem (dialog, "“Authorization” and “authorization” are the same header*");
    g_assert_null (strstr (tether_server_dialog_get_problem (dialog), "secret"));
    g_assert_true (gtk_widget_has_css_class (tether_pair_row_get_key_entry (second), "error"));
    g_assert_false (gtk_widget_has_css_class (tether_pair_row_get_key_entry (first), "error"));

    tether_pair_row_set_key (second, "X-Api Key");
    assert_problem (dialog, "“X-Api…” is not a valid HTTP header name: it holds a space*");
    tether_pair_row_set_key (second, "X-Api-Key");
    tether_pair_row_set_value (second, "two\x01secret");
    assert_problem (dialog, "The value of the header “X-Api-Key” holds a control character*");
    g_assert_null (strstr (tether_server_dialog_get_problem (dialog), "secret"));
    tether_pair_row_set_value (second, "k");
    g_assert_true (tether_server_dialog_get_can_save (dialog));
  }

  /* Refused input never reached the file. */
  after = read_config (fixture);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* Good input is saved, and the server connects. */
  adw_combo_row_set_selected (kind, 0);
  set_text (dialog, "_Command", FAKE_MCP_SERVER);
  {
    g_autofree char *counts = counts_path (fixture, "added");
    g_autofree char *quoted = g_shell_quote (counts);
    g_autofree char *line = g_strdup_printf ("--count-file %s --tools 2", quoted);

    set_text (dialog, "_Arguments", line);
  }
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  after = read_config (fixture);
  root = json_from_string (after, NULL);
  g_assert_nonnull (root);
  entry = json_object_get_object_member (json_object_get_object_member (json_node_get_object (root),
                                                                        "mcpServers"),
                                         "added");
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "command"), ==, FAKE_MCP_SERVER);
  args = json_object_get_array_member (entry, "args");
  g_assert_cmpuint (json_array_get_length (args), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (args, 2), ==, "--tools");
  g_assert_false (json_object_has_member (entry, "url"));

  wait_connected (fixture, "added");
  g_assert_cmpuint (initialize_count (fixture, "added"), ==, 1);
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "added"));
  iterate_for (100);
  wait_subtitle (fixture, "added", "Connected · 12 tools");
}

static void
test_add_server (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, add_body);
}

static void
edit_body (Fixture *fixture)
{
  TetherServerDialog *dialog;
  AdwEntryRow *args;
  g_autofree char *text = NULL;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Edit Server");

  /* The fields show the server as configured. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry_row (dialog, "_Name"))), ==, "good");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry_row (dialog, "_Command"))), ==,
                   FAKE_MCP_SERVER);
  args = find_entry_row (dialog, "_Arguments");
  g_assert_true (g_str_has_prefix (gtk_editable_get_text (GTK_EDITABLE (args)), "--count-file "));
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  text = g_strdup_printf ("%s --tools 5", gtk_editable_get_text (GTK_EDITABLE (args)));
  gtk_editable_set_text (GTK_EDITABLE (args), text);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  {
    g_autoptr(JsonNode) args_node = config_member (fixture, "good", "args");
    g_autoptr(JsonNode) note = config_member (fixture, "good", "x-note");
    JsonArray *array = json_node_get_array (args_node);

    g_assert_cmpuint (json_array_get_length (array), ==, 4);
    g_assert_cmpstr (json_array_get_string_element (array, 2), ==, "--tools");
    g_assert_cmpstr (json_array_get_string_element (array, 3), ==, "5");
    /* The key Tether does not know survived the edit. */
    g_assert_nonnull (note);
    g_assert_cmpstr (json_node_get_string (note), ==, "kept");
  }

  /* The server restarted on its new configuration. */
  wait_until (fixture, server_settled, "good", 10000, "good to restart");
  iterate_for (200);
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 2);
  wait_subtitle (fixture, "good", "Connected · 15 tools");
}

static void
test_edit_server (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = NULL;

  good[strlen (good) - 2] = '\0';
  config = g_strdup_printf ("{ \"mcpServers\": { %s, \"x-note\": \"kept\" } } }\n", good);
  write_config (fixture, config);
  run_app (fixture, edit_body);
}

static gboolean
row_gone (Fixture       *fixture,
          gconstpointer  data)
{
  return get_server (fixture, data) == NULL;
}

static gboolean
row_back (Fixture       *fixture,
          gconstpointer  data)
{
  return get_server (fixture, data) != NULL;
}

static void
remove_body (Fixture *fixture)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *removed = NULL;
  g_autofree char *restored = NULL;

  wait_connected (fixture, "good");
  g_assert_true (tether_window_show_server (fixture->window, "good"));

  /* Delete's action: gone from the file, the list and the processes. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove", NULL);
  wait_until (fixture, row_gone, "good", 5000, "good to be removed");
  wait_until (fixture, not_running, "good", 10000, "good's process to stop");
  removed = read_config (fixture);
  g_assert_null (strstr (removed, "\"good\""));
  g_assert_nonnull (strstr (removed, "\"second\""));
  iterate_for (100);
  g_assert_null (find_row (fixture, "good"));

  /* The toast's Undo puts the entry back exactly, and it runs again. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  wait_until (fixture, row_back, "good", 5000, "good to be back");
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);
  wait_connected (fixture, "good");
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "good"));

  /* Undo again does nothing: it was used. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  g_clear_pointer (&restored, g_free);
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);

  /* The row menu's Remove names its server, whatever is selected. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove-server", "s", "second");
  wait_until (fixture, row_gone, "second", 5000, "second to be removed");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-remove", NULL);
  wait_until (fixture, row_back, "second", 5000, "second to be back");
  g_clear_pointer (&restored, g_free);
  restored = read_config (fixture);
  g_assert_cmpstr (restored, ==, before);
}

static void
test_remove_undo (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = NULL;

  /* Unknown keys, at the top and in an entry: undo must give back the very
   * bytes. The file is in the layout Tether writes (json-glib, the file's
   * own indent): the store keeps values and order, not a foreign layout. */
  config = g_strdup_printf ("{\n  \"mcpServers\": {\n    \"first\":   { \"command\": \"tether-no-such-command\", \"disabled\": true },\n"
                            "    %s,\n    \"second\": {\"command\": \"tether-no-such-command\", \"disabled\": true, \"x-keep\": [1, 2]}\n  },\n"
                            "  \"x-top\": true\n}\n", good);
  {
    g_autoptr(JsonNode) root = json_from_string (config, NULL);
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autofree char *text = NULL;

    g_assert_nonnull (root);
    json_generator_set_pretty (generator, TRUE);
    json_generator_set_indent (generator, 2);
    json_generator_set_root (generator, root);
    text = json_generator_to_data (generator, NULL);
    g_free (config);
    config = g_strconcat (text, "\n", NULL);
  }
  write_config (fixture, config);
  run_app (fixture, remove_body);
}

static void
clipboard_read_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
text_read (Fixture       *fixture,
           gconstpointer  data)
{
  return *(char **)data != NULL;
}

static char *
read_clipboard (Fixture *fixture)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)), NULL,
                                 clipboard_read_cb, &text);
  wait_until (fixture, text_read, &text, 5000, "the clipboard");

  return text;
}

static gboolean
tools_shown (Fixture       *fixture,
             gconstpointer  data)
{
  return tab_n_items (fixture, "tools") == GPOINTER_TO_UINT (data);
}

static void
capabilities_body (Fixture *fixture)
{
  GtkListView *tools;
  GtkTreeListRow *first;
  GtkWidget *search;
  guint n_log;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  iterate_for (100);

  /* Tools: each one a row that opens into its parameters. */
  g_assert_cmpuint (tab_n_items (fixture, "tools"), ==, 10);
  tools = tab_list (fixture, "tools");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (tools)));
  first = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (tools)), 0);
  {
    g_autoptr(GObject) tool = gtk_tree_list_row_get_item (first);

    g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (tool)), ==, "echo");
  }
  /* A click on the row opens it. */
  g_signal_emit_by_name (tools, "activate", 0);
  g_assert_true (gtk_tree_list_row_get_expanded (first));
  g_assert_cmpuint (tab_n_items (fixture, "tools"), ==, 11);
  {
    g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (tools)), 1);
    g_autoptr(GObject) parameter = gtk_tree_list_row_get_item (row);

    g_assert_true (TETHER_IS_TOOL_PARAMETER (parameter));
    g_assert_cmpstr (tether_tool_parameter_get_name (TETHER_TOOL_PARAMETER (parameter)), ==, "message");
    g_assert_cmpstr (tether_tool_parameter_get_type_text (TETHER_TOOL_PARAMETER (parameter)), ==, "string");
    g_assert_true (tether_tool_parameter_get_required (TETHER_TOOL_PARAMETER (parameter)));
  }
  g_clear_object (&first);

  /* Prompts and resources (with the templates). */
  g_assert_cmpuint (tab_n_items (fixture, "prompts"), ==, 2);
  g_assert_cmpuint (tab_n_items (fixture, "resources"), ==, 3);

  /* The log has the process's start and the connection. */
  n_log = tab_n_items (fixture, "log");
  g_assert_cmpuint (n_log, >=, 3);

  /* Ctrl+F searches: the tools, and the log. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.search", NULL);
  g_assert_true (tether_server_page_get_search_mode (get_page (fixture)));
  search = find_descendant (get_page (fixture), GTK_TYPE_SEARCH_ENTRY);
  gtk_editable_set_text (GTK_EDITABLE (search), "ECHO");
  g_signal_emit_by_name (search, "search-changed");
  /* echo, still open on its parameter */
  wait_until (fixture, tools_shown, GUINT_TO_POINTER (2), 5000, "the search to filter the tools");
  g_assert_cmpuint (tab_n_items (fixture, "log"), <, n_log);
  gtk_editable_set_text (GTK_EDITABLE (search), "");
  g_signal_emit_by_name (search, "search-changed");
  wait_until (fixture, tools_shown, GUINT_TO_POINTER (11), 5000, "the search to be cleared");
  g_assert_cmpuint (tab_n_items (fixture, "log"), ==, n_log);

  /* Copy Diagnostics and Copy Log put text on the clipboard. */
  {
    g_autofree char *text = NULL;

    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.copy-diagnostics", NULL);
    text = read_clipboard (fixture);
    g_assert_nonnull (strstr (text, "server “good”"));
    g_assert_nonnull (strstr (text, "Configuration:"));
    g_clear_pointer (&text, g_free);

    gtk_widget_activate_action (GTK_WIDGET (get_page (fixture)), "page.copy-log", NULL);
    text = read_clipboard (fixture);
    g_assert_nonnull (strstr (text, "Connected to Fake MCP Server"));
  }

  /* New lines arrive live. */
  tether_server_reconnect (get_server (fixture, "good"));
  wait_connected (fixture, "good");
  g_assert_cmpuint (tab_n_items (fixture, "log"), >, n_log);
}

static void
test_capabilities (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, capabilities_body);
}

/* The main thread's own CPU time, µs: what an iteration costs, without the
 * time the machine gave to other processes (the suite runs in parallel). */
static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);

  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

typedef struct
{
  gint64 wall;   /* longest iteration, wall clock */
  gint64 cpu;    /* longest iteration, the main thread's CPU time */
} Stall;

/* One non-blocking main-loop iteration, measured. */
static gboolean
measured_iteration (Stall *stall)
{
  gint64 t0 = g_get_monotonic_time ();
  gint64 c0 = thread_cpu_time ();
  gboolean dispatched = g_main_context_iteration (NULL, FALSE);

  stall->cpu = MAX (stall->cpu, thread_cpu_time () - c0);
  stall->wall = MAX (stall->wall, g_get_monotonic_time () - t0);
  if (!dispatched)
    g_usleep (200);

  return dispatched;
}

/* The longest main-loop iteration while scrolling @steps times, by @step
 * pixels, or by @step of the whole list when @relative; 20 ms a step. */
static Stall
longest_while_scrolling (GtkAdjustment *adjustment,
                         guint          steps,
                         double         step,
                         gboolean       relative)
{
  Stall stall = { 0, 0 };

  gtk_adjustment_set_value (adjustment, 0);
  iterate_for (100);

  for (guint i = 0; i < steps; i++)
    {
      gint64 until = g_get_monotonic_time () + 20 * 1000;
      double value = relative ? gtk_adjustment_get_upper (adjustment) * step * (i + 1)
                              : gtk_adjustment_get_value (adjustment) + step;

      gint64 t0 = g_get_monotonic_time ();
      gint64 c0 = thread_cpu_time ();

      /* What a scroll event's handler does, counted as its own iteration. */
      gtk_adjustment_set_value (adjustment, value);
      stall.cpu = MAX (stall.cpu, thread_cpu_time () - c0);
      stall.wall = MAX (stall.wall, g_get_monotonic_time () - t0);

      while (g_get_monotonic_time () < until)
        measured_iteration (&stall);
    }

  return stall;
}

static void
many_tools_body (Fixture *fixture)
{
  GtkListView *tools;
  GtkAdjustment *adjustment;
  Stall load = { 0, 0 };
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + 30 * G_USEC_PER_SEC * SLOWDOWN;
  gboolean loaded = FALSE;
  gint64 loaded_at = 0;
  Stall wheel;
  Stall jump;
  Stall search = { 0, 0 };

  tether_window_show_server (fixture->window, "many");

  /* The longest single main-loop iteration from the start of the connection
   * until the list shows all 10 010 tools and has drawn for 300 ms more. */
  while (!loaded || g_get_monotonic_time () < loaded_at + 300 * 1000)
    {
      measured_iteration (&load);

      if (!loaded && tab_n_items (fixture, "tools") == 10010)
        {
          loaded = TRUE;
          loaded_at = g_get_monotonic_time ();
        }
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }

  /* Scrolling: as a wheel or a touchpad does (a few rows a frame), and by
   * jumps of 500 tools (a drag of the scrollbar: a whole page of new rows). */
  tools = tab_list (fixture, "tools");
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (tools));
  /* (Fewer steps in a sanitized build, where each takes seconds.) */
  wheel = longest_while_scrolling (adjustment, SLOWDOWN > 1 ? 10 : 200, 150.0, FALSE);
  jump = longest_while_scrolling (adjustment, SLOWDOWN > 1 ? 4 : 20, 0.05, TRUE);

  /* Typing in the search filters the 10 000 at once. */
  {
    GtkWidget *entry = find_descendant (get_page (fixture), GTK_TYPE_SEARCH_ENTRY);
    gint64 t0;
    gint64 c0;

    tether_server_page_start_search (get_page (fixture));
    iterate_for (100);
    t0 = g_get_monotonic_time ();
    c0 = thread_cpu_time ();
    gtk_editable_set_text (GTK_EDITABLE (entry), "tool-0999");
    g_signal_emit_by_name (entry, "search-changed");
    search.cpu = thread_cpu_time () - c0;
    search.wall = g_get_monotonic_time () - t0;
    while (g_get_monotonic_time () < t0 + 300 * 1000)
      measured_iteration (&search);
    g_assert_cmpuint (tab_n_items (fixture, "tools"), ==, 10);   /* tool-09990 … tool-09999 */
  }

  g_printerr ("# frame stall, 10 010 tools (longest main-loop iteration: main thread CPU / wall clock):\n"
              "#   loading (%.0f ms to list them): %.1f / %.1f ms\n"
              "#   scrolling by 150 px steps: %.1f / %.1f ms\n"
              "#   scrolling by jumps of 500 tools: %.1f / %.1f ms\n"
              "#   searching them: %.1f / %.1f ms\n",
              (loaded_at - start) / 1000.0, load.cpu / 1000.0, load.wall / 1000.0,
              wheel.cpu / 1000.0, wheel.wall / 1000.0, jump.cpu / 1000.0, jump.wall / 1000.0,
              search.cpu / 1000.0, search.wall / 1000.0);

  /* Generous bounds on the main thread's own work, so that other processes
   * on a loaded machine do not count: a per-row cost or a parse on the main
   * thread would be far above them. The sanitizers slow everything down. */
  g_assert_cmpint (load.cpu, <, 500 * 1000 * CPU_SLOWDOWN);
  g_assert_cmpint (wheel.cpu, <, 250 * 1000 * CPU_SLOWDOWN);
  g_assert_cmpint (jump.cpu, <, 500 * 1000 * CPU_SLOWDOWN);
  g_assert_cmpint (search.cpu, <, 250 * 1000 * CPU_SLOWDOWN);
  /* and on the wall clock, to catch a hang */
  g_assert_cmpint (load.wall, <, 3000 * 1000 * SLOWDOWN);
}

static void
test_many_tools (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *many = fake_entry (fixture, "many", "\"--tools\", \"10000\"");
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", many);

  write_config (fixture, config);
  run_app (fixture, many_tools_body);
}

static gboolean
banner_revealed (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) banners = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_CONFIG_BANNER, banners);
  for (guint i = 0; i < banners->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (banners, i)) &&
        tether_config_banner_get_revealed (g_ptr_array_index (banners, i)))
      return GPOINTER_TO_INT (data);

  return !GPOINTER_TO_INT (data);
}

static void
banner_body (Fixture *fixture)
{
  g_autofree char *good_config = read_config (fixture);
  g_autoptr(GPtrArray) banners = g_ptr_array_new ();
  TetherConfigBanner *shown = NULL;

  wait_connected (fixture, "good");
  g_assert_true (banner_revealed (fixture, GINT_TO_POINTER (FALSE)));

  /* An edit from outside breaks the file: the banner says where. */
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"good\": { \"command\": }\n  }\n}\n");
  wait_until (fixture, banner_revealed, GINT_TO_POINTER (TRUE), 10000, "the banner");

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_CONFIG_BANNER, banners);
  for (guint i = 0; i < banners->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (banners, i)) &&
        tether_config_banner_get_revealed (g_ptr_array_index (banners, i)))
      shown = g_ptr_array_index (banners, i);
  g_assert_nonnull (shown);
  g_test_message ("banner: %s", tether_config_banner_get_title (shown));
  g_assert_nonnull (strstr (tether_config_banner_get_title (shown), "line 3"));
  {
    GtkButton *open = find_descendant (shown, GTK_TYPE_BUTTON);

    g_assert_nonnull (open);
    g_assert_cmpstr (gtk_button_get_label (open), ==, "_Open File");
    wait_until (fixture, widget_mapped, open, 5000, "the banner's button");
  }

  /* Tether runs on with the last good configuration. */
  iterate_for (300);
  g_assert_cmpint (tether_server_get_state (get_server (fixture, "good")), ==,
                   TETHER_SERVER_STATE_CONNECTED);
  g_assert_nonnull (find_row (fixture, "good"));

  /* Fixed: the banner goes. */
  write_config (fixture, good_config);
  wait_until (fixture, banner_revealed, GINT_TO_POINTER (FALSE), 10000, "the banner to go");
}

static void
test_invalid_config_banner (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, banner_body);
}

/* TETHER_SCREENSHOT_DIR set: the whole screen at this moment, by
 * ImageMagick's import, for the README and for looking at. */
static void
screenshot (const char *name)
{
  const char *dir = g_getenv ("TETHER_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (dir == NULL)
    return;

  iterate_for (800);
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, name, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };

    g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error);
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("screenshot: %s", path);
}

/* The same, with every shown scrolled window of @widget scrolled to its
 * end (the report's, not a loading page's) */
static void
screenshot_at_end (gpointer    widget,
                   const char *name)
{
  g_autoptr(GPtrArray) scrolled = g_ptr_array_new ();

  if (g_getenv ("TETHER_SCREENSHOT_DIR") == NULL)
    return;

  /* laid out first, so that the end is known */
  iterate_for (300);
  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_SCROLLED_WINDOW, scrolled);
  for (guint i = 0; i < scrolled->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (scrolled, i)))
      {
        GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (g_ptr_array_index (scrolled, i));

        gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      }
  screenshot (name);
}

/* Diagnostics */

/* A folder only the fake login shell puts in PATH (tests/meson.build sets
 * SHELL to it): the PATH servers use is resolved once per process, so it is
 * set up in main(), before any server starts. */
static char *login_bin;

#define LOGIN_ONLY_COMMAND "tether-diag-login-only"
#define MISSING_COMMAND    "tether-diag-nowhere"
#define SECRET             "sekrit"

#define DENIED_OVERRIDE "flatpak override --user --talk-name=org.freedesktop.Flatpak io.github.tethermcp.Tether"

/* "login", whose command only the login shell's PATH finds, and @more */
static char *
diagnostics_config (Fixture    *fixture,
                    const char *more)
{
  return g_strdup_printf ("{ \"mcpServers\": {"
                          " \"login\": { \"command\": \"" LOGIN_ONLY_COMMAND "\","
                          "   \"args\": [\"--count-file\", \"%s/login.counts\"],"
                          "   \"env\": { \"API_TOKEN\": \"" SECRET "-1\" } }%s } }\n",
                          fixture->dir, more);
}

static TetherDiagnosticsWindow *
find_diagnostics (void)
{
  return find_toplevel (TETHER_TYPE_DIAGNOSTICS_WINDOW);
}

static gboolean
diagnostics_idle (Fixture       *fixture,
                  gconstpointer  data)
{
  TetherDiagnosticsWindow *window = find_diagnostics ();

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
         !tether_diagnostics_window_get_busy (window) &&
         tether_diagnostics_window_get_report (window) != NULL;
}

/* Every text the widgets under @widget show or offer: labels (a row's
 * title and subtitle are labels too), editables, tooltips. */
static void
collect_texts (GtkWidget *widget,
               GString   *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_EDITABLE (widget))
    g_string_append_printf (out, "%s\n", gtk_editable_get_text (GTK_EDITABLE (widget)));
  if (gtk_widget_get_tooltip_text (widget) != NULL)
    g_string_append_printf (out, "%s\n", gtk_widget_get_tooltip_text (widget));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, out);
}

static char *
widget_texts (gpointer widget)
{
  GString *out = g_string_new (NULL);

  collect_texts (GTK_WIDGET (widget), out);

  return g_string_free (out, FALSE);
}

/* The row of the Servers group for @name, or NULL. */
static GtkWidget *
diagnostics_server_row (TetherDiagnosticsWindow *window,
                        const char              *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (window), ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (gtk_widget_has_css_class (row, "diagnostics-server") &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), name) == 0)
        return row;
    }

  return NULL;
}

/* The label under @widget that shows exactly @text, or NULL. */
static GtkLabel *
find_label (gpointer    widget,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), text) == 0)
      return g_ptr_array_index (labels, i);

  return NULL;
}

static gboolean
diagnostics_shows_server (Fixture       *fixture,
                          gconstpointer  data)
{
  TetherDiagnosticsWindow *window = find_diagnostics ();

  return diagnostics_idle (fixture, NULL) && diagnostics_server_row (window, data) != NULL;
}

static void
diagnostics_body (Fixture *fixture)
{
  g_autofree char *home = g_build_filename (fixture->dir, "home", NULL);
  g_autofree char *claude_dir = g_build_filename (home, ".config", "Claude", NULL);
  g_autofree char *claude = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autofree char *link = g_build_filename (login_bin, LOGIN_ONLY_COMMAND, NULL);
  g_autofree char *dot_config = g_build_filename (home, ".config", NULL);
  g_autofree char *resolved_text = g_strdup_printf ("%s → %s", LOGIN_ONLY_COMMAND, link);
  g_autofree char *not_found = g_strdup_printf ("command not found: %s (searched: %s:", MISSING_COMMAND, login_bin);
  g_autofree char *texts = NULL;
  g_autofree char *report = NULL;
  g_autofree char *path_lines = NULL;
  g_auto(GStrv) path_dirs = NULL;
  TetherShellEnvironment *environment = tether_shell_environment_get_default ();
  TetherDiagnosticsWindow *window;
  TetherConfigImport *import;
  GtkWidget *button;
  GtkWidget *row;
  GtkLabel *label;

  /* The command is found where only the login shell looks: it runs. */
  wait_connected (fixture, "login");
  g_assert_true (tether_shell_environment_get_from_login_shell (environment));

  /* A server whose command is not found offers Diagnostics on its page;
   * one that runs does not. */
  wait_state (fixture, "missing", TETHER_SERVER_STATE_ERROR);
  g_assert_true (tether_server_get_command_not_found (get_server (fixture, "missing")));
  g_assert_true (tether_window_show_server (fixture->window, "login"));
  iterate_for (50);
  button = find_actionable (get_page (fixture), "win.diagnostics");
  g_assert_nonnull (button);
  g_assert_false (gtk_widget_get_visible (button));
  g_assert_true (tether_window_show_server (fixture->window, "missing"));
  iterate_for (50);
  g_assert_true (gtk_widget_get_visible (button));
  g_signal_emit_by_name (button, "clicked");
  window = find_diagnostics ();
  g_assert_nonnull (window);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (window)) == GTK_WINDOW (fixture->window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Diagnostics");

  /* Other clients' files, in a home of the test's own */
  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (claude, "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"env\": "
                                              "{\"KEY\": \"" SECRET "-claude\"}}, \"b\": {\"command\": \"uvx\"}}}",
                                      -1, NULL));
  import = tether_diagnostics_get_import (tether_diagnostics_window_get_diagnostics (window));
  tether_config_import_set_home_dir (import, home);
  tether_config_import_set_config_dir (import, dot_config);
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.refresh", NULL);
  g_assert_true (tether_diagnostics_window_get_busy (window));
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");

  /* The login shell and its PATH, one folder per line, its own first */
  texts = widget_texts (window);
  g_test_message ("%s", texts);
  g_assert_nonnull (strstr (texts, g_getenv ("SHELL")));
  path_dirs = g_strsplit (tether_shell_environment_get_path (environment), ":", -1);
  g_assert_cmpstr (path_dirs[0], ==, login_bin);
  path_lines = g_strjoinv ("\n", path_dirs);
  label = find_label (window, path_lines);
  g_assert_nonnull (label);
  g_assert_true (gtk_label_get_selectable (label));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));

  /* Each server: the program its command resolves to, or where it was not found */
  row = diagnostics_server_row (window, "login");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, resolved_text));
  row = diagnostics_server_row (window, "missing");
  g_assert_nonnull (row);
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    GtkLabel *error_label = NULL;

    collect_descendants (row, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), not_found))
        error_label = g_ptr_array_index (labels, i);
    g_assert_nonnull (error_label);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (error_label), "error"));
  }
  row = diagnostics_server_row (window, "web");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, "http://127.0.0.1:9/mcp?key=••••"));

  /* The other clients' files */
  g_assert_nonnull (strstr (texts, "Claude Desktop"));
  g_assert_nonnull (strstr (texts, claude));
  g_assert_nonnull (strstr (texts, "2 servers"));

  /* Outside the sandbox, nothing about its permission */
  g_assert_null (strstr (texts, "flatpak override"));

  /* No secret anywhere: not the servers' env or headers, not the session's
   * environment (the login shell printed all of it), not the other client's. */
  g_assert_null (strstr (texts, SECRET));

  screenshot ("diagnostics.png");
  screenshot_at_end (window, "diagnostics-servers.png");

  /* Copy Report: the same facts, as text, and no secret either */
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.copy-report", NULL);
  report = read_clipboard (fixture);
  g_test_message ("%s", report);
  g_assert_true (g_str_has_prefix (report, "Tether "));
  g_assert_nonnull (strstr (report, link));
  g_assert_nonnull (strstr (report, not_found));
  g_assert_nonnull (strstr (report, "http://127.0.0.1:9/mcp"));
  g_assert_nonnull (strstr (report, "Claude Desktop"));
  g_assert_nonnull (strstr (report, tether_shell_environment_get_path (environment)));
  g_assert_null (strstr (report, SECRET));

  /* Copy PATH */
  gtk_widget_activate_action (GTK_WIDGET (window), "diagnostics.copy-path", NULL);
  g_clear_pointer (&report, g_free);
  report = read_clipboard (fixture);
  g_assert_cmpstr (report, ==, tether_shell_environment_get_path (environment));

  /* A change to the configuration is looked at at once. */
  {
    g_autofree char *config = diagnostics_config (fixture, ", \"later\": { \"command\": \"" MISSING_COMMAND "\","
                                                           " \"disabled\": true }");

    write_config (fixture, config);
  }
  wait_until (fixture, diagnostics_shows_server, "later", 10000, "the new server in the diagnostics");
  g_assert_null (diagnostics_server_row (window, "web"));
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (window);
  g_assert_nonnull (strstr (texts, "stdio · off"));
  g_assert_null (strstr (texts, SECRET));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (find_diagnostics ());
  test_remove_tree (home);
}

static void
test_diagnostics (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *link = g_build_filename (login_bin, LOGIN_ONLY_COMMAND, NULL);
  g_autofree char *config = NULL;

  g_assert_null (g_find_program_in_path (LOGIN_ONLY_COMMAND));
  g_assert_cmpint (symlink (FAKE_MCP_SERVER, link), ==, 0);

  /* Secrets in every place they can be: the servers' environment and
   * headers, and the session's environment the login shell prints. */
  config = diagnostics_config (fixture,
                               ", \"missing\": { \"command\": \"" MISSING_COMMAND "\","
                               "   \"env\": { \"OTHER\": \"" SECRET "-2\" } },"
                               " \"web\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp?key=" SECRET "-5\","
                               "   \"disabled\": true,"
                               "   \"headers\": { \"Authorization\": \"Bearer " SECRET "-3\" } }");
  write_config (fixture, config);
  g_setenv ("TETHER_TEST_SESSION_SECRET", SECRET "-4", TRUE);

  run_app (fixture, diagnostics_body);

  g_unsetenv ("TETHER_TEST_SESSION_SECRET");
  g_unlink (link);
}

/* In a sandbox without the permission to run host commands: the exact
 * override command, with a button that copies it. */
static void
diagnostics_denied_body (Fixture *fixture)
{
  g_autofree char *info = g_build_filename (fixture->dir, "flatpak-info", NULL);
  g_autofree char *texts = NULL;
  g_autofree char *copied = NULL;
  TetherDiagnosticsWindow *window;
  GtkWidget *copy;

  g_assert_true (g_file_set_contents (info,
                                      "[Application]\nname=io.github.tethermcp.Tether\n\n"
                                      "[Context]\nshared=network;ipc;\n", -1, NULL));
  tether_flatpak_set_info_path (info);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.diagnostics", NULL);
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");
  window = find_diagnostics ();

  texts = widget_texts (window);
  g_assert_nonnull (strstr (texts, "Flatpak (io.github.tethermcp.Tether)"));
  g_assert_nonnull (find_label (window, DENIED_OVERRIDE));
  screenshot ("diagnostics-denied.png");

  copy = find_actionable (window, "diagnostics.copy-override");
  g_assert_nonnull (copy);
  g_assert_true (gtk_widget_get_mapped (copy));
  click (copy);
  copied = read_clipboard (fixture);
  g_assert_cmpstr (copied, ==, DENIED_OVERRIDE);

  tether_flatpak_set_info_path (NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_diagnostics_denied (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;

  /* The PATH is the host's, learnt before the sandbox is pretended. */
  tether_shell_environment_resolve_async (tether_shell_environment_get_default (), NULL,
                                          test_store_result, &result);
  test_wait_for (&result);

  write_config (fixture, "{ \"mcpServers\": { \"web\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\","
                         " \"disabled\": true } } }\n");
  run_app (fixture, diagnostics_denied_body);
}

/* Importing */


/* Activates a button, check button or switch as a click ends up doing,
 * without click()'s pause to show it pressed. */
static void
press (gpointer widget)
{
  gboolean is_switch = GTK_IS_SWITCH (widget);
  gboolean was_on = is_switch && gtk_switch_get_active (widget);
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC * SLOWDOWN;

  g_assert_true (gtk_widget_is_sensitive (widget));
  if (GTK_IS_BUTTON (widget))
    g_signal_emit_by_name (widget, "clicked");
  else
    gtk_widget_activate (widget);
  iterate_for (50);

  /* A switch turns at the end of its animation. (A button may have closed
   * its window: do not look at it again.) */
  while (is_switch && gtk_switch_get_active (widget) == was_on)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      iterate_for (10);
    }
}

static char *
corpus (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

static TetherImportDialog *
find_import_dialog (void)
{
  return find_toplevel (TETHER_TYPE_IMPORT_DIALOG);
}

static AdwMessageDialog *
find_message_dialog (void)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
}

static gboolean
import_dialog_shown (Fixture       *fixture,
                     gconstpointer  data)
{
  return find_import_dialog () != NULL && gtk_widget_get_mapped (GTK_WIDGET (find_import_dialog ()));
}

static gboolean
message_shown (Fixture       *fixture,
               gconstpointer  data)
{
  return find_message_dialog () != NULL && gtk_widget_get_mapped (GTK_WIDGET (find_message_dialog ()));
}

static gpointer
find_named (gpointer    widget,
            const char *name)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_WIDGET, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (g_ptr_array_index (found, i)), name) == 0)
      return g_ptr_array_index (found, i);

  g_error ("no widget named %s", name);
}

/* Every subtitle of the action rows titled @title, one a line; valid until
 * the next call */
static const char *
row_subtitles (gpointer    widget,
               const char *title)
{
  static char *last;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  collect_descendants (GTK_WIDGET (widget), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      g_string_append_printf (out, "%s\n", adw_action_row_get_subtitle (g_ptr_array_index (rows, i)));

  g_free (last);
  last = g_strdup (out->str);

  return last;
}

static gboolean
confirm_sensitive (TetherImportDialog *dialog)
{
  return gtk_widget_is_sensitive (find_actionable (dialog, "import.confirm"));
}

static const char *
confirm_label (TetherImportDialog *dialog)
{
  return gtk_button_get_label (GTK_BUTTON (find_actionable (dialog, "import.confirm")));
}

/* Drops @value on the window the way GTK does: through the drop target's
 * ::drop on the toast overlay. */
static GtkDropTarget *
find_drop_target (Fixture *fixture)
{
  GtkWidget *overlay = find_descendant (fixture->window, ADW_TYPE_TOAST_OVERLAY);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (overlay);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  g_error ("no drop target on the window");
}

static gboolean
drop_value (Fixture      *fixture,
            const GValue *value)
{
  GtkDropTarget *target = find_drop_target (fixture);
  gboolean handled = FALSE;

  /* It takes files, file lists and text. */
  {
    gsize n_types = 0;
    const GType *types = gtk_drop_target_get_gtypes (target, &n_types);
    gboolean file_list = FALSE, file = FALSE, string = FALSE;

    for (gsize i = 0; i < n_types; i++)
      {
        file_list |= types[i] == GDK_TYPE_FILE_LIST;
        file |= types[i] == G_TYPE_FILE;
        string |= types[i] == G_TYPE_STRING;
      }
    g_assert_true (file_list && file && string);
  }

  g_signal_emit_by_name (target, "drop", value, 10.0, 10.0, &handled);

  return handled;
}

static void
drop_files (Fixture     *fixture,
            const char **paths)
{
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *list = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    list = g_slist_append (list, g_file_new_for_path (paths[i]));

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, list);
  g_assert_true (drop_value (fixture, &value));
  g_slist_free_full (list, g_object_unref);
}

static void
drop_file (Fixture    *fixture,
           const char *path)
{
  g_auto(GValue) value = G_VALUE_INIT;
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_assert_true (drop_value (fixture, &value));
}

static TetherImportDialog *
wait_import_dialog (Fixture *fixture)
{
  wait_until (fixture, import_dialog_shown, NULL, 10000, "the import preview");

  return find_import_dialog ();
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, haystack);
}

static char *
entry_string (Fixture    *fixture,
              const char *name,
              const char *member,
              guint       index)
{
  g_autoptr(JsonNode) node = config_member (fixture, name, member);

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_ARRAY (node))
    return g_strdup (json_array_get_string_element (json_node_get_array (node), index));
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));

      return g_strdup (json_object_get_string_member (json_node_get_object (node), g_list_nth_data (members, index)));
    }

  return g_strdup (json_node_get_string (node));
}

static void
import_preview_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *vscode = corpus ("vscode/.vscode/mcp.json");
  g_autofree char *commands = NULL;
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;
  TetherImportDialog *dialog;
  TetherImportPlan *plan;
  const char *names[] = { "filesystem", "github", "windows-leftover", "café ☕ 日本語", "docs" };

  /* A Claude Desktop file dropped from the file manager */
  drop_files (fixture, (const char *[]) { claude, NULL });
  dialog = wait_import_dialog (fixture);
  plan = tether_import_dialog_get_plan (dialog);
  g_assert_cmpuint (tether_import_plan_get_n_items (plan), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (plan, i)), ==, names[i]);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Import from claude_desktop_config.json");
  g_assert_nonnull (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE));
  g_assert_cmpstr (adw_window_title_get_subtitle (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE)), ==,
                   "Claude Desktop");

  /* The exact command lines and URL, env names with their values masked */
  commands = g_strdup (row_subtitles (dialog, "Command"));
  assert_contains (commands, "npx -y @modelcontextprotocol/server-filesystem '/home/me/My Documents' /home/me/Downloads\n");
  assert_contains (commands, "docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server\n");
  assert_contains (commands, "uvx mcp-server-time --local-timezone=Europe/Paris\n");
  g_assert_cmpstr (row_subtitles (dialog, "URL"), ==, "https://docs.example.com/mcp\n");
  g_assert_cmpstr (row_subtitles (dialog, "Environment Variables"), ==,
                   "GITHUB_PERSONAL_ACCESS_TOKEN=••••, DEBUG=••••\n");
  /* No secret anywhere in the dialog */
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();

    collect_descendants (GTK_WIDGET (dialog), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      g_assert_null (strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "ghp_"));
    g_assert_cmpuint (labels->len, >, 20);
  }
  assert_contains (row_subtitles (dialog, "Working Folder"), "/tmp");
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 5 Servers");
  g_assert_true (confirm_sensitive (dialog));
  screenshot ("import-preview.png");

  /* Leaving one out counts down; connecting after import off: disabled. */
  press (find_named (dialog, "include:windows-leftover"));
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 4 Servers");
  press (find_named (dialog, "connect"));
  g_assert_false (tether_import_dialog_get_connect (dialog));
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_str_equal (names[i], "windows-leftover"))
        {
          g_autoptr(JsonNode) left = config_member (fixture, names[i], "command");

          g_assert_null (left);
          continue;
        }
      g_assert_true (config_disabled (fixture, names[i]));
      g_assert_nonnull (get_server (fixture, names[i]));
    }
  value = entry_string (fixture, "filesystem", "args", 2);
  g_assert_cmpstr (value, ==, "/home/me/My Documents");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "github", "env", 0);
  g_assert_cmpstr (value, ==, "ghp_exampleexampleexample");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "docs", "url", 0);
  g_assert_cmpstr (value, ==, "https://docs.example.com/mcp");
  g_clear_pointer (&value, g_free);
  /* The first imported server is selected; nothing runs. */
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "filesystem"));
  g_assert_cmpint (tether_server_get_state (get_server (fixture, "github")), ==, TETHER_SERVER_STATE_DISABLED);

  /* A VS Code mcp.json: its inputs are asked for, and confirm waits. */
  drop_file (fixture, vscode);
  dialog = wait_import_dialog (fixture);
  plan = tether_import_dialog_get_plan (dialog);
  g_assert_cmpuint (tether_import_plan_get_n_items (plan), ==, 5);
  g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (plan, 0)), ==, "perplexity");
  commands = (g_free (commands), g_strdup (row_subtitles (dialog, "Command")));
  assert_contains (commands, "npx -y server-perplexity-ask --region '${input:region}'\n");
  g_assert_true (ADW_IS_PASSWORD_ENTRY_ROW (find_named (dialog, "variable:perplexity-key")));
  press (find_named (dialog, "connect"));
  /* legacy needs nothing, but the others wait for values */
  g_assert_false (confirm_sensitive (dialog));
  gtk_editable_set_text (find_named (dialog, "variable:region"), "eu-1");
  gtk_editable_set_text (find_named (dialog, "variable:perplexity-key"), "pk-secret-9");
  g_assert_false (confirm_sensitive (dialog));
  /* unknown-var needs ${config:…}: left out, the rest can go */
  press (find_named (dialog, "include:unknown-var"));
  g_assert_true (confirm_sensitive (dialog));
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 3 Servers");
  /* Emptied again, a value is missing again. */
  gtk_editable_set_text (find_named (dialog, "variable:region"), "");
  g_assert_false (confirm_sensitive (dialog));
  gtk_editable_set_text (find_named (dialog, "variable:region"), "eu-1");
  screenshot ("import-preview-variables.png");
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  value = entry_string (fixture, "perplexity", "args", 3);
  g_assert_cmpstr (value, ==, "eu-1");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "context7", "headers", 0);
  g_assert_cmpstr (value, ==, "pk-secret-9");
  g_clear_pointer (&value, g_free);
  g_assert_nonnull (get_server (fixture, "legacy"));
  g_assert_null (get_server (fixture, "unknown-var"));
  g_assert_null (get_server (fixture, "socket"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "perplexity"));
  text = read_config (fixture);
  g_assert_null (strstr (text, "${input:"));
}

static void
test_import_preview (Fixture       *fixture,
                     gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_preview_body);
}

static void
import_cancel_body (Fixture *fixture)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;

  /* The Cancel button */
  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  press (find_named (dialog, "conflict:github"));
  press (find_actionable (dialog, "window.close"));
  g_assert_null (find_import_dialog ());

  /* Escape */
  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  iterate_for (300);
  g_assert_null (find_import_dialog ());

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (get_manager (fixture))), ==, 1);
}

static void
test_import_cancel (Fixture       *fixture,
                    gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"true\", \"disabled\": true }\n  }\n}\n");
  run_app (fixture, import_cancel_body);
}

static void
import_conflict_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *value = NULL;
  TetherImportDialog *dialog;

  drop_file (fixture, claude);
  dialog = wait_import_dialog (fixture);
  press (find_named (dialog, "connect"));

  /* Taken names ask; the others do not. */
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:github")));
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:filesystem")));
  g_assert_true (gtk_widget_get_visible (find_named (dialog, "conflict:docs")));
  g_assert_false (gtk_widget_get_visible (find_named (dialog, "conflict:windows-leftover")));
  /* Skip by default */
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 2 Servers");

  adw_combo_row_set_selected (find_named (dialog, "conflict:github"), TETHER_IMPORT_CONFLICT_REPLACE);
  adw_combo_row_set_selected (find_named (dialog, "conflict:filesystem"), TETHER_IMPORT_CONFLICT_KEEP_BOTH);
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 4 Servers");
  assert_contains (row_subtitles (dialog, "Command"), "npx");
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    gboolean said = FALSE;

    collect_descendants (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW, rows);
    for (guint i = 0; i < rows->len; i++)
      said |= gtk_widget_get_visible (g_ptr_array_index (rows, i)) &&
              g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "Added as “filesystem-2”") == 0;
    g_assert_true (said);
  }
  screenshot ("import-conflicts.png");
  press (find_actionable (dialog, "import.confirm"));
  g_assert_null (find_import_dialog ());

  /* Replace: github is the imported one now */
  value = entry_string (fixture, "github", "command", 0);
  g_assert_cmpstr (value, ==, "docker");
  g_clear_pointer (&value, g_free);
  /* Keep Both: the old one stays, the new one is filesystem-2 */
  value = entry_string (fixture, "filesystem", "command", 0);
  g_assert_cmpstr (value, ==, "old-filesystem");
  g_clear_pointer (&value, g_free);
  value = entry_string (fixture, "filesystem-2", "command", 0);
  g_assert_cmpstr (value, ==, "npx");
  g_clear_pointer (&value, g_free);
  /* Skip: docs untouched */
  value = entry_string (fixture, "docs", "command", 0);
  g_assert_cmpstr (value, ==, "old-docs");
  g_clear_pointer (&value, g_free);
  {
    g_autoptr(JsonNode) url = config_member (fixture, "docs", "url");

    g_assert_null (url);
  }
  value = entry_string (fixture, "windows-leftover", "args", 0);
  g_assert_cmpstr (value, ==, "--db-path");
}

static void
test_import_conflict (Fixture       *fixture,
                      gconstpointer  data)
{
  write_config (fixture,
                "{\n  \"mcpServers\": {\n"
                "    \"github\": { \"command\": \"old-github\", \"disabled\": true },\n"
                "    \"filesystem\": { \"command\": \"old-filesystem\", \"disabled\": true },\n"
                "    \"docs\": { \"command\": \"old-docs\", \"disabled\": true }\n"
                "  }\n}\n");
  run_app (fixture, import_conflict_body);
}

static void
expect_bad_drop (Fixture    *fixture,
                 const char *path,
                 const char *expected,
                 const char *shot)
{
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autofree char *base = g_path_get_basename (path);
  AdwMessageDialog *message;

  drop_file (fixture, path);
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  message = find_message_dialog ();
  g_test_message ("%s: %s — %s", base, adw_message_dialog_get_heading (message), adw_message_dialog_get_body (message));
  assert_contains (adw_message_dialog_get_heading (message), base);
  assert_contains (adw_message_dialog_get_body (message), expected);
  g_assert_null (find_import_dialog ());
  if (shot != NULL)
    screenshot (shot);
  adw_message_dialog_response (message, "close");
  gtk_window_destroy (GTK_WINDOW (message));
  iterate_for (100);

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
}

static void
import_bad_body (Fixture *fixture)
{
  g_autofree char *binary = corpus ("broken-binary.png");
  g_autofree char *empty = corpus ("broken-empty.json");
  g_autofree char *zero = corpus ("broken-zero-servers.json");
  g_autofree char *not_json = corpus ("broken-not-json.txt");
  g_autofree char *truncated = corpus ("broken-truncated.json");
  g_autofree char *folder = g_build_filename (fixture->dir, "a-folder", NULL);
  g_autofree char *huge = g_build_filename (fixture->dir, "huge.json", NULL);
  g_autofree char *missing = g_build_filename (fixture->dir, "gone.json", NULL);
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  /* A named pipe nobody writes to (opened to read, it would wait for
   * ever) and a link to /dev/zero (read, it never ends). */
  g_autofree char *fifo = g_build_filename (fixture->dir, "pipe.json", NULL);
  g_autofree char *dev_zero = g_build_filename (fixture->dir, "dev-zero.json", NULL);
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", dev_zero), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  fd = g_open (huge, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE + 1), ==, 0);
  close (fd);

  expect_bad_drop (fixture, binary, "not a text file", "import-bad-drop.png");
  expect_bad_drop (fixture, empty, "empty", NULL);
  expect_bad_drop (fixture, zero, "no servers", NULL);
  expect_bad_drop (fixture, not_json, "not a server configuration", NULL);
  expect_bad_drop (fixture, truncated, "line 5, column 22", NULL);
  expect_bad_drop (fixture, folder, "folder", NULL);
  expect_bad_drop (fixture, fifo, "is a named pipe (FIFO), not a file", NULL);
  expect_bad_drop (fixture, dev_zero, "is a character device, not a file", NULL);
  expect_bad_drop (fixture, huge, "MB", NULL);
  expect_bad_drop (fixture, missing, "gone.json", NULL);

  /* Several at once: each in turn, the bad one said, the good one shown. */
  drop_files (fixture, (const char *[]) { empty, claude, NULL });
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  g_assert_null (find_import_dialog ());
  adw_message_dialog_response (find_message_dialog (), "close");
  gtk_window_destroy (GTK_WINDOW (find_message_dialog ()));
  dialog = wait_import_dialog (fixture);
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_for (100);

  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_rmdir (folder);
  g_unlink (fifo);
  g_unlink (dev_zero);
}

static void
test_import_bad_drops (Fixture       *fixture,
                       gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {\n    \"kept\": { \"command\": \"true\", \"disabled\": true }\n  }\n}\n");
  run_app (fixture, import_bad_body);
}

static gboolean
revealed (Fixture       *fixture,
          gconstpointer  data)
{
  return gtk_revealer_get_child_revealed (GTK_REVEALER ((gpointer)data));
}

static void
import_text_body (Fixture *fixture)
{
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *entry = fake_entry (fixture, "pasted", NULL);
  g_autofree char *text = g_strdup_printf ("{ \"mcpServers\": { %s } }", entry);
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportDialog *dialog;
  AdwMessageDialog *message;
  GtkRevealer *highlight;
  GdkDragAction action = 0;

  /* Something hovers: the window says what a drop does. */
  highlight = GTK_REVEALER (gtk_widget_get_ancestor (find_named (fixture->window, "drop-status"), GTK_TYPE_REVEALER));
  g_assert_false (gtk_revealer_get_child_revealed (highlight));
  g_signal_emit_by_name (find_drop_target (fixture), "enter", 100.0, 100.0, &action);
  g_assert_cmpint (action, ==, GDK_ACTION_COPY);
  wait_until (fixture, revealed, highlight, 5000, "the drop highlight");
  screenshot ("import-drop-highlight.png");
  g_signal_emit_by_name (find_drop_target (fixture), "leave");
  g_assert_false (gtk_revealer_get_reveal_child (highlight));

  /* Not a configuration: said, nothing changed */
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "just some words");
  g_assert_true (drop_value (fixture, &value));
  wait_until (fixture, message_shown, NULL, 10000, "the message");
  message = find_message_dialog ();
  assert_contains (adw_message_dialog_get_heading (message), "Text");
  adw_message_dialog_response (message, "close");
  gtk_window_destroy (GTK_WINDOW (message));
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);

  /* A text/uri-list of a file, as text: the file */
  {
    g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
    g_autofree char *uri = g_filename_to_uri (claude, NULL, NULL);
    g_autofree char *list = g_strdup_printf ("%s\r\n", uri);

    g_value_set_string (&value, list);
    g_assert_true (drop_value (fixture, &value));
    dialog = wait_import_dialog (fixture);
    g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
    iterate_for (100);
    g_assert_null (find_import_dialog ());
  }

  /* Ctrl+V of a configuration copied as text */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)),
                          "{ \"servers\": { \"copied\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\" } } }");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.paste-import", NULL);
  dialog = wait_import_dialog (fixture);
  g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (tether_import_dialog_get_plan (dialog), 0)),
                   ==, "copied");
  g_assert_cmpstr (row_subtitles (dialog, "URL"), ==, "http://127.0.0.1:9/mcp\n");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  iterate_for (100);
  after = (g_free (after), read_config (fixture));
  g_assert_cmpstr (after, ==, before);

  /* Dropped JSON text: the preview; Connect after import on, it connects. */
  g_value_set_string (&value, text);
  g_assert_true (drop_value (fixture, &value));
  dialog = wait_import_dialog (fixture);
  g_assert_true (tether_import_dialog_get_connect (dialog));
  assert_contains (row_subtitles (dialog, "Command"), FAKE_MCP_SERVER);
  g_assert_cmpstr (confirm_label (dialog), ==, "_Add 1 Server");
  /* Nothing runs before confirming */
  g_assert_null (get_server (fixture, "pasted"));
  g_assert_cmpuint (running (fixture, "pasted"), ==, 0);
  press (find_actionable (dialog, "import.confirm"));
  wait_connected (fixture, "pasted");
  g_assert_false (config_disabled (fixture, "pasted"));
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "pasted"));
}

static void
test_import_text (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_text_body);
}

static gboolean
portal_asked (Fixture       *fixture,
              gconstpointer  data)
{
  return portal_title != NULL;
}

static void
import_chooser_body (Fixture *fixture)
{
  g_autofree char *codex = corpus ("codex/config.toml");
  g_autoptr(GVariant) filters = NULL;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  TetherImportDialog *dialog;
  GVariantIter iter;
  const char *name;

  /* Cancelled: nothing */
  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_answer, g_free);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import", NULL);
  wait_until (fixture, portal_asked, NULL, 10000, "the file chooser");
  iterate_for (300 * SLOWDOWN);
  g_assert_null (find_import_dialog ());
  g_assert_null (find_message_dialog ());

  /* Import… (Ctrl+O): a file chooser for JSON, TOML and YAML, or anything */
  g_clear_pointer (&portal_title, g_free);
  portal_answer = g_filename_to_uri (codex, NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import", NULL);
  wait_until (fixture, portal_asked, NULL, 10000, "the file chooser");
  g_assert_cmpstr (portal_title, ==, "Import Servers");
  g_assert_true (g_variant_lookup (portal_options, "filters", "@a(sa(us))", &filters));
  g_variant_iter_init (&iter, filters);
  while (g_variant_iter_next (&iter, "(&s@a(us))", &name, NULL))
    g_string_append_printf (names, "%s;", name);
  g_assert_cmpstr (names->str, ==, "Configuration Files;JSON;TOML (Codex);YAML (goose);All Files;");

  dialog = wait_import_dialog (fixture);
  g_assert_cmpstr (adw_window_title_get_subtitle (find_descendant (dialog, ADW_TYPE_WINDOW_TITLE)), ==, "Codex");
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 3);
  press (find_actionable (dialog, "window.close"));
  g_assert_null (find_import_dialog ());
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&portal_answer, g_free);
  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_options, g_variant_unref);
}

/* GtkFileChooserNative (GTK 4.8) builds its fallback dialog even when it
 * asks the portal, and that dialog's places sidebar leaks the GFileInfo of
 * each place it looks up, allocated in GIO's worker threads where no GTK
 * frame shows for a suppression to match. So this test runs in a process of
 * its own, which a sanitized build runs with every check but the leak check
 * at exit. */
static void
test_import_chooser (Fixture       *fixture,
                     gconstpointer  data)
{
  if (g_test_subprocess ())
    {
      write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
      run_app (fixture, import_chooser_body);
      return;
    }

#if defined(__SANITIZE_ADDRESS__)
  {
    g_autofree char *options = g_strdup (g_getenv ("ASAN_OPTIONS"));
    g_autofree char *no_leaks = g_strconcat (options != NULL ? options : "", options != NULL ? ":" : "",
                                             "detect_leaks=0", NULL);

    g_setenv ("ASAN_OPTIONS", no_leaks, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
    if (options != NULL)
      g_setenv ("ASAN_OPTIONS", options, TRUE);
    else
      g_unsetenv ("ASAN_OPTIONS");
  }
#else
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
#endif
  g_test_trap_assert_passed ();
}

static gboolean
sources_found (Fixture       *fixture,
               gconstpointer  data)
{
  return tether_import_sources_dialog_get_sources ((TetherImportSourcesDialog *)data) != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (data));
}

static TetherImportSourcesDialog *
open_sources (Fixture *fixture)
{
  TetherImportSourcesDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import-from", NULL);
  dialog = find_toplevel (TETHER_TYPE_IMPORT_SOURCES_DIALOG);
  g_assert_nonnull (dialog);
  wait_until (fixture, sources_found, dialog, 10000, "the clients' files");

  return dialog;
}

static void
import_from_body (Fixture *fixture)
{
  g_autofree char *claude = corpus ("claude-desktop/claude_desktop_config.json");
  g_autofree char *claude_dir = g_build_filename (g_get_home_dir (), ".config", "Claude", NULL);
  g_autofree char *claude_copy = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);
  g_autofree char *gemini_dir = g_build_filename (g_get_home_dir (), ".gemini", NULL);
  g_autofree char *gemini = g_build_filename (gemini_dir, "settings.json", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *before = read_config (fixture);
  g_autofree char *after = NULL;
  TetherImportSourcesDialog *sources;
  TetherImportDialog *dialog;
  GtkStack *stack;
  AdwActionRow *row;

  /* Nothing on this (fake) home: the empty state */
  sources = open_sources (fixture);
  stack = find_descendant (sources, GTK_TYPE_STACK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  screenshot ("import-from-empty.png");
  gtk_window_destroy (GTK_WINDOW (sources));

  /* Claude Desktop's file, and a Gemini CLI one that is broken */
  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (gemini_dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (claude, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (claude_copy, contents, -1, NULL));
  g_assert_true (g_file_set_contents (gemini, "{ \"mcpServers\": { \"x\": ", -1, NULL));

  sources = open_sources (fixture);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack = find_descendant (sources, GTK_TYPE_STACK)), ==, "list");
  g_assert_cmpuint (g_list_model_get_n_items (tether_import_sources_dialog_get_sources (sources)), ==, 2);
  row = find_named (sources, gemini);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Gemini CLI");
  assert_contains (adw_action_row_get_subtitle (row), "line 1");
  g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  row = find_named (sources, claude_copy);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Claude Desktop");
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, claude_copy);
  {
    GtkLabel *count = find_descendant (row, GTK_TYPE_LABEL);
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean said = FALSE;

    g_assert_nonnull (count);
    collect_descendants (GTK_WIDGET (row), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      said |= g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), "5 servers") == 0;
    g_assert_true (said);
  }
  screenshot ("import-from.png");

  /* Choosing it previews it; cancelling changes nothing. */
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  g_signal_emit_by_name (row, "activated");
  dialog = wait_import_dialog (fixture);
  g_assert_null (find_toplevel (TETHER_TYPE_IMPORT_SOURCES_DIALOG));
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (dialog)), ==, 5);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  iterate_for (100);
  after = read_config (fixture);
  g_assert_cmpstr (after, ==, before);

  g_unlink (claude_copy);
  g_unlink (gemini);
  g_rmdir (claude_dir);
  g_rmdir (gemini_dir);
}

static void
test_import_from (Fixture       *fixture,
                  gconstpointer  data)
{
  write_config (fixture, "{\n  \"mcpServers\": {}\n}\n");
  run_app (fixture, import_from_body);
}

/* Text from servers and files, shown and never obeyed: FAKE_MCP_HOSTILE as
 * a label shows it (test-tether-cli has the terminal's side). */
#define HOSTILE_SHOWN "␛[31mred␛[0m ␛]0;title␇ ␍back ⟨U+009B⟩2J ⟨U+202E⟩txet <b>bold</b> & more"

/* No label under @widget holds a control character, a C1 control or a bidi
 * override or isolate, and each that shows hostile text shows its override
 * and its markup as text. Returns how many show it. */
static guint
assert_labels_safe (gpointer widget)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = 0;

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

      g_assert_true (g_utf8_validate (text, -1, NULL));
      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
              (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
            g_error ("a label shows U+%04X: %s", (guint)c, text);
        }

      if (strstr (text, "txet") != NULL)
        {
          if (strstr (text, "⟨U+202E⟩txet <b>bold</b> & more") == NULL)
            g_error ("a label shows hostile text otherwise: %s", text);
          n++;
        }
    }

  return n;
}

typedef struct
{
  gpointer widget;
  guint    at_least;
} Shown;

static gboolean
labels_show_hostile (Fixture       *fixture,
                     gconstpointer  data)
{
  const Shown *shown = data;

  return assert_labels_safe (shown->widget) >= shown->at_least;
}

static void
hostile_call_done_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(JsonNode) reply = tether_server_call_tool_finish (TETHER_SERVER (object), result, NULL);

  *(gboolean *)user_data = TRUE;
}

static gboolean
flag_set (Fixture       *fixture,
          gconstpointer  data)
{
  return *(const gboolean *)data;
}

static void
hostile_text_body (Fixture *fixture)
{
  const char *name = "evil \x1b[31mred\x1b[0m \x1b]0;title\x07 \rback \xc2\x9b" "2J \xe2\x80\xae"
                     "txet <b>bold</b> & more";
  const char *tabs[] = { "tools", "prompts", "resources", "log" };
  TetherServerPage *page;
  TetherImportDialog *dialog;
  gboolean called = FALSE;

  wait_connected (fixture, "hostile");
  wait_state (fixture, "dying", TETHER_SERVER_STATE_ERROR);
  /* A name with control characters is refused at start, and shown */
  wait_state (fixture, name, TETHER_SERVER_STATE_ERROR);

  /* The sidebar: the refused name, and the other's error with the stderr lines */
  g_assert_cmpstr (gtk_label_get_text (find_descendant (find_row (fixture, name), GTK_TYPE_LABEL)), ==,
                   "evil " HOSTILE_SHOWN);
  g_assert_cmpuint (assert_labels_safe (fixture->window), >=, 2);

  /* The page: serverInfo, every list, the log (stderr, a log message) */
  tether_server_call_tool_async (get_server (fixture, "hostile"), "hostile", NULL, NULL, NULL, NULL,
                                 hostile_call_done_cb, &called);
  wait_until (fixture, flag_set, &called, 10000, "the hostile call");
  tether_window_show_server (fixture->window, "hostile");
  page = get_page (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (tabs); i++)
    {
      adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (page), tabs[i]);
      /* its name, its serverInfo, and the tab's rows */
      wait_until (fixture, labels_show_hostile, &(Shown) { page, 3 }, 5000, tabs[i]);
      g_test_message ("%s: %u labels show the hostile text", tabs[i], assert_labels_safe (page));
    }
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    guint tooltips = 0;

    /* The instructions, in the serverInfo's tooltip */
    collect_descendants (GTK_WIDGET (page), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        const char *tooltip = gtk_widget_get_tooltip_text (g_ptr_array_index (labels, i));

        if (tooltip != NULL && g_str_has_prefix (tooltip, "Instructions"))
          {
            g_assert_cmpstr (tooltip, ==, "Instructions " HOSTILE_SHOWN "\nsecond line");
            tooltips++;
          }
      }
    g_assert_cmpuint (tooltips, ==, 1);
  }

  /* The failed one's details */
  tether_window_show_server (fixture->window, "dying");
  wait_until (fixture, labels_show_hostile, &(Shown) { page, 2 }, 5000, "the failed server's details");

  /* The import preview of a file that holds it */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)),
                          "{ \"mcpServers\": { \"pasted \\u202etxet <b>bold</b> & more\": { \"command\": \"npx\", "
                          "\"args\": [\"\\u001b[31mred\\u001b[0m \\u001b]0;title\\u0007 \\rback \\u009b2J "
                          "\\u202etxet <b>bold</b> & more\"] } } }");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.paste-import", NULL);
  dialog = wait_import_dialog (fixture);
  iterate_for (200 * SLOWDOWN);
  g_assert_cmpuint (assert_labels_safe (dialog), >=, 1);
  {
    g_autoptr(GPtrArray) groups = g_ptr_array_new ();
    guint shown = 0;

    /* A group's title is markup: it shows the name's as text. */
    collect_descendants (GTK_WIDGET (dialog), ADW_TYPE_PREFERENCES_GROUP, groups);
    for (guint i = 0; i < groups->len; i++)
      if (g_strcmp0 (adw_preferences_group_get_title (g_ptr_array_index (groups, i)),
                     "pasted ⟨U+202E⟩txet <b>bold</b> & more") == 0)
        shown++;
    g_assert_cmpuint (shown, ==, 1);
  }
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  iterate_for (100);

  /* A toast that names it */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.remove-server", "s", name);
  iterate_for (200 * SLOWDOWN);
  g_assert_cmpuint (assert_labels_safe (fixture->window), >=, 1);
}

static void
test_hostile_text (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": {"
                                             " \"evil \\u001b[31mred\\u001b[0m \\u001b]0;title\\u0007 \\rback"
                                             " \\u009b2J \\u202etxet <b>bold</b> & more\":"
                                             " { \"command\": \"%s\", \"args\": [\"--hostile-text\"] },"
                                             " \"hostile\": { \"command\": \"%s\", \"args\": [\"--hostile-text\", \"--count-file\","
                                             " \"%s/hostile.counts\"] },"
                                             " \"dying\": { \"command\": \"%s\", \"args\": [\"--hostile-text\","
                                             " \"--exit-during-initialize\", \"--count-file\", \"%s/dying.counts\"] } } }\n",
                                             FAKE_MCP_SERVER, FAKE_MCP_SERVER, fixture->dir, FAKE_MCP_SERVER,
                                             fixture->dir);

  write_config (fixture, config);
  run_app (fixture, hostile_text_body);
}

/* Secrets in URLs, and credentials sent in clear */

/* What every secret of these tests holds. */
#define MARK "zq7wv"

#define CLEARTEXT_WARNING "Sends its Authorization header unencrypted: anyone on the network can read it. Use https."

static const char *secret_servers =
  "{ \"mcpServers\": {"
  " \"web\": { \"url\": \"http://127.0.0.1:1/mcp?key=" MARK "-1\","
  "   \"headers\": { \"Authorization\": \"Bearer " MARK "-2\" } },"
  " \"tok\": { \"type\": \"http\", \"url\": \"http://" MARK "-3@127.0.0.1:1/tok\" },"
  " \"bare\": { \"type\": \"sse\", \"url\": \"http://127.0.0.1:1/bare?" MARK "-4#" MARK "-5\" },"
  " \"clear\": { \"url\": \"http://192.0.2.10/mcp\", \"disabled\": true,"
  "   \"headers\": { \"Authorization\": \"Bearer " MARK "-6\" } },"
  " \"inurl\": { \"type\": \"http\", \"url\": \"http://user:" MARK "-7@192.0.2.10/mcp\", \"disabled\": true }"
  " } }\n";

static void
assert_no_mark (const char *what,
                const char *text)
{
  if (strstr (text, MARK) != NULL)
    g_error ("a secret reached %s:\n%s", what, text);
}

/* The mapped label under @widget whose text starts with @prefix, or NULL */
static GtkLabel *
find_shown_label (gpointer    widget,
                  const char *prefix)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
        g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), prefix))
      return g_ptr_array_index (labels, i);

  return NULL;
}

/* A warning as GNOME apps show one: its text in the warning colour, with a
 * mapped dialog-warning-symbolic beside it. */
static void
assert_warning_shown (gpointer    widget,
                      const char *prefix)
{
  GtkLabel *label = find_shown_label (widget, prefix);
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  gboolean icon = FALSE;

  if (label == NULL)
    {
      g_autofree char *texts = widget_texts (widget);

      g_error ("no warning “%s” shown in:\n%s", prefix, texts);
    }
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (label), "warning"));

  collect_descendants (gtk_widget_get_parent (GTK_WIDGET (label)), GTK_TYPE_IMAGE, images);
  for (guint i = 0; i < images->len; i++)
    icon = icon || (gtk_widget_get_mapped (g_ptr_array_index (images, i)) &&
                    g_strcmp0 (gtk_image_get_icon_name (g_ptr_array_index (images, i)),
                               "dialog-warning-symbolic") == 0);
  g_assert_true (icon);
}

static void
show_tab (Fixture    *fixture,
          const char *tab)
{
  adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (get_page (fixture)), tab);
  iterate_for (100);
}

static void
secrets_body (Fixture *fixture)
{
  const char *names[] = { "web", "tok", "bare", "clear", "inurl" };
  const char *pages[][2] = {
    { "web", "http://127.0.0.1:1/mcp?key=••••" },
    { "tok", "http://••••@127.0.0.1:1/tok" },
    { "bare", "http://127.0.0.1:1/bare?••••#••••" },
    { "inurl", "http://••••@192.0.2.10/mcp" },
  };
  g_autofree char *import_file = g_build_filename (fixture->dir, "other-client.json", NULL);
  g_autofree char *texts = NULL;
  g_autofree char *report = NULL;
  TetherDiagnosticsWindow *diagnostics;
  TetherImportDialog *dialog;
  GtkWidget *row;

  wait_state (fixture, "web", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "tok", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "bare", TETHER_SERVER_STATE_ERROR);

  /* Every server's page, every tab: the URL masked, path kept, and no
   * secret in any label, field or tooltip of the window. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (tether_window_show_server (fixture->window, names[i]));
      iterate_for (100);
      for (guint t = 0; t < 4; t++)
        {
          const char *tabs[] = { "tools", "prompts", "resources", "log" };

          show_tab (fixture, tabs[t]);
          g_clear_pointer (&texts, g_free);
          texts = widget_texts (fixture->window);
          assert_no_mark ("the window", texts);
        }

      /* The log entries, shown or not, and the copied diagnostics */
      {
        GListModel *log = tether_server_get_log (get_server (fixture, names[i]));

        for (guint e = 0; e < g_list_model_get_n_items (log); e++)
          {
            g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, e);

            assert_no_mark ("the log", tether_log_entry_get_text (entry));
          }
      }
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.copy-diagnostics", NULL);
      g_clear_pointer (&report, g_free);
      report = read_clipboard (fixture);
      assert_no_mark ("the copied diagnostics", report);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      tether_window_show_server (fixture->window, pages[i][0]);
      iterate_for (100);
      if (find_label (get_page (fixture), pages[i][1]) == NULL)
        g_error ("%s: its page does not show %s", pages[i][0], pages[i][1]);
    }

  /* Why it failed names the URL, masked, with its path: on the page and in
   * the log. */
  tether_window_show_server (fixture->window, "web");
  show_tab (fixture, "log");
  g_assert_nonnull (find_shown_label (get_page (fixture),
                                      "Attempt 3 of 3 failed:\nCould not reach the server at "
                                      "http://127.0.0.1:1/mcp?key=••••: "));
  g_assert_nonnull (strstr (tether_server_get_error_message (get_server (fixture, "tok")),
                            "Could not reach the server at http://••••@127.0.0.1:1/tok: "));

  /* A token in clear to another machine: said on its row and its page, in
   * the warning colour with the warning icon; a loopback server is fine. */
  assert_warning_shown (find_row (fixture, "clear"), CLEARTEXT_WARNING);
  assert_warning_shown (find_row (fixture, "inurl"), "Sends the credentials in its URL unencrypted");
  g_assert_null (find_shown_label (find_row (fixture, "web"), "Sends"));
  tether_window_show_server (fixture->window, "clear");
  show_tab (fixture, "tools");
  assert_warning_shown (get_page (fixture), CLEARTEXT_WARNING);
  screenshot ("cleartext-warning.png");
  tether_window_show_server (fixture->window, "web");
  iterate_for (100);
  g_assert_null (find_shown_label (get_page (fixture), "Sends"));

  /* Diagnostics: its window, and the report it copies */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.diagnostics", NULL);
  wait_until (fixture, diagnostics_idle, NULL, 10000, "the diagnostics");
  diagnostics = find_diagnostics ();
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (diagnostics);
  assert_no_mark ("the diagnostics window", texts);
  row = diagnostics_server_row (diagnostics, "tok");
  g_assert_nonnull (row);
  g_assert_nonnull (find_label (row, "http://••••@127.0.0.1:1/tok"));
  row = diagnostics_server_row (diagnostics, "clear");
  g_assert_nonnull (row);
  assert_warning_shown (row, CLEARTEXT_WARNING);
  screenshot_at_end (diagnostics, "cleartext-warning-diagnostics.png");
  gtk_widget_activate_action (GTK_WIDGET (diagnostics), "diagnostics.copy-report", NULL);
  g_clear_pointer (&report, g_free);
  report = read_clipboard (fixture);
  assert_no_mark ("the diagnostics report", report);
  assert_contains (report, "http://127.0.0.1:1/bare?••••#••••");
  assert_contains (report, "warning: " CLEARTEXT_WARNING);
  gtk_window_destroy (GTK_WINDOW (diagnostics));

  /* The import preview of the same servers */
  g_assert_true (g_file_set_contents (import_file, secret_servers, -1, NULL));
  drop_file (fixture, import_file);
  dialog = wait_import_dialog (fixture);
  g_clear_pointer (&texts, g_free);
  texts = widget_texts (dialog);
  assert_no_mark ("the import preview", texts);
  assert_contains (texts, "http://••••@127.0.0.1:1/tok\n");
  assert_contains (texts, "http://127.0.0.1:1/bare?••••#••••\n");
  assert_contains (texts, CLEARTEXT_WARNING);
  screenshot_at_end (dialog, "cleartext-warning-import.png");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL);
  iterate_for (300);
  g_assert_null (find_import_dialog ());
}

static void
test_secrets (Fixture       *fixture,
              gconstpointer  data)
{
  write_config (fixture, secret_servers);
  run_app (fixture, secrets_body);
}

/* A variable's name is checked as it is typed: letters, digits and “_”,
 * not starting with a digit; anything else is said under the variables,
 * the name is marked, and Save is off. */
static void
env_names_body (Fixture *fixture)
{
  const char *bad[] = { "PATH=/tmp/evil:", "MY-VAR", "1ST" };
  TetherServerDialog *dialog;
  TetherPairRow *row;

  wait_connected (fixture, "good");
  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (tether_server_dialog_get_can_save (dialog));

  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add-env", NULL);
  row = find_descendant (dialog, TETHER_TYPE_PAIR_ROW);
  g_assert_nonnull (row);
  tether_pair_row_set_value (row, "x");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *message = g_strdup_printf ("“%s” cannot be a variable name: use letters, digits and “_”, "
                                                  "not starting with a digit.", bad[i]);

      tether_pair_row_set_key (row, bad[i]);
      iterate_for (50);
      assert_problem (dialog, message);
      g_assert_nonnull (find_shown_label (dialog, message));
      g_assert_true (gtk_widget_has_css_class (tether_pair_row_get_key_entry (row), "error"));
    }

  tether_pair_row_set_key (row, "_MY_VAR1");
  iterate_for (50);
  g_assert_true (tether_server_dialog_get_can_save (dialog));
  g_assert_false (gtk_widget_has_css_class (tether_pair_row_get_key_entry (row), "error"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_env_names (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, env_names_body);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GDBusConnection) session_bus = NULL;
  g_autofree char *home = g_dir_make_tmp ("tether-window-home-XXXXXX", NULL);
  int status;

  /* A fake home, where Import from… looks for other clients' files */
  g_setenv ("HOME", home, TRUE);
  g_unsetenv ("XDG_CONFIG_HOME");
  g_unsetenv ("HOST_XDG_CONFIG_HOME");
  /* File choosers ask the fake portal below, as in flatpak (GDK_DEBUG=portals
   * is GTK 4.8's switch; GLib's notifications do not look at it) */
  {
    const char *debug = g_getenv ("GDK_DEBUG");
    g_autofree char *with_portals = g_strconcat (debug != NULL ? debug : "", debug != NULL ? "," : "",
                                                 "portals", NULL);

    g_setenv ("GDK_DEBUG", with_portals, TRUE);
  }

  g_test_init (&argc, &argv, NULL);

  /* with-display.sh guarantees a display: no display is a failure. */
  if (!gtk_init_check ())
    g_error ("cannot open a display (DISPLAY=%s)", g_getenv ("DISPLAY"));
  adw_init ();

  connection = start_notification_server ();

  start_portal (connection);
  /* The shared session bus connection, which GTK keeps for good once it has
   * asked a portal: open it now, so that it is not a leftover of the first
   * test that shows a file chooser. */
  session_bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_assert_nonnull (session_bus);

  /* Short waits, so that retries and stops take a moment, not seconds. */
  g_setenv ("TETHER_TIMINGS",
            "connect_retry_delay_ms=100,stop_grace_ms=300,reconnect_delay_ms=500,"
            "reconnect_delay_max_ms=1000,healthy_after_ms=400,list_changed_delay_ms=50,"
            /* 10 000 tools from a sanitized fake server take a while */
            "list_timeout_ms=120000",
            TRUE);
  test_warm_up ();

  login_bin = g_dir_make_tmp ("tether-window-login-bin-XXXXXX", NULL);
  g_assert_nonnull (login_bin);
  g_setenv ("FAKE_LOGIN_PREPEND", login_bin, TRUE);

#define ADD(path, func) \
  g_test_add ("/Tether/Window/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("empty-state", test_empty_state);
  ADD ("rows-follow-state", test_rows_follow_state);
  ADD ("reconnect", test_reconnect);
  ADD ("enable-switch", test_enable_switch);
  ADD ("add-server", test_add_server);
  ADD ("edit-server", test_edit_server);
  ADD ("remove-undo", test_remove_undo);
  ADD ("capabilities", test_capabilities);
  ADD ("many-tools", test_many_tools);
  ADD ("invalid-config-banner", test_invalid_config_banner);
  ADD ("diagnostics", test_diagnostics);
  ADD ("diagnostics-denied", test_diagnostics_denied);
  ADD ("import-preview", test_import_preview);
  ADD ("import-cancel", test_import_cancel);
  ADD ("import-conflict", test_import_conflict);
  ADD ("import-bad-drops", test_import_bad_drops);
  ADD ("import-text", test_import_text);
  ADD ("import-from", test_import_from);
  ADD ("import-chooser", test_import_chooser);
  ADD ("hostile-text", test_hostile_text);
  ADD ("secrets", test_secrets);
  ADD ("env-names", test_env_names);

#undef ADD

  status = g_test_run ();
  g_rmdir (login_bin);
  g_free (login_bin);
  g_dbus_connection_close_sync (connection, NULL, NULL);
  test_remove_tree (home);

  return status;
}
