/* window-harness.c — the real application under Xvfb, for the window's tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test runs the real application (g_application_run with --config on a
 * temporary servers.json), drives the real widgets from its "activate" —
 * buttons, switches, entries, actions — and checks the models, the servers'
 * processes and the file on disk. This file holds what every such test
 * shares: the fixture, the fake notification server and file chooser portal,
 * the waits, the finders and the screenshots.
 */

#include "config.h"

#include "tether-capability-row.h"
#include "tether-shell-environment.h"
#include "window-harness.h"

/* Waiting */

typedef gboolean (*Condition) (Fixture *fixture, gconstpointer data);

void
wait_until (Fixture       *fixture,
            Condition      condition,
            gconstpointer  data,
            guint          timeout_ms,
            const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000 * SLOWDOWN;

  while (!condition (fixture, data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out after %u ms waiting for %s", timeout_ms, what);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
clicked_cb (GtkButton *button,
            gboolean  *clicked)
{
  *clicked = TRUE;
}

/* A button's activation shows it pressed, then clicks it a moment later
 * (a timeout of GTK's own): wait for the click itself, not for a time, so
 * that a loaded machine cannot read the result before the click lands. */
void
click (gpointer widget)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)10000 * 1000 * SLOWDOWN;
  gboolean clicked = FALSE;
  gulong id = 0;

  g_assert_true (gtk_widget_is_sensitive (widget));
  if (GTK_IS_BUTTON (widget))
    id = g_signal_connect (g_object_ref (widget), "clicked", G_CALLBACK (clicked_cb), &clicked);
  gtk_widget_activate (widget);
  if (id == 0)
    {
      test_iterate_for (400 * SLOWDOWN);
      return;
    }

  while (!clicked)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the button was activated but never clicked");
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  /* held until now: a click may close the button's window */
  g_signal_handler_disconnect (widget, id);
  g_object_unref (widget);
  test_iterate_for (100);
}

/* Finding widgets */

void
collect_descendants (GtkWidget *widget,
                     GType      type,
                     GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_descendants (child, type, found);
}

gpointer
find_descendant (gpointer widget,
                 GType    type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), type, found);

  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

GtkWidget *
find_actionable (gpointer    widget,
                 const char *action_name)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_BUTTON, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (found, i)), action_name) == 0)
      return g_ptr_array_index (found, i);

  /* the button of a tool's, prompt's or resource's row: not a GtkActionable */
  g_ptr_array_set_size (found, 0);
  collect_descendants (GTK_WIDGET (widget), TETHER_TYPE_CAPABILITY_ROW, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (tether_capability_row_get_action_name (g_ptr_array_index (found, i)), action_name) == 0)
      return tether_capability_row_get_button (g_ptr_array_index (found, i));

  return NULL;
}

TetherServerRow *
find_row (Fixture    *fixture,
          const char *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_SERVER_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      TetherServer *server = tether_server_row_get_server (g_ptr_array_index (rows, i));

      if (server != NULL && g_strcmp0 (tether_server_get_name (server), name) == 0)
        return g_ptr_array_index (rows, i);
    }

  return NULL;
}

const char *
row_subtitle (TetherServerRow *row)
{
  return tether_status_label_get_text (find_descendant (row, TETHER_TYPE_STATUS_LABEL));
}

typedef struct
{
  const char *name;
  const char *text;
} Subtitle;

static gboolean
row_says (Fixture       *fixture,
          gconstpointer  data)
{
  const Subtitle *want = data;
  TetherServerRow *row = find_row (fixture, want->name);

  return row != NULL && g_pattern_match_simple (want->text, row_subtitle (row));
}

/* The row's subtitle matches @text, a pattern (it follows the server before
 * the next frame). */
void
wait_subtitle (Fixture    *fixture,
               const char *name,
               const char *text)
{
  Subtitle want = { name, text };

  wait_until (fixture, row_says, &want, 5000, text);
}

TetherServerPage *
get_page (Fixture *fixture)
{
  TetherServerPage *page = find_descendant (fixture->window, TETHER_TYPE_SERVER_PAGE);

  g_assert_nonnull (page);

  return page;
}

GtkListView *
tab_list (Fixture    *fixture,
          const char *tab)
{
  AdwViewStack *stack = tether_server_page_get_view_stack (get_page (fixture));
  GtkWidget *child = adw_view_stack_get_child_by_name (stack, tab);

  g_assert_nonnull (child);

  return find_descendant (child, GTK_TYPE_LIST_VIEW);
}

guint
tab_n_items (Fixture    *fixture,
             const char *tab)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (tab_list (fixture, tab))));
}

/* The shown toplevel of @type */
gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }

  return NULL;
}

/* The Connect AI Clients page, in its shown window */
TetherClientsPage *
find_clients_page (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      TetherClientsPage *page;

      if (!gtk_widget_get_visible (window))
        continue;
      page = find_descendant (window, TETHER_TYPE_CLIENTS_PAGE);
      if (page != NULL)
        return page;
    }

  return NULL;
}

TetherServerDialog *
find_dialog (void)
{
  return find_toplevel (TETHER_TYPE_SERVER_DIALOG);
}

AdwEntryRow *
find_entry_row (gpointer    widget,
                const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);

  g_error ("no entry row titled %s", title);
}

void
set_text (gpointer    dialog,
          const char *title,
          const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (find_entry_row (dialog, title)), text);
}

/* The servers, their processes and the file */

TetherServerManager *
get_manager (Fixture *fixture)
{
  return tether_application_get_manager (fixture->app);
}

TetherServer *
get_server (Fixture    *fixture,
            const char *name)
{
  return tether_server_manager_lookup (get_manager (fixture), name, NULL);
}

char *
counts_path (Fixture    *fixture,
             const char *name)
{
  return g_strdup_printf ("%s/%s.counts", fixture->dir, name);
}

guint
initialize_count (Fixture    *fixture,
                  const char *name)
{
  return method_count (fixture, name, "initialize");
}

/* How many requests of @method the fake server @name received */
guint
method_count (Fixture    *fixture,
              const char *name,
              const char *method)
{
  g_autofree char *path = counts_path (fixture, name);

  return test_read_count (path, method);
}

/* Shows the server page of @name on @tab, and clicks the first button of
 * its list for @action_name, which must be shown. */
GtkWidget *
click_row_button (Fixture    *fixture,
                  const char *name,
                  const char *tab,
                  const char *action_name)
{
  GtkWidget *button;

  tether_window_show_server (fixture->window, name);
  adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (get_page (fixture)), tab);
  test_iterate_for (200);

  button = find_actionable (tab_list (fixture, tab), action_name);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  click (button);

  return button;
}

guint
running (Fixture    *fixture,
         const char *name)
{
  g_autofree char *path = counts_path (fixture, name);

  return test_count_processes_matching (path);
}

char *
read_config (Fixture *fixture)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (fixture->path, &contents, NULL, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&contents);
}

/* A member of a server's entry in the file, or NULL. */
JsonNode *
config_member (Fixture    *fixture,
               const char *name,
               const char *member)
{
  g_autofree char *contents = read_config (fixture);
  g_autoptr(JsonNode) root = json_from_string (contents, NULL);
  JsonObject *servers;
  JsonObject *entry;

  g_assert_nonnull (root);
  servers = json_object_get_object_member (json_node_get_object (root), "mcpServers");
  g_assert_nonnull (servers);
  if (!json_object_has_member (servers, name))
    return NULL;
  entry = json_object_get_object_member (servers, name);
  if (!json_object_has_member (entry, member))
    return NULL;

  return json_node_copy (json_object_get_member (entry, member));
}

gboolean
config_disabled (Fixture    *fixture,
                 const char *name)
{
  g_autoptr(JsonNode) node = config_member (fixture, name, "disabled");

  return node != NULL && json_node_get_boolean (node);
}

void
write_config (Fixture    *fixture,
              const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->path, contents, -1, &error);
  g_assert_no_error (error);
}

/* A fake server entry whose process can be told apart by its count file. */
char *
fake_entry (Fixture    *fixture,
            const char *name,
            const char *extra)
{
  g_autofree char *counts = counts_path (fixture, name);
  g_autofree char *entry = test_fake_server_entry (counts, extra, NULL);

  return g_strdup_printf ("\"%s\": %s", name, entry);
}

/* Conditions */

static gboolean
server_exists (Fixture       *fixture,
               gconstpointer  data)
{
  return get_server (fixture, data) != NULL;
}

/* The server named @name, once the manager has it. */
static TetherServer *
wait_server (Fixture    *fixture,
             const char *name)
{
  g_autofree char *what = g_strdup_printf ("a server named %s", name);

  wait_until (fixture, server_exists, name, 10000, what);

  return get_server (fixture, name);
}

void
wait_state (Fixture           *fixture,
            const char        *name,
            TetherServerState  state)
{
  test_server_wait_state (wait_server (fixture, name), state);
}

void
wait_connected (Fixture    *fixture,
                const char *name)
{
  test_server_wait_idle (wait_server (fixture, name), TETHER_SERVER_STATE_CONNECTED);
}

/* Running the application */

static void
record_subtitle_cb (TetherStatusLabel *label,
                    GParamSpec        *pspec,
                    Fixture           *fixture)
{
  TetherServer *server = tether_status_label_get_server (label);
  GPtrArray *seen;
  const char *text = tether_status_label_get_text (label);

  if (server == NULL || text == NULL || *text == '\0')
    return;

  seen = g_hash_table_lookup (fixture->subtitles, tether_server_get_name (server));
  if (seen == NULL)
    {
      seen = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (fixture->subtitles, g_strdup (tether_server_get_name (server)), seen);
    }

  if (seen->len == 0 || g_strcmp0 (g_ptr_array_index (seen, seen->len - 1), text) != 0)
    {
      g_test_message ("%s: %s", tether_server_get_name (server), text);
      g_ptr_array_add (seen, g_strdup (text));
    }
}

static gboolean
window_mapped (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (fixture->window));
}

static void
activate_cb (GApplication *app,
             Fixture      *fixture)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  /* Later activations (a notification's action) just present the window. */
  g_signal_handlers_disconnect_by_func (app, activate_cb, fixture);

  fixture->window = TETHER_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_nonnull (fixture->window);
  wait_until (fixture, window_mapped, NULL, 10000, "the window to be mapped");
  test_iterate_for (50);

  /* Every subtitle the sidebar shows, as it changes. */
  collect_descendants (GTK_WIDGET (fixture->window), TETHER_TYPE_SERVER_ROW, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      TetherStatusLabel *label = find_descendant (g_ptr_array_index (labels, i), TETHER_TYPE_STATUS_LABEL);

      record_subtitle_cb (label, NULL, fixture);
      g_signal_connect (label, "notify::text", G_CALLBACK (record_subtitle_cb), fixture);
    }

  fixture->body (fixture);

  if (find_dialog () != NULL)
    gtk_window_destroy (GTK_WINDOW (find_dialog ()));
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  g_application_quit (app);
}

void
run_app (Fixture  *fixture,
         TestBody  body)
{
  char *argv[] = { (char *)"tether", (char *)"--standalone", (char *)"--config", fixture->path, NULL };
  guint fds_before = test_count_fds ();
  int status;

  fixture->body = body;
  fixture->app = tether_application_new ();
  g_signal_connect_after (fixture->app, "activate", G_CALLBACK (activate_cb), fixture);

  status = g_application_run (G_APPLICATION (fixture->app), G_N_ELEMENTS (argv) - 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_clear_object (&fixture->app);

  /* Quitting stopped every server: no process and no descriptor is left. */
  test_assert_no_processes_matching (fixture->dir, 5000);
  test_assert_no_leftovers (fds_before, 0, 5000);
}

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-window-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->subtitles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify)g_ptr_array_unref);
}

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);

  g_clear_pointer (&fixture->subtitles, g_hash_table_unref);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
}

/* Which texts a server's row showed, in order: each pattern must match a
 * later text than the one before. */
void
assert_subtitles (Fixture    *fixture,
                  const char *name,
                  ...)
{
  GPtrArray *seen = g_hash_table_lookup (fixture->subtitles, name);
  const char *pattern;
  guint next = 0;
  va_list args;

  g_assert_nonnull (seen);

  va_start (args, name);
  while ((pattern = va_arg (args, const char *)) != NULL)
    {
      while (next < seen->len && !g_pattern_match_simple (pattern, g_ptr_array_index (seen, next)))
        next++;
      if (next == seen->len)
        g_error ("%s: no subtitle matching “%s” in the right order", name, pattern);
      next++;
    }
  va_end (args);
}

gboolean
widget_mapped (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

gboolean
widget_unmapped (Fixture       *fixture,
                 gconstpointer  data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

static void
clipboard_read_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
text_read (Fixture       *fixture,
           gconstpointer  data)
{
  return *(char **)data != NULL;
}

char *
read_clipboard (Fixture *fixture)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)), NULL,
                                 clipboard_read_cb, &text);
  wait_until (fixture, text_read, &text, 5000, "the clipboard");

  return text;
}

typedef struct
{
  gboolean  done;
  GError   *error;
} XdotoolRun;

static void
xdotool_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  XdotoolRun *run = user_data;

  g_subprocess_wait_check_finish (G_SUBPROCESS (object), result, &run->error);
  run->done = TRUE;
}

static gboolean
xdotool_done (Fixture       *fixture,
              gconstpointer  data)
{
  return ((const XdotoolRun *)data)->done;
}

/* xdotool with these arguments, to completion, the main loop running: real
 * X events (key presses through XTEST, a window resized by its X id). */
void
run_xdotool (Fixture    *fixture,
             const char *first_arg,
             ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) xdotool = NULL;
  g_autofree char *line = NULL;
  XdotoolRun run = { FALSE, NULL };
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer)"xdotool");
  va_start (args, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  line = g_strjoinv (" ", (char **)argv->pdata);

  xdotool = g_subprocess_newv ((const char * const *)argv->pdata, G_SUBPROCESS_FLAGS_NONE, &error);
  if (xdotool == NULL)
    g_error ("could not run xdotool (build-aux/deps.sh installs it): %s", error->message);
  g_subprocess_wait_check_async (xdotool, NULL, xdotool_done_cb, &run);
  wait_until (fixture, xdotool_done, &run, 10000, line);
  if (run.error != NULL)
    g_error ("%s: %s", line, run.error->message);
}

/* TETHER_SCREENSHOT_DIR set: the whole screen at this moment, by
 * ImageMagick's import, for the README and for looking at. */
void
screenshot (const char *name)
{
  const char *dir = g_getenv ("TETHER_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (dir == NULL)
    return;

  test_iterate_for (800);
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, name, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };

    g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error);
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("screenshot: %s", path);
}

/* The same, with every shown scrolled window of @widget scrolled to its
 * end (the report's, not a loading page's) */
void
screenshot_at_end (gpointer    widget,
                   const char *name)
{
  g_autoptr(GPtrArray) scrolled = g_ptr_array_new ();

  if (g_getenv ("TETHER_SCREENSHOT_DIR") == NULL)
    return;

  /* laid out first, so that the end is known */
  test_iterate_for (300);
  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_SCROLLED_WINDOW, scrolled);
  for (guint i = 0; i < scrolled->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (scrolled, i)))
      {
        GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (g_ptr_array_index (scrolled, i));

        gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      }
  screenshot (name);
}

/* A folder only the fake login shell puts in PATH (tests/meson.build sets
 * SHELL to it): the PATH servers use is resolved once per process, so it is
 * set up in main(), before any server starts. */
char *login_bin;

TetherDiagnosticsWindow *
find_diagnostics (void)
{
  return find_toplevel (TETHER_TYPE_DIAGNOSTICS_WINDOW);
}

gboolean
diagnostics_idle (Fixture       *fixture,
                  gconstpointer  data)
{
  TetherDiagnosticsWindow *window = find_diagnostics ();

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
         !tether_diagnostics_window_get_busy (window) &&
         tether_diagnostics_window_get_report (window) != NULL;
}

/* Every text the widgets under @widget show or offer: labels (a row's
 * title and subtitle are labels too), editables, tooltips. */
static void
collect_texts (GtkWidget *widget,
               GString   *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_EDITABLE (widget))
    g_string_append_printf (out, "%s\n", gtk_editable_get_text (GTK_EDITABLE (widget)));
  if (gtk_widget_get_tooltip_text (widget) != NULL)
    g_string_append_printf (out, "%s\n", gtk_widget_get_tooltip_text (widget));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, out);
}

char *
widget_texts (gpointer widget)
{
  GString *out = g_string_new (NULL);

  collect_texts (GTK_WIDGET (widget), out);

  return g_string_free (out, FALSE);
}

/* The row of the Servers group for @name, or NULL. */
GtkWidget *
diagnostics_server_row (TetherDiagnosticsWindow *window,
                        const char              *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (window), ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (gtk_widget_has_css_class (row, "diagnostics-server") &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), name) == 0)
        return row;
    }

  return NULL;
}

/* The label under @widget that shows exactly @text, or NULL. */
GtkLabel *
find_label (gpointer    widget,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, i)), text) == 0)
      return g_ptr_array_index (labels, i);

  return NULL;
}

/* A label starting with @prefix, shown or on a page not shown */
GtkLabel *
find_label_prefix (gpointer    widget,
                   const char *prefix)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), prefix))
      return g_ptr_array_index (labels, i);

  return NULL;
}

TetherImportDialog *
find_import_dialog (void)
{
  return find_toplevel (TETHER_TYPE_IMPORT_DIALOG);
}

static gboolean
import_dialog_shown (Fixture       *fixture,
                     gconstpointer  data)
{
  /* and it knows whether there is a keyring: confirming goes straight on */
  return find_import_dialog () != NULL && gtk_widget_get_mapped (GTK_WIDGET (find_import_dialog ())) &&
         !tether_import_dialog_get_probing (find_import_dialog ());
}

/* Drops @value on the window the way GTK does: through the drop target's
 * ::drop on the toast overlay. */
GtkDropTarget *
find_drop_target (Fixture *fixture)
{
  GtkWidget *overlay = find_descendant (fixture->window, ADW_TYPE_TOAST_OVERLAY);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (overlay);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }

  g_error ("no drop target on the window");
}

gboolean
drop_value (Fixture      *fixture,
            const GValue *value)
{
  GtkDropTarget *target = find_drop_target (fixture);
  gboolean handled = FALSE;

  /* It takes files, file lists and text. */
  {
    gsize n_types = 0;
    const GType *types = gtk_drop_target_get_gtypes (target, &n_types);
    gboolean file_list = FALSE, file = FALSE, string = FALSE;

    for (gsize i = 0; i < n_types; i++)
      {
        file_list |= types[i] == GDK_TYPE_FILE_LIST;
        file |= types[i] == G_TYPE_FILE;
        string |= types[i] == G_TYPE_STRING;
      }
    g_assert_true (file_list && file && string);
  }

  g_signal_emit_by_name (target, "drop", value, 10.0, 10.0, &handled);

  return handled;
}

void
drop_files (Fixture     *fixture,
            const char **paths)
{
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *list = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    list = g_slist_append (list, g_file_new_for_path (paths[i]));

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, list);
  g_assert_true (drop_value (fixture, &value));
  g_slist_free_full (list, g_object_unref);
}

void
drop_file (Fixture    *fixture,
           const char *path)
{
  g_auto(GValue) value = G_VALUE_INIT;
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_assert_true (drop_value (fixture, &value));
}

TetherImportDialog *
wait_import_dialog (Fixture *fixture)
{
  wait_until (fixture, import_dialog_shown, NULL, 10000, "the import preview");

  return find_import_dialog ();
}

void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, haystack);
}

/* The mapped label under @widget whose text starts with @prefix, or NULL */
GtkLabel *
find_shown_label (gpointer    widget,
                  const char *prefix)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
        g_str_has_prefix (gtk_label_get_label (g_ptr_array_index (labels, i)), prefix))
      return g_ptr_array_index (labels, i);

  return NULL;
}

static GDBusConnection *notification_connection;
static GDBusConnection *session_bus;
static char            *home;

/* Before the tests are added: a fake home, the fake notification server and
 * portal on the session bus, short timings, a login shell's PATH. */
void
window_harness_init (int    *argc,
                     char ***argv)
{
  home = g_dir_make_tmp ("tether-window-home-XXXXXX", NULL);

  /* A fake home, where Import from… looks for other clients' files */
  g_setenv ("HOME", home, TRUE);
  g_unsetenv ("XDG_CONFIG_HOME");
  g_unsetenv ("HOST_XDG_CONFIG_HOME");
  /* File choosers ask the fake portal below, as in flatpak (GDK_DEBUG=portals
   * is GTK 4.8's switch; GLib's notifications do not look at it) */
  {
    const char *debug = g_getenv ("GDK_DEBUG");
    g_autofree char *with_portals = g_strconcat (debug != NULL ? debug : "", debug != NULL ? "," : "",
                                                 "portals", NULL);

    g_setenv ("GDK_DEBUG", with_portals, TRUE);
  }

  g_test_init (argc, argv, NULL);

  /* with-display.sh guarantees a display: no display is a failure. */
  if (!gtk_init_check ())
    g_error ("cannot open a display (DISPLAY=%s)", g_getenv ("DISPLAY"));
  adw_init ();

  /* The window's tests run in parallel, one process each, and each runs the
   * hub: each on any free port (0), never on the user's. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_uint (settings, "hub-port", 0);
  }

  notification_connection = start_notification_server ();

  start_portal (notification_connection);
  /* The shared session bus connection, which GTK keeps for good once it has
   * asked a portal: open it now, so that it is not a leftover of the first
   * test that shows a file chooser. */
  session_bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_assert_nonnull (session_bus);

  /* Short waits, so that retries and stops take a moment, not seconds. */
  g_setenv ("TETHER_TIMINGS",
            "connect_retry_delay_ms=100,stop_grace_ms=300,reconnect_delay_ms=500,"
            "reconnect_delay_max_ms=1000,healthy_after_ms=400,list_changed_delay_ms=50,"
            /* 10 000 tools from a sanitized fake server take a while */
            "list_timeout_ms=120000",
            TRUE);
  test_warm_up ();

  login_bin = g_dir_make_tmp ("tether-window-login-bin-XXXXXX", NULL);
  g_assert_nonnull (login_bin);
  g_setenv ("FAKE_LOGIN_PREPEND", login_bin, TRUE);

  /* The login shell is asked once, when the first server starts: a
   * sanitized build on a loaded machine may take longer than a user's. */
  tether_shell_environment_set_timeout (tether_shell_environment_get_default (),
                                        TETHER_SHELL_ENVIRONMENT_DEFAULT_TIMEOUT_MS * SLOWDOWN);
}

/* Runs the tests added since window_harness_init(), then cleans up. */
int
window_harness_run (void)
{
  int status;

  status = g_test_run ();
  g_rmdir (login_bin);
  g_free (login_bin);
  g_dbus_connection_close_sync (notification_connection, NULL, NULL);
  test_remove_tree (home);
  g_clear_pointer (&home, g_free);
  g_clear_object (&session_bus);
  g_clear_object (&notification_connection);

  return status;
}

/* The descendant of @widget named @name (gtk_widget_set_name()); fails the
 * test if there is none */
gpointer
find_named (gpointer    widget,
            const char *name)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (widget), GTK_TYPE_WIDGET, found);
  for (guint i = 0; i < found->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (g_ptr_array_index (found, i)), name) == 0)
      return g_ptr_array_index (found, i);

  g_error ("no widget named %s", name);
}
