/* fake-mcp-core.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "fake-mcp-core.h"

#define SERVER_PROTOCOL "2025-11-25"

typedef struct
{
  FakeMcpCore *core;
  JsonNode    *id;
  JsonNode    *progress_token;
  guint        source_id;
  guint        step;
  guint        steps;
  char        *ask_method;   /* the "ask" tool: the request we sent */
} Pending;

struct _FakeMcpCore
{
  FakeMcpOptions   options;
  char           **hang_methods;
  char            *protocol_version;
  FakeMcpSendFunc  send_func;
  gpointer         send_data;
  FakeMcpHookFunc  hook;
  gpointer         hook_data;
  GHashTable      *counts;       /* method → count */
  GPtrArray       *pending;      /* Pending: slow calls and asks */
  JsonNode        *last_answer;  /* the last response to a request of ours */
  JsonParser      *parser;
  gint64           next_request_id;
  guint            counter_reads;  /* use_extras: reads of fake://extras/counter */
  JsonObject      *last_params;    /* of the last request */
  char            *request_state;  /* era_2026: the state the "confirm" tool handed out */
  FakeMcpTasks    *tasks;          /* use_tasks */
  FakeMcpListen   *listen;         /* era_2026: subscriptions/listen */
};

static const char * const supported_versions[] = {
  "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL
};

static void
pending_free (Pending *p)
{
  g_clear_handle_id (&p->source_id, g_source_remove);
  g_clear_pointer (&p->id, json_node_unref);
  g_clear_pointer (&p->progress_token, json_node_unref);
  g_clear_pointer (&p->ask_method, g_free);
  g_free (p);
}

FakeMcpCore *
fake_mcp_core_new (const FakeMcpOptions *options,
                   FakeMcpSendFunc       send_func,
                   gpointer              user_data)
{
  FakeMcpCore *core = g_new0 (FakeMcpCore, 1);

  if (options != NULL)
    core->options = *options;
  core->hang_methods = g_strdupv ((char **)core->options.hang_methods);
  core->options.hang_methods = NULL;
  core->protocol_version = g_strdup (core->options.protocol_version);
  core->options.protocol_version = NULL;
  if (core->options.progress_interval_ms == 0)
    core->options.progress_interval_ms = 20;
  core->send_func = send_func;
  core->send_data = user_data;
  core->counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  core->pending = g_ptr_array_new_with_free_func ((GDestroyNotify)pending_free);
  core->parser = json_parser_new ();
  if (core->options.use_tasks)
    core->tasks = fake_mcp_tasks_new (core);
  core->listen = fake_mcp_listen_new (core);

  return core;
}

void
fake_mcp_core_free (FakeMcpCore *core)
{
  if (core == NULL)
    return;

  g_ptr_array_unref (core->pending);
  g_hash_table_unref (core->counts);
  g_clear_pointer (&core->last_answer, json_node_unref);
  g_clear_pointer (&core->last_params, json_object_unref);
  g_free (core->request_state);
  fake_mcp_tasks_free (core->tasks);
  fake_mcp_listen_free (core->listen);
  g_strfreev (core->hang_methods);
  g_free (core->protocol_version);
  g_object_unref (core->parser);
  g_free (core);
}

void
fake_mcp_core_set_hook (FakeMcpCore     *core,
                        FakeMcpHookFunc  hook,
                        gpointer         user_data)
{
  core->hook = hook;
  core->hook_data = user_data;
}

/* Answer initialize with @version whatever the client asks (NULL: the
 * client's version when supported). */
void
fake_mcp_core_set_protocol_version (FakeMcpCore *core,
                                    const char  *version)
{
  g_free (core->protocol_version);
  core->protocol_version = g_strdup (version);
}

guint
fake_mcp_core_get_count (FakeMcpCore *core,
                         const char  *method)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (core->counts, method));
}

JsonNode *
fake_mcp_core_get_last_answer (FakeMcpCore *core)
{
  return core->last_answer;
}

gboolean
fake_mcp_core_get_era_2026 (FakeMcpCore *core)
{
  return core->options.era_2026;
}

/* The number in the id of the next request of the server. */
guint64
fake_mcp_core_get_next_request_id (FakeMcpCore *core)
{
  return (guint64)core->next_request_id;
}

/* Speak only the stateless revision from now on (or not). */
void
fake_mcp_core_set_era_2026 (FakeMcpCore *core,
                            gboolean     era_2026)
{
  core->options.era_2026 = era_2026;
}

/* The ttlMs of the list pages from now on (stateless revision). */
void
fake_mcp_core_set_list_ttl (FakeMcpCore *core,
                            gint64       ttl_ms)
{
  core->options.list_ttl_ms = ttl_ms;
}

/* The params of the last request the client sent, or NULL. */
JsonObject *
fake_mcp_core_get_last_params (FakeMcpCore *core)
{
  return core->last_params;
}

/* ---------------------------------------------------------------------- */

static void
send_object (FakeMcpCore *core,
             JsonObject  *object)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_node_take_object (node, object);
  core->send_func (node, core->send_data);
}

static void
reply (FakeMcpCore *core,
       JsonNode    *id,
       JsonObject  *result)
{
  JsonObject *msg = json_object_new ();

  if (core->options.era_2026 && !json_object_has_member (result, "resultType"))
    json_object_set_string_member (result, "resultType", "complete");
  json_object_set_member (msg, "id", json_node_copy (id));
  json_object_set_object_member (msg, "result", result);
  send_object (core, msg);
}

static void
reply_error (FakeMcpCore *core,
             JsonNode    *id,
             int          code,
             const char  *message,
             JsonNode    *data)
{
  JsonObject *msg = json_object_new ();
  JsonObject *error = json_object_new ();

  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  if (data != NULL)
    json_object_set_member (error, "data", data);
  json_object_set_member (msg, "id", id != NULL ? json_node_copy (id) : json_node_new (JSON_NODE_NULL));
  json_object_set_object_member (msg, "error", error);
  send_object (core, msg);
}

void
fake_mcp_core_reply (FakeMcpCore *core,
                     JsonNode    *id,
                     JsonObject  *result)
{
  reply (core, id, result);
}

void
fake_mcp_core_reply_error (FakeMcpCore *core,
                           JsonNode    *id,
                           int          code,
                           const char  *message,
                           JsonNode    *data)
{
  reply_error (core, id, code, message, data);
}

void
fake_mcp_core_notify (FakeMcpCore *core,
                      const char  *method,
                      JsonObject  *params)
{
  /* The stateless revision sends changes to the subscriptions only. */
  if (core->options.era_2026 && fake_mcp_listen_route (core->listen, method, params))
    return;

  fake_mcp_core_send_notification (core, method, params);
}

void
fake_mcp_core_send_notification (FakeMcpCore *core,
                                 const char  *method,
                                 JsonObject  *params)
{
  JsonObject *msg = json_object_new ();

  json_object_set_string_member (msg, "method", method);
  if (params != NULL)
    json_object_set_object_member (msg, "params", params);
  send_object (core, msg);
}

static char *
request_id_string (gint64 n)
{
  return g_strdup_printf ("srv-%" G_GINT64_FORMAT, n);
}

void
fake_mcp_core_request (FakeMcpCore *core,
                       const char  *method,
                       JsonObject  *params)
{
  JsonObject *msg = json_object_new ();
  g_autofree char *id = request_id_string (core->next_request_id++);

  json_object_set_string_member (msg, "id", id);
  json_object_set_string_member (msg, "method", method);
  if (params != NULL)
    json_object_set_object_member (msg, "params", params);
  send_object (core, msg);
}

JsonObject *
fake_mcp_core_text_result (const char *text,
                           gboolean    is_error)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", "text");
  json_object_set_string_member (block, "text", text);
  json_array_add_object_element (content, block);
  json_object_set_array_member (result, "content", content);
  if (is_error)
    json_object_set_boolean_member (result, "isError", TRUE);

  return result;
}

static JsonNode *
parse (FakeMcpCore *core,
       const char  *json)
{
  if (!json_parser_load_from_data (core->parser, json, -1, NULL))
    g_error ("fake core: bad built-in JSON: %s", json);

  return json_parser_steal_root (core->parser);
}

/* ---------------------------------------------------------------------- */
/* The catalogue                                                            */

static const char *fixed_tools[] = {
  "{\"name\":\"echo\",\"title\":\"Echo\",\"description\":\"Returns the message it is given.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\","
  "\"description\":\"What to echo\"}},\"required\":[\"message\"]},"
  "\"annotations\":{\"readOnlyHint\":true}}",

  "{\"name\":\"add\",\"description\":\"Adds two numbers.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},"
  "\"b\":{\"type\":\"number\"}},\"required\":[\"a\",\"b\"]},"
  "\"outputSchema\":{\"type\":\"object\",\"properties\":{\"sum\":{\"type\":\"number\"}},"
  "\"required\":[\"sum\"]},\"annotations\":{\"title\":\"Add numbers\",\"readOnlyHint\":true}}",

  "{\"name\":\"slow\",\"description\":\"Answers after a while, reporting progress when asked.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"ms\":{\"type\":\"integer\",\"minimum\":0},"
  "\"steps\":{\"type\":\"integer\",\"minimum\":1}}}}",

  "{\"name\":\"fail\",\"description\":\"Always reports an execution error.\","
  "\"inputSchema\":{\"type\":\"object\"}}",

  "{\"name\":\"huge\",\"description\":\"Returns a text of the given size.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"bytes\":{\"type\":\"integer\"}},"
  "\"required\":[\"bytes\"]}}",

  "{\"name\":\"crash\",\"description\":\"Kills the server in the middle of the call.\","
  "\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"destructiveHint\":true}}",

  "{\"name\":\"hang\",\"description\":\"Never answers.\",\"inputSchema\":{\"type\":\"object\"}}",

  "{\"name\":\"log\",\"description\":\"Sends a log message, then answers.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"string\"},"
  "\"message\":{\"type\":\"string\"}}}}",

  "{\"name\":\"ask\",\"description\":\"Sends the client a request and returns its answer.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"method\":{\"type\":\"string\"},"
  "\"params\":{\"type\":\"object\"},\"related\":{\"type\":\"boolean\"}},"
  "\"required\":[\"method\"]}}",

  "{\"name\":\"touch-list\",\"description\":\"Sends tools/list_changed, then answers.\","
  "\"inputSchema\":{\"type\":\"object\"}}",
};

/* With era_2026: a tool that asks for input inside its result. */
static const char *stateless_tools[] = {
  "{\"name\":\"confirm\",\"description\":\"Asks who you are (input_required), then returns the answers.\","
  "\"inputSchema\":{\"type\":\"object\"}}",
};

/* With rich_tools: a form of every kind of field, and every kind of content. */
static const char *rich_tools[] = {
  "{\"name\":\"form\",\"description\":\"Takes a field of every kind and returns its arguments.\","
  "\"inputSchema\":{\"type\":\"object\",\"properties\":{"
  "\"text\":{\"type\":\"string\",\"description\":\"Some text\",\"minLength\":2,\"maxLength\":10},"
  "\"email\":{\"type\":\"string\",\"format\":\"email\"},"
  "\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":5,\"default\":3},"
  "\"ratio\":{\"type\":\"number\"},"
  "\"loud\":{\"type\":\"boolean\",\"default\":false},"
  "\"colour\":{\"type\":\"string\",\"enum\":[\"red\",\"green\",\"blue\"]},"
  "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
  "\"point\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"},"
  "\"y\":{\"type\":\"number\"}}},"
  "\"extra\":{\"$ref\":\"#/$defs/extra\"}},"
  "\"required\":[\"text\"],\"$defs\":{\"extra\":{\"type\":\"object\"}}}}",

  "{\"name\":\"media\",\"description\":\"Returns an image, audio, a resource and a link.\","
  "\"inputSchema\":{\"type\":\"object\"}}",
};

/* A 1×1 PNG */
#define FAKE_PIXEL_PNG \
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

/* Built member by member: parsing text for each of 10 000 tools would make
 * the fake slower than what it tests. */
static JsonNode *
generated_tool (FakeMcpCore *core,
                guint        i)
{
  JsonObject *tool = json_object_new ();
  JsonObject *schema = json_object_new ();
  JsonObject *props = json_object_new ();
  JsonObject *value = json_object_new ();
  JsonObject *count = json_object_new ();
  JsonArray *required = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  char buffer[64];

  g_snprintf (buffer, sizeof buffer, "tool-%05u", i);
  json_object_set_string_member (tool, "name", buffer);
  g_snprintf (buffer, sizeof buffer, "Generated tool %u", i);
  json_object_set_string_member (tool, "title", buffer);
  g_snprintf (buffer, sizeof buffer, "Generated tool number %u, for paging tests.", i);
  json_object_set_string_member (tool, "description", buffer);

  json_object_set_string_member (value, "type", "string");
  json_object_set_string_member (value, "description", "Any text");
  json_object_set_string_member (count, "type", "integer");
  json_object_set_int_member (count, "minimum", 0);
  json_object_set_int_member (count, "maximum", i + 10);
  json_object_set_object_member (props, "value", value);
  json_object_set_object_member (props, "count", count);
  json_array_add_string_element (required, "value");

  json_object_set_string_member (schema, "type", "object");
  json_object_set_object_member (schema, "properties", props);
  json_object_set_array_member (schema, "required", required);
  json_object_set_object_member (tool, "inputSchema", schema);

  json_node_take_object (node, tool);

  return node;
}

static const char *prompts[] = {
  "{\"name\":\"greeting\",\"title\":\"Greeting\",\"description\":\"Greets someone.\","
  "\"arguments\":[{\"name\":\"name\",\"description\":\"Who to greet\",\"required\":true},"
  "{\"name\":\"style\",\"description\":\"formal or casual\",\"required\":false}]}",
  "{\"name\":\"simple\",\"description\":\"A prompt without arguments.\"}",
};

static const char *resources[] = {
  "{\"uri\":\"fake://static/readme\",\"name\":\"readme\",\"title\":\"Read me\","
  "\"description\":\"A text resource.\",\"mimeType\":\"text/markdown\"}",
  "{\"uri\":\"fake://static/pixel\",\"name\":\"pixel\",\"description\":\"A blob resource.\","
  "\"mimeType\":\"image/png\"}",
};

/* With use_extras: a prompt whose messages are a conversation of every
 * kind of content, and a resource that changes at each read. */
static const char *extra_prompts[] = {
  "{\"name\":\"conversation\",\"title\":\"Conversation\",\"description\":\"Talks about a topic.\","
  "\"arguments\":[{\"name\":\"topic\",\"description\":\"What to talk about\",\"required\":true},"
  "{\"name\":\"tone\",\"description\":\"How to say it\"}]}",
};

static const char *extra_resources[] = {
  "{\"uri\":\"fake://extras/counter\",\"name\":\"counter\",\"description\":\"Counts its reads.\","
  "\"mimeType\":\"text/plain\"}",
};

static const char *templates[] = {
  "{\"uriTemplate\":\"fake://dynamic/{id}\",\"name\":\"dynamic\",\"title\":\"Dynamic\","
  "\"description\":\"Any id.\",\"mimeType\":\"text/plain\"}",
};

/* With hostile_text, one more of each, every text of it hostile. */
static JsonNode *
hostile_item (const char *first_member,
              ...)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  va_list args;

  va_start (args, first_member);
  for (const char *member = first_member; member != NULL; member = va_arg (args, const char *))
    {
      g_autofree char *value = g_strdup_printf ("%s " FAKE_MCP_HOSTILE, va_arg (args, const char *));

      json_object_set_string_member (object, member, value);
    }
  va_end (args);
  json_node_take_object (node, object);

  return node;
}

static JsonNode *
hostile_list_item (guint kind)
{
  JsonNode *node;

  switch (kind)
    {
    case 0:
      node = hostile_item ("name", "hostile", "title", "Hostile", "description", "Prints escapes.", NULL);
      json_object_set_object_member (json_node_get_object (node), "inputSchema", json_object_new ());
      json_object_set_string_member (json_object_get_object_member (json_node_get_object (node), "inputSchema"),
                                     "type", "object");
      return node;
    case 1:
      return hostile_item ("name", "hostile", "title", "Hostile", "description", "A prompt.", NULL);
    case 2:
      return hostile_item ("uri", "fake://hostile/", "name", "hostile", "title", "Hostile",
                           "description", "A resource.", "mimeType", "text/plain", NULL);
    default:
      return hostile_item ("uriTemplate", "fake://hostile/{id}", "name", "hostile",
                           "description", "A template.", NULL);
    }
}

typedef enum { LIST_TOOLS, LIST_PROMPTS, LIST_RESOURCES, LIST_TEMPLATES } ListKind;

static guint
list_length (FakeMcpCore *core,
             ListKind     kind)
{
  if (core->options.hostile_text)
    return 1;

  switch (kind)
    {
    case LIST_TOOLS:
      return G_N_ELEMENTS (fixed_tools) + (core->options.rich_tools ? G_N_ELEMENTS (rich_tools) : 0) +
             (core->options.era_2026 ? G_N_ELEMENTS (stateless_tools) : 0) +
             (core->options.use_tasks ? g_strv_length ((char **)fake_mcp_task_tools) : 0) +
             core->options.n_tools;
    case LIST_PROMPTS: return G_N_ELEMENTS (prompts) + (core->options.use_extras ? G_N_ELEMENTS (extra_prompts) : 0);
    case LIST_RESOURCES:
      return G_N_ELEMENTS (resources) + (core->options.use_extras ? G_N_ELEMENTS (extra_resources) : 0);
    case LIST_TEMPLATES: return G_N_ELEMENTS (templates);
    default: g_assert_not_reached ();
    }
}

static JsonNode *
list_item (FakeMcpCore *core,
           ListKind     kind,
           guint        i)
{
  if (core->options.hostile_text)
    return hostile_list_item (kind);

  switch (kind)
    {
    case LIST_TOOLS:
      if (i < G_N_ELEMENTS (fixed_tools))
        return parse (core, fixed_tools[i]);
      i -= G_N_ELEMENTS (fixed_tools);
      if (core->options.rich_tools && i < G_N_ELEMENTS (rich_tools))
        return parse (core, rich_tools[i]);
      if (core->options.rich_tools)
        i -= G_N_ELEMENTS (rich_tools);
      if (core->options.era_2026 && i < G_N_ELEMENTS (stateless_tools))
        return parse (core, stateless_tools[i]);
      if (core->options.era_2026)
        i -= G_N_ELEMENTS (stateless_tools);
      if (core->options.use_tasks && i < g_strv_length ((char **)fake_mcp_task_tools))
        return parse (core, fake_mcp_task_tools[i]);
      if (core->options.use_tasks)
        i -= g_strv_length ((char **)fake_mcp_task_tools);
      return generated_tool (core, i + 1);
    case LIST_PROMPTS:
      return parse (core, i < G_N_ELEMENTS (prompts) ? prompts[i] : extra_prompts[i - G_N_ELEMENTS (prompts)]);
    case LIST_RESOURCES:
      return parse (core, i < G_N_ELEMENTS (resources) ? resources[i] : extra_resources[i - G_N_ELEMENTS (resources)]);
    case LIST_TEMPLATES: return parse (core, templates[i]);
    default: g_assert_not_reached ();
    }
}

static void
handle_list (FakeMcpCore *core,
             JsonNode    *id,
             JsonObject  *params,
             ListKind     kind,
             const char  *member)
{
  static const char * const cursor_prefix = "page:";
  JsonObject *result = json_object_new ();
  JsonArray *items = json_array_new ();
  guint total = list_length (core, kind);
  guint start = 0;
  guint end;

  if (params != NULL && json_object_has_member (params, "cursor"))
    {
      const char *cursor = json_object_get_string_member_with_default (params, "cursor", "");

      if (!g_str_has_prefix (cursor, cursor_prefix))
        {
          json_object_unref (result);
          json_array_unref (items);
          reply_error (core, id, -32602, "Invalid cursor", NULL);
          return;
        }
      start = (guint)g_ascii_strtoull (cursor + strlen (cursor_prefix), NULL, 10);
    }

  end = core->options.page_size > 0 ? MIN (total, start + core->options.page_size) : total;
  for (guint i = start; i < end; i++)
    json_array_add_element (items, list_item (core, kind, i));

  json_object_set_array_member (result, member, items);
  if (core->options.era_2026)
    {
      json_object_set_int_member (result, "ttlMs", core->options.list_ttl_ms);
      json_object_set_string_member (result, "cacheScope", core->options.list_public ? "public" : "private");
    }

  if (core->options.repeat_cursor && core->options.page_size > 0)
    json_object_set_string_member (result, "nextCursor", "page:0");
  else if (end < total)
    {
      g_autofree char *next = g_strdup_printf ("%s%u", cursor_prefix, end);
      json_object_set_string_member (result, "nextCursor", next);
    }

  reply (core, id, result);
}

/* ---------------------------------------------------------------------- */
/* Tools                                                                    */

static void
send_progress (Pending *p)
{
  JsonObject *params = json_object_new ();

  json_object_set_member (params, "progressToken", json_node_copy (p->progress_token));
  json_object_set_int_member (params, "progress", p->step);
  json_object_set_int_member (params, "total", p->steps);
  json_object_set_string_member (params, "message", "working");
  fake_mcp_core_notify (p->core, "notifications/progress", params);
}

static gboolean
slow_step_cb (gpointer user_data)
{
  Pending *p = user_data;
  FakeMcpCore *core = p->core;

  p->step++;
  if (p->step < p->steps)
    {
      if (p->progress_token != NULL)
        send_progress (p);
      return G_SOURCE_CONTINUE;
    }

  if (p->progress_token != NULL)
    send_progress (p);

  p->source_id = 0;
  reply (core, p->id, fake_mcp_core_text_result ("done", FALSE));
  g_ptr_array_remove (core->pending, p);

  return G_SOURCE_REMOVE;
}

static Pending *
pending_new (FakeMcpCore *core,
             JsonNode    *id)
{
  Pending *p = g_new0 (Pending, 1);

  p->core = core;
  p->id = json_node_copy (id);
  g_ptr_array_add (core->pending, p);

  return p;
}

static int
log_level_index (const char *level)
{
  static const char * const levels[] = {
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency",
  };

  for (guint i = 0; level != NULL && i < G_N_ELEMENTS (levels); i++)
    if (g_str_equal (levels[i], level))
      return (int) i;

  return -1;
}

/* Whether a message at @level may be sent while answering @params: always
 * in the initialize era (its level is set for the session); in the
 * stateless revision only at or above the `_meta` logLevel the request
 * names, and never when it names none. */
static gboolean
may_log (FakeMcpCore *core,
         JsonObject  *params,
         const char  *level)
{
  JsonObject *meta;
  const char *asked;

  if (!core->options.era_2026)
    return TRUE;

  if (params == NULL || !json_object_has_member (params, "_meta") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    return FALSE;
  meta = json_object_get_object_member (params, "_meta");
  asked = json_object_get_string_member_with_default (meta, "io.modelcontextprotocol/logLevel", NULL);

  return log_level_index (asked) >= 0 && log_level_index (level) >= log_level_index (asked);
}

static void
handle_call (FakeMcpCore *core,
             JsonNode    *id,
             JsonObject  *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", NULL) : NULL;
  JsonObject *args = NULL;
  JsonNode *token = NULL;

  if (params != NULL && json_object_has_member (params, "arguments") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "arguments")))
    args = json_object_get_object_member (params, "arguments");

  if (params != NULL && json_object_has_member (params, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    token = json_object_get_member (json_object_get_object_member (params, "_meta"), "progressToken");

  if (name == NULL)
    {
      reply_error (core, id, -32602, "tools/call needs a name", NULL);
      return;
    }

  if (g_str_equal (name, "echo"))
    {
      const char *message = args != NULL ? json_object_get_string_member_with_default (args, "message", NULL) : NULL;

      if (message == NULL)
        reply (core, id, fake_mcp_core_text_result ("MCP error -32602: message is required", TRUE));
      else
        reply (core, id, fake_mcp_core_text_result (message, FALSE));
    }
  else if (g_str_equal (name, "add"))
    {
      double a = args != NULL ? json_object_get_double_member_with_default (args, "a", 0) : 0;
      double b = args != NULL ? json_object_get_double_member_with_default (args, "b", 0) : 0;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      JsonObject *result = fake_mcp_core_text_result (g_ascii_dtostr (buf, sizeof buf, a + b), FALSE);
      JsonObject *structured = json_object_new ();

      json_object_set_double_member (structured, "sum", a + b);
      json_object_set_object_member (result, "structuredContent", structured);
      reply (core, id, result);
    }
  else if (g_str_equal (name, "slow"))
    {
      gint64 ms = args != NULL ? json_object_get_int_member_with_default (args, "ms", 100) : 100;
      gint64 steps = args != NULL ? json_object_get_int_member_with_default (args, "steps", 0) : 0;
      Pending *p = pending_new (core, id);

      if (token != NULL)
        p->progress_token = json_node_copy (token);
      if (steps <= 0)
        steps = MAX (1, ms / core->options.progress_interval_ms);
      p->steps = (guint)steps;
      p->source_id = g_timeout_add (MAX (1, (guint)(ms / steps)), slow_step_cb, p);
    }
  else if (g_str_equal (name, "fail"))
    reply (core, id, fake_mcp_core_text_result ("This tool always fails.", TRUE));
  else if (g_str_equal (name, "form"))
    {
      g_autoptr(JsonObject) given = args != NULL ? json_object_ref (args) : json_object_new ();
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), given);
      g_autofree char *text = json_to_string (node, FALSE);
      JsonObject *result = fake_mcp_core_text_result (text, FALSE);

      json_object_set_object_member (result, "structuredContent", json_object_ref (given));
      reply (core, id, result);
    }
  else if (g_str_equal (name, "media"))
    {
      g_autoptr(JsonNode) result = parse (core,
        "{\"content\":["
        "{\"type\":\"image\",\"mimeType\":\"image/png\",\"data\":\"" FAKE_PIXEL_PNG "\"},"
        "{\"type\":\"audio\",\"mimeType\":\"audio/wav\",\"data\":\"UklGRgAAAABXQVZF\"},"
        "{\"type\":\"resource\",\"resource\":{\"uri\":\"fake://static/readme\","
        "\"mimeType\":\"text/markdown\",\"text\":\"# Read me\"}},"
        "{\"type\":\"resource_link\",\"uri\":\"fake://static/readme\",\"name\":\"readme\","
        "\"mimeType\":\"text/markdown\"},"
        "{\"type\":\"text\",\"text\":\"{\\\"ok\\\":true,\\\"n\\\":[1,2]}\"}]}");

      reply (core, id, json_object_ref (json_node_get_object (result)));
    }
  else if (g_str_equal (name, "huge"))
    {
      gint64 bytes = args != NULL ? json_object_get_int_member_with_default (args, "bytes", 1024) : 1024;
      g_autofree char *text = g_malloc (bytes + 1);

      memset (text, 'x', bytes);
      text[bytes] = '\0';
      reply (core, id, fake_mcp_core_text_result (text, FALSE));
    }
  else if (g_str_equal (name, "hang"))
    {
      /* never answered */
    }
  else if (g_str_equal (name, "bad-utf8"))
    {
      /* A reply that is not UTF-8: the JSON writer copies the byte. */
      reply (core, id, fake_mcp_core_text_result ("not \xff UTF-8", FALSE));
    }
  else if (g_str_equal (name, "hostile-error"))
    reply_error (core, id, -32603, "error " FAKE_MCP_HOSTILE, NULL);
  else if (g_str_equal (name, "hostile-fail"))
    reply (core, id, fake_mcp_core_text_result ("failed " FAKE_MCP_HOSTILE, TRUE));
  else if (g_str_has_prefix (name, "hostile") && core->options.hostile_text)
    {
      JsonObject *log = json_object_new ();

      json_object_set_string_member (log, "level", "warning");
      json_object_set_string_member (log, "data", "log " FAKE_MCP_HOSTILE);
      fake_mcp_core_notify (core, "notifications/message", log);
      reply (core, id, fake_mcp_core_text_result ("line one " FAKE_MCP_HOSTILE "\nline two", FALSE));
    }
  else if (g_str_equal (name, "crash"))
    reply (core, id, fake_mcp_core_text_result ("this server cannot crash", TRUE));
  else if (g_str_equal (name, "log"))
    {
      const char *level = args != NULL ? json_object_get_string_member_with_default (args, "level", "info") : "info";

      if (may_log (core, params, level))
        {
          JsonObject *log = json_object_new ();

          json_object_set_string_member (log, "level", level);
          json_object_set_string_member (log, "logger", "fake");
          json_object_set_string_member (log, "data",
                                         args != NULL ? json_object_get_string_member_with_default (args, "message", "hello") : "hello");
          fake_mcp_core_notify (core, "notifications/message", log);
        }
      reply (core, id, fake_mcp_core_text_result ("logged", FALSE));
    }
  else if (g_str_equal (name, "touch-list"))
    {
      fake_mcp_core_notify (core, "notifications/tools/list_changed", NULL);
      reply (core, id, fake_mcp_core_text_result ("touched", FALSE));
    }
  else if (g_str_equal (name, "ask"))
    {
      const char *method = args != NULL ? json_object_get_string_member_with_default (args, "method", "ping") : "ping";
      JsonObject *ask_params = NULL;
      Pending *p = pending_new (core, id);

      /* "params": the request's params, if given */
      if (args != NULL && json_object_has_member (args, "params") &&
          JSON_NODE_HOLDS_OBJECT (json_object_get_member (args, "params")))
        ask_params = json_object_ref (json_object_get_object_member (args, "params"));

      /* "related": say in _meta which call the request belongs to */
      if (args != NULL && json_object_get_boolean_member_with_default (args, "related", FALSE))
        {
          JsonObject *meta = json_object_new ();

          if (ask_params == NULL)
            ask_params = json_object_new ();
          json_object_set_member (meta, "io.modelcontextprotocol/related-request-id", json_node_copy (id));
          json_object_set_object_member (ask_params, "_meta", meta);
        }

      p->ask_method = request_id_string (core->next_request_id);
      fake_mcp_core_request (core, method, ask_params);
    }
  else if (g_str_has_prefix (name, "tool-"))
    reply (core, id, fake_mcp_core_text_result (name, FALSE));
  else
    {
      g_autofree char *text = g_strdup_printf ("MCP error -32602: Tool %s not found", name);
      reply (core, id, fake_mcp_core_text_result (text, TRUE));
    }
}

/* ---------------------------------------------------------------------- */

static void
handle_initialize (FakeMcpCore *core,
                   JsonNode    *id,
                   JsonObject  *params)
{
  const char *asked = params != NULL ? json_object_get_string_member_with_default (params, "protocolVersion", "") : "";
  const char *version = SERVER_PROTOCOL;
  g_autoptr(JsonNode) result_node = NULL;
  JsonObject *result;

  if (core->options.modern_only)
    {
      g_autofree char *message = g_strdup_printf ("Unsupported protocol version: %s", asked);
      reply_error (core, id, -32022, message, parse (core, "{\"supported\":[\"2026-07-28\"]}"));
      return;
    }

  if (core->protocol_version != NULL)
    version = core->protocol_version;
  else if (g_strv_contains (supported_versions, asked))
    version = asked;

  result_node = parse (core,
    "{\"capabilities\":{\"tools\":{\"listChanged\":true},\"prompts\":{\"listChanged\":true},"
    "\"resources\":{\"subscribe\":true,\"listChanged\":true},\"logging\":{},\"completions\":{}},"
    "\"serverInfo\":{\"name\":\"fake-mcp-server\",\"title\":\"Fake MCP Server\",\"version\":\"1.0.0\"},"
    "\"instructions\":\"A fake server for Tether's tests.\"}");
  result = json_node_get_object (result_node);
  json_object_set_string_member (result, "protocolVersion", version);
  if (core->options.no_completions)
    json_object_remove_member (json_object_get_object_member (result, "capabilities"), "completions");
  if (core->options.no_logging)
    json_object_remove_member (json_object_get_object_member (result, "capabilities"), "logging");
  if (core->options.use_tasks)
    json_object_set_member (json_object_get_object_member (result, "capabilities"), "tasks",
                            parse (core, "{\"list\":{},\"cancel\":{},\"requests\":{\"tools\":{\"call\":{}}}}"));
  if (core->options.hostile_text)
    {
      json_object_set_member (result, "serverInfo",
                              hostile_item ("name", "fake", "title", "Fake", "version", "1.0", NULL));
      json_object_set_string_member (result, "instructions", "Instructions " FAKE_MCP_HOSTILE "\nsecond line");
    }
  reply (core, id, json_object_ref (result));

  if (core->options.list_changed_early)
    {
      fake_mcp_core_notify (core, "notifications/tools/list_changed", NULL);
      fake_mcp_core_notify (core, "notifications/tools/list_changed", NULL);
    }
}

static void
handle_read (FakeMcpCore *core,
             JsonNode    *id,
             JsonObject  *params)
{
  const char *uri = params != NULL ? json_object_get_string_member_with_default (params, "uri", "") : "";
  JsonObject *result = json_object_new ();
  JsonArray *contents = json_array_new ();
  JsonObject *content = json_object_new ();

  json_object_set_string_member (content, "uri", uri);
  if (g_str_equal (uri, "fake://static/readme"))
    {
      json_object_set_string_member (content, "mimeType", "text/markdown");
      json_object_set_string_member (content, "text", "# Read me\n\nA fake resource.\n");
    }
  else if (g_str_equal (uri, "fake://static/pixel"))
    {
      json_object_set_string_member (content, "mimeType", "image/png");
      json_object_set_string_member (content, "blob", FAKE_PIXEL_PNG);
    }
  else if (core->options.use_extras && g_str_equal (uri, "fake://extras/counter"))
    {
      g_autofree char *text = g_strdup_printf ("count %u", ++core->counter_reads);
      json_object_set_string_member (content, "mimeType", "text/plain");
      json_object_set_string_member (content, "text", text);
    }
  else if (g_str_has_prefix (uri, "fake://dynamic/"))
    {
      g_autofree char *text = g_strdup_printf ("dynamic resource %s", uri + strlen ("fake://dynamic/"));
      json_object_set_string_member (content, "mimeType", "text/plain");
      json_object_set_string_member (content, "text", text);
    }
  else
    {
      g_autofree char *message = g_strdup_printf ("Resource not found: %s", uri);
      json_object_unref (content);
      json_array_unref (contents);
      json_object_unref (result);
      /* The stateless revision says it with -32602 and the URI. */
      if (core->options.era_2026)
        {
          JsonObject *data = json_object_new ();
          JsonNode *node = json_node_new (JSON_NODE_OBJECT);

          json_object_set_string_member (data, "uri", uri);
          json_node_take_object (node, data);
          reply_error (core, id, -32602, message, node);
        }
      else
        reply_error (core, id, -32002, message, NULL);
      return;
    }

  json_array_add_object_element (contents, content);
  json_object_set_array_member (result, "contents", contents);
  reply (core, id, result);
}

static JsonObject *
parse_object (FakeMcpCore *core,
              const char  *json)
{
  g_autoptr(JsonNode) node = parse (core, json);

  return json_node_dup_object (node);
}

/* The conversation: a question, an answer, an image and an embedded resource */
static void
handle_get_conversation (FakeMcpCore *core,
                         JsonNode    *id,
                         JsonObject  *args)
{
  const char *topic = args != NULL ? json_object_get_string_member_with_default (args, "topic", NULL) : NULL;
  g_autofree char *question = NULL;
  g_autofree char *answer = NULL;
  JsonObject *result;
  JsonArray *messages;

  if (topic == NULL)
    {
      reply_error (core, id, -32602, "Missing required argument: topic", NULL);
      return;
    }

  result = parse_object (core,
    "{\"description\":\"A conversation\",\"messages\":["
    "{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"\"}},"
    "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"\"}},"
    "{\"role\":\"user\",\"content\":{\"type\":\"image\",\"mimeType\":\"image/png\",\"data\":\"\"}},"
    "{\"role\":\"user\",\"content\":{\"type\":\"resource\",\"resource\":"
    "{\"uri\":\"fake://static/readme\",\"mimeType\":\"text/markdown\",\"text\":\"# Read me\"}}}]}");
  messages = json_object_get_array_member (result, "messages");
  question = g_strdup_printf ("Tell me about %s.", topic);
  answer = g_strdup_printf ("%s is a fine topic.", topic);
#define CONTENT(i) json_object_get_object_member (json_array_get_object_element (messages, (i)), "content")
  json_object_set_string_member (CONTENT (0), "text", question);
  json_object_set_string_member (CONTENT (1), "text", answer);
  json_object_set_string_member (CONTENT (2), "data", FAKE_PIXEL_PNG);
#undef CONTENT
  reply (core, id, result);
}

static void
handle_get_prompt (FakeMcpCore *core,
                   JsonNode    *id,
                   JsonObject  *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", "") : "";
  JsonObject *args = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonNode) message = NULL;
  JsonObject *result;
  JsonArray *messages;

  if (params != NULL && json_object_has_member (params, "arguments") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "arguments")))
    args = json_object_get_object_member (params, "arguments");

  if (g_str_equal (name, "greeting"))
    {
      const char *who = args != NULL ? json_object_get_string_member_with_default (args, "name", NULL) : NULL;

      if (who == NULL)
        {
          reply_error (core, id, -32602, "Missing required argument: name", NULL);
          return;
        }
      text = g_strdup_printf ("Say hello to %s.", who);
    }
  else if (g_str_equal (name, "simple"))
    text = g_strdup ("A simple prompt.");
  else if (core->options.use_extras && g_str_equal (name, "conversation"))
    {
      handle_get_conversation (core, id, args);
      return;
    }
  else
    {
      g_autofree char *error = g_strdup_printf ("Prompt not found: %s", name);
      reply_error (core, id, -32602, error, NULL);
      return;
    }

  result = json_object_new ();
  messages = json_array_new ();
  message = parse (core, "{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"\"}}");
  json_object_set_string_member (json_object_get_object_member (json_node_get_object (message), "content"),
                                 "text", text);
  json_array_add_element (messages, g_steal_pointer (&message));
  json_object_set_string_member (result, "description", "A prompt from the fake server");
  json_object_set_array_member (result, "messages", messages);
  reply (core, id, result);
}

/* completion/complete: the greeting's name among a few, by prefix */
static void
handle_complete (FakeMcpCore *core,
                 JsonNode    *id,
                 JsonObject  *params)
{
  static const char * const people[] = { "Ada", "Alan", "Grace", NULL };
  static const char * const topics[] = { "cats", "cars", "comets", NULL };
  static const char * const ids[] = { "alpha", "beta", "gamma", NULL };
  const char * const *names = people;
  const char *argument_name;
  JsonObject *argument = NULL;
  JsonObject *result = json_object_new ();
  JsonObject *completion = json_object_new ();
  JsonArray *values = json_array_new ();
  const char *prefix;

  if (params != NULL && json_object_has_member (params, "argument") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "argument")))
    argument = json_object_get_object_member (params, "argument");
  prefix = argument != NULL ? json_object_get_string_member_with_default (argument, "value", "") : "";
  argument_name = argument != NULL ? json_object_get_string_member_with_default (argument, "name", "") : "";
  if (g_str_equal (argument_name, "topic"))
    names = topics;
  else if (g_str_equal (argument_name, "id"))
    names = ids;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_has_prefix (names[i], prefix))
      json_array_add_string_element (values, names[i]);
  json_object_set_int_member (completion, "total", json_array_get_length (values));
  json_object_set_array_member (completion, "values", values);
  json_object_set_object_member (result, "completion", completion);
  reply (core, id, result);
}

static void
handle_response (FakeMcpCore *core,
                 JsonObject  *object)
{
  const char *id = NULL;

  if (JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "id")) &&
      json_node_get_value_type (json_object_get_member (object, "id")) == G_TYPE_STRING)
    id = json_object_get_string_member (object, "id");

  g_clear_pointer (&core->last_answer, json_node_unref);
  core->last_answer = json_node_alloc ();
  json_node_init_object (core->last_answer, object);

  if (id != NULL && core->tasks != NULL && fake_mcp_tasks_take_answer (core->tasks, id, object))
    return;

  for (guint i = 0; id != NULL && i < core->pending->len; i++)
    {
      Pending *p = g_ptr_array_index (core->pending, i);

      if (p->ask_method != NULL && g_str_equal (p->ask_method, id))
        {
          g_autoptr(JsonGenerator) gen = json_generator_new ();
          g_autofree char *text = NULL;

          json_generator_set_root (gen, core->last_answer);
          text = json_generator_to_data (gen, NULL);
          reply (core, p->id, fake_mcp_core_text_result (text, FALSE));
          g_ptr_array_remove_index (core->pending, i);
          return;
        }
    }
}

static void
handle_cancelled (FakeMcpCore *core,
                  JsonObject  *params)
{
  JsonNode *request_id;

  if (params == NULL || (request_id = json_object_get_member (params, "requestId")) == NULL)
    return;

  for (guint i = 0; i < core->pending->len; i++)
    {
      Pending *p = g_ptr_array_index (core->pending, i);

      if (json_node_equal (p->id, request_id))
        {
          g_ptr_array_remove_index (core->pending, i);
          return;
        }
    }
}

static void
count (FakeMcpCore *core,
       const char  *method)
{
  guint n = fake_mcp_core_get_count (core, method);

  g_hash_table_replace (core->counts, g_strdup (method), GUINT_TO_POINTER (n + 1));
}

/* The stateless revision (2026-07-28): server/discover, `_meta` on every
 * request, and tools that ask for input inside their result: "confirm"
 * asks a form and hands out a requestState it wants back unchanged, "nag"
 * asks for nothing but keeps handing out states; the prompt "confirm" and
 * the resource FAKE_INPUT_RESOURCE ask as the tool "confirm" does. */
static gboolean
stateless_meta_ok (JsonObject *params)
{
  JsonObject *meta;

  if (params == NULL || !json_object_has_member (params, "_meta") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    return FALSE;

  meta = json_object_get_object_member (params, "_meta");
  return g_strcmp0 (json_object_get_string_member_with_default (meta, "io.modelcontextprotocol/protocolVersion", NULL),
                    "2026-07-28") == 0 &&
         json_object_has_member (meta, "io.modelcontextprotocol/clientCapabilities") &&
         JSON_NODE_HOLDS_OBJECT (json_object_get_member (meta, "io.modelcontextprotocol/clientCapabilities"));
}

/* What a request that asked for input answers once it has the answers:
 * the answers themselves, as the result of @method. */
static JsonObject *
stateless_answered (const char *method,
                    const char *text)
{
  JsonObject *result;
  JsonObject *item = json_object_new ();
  JsonArray *array = json_array_new ();

  if (g_str_equal (method, "prompts/get"))
    {
      JsonObject *content = json_object_new ();

      json_object_set_string_member (content, "type", "text");
      json_object_set_string_member (content, "text", text);
      json_object_set_string_member (item, "role", "user");
      json_object_set_object_member (item, "content", content);
      result = json_object_new ();
      json_array_add_object_element (array, item);
      json_object_set_array_member (result, "messages", array);
      return result;
    }

  if (g_str_equal (method, "resources/read"))
    {
      json_object_set_string_member (item, "uri", FAKE_INPUT_RESOURCE);
      json_object_set_string_member (item, "mimeType", "application/json");
      json_object_set_string_member (item, "text", text);
      result = json_object_new ();
      json_array_add_object_element (array, item);
      json_object_set_array_member (result, "contents", array);
      json_object_set_int_member (result, "ttlMs", 0);
      json_object_set_string_member (result, "cacheScope", "private");
      return result;
    }

  json_object_unref (item);
  json_array_unref (array);
  return fake_mcp_core_text_result (text, FALSE);
}

/* The tools "confirm" and "nag", the prompt "confirm" and the resource
 * FAKE_INPUT_RESOURCE: each asks for input inside its result. */
static void
stateless_input (FakeMcpCore *core,
                 JsonNode    *id,
                 const char  *method,
                 const char  *name,
                 JsonObject  *params)
{
  JsonObject *result;
  const char *state = json_object_get_string_member_with_default (params, "requestState", NULL);

  if (g_str_equal (name, "nag"))
    {
      result = parse_object (core, "{\"resultType\":\"input_required\"}");
      json_object_set_string_member (result, "requestState", "again");
      reply (core, id, result);
      return;
    }

  if (!json_object_has_member (params, "inputResponses"))
    {
      g_free (core->request_state);
      /* Opaque, and not plain ASCII: it must come back byte for byte. */
      core->request_state = g_strdup_printf ("st\xc3\xa4te-%u", fake_mcp_core_get_count (core, method));
      result = parse_object (core,
        "{\"resultType\":\"input_required\",\"inputRequests\":{\"login\":{\"method\":\"elicitation/create\","
        "\"params\":{\"mode\":\"form\",\"message\":\"User?\",\"requestedSchema\":{\"type\":\"object\","
        "\"properties\":{\"name\":{\"type\":\"string\"}}}}}}}");
      json_object_set_string_member (result, "requestState", core->request_state);
      reply (core, id, result);
      return;
    }

  if (g_strcmp0 (state, core->request_state) != 0)
    {
      reply (core, id, fake_mcp_core_text_result ("the request state came back changed", TRUE));
      return;
    }

  {
    JsonNode *responses = json_object_get_member (params, "inputResponses");
    g_autofree char *text = json_to_string (responses, FALSE);

    reply (core, id, stateless_answered (method, text));
  }
}

/* Returns TRUE when the request was handled. */
static gboolean
stateless_handle (FakeMcpCore *core,
                  const char  *method,
                  JsonNode    *id,
                  JsonObject  *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", "") : "";

  if (g_str_equal (method, "initialize"))
    {
      reply_error (core, id, -32022, "Unsupported protocol version: 2025-11-25",
                   parse (core, "{\"supported\":[\"2026-07-28\"]}"));
      return TRUE;
    }

  if (!stateless_meta_ok (params))
    {
      reply_error (core, id, -32602, "Missing _meta: protocolVersion and clientCapabilities are required", NULL);
      return TRUE;
    }

  if (g_str_equal (method, "server/discover"))
    {
      JsonObject *result = parse_object (core,
        "{\"supportedVersions\":[\"2026-07-28\"],\"ttlMs\":0,\"cacheScope\":\"private\","
        "\"capabilities\":{\"tools\":{\"listChanged\":true},\"prompts\":{},"
        "\"resources\":{\"subscribe\":true,\"listChanged\":true}},"
        "\"instructions\":\"A fake stateless server.\","
        "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"fake-mcp-server\","
        "\"title\":\"Fake Stateless Server\",\"version\":\"2.0.0\"}}}");

      if (!core->options.no_logging)
        json_object_set_object_member (json_object_get_object_member (result, "capabilities"), "logging",
                                       json_object_new ());
      /* The tasks extension, declared as a server of 2026-07-28 does. */
      if (core->tasks != NULL)
        json_object_set_member (json_object_get_object_member (result, "capabilities"), "extensions",
                                parse (core, "{\"io.modelcontextprotocol/tasks\":{}}"));
      reply (core, id, result);
      return TRUE;
    }

  if (g_str_equal (method, "ping") || g_str_equal (method, "logging/setLevel") ||
      g_str_equal (method, "resources/subscribe") || g_str_equal (method, "resources/unsubscribe"))
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);
      reply_error (core, id, -32601, text, NULL);
      return TRUE;
    }

  if (g_str_equal (method, "subscriptions/listen"))
    {
      fake_mcp_listen_serve (core->listen, id, params, core->options.listen_wrong_tag);
      return TRUE;
    }

  if (g_str_equal (method, "tools/call") && g_str_equal (name, "end-listen"))
    {
      fake_mcp_listen_end_all (core->listen);
      reply (core, id, fake_mcp_core_text_result ("ended", FALSE));
      return TRUE;
    }

  if (g_str_equal (method, "tools/call") && g_str_equal (name, "touch-resource"))
    {
      JsonObject *args = json_object_get_object_member (params, "arguments");
      JsonObject *updated = json_object_new ();

      json_object_set_string_member (updated, "uri", args != NULL ? json_object_get_string_member_with_default (args, "uri", "") : "");
      fake_mcp_core_notify (core, "notifications/resources/updated", updated);
      reply (core, id, fake_mcp_core_text_result ("touched", FALSE));
      return TRUE;
    }

  if ((g_str_equal (method, "tools/call") && (g_str_equal (name, "confirm") || g_str_equal (name, "nag"))) ||
      (g_str_equal (method, "prompts/get") && g_str_equal (name, "confirm")))
    {
      stateless_input (core, id, method, name, params);
      return TRUE;
    }

  if (g_str_equal (method, "resources/read") &&
      g_strcmp0 (json_object_get_string_member_with_default (params, "uri", NULL), FAKE_INPUT_RESOURCE) == 0)
    {
      stateless_input (core, id, method, FAKE_INPUT_RESOURCE, params);
      return TRUE;
    }

  return FALSE;
}

void
fake_mcp_core_handle (FakeMcpCore *core,
                      JsonNode    *message)
{
  JsonObject *object;
  JsonObject *params = NULL;
  JsonNode *id;
  const char *method;

  if (!JSON_NODE_HOLDS_OBJECT (message))
    return;

  object = json_node_get_object (message);
  id = json_object_get_member (object, "id");
  method = json_object_get_string_member_with_default (object, "method", NULL);

  if (method == NULL)
    {
      if (id != NULL && (json_object_has_member (object, "result") || json_object_has_member (object, "error")))
        handle_response (core, object);
      return;
    }

  if (json_object_has_member (object, "params") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")))
    params = json_object_get_object_member (object, "params");

  count (core, method);
  g_clear_pointer (&core->last_params, json_object_unref);
  if (params != NULL)
    core->last_params = json_object_ref (params);

  if (id == NULL || JSON_NODE_HOLDS_NULL (id))
    {
      if (g_str_equal (method, "notifications/cancelled") && !fake_mcp_listen_cancel (core->listen, params))
        handle_cancelled (core, params);
      return;
    }

  if (core->hook != NULL && core->hook (method, params, core->hook_data))
    return;

  if (core->hang_methods != NULL && g_strv_contains ((const char * const *)core->hang_methods, method))
    return;

  if (core->options.era_2026 && stateless_handle (core, method, id, params))
    return;

  if (core->tasks != NULL && fake_mcp_tasks_handle (core->tasks, method, id, params))
    return;

  if (g_str_equal (method, "initialize"))
    handle_initialize (core, id, params);
  else if (core->options.use_extras && g_str_equal (method, "resources/subscribe"))
    {
      /* Subscribed: the counter changes at once. */
      reply (core, id, json_object_new ());
      fake_mcp_core_notify (core, "notifications/resources/updated",
                            parse_object (core, "{\"uri\":\"fake://extras/counter\"}"));
    }
  else if (g_str_equal (method, "ping") || g_str_equal (method, "logging/setLevel") ||
           g_str_equal (method, "resources/subscribe") || g_str_equal (method, "resources/unsubscribe"))
    reply (core, id, json_object_new ());
  else if (g_str_equal (method, "tools/list"))
    handle_list (core, id, params, LIST_TOOLS, "tools");
  else if (g_str_equal (method, "prompts/list"))
    handle_list (core, id, params, LIST_PROMPTS, "prompts");
  else if (g_str_equal (method, "resources/list"))
    handle_list (core, id, params, LIST_RESOURCES, "resources");
  else if (g_str_equal (method, "resources/templates/list"))
    handle_list (core, id, params, LIST_TEMPLATES, "resourceTemplates");
  else if (g_str_equal (method, "tools/call"))
    handle_call (core, id, params);
  else if (g_str_equal (method, "prompts/get"))
    handle_get_prompt (core, id, params);
  else if (g_str_equal (method, "completion/complete"))
    handle_complete (core, id, params);
  else if (g_str_equal (method, "resources/read"))
    handle_read (core, id, params);
  else
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);
      reply_error (core, id, -32601, text, NULL);
    }
}

FakeMcpListen *
fake_mcp_core_get_listen (FakeMcpCore *core)
{
  return core->listen;
}

gboolean
fake_mcp_core_handle_text (FakeMcpCore *core,
                           const char  *text,
                           gssize       length)
{
  g_autoptr(JsonNode) root = NULL;

  if (!json_parser_load_from_data (core->parser, text, length, NULL))
    return FALSE;

  root = json_parser_steal_root (core->parser);
  if (root == NULL)
    return FALSE;

  fake_mcp_core_handle (core, root);

  return TRUE;
}
