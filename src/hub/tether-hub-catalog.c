/* tether-hub-catalog.c — what the hub offers, and where each item lives
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The aggregated tools, prompts, resources and resource templates of every
 * connected, enabled server of the manager, in config order, with the
 * names AI clients see (tether-hub-names.c) and a table from each back to
 * its server and the server's own name. Only what can be called now is
 * listed: a server that is not connected offers nothing, a tool in its
 * `disabledTools` is left out.
 *
 * The tools of a server that is not connected (reconnecting, waiting,
 * disabled) keep their names, unlisted, so that a call to one fails with
 * the server's state rather than as an unknown tool; and the names do not
 * shift while a server comes and goes.
 *
 * Tools and prompts are renamed; their `title` keeps the original title
 * (or name) and their description starts with the server's name.
 * Resources keep their URIs and templates their URI templates: a URI (or
 * template) two servers offer goes to the first, and the other is noted in
 * tether_hub_catalog_get_conflicts(). A URI no resource lists goes to the
 * first server with a template that matches it.
 *
 * An entry holds a reference to the server's item and the name the hub
 * gives it, nothing more: a list is written from the items' own compact
 * text when a client asks for it (tether-hub-entry.c rewrites the few
 * members the hub changes), with no tree built, and calls find names in a
 * table.
 *
 * The catalog follows the manager: servers added or removed, their states,
 * configurations and lists. Changes are gathered for a moment (an idle) and
 * ::changed says which lists an AI client would now see differently.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-json.h"
#include "mcp-list-kind.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"

#include "tether-hub-catalog.h"
#include "tether-hub-entry.h"
#include "tether-hub-names.h"

typedef enum
{
  KIND_TOOLS,
  KIND_PROMPTS,
  KIND_RESOURCES,
  KIND_TEMPLATES,
  N_KINDS
} Kind;

typedef struct
{
  const char *name;      /* advertised name (ours), or the item's URI or URI template */
  char       *server;    /* interned, shared by the server's entries */
  McpItem    *item;      /* the server's object for it (a reference; compared) */
} Entry;

struct _TetherHubCatalog
{
  GObject              parent_instance;

  TetherServerManager *manager;
  GPtrArray           *watched;          /* TetherServer, with our handlers */
  GPtrArray           *entries[N_KINDS];
  GHashTable          *by_name[N_KINDS]; /* Entry, found by name */
  GPtrArray           *offline;          /* tools of servers not connected */
  GHashTable          *offline_by_name;  /* Entry, found by name */
  char                *digest[N_KINDS];
  GStrv                conflicts;
  guint                rebuild_id;
  guint                frozen : 1;
};

G_DEFINE_FINAL_TYPE (TetherHubCatalog, tether_hub_catalog, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Tools and prompts are renamed: their names are the catalog's. */
static gboolean
is_renamed (Kind kind)
{
  return kind == KIND_TOOLS || kind == KIND_PROMPTS;
}

/* A resource's or a template's entry: its name is its item's. */
static void
entry_free (Entry *entry)
{
  g_ref_string_release (entry->server);
  g_object_unref (entry->item);
  g_free (entry);
}

static void
entry_free_renamed (Entry *entry)
{
  g_free ((char *)entry->name);
  entry_free (entry);
}

static GPtrArray *
entries_new (Kind  kind,
             guint size)
{
  return g_ptr_array_new_full (size, (GDestroyNotify)(is_renamed (kind) ? entry_free_renamed : entry_free));
}

/* @name: (transfer full) for a tool or a prompt; else the item's, which
 * lives as long as the entry's reference to it. */
static Entry *
entry_new (const char *name,
           const char *server,
           gpointer    item)
{
  Entry *entry = g_new (Entry, 1);

  entry->name = name;
  entry->server = g_ref_string_new_intern (server);
  entry->item = g_object_ref (item);

  return entry;
}

/* The server's name for it. */
static const char *
entry_original (Entry *entry,
                Kind   kind)
{
  return is_renamed (kind) ? mcp_item_get_name (entry->item) : entry->name;
}

/* The tables by name are sets of entries: a table whose keys are its
 * values keeps no array of values. */
static guint
entry_hash (gconstpointer entry)
{
  return g_str_hash (((const Entry *)entry)->name);
}

static gboolean
entry_equal (gconstpointer a,
             gconstpointer b)
{
  return g_str_equal (((const Entry *)a)->name, ((const Entry *)b)->name);
}

static GHashTable *
entry_set_new (void)
{
  return g_hash_table_new (entry_hash, entry_equal);
}

static Entry *
find_entry (GHashTable *set,
            const char *name)
{
  Entry key = { .name = name };

  return g_hash_table_lookup (set, &key);
}

static void
add_entry (TetherHubCatalog *self,
           Kind              kind,
           Entry            *entry)
{
  g_ptr_array_add (self->entries[kind], entry);
  g_hash_table_add (self->by_name[kind], entry);
}

/* What a list is: each entry's name and server, and the server's object
 * it came from. A server that lists again gives new objects, so its
 * clients hear of it even when nothing in them changed (it said its list
 * changed); serialising 10 000 tools on every change would cost more. */
static char *
digest_of (GPtrArray *entries)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      g_checksum_update (checksum, (const guchar *)entry->name, -1);
      g_checksum_update (checksum, (const guchar *)"", 1);
      g_checksum_update (checksum, (const guchar *)entry->server, -1);
      g_checksum_update (checksum, (const guchar *)&entry->item, sizeof entry->item);
    }

  return g_strdup (g_checksum_get_string (checksum));
}

static void
rebuild (TetherHubCatalog *self)
{
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GStrvBuilder) conflicts = g_strv_builder_new ();
  GPtrArray *previous[N_KINDS] = { NULL, };
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->manager));
  guint sizes[N_KINDS] = { 0, };
  TetherHubCatalogChange change = 0;

  /* Room for every entry at most: an array that grew by doubling would
   * keep up to twice that. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (self->manager), i);

      sizes[KIND_TOOLS] += g_list_model_get_n_items (tether_server_get_tools (server));
      sizes[KIND_PROMPTS] += g_list_model_get_n_items (tether_server_get_prompts (server));
      sizes[KIND_RESOURCES] += g_list_model_get_n_items (tether_server_get_resources (server));
      sizes[KIND_TEMPLATES] += g_list_model_get_n_items (tether_server_get_resource_templates (server));
    }

  /* The previous lists live until the new ones are compared with them:
   * their objects cannot be freed, and their addresses reused, before. */
  for (guint k = 0; k < N_KINDS; k++)
    {
      g_hash_table_remove_all (self->by_name[k]);
      previous[k] = g_steal_pointer (&self->entries[k]);
      self->entries[k] = entries_new (k, sizes[k]);
    }
  g_hash_table_remove_all (self->offline_by_name);
  g_ptr_array_set_size (self->offline, 0);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (self->manager), i);
      TetherServerConfig *config = tether_server_get_config (server);
      const char *server_name = tether_server_get_name (server);
      GListModel *tools = tether_server_get_tools (server);
      GListModel *prompts = tether_server_get_prompts (server);
      GListModel *lists[2] = { tether_server_get_resources (server),
                               tether_server_get_resource_templates (server) };
      gboolean online = tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED &&
                        tether_server_config_get_enabled (config);

      for (guint j = 0; j < g_list_model_get_n_items (tools); j++)
        {
          g_autoptr(McpTool) tool = g_list_model_get_item (tools, j);
          const char *original = mcp_item_get_name (MCP_ITEM (tool));
          char *name;

          if (!tether_server_config_is_tool_enabled (config, original))
            continue;
          name = tether_hub_names_make (server_name, original, taken);
          if (online)
            add_entry (self, KIND_TOOLS, entry_new (name, server_name, tool));
          else
            {
              Entry *entry = entry_new (name, server_name, tool);

              g_ptr_array_add (self->offline, entry);
              g_hash_table_add (self->offline_by_name, entry);
            }
        }

      if (!online)
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (prompts); j++)
        {
          g_autoptr(McpPrompt) prompt = g_list_model_get_item (prompts, j);
          const char *original = mcp_item_get_name (MCP_ITEM (prompt));
          char *name = tether_hub_names_make (server_name, original, taken);

          add_entry (self, KIND_PROMPTS, entry_new (name, server_name, prompt));
        }

      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        {
          Kind kind = l == 0 ? KIND_RESOURCES : KIND_TEMPLATES;

          for (guint j = 0; j < g_list_model_get_n_items (lists[l]); j++)
            {
              g_autoptr(McpResource) resource = g_list_model_get_item (lists[l], j);
              const char *uri = kind == KIND_RESOURCES ? mcp_resource_get_uri (resource)
                                                       : mcp_resource_get_uri_template (resource);
              Entry *first;

              if (uri == NULL)
                continue;
              if ((first = find_entry (self->by_name[kind], uri)) != NULL)
                {
                  /* Translators: a resource URI two servers offer */
                  g_autofree char *conflict = g_strdup_printf (_("%s is offered by “%s” and “%s”; “%s” serves it"),
                                                               uri, first->server, server_name, first->server);

                  g_strv_builder_add (conflicts, conflict);
                  continue;
                }
              add_entry (self, kind, entry_new (uri, server_name, resource));
            }
        }
    }

  g_strfreev (self->conflicts);
  self->conflicts = g_strv_builder_end (conflicts);

  for (guint k = 0; k < N_KINDS; k++)
    {
      g_autofree char *digest = digest_of (self->entries[k]);

      if (g_strcmp0 (digest, self->digest[k]) != 0)
        {
          g_free (self->digest[k]);
          self->digest[k] = g_steal_pointer (&digest);
          change |= k == KIND_TOOLS ? TETHER_HUB_CATALOG_TOOLS
                  : k == KIND_PROMPTS ? TETHER_HUB_CATALOG_PROMPTS
                  : TETHER_HUB_CATALOG_RESOURCES;
        }
    }

  for (guint k = 0; k < N_KINDS; k++)
    g_ptr_array_unref (previous[k]);

  if (change != 0)
    {
      g_debug ("catalog: %u tools, %u prompts, %u resources, %u templates",
               self->entries[KIND_TOOLS]->len, self->entries[KIND_PROMPTS]->len,
               self->entries[KIND_RESOURCES]->len, self->entries[KIND_TEMPLATES]->len);
      g_signal_emit (self, signals[CHANGED], 0, change);
    }
}

static gboolean
rebuild_idle_cb (gpointer user_data)
{
  TetherHubCatalog *self = user_data;

  self->rebuild_id = 0;
  rebuild (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_rebuild (TetherHubCatalog *self)
{
  if (self->frozen)
    return;

  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add_full (G_PRIORITY_DEFAULT, rebuild_idle_cb, self, NULL);
}

static void
list_changed_cb (GListModel       *model,
                 guint             position,
                 guint             removed,
                 guint             added,
                 TetherHubCatalog *self)
{
  schedule_rebuild (self);
}

static void
unwatch (TetherHubCatalog *self,
         TetherServer     *server)
{
  g_signal_handlers_disconnect_by_data (server, self);
  g_signal_handlers_disconnect_by_data (tether_server_get_tools (server), self);
  g_signal_handlers_disconnect_by_data (tether_server_get_prompts (server), self);
  g_signal_handlers_disconnect_by_data (tether_server_get_resources (server), self);
  g_signal_handlers_disconnect_by_data (tether_server_get_resource_templates (server), self);
}

static void
servers_changed_cb (GListModel       *model,
                    guint             position,
                    guint             removed,
                    guint             added,
                    TetherHubCatalog *self)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < self->watched->len; i++)
    unwatch (self, g_ptr_array_index (self->watched, i));
  g_ptr_array_set_size (self->watched, 0);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (model, i);

      g_signal_connect_object (server, "notify::state", G_CALLBACK (schedule_rebuild), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (server, "notify::config", G_CALLBACK (schedule_rebuild), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tether_server_get_tools (server), "items-changed",
                               G_CALLBACK (list_changed_cb), self, 0);
      g_signal_connect_object (tether_server_get_prompts (server), "items-changed",
                               G_CALLBACK (list_changed_cb), self, 0);
      g_signal_connect_object (tether_server_get_resources (server), "items-changed",
                               G_CALLBACK (list_changed_cb), self, 0);
      g_signal_connect_object (tether_server_get_resource_templates (server), "items-changed",
                               G_CALLBACK (list_changed_cb), self, 0);
      g_ptr_array_add (self->watched, g_object_ref (server));
    }

  schedule_rebuild (self);
}

static void
tether_hub_catalog_dispose (GObject *object)
{
  TetherHubCatalog *self = (TetherHubCatalog *)object;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  if (self->watched != NULL)
    {
      for (guint i = 0; i < self->watched->len; i++)
        unwatch (self, g_ptr_array_index (self->watched, i));
      g_ptr_array_set_size (self->watched, 0);
    }
  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_data (self->manager, self);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (tether_hub_catalog_parent_class)->dispose (object);
}

static void
tether_hub_catalog_finalize (GObject *object)
{
  TetherHubCatalog *self = (TetherHubCatalog *)object;

  for (guint k = 0; k < N_KINDS; k++)
    {
      g_clear_pointer (&self->by_name[k], g_hash_table_unref);
      g_clear_pointer (&self->entries[k], g_ptr_array_unref);
      g_clear_pointer (&self->digest[k], g_free);
    }
  g_clear_pointer (&self->watched, g_ptr_array_unref);
  g_clear_pointer (&self->offline_by_name, g_hash_table_unref);
  g_clear_pointer (&self->offline, g_ptr_array_unref);
  g_clear_pointer (&self->conflicts, g_strfreev);

  G_OBJECT_CLASS (tether_hub_catalog_parent_class)->finalize (object);
}

static void
tether_hub_catalog_class_init (TetherHubCatalogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_hub_catalog_dispose;
  object_class->finalize = tether_hub_catalog_finalize;

  /**
   * TetherHubCatalog::changed:
   * @change: a #TetherHubCatalogChange: which lists changed
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
tether_hub_catalog_init (TetherHubCatalog *self)
{
  for (guint k = 0; k < N_KINDS; k++)
    {
      self->entries[k] = entries_new (k, 0);
      self->by_name[k] = entry_set_new ();
    }
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  self->offline = entries_new (KIND_TOOLS, 0);
  self->offline_by_name = entry_set_new ();
  self->conflicts = g_new0 (char *, 1);
}

/**
 * tether_hub_catalog_new:
 * @manager: the servers
 *
 * Returns: (transfer full): the catalog of @manager's servers, built at once
 */
TetherHubCatalog *
tether_hub_catalog_new (TetherServerManager *manager)
{
  TetherHubCatalog *self;

  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);

  self = g_object_new (TETHER_TYPE_HUB_CATALOG, NULL);
  self->manager = g_object_ref (manager);
  g_signal_connect_object (manager, "items-changed", G_CALLBACK (servers_changed_cb), self, 0);
  servers_changed_cb (G_LIST_MODEL (manager), 0, 0, 0, self);
  tether_hub_catalog_refresh (self);

  return self;
}

/**
 * tether_hub_catalog_refresh:
 * @self: a #TetherHubCatalog
 *
 * Brings the catalog up to date now, if a change is waiting for the next
 * idle.
 */
void
tether_hub_catalog_refresh (TetherHubCatalog *self)
{
  g_return_if_fail (TETHER_IS_HUB_CATALOG (self));

  if (self->rebuild_id == 0)
    return;

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  rebuild (self);
}

static gboolean
entry_in_profile (Entry         *entry,
                  Kind           kind,
                  TetherProfile *profile)
{
  if (kind == KIND_TOOLS)
    return tether_profile_has_tool (profile, entry->server, entry_original (entry, kind));

  return tether_profile_has_server (profile, entry->server);
}

/* Appends @entry as the hub offers it. */
static void
write_entry (Entry   *entry,
             Kind     kind,
             GString *scratch,
             GString *out)
{
  McpItem *item = entry->item;

  if (kind != KIND_TOOLS && kind != KIND_PROMPTS)
    {
      mcp_item_write_json (item, out);
      return;
    }

  g_string_truncate (scratch, 0);
  mcp_item_write_json (item, scratch);
  _tether_hub_entry_write_renamed (scratch->str, entry->name, entry->server,
                                   mcp_item_get_label (item), mcp_item_get_description (item),
                                   kind == KIND_TOOLS, out);
}

/* The list as one raw node: written once, from the items' text. */
static JsonNode *
list (TetherHubCatalog *self,
      Kind              kind,
      TetherProfile    *profile)
{
  GString *out = g_string_new ("[");
  g_autoptr(GString) scratch = g_string_new (NULL);
  gboolean first = TRUE;

  for (guint i = 0; i < self->entries[kind]->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries[kind], i);

      if (!entry_in_profile (entry, kind, profile))
        continue;
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      write_entry (entry, kind, scratch, out);
    }
  g_string_append_c (out, ']');

  return mcp_json_raw_new_take (out);
}

/**
 * tether_hub_catalog_list_tools:
 * @self: a #TetherHubCatalog
 * @profile: (nullable): a profile, or %NULL for everything
 *
 * Returns: (transfer full): the tools, as `tools/list` gives them: an
 *   array kept as its text, for mcp_json_write()
 */
JsonNode *
tether_hub_catalog_list_tools (TetherHubCatalog *self,
                               TetherProfile    *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  return list (self, KIND_TOOLS, profile);
}

JsonNode *
tether_hub_catalog_list_prompts (TetherHubCatalog *self,
                                 TetherProfile    *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  return list (self, KIND_PROMPTS, profile);
}

JsonNode *
tether_hub_catalog_list_resources (TetherHubCatalog *self,
                                   TetherProfile    *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  return list (self, KIND_RESOURCES, profile);
}

JsonNode *
tether_hub_catalog_list_templates (TetherHubCatalog *self,
                                   TetherProfile    *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  return list (self, KIND_TEMPLATES, profile);
}

/* The kind a list method names, or N_KINDS. */
static Kind
kind_of_method (const char *method)
{
  switch (mcp_list_kind_for_method (method))
    {
    case MCP_LIST_TOOLS:
      return KIND_TOOLS;
    case MCP_LIST_PROMPTS:
      return KIND_PROMPTS;
    case MCP_LIST_RESOURCES:
      return KIND_RESOURCES;
    case MCP_LIST_RESOURCE_TEMPLATES:
      return KIND_TEMPLATES;
    case MCP_LIST_N_KINDS:
    default:
      return N_KINDS;
    }
}

/**
 * tether_hub_catalog_list_hints:
 * @self: a #TetherHubCatalog
 * @method: a list method, such as `tools/list`
 * @profile: (nullable): a profile, or %NULL for everything
 * @ttl_ms: (out): how long the list stays fresh, in ms
 * @is_public: (out): whether a cache shared by several users may keep it
 *
 * The cache hints of the list of @method as the hub gives it under
 * @profile, merged from the servers whose entries it holds: the shortest
 * `ttlMs` of them (a server that gave none counts as 0), and `public`
 * only if every one of them said public. A list with no entries is 0 and
 * private: what the hub offers changes with its servers.
 */
void
tether_hub_catalog_list_hints (TetherHubCatalog *self,
                               const char       *method,
                               TetherProfile    *profile,
                               gint64           *ttl_ms,
                               gboolean         *is_public)
{
  Kind kind = kind_of_method (method);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 ttl = G_MAXINT64;
  gboolean all_public = TRUE;

  g_return_if_fail (TETHER_IS_HUB_CATALOG (self));
  g_return_if_fail (ttl_ms != NULL && is_public != NULL);

  for (guint i = 0; kind < N_KINDS && i < self->entries[kind]->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries[kind], i);
      TetherServer *server;
      gint64 server_ttl = 0;
      gboolean server_public = FALSE;

      if (g_hash_table_contains (seen, entry->server) || !entry_in_profile (entry, kind, profile))
        continue;
      g_hash_table_add (seen, entry->server);

      server = tether_server_manager_lookup (self->manager, entry->server, NULL);
      if (server != NULL)
        tether_server_get_list_hints (server, method, &server_ttl, &server_public);
      ttl = MIN (ttl, server_ttl);
      all_public = all_public && server_public;
    }

  if (g_hash_table_size (seen) == 0)
    {
      ttl = 0;
      all_public = FALSE;
    }

  *ttl_ms = ttl;
  *is_public = all_public;
}

/**
 * tether_hub_catalog_count_tools:
 * @self: a #TetherHubCatalog
 * @profile: (nullable): a profile, or %NULL for everything
 *
 * Returns: how many tools @profile offers now
 */
guint
tether_hub_catalog_count_tools (TetherHubCatalog *self,
                                TetherProfile    *profile)
{
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), 0);

  for (guint i = 0; i < self->entries[KIND_TOOLS]->len; i++)
    n += entry_in_profile (g_ptr_array_index (self->entries[KIND_TOOLS], i), KIND_TOOLS, profile);

  return n;
}

static gboolean
lookup (TetherHubCatalog  *self,
        Kind               kind,
        TetherProfile     *profile,
        const char        *name,
        const char       **server,
        const char       **original)
{
  Entry *entry = name != NULL ? find_entry (self->by_name[kind], name) : NULL;

  if (entry == NULL && kind == KIND_TOOLS && name != NULL)
    entry = find_entry (self->offline_by_name, name);

  if (entry == NULL || !entry_in_profile (entry, kind, profile))
    return FALSE;

  if (server != NULL)
    *server = entry->server;
  if (original != NULL)
    *original = entry_original (entry, kind);

  return TRUE;
}

/**
 * tether_hub_catalog_lookup_tool:
 * @self: a #TetherHubCatalog
 * @profile: (nullable): the profile the client connected to
 * @name: a name the hub offers
 * @server: (out) (optional): the server that has the tool
 * @original: (out) (optional): the server's name for it
 *
 * Returns: %TRUE if @name is one of @profile's tools: offered now, or of
 *   a server that is not connected (the caller checks its state)
 */
gboolean
tether_hub_catalog_lookup_tool (TetherHubCatalog  *self,
                                TetherProfile     *profile,
                                const char        *name,
                                const char       **server,
                                const char       **original)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), FALSE);

  return lookup (self, KIND_TOOLS, profile, name, server, original);
}

gboolean
tether_hub_catalog_lookup_prompt (TetherHubCatalog  *self,
                                  TetherProfile     *profile,
                                  const char        *name,
                                  const char       **server,
                                  const char       **original)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), FALSE);

  return lookup (self, KIND_PROMPTS, profile, name, server, original);
}

/* RFC 6570 templates, loosely: literal text must match, each {…} takes
 * at least one character. */
static gboolean
template_matches (const char *template,
                  const char *uri)
{
  const char *t = template;
  const char *u = uri;

  while (*t != '\0')
    {
      if (*t == '{')
        {
          const char *end = strchr (t, '}');
          const char *next;
          gsize literal;

          if (end == NULL)
            return FALSE;
          t = end + 1;
          next = strchr (t, '{');
          literal = next != NULL ? (gsize)(next - t) : strlen (t);

          if (literal == 0 && *t == '\0')
            return *u != '\0';
          if (*u == '\0')
            return FALSE;
          u++;
          while (*u != '\0' && strncmp (u, t, literal) != 0)
            u++;
          if (*u == '\0' && literal > 0)
            return FALSE;
        }
      else
        {
          if (*t != *u)
            return FALSE;
          t++;
          u++;
        }
    }

  return *u == '\0';
}

/**
 * tether_hub_catalog_route_uri:
 * @self: a #TetherHubCatalog
 * @profile: (nullable): the profile the client connected to
 * @uri: a resource URI
 *
 * Returns: (nullable): the server that serves @uri: the first that lists
 *   it, else the first with a template that matches it
 */
const char *
tether_hub_catalog_route_uri (TetherHubCatalog *self,
                              TetherProfile    *profile,
                              const char       *uri)
{
  const char *server = NULL;

  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  if (uri == NULL)
    return NULL;

  if (lookup (self, KIND_RESOURCES, profile, uri, &server, NULL))
    return server;

  for (guint i = 0; i < self->entries[KIND_TEMPLATES]->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries[KIND_TEMPLATES], i);

      if (entry_in_profile (entry, KIND_TEMPLATES, profile) && template_matches (entry->name, uri))
        return entry->server;
    }

  return NULL;
}

/**
 * tether_hub_catalog_route_template:
 * @self: a #TetherHubCatalog
 * @profile: (nullable): the profile the client connected to
 * @uri_template: a resource template
 *
 * Returns: (nullable): the server that offers @uri_template
 */
const char *
tether_hub_catalog_route_template (TetherHubCatalog *self,
                                   TetherProfile    *profile,
                                   const char       *uri_template)
{
  const char *server = NULL;

  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  if (lookup (self, KIND_TEMPLATES, profile, uri_template, &server, NULL))
    return server;

  return tether_hub_catalog_route_uri (self, profile, uri_template);
}

/**
 * tether_hub_catalog_get_conflicts:
 * @self: a #TetherHubCatalog
 *
 * Returns: (transfer none): one sentence per URI or template two servers
 *   offer, for diagnostics
 */
const char * const *
tether_hub_catalog_get_conflicts (TetherHubCatalog *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CATALOG (self), NULL);

  return (const char * const *)self->conflicts;
}

/**
 * tether_hub_catalog_set_frozen:
 * @self: a #TetherHubCatalog
 * @frozen: whether to stop following the servers
 *
 * A frozen catalog does not rebuild itself (nobody asks it anything: the
 * hub is not running, and a thousand-tool server stopping costs nothing);
 * thawing it rebuilds it at the next idle.
 */
void
tether_hub_catalog_set_frozen (TetherHubCatalog *self,
                               gboolean          frozen)
{
  g_return_if_fail (TETHER_IS_HUB_CATALOG (self));

  if (self->frozen == !!frozen)
    return;

  self->frozen = !!frozen;
  if (frozen)
    g_clear_handle_id (&self->rebuild_id, g_source_remove);
  else
    schedule_rebuild (self);
}
