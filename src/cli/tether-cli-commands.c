/* tether-cli-commands.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mcp-error.h"
#include "tether-cli-commands.h"
#include "tether-cli-options.h"
#include "tether-cli-task.h"
#include "tether-cli-use.h"
#include "tether-text.h"

/* Each command is one function that starts from a connected client and
 * ends with tether_cli_run_complete(). Human-readable output by default,
 * JSON with --json; errors are one line on stderr; all of it printed as
 * tether-cli-output.c says. */

/* ---------------------------------------------------------------------- */
/* Output                                                                   */

static void
print_json_object (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, object);
  tether_cli_print_json (node);
}

/* "label value", the label padded to @width characters (not bytes). */
static void
print_field (const char *label,
             int         width,
             const char *value)
{
  int pad = width - (int)g_utf8_strlen (label, -1);

  printf ("%s%*s %s\n", label, MAX (pad, 0), "", value);
}

static void
print_indented (const char *text,
                const char *indent)
{
  g_autofree char *shown = NULL;
  g_auto(GStrv) lines = NULL;

  if (text == NULL || *text == '\0')
    return;

  shown = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_MULTI_LINE);
  lines = g_strsplit (shown, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strchomp (lines[i]);
      if (*lines[i] == '\0' && lines[i + 1] == NULL)
        break;
      printf ("%s%s\n", *lines[i] != '\0' ? indent : "", lines[i]);
    }
}

static JsonArray *
items_to_json (GPtrArray    *items,
               JsonObject *(*get_json) (gpointer item))
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; items != NULL && i < items->len; i++)
    json_array_add_object_element (array, json_object_ref (get_json (g_ptr_array_index (items, i))));

  return array;
}

static char *
describe_type (JsonObject *schema)
{
  JsonNode *type;

  if (schema == NULL || (type = json_object_get_member (schema, "type")) == NULL)
    return g_strdup ("any");

  if (JSON_NODE_HOLDS_ARRAY (type))
    {
      JsonArray *array = json_node_get_array (type);
      g_autoptr(GString) str = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          const char *t = json_node_get_string (json_array_get_element (array, i));

          if (t == NULL)
            continue;
          if (str->len > 0)
            g_string_append_c (str, '|');
          g_string_append (str, t);
        }
      return g_string_free (g_steal_pointer (&str), FALSE);
    }

  if (json_node_get_value_type (type) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (type));

  return g_strdup ("any");
}

static gboolean
is_required (JsonObject *schema,
             const char *name)
{
  JsonArray *required;

  if (!json_object_has_member (schema, "required") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (schema, "required")))
    return FALSE;

  required = json_object_get_array_member (schema, "required");
  for (guint i = 0; i < json_array_get_length (required); i++)
    if (g_strcmp0 (json_node_get_string (json_array_get_element (required, i)), name) == 0)
      return TRUE;

  return FALSE;
}

static void
print_arguments (JsonNode *input_schema)
{
  g_autoptr(GString) line = g_string_new (NULL);
  JsonObject *schema;
  JsonObject *props;
  g_autoptr(GList) names = NULL;

  if (input_schema == NULL || !JSON_NODE_HOLDS_OBJECT (input_schema))
    return;

  schema = json_node_get_object (input_schema);
  if (!json_object_has_member (schema, "properties") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (schema, "properties")))
    return;

  props = json_object_get_object_member (schema, "properties");
  names = json_object_get_members (props);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *prop = json_object_get_member (props, l->data);
      g_autofree char *type = describe_type (JSON_NODE_HOLDS_OBJECT (prop) ? json_node_get_object (prop) : NULL);

      g_string_append_printf (line, "%s%s (%s%s)",
                              line->len > 0 ? ", " : "", (const char *)l->data, type,
                              /* Translators: after an argument's type, as in “(string, required)” */
                              is_required (schema, l->data) ? _(", required") : "");
    }

  if (line->len > 0)
    {
      g_autofree char *shown = tether_cli_escape (line->str);

      printf ("    ");
      /* Translators: the arguments of a tool, listed after it */
      printf (_("arguments: %s\n"), shown);
    }
}

/* ---------------------------------------------------------------------- */
/* info                                                                     */

static void
cmd_info (TetherCliRun *run)
{
  McpClient *client = run->client;
  JsonNode *capabilities = mcp_client_get_server_capabilities (client);

  if (run->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      JsonObject *info = json_object_new ();

      json_object_set_string_member (object, "protocolVersion", mcp_client_get_protocol_version (client));
      json_object_set_string_member (info, "name", mcp_client_get_server_name (client));
      if (mcp_client_get_server_title (client) != NULL)
        json_object_set_string_member (info, "title", mcp_client_get_server_title (client));
      json_object_set_string_member (info, "version", mcp_client_get_server_version (client));
      json_object_set_object_member (object, "serverInfo", info);
      json_object_set_member (object, "capabilities", json_node_copy (capabilities));
      if (mcp_client_get_instructions (client) != NULL)
        json_object_set_string_member (object, "instructions", mcp_client_get_instructions (client));
      if (tether_cli_target_get_server (run->target) != NULL)
        {
          TetherServerConfig *config = tether_server_get_config (tether_cli_target_get_server (run->target));

          json_object_set_member (object, "config", tether_cli_masked_entry (config));
          tether_cli_set_warning_member (object, config);
        }
      print_json_object (object);
    }
  else
    {
      g_autoptr(GString) caps = g_string_new (NULL);
      g_autoptr(GList) names = NULL;
      JsonObject *object = json_node_get_object (capabilities);
      g_autofree char *name = tether_cli_escape (mcp_client_get_server_name (client));
      g_autofree char *title = tether_cli_escape (mcp_client_get_server_title (client));
      g_autofree char *version = tether_cli_escape (mcp_client_get_server_version (client));
      g_autofree char *protocol = tether_cli_escape (mcp_client_get_protocol_version (client));
      g_autofree char *shown_caps = NULL;
      /* The labels are translated, then padded to the longest of them. */
      const char *labels[] = {
        _("Server:"), _("Version:"), _("Protocol:"), _("Capabilities:"), _("Configured:"),
      };
      g_autofree char *server = NULL;
      int width = 0;

      names = json_object_get_members (object);
      for (GList *l = names; l != NULL; l = l->next)
        {
          JsonNode *value = json_object_get_member (object, l->data);

          if (caps->len > 0)
            g_string_append (caps, ", ");
          g_string_append (caps, l->data);

          if (JSON_NODE_HOLDS_OBJECT (value) && json_object_get_size (json_node_get_object (value)) > 0)
            {
              g_autoptr(GList) flags = json_object_get_members (json_node_get_object (value));

              g_string_append (caps, " (");
              for (GList *f = flags; f != NULL; f = f->next)
                g_string_append_printf (caps, "%s%s", f != flags ? ", " : "", (const char *)f->data);
              g_string_append (caps, ")");
            }
        }

      shown_caps = tether_cli_escape (caps->str);
      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        width = MAX (width, (int)g_utf8_strlen (labels[i], -1));

      if (name == NULL)
        name = g_strdup (_("(unnamed)"));
      /* Translators: a server's name, then its title, as it calls itself */
      server = title != NULL ? g_strdup_printf (_("%s — %s"), name, title) : g_strdup (name);
      print_field (labels[0], width, server);
      print_field (labels[1], width, version != NULL ? version : _("(unknown)"));
      print_field (labels[2], width, protocol);
      print_field (labels[3], width, caps->len > 0 ? shown_caps : _("(none)"));
      if (tether_cli_target_get_server (run->target) != NULL)
        {
          g_autofree char *description =
            tether_cli_describe_config (tether_server_get_config (tether_cli_target_get_server (run->target)));
          g_autofree char *shown = tether_cli_escape (description);

          print_field (labels[4], width, shown);
        }
      if (mcp_client_get_instructions (client) != NULL)
        {
          printf ("%s\n", _("Instructions:"));
          print_indented (mcp_client_get_instructions (client), "  ");
        }
    }

  tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

/* ---------------------------------------------------------------------- */
/* tools, prompts, resources                                                */

static McpRequestOptions
request_options (TetherCliRun *run)
{
  McpRequestOptions options = { .timeout_ms = run->timeout_ms };

  return options;
}

/* A configured server lists its tools, prompts and resources as it
 * connects, by its rules (a list that times out is retried after one
 * reconnect); the commands print what it holds rather than asking again. */
static GPtrArray *
model_to_array (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);
  GPtrArray *array = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (array, g_list_model_get_item (model, i));

  return array;
}

/* A list that failed left its reason, naming the method, in the error of
 * a server that is otherwise connected. */
static gboolean
server_list_ok (TetherCliRun *run,
                const char   *method)
{
  TetherServer *server = tether_cli_target_get_server (run->target);
  const char *message = tether_server_get_error_message (server);
  g_autoptr(GError) error = NULL;

  if (message == NULL || strstr (message, method) == NULL)
    return TRUE;

  error = g_error_new_literal (MCP_ERROR, MCP_ERROR_FAILED, message);
  tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);

  return FALSE;
}

static void print_tools (TetherCliRun *run,
                         GPtrArray    *tools);

static void
tools_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  TetherCliRun *run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = result != NULL ? mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error)
                                               : g_ptr_array_new ();

  if (tools == NULL)
    {
      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  print_tools (run, tools);
}

static void
print_tools (TetherCliRun *run,
             GPtrArray    *tools)
{
  if (run->json)
    {
      /* Each tool written from the text the server sent, one at a time: a
       * tree for each of 10 000 tools was most of the peak memory. */
      g_autoptr(GString) item = g_string_new (NULL);

      printf ("{\n  \"tools\" : [");
      for (guint i = 0; i < tools->len; i++)
        {
          g_autofree char *escaped = NULL;

          g_string_truncate (item, 0);
          mcp_item_write_json (g_ptr_array_index (tools, i), item);
          escaped = tether_text_escape_json_output (item->str);
          printf ("%s\n    %s", i > 0 ? "," : "", escaped);
        }
      printf ("%s]\n}\n", tools->len > 0 ? "\n  " : "");
    }
  else
    {
      for (guint i = 0; i < tools->len; i++)
        {
          McpTool *tool = g_ptr_array_index (tools, i);
          g_autofree char *name = tether_cli_escape (mcp_item_get_name (MCP_ITEM (tool)));
          g_autofree char *label = tether_cli_escape (mcp_item_get_label (MCP_ITEM (tool)));
          /* A tree for one tool at a time, let go at once. */
          g_autoptr(JsonNode) schema = mcp_tool_dup_input_schema (tool);

          if (g_strcmp0 (label, name) != 0)
            printf ("%s — %s\n", name, label);
          else
            printf ("%s\n", name);
          print_indented (mcp_item_get_description (MCP_ITEM (tool)), "    ");
          print_arguments (schema);
        }
      if (tools->len == 0)
        printf (_("(no tools)\n"));
    }

  tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

static void
cmd_tools (TetherCliRun *run)
{
  McpRequestOptions options = request_options (run);
  TetherServer *server = tether_cli_target_get_server (run->target);

  if (server != NULL)
    {
      g_autoptr(GPtrArray) tools = model_to_array (tether_server_get_tools (server));

      if (server_list_ok (run, "tools/list"))
        print_tools (run, tools);
      return;
    }

  if (!mcp_client_has_capability (run->client, "tools"))
    {
      tools_cb (G_OBJECT (run->client), NULL, run);
      return;
    }

  mcp_client_list_tools_async (run->client, &options, run->cancellable, tools_cb, run);
}

static void print_prompts (TetherCliRun *run,
                           GPtrArray    *prompts);

static void
prompts_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  TetherCliRun *run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) prompts = result != NULL ? mcp_client_list_prompts_finish (MCP_CLIENT (object), result, &error)
                                                 : g_ptr_array_new ();

  if (prompts == NULL)
    {
      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  print_prompts (run, prompts);
}

static void
print_prompts (TetherCliRun *run,
               GPtrArray    *prompts)
{
  if (run->json)
    {
      g_autoptr(JsonObject) out = json_object_new ();

      json_object_set_array_member (out, "prompts", items_to_json (prompts, (gpointer)mcp_item_get_json));
      print_json_object (out);
    }
  else
    {
      for (guint i = 0; i < prompts->len; i++)
        {
          McpPrompt *prompt = g_ptr_array_index (prompts, i);
          JsonNode *arguments = mcp_prompt_get_arguments (prompt);
          g_autofree char *name = tether_cli_escape (mcp_item_get_name (MCP_ITEM (prompt)));
          g_autofree char *label = tether_cli_escape (mcp_item_get_label (MCP_ITEM (prompt)));

          if (g_strcmp0 (label, name) != 0)
            printf ("%s — %s\n", name, label);
          else
            printf ("%s\n", name);
          print_indented (mcp_item_get_description (MCP_ITEM (prompt)), "    ");

          if (arguments != NULL && JSON_NODE_HOLDS_ARRAY (arguments) &&
              json_array_get_length (json_node_get_array (arguments)) > 0)
            {
              JsonArray *array = json_node_get_array (arguments);
              g_autoptr(GString) line = g_string_new (NULL);
              g_autofree char *shown = NULL;

              for (guint j = 0; j < json_array_get_length (array); j++)
                {
                  JsonNode *arg = json_array_get_element (array, j);
                  const char *arg_name;
                  JsonObject *o;

                  if (!JSON_NODE_HOLDS_OBJECT (arg))
                    continue;
                  o = json_node_get_object (arg);
                  arg_name = json_object_get_string_member_with_default (o, "name", "?");
                  if (line->len > 0)
                    g_string_append (line, ", ");
                  if (json_object_get_boolean_member_with_default (o, "required", FALSE))
                    /* Translators: the name of a prompt's argument that must be given */
                    g_string_append_printf (line, _("%s (required)"), arg_name);
                  else
                    g_string_append (line, arg_name);
                }
              shown = tether_cli_escape (line->str);
              printf ("    ");
              /* Translators: the arguments of a prompt, listed after it */
              printf (_("arguments: %s\n"), shown);
            }
        }
      if (prompts->len == 0)
        printf (_("(no prompts)\n"));
    }

  tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

static void
cmd_prompts (TetherCliRun *run)
{
  McpRequestOptions options = request_options (run);
  TetherServer *server = tether_cli_target_get_server (run->target);

  if (server != NULL)
    {
      g_autoptr(GPtrArray) prompts = model_to_array (tether_server_get_prompts (server));

      if (server_list_ok (run, "prompts/list"))
        print_prompts (run, prompts);
      return;
    }

  if (!mcp_client_has_capability (run->client, "prompts"))
    {
      prompts_cb (G_OBJECT (run->client), NULL, run);
      return;
    }

  mcp_client_list_prompts_async (run->client, &options, run->cancellable, prompts_cb, run);
}

typedef struct
{
  TetherCliRun *run;
  GPtrArray    *resources;
} ResourcesOp;

static void
print_resource (McpResource *resource)
{
  g_autofree char *where = tether_cli_escape (mcp_resource_get_uri (resource) != NULL
                                                ? mcp_resource_get_uri (resource)
                                                : mcp_resource_get_uri_template (resource));
  g_autofree char *label = tether_cli_escape (mcp_item_get_label (MCP_ITEM (resource)));
  g_autofree char *mime_type = tether_cli_escape (mcp_resource_get_mime_type (resource));

  printf ("%s  %s", where, label);
  if (mime_type != NULL)
    printf (" (%s)", mime_type);
  printf ("\n");
  print_indented (mcp_item_get_description (MCP_ITEM (resource)), "    ");
}

static void print_resources (TetherCliRun *run,
                             GPtrArray    *resources,
                             GPtrArray    *templates);

static void
templates_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  ResourcesOp *op = user_data;
  TetherCliRun *run = op->run;
  g_autoptr(GPtrArray) resources = g_steal_pointer (&op->resources);
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GError) error = NULL;

  g_free (op);

  if (result != NULL)
    {
      templates = mcp_client_list_resource_templates_finish (MCP_CLIENT (object), result, &error);
      if (templates == NULL)
        {
          tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
          return;
        }
    }

  print_resources (run, resources, templates);
}

static void
print_resources (TetherCliRun *run,
                 GPtrArray    *resources,
                 GPtrArray    *templates)
{
  if (run->json)
    {
      g_autoptr(JsonObject) out = json_object_new ();

      json_object_set_array_member (out, "resources", items_to_json (resources, (gpointer)mcp_item_get_json));
      json_object_set_array_member (out, "resourceTemplates", items_to_json (templates, (gpointer)mcp_item_get_json));
      print_json_object (out);
    }
  else
    {
      for (guint i = 0; resources != NULL && i < resources->len; i++)
        print_resource (g_ptr_array_index (resources, i));
      if (templates != NULL && templates->len > 0)
        {
          printf (_("Templates:\n"));
          for (guint i = 0; i < templates->len; i++)
            print_resource (g_ptr_array_index (templates, i));
        }
      if ((resources == NULL || resources->len == 0) && (templates == NULL || templates->len == 0))
        printf (_("(no resources)\n"));
    }

  tether_cli_run_complete (run, TETHER_CLI_EXIT_OK, NULL);
}

static void
resources_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  ResourcesOp *op = user_data;
  McpRequestOptions options = request_options (op->run);
  g_autoptr(GError) error = NULL;

  op->resources = mcp_client_list_resources_finish (MCP_CLIENT (object), result, &error);
  if (op->resources == NULL)
    {
      TetherCliRun *run = op->run;

      g_free (op);
      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  mcp_client_list_resource_templates_async (op->run->client, &options, op->run->cancellable, templates_cb, op);
}

static void
cmd_resources (TetherCliRun *run)
{
  McpRequestOptions options = request_options (run);
  TetherServer *server = tether_cli_target_get_server (run->target);
  ResourcesOp *op;

  if (server != NULL)
    {
      g_autoptr(GPtrArray) resources = model_to_array (tether_server_get_resources (server));
      g_autoptr(GPtrArray) templates = model_to_array (tether_server_get_resource_templates (server));

      if (server_list_ok (run, "resources/list") && server_list_ok (run, "resources/templates/list"))
        print_resources (run, resources, templates);
      return;
    }

  op = g_new0 (ResourcesOp, 1);

  op->run = run;

  if (!mcp_client_has_capability (run->client, "resources"))
    {
      templates_cb (G_OBJECT (run->client), NULL, op);
      return;
    }

  mcp_client_list_resources_async (run->client, &options, run->cancellable, resources_cb, op);
}

/* ---------------------------------------------------------------------- */
/* call                                                                     */

static gboolean
parse_call (TetherCliRun  *run,
            char         **args,
            GError       **error)
{
  guint n = g_strv_length (args);

  if (n < 1 || n > 2)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("call takes a tool name and optionally a JSON object of arguments"));
      return FALSE;
    }

  if (n == 2)
    {
      g_autoptr(JsonNode) node = NULL;
      g_autoptr(GError) json_error = NULL;

      node = json_from_string (args[1], &json_error);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("JSON-ARGS must be a JSON object, like '{\"message\": \"hi\"}': %s"),
                       json_error != NULL ? json_error->message : _("not an object"));
          return FALSE;
        }
    }

  run->args = g_strdupv (args);

  return TRUE;
}

static void
call_progress (double      progress,
               double      total,
               const char *message,
               gpointer    user_data)
{
  TetherCliRun *run = user_data;
  g_autofree char *shown = tether_cli_escape (message);

  if (run->json)
    return;

  if (total > 0)
    fprintf (stderr, "tether-cli: progress %g/%g%s%s\n", progress, total,
             shown != NULL ? ": " : "", shown != NULL ? shown : "");
  else
    fprintf (stderr, "tether-cli: progress %g%s%s\n", progress,
             shown != NULL ? ": " : "", shown != NULL ? shown : "");
}

/* A text of many lines, shown safely. */
static void
print_lines (const char *text)
{
  g_autofree char *shown = tether_text_escape_for_terminal (text, -1, TETHER_TEXT_MULTI_LINE);

  printf ("%s\n", shown);
}

/* A string member of @object, shown safely on one line. */
static char *
escaped_member (JsonObject *object,
                const char *member,
                const char *fallback)
{
  return tether_cli_escape (json_object_get_string_member_with_default (object, member, fallback));
}

static void
print_content_block (TetherCliRun *run,
                     JsonObject   *block)
{
  const char *type = json_object_get_string_member_with_default (block, "type", "?");

  if (g_str_equal (type, "text"))
    print_lines (json_object_get_string_member_with_default (block, "text", ""));
  else if (g_str_equal (type, "image") || g_str_equal (type, "audio"))
    tether_cli_print_binary (run, type, json_object_get_string_member_with_default (block, "mimeType", NULL),
                             json_object_get_string_member_with_default (block, "data", ""));
  else if (g_str_equal (type, "resource_link"))
    {
      g_autofree char *uri = escaped_member (block, "uri", "?");
      g_autofree char *name = escaped_member (block, "name", "");

      printf ("[link %s%s%s]\n", uri, *name != '\0' ? " " : "", name);
    }
  else if (g_str_equal (type, "resource") &&
           json_object_has_member (block, "resource") &&
           JSON_NODE_HOLDS_OBJECT (json_object_get_member (block, "resource")))
    {
      JsonObject *resource = json_object_get_object_member (block, "resource");
      g_autofree char *uri = escaped_member (resource, "uri", "?");

      printf ("[resource %s]\n", uri);
      if (json_object_has_member (resource, "text"))
        print_lines (json_object_get_string_member_with_default (resource, "text", ""));
      else if (json_object_has_member (resource, "blob"))
        tether_cli_print_binary (run, "blob", json_object_get_string_member_with_default (resource, "mimeType", NULL),
                                 json_object_get_string_member_with_default (resource, "blob", ""));
    }
  else
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_node_set_object (node, block);
      tether_cli_print_json (node);
    }
}


static void
call_finished (TetherCliRun *run,
               JsonNode     *reply,
               GError       *error)
{
  JsonObject *object_reply;
  gboolean is_error;
  const char *first_text = NULL;

  if (reply == NULL)
    {
      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, error);
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      g_autoptr(GError) invalid = g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                               _("%s: the result of tools/call is not an object"), run->args[0]);

      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, invalid);
      return;
    }

  object_reply = json_node_get_object (reply);
  is_error = json_object_get_boolean_member_with_default (object_reply, "isError", FALSE);

  if (json_object_has_member (object_reply, "content") &&
      JSON_NODE_HOLDS_ARRAY (json_object_get_member (object_reply, "content")))
    {
      JsonArray *content = json_object_get_array_member (object_reply, "content");

      for (guint i = 0; i < json_array_get_length (content); i++)
        {
          JsonNode *block = json_array_get_element (content, i);

          if (!JSON_NODE_HOLDS_OBJECT (block))
            continue;
          if (first_text == NULL)
            first_text = json_object_get_string_member_with_default (json_node_get_object (block), "text", NULL);
          if (!run->json)
            print_content_block (run, json_node_get_object (block));
        }
    }

  if (run->json)
    tether_cli_print_json (reply);
  else if (json_object_has_member (object_reply, "structuredContent") && first_text == NULL)
    tether_cli_print_json (json_object_get_member (object_reply, "structuredContent"));

  if (is_error)
    {
      g_autoptr(GError) tool_error = g_error_new (MCP_ERROR, MCP_ERROR_FAILED,
                                                  _("%s reported an error: %s"), run->args[0],
                                                  first_text != NULL ? first_text : _("(no text)"));
      tether_cli_run_complete (run, TETHER_CLI_EXIT_FAILURE, tool_error);
      return;
    }

  tether_cli_run_complete (run, run->save_failed ? TETHER_CLI_EXIT_FAILURE : TETHER_CLI_EXIT_OK, NULL);
}

static void
cmd_call (TetherCliRun *run)
{
  McpRequestOptions options = request_options (run);
  g_autoptr(JsonNode) args = NULL;

  options.progress_callback = call_progress;
  options.progress_data = run;

  if (run->args[1] != NULL)
    args = json_from_string (run->args[1], NULL);

  tether_cli_call_tool (run, args != NULL ? json_node_get_object (args) : NULL, run->task, &options,
                        call_finished);
}

static gboolean
call_task_cb (const char  *name,
              const char  *value,
              gpointer     user_data,
              GError     **error)
{
  TetherCliRun *run = user_data;

  run->task = TRUE;

  return TRUE;
}

static const GOptionEntry call_options[] = {
  { "task", 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, (gpointer)call_task_cb,
    N_("Run the tool as a task, showing its status on stderr; an interrupt cancels the task"), NULL },
  { NULL }
};

/* ---------------------------------------------------------------------- */
/* ping                                                                     */

typedef struct
{
  TetherCliRun *run;
  GArray       *rtts;       /* gint64 µs, one per answered ping */
  gint64        started;
  guint         sent;
  guint         in_flight;
  GError       *error;
} PingOp;

static gboolean
ping_count_cb (const char  *name,
               const char  *value,
               gpointer     user_data,
               GError     **error)
{
  TetherCliRun *run = user_data;

  return tether_cli_parse_count (name, value, 1, &run->count, error);
}

static gboolean
ping_inflight_cb (const char  *name,
                  const char  *value,
                  gpointer     user_data,
                  GError     **error)
{
  TetherCliRun *run = user_data;

  return tether_cli_parse_count (name, value, 1, &run->inflight, error);
}

static const GOptionEntry ping_options[] = {
  { "count", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)ping_count_cb,
    N_("Send N pings in all (default 1)"), "N" },
  { "inflight", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)ping_inflight_cb,
    N_("Keep up to K of them in flight at once (default 1)"), "K" },
  { NULL }
};

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *)a;
  gint64 y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

static void ping_send (PingOp *op);

static void
ping_report (PingOp *op)
{
  TetherCliRun *run = op->run;
  double elapsed = (g_get_monotonic_time () - op->started) / (double)G_USEC_PER_SEC;
  guint n = op->rtts->len;
  gint64 median, p99, min, max;
  double rate;

  g_array_sort (op->rtts, compare_int64);
  median = g_array_index (op->rtts, gint64, n / 2);
  p99 = g_array_index (op->rtts, gint64, MIN (n - 1, (guint)((n * 99 + 99) / 100) - 1));
  min = g_array_index (op->rtts, gint64, 0);
  max = g_array_index (op->rtts, gint64, n - 1);
  rate = elapsed > 0 ? n / elapsed : 0;

  if (run->json)
    {
      g_autoptr(JsonObject) out = json_object_new ();

      json_object_set_int_member (out, "count", n);
      json_object_set_int_member (out, "inflight", run->inflight);
      json_object_set_int_member (out, "min_us", min);
      json_object_set_int_member (out, "median_us", median);
      json_object_set_int_member (out, "p99_us", p99);
      json_object_set_int_member (out, "max_us", max);
      json_object_set_double_member (out, "elapsed_s", elapsed);
      json_object_set_double_member (out, "requests_per_second", rate);
      print_json_object (out);
    }
  else
    {
      g_autofree char *name = tether_cli_escape (tether_cli_target_get_name (run->target));

      /* Translators: the second %u is how many pings were under way at
       * once, %.3f a number of seconds */
      printf (g_dngettext (GETTEXT_PACKAGE, "%u ping to %s, %u in flight: %.3f s\n",
                           "%u pings to %s, %u in flight: %.3f s\n", n),
              n, name, run->inflight, elapsed);
      printf (_("round trip min/median/p99/max = %.1f/%.1f/%.1f/%.1f µs, %.0f requests/s\n"),
              (double)min, (double)median, (double)p99, (double)max, rate);
    }
}

static void
ping_finish (PingOp *op)
{
  TetherCliRun *run = op->run;
  g_autoptr(GError) error = g_steal_pointer (&op->error);

  if (error == NULL)
    ping_report (op);

  g_array_unref (op->rtts);
  g_free (op);

  tether_cli_run_complete (run, error != NULL ? TETHER_CLI_EXIT_FAILURE : TETHER_CLI_EXIT_OK, error);
}

typedef struct
{
  PingOp *op;
  gint64  sent_at;
} PingCall;

static void
ping_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  PingCall *call = user_data;
  PingOp *op = call->op;
  g_autoptr(GError) error = NULL;
  gint64 rtt = g_get_monotonic_time () - call->sent_at;

  g_free (call);
  op->in_flight--;

  if (!mcp_client_ping_finish (MCP_CLIENT (object), result, &error))
    {
      if (op->error == NULL)
        op->error = g_steal_pointer (&error);
    }
  else
    g_array_append_val (op->rtts, rtt);

  if (op->error == NULL && op->sent < op->run->count)
    ping_send (op);
  else if (op->in_flight == 0)
    ping_finish (op);
}

static void
ping_send (PingOp *op)
{
  McpRequestOptions options = request_options (op->run);
  PingCall *call = g_new0 (PingCall, 1);

  call->op = op;
  op->sent++;
  op->in_flight++;
  call->sent_at = g_get_monotonic_time ();
  /* No cancellable: connecting one per ping costs a lock and a closure;
   * an interrupt closes the session instead, which fails the pings. */
  mcp_client_ping_async (op->run->client, &options, NULL, ping_cb, call);
}

static void
cmd_ping (TetherCliRun *run)
{
  PingOp *op = g_new0 (PingOp, 1);

  op->run = run;
  op->rtts = g_array_sized_new (FALSE, FALSE, sizeof (gint64), run->count);
  op->started = g_get_monotonic_time ();

  while (op->sent < run->count && op->in_flight < run->inflight)
    ping_send (op);
}

/* ---------------------------------------------------------------------- */

static gboolean
parse_none (TetherCliRun  *run,
            char         **args,
            GError       **error)
{
  if (args[0] != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("unexpected argument %s"), args[0]);
      return FALSE;
    }

  return TRUE;
}

/* --count and --inflight went to ping_options; the rest is not ping's. */
static gboolean
parse_ping (TetherCliRun  *run,
            char         **args,
            GError       **error)
{
  if (!parse_none (run, args, error))
    return FALSE;

  run->count = MAX (run->count, 1);
  run->inflight = MAX (run->inflight, 1);

  return TRUE;
}

static const TetherCliCommand commands[] = {
  { "info", "info", N_("show the server's identity, protocol and capabilities"), NULL,
    parse_none, cmd_info },
  { "tools", "tools", N_("list the tools"), NULL, parse_none, cmd_tools },
  { "prompts", "prompts", N_("list the prompts"), NULL, parse_none, cmd_prompts },
  { "resources", "resources", N_("list the resources and resource templates"), NULL,
    parse_none, cmd_resources },
  { "call", "call [--task] TOOL [JSON-ARGS]", N_("call a tool, with a JSON object of arguments"), call_options,
    parse_call, cmd_call },
  { "prompt", "prompt PROMPT [JSON-ARGS]", N_("get a prompt's messages, with a JSON object of arguments"), NULL,
    tether_cli_parse_prompt, tether_cli_cmd_prompt },
  { "read", "read URI", N_("read a resource"), NULL, tether_cli_parse_read, tether_cli_cmd_read },
  { "complete", "complete prompt NAME|resource URI-TEMPLATE ARG PREFIX",
    N_("complete a prompt's or a resource template's argument"), NULL,
    tether_cli_parse_complete, tether_cli_cmd_complete },
  { "ping", "ping [--count N] [--inflight K]", N_("measure round trips (median, p99, requests per second)"),
    ping_options, parse_ping, cmd_ping },
};

const TetherCliCommand *
tether_cli_get_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (commands);

  return commands;
}

const TetherCliCommand *
tether_cli_find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];

  return NULL;
}
