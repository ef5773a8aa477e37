/* mcp-client-private.h — what the files of McpClient share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-client.h"
#include "mcp-era.h"
#include "mcp-list-kind.h"

G_BEGIN_DECLS

/* McpClient is one class in layers, each file calling only those below it:
 *
 *   mcp-client-connect.c    opening, choosing the handshake
 *   mcp-client-discover.c   the era, the stateless handshake
 *   mcp-client-initialize.c the handshake of the initialize era
 *                                                  mcp-client-lists.c  lists, paging
 *                                                  mcp-client-calls.c  calls answered with an object
 *   mcp-client.c            the class: receiving, answering, closing
 *   mcp-input-required.c    answers asked inside a result (stateless)
 *   mcp-client-ask.c        what the server asks: to its handlers
 *   mcp-client-tool-headers.c  tools whose arguments go in headers
 *   mcp-client-list-cache.c lists still fresh
 *   mcp-client-requests.c   requests in flight: ids, deadlines, cancellation
 *   mcp-client-meta.c       who we are, in each request
 *   mcp-client-listen.c     subscriptions/listen (stateless)
 */

typedef struct
{
  GPtrArray *items;       /* the whole list while fresh, or NULL */
  gint64     expires;     /* monotonic µs */
  guint      generation;  /* bumped by each list_changed */
  gint64     hint_ttl_ms; /* the last whole listing's shortest ttlMs */
  gint64     hint_taken;  /* monotonic µs when that listing completed */
  guint      hint_known : 1;  /* a listing completed since the connection */
  guint      hint_public : 1; /* every page of it said cacheScope public */
} McpListCache;

struct _McpClient
{
  GObject       parent_instance;

  McpTransport *transport;
  GTask        *initialize_waiting_for_close; /* connect task, until the transport says why */
  void        (*initialize_closed) (GTask *task);  /* hands it back then */
  GHashTable   *pending;     /* gint64 id → Pending */
  GHashTable   *abandoned;   /* gint64 id → method, for late answers */
  gint64        next_id;
  GSource      *timer;       /* fires at the earliest deadline */

  char         *protocol_version;
  char         *server_name;
  char         *server_title;
  char         *server_version;
  char         *instructions;
  JsonNode     *server_capabilities;
  JsonObject   *capabilities;  /* what we declare in initialize */
  char         *log_level;     /* the `_meta` logLevel of each stateless request */
  McpEra        era;           /* learnt when connecting, for this session */
  guint         discover_attempts;
  const char   *handshake_method;  /* initialize or server/discover, for messages */
  GHashTable   *input_questions; /* virtual id → InputQuestion, mcp-input-required.c */
  GHashTable   *tool_headers;    /* tool → McpToolHeader array, of the last tools/list (stateless) */
  GHashTable   *tool_rejected;   /* tool → why it was left out of it */
  McpListCache  list_cache[MCP_LIST_N_KINDS]; /* mcp-client-list-cache.c */
  guint64       next_input_id;
  /* mcp-client-listen.c */
  GStrv         listen_uris;        /* the resources to hear of, while listening */
  gint64        listen_id;          /* the subscriptions/listen in flight, or 0 */
  GCancellable *listen_cancellable; /* cancels it */
  JsonObject   *listen_granted;     /* what its acknowledgement granted */
  guint         listen_timer;       /* listens again after an abrupt end */
  guint         listen_failures;    /* abrupt ends since the last acknowledgement */
  guint         listening : 1;      /* mcp_client_listen() asked for it */
  guint         discover_answered : 1; /* server/discover got a verdict */
  guint         discover_closed : 1;   /* the connection closed while it was asked */

  guint         request_timeout_ms;
  guint         max_request_timeout_ms;
  guint         max_pages;

  GError       *close_error;
  GPtrArray    *close_tasks;

  guint         connecting : 1;
  guint         closed : 1;
  guint         closing : 1;
  guint         close_done : 1;
};

/* mcp-client-requests.c */

/* A flag of McpRequestOptions that only the list code sets: the answer
 * may hold its list entries as raw nodes (see _mcp_json_parse_message());
 * any other request gets them expanded. Never given to a transport. */
#define _MCP_SEND_FLAGS_RAW_ENTRIES (1u << 16)
/* A flag only McpTask sets on tools/call: a result of type "task" is its
 * to follow, not an unknown result type. Never given to a transport. */
#define _MCP_SEND_FLAGS_TASK (1u << 17)
/* The tasks extension of the stateless revision. */
#define MCP_EXTENSION_TASKS "io.modelcontextprotocol/tasks"
extern guint _mcp_client_event_signal;

void      _mcp_client_emit_event          (McpClient               *self,
                                           const char              *format,
                                           ...) G_GNUC_PRINTF (2, 3);
void      _mcp_client_send_notification   (McpClient               *self,
                                           const char              *method,
                                           JsonObject              *params);
void      _mcp_client_start_request       (McpClient               *self,
                                           GTask                   *task,
                                           const char              *method,
                                           JsonObject              *params,
                                           const McpRequestOptions *options,
                                           gboolean                 is_initialize);
void      _mcp_client_handle_response     (McpClient               *self,
                                           JsonObject              *object);
void      _mcp_client_handle_progress     (McpClient               *self,
                                           JsonObject              *params);
void      _mcp_client_invalid_response_cb (McpClient               *self,
                                           JsonNode                *id,
                                           const char              *reason,
                                           McpTransport            *transport);
void      _mcp_client_request_lost_cb     (McpClient               *self,
                                           JsonNode                *id,
                                           const char              *reason,
                                           McpTransport            *transport);
void      _mcp_client_drop_request        (McpClient               *self,
                                           gint64                   id,
                                           GError                  *error);
void      _mcp_client_fail_pending        (McpClient               *self);
GSource  *_mcp_client_timer_new           (McpClient               *self);
gpointer  _mcp_client_get_request_tag     (McpClient               *self,
                                           gint64                   id);
gpointer  _mcp_client_get_task_tag        (McpClient               *self,
                                           const char              *task_id);

/* mcp-client-meta.c */
JsonObject *_mcp_client_info_new          (void);
JsonObject *_mcp_client_request_params    (McpClient               *self,
                                           JsonObject              *params,
                                           gint64                   progress_token,
                                           gboolean                 stateless);

/* mcp-client-initialize.c */
typedef enum
{
  MCP_INITIALIZE_DONE,
  MCP_INITIALIZE_ONLY_STATELESS,
} McpInitializeOutcome;

void        _mcp_client_initialize        (McpClient               *self,
                                           GTask                   *connect_task);
void        _mcp_client_connect_fail      (GTask                   *connect_task,
                                           GError                  *error);
void        _mcp_client_handshake_closed  (McpClient               *self,
                                           GTask                   *connect_task);

/* mcp-client-discover.c */
void        _mcp_client_handshake         (McpClient               *self,
                                           GTask                   *connect_task);

/* mcp-client-tool-headers.c */
GHashTable *_mcp_client_tool_table_new    (GDestroyNotify           value_free);
gboolean    _mcp_client_tool_check        (McpClient               *self,
                                           McpTool                 *tool,
                                           GHashTable              *headers,
                                           GHashTable              *rejected);
void        _mcp_client_tools_listed      (McpClient               *self,
                                           GHashTable              *headers,
                                           GHashTable              *rejected);
gboolean    _mcp_client_tools_unknown     (McpClient               *self);
const char *_mcp_client_tool_rejected     (McpClient               *self,
                                           const char              *name);

/* mcp-client-list-cache.c */
GPtrArray  *_mcp_client_list_cache_lookup     (McpClient   *self,
                                               McpListKind  kind);
guint       _mcp_client_list_cache_generation (McpClient   *self,
                                               McpListKind  kind);
void        _mcp_client_list_cache_store      (McpClient   *self,
                                               McpListKind  kind,
                                               GPtrArray   *items,
                                               guint        generation,
                                               gint64       ttl_ms,
                                               gboolean     is_public);
void        _mcp_client_list_cache_forget     (McpClient   *self,
                                               McpListKind  kind);
void        _mcp_client_list_cache_clear      (McpClient   *self);

/* mcp-client-ask.c */
extern guint _mcp_client_server_request_signal;

gboolean    _mcp_client_ask               (McpClient               *self,
                                           JsonNode                *id,
                                           const char              *method,
                                           JsonObject              *params,
                                           gpointer                 tag,
                                           JsonObject             **result,
                                           GError                 **error);

/* mcp-input-required.c */
void        _mcp_client_input_required    (McpClient               *self,
                                           GTask                   *task,
                                           const char              *method,
                                           JsonObject              *params,
                                           const McpRequestOptions *options,
                                           JsonNode                *reply);
gboolean    _mcp_client_input_answered    (McpClient               *self,
                                           JsonNode                *id,
                                           JsonObject              *result,
                                           int                      error_code,
                                           const char              *error_message);
void        _mcp_client_input_dispose     (McpClient               *self);
void        _mcp_client_input_ask         (McpClient               *self,
                                           const char              *what,
                                           JsonObject              *requests,
                                           const McpRequestOptions *options,
                                           GCancellable            *cancellable,
                                           GAsyncReadyCallback      callback,
                                           gpointer                 user_data);
JsonObject *_mcp_client_input_ask_finish  (McpClient               *self,
                                           GAsyncResult            *result,
                                           GError                 **error);

/* mcp-client-listen.c */
#define MCP_META_SUBSCRIPTION_ID "io.modelcontextprotocol/subscriptionId"

gboolean    _mcp_client_listen_heard      (McpClient               *self,
                                           const char              *method,
                                           JsonObject              *params);
void        _mcp_client_listen_acknowledged (McpClient             *self,
                                             JsonObject            *params);
gboolean    _mcp_client_listen_ended      (McpClient               *self,
                                           JsonObject              *params);
void        _mcp_client_listen_dispose    (McpClient               *self);

/* mcp-client.c */
void      _mcp_client_set_session         (McpClient               *self,
                                           const char              *protocol_version,
                                           JsonObject              *server_info,
                                           const char              *instructions,
                                           JsonNode                *capabilities);

G_END_DECLS
