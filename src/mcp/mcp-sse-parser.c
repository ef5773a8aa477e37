/* mcp-sse-parser.c — an incremental text/event-stream decoder
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-sse-parser"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-sse-parser.h"

/*
 * The rules are the WHATWG HTML "event stream interpretation", with one
 * difference that MCP asks for: an event whose data is empty is not
 * dispatched, so a priming event (an id and an empty data line) only sets
 * the last event id.
 *
 * An `id` line fills @id_buffer; only the blank line that ends the event
 * makes it the last event id, whether or not the event had data (the
 * "dispatch the event" steps). A stream that breaks inside an event has not
 * delivered that event, so resuming from its id would skip it: the last
 * event id a `Last-Event-ID` header resumes from is the last one
 * dispatched, never one still in the buffer.
 *
 * Input arrives in chunks of any size. A line that is split across chunks is
 * kept in @line; a CR at the end of a chunk is remembered in @after_cr, so
 * that the LF of a CRLF in the next chunk does not end an empty line. Bytes
 * are only ever looked at once, so feeding one byte at a time gives the same
 * events as feeding everything at once.
 */

struct _McpSseParser
{
  GObject   parent_instance;

  GString  *line;
  GString  *data;
  GString  *event_type;
  char     *id_buffer;
  char     *last_event_id;
  GQueue    events;
  gsize     max_event_size;
  gint64    retry;
  GError   *failure;

  guint8    bom_matched;
  guint     after_cr : 1;
};

G_DEFINE_FINAL_TYPE (McpSseParser, mcp_sse_parser, G_TYPE_OBJECT)

G_DEFINE_BOXED_TYPE (McpSseEvent, mcp_sse_event, mcp_sse_event_copy, mcp_sse_event_free)

enum {
  PROP_0,
  PROP_MAX_EVENT_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const guchar utf8_bom[] = { 0xEF, 0xBB, 0xBF };
#define BOM_DONE G_N_ELEMENTS (utf8_bom)

/**
 * mcp_sse_event_copy:
 * @event: an event
 *
 * Returns: (transfer full): a copy of @event
 */
McpSseEvent *
mcp_sse_event_copy (const McpSseEvent *event)
{
  McpSseEvent *copy;

  g_return_val_if_fail (event != NULL, NULL);

  copy = g_new0 (McpSseEvent, 1);
  copy->event = g_strdup (event->event);
  copy->data = g_memdup2 (event->data, event->data_length + 1);
  copy->data_length = event->data_length;
  copy->id = g_strdup (event->id);
  copy->retry = event->retry;

  return copy;
}

void
mcp_sse_event_free (McpSseEvent *event)
{
  if (event == NULL)
    return;

  g_free (event->event);
  g_free (event->data);
  g_free (event->id);
  g_free (event);
}

static void
mcp_sse_parser_finalize (GObject *object)
{
  McpSseParser *self = (McpSseParser *)object;

  g_string_free (self->line, TRUE);
  g_string_free (self->data, TRUE);
  g_string_free (self->event_type, TRUE);
  g_clear_pointer (&self->id_buffer, g_free);
  g_clear_pointer (&self->last_event_id, g_free);
  g_queue_clear_full (&self->events, (GDestroyNotify)mcp_sse_event_free);
  g_clear_error (&self->failure);

  G_OBJECT_CLASS (mcp_sse_parser_parent_class)->finalize (object);
}

static void
mcp_sse_parser_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  McpSseParser *self = MCP_SSE_PARSER (object);

  switch (prop_id)
    {
    case PROP_MAX_EVENT_SIZE:
      g_value_set_uint64 (value, self->max_event_size);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_sse_parser_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  McpSseParser *self = MCP_SSE_PARSER (object);

  switch (prop_id)
    {
    case PROP_MAX_EVENT_SIZE:
      self->max_event_size = g_value_get_uint64 (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_sse_parser_class_init (McpSseParserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_sse_parser_finalize;
  object_class->get_property = mcp_sse_parser_get_property;
  object_class->set_property = mcp_sse_parser_set_property;

  /**
   * McpSseParser:max-event-size:
   *
   * The longest line, and the most data one event may carry, in bytes.
   * Anything longer fails the stream with %MCP_ERROR_MESSAGE_TOO_LARGE.
   */
  properties[PROP_MAX_EVENT_SIZE] =
    g_param_spec_uint64 ("max-event-size", NULL, NULL,
                         1, G_MAXSIZE, 16 * 1024 * 1024,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_sse_parser_init (McpSseParser *self)
{
  self->line = g_string_new (NULL);
  self->data = g_string_new (NULL);
  self->event_type = g_string_new (NULL);
  self->id_buffer = g_strdup ("");
  self->last_event_id = g_strdup ("");
  self->retry = -1;
  g_queue_init (&self->events);
}

/**
 * mcp_sse_parser_new:
 * @max_event_size: the longest line and the most data of one event, in bytes
 *
 * Returns: (transfer full): a parser for one `text/event-stream`
 */
McpSseParser *
mcp_sse_parser_new (gsize max_event_size)
{
  g_return_val_if_fail (max_event_size > 0, NULL);

  return g_object_new (MCP_TYPE_SSE_PARSER,
                       "max-event-size", (guint64)max_event_size,
                       NULL);
}

/* Text as a C string that is valid UTF-8: invalid bytes and NUL become
 * U+FFFD, as a decoder with replacement would give. */
static char *
dup_text (const char *text,
          gsize       length)
{
  if (length <= G_MAXSSIZE && g_utf8_validate_len (text, length, NULL))
    return g_strndup (text, length);

  return g_utf8_make_valid (text, (gssize)MIN (length, G_MAXSSIZE));
}

static gboolean
fail_too_large (McpSseParser  *self,
                GError       **error)
{
  self->failure = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                               g_dngettext (GETTEXT_PACKAGE,
                                            "An event in the stream is larger than the limit of %lu byte",
                                            "An event in the stream is larger than the limit of %lu bytes",
                                            self->max_event_size),
                               (unsigned long)self->max_event_size);
  g_set_error_literal (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE, self->failure->message);

  return FALSE;
}

static void
dispatch (McpSseParser *self)
{
  McpSseEvent *event;

  /* The buffer is not reset: the id carries over to the events after. */
  if (strcmp (self->last_event_id, self->id_buffer) != 0)
    {
      g_free (self->last_event_id);
      self->last_event_id = g_strdup (self->id_buffer);
    }

  /* Every data line added a trailing LF; the last one is not part of it. */
  if (self->data->len > 0)
    g_string_truncate (self->data, self->data->len - 1);

  if (self->data->len == 0)
    {
      g_string_truncate (self->event_type, 0);
      return;
    }

  event = g_new0 (McpSseEvent, 1);
  event->event = self->event_type->len > 0 ? dup_text (self->event_type->str, self->event_type->len)
                                           : g_strdup ("message");
  event->data = dup_text (self->data->str, self->data->len);
  event->data_length = strlen (event->data);
  event->id = g_strdup (self->last_event_id);
  event->retry = self->retry;
  g_queue_push_tail (&self->events, event);

  g_string_truncate (self->data, 0);
  g_string_truncate (self->event_type, 0);
}

static gboolean
field_is (const char *field,
          gsize       field_length,
          const char *name)
{
  gsize name_length = strlen (name);

  return field_length == name_length && memcmp (field, name, name_length) == 0;
}

static void
set_retry (McpSseParser *self,
           const char   *value,
           gsize         length)
{
  gint64 retry = 0;

  if (length == 0)
    return;

  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (value[i]))
        return;
    }

  for (gsize i = 0; i < length; i++)
    {
      if (retry > (G_MAXINT64 - 9) / 10)
        {
          retry = G_MAXINT64;
          break;
        }
      retry = retry * 10 + (value[i] - '0');
    }

  self->retry = retry;
}

static gboolean
process_line (McpSseParser  *self,
              const char    *line,
              gsize          length,
              GError       **error)
{
  const char *colon;
  const char *value;
  gsize field_length;
  gsize value_length;

  if (length == 0)
    {
      dispatch (self);
      return TRUE;
    }

  if (line[0] == ':')
    return TRUE;

  colon = memchr (line, ':', length);
  if (colon != NULL)
    {
      field_length = colon - line;
      value = colon + 1;
      value_length = length - field_length - 1;
      if (value_length > 0 && value[0] == ' ')
        {
          value++;
          value_length--;
        }
    }
  else
    {
      field_length = length;
      value = line + length;
      value_length = 0;
    }

  if (field_is (line, field_length, "data"))
    {
      if (self->data->len + value_length > self->max_event_size)
        return fail_too_large (self, error);

      g_string_append_len (self->data, value, value_length);
      g_string_append_c (self->data, '\n');
    }
  else if (field_is (line, field_length, "event"))
    {
      g_string_truncate (self->event_type, 0);
      g_string_append_len (self->event_type, value, value_length);
    }
  else if (field_is (line, field_length, "id"))
    {
      if (memchr (value, '\0', value_length) == NULL)
        {
          g_free (self->id_buffer);
          self->id_buffer = dup_text (value, value_length);
        }
    }
  else if (field_is (line, field_length, "retry"))
    {
      set_retry (self, value, value_length);
    }

  return TRUE;
}

/* Splits @data into lines. A line is at most max-event-size bytes, however
 * it arrives: the check is on the whole line so far in both branches. */
static gboolean
process_bytes (McpSseParser  *self,
               const char    *data,
               gsize          length,
               GError       **error)
{
  const char *p = data;
  const char *end = data + length;

  while (p < end)
    {
      const char *lf;
      const char *cr;
      const char *eol;

      if (self->after_cr)
        {
          self->after_cr = FALSE;
          if (*p == '\n')
            {
              p++;
              continue;
            }
        }

      lf = memchr (p, '\n', end - p);
      cr = memchr (p, '\r', (lf != NULL ? lf : end) - p);
      eol = cr != NULL ? cr : lf;

      if (eol == NULL)
        {
          if (self->line->len + (gsize)(end - p) > self->max_event_size)
            return fail_too_large (self, error);

          g_string_append_len (self->line, p, end - p);
          break;
        }

      if (self->line->len + (gsize)(eol - p) > self->max_event_size)
        return fail_too_large (self, error);

      if (self->line->len > 0)
        {
          g_string_append_len (self->line, p, eol - p);
          if (!process_line (self, self->line->str, self->line->len, error))
            return FALSE;
          g_string_truncate (self->line, 0);
        }
      else if (!process_line (self, p, eol - p, error))
        return FALSE;

      self->after_cr = (*eol == '\r');
      p = eol + 1;
    }

  return TRUE;
}

/**
 * mcp_sse_parser_feed:
 * @self: a #McpSseParser
 * @data: (array length=length): the next bytes of the stream
 * @length: the number of bytes in @data
 * @error: return location for a #GError
 *
 * Decodes @data. Complete events are queued: take them with
 * mcp_sse_parser_pop_event(). An event that is too large fails the stream
 * with %MCP_ERROR_MESSAGE_TOO_LARGE; the events before it stay queued, and
 * every later call fails the same way.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
mcp_sse_parser_feed (McpSseParser  *self,
                     const char    *data,
                     gsize          length,
                     GError       **error)
{
  const char *p = data;
  const char *end = data + length;

  g_return_val_if_fail (MCP_IS_SSE_PARSER (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (self->failure != NULL)
    {
      g_propagate_error (error, g_error_copy (self->failure));
      return FALSE;
    }

  /* A byte order mark at the very start of the stream is dropped. */
  while (self->bom_matched < BOM_DONE && p < end)
    {
      gsize matched = self->bom_matched;

      if ((guchar)*p == utf8_bom[matched])
        {
          self->bom_matched++;
          p++;
          continue;
        }

      /* Not a BOM after all: what looked like one is text. */
      self->bom_matched = BOM_DONE;
      if (matched > 0 && !process_bytes (self, (const char *)utf8_bom, matched, error))
        return FALSE;
    }

  return process_bytes (self, p, end - p, error);
}

/**
 * mcp_sse_parser_pop_event:
 * @self: a #McpSseParser
 *
 * Returns: (transfer full) (nullable): the oldest complete event, or %NULL
 */
McpSseEvent *
mcp_sse_parser_pop_event (McpSseParser *self)
{
  g_return_val_if_fail (MCP_IS_SSE_PARSER (self), NULL);

  return g_queue_pop_head (&self->events);
}

/**
 * mcp_sse_parser_get_last_event_id:
 * @self: a #McpSseParser
 *
 * The id of the last event the stream completed (ended with a blank line),
 * also of one that was not dispatched for want of data, as a priming event;
 * never the id of an event still incomplete. This is what a `Last-Event-ID`
 * header resumes from.
 *
 * Returns: the id, `""` when there is none
 */
const char *
mcp_sse_parser_get_last_event_id (McpSseParser *self)
{
  g_return_val_if_fail (MCP_IS_SSE_PARSER (self), NULL);

  return self->last_event_id;
}

/**
 * mcp_sse_parser_get_retry:
 * @self: a #McpSseParser
 *
 * Returns: the reconnection time in milliseconds the stream asked for, or
 *   -1 if it sent no valid `retry` field
 */
gint64
mcp_sse_parser_get_retry (McpSseParser *self)
{
  g_return_val_if_fail (MCP_IS_SSE_PARSER (self), -1);

  return self->retry;
}

gsize
mcp_sse_parser_get_max_event_size (McpSseParser *self)
{
  g_return_val_if_fail (MCP_IS_SSE_PARSER (self), 0);

  return self->max_event_size;
}
