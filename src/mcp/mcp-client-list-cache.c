/* mcp-client-list-cache.c — McpClient: lists still fresh
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include "mcp-client-private.h"

/* In the stateless revision a list result says how long it stays fresh
 * (`ttlMs`, and `cacheScope`, which matters to shared caches, not to one
 * client). A whole list, all its pages, is kept until the shortest of its
 * pages' times runs out; asked again before then, it is not fetched
 * again. A list_changed notification always wins: it forgets the list at
 * once, and a listing that was in flight then is not kept. A missing or
 * negative time is 0: not kept. The hint is not a polling timer. */

/* A new array holding the items of @items: callers own what they get. */
static GPtrArray *
copy_items (GPtrArray *items)
{
  GPtrArray *copy = g_ptr_array_new_full (items->len, g_object_unref);

  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (copy, g_object_ref (g_ptr_array_index (items, i)));

  return copy;
}

/* Whether a list of @kind is fresh: a new array of its items, or NULL. */
GPtrArray *
_mcp_client_list_cache_lookup (McpClient   *self,
                               McpListKind  kind)
{
  McpListCache *cache = &self->list_cache[kind];

  if (cache->items == NULL)
    return NULL;

  if (g_get_monotonic_time () >= cache->expires)
    {
      g_clear_pointer (&cache->items, g_ptr_array_unref);
      return NULL;
    }

  return copy_items (cache->items);
}

/* The generation of @kind's list: a listing keeps its result only if no
 * list_changed came while it ran. */
guint
_mcp_client_list_cache_generation (McpClient   *self,
                                   McpListKind  kind)
{
  return self->list_cache[kind].generation;
}

/**
 * _mcp_client_list_cache_store:
 * @self: a #McpClient
 * @kind: which list
 * @items: the whole list
 * @generation: the generation when the listing began
 * @ttl_ms: the shortest `ttlMs` of its pages (0 or less: not kept)
 * @is_public: whether every page said `cacheScope` public
 *
 * Keeps a whole list while it is fresh, and, from a server of the
 * stateless revision, its hints in any case, for
 * mcp_client_get_list_hints(). A listing that a list_changed overtook
 * keeps neither.
 */
void
_mcp_client_list_cache_store (McpClient   *self,
                              McpListKind  kind,
                              GPtrArray   *items,
                              guint        generation,
                              gint64       ttl_ms,
                              gboolean     is_public)
{
  McpListCache *cache = &self->list_cache[kind];

  g_clear_pointer (&cache->items, g_ptr_array_unref);
  if (generation != cache->generation || self->era != MCP_ERA_STATELESS)
    return;

  cache->hint_ttl_ms = MAX (ttl_ms, 0);
  cache->hint_public = is_public;
  cache->hint_known = TRUE;
  cache->hint_taken = g_get_monotonic_time ();

  if (ttl_ms <= 0)
    return;

  cache->items = copy_items (items);
  cache->expires = g_get_monotonic_time () + MIN (ttl_ms, G_MAXINT64 / 1000 / 2) * 1000;
}

/* A list_changed notification: the list of @kind is fetched afresh, and
 * the hints of the list that was are no more. */
void
_mcp_client_list_cache_forget (McpClient   *self,
                               McpListKind  kind)
{
  McpListCache *cache = &self->list_cache[kind];

  g_clear_pointer (&cache->items, g_ptr_array_unref);
  cache->hint_known = FALSE;
  cache->hint_public = FALSE;
  cache->hint_ttl_ms = 0;
  cache->generation++;
}

void
_mcp_client_list_cache_clear (McpClient *self)
{
  for (guint i = 0; i < MCP_LIST_N_KINDS; i++)
    g_clear_pointer (&self->list_cache[i].items, g_ptr_array_unref);
}

/**
 * mcp_client_get_list_hints:
 * @self: a #McpClient
 * @method: a list method: `tools/list`, `prompts/list`, `resources/list`
 *   or `resources/templates/list`
 * @ttl_ms: (out) (optional): what is left of the shortest `ttlMs` of the
 *   pages of the last whole listing, counted from when it completed (0
 *   when a page had none, or that time has run out)
 * @is_public: (out) (optional): whether every page said `cacheScope`
 *   public
 *
 * The cache hints of the server's last whole list of @method, as a cache
 * shared by several clients needs them: a list already as old as its
 * time to live is never promised fresh again. A server of the initialize
 * era gives none, and a list_changed ends those given: 0 and not public.
 *
 * Returns: %TRUE if the list was fetched on this connection (from a
 *   server of the stateless revision, since its last list_changed); if
 *   not, the hints are 0 and not public
 */
gboolean
mcp_client_get_list_hints (McpClient  *self,
                           const char *method,
                           gint64     *ttl_ms,
                           gboolean   *is_public)
{
  McpListKind kind;
  McpListCache *cache;

  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  kind = mcp_list_kind_for_method (method);
  cache = kind < MCP_LIST_N_KINDS ? &self->list_cache[kind] : NULL;

  if (ttl_ms != NULL)
    {
      gint64 age_ms = cache != NULL ? (g_get_monotonic_time () - cache->hint_taken) / 1000 : 0;

      *ttl_ms = cache != NULL && cache->hint_known ? MAX (0, cache->hint_ttl_ms - age_ms) : 0;
    }
  if (is_public != NULL)
    *is_public = cache != NULL && cache->hint_known && cache->hint_public;

  return cache != NULL && cache->hint_known;
}
