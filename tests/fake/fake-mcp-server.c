/* fake-mcp-server.c — a stdio MCP server with fault modes, for tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The protocol comes from fake-mcp-core.c; this file adds stdio and the
 * ways a real server goes wrong. Modes combine. It is also the fast C server
 * of the benchmark: input is read in large chunks and every complete line
 * handled per wake-up; the answers of one wake-up leave in one write.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib-unix.h>

#include "fake-mcp-core.h"

static int      n_tools;
static int      page_size;
static gboolean repeat_cursor;
static gboolean list_changed_early;
static gboolean modern_only;
static char *era;
static int      list_ttl_ms = -1;
static char    *cache_scope;
static char    *protocol_version;
static char   **hang_methods;
static gboolean crash_on_start;
static gboolean exit_during_initialize;
static gboolean exit_before_initialize;
static gboolean crash_on_call;
static gboolean garbage;
static int      stderr_flood;
static gboolean ignore_stdin_eof;
static gboolean ignore_sigterm;
static int      grandchildren;
static gboolean clear_grandchildren_env;
static int      slow_start_ms;
static int      crash_after_ms;
static char    *count_file;
static gboolean grandchild;
static int      progress_interval_ms;
static gboolean hostile_text;
static gboolean rich_tools;
static gboolean use_extras;
static gboolean use_tasks;
static gboolean listen_wrong_tag;
static gboolean no_logging;
static gboolean no_completions;
static gboolean never_read_stdin;
static char    *stop_reading_after;
static char   **ask_methods;
static char    *answers_file;

static GOptionEntry entries[] = {
  { "tools", 0, 0, G_OPTION_ARG_INT, &n_tools, "Generated tools besides the fixed ones", "N" },
  { "page-size", 0, 0, G_OPTION_ARG_INT, &page_size, "Paginate lists", "N" },
  { "repeat-cursor", 0, 0, G_OPTION_ARG_NONE, &repeat_cursor, "Every page points back to the first", NULL },
  { "list-changed-early", 0, 0, G_OPTION_ARG_NONE, &list_changed_early, "Send tools/list_changed before initialized", NULL },
  { "modern-only", 0, 0, G_OPTION_ARG_NONE, &modern_only, "Answer initialize with -32022", NULL },
  { "era", 0, 0, G_OPTION_ARG_STRING, &era, "2026: speak only the stateless revision 2026-07-28", "ERA" },
  { "list-ttl", 0, 0, G_OPTION_ARG_INT, &list_ttl_ms, "--era 2026: the ttlMs of every list page", "MS" },
  { "cache-scope", 0, 0, G_OPTION_ARG_STRING, &cache_scope, "--era 2026: the cacheScope of every list page (public or private)", "SCOPE" },
  { "listen-wrong-tag", 0, 0, G_OPTION_ARG_NONE, &listen_wrong_tag,
    "--era 2026: after each listen acknowledgement, a list change tagged for another subscription", NULL },
  { "protocol-version", 0, 0, G_OPTION_ARG_STRING, &protocol_version, "Answer initialize with this version", "V" },
  { "hang-on", 0, 0, G_OPTION_ARG_STRING_ARRAY, &hang_methods, "Never answer METHOD", "METHOD" },
  { "crash-on-start", 0, 0, G_OPTION_ARG_NONE, &crash_on_start, "Exit with status 3 at once", NULL },
  { "exit-during-initialize", 0, 0, G_OPTION_ARG_NONE, &exit_during_initialize, "Exit with status 4 on initialize", NULL },
  { "exit-before-initialize", 0, 0, G_OPTION_ARG_NONE, &exit_before_initialize,
    "Exit with status 5 on any request before initialize (as rmcp does)", NULL },
  { "crash-on-call", 0, 0, G_OPTION_ARG_NONE, &crash_on_call, "Die of SIGKILL in any tools/call", NULL },
  { "garbage", 0, 0, G_OPTION_ARG_NONE, &garbage, "Non-JSON lines, blank lines, CRLF and split writes on stdout", NULL },
  { "stderr-flood", 0, 0, G_OPTION_ARG_INT, &stderr_flood, "Write N lines to stderr at start", "N" },
  { "ignore-stdin-eof", 0, 0, G_OPTION_ARG_NONE, &ignore_stdin_eof, "Keep running when stdin closes", NULL },
  { "ignore-sigterm", 0, 0, G_OPTION_ARG_NONE, &ignore_sigterm, "Ignore SIGTERM", NULL },
  { "grandchildren", 0, 0, G_OPTION_ARG_INT, &grandchildren, "Start N processes that ignore SIGTERM and SIGHUP", "N" },
  { "clear-grandchildren-env", 0, 0, G_OPTION_ARG_NONE, &clear_grandchildren_env, "Start them with an empty environment", NULL },
  { "slow-start", 0, 0, G_OPTION_ARG_INT, &slow_start_ms, "Sleep before reading stdin", "MS" },
  { "crash-after-ms", 0, 0, G_OPTION_ARG_INT, &crash_after_ms, "Exit with status 70 after MS", "MS" },
  { "count-file", 0, 0, G_OPTION_ARG_FILENAME, &count_file, "Record the initialize, tools/call, resources/read, logging/setLevel and notifications (cancelled, roots) received", "PATH" },
  { "progress-interval", 0, 0, G_OPTION_ARG_INT, &progress_interval_ms, "The slow tool's step", "MS" },
  { "hostile-text", 0, 0, G_OPTION_ARG_NONE, &hostile_text, "Escape sequences in names, serverInfo, texts, errors and stderr", NULL },
  { "rich-tools", 0, 0, G_OPTION_ARG_NONE, &rich_tools, "Also offer the tools form (every field kind) and media (every content kind)", NULL },
  { "use-extras", 0, 0, G_OPTION_ARG_NONE, &use_extras, "Also offer the prompt conversation and the resource counter (subscribable)", NULL },
  { "use-tasks", 0, 0, G_OPTION_ARG_NONE, &use_tasks, "Also offer the task tools research (tasks required) and quick (optional)", NULL },
  { "no-completions", 0, 0, G_OPTION_ARG_NONE, &no_completions, "Declare no completions capability", NULL },
  { "no-logging", 0, 0, G_OPTION_ARG_NONE, &no_logging, "Declare no logging capability", NULL },
  { "never-read-stdin", 0, 0, G_OPTION_ARG_NONE, &never_read_stdin, "Never read stdin (until killed)", NULL },
  { "stop-reading-after", 0, 0, G_OPTION_ARG_STRING, &stop_reading_after, "Stop reading stdin once METHOD is answered", "METHOD" },
  { "ask-when-initialized", 0, 0, G_OPTION_ARG_STRING_ARRAY, &ask_methods,
    "Once initialized, ask the client METHOD (roots/list, elicitation/create, sampling/createMessage), "
    "one after the other", "METHOD" },
  { "answers-file", 0, 0, G_OPTION_ARG_FILENAME, &answers_file, "Append each answer to those, one line each", "PATH" },
  { "grandchild", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &grandchild, NULL, NULL },
  { NULL }
};

static FakeMcpCore *core;
static GString     *out;
static GByteArray  *in;
static gboolean     in_batch;
static gboolean     sent_garbage;
static gboolean     stopped_reading;

static void
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          /* The client is gone. */
          _exit (0);
        }
      data += n;
      length -= n;
    }
}

static void
flush_out (void)
{
  if (out->len == 0)
    return;

  if (garbage)
    {
      gsize half = out->len / 2;

      if (!sent_garbage)
        {
          static const char junk[] = "this line is not JSON\n\n   \r\n{\"not\":\"json-rpc\"}\n[1,2,3]\n";
          write_all (1, junk, sizeof junk - 1);
          sent_garbage = TRUE;
        }

      /* A message split over two writes. */
      write_all (1, out->str, half);
      g_usleep (2000);
      write_all (1, out->str + half, out->len - half);
      write_all (1, "\n", 1);
    }
  else
    write_all (1, out->str, out->len);

  g_string_truncate (out, 0);
}

static void
send_cb (JsonNode *message,
         gpointer  user_data)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  gsize length;

  json_generator_set_root (generator, message);
  text = json_generator_to_data (generator, &length);
  g_string_append_len (out, text, length);
  g_string_append (out, garbage ? "\r\n" : "\n");

  if (!in_batch)
    flush_out ();
}

/* The counts add up over every process that used the same file, so a test
 * can tell that a reconnected server saw a new initialize, and that a call
 * was not sent again to the next process. The first two are always
 * written, the others once there were any, for the tests that read the
 * file whole. */
static const char * const counted[] = {
  "initialize", "tools/call", "notifications/cancelled", "resources/read", "prompts/get",
  "completion/complete", "resources/subscribe", "resources/unsubscribe", "logging/setLevel",
  "notifications/roots/list_changed", "tasks/get", "tasks/result", "tasks/cancel", "tasks/update",
  "subscriptions/listen", "tools/list",
};
static guint base_counts[G_N_ELEMENTS (counted)];

static void
read_count_file (void)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (count_file == NULL || !g_file_get_contents (count_file, &contents, NULL, NULL))
    return;

  /* one line a method: "METHOD N" */
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space = strrchr (lines[i], ' ');

      for (guint m = 0; space != NULL && m < G_N_ELEMENTS (counted); m++)
        if ((gsize)(space - lines[i]) == strlen (counted[m]) && strncmp (lines[i], counted[m], space - lines[i]) == 0)
          base_counts[m] = (guint)atoi (space + 1);
    }
}

static void
write_count_file (void)
{
  g_autoptr(GString) contents = g_string_new (NULL);

  if (count_file == NULL)
    return;

  for (guint m = 0; m < G_N_ELEMENTS (counted); m++)
    {
      guint n = base_counts[m] + fake_mcp_core_get_count (core, counted[m]);

      if (m < 2 || n > 0)
        g_string_append_printf (contents, "%s %u\n", counted[m], n);
    }
  g_file_set_contents (count_file, contents->str, -1, NULL);
}

static gboolean
is_counted (const char *method)
{
  for (guint m = 0; m < G_N_ELEMENTS (counted); m++)
    if (g_str_equal (method, counted[m]))
      return TRUE;

  return FALSE;
}

static gboolean
hook_cb (const char *method,
         JsonObject *params,
         gpointer    user_data)
{
  if (is_counted (method))
    write_count_file ();

  if (exit_before_initialize && fake_mcp_core_get_count (core, "initialize") == 0 &&
      !g_str_equal (method, "initialize"))
    {
      flush_out ();
      fprintf (stderr, "fake-mcp-server: exiting on %s before initialize as asked\n", method);
      fflush (stderr);
      _exit (5);
    }

  if (g_str_equal (method, "initialize") && exit_during_initialize)
    {
      flush_out ();
      fprintf (stderr, "fake-mcp-server: exiting during initialize as asked\n");
      fflush (stderr);
      _exit (4);
    }

  if (stop_reading_after != NULL && g_str_equal (method, stop_reading_after))
    stopped_reading = TRUE;

  if (g_str_equal (method, "tools/call"))
    {
      const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", "") : "";

      if (crash_on_call || g_str_equal (name, "crash"))
        {
          flush_out ();
          fprintf (stderr, "fake-mcp-server: crashing in tools/call as asked\n");
          fflush (stderr);
          raise (SIGKILL);
        }
    }

  return FALSE;
}

/* --ask-when-initialized: the questions, one at a time, each answer a
 * line of the answers file. */
static guint  next_ask;
static char  *seen_answer;   /* the last answer recorded; each carries its id */

static void
ask_next (void)
{
  const char *method;
  g_autoptr(JsonNode) params = NULL;

  if (ask_methods == NULL || ask_methods[next_ask] == NULL)
    return;

  method = ask_methods[next_ask++];
  if (g_str_equal (method, "elicitation/create"))
    params = json_from_string ("{\"message\":\"Who are you?\",\"requestedSchema\":{\"type\":\"object\","
                               "\"properties\":{\"name\":{\"type\":\"string\"}}}}", NULL);
  else if (g_str_equal (method, "sampling/createMessage"))
    params = json_from_string ("{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\","
                               "\"text\":\"Hi?\"}}],\"maxTokens\":5}", NULL);
  fake_mcp_core_request (core, method, params != NULL ? json_object_ref (json_node_get_object (params)) : NULL);
}

static void
record_answer (void)
{
  JsonNode *answer = fake_mcp_core_get_last_answer (core);
  g_autofree char *line = NULL;
  FILE *file;

  if (answer == NULL)
    return;
  line = json_to_string (answer, FALSE);
  if (g_strcmp0 (line, seen_answer) == 0)
    return;

  g_free (seen_answer);
  seen_answer = g_strdup (line);
  if (answers_file != NULL && (file = fopen (answers_file, "a")) != NULL)
    {
      fprintf (file, "%s\n", line);
      fclose (file);
    }
  ask_next ();
}

static void
handle_input (void)
{
  guint initialized = fake_mcp_core_get_count (core, "notifications/initialized");
  guint8 *data = in->data;
  gsize start = 0;
  guint8 *nl;

  guint cancelled = fake_mcp_core_get_count (core, "notifications/cancelled");
  guint roots_changed = fake_mcp_core_get_count (core, "notifications/roots/list_changed");

  in_batch = TRUE;
  while ((nl = memchr (data + start, '\n', in->len - start)) != NULL)
    {
      gsize end = nl - data;

      if (end > start && data[end - 1] == '\r')
        end--;
      if (end > start && !fake_mcp_core_handle_text (core, (const char *)data + start, end - start))
        fprintf (stderr, "fake-mcp-server: skipped a line that is not JSON\n");
      start = (nl - data) + 1;
      if (stopped_reading)
        break;
    }
  in_batch = FALSE;

  if (initialized == 0 && fake_mcp_core_get_count (core, "notifications/initialized") > 0)
    ask_next ();
  record_answer ();

  /* Notifications pass no hook: count them here. */
  if (fake_mcp_core_get_count (core, "notifications/cancelled") != cancelled ||
      fake_mcp_core_get_count (core, "notifications/roots/list_changed") != roots_changed)
    write_count_file ();

  g_byte_array_remove_range (in, 0, start);
  flush_out ();
}

static gboolean
stdin_cb (int           fd,
          GIOCondition  condition,
          gpointer      user_data)
{
  GMainLoop *loop = user_data;
  guint8 buffer[65536];
  gssize n;

  n = read (fd, buffer, sizeof buffer);
  if (n < 0 && (errno == EINTR || errno == EAGAIN))
    return G_SOURCE_CONTINUE;

  if (n <= 0)
    {
      if (ignore_stdin_eof)
        {
          fprintf (stderr, "fake-mcp-server: stdin closed; staying up as asked\n");
          return G_SOURCE_REMOVE;
        }
      g_main_loop_quit (loop);
      return G_SOURCE_REMOVE;
    }

  g_byte_array_append (in, buffer, n);
  handle_input ();

  if (stopped_reading)
    {
      fprintf (stderr, "fake-mcp-server: no longer reading stdin, as asked\n");
      fflush (stderr);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
crash_cb (gpointer user_data)
{
  fprintf (stderr, "fake-mcp-server: crashing after %d ms as asked\n", crash_after_ms);
  fflush (stderr);
  flush_out ();
  _exit (70);
}

static void
spawn_grandchildren (const char *self_path)
{
  for (int i = 0; i < grandchildren; i++)
    {
      /* The count file names the test that started us: pass it on, so that
       * a test can find every process of its own by command line. */
      const char *argv[] = { self_path, "--grandchild",
                             count_file ? "--count-file" : NULL, count_file, NULL };
      const char *empty[] = { NULL };
      g_autoptr(GError) error = NULL;
      GPid pid;

      /* They keep our stdout and stderr, like npx's node does. */
      if (!g_spawn_async (NULL, (char **)argv, clear_grandchildren_env ? (char **)empty : NULL,
                          G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CHILD_INHERITS_STDIN,
                          NULL, NULL, &pid, &error))
        {
          fprintf (stderr, "fake-mcp-server: could not spawn a grandchild: %s\n", error->message);
          fflush (stderr);
          _exit (5);
        }
      fprintf (stderr, "fake-mcp-server: grandchild pid %d\n", (int)pid);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *self_path = NULL;
  FakeMcpOptions options = { 0 };

  context = g_option_context_new ("— a fake MCP server on stdio");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "fake-mcp-server: %s\n", error->message);
      return 2;
    }

  if (grandchild)
    {
      /* Outlive a naive kill: only SIGKILL (to the group) gets us. */
      signal (SIGTERM, SIG_IGN);
      signal (SIGHUP, SIG_IGN);
      signal (SIGPIPE, SIG_IGN);
      for (;;)
        pause ();
    }

  read_count_file ();

  if (crash_on_start)
    {
      fprintf (stderr, "fake-mcp-server: crashing on start as asked\n");
      fflush (stderr);
      _exit (3);
    }

  if (ignore_sigterm)
    signal (SIGTERM, SIG_IGN);

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  if (grandchildren > 0)
    spawn_grandchildren (self_path != NULL ? self_path : argv[0]);

  if (hostile_text)
    fprintf (stderr, "fake-mcp-server: stderr " FAKE_MCP_HOSTILE "\n");

  for (int i = 0; i < stderr_flood; i++)
    fprintf (stderr, "fake-mcp-server: flood line %d of %d, padding padding padding padding padding\n",
             i + 1, stderr_flood);
  fflush (stderr);

  if (slow_start_ms > 0)
    g_usleep ((gulong)slow_start_ms * 1000);

  options.n_tools = MAX (0, n_tools);
  options.page_size = MAX (0, page_size);
  options.repeat_cursor = repeat_cursor;
  options.list_changed_early = list_changed_early;
  options.modern_only = modern_only;
  options.era_2026 = g_strcmp0 (era, "2026") == 0;
  if (list_ttl_ms >= 0)
    options.list_ttl_ms = list_ttl_ms;
  options.list_public = g_strcmp0 (cache_scope, "public") == 0;
  options.protocol_version = protocol_version;
  options.hang_methods = (const char * const *)hang_methods;
  options.progress_interval_ms = MAX (0, progress_interval_ms);
  options.hostile_text = hostile_text;
  options.rich_tools = rich_tools;
  options.use_extras = use_extras;
  options.use_tasks = use_tasks;
  options.listen_wrong_tag = listen_wrong_tag;
  options.no_logging = no_logging;
  options.no_completions = no_completions;

  out = g_string_sized_new (65536);
  in = g_byte_array_sized_new (65536);
  core = fake_mcp_core_new (&options, send_cb, NULL);
  fake_mcp_core_set_hook (core, hook_cb, NULL);
  loop = g_main_loop_new (NULL, FALSE);

  if (crash_after_ms > 0)
    g_timeout_add (crash_after_ms, crash_cb, NULL);

  /* Not reading: the client's writes fill the pipe, and SIGTERM ends us. */
  if (never_read_stdin)
    fprintf (stderr, "fake-mcp-server: never reading stdin, as asked\n");
  else
    g_unix_fd_add (0, G_IO_IN | G_IO_HUP | G_IO_ERR, stdin_cb, loop);
  fflush (stderr);
  g_main_loop_run (loop);

  flush_out ();
  fake_mcp_core_free (core);
  g_string_free (out, TRUE);
  g_byte_array_unref (in);
  g_strfreev (hang_methods);
  g_free (protocol_version);
  g_free (count_file);
  g_free (stop_reading_after);
  g_strfreev (ask_methods);
  g_free (answers_file);
  g_free (seen_answer);

  return 0;
}
