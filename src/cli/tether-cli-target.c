/* tether-cli-target.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include "mcp-stdio-transport.h"
#include "tether-cli-target.h"

struct _TetherCliTarget
{
  char **argv;
  char  *name;
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

void
tether_cli_target_free (TetherCliTarget *target)
{
  if (target == NULL)
    return;

  g_strfreev (target->argv);
  g_free (target->name);
  g_free (target);
}

/* A short name for messages: the command's base name. */
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

void
tether_cli_target_connect_async (TetherCliTarget     *target,
                                 guint                timeout_ms,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(McpProcess) process = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  GTask *task;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_cli_target_connect_async);

  process = mcp_process_new ((const char * const *)target->argv);
  transport = mcp_stdio_transport_new (process);
  client = mcp_client_new (transport);
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
