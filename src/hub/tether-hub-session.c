/* tether-hub-session.c — one AI client connected to the hub
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A session starts with `initialize` and is named by its `Mcp-Session-Id`
 * (32 random bytes in hex; a secret, never logged). It knows what the
 * client said of itself (clientInfo, capabilities, the protocol version),
 * its GET stream for what does not belong to a request (list_changed,
 * logs), its requests in flight (to cancel them by the client's id) and
 * the questions of servers it was asked (by our ids, `tether-N`).
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <sys/random.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "tether-hub-private.h"

G_DEFINE_FINAL_TYPE (TetherHubSession, tether_hub_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT_NAME,
  PROP_CLIENT_VERSION,
  PROP_PROTOCOL_VERSION,
  PROP_PROFILE,
  PROP_N_CALLS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tether_hub_session_dispose (GObject *object)
{
  TetherHubSession *self = (TetherHubSession *)object;

  if (self->stream != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->stream, self);
      mcp_sse_writer_close (self->stream);
      g_clear_object (&self->stream);
    }

  G_OBJECT_CLASS (tether_hub_session_parent_class)->dispose (object);
}

static void
tether_hub_session_finalize (GObject *object)
{
  TetherHubSession *self = (TetherHubSession *)object;

  g_clear_pointer (&self->calls, g_hash_table_unref);
  g_clear_pointer (&self->questions, g_hash_table_unref);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->profile, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->client_name, g_free);
  g_clear_pointer (&self->client_version, g_free);
  g_clear_pointer (&self->capabilities, json_object_unref);

  G_OBJECT_CLASS (tether_hub_session_parent_class)->finalize (object);
}

static void
tether_hub_session_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherHubSession *self = TETHER_HUB_SESSION (object);

  switch (prop_id)
    {
    case PROP_CLIENT_NAME:
      g_value_set_string (value, self->client_name);
      break;

    case PROP_CLIENT_VERSION:
      g_value_set_string (value, self->client_version);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_PROFILE:
      g_value_set_string (value, self->profile);
      break;

    case PROP_N_CALLS:
      g_value_set_uint (value, tether_hub_session_get_n_calls (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_hub_session_class_init (TetherHubSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_hub_session_dispose;
  object_class->finalize = tether_hub_session_finalize;
  object_class->get_property = tether_hub_session_get_property;

  properties[PROP_CLIENT_NAME] =
    g_param_spec_string ("client-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CLIENT_VERSION] =
    g_param_spec_string ("client-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PROFILE] =
    g_param_spec_string ("profile", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_CALLS] =
    g_param_spec_uint ("n-calls", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_hub_session_init (TetherHubSession *self)
{
  self->calls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->questions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->log_level = -1;
  self->started = g_get_real_time ();
  self->last_active = g_get_monotonic_time ();
}

/**
 * _tether_hub_random_hex:
 * @n_bytes: how many random bytes, at most 64
 *
 * Returns: (transfer full): @n_bytes from getrandom(), in hexadecimal: a
 *   name nobody can guess (a session id, a request state)
 */
char *
_tether_hub_random_hex (gsize n_bytes)
{
  guint8 bytes[64];
  GString *hex = g_string_sized_new (2 * n_bytes);
  gsize done = 0;

  g_return_val_if_fail (n_bytes <= sizeof bytes, NULL);

  while (done < n_bytes)
    {
      ssize_t n = getrandom (bytes + done, n_bytes - done, 0);

      if (n > 0)
        done += (gsize)n;
      else if (n < 0 && errno != EINTR)
        {
          /* No randomness: these names are not the secret, the token is. */
          for (; done < n_bytes; done++)
            bytes[done] = (guint8)g_random_int ();
        }
    }

  for (guint i = 0; i < n_bytes; i++)
    g_string_append_printf (hex, "%02x", bytes[i]);

  return g_string_free (hex, FALSE);
}

TetherHubSession *
_tether_hub_session_new (TetherHub  *hub,
                         const char *profile)
{
  TetherHubSession *self = g_object_new (TETHER_TYPE_HUB_SESSION, NULL);

  self->hub = hub;
  self->id = _tether_hub_random_hex (32);
  self->profile = g_strdup (profile);

  return self;
}

/**
 * _tether_hub_session_new_stateless:
 * @hub: the hub
 * @profile: (nullable): the profile of the request's path
 * @meta: the request's `_meta`
 *
 * Returns: (transfer full): the session of one request of the stateless
 *   revision: who the client is and what it can do, as its `_meta` says,
 *   for this request only. It is never listed or found by id.
 */
TetherHubSession *
_tether_hub_session_new_stateless (TetherHub  *hub,
                                   const char *profile,
                                   JsonObject *meta)
{
  TetherHubSession *self = g_object_new (TETHER_TYPE_HUB_SESSION, NULL);
  g_autoptr(JsonObject) params = json_object_new ();
  JsonNode *info = json_object_get_member (meta, MCP_META_CLIENT_INFO);

  self->hub = hub;
  self->stateless = TRUE;
  self->profile = g_strdup (profile);
  if (info != NULL)
    json_object_set_member (params, "clientInfo", json_node_copy (info));
  json_object_set_member (params, "capabilities",
                          json_node_copy (json_object_get_member (meta, MCP_META_CLIENT_CAPABILITIES)));
  _tether_hub_session_set_client (self, params, MCP_PROTOCOL_VERSION_STATELESS);

  return self;
}

/**
 * _tether_hub_session_new_recent:
 * @seen: the session of one request of the stateless revision
 *
 * Returns: (transfer full): an entry of the list of sessions for the
 *   client that sent it (tether-hub-recent.c): who it is, first and last
 *   seen now. It has no id and is never sent anything.
 */
TetherHubSession *
_tether_hub_session_new_recent (TetherHubSession *seen)
{
  TetherHubSession *self = g_object_new (TETHER_TYPE_HUB_SESSION, NULL);

  self->stateless = TRUE;
  self->ended = TRUE;
  self->profile = g_strdup (seen->profile);
  self->protocol_version = g_strdup (seen->protocol_version);
  self->client_name = g_strdup (seen->client_name);
  self->client_version = g_strdup (seen->client_version);
  self->last_seen = self->started;

  return self;
}

void
_tether_hub_session_set_client (TetherHubSession *self,
                                JsonObject       *params,
                                const char       *protocol_version)
{
  JsonObject *info = NULL;

  g_free (self->protocol_version);
  self->protocol_version = g_strdup (protocol_version);

  if (params != NULL && json_object_has_member (params, "clientInfo") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "clientInfo")))
    info = json_object_get_object_member (params, "clientInfo");
  if (info != NULL)
    {
      const char *name = json_object_get_string_member_with_default (info, "name", NULL);
      const char *version = json_object_get_string_member_with_default (info, "version", NULL);

      /* Shown in the window and the activity: keep it short and printable. */
      self->client_name = name != NULL ? g_utf8_make_valid (name, MIN (strlen (name), 128)) : NULL;
      self->client_version = version != NULL ? g_utf8_make_valid (version, MIN (strlen (version), 64)) : NULL;
    }

  g_clear_pointer (&self->capabilities, json_object_unref);
  if (params != NULL && json_object_has_member (params, "capabilities") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "capabilities")))
    self->capabilities = json_object_ref (json_object_get_object_member (params, "capabilities"));
}

/* Sends @message on @call's stream if it has one, else on the GET stream. */
gboolean
_tether_hub_session_send (TetherHubSession *self,
                          TetherHubCall    *call,
                          JsonNode         *message)
{
  if (self->ended)
    return FALSE;

  if (call != NULL && call->writer != NULL && !mcp_sse_writer_is_closed (call->writer))
    return mcp_sse_writer_send (call->writer, message);

  if (self->stream != NULL && !mcp_sse_writer_is_closed (self->stream))
    return mcp_sse_writer_send (self->stream, message);

  return FALSE;
}

void
_tether_hub_session_notify (TetherHubSession *self,
                            TetherHubCall    *call,
                            const char       *method,
                            JsonObject       *params)
{
  g_autoptr(JsonNode) message = _tether_hub_message_new (NULL, method, params);

  _tether_hub_session_send (self, call, message);
}

typedef struct
{
  TetherHubSession *session;
  char             *id;
} Question;

static void
question_free (Question *question)
{
  g_clear_object (&question->session);
  g_free (question->id);
  g_free (question);
}

static void
question_cancelled_idle_cb (gpointer user_data)
{
  Question *question = user_data;
  TetherHubSession *self = question->session;
  TetherServerQuestion *request = g_hash_table_lookup (self->questions, question->id);
  g_autoptr(JsonObject) params = NULL;

  /* The server gave up its question: tell the client, forget it. */
  if (request != NULL && !self->ended)
    {
      params = json_object_new ();
      json_object_set_string_member (params, "requestId", question->id);
      json_object_set_string_member (params, "reason", "the server cancelled it");
      _tether_hub_session_notify (self, NULL, "notifications/cancelled", params);
      g_hash_table_remove (self->questions, question->id);
    }

  question_free (question);
}

/* Inside g_cancellable_cancel(): finish from an idle. */
static void
request_cancelled_cb (GCancellable *cancellable,
                      Question     *question)
{
  Question *copy = g_new0 (Question, 1);

  copy->session = g_object_ref (question->session);
  copy->id = g_strdup (question->id);
  g_idle_add_once (question_cancelled_idle_cb, copy);
}

/**
 * _tether_hub_session_ask:
 * @self: a session
 * @call: (nullable): the call the question belongs to
 * @request: a server's question
 *
 * Forwards @request to the client, on @call's stream if it has one.
 *
 * Returns: %TRUE if it left; the client's answer goes back to the server
 */
gboolean
_tether_hub_session_ask (TetherHubSession    *self,
                         TetherHubCall       *call,
                         TetherServerQuestion *request)
{
  g_autoptr(JsonNode) message = NULL;
  g_autoptr(JsonNode) id = NULL;
  g_autofree char *id_text = NULL;
  Question *question;

  if (self->ended)
    return FALSE;

  id_text = g_strdup_printf ("tether-%u", ++self->next_question);
  id = json_node_init_string (json_node_alloc (), id_text);
  message = _tether_hub_message_new (id, tether_server_question_get_method (request),
                                     tether_server_question_get_params (request));
  if (!_tether_hub_session_send (self, call, message))
    return FALSE;

  g_hash_table_replace (self->questions, g_strdup (id_text), g_object_ref (request));

  question = g_new0 (Question, 1);
  question->session = g_object_ref (self);
  question->id = g_strdup (id_text);
  g_signal_connect_data (tether_server_question_get_cancellable (request), "cancelled",
                         G_CALLBACK (request_cancelled_cb), question,
                         (GClosureNotify)(void (*) (void))question_free, 0);

  return TRUE;
}

/**
 * _tether_hub_session_take_answer:
 * @self: a session
 * @message: a response the client sent
 *
 * Returns: %TRUE if it answered one of the questions we forwarded
 */
gboolean
_tether_hub_session_take_answer (TetherHubSession *self,
                                 JsonObject       *message)
{
  g_autoptr(TetherServerQuestion) request = NULL;
  g_autofree char *stolen_key = NULL;
  JsonNode *id = json_object_get_member (message, "id");

  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING)
    return FALSE;

  if (!g_hash_table_steal_extended (self->questions, json_node_get_string (id),
                                    (gpointer *)&stolen_key, (gpointer *)&request))
    return FALSE;

  if (json_object_has_member (message, "result"))
    tether_server_question_reply (request, json_object_get_member (message, "result"));
  else if (json_object_has_member (message, "error") &&
           JSON_NODE_HOLDS_OBJECT (json_object_get_member (message, "error")))
    {
      JsonObject *error = json_object_get_object_member (message, "error");

      tether_server_question_reply_error (request,
                                         (int)json_object_get_int_member_with_default (error, "code", MCP_RPC_INTERNAL_ERROR),
                                         json_object_get_string_member_with_default (error, "message", ""));
    }
  else
    tether_server_question_reply_error (request, MCP_RPC_INTERNAL_ERROR, "the client's answer is malformed");

  return TRUE;
}

/* Ends the session: its calls are cancelled, its questions get the
 * answer of a client that cannot help, its stream ends. */
void
_tether_hub_session_end (TetherHubSession *self)
{
  g_autoptr(GList) calls = NULL;
  g_autoptr(GList) questions = NULL;

  if (self->ended)
    return;
  self->ended = TRUE;

  calls = g_hash_table_get_values (self->calls);
  for (GList *l = calls; l != NULL; l = l->next)
    g_object_ref (l->data);
  for (GList *l = calls; l != NULL; l = l->next)
    {
      _tether_hub_call_cancel (l->data);
      g_object_unref (l->data);
    }

  questions = g_hash_table_get_values (self->questions);
  for (GList *l = questions; l != NULL; l = l->next)
    tether_server_question_reply_default (l->data, "the client disconnected");
  g_hash_table_remove_all (self->questions);

  if (self->stream != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->stream, self);
      mcp_sse_writer_close (self->stream);
      g_clear_object (&self->stream);
    }
  self->hub = NULL;
}

const char *
tether_hub_session_get_client_name (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), NULL);

  return self->client_name;
}

const char *
tether_hub_session_get_client_version (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), NULL);

  return self->client_version;
}

const char *
tether_hub_session_get_protocol_version (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), NULL);

  return self->protocol_version;
}

/**
 * tether_hub_session_get_profile:
 * @self: a #TetherHubSession
 *
 * Returns: (nullable): the profile the client connected to, or %NULL for
 *   every server
 */
const char *
tether_hub_session_get_profile (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), NULL);

  return self->profile;
}

/**
 * tether_hub_session_get_started:
 * @self: a #TetherHubSession
 *
 * Returns: when the client connected, in µs since the epoch
 */
gint64
tether_hub_session_get_started (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), 0);

  return self->started;
}

/**
 * tether_hub_session_get_last_active:
 * @self: a #TetherHubSession
 *
 * Returns: the monotonic time of its last request, in µs
 */
gint64
tether_hub_session_get_last_active (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), 0);

  return self->last_active;
}

/**
 * tether_hub_session_is_stateless:
 * @self: a #TetherHubSession
 *
 * Returns: whether this is a client of the stateless revision, which has
 *   no session: listed since its first request, until it has been idle a
 *   while
 */
gboolean
tether_hub_session_is_stateless (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), FALSE);

  return self->stateless;
}

/**
 * tether_hub_session_get_last_seen:
 * @self: a #TetherHubSession
 *
 * Returns: for a client of the stateless revision, when its last request
 *   came, in µs since the epoch; else 0
 */
gint64
tether_hub_session_get_last_seen (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), 0);

  return self->last_seen;
}

guint
tether_hub_session_get_n_calls (TetherHubSession *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), 0);

  return g_hash_table_size (self->calls);
}

/**
 * tether_hub_session_has_capability:
 * @self: a #TetherHubSession
 * @name: `elicitation`, `sampling`, `roots`…
 *
 * Returns: whether the client declared @name in initialize
 */
gboolean
tether_hub_session_has_capability (TetherHubSession *self,
                                   const char       *name)
{
  g_return_val_if_fail (TETHER_IS_HUB_SESSION (self), FALSE);

  return self->capabilities != NULL && json_object_has_member (self->capabilities, name) &&
         JSON_NODE_HOLDS_OBJECT (json_object_get_member (self->capabilities, name));
}
