/* tether-server-config-oauth.c — a remote server's own OAuth client: the
 * `oauth` object of its entry, read, checked and written back
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The object is kept as it was read (its order and the keys Tether does
 * not know); the known keys are read and set in it.
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mcp-json.h"

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-server-config-oauth.h"
#include "tether-server-config-private.h"

#define SCOPES_KEY "scopes"
/* How a value refers to a secret in the keyring: `${secret:NAME}` */
#define SECRET_REF_START "${secret:"

static const char * const field_keys[TETHER_SERVER_OAUTH_N_FIELDS] = {
  [TETHER_SERVER_OAUTH_CLIENT_ID] = "clientId",
  [TETHER_SERVER_OAUTH_CLIENT_SECRET] = "clientSecret",
  [TETHER_SERVER_OAUTH_CLIENT_METADATA_URL] = "clientMetadataUrl",
  [TETHER_SERVER_OAUTH_GRANT_TYPE] = "grantType",
  [TETHER_SERVER_OAUTH_PRIVATE_KEY] = "privateKey",
  [TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM] = "privateKeyAlgorithm",
};

/* What tether-auth-jwt.c signs with */
static const char * const key_algorithms[] = { "ES256", "ES384", "ES512", "RS256" };

const char *
tether_server_config_oauth_field_key (TetherServerOAuthField field)
{
  g_return_val_if_fail (field < TETHER_SERVER_OAUTH_N_FIELDS, NULL);

  return field_keys[field];
}

gboolean
tether_server_config_oauth_field_is_secret (TetherServerOAuthField field)
{
  return field == TETHER_SERVER_OAUTH_CLIENT_SECRET || field == TETHER_SERVER_OAUTH_PRIVATE_KEY;
}

static gboolean
node_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static GError *
wrong_type (const char *server,
            const char *key,
            const char *expected,
            JsonNode   *found)
{
  g_autofree char *path = tether_json_pointer_append ("/" TETHER_SERVER_CONFIG_OAUTH_KEY, key);

  /* Translators: server “github”: “oauth.scopes” must be an array of strings, found a string */
  return tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, path,
                                  _("server “%s”: “oauth.%s” must be %s, found %s"),
                                  server, key, expected, tether_json_type_name (found));
}

/**
 * _tether_server_config_read_oauth:
 * @self: the configuration being read
 * @entry: its entry
 * @error: where to put a wrong type, naming the server and the key
 *
 * Takes the entry's `oauth` object, if any, checking the types of the
 * keys it knows.
 *
 * Returns: whether its types are right
 */
gboolean
_tether_server_config_read_oauth (TetherServerConfig  *self,
                                  JsonObject          *entry,
                                  GError             **error)
{
  JsonNode *node = json_object_get_member (entry, TETHER_SERVER_CONFIG_OAUTH_KEY);
  g_autoptr(JsonNode) copy = NULL;
  JsonObject *object;
  JsonNode *scopes;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_propagate_error (error,
                         tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_TYPE, "/" TETHER_SERVER_CONFIG_OAUTH_KEY,
                                                  _("server “%s”: “%s” must be %s, found %s"),
                                                  self->name, TETHER_SERVER_CONFIG_OAUTH_KEY, _("an object"),
                                                  tether_json_type_name (node)));
      return FALSE;
    }

  object = json_node_get_object (node);
  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    {
      JsonNode *value = json_object_get_member (object, field_keys[i]);

      if (value != NULL && !node_is_string (value))
        {
          g_propagate_error (error, wrong_type (self->name, field_keys[i], _("a string"), value));
          return FALSE;
        }
    }

  scopes = json_object_get_member (object, SCOPES_KEY);
  if (scopes != NULL)
    {
      gboolean strings = JSON_NODE_HOLDS_ARRAY (scopes);

      for (guint i = 0; strings && i < json_array_get_length (json_node_get_array (scopes)); i++)
        strings = node_is_string (json_array_get_element (json_node_get_array (scopes), i));
      if (!strings)
        {
          g_propagate_error (error, wrong_type (self->name, SCOPES_KEY, _("an array of strings"), scopes));
          return FALSE;
        }
    }

  copy = mcp_json_deep_copy (node);
  g_clear_pointer (&self->oauth, json_object_unref);
  self->oauth = json_object_ref (json_node_get_object (copy));
  return TRUE;
}

/**
 * _tether_server_config_oauth_node:
 * @self: a configuration
 * @masked: whether its secrets (and every string Tether does not know in
 *   it) are replaced by %TETHER_SERVER_CONFIG_MASK
 *
 * Returns: (transfer full) (nullable): the `oauth` object to write, or
 *   %NULL when there is none
 */
JsonNode *
_tether_server_config_oauth_node (TetherServerConfig *self,
                                  gboolean            masked)
{
  g_autoptr(JsonNode) original = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (self->oauth == NULL)
    return NULL;

  original = json_node_init_object (json_node_alloc (), self->oauth);
  node = mcp_json_deep_copy (original);
  if (!masked)
    return g_steal_pointer (&node);

  /* shown: the client id, the scopes, the grant, the URL, the algorithm */
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      gboolean shown = g_str_equal (l->data, SCOPES_KEY);

      for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
        if (g_str_equal (l->data, field_keys[i]) && !tether_server_config_oauth_field_is_secret (i))
          shown = TRUE;
      if (!shown)
        json_object_set_string_member (object, l->data, TETHER_SERVER_CONFIG_MASK);
    }
  return g_steal_pointer (&node);
}

/**
 * tether_server_config_has_oauth:
 * @self: a configuration
 *
 * Returns: whether the entry has an `oauth` object
 */
gboolean
tether_server_config_has_oauth (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  return self->oauth != NULL;
}

/**
 * tether_server_config_get_oauth:
 * @self: a configuration
 * @field: which
 *
 * Returns: (nullable): the value of @field in the `oauth` object, as
 *   written (a secret may be a `${secret:NAME}` reference, or the secret)
 */
const char *
tether_server_config_get_oauth (TetherServerConfig     *self,
                                TetherServerOAuthField  field)
{
  JsonNode *node;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (field < TETHER_SERVER_OAUTH_N_FIELDS, NULL);

  if (self->oauth == NULL)
    return NULL;
  node = json_object_get_member (self->oauth, field_keys[field]);
  return node_is_string (node) ? json_node_get_string (node) : NULL;
}

static void
ensure_oauth (TetherServerConfig *self)
{
  if (self->oauth == NULL)
    self->oauth = json_object_new ();
}

/* An object with nothing in it is no object: nothing is written. */
static void
drop_if_empty (TetherServerConfig *self)
{
  if (self->oauth != NULL && json_object_get_size (self->oauth) == 0)
    g_clear_pointer (&self->oauth, json_object_unref);
}

/**
 * tether_server_config_set_oauth:
 * @self: a configuration
 * @field: which
 * @value: (nullable): its new value; %NULL removes it
 */
void
tether_server_config_set_oauth (TetherServerConfig     *self,
                                TetherServerOAuthField  field,
                                const char             *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (field < TETHER_SERVER_OAUTH_N_FIELDS);

  if (value == NULL)
    {
      if (self->oauth != NULL && json_object_has_member (self->oauth, field_keys[field]))
        json_object_remove_member (self->oauth, field_keys[field]);
      drop_if_empty (self);
      return;
    }
  ensure_oauth (self);
  /* in its place if it was there */
  json_object_set_string_member (self->oauth, field_keys[field], value);
}

/**
 * tether_server_config_dup_oauth_scopes:
 * @self: a configuration
 *
 * Returns: (transfer full) (nullable): the scopes to ask for, or %NULL
 *   when none are configured
 */
char **
tether_server_config_dup_oauth_scopes (TetherServerConfig *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonNode *node;
  JsonArray *array;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  node = self->oauth != NULL ? json_object_get_member (self->oauth, SCOPES_KEY) : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  builder = g_strv_builder_new ();
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (node_is_string (json_array_get_element (array, i)))
      g_strv_builder_add (builder, json_array_get_string_element (array, i));
  return g_strv_builder_end (builder);
}

/**
 * tether_server_config_set_oauth_scopes:
 * @self: a configuration
 * @scopes: (nullable): the scopes to ask for; %NULL removes them
 */
void
tether_server_config_set_oauth_scopes (TetherServerConfig *self,
                                       const char * const *scopes)
{
  JsonArray *array;

  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (scopes == NULL)
    {
      if (self->oauth != NULL && json_object_has_member (self->oauth, SCOPES_KEY))
        json_object_remove_member (self->oauth, SCOPES_KEY);
      drop_if_empty (self);
      return;
    }
  ensure_oauth (self);
  array = json_array_new ();
  for (guint i = 0; scopes[i] != NULL; i++)
    json_array_add_string_element (array, scopes[i]);
  json_object_set_array_member (self->oauth, SCOPES_KEY, array);
}

/**
 * tether_server_config_get_client_credentials:
 * @self: a configuration
 *
 * Returns: whether the server is signed in to machine to machine (the
 *   client credentials grant): no user, no browser
 */
gboolean
tether_server_config_get_client_credentials (TetherServerConfig *self)
{
  return g_strcmp0 (tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_GRANT_TYPE),
                    TETHER_SERVER_OAUTH_CLIENT_CREDENTIALS) == 0;
}

static gboolean
is_secret_ref (const char *value)
{
  return g_str_has_prefix (value, SECRET_REF_START) && g_str_has_suffix (value, "}");
}

/**
 * tether_server_config_dup_oauth_warning:
 * @self: a configuration
 *
 * A client secret or private key written in the file itself is accepted,
 * as a header value is, but the keyring is the place for it.
 *
 * Returns: (transfer full) (nullable): the warning (naming the key, never
 *   the value), or %NULL
 */
char *
tether_server_config_dup_oauth_warning (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    {
      const char *value = tether_server_config_get_oauth (self, i);

      if (tether_server_config_oauth_field_is_secret (i) && value != NULL && !is_secret_ref (value))
        /* Translators: “oauth.clientSecret” holds the secret itself… */
        return g_strdup_printf (_("“oauth.%s” holds the secret itself: store it in the keyring "
                                  "(tether-cli secret set NAME) and write “${secret:NAME}” instead"),
                                field_keys[i]);
    }
  return NULL;
}

static GError *
invalid (TetherServerConfig *self,
         const char         *key,
         const char         *message)
{
  g_autofree char *path = tether_json_pointer_append ("/" TETHER_SERVER_CONFIG_OAUTH_KEY, key);

  /* Translators: server “github”: “oauth.grantType”: must be … */
  return tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                  _("server “%s”: “oauth.%s”: %s"), self->name, key, message);
}

/**
 * _tether_server_config_check_oauth:
 * @self: a configuration
 * @error: where to put what is wrong, naming the server and the key
 *
 * Returns: whether the `oauth` object, if any, can be used
 */
gboolean
_tether_server_config_check_oauth (TetherServerConfig  *self,
                                   GError             **error)
{
  const char *client_id = tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_CLIENT_ID);
  const char *grant = tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_GRANT_TYPE);
  const char *metadata = tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_CLIENT_METADATA_URL);
  const char *key = tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_PRIVATE_KEY);
  const char *algorithm = tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM);
  g_auto(GStrv) scopes = tether_server_config_dup_oauth_scopes (self);

  if (self->oauth == NULL)
    return TRUE;

  if (!tether_server_kind_is_remote (self->kind))
    {
      g_propagate_error (error,
                         tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/" TETHER_SERVER_CONFIG_OAUTH_KEY,
                                                  _("server “%s”: “oauth” is for a server reached over HTTP, "
                                                    "not one started from a command"),
                                                  self->name));
      return FALSE;
    }

  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    {
      const char *value = tether_server_config_get_oauth (self, i);

      if (value != NULL && *value == '\0')
        {
          g_propagate_error (error, invalid (self, field_keys[i], _("must not be empty")));
          return FALSE;
        }
    }

  if (grant != NULL && g_strcmp0 (grant, TETHER_SERVER_OAUTH_AUTHORIZATION_CODE) != 0 &&
      g_strcmp0 (grant, TETHER_SERVER_OAUTH_CLIENT_CREDENTIALS) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("must be “%s” or “%s”, found “%s”"),
                                                  TETHER_SERVER_OAUTH_AUTHORIZATION_CODE,
                                                  TETHER_SERVER_OAUTH_CLIENT_CREDENTIALS, grant);

      g_propagate_error (error, invalid (self, field_keys[TETHER_SERVER_OAUTH_GRANT_TYPE], message));
      return FALSE;
    }

  if (metadata != NULL && !g_str_has_prefix (metadata, "https://"))
    {
      g_propagate_error (error, invalid (self, field_keys[TETHER_SERVER_OAUTH_CLIENT_METADATA_URL],
                                         _("must be an https URL")));
      return FALSE;
    }

  for (guint i = TETHER_SERVER_OAUTH_CLIENT_SECRET; i <= TETHER_SERVER_OAUTH_PRIVATE_KEY; i++)
    {
      if (tether_server_config_oauth_field_is_secret (i) && tether_server_config_get_oauth (self, i) != NULL &&
          client_id == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("goes with “oauth.%s”, which is missing"),
                                                      field_keys[TETHER_SERVER_OAUTH_CLIENT_ID]);

          g_propagate_error (error, invalid (self, field_keys[i], message));
          return FALSE;
        }
    }

  if (tether_server_config_get_client_credentials (self) &&
      (client_id == NULL ||
       (tether_server_config_get_oauth (self, TETHER_SERVER_OAUTH_CLIENT_SECRET) == NULL && key == NULL)))
    {
      g_propagate_error (error, invalid (self, field_keys[TETHER_SERVER_OAUTH_GRANT_TYPE],
                                         _("client_credentials needs “clientId”, and “clientSecret” or “privateKey”")));
      return FALSE;
    }

  if (algorithm != NULL)
    {
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (key_algorithms); i++)
        known = known || g_str_equal (algorithm, key_algorithms[i]);
      if (!known)
        {
          g_autofree char *message = g_strdup_printf (_("must be ES256, ES384, ES512 or RS256, found “%s”"),
                                                      algorithm);

          g_propagate_error (error, invalid (self, field_keys[TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM], message));
          return FALSE;
        }
      if (key == NULL)
        {
          g_propagate_error (error, invalid (self, field_keys[TETHER_SERVER_OAUTH_PRIVATE_KEY_ALGORITHM],
                                             _("is set, but “privateKey” is not")));
          return FALSE;
        }
    }

  for (guint i = 0; scopes != NULL && scopes[i] != NULL; i++)
    {
      /* RFC 6749 §3.3: printable ASCII but space, `"` and `\` */
      gboolean valid = scopes[i][0] != '\0';

      for (const char *p = scopes[i]; valid && *p != '\0'; p++)
        valid = *p > 0x20 && *p < 0x7f && *p != '"' && *p != '\\';
      if (!valid)
        {
          g_autofree char *message = g_strdup_printf (_("“%s” is not a scope (one word of printable ASCII)"),
                                                      scopes[i]);

          g_propagate_error (error, invalid (self, SCOPES_KEY, message));
          return FALSE;
        }
    }

  return TRUE;
}
