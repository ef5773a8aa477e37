/* tether-auth-enterprise.c — an enterprise-managed sign-in: the identity
 * provider's ID token traded for an authorization grant for one server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where an organisation manages who may use which server, the user signs
 * in once, to the organisation's identity provider. For each server,
 * Tether trades that ID token at the identity provider (token exchange,
 * RFC 8693) for an Identity Assertion JWT Authorization Grant (ID-JAG)
 * naming the server's authorization server and the server itself; the
 * authorization server takes that grant with the JWT-bearer grant (RFC
 * 7523). No browser opens. The tokens are secrets: none reaches a message.
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-auth-enterprise.h"
#include "tether-auth-error.h"
#include "tether-auth-http.h"
#include "tether-auth-token-file.h"
#include "tether-auth-urls.h"

#define TOKEN_TYPE_ID_TOKEN "urn:ietf:params:oauth:token-type:id_token"
#define TOKEN_TYPE_ID_JAG   "urn:ietf:params:oauth:token-type:id-jag"

static void
on_exchanged (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthReply) reply = tether_auth_http_send_finish (result, &error);
  const char *grant;

  if (reply == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  grant = tether_auth_json_string (reply->object, "access_token");
  if (reply->status != SOUP_STATUS_OK || grant == NULL ||
      g_strcmp0 (tether_auth_json_string (reply->object, "issued_token_type"), TOKEN_TYPE_ID_JAG) != 0)
    {
      const char *code = tether_auth_json_string (reply->object, "error");

      g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DENIED,
                               _("The identity provider gave no authorization grant for the ID token: HTTP %u %s"),
                               reply->status, code != NULL ? code : "");
      return;
    }
  g_task_return_pointer (task, g_strdup (grant), g_free);
}

/**
 * tether_auth_enterprise_exchange_async:
 * @http: the session to send with
 * @idp_token_url: the identity provider's token endpoint
 * @id_token_file: the file holding the user's ID token from it
 * @audience: the issuer of the server's authorization server
 * @resource: the server, as its resource metadata names it
 * @scope: (nullable): the scope to ask for
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the grant
 * @user_data: for @callback
 *
 * Trades the ID token for an ID-JAG for @resource, to present to
 * @audience.
 */
void
tether_auth_enterprise_exchange_async (SoupSession         *http,
                                       const char          *idp_token_url,
                                       const char          *id_token_file,
                                       const char          *audience,
                                       const char          *resource,
                                       const char          *scope,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id_token = NULL;

  if (idp_token_url == NULL || !tether_auth_url_is_safe_endpoint (idp_token_url))
    {
      g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               _("The identity provider has no token endpoint Tether may send an ID token to"));
      return;
    }
  id_token = tether_auth_token_file_read (id_token_file, &error);
  if (id_token == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_hash_table_insert (fields, "grant_type", TETHER_AUTH_GRANT_TOKEN_EXCHANGE);
  g_hash_table_insert (fields, "requested_token_type", TOKEN_TYPE_ID_JAG);
  g_hash_table_insert (fields, "subject_token", id_token);
  g_hash_table_insert (fields, "subject_token_type", TOKEN_TYPE_ID_TOKEN);
  g_hash_table_insert (fields, "audience", (gpointer)audience);
  g_hash_table_insert (fields, "resource", (gpointer)resource);
  if (scope != NULL)
    g_hash_table_insert (fields, "scope", (gpointer)scope);
  msg = tether_auth_http_new_form (idp_token_url, fields);
  memset (id_token, 0, strlen (id_token));
  if (msg == NULL)
    {
      g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                               _("The identity provider's token endpoint is not a URL"));
      return;
    }
  tether_auth_http_send_async (http, msg, cancellable, on_exchanged, g_steal_pointer (&task));
}

/**
 * tether_auth_enterprise_exchange_finish:
 * @result: the result
 * @error: where to put why not
 *
 * Returns: (transfer full) (nullable): the grant, a secret
 */
char *
tether_auth_enterprise_exchange_finish (GAsyncResult  *result,
                                        GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
