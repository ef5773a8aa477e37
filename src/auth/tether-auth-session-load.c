/* tether-auth-session-load.c — the sign-in kept in the keyring, taken
 * back: at start, or at a server's first challenge
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include "tether-auth-session.h"
#include "tether-auth-session-private.h"

static void
take_stored_tokens (TetherAuthSession *self,
                    char              *text)
{
  g_autoptr(GError) error = NULL;
  TetherAuthTokens *tokens;

  if (text == NULL)
    return;
  tokens = tether_auth_tokens_new_from_stored (text, &error);
  tether_secret_free (text);
  if (tokens == NULL)
    {
      g_message ("Server “%s”: %s; signing in again", self->server_name, error->message);
      return;
    }
  g_clear_pointer (&self->tokens, tether_auth_tokens_free);
  self->tokens = tokens;
  _tether_auth_session_schedule_refresh (self);
}

/**
 * tether_auth_session_load:
 * @self: a session
 * @error: where to put an error
 *
 * Takes the sign-in kept in the keyring, if any.
 *
 * Returns: %FALSE if the keyring could not be read
 */
gboolean
tether_auth_session_load (TetherAuthSession  *self,
                          GError            **error)
{
  GError *local_error = NULL;
  char *text;

  self->loaded = TRUE;
  if (self->store == NULL || self->server_name == NULL)
    return TRUE;
  text = tether_secret_store_lookup (self->store, TETHER_SECRET_KIND_OAUTH, self->server_name, "tokens",
                                     &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  take_stored_tokens (self, text);
  return TRUE;
}

static void
on_tokens_loaded (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *text = tether_secret_store_lookup_finish (TETHER_SECRET_STORE (source), result, &error);

  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  take_stored_tokens (g_task_get_source_object (task), text);
  g_task_return_boolean (task, TRUE);
}

/**
 * tether_auth_session_load_async:
 * @self: a session
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when read
 * @user_data: for @callback
 *
 * tether_auth_session_load() without blocking (a keyring may ask to be
 * unlocked first): what the window does before a server connects.
 */
void
tether_auth_session_load_async (TetherAuthSession   *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  if (self->store == NULL || self->server_name == NULL)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  tether_secret_store_lookup_async (self->store, TETHER_SECRET_KIND_OAUTH, self->server_name, "tokens",
                                    cancellable, on_tokens_loaded, task);
}

gboolean
tether_auth_session_load_finish (TetherAuthSession  *self,
                                 GAsyncResult       *result,
                                 GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
