/* tether-application.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-application"

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "tether-accessible.h"
#include "tether-application.h"
#include "tether-hub.h"
#include "tether-server-manager.h"
#include "tether-settings.h"
#include "tether-window.h"

struct _TetherApplication
{
  AdwApplication       parent_instance;

  char                *config_path;
  GSettings           *settings;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherHub           *hub;
  guint                held : 1;
};

G_DEFINE_FINAL_TYPE (TetherApplication, tether_application, ADW_TYPE_APPLICATION)

static void
tether_application_activate (GApplication *app)
{
  TetherApplication *self = (TetherApplication *)app;
  GtkWindow *window;

  g_assert (TETHER_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (tether_window_new (GTK_APPLICATION (app), self->manager, self->settings));

  gtk_window_present (window);
}

static gboolean
quit_on_signal_cb (gpointer user_data)
{
  /* SIGTERM or SIGINT (a session ending, Ctrl+C): quit cleanly, so that
   * shutdown stops every server rather than leaving them to PDEATHSIG. */
  g_application_quit (G_APPLICATION (user_data));

  return G_SOURCE_CONTINUE;
}

static void
tether_application_startup (GApplication *app)
{
  TetherApplication *self = TETHER_APPLICATION (app);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  TetherServerTimings timings;

  G_APPLICATION_CLASS (tether_application_parent_class)->startup (app);

  /* Shorter durations for demos and tests: TETHER_TIMINGS="name=value,…" */
  tether_server_timings_init_defaults (&timings);
  if (!tether_server_timings_parse (&timings, g_getenv ("TETHER_TIMINGS"), &error))
    g_warning ("Ignoring TETHER_TIMINGS: %s", error->message);

  if (self->config_path != NULL)
    file = g_file_new_for_commandline_arg (self->config_path);
  else
    file = tether_config_store_get_default_file ();

  /* A file that cannot be read is shown by the window (the store keeps the
   * error); Tether runs on with what it has. */
  self->store = tether_config_store_new (file);
  /* A change that finds the file locked by another program (tether-cli)
   * waits for it on the main loop, never blocking the window. */
  tether_config_store_set_lock_timeout (self->store, timings.config_lock_wait_ms);
  tether_config_store_set_defer_saves (self->store, TRUE);
  tether_config_store_load (self->store, NULL);
  tether_config_store_set_watching (self->store, TRUE);

  self->manager = tether_server_manager_new (self->store, &timings);
  tether_server_manager_start (self->manager);

  /* The hub is up while Tether runs; a port that is taken is said, and
   * Tether runs on without it. */
  g_clear_error (&error);
  /* The settings come from tether_application_handle_local_options(),
   * which refuses to start without them. */
  g_assert (G_IS_SETTINGS (self->settings));
  self->hub = tether_hub_new (self->manager);
  tether_hub_set_port (self->hub, g_settings_get_uint (self->settings, "hub-port"));
  if (g_settings_get_boolean (self->settings, "hub-enabled") &&
      !tether_hub_start (self->hub, &error))
    g_warning ("The hub is not running: %s", error->message);
  g_clear_error (&error);

  /* Started as a service (D-Bus activation, tether-cli connect): no
   * window, and the hub stays up until Tether is told to quit. */
  if (g_application_get_flags (app) & G_APPLICATION_IS_SERVICE)
    {
      g_application_hold (app);
      self->held = TRUE;
    }

  g_unix_signal_add (SIGTERM, quit_on_signal_cb, self);
  g_unix_signal_add (SIGINT, quit_on_signal_cb, self);
}

static void
shutdown_done_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gboolean *done = user_data;

  if (!tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, &error))
    g_warning ("%s", error->message);
  *done = TRUE;
}

static void
tether_application_shutdown (GApplication *app)
{
  TetherApplication *self = TETHER_APPLICATION (app);
  gboolean done = FALSE;

  if (self->hub != NULL)
    tether_hub_stop (self->hub);
  if (self->held)
    {
      self->held = FALSE;
      g_application_release (app);
    }

  /* The connection rules in src/README.md, rule 7: every server stops, in
   * parallel, within a bound. */
  if (self->manager != NULL)
    {
      tether_server_manager_shutdown_async (self->manager, 0, NULL, shutdown_done_cb, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
    }

  G_APPLICATION_CLASS (tether_application_parent_class)->shutdown (app);
}

static gint
tether_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  TetherApplication *self = TETHER_APPLICATION (app);
  g_autoptr(GError) error = NULL;

  g_variant_dict_lookup (options, "config", "^ay", &self->config_path);

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", "tether", PACKAGE_VERSION);
      return 0;
    }

  /* Without its schema the window cannot be: say so, rather than let
   * GSettings abort when the window asks. */
  self->settings = tether_settings_new (APP_ID, &error);
  if (self->settings == NULL)
    {
      g_printerr ("tether: %s\n", error->message);
      return 1;
    }

  if (g_variant_dict_contains (options, "standalone"))
    g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);

  return -1;
}

static void
tether_application_about_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  TetherApplication *self = user_data;
  const char *developers[] = { _("The Tether authors"), NULL };
  GtkWindow *about;

  g_assert (TETHER_IS_APPLICATION (self));

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", "Tether",
                        "application-icon", BASE_APP_ID,
                        "developer-name", _("The Tether authors"),
                        "version", PACKAGE_VERSION,
                        "website", "https://github.com/tethermcp/tether",
                        "issue-url", "https://github.com/tethermcp/tether/issues",
                        "developers", developers,
                        /* Translators: Replace "translator-credits" with your names, one name per line */
                        "translator-credits", _("translator-credits"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: the copyright line of the About window */
                        "copyright", _("© 2026 The Tether authors"),
                        NULL);
  tether_accessible_name_window_parts (about);
  gtk_window_present (about);
}

static void
tether_application_quit_action (GSimpleAction *action,
                                GVariant      *parameter,
                                gpointer       user_data)
{
  TetherApplication *self = user_data;

  g_assert (TETHER_IS_APPLICATION (self));

  g_application_quit (G_APPLICATION (self));
}

static void
tether_application_show_server_action (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       user_data)
{
  TetherApplication *self = user_data;
  GtkWindow *window;

  g_assert (TETHER_IS_APPLICATION (self));

  /* A notification was clicked: the window, at that server's page. */
  g_application_activate (G_APPLICATION (self));
  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (TETHER_IS_WINDOW (window))
    tether_window_show_server (TETHER_WINDOW (window), g_variant_get_string (parameter, NULL));
}

static const GActionEntry app_actions[] = {
  { "about", tether_application_about_action },
  { "quit", tether_application_quit_action },
  { "show-server", tether_application_show_server_action, "s" },
};

static void
tether_application_finalize (GObject *object)
{
  TetherApplication *self = (TetherApplication *)object;

  g_clear_object (&self->hub);
  g_clear_object (&self->manager);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->config_path, g_free);

  G_OBJECT_CLASS (tether_application_parent_class)->finalize (object);
}

static void
tether_application_class_init (TetherApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = tether_application_finalize;

  app_class->activate = tether_application_activate;
  app_class->startup = tether_application_startup;
  app_class->shutdown = tether_application_shutdown;
  app_class->handle_local_options = tether_application_handle_local_options;
}

static void
tether_application_init (TetherApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { "standalone", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Run a separate instance, beside one that is already running"), NULL },
    { "config", 'c', 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Use this configuration file instead of the usual one"), N_("FILE") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                         "app.quit",
                                         (const char *[]) { "<primary>q", NULL });
}

/**
 * tether_application_get_manager:
 * @self: a #TetherApplication
 *
 * Returns: (transfer none) (nullable): the connection manager, once started
 */
TetherServerManager *
tether_application_get_manager (TetherApplication *self)
{
  g_return_val_if_fail (TETHER_IS_APPLICATION (self), NULL);

  return self->manager;
}

/**
 * tether_application_get_hub:
 * @self: a #TetherApplication
 *
 * Returns: (transfer none) (nullable): the hub AI clients connect to,
 *   once started (see #TetherHub:running)
 */
TetherHub *
tether_application_get_hub (TetherApplication *self)
{
  g_return_val_if_fail (TETHER_IS_APPLICATION (self), NULL);

  return self->hub;
}

TetherApplication *
tether_application_new (void)
{
  return g_object_new (TETHER_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}
