/* mcp-client-lists.c — McpClient: the lists, page by page
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"

/* Tools, prompts, resources and resource templates, each fetched page by
 * page through `nextCursor` into one array of items. A list is idempotent
 * (it may be sent again); a server that repeats a cursor or goes on past
 * #McpClient:max-pages pages is stopped. The server says its lists changed
 * with notifications that the class turns into signals. */

typedef McpListKind ListKind;

typedef struct
{
  ListKind           kind;
  McpRequestOptions  options;
  GPtrArray         *items;
  GHashTable        *cursors;
  guint              pages;
  guint              skipped;
  guint              generation;     /* of the list, when the listing began */
  gint64             ttl_ms;         /* the shortest ttlMs of its pages */
  gboolean           is_public;      /* every page said cacheScope public */
  GHashTable        *tool_headers;   /* tools: their header marks */
  GHashTable        *tool_rejected;  /* tools: those left out, and why */
} ListOp;

static void
list_op_free (ListOp *op)
{
  g_clear_pointer (&op->items, g_ptr_array_unref);
  g_clear_pointer (&op->cursors, g_hash_table_unref);
  g_clear_pointer (&op->tool_headers, g_hash_table_unref);
  g_clear_pointer (&op->tool_rejected, g_hash_table_unref);
  g_free (op);
}

static void list_next_page (GTask      *task,
                            const char *cursor);

static gpointer
item_from_json (ListKind    kind,
                JsonObject *object,
                GError    **error)
{
  switch (kind)
    {
    case MCP_LIST_TOOLS:
      return mcp_tool_new_from_json (object, error);
    case MCP_LIST_PROMPTS:
      return mcp_prompt_new_from_json (object, error);
    case MCP_LIST_RESOURCES:
    case MCP_LIST_RESOURCE_TEMPLATES:
      return mcp_resource_new_from_json (object, error);
    case MCP_LIST_N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* How long a page stays fresh: its `ttlMs`, 0 when it has none. */
static gint64
page_ttl (JsonObject *reply)
{
  JsonNode *node = json_object_get_member (reply, "ttlMs");

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return 0;

  return MAX (json_node_get_int (node), 0);
}

/* Whether a page may be kept by a shared cache: only when it says so. */
static gboolean
page_public (JsonObject *reply)
{
  return mcp_json_has_string (reply, "cacheScope") &&
         g_str_equal (json_object_get_string_member (reply, "cacheScope"), "public");
}

/* A page of at least this many entries is built in a thread, so that a
 * server's 10 000 tools never hold the main loop (the window's frames) for
 * the time it takes to read them. */
#define THREAD_BUILD_MIN 256

typedef struct
{
  gpointer  item;    /* (nullable): what the entry became */
  char     *error;   /* (nullable): why not, if it is not NULL */
} Built;

typedef struct
{
  ListKind   kind;
  JsonNode  *reply;   /* the page, kept for its cursor once built */
  JsonArray *array;   /* its entries (the reply holds them) */
  Built     *built;   /* one per entry */
  guint      n;
} PageBuild;

static void
page_build_free (PageBuild *build)
{
  for (guint i = 0; i < build->n; i++)
    {
      g_clear_object (&build->built[i].item);
      g_free (build->built[i].error);
    }
  g_free (build->built);
  json_node_unref (build->reply);
  g_free (build);
}

/* Builds each entry of the page into an item, in a thread or not. It
 * touches only the page's own entries: an entry kept as its text is
 * parsed alone, and its text let go of once the item holds what it
 * needs, so that the whole answer is never held twice. */
static void
page_build_run (PageBuild *build)
{
  for (guint i = 0; i < build->n; i++)
    {
      JsonNode *element = json_array_get_element (build->array, i);
      g_autoptr(GError) item_error = NULL;
      g_autoptr(JsonNode) tree = _mcp_json_parse_raw (element);
      gpointer item = NULL;

      if (tree != NULL)
        {
          if (JSON_NODE_HOLDS_OBJECT (tree))
            item = item_from_json (build->kind, json_node_get_object (tree), &item_error);
          json_node_set_string (element, "");
        }
      else if (JSON_NODE_HOLDS_OBJECT (element))
        item = item_from_json (build->kind, json_node_get_object (element), &item_error);

      build->built[i].item = item;
      if (item == NULL)
        build->built[i].error = g_strdup (item_error != NULL ? item_error->message : _("not an object"));
    }
}

static void
page_build_thread (GTask        *subtask,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  page_build_run (data);
  g_task_return_boolean (subtask, TRUE);
}

/* The page built: its items kept, in order, then the next page asked for
 * or the list given. */
static void
page_built (GTask     *task,
            PageBuild *build)
{
  McpClient *self = g_task_get_source_object (task);
  ListOp *op = g_task_get_task_data (task);
  const char *method = mcp_list_kind_get_method (op->kind);
  JsonObject *reply_object = json_node_get_object (build->reply);
  const char *cursor = NULL;

  for (guint i = 0; i < build->n; i++)
    {
      gpointer item = g_steal_pointer (&build->built[i].item);

      if (item == NULL)
        {
          op->skipped++;
          /* Translators: the first %s is a method such as tools/list,
           * the last why the entry was skipped */
          _mcp_client_emit_event (self, _("%s: skipped entry %u of page %u: %s"), method, i + 1, op->pages,
                                  build->built[i].error);
          continue;
        }

      if (op->kind == MCP_LIST_TOOLS &&
          !_mcp_client_tool_check (self, item, op->tool_headers, op->tool_rejected))
        {
          g_object_unref (item);
          continue;
        }

      g_ptr_array_add (op->items, item);
    }

  if (mcp_json_has_string (reply_object, "nextCursor"))
    cursor = json_object_get_string_member (reply_object, "nextCursor");

  if (cursor == NULL || *cursor == '\0')
    {
      if (op->kind == MCP_LIST_TOOLS)
        _mcp_client_tools_listed (self, op->tool_headers, op->tool_rejected);
      _mcp_client_list_cache_store (self, op->kind, op->items, op->generation, op->ttl_ms, op->is_public);
      g_task_return_pointer (task, g_steal_pointer (&op->items), (GDestroyNotify)g_ptr_array_unref);
      g_object_unref (task);
      return;
    }

  if (g_hash_table_contains (op->cursors, cursor))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("%s: the server sent the same cursor again after page %u; stopped listing"),
                               method, op->pages);
      g_object_unref (task);
      return;
    }

  if (op->pages >= self->max_pages)
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               /* Translators: %s is a method such as tools/list */
                               g_dngettext (GETTEXT_PACKAGE,
                                            "%s: the list goes on past %u page; stopped listing",
                                            "%s: the list goes on past %u pages; stopped listing",
                                            self->max_pages),
                               method, self->max_pages);
      g_object_unref (task);
      return;
    }

  g_hash_table_add (op->cursors, g_strdup (cursor));
  list_next_page (task, cursor);
}

static void
page_built_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;

  page_built (task, g_task_get_task_data (G_TASK (result)));
}

static void
list_page_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  ListOp *op = g_task_get_task_data (task);
  const char *method = mcp_list_kind_get_method (op->kind);
  const char *member = mcp_list_kind_get_member (op->kind);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  PageBuild *build;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  op->pages++;
  if (JSON_NODE_HOLDS_OBJECT (reply))
    {
      op->ttl_ms = MIN (op->ttl_ms, page_ttl (json_node_get_object (reply)));
      op->is_public = op->is_public && page_public (json_node_get_object (reply));
    }

  if (!JSON_NODE_HOLDS_OBJECT (reply) ||
      !json_object_has_member (json_node_get_object (reply), member) ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (reply), member)))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                               _("The answer to %s has no “%s” list"), method, member);
      g_object_unref (task);
      return;
    }

  build = g_new0 (PageBuild, 1);
  build->kind = op->kind;
  build->reply = g_steal_pointer (&reply);
  build->array = json_object_get_array_member (json_node_get_object (build->reply), member);
  build->n = json_array_get_length (build->array);
  build->built = g_new0 (Built, build->n);

  if (build->n < THREAD_BUILD_MIN)
    {
      page_build_run (build);
      page_built (task, build);
      page_build_free (build);
    }
  else
    {
      g_autoptr(GTask) subtask = g_task_new (self, NULL, page_built_cb, task);

      g_task_set_source_tag (subtask, list_page_cb);
      g_task_set_task_data (subtask, build, (GDestroyNotify)page_build_free);
      g_task_run_in_thread (subtask, page_build_thread);
    }
}

static void
list_next_page (GTask      *task,
                const char *cursor)
{
  McpClient *self = g_task_get_source_object (task);
  ListOp *op = g_task_get_task_data (task);
  g_autoptr(JsonObject) params = NULL;

  if (cursor != NULL)
    {
      params = json_object_new ();
      json_object_set_string_member (params, "cursor", cursor);
    }

  mcp_client_request_async (self, mcp_list_kind_get_method (op->kind), params, &op->options,
                            g_task_get_cancellable (task), list_page_cb, task);
}

static void
list_async (McpClient               *self,
            ListKind                 kind,
            const McpRequestOptions *options,
            GCancellable            *cancellable,
            GAsyncReadyCallback      callback,
            gpointer                 user_data,
            gpointer                 source_tag)
{
  GTask *task;
  ListOp *op;
  GPtrArray *fresh;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_check_cancellable (task, FALSE);

  op = g_new0 (ListOp, 1);
  op->kind = kind;
  if (options != NULL)
    op->options = *options;
  op->options.flags |= MCP_SEND_FLAGS_IDEMPOTENT | _MCP_SEND_FLAGS_RAW_ENTRIES;
  op->items = g_ptr_array_new_with_free_func (g_object_unref);
  op->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (kind == MCP_LIST_TOOLS)
    {
      op->tool_headers = _mcp_client_tool_table_new ((GDestroyNotify)g_ptr_array_unref);
      op->tool_rejected = _mcp_client_tool_table_new (g_free);
    }
  op->generation = _mcp_client_list_cache_generation (self, kind);
  op->ttl_ms = G_MAXINT64;
  op->is_public = TRUE;
  g_task_set_task_data (task, op, (GDestroyNotify)list_op_free);

  /* A list still fresh is not fetched again. */
  fresh = _mcp_client_list_cache_lookup (self, kind);
  if (fresh != NULL)
    {
      g_task_return_pointer (task, fresh, (GDestroyNotify)g_ptr_array_unref);
      g_object_unref (task);
      return;
    }

  list_next_page (task, NULL);
}

static GPtrArray *
list_finish (McpClient     *self,
             GAsyncResult  *result,
             gpointer       source_tag,
             GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * mcp_client_list_tools_async:
 * @self: a #McpClient
 * @options: (nullable): settings for each page's request
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the whole list
 * @user_data: data for @callback
 *
 * Lists every tool, following `nextCursor` to the end. A server that sends
 * a cursor twice, or more than #McpClient:max-pages pages, fails with
 * %MCP_ERROR_INVALID_RESPONSE. Entries that are not valid tools are skipped
 * with an #McpClient::event.
 */
void
mcp_client_list_tools_async (McpClient               *self,
                             const McpRequestOptions *options,
                             GCancellable            *cancellable,
                             GAsyncReadyCallback      callback,
                             gpointer                 user_data)
{
  list_async (self, MCP_LIST_TOOLS, options, cancellable, callback, user_data, mcp_client_list_tools_async);
}

/**
 * mcp_client_list_tools_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpTool): the tools
 */
GPtrArray *
mcp_client_list_tools_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return list_finish (self, result, mcp_client_list_tools_async, error);
}

void
mcp_client_list_prompts_async (McpClient               *self,
                               const McpRequestOptions *options,
                               GCancellable            *cancellable,
                               GAsyncReadyCallback      callback,
                               gpointer                 user_data)
{
  list_async (self, MCP_LIST_PROMPTS, options, cancellable, callback, user_data, mcp_client_list_prompts_async);
}

/**
 * mcp_client_list_prompts_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpPrompt): the prompts
 */
GPtrArray *
mcp_client_list_prompts_finish (McpClient     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return list_finish (self, result, mcp_client_list_prompts_async, error);
}

void
mcp_client_list_resources_async (McpClient               *self,
                                 const McpRequestOptions *options,
                                 GCancellable            *cancellable,
                                 GAsyncReadyCallback      callback,
                                 gpointer                 user_data)
{
  list_async (self, MCP_LIST_RESOURCES, options, cancellable, callback, user_data, mcp_client_list_resources_async);
}

/**
 * mcp_client_list_resources_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpResource): the resources
 */
GPtrArray *
mcp_client_list_resources_finish (McpClient     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return list_finish (self, result, mcp_client_list_resources_async, error);
}

void
mcp_client_list_resource_templates_async (McpClient               *self,
                                          const McpRequestOptions *options,
                                          GCancellable            *cancellable,
                                          GAsyncReadyCallback      callback,
                                          gpointer                 user_data)
{
  list_async (self, MCP_LIST_RESOURCE_TEMPLATES, options, cancellable, callback, user_data,
              mcp_client_list_resource_templates_async);
}

/**
 * mcp_client_list_resource_templates_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer container) (element-type McpResource): the resource
 *   templates (#McpResource:uri-template set)
 */
GPtrArray *
mcp_client_list_resource_templates_finish (McpClient     *self,
                                           GAsyncResult  *result,
                                           GError       **error)
{
  return list_finish (self, result, mcp_client_list_resource_templates_async, error);
}
