/* fuzz-mcp-json.c — libFuzzer target for the protocol's JSON reader
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a server sends on stdout or in an HTTP body: any bytes parse to a
 * tree or fail with a JSON_PARSER_ERROR; a tree written out is one line of
 * valid JSON that parses again, and a second round changes nothing.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "mcp-json-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static char *
write_line (JsonNode *node)
{
  GString *out = g_string_new (NULL);

  _mcp_json_write (node, out);
  g_assert (memchr (out->str, '\n', out->len) == NULL);
  g_assert (g_utf8_validate (out->str, out->len, NULL));

  return g_string_free (out, FALSE);
}

static JsonNode *
parse_again (const char *text)
{
  GError *error = NULL;
  JsonNode *node = _mcp_json_parse (text, strlen (text), &error);

  if (node == NULL)
    g_error ("what was written does not parse again: %s\n%s", error->message, text);

  return node;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  JsonNode *node = _mcp_json_parse ((const char *)data, size, &error);
  JsonNode *second;
  JsonNode *third;
  char *once;
  char *twice;
  char *thrice;

  if (node == NULL)
    {
      g_assert (error != NULL && error->domain == JSON_PARSER_ERROR);
      g_assert (g_utf8_validate (error->message, -1, NULL));
      g_error_free (error);
      return 0;
    }
  g_assert (error == NULL);

  /* The first writing may change a number's spelling (-0.0 becomes -0,
   * which reads back as the integer 0); after that it is stable. */
  once = write_line (node);
  second = parse_again (once);
  twice = write_line (second);
  third = parse_again (twice);
  thrice = write_line (third);
  if (strcmp (twice, thrice) != 0)
    g_error ("writing is not stable:\n%s\n%s", twice, thrice);

  g_free (once);
  g_free (twice);
  g_free (thrice);
  json_node_unref (node);
  json_node_unref (second);
  json_node_unref (third);

  return 0;
}
