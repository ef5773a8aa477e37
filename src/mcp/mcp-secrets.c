/* mcp-secrets.c — what may be a secret, and where it would travel in clear
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A header such as `Authorization: Bearer …`, a query parameter such as
 * `?api_key=…` or the userinfo of a URL carries a credential. Over https
 * nobody but the server reads it; over plain http anyone on the network
 * path does, unless the server is this very machine. These functions say
 * which names look secret and which URLs would send them in clear, so that
 * every place that warns about it decides the same way.
 */

#define G_LOG_DOMAIN "mcp-secrets"

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "mcp-secrets.h"

/**
 * mcp_secrets_name_is_secret:
 * @name: (nullable): a header name or a query parameter name
 *
 * Whether a value under @name is likely a credential: the name contains,
 * in any case, `auth` (Authorization, Proxy-Authorization, X-Auth-Token),
 * `token`, `key` (X-Api-Key, api_key), `secret`, `password`, `session` or
 * `cookie`.
 *
 * Returns: %TRUE if @name looks like it holds a secret
 */
gboolean
mcp_secrets_name_is_secret (const char *name)
{
  static const char * const parts[] = {
    "auth", "token", "key", "secret", "password", "session", "cookie",
  };
  g_autofree char *folded = NULL;

  if (name == NULL || *name == '\0')
    return FALSE;

  folded = g_ascii_strdown (name, -1);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      if (strstr (folded, parts[i]) != NULL)
        return TRUE;
    }

  return FALSE;
}

/**
 * mcp_secrets_host_is_loopback:
 * @host: (nullable): a host as a URL holds it (an IPv6 address without
 *   brackets)
 *
 * Returns: %TRUE if @host is this machine: `localhost`, an address of
 *   127.0.0.0/8 or `::1`
 */
gboolean
mcp_secrets_host_is_loopback (const char *host)
{
  g_autoptr(GInetAddress) address = NULL;
  gsize length;

  if (host == NULL || *host == '\0')
    return FALSE;

  /* "localhost." is the same name, fully qualified */
  length = strlen (host);
  if (host[length - 1] == '.')
    length--;
  if (length == strlen ("localhost") && g_ascii_strncasecmp (host, "localhost", length) == 0)
    return TRUE;

  address = g_inet_address_new_from_string (host);

  return address != NULL && g_inet_address_get_is_loopback (address);
}

static GUri *
parse (const char *url)
{
  if (url == NULL)
    return NULL;

  return g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);
}

/**
 * mcp_secrets_url_is_cleartext:
 * @url: (nullable): a server's URL
 *
 * Whether what is sent to @url can be read on the way: a plain `http://`
 * URL whose host is not this machine (see mcp_secrets_host_is_loopback()).
 * A URL that does not parse is not judged here.
 *
 * Returns: %TRUE if requests to @url travel unencrypted over a network
 */
gboolean
mcp_secrets_url_is_cleartext (const char *url)
{
  g_autoptr(GUri) uri = parse (url);

  if (uri == NULL || g_ascii_strcasecmp (g_uri_get_scheme (uri), "http") != 0)
    return FALSE;

  return !mcp_secrets_host_is_loopback (g_uri_get_host (uri));
}

/**
 * mcp_secrets_url_has_credentials:
 * @url: (nullable): a server's URL
 *
 * Whether @url itself carries a credential to the server: a userinfo (a
 * user name and password, or a token alone as the user name), or a query
 * parameter whose name looks secret (mcp_secrets_name_is_secret()) or that
 * has no `=` at all (`?sk-…`, the whole parameter may be the token). The
 * fragment is never sent, so it does not count.
 *
 * Returns: %TRUE if @url holds something secret that is sent
 */
gboolean
mcp_secrets_url_has_credentials (const char *url)
{
  g_autoptr(GUri) uri = parse (url);
  g_auto(GStrv) params = NULL;
  const char *userinfo;

  if (uri == NULL)
    return FALSE;

  userinfo = g_uri_get_userinfo (uri);
  if (userinfo != NULL && *userinfo != '\0')
    return TRUE;

  if (g_uri_get_query (uri) == NULL)
    return FALSE;

  params = g_strsplit (g_uri_get_query (uri), "&", -1);
  for (guint i = 0; params[i] != NULL; i++)
    {
      const char *eq = strchr (params[i], '=');
      g_autofree char *raw = NULL;
      g_autofree char *name = NULL;

      if (params[i][0] == '\0')
        continue;
      if (eq == NULL)
        return TRUE;

      raw = g_strndup (params[i], eq - params[i]);
      name = g_uri_unescape_string (raw, NULL);
      if (mcp_secrets_name_is_secret (name != NULL ? name : raw))
        return TRUE;
    }

  return FALSE;
}
