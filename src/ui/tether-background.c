/* tether-background.c — running on without a window, and at login
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two things the desktop must know so that the hub is there for AI clients
 * when no window is:
 *
 *  - that Tether runs on in the background on purpose: the Background
 *    portal's RequestBackground (org.freedesktop.portal.Background), asked
 *    over D-Bus, with its `autostart` flag for "Run at login" inside the
 *    flatpak (the portal writes the autostart entry on the host);
 *  - outside the flatpak, "Run at login" is an XDG autostart entry we write
 *    ourselves, `$XDG_CONFIG_HOME/autostart/APP_ID.desktop`, started as a
 *    service (no window). It carries a mark of ours, and only a file with
 *    that mark is ever removed.
 *
 * GIO only: nothing here needs GTK.
 */

#define G_LOG_DOMAIN "tether-background"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tether-background.h"
#include "tether-read-file.h"

#define PORTAL_BUS_NAME    "org.freedesktop.portal.Desktop"
#define PORTAL_OBJECT_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_REQUEST     "org.freedesktop.portal.Request"
#define PORTAL_BACKGROUND  "org.freedesktop.portal.Background"

/* The key that marks an autostart entry as Tether's own */
#define AUTOSTART_MARK "X-Tether-Autostart"
/* An autostart entry is a few hundred bytes: more is not ours */
#define AUTOSTART_MAX_SIZE (64 * 1024)

/* ---------------------------------------------------------------------- */
/* The Background portal                                                   */

typedef struct
{
  GDBusConnection *bus;
  char            *handle;
  guint            response_id;
  gulong           cancelled_id;
} Request;

static void
request_free (Request *request)
{
  if (request->response_id != 0)
    g_dbus_connection_signal_unsubscribe (request->bus, request->response_id);
  g_clear_object (&request->bus);
  g_clear_pointer (&request->handle, g_free);
  g_free (request);
}

static void
response_cb (GDBusConnection *bus,
             const char      *sender,
             const char      *object_path,
             const char      *interface_name,
             const char      *signal_name,
             GVariant        *parameters,
             gpointer         user_data)
{
  GTask *task = user_data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GVariant) results = NULL;
  gboolean background = FALSE;
  gboolean autostart = FALSE;
  guint32 response;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ua{sv})")))
    return;

  g_dbus_connection_signal_unsubscribe (bus, request->response_id);
  request->response_id = 0;

  g_variant_get (parameters, "(u@a{sv})", &response, &results);
  g_variant_lookup (results, "background", "b", &background);
  g_variant_lookup (results, "autostart", "b", &autostart);

  if (response != 0 || !background)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "%s",
                             _("The desktop did not allow Tether to run in the background; "
                               "its servers and the hub stop when the desktop ends it"));
  else
    g_task_return_boolean (task, autostart);

  /* the subscription's reference */
  g_object_unref (task);
}

static void
subscribe (GTask      *task,
           const char *handle)
{
  Request *request = g_task_get_task_data (task);

  if (request->response_id != 0)
    {
      g_dbus_connection_signal_unsubscribe (request->bus, request->response_id);
      /* the reference the old subscription held */
      g_object_unref (task);
    }

  g_free (request->handle);
  request->handle = g_strdup (handle);
  request->response_id =
    g_dbus_connection_signal_subscribe (request->bus, PORTAL_BUS_NAME, PORTAL_REQUEST, "Response",
                                        handle, NULL, G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE,
                                        response_cb, g_object_ref (task), NULL);
}

static void
request_background_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  const char *handle;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      if (request->response_id != 0)
        {
          g_dbus_connection_signal_unsubscribe (request->bus, request->response_id);
          request->response_id = 0;
          g_object_unref (task);
        }
      g_dbus_error_strip_remote_error (error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* An older portal makes up its own handle: listen there instead. */
  g_variant_get (reply, "(&o)", &handle);
  if (g_strcmp0 (handle, request->handle) != 0 && request->response_id != 0)
    subscribe (task, handle);
}

/**
 * tether_background_request_async:
 * @bus: (nullable): the session bus (%NULL: the default one)
 * @reason: why, for the user, as the portal may ask them
 * @autostart: whether Tether should also start at login
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the portal's answer
 * @user_data: for @callback
 *
 * Tells the desktop that Tether runs on without a window, through the
 * Background portal. Fails with %G_DBUS_ERROR_SERVICE_UNKNOWN (or another
 * D-Bus error) when there is no such portal; with
 * %G_IO_ERROR_PERMISSION_DENIED when the desktop said no.
 */
void
tether_background_request_async (GDBusConnection     *bus,
                                 const char          *reason,
                                 gboolean             autostart,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  static guint counter;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *sender = NULL;
  g_autofree char *handle = NULL;
  const char * const commandline[] = { "tether", "--gapplication-service", NULL };
  GVariantBuilder options;
  Request *request;

  g_return_if_fail (bus == NULL || G_IS_DBUS_CONNECTION (bus));
  g_return_if_fail (reason != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_background_request_async);

  if (bus == NULL)
    bus = g_bus_get_sync (G_BUS_TYPE_SESSION, cancellable, &error);
  else
    g_object_ref (bus);
  if (bus == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  request = g_new0 (Request, 1);
  request->bus = bus;
  g_task_set_task_data (task, request, (GDestroyNotify)request_free);

  /* Listen before asking, at the handle the portal will use, so that an
   * answer that comes at once is not missed. */
  token = g_strdup_printf ("tether%u_%u", (guint)getpid (), ++counter);
  sender = g_strdup (g_dbus_connection_get_unique_name (bus) + 1);
  g_strdelimit (sender, ".", '_');
  handle = g_strdup_printf (PORTAL_OBJECT_PATH "/request/%s/%s", sender, token);
  subscribe (task, handle);

  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "handle_token", g_variant_new_string (token));
  g_variant_builder_add (&options, "{sv}", "reason", g_variant_new_string (reason));
  g_variant_builder_add (&options, "{sv}", "autostart", g_variant_new_boolean (autostart));
  g_variant_builder_add (&options, "{sv}", "commandline", g_variant_new_strv (commandline, -1));
  g_variant_builder_add (&options, "{sv}", "dbus-activatable", g_variant_new_boolean (FALSE));

  g_dbus_connection_call (bus, PORTAL_BUS_NAME, PORTAL_OBJECT_PATH, PORTAL_BACKGROUND,
                          "RequestBackground", g_variant_new ("(sa{sv})", "", &options),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, -1, cancellable,
                          request_background_cb, g_steal_pointer (&task));
}

/**
 * tether_background_request_finish:
 * @result: the result given to the callback
 * @autostart: (out) (optional): whether Tether will start at login
 * @error: where to say why not
 *
 * Returns: %TRUE if Tether may run in the background
 */
gboolean
tether_background_request_finish (GAsyncResult  *result,
                                  gboolean      *autostart,
                                  GError       **error)
{
  g_autoptr(GError) local = NULL;
  gboolean value;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  value = g_task_propagate_boolean (G_TASK (result), &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  if (autostart != NULL)
    *autostart = value;

  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* The autostart entry, outside the flatpak                                */

/**
 * tether_autostart_dup_path:
 *
 * Returns: (transfer full): `$XDG_CONFIG_HOME/autostart/APP_ID.desktop`
 */
char *
tether_autostart_dup_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "autostart", APP_ID ".desktop", NULL);
}

/* A program path as the Exec key wants it: quoted when it holds a
 * reserved character, `%` doubled. */
static char *
exec_quote (const char *program)
{
  g_autoptr(GString) quoted = g_string_new (NULL);
  gboolean plain = TRUE;

  for (const char *p = program; *p != '\0'; p++)
    if (strchr (" \t\n\"'\\><~|&;$*?#()`", *p) != NULL)
      plain = FALSE;

  if (!plain)
    g_string_append_c (quoted, '"');
  for (const char *p = program; *p != '\0'; p++)
    {
      if (!plain && strchr ("\"`$\\", *p) != NULL)
        g_string_append_c (quoted, '\\');
      if (*p == '%')
        g_string_append_c (quoted, '%');
      g_string_append_c (quoted, *p);
    }
  if (!plain)
    g_string_append_c (quoted, '"');

  return g_string_free (g_steal_pointer (&quoted), FALSE);
}

/* Whether @path is an autostart entry we wrote (a file too large, not a
 * key file, or without our mark, is someone else's). */
static gboolean
autostart_is_ours (const char *path)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!tether_read_file (path, path, AUTOSTART_MAX_SIZE, &contents, &length, NULL))
    return FALSE;

  return g_key_file_load_from_data (keyfile, contents, length, G_KEY_FILE_NONE, NULL) &&
         g_key_file_get_boolean (keyfile, G_KEY_FILE_DESKTOP_GROUP, AUTOSTART_MARK, NULL);
}

/**
 * tether_autostart_set_enabled:
 * @enabled: whether Tether starts at login
 * @program: the `tether` executable to start
 * @error: where to say what failed
 *
 * Writes (atomically) or removes the autostart entry. An entry of that name
 * that Tether did not write is left alone, and said.
 *
 * Returns: %TRUE on success
 */
gboolean
tether_autostart_set_enabled (gboolean     enabled,
                              const char  *program,
                              GError     **error)
{
  g_autofree char *path = tether_autostart_dup_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GKeyFile) keyfile = NULL;
  g_autofree char *exec = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (program != NULL, FALSE);

  if (g_file_test (path, G_FILE_TEST_EXISTS) && !autostart_is_ours (path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s was not written by Tether; it is left as it is"), path);
      return FALSE;
    }

  if (!enabled)
    {
      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not remove %s: %s"), path, g_strerror (saved_errno));
          return FALSE;
        }
      return TRUE;
    }

  quoted = exec_quote (program);
  exec = g_strdup_printf ("%s --gapplication-service", quoted);

  keyfile = g_key_file_new ();
  g_key_file_set_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_TYPE, "Application");
  g_key_file_set_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_NAME, "Tether");
  g_key_file_set_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_COMMENT,
                         "Keeps MCP servers running for AI clients");
  g_key_file_set_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_ICON, APP_ID);
  g_key_file_set_string (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, exec);
  g_key_file_set_boolean (keyfile, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_NO_DISPLAY, TRUE);
  g_key_file_set_boolean (keyfile, G_KEY_FILE_DESKTOP_GROUP, "X-GNOME-Autostart-enabled", TRUE);
  g_key_file_set_boolean (keyfile, G_KEY_FILE_DESKTOP_GROUP, AUTOSTART_MARK, TRUE);
  data = g_key_file_to_data (keyfile, &length, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  return g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}
