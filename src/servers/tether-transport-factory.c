/* tether-transport-factory.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-transport-factory"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-http-transport.h"
#include "mcp-stdio-transport.h"
#include "tether-spawn.h"

#include "tether-transport-factory.h"

static McpTransport *
create_stdio (TetherServerConfig         *config,
              const TetherServerTimings  *timings,
              TetherShellEnvironment     *shell_environment,
              GError                    **error)
{
  g_autoptr(TetherProcess) process = NULL;
  g_auto(GStrv) argv = tether_server_config_dup_argv (config);
  g_auto(GStrv) env = tether_server_config_dup_env (config);
  McpTransport *transport;

  if (argv == NULL || argv[0] == NULL || argv[0][0] == '\0')
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_SPAWN_FAILED,
                   _("Server “%s” has no command to run"),
                   tether_server_config_get_name (config));
      return NULL;
    }

  process = tether_spawn_new_process ((const char * const *)argv);
  tether_process_set_cwd (process, tether_server_config_get_cwd (config));
  tether_process_set_environment (process, (const char * const *)env);

  /* The user's environment as their login shell has it: its PATH finds the
   * command, and the allow-list picks from it. */
  if (shell_environment != NULL && tether_shell_environment_get_resolved (shell_environment))
    {
      tether_process_set_search_path (process, tether_shell_environment_get_path (shell_environment));
      tether_process_set_base_environment (process, tether_shell_environment_get_environment (shell_environment));
    }

  transport = mcp_stdio_transport_new (process);
  mcp_stdio_transport_set_terminate_grace (MCP_STDIO_TRANSPORT (transport), timings->stop_grace_ms);
  mcp_stdio_transport_set_kill_grace (MCP_STDIO_TRANSPORT (transport), timings->stop_grace_ms);

  return transport;
}

static McpTransport *
create_http (TetherServerConfig         *config,
             const TetherServerTimings  *timings,
             McpHttpMode                 mode,
             McpTokenProvider           *token_provider,
             GError                    **error)
{
  g_autoptr(McpHttpTransport) transport = NULL;
  g_auto(GStrv) names = tether_server_config_dup_header_names (config);
  const char *url = tether_server_config_get_url (config);

  if (!mcp_http_check_url (url, error))
    return NULL;

  transport = mcp_http_transport_new (url, mode);
  mcp_http_transport_set_reconnect_delay (transport, timings->stream_resume_delay_ms);
  mcp_http_transport_set_reconnect_delay_max (transport, timings->stream_resume_delay_max_ms);
  mcp_http_transport_set_retry_delay_max (transport, timings->stream_retry_max_ms);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      const char *value = tether_server_config_get_header_value (config, names[i]);

      if (!mcp_http_transport_add_header (transport, names[i], value, error))
        return NULL;
    }

  if (token_provider != NULL)
    mcp_http_transport_set_token_provider (transport, token_provider);

  return MCP_TRANSPORT (g_steal_pointer (&transport));
}

/**
 * tether_transport_factory_create:
 * @config: a server's configuration
 * @timings: its timings (the stop graces, the waits before an HTTP event
 *   stream is resumed)
 * @remembered: for a URL of kind auto, the transport that worked last time
 *   (%MCP_HTTP_MODE_AUTO to detect it again)
 * @shell_environment: (nullable): for a command, the resolved login shell
 *   environment to look it up in and start from; %NULL for ours
 * @token_provider: (nullable): for a URL, who signs in and gives the
 *   Authorization header (the server's sign-in, its tokens in the keyring)
 * @error: where to put an error
 *
 * Makes the transport for @config: a child process over stdio, or HTTP.
 * Nothing is started yet.
 *
 * Returns: (transfer full) (nullable): the transport
 */
McpTransport *
tether_transport_factory_create (TetherServerConfig         *config,
                                 const TetherServerTimings  *timings,
                                 McpHttpMode                 remembered,
                                 TetherShellEnvironment     *shell_environment,
                                 McpTokenProvider           *token_provider,
                                 GError                    **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), NULL);
  g_return_val_if_fail (timings != NULL, NULL);

  switch (tether_server_config_get_kind (config))
    {
    case TETHER_SERVER_KIND_STDIO:
      return create_stdio (config, timings, shell_environment, error);

    case TETHER_SERVER_KIND_HTTP:
      return create_http (config, timings, MCP_HTTP_MODE_STREAMABLE_HTTP, token_provider, error);

    case TETHER_SERVER_KIND_SSE:
      return create_http (config, timings, MCP_HTTP_MODE_LEGACY_SSE, token_provider, error);

    case TETHER_SERVER_KIND_AUTO:
    default:
      return create_http (config, timings, remembered, token_provider, error);
    }
}
