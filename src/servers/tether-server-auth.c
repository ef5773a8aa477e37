/* tether-server-auth.c — signing in to a server, and where its secrets are
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A remote server that answers 401 and whose sign-in cannot be refreshed
 * is left in the state "sign-in required" (tether-server-session.c): only
 * the user can sign in, in their browser. tether_server_sign_in_async() is
 * what the window's "Sign In" button does: the browser is opened the way
 * the front end says, the tokens go to the keyring, and the server
 * connects with them.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include "tether-auth-error.h"
#include "tether-server-session-private.h"
#include "tether-server.h"

/**
 * tether_server_set_secret_store:
 * @self: a #TetherServer
 * @store: (nullable): the keyring its sign-in and secrets are read from;
 *   %NULL for the program's default
 *
 * Takes effect at the next connection attempt.
 */
void
tether_server_set_secret_store (TetherServer      *self,
                                TetherSecretStore *store)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (store == NULL || TETHER_IS_SECRET_STORE (store));

  if (g_set_object (&self->secrets, store))
    {
      g_clear_object (&self->auth);
      g_clear_pointer (&self->auth_key, g_free);
    }
}

static void
signed_in_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TetherServer *self = g_task_get_source_object (task);
  TetherAuthSession *auth = TETHER_AUTH_SESSION (object);
  GError *error = NULL;

  /* The browser is opened for this sign-in only: a 401 later is a state,
   * never a window the user did not ask for. */
  tether_auth_session_set_opener (auth, NULL, NULL, NULL);

  if (!tether_auth_session_sign_in_finish (auth, result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  if (auth == self->auth && tether_server_config_get_enabled (self->config))
    _tether_server_restart (self);
  g_task_return_boolean (task, TRUE);
}

/**
 * tether_server_sign_in_async:
 * @self: a #TetherServer of a URL
 * @open_uri: how to show the authorization URL to the user
 * @open_data: for @open_uri
 * @open_destroy: (nullable): frees @open_data
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when signed in, or not
 * @user_data: for @callback
 *
 * Signs in with the browser (the "Sign In" button), keeps the tokens in
 * the keyring, and connects the server with them.
 */
void
tether_server_sign_in_async (TetherServer        *self,
                             TetherAuthOpenUri    open_uri,
                             gpointer             open_data,
                             GDestroyNotify       open_destroy,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  TetherAuthSession *auth;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (open_uri != NULL);

  g_task_set_source_tag (task, tether_server_sign_in_async);
  auth = _tether_server_ensure_auth (self);
  if (auth == NULL)
    {
      if (open_destroy != NULL)
        open_destroy (open_data);
      g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                               _("Server “%s” has no URL to sign in to, or sends an Authorization header of its own"),
                               tether_server_config_get_name (self->config));
      return;
    }

  tether_auth_session_set_opener (auth, open_uri, open_data, open_destroy);
  tether_auth_session_sign_in_async (auth, cancellable, signed_in_cb, g_steal_pointer (&task));
}

gboolean
tether_server_sign_in_finish (TetherServer  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
