/* tether-status-page-icon.c — a status page's icon, drawn only when shown
 *
 * A status page draws its icon at 128 pixels, a size the icon theme ships
 * only as SVG for most icons: loading one loads librsvg, which then stays
 * mapped for the life of the process (some 7 MB). Pages that most sessions
 * never show (the drop target, an empty list of AI clients) get their icon
 * when they are first mapped instead of when the window is built.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tether-status-page-icon.h"

#define ICON_KEY "tether-icon-when-shown"

static void
status_page_map_cb (AdwStatusPage *page)
{
  const char *icon_name = g_object_get_data (G_OBJECT (page), ICON_KEY);

  if (icon_name != NULL && g_strcmp0 (adw_status_page_get_icon_name (page), icon_name) != 0)
    adw_status_page_set_icon_name (page, icon_name);
}

/**
 * tether_status_page_set_icon_when_shown:
 * @page: a status page
 * @icon_name: the icon @page shows
 *
 * Gives @page the icon @icon_name from the first time it is mapped on (at
 * once if it is mapped now), and none until then.
 */
void
tether_status_page_set_icon_when_shown (AdwStatusPage *page,
                                        const char    *icon_name)
{
  g_return_if_fail (ADW_IS_STATUS_PAGE (page));
  g_return_if_fail (icon_name != NULL);

  if (g_object_get_data (G_OBJECT (page), ICON_KEY) == NULL)
    g_signal_connect (page, "map", G_CALLBACK (status_page_map_cb), NULL);
  g_object_set_data_full (G_OBJECT (page), ICON_KEY, g_strdup (icon_name), g_free);

  if (gtk_widget_get_mapped (GTK_WIDGET (page)))
    status_page_map_cb (page);
}
