/* hub-fixture.h — a hub in process with fake servers behind it, for tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "hub-test-client.h"
#include "tether-hub.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

typedef struct
{
  char                *dir;
  char                *path;
  char                *counts;
  char                *token_path;
  char                *runtime_file;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherHub           *hub;
  HubTestClient       *client;
  TetherServerTimings  timings;
  guint                fds_before;
} Fixture;

void          hub_fixture_setup        (Fixture       *fixture,
                                        gconstpointer  data);
void          hub_fixture_teardown     (Fixture       *fixture,
                                        gconstpointer  data);
void          hub_fixture_start        (Fixture       *fixture,
                                        const char    *contents);
gboolean      hub_fixture_all_connected (gpointer       data);
TetherServer *hub_fixture_server_named (Fixture       *fixture,
                                        const char    *name);
gboolean      hub_fixture_has_tool     (JsonObject    *result,
                                        const char    *name);

G_END_DECLS
