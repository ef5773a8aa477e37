/* tether-application.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-application"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-application.h"
#include "ui/tether-window.h"

struct _TetherApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (TetherApplication, tether_application, ADW_TYPE_APPLICATION)

static void
tether_application_activate (GApplication *app)
{
  GtkWindow *window;

  g_assert (TETHER_IS_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (tether_window_new (TETHER_APPLICATION (app)));

  gtk_window_present (window);
}

static gint
tether_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", "tether", PACKAGE_VERSION);
      return 0;
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
  static const char *developers[] = { "The Tether authors", NULL };
  TetherApplication *self = user_data;
  GtkWindow *window;

  g_assert (TETHER_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_window (window,
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
                         "copyright", "© 2026 The Tether authors",
                         NULL);
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

static const GActionEntry app_actions[] = {
  { "about", tether_application_about_action },
  { "quit", tether_application_quit_action },
};

static void
tether_application_class_init (TetherApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = tether_application_activate;
  app_class->handle_local_options = tether_application_handle_local_options;
}

static void
tether_application_init (TetherApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { "standalone", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Run a separate instance, beside one that is already running"), NULL },
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

TetherApplication *
tether_application_new (void)
{
  return g_object_new (TETHER_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}
