/* tether-server-private.h — TetherServer's parts, shared by its files
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One managed connection, in layers; a file calls only the files listed
 * before it, never one after:
 *
 *   tether-request-policy.c   rules 3 and 4: a request's bounds, its retry
 *   tether-server-status.c    what a server shows: its state and the other
 *                             properties, its log, its last error, and
 *                             waiting for it to settle
 *   tether-server-lists.c     its tools, prompts and resources, kept current
 *   tether-server-session.c   the state machine: connection rounds,
 *                             reconnecting after a death, liveness, leaving
 *                             a session
 *   tether-server.c           the GObject and the public API: start, stop,
 *                             reconnect, configure, describe
 *   tether-server-request.c   requests and tool calls, for the callers
 *
 * This header is the lowest layer's: the instance struct, and what
 * tether-server-status.c offers (with the states, in the public
 * tether-server-status.h). Each layer above declares what it offers in a
 * header of its own (tether-server-lists-private.h,
 * tether-server-session-private.h, and the public tether-server.h), which
 * only the layers above it include. Where a lower file must hand something
 * up (a list that calls for a reconnect, a session that dies of a
 * request), it goes through the TetherServerHooks that tether-server.c
 * sets at init.
 */

#pragma once

#include <glib/gi18n-lib.h>

#include "mcp-client.h"
#include "mcp-http-transport.h"
#include "tether-log-entry.h"
#include "tether-log-ring.h"
#include "tether-request-router.h"
#include "tether-server-config.h"
#include "tether-server-status.h"
#include "tether-server-timings.h"
#include "tether-shell-environment.h"
#include "tether-auth-session.h"
#include "tether-secret-store.h"

G_BEGIN_DECLS

/* The class is declared by tether-server.h, for the layers that offer its
 * public API; the layers below them know the instance only. */
typedef struct _TetherServer TetherServer;

typedef enum
{
  TETHER_SERVER_LIST_TOOLS,
  TETHER_SERVER_LIST_PROMPTS,
  TETHER_SERVER_LIST_RESOURCES,
  TETHER_SERVER_LIST_RESOURCE_TEMPLATES,
  TETHER_SERVER_N_LISTS
} TetherServerList;

enum
{
  TETHER_SERVER_PROP_0,
  TETHER_SERVER_PROP_CONFIG,
  TETHER_SERVER_PROP_NAME,
  TETHER_SERVER_PROP_STATE,
  TETHER_SERVER_PROP_ATTEMPT,
  TETHER_SERVER_PROP_ATTEMPTS,
  TETHER_SERVER_PROP_RETRY_AT,
  TETHER_SERVER_PROP_ERROR_MESSAGE,
  TETHER_SERVER_PROP_ERROR_DETAILS,
  TETHER_SERVER_PROP_COMMAND_NOT_FOUND,
  TETHER_SERVER_PROP_SERVER_TITLE,
  TETHER_SERVER_PROP_SERVER_VERSION,
  TETHER_SERVER_PROP_PROTOCOL_VERSION,
  TETHER_SERVER_PROP_INSTRUCTIONS,
  TETHER_SERVER_PROP_BUSY,
  TETHER_SERVER_PROP_TOOLS,
  TETHER_SERVER_PROP_PROMPTS,
  TETHER_SERVER_PROP_RESOURCES,
  TETHER_SERVER_PROP_RESOURCE_TEMPLATES,
  TETHER_SERVER_PROP_LOG,
  TETHER_SERVER_PROP_SHELL_ENVIRONMENT,
  TETHER_SERVER_N_PROPS
};

/* Set up by tether_server_class_init(), notified by every file. */
extern GParamSpec *_tether_server_properties[TETHER_SERVER_N_PROPS];

/* What the lower files hand up to the state machine, never calling it. */
typedef struct
{
  /* Rule 4: a list asks for its one reconnect. */
  void     (*reconnect) (TetherServer *self);
  /* Rule 5: @error ends the session of @generation, if it is still the
   * current one; returns whether @error is of the kind that does. */
  gboolean (*died_of)   (TetherServer *self,
                         const GError *error,
                         guint         generation);
} TetherServerHooks;

struct _TetherServer
{
  GObject              parent_instance;

  TetherServerConfig  *config;
  GFile               *config_file;
  TetherServerTimings  base_timings;
  TetherServerTimings  timings;
  const TetherServerHooks *hooks;

  /* What the window shows */
  TetherServerState    state;
  guint                attempt;
  guint                attempts;
  gint64               retry_at;
  char                *error_message;
  char                *error_details;
  gboolean             command_not_found;
  char                *server_title;
  char                *server_version;
  char                *protocol_version;
  char                *instructions;
  char                *log_level;      /* asked with logging/setLevel; sent again to each new session */
  GHashTable          *subscriptions;  /* URI → its number of subscribers; subscribed again in each new session */
  GListStore          *lists[TETHER_SERVER_N_LISTS];
  TetherLogRing       *log;

  /* The session being connected, or connected */
  McpClient           *client;
  GCancellable        *session_cancellable;
  guint                generation;
  gint64               attempt_started;
  gint64               last_activity;
  guint                attempt_timeout_id;
  guint                retry_id;
  guint                healthy_id;
  guint                ping_id;
  guint                refresh_id[TETHER_SERVER_N_LISTS];
  guint                lists_pending;
  guint                failures;
  McpHttpMode          detected_mode;
  TetherShellEnvironment *shell_environment;

  /* The keyring: a remote server's sign-in (its token provider, which
   * reads it at the first 401), and the secrets its env and headers refer
   * to, read before each start */
  TetherSecretStore   *secrets;        /* nullable: the program's default */
  TetherAuthSession   *auth;           /* nullable: made for auth_key */
  char                *auth_key;       /* the name and URL it signs in to */

  /* Who answers what the server asks, and the owners of the calls in
   * flight (one entry per call sent; kept by tether-server-request.c,
   * read by the session when the server asks something) */
  TetherRequestRouter *router;
  GPtrArray           *owned_calls;

  /* Sessions being closed; a new process starts when they are gone */
  GPtrArray           *closing;
  GQueue               waiters;
  GQueue               stop_tasks;

  guint                attempt_timed_out : 1;
  guint                recovering : 1;
  guint                start_when_closed : 1;
  guint                list_reconnect_used : 1;
  guint                ping_in_flight : 1;
  /* A stdio server that exited when asked server/discover: sent initialize
   * at once from then on, until its configuration changes */
  guint                legacy_era : 1;
};

/* An operation of one session: a strong reference, and the session's
 * generation; an answer for an abandoned session is ignored. */
typedef struct
{
  TetherServer *self;
  guint         generation;
} TetherServerOp;

TetherServerOp *_tether_server_op_new                (TetherServer        *self);
void            _tether_server_op_free               (TetherServerOp      *op);
gboolean        _tether_server_op_is_current         (TetherServerOp      *op);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherServerOp, _tether_server_op_free)

/* tether-server-status.c */
void            _tether_server_notify                (TetherServer        *self,
                                                      guint                prop_id);
void            _tether_server_set_string            (TetherServer        *self,
                                                      char               **field,
                                                      const char          *value,
                                                      guint                prop_id);
void            _tether_server_set_attempt           (TetherServer        *self,
                                                      guint                attempt,
                                                      guint                attempts);
void            _tether_server_set_retry_at          (TetherServer        *self,
                                                      gint64               retry_at);
void            _tether_server_set_error             (TetherServer        *self,
                                                      const char          *message,
                                                      const char          *details);
void            _tether_server_set_state             (TetherServer        *self,
                                                      TetherServerState    state);
void            _tether_server_set_lists_pending     (TetherServer        *self,
                                                      guint                lists_pending);
void            _tether_server_record_error          (TetherServer        *self,
                                                      const GError        *error,
                                                      const char          *context);
void            _tether_server_log                   (TetherServer        *self,
                                                      TetherLogKind        kind,
                                                      const char          *text);
void            _tether_server_log_printf            (TetherServer        *self,
                                                      TetherLogKind        kind,
                                                      const char          *format,
                                                      ...) G_GNUC_PRINTF (3, 4);
GError         *_tether_server_not_connected_error   (TetherServer        *self);
void            _tether_server_wait_for              (TetherServer        *self,
                                                      gboolean             need_lists,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);

/* tether-server-subscriptions.c */
void            _tether_server_subscriptions_class_init (GObjectClass     *klass);
void            _tether_server_subscriptions_watch   (TetherServer        *self,
                                                      McpClient           *client);
void            _tether_server_subscriptions_renew   (TetherServer        *self);

G_END_DECLS
