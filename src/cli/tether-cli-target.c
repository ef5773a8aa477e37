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

#include "mcp-stdio-transport.h"
#include "tether-cli-target.h"

struct _TetherCliTarget
{
  char        **argv;
  char         *name;

  /* --url */
  char         *url;
  McpHttpMode   mode;
  char        **headers;   /* "Name: value"; the values are secrets */
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

/* The URL as messages show it: no user, password, query or fragment,
 * which may hold a token. */
static char *
url_display_name (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_ENCODED | G_URI_FLAGS_HAS_PASSWORD, NULL);

  if (uri == NULL)
    return g_strdup_printf ("%s URL", g_uri_peek_scheme (url));

  return g_uri_join (G_URI_FLAGS_ENCODED, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), g_uri_get_path (uri), NULL, NULL);
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
  TetherCliTarget *target;

  g_return_val_if_fail (url != NULL, NULL);

  check = http_transport_new (url, mode, headers, error);
  if (check == NULL)
    return NULL;

  target = g_new0 (TetherCliTarget, 1);
  target->url = g_strdup (url);
  target->mode = mode;
  target->headers = g_strdupv ((char **)headers);
  target->name = url_display_name (url);

  return target;
}

void
tether_cli_target_free (TetherCliTarget *target)
{
  if (target == NULL)
    return;

  g_strfreev (target->argv);
  g_free (target->name);
  g_free (target->url);
  g_strfreev (target->headers);
  g_free (target);
}

/* A short name for messages: the command's base name, or the URL without
 * anything secret. */
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

  if (target->url != NULL)
    {
      McpHttpTransport *http = http_transport_new (target->url, target->mode,
                                                   (const char * const *)target->headers, NULL);

      /* The transport's own deadline for each POST: no shorter than the
       * client's, which ends a request first and tells the server. */
      g_assert (http != NULL);
      mcp_http_transport_set_request_timeout (http, MAX (timeout_ms, TETHER_CLI_CONNECT_TIMEOUT_MS));
      transport = MCP_TRANSPORT (http);
    }
  else
    {
      process = mcp_process_new ((const char * const *)target->argv);
      transport = mcp_stdio_transport_new (process);
    }
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
