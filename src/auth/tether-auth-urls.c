/* tether-auth-urls.c — where the metadata of a server and of its
 * authorization server are looked for, and which resource is ours
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The orders are the MCP authorization specification's: the protected
 * resource metadata (RFC 9728) at the URL the 401 named, else at the
 * well-known path with the server's path appended, else at the root; the
 * authorization server metadata (RFC 8414, then OpenID Connect discovery)
 * with the issuer's path inserted after the well-known name first, then
 * OpenID's path appended form. Servers of the 2025-03-26 revision have no
 * protected resource metadata: their origin is the authorization server,
 * with /authorize, /token and /register as the defaults.
 */

#include "config.h"

#include <string.h>

#include "tether-auth-urls.h"

/* g_strv_builder_take() is newer than GLib 2.74 */
static void
builder_take (GStrvBuilder *builder,
              char         *value)
{
  g_strv_builder_add (builder, value);
  g_free (value);
}

static GUri *
parse_http (const char *url)
{
  g_autoptr(GUri) uri = NULL;
  const char *scheme;

  if (url == NULL)
    return NULL;
  uri = g_uri_parse (url, G_URI_FLAGS_ENCODED | G_URI_FLAGS_SCHEME_NORMALIZE, NULL);
  if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    return NULL;
  scheme = g_uri_get_scheme (uri);
  if (g_ascii_strcasecmp (scheme, "http") != 0 && g_ascii_strcasecmp (scheme, "https") != 0)
    return NULL;
  return g_steal_pointer (&uri);
}

/* scheme://host[:port], the port left out when it is the scheme's own */
static char *
origin_of (GUri *uri)
{
  const char *scheme = g_uri_get_scheme (uri);
  int port = g_uri_get_port (uri);

  if ((port == 443 && g_ascii_strcasecmp (scheme, "https") == 0) ||
      (port == 80 && g_ascii_strcasecmp (scheme, "http") == 0))
    port = -1;
  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, NULL, g_uri_get_host (uri), port, "", NULL, NULL);
}

/* The path without a trailing "/" ("" for the root). */
static char *
path_of (GUri *uri)
{
  const char *path = g_uri_get_path (uri);
  gsize length = strlen (path);

  while (length > 0 && path[length - 1] == '/')
    length--;
  return g_strndup (path, length);
}

/**
 * tether_auth_url_origin:
 * @url: an http(s) URL
 *
 * Returns: (transfer full) (nullable): scheme://host[:port] of @url
 */
char *
tether_auth_url_origin (const char *url)
{
  g_autoptr(GUri) uri = parse_http (url);

  return uri != NULL ? origin_of (uri) : NULL;
}

/**
 * tether_auth_protected_resource_urls:
 * @server_url: the MCP server's URL
 * @resource_metadata: (nullable): the URL the server's 401 named
 *
 * Returns: (transfer full): where to look for the protected resource
 *   metadata, in order
 */
GStrv
tether_auth_protected_resource_urls (const char *server_url,
                                     const char *resource_metadata)
{
  g_autoptr(GStrvBuilder) urls = g_strv_builder_new ();
  g_autoptr(GUri) server = parse_http (server_url);
  g_autoptr(GUri) named = parse_http (resource_metadata);

  if (named != NULL)
    builder_take (urls, g_uri_to_string (named));
  else if (server != NULL)
    {
      g_autofree char *origin = origin_of (server);
      g_autofree char *path = path_of (server);

      if (*path != '\0')
        builder_take (urls, g_strconcat (origin, "/.well-known/oauth-protected-resource", path, NULL));
      builder_take (urls, g_strconcat (origin, "/.well-known/oauth-protected-resource", NULL));
    }
  return g_strv_builder_end (urls);
}

/**
 * tether_auth_server_metadata_urls:
 * @issuer: the authorization server's issuer
 *
 * Returns: (transfer full): where to look for its metadata, in order
 */
GStrv
tether_auth_server_metadata_urls (const char *issuer)
{
  g_autoptr(GStrvBuilder) urls = g_strv_builder_new ();
  g_autoptr(GUri) uri = parse_http (issuer);
  g_autofree char *origin = NULL;
  g_autofree char *path = NULL;

  if (uri == NULL)
    return g_strv_builder_end (urls);

  origin = origin_of (uri);
  path = path_of (uri);
  if (*path != '\0')
    {
      builder_take (urls, g_strconcat (origin, "/.well-known/oauth-authorization-server", path, NULL));
      builder_take (urls, g_strconcat (origin, "/.well-known/openid-configuration", path, NULL));
      builder_take (urls, g_strconcat (origin, path, "/.well-known/openid-configuration", NULL));
    }
  else
    {
      builder_take (urls, g_strconcat (origin, "/.well-known/oauth-authorization-server", NULL));
      builder_take (urls, g_strconcat (origin, "/.well-known/openid-configuration", NULL));
    }
  return g_strv_builder_end (urls);
}

/**
 * tether_auth_legacy_endpoint:
 * @server_url: the MCP server's URL
 * @name: "authorize", "token" or "register"
 *
 * Returns: (transfer full) (nullable): the default endpoint of the
 *   2025-03-26 revision, at the server's origin
 */
char *
tether_auth_legacy_endpoint (const char *server_url,
                             const char *name)
{
  g_autofree char *origin = tether_auth_url_origin (server_url);

  return origin != NULL ? g_strconcat (origin, "/", name, NULL) : NULL;
}

/**
 * tether_auth_resource_matches:
 * @resource: the `resource` of the protected resource metadata
 * @server_url: the MCP server's URL
 *
 * The metadata may name the server's own URL or one above it on the same
 * origin (scheme, host and port alike), never another.
 *
 * Returns: whether @resource covers @server_url
 */
gboolean
tether_auth_resource_matches (const char *resource,
                              const char *server_url)
{
  g_autoptr(GUri) res = parse_http (resource);
  g_autoptr(GUri) server = parse_http (server_url);
  g_autofree char *res_origin = NULL;
  g_autofree char *server_origin = NULL;
  g_autofree char *res_path = NULL;
  g_autofree char *server_path = NULL;
  gsize length;

  if (res == NULL || server == NULL || g_uri_get_fragment (res) != NULL)
    return FALSE;

  res_origin = origin_of (res);
  server_origin = origin_of (server);
  if (g_ascii_strcasecmp (res_origin, server_origin) != 0)
    return FALSE;

  res_path = path_of (res);
  server_path = path_of (server);
  length = strlen (res_path);
  return strncmp (res_path, server_path, length) == 0 &&
         (server_path[length] == '\0' || server_path[length] == '/');
}

/**
 * tether_auth_url_is_safe_endpoint:
 * @url: an endpoint an authorization server named
 *
 * Returns: whether @url is https, or http on a loopback host, so that a
 *   code, a token or a secret may go there
 */
gboolean
tether_auth_url_is_safe_endpoint (const char *url)
{
  g_autoptr(GUri) uri = parse_http (url);
  const char *host;

  if (uri == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0)
    return TRUE;
  host = g_uri_get_host (uri);
  return g_ascii_strcasecmp (host, "localhost") == 0 || g_str_has_prefix (host, "127.") ||
         strcmp (host, "::1") == 0;
}
