/* tether-cli-use.c — prompt, read, complete: using a server's offers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `prompt PROMPT [JSON]` gets a prompt's messages, `read URI` reads a
 * resource, `complete (prompt NAME | resource URI-TEMPLATE) ARG PREFIX`
 * asks for an argument's completions. A configured server sends them by
 * its rules (a get or read that times out is retried after one
 * reconnect). Binary content is never printed: a one-line summary with
 * its MIME type and size, or, with --save-dir, a file whose path is
 * printed.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "mcp-error.h"
#include "tether-cli-use.h"
#include "tether-text.h"

static void
usage (GError     **error,
       const char  *message)
{
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, message);
}

/* ---------------------------------------------------------------------- */
/* Sending                                                                  */

typedef void (*UseDone) (TetherCliRun *run,
                         JsonObject   *result);

typedef struct
{
  TetherCliRun *run;
  UseDone       done;
  char         *method;
} UseOp;

static void
use_finish (UseOp    *op,
            JsonNode *answer,
            GError   *error)
{
  if (answer == NULL)
    tether_cli_run_complete (op->run, TETHER_CLI_EXIT_FAILURE, error);
  else if (!JSON_NODE_HOLDS_OBJECT (answer))
    {
      g_autoptr(GError) invalid = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                               _("the result of %s is not an object"), op->method);

      tether_cli_run_complete (op->run, TETHER_CLI_EXIT_FAILURE, invalid);
    }
  else
    op->done (op->run, json_node_get_object (answer));

  g_free (op->method);
  g_free (op);
}

static void
server_request_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = tether_server_request_finish (TETHER_SERVER (object), result, &error);

  use_finish (user_data, answer, error);
}

static void
client_request_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = mcp_client_request_finish (MCP_CLIENT (object), result, &error);

  use_finish (user_data, answer, error);
}

static void
client_call_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = mcp_client_call_finish (MCP_CLIENT (object), result, &error);

  use_finish (user_data, answer, error);
}

/* prompts/get and resources/read may be answered, by a server of the
 * stateless revision, with questions first (input_required): they are
 * answered as `call` answers them (mcp_client_call_async() and the
 * router of the run), and only the final result reaches @done. A
 * configured server does the same by itself. */
static void
use_send (TetherCliRun *run,
          const char   *method,
          JsonObject   *params,
          gboolean      may_ask,
          UseDone       done)
{
  TetherServer *server = tether_cli_target_get_server (run->target);
  McpRequestOptions options = { .timeout_ms = run->timeout_ms, .flags = MCP_SEND_FLAGS_IDEMPOTENT };
  UseOp *op = g_new0 (UseOp, 1);

  op->run = run;
  op->done = done;
  op->method = g_strdup (method);

  if (server != NULL)
    tether_server_request_async (server, method, params, run->cancellable, server_request_cb, op);
  else if (may_ask)
    mcp_client_call_async (run->client, method, params, &options, run->cancellable, client_call_cb, op);
  else
    mcp_client_request_async (run->client, method, params, &options, run->cancellable, client_request_cb, op);
}

/* ---------------------------------------------------------------------- */
/* Binary content                                                           */

static const char *
extension_for (const char *mime_type)
{
  static const struct { const char *type, *ext; } known[] = {
    { "image/png", "png" }, { "image/jpeg", "jpg" }, { "image/gif", "gif" }, { "image/webp", "webp" },
    { "image/svg+xml", "svg" }, { "audio/wav", "wav" }, { "audio/x-wav", "wav" }, { "audio/mpeg", "mp3" },
    { "audio/ogg", "ogg" }, { "application/pdf", "pdf" }, { "application/octet-stream", "bin" },
  };

  for (guint i = 0; mime_type != NULL && i < G_N_ELEMENTS (known); i++)
    if (g_ascii_strcasecmp (mime_type, known[i].type) == 0)
      return known[i].ext;

  return "bin";
}

/* A new file in @dir, never over an existing one: NAME-N.EXT */
static char *
save_new_file (const char    *dir,
               const char    *kind,
               const char    *ext,
               const guchar  *data,
               gsize          length,
               GError       **error)
{
  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%u.%s", kind, n, ext);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFileOutputStream) stream = NULL;
      g_autoptr(GError) local_error = NULL;

      stream = g_file_create (file, G_FILE_CREATE_PRIVATE, NULL, &local_error);
      if (stream == NULL)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
            continue;
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", path);
          return NULL;
        }

      if (!g_output_stream_write_all (G_OUTPUT_STREAM (stream), data, length, NULL, NULL, error) ||
          !g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error))
        {
          g_prefix_error (error, "%s: ", path);
          g_file_delete (file, NULL, NULL);
          return NULL;
        }

      return g_steal_pointer (&path);
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: too many files already"), dir);
  return NULL;
}

/**
 * tether_cli_print_binary:
 * @run: the run
 * @kind: "image", "audio", "blob"
 * @mime_type: (nullable): its MIME type, as the server said
 * @base64: the data
 *
 * With --save-dir, writes the data to a new file there and prints its
 * path; else prints a one-line summary. Never the data itself.
 */
void
tether_cli_print_binary (TetherCliRun *run,
                         const char   *kind,
                         const char   *mime_type,
                         const char   *base64)
{
  g_autofree char *shown_type = tether_cli_escape (mime_type != NULL ? mime_type : "?");
  g_autofree guchar *data = NULL;
  gsize length = 0;

  data = g_base64_decode (base64 != NULL ? base64 : "", &length);

  if (run->save_dir != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = save_new_file (run->save_dir, kind, extension_for (mime_type), data, length, &error);

      if (path == NULL)
        {
          tether_cli_print_error (_("could not save the %s: %s"), kind, error->message);
          run->save_failed = TRUE;
          return;
        }
      /* Translators: the first %s is the protocol's name for the kind of
       * content (image, audio, blob), the second its MIME type, the last the
       * file it was saved to */
      printf (g_dngettext (GETTEXT_PACKAGE, "[%s %s, %lu byte] %s\n", "[%s %s, %lu bytes] %s\n", length),
              kind, shown_type, (gulong)length, path);
      return;
    }

  /* Translators: the first %s is the protocol's name for the kind of
   * content (image, audio, blob), the second its MIME type */
  printf (g_dngettext (GETTEXT_PACKAGE, "[%s %s, %lu byte]\n", "[%s %s, %lu bytes]\n", length),
          kind, shown_type, (gulong)length);
}

static void
print_text (const char *text)
{
  g_autofree char *shown = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_MULTI_LINE);

  printf ("%s\n", shown);
}

static void
finish (TetherCliRun *run)
{
  if (run->save_failed)
    tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, NULL);
  else
    tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

/* ---------------------------------------------------------------------- */
/* prompt                                                                   */

gboolean
tether_cli_parse_prompt (TetherCliRun  *run,
                         char         **args,
                         GError       **error)
{
  guint n = g_strv_length (args);

  if (n < 1 || n > 2)
    {
      usage (error, _("prompt takes a prompt name and optionally a JSON object of arguments"));
      return FALSE;
    }

  if (n == 2)
    {
      g_autoptr(JsonNode) node = json_from_string (args[1], NULL);

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          usage (error, _("the prompt's arguments must be a JSON object, like '{\"name\": \"Ada\"}'"));
          return FALSE;
        }
    }

  run->args = g_strdupv (args);
  return TRUE;
}

static void
print_message_content (TetherCliRun *run,
                       JsonObject   *block)
{
  const char *type = json_object_get_string_member_with_default (block, "type", "?");

  if (g_str_equal (type, "text"))
    print_text (json_object_get_string_member_with_default (block, "text", ""));
  else if (g_str_equal (type, "image") || g_str_equal (type, "audio"))
    tether_cli_print_binary (run, type, json_object_get_string_member_with_default (block, "mimeType", NULL),
                             json_object_get_string_member_with_default (block, "data", ""));
  else if (g_str_equal (type, "resource") && json_object_has_member (block, "resource") &&
           JSON_NODE_HOLDS_OBJECT (json_object_get_member (block, "resource")))
    {
      JsonObject *resource = json_object_get_object_member (block, "resource");
      g_autofree char *uri = tether_cli_escape (json_object_get_string_member_with_default (resource, "uri", "?"));

      printf ("[resource %s]\n", uri);
      if (json_object_has_member (resource, "text"))
        print_text (json_object_get_string_member_with_default (resource, "text", ""));
      else if (json_object_has_member (resource, "blob"))
        tether_cli_print_binary (run, "blob", json_object_get_string_member_with_default (resource, "mimeType", NULL),
                                 json_object_get_string_member_with_default (resource, "blob", ""));
    }
  else
    {
      g_autofree char *shown = tether_cli_escape (type);

      printf ("[%s]\n", shown);
    }
}

static void
prompt_done (TetherCliRun *run,
             JsonObject   *result)
{
  JsonNode *messages = json_object_get_member (result, "messages");

  if (run->json)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);

      tether_cli_print_json (node);
      tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
      return;
    }

  if (messages == NULL || !JSON_NODE_HOLDS_ARRAY (messages))
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                             _("%s: the prompt has no messages"), run->args[0]);

      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  for (guint i = 0; i < json_array_get_length (json_node_get_array (messages)); i++)
    {
      JsonNode *message = json_array_get_element (json_node_get_array (messages), i);
      JsonObject *object;
      JsonNode *content;
      g_autofree char *role = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (message))
        continue;
      object = json_node_get_object (message);
      role = tether_cli_escape (json_object_get_string_member_with_default (object, "role", "?"));
      printf ("%s:\n", role);
      content = json_object_get_member (object, "content");
      if (content != NULL && JSON_NODE_HOLDS_OBJECT (content))
        print_message_content (run, json_node_get_object (content));
    }

  finish (run);
}

void
tether_cli_cmd_prompt (TetherCliRun *run)
{
  g_autoptr(JsonObject) params = json_object_new ();

  json_object_set_string_member (params, "name", run->args[0]);
  if (run->args[1] != NULL)
    {
      g_autoptr(JsonNode) arguments = json_from_string (run->args[1], NULL);

      json_object_set_member (params, "arguments", g_steal_pointer (&arguments));
    }

  use_send (run, "prompts/get", params, TRUE, prompt_done);
}

/* ---------------------------------------------------------------------- */
/* read                                                                     */

gboolean
tether_cli_parse_read (TetherCliRun  *run,
                       char         **args,
                       GError       **error)
{
  if (g_strv_length (args) != 1)
    {
      usage (error, _("read takes the URI of a resource"));
      return FALSE;
    }

  run->args = g_strdupv (args);
  return TRUE;
}

static void
read_done (TetherCliRun *run,
           JsonObject   *result)
{
  JsonNode *contents = json_object_get_member (result, "contents");

  if (run->json)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);

      tether_cli_print_json (node);
      tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
      return;
    }

  if (contents == NULL || !JSON_NODE_HOLDS_ARRAY (contents))
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                             _("the result of resources/read has no contents"));

      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  for (guint i = 0; i < json_array_get_length (json_node_get_array (contents)); i++)
    {
      JsonNode *node = json_array_get_element (json_node_get_array (contents), i);
      JsonObject *content;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      content = json_node_get_object (node);
      if (json_object_has_member (content, "text"))
        print_text (json_object_get_string_member_with_default (content, "text", ""));
      else
        tether_cli_print_binary (run, "blob", json_object_get_string_member_with_default (content, "mimeType", NULL),
                                 json_object_get_string_member_with_default (content, "blob", ""));
    }

  finish (run);
}

void
tether_cli_cmd_read (TetherCliRun *run)
{
  g_autoptr(JsonObject) params = json_object_new ();

  json_object_set_string_member (params, "uri", run->args[0]);
  use_send (run, "resources/read", params, TRUE, read_done);
}

/* ---------------------------------------------------------------------- */
/* complete                                                                 */

gboolean
tether_cli_parse_complete (TetherCliRun  *run,
                           char         **args,
                           GError       **error)
{
  if (g_strv_length (args) != 4 || (!g_str_equal (args[0], "prompt") && !g_str_equal (args[0], "resource")))
    {
      usage (error, _("complete takes “prompt NAME” or “resource URI-TEMPLATE”, the argument and its beginning"));
      return FALSE;
    }

  run->args = g_strdupv (args);
  return TRUE;
}

static void
complete_done (TetherCliRun *run,
               JsonObject   *result)
{
  JsonNode *completion = json_object_get_member (result, "completion");
  JsonNode *values;

  if (run->json)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);

      tether_cli_print_json (node);
      tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
      return;
    }

  if (completion == NULL || !JSON_NODE_HOLDS_OBJECT (completion) ||
      (values = json_object_get_member (json_node_get_object (completion), "values")) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (values))
    {
      g_autoptr(GError) error = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                             _("the result of completion/complete has no values"));

      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  for (guint i = 0; i < json_array_get_length (json_node_get_array (values)); i++)
    {
      JsonNode *value = json_array_get_element (json_node_get_array (values), i);

      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
        {
          g_autofree char *shown = tether_cli_escape (json_node_get_string (value));

          printf ("%s\n", shown);
        }
    }

  tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

void
tether_cli_cmd_complete (TetherCliRun *run)
{
  g_autoptr(JsonObject) params = json_object_new ();
  JsonObject *ref = json_object_new ();
  JsonObject *argument = json_object_new ();

  if (g_str_equal (run->args[0], "prompt"))
    {
      json_object_set_string_member (ref, "type", "ref/prompt");
      json_object_set_string_member (ref, "name", run->args[1]);
    }
  else
    {
      json_object_set_string_member (ref, "type", "ref/resource");
      json_object_set_string_member (ref, "uri", run->args[1]);
    }
  json_object_set_string_member (argument, "name", run->args[2]);
  json_object_set_string_member (argument, "value", run->args[3]);
  json_object_set_object_member (params, "ref", ref);
  json_object_set_object_member (params, "argument", argument);

  use_send (run, "completion/complete", params, FALSE, complete_done);
}
