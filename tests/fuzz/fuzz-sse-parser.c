/* fuzz-sse-parser.c — libFuzzer target for McpSseParser
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "mcp-error.h"
#include "mcp-sse-parser.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Everything the parser produced, as one string, checking on the way what
 * must hold for any input. */
static void
drain (McpSseParser *parser,
       GString      *out)
{
  McpSseEvent *event;

  while ((event = mcp_sse_parser_pop_event (parser)) != NULL)
    {
      g_assert (event->event != NULL && event->event[0] != '\0');
      g_assert (g_utf8_validate (event->event, -1, NULL));
      g_assert (event->id != NULL && g_utf8_validate (event->id, -1, NULL));
      g_assert (event->data_length > 0);
      g_assert (strlen (event->data) == event->data_length);
      g_assert (g_utf8_validate (event->data, event->data_length, NULL));
      g_assert (event->retry >= -1);

      g_string_append_printf (out, "%s\x1f%s\x1f%" G_GINT64_FORMAT "\x1f", event->event, event->id, event->retry);
      g_string_append_len (out, event->data, event->data_length);
      g_string_append_c (out, '\x1e');
      mcp_sse_event_free (event);
    }
}

static char *
run (const char    *stream,
     gsize          length,
     gsize          max_event_size,
     const guint8  *chunk_sizes,
     gsize          n_chunk_sizes)
{
  McpSseParser *parser = mcp_sse_parser_new (max_event_size);
  GString *out = g_string_new (NULL);
  gsize offset = 0;
  gsize i = 0;
  gboolean ok = TRUE;

  while (offset < length)
    {
      GError *error = NULL;
      gsize n = length - offset;

      if (n_chunk_sizes > 0)
        {
          gsize chunk = (gsize)chunk_sizes[i++ % n_chunk_sizes] + 1;

          n = MIN (n, chunk);
        }

      ok = mcp_sse_parser_feed (parser, stream + offset, n, &error);
      drain (parser, out);
      if (!ok)
        {
          g_assert (g_error_matches (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE));
          g_error_free (error);
          break;
        }
      g_assert (error == NULL);
      offset += n;
    }

  /* Bounded: the stream never holds an event larger than the limit. */
  g_assert (strlen (mcp_sse_parser_get_last_event_id (parser)) <= max_event_size * 3);
  g_string_append_printf (out, "|%s|%" G_GINT64_FORMAT "|%d",
                          mcp_sse_parser_get_last_event_id (parser),
                          mcp_sse_parser_get_retry (parser), ok);
  g_object_unref (parser);

  return g_string_free (out, FALSE);
}

/* Input: byte 0 picks the size limit, byte 1 how many chunk sizes follow,
 * then those chunk sizes, then the stream. The stream is parsed whole, in
 * the given chunks and one byte at a time: all three must agree. */
int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const guint8 one[] = { 0 };
  gsize max_event_size;
  gsize n_chunk_sizes;
  const guint8 *chunk_sizes;
  const char *stream;
  gsize length;
  char *whole;
  char *chunked;
  char *bytes;

  if (size < 2)
    return 0;

  max_event_size = 1 + (gsize)data[0] * 8;
  n_chunk_sizes = MIN ((gsize)data[1] % 16, size - 2);
  chunk_sizes = data + 2;
  stream = (const char *)data + 2 + n_chunk_sizes;
  length = size - 2 - n_chunk_sizes;

  whole = run (stream, length, max_event_size, NULL, 0);
  chunked = run (stream, length, max_event_size, chunk_sizes, n_chunk_sizes);
  bytes = run (stream, length, max_event_size, one, 1);

  if (strcmp (whole, chunked) != 0 || strcmp (whole, bytes) != 0)
    g_error ("chunking changed the events:\nwhole:   %s\nchunked: %s\nbytes:   %s", whole, chunked, bytes);

  g_free (whole);
  g_free (chunked);
  g_free (bytes);

  return 0;
}
