/* mcp-url.c — URLs as they may be shown
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A server's URL may carry a secret in three places besides its headers:
 * the userinfo (`https://user:TOKEN@host/`, or a token alone as the user
 * name, `https://TOKEN@host/`), the query (`?key=TOKEN`, or a bare
 * `?sk-TOKEN`) and the fragment. Every place that shows a URL (the CLI, the
 * window, diagnostics, logs, error messages) shows it through
 * mcp_url_mask(), so that what is masked is decided once.
 */

#define G_LOG_DOMAIN "mcp-url"

#include "config.h"

#include <string.h>

#include "mcp-url.h"

static char *
mask_query (const char *query)
{
  g_auto(GStrv) params = g_strsplit (query, "&", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; params[i] != NULL; i++)
    {
      const char *eq = strchr (params[i], '=');

      if (i > 0)
        g_string_append_c (out, '&');
      if (eq != NULL)
        g_string_append_printf (out, "%.*s=%s", (int)(eq - params[i]), params[i], MCP_URL_MASK);
      else if (params[i][0] != '\0')
        g_string_append (out, MCP_URL_MASK);   /* `?sk-…`: the whole parameter may be the secret */
    }

  return g_string_free (out, FALSE);
}

/**
 * mcp_url_mask:
 * @url: (nullable): a URL, as configured
 *
 * @url with every part that may hold a secret replaced by %MCP_URL_MASK:
 * the whole userinfo (user name included, as a token may stand there
 * alone), every query value (a parameter without `=` entirely) and the
 * fragment. Scheme, host, port and path are kept, so the user can still
 * tell which server it is. A @url that does not parse as a URL is masked
 * whole after its scheme.
 *
 * Returns: (transfer full) (nullable): the masked URL, or %NULL for %NULL
 */
char *
mcp_url_mask (const char *url)
{
  g_autoptr(GUri) uri = NULL;
  g_autofree char *query = NULL;
  const char *separator;
  const char *host;

  if (url == NULL)
    return NULL;

  uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);
  host = uri != NULL ? g_uri_get_host (uri) : NULL;
  if (host == NULL || host[0] == '\0')
    {
      separator = strstr (url, "://");
      if (separator == NULL || g_uri_peek_scheme (url) == NULL)
        return g_strdup (MCP_URL_MASK);
      return g_strdup_printf ("%.*s%s", (int)(separator + 3 - url), url, MCP_URL_MASK);
    }

  if (g_uri_get_query (uri) != NULL)
    query = mask_query (g_uri_get_query (uri));

  return g_uri_join (G_URI_FLAGS_ENCODED,
                     g_uri_get_scheme (uri),
                     g_uri_get_userinfo (uri) != NULL ? MCP_URL_MASK : NULL,
                     g_uri_get_host (uri),
                     g_uri_get_port (uri),
                     g_uri_get_path (uri),
                     query,
                     g_uri_get_fragment (uri) != NULL ? MCP_URL_MASK : NULL);
}
