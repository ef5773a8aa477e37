/* tether-status-page-icon.h — a status page's icon, drawn only when shown
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void tether_status_page_set_icon_when_shown (AdwStatusPage *page,
                                             const char    *icon_name);

G_END_DECLS
