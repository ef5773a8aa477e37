/* tether-server-session.c — the state machine of a managed connection
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The connection rules in src/README.md, as TetherServer lives them:
 * connection rounds (rule 1), one attempt at a time (rule 2), reconnecting
 * after a death with growing waits and liveness pings (rule 5), and
 * leaving a session so that its process is gone before the next starts
 * (rule 7). Rules 3 and 4 are tether-request-policy.c's.
 *
 * Every asynchronous operation of a session carries the session's
 * generation (TetherServerOp); an answer for an abandoned session is
 * ignored.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include "mcp-error.h"
#include "mcp-http-transport.h"
#include "mcp-secrets.h"
#include "mcp-stdio-transport.h"
#include "mcp-url.h"

#include "tether-auth-error.h"
#include "tether-auth-session-config.h"
#include "tether-config-error.h"
#include "tether-request-policy.h"
#include "tether-request-router.h"
#include "tether-secret-refs.h"
#include "tether-server-config-oauth.h"
#include "tether-server-lists-private.h"
#include "tether-server-session-private.h"
#include "tether-shell-environment.h"
#include "tether-transport-factory.h"

static void begin_attempt        (TetherServer *self);
static void session_died         (TetherServer *self,
                                  const GError *error);
static void environment_ready_cb (GObject      *object,
                                  GAsyncResult *result,
                                  gpointer      user_data);
static void load_credentials     (TetherServer       *self);
static void start_session        (TetherServer       *self,
                                  TetherServerConfig *config);

/* Leaving a session: its process must be gone before the next starts */

static void
complete_stop_tasks (TetherServer *self)
{
  GTask *task;

  while ((task = g_queue_pop_head (&self->stop_tasks)))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
}

static void
client_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  TetherServer *self = user_data;

  mcp_client_close_finish (client, result, NULL);
  g_ptr_array_remove (self->closing, client);

  if (self->closing->len == 0)
    {
      complete_stop_tasks (self);

      if (self->start_when_closed)
        {
          self->start_when_closed = FALSE;
          begin_attempt (self);
        }
    }

  /* The reference _tether_server_abandon_session() gave */
  g_object_unref (self);
}

static void
clear_session_timers (TetherServer *self)
{
  g_clear_handle_id (&self->attempt_timeout_id, g_source_remove);
  g_clear_handle_id (&self->healthy_id, g_source_remove);
  g_clear_handle_id (&self->ping_id, g_source_remove);
  self->ping_in_flight = FALSE;
}

/* Leave the current session: nothing of it is listened to any more, and its
 * process is stopped (in the background; see self->closing). */
void
_tether_server_abandon_session (TetherServer *self)
{
  g_autoptr(McpClient) client = g_steal_pointer (&self->client);

  self->generation++;
  clear_session_timers (self);
  self->attempt_timed_out = FALSE;

  if (self->session_cancellable != NULL)
    {
      g_cancellable_cancel (self->session_cancellable);
      g_clear_object (&self->session_cancellable);
    }

  _tether_server_lists_stop (self);

  if (client != NULL)
    {
      g_signal_handlers_disconnect_by_data (client, self);
      g_ptr_array_add (self->closing, g_object_ref (client));
      mcp_client_close_async (client, NULL, client_closed_cb, g_object_ref (self));
    }
}

/* Connecting */

static gboolean
error_is_fatal (const GError *error)
{
  if (error->domain == MCP_ERROR)
    {
      switch ((McpError)error->code)
        {
        case MCP_ERROR_COMMAND_NOT_FOUND:
        case MCP_ERROR_SPAWN_FAILED:
        case MCP_ERROR_INVALID_URL:
        case MCP_ERROR_UNSUPPORTED_VERSION:
        case MCP_ERROR_PERMISSION_DENIED:
        case MCP_ERROR_AUTHORIZATION:
          return TRUE;

        case MCP_ERROR_FAILED:
        case MCP_ERROR_TIMEOUT:
        case MCP_ERROR_CLOSED:
        case MCP_ERROR_NOT_SENT:
        case MCP_ERROR_INVALID_RESPONSE:
        case MCP_ERROR_HTTP_STATUS:
        case MCP_ERROR_SESSION_EXPIRED:
        case MCP_ERROR_MESSAGE_TOO_LARGE:
        case MCP_ERROR_PEER_NOT_READING:
        case MCP_ERROR_PROBE_REFUSED:
        case MCP_ERROR_UNAUTHORIZED:
        default:
          return FALSE;
        }
    }

  /* The server answered initialize with an error: asking again the same way
   * gets the same answer (a modern-only server's -32022, for one). */
  if (error->domain == MCP_RPC_ERROR)
    return TRUE;

  /* The configuration is refused: it stays so until it is edited. */
  if (error->domain == TETHER_CONFIG_ERROR)
    return TRUE;

  /* A secret the keyring does not have, or no keyring: it stays so until
   * the user stores it. */
  if (error->domain == TETHER_AUTH_ERROR)
    return TRUE;

  return FALSE;
}

static gboolean
retry_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;

  self->retry_id = 0;
  begin_attempt (self);

  return G_SOURCE_REMOVE;
}

static void
wait_then_attempt (TetherServer *self,
                   guint         delay_ms)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);

  if (delay_ms == 0)
    {
      begin_attempt (self);
      return;
    }

  _tether_server_set_retry_at (self, g_get_monotonic_time () + (gint64)delay_ms * 1000);
  _tether_server_set_state (self, TETHER_SERVER_STATE_WAITING);
  self->retry_id = g_timeout_add (delay_ms, retry_timeout_cb, self);
}

/* Rule 1: the next attempt of a connection round */
static void
schedule_next_attempt (TetherServer *self)
{
  guint attempt = self->attempt + 1;

  _tether_server_set_attempt (self, attempt, self->timings.connect_attempts);
  wait_then_attempt (self, tether_server_timings_connect_delay (&self->timings, attempt));
}

void
_tether_server_start_round (TetherServer *self)
{
  self->recovering = FALSE;
  self->failures = 0;
  _tether_server_set_attempt (self, 0, self->timings.connect_attempts);
  schedule_next_attempt (self);
}

/* Rule 5: reconnecting after a death, with growing waits */
static void
schedule_recovery (TetherServer *self)
{
  guint delay;

  self->recovering = TRUE;

  if (self->failures >= self->timings.max_quick_failures)
    {
      g_autofree char *message = NULL;

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Gave up after %u failure in a row: %s",
                                              "Gave up after %u failures in a row: %s",
                                              self->failures),
                                 self->failures,
                                 self->error_message != NULL ? self->error_message : "");
      _tether_server_log (self, TETHER_LOG_KIND_ERROR, message);
      _tether_server_set_string (self, &self->error_message, message,
                                 TETHER_SERVER_PROP_ERROR_MESSAGE);
      self->recovering = FALSE;
      _tether_server_set_state (self, TETHER_SERVER_STATE_ERROR);
      return;
    }

  delay = tether_server_timings_reconnect_delay (&self->timings, self->failures, g_random_double ());
  _tether_server_set_attempt (self, self->failures, self->timings.max_quick_failures);
  _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT,
                             _("Reconnecting in %.1f s (failure %u of at most %u in a row)"),
                             delay / 1000.0, self->failures, self->timings.max_quick_failures);
  wait_then_attempt (self, delay);
}

/* "the X-Api-Key header (secret API_KEY)": a configured header that
 * carries a credential, and where its value comes from, never the value;
 * %NULL for a header that carries none */
static char *
describe_credential_header (TetherServerConfig *config,
                            const char         *name)
{
  const char *value = tether_server_config_get_header_value (config, name);
  g_auto(GStrv) refs = tether_secret_refs_find (value);
  g_autofree char *secrets = NULL;

  if (refs == NULL || refs[0] == NULL)
    {
      if (!mcp_secrets_name_is_secret (name))
        return NULL;
      /* Translators: %s is a header name, such as Authorization */
      return g_strdup_printf (_("the %s header (its value is in the configuration)"), name);
    }
  secrets = g_strjoinv (", ", refs);
  /* Translators: the Authorization header (secret GH_TOKEN): the second %s
   * names the keyring entries its value comes from */
  return g_strdup_printf (_("the %s header (secret %s)"), name, secrets);
}

/* Whether the server's sign-in session found OAuth offered: a 401 from
 * it is a sign-in to ask for, whether the token provider gave up on it
 * (MCP_ERROR_AUTHORIZATION) or the server kept refusing the tokens it
 * was given until the transport stopped asking (MCP_ERROR_UNAUTHORIZED). */
static gboolean
offers_oauth (TetherServer *self)
{
  return self->auth != NULL && tether_auth_session_get_offers_oauth (self->auth);
}

/* A 401 to a server that sends credentials of its own (an Authorization
 * or API key header) and offers no OAuth: the server refused that header,
 * which no sign-in can mend. Returns the error that says which header and
 * where its value comes from, or %NULL when @error is no such refusal (a
 * server that offers OAuth keeps its sign-in). */
static GError *
credentials_refused_error (TetherServer *self,
                           const GError *error)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GPtrArray) refused = NULL;
  g_autofree char *url = NULL;
  g_autofree char *which = NULL;

  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_AUTHORIZATION))
    {
      if (self->auth == NULL || offers_oauth (self))
        return NULL;
    }
  else if (!g_error_matches (error, MCP_ERROR, MCP_ERROR_UNAUTHORIZED) || offers_oauth (self))
    return NULL;

  refused = g_ptr_array_new_with_free_func (g_free);
  names = tether_server_config_dup_header_names (self->config);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      char *described = describe_credential_header (self->config, names[i]);

      if (described != NULL)
        g_ptr_array_add (refused, described);
    }
  if (refused->len == 0)
    return NULL;
  g_ptr_array_add (refused, NULL);
  which = g_strjoinv (", ", (char **)refused->pdata);
  url = mcp_url_mask (tether_server_config_get_url (self->config));
  return g_error_new (MCP_ERROR, MCP_ERROR_UNAUTHORIZED,
                      /* Translators: The server at https://example.com/mcp answered HTTP 401 Unauthorized: the server refused the Authorization header (secret GH_TOKEN) */
                      _("The server at %s answered HTTP 401 Unauthorized: the server refused %s"),
                      url, which);
}

static void
attempt_failed (TetherServer *self,
                const GError *error)
{
  g_autofree char *context = NULL;
  g_autoptr(GError) refused = credentials_refused_error (self, error);
  gboolean fatal;
  gboolean sign_in;

  /* The same header gets the same answer until the user changes it */
  if (refused != NULL)
    error = refused;
  fatal = error_is_fatal (error) || refused != NULL;

  /* A sign-in with no user (client credentials) that fails is an error
   * the user reads, never "sign-in required" with a browser to open */
  sign_in = (g_error_matches (error, MCP_ERROR, MCP_ERROR_AUTHORIZATION) ||
             (g_error_matches (error, MCP_ERROR, MCP_ERROR_UNAUTHORIZED) && offers_oauth (self))) &&
            !tether_server_config_get_client_credentials (self->config);

  fatal = fatal || g_error_matches (error, MCP_ERROR, MCP_ERROR_AUTHORIZATION);

  /* A server that wants a sign-in is not retried: no attempt count above
   * its message. */
  if (sign_in)
    context = NULL;
  else if (self->recovering)
    context = g_strdup_printf (_("Reconnection attempt %u failed:"), self->attempt);
  else
    context = g_strdup_printf (_("Attempt %u of %u failed:"), self->attempt, self->attempts);

  _tether_server_record_error (self, error, context);
  _tether_server_abandon_session (self);

  /* Only the user can give what the server wants, in their browser: no
   * retry, until they sign in. */
  if (sign_in)
    {
      self->recovering = FALSE;
      _tether_server_set_state (self, TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
      return;
    }

  if (self->recovering && !fatal)
    {
      self->failures++;
      schedule_recovery (self);
    }
  else if (fatal || self->attempt >= self->attempts)
    {
      self->recovering = FALSE;
      _tether_server_set_state (self, TETHER_SERVER_STATE_ERROR);
    }
  else
    schedule_next_attempt (self);
}

static gboolean
healthy_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;

  self->healthy_id = 0;

  if (self->failures > 0 || self->recovering)
    _tether_server_log (self, TETHER_LOG_KIND_EVENT,
                        _("Healthy again: the failure count starts afresh"));

  self->failures = 0;
  self->recovering = FALSE;
  self->list_reconnect_used = FALSE;

  return G_SOURCE_REMOVE;
}

static void
ping_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(TetherServerOp) op = user_data;
  g_autoptr(GError) error = NULL;
  TetherServer *self = op->self;

  mcp_client_ping_finish (MCP_CLIENT (object), result, &error);

  if (!_tether_server_op_is_current (op))
    return;

  self->ping_in_flight = FALSE;

  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autoptr(GError) dead = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                                            _("Not answering: %s"), error->message);

      session_died (self, dead);
    }
}

static gboolean
ping_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;
  McpRequestOptions options = { 0, };

  if (self->client == NULL || self->ping_in_flight)
    return G_SOURCE_CONTINUE;

  tether_request_policy_options (&self->timings, TETHER_REQUEST_KIND_PING, &options);
  self->ping_in_flight = TRUE;
  mcp_client_ping_async (self->client, &options, self->session_cancellable,
                         ping_done_cb, _tether_server_op_new (self));

  return G_SOURCE_CONTINUE;
}

static void
log_level_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(TetherServerOp) op = user_data;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);

  if (!_tether_server_op_is_current (op) || answer != NULL ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  _tether_server_log_printf (op->self, TETHER_LOG_KIND_ERROR, _("Could not set the log level again: %s"),
                             error->message);
}

/* A new process starts at its own log level: ask again for the one the
 * user chose (tether_server_set_log_level_async()). */
static void
send_log_level (TetherServer *self)
{
  g_autoptr(JsonObject) params = NULL;
  McpRequestOptions options = { 0, };

  /* The stateless revision has no logging/setLevel: each request names
   * the level in its `_meta`. */
  if (mcp_client_get_era (self->client) == MCP_ERA_STATELESS)
    {
      mcp_client_set_log_level (self->client, self->log_level);
      return;
    }
  if (self->log_level == NULL || !mcp_client_has_capability (self->client, "logging"))
    return;

  params = json_object_new ();
  json_object_set_string_member (params, "level", self->log_level);
  options.timeout_ms = self->timings.list_timeout_ms;
  options.flags = MCP_SEND_FLAGS_IDEMPOTENT;
  mcp_client_request_async (self->client, "logging/setLevel", params, &options, self->session_cancellable,
                            log_level_done_cb, _tether_server_op_new (self));
}

/* The HTTP server forgot the session and the transport started another:
 * what this session had set up is gone from the server's side. */
static void
session_renewed_cb (TetherServer     *self,
                    McpHttpTransport *transport)
{
  if (self->client == NULL || mcp_client_get_transport (self->client) != MCP_TRANSPORT (transport))
    return;

  send_log_level (self);
  _tether_server_subscriptions_renew (self);
}

static void
connected (TetherServer *self)
{
  McpClient *client = self->client;

  _tether_server_set_string (self, &self->server_title,
                             mcp_client_get_server_title (client) != NULL
                     ? mcp_client_get_server_title (client)
                     : mcp_client_get_server_name (client),
                             TETHER_SERVER_PROP_SERVER_TITLE);
  _tether_server_set_string (self, &self->server_version, mcp_client_get_server_version (client),
                             TETHER_SERVER_PROP_SERVER_VERSION);
  _tether_server_set_string (self, &self->protocol_version,
                             mcp_client_get_protocol_version (client),
                             TETHER_SERVER_PROP_PROTOCOL_VERSION);
  _tether_server_set_string (self, &self->instructions, mcp_client_get_instructions (client),
                             TETHER_SERVER_PROP_INSTRUCTIONS);

  /* A URL without a type: remember which transport answered, until the
   * configuration changes. */
  if (MCP_IS_HTTP_TRANSPORT (mcp_client_get_transport (client)) &&
      tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_AUTO &&
      self->detected_mode == MCP_HTTP_MODE_AUTO)
    {
      self->detected_mode =
        mcp_http_transport_get_detected_mode (MCP_HTTP_TRANSPORT (mcp_client_get_transport (client)));
      if (self->detected_mode != MCP_HTTP_MODE_AUTO)
        _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT, _("Using %s from now on"),
                                   self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE
                                     ? _("legacy HTTP+SSE")
                                     : _("Streamable HTTP"));
    }

  _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT, _("Connected to %s %s (protocol %s)"),
                             self->server_title != NULL ? self->server_title : _("the server"),
                             self->server_version != NULL ? self->server_version : "",
                             self->protocol_version != NULL ? self->protocol_version : "?");

  _tether_server_set_error (self, NULL, NULL);
  send_log_level (self);
  _tether_server_subscriptions_renew (self);

  /* Lists first, so that "connected" comes with its tools when they are quick. */
  _tether_server_lists_begin (self);
  _tether_server_set_state (self, TETHER_SERVER_STATE_CONNECTED);
  _tether_server_lists_fetch (self);

  self->healthy_id = g_timeout_add (self->timings.healthy_after_ms, healthy_timeout_cb, self);
  if (self->timings.ping_interval_ms > 0)
    self->ping_id = g_timeout_add (self->timings.ping_interval_ms, ping_timeout_cb, self);
}

/* Some servers of the initialize era (rmcp's, for one) exit on any request
 * before initialize. One that closed while asked server/discover is taken
 * for such a server: it is started again at once (not a failure of the
 * round, nor a crash) and sent initialize directly, until its
 * configuration changes. Returns whether it was. */
static gboolean
exited_at_discover (TetherServer *self,
                    McpClient    *client,
                    const GError *error)
{
  if (self->legacy_era ||
      tether_server_config_get_kind (self->config) != TETHER_SERVER_KIND_STDIO ||
      !mcp_client_closed_at_discover (client))
    return FALSE;

  self->legacy_era = TRUE;
  /* Translators: the first %s is why, such as the process's exit status;
   * the second a protocol revision such as 2025-11-25 */
  _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT,
                             _("The server exited when asked server/discover (%s); "
                               "treating it as a %s server"),
                             error->message, MCP_PROTOCOL_VERSION);
  _tether_server_abandon_session (self);
  begin_attempt (self);

  return TRUE;
}

static void
connect_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(TetherServerOp) op = user_data;
  g_autoptr(GError) error = NULL;
  TetherServer *self = op->self;
  gboolean ok;

  ok = mcp_client_connect_finish (MCP_CLIENT (object), result, &error);

  if (!_tether_server_op_is_current (op))
    return;

  g_clear_handle_id (&self->attempt_timeout_id, g_source_remove);

  if (!ok)
    {
      if (self->attempt_timed_out)
        {
          double seconds = (g_get_monotonic_time () - self->attempt_started) / (double)G_USEC_PER_SEC;

          g_clear_error (&error);
          error = g_error_new (MCP_ERROR, MCP_ERROR_TIMEOUT,
                               seconds < 10 ? _("No answer to initialize within %.1f s")
                                            : _("No answer to initialize within %.0f s"),
                               seconds);
        }

      if (!self->attempt_timed_out && exited_at_discover (self, MCP_CLIENT (object), error))
        return;

      attempt_failed (self, error);
      return;
    }

  connected (self);
}

/* Rule 1: a connection attempt ends when the server has been silent for the
 * connect timeout (stderr lines count as life: `npx -y` downloading), or at
 * the hard cap. */
static gboolean
attempt_timeout_cb (gpointer user_data)
{
  TetherServer *self = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 idle_deadline = self->last_activity + (gint64)self->timings.connect_timeout_ms * 1000;
  gint64 hard_deadline = self->attempt_started + (gint64)self->timings.connect_timeout_cap_ms * 1000;
  gint64 deadline = MIN (idle_deadline, hard_deadline);

  self->attempt_timeout_id = 0;

  if (now < deadline)
    {
      self->attempt_timeout_id = g_timeout_add ((guint)((deadline - now) / 1000) + 1,
                                                attempt_timeout_cb, self);
      return G_SOURCE_REMOVE;
    }

  self->attempt_timed_out = TRUE;
  g_cancellable_cancel (self->session_cancellable);

  return G_SOURCE_REMOVE;
}

static void
client_stderr_line_cb (TetherServer *self,
                       const char   *line,
                       McpClient    *client)
{
  self->last_activity = g_get_monotonic_time ();
  _tether_server_log (self, TETHER_LOG_KIND_STDERR, line);
}

static void
client_event_cb (TetherServer *self,
                 const char   *text,
                 McpClient    *client)
{
  _tether_server_log (self, TETHER_LOG_KIND_EVENT, text);
}

static void
client_log_message_cb (TetherServer *self,
                       const char   *level,
                       const char   *logger,
                       JsonNode     *data,
                       McpClient    *client)
{
  g_autofree char *text = NULL;

  if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else
    text = json_to_string (data, FALSE);

  if (logger != NULL)
    _tether_server_log_printf (self, TETHER_LOG_KIND_SERVER, "[%s] %s: %s", level, logger, text);
  else
    _tether_server_log_printf (self, TETHER_LOG_KIND_SERVER, "[%s] %s", level, text);
}

static void
client_closed_signal_cb (TetherServer *self,
                         const GError *error,
                         McpClient    *client)
{
  /* While connecting, connect_async fails by itself and says why. */
  if (self->state != TETHER_SERVER_STATE_CONNECTED)
    return;

  if (error != NULL)
    session_died (self, error);
  else
    {
      g_autoptr(GError) closed = g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED,
                                                      _("The server closed the connection"));
      session_died (self, closed);
    }
}

/* What the server asks its client goes to the router, with the owner of
 * the call it belongs to: the one the client could tell (its HTTP stream,
 * its `_meta`), else the only call with an owner in flight. */
static gboolean
client_server_request_cb (TetherServer *self,
                          JsonNode     *id,
                          const char   *method,
                          JsonObject   *params,
                          gpointer      tag,
                          McpClient    *client)
{
  g_autoptr(TetherServerQuestion) question = NULL;
  GObject *owner = tag;

  if (owner == NULL && self->owned_calls->len == 1)
    owner = g_ptr_array_index (self->owned_calls, 0);

  _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT, _("The server asks: %s"), method);
  question = tether_server_question_new (client, tether_server_config_get_name (self->config),
                                         id, method, params, owner);
  if (self->router != NULL)
    tether_request_router_route (self->router, question);
  else
    tether_server_question_reply_default (question, _("nobody can answer it here"));

  return TRUE;
}

/* Rule 5: never green while dead */
static void
session_died (TetherServer *self,
              const GError *error)
{
  _tether_server_record_error (self, error, _("The connection was lost:"));
  _tether_server_abandon_session (self);

  /* healthy_timeout_cb() reset the count if it had been up long enough */
  self->failures++;
  schedule_recovery (self);
}

/* Rule 5: a server that takes none of its input is hung. Its transport
 * refuses messages past a bound (MCP_ERROR_PEER_NOT_READING): the session
 * of @generation, if still current, dies of it. Returns whether @error says
 * so. */
gboolean
_tether_server_died_of (TetherServer *self,
                        const GError *error,
                        guint         generation)
{
  if (!tether_request_policy_ends_session (error))
    return FALSE;

  if (generation == self->generation && self->state == TETHER_SERVER_STATE_CONNECTED)
    session_died (self, error);

  return TRUE;
}

/* What tether_server_config_validate() refuses is never started, even
 * when it came from an edit of the file: an env name like `PATH=/x:` would
 * set another variable than it says. The error names the file. */
static gboolean
check_config (TetherServer  *self,
              GError       **error)
{
  g_autofree char *file = NULL;

  if (tether_server_config_validate (self->config, error))
    return TRUE;

  if (self->config_file != NULL)
    {
      file = g_file_get_parse_name (self->config_file);
      g_prefix_error (error, "%s: ", file);
    }

  return FALSE;
}

static void
begin_attempt (TetherServer *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  _tether_server_set_retry_at (self, 0);
  _tether_server_set_state (self, TETHER_SERVER_STATE_CONNECTING);

  /* Rule 7: the old process must be gone before a new one starts. */
  if (self->closing->len > 0)
    {
      self->start_when_closed = TRUE;
      return;
    }

  if (!check_config (self, &error))
    {
      attempt_failed (self, error);
      return;
    }

  if (self->recovering)
    _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT,
                               _("Reconnecting (attempt %u of at most %u)"),
                               self->attempt, self->attempts);
  else
    _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT, _("Connecting (attempt %u of %u)"),
                               self->attempt, self->attempts);

  /* A command is looked up in the login shell's PATH: learn it first (once
   * per run of Tether, bounded in time). */
  if (tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_STDIO &&
      self->shell_environment != NULL &&
      !tether_shell_environment_get_resolved (self->shell_environment))
    {
      self->session_cancellable = g_cancellable_new ();
      tether_shell_environment_resolve_async (self->shell_environment, self->session_cancellable,
                                              environment_ready_cb, _tether_server_op_new (self));
      return;
    }

  load_credentials (self);
}

static void
environment_ready_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(TetherServerOp) op = user_data;
  TetherServer *self = op->self;

  /* Cancelled by _tether_server_abandon_session(), which also moved the
   * generation on */
  if (!tether_shell_environment_resolve_finish (TETHER_SHELL_ENVIRONMENT (object), result, NULL) ||
      op->generation != self->generation)
    return;

  g_clear_object (&self->session_cancellable);
  load_credentials (self);
}

/* The keyring, before a start: a remote server's sign-in (its token
 * provider), and the secrets its env and headers refer to. Never blocking:
 * a keyring may have to be unlocked first. */

static TetherSecretStore *
secret_store (TetherServer *self)
{
  return self->secrets != NULL ? self->secrets : tether_secret_store_get_default ();
}

/* Whether the configuration sends an Authorization header of its own (an
 * API key): then a 401 is that header's problem, not a sign-in. */
static gboolean
sends_own_authorization (TetherServerConfig *config)
{
  g_auto(GStrv) names = tether_server_config_dup_header_names (config);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_ascii_strcasecmp (names[i], "Authorization") == 0)
      return TRUE;
  return FALSE;
}

/**
 * _tether_server_ensure_auth:
 * @self: a server
 *
 * Returns: (transfer none) (nullable): the sign-in of a remote server that
 *   does not send an Authorization header of its own, made anew when its
 *   name or URL changed
 */
TetherAuthSession *
_tether_server_ensure_auth (TetherServer *self)
{
  g_autofree char *key = NULL;

  if (!tether_server_kind_is_remote (tether_server_config_get_kind (self->config)) ||
      sends_own_authorization (self->config))
    {
      g_clear_object (&self->auth);
      g_clear_pointer (&self->auth_key, g_free);
      return NULL;
    }

  key = g_strconcat (tether_server_config_get_name (self->config), "\n",
                     tether_server_config_get_url (self->config), NULL);
  if (self->auth == NULL || g_strcmp0 (key, self->auth_key) != 0)
    {
      g_clear_object (&self->auth);
      self->auth = tether_auth_session_new (tether_server_config_get_name (self->config),
                                            tether_server_config_get_url (self->config),
                                            secret_store (self));
      g_free (self->auth_key);
      self->auth_key = g_steal_pointer (&key);
    }
  return self->auth;
}

static void
secrets_resolved_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(TetherServerOp) op = user_data;
  TetherServer *self = op->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherServerConfig) resolved = tether_secret_refs_resolve_finish (result, &error);

  if (op->generation != self->generation || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->session_cancellable);
  if (resolved == NULL)
    {
      attempt_failed (self, error);
      return;
    }
  start_session (self, resolved);
}

static void
resolve_secrets (TetherServer *self)
{
  g_auto(GStrv) names = tether_secret_refs_in_config (self->config);

  if (names[0] == NULL)
    {
      start_session (self, self->config);
      return;
    }
  self->session_cancellable = g_cancellable_new ();
  tether_secret_refs_resolve_async (self->config, secret_store (self), self->session_cancellable,
                                    secrets_resolved_cb, _tether_server_op_new (self));
}

static void
load_credentials (TetherServer *self)
{
  g_autofree char *warning = tether_server_config_dup_oauth_warning (self->config);

  if (warning != NULL)
    _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT, "%s", warning);
  /* The sign-in is read from the keyring when the server first asks for
   * one (a 401): a server that never does never touches the keyring. */
  _tether_server_ensure_auth (self);
  resolve_secrets (self);
}

/* @config: the configuration with its secrets in place, for the
 * transport only */
static void
start_session (TetherServer       *self,
               TetherServerConfig *config)
{
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(GError) error = NULL;

  if (tether_server_config_get_kind (self->config) == TETHER_SERVER_KIND_STDIO &&
      self->shell_environment != NULL &&
      !tether_shell_environment_get_from_login_shell (self->shell_environment) &&
      tether_shell_environment_get_note (self->shell_environment) != NULL)
    _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT,
                               _("The login shell’s PATH is not known: %s"),
                               tether_shell_environment_get_note (self->shell_environment));

  /* The server's own OAuth client, with its secret in place */
  if (self->auth != NULL && !tether_auth_session_configure (self->auth, config, &error))
    {
      attempt_failed (self, error);
      return;
    }

  transport = tether_transport_factory_create (config, &self->timings, self->detected_mode,
                                               self->shell_environment,
                                               self->auth != NULL ? MCP_TOKEN_PROVIDER (self->auth) : NULL,
                                               &error);
  if (transport == NULL)
    {
      attempt_failed (self, error);
      return;
    }

  self->generation++;
  self->client = mcp_client_new (transport);
  if (self->legacy_era)
    mcp_client_set_era (self->client, MCP_ERA_LEGACY);
  self->session_cancellable = g_cancellable_new ();
  /* initialize is bounded by attempt_timeout_cb(), which stretches while
   * stderr shows life; every later request passes its own timeout. */
  mcp_client_set_request_timeout (self->client, self->timings.connect_timeout_cap_ms);
  mcp_client_set_max_request_timeout (self->client, MAX (self->timings.connect_timeout_cap_ms,
                                                         self->timings.call_timeout_max_ms));

  g_signal_connect_object (self->client, "stderr-line",
                           G_CALLBACK (client_stderr_line_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "event",
                           G_CALLBACK (client_event_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "log-message",
                           G_CALLBACK (client_log_message_cb), self, G_CONNECT_SWAPPED);
  _tether_server_lists_watch (self, self->client);
  _tether_server_subscriptions_watch (self, self->client);
  if (MCP_IS_HTTP_TRANSPORT (transport))
    g_signal_connect_object (transport, "session-renewed",
                             G_CALLBACK (session_renewed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "closed",
                           G_CALLBACK (client_closed_signal_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->client, "server-request",
                           G_CALLBACK (client_server_request_cb), self, G_CONNECT_SWAPPED);
  if (self->router != NULL)
    {
      g_autoptr(JsonObject) capabilities = tether_request_router_dup_capabilities (self->router);

      mcp_client_set_capabilities (self->client, capabilities);
    }

  self->attempt_started = self->last_activity = g_get_monotonic_time ();
  self->attempt_timed_out = FALSE;
  self->attempt_timeout_id = g_timeout_add (self->timings.connect_timeout_ms,
                                            attempt_timeout_cb, self);

  mcp_client_connect_async (self->client, self->session_cancellable,
                            connect_done_cb, _tether_server_op_new (self));
}

/* For the public API */

/* Rule 6: the current session is left, whatever the state, and a new
 * connection round starts at once (its process when the old one is gone). */
void
_tether_server_restart (TetherServer *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  _tether_server_abandon_session (self);
  _tether_server_start_round (self);
}

/* Rule 7: no attempt, timer or session is left; the processes go in the
 * background (self->closing, then self->stop_tasks). */
void
_tether_server_stop (TetherServer *self,
                     gboolean      disable)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->start_when_closed = FALSE;
  self->recovering = FALSE;
  self->failures = 0;
  _tether_server_abandon_session (self);
  _tether_server_set_attempt (self, 0, 0);
  _tether_server_set_state (self, disable ? TETHER_SERVER_STATE_DISABLED
                                          : TETHER_SERVER_STATE_DISCONNECTED);
}
