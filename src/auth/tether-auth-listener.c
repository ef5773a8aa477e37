/* tether-auth-listener.c — the one-shot loopback redirect listener
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * RFC 8252: the browser comes back to http://127.0.0.1:PORT/callback, on
 * a port of our own (random unless a registration pinned one). The first
 * request to /callback is the answer; the listener then takes no other,
 * and closes at the end of the attempt or after a timeout.
 */

#define G_LOG_DOMAIN "tether-auth-listener"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "tether-auth-error.h"
#include "tether-auth-listener.h"

struct _TetherAuthListener
{
  GObject     parent_instance;

  SoupServer *server;
  guint       port;
  char       *redirect_uri;
  GTask      *wait;          /* until the callback comes */
  GHashTable *answer;        /* the callback's query, once it came */
  guint       timeout_id;
  gulong      cancel_id;
};

G_DEFINE_FINAL_TYPE (TetherAuthListener, tether_auth_listener, G_TYPE_OBJECT)

static void
complete (TetherAuthListener *self,
          GError             *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->wait);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (self->cancel_id != 0)
    {
      g_cancellable_disconnect (g_task_get_cancellable (task), self->cancel_id);
      self->cancel_id = 0;
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_hash_table_ref (self->answer), (GDestroyNotify)g_hash_table_unref);
}

static void
on_callback (SoupServer        *server,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *query,
             gpointer           user_data)
{
  TetherAuthListener *self = user_data;
  const char *page;

  if (g_strcmp0 (path, "/callback") != 0 || self->answer != NULL ||
      g_strcmp0 (soup_server_message_get_method (msg), SOUP_METHOD_GET) != 0)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }

  self->answer = query != NULL ? g_hash_table_ref (query) : g_hash_table_new (g_str_hash, g_str_equal);
  page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Tether</title></head>"
         "<body><p>Tether got the answer. You can close this window.</p></body></html>";
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (msg, "text/html; charset=utf-8", SOUP_MEMORY_STATIC, page, strlen (page));
  complete (self, NULL);
}

static void
tether_auth_listener_dispose (GObject *object)
{
  TetherAuthListener *self = TETHER_AUTH_LISTENER (object);

  tether_auth_listener_close (self);
  G_OBJECT_CLASS (tether_auth_listener_parent_class)->dispose (object);
}

static void
tether_auth_listener_finalize (GObject *object)
{
  TetherAuthListener *self = TETHER_AUTH_LISTENER (object);

  g_free (self->redirect_uri);
  g_clear_pointer (&self->answer, g_hash_table_unref);
  G_OBJECT_CLASS (tether_auth_listener_parent_class)->finalize (object);
}

static void
tether_auth_listener_class_init (TetherAuthListenerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = tether_auth_listener_dispose;
  G_OBJECT_CLASS (klass)->finalize = tether_auth_listener_finalize;
}

static void
tether_auth_listener_init (TetherAuthListener *self)
{
}

/**
 * tether_auth_listener_new:
 * @port: the port to listen on, 0 for a random one
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): a listener on 127.0.0.1
 */
TetherAuthListener *
tether_auth_listener_new (guint    port,
                          GError **error)
{
  g_autoptr(TetherAuthListener) self = g_object_new (TETHER_TYPE_AUTH_LISTENER, NULL);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new_from_string ("127.0.0.1", port);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GSocket) socket = NULL;

  self->server = soup_server_new ("server-header", "Tether", NULL);
  soup_server_add_handler (self->server, NULL, on_callback, self, NULL);

  /* The socket is ours, and so is its address: libsoup 3.2's
   * soup_server_get_uris() leaves the listener's address unreferenced,
   * a leak at every sign-in. */
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, error);
  if (socket == NULL || !g_socket_bind (socket, address, TRUE, error) || !g_socket_listen (socket, error))
    return NULL;
  bound = g_socket_get_local_address (socket, error);
  if (bound == NULL || !soup_server_listen_socket (self->server, socket, 0, error))
    return NULL;
  self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  self->redirect_uri = g_strdup_printf ("http://127.0.0.1:%u/callback", self->port);

  return g_steal_pointer (&self);
}

const char *
tether_auth_listener_get_redirect_uri (TetherAuthListener *self)
{
  return self->redirect_uri;
}

guint
tether_auth_listener_get_port (TetherAuthListener *self)
{
  return self->port;
}

static gboolean
on_timeout (gpointer data)
{
  TetherAuthListener *self = data;

  self->timeout_id = 0;
  complete (self, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TIMED_OUT,
                               _("The browser did not come back from signing in within %u s"),
                               (guint)(GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), "timeout")))));
  return G_SOURCE_REMOVE;
}

static void
on_cancelled (GCancellable *cancellable,
              gpointer      data)
{
  TetherAuthListener *self = data;

  complete (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Signing in was cancelled")));
}

static gboolean
complete_cancelled_idle (gpointer data)
{
  on_cancelled (NULL, data);
  return G_SOURCE_REMOVE;
}

/**
 * tether_auth_listener_wait_async:
 * @self: a listener
 * @timeout_s: how long the browser has
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the callback's query
 * @user_data: for @callback
 *
 * Waits for the browser to come back (once).
 */
void
tether_auth_listener_wait_async (TetherAuthListener  *self,
                                 guint                timeout_s,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (self->wait == NULL);

  self->wait = g_task_new (self, cancellable, callback, user_data);
  if (self->answer != NULL)
    {
      complete (self, NULL);
      return;
    }
  g_object_set_data (G_OBJECT (self), "timeout", GUINT_TO_POINTER (timeout_s));
  self->timeout_id = g_timeout_add_seconds (timeout_s, on_timeout, self);
  if (cancellable != NULL)
    {
      /* connect runs the handler at once when already cancelled, which
       * must not complete the task inside this call */
      if (g_cancellable_is_cancelled (cancellable))
        g_idle_add_full (G_PRIORITY_DEFAULT, complete_cancelled_idle, g_object_ref (self), g_object_unref);
      else
        self->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), self, NULL);
    }
}

/**
 * tether_auth_listener_wait_finish:
 * @self: a listener
 * @result: the result
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the callback's query parameters
 */
GHashTable *
tether_auth_listener_wait_finish (TetherAuthListener  *self,
                                  GAsyncResult        *result,
                                  GError             **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_auth_listener_close:
 * @self: a listener
 *
 * Stops listening; a wait still running fails.
 */
void
tether_auth_listener_close (TetherAuthListener *self)
{
  if (self->wait != NULL)
    complete (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Signing in was cancelled")));
  if (self->server != NULL)
    {
      soup_server_disconnect (self->server);
      g_clear_object (&self->server);
    }
}
