/* tether-hub-activity.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The records kept; older ones make room. */
#define TETHER_HUB_ACTIVITY_LIMIT 1000

#define TETHER_TYPE_HUB_RECORD (tether_hub_record_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubRecord, tether_hub_record, TETHER, HUB_RECORD, GObject)

#define TETHER_TYPE_HUB_ACTIVITY (tether_hub_activity_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubActivity, tether_hub_activity, TETHER, HUB_ACTIVITY, GObject)

TetherHubRecord   *tether_hub_record_new          (const char        *client,
                                                   const char        *method,
                                                   const char        *server,
                                                   const char        *item);
void               tether_hub_record_finish       (TetherHubRecord   *self,
                                                   const char        *outcome,
                                                   const char        *message);
gint64             tether_hub_record_get_time     (TetherHubRecord   *self);
const char        *tether_hub_record_get_client   (TetherHubRecord   *self);
const char        *tether_hub_record_get_method   (TetherHubRecord   *self);
const char        *tether_hub_record_get_server   (TetherHubRecord   *self);
const char        *tether_hub_record_get_item     (TetherHubRecord   *self);
gint64             tether_hub_record_get_duration (TetherHubRecord   *self);
const char        *tether_hub_record_get_outcome  (TetherHubRecord   *self);
const char        *tether_hub_record_get_message  (TetherHubRecord   *self);
JsonNode          *tether_hub_record_to_json      (TetherHubRecord   *self);

TetherHubActivity *tether_hub_activity_new        (guint              limit);
void               tether_hub_activity_add        (TetherHubActivity *self,
                                                   TetherHubRecord   *record);

G_END_DECLS
