/* mcp-era.c — the two eras of MCP: names and header values
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <string.h>

#include "mcp-era.h"

/* The names of the two eras, and the value form of the HTTP headers of
 * the stateless revision that repeat the method and the name of what is
 * called. The `_meta` each request carries is built in
 * mcp-client-meta.c. */

#define BASE64_PREFIX "=?base64?"
#define BASE64_SUFFIX "?="

/**
 * mcp_era_to_string:
 * @era: a #McpEra
 *
 * Returns: a short name for logs: `unknown`, `legacy` or `stateless`
 */
const char *
mcp_era_to_string (McpEra era)
{
  switch (era)
    {
    case MCP_ERA_UNKNOWN:
      return "unknown";
    case MCP_ERA_LEGACY:
      return "legacy";
    case MCP_ERA_STATELESS:
      return "stateless";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mcp_era_header_needs_base64:
 * @value: a header value as the body has it (UTF-8)
 *
 * A value goes into an `Mcp-*` header as it is only when it is printable
 * ASCII (0x20 to 0x7E) without leading or trailing whitespace, and does not
 * itself look like the base64 form.
 *
 * Returns: whether @value must be sent in its base64 form
 */
gboolean
mcp_era_header_needs_base64 (const char *value)
{
  gsize length;

  g_return_val_if_fail (value != NULL, FALSE);

  length = strlen (value);
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar)value[i];

      if (c < 0x20 || c > 0x7e)
        return TRUE;
    }

  if (length > 0 && (value[0] == ' ' || value[length - 1] == ' '))
    return TRUE;

  return g_str_has_prefix (value, BASE64_PREFIX) && g_str_has_suffix (value, BASE64_SUFFIX);
}

/**
 * mcp_era_encode_header:
 * @value: a header value as the body has it (UTF-8)
 *
 * Returns: (transfer full): @value as it goes into an `Mcp-*` header:
 *   itself, or `=?base64?…?=` of its UTF-8 bytes
 */
char *
mcp_era_encode_header (const char *value)
{
  g_autofree char *encoded = NULL;

  g_return_val_if_fail (value != NULL, NULL);

  if (!mcp_era_header_needs_base64 (value))
    return g_strdup (value);

  encoded = g_base64_encode ((const guchar *)value, strlen (value));

  return g_strconcat (BASE64_PREFIX, encoded, BASE64_SUFFIX, NULL);
}

/**
 * mcp_era_decode_header:
 * @header: the value of an `Mcp-*` header as it came
 *
 * The reverse of mcp_era_encode_header(): a value in the base64 form is
 * decoded; any other is itself.
 *
 * Returns: (transfer full) (nullable): the value as the body would have
 *   it, or %NULL when the base64 form does not decode to UTF-8 text
 */
char *
mcp_era_decode_header (const char *header)
{
  gsize length;
  gsize decoded_length = 0;
  g_autofree char *inner = NULL;
  g_autofree guchar *decoded = NULL;

  g_return_val_if_fail (header != NULL, NULL);

  length = strlen (header);
  if (length < strlen (BASE64_PREFIX) + strlen (BASE64_SUFFIX) ||
      !g_str_has_prefix (header, BASE64_PREFIX) || !g_str_has_suffix (header, BASE64_SUFFIX))
    return g_strdup (header);

  inner = g_strndup (header + strlen (BASE64_PREFIX), length - strlen (BASE64_PREFIX) - strlen (BASE64_SUFFIX));
  for (const char *c = inner; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '+' && *c != '/' && *c != '=')
      return NULL;

  decoded = g_base64_decode (inner, &decoded_length);
  if (decoded == NULL || decoded_length == 0)
    return g_strdup ("");
  if (memchr (decoded, '\0', decoded_length) != NULL ||
      !g_utf8_validate ((const char *)decoded, (gssize)decoded_length, NULL))
    return NULL;

  return g_strndup ((const char *)decoded, decoded_length);
}

/**
 * mcp_era_name_member:
 * @method: a request's method
 *
 * Which member of the request's params the `Mcp-Name` header of the
 * stateless revision repeats: the tool's or prompt's `name`, the
 * resource's `uri`.
 *
 * Returns: (nullable): the member, or %NULL when @method has no name header
 */
const char *
mcp_era_name_member (const char *method)
{
  if (g_strcmp0 (method, "tools/call") == 0 || g_strcmp0 (method, "prompts/get") == 0)
    return "name";
  if (g_strcmp0 (method, "resources/read") == 0)
    return "uri";

  return NULL;
}
