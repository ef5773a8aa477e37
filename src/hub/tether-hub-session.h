/* tether-hub-session.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TETHER_TYPE_HUB_SESSION (tether_hub_session_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubSession, tether_hub_session, TETHER, HUB_SESSION, GObject)

const char *tether_hub_session_get_client_name      (TetherHubSession *self);
const char *tether_hub_session_get_client_version   (TetherHubSession *self);
const char *tether_hub_session_get_protocol_version (TetherHubSession *self);
const char *tether_hub_session_get_profile          (TetherHubSession *self);
gint64      tether_hub_session_get_started          (TetherHubSession *self);
gint64      tether_hub_session_get_last_active      (TetherHubSession *self);
gint64      tether_hub_session_get_last_seen        (TetherHubSession *self);
gboolean    tether_hub_session_is_stateless         (TetherHubSession *self);
guint       tether_hub_session_get_n_calls          (TetherHubSession *self);
gboolean    tether_hub_session_has_capability       (TetherHubSession *self,
                                                     const char       *name);

G_END_DECLS
