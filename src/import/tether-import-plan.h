/* tether-import-plan.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-config-store.h"
#include "tether-import-item.h"
#include "tether-import-result.h"

G_BEGIN_DECLS

/**
 * TetherImportConflict:
 * @TETHER_IMPORT_CONFLICT_SKIP: keep the server already configured
 * @TETHER_IMPORT_CONFLICT_REPLACE: replace it with the imported one
 * @TETHER_IMPORT_CONFLICT_KEEP_BOTH: add the imported one as NAME-2, NAME-3…
 *
 * What to do with an imported server whose name is taken.
 */
typedef enum
{
  TETHER_IMPORT_CONFLICT_SKIP,
  TETHER_IMPORT_CONFLICT_REPLACE,
  TETHER_IMPORT_CONFLICT_KEEP_BOTH,
} TetherImportConflict;

/**
 * TetherImportAction:
 * @TETHER_IMPORT_ACTION_ADD: added under its own name
 * @TETHER_IMPORT_ACTION_REPLACE: replaces the server of the same name
 * @TETHER_IMPORT_ACTION_RENAME: added under a new name
 * @TETHER_IMPORT_ACTION_SKIP: the importer could not use the entry
 * @TETHER_IMPORT_ACTION_EXCLUDED: left out by the user
 * @TETHER_IMPORT_ACTION_EXISTS: the name is taken and the conflict is
 *   %TETHER_IMPORT_CONFLICT_SKIP
 * @TETHER_IMPORT_ACTION_UNRESOLVED: some of its variables have no value yet
 * @TETHER_IMPORT_ACTION_INVALID: the resolved configuration is not valid
 *
 * What importing does with one server.
 */
typedef enum
{
  TETHER_IMPORT_ACTION_ADD,
  TETHER_IMPORT_ACTION_REPLACE,
  TETHER_IMPORT_ACTION_RENAME,
  TETHER_IMPORT_ACTION_SKIP,
  TETHER_IMPORT_ACTION_EXCLUDED,
  TETHER_IMPORT_ACTION_EXISTS,
  TETHER_IMPORT_ACTION_UNRESOLVED,
  TETHER_IMPORT_ACTION_INVALID,
} TetherImportAction;

#define TETHER_TYPE_IMPORT_PLAN (tether_import_plan_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportPlan, tether_import_plan, TETHER, IMPORT_PLAN, GObject)

TetherImportPlan      *tether_import_plan_new               (TetherImportResult   *result,
                                                             TetherConfigStore    *store);
TetherImportResult    *tether_import_plan_get_result        (TetherImportPlan     *self);
guint                  tether_import_plan_get_n_items       (TetherImportPlan     *self);
TetherImportItem      *tether_import_plan_get_item          (TetherImportPlan     *self,
                                                             guint                 position);
TetherImportConflict   tether_import_plan_get_conflict      (TetherImportPlan     *self,
                                                             guint                 position);
void                   tether_import_plan_set_conflict      (TetherImportPlan     *self,
                                                             guint                 position,
                                                             TetherImportConflict  conflict);
void                   tether_import_plan_set_all_conflicts (TetherImportPlan     *self,
                                                             TetherImportConflict  conflict);
gboolean               tether_import_plan_get_included      (TetherImportPlan     *self,
                                                             guint                 position);
void                   tether_import_plan_set_included      (TetherImportPlan     *self,
                                                             guint                 position,
                                                             gboolean              included);
gboolean               tether_import_plan_get_name_taken    (TetherImportPlan     *self,
                                                             guint                 position);
TetherImportAction     tether_import_plan_get_action        (TetherImportPlan     *self,
                                                             guint                 position);
const char            *tether_import_plan_get_new_name      (TetherImportPlan     *self,
                                                             guint                 position);
const char            *tether_import_plan_get_reason        (TetherImportPlan     *self,
                                                             guint                 position);
char                 **tether_import_plan_dup_warnings      (TetherImportPlan     *self,
                                                             guint                 position);
guint                  tether_import_plan_get_n_adding      (TetherImportPlan     *self);
guint                  tether_import_plan_get_n_unresolved  (TetherImportPlan     *self);
GPtrArray             *tether_import_plan_dup_configs       (TetherImportPlan     *self,
                                                             gboolean              disabled);

G_END_DECLS
