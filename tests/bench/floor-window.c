/* floor-window.c — the floor of the window benchmark: an empty libadwaita
 * window of Tether's default size (980×640), started as Tether starts (an
 * AdwApplication with a D-Bus name, one AdwApplicationWindow on activate).
 * tests/bench/bench-window.py runs it by hand and measures Tether's window
 * against it.
 *
 * floor-window [APP-ID]
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <adwaita.h>

static void
activate_cb (GApplication *app)
{
  GtkWidget *window;
  GtkWidget *box;

  window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 980, 640);
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  app = adw_application_new (argc > 1 ? argv[1] : "io.github.tethermcp.FloorWindow",
                             G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);

  return g_application_run (G_APPLICATION (app), 1, argv);
}
