/* tether-profile.c — a named selection of servers and tools
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The top-level `profiles` key of servers.json names selections an AI
 * client can connect to instead of everything (the hub's /mcp/NAME,
 * `tether-cli connect --profile NAME`):
 *
 *   "profiles": {
 *     "coding": {
 *       "servers": ["github", "filesystem"],
 *       "tools": { "github": ["create_issue", "search_code"] }
 *     }
 *   }
 *
 *  - NAME: 1 to 64 of [A-Za-z0-9_-] (it is a path segment of a URL);
 *  - `servers`: the servers it offers, by name; absent: every server;
 *  - `tools`: for a server, the only tools it offers, by the server's names
 *    for them; a server not named here offers all its tools.
 * A server must also be enabled and a tool not in its `disabledTools`. Keys
 * Tether does not know are ignored (and kept in the file, like every
 * top-level key).
 */

#define G_LOG_DOMAIN "tether-profile"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-config-error.h"
#include "tether-profile.h"

struct _TetherProfile
{
  GObject     parent_instance;

  char       *name;
  char      **servers;   /* NULL: every server */
  GHashTable *tools;     /* server → GStrv of its only tools */
};

G_DEFINE_FINAL_TYPE (TetherProfile, tether_profile, G_TYPE_OBJECT)

static void
tether_profile_finalize (GObject *object)
{
  TetherProfile *self = (TetherProfile *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->servers, g_strfreev);
  g_clear_pointer (&self->tools, g_hash_table_unref);

  G_OBJECT_CLASS (tether_profile_parent_class)->finalize (object);
}

static void
tether_profile_class_init (TetherProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_profile_finalize;
}

static void
tether_profile_init (TetherProfile *self)
{
  self->tools = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_strfreev);
}

/**
 * tether_profile_name_is_valid:
 * @name: a profile's name
 *
 * Returns: whether @name is 1 to 64 of [A-Za-z0-9_-]
 */
gboolean
tether_profile_name_is_valid (const char *name)
{
  gsize length = name != NULL ? strlen (name) : 0;

  if (length == 0 || length > 64)
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
      return FALSE;

  return TRUE;
}

static char **
read_names (const char  *profile,
            const char  *what,
            JsonNode    *node,
            GError     **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                   _("profile “%s”: “%s” must be an array of names"), profile, what);
      return NULL;
    }

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                       _("profile “%s”: “%s” must be an array of names, found something else at position %u"),
                       profile, what, i + 1);
          return NULL;
        }
      g_strv_builder_add (builder, json_node_get_string (element));
    }

  return g_strv_builder_end (builder);
}

/**
 * tether_profile_new_from_json:
 * @name: the profile's name
 * @node: its object
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the profile, or %NULL with an error
 *   naming it and what is wrong
 */
TetherProfile *
tether_profile_new_from_json (const char  *name,
                              JsonNode    *node,
                              GError     **error)
{
  g_autoptr(TetherProfile) self = NULL;
  JsonObject *object;
  JsonNode *member;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (node != NULL, NULL);

  if (!tether_profile_name_is_valid (name))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("profile “%s”: a name is 1 to 64 letters, digits, “_” or “-”"), name);
      return NULL;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                   _("profile “%s” must be an object"), name);
      return NULL;
    }

  self = g_object_new (TETHER_TYPE_PROFILE, NULL);
  self->name = g_strdup (name);
  object = json_node_get_object (node);

  if ((member = json_object_get_member (object, "servers")) != NULL &&
      (self->servers = read_names (name, "servers", member, error)) == NULL)
    return NULL;

  if ((member = json_object_get_member (object, "tools")) != NULL)
    {
      g_autoptr(GList) servers = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (member))
        {
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                       _("profile “%s”: “tools” must be an object of tool names, by server"), name);
          return NULL;
        }

      servers = json_object_get_members (json_node_get_object (member));
      for (GList *l = servers; l != NULL; l = l->next)
        {
          g_autofree char *what = g_strdup_printf ("tools.%s", (const char *)l->data);
          char **tools = read_names (name, what,
                                     json_object_get_member (json_node_get_object (member), l->data),
                                     error);

          if (tools == NULL)
            return NULL;
          g_hash_table_replace (self->tools, g_strdup (l->data), tools);
        }
    }

  return g_steal_pointer (&self);
}

/**
 * tether_profile_list_from_json:
 * @profiles: (nullable): the `profiles` member of servers.json
 * @error: where to put an error
 *
 * Returns: (transfer full) (element-type TetherProfile) (nullable): every
 *   profile, or %NULL with an error for the first one that is wrong
 */
GPtrArray *
tether_profile_list_from_json (JsonNode  *profiles,
                               GError   **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GList) names = NULL;

  if (profiles == NULL)
    return g_steal_pointer (&list);

  if (!JSON_NODE_HOLDS_OBJECT (profiles))
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_TYPE,
                   "%s", _("“profiles” must be an object of profiles, by name"));
      return NULL;
    }

  names = json_object_get_members (json_node_get_object (profiles));
  for (GList *l = names; l != NULL; l = l->next)
    {
      TetherProfile *profile = tether_profile_new_from_json (l->data,
                                                             json_object_get_member (json_node_get_object (profiles), l->data),
                                                             error);

      if (profile == NULL)
        return NULL;
      g_ptr_array_add (list, profile);
    }

  return g_steal_pointer (&list);
}

const char *
tether_profile_get_name (TetherProfile *self)
{
  g_return_val_if_fail (TETHER_IS_PROFILE (self), NULL);

  return self->name;
}

/**
 * tether_profile_has_server:
 * @self: (nullable): a profile; %NULL is everything
 * @server: a server's name
 *
 * Returns: whether the profile offers @server
 */
gboolean
tether_profile_has_server (TetherProfile *self,
                           const char    *server)
{
  if (self == NULL || self->servers == NULL)
    return TRUE;

  return g_strv_contains ((const char * const *)self->servers, server);
}

/**
 * tether_profile_has_tool:
 * @self: (nullable): a profile; %NULL is everything
 * @server: a server's name
 * @tool: one of its tools, by its name
 *
 * Returns: whether the profile offers @tool of @server
 */
gboolean
tether_profile_has_tool (TetherProfile *self,
                         const char    *server,
                         const char    *tool)
{
  char **tools;

  if (!tether_profile_has_server (self, server))
    return FALSE;
  if (self == NULL || (tools = g_hash_table_lookup (self->tools, server)) == NULL)
    return TRUE;

  return g_strv_contains ((const char * const *)tools, tool);
}
