/* tether-hub-catalog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tether-profile.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

/**
 * TetherHubCatalogChange:
 * @TETHER_HUB_CATALOG_TOOLS: the tools offered changed
 * @TETHER_HUB_CATALOG_PROMPTS: the prompts changed
 * @TETHER_HUB_CATALOG_RESOURCES: the resources or their templates changed
 */
typedef enum
{
  TETHER_HUB_CATALOG_TOOLS     = 1 << 0,
  TETHER_HUB_CATALOG_PROMPTS   = 1 << 1,
  TETHER_HUB_CATALOG_RESOURCES = 1 << 2,
} TetherHubCatalogChange;

#define TETHER_TYPE_HUB_CATALOG (tether_hub_catalog_get_type ())

G_DECLARE_FINAL_TYPE (TetherHubCatalog, tether_hub_catalog, TETHER, HUB_CATALOG, GObject)

TetherHubCatalog *tether_hub_catalog_new              (TetherServerManager *manager);
void              tether_hub_catalog_refresh          (TetherHubCatalog    *self);
void              tether_hub_catalog_set_frozen       (TetherHubCatalog    *self,
                                                       gboolean             frozen);
JsonNode         *tether_hub_catalog_list_tools       (TetherHubCatalog    *self,
                                                       TetherProfile       *profile);
JsonNode         *tether_hub_catalog_list_prompts     (TetherHubCatalog    *self,
                                                       TetherProfile       *profile);
JsonNode         *tether_hub_catalog_list_resources   (TetherHubCatalog    *self,
                                                       TetherProfile       *profile);
JsonNode         *tether_hub_catalog_list_templates   (TetherHubCatalog    *self,
                                                       TetherProfile       *profile);
void              tether_hub_catalog_list_hints       (TetherHubCatalog    *self,
                                                       const char          *method,
                                                       TetherProfile       *profile,
                                                       gint64              *ttl_ms,
                                                       gboolean            *is_public);
guint             tether_hub_catalog_count_tools      (TetherHubCatalog    *self,
                                                       TetherProfile       *profile);
gboolean          tether_hub_catalog_lookup_tool      (TetherHubCatalog    *self,
                                                       TetherProfile       *profile,
                                                       const char          *name,
                                                       const char         **server,
                                                       const char         **original);
gboolean          tether_hub_catalog_lookup_prompt    (TetherHubCatalog    *self,
                                                       TetherProfile       *profile,
                                                       const char          *name,
                                                       const char         **server,
                                                       const char         **original);
const char       *tether_hub_catalog_route_uri        (TetherHubCatalog    *self,
                                                       TetherProfile       *profile,
                                                       const char          *uri);
const char       *tether_hub_catalog_route_template   (TetherHubCatalog    *self,
                                                       TetherProfile       *profile,
                                                       const char          *uri_template);
const char * const *
                  tether_hub_catalog_get_conflicts    (TetherHubCatalog    *self);

G_END_DECLS
