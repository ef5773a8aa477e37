/* test-clients-page.c — the Clients page, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application (window-harness.h) with its hub, and AI clients'
 * files in the fake home: the page opened from the window's action,
 * Connect and Disconnect clicked, the change shown before anything is
 * written, and the files on disk checked byte for byte.
 */

#include "config.h"

#include "tether-clients-page.h"
#include "tether-hub.h"
#include "window-harness.h"

/* VS Code's file as people write it: comments, a trailing comma, another
 * server, a key Tether does not know. */
#define VSCODE_SAMPLE \
  "// MCP servers for VS Code\n" \
  "{\n" \
  "  \"servers\": {\n" \
  "    // remembers things\n" \
  "    \"memory\": {\n" \
  "      \"command\": \"npx\",\n" \
  "      \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]\n" \
  "    },\n" \
  "  },\n" \
  "  \"inputs\": []\n" \
  "}\n"

#define CLAUDE_SAMPLE \
  "{\n" \
  "  \"mcpServers\": {\n" \
  "    \"fs\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/tmp\"] }\n" \
  "  },\n" \
  "  \"globalShortcut\": \"\"\n" \
  "}\n"

static char *
home_file (const char *relative)
{
  return g_build_filename (g_get_home_dir (), relative, NULL);
}

/* @text into ~/@relative, and no file of an earlier test beside it */
static char *
write_home_file (const char *relative,
                 const char *text)
{
  g_autofree char *path = home_file (relative);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  test_remove_tree (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&path);
}

static char *
read_file (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&contents);
}

static GtkStack *
page_stack (TetherClientsPage *page)
{
  return find_descendant (page, GTK_TYPE_STACK);
}

/* The page shows @data ("list" or "change") and reads or writes nothing */
static gboolean
page_shows (Fixture       *fixture,
            gconstpointer  data)
{
  TetherClientsPage *page = find_clients_page ();

  return page != NULL && gtk_widget_get_mapped (GTK_WIDGET (page)) &&
         !tether_clients_page_get_busy (page) &&
         g_strcmp0 (gtk_stack_get_visible_child_name (page_stack (page)), data) == 0;
}

static void
wait_page (Fixture    *fixture,
           const char *view)
{
  g_autofree char *what = g_strdup_printf ("the Clients page to show “%s”", view);

  wait_until (fixture, page_shows, view, 10000, what);
}

static TetherClientsPage *
open_page (Fixture *fixture)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.connect-clients", NULL);
  wait_page (fixture, "list");

  return find_clients_page ();
}

static void
close_page (TetherClientsPage *page)
{
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
  test_iterate_for (100);
}

/* The rows of the clients, in the order shown */
static GPtrArray *
client_rows (TetherClientsPage *page)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GPtrArray *found = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (page), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_ancestor (g_ptr_array_index (rows, i), ADW_TYPE_PREFERENCES_GROUP) != NULL)
      g_ptr_array_add (found, g_ptr_array_index (rows, i));

  return found;
}

static AdwActionRow *
client_row (TetherClientsPage *page,
            const char        *name)
{
  g_autoptr(GPtrArray) rows = client_rows (page);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (g_ptr_array_index (rows, i)), name) == 0)
      return g_ptr_array_index (rows, i);

  return NULL;
}

/* The row's button that previews @action on client @name, or NULL */
static GtkWidget *
action_button (TetherClientsPage  *page,
               const char         *name,
               TetherClientAction  action)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GVariant) want = g_variant_ref_sink (g_variant_new ("(su)", name, (guint32)action));

  collect_descendants (GTK_WIDGET (client_row (page, name)), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkActionable *button = g_ptr_array_index (buttons, i);
      GVariant *target = gtk_actionable_get_action_target_value (button);

      if (g_strcmp0 (gtk_actionable_get_action_name (button), "clients.preview") == 0 &&
          target != NULL && g_variant_equal (target, want))
        return GTK_WIDGET (button);
    }

  return NULL;
}

static char *
diff_text (TetherClientsPage *page)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (find_descendant (page, GTK_TYPE_TEXT_VIEW));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);

  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Every text the page's window shows, the diff too */
static char *
page_texts (TetherClientsPage *page)
{
  g_autofree char *labels = widget_texts (gtk_widget_get_root (GTK_WIDGET (page)));
  g_autofree char *diff = diff_text (page);

  return g_strconcat (labels, diff, NULL);
}

/* The text of the shown error, or NULL */
static const char *
error_text (TetherClientsPage *page)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (page), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
        gtk_widget_has_css_class (g_ptr_array_index (labels, i), "error"))
      return gtk_label_get_label (g_ptr_array_index (labels, i));

  return NULL;
}

static const char *
hub_token (Fixture *fixture)
{
  TetherHub *hub = tether_application_get_hub (fixture->app);

  g_assert_true (tether_hub_get_running (hub));
  g_assert_nonnull (tether_hub_get_token (hub));

  return tether_hub_get_token (hub);
}

static void
assert_no_token (Fixture           *fixture,
                 TetherClientsPage *page)
{
  g_autofree char *texts = page_texts (page);

  g_assert_null (strstr (texts, hub_token (fixture)));
}

/* Each line of @before is in @after, in order, but for one that gained a
 * comma: what connecting adds is lines of its own. */
static void
assert_lines_kept (const char *before,
                   const char *after)
{
  g_auto(GStrv) old_lines = g_strsplit (before, "\n", -1);
  g_auto(GStrv) new_lines = g_strsplit (after, "\n", -1);
  guint next = 0, changed = 0;

  for (guint i = 0; old_lines[i] != NULL; i++)
    {
      guint j = next;

      while (new_lines[j] != NULL && g_strcmp0 (new_lines[j], old_lines[i]) != 0)
        j++;
      if (new_lines[j] == NULL)
        {
          changed++;
          continue;
        }
      next = j + 1;
    }
  g_assert_cmpuint (changed, <=, 1);
}

static void
connect_vscode_body (Fixture *fixture)
{
  g_autofree char *vscode = write_home_file (".config/Code/User/mcp.json", VSCODE_SAMPLE);
  g_autofree char *claude = write_home_file (".config/Claude/claude_desktop_config.json", CLAUDE_SAMPLE);
  g_autofree char *backup = g_strconcat (vscode, ".tether-backup", NULL);
  g_autofree char *bearer = g_strdup_printf ("Bearer %s", hub_token (fixture));
  const char *url = tether_hub_get_url (tether_application_get_hub (fixture->app));
  TetherClientsPage *page = open_page (fixture);
  TetherClients *clients = tether_clients_page_get_clients (page);
  GtkWidget *bridge_switch = find_descendant (page, GTK_TYPE_SWITCH);
  g_autoptr(GPtrArray) rows = client_rows (page);
  gboolean seen_missing = FALSE;
  g_autofree char *diff = NULL;
  g_autofree char *connected = NULL;
  g_autofree char *disconnected = NULL;

  /* Every client of the table, those found first; the others say where
   * Tether looked. */
  g_assert_cmpuint (rows->len, ==, g_list_model_get_n_items (tether_clients_get_model (clients)));
  for (guint i = 0; i < rows->len; i++)
    {
      AdwActionRow *row = g_ptr_array_index (rows, i);
      TetherClient *client = tether_clients_lookup (clients, gtk_widget_get_name (GTK_WIDGET (row)));

      g_assert_nonnull (client);
      if (tether_client_get_found (client))
        {
          g_assert_false (seen_missing);
          g_assert_nonnull (action_button (page, tether_client_get_name (client),
                                           TETHER_CLIENT_ACTION_CONNECT));
        }
      else
        {
          seen_missing = TRUE;
          assert_contains (adw_action_row_get_subtitle (row), "Not found on this computer");
          assert_contains (adw_action_row_get_subtitle (row), tether_client_get_path (client));
          g_assert_null (action_button (page, tether_client_get_name (client),
                                        TETHER_CLIENT_ACTION_CONNECT));
        }
    }
  g_assert_true (seen_missing);
  g_assert_true (tether_client_get_found (tether_clients_lookup (clients, "claude-desktop")));
  assert_contains (adw_action_row_get_subtitle (client_row (page, "vscode")), "Not connected");
  screenshot ("clients-page.png");

  /* Connect: first the change, the token masked; nothing written yet */
  click (action_button (page, "vscode", TETHER_CLIENT_ACTION_CONNECT));
  wait_page (fixture, "change");
  diff = diff_text (page);
  assert_contains (diff, "+    \"tether\": {");
  assert_contains (diff, url);
  assert_contains (diff, "Bearer ********");
  assert_no_token (fixture, page);
  g_assert_nonnull (find_shown_label (page, "Before this change, Tether copies the file to "));
  g_assert_true (gtk_widget_get_mapped (bridge_switch));
  g_assert_true (gtk_widget_get_mapped (find_actionable (page, "clients.apply")));
  screenshot ("clients-preview.png");
  g_clear_pointer (&diff, g_free);
  diff = read_file (vscode);
  g_assert_cmpstr (diff, ==, VSCODE_SAMPLE);

  /* The bridge instead, and back */
  gtk_switch_set_active (GTK_SWITCH (bridge_switch), TRUE);
  wait_page (fixture, "change");
  g_clear_pointer (&diff, g_free);
  diff = diff_text (page);
  assert_contains (diff, "\"connect\"");
  g_assert_null (strstr (diff, url));
  gtk_switch_set_active (GTK_SWITCH (bridge_switch), FALSE);
  wait_page (fixture, "change");
  g_clear_pointer (&diff, g_free);
  diff = diff_text (page);
  assert_contains (diff, url);

  /* Apply: the entry is in, the rest as it was */
  click (find_actionable (page, "clients.apply"));
  wait_page (fixture, "list");
  connected = read_file (vscode);
  assert_contains (connected, url);
  assert_contains (connected, bearer);
  assert_contains (connected, "// remembers things\n");
  assert_lines_kept (VSCODE_SAMPLE, connected);
  g_clear_pointer (&diff, g_free);
  diff = read_file (backup);
  g_assert_cmpstr (diff, ==, VSCODE_SAMPLE);
  assert_contains (adw_action_row_get_subtitle (client_row (page, "vscode")),
                   "Connected to Tether over HTTP");
  g_assert_nonnull (action_button (page, "vscode", TETHER_CLIENT_ACTION_DISCONNECT));
  assert_no_token (fixture, page);
  screenshot ("clients-connected.png");

  /* Disconnect: the file is byte for byte what it was */
  click (action_button (page, "vscode", TETHER_CLIENT_ACTION_DISCONNECT));
  wait_page (fixture, "change");
  g_clear_pointer (&diff, g_free);
  diff = diff_text (page);
  assert_contains (diff, "-    \"tether\": {");
  g_assert_false (gtk_widget_get_mapped (bridge_switch));
  click (find_actionable (page, "clients.apply"));
  wait_page (fixture, "list");
  disconnected = read_file (vscode);
  g_assert_cmpstr (disconnected, ==, VSCODE_SAMPLE);
  assert_contains (adw_action_row_get_subtitle (client_row (page, "vscode")), "Not connected");

  /* Claude Desktop was never touched */
  g_clear_pointer (&diff, g_free);
  diff = read_file (claude);
  g_assert_cmpstr (diff, ==, CLAUDE_SAMPLE);

  close_page (page);
}

#define BROKEN_SAMPLE "{\n  \"servers\": {\n    \"memory\": { \"command\": \"npx\" \n"

static void
broken_file_body (Fixture *fixture)
{
  g_autofree char *vscode = write_home_file (".config/Code/User/mcp.json", BROKEN_SAMPLE);
  g_autofree char *backup = g_strconcat (vscode, ".tether-backup", NULL);
  TetherClientsPage *page = open_page (fixture);
  g_autofree char *after = NULL;

  /* The row says so already */
  assert_contains (adw_action_row_get_subtitle (client_row (page, "vscode")), vscode);

  /* Connect: the error, naming the file, and nothing to apply */
  click (action_button (page, "vscode", TETHER_CLIENT_ACTION_CONNECT));
  wait_page (fixture, "change");
  g_assert_nonnull (error_text (page));
  assert_contains (error_text (page), vscode);
  assert_contains (error_text (page), "has an error");
  g_assert_false (gtk_widget_get_mapped (find_actionable (page, "clients.apply")));
  g_assert_false (gtk_widget_get_mapped (find_actionable (page, "clients.copy-entry")));
  g_assert_nonnull (find_shown_label (page, "Nothing was written."));
  screenshot ("clients-error.png");

  after = read_file (vscode);
  g_assert_cmpstr (after, ==, BROKEN_SAMPLE);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  click (find_actionable (page, "clients.cancel"));
  wait_page (fixture, "list");
  close_page (page);
}

/* Servers as a list: a shape Tether does not edit */
#define REFUSED_SAMPLE "{\"servers\": [{\"name\": \"a\", \"command\": \"x\"}]}\n"

static void
refused_shape_body (Fixture *fixture)
{
  g_autofree char *vscode = write_home_file (".config/Code/User/mcp.json", REFUSED_SAMPLE);
  TetherClientsPage *page = open_page (fixture);
  g_autofree char *snippet = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *after = NULL;

  click (action_button (page, "vscode", TETHER_CLIENT_ACTION_CONNECT));
  wait_page (fixture, "change");
  g_assert_nonnull (error_text (page));
  assert_contains (error_text (page), vscode);
  assert_contains (error_text (page), "by hand");
  g_assert_false (gtk_widget_get_mapped (find_actionable (page, "clients.apply")));

  /* The entry to paste, shown and copied, its token masked */
  snippet = diff_text (page);
  assert_contains (snippet, "\"tether\"");
  assert_contains (snippet, "********");
  assert_no_token (fixture, page);
  click (find_actionable (page, "clients.copy-entry"));
  copied = read_clipboard (fixture);
  assert_contains (copied, "\"tether\"");
  g_assert_null (strstr (copied, hub_token (fixture)));

  after = read_file (vscode);
  g_assert_cmpstr (after, ==, REFUSED_SAMPLE);
  close_page (page);
}

#define WINDSURF_SAMPLE \
  "{\n" \
  "  \"mcpServers\": {\n" \
  "    \"memory\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"] }\n" \
  "  }\n" \
  "}\n"

/* Windsurf starts "memory", which Tether runs too (the configuration of
 * test_clients_shared): once connected, the page offers to turn it off
 * there, with a preview. */
static void
shared_servers_body (Fixture *fixture)
{
  g_autofree char *windsurf = write_home_file (".codeium/windsurf/mcp_config.json", WINDSURF_SAMPLE);
  TetherClientsPage *page = open_page (fixture);
  g_autofree char *diff = NULL;
  g_autofree char *after = NULL;
  GtkWidget *offer;

  assert_contains (adw_action_row_get_subtitle (client_row (page, "windsurf")),
                   "Also starts 1 server Tether runs: memory");
  g_assert_null (action_button (page, "windsurf", TETHER_CLIENT_ACTION_DISABLE_SHARED));

  click (action_button (page, "windsurf", TETHER_CLIENT_ACTION_CONNECT));
  wait_page (fixture, "change");
  click (find_actionable (page, "clients.apply"));
  wait_page (fixture, "list");

  offer = action_button (page, "windsurf", TETHER_CLIENT_ACTION_DISABLE_SHARED);
  g_assert_nonnull (offer);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (offer), ==,
                   "Turn off 1 server in Windsurf that Tether now runs");
  click (offer);
  wait_page (fixture, "change");
  diff = diff_text (page);
  assert_contains (diff, "\"disabled\": true");
  after = read_file (windsurf);
  g_assert_null (strstr (after, "\"disabled\""));
  click (find_actionable (page, "clients.apply"));
  wait_page (fixture, "list");
  g_clear_pointer (&after, g_free);
  after = read_file (windsurf);
  assert_contains (after, "\"disabled\": true");
  close_page (page);
}

static void
test_clients_shared (Fixture       *fixture,
                     gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": { \"memory\": { \"command\": \"npx\","
                         " \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"], \"disabled\": true } } }\n");
  run_app (fixture, shared_servers_body);
}

/* Each test: the app on an empty configuration, running @data */
static void
test_clients (Fixture       *fixture,
              gconstpointer  data)
{
  write_config (fixture, "{ \"mcpServers\": {} }\n");
  run_app (fixture, (TestBody)data);
}

#define CLIENTS_TEST_ADD(path, body) \
  g_test_add ("/Tether/Window/" path, Fixture, body, fixture_setup, test_clients, fixture_teardown)

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  CLIENTS_TEST_ADD ("clients/connect", connect_vscode_body);
  CLIENTS_TEST_ADD ("clients/broken-file", broken_file_body);
  CLIENTS_TEST_ADD ("clients/refused-shape", refused_shape_body);
  WINDOW_TEST_ADD ("clients/shared-servers", test_clients_shared);

  return window_harness_run ();
}
