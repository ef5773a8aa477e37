/* tether-request-router.c — the one place that answers servers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every question a server asks its client (roots, elicitation, sampling)
 * comes here. The answerers are asked in the order they were added, then
 * the last one (the user's, see tether_request_router_set_last()); the
 * first that takes the question answers it. When none does, the question
 * gets the answer of a client that cannot help (no roots, a declined
 * elicitation, a refused sampling): never silence.
 */

#define G_LOG_DOMAIN "tether-request-router"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-request-router.h"

struct _TetherRequestRouter
{
  GObject    parent_instance;

  GPtrArray      *answerers;  /* weak: an answerer removes itself */
  TetherAnswerer *last;       /* asked after all of them */
};

G_DEFINE_FINAL_TYPE (TetherRequestRouter, tether_request_router, G_TYPE_OBJECT)

static void
tether_request_router_finalize (GObject *object)
{
  TetherRequestRouter *self = (TetherRequestRouter *)object;

  g_clear_pointer (&self->answerers, g_ptr_array_unref);
  g_clear_object (&self->last);

  G_OBJECT_CLASS (tether_request_router_parent_class)->finalize (object);
}

static void
tether_request_router_class_init (TetherRequestRouterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_request_router_finalize;
}

static void
tether_request_router_init (TetherRequestRouter *self)
{
  self->answerers = g_ptr_array_new ();
}

TetherRequestRouter *
tether_request_router_new (void)
{
  return g_object_new (TETHER_TYPE_REQUEST_ROUTER, NULL);
}

/**
 * tether_request_router_add:
 * @self: a #TetherRequestRouter
 * @answerer: asked after those added before; it must be removed with
 *   tether_request_router_remove() before it goes
 */
void
tether_request_router_add (TetherRequestRouter *self,
                           TetherAnswerer      *answerer)
{
  g_return_if_fail (TETHER_IS_REQUEST_ROUTER (self));
  g_return_if_fail (TETHER_IS_ANSWERER (answerer));

  g_ptr_array_add (self->answerers, answerer);
}

void
tether_request_router_remove (TetherRequestRouter *self,
                              TetherAnswerer      *answerer)
{
  g_return_if_fail (TETHER_IS_REQUEST_ROUTER (self));

  g_ptr_array_remove (self->answerers, answerer);
}

/**
 * tether_request_router_set_last:
 * @self: a #TetherRequestRouter
 * @answerer: (nullable): asked after every answerer added with
 *   tether_request_router_add(), whenever they were added; the router
 *   keeps a reference
 *
 * The user's answerer goes last, so that a hub client is asked first what
 * a server asks during that client's call.
 */
void
tether_request_router_set_last (TetherRequestRouter *self,
                                TetherAnswerer      *answerer)
{
  g_return_if_fail (TETHER_IS_REQUEST_ROUTER (self));
  g_return_if_fail (answerer == NULL || TETHER_IS_ANSWERER (answerer));

  g_set_object (&self->last, answerer);
}

/**
 * tether_request_router_dup_capabilities:
 * @self: a #TetherRequestRouter
 *
 * What Tether declares to servers: everything it can route. A question
 * no answerer takes still gets the protocol's answer for a client that
 * cannot help, so these are safe to declare.
 *
 * Returns: (transfer full): the `capabilities` object for `initialize`
 */
JsonObject *
tether_request_router_dup_capabilities (TetherRequestRouter *self)
{
  JsonObject *capabilities = json_object_new ();
  JsonObject *roots = json_object_new ();
  JsonObject *elicitation = json_object_new ();

  g_return_val_if_fail (TETHER_IS_REQUEST_ROUTER (self), capabilities);

  /* Roots change when the user edits them: the server is told. */
  json_object_set_boolean_member (roots, "listChanged", TRUE);
  json_object_set_object_member (capabilities, "roots", roots);
  json_object_set_object_member (capabilities, "sampling", json_object_new ());
  /* Both modes: a form, or a URL opened only if the user agrees. */
  json_object_set_object_member (elicitation, "form", json_object_new ());
  json_object_set_object_member (elicitation, "url", json_object_new ());
  json_object_set_object_member (capabilities, "elicitation", elicitation);

  return capabilities;
}

/**
 * tether_request_router_route:
 * @self: a #TetherRequestRouter
 * @request: what a server asks
 *
 * Hands @request to the first answerer that takes it, else answers it as a
 * client that cannot help.
 */
void
tether_request_router_route (TetherRequestRouter *self,
                             TetherServerQuestion *request)
{
  g_autoptr(GPtrArray) answerers = NULL;

  g_return_if_fail (TETHER_IS_REQUEST_ROUTER (self));
  g_return_if_fail (TETHER_IS_SERVER_QUESTION (request));

  /* An answerer may add or remove others while it looks. */
  answerers = g_ptr_array_copy (self->answerers, NULL, NULL);
  for (guint i = 0; i < answerers->len; i++)
    {
      TetherAnswerer *answerer = g_ptr_array_index (answerers, i);

      if (g_ptr_array_find (self->answerers, answerer, NULL) &&
          tether_answerer_take (answerer, request))
        return;
    }

  if (self->last != NULL)
    {
      g_autoptr(TetherAnswerer) last = g_object_ref (self->last);

      if (tether_answerer_take (last, request))
        return;
    }

  g_debug ("%s: nobody takes %s; answering as a client that cannot help",
           tether_server_question_get_server_name (request),
           tether_server_question_get_method (request));
  tether_server_question_reply_default (request, _("no connected client can answer it"));
}
