/* tether-auth-session-provider.c — a sign-in session as the HTTP
 * transport's token provider (the header it sends, what it does with a
 * 401 or a 403), and the refresh a little before the tokens end
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-auth-challenge.h"
#include "tether-auth-error.h"
#include "tether-auth-session.h"
#include "tether-auth-session-private.h"

/* ---------------------------------------------------------------------- */
/* McpTokenProvider                                                       */

static char *
session_dup_authorization (McpTokenProvider *provider)
{
  TetherAuthSession *self = TETHER_AUTH_SESSION (provider);

  if (self->tokens == NULL)
    return NULL;
  return g_strconcat ("Bearer ", self->tokens->access_token, NULL);
}

static void challenge (GTask      *task,
                       guint       status,
                       const char *www_authenticate);

typedef struct
{
  guint  status;
  char  *www_authenticate;
} PendingChallenge;

static void
pending_challenge_free (PendingChallenge *pending)
{
  g_free (pending->www_authenticate);
  g_free (pending);
}

static void
on_loaded_for_challenge (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GTask *task = user_data;
  TetherAuthSession *self = TETHER_AUTH_SESSION (source);
  PendingChallenge *pending = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!tether_auth_session_load_finish (self, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          g_object_unref (task);
          return;
        }
      g_message ("Server “%s”: the keyring could not be read: %s", _tether_auth_session_shown_name (self), error->message);
    }
  self->loaded = TRUE;

  /* The request went without the sign-in the keyring had: again, with it */
  if (self->tokens != NULL && pending->status == SOUP_STATUS_UNAUTHORIZED)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  challenge (task, pending->status, pending->www_authenticate);
}

/* The keyring is read at the first challenge only: a server that never
 * asks for a sign-in never touches it. */
static void
session_challenge_async (McpTokenProvider    *provider,
                         guint                status,
                         const char          *www_authenticate,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  TetherAuthSession *self = TETHER_AUTH_SESSION (provider);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  if (!self->loaded && self->tokens == NULL && self->store != NULL && self->server_name != NULL)
    {
      PendingChallenge *pending = g_new0 (PendingChallenge, 1);

      pending->status = status;
      pending->www_authenticate = g_strdup (www_authenticate);
      g_task_set_task_data (task, pending, (GDestroyNotify)pending_challenge_free);
      tether_auth_session_load_async (self, cancellable, on_loaded_for_challenge, task);
      return;
    }
  challenge (task, status, www_authenticate);
}

static void
challenge (GTask      *task,
           guint       status,
           const char *www_authenticate)
{
  TetherAuthSession *self = g_task_get_source_object (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (status == SOUP_STATUS_FORBIDDEN)
    {
      g_autoptr(GPtrArray) challenges = tether_auth_challenges_parse (www_authenticate);
      const TetherAuthChallenge *bearer = tether_auth_challenges_find (challenges, "Bearer");

      /* Only a lack of scope is ours; another 403 is the server's answer. */
      if (bearer == NULL || g_strcmp0 (tether_auth_challenge_get_param (bearer, "error"), "insufficient_scope") != 0)
        {
          g_task_return_boolean (task, FALSE);
          g_object_unref (task);
          return;
        }
      if (self->step_ups >= TETHER_AUTH_MAX_STEP_UPS)
        {
          g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DENIED,
                                   _("“%s” still wants more scope after %u sign-ins: giving up"),
                                   _tether_auth_session_shown_name (self), self->step_ups);
          g_object_unref (task);
          return;
        }
      self->step_ups++;
      _tether_auth_session_run_attempt (self, www_authenticate, TRUE, TRUE, cancellable, _tether_auth_session_challenge_done, task);
      return;
    }

  _tether_auth_session_run_attempt (self, www_authenticate, TRUE, FALSE, cancellable, _tether_auth_session_challenge_done, task);
}

static gboolean
session_challenge_finish (McpTokenProvider  *provider,
                          GAsyncResult      *result,
                          GError           **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
_tether_auth_session_provider_init (McpTokenProviderInterface *iface)
{
  iface->dup_authorization = session_dup_authorization;
  iface->challenge_async = session_challenge_async;
  iface->challenge_finish = session_challenge_finish;
}
