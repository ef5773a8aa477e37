/* import-harness.h — what the import tests share: the importer as the tests
 * set it up, the corpus, and assertions on what an import produced
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-import.h"
#include "tether-import-clients-private.h"
#include "tether-import-plan.h"
#include "test-util.h"

G_BEGIN_DECLS

#define IMPORT_TEST_N_SECRETS 4

extern const char * const test_environment[];
extern const char * const test_secrets[IMPORT_TEST_N_SECRETS];

TetherConfigImport   *new_importer        (void);
char                 *corpus_path         (const char *name);
TetherImportResult   *load                (const char *name);
GError               *load_error          (const char *name);
TetherImportItem     *item                (TetherImportResult *result,
                                           const char *name);
void                  assert_counts       (TetherImportResult *result,
                                           TetherImportFormat format,
                                           guint n_items,
                                           guint n_servers);
void                  assert_stdio        (TetherImportItem *it,
                                           const char *command,
                                           ...);
void                  assert_remote       (TetherImportItem *it,
                                           TetherServerKind kind,
                                           const char *url);
void                  assert_env          (TetherImportItem *it,
                                           ...);
void                  assert_headers      (TetherImportItem *it,
                                           ...);
gboolean              strv_has            (const char * const *strv,
                                           const char *part);
void                  assert_warning      (TetherImportItem *it,
                                           const char *part);
void                  assert_note         (TetherImportItem *it,
                                           const char *part);
void                  assert_no_warnings  (TetherImportItem *it);
void                  assert_skipped      (TetherImportItem *it,
                                           const char *part);
TetherImportVariable *assert_variable     (TetherImportItem *it,
                                           const char *placeholder,
                                           TetherImportVariableKind kind,
                                           const char *description,
                                           gboolean secret);
void                  assert_n_variables  (TetherImportItem *it,
                                           guint n);
void                  assert_no_secrets   (TetherImportResult *result,
                                           const char * const *extra);
TetherImportResult   *load_async          (TetherConfigImport *import,
                                           GFile *file,
                                           GError **error);
char                 *make_temp_dir       (void);
void                  remove_tree         (const char *path);
void                  run_checking_fds    (gconstpointer data);
void                  import_test_warm_up (void);

/* Each test leaves no file descriptor open. */
#define add_test(path, func) g_test_add_data_func (path, (gconstpointer)func, run_checking_fds)

G_END_DECLS
