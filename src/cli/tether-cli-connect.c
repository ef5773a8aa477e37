/* tether-cli-connect.c — tether-cli connect: the hub, over stdio
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For AI clients that only launch commands: an MCP server on stdin and
 * stdout (one JSON-RPC message per line) that forwards every message to
 * the running hub and writes back every message the hub sends:
 *
 *   tether-cli connect [--profile NAME]
 *
 * The hub is found through `$XDG_RUNTIME_DIR/tether/hub.json` (its URL and
 * pid; a file whose pid is gone is stale) and the token read from
 * `$XDG_CONFIG_HOME/tether/hub-token`. When no hub runs, Tether is started
 * in the background: by D-Bus activation of the app id, else by running
 * the `tether` next to this program with `--gapplication-service`; the
 * bridge waits for hub.json (15 s, TETHER_CONNECT_TIMEOUT_MS) and, if none
 * comes, says why on stderr and exits with status 1.
 *
 * Each message is POSTed (JSON or SSE answers, the session id and protocol
 * version of the `initialize` answer); after `notifications/initialized`
 * the GET stream brings what belongs to no request. When the hub forgets
 * the session (it restarted: 404), the bridge initializes again with the
 * client's own `initialize` and sends the message once more. A request the
 * hub refuses gets a JSON-RPC error with the request's id, never silence.
 * End of stdin, SIGINT or SIGTERM end the session (DELETE) and the bridge.
 * Nothing but MCP goes to stdout; the token is never printed.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <glib/gi18n.h>
#include <glib-unix.h>
#include <libsoup/soup.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "mcp-sse-parser.h"
#include "tether-cli-connect.h"
#include "tether-cli-output.h"
#include "tether-hub.h"
#include "tether-hub-token.h"

#define MAX_LINE (16 * 1024 * 1024)
#define DEFAULT_START_TIMEOUT_MS 15000

typedef struct
{
  GMainLoop          *loop;
  SoupSession        *session;
  GDataInputStream   *input;
  GCancellable       *cancellable;
  char               *url;
  char               *token;
  char               *session_id;
  char               *protocol_version;
  JsonNode           *initialize;     /* the client's, for a new session */
  GQueue              resend;         /* JsonNode: waiting for the new session */
  guint               in_flight;
  gboolean            stream_open;
  gboolean            awaiting_session;
  gboolean            eof;
  gboolean            done;
  int                 exit_code;
} Bridge;

typedef struct
{
  Bridge       *bridge;
  SoupMessage  *msg;
  JsonNode     *message;     /* what we sent */
  JsonNode     *id;          /* its id, if a request */
  char         *method;
  McpSseParser *parser;
  GInputStream *body;
  char          buffer[16384];
  GByteArray   *json;
  gboolean      is_stream;   /* the GET stream */
  gboolean      retried;
  gboolean      own;         /* ours, not the client's: its answer is not shown */
} Post;

static void send_message (Bridge   *bridge,
                          JsonNode *message,
                          gboolean  retried,
                          gboolean  own);
static void open_stream  (Bridge   *bridge);
static void maybe_finish (Bridge   *bridge);

/* ---------------------------------------------------------------------- */

static void
write_line (const char *text,
            gsize       length)
{
  fwrite (text, 1, length, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

static void
write_node (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  write_line (text, strlen (text));
}

/* A request the hub did not answer gets an error, never silence. */
static void
write_error (JsonNode   *id,
             int         code,
             const char *message)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  JsonObject *error = json_object_new ();

  if (id == NULL)
    return;

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_member (object, "id", json_node_copy (id));
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  json_object_set_object_member (object, "error", error);
  node = json_node_init_object (json_node_alloc (), object);
  write_node (node);
}

static void
post_free (Post *post)
{
  g_clear_object (&post->msg);
  g_clear_pointer (&post->message, json_node_unref);
  g_clear_pointer (&post->id, json_node_unref);
  g_clear_pointer (&post->method, g_free);
  g_clear_object (&post->parser);
  g_clear_object (&post->body);
  g_clear_pointer (&post->json, g_byte_array_unref);
  g_free (post);
}

static void
post_done (Post *post)
{
  Bridge *bridge = post->bridge;

  /* The session exists (or never will): what waited for it goes, after
   * the answer to initialize. */
  if (g_strcmp0 (post->method, "initialize") == 0)
    {
      JsonNode *message;

      bridge->awaiting_session = FALSE;
      while ((message = g_queue_pop_head (&bridge->resend)) != NULL)
        {
          send_message (bridge, message, post->own, FALSE);
          json_node_unref (message);
        }
    }

  if (post->is_stream)
    bridge->stream_open = FALSE;
  else
    bridge->in_flight--;
  post_free (post);
  maybe_finish (bridge);
}

/* A message from the hub: to stdout, noting what initialize said. */
static void
from_hub (Bridge     *bridge,
          Post       *post,
          const char *text,
          gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object;

  if (!json_parser_load_from_data (parser, text, (gssize)length, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_warning ("the hub sent something that is not JSON-RPC; skipped");
      return;
    }

  object = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (post->method, "initialize") == 0 && json_object_has_member (object, "result") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "result")))
    {
      const char *version = json_object_get_string_member_with_default (json_object_get_object_member (object, "result"),
                                                                         "protocolVersion", NULL);

      g_free (bridge->protocol_version);
      bridge->protocol_version = g_strdup (version);
    }

  /* A new session of ours, made behind the client's back: its answer is
   * not the client's. */
  if (post->own)
    return;

  write_line (text, length);
}

static void
read_body_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Post *post = user_data;
  Bridge *bridge = post->bridge;
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);

  if (n > 0 && post->parser != NULL)
    {
      McpSseEvent *event;

      if (!mcp_sse_parser_feed (post->parser, post->buffer, (gsize)n, &error))
        {
          g_warning ("the hub's stream is broken: %s", error->message);
          write_error (post->id, MCP_RPC_INTERNAL_ERROR, error->message);
          post_done (post);
          return;
        }
      while ((event = mcp_sse_parser_pop_event (post->parser)) != NULL)
        {
          if (g_str_equal (event->event, "message") && event->data_length > 0)
            from_hub (bridge, post, event->data, event->data_length);
          mcp_sse_event_free (event);
        }
    }
  else if (n > 0)
    {
      if (post->json->len + (gsize)n > MAX_LINE)
        {
          write_error (post->id, MCP_RPC_INTERNAL_ERROR, _("The hub's answer is too large"));
          post_done (post);
          return;
        }
      g_byte_array_append (post->json, (const guint8 *)post->buffer, (guint)n);
    }

  if (n > 0)
    {
      g_input_stream_read_async (post->body, post->buffer, sizeof post->buffer, G_PRIORITY_DEFAULT,
                                 bridge->cancellable, read_body_cb, post);
      return;
    }

  if (post->json != NULL && post->json->len > 0)
    from_hub (bridge, post, (const char *)post->json->data, post->json->len);

  post_done (post);
}

static void
sent_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Post *post = user_data;
  Bridge *bridge = post->bridge;
  g_autoptr(GError) error = NULL;
  const char *type;
  guint status;

  post->body = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (post->body == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The Tether hub did not answer: %s"), error->message);

      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          tether_cli_print_error ("%s", text);
          write_error (post->id, MCP_RPC_INTERNAL_ERROR, text);
        }
      post_done (post);
      return;
    }

  status = soup_message_get_status (post->msg);
  type = soup_message_headers_get_content_type (soup_message_get_response_headers (post->msg), NULL);

  if (g_strcmp0 (post->method, "initialize") == 0 && SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      const char *id = soup_message_headers_get_one (soup_message_get_response_headers (post->msg),
                                                     "Mcp-Session-Id");

      g_free (bridge->session_id);
      bridge->session_id = g_strdup (id);

      if (post->own)
        {
          /* Our new session is ready: what failed goes again, once. */
          g_autoptr(JsonNode) initialized =
            json_from_string ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", NULL);

          send_message (bridge, initialized, TRUE, TRUE);
        }
    }

  if (status == SOUP_STATUS_NOT_FOUND && bridge->session_id != NULL && !post->retried && !post->own &&
      bridge->initialize != NULL && !post->is_stream &&
      g_strcmp0 (post->method, "initialize") != 0)
    {
      /* The hub forgot the session (it restarted): a new one, with the
       * client's own initialize, then this message once more. */
      g_queue_push_tail (&bridge->resend, json_node_ref (post->message));
      if (!bridge->awaiting_session)
        {
          bridge->awaiting_session = TRUE;
          g_clear_pointer (&bridge->session_id, g_free);
          send_message (bridge, bridge->initialize, TRUE, TRUE);
        }
      post_done (post);
      return;
    }

  if (status == SOUP_STATUS_ACCEPTED)
    {
      post_done (post);
      return;
    }

  if (!SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      /* A JSON-RPC error from the hub keeps its words. */
      post->json = g_byte_array_new ();
      if (post->id != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The Tether hub answered HTTP %u %s"),
                                                   status, soup_message_get_reason_phrase (post->msg));

          tether_cli_print_error ("%s", text);
          write_error (post->id, MCP_RPC_INTERNAL_ERROR, text);
        }
      else if (post->is_stream)
        tether_cli_print_error (_("The Tether hub refused the stream: HTTP %u"), status);
      g_clear_pointer (&post->id, json_node_unref);
      post_done (post);
      return;
    }

  if (type != NULL && g_ascii_strcasecmp (type, "text/event-stream") == 0)
    post->parser = mcp_sse_parser_new (MAX_LINE);
  else
    post->json = g_byte_array_new ();

  g_input_stream_read_async (post->body, post->buffer, sizeof post->buffer, G_PRIORITY_DEFAULT,
                             bridge->cancellable, read_body_cb, post);
}

static SoupMessage *
new_message (Bridge     *bridge,
             const char *method)
{
  SoupMessage *msg = soup_message_new (method, bridge->url);
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  g_autofree char *authorization = g_strdup_printf ("Bearer %s", bridge->token);

  soup_message_headers_replace (headers, "Authorization", authorization);
  if (bridge->session_id != NULL)
    soup_message_headers_replace (headers, "Mcp-Session-Id", bridge->session_id);
  if (bridge->protocol_version != NULL)
    soup_message_headers_replace (headers, "MCP-Protocol-Version", bridge->protocol_version);
  memset (authorization, 0, strlen (authorization));

  return msg;
}

/* A string member of @object, or %NULL. */
static const char *
string_of (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

/* A request of the stateless revision (2026-07-28) says its version in
 * `params._meta`; over HTTP the hub wants the same in MCP-Protocol-Version,
 * its method in Mcp-Method and its tool, prompt or resource in Mcp-Name.
 * The stdio client cannot set headers: the bridge does. */
static void
add_era_headers (SoupMessage *msg,
                 JsonObject  *object,
                 const char  *method)
{
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  JsonNode *params_node = json_object_get_member (object, "params");
  JsonObject *params = params_node != NULL && JSON_NODE_HOLDS_OBJECT (params_node)
                         ? json_node_get_object (params_node) : NULL;
  JsonNode *meta_node = params != NULL ? json_object_get_member (params, "_meta") : NULL;
  const char *version;
  const char *member;
  g_autofree char *encoded_method = NULL;

  if (method == NULL || meta_node == NULL || !JSON_NODE_HOLDS_OBJECT (meta_node))
    return;
  version = string_of (json_node_get_object (meta_node), MCP_META_PROTOCOL_VERSION);
  if (version == NULL)
    return;

  encoded_method = mcp_era_encode_header (method);
  soup_message_headers_replace (headers, "MCP-Protocol-Version", version);
  soup_message_headers_replace (headers, "Mcp-Method", encoded_method);
  member = mcp_era_name_member (method);
  if (member != NULL && string_of (params, member) != NULL)
    {
      g_autofree char *name = mcp_era_encode_header (string_of (params, member));

      soup_message_headers_replace (headers, "Mcp-Name", name);
    }
}

static void
send_message (Bridge   *bridge,
              JsonNode *message,
              gboolean  retried,
              gboolean  own)
{
  g_autofree char *text = NULL;
  g_autoptr(GBytes) body = NULL;
  JsonObject *object = json_node_get_object (message);
  Post *post;
  gsize length;

  /* While a new session is being made, the client's messages wait for it. */
  if (bridge->awaiting_session && !own)
    {
      g_queue_push_tail (&bridge->resend, json_node_ref (message));
      return;
    }

  text = json_to_string (message, FALSE);
  length = strlen (text);
  post = g_new0 (Post, 1);

  /* Nothing may overtake initialize: the rest needs its session id. */
  if (g_strcmp0 (json_object_get_string_member_with_default (object, "method", NULL), "initialize") == 0)
    bridge->awaiting_session = TRUE;

  post->bridge = bridge;
  post->message = json_node_ref (message);
  post->retried = retried;
  post->own = own;
  post->method = g_strdup (json_object_get_string_member_with_default (object, "method", NULL));
  if (post->method != NULL && json_object_has_member (object, "id"))
    post->id = json_node_copy (json_object_get_member (object, "id"));

  post->msg = new_message (bridge, "POST");
  soup_message_headers_replace (soup_message_get_request_headers (post->msg),
                                "Accept", "application/json, text/event-stream");
  add_era_headers (post->msg, object, post->method);
  body = g_bytes_new_take (g_steal_pointer (&text), length);
  soup_message_set_request_body_from_bytes (post->msg, "application/json", body);

  bridge->in_flight++;
  soup_session_send_async (bridge->session, post->msg, G_PRIORITY_DEFAULT, bridge->cancellable,
                           sent_cb, post);

  if (g_strcmp0 (post->method, "notifications/initialized") == 0 && !bridge->stream_open)
    open_stream (bridge);
}

static void
open_stream (Bridge *bridge)
{
  Post *post = g_new0 (Post, 1);

  post->bridge = bridge;
  post->is_stream = TRUE;
  post->msg = new_message (bridge, "GET");
  soup_message_headers_replace (soup_message_get_request_headers (post->msg), "Accept", "text/event-stream");
  bridge->stream_open = TRUE;
  soup_session_send_async (bridge->session, post->msg, G_PRIORITY_DEFAULT, bridge->cancellable,
                           sent_cb, post);
}

/* ---------------------------------------------------------------------- */
/* stdin                                                                   */

static void read_next (Bridge *bridge);

static void
line_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Bridge *bridge = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *line = NULL;
  gsize length = 0;

  line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (object), result, &length, &error);
  if (line == NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        tether_cli_print_error (_("could not read standard input: %s"), error->message);
      bridge->eof = TRUE;
      maybe_finish (bridge);
      return;
    }

  if (length > 0 && line[length - 1] == '\r')
    line[--length] = '\0';

  parser = json_parser_new ();
  if (length == 0)
    ;
  else if (length > MAX_LINE || !json_parser_load_from_data (parser, line, (gssize)length, NULL) ||
           !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_autoptr(JsonNode) null_id = json_node_new (JSON_NODE_NULL);

      write_error (null_id, MCP_RPC_PARSE_ERROR, _("Parse error: one JSON-RPC object per line"));
    }
  else
    {
      JsonNode *root = json_parser_get_root (parser);
      JsonObject *object_root = json_node_get_object (root);

      if (g_strcmp0 (json_object_get_string_member_with_default (object_root, "method", NULL), "initialize") == 0)
        {
          g_clear_pointer (&bridge->initialize, json_node_unref);
          bridge->initialize = json_node_copy (root);
        }
      send_message (bridge, root, FALSE, FALSE);
    }

  read_next (bridge);
}

static void
read_next (Bridge *bridge)
{
  g_data_input_stream_read_line_async (bridge->input, G_PRIORITY_DEFAULT, bridge->cancellable, line_cb, bridge);
}

/* ---------------------------------------------------------------------- */
/* Ending                                                                  */

static void
deleted_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Bridge *bridge = user_data;
  g_autoptr(GInputStream) stream = soup_session_send_finish (SOUP_SESSION (object), result, NULL);

  bridge->done = TRUE;
  g_main_loop_quit (bridge->loop);
}

static void
end_session (Bridge *bridge)
{
  g_autoptr(SoupMessage) msg = NULL;

  if (bridge->done)
    return;

  if (bridge->session_id == NULL)
    {
      bridge->done = TRUE;
      g_main_loop_quit (bridge->loop);
      return;
    }

  msg = new_message (bridge, "DELETE");
  soup_session_send_async (bridge->session, msg, G_PRIORITY_DEFAULT, NULL, deleted_cb, bridge);
  g_clear_pointer (&bridge->session_id, g_free);
}

/* At the end of input, the answers still coming are awaited. */
static void
maybe_finish (Bridge *bridge)
{
  if (bridge->eof && bridge->in_flight == 0 && !bridge->awaiting_session)
    {
      g_cancellable_cancel (bridge->cancellable);
      end_session (bridge);
    }
}

static gboolean
signal_cb (gpointer user_data)
{
  Bridge *bridge = user_data;

  bridge->eof = TRUE;
  bridge->in_flight = 0;
  g_cancellable_cancel (bridge->cancellable);
  end_session (bridge);

  return G_SOURCE_CONTINUE;
}

/* ---------------------------------------------------------------------- */
/* Finding the hub                                                         */

static gboolean
start_by_dbus (GError **error)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, error);
  g_autoptr(GVariant) reply = NULL;

  if (bus == NULL)
    return FALSE;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "StartServiceByName",
                                       g_variant_new ("(su)", APP_ID, 0), G_VARIANT_TYPE ("(u)"),
                                       G_DBUS_CALL_FLAGS_NONE, 5000, NULL, error);

  return reply != NULL;
}

/* In the child: a session of its own, so that the app outlives the bridge
 * (and the AI client that started it), as a D-Bus-started one does. */
static void
detach (gpointer user_data)
{
  setsid ();
}

static gboolean
start_next_to_us (GError **error)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self_path != NULL ? g_path_get_dirname (self_path) : NULL;
  g_autofree char *here = dir != NULL ? g_build_filename (dir, "tether", NULL) : NULL;
  g_autofree char *build = dir != NULL ? g_build_filename (dir, "..", "tether", NULL) : NULL;
  const char *program = NULL;
  const char *argv[3] = { NULL, "--gapplication-service", NULL };

  if (here != NULL && g_file_test (here, G_FILE_TEST_IS_EXECUTABLE))
    program = here;
  else if (build != NULL && g_file_test (build, G_FILE_TEST_IS_EXECUTABLE))
    program = build;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("there is no “tether” program next to tether-cli (%s)"), dir != NULL ? dir : "?");
      return FALSE;
    }

  argv[0] = program;
  /* The app runs on by itself, as it would when D-Bus starts it. */
  return g_spawn_async (NULL, (char **)argv, NULL,
                        G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDIN_FROM_DEV_NULL,
                        detach, NULL, NULL, error);
}

static char *
find_hub (const char  *runtime_file,
          GError     **error)
{
  g_autoptr(GError) dbus_error = NULL;
  g_autoptr(GError) spawn_error = NULL;
  g_autoptr(GError) last = NULL;
  const char *timeout_env = g_getenv ("TETHER_CONNECT_TIMEOUT_MS");
  guint64 timeout_ms = DEFAULT_START_TIMEOUT_MS;
  gint64 deadline;
  char *url = NULL;

  if (tether_hub_read_runtime_file (runtime_file, &url, NULL, NULL))
    return url;

  if (timeout_env != NULL)
    g_ascii_string_to_unsigned (timeout_env, 10, 0, 600000, &timeout_ms, NULL);

  if (!start_by_dbus (&dbus_error) && !start_next_to_us (&spawn_error))
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_NOT_RUNNING,
                   _("No Tether hub is running, and Tether could not be started: by D-Bus: %s; "
                     "directly: %s"), dbus_error->message, spawn_error->message);
      return NULL;
    }

  deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;
  while (g_get_monotonic_time () < deadline)
    {
      g_clear_error (&last);
      if (tether_hub_read_runtime_file (runtime_file, &url, NULL, &last))
        return url;
      g_usleep (50 * 1000);
    }

  g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_NOT_RUNNING,
               _("Tether was started, but its hub did not come up within %.1f s (%s). "
                 "Is “Run the hub” on in Tether’s settings?"),
               timeout_ms / 1000.0, last != NULL ? last->message : "?");

  return NULL;
}

int
tether_cli_connect_main (const TetherCliConfigCommand  *command,
                         const TetherCliOptions        *options,
                         char                         **args,
                         GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_autofree char *profile = NULL;
  g_autofree char *runtime_file = tether_hub_dup_default_runtime_file ();
  g_autofree char *token_path = tether_hub_token_dup_default_path ();
  g_autofree char *base_url = NULL;
  g_autoptr(GInputStream) stdin_stream = NULL;
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint signal_ids[G_N_ELEMENTS (signals)];
  Bridge bridge = { 0 };

  const GOptionEntry entries[] = {
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile,
      N_("Offer the servers and tools of this profile only (the hub's /mcp/NAME endpoint)"),
      N_("NAME") },
    { NULL }
  };

  if (!tether_cli_args_parse (&parsed, command->synopsis, command->summary, entries, NULL, NULL,
                              NULL, args, error))
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  if (parsed.positional[0] != NULL || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   _("connect takes --profile NAME only, not “%s”"),
                   parsed.positional[0] != NULL ? parsed.positional[0] : "--");
      return TETHER_CLI_EXIT_USAGE;
    }

  if (!tether_cli_check_value ("--profile", profile, error))
    return TETHER_CLI_EXIT_USAGE;

  signal (SIGPIPE, SIG_IGN);

  base_url = find_hub (runtime_file, error);
  if (base_url == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  bridge.token = tether_hub_token_load (token_path, FALSE, error);
  if (bridge.token == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  bridge.url = profile != NULL ? g_strdup_printf ("%s/%s", base_url, profile) : g_strdup (base_url);
  bridge.loop = g_main_loop_new (NULL, FALSE);
  bridge.cancellable = g_cancellable_new ();
  bridge.session = soup_session_new_with_options ("timeout", 0, "max-conns-per-host", 64,
                                                  "max-conns", 64, NULL);
  stdin_stream = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  bridge.input = g_data_input_stream_new (stdin_stream);
  g_data_input_stream_set_newline_type (bridge.input, G_DATA_STREAM_NEWLINE_TYPE_LF);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    signal_ids[i] = g_unix_signal_add (signals[i], signal_cb, &bridge);

  read_next (&bridge);
  while (!bridge.done)
    g_main_loop_run (bridge.loop);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (signal_ids[i]);

  if (bridge.token != NULL)
    memset (bridge.token, 0, strlen (bridge.token));
  g_clear_pointer (&bridge.token, g_free);
  g_clear_pointer (&bridge.url, g_free);
  g_clear_pointer (&bridge.session_id, g_free);
  g_clear_pointer (&bridge.protocol_version, g_free);
  g_clear_pointer (&bridge.initialize, json_node_unref);
  g_queue_clear_full (&bridge.resend, (GDestroyNotify)json_node_unref);
  g_clear_object (&bridge.input);
  g_clear_object (&bridge.session);
  g_clear_object (&bridge.cancellable);
  g_main_loop_unref (bridge.loop);

  return bridge.exit_code;
}
