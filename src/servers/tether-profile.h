/* tether-profile.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TETHER_TYPE_PROFILE (tether_profile_get_type ())

G_DECLARE_FINAL_TYPE (TetherProfile, tether_profile, TETHER, PROFILE, GObject)

TetherProfile *tether_profile_new_from_json    (const char     *name,
                                                JsonNode       *node,
                                                GError        **error);
GPtrArray     *tether_profile_list_from_json   (JsonNode       *profiles,
                                                GError        **error);
gboolean       tether_profile_name_is_valid    (const char     *name);
const char    *tether_profile_get_name         (TetherProfile  *self);
gboolean       tether_profile_has_server       (TetherProfile  *self,
                                                const char     *server);
gboolean       tether_profile_has_tool         (TetherProfile  *self,
                                                const char     *server,
                                                const char     *tool);

G_END_DECLS
