/* tether-cli-target.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "mcp-url.h"
#include "tether-cli-output.h"
#include "tether-cli-target.h"
#include "tether-spawn.h"

struct _TetherCliTarget
{
  char          **argv;
  char          **environment;   /* NAME=VALUE for an ad-hoc server; secrets */
  char           *name;
  TetherServer   *server;
  TetherRequestRouter *router;   /* answers what the server asks */

  /* --url */
  char           *url;
  McpHttpMode     mode;
  char          **headers;   /* "Name: value"; the values are secrets */
  McpTokenProvider *token_provider;
};

TetherCliTarget *
tether_cli_target_new_stdio (const char * const *argv)
{
  TetherCliTarget *target = g_new0 (TetherCliTarget, 1);

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  target->argv = g_strdupv ((char **)argv);
  target->name = g_path_get_basename (argv[0]);

  return target;
}

/* The transport for an HTTP target, with its headers; the errors name
 * the header, never its value. */
static McpHttpTransport *
http_transport_new (const char          *url,
                    McpHttpMode          mode,
                    const char * const  *headers,
                    GError             **error)
{
  g_autoptr(McpHttpTransport) transport = NULL;

  if (!mcp_http_check_url (url, error))
    return NULL;

  transport = mcp_http_transport_new (url, mode);

  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    {
      const char *colon = strchr (headers[i], ':');
      g_autofree char *name = NULL;
      g_autoptr(GError) header_error = NULL;

      if (colon == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s",
                       _("--header needs a name and a value, like --header 'Authorization: Bearer …'"));
          return NULL;
        }

      name = g_strstrip (g_strndup (headers[i], colon - headers[i]));
      if (!mcp_http_transport_add_header (transport, name, colon + 1 + strspn (colon + 1, " \t"), &header_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--header: %s", header_error->message);
          return NULL;
        }
    }

  return g_steal_pointer (&transport);
}

/**
 * tether_cli_target_new_http:
 * @url: an http or https URL
 * @mode: which HTTP transport to speak
 * @headers: (nullable): headers for every request, each "Name: value"
 * @error: return location for a usage error
 *
 * Returns: (transfer full) (nullable): the target, or %NULL when the URL
 *   or a header is not valid
 */
TetherCliTarget *
tether_cli_target_new_http (const char          *url,
                            McpHttpMode          mode,
                            const char * const  *headers,
                            GError             **error)
{
  g_autoptr(McpHttpTransport) check = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  TetherCliTarget *target;

  g_return_val_if_fail (url != NULL, NULL);

  check = http_transport_new (url, mode, headers, error);
  if (check == NULL)
    return NULL;

  target = g_new0 (TetherCliTarget, 1);
  target->url = g_strdup (url);
  target->mode = mode;
  target->headers = g_strdupv ((char **)headers);
  /* Messages name the URL with nothing secret in it. */
  target->name = mcp_url_mask (url);

  config = tether_server_config_new (target->name);
  tether_server_config_set_kind (config, TETHER_SERVER_KIND_AUTO);
  tether_server_config_set_url (config, url);
  tether_server_config_set_headers (config, headers);
  tether_cli_warn_cleartext (config);

  return target;
}

void
tether_cli_target_free (TetherCliTarget *target)
{
  if (target == NULL)
    return;

  g_strfreev (target->argv);
  g_strfreev (target->environment);
  g_free (target->name);
  g_free (target->url);
  g_strfreev (target->headers);
  g_clear_object (&target->server);
  g_clear_object (&target->router);
  g_clear_object (&target->token_provider);
  g_free (target);
}

/**
 * tether_cli_target_new_server:
 * @server: a server of the configuration, not started
 *
 * A target that connects @server by its rules (attempts, timeouts) and
 * yields its session. Closing the target stops the server.
 *
 * Returns: (transfer full): the target
 */
TetherCliTarget *
tether_cli_target_new_server (TetherServer *server)
{
  TetherCliTarget *target;

  g_return_val_if_fail (TETHER_IS_SERVER (server), NULL);

  target = g_new0 (TetherCliTarget, 1);
  target->server = g_object_ref (server);
  target->name = g_strdup (tether_server_get_name (server));

  return target;
}

/**
 * tether_cli_target_get_server:
 * @target: a #TetherCliTarget
 *
 * Returns: (transfer none) (nullable): the managed server behind a target
 *   named from the configuration, %NULL for an ad-hoc command or URL
 */
TetherServer *
tether_cli_target_get_server (TetherCliTarget *target)
{
  return target->server;
}

/**
 * tether_cli_target_set_environment:
 * @target: an ad-hoc stdio target, not connected yet
 * @environment: (nullable): `NAME=VALUE` pairs added to (and overriding)
 *   what the server gets of the user's environment
 */
void
tether_cli_target_set_environment (TetherCliTarget    *target,
                                   const char * const *environment)
{
  g_return_if_fail (target->argv != NULL);

  g_strfreev (target->environment);
  target->environment = g_strdupv ((char **)environment);
}

/**
 * tether_cli_target_set_router:
 * @target: a #TetherCliTarget, not connected yet
 * @router: who answers what the server asks (roots, elicitation,
 *   sampling); its capabilities are declared
 */
void
tether_cli_target_set_router (TetherCliTarget     *target,
                              TetherRequestRouter *router)
{
  g_set_object (&target->router, router);
  if (target->server != NULL)
    tether_server_set_router (target->server, router);
}

/* What an ad-hoc server asks goes to the router, as a configured
 * server's does. */
static gboolean
server_request_cb (McpClient  *client,
                   JsonNode   *id,
                   const char *method,
                   JsonObject *params,
                   gpointer    tag,
                   gpointer    user_data)
{
  TetherCliTarget *target = user_data;
  g_autoptr(TetherServerQuestion) question = NULL;

  question = tether_server_question_new (client, target->name, id, method, params, NULL);
  tether_request_router_route (target->router, question);

  return TRUE;
}

/**
 * tether_cli_target_set_token_provider:
 * @target: a target given by --url
 * @provider: who signs in, and gives the Authorization header
 */
void
tether_cli_target_set_token_provider (TetherCliTarget  *target,
                                      McpTokenProvider *provider)
{
  g_set_object (&target->token_provider, provider);
}

/* A short name for messages: the server's name, the command's base name,
 * or the URL without anything secret. */
const char *
tether_cli_target_get_name (TetherCliTarget *target)
{
  return target->name;
}

static void
closed_after_failure_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_task_return_error (task, g_error_copy (g_task_get_task_data (task)));
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  McpClient *client = MCP_CLIENT (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (client, result, &error))
    {
      /* Report the failure once nothing of the server is left. */
      g_task_set_task_data (task, g_steal_pointer (&error), (GDestroyNotify)g_error_free);
      mcp_client_close_async (client, NULL, closed_after_failure_cb, g_steal_pointer (&task));
      return;
    }

  g_task_return_pointer (task, g_object_ref (client), g_object_unref);
}

/* A session ended (a client closed, or a server stopped): the task returns
 * the failure it carries, if any. */
static void
ended_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  const GError *failure = g_task_get_task_data (task);

  if (TETHER_IS_SERVER (object))
    tether_server_stop_finish (TETHER_SERVER (object), result, NULL);
  else
    mcp_client_close_finish (MCP_CLIENT (object), result, NULL);

  if (failure != NULL)
    g_task_return_error (task, g_error_copy (failure));
  else
    g_task_return_boolean (task, TRUE);
}

static GError *
server_not_connected_error (TetherServer *server)
{
  const char *name = tether_server_get_name (server);

  switch (tether_server_get_state (server))
    {
    case TETHER_SERVER_STATE_DISABLED:
      return g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                          _("the server is disabled (enable it with “tether-cli enable %s”)"), name);

    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return g_error_new (MCP_ERROR, MCP_ERROR_AUTHORIZATION,
                          _("sign-in required (sign in with “tether-cli login %s”)"), name);

    case TETHER_SERVER_STATE_ERROR:
      return g_error_new_literal (MCP_ERROR, MCP_ERROR_FAILED,
                                  tether_server_get_error_message (server) != NULL
                                  ? tether_server_get_error_message (server) : _("could not connect"));

    case TETHER_SERVER_STATE_DISCONNECTED:
    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_CONNECTED:
    case TETHER_SERVER_STATE_WAITING:
    default:
      return g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED, _("not connected"));
    }
}

static void
server_settled_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  TetherServer *server = TETHER_SERVER (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  /* Settled means connected with its lists, or given up (then the error
   * says why); either way the state tells. */
  if (tether_server_wait_settled_finish (server, result, &error) &&
      tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED)
    {
      g_task_return_pointer (task, g_object_ref (tether_server_get_client (server)), g_object_unref);
      return;
    }

  if (error == NULL)
    error = server_not_connected_error (server);

  /* Report the failure once nothing of the server is left. */
  g_task_set_task_data (task, g_steal_pointer (&error), (GDestroyNotify)g_error_free);
  tether_server_stop_async (server, FALSE, NULL, ended_cb, g_steal_pointer (&task));
}

void
tether_cli_target_connect_async (TetherCliTarget     *target,
                                 guint                timeout_ms,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  GTask *task;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_cli_target_connect_async);

  if (target->server != NULL)
    {
      /* Its own timeouts apply: the configuration's, under --timeout. */
      tether_server_start (target->server);
      tether_server_wait_settled_async (target->server, cancellable, server_settled_cb, task);
      return;
    }

  if (target->url != NULL)
    {
      McpHttpTransport *http = http_transport_new (target->url, target->mode,
                                                   (const char * const *)target->headers, NULL);

      /* The transport's own deadline for each POST: no shorter than the
       * client's, which ends a request first and tells the server. */
      g_assert (http != NULL);
      mcp_http_transport_set_request_timeout (http, MAX (timeout_ms, TETHER_CLI_CONNECT_TIMEOUT_MS));
      if (target->token_provider != NULL)
        mcp_http_transport_set_token_provider (http, target->token_provider);
      transport = MCP_TRANSPORT (http);
    }
  else
    {
      process = tether_spawn_new_process ((const char * const *)target->argv);
      if (target->environment != NULL)
        tether_process_set_environment (process, (const char * const *)target->environment);
      transport = mcp_stdio_transport_new (process);
      mcp_stdio_transport_set_terminate_grace (MCP_STDIO_TRANSPORT (transport), TETHER_CLI_STOP_GRACE_MS);
      mcp_stdio_transport_set_kill_grace (MCP_STDIO_TRANSPORT (transport), TETHER_CLI_STOP_GRACE_MS);
    }
  client = mcp_client_new (transport);
  if (target->router != NULL)
    {
      g_autoptr(JsonObject) capabilities = tether_request_router_dup_capabilities (target->router);

      mcp_client_set_capabilities (client, capabilities);
      g_signal_connect (client, "server-request", G_CALLBACK (server_request_cb), target);
    }
  /* Starting a server may take long (a first `npx -y` downloads it): the
   * handshake gets at least the connect timeout, whatever the requests
   * after it get (see TetherCliRun.timeout_ms). */
  mcp_client_set_request_timeout (client, MAX (timeout_ms, TETHER_CLI_CONNECT_TIMEOUT_MS));

  mcp_client_connect_async (client, cancellable, connect_cb, task);
}

/**
 * tether_cli_target_connect_finish:
 * @target: a #TetherCliTarget
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): a connected client; close it when done
 */
McpClient *
tether_cli_target_connect_finish (TetherCliTarget  *target,
                                  GAsyncResult     *result,
                                  GError          **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_cli_target_close_async:
 * @target: a #TetherCliTarget
 * @client: the client tether_cli_target_connect_finish() gave
 * @callback: called when nothing of the server is left
 * @user_data: data for @callback
 *
 * Ends the session: closes an ad-hoc server's client, or stops a configured
 * server (which would otherwise reconnect by itself).
 */
void
tether_cli_target_close_async (TetherCliTarget     *target,
                               McpClient           *client,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GTask *task = g_task_new (NULL, NULL, callback, user_data);

  g_task_set_source_tag (task, tether_cli_target_close_async);

  if (target->server != NULL)
    tether_server_stop_async (target->server, FALSE, NULL, ended_cb, task);
  else
    mcp_client_close_async (client, NULL, ended_cb, task);
}

void
tether_cli_target_close_finish (TetherCliTarget *target,
                                GAsyncResult    *result)
{
  g_task_propagate_boolean (G_TASK (result), NULL);
}
