/* window-harness-bus.c — what the window's tests answer on the session bus
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A notification server and a file chooser portal, so that the tests see
 * what the application notifies and answer what it asks to open.
 */

#include "config.h"

#include "window-harness.h"

/* Owns @name on the test's own session bus (tests/with-display.sh starts
 * one), or fails: never queued behind another owner, and only replacing one
 * of ours (the parent of a test's child process). */
static void
own_name (GDBusConnection *connection,
          const char      *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  guint32 result;

  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       /* ALLOW_REPLACEMENT | REPLACE_EXISTING |
                                        * DO_NOT_QUEUE: a test run in a child
                                        * process (g_test_trap_subprocess) takes
                                        * it over from its parent */
                                       g_variant_new ("(su)", name, 1 | 2 | 4),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(u)", &result);
  /* DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER */
  if (result != 1)
    g_error ("%s is already owned on the session bus (%s): the window's tests need a bus of their "
             "own (tests/with-display.sh)", name, g_getenv ("DBUS_SESSION_BUS_ADDRESS"));
}

/* A notification server on the session bus (org.gtk.Notifications, which
 * GApplication prefers), so notifications are received and can be checked. */

GHashTable *notifications;   /* id → a{sv} */

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

/* A connection of its own to the session bus, for a fake service */
GDBusConnection *
open_bus_connection (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, &error);
  GDBusConnection *connection;

  g_assert_no_error (error);
  connection = g_dbus_connection_new_for_address_sync (address,
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, &error);
  g_assert_no_error (error);

  return connection;
}

/* The interface of @xml at @path, and the bus name @name on @connection
 * (taken over from another test process of ours, never queued) */
void
serve_on_bus (GDBusConnection            *connection,
              const char                 *xml,
              const GDBusInterfaceVTable *vtable,
              const char                 *path,
              const char                 *name)
{
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, NULL);
  g_autoptr(GError) error = NULL;

  g_dbus_connection_register_object (connection, path, info->interfaces[0], vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  own_name (connection, name);
}

GDBusConnection *
start_notification_server (void)
{
  static const char xml[] =
    "<node><interface name='org.gtk.Notifications'>"
    "<method name='AddNotification'><arg type='s'/><arg type='s'/><arg type='a{sv}'/></method>"
    "<method name='RemoveNotification'><arg type='s'/><arg type='s'/></method>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { notifications_method_cb, NULL, NULL };
  GDBusConnection *connection = open_bus_connection ();

  serve_on_bus (connection, xml, &vtable, "/org/gtk/Notifications", "org.gtk.Notifications");

  notifications = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);

  return connection;
}

/* A file chooser portal on the same bus (GTK_USE_PORTAL=1), as inside
 * flatpak: GtkFileChooserNative asks it, and it answers with the file the
 * test chose, so no GTK dialog is involved. */

char     *portal_title;      /* the last OpenFile's */
GVariant *portal_options;
char     *portal_answer;     /* the URI to answer with, or NULL to cancel */

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

  if (!g_str_equal (method_name, "OpenFile") && !g_str_equal (method_name, "SaveFile"))
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

void
start_portal (GDBusConnection *connection)
{
  static const char xml[] =
    "<node><interface name='org.freedesktop.portal.FileChooser'>"
    "<method name='OpenFile'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='a{sv}' direction='in'/><arg type='o' direction='out'/></method>"
    "<method name='SaveFile'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='a{sv}' direction='in'/><arg type='o' direction='out'/></method>"
    "<property name='version' type='u' access='read'/>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { portal_method_cb, portal_get_property_cb, NULL };

  /* ALLOW_REPLACEMENT | REPLACE_EXISTING: the test run in a process of its
   * own takes it over */
  serve_on_bus (connection, xml, &vtable, "/org/freedesktop/portal/desktop",
                "org.freedesktop.portal.Desktop");
}
