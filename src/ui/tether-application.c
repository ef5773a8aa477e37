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
#include "tether-clients.h"
#include "tether-hub-token.h"
#include "tether-background.h"
#include "tether-bench-frames.h"
#include "tether-flatpak.h"
#include "tether-heap-trimmer.h"
#include "tether-hub-control.h"
#include "tether-hub.h"
#include "tether-server-manager.h"
#include "tether-settings.h"
#include "tether-user-answerer.h"
#include "tether-window.h"

struct _TetherApplication
{
  AdwApplication       parent_instance;

  char                *config_path;
  GSettings           *settings;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherHeapTrimmer   *trimmer;
  TetherHub           *hub;
  TetherClients       *clients;
  TetherHubControl    *hub_control;
  GCancellable        *cancellable;
  guint                held : 1;
  /* Kept running by "Keep servers running in the background" after the
   * last window closed */
  guint                background_held : 1;
  guint                quitting : 1;
};

static void asker_iface_init (TetherAskerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherApplication, tether_application, ADW_TYPE_APPLICATION,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ASKER, asker_iface_init))

/* What servers ask the user goes to a window; with none (started as a
 * service), nobody can be asked and the question is declined. */
static TetherAsker *
find_asker (TetherApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (TETHER_IS_ASKER (active))
    return TETHER_ASKER (active);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (TETHER_IS_ASKER (l->data))
      return TETHER_ASKER (l->data);

  return NULL;
}

static gboolean
tether_application_elicit (TetherAsker       *asker,
                           TetherElicitation *elicitation)
{
  TetherAsker *window = find_asker (TETHER_APPLICATION (asker));

  return window != NULL && tether_asker_elicit (window, elicitation);
}

static gboolean
tether_application_sample (TetherAsker           *asker,
                           TetherSamplingRequest *request)
{
  TetherAsker *window = find_asker (TETHER_APPLICATION (asker));

  return window != NULL && tether_asker_sample (window, request);
}

static void
asker_iface_init (TetherAskerInterface *iface)
{
  iface->elicit = tether_application_elicit;
  iface->sample = tether_application_sample;
}

static void
tether_application_activate (GApplication *app)
{
  TetherApplication *self = (TetherApplication *)app;
  GtkWindow *window;

  g_assert (TETHER_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      window = GTK_WINDOW (tether_window_new (GTK_APPLICATION (app), self->manager, self->settings));
      tether_window_set_hub_control (TETHER_WINDOW (window), self->hub_control);
      tether_window_set_clients (TETHER_WINDOW (window), self->clients);
      /* A test hook: tests/bench/bench-frames.py */
      if (g_getenv ("TETHER_BENCH_FRAMES") != NULL)
        tether_bench_frames_start (TETHER_WINDOW (window), g_getenv ("TETHER_BENCH_FRAMES"));
    }

  /* Opened again from the launcher: the window holds the app now. */
  if (self->background_held)
    {
      self->background_held = FALSE;
      g_application_release (app);
    }

  gtk_window_present (window);
}

/* The tether-cli installed beside this tether, which the stdio bridge runs;
 * else the one in PATH. */
static char *
dup_cli_path (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  g_autofree char *beside = dir != NULL ? g_build_filename (dir, "tether-cli", NULL) : NULL;
  g_autofree char *in_path = NULL;

  if (beside != NULL && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&beside);

  in_path = g_find_program_in_path ("tether-cli");

  return in_path != NULL ? g_steal_pointer (&in_path) : g_strdup ("tether-cli");
}

/* Where the clients Tether connects reach it: the running hub's URL and
 * token; while the hub is not running, the URL the settings give and the
 * token on disk, if there is one yet (a hub that starts creates it). */
static void
update_clients_endpoint (TetherApplication *self)
{
  const char *url = tether_hub_get_url (self->hub);
  const char *token = tether_hub_get_token (self->hub);
  g_autofree char *settings_url = NULL;
  g_autofree char *token_path = NULL;
  g_autofree char *stored_token = NULL;
  g_autofree char *cli = dup_cli_path ();
  g_auto(GStrv) bridge = tether_clients_bridge_command (cli, NULL);

  if (url == NULL)
    {
      settings_url = g_strdup_printf ("http://127.0.0.1:%u/mcp",
                                      g_settings_get_uint (self->settings, "hub-port"));
      url = settings_url;
    }
  if (token == NULL)
    {
      token_path = tether_hub_token_dup_default_path ();
      stored_token = tether_hub_token_load (token_path, FALSE, NULL);
      token = stored_token;
    }

  tether_clients_set_endpoint (self->clients, url, token, (const char * const *)bridge);
}

static void
hub_running_cb (TetherHub         *hub,
                GParamSpec        *pspec,
                TetherApplication *self)
{
  update_clients_endpoint (self);
}

/* Running in the background */

static void
background_request_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gboolean autostart = FALSE;

  if (tether_background_request_finish (result, &autostart, &error))
    g_debug ("the desktop lets Tether run in the background (at login: %s)",
             autostart ? "yes" : "no");
  else if (error->domain == G_DBUS_ERROR)
    /* No Background portal (outside a portal desktop): just stay running. */
    g_debug ("no Background portal: %s", error->message);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("%s", error->message);
}

static void
request_background (TetherApplication *self)
{
  gboolean autostart = g_settings_get_boolean (self->settings, "run-at-login");

  tether_background_request_async (g_application_get_dbus_connection (G_APPLICATION (self)),
                                   _("Tether keeps your MCP servers and its hub running for AI clients"),
                                   autostart && tether_flatpak_is_sandboxed (),
                                   self->cancellable, background_request_cb, self);
}

/* Run at login: the portal's autostart inside the flatpak (it writes the
 * host's entry), an autostart entry of ours outside it. */
static void
run_at_login_changed_cb (TetherApplication *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *program = NULL;

  if (tether_flatpak_is_sandboxed ())
    {
      request_background (self);
      return;
    }

  program = g_file_read_link ("/proc/self/exe", &error);
  if (program == NULL ||
      !tether_autostart_set_enabled (g_settings_get_boolean (self->settings, "run-at-login"),
                                     program, &error))
    g_warning ("Run at login: %s", error->message);
}

static void
window_removed_cb (TetherApplication *self,
                   GtkWindow         *window)
{
  if (self->quitting || self->background_held ||
      gtk_application_get_windows (GTK_APPLICATION (self)) != NULL ||
      !g_settings_get_boolean (self->settings, "run-in-background"))
    return;

  /* The last window closed: Tether, its servers and the hub run on until
   * Quit, and the launcher brings the window back. */
  g_debug ("running in the background");
  self->background_held = TRUE;
  g_application_hold (G_APPLICATION (self));
  request_background (self);
}

static void
run_in_background_changed_cb (TetherApplication *self)
{
  /* Switched off with no window: nothing keeps Tether running. */
  if (self->background_held && !g_settings_get_boolean (self->settings, "run-in-background"))
    {
      self->background_held = FALSE;
      g_application_release (G_APPLICATION (self));
    }
}

static gboolean
quit_on_signal_cb (gpointer user_data)
{
  /* SIGTERM or SIGINT (a session ending, Ctrl+C): quit cleanly, so that
   * shutdown stops every server rather than leaving them to PDEATHSIG. */
  TETHER_APPLICATION (user_data)->quitting = TRUE;
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
  self->trimmer = tether_heap_trimmer_new (G_LIST_MODEL (self->manager));
  tether_server_manager_start (self->manager);

  /* The hub is up while Tether runs, as the settings say; a port that is
   * taken is said, and Tether runs on without it. The settings come from
   * tether_application_handle_local_options(), which refuses to start
   * without them. */
  g_assert (G_IS_SETTINGS (self->settings));
  self->hub = tether_hub_new (self->manager);
  self->hub_control = tether_hub_control_new (self->hub, self->settings);

  self->cancellable = g_cancellable_new ();
  g_signal_connect_object (self->settings, "changed::run-at-login",
                           G_CALLBACK (run_at_login_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::run-in-background",
                           G_CALLBACK (run_in_background_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "window-removed", G_CALLBACK (window_removed_cb), NULL);

  /* The AI clients the Clients page connects to this hub */
  self->clients = tether_clients_new ();
  tether_clients_set_store (self->clients, self->store);
  update_clients_endpoint (self);
  g_signal_connect_object (self->hub, "notify::running", G_CALLBACK (hub_running_cb), self, 0);
  /* After the hub's clients: the user answers what is left (elicitation,
   * sampling), in the window; the manager's answerer answers roots. */
  tether_user_answerer_set_asker (tether_server_manager_get_answerer (self->manager),
                                  TETHER_ASKER (self));

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

  self->quitting = TRUE;
  g_cancellable_cancel (self->cancellable);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->hub_control);
  if (self->hub != NULL)
    tether_hub_stop (self->hub);
  if (self->held)
    {
      self->held = FALSE;
      g_application_release (app);
    }
  if (self->background_held)
    {
      self->background_held = FALSE;
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

  /* Quit really quits, also with "Keep servers running in the
   * background": shutdown stops every server. */
  self->quitting = TRUE;
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

  g_clear_object (&self->clients);
  if (self->manager != NULL)
    tether_user_answerer_set_asker (tether_server_manager_get_answerer (self->manager), NULL);
  g_clear_object (&self->hub_control);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->hub);
  g_clear_object (&self->trimmer);
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

/**
 * tether_application_get_clients:
 * @self: a #TetherApplication
 *
 * Returns: (transfer none) (nullable): the AI clients Tether can connect
 *   to its hub, once started
 */
TetherClients *
tether_application_get_clients (TetherApplication *self)
{
  g_return_val_if_fail (TETHER_IS_APPLICATION (self), NULL);

  return self->clients;
}

/**
 * tether_application_get_hub_control:
 * @self: a #TetherApplication
 *
 * Returns: (transfer none) (nullable): what keeps the hub as the settings
 *   say, once started
 */
TetherHubControl *
tether_application_get_hub_control (TetherApplication *self)
{
  g_return_val_if_fail (TETHER_IS_APPLICATION (self), NULL);

  return self->hub_control;
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
