/* tether-hub-guard.c — who may talk to the hub
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hub listens on loopback only, and a web page the user visits could
 * still reach it through the browser. So, in this order:
 *  - `Host` must be `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT` with
 *    our port (no port means 80): a foreign name that resolves to 127.0.0.1
 *    is DNS rebinding, answered 421;
 *  - `Origin`, when present, must be an http(s) origin on 127.0.0.1,
 *    localhost or [::1] (any port), else 403;
 *  - `Authorization: Bearer TOKEN` must carry the hub token, compared in
 *    constant time, else 401 with `WWW-Authenticate: Bearer`.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tether-hub-guard.h"
#include "tether-hub-token.h"

static gboolean
is_loopback_name (const char *host)
{
  return g_str_equal (host, "127.0.0.1") ||
         g_ascii_strcasecmp (host, "localhost") == 0 ||
         g_str_equal (host, "::1") ||
         g_str_equal (host, "[::1]");
}

/**
 * tether_hub_guard_host_ok:
 * @host: (nullable): the `Host` header
 * @port: the port we listen on
 *
 * Returns: whether @host names our loopback address and port
 */
gboolean
tether_hub_guard_host_ok (const char *host,
                          guint       port)
{
  g_autofree char *name = NULL;
  const char *colon;
  guint64 given = 80;

  if (host == NULL || *host == '\0')
    return FALSE;

  if (host[0] == '[')
    {
      const char *end = strchr (host, ']');

      if (end == NULL)
        return FALSE;
      name = g_strndup (host, end - host + 1);
      colon = end[1] == ':' ? end + 1 : NULL;
      if (end[1] != '\0' && colon == NULL)
        return FALSE;
    }
  else
    {
      colon = strrchr (host, ':');
      name = colon != NULL ? g_strndup (host, colon - host) : g_strdup (host);
    }

  if (colon != NULL &&
      !g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &given, NULL))
    return FALSE;

  return is_loopback_name (name) && given == port;
}

/**
 * tether_hub_guard_origin_ok:
 * @origin: (nullable): the `Origin` header
 *
 * Returns: whether @origin is absent or an http(s) origin on loopback
 */
gboolean
tether_hub_guard_origin_ok (const char *origin)
{
  g_autoptr(GUri) uri = NULL;
  const char *scheme;
  const char *host;

  if (origin == NULL)
    return TRUE;

  uri = g_uri_parse (origin, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL)
    return FALSE;

  scheme = g_uri_get_scheme (uri);
  host = g_uri_get_host (uri);

  return scheme != NULL && host != NULL &&
         (g_ascii_strcasecmp (scheme, "http") == 0 || g_ascii_strcasecmp (scheme, "https") == 0) &&
         is_loopback_name (host) &&
         (g_uri_get_path (uri) == NULL || g_uri_get_path (uri)[0] == '\0' ||
          g_str_equal (g_uri_get_path (uri), "/")) &&
         g_uri_get_userinfo (uri) == NULL;
}

/**
 * tether_hub_guard_check:
 * @host: (nullable): the `Host` header
 * @origin: (nullable): the `Origin` header
 * @authorization: (nullable): the `Authorization` header
 * @port: the port we listen on
 * @token: the hub token
 *
 * Returns: what to make of a request with these headers
 */
TetherHubGuardVerdict
tether_hub_guard_check (const char *host,
                        const char *origin,
                        const char *authorization,
                        guint       port,
                        const char *token)
{
  const char *given;

  if (!tether_hub_guard_host_ok (host, port))
    return TETHER_HUB_GUARD_BAD_HOST;

  if (!tether_hub_guard_origin_ok (origin))
    return TETHER_HUB_GUARD_BAD_ORIGIN;

  if (authorization == NULL || g_ascii_strncasecmp (authorization, "Bearer ", 7) != 0)
    return TETHER_HUB_GUARD_NO_TOKEN;

  given = authorization + 7;
  while (*given == ' ')
    given++;

  return tether_hub_token_equal (given, token) ? TETHER_HUB_GUARD_OK : TETHER_HUB_GUARD_BAD_TOKEN;
}

/**
 * tether_hub_guard_status:
 * @verdict: a #TetherHubGuardVerdict
 *
 * Returns: the HTTP status that answers it (200 for OK)
 */
guint
tether_hub_guard_status (TetherHubGuardVerdict verdict)
{
  switch (verdict)
    {
    case TETHER_HUB_GUARD_OK:
      return 200;
    case TETHER_HUB_GUARD_BAD_HOST:
      return 421;
    case TETHER_HUB_GUARD_BAD_ORIGIN:
      return 403;
    case TETHER_HUB_GUARD_NO_TOKEN:
    case TETHER_HUB_GUARD_BAD_TOKEN:
    default:
      return 401;
    }
}

/**
 * tether_hub_guard_describe:
 * @verdict: a #TetherHubGuardVerdict
 *
 * Returns: why a request was refused, for its client
 */
const char *
tether_hub_guard_describe (TetherHubGuardVerdict verdict)
{
  switch (verdict)
    {
    case TETHER_HUB_GUARD_OK:
      return "";
    case TETHER_HUB_GUARD_BAD_HOST:
      return _("The Host header does not name the Tether hub’s loopback address and port");
    case TETHER_HUB_GUARD_BAD_ORIGIN:
      return _("Requests from web pages that are not on this computer are refused");
    case TETHER_HUB_GUARD_NO_TOKEN:
      return _("The Tether hub needs its token: send “Authorization: Bearer TOKEN” with the token "
               "in ~/.config/tether/hub-token");
    case TETHER_HUB_GUARD_BAD_TOKEN:
    default:
      return _("This is not the Tether hub’s token");
    }
}
