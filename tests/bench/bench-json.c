/* bench-json.c — the protocol's JSON reader and writer, message by message
 *
 * bench-json parse|write|generator [ROUNDS]
 *
 *   parse      reads a mix of messages with the reader of src/mcp
 *   write      writes the same trees with the writer of src/mcp
 *   generator  writes them with json-glib's JsonGenerator (compact)
 *
 * The mix is what a session carries: many small replies and
 * notifications, and now and then a large tools/list page. Each mode does
 * the same work every run, so instruction counts compare exactly:
 *
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
 *     _build/tests/bench-json parse 2000 2>&1 | grep refs
 *
 * Wall time on a shared machine says little; the ratio of instruction
 * counts between two builds (or two modes) is the figure to keep. Not part
 * of the test suite.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp-json-private.h"

static GPtrArray *
make_messages (void)
{
  GPtrArray *messages = g_ptr_array_new_with_free_func (g_free);
  GString *tools = g_string_new ("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"tools\":[");

  g_ptr_array_add (messages, g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":17,\"result\":{}}"));
  g_ptr_array_add (messages, g_strdup ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                                       "\"params\":{\"progressToken\":\"t-42\",\"progress\":0.5,\"total\":1}}"));
  g_ptr_array_add (messages, g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":18,\"result\":{\"content\":[{\"type\":\"text\","
                                       "\"text\":\"Echo: h\\u00e9llo \\\"world\\\"\\n\"}],\"isError\":false}}"));
  g_ptr_array_add (messages, g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":19,\"error\":{\"code\":-32602,"
                                       "\"message\":\"Invalid params: missing 'name'\",\"data\":null}}"));

  for (guint i = 0; i < 200; i++)
    g_string_append_printf (tools,
                            "%s{\"name\":\"tool_%u\",\"title\":\"Tool number %u\","
                            "\"description\":\"Does thing %u with care; returns a result or an error.\","
                            "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\","
                            "\"description\":\"Where\"},\"count\":{\"type\":\"integer\",\"minimum\":0,"
                            "\"maximum\":1000},\"ratio\":{\"type\":\"number\",\"default\":0.25}},"
                            "\"required\":[\"path\"]},\"annotations\":{\"readOnlyHint\":true}}",
                            i > 0 ? "," : "", i, i, i);
  g_string_append (tools, "],\"nextCursor\":\"page-2\"}}");
  g_ptr_array_add (messages, g_string_free (tools, FALSE));

  return messages;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) messages = make_messages ();
  g_autoptr(GPtrArray) trees = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  g_autoptr(GString) out = g_string_sized_new (64 * 1024);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  const char *mode = argc > 1 ? argv[1] : "parse";
  guint rounds = argc > 2 ? (guint)strtoul (argv[2], NULL, 10) : 1000;
  gsize total = 0;

  for (guint i = 0; i < messages->len; i++)
    {
      const char *text = g_ptr_array_index (messages, i);

      g_ptr_array_add (trees, _mcp_json_parse (text, strlen (text), NULL));
    }

  for (guint round = 0; round < rounds; round++)
    {
      for (guint i = 0; i < messages->len; i++)
        {
          const char *text = g_ptr_array_index (messages, i);
          /* Small messages far outnumber tools/list pages. */
          guint repeat = i + 1 < messages->len ? 50 : 1;

          for (guint k = 0; k < repeat; k++)
            {
              if (g_str_equal (mode, "parse"))
                {
                  JsonNode *node = _mcp_json_parse (text, strlen (text), NULL);

                  g_assert (node != NULL);
                  json_node_unref (node);
                  total += 1;
                }
              else if (g_str_equal (mode, "write"))
                {
                  g_string_truncate (out, 0);
                  _mcp_json_write (g_ptr_array_index (trees, i), out);
                  total += out->len;
                }
              else if (g_str_equal (mode, "generator"))
                {
                  g_string_truncate (out, 0);
                  json_generator_set_root (generator, g_ptr_array_index (trees, i));
                  json_generator_to_gstring (generator, out);
                  total += out->len;
                }
              else
                {
                  fprintf (stderr, "usage: bench-json parse|write|generator [ROUNDS]\n");
                  return 2;
                }
            }
        }
    }

  printf ("%s: %u rounds, %" G_GSIZE_FORMAT "\n", mode, rounds, total);

  return 0;
}
