/* window-harness.h — the real application under Xvfb, for the window's tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tether-flatpak.h"
#include "mcp-tool.h"
#include "tether-application.h"
#include "tether-clients-page.h"
#include "tether-config-banner.h"
#include "tether-diagnostics-window.h"
#include "tether-config-import.h"
#include "tether-import-dialog.h"
#include "tether-import-sources-dialog.h"
#include "tether-log-entry.h"
#include "tether-pair-row.h"
#include "tether-server-dialog.h"
#include "tether-server-page.h"
#include "tether-server-row.h"
#include "tether-status-icon.h"
#include "tether-status-label.h"
#include "tether-tool-parameter.h"
#include "test-server-util.h"
#include "test-fake-server.h"
#include "test-util.h"
#include "ui/tether-window.h"

G_BEGIN_DECLS

/* Measured: the sanitized build is this much slower here (waits), and its
 * allocations, each unwinding the stack, make CPU-bound work slower still. */
#if defined(__SANITIZE_ADDRESS__)
# define SLOWDOWN 25
# define CPU_SLOWDOWN 100
#else
# define SLOWDOWN 1
# define CPU_SLOWDOWN 1
#endif

typedef struct _Fixture Fixture;
typedef void (*TestBody) (Fixture *fixture);

struct _Fixture
{
  char              *dir;
  char              *path;
  TetherApplication *app;
  TetherWindow      *window;
  TestBody           body;
  GHashTable        *subtitles;   /* server name → GPtrArray of texts seen */
};

typedef gboolean (*Condition) (Fixture *fixture, gconstpointer data);

/* Every window test is /Tether/Window/PATH, run by run_app() in a fixture. */
#define WINDOW_TEST_ADD(path, func) \
  g_test_add ("/Tether/Window/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

void window_harness_init (int    *argc,
                          char ***argv);
int  window_harness_run  (void);

void
wait_until (Fixture       *fixture,
            Condition      condition,
            gconstpointer  data,
            guint          timeout_ms,
            const char    *what);

void
click (gpointer widget);

void
collect_descendants (GtkWidget *widget,
                     GType      type,
                     GPtrArray *found);

gpointer
find_descendant (gpointer widget,
                 GType    type);

GtkWidget *
find_actionable (gpointer    widget,
                 const char *action_name);

TetherServerRow *
find_row (Fixture    *fixture,
          const char *name);

const char *
row_subtitle (TetherServerRow *row);

void
wait_subtitle (Fixture    *fixture,
               const char *name,
               const char *text);

TetherServerPage *
get_page (Fixture *fixture);

GtkListView *
tab_list (Fixture    *fixture,
          const char *tab);

guint
tab_n_items (Fixture    *fixture,
             const char *tab);

gpointer
find_toplevel (GType type);

TetherClientsPage *
find_clients_page (void);

TetherServerDialog *
find_dialog (void);

AdwEntryRow *
find_entry_row (gpointer    widget,
                const char *title);

void
set_text (gpointer    dialog,
          const char *title,
          const char *text);

TetherServerManager *
get_manager (Fixture *fixture);

TetherServer *
get_server (Fixture    *fixture,
            const char *name);

char *
counts_path (Fixture    *fixture,
             const char *name);

guint
initialize_count (Fixture    *fixture,
                  const char *name);

guint
method_count (Fixture    *fixture,
              const char *name,
              const char *method);

GtkWidget *
click_row_button (Fixture    *fixture,
                  const char *name,
                  const char *tab,
                  const char *action_name);

guint
running (Fixture    *fixture,
         const char *name);

char *
read_config (Fixture *fixture);

JsonNode *
config_member (Fixture    *fixture,
               const char *name,
               const char *member);

gboolean
config_disabled (Fixture    *fixture,
                 const char *name);

void
write_config (Fixture    *fixture,
              const char *contents);

char *
fake_entry (Fixture    *fixture,
            const char *name,
            const char *extra);

void
wait_state (Fixture           *fixture,
            const char        *name,
            TetherServerState  state);

void
wait_connected (Fixture    *fixture,
                const char *name);

void
run_app (Fixture  *fixture,
         TestBody  body);

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data);

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data);

void
assert_subtitles (Fixture    *fixture,
                  const char *name,
                  ...);

gboolean
widget_mapped (Fixture       *fixture,
               gconstpointer  data);

gboolean
widget_unmapped (Fixture       *fixture,
                 gconstpointer  data);

char *
read_clipboard (Fixture *fixture);

void
run_xdotool (Fixture    *fixture,
             const char *first_arg,
             ...) G_GNUC_NULL_TERMINATED;

void
screenshot (const char *name);

void
screenshot_at_end (gpointer    widget,
                   const char *name);

extern char *login_bin;

TetherDiagnosticsWindow *
find_diagnostics (void);

gboolean
diagnostics_idle (Fixture       *fixture,
                  gconstpointer  data);

char *
widget_texts (gpointer widget);

GtkWidget *
diagnostics_server_row (TetherDiagnosticsWindow *window,
                        const char              *name);

gpointer
find_named (gpointer    widget,
            const char *name);
GtkLabel *
find_label (gpointer    widget,
            const char *text);

GtkLabel *
find_label_prefix (gpointer    widget,
                   const char *prefix);

TetherImportDialog *
find_import_dialog (void);

GtkDropTarget *
find_drop_target (Fixture *fixture);

gboolean
drop_value (Fixture      *fixture,
            const GValue *value);

void
drop_files (Fixture     *fixture,
            const char **paths);

void
drop_file (Fixture    *fixture,
           const char *path);

TetherImportDialog *
wait_import_dialog (Fixture *fixture);

void
assert_contains (const char *haystack,
                 const char *needle);

GtkLabel *
find_shown_label (gpointer    widget,
                  const char *prefix);

extern GHashTable *notifications;

GDBusConnection *
open_bus_connection (void);

void
serve_on_bus (GDBusConnection            *connection,
              const char                 *xml,
              const GDBusInterfaceVTable *vtable,
              const char                 *path,
              const char                 *name);

GDBusConnection *
start_notification_server (void);

extern char     *portal_title;

extern GVariant *portal_options;

extern char     *portal_answer;

void
start_portal (GDBusConnection *connection);

G_END_DECLS
