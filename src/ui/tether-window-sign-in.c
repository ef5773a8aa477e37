/* tether-window-sign-in.c — "Sign In…" on a server's row and page
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.sign-in (the selected server) and win.sign-in-server "s" (a row's
 * button) sign in to a server that is in the state "sign-in required": the
 * authorization URL goes to the user's browser (gtk_show_uri(), the
 * OpenURI portal in the flatpak), the tokens to the keyring, and the
 * server connects. How the URL is opened is the window's launcher, which
 * a test replaces with a browser stand-in. The URL itself is never shown:
 * it carries the sign-in's state.
 */

#define G_LOG_DOMAIN "tether-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-auth-error.h"
#include "tether-visible-text.h"
#include "tether-window-private.h"

/* The opener a sign-in holds: the window, weakly (it may close meanwhile). */
static gboolean
window_open_uri (const char  *uri,
                 gpointer     user_data,
                 GError     **error)
{
  g_autoptr(TetherWindow) self = g_weak_ref_get (user_data);

  if (self == NULL)
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED, _("The window was closed"));
      return FALSE;
    }
  if (self->open_uri != NULL)
    return self->open_uri (uri, self->open_data, error);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
  return TRUE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
signed_in_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(TetherWindow) self = user_data;
  TetherServer *server = TETHER_SERVER (object);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = tether_visible_text (tether_server_get_name (server));

  if (tether_server_sign_in_finish (server, result, &error))
    _tether_window_toast (self, _("Signed in to “%s”"), name);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *reason = tether_visible_text (error->message);

      _tether_window_toast (self, _("Could not sign in to “%s”: %s"), name, reason);
    }
}

/**
 * _tether_window_sign_in:
 * @self: the window
 * @name: (nullable): a server's name
 *
 * Signs in to @name with the browser, then connects it.
 */
void
_tether_window_sign_in (TetherWindow *self,
                        const char   *name)
{
  TetherServer *server = name != NULL ? _tether_window_lookup (self, name) : NULL;
  GWeakRef *ref;
  g_autofree char *shown = NULL;

  if (server == NULL)
    return;

  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  shown = tether_visible_text (name);
  _tether_window_toast (self, _("Sign in to “%s” in your browser"), shown);
  tether_server_sign_in_async (server, window_open_uri, ref, weak_ref_free, NULL,
                               signed_in_cb, g_object_ref (self));
}

/**
 * tether_window_set_uri_opener:
 * @self: a #TetherWindow
 * @open_uri: (nullable): how a sign-in's URL is opened; %NULL for the
 *   user's browser (gtk_show_uri())
 * @user_data: for @open_uri
 * @destroy: (nullable): frees @user_data
 *
 * The window's launcher, for the browser of a sign-in.
 */
void
tether_window_set_uri_opener (TetherWindow      *self,
                              TetherAuthOpenUri  open_uri,
                              gpointer           user_data,
                              GDestroyNotify     destroy)
{
  g_return_if_fail (TETHER_IS_WINDOW (self));

  if (self->open_destroy != NULL)
    self->open_destroy (self->open_data);
  self->open_uri = open_uri;
  self->open_data = user_data;
  self->open_destroy = destroy;
}
