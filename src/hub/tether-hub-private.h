/* tether-hub-private.h — what the files of the hub share
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "mcp-sse-writer.h"
#include "tether-hub.h"
#include "tether-hub-activity.h"
#include "tether-hub-call.h"
#include "tether-hub-catalog.h"
#include "tether-hub-session.h"
#include "tether-profile.h"
#include "tether-server-question.h"

G_BEGIN_DECLS

typedef struct _TetherHubListener TetherHubListener;
typedef struct _TetherHubHeld TetherHubHeld;

/* The protocol versions the hub speaks, newest first. */
extern const char * const _tether_hub_supported_versions[];

/* One connected AI client (an `Mcp-Session-Id`). */
struct _TetherHubSession
{
  GObject        parent_instance;

  TetherHub     *hub;              /* unowned; NULL once ended */
  char          *id;               /* a secret: never logged */
  char          *profile;          /* NULL: everything */
  char          *protocol_version;
  char          *client_name;
  char          *client_version;
  JsonObject    *capabilities;
  int            log_level;        /* index in the RFC 5424 levels, -1: all */
  McpSseWriter  *stream;           /* the GET stream */
  GHashTable    *calls;            /* id key → TetherHubCall */
  GHashTable    *questions;        /* our id → TetherServerQuestion */
  guint          next_question;
  gint64         started;          /* real time, µs */
  gint64         last_active;      /* monotonic, µs */
  gint64         last_seen;        /* stateless: real time of the last request, µs */
  guint          ended : 1;
  guint          stateless : 1;    /* one request of the stateless revision, or
                                    * in the list, a client of it seen lately */
};

/* One request of an AI client, until it is answered. It is also the owner
 * of the tool call it makes: what the server asks during the call comes
 * back to it. */
struct _TetherHubCall
{
  GObject            parent_instance;

  TetherHub         *hub;           /* weak */
  TetherHubSession  *session;       /* strong; NULL for initialize */
  char              *method;
  JsonNode          *id;
  char              *id_key;
  JsonNode          *progress_token;
  GCancellable      *cancellable;
  SoupServerMessage *msg;           /* a JSON answer, until it leaves */
  McpSseWriter      *writer;        /* or an SSE answer */
  TetherHubRecord   *record;
  JsonNode          *parked;        /* the answer, while handed over */
  char              *log_server;    /* stateless tools/call: whose logs it hears */
  int                log_level;     /* and from which level (RFC 5424 index) */
  guint              answered : 1;
  guint              cancelled : 1;
  guint              detached : 1;  /* handed over: no request until resumed */
};

struct _TetherHub
{
  GObject              parent_instance;

  TetherServerManager *manager;
  TetherHubCatalog    *catalog;
  TetherHubActivity   *activity;
  GListStore          *sessions;   /* TetherHubSession, as GListModel */
  GHashTable          *by_id;      /* session id → TetherHubSession */
  GPtrArray           *watchers;   /* McpSseWriter of /activity */
  GPtrArray           *listeners;  /* TetherHubListener: subscriptions/listen */
  GPtrArray           *log_calls;  /* TetherHubCall (weak): stateless calls with a logLevel */
  GHashTable          *held;       /* request state → TetherHubHeld */
  GPtrArray           *profiles;   /* TetherProfile */
  GError              *profiles_error;
  char                *profiles_json;
  SoupServer          *server;
  char                *token;
  char                *token_path;
  char                *runtime_file;
  char                *url;
  char                *listen_host;
  guint                port;
  guint                bound_port;
  guint                max_sessions;
  guint                recent_idle_ms; /* tether-hub-recent.c; 0: the default */
  guint                recent_source;
  guint                running : 1;
};

/* tether-hub-session.c */
char             *_tether_hub_random_hex             (gsize             n_bytes);
TetherHubSession *_tether_hub_session_new            (TetherHub        *hub,
                                                      const char       *profile);
TetherHubSession *_tether_hub_session_new_stateless  (TetherHub        *hub,
                                                      const char       *profile,
                                                      JsonObject       *meta);
TetherHubSession *_tether_hub_session_new_recent     (TetherHubSession *seen);
void              _tether_hub_session_set_client     (TetherHubSession *self,
                                                      JsonObject       *params,
                                                      const char       *protocol_version);
gboolean          _tether_hub_session_send           (TetherHubSession *self,
                                                      TetherHubCall    *call,
                                                      JsonNode         *message);
void              _tether_hub_session_notify         (TetherHubSession *self,
                                                      TetherHubCall    *call,
                                                      const char       *method,
                                                      JsonObject       *params);
void              _tether_hub_session_end            (TetherHubSession *self);
gboolean          _tether_hub_session_ask            (TetherHubSession    *self,
                                                      TetherHubCall       *call,
                                                      TetherServerQuestion *request);
gboolean          _tether_hub_session_take_answer    (TetherHubSession *self,
                                                      JsonObject       *message);

/* tether-hub-call.c */
TetherHubCall    *_tether_hub_call_new               (TetherHub         *hub,
                                                      TetherHubSession  *session,
                                                      SoupServerMessage *msg,
                                                      const char        *method,
                                                      JsonNode          *id,
                                                      JsonObject        *params);
void              _tether_hub_call_use_stream        (TetherHubCall    *self);
void              _tether_hub_call_reply             (TetherHubCall    *self,
                                                      JsonObject       *result);
void              _tether_hub_call_reply_error       (TetherHubCall    *self,
                                                      int               code,
                                                      const char       *message);
void              _tether_hub_call_cancel            (TetherHubCall    *self);
void              _tether_hub_call_hand_over         (TetherHubCall    *self,
                                                      JsonObject       *result);
void              _tether_hub_call_resume            (TetherHubCall     *self,
                                                      SoupServerMessage *msg,
                                                      JsonNode          *id);
JsonNode         *_tether_hub_message_new            (JsonNode         *id,
                                                      const char       *method,
                                                      JsonObject       *params);
void              _tether_hub_http_error             (SoupServerMessage *msg,
                                                      guint              status,
                                                      JsonNode          *id,
                                                      int                code,
                                                      const char        *message,
                                                      JsonNode          *data);
gboolean          _tether_hub_accepts_sse            (SoupServerMessage *msg);

/* tether-hub-methods.c */
void              _tether_hub_dispatch               (TetherHub        *self,
                                                      TetherHubCall    *call,
                                                      JsonObject       *params);
JsonObject       *_tether_hub_initialize_result      (TetherHub        *self,
                                                      TetherHubSession *session,
                                                      JsonObject       *params);
JsonObject       *_tether_hub_discover_result        (TetherHub        *self);
void              _tether_hub_log_calls_clear        (TetherHub        *self);
void              _tether_hub_forward_log            (TetherHub        *self,
                                                      const char       *server,
                                                      const char       *level,
                                                      const char       *logger,
                                                      JsonNode         *data);

/* tether-hub-input.c */
gboolean          _tether_hub_input_ask              (TetherHub            *self,
                                                      TetherHubCall        *call,
                                                      TetherServerQuestion *question);
gboolean          _tether_hub_input_is_retry         (JsonObject        *params);
void              _tether_hub_input_resume           (TetherHub         *self,
                                                      SoupServerMessage *msg,
                                                      const char        *profile,
                                                      const char        *method,
                                                      JsonNode          *id,
                                                      JsonObject        *params);
void              _tether_hub_input_stop             (TetherHub         *self);
void              _tether_hub_held_free              (TetherHubHeld     *held);

/* tether-hub-result.c */
JsonObject       *_tether_hub_server_info_new        (void);
JsonObject       *_tether_hub_stateless_result       (const char        *method,
                                                      JsonObject        *result);

/* tether-hub-recent.c */
void              _tether_hub_recent_seen            (TetherHub         *self,
                                                      TetherHubSession  *seen);
void              _tether_hub_recent_stop            (TetherHub         *self);

/* tether-hub-stateless.c */
gboolean          _tether_hub_stateless_claimed      (JsonObject        *params);
void              _tether_hub_stateless_post         (TetherHub         *self,
                                                      SoupServerMessage *msg,
                                                      const char        *profile,
                                                      JsonObject        *object,
                                                      const char        *method,
                                                      JsonNode          *id,
                                                      JsonObject        *params);
void              _tether_hub_stateless_changed      (TetherHub         *self,
                                                      guint              change);
void              _tether_hub_stateless_stop         (TetherHub         *self);
void              _tether_hub_listener_free          (TetherHubListener *listener);

/* tether-hub.c */
void              _tether_hub_session_forget         (TetherHub        *self,
                                                      TetherHubSession *session);

/* The profile @name of the configuration, or %NULL. */
static inline TetherProfile *
_tether_hub_find_profile (TetherHub  *self,
                          const char *name)
{
  for (guint i = 0; name != NULL && i < self->profiles->len; i++)
    if (g_str_equal (tether_profile_get_name (g_ptr_array_index (self->profiles, i)), name))
      return g_ptr_array_index (self->profiles, i);

  return NULL;
}

G_END_DECLS
