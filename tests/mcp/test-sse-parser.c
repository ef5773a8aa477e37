/* test-sse-parser.c — McpSseParser against the WHATWG event stream rules
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "mcp/mcp-error.h"
#include "mcp/mcp-sse-parser.h"

/* What a parser produced, as one comparable string: each event as
 * "type|id|data" (data escaped), then "=> last-id retry" and, when the
 * stream failed, "!" and the error code. */
static void
describe_events (McpSseParser *parser,
                 GString      *out)
{
  McpSseEvent *event;

  while ((event = mcp_sse_parser_pop_event (parser)) != NULL)
    {
      g_autofree char *escaped = g_strescape (event->data, NULL);

      g_assert_true (g_utf8_validate (event->data, event->data_length, NULL));
      g_assert_cmpuint (strlen (event->data), ==, event->data_length);
      g_assert_true (g_utf8_validate (event->event, -1, NULL));
      g_assert_true (g_utf8_validate (event->id, -1, NULL));
      g_string_append_printf (out, "%s|%s|%s", event->event, event->id, escaped);
      if (event->retry >= 0)
        g_string_append_printf (out, "@%" G_GINT64_FORMAT, event->retry);
      g_string_append_c (out, ';');
      mcp_sse_event_free (event);
    }
}

static char *
parse_in_chunks (const char *input,
                 gsize       length,
                 gsize       max_event_size,
                 const gsize *splits,
                 guint        n_splits)
{
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (max_event_size);
  GString *out = g_string_new (NULL);
  gsize start = 0;
  int failure = -1;

  for (guint i = 0; i <= n_splits; i++)
    {
      gsize end = i < n_splits ? splits[i] : length;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (end, >=, start);
      if (!mcp_sse_parser_feed (parser, input + start, end - start, &error))
        {
          g_assert_error (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
          failure = error->code;
          break;
        }
      g_assert_no_error (error);

      /* Take events as they come, as a transport does. */
      describe_events (parser, out);
      start = end;
    }

  describe_events (parser, out);
  g_string_append_printf (out, "=> '%s' %" G_GINT64_FORMAT,
                          mcp_sse_parser_get_last_event_id (parser),
                          mcp_sse_parser_get_retry (parser));
  if (failure >= 0)
    g_string_append_printf (out, " !%d", failure);

  return g_string_free (out, FALSE);
}

static char *
parse_whole (const char *input,
             gsize       length,
             gsize       max_event_size)
{
  return parse_in_chunks (input, length, max_event_size, NULL, 0);
}

/* Every way of cutting the input in two, and one byte at a time, gives
 * what feeding it at once gives. */
static void
assert_chunking_invariant_step (const char *input,
                                gsize       length,
                                gsize       max_event_size,
                                const char *whole,
                                gsize       step)
{
  g_autofree gsize *every = g_new (gsize, length + 1);

  for (gsize split = 0; split <= length; split += step)
    {
      g_autofree char *two = parse_in_chunks (input, length, max_event_size, &split, 1);

      if (g_strcmp0 (two, whole) != 0)
        g_error ("split at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT ": got “%s”, whole gave “%s”",
                 split, length, two, whole);
    }

  for (gsize i = 0; i < length; i++)
    every[i] = i + 1;

  {
    g_autofree char *bytes = parse_in_chunks (input, length, max_event_size, every,
                                              length > 0 ? (guint)length - 1 : 0);
    g_assert_cmpstr (bytes, ==, whole);
  }
}

static void
assert_chunking_invariant (const char *input,
                           gsize       length,
                           gsize       max_event_size,
                           const char *whole)
{
  assert_chunking_invariant_step (input, length, max_event_size, whole, 1);
}

typedef struct
{
  const char *name;
  const char *input;
  gsize       length;
  const char *expected;
} Case;

/* A literal that may hold NUL bytes, and its length. */
#define BIN(s) (s), (sizeof (s) - 1)

#define MAX_DEFAULT 4096

static const Case cases[] = {
  { "simple", BIN ("data: hello\n\n"), "message||hello;=> '' -1" },
  { "no-space", BIN ("data:hello\n\n"), "message||hello;=> '' -1" },
  { "only-one-space-removed", BIN ("data:  two\n\n"), "message|| two;=> '' -1" },
  { "tab-kept", BIN ("data:\tx\n\n"), "message||\\tx;=> '' -1" },
  { "multi-line-data", BIN ("data: a\ndata: b\ndata: c\n\n"), "message||a\\nb\\nc;=> '' -1" },
  { "lf", BIN ("data: a\n\ndata: b\n\n"), "message||a;message||b;=> '' -1" },
  { "cr", BIN ("data: a\rdata: b\r\r"), "message||a\\nb;=> '' -1" },
  { "crlf", BIN ("data: a\r\ndata: b\r\n\r\n"), "message||a\\nb;=> '' -1" },
  { "mixed-ends", BIN ("data: a\r\ndata: b\rdata: c\n\r\n"), "message||a\\nb\\nc;=> '' -1" },
  { "cr-cr-is-two-lines", BIN ("data: a\r\rdata: b\r\n\r\n"), "message||a;message||b;=> '' -1" },
  { "lf-cr-is-two-lines", BIN ("data: a\n\rdata: b\n\n"), "message||a;message||b;=> '' -1" },
  { "comment", BIN (": keep-alive\ndata: x\n: another\n\n"), "message||x;=> '' -1" },
  { "comment-only", BIN (":\n\n:ping\n\n"), "=> '' -1" },
  { "event-type", BIN ("event: update\ndata: x\n\n"), "update||x;=> '' -1" },
  { "event-type-resets", BIN ("event: update\ndata: x\n\ndata: y\n\n"), "update||x;message||y;=> '' -1" },
  { "event-type-empty", BIN ("event:\ndata: x\n\n"), "message||x;=> '' -1" },
  { "event-type-last-wins", BIN ("event: a\nevent: b\ndata: x\n\n"), "b||x;=> '' -1" },
  { "event-type-not-carried-over-empty", BIN ("event: a\n\ndata: x\n\n"), "message||x;=> '' -1" },
  { "endpoint", BIN ("event: endpoint\ndata: /message?sessionId=abc\n\n"),
    "endpoint||/message?sessionId=abc;=> '' -1" },
  { "id", BIN ("id: 1\ndata: x\n\n"), "message|1|x;=> '1' -1" },
  { "id-persists", BIN ("id: 1\ndata: x\n\ndata: y\n\n"), "message|1|x;message|1|y;=> '1' -1" },
  { "id-without-data", BIN ("id: 7\n\n"), "=> '7' -1" },
  { "id-without-blank-line", BIN ("id: 7\n"), "=> '' -1" },
  { "id-of-unfinished-event", BIN ("id: 1\ndata: a\n\nid: 2\ndata: {\"half"),
    "message|1|a;=> '1' -1" },
  { "id-of-unfinished-event-line-ended", BIN ("id: 1\ndata: a\n\nid: 2\ndata: b\n"),
    "message|1|a;=> '1' -1" },
  { "id-of-unfinished-priming", BIN ("id: 1\ndata:\n\nid: 2\n"), "=> '1' -1" },
  { "id-after-data", BIN ("data: x\nid: 2\n\n"), "message|2|x;=> '2' -1" },
  { "id-reset-by-empty", BIN ("id: 1\n\nid\n\n"), "=> '' -1" },
  { "id-reset-by-empty-value", BIN ("id: 1\n\nid:\ndata: x\n\n"), "message||x;=> '' -1" },
  { "id-with-nul-ignored", BIN ("id: 1\n\nid: a\0b\n\ndata: x\n\n"), "message|1|x;=> '1' -1" },
  { "priming", BIN ("id: event-1\nretry: 500\ndata:\n\n"), "=> 'event-1' 500" },
  { "priming-with-space", BIN ("id: p\ndata: \n\n"), "=> 'p' -1" },
  { "empty-data-not-dispatched", BIN ("data\n\ndata:\n\n"), "=> '' -1" },
  { "two-empty-data-lines", BIN ("data\ndata\n\n"), "message||\\n;=> '' -1" },
  { "retry", BIN ("retry: 500\n\n"), "=> '' 500" },
  { "retry-no-space", BIN ("retry:1500\n\n"), "=> '' 1500" },
  { "retry-zero", BIN ("retry: 0\n\n"), "=> '' 0" },
  { "retry-not-digits", BIN ("retry: 5a\n\nretry: -1\nretry: 1.5\nretry:\nretry:  5\n\n"), "=> '' -1" },
  { "retry-last-valid-wins", BIN ("retry: 100\nretry: x\nretry: 200\ndata: d\n\n"), "message||d@200;=> '' 200" },
  { "retry-huge-saturates", BIN ("retry: 999999999999999999999999999\n\n"), "=> '' 9223372036854775807" },
  { "retry-in-event", BIN ("retry: 250\ndata: x\n\n"), "message||x@250;=> '' 250" },
  { "unterminated-event", BIN ("data: x\n"), "=> '' -1" },
  { "unterminated-line", BIN ("data: x"), "=> '' -1" },
  { "unknown-field", BIN ("foo: bar\ndata: x\nDATA: y\n\n"), "message||x;=> '' -1" },
  { "field-without-colon", BIN ("data\ndata: x\n\n"), "message||\\nx;=> '' -1" },
  { "colon-in-value", BIN ("data: a:b: c\n\n"), "message||a:b: c;=> '' -1" },
  { "space-before-colon", BIN ("data : x\n\n"), "=> '' -1" },
  { "json", BIN ("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n"),
    "message||{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":1,\\\"result\\\":{}};=> '' -1" },
  { "many-blank-lines", BIN ("\n\n\ndata: a\n\n\n\ndata: b\n\n"), "message||a;message||b;=> '' -1" },
  { "bom", BIN ("\xEF\xBB\xBF" "data: x\n\n"), "message||x;=> '' -1" },
  { "bom-only-once", BIN ("\xEF\xBB\xBF\xEF\xBB\xBF" "data: x\n\n"), "=> '' -1" },
  { "partial-bom-is-text", BIN ("\xEF" "data: x\n\n"), "=> '' -1" },
  { "partial-bom-then-line", BIN ("\xEF\xBB\n" "data: x\n\n"), "message||x;=> '' -1" },
  { "invalid-utf8-replaced", BIN ("data: a\xFF" "b\n\n"), "message||a\\357\\277\\275b;=> '' -1" },
  { "nul-in-data-replaced", BIN ("data: a\0b\n\n"), "message||a\\357\\277\\275b;=> '' -1" },
  { "utf8-kept", BIN ("data: caf\xC3\xA9 \xE2\x9C\x93\n\n"), "message||caf\\303\\251 \\342\\234\\223;=> '' -1" },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *whole = parse_whole (c->input, c->length, MAX_DEFAULT);

  g_assert_cmpstr (whole, ==, c->expected);
  assert_chunking_invariant (c->input, c->length, MAX_DEFAULT, whole);
}

/* All the cases back to back as one stream: still the same events in
 * every chunking (state carried between events is right). */
static void
test_concatenated (void)
{
  g_autoptr(GString) input = g_string_new (NULL);
  g_autofree char *whole = NULL;
  McpSseEvent *event;
  guint n_events = 0;
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (MAX_DEFAULT);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* A BOM is only a BOM at the start; an unterminated line would glue
       * onto the next case. Each case ends a line and an event here. */
      g_string_append_len (input, cases[i].input, cases[i].length);
      g_string_append (input, "\n\n");
    }

  /* Each case was split everywhere already: here every 7th point (the
   * case boundaries fall everywhere), and one byte at a time. */
  whole = parse_whole (input->str, input->len, MAX_DEFAULT);
  assert_chunking_invariant_step (input->str, input->len, MAX_DEFAULT, whole, 7);

  g_assert_true (mcp_sse_parser_feed (parser, input->str, input->len, NULL));
  while ((event = mcp_sse_parser_pop_event (parser)) != NULL)
    {
      n_events++;
      mcp_sse_event_free (event);
    }
  g_assert_cmpuint (n_events, >=, 30);
}

static void
test_too_large_data (void)
{
  /* 32 bytes of data is the limit: three lines of 10 make 32 with their
   * newlines; a fourth is too much. The event before stays queued. */
  const char *input =
    "data: ok\n\n"
    "data: 0123456789\ndata: 0123456789\ndata: 0123456789\n\n"
    "data: 0123456789\ndata: 0123456789\ndata: 0123456789\ndata: 0123456789\n\n"
    "data: never\n\n";
  g_autofree char *whole = parse_whole (input, strlen (input), 32);
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (32);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (whole, ==,
                   "message||ok;message||0123456789\\n0123456789\\n0123456789;=> '' -1 !10");
  g_assert_cmpint (MCP_ERROR_MESSAGE_TOO_LARGE, ==, 10);
  assert_chunking_invariant (input, strlen (input), 32, whole);

  /* Once failed, always failed, with a message that gives the limit. */
  g_assert_false (mcp_sse_parser_feed (parser, input, strlen (input), &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "32 bytes"));
  g_clear_error (&error);
  g_assert_false (mcp_sse_parser_feed (parser, "data: x\n\n", 9, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
}

static void
test_too_large_line (void)
{
  /* A line that never ends is refused as soon as it passes the limit, not
   * kept growing: what a server streaming garbage without newlines gets. */
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (64);
  g_autoptr(GError) error = NULL;
  char chunk[16];
  guint fed = 0;

  memset (chunk, 'x', sizeof chunk);
  while (mcp_sse_parser_feed (parser, chunk, sizeof chunk, &error))
    {
      fed += sizeof chunk;
      g_assert_cmpuint (fed, <=, 64);
    }
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpuint (fed, ==, 64);

  /* The same for a comment line, and at the limit exactly it passes. */
  {
    g_autofree char *line = g_strnfill (64, 'y');
    g_autofree char *whole = NULL;

    line[0] = ':';
    whole = parse_whole (line, 64, 64);
    g_assert_cmpstr (whole, ==, "=> '' -1");
    g_clear_pointer (&whole, g_free);
    whole = parse_whole (line, 64, 63);
    g_assert_cmpstr (whole, ==, "=> '' -1 !10");
  }
}

static void
test_big_event_at_limit (void)
{
  /* An event right at a realistic limit goes through whole and in odd
   * chunks, and costs one copy. */
  const gsize size = 1024 * 1024;
  g_autoptr(GString) input = g_string_new ("data: ");
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (size + 6);
  g_autoptr(McpSseEvent) event = NULL;
  gsize offset = 0;

  for (gsize i = 0; i < size; i++)
    g_string_append_c (input, 'a' + (i % 26));
  g_string_append (input, "\n\n");

  while (offset < input->len)
    {
      gsize n = MIN (4093, input->len - offset);

      g_assert_true (mcp_sse_parser_feed (parser, input->str + offset, n, NULL));
      offset += n;
    }

  event = mcp_sse_parser_pop_event (parser);
  g_assert_nonnull (event);
  g_assert_cmpuint (event->data_length, ==, size);
  g_assert_true (memcmp (event->data, input->str + 6, size) == 0);
  g_assert_null (mcp_sse_parser_pop_event (parser));
}

static void
test_boxed_copy (void)
{
  g_autoptr(McpSseParser) parser = mcp_sse_parser_new (MAX_DEFAULT);
  g_autoptr(McpSseEvent) event = NULL;
  g_autoptr(McpSseEvent) copy = NULL;

  g_assert_true (mcp_sse_parser_feed (parser, "id: 3\nretry: 9\nevent: e\ndata: d\n\n", 33, NULL));
  event = mcp_sse_parser_pop_event (parser);
  copy = g_boxed_copy (MCP_TYPE_SSE_EVENT, event);
  g_assert_cmpstr (copy->event, ==, "e");
  g_assert_cmpstr (copy->data, ==, "d");
  g_assert_cmpuint (copy->data_length, ==, 1);
  g_assert_cmpstr (copy->id, ==, "3");
  g_assert_cmpint (copy->retry, ==, 9);
  g_assert_cmpuint (mcp_sse_parser_get_max_event_size (parser), ==, MAX_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Mcp/SseParser/whatwg/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/Mcp/SseParser/concatenated", test_concatenated);
  g_test_add_func ("/Mcp/SseParser/too-large-data", test_too_large_data);
  g_test_add_func ("/Mcp/SseParser/too-large-line", test_too_large_line);
  g_test_add_func ("/Mcp/SseParser/big-event-at-limit", test_big_event_at_limit);
  g_test_add_func ("/Mcp/SseParser/boxed-copy", test_boxed_copy);

  return g_test_run ();
}
