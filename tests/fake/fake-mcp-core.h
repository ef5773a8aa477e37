/* fake-mcp-core.h — the protocol side of Tether's fake MCP server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Takes JSON-RPC messages from a client and produces answers and
 * notifications through a callback. No I/O: the stdio program
 * (fake-mcp-server.c), the in-memory transport of the unit tests and an HTTP
 * fake wrap it. Timers (slow tools, progress) run on the thread-default main
 * context.
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct _FakeMcpCore FakeMcpCore;
typedef struct _FakeMcpTasks FakeMcpTasks;
typedef struct _FakeMcpListen FakeMcpListen;

/* @message: (transfer none): a message for the client */
typedef void     (*FakeMcpSendFunc) (JsonNode   *message,
                                     gpointer    user_data);
/* Called for every request before the core handles it. Return TRUE when
 * the host took care of it (e.g. crashed on purpose). */
typedef gboolean (*FakeMcpHookFunc) (const char *method,
                                     JsonObject *params,
                                     gpointer    user_data);

typedef struct
{
  guint        n_tools;             /* generated tools besides the fixed ones */
  guint        page_size;           /* 0: every list on one page */
  gboolean     repeat_cursor;       /* every page points to the same next page */
  gboolean     list_changed_early;  /* list_changed twice, before `initialized` */
  gboolean     modern_only;         /* answer initialize with -32022 */
  const char  *protocol_version;    /* answer with this version, whatever is asked */
  const char * const *hang_methods; /* never answer these */
  guint        progress_interval_ms;/* slow tool: a step every … (default 20) */
  gboolean     hostile_text;        /* escape sequences in names, info, texts */
  gboolean     rich_tools;          /* also "form" (every field kind) and "media" */
  gboolean     use_extras;          /* completions, "conversation", "counter" */
  gboolean     no_logging;          /* declare no logging capability */
  gboolean     no_completions;      /* declare no completions capability */
  gboolean     era_2026;            /* speak only the stateless revision 2026-07-28 */
  gint64       list_ttl_ms;         /* era_2026: the ttlMs of every list page */
  gboolean     list_public;         /* era_2026: list pages say cacheScope public, not private */
  gboolean     use_tasks;           /* also "research" and "quick", run as tasks (fake-mcp-tasks.c) */
  gboolean     listen_wrong_tag;    /* era_2026: a list change for another subscription after each ack */
} FakeMcpOptions;

/* What a hostile server puts in its text: an SGR colour, an OSC window
 * title ending in BEL, a carriage return, a C1 CSI (U+009B), a
 * right-to-left override (U+202E), and markup. */
#define FAKE_MCP_HOSTILE "\x1b[31mred\x1b[0m \x1b]0;title\x07 \rback \xc2\x9b" "2J \xe2\x80\xae" "txet <b>bold</b> & more"

FakeMcpCore *fake_mcp_core_new          (const FakeMcpOptions *options,
                                         FakeMcpSendFunc       send_func,
                                         gpointer              user_data);
void         fake_mcp_core_free         (FakeMcpCore          *core);
void         fake_mcp_core_set_hook     (FakeMcpCore          *core,
                                         FakeMcpHookFunc       hook,
                                         gpointer              user_data);
void         fake_mcp_core_set_protocol_version (FakeMcpCore  *core,
                                                 const char   *version);
void         fake_mcp_core_handle       (FakeMcpCore          *core,
                                         JsonNode             *message);
gboolean     fake_mcp_core_handle_text  (FakeMcpCore          *core,
                                         const char           *text,
                                         gssize                length);
guint        fake_mcp_core_get_count    (FakeMcpCore          *core,
                                         const char           *method);
void         fake_mcp_core_notify       (FakeMcpCore          *core,
                                         const char           *method,
                                         JsonObject           *params);
/* As it is: no subscription routing. Takes @params. */
void         fake_mcp_core_send_notification (FakeMcpCore     *core,
                                              const char      *method,
                                              JsonObject      *params);
void         fake_mcp_core_request      (FakeMcpCore          *core,
                                         const char           *method,
                                         JsonObject           *params);
JsonNode    *fake_mcp_core_get_last_answer (FakeMcpCore       *core);
JsonObject  *fake_mcp_core_get_last_params (FakeMcpCore       *core);
void         fake_mcp_core_set_era_2026 (FakeMcpCore          *core,
                                         gboolean              era_2026);
void         fake_mcp_core_set_list_ttl (FakeMcpCore          *core,
                                         gint64                ttl_ms);

void         fake_mcp_core_reply        (FakeMcpCore          *core,
                                         JsonNode             *id,
                                         JsonObject           *result);
void         fake_mcp_core_reply_error  (FakeMcpCore          *core,
                                         JsonNode             *id,
                                         int                   code,
                                         const char           *message,
                                         JsonNode             *data);
gboolean     fake_mcp_core_get_era_2026 (FakeMcpCore          *core);
/* A CallToolResult of one text block */
JsonObject  *fake_mcp_core_text_result  (const char           *text,
                                         gboolean              is_error);
guint64      fake_mcp_core_get_next_request_id (FakeMcpCore   *core);

/* fake-mcp-tasks.c */
/* With era_2026: a resource that asks for input before it is read. */
#define FAKE_INPUT_RESOURCE "fake://input/confirm"

#define FAKE_MCP_TASK_TOOL_NAMES ((const char * const []) { "research", "quick", NULL })
extern const char * const fake_mcp_task_tools[];

FakeMcpTasks *fake_mcp_tasks_new         (FakeMcpCore          *core);
void          fake_mcp_tasks_free        (FakeMcpTasks         *tasks);
gboolean      fake_mcp_tasks_handle      (FakeMcpTasks         *tasks,
                                          const char           *method,
                                          JsonNode             *id,
                                          JsonObject           *params);
gboolean      fake_mcp_tasks_take_answer (FakeMcpTasks         *tasks,
                                          const char           *id,
                                          JsonObject           *object);

/* fake-mcp-listen.c */
FakeMcpListen *fake_mcp_listen_new       (FakeMcpCore          *core);
void          fake_mcp_listen_free       (FakeMcpListen        *listen);
guint         fake_mcp_listen_get_n_subscriptions (FakeMcpListen *listen);
gboolean      fake_mcp_listen_route      (FakeMcpListen        *listen,
                                          const char           *method,
                                          JsonObject           *params);
void          fake_mcp_listen_serve      (FakeMcpListen        *listen,
                                          JsonNode             *id,
                                          JsonObject           *params,
                                          gboolean              wrong_tag);
gboolean      fake_mcp_listen_cancel     (FakeMcpListen        *listen,
                                          JsonObject           *params);
void          fake_mcp_listen_end_all    (FakeMcpListen        *listen);
FakeMcpListen *fake_mcp_core_get_listen  (FakeMcpCore          *core);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FakeMcpCore, fake_mcp_core_free)

G_END_DECLS
