/* tether-user-answerer.c — the user's answers to what servers ask
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The answerer of a front end, added to the router after the hub: it takes
 * what the user must answer. `roots/list` gets the folders the user gave
 * the server (none unless given); `elicitation/create` and
 * `sampling/createMessage` are read (TetherElicitation,
 * TetherSamplingRequest) and handed to the front end's TetherAsker, which
 * asks the person. When it cannot ask, the question is declined or
 * refused: never accepted on the user's behalf.
 */

#define G_LOG_DOMAIN "tether-user-answerer"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "tether-user-answerer.h"

struct _TetherUserAnswerer
{
  GObject      parent_instance;

  TetherAsker *asker;   /* weak: the front end outlives its answerer */
  GHashTable  *roots;   /* server name ("" for every server) → GStrv of paths */
};

static void answerer_iface_init (TetherAnswererInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherUserAnswerer, tether_user_answerer, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ANSWERER, answerer_iface_init))

static void
tether_user_answerer_finalize (GObject *object)
{
  TetherUserAnswerer *self = (TetherUserAnswerer *)object;

  g_clear_pointer (&self->roots, g_hash_table_unref);

  G_OBJECT_CLASS (tether_user_answerer_parent_class)->finalize (object);
}

static void
tether_user_answerer_class_init (TetherUserAnswererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_user_answerer_finalize;
}

static void
tether_user_answerer_init (TetherUserAnswerer *self)
{
  self->roots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_strfreev);
}

/**
 * tether_user_answerer_new:
 * @asker: (nullable): who asks the user; it must outlive the answerer.
 *   Without one, elicitations are declined and sampling refused.
 *
 * Returns: (transfer full): the answerer, to add to a #TetherRequestRouter
 */
TetherUserAnswerer *
tether_user_answerer_new (TetherAsker *asker)
{
  TetherUserAnswerer *self;

  g_return_val_if_fail (asker == NULL || TETHER_IS_ASKER (asker), NULL);

  self = g_object_new (TETHER_TYPE_USER_ANSWERER, NULL);
  self->asker = asker;

  return self;
}

/**
 * tether_user_answerer_set_asker:
 * @self: a #TetherUserAnswerer
 * @asker: (nullable): who asks the user from now on (it must outlive the
 *   answerer, or be replaced first); %NULL to decline and refuse
 *
 * The window gives its asker to the answerer the manager made.
 */
void
tether_user_answerer_set_asker (TetherUserAnswerer *self,
                                TetherAsker        *asker)
{
  g_return_if_fail (TETHER_IS_USER_ANSWERER (self));
  g_return_if_fail (asker == NULL || TETHER_IS_ASKER (asker));

  self->asker = asker;
}

/**
 * tether_user_answerer_set_roots:
 * @self: a #TetherUserAnswerer
 * @server_name: (nullable): the server, or %NULL for folders every server
 *   gets
 * @folders: (nullable): absolute paths of folders; %NULL or empty for none
 *
 * The folders `roots/list` answers for @server_name. Tell the server they
 * changed with tether_server_roots_changed().
 *
 * Returns: whether the folders of @server_name changed
 */
gboolean
tether_user_answerer_set_roots (TetherUserAnswerer *self,
                                const char         *server_name,
                                const char * const *folders)
{
  const char *key = server_name != NULL ? server_name : "";
  const char * const *before;

  g_return_val_if_fail (TETHER_IS_USER_ANSWERER (self), FALSE);

  if (folders == NULL || folders[0] == NULL)
    return g_hash_table_remove (self->roots, key);

  before = g_hash_table_lookup (self->roots, key);
  if (before != NULL && g_strv_equal (before, folders))
    return FALSE;

  g_hash_table_replace (self->roots, g_strdup (key), g_strdupv ((char **)folders));

  return TRUE;
}

static void
add_roots (JsonArray          *array,
           GHashTable         *seen,
           const char * const *folders)
{
  for (guint i = 0; folders != NULL && folders[i] != NULL; i++)
    {
      g_autofree char *uri = NULL;
      JsonObject *root;

      uri = g_filename_to_uri (folders[i], NULL, NULL);
      if (uri == NULL || !g_hash_table_add (seen, g_strdup (uri)))
        continue;

      root = json_object_new ();
      json_object_set_string_member (root, "uri", uri);
      if (g_utf8_validate (folders[i], -1, NULL))
        {
          g_autofree char *name = g_path_get_basename (folders[i]);

          json_object_set_string_member (root, "name", name);
        }
      json_array_add_object_element (array, root);
    }
}

/**
 * tether_user_answerer_dup_roots:
 * @self: a #TetherUserAnswerer
 * @server_name: a server
 *
 * Returns: (transfer full): the result of `roots/list` for @server_name:
 *   `{"roots": [{"uri": "file:///…", "name": "…"}…]}`
 */
JsonNode *
tether_user_answerer_dup_roots (TetherUserAnswerer *self,
                                const char         *server_name)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonObject *result = json_object_new ();
  JsonArray *array = json_array_new ();
  JsonNode *node;

  if (server_name != NULL)
    add_roots (array, seen, g_hash_table_lookup (self->roots, server_name));
  add_roots (array, seen, g_hash_table_lookup (self->roots, ""));

  json_object_set_array_member (result, "roots", array);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, result);

  return node;
}

static gboolean
tether_user_answerer_take (TetherAnswerer       *answerer,
                           TetherServerQuestion *question)
{
  TetherUserAnswerer *self = TETHER_USER_ANSWERER (answerer);
  const char *method = tether_server_question_get_method (question);
  g_autoptr(GError) error = NULL;

  if (g_str_equal (method, "roots/list"))
    {
      g_autoptr(JsonNode) roots = tether_user_answerer_dup_roots (self, tether_server_question_get_server_name (question));

      tether_server_question_reply (question, roots);
      return TRUE;
    }

  /* Nobody to ask (the window has not given its asker yet): the answer of
   * a client that cannot help, whatever the question holds. */
  if (self->asker == NULL &&
      (g_str_equal (method, "elicitation/create") || g_str_equal (method, "sampling/createMessage")))
    {
      tether_server_question_reply_default (question, _("nobody can answer it here"));
      return TRUE;
    }

  if (g_str_equal (method, "elicitation/create"))
    {
      g_autoptr(TetherElicitation) elicitation = tether_elicitation_new (question, &error);

      if (elicitation == NULL)
        tether_server_question_reply_error (question, MCP_RPC_INVALID_PARAMS, error->message);
      else if (!tether_asker_elicit (self->asker, elicitation))
        tether_elicitation_decline (elicitation);
      return TRUE;
    }

  if (g_str_equal (method, "sampling/createMessage"))
    {
      g_autoptr(TetherSamplingRequest) request = tether_sampling_request_new (question, &error);

      if (request == NULL)
        tether_server_question_reply_error (question, MCP_RPC_INVALID_PARAMS, error->message);
      else if (!tether_asker_sample (self->asker, request))
        tether_sampling_request_decline (request, _("nobody can answer it here"));
      return TRUE;
    }

  return FALSE;
}

static void
answerer_iface_init (TetherAnswererInterface *iface)
{
  iface->take = tether_user_answerer_take;
}
