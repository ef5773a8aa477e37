/* mcp-transport.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-transport"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-transport-private.h"

/* A message this large is parsed on a worker thread: 10 000 tools are about
 * 3 MB of JSON, a good part of a second of parsing that would freeze the
 * window. Smaller ones are parsed at once, as they arrive. */
#define THREAD_PARSE_SIZE (256 * 1024)

typedef struct
{
  gsize       max_message_size;

  /* While a large message is parsed, what arrives after it waits in
   * order behind it, and so does the end of the connection. */
  GQueue      waiting;
  GError     *deferred_close;
  char       *related_request;

  guint       closed : 1;
  guint       parsing : 1;
  guint       close_deferred : 1;
} McpTransportPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (McpTransport, mcp_transport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLOSED,
  PROP_MAX_MESSAGE_SIZE,
  N_PROPS
};

enum {
  MESSAGE_RECEIVED,
  INVALID_MESSAGE,
  INVALID_RESPONSE,
  REQUEST_LOST,
  STDERR_LINE,
  EVENT,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void mcp_transport_real_send_message (McpTransport         *self,
                                             JsonNode             *message,
                                             McpSendFlags          flags,
                                             McpTransportSendFunc  callback,
                                             gpointer              user_data);

static void
mcp_transport_finalize (GObject *object)
{
  McpTransport *self = (McpTransport *)object;
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_queue_clear_full (&priv->waiting, (GDestroyNotify)g_bytes_unref);
  g_clear_error (&priv->deferred_close);
  g_clear_pointer (&priv->related_request, g_free);

  G_OBJECT_CLASS (mcp_transport_parent_class)->finalize (object);
}

static void
mcp_transport_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  McpTransport *self = MCP_TRANSPORT (object);
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_CLOSED:
      g_value_set_boolean (value, priv->closed);
      break;

    case PROP_MAX_MESSAGE_SIZE:
      g_value_set_uint64 (value, priv->max_message_size);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_transport_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  McpTransport *self = MCP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_MAX_MESSAGE_SIZE:
      mcp_transport_set_max_message_size (self, g_value_get_uint64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_transport_class_init (McpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_transport_finalize;
  object_class->get_property = mcp_transport_get_property;
  object_class->set_property = mcp_transport_set_property;

  klass->send_message = mcp_transport_real_send_message;

  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MAX_MESSAGE_SIZE] =
    g_param_spec_uint64 ("max-message-size", NULL, NULL,
                         1024, G_MAXSIZE, MCP_DEFAULT_MAX_MESSAGE_SIZE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpTransport::message-received:
   * @message: (transfer none): a JSON-RPC request, notification or response
   */
  signals[MESSAGE_RECEIVED] =
    g_signal_new ("message-received",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::invalid-message:
   * @text: what arrived (possibly shortened)
   * @reason: why it is not a JSON-RPC message
   *
   * Something that is not JSON-RPC arrived and was skipped.
   */
  signals[INVALID_MESSAGE] =
    g_signal_new ("invalid-message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::invalid-response:
   * @id: the id of the request it answers, as far as can be told
   * @reason: why it cannot be used ("it is not valid UTF-8 (byte 57)")
   *
   * An answer arrived that cannot be read: text that is not UTF-8 is
   * repaired only to find its id. It was also reported as
   * #McpTransport::invalid-message; the request it answers has failed.
   */
  signals[INVALID_RESPONSE] =
    g_signal_new ("invalid-response",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::request-lost:
   * @id: the id of the request
   * @reason: what happened to its answer ("the stream ended before it")
   *
   * The answer to one request can no longer come, and the connection is
   * still good: in the stateless revision, the stream that would carry it
   * ended, and no stream is ever resumed. The request has failed; whether
   * the server carried it out is unknown.
   */
  signals[REQUEST_LOST] =
    g_signal_new ("request-lost",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::stderr-line:
   * @line: one line the server wrote to its standard error, without newline
   */
  signals[STDERR_LINE] =
    g_signal_new ("stderr-line",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::event:
   * @message: a human-readable note on what the transport did
   *   ("GET stream answered 405: the server has no stream for us")
   *
   * Never contains header values, tokens or session ids.
   */
  signals[EVENT] =
    g_signal_new ("event",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpTransport::closed:
   * @error: (nullable): why it closed, %NULL for a clean close
   *
   * Emitted once, when the transport can carry no more messages.
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mcp_transport_init (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  priv->max_message_size = MCP_DEFAULT_MAX_MESSAGE_SIZE;
}

void
mcp_transport_open_async (McpTransport        *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  MCP_TRANSPORT_GET_CLASS (self)->open_async (self, cancellable, callback, user_data);
}

gboolean
mcp_transport_open_finish (McpTransport  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);

  return MCP_TRANSPORT_GET_CLASS (self)->open_finish (self, result, error);
}

void
mcp_transport_send_async (McpTransport        *self,
                          JsonNode            *message,
                          McpSendFlags         flags,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  MCP_TRANSPORT_GET_CLASS (self)->send_async (self, message, flags, cancellable, callback, user_data);
}

gboolean
mcp_transport_send_finish (McpTransport  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);

  return MCP_TRANSPORT_GET_CLASS (self)->send_finish (self, result, error);
}

typedef struct
{
  McpTransportSendFunc callback;
  gpointer             user_data;
} SendMessageData;

static void
send_message_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  SendMessageData *data = user_data;
  g_autoptr(GError) error = NULL;

  mcp_transport_send_finish (MCP_TRANSPORT (object), result, &error);
  data->callback (MCP_TRANSPORT (object), error, data->user_data);
  g_free (data);
}

static void
mcp_transport_real_send_message (McpTransport         *self,
                                 JsonNode             *message,
                                 McpSendFlags          flags,
                                 McpTransportSendFunc  callback,
                                 gpointer              user_data)
{
  SendMessageData *data = g_new0 (SendMessageData, 1);

  data->callback = callback;
  data->user_data = user_data;
  mcp_transport_send_async (self, message, flags, NULL, send_message_cb, data);
}

/**
 * mcp_transport_send_message:
 * @self: a #McpTransport
 * @message: a JSON-RPC message
 * @flags: how it may be delivered
 * @callback: called once when its delivery ended, perhaps before this
 *   function returns
 * @user_data: data for @callback
 *
 * Like mcp_transport_send_async(), without a #GTask: for the hot path of
 * clients that send many small requests.
 */
void
mcp_transport_send_message (McpTransport         *self,
                            JsonNode             *message,
                            McpSendFlags          flags,
                            McpTransportSendFunc  callback,
                            gpointer              user_data)
{
  g_return_if_fail (MCP_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (callback != NULL);

  MCP_TRANSPORT_GET_CLASS (self)->send_message (self, message, flags, callback, user_data);
}

/**
 * mcp_transport_send:
 * @self: a #McpTransport
 * @message: a JSON-RPC message
 *
 * Queues @message without waiting for its delivery (notifications, answers
 * to the peer's requests). A failure to deliver it is reported by the
 * transport closing.
 */
void
mcp_transport_send (McpTransport *self,
                    JsonNode     *message)
{
  mcp_transport_send_async (self, message, MCP_SEND_FLAGS_NONE, NULL, NULL, NULL);
}

void
mcp_transport_close_async (McpTransport        *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_return_if_fail (MCP_IS_TRANSPORT (self));

  MCP_TRANSPORT_GET_CLASS (self)->close_async (self, cancellable, callback, user_data);
}

gboolean
mcp_transport_close_finish (McpTransport  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (self), FALSE);

  return MCP_TRANSPORT_GET_CLASS (self)->close_finish (self, result, error);
}

gboolean
mcp_transport_is_closed (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), TRUE);

  return priv->closed;
}

gsize
mcp_transport_get_max_message_size (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_val_if_fail (MCP_IS_TRANSPORT (self), 0);

  return priv->max_message_size;
}

void
mcp_transport_set_max_message_size (McpTransport *self,
                                    gsize         max_message_size)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_return_if_fail (MCP_IS_TRANSPORT (self));

  if (priv->max_message_size != max_message_size)
    {
      priv->max_message_size = max_message_size;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_MESSAGE_SIZE]);
    }
}

static gboolean
is_jsonrpc_message (JsonNode *node)
{
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;

  object = json_node_get_object (node);

  /* A request or notification has a method; a response has an id and a
   * result or an error. Servers are not always strict about "jsonrpc". */
  if (json_object_has_member (object, "method"))
    return JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "method")) &&
           json_node_get_value_type (json_object_get_member (object, "method")) == G_TYPE_STRING;

  return json_object_has_member (object, "id") &&
         (json_object_has_member (object, "result") || json_object_has_member (object, "error"));
}

/* What a parsed text holds: messages are emitted, anything else reported. */
static gboolean
deliver (McpTransport *self,
         JsonNode     *root,
         const char   *text,
         gsize         length)
{
  gboolean emitted = FALSE;

  if (JSON_NODE_HOLDS_ARRAY (root))
    {
      /* A batch (legal only in 2025-03-26): handle each member in order. */
      JsonArray *array = json_node_get_array (root);
      guint n = json_array_get_length (array);

      for (guint i = 0; i < n; i++)
        {
          JsonNode *member = json_array_get_element (array, i);

          if (is_jsonrpc_message (member))
            {
              _mcp_transport_emit_message (self, member);
              emitted = TRUE;
            }
          else
            _mcp_transport_emit_invalid (self, text, length, _("batch member is not a JSON-RPC message"));
        }

      return emitted;
    }

  if (!is_jsonrpc_message (root))
    {
      _mcp_transport_emit_invalid (self, text, length, _("JSON, but not a JSON-RPC message"));
      return FALSE;
    }

  _mcp_transport_emit_message (self, root);

  return TRUE;
}

/* What parsing one text gave: a tree, or why not. */
typedef struct
{
  JsonNode *root;
  GError   *error;
  gssize    bad_utf8;     /* offset of the first byte that is not UTF-8, or -1 */
  JsonNode *answered_id;  /* then: the id of the response it seems to be */
} Parsed;

static void
parsed_clear (Parsed *parsed)
{
  g_clear_pointer (&parsed->root, json_node_unref);
  g_clear_error (&parsed->error);
  g_clear_pointer (&parsed->answered_id, json_node_unref);
}

static void
parsed_free (Parsed *parsed)
{
  parsed_clear (parsed);
  g_free (parsed);
}

/* The offset of the first byte of @text that is not UTF-8 (a NUL byte is
 * UTF-8 here: JSON rejects it by its own rules), or -1. */
static gssize
find_bad_utf8 (const char *text,
               gsize       length)
{
  const char *p = text;
  const char *end = text + length;
  const char *stop;

  while (!g_utf8_validate_len (p, end - p, &stop))
    {
      if (*stop != '\0')
        return stop - text;
      p = stop + 1;
    }

  return -1;
}

/* A text that is not UTF-8 cannot be parsed, but it may still say which
 * request it answers: repaired (each bad sequence becomes U+FFFD) only to
 * read its id, so that the request fails at once, and not by its timeout. */
static JsonNode *
find_answered_id (const char *text,
                  gsize       length)
{
  g_autofree char *repaired = g_utf8_make_valid (text, length);
  g_autoptr(JsonNode) root = _mcp_json_parse (repaired, strlen (repaired), NULL);
  JsonObject *object;
  JsonNode *id;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;

  object = json_node_get_object (root);
  id = json_object_get_member (object, "id");
  if (json_object_has_member (object, "method") || id == NULL || !JSON_NODE_HOLDS_VALUE (id) ||
      !(json_object_has_member (object, "result") || json_object_has_member (object, "error")))
    return NULL;

  return json_node_copy (id);
}

static void
parse (const char *text,
       gsize       length,
       Parsed     *parsed)
{
  parsed->bad_utf8 = -1;
  parsed->root = _mcp_json_parse_message (text, length, &parsed->error);

  if (parsed->root == NULL && (parsed->bad_utf8 = find_bad_utf8 (text, length)) >= 0)
    parsed->answered_id = find_answered_id (text, length);
}

/* Reports a text that did not parse; an answer that is not UTF-8 fails
 * the request it answers. */
static void
report_unparsed (McpTransport *self,
                 const char   *text,
                 gsize         length,
                 Parsed       *parsed)
{
  g_autofree char *reason = NULL;
  g_autofree char *note = NULL;

  if (parsed->bad_utf8 < 0)
    {
      _mcp_transport_emit_invalid (self, text, length, parsed->error->message);
      return;
    }

  reason = g_strdup_printf (_("it is not valid UTF-8 (byte %lu)"), (gulong)parsed->bad_utf8);
  if (parsed->answered_id == NULL)
    note = g_strdup_printf (_("protocol error: not valid UTF-8 at byte %lu, "
                              "and no id to tell which request it answers"),
                            (gulong)parsed->bad_utf8);
  else
    note = g_strdup_printf (_("an answer that is not valid UTF-8 (byte %lu)"),
                            (gulong)parsed->bad_utf8);

  _mcp_transport_emit_invalid (self, text, length, note);
  if (parsed->answered_id != NULL)
    g_signal_emit (self, signals[INVALID_RESPONSE], 0, parsed->answered_id, reason);
}

static gboolean
parse_and_deliver (McpTransport *self,
                   const char   *text,
                   gsize         length)
{
  Parsed parsed = { NULL, };
  gboolean delivered = FALSE;

  parse (text, length, &parsed);
  if (parsed.root == NULL)
    report_unparsed (self, text, length, &parsed);
  else
    delivered = deliver (self, parsed.root, text, length);
  parsed_clear (&parsed);

  return delivered;
}

static void
parse_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GBytes *bytes = task_data;
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);
  Parsed *parsed = g_new0 (Parsed, 1);

  parse (text, length, parsed);
  g_task_return_pointer (task, parsed, (GDestroyNotify)parsed_free);
}

static gboolean handle_bytes (McpTransport *self,
                              GBytes       *bytes);

static void
parsed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  McpTransport *self = MCP_TRANSPORT (object);
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  GBytes *bytes = g_task_get_task_data (G_TASK (result));
  Parsed *parsed;
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  priv->parsing = FALSE;

  parsed = g_task_propagate_pointer (G_TASK (result), NULL);
  if (parsed->root == NULL)
    report_unparsed (self, text, length, parsed);
  else
    deliver (self, parsed->root, text, length);
  parsed_free (parsed);

  /* Then what came after it, in order, until the next large one. */
  while (!priv->parsing && !g_queue_is_empty (&priv->waiting))
    {
      g_autoptr(GBytes) next = g_queue_pop_head (&priv->waiting);

      handle_bytes (self, next);
    }

  if (!priv->parsing && priv->close_deferred)
    {
      g_autoptr(GError) close_error = g_steal_pointer (&priv->deferred_close);

      priv->close_deferred = FALSE;
      _mcp_transport_emit_closed (self, close_error);
    }
}

static void
parse_on_thread (McpTransport *self,
                 GBytes       *bytes)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);
  g_autoptr(GTask) task = g_task_new (self, NULL, parsed_cb, NULL);

  g_task_set_source_tag (task, parse_on_thread);
  g_task_set_name (task, "[mcp] parse a large message");
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify)g_bytes_unref);
  priv->parsing = TRUE;
  g_task_run_in_thread (task, parse_in_thread);
}

static gboolean
handle_bytes (McpTransport *self,
              GBytes       *bytes)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  if (length >= THREAD_PARSE_SIZE)
    {
      parse_on_thread (self, bytes);
      return FALSE;
    }

  return parse_and_deliver (self, text, length);
}

gboolean
_mcp_transport_handle_text (McpTransport *self,
                            const char   *text,
                            gsize         length)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_assert (MCP_IS_TRANSPORT (self));

  if (length > G_MAXSSIZE)
    length = G_MAXSSIZE;

  /* Behind a large message still being parsed: wait for it, in order. */
  if (priv->parsing)
    {
      g_queue_push_tail (&priv->waiting, g_bytes_new (text, length));
      return FALSE;
    }

  if (length >= THREAD_PARSE_SIZE)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (text, length);

      parse_on_thread (self, bytes);
      return FALSE;
    }

  /* The common case: no copy, parsed at once. */
  return parse_and_deliver (self, text, length);
}

void
_mcp_transport_set_related_request (McpTransport *self,
                                    const char   *id_key)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_assert (MCP_IS_TRANSPORT (self));

  g_free (priv->related_request);
  /* Deferred parsing delivers later, with no stream to speak of. */
  priv->related_request = priv->parsing ? NULL : g_strdup (id_key);
}

const char *
_mcp_transport_get_related_request (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_assert (MCP_IS_TRANSPORT (self));

  return priv->related_request;
}

gboolean
_mcp_transport_is_parsing (McpTransport *self)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_assert (MCP_IS_TRANSPORT (self));

  return priv->parsing;
}

void
_mcp_transport_emit_message (McpTransport *self,
                             JsonNode     *message)
{
  g_assert (MCP_IS_TRANSPORT (self));
  g_assert (message != NULL);

  g_signal_emit (self, signals[MESSAGE_RECEIVED], 0, message);
}

void
_mcp_transport_emit_invalid (McpTransport *self,
                             const char   *text,
                             gsize         length,
                             const char   *reason)
{
  g_autofree char *shown = NULL;
  const gsize max_shown = 200;

  g_assert (MCP_IS_TRANSPORT (self));

  /* Show at most the start of it, as valid UTF-8. */
  shown = g_utf8_make_valid (text, MIN (length, max_shown));
  if (length > max_shown)
    {
      char *tmp = g_strconcat (shown, "…", NULL);
      g_free (shown);
      shown = tmp;
    }

  g_signal_emit (self, signals[INVALID_MESSAGE], 0, shown, reason);
}

void
_mcp_transport_emit_request_lost (McpTransport *self,
                                  JsonNode     *id,
                                  const char   *reason)
{
  g_assert (MCP_IS_TRANSPORT (self));
  g_assert (id != NULL);

  g_signal_emit (self, signals[REQUEST_LOST], 0, id, reason);
}

void
_mcp_transport_emit_stderr_line (McpTransport *self,
                                 const char   *line)
{
  g_assert (MCP_IS_TRANSPORT (self));

  g_signal_emit (self, signals[STDERR_LINE], 0, line);
}

void
_mcp_transport_emit_event (McpTransport *self,
                           const char   *format,
                           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  g_assert (MCP_IS_TRANSPORT (self));

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_debug ("%s", message);
  g_signal_emit (self, signals[EVENT], 0, message);
}

void
_mcp_transport_emit_closed (McpTransport *self,
                            const GError *error)
{
  McpTransportPrivate *priv = mcp_transport_get_instance_private (self);

  g_assert (MCP_IS_TRANSPORT (self));

  if (priv->closed || priv->close_deferred)
    return;

  /* Messages that arrived before the end are delivered before it. */
  if (priv->parsing)
    {
      priv->close_deferred = TRUE;
      priv->deferred_close = error != NULL ? g_error_copy (error) : NULL;
      return;
    }

  priv->closed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_signal_emit (self, signals[CLOSED], 0, error);
}

char *
_mcp_transport_serialize (JsonNode *message,
                          gsize    *length)
{
  GString *out = g_string_sized_new (256);

  _mcp_json_write (message, out);
  if (length != NULL)
    *length = out->len;

  return g_string_free (out, FALSE);
}
