/* test-hub-catalog.c — what the hub's catalog keeps, and what it offers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Several fake servers, each with a few hundred tools, connected by a
 * manager. The catalog of them keeps a name and a reference per entry:
 * the bytes the allocator holds for it (counted as test-mcp-list-memory
 * counts them: AddressSanitizer's count under it, else glibc's, all
 * threads in one arena) stay well under the text of the entries it
 * offers; a tree per entry would cost ten times that text. Not timed.
 */

#include "config.h"

#include <malloc.h>

#include "mcp-json.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"
#include "tether-hub-catalog.h"
#include "test-fake-server.h"
#include "test-server-util.h"
#include "test-util.h"

#define N_SERVERS 5
#define N_TOOLS   400

typedef struct
{
  char                *dir;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherServerTimings  timings;
} Fixture;

static gboolean
all_connected (gpointer data)
{
  TetherServerManager *manager = data;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (manager), i);

      if (tether_server_get_state (server) != TETHER_SERVER_STATE_CONNECTED || tether_server_get_busy (server))
        return FALSE;
    }

  return TRUE;
}

/* The servers' arguments besides their count file. */
static const char * const many_tools[] = {
  "\"--tools\", \"" G_STRINGIFY (N_TOOLS) "\"", "\"--tools\", \"" G_STRINGIFY (N_TOOLS) "\"",
  "\"--tools\", \"" G_STRINGIFY (N_TOOLS) "\"", "\"--tools\", \"" G_STRINGIFY (N_TOOLS) "\"",
  "\"--tools\", \"" G_STRINGIFY (N_TOOLS) "\"", NULL
};
static const char * const every_kind[] = {
  "\"--tools\", \"3\"", "\"--rich-tools\", \"--use-extras\"", "\"--use-tasks\"", "\"--hostile-text\"", NULL
};

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  const char * const *servers = data;
  g_autofree char *path = NULL;
  g_autoptr(GString) config = g_string_new ("{\"mcpServers\": {");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("tether-hub-catalog-XXXXXX", NULL);
  path = g_build_filename (fixture->dir, "servers.json", NULL);
  for (guint i = 0; servers[i] != NULL; i++)
    {
      g_autofree char *counts = g_strdup_printf ("%s/counts-%u", fixture->dir, i);
      g_autofree char *entry = test_fake_server_entry (counts, servers[i], NULL);

      g_string_append_printf (config, "%s\"server%u\": %s", i > 0 ? ", " : "", i, entry);
    }
  g_string_append (config, "}}");
  g_assert_true (g_file_set_contents (path, config->str, -1, NULL));

  tether_server_timings_init_defaults (&fixture->timings);
  file = g_file_new_for_path (path);
  fixture->store = tether_config_store_new (file);
  g_assert_true (tether_config_store_load (fixture->store, &error));
  g_assert_no_error (error);
  fixture->manager = tether_server_manager_new (fixture->store, &fixture->timings);
  tether_server_manager_start (fixture->manager);
  test_wait_until (all_connected, fixture->manager, "the servers connect");
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  test_server_manager_shutdown (fixture->manager);
  test_assert_finalized (g_steal_pointer (&fixture->manager));
  test_assert_finalized (g_steal_pointer (&fixture->store));
  test_assert_no_processes_matching (fixture->dir, 5000);
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
}

/* The bytes of the entries of @list, as their items keep them. */
static gsize
text_size (GListModel *list,
           guint      *n)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gsize size = 0;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(McpItem) item = g_list_model_get_item (list, i);

      g_string_truncate (text, 0);
      mcp_item_write_json (item, text);
      size += text->len;
      (*n)++;
    }

  return size;
}

static void
test_memory (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(TetherHubCatalog) catalog = NULL;
  g_autoptr(JsonNode) tools = NULL;
  gsize text = 0;
  gsize before;
  gint64 held;
  guint n = 0;

  for (guint i = 0; i < N_SERVERS; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (fixture->manager), i);

      text += text_size (tether_server_get_tools (server), &n);
      text += text_size (tether_server_get_prompts (server), &n);
      text += text_size (tether_server_get_resources (server), &n);
      text += text_size (tether_server_get_resource_templates (server), &n);
    }
  g_assert_cmpuint (n, >, N_SERVERS * N_TOOLS);

  before = test_allocated_bytes ();
  catalog = tether_hub_catalog_new (fixture->manager);
  g_assert_cmpuint (tether_hub_catalog_count_tools (catalog, NULL), >=, N_SERVERS * N_TOOLS);
  /* A list written and let go leaves nothing behind. */
  tools = tether_hub_catalog_list_tools (catalog, NULL);
  g_clear_pointer (&tools, json_node_unref);
  held = (gint64)test_allocated_bytes () - (gint64)before;

  g_test_message ("%u entries, %lu bytes of text; the catalog holds %ld bytes (%.2f times the text, %ld per entry)",
                  n, (gulong)text, (glong)held, (double)held / text, (glong)(held / n));

  /* A name, a reference and a table slot per entry, none of its text. */
  g_assert_cmpint (held, <=, (gint64)(text / 2));
}

/* @item as the hub offers it, built the long way: a tree of the item's
 * entry, members in order, the few the hub changes changed. */
static JsonNode *
expected_entry (McpItem    *item,
                const char *name,
                const char *server,
                gboolean    is_tool)
{
  g_autoptr(JsonObject) original = mcp_item_dup_json (item);
  g_autoptr(GList) members = json_object_get_members (original);
  g_autoptr(JsonObject) object = json_object_new ();
  const char *description = mcp_item_get_description (item);
  g_autofree char *described = description != NULL && *description != '\0'
                               ? g_strdup_printf ("[%s] %s", server, description)
                               : g_strdup_printf ("[%s]", server);

  for (GList *l = members; l != NULL; l = l->next)
    if (!is_tool || !g_str_equal (l->data, "execution"))
      json_object_set_member (object, l->data, json_node_copy (json_object_get_member (original, l->data)));
  json_object_set_string_member (object, "name", name);
  if (!json_object_has_member (object, "title"))
    json_object_set_string_member (object, "title", mcp_item_get_label (item));
  json_object_set_string_member (object, "description", described);

  return json_node_init_object (json_node_alloc (), object);
}

/* The list as a client reads it: written as the hub writes an answer,
 * then parsed. */
static JsonArray *
read_list (JsonNode *list)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  mcp_json_write (list, text);
  g_assert_true (json_parser_load_from_data (parser, text->str, text->len, &error));
  g_assert_no_error (error);

  return json_array_ref (json_node_get_array (json_parser_get_root (parser)));
}

static void
assert_same_members (JsonNode *actual,
                     JsonNode *expected)
{
  g_autoptr(GList) actual_members = json_object_get_members (json_node_get_object (actual));
  g_autoptr(GList) expected_members = json_object_get_members (json_node_get_object (expected));
  GList *a = actual_members;
  GList *e = expected_members;

  for (; a != NULL && e != NULL; a = a->next, e = e->next)
    g_assert_cmpstr (a->data, ==, e->data);
  g_assert_null (a);
  g_assert_null (e);
  g_assert_true (json_node_equal (actual, expected));
}

/* Tools and prompts as the hub renames them, of every kind the fake
 * offers (rich schemas, task tools with `execution`, names and texts full
 * of escapes), and resources as they came. */
static void
test_entries (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(TetherHubCatalog) catalog = tether_hub_catalog_new (fixture->manager);
  g_autoptr(JsonNode) tools_node = tether_hub_catalog_list_tools (catalog, NULL);
  g_autoptr(JsonNode) prompts_node = tether_hub_catalog_list_prompts (catalog, NULL);
  g_autoptr(JsonNode) resources_node = tether_hub_catalog_list_resources (catalog, NULL);
  g_autoptr(JsonArray) tools = read_list (tools_node);
  g_autoptr(JsonArray) prompts = read_list (prompts_node);
  g_autoptr(JsonArray) resources = read_list (resources_node);
  guint n_tools = 0, n_prompts = 0, n_resources = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (fixture->manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (fixture->manager), i);
      const char *server_name = tether_server_get_name (server);
      GListModel *lists[2] = { tether_server_get_tools (server), tether_server_get_prompts (server) };
      JsonArray *offered[2] = { tools, prompts };
      guint *counts[2] = { &n_tools, &n_prompts };
      GListModel *list;

      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint j = 0; j < g_list_model_get_n_items (lists[l]); j++)
          {
            g_autoptr(McpItem) item = g_list_model_get_item (lists[l], j);
            JsonNode *actual = json_array_get_element (offered[l], (*counts[l])++);
            const char *name = json_object_get_string_member (json_node_get_object (actual), "name");
            const char *found_server = NULL;
            const char *original = NULL;
            g_autoptr(JsonNode) expected = NULL;

            if (l == 0)
              g_assert_true (tether_hub_catalog_lookup_tool (catalog, NULL, name, &found_server, &original));
            else
              g_assert_true (tether_hub_catalog_lookup_prompt (catalog, NULL, name, &found_server, &original));
            g_assert_cmpstr (found_server, ==, server_name);
            g_assert_cmpstr (original, ==, mcp_item_get_name (item));
            expected = expected_entry (item, name, server_name, l == 0);
            assert_same_members (actual, expected);
          }

      list = tether_server_get_resources (server);
      for (guint j = 0; j < g_list_model_get_n_items (list); j++)
        {
          g_autoptr(McpItem) item = g_list_model_get_item (list, j);
          g_autoptr(JsonObject) object = mcp_item_dup_json (item);
          g_autoptr(JsonNode) expected = json_node_init_object (json_node_alloc (), object);
          JsonNode *actual;
          const char *uri = mcp_resource_get_uri (MCP_RESOURCE (item));

          /* A URI two servers offer goes to the first. */
          if (g_strcmp0 (tether_hub_catalog_route_uri (catalog, NULL, uri), server_name) != 0)
            continue;
          actual = json_array_get_element (resources, n_resources++);
          assert_same_members (actual, expected);
        }
    }

  g_assert_cmpuint (n_tools, ==, json_array_get_length (tools));
  g_assert_cmpuint (n_prompts, ==, json_array_get_length (prompts));
  g_assert_cmpuint (n_resources, ==, json_array_get_length (resources));
  g_assert_cmpuint (n_tools, >, 20);
  g_assert_cmpuint (n_prompts, >, 4);
}

int
main (int   argc,
      char *argv[])
{
  /* Every thread's allocations in the arena mallinfo2() counts. */
  mallopt (M_ARENA_MAX, 1);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/Hub/Catalog/memory", Fixture, many_tools, fixture_setup, test_memory, fixture_teardown);
  g_test_add ("/Hub/Catalog/entries", Fixture, every_kind, fixture_setup, test_entries, fixture_teardown);

  return g_test_run ();
}
