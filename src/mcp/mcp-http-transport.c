/* mcp-http-transport.c — Streamable HTTP and legacy HTTP+SSE over libsoup
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-http-transport"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mcp-error.h"
#include "mcp-http-check.h"
#include "mcp-http-transport-private.h"
#include "mcp-transport-private.h"

/* Streamable HTTP and the legacy HTTP+SSE transport, as one McpTransport.
 *
 * This file is the class: opening (legacy SSE connects first; Streamable
 * HTTP has no connection of its own, its first POST is the initialize),
 * sending (a message waits while there is no session to send it in, else
 * it is POSTed), closing (the session is ended with DELETE), the
 * properties and the public API. Below it, each calling only those
 * further down: the session (mcp-http-session.c), the legacy connection
 * (mcp-http-legacy.c), event streams (mcp-http-stream.c) and single HTTP
 * requests (mcp-http-exchange.c); mcp-http-transport-private.h has the
 * picture. Answers are matched to requests by id, whatever stream carries
 * them; a reply stream that ends before its answer is resumed, and if it
 * cannot be, the transport closes with the reason, as a broken pipe would. */

#define MAX_CONNS_PER_HOST      8
#define MAX_CONNS               32
#define CLOSE_TIMEOUT_MS        5000
#define DEFAULT_RECONNECTS      5

G_DEFINE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP_TYPE_TRANSPORT)

G_DEFINE_ENUM_TYPE (McpHttpMode, mcp_http_mode,
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_AUTO, "auto"),
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_STREAMABLE_HTTP, "http"),
  G_DEFINE_ENUM_VALUE (MCP_HTTP_MODE_LEGACY_SSE, "sse"))

enum {
  PROP_0,
  PROP_URL,
  PROP_MODE,
  PROP_DETECTED_MODE,
  PROP_PROTOCOL_VERSION,
  PROP_REQUEST_TIMEOUT,
  PROP_RECONNECT_DELAY,
  PROP_RECONNECT_DELAY_MAX,
  PROP_RETRY_DELAY_MAX,
  PROP_MAX_RECONNECT_ATTEMPTS,
  N_PROPS
};

enum {
  SESSION_RENEWED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GParamSpec *properties[N_PROPS];

/* ---------------------------------------------------------------------- */
/* Small helpers                                                          */

/**
 * mcp_http_mode_to_string:
 * @mode: a #McpHttpMode
 *
 * Returns: the configuration name of @mode: `auto`, `http` or `sse`
 */
const char *
mcp_http_mode_to_string (McpHttpMode mode)
{
  switch (mode)
    {
    case MCP_HTTP_MODE_AUTO:
      return "auto";
    case MCP_HTTP_MODE_STREAMABLE_HTTP:
      return "http";
    case MCP_HTTP_MODE_LEGACY_SSE:
      return "sse";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mcp_http_mode_from_string:
 * @string: `auto`, `http` or `sse`
 * @mode: (out): where to store the mode
 *
 * Returns: %TRUE if @string names a mode
 */
gboolean
mcp_http_mode_from_string (const char  *string,
                           McpHttpMode *mode)
{
  static const McpHttpMode modes[] = {
    MCP_HTTP_MODE_AUTO, MCP_HTTP_MODE_STREAMABLE_HTTP, MCP_HTTP_MODE_LEGACY_SSE,
  };

  g_return_val_if_fail (mode != NULL, FALSE);

  for (guint i = 0; string != NULL && i < G_N_ELEMENTS (modes); i++)
    {
      if (g_ascii_strcasecmp (string, mcp_http_mode_to_string (modes[i])) == 0)
        {
          *mode = modes[i];
          return TRUE;
        }
    }

  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* McpTransport                                                           */

static gboolean
on_open_cancelled_idle (gpointer data)
{
  McpHttpTransport *self = data;

  if (self->open_task != NULL && self->legacy_connecting)
    {
      g_autoptr(GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                                             _("Connecting to the server was cancelled"));
      _mcp_http_legacy_connect_failed (self, error, FALSE);
    }

  return G_SOURCE_REMOVE;
}

/* Runs inside g_cancellable_cancel(): the work happens in an idle. */
static void
on_open_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, on_open_cancelled_idle, g_object_ref (data), g_object_unref);
}

static void
mcp_http_transport_open_async (McpTransport        *transport,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GError) error = NULL;

  g_task_set_source_tag (task, mcp_http_transport_open_async);

  if (self->opened || self->open_task != NULL || mcp_transport_is_closed (transport))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_FAILED, "%s",
                               _("The transport was already opened"));
      return;
    }

  self->uri = mcp_http_parse_url (self->url, &error);
  if (self->uri == NULL)
    {
      _mcp_http_close_with_error (self, error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (self->mode == MCP_HTTP_MODE_LEGACY_SSE)
    {
      /* Nothing can be sent before the endpoint is known. */
      self->open_task = g_steal_pointer (&task);
      _mcp_http_legacy_connect (self);
      if (cancellable != NULL)
        {
          self->open_cancellable = g_object_ref (cancellable);
          self->open_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_open_cancelled), self, NULL);
        }
      return;
    }

  /* Streamable HTTP has no connection of its own: the initialize POST is
   * the first request, and tells which transport the server speaks. */
  self->opened = TRUE;
  g_task_return_boolean (task, TRUE);
}

static gboolean
mcp_http_transport_open_finish (McpTransport  *transport,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mcp_http_transport_send_async (McpTransport        *transport,
                               JsonNode            *message,
                               McpSendFlags         flags,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(McpHttpOutgoing) out = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autofree char *id_key = NULL;
  const char *method = NULL;
  JsonObject *object = NULL;
  char *data;
  gsize length;

  g_task_set_source_tag (task, mcp_http_transport_send_async);

  if (self->closing || mcp_transport_is_closed (transport))
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_CLOSED, "%s",
                               _("The connection to the server is closed"));
      return;
    }

  if (!self->opened && self->open_task == NULL)
    {
      g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_NOT_SENT, "%s",
                               _("The transport is not open"));
      return;
    }

  data = _mcp_transport_serialize (message, &length);
  body = g_bytes_new_take (data, length);

  if (JSON_NODE_HOLDS_OBJECT (message))
    object = json_node_get_object (message);
  if (object != NULL && json_object_has_member (object, "method"))
    {
      method = json_object_get_string_member_with_default (object, "method", NULL);
      id_key = _mcp_http_id_key_from_node (json_object_get_member (object, "id"));
    }

  out = _mcp_http_outgoing_new (self, body, method, id_key);
  out->flags = flags;
  _mcp_http_outgoing_take_era (out, object);

  if (g_strcmp0 (out->method, "initialize") == 0)
    {
      g_clear_pointer (&self->initialize_body, g_bytes_unref);
      self->initialize_body = g_bytes_ref (out->body);
      g_free (self->initialize_id);
      self->initialize_id = g_strdup (out->id_key);
      self->awaiting_initialize = out->id_key != NULL;
    }
  else if (g_strcmp0 (out->method, "notifications/initialized") == 0)
    {
      g_clear_pointer (&self->initialized_body, g_bytes_unref);
      self->initialized_body = g_bytes_ref (out->body);
    }
  else if (g_strcmp0 (out->method, "notifications/cancelled") == 0)
    _mcp_http_abandon_cancelled_request (self, object);

  out->task = g_steal_pointer (&task);
  if (cancellable != NULL)
    {
      out->user_cancellable = g_object_ref (cancellable);
      out->user_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (_mcp_http_outgoing_user_cancelled),
                                                   out, NULL);
    }

  /* The initialize itself opens the gate; everything else waits its turn. */
  if (_mcp_http_is_gated (self) && g_strcmp0 (out->method, "initialize") != 0)
    {
      g_queue_push_tail (&self->held, g_steal_pointer (&out));
      return;
    }

  /* Like the SDKs, nothing more goes out until the server has taken
   * notifications/initialized: a server may refuse requests before it. */
  if (g_strcmp0 (out->method, "notifications/initialized") == 0)
    self->awaiting_initialized = TRUE;

  _mcp_http_dispatch_post (self, out);
}

static gboolean
mcp_http_transport_send_finish (McpTransport  *transport,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
on_delete_sent (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(McpHttpExchange) ex = user_data;
  g_autoptr(McpHttpTransport) self = ex->self != NULL ? g_object_ref (ex->self) : NULL;
  g_autoptr(GTask) task = g_steal_pointer (&ex->close_task);
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GError) error = NULL;

  input = _mcp_http_exchange_send_finish (result, &error);
  if (input == NULL)
    g_debug ("DELETE failed: %s", error->message);
  else
    g_debug ("DELETE answered HTTP %u", soup_message_get_status (ex->msg));

  _mcp_http_exchange_finish (ex);

  if (self != NULL)
    _mcp_http_close_with_error (self, NULL);
  g_task_return_boolean (task, TRUE);
}

static void
mcp_http_transport_close_async (McpTransport        *transport,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(McpHttpExchange) ex = NULL;
  g_autofree char *session_id = NULL;

  g_task_set_source_tag (task, mcp_http_transport_close_async);

  error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, "%s", _("The connection to the server was closed"));
  self->closing = TRUE;
  g_cancellable_cancel (self->auth_cancellable);
  _mcp_http_fail_everything (self, error);

  session_id = g_steal_pointer (&self->session_id);
  if (session_id == NULL || self->uri == NULL || self->detected_mode == MCP_HTTP_MODE_LEGACY_SSE)
    {
      _mcp_http_close_with_error (self, NULL);
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* End the session on the server; whatever it answers (405 is fine), we
   * are closed when it has. */
  ex = _mcp_http_exchange_new (self, MCP_HTTP_EXCHANGE_DELETE, NULL, SOUP_METHOD_DELETE, self->uri);
  soup_message_headers_replace (soup_message_get_request_headers (ex->msg), "Mcp-Session-Id", session_id);
  if (self->protocol_version != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (ex->msg),
                                  "MCP-Protocol-Version", self->protocol_version);
  ex->close_task = g_steal_pointer (&task);
  _mcp_http_exchange_send (ex, MIN (self->request_timeout_ms, CLOSE_TIMEOUT_MS), on_delete_sent);
}

static gboolean
mcp_http_transport_close_finish (McpTransport  *transport,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                */

static void
mcp_http_transport_dispose (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;
  g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, "%s",
                                         _("The connection to the server was closed"));

  self->closing = TRUE;
  _mcp_http_fail_everything (self, error);

  /* Callbacks still due must not find us. */
  while (self->exchanges->len > 0)
    _mcp_http_exchange_finish (g_ptr_array_index (self->exchanges, 0));
  {
    GHashTableIter iter;
    McpHttpOutgoing *out;

    g_hash_table_iter_init (&iter, self->outgoings);
    while (g_hash_table_iter_next (&iter, (gpointer *)&out, NULL))
      out->self = NULL;
    g_hash_table_remove_all (self->outgoings);
  }

  if (self->session != NULL)
    soup_session_abort (self->session);
  g_clear_object (&self->session);
  g_clear_object (&self->token_provider);

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->dispose (object);
}

static void
mcp_http_transport_finalize (GObject *object)
{
  McpHttpTransport *self = (McpHttpTransport *)object;

  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->uri, g_uri_unref);
  g_clear_pointer (&self->header_names, g_ptr_array_unref);
  g_clear_pointer (&self->header_values, g_ptr_array_unref);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->endpoint, g_uri_unref);
  g_clear_pointer (&self->tool_headers, g_hash_table_unref);
  g_clear_pointer (&self->initialize_body, g_bytes_unref);
  g_clear_pointer (&self->initialize_id, g_free);
  g_clear_pointer (&self->initialized_body, g_bytes_unref);
  g_clear_pointer (&self->awaiting, g_hash_table_unref);
  g_clear_pointer (&self->outgoings, g_hash_table_unref);
  g_clear_pointer (&self->exchanges, g_ptr_array_unref);
  g_clear_pointer (&self->stream_last_event_id, g_free);
  g_clear_pointer (&self->fallback_reason, g_free);
  g_clear_object (&self->auth_cancellable);

  G_OBJECT_CLASS (mcp_http_transport_parent_class)->finalize (object);
}

static void
mcp_http_transport_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;

    case PROP_DETECTED_MODE:
      g_value_set_enum (value, self->detected_mode);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout_ms);
      break;

    case PROP_RECONNECT_DELAY:
      g_value_set_uint (value, self->reconnect_delay_ms);
      break;

    case PROP_RECONNECT_DELAY_MAX:
      g_value_set_uint (value, self->reconnect_delay_max_ms);
      break;

    case PROP_RETRY_DELAY_MAX:
      g_value_set_uint (value, self->retry_delay_max_ms);
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      g_value_set_uint (value, self->max_reconnect_attempts);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  McpHttpTransport *self = MCP_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      self->url = g_value_dup_string (value);
      break;

    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;

    case PROP_REQUEST_TIMEOUT:
      mcp_http_transport_set_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_RECONNECT_DELAY:
      mcp_http_transport_set_reconnect_delay (self, g_value_get_uint (value));
      break;

    case PROP_RECONNECT_DELAY_MAX:
      mcp_http_transport_set_reconnect_delay_max (self, g_value_get_uint (value));
      break;

    case PROP_RETRY_DELAY_MAX:
      mcp_http_transport_set_retry_delay_max (self, g_value_get_uint (value));
      break;

    case PROP_MAX_RECONNECT_ATTEMPTS:
      mcp_http_transport_set_max_reconnect_attempts (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_http_transport_class_init (McpHttpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);

  object_class->dispose = mcp_http_transport_dispose;
  object_class->finalize = mcp_http_transport_finalize;
  object_class->get_property = mcp_http_transport_get_property;
  object_class->set_property = mcp_http_transport_set_property;

  transport_class->open_async = mcp_http_transport_open_async;
  transport_class->open_finish = mcp_http_transport_open_finish;
  transport_class->send_async = mcp_http_transport_send_async;
  transport_class->send_finish = mcp_http_transport_send_finish;
  transport_class->close_async = mcp_http_transport_close_async;
  transport_class->close_finish = mcp_http_transport_close_finish;

  /**
   * McpHttpTransport::session-renewed:
   *
   * The server forgot the session and a new one started in its place,
   * with `initialize` sent again: whatever the client set up in the old
   * session (a log level, subscriptions) is gone from the server's side.
   */
  signals[SESSION_RENEWED] = _mcp_http_session_renewed_signal =
    g_signal_new ("session-renewed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:mode:
   *
   * The transport the configuration asks for.
   */
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL,
                       MCP_TYPE_HTTP_MODE, MCP_HTTP_MODE_AUTO,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:detected-mode:
   *
   * The transport the server turned out to speak: %MCP_HTTP_MODE_AUTO until
   * it is known. Worth remembering for the next connection.
   */
  properties[PROP_DETECTED_MODE] =
    g_param_spec_enum ("detected-mode", NULL, NULL,
                       MCP_TYPE_HTTP_MODE, MCP_HTTP_MODE_AUTO,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:protocol-version:
   *
   * The protocol version the server chose, sent as `MCP-Protocol-Version`.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:request-timeout:
   *
   * Milliseconds a request may wait for the server's answer headers (and a
   * JSON body), a legacy SSE server for its endpoint. Event streams have no
   * deadline once open. 0 means none.
   */
  properties[PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       0, G_MAXUINT, MCP_HTTP_DEFAULT_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:reconnect-delay:
   *
   * Milliseconds to wait before resuming a dropped stream when the server
   * gave no `retry`; doubled at each attempt, up to
   * #McpHttpTransport:reconnect-delay-max. At most 30 s.
   */
  properties[PROP_RECONNECT_DELAY] =
    g_param_spec_uint ("reconnect-delay", NULL, NULL,
                       0, MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS, MCP_HTTP_DEFAULT_RECONNECT_DELAY_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:reconnect-delay-max:
   *
   * Milliseconds the doubled wait before resuming a dropped stream grows
   * to at most.
   */
  properties[PROP_RECONNECT_DELAY_MAX] =
    g_param_spec_uint ("reconnect-delay-max", NULL, NULL,
                       0, G_MAXUINT, MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:retry-delay-max:
   *
   * Milliseconds a server's `retry` field may make us wait at most before
   * resuming a dropped stream.
   */
  properties[PROP_RETRY_DELAY_MAX] =
    g_param_spec_uint ("retry-delay-max", NULL, NULL,
                       0, G_MAXUINT, MCP_HTTP_DEFAULT_RETRY_DELAY_MAX_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpHttpTransport:max-reconnect-attempts:
   *
   * How many times a dropped stream is resumed before giving up.
   */
  properties[PROP_MAX_RECONNECT_ATTEMPTS] =
    g_param_spec_uint ("max-reconnect-attempts", NULL, NULL,
                       0, 100, DEFAULT_RECONNECTS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_http_transport_init (McpHttpTransport *self)
{
  self->hooks = &_mcp_http_session_hooks;
  self->header_names = g_ptr_array_new_with_free_func (g_free);
  self->header_values = g_ptr_array_new_with_free_func (g_free);
  self->request_timeout_ms = MCP_HTTP_DEFAULT_REQUEST_TIMEOUT_MS;
  self->reconnect_delay_ms = MCP_HTTP_DEFAULT_RECONNECT_DELAY_MS;
  self->reconnect_delay_max_ms = MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS;
  self->retry_delay_max_ms = MCP_HTTP_DEFAULT_RETRY_DELAY_MAX_MS;
  self->max_reconnect_attempts = DEFAULT_RECONNECTS;
  self->detected_mode = MCP_HTTP_MODE_AUTO;
  self->last_retry = -1;
  self->outgoings = g_hash_table_new (NULL, NULL);
  self->awaiting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)_mcp_http_outgoing_unref);
  self->exchanges = g_ptr_array_new ();
  self->auth_cancellable = g_cancellable_new ();
  g_queue_init (&self->held);

  /* No session-wide timeout: it would end idle event streams. Several
   * connections per host, so open streams do not block POSTs. TLS
   * certificates are verified (libsoup's default). */
  self->session = soup_session_new_with_options ("timeout", 0,
                                                 "max-conns-per-host", MAX_CONNS_PER_HOST,
                                                 "max-conns", MAX_CONNS,
                                                 "user-agent", "Tether/" PACKAGE_VERSION " ",
                                                 NULL);

  g_signal_connect (self, "message-received", G_CALLBACK (_mcp_http_on_message_received), NULL);
}

/* ---------------------------------------------------------------------- */
/* Public API                                                             */

/**
 * mcp_http_transport_new:
 * @url: the server's http or https URL
 * @mode: which transport to speak
 *
 * The URL is checked when the transport opens (see mcp_http_parse_url()).
 *
 * Returns: (transfer full): a new #McpHttpTransport
 */
McpHttpTransport *
mcp_http_transport_new (const char  *url,
                        McpHttpMode  mode)
{
  g_return_val_if_fail (url != NULL, NULL);

  return g_object_new (MCP_TYPE_HTTP_TRANSPORT,
                       "url", url,
                       "mode", mode,
                       NULL);
}

/**
 * mcp_http_transport_add_header:
 * @self: a #McpHttpTransport
 * @name: a header name, like `Authorization`
 * @value: its value; never logged
 * @error: return location for a #GError
 *
 * Adds a header to every request, to the configured origin only (a
 * redirect to another origin is not followed). The header is checked with
 * mcp_http_check_header(): the headers the protocol sets itself (Accept,
 * Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Host,
 * Content-Length) cannot be set, and a name already added, in any case, is
 * refused. The value goes out without the spaces and tabs around it.
 *
 * Returns: %TRUE, or %FALSE with @error set if the header is not valid
 */
gboolean
mcp_http_transport_add_header (McpHttpTransport  *self,
                               const char        *name,
                               const char        *value,
                               GError           **error)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (!mcp_http_check_new_header ((const char * const *)self->header_names->pdata, self->header_names->len,
                                  name, value, error))
    return FALSE;

  g_ptr_array_add (self->header_names, g_strdup (name));
  g_ptr_array_add (self->header_values, mcp_http_strip_header_value (value));

  return TRUE;
}

/**
 * mcp_http_transport_set_token_provider:
 * @self: a #McpHttpTransport
 * @provider: (nullable): who gives the Authorization header, and answers
 *   the server's 401 and 403
 *
 * With a provider, every request carries the Authorization it gives (in
 * place of a configured one), and a message the server refuses with 401,
 * or 403 and a challenge, goes to the provider (a few times at most) and is
 * sent again if it says so. The transport knows nothing of how.
 */
void
mcp_http_transport_set_token_provider (McpHttpTransport *self,
                                       McpTokenProvider *provider)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (provider == NULL || MCP_IS_TOKEN_PROVIDER (provider));

  g_set_object (&self->token_provider, provider);
}

void
_mcp_http_transport_set_tls_database (McpHttpTransport *self,
                                      GTlsDatabase     *database)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (G_IS_TLS_DATABASE (database));

  soup_session_set_tls_database (self->session, database);
}

const char *
mcp_http_transport_get_url (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->url;
}

McpHttpMode
mcp_http_transport_get_mode (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), MCP_HTTP_MODE_AUTO);

  return self->mode;
}

McpHttpMode
mcp_http_transport_get_detected_mode (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), MCP_HTTP_MODE_AUTO);

  return self->detected_mode;
}

const char *
mcp_http_transport_get_protocol_version (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), NULL);

  return self->protocol_version;
}

guint
mcp_http_transport_get_request_timeout (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->request_timeout_ms;
}

void
mcp_http_transport_set_request_timeout (McpHttpTransport *self,
                                        guint             timeout_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->request_timeout_ms != timeout_ms)
    {
      self->request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REQUEST_TIMEOUT]);
    }
}

guint
mcp_http_transport_get_reconnect_delay (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->reconnect_delay_ms;
}

void
mcp_http_transport_set_reconnect_delay (McpHttpTransport *self,
                                        guint             delay_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  delay_ms = MIN (delay_ms, MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS);
  if (self->reconnect_delay_ms != delay_ms)
    {
      self->reconnect_delay_ms = delay_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_DELAY]);
    }
}

guint
mcp_http_transport_get_reconnect_delay_max (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->reconnect_delay_max_ms;
}

void
mcp_http_transport_set_reconnect_delay_max (McpHttpTransport *self,
                                            guint             delay_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->reconnect_delay_max_ms != delay_ms)
    {
      self->reconnect_delay_max_ms = delay_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_DELAY_MAX]);
    }
}

guint
mcp_http_transport_get_retry_delay_max (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->retry_delay_max_ms;
}

void
mcp_http_transport_set_retry_delay_max (McpHttpTransport *self,
                                        guint             delay_ms)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->retry_delay_max_ms != delay_ms)
    {
      self->retry_delay_max_ms = delay_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRY_DELAY_MAX]);
    }
}

guint
mcp_http_transport_get_max_reconnect_attempts (McpHttpTransport *self)
{
  g_return_val_if_fail (MCP_IS_HTTP_TRANSPORT (self), 0);

  return self->max_reconnect_attempts;
}

void
mcp_http_transport_set_max_reconnect_attempts (McpHttpTransport *self,
                                               guint             attempts)
{
  g_return_if_fail (MCP_IS_HTTP_TRANSPORT (self));

  if (self->max_reconnect_attempts != attempts)
    {
      self->max_reconnect_attempts = attempts;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RECONNECT_ATTEMPTS]);
    }
}
