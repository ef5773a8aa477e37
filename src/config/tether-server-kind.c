/* tether-server-kind.c — how Tether talks to a server, and its spellings
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include "tether-server-config.h"

G_DEFINE_ENUM_TYPE (TetherServerKind, tether_server_kind,
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_STDIO, "stdio"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_HTTP, "http"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_SSE, "sse"),
  G_DEFINE_ENUM_VALUE (TETHER_SERVER_KIND_AUTO, "auto"))

/**
 * tether_server_kind_from_string:
 * @spelling: a transport type as some client writes it
 * @kind: (out): where to store the kind
 *
 * Maps every spelling clients use for a transport, case-insensitively:
 * `stdio`, `local` ⇒ stdio; `http`, `streamable-http`, `streamableHttp`,
 * `streamable_http`, `streamable` ⇒ Streamable HTTP; `sse` ⇒ legacy SSE;
 * `url`, `remote`, `auto` ⇒ auto.
 *
 * Returns: %TRUE if @spelling is known
 */
gboolean
tether_server_kind_from_string (const char       *spelling,
                                TetherServerKind *kind)
{
  static const struct { const char *spelling; TetherServerKind kind; } map[] = {
    { "stdio", TETHER_SERVER_KIND_STDIO },
    { "local", TETHER_SERVER_KIND_STDIO },
    { "http", TETHER_SERVER_KIND_HTTP },
    { "streamable-http", TETHER_SERVER_KIND_HTTP },
    { "streamablehttp", TETHER_SERVER_KIND_HTTP },
    { "streamable_http", TETHER_SERVER_KIND_HTTP },
    { "streamable", TETHER_SERVER_KIND_HTTP },
    { "sse", TETHER_SERVER_KIND_SSE },
    { "url", TETHER_SERVER_KIND_AUTO },
    { "remote", TETHER_SERVER_KIND_AUTO },
    { "auto", TETHER_SERVER_KIND_AUTO },
  };

  g_return_val_if_fail (kind != NULL, FALSE);

  if (spelling == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    {
      if (g_ascii_strcasecmp (spelling, map[i].spelling) == 0)
        {
          *kind = map[i].kind;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * tether_server_kind_to_string:
 * @kind: a #TetherServerKind
 *
 * Returns: the spelling Tether writes: `stdio`, `http`, `sse` or `auto`
 */
const char *
tether_server_kind_to_string (TetherServerKind kind)
{
  switch (kind)
    {
    case TETHER_SERVER_KIND_STDIO:
      return "stdio";
    case TETHER_SERVER_KIND_HTTP:
      return "http";
    case TETHER_SERVER_KIND_SSE:
      return "sse";
    case TETHER_SERVER_KIND_AUTO:
      return "auto";
    default:
      g_return_val_if_reached ("stdio");
    }
}

/**
 * tether_server_kind_is_remote:
 * @kind: a #TetherServerKind
 *
 * Returns: %TRUE for the kinds reached at a URL
 */
gboolean
tether_server_kind_is_remote (TetherServerKind kind)
{
  return kind != TETHER_SERVER_KIND_STDIO;
}
