/* tether-auth-tokens.c — what a token endpoint granted, and when it ends
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A token response (RFC 6749 §5.1) gives an access token, perhaps a
 * refresh token, a lifetime in seconds and the scope granted. A refresh
 * that does not rotate the refresh token keeps the old one. Tokens are
 * stored as a small JSON document in the keyring, never in a file.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-auth-error.h"
#include "tether-auth-tokens.h"

void
tether_auth_tokens_free (TetherAuthTokens *tokens)
{
  if (tokens == NULL)
    return;
  if (tokens->access_token != NULL)
    memset (tokens->access_token, 0, strlen (tokens->access_token));
  if (tokens->refresh_token != NULL)
    memset (tokens->refresh_token, 0, strlen (tokens->refresh_token));
  g_free (tokens->access_token);
  g_free (tokens->refresh_token);
  g_free (tokens->scope);
  g_free (tokens->issuer);
  g_free (tokens);
}

static const char *
get_string (JsonObject *object,
            const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* expires_in: a number of seconds, perhaps sent as a string; -1 if none. */
static gint64
get_lifetime (JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "expires_in");
  gint64 seconds = -1;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return -1;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      seconds = json_node_get_int (node);
      break;
    case G_TYPE_DOUBLE:
      {
        double d = json_node_get_double (node);

        if (d >= 0 && d < (double)TETHER_AUTH_MAX_LIFETIME_S)
          seconds = (gint64)d;
        else if (d >= (double)TETHER_AUTH_MAX_LIFETIME_S)
          seconds = TETHER_AUTH_MAX_LIFETIME_S;
      }
      break;
    case G_TYPE_STRING:
      {
        guint64 n;

        if (g_ascii_string_to_unsigned (json_node_get_string (node), 10, 0, G_MAXINT64, &n, NULL))
          seconds = (gint64)MIN (n, (guint64)TETHER_AUTH_MAX_LIFETIME_S);
      }
      break;
    default:
      break;
    }

  if (seconds < 0)
    return -1;
  return MIN (seconds, TETHER_AUTH_MAX_LIFETIME_S);
}

/**
 * tether_auth_tokens_new_from_response:
 * @response: the token endpoint's JSON object
 * @issuer: the issuer of the authorization server that sent it
 * @previous: (nullable): the tokens a refresh replaces
 * @now: the time, in Unix seconds
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the tokens, or %NULL if @response
 *   holds no Bearer access token
 */
TetherAuthTokens *
tether_auth_tokens_new_from_response (JsonObject              *response,
                                      const char              *issuer,
                                      const TetherAuthTokens  *previous,
                                      gint64                   now,
                                      GError                 **error)
{
  g_autoptr(TetherAuthTokens) tokens = g_new0 (TetherAuthTokens, 1);
  const char *access = get_string (response, "access_token");
  const char *type = get_string (response, "token_type");
  const char *refresh = get_string (response, "refresh_token");
  const char *scope = get_string (response, "scope");
  gint64 lifetime = get_lifetime (response);

  if (access == NULL || *access == '\0')
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN,
                           _("the token response has no access_token"));
      return NULL;
    }
  if (type != NULL && g_ascii_strcasecmp (type, "bearer") != 0)
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN,
                   _("the token response has token_type “%s”, not Bearer"), type);
      return NULL;
    }
  for (const char *p = access; *p != '\0'; p++)
    if ((guchar)*p < 0x21 || (guchar)*p > 0x7e)
      {
        g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN,
                             _("the access token has characters a header cannot carry"));
        return NULL;
      }

  tokens->access_token = g_strdup (access);
  if (refresh != NULL && *refresh != '\0')
    tokens->refresh_token = g_strdup (refresh);
  else if (previous != NULL)
    tokens->refresh_token = g_strdup (previous->refresh_token);
  if (scope != NULL)
    tokens->scope = g_strdup (scope);
  else if (previous != NULL)
    tokens->scope = g_strdup (previous->scope);
  tokens->issuer = g_strdup (issuer);
  tokens->issued_at = now;
  tokens->expires_at = lifetime >= 0 ? now + lifetime : 0;

  return g_steal_pointer (&tokens);
}

/**
 * tether_auth_tokens_new_from_stored:
 * @json: what tether_auth_tokens_to_stored() gave
 * @error: where to put an error
 *
 * Returns: (transfer full) (nullable): the tokens
 */
TetherAuthTokens *
tether_auth_tokens_new_from_stored (const char  *json,
                                    GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(TetherAuthTokens) tokens = g_new0 (TetherAuthTokens, 1);
  JsonObject *object;

  if (!json_parser_load_from_data (parser, json, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                           _("the stored sign-in is not readable"));
      return NULL;
    }
  object = json_node_get_object (json_parser_get_root (parser));
  if (get_string (object, "access_token") == NULL)
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                           _("the stored sign-in has no access token"));
      return NULL;
    }
  tokens->access_token = g_strdup (get_string (object, "access_token"));
  tokens->refresh_token = g_strdup (get_string (object, "refresh_token"));
  tokens->scope = g_strdup (get_string (object, "scope"));
  tokens->issuer = g_strdup (get_string (object, "issuer"));
  tokens->issued_at = json_object_get_int_member_with_default (object, "issued_at", 0);
  tokens->expires_at = json_object_get_int_member_with_default (object, "expires_at", 0);

  return g_steal_pointer (&tokens);
}

/**
 * tether_auth_tokens_to_stored:
 * @tokens: tokens
 *
 * Returns: (transfer full): @tokens as JSON, for the keyring
 */
char *
tether_auth_tokens_to_stored (const TetherAuthTokens *tokens)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "access_token");
  json_builder_add_string_value (builder, tokens->access_token);
  if (tokens->refresh_token != NULL)
    {
      json_builder_set_member_name (builder, "refresh_token");
      json_builder_add_string_value (builder, tokens->refresh_token);
    }
  if (tokens->scope != NULL)
    {
      json_builder_set_member_name (builder, "scope");
      json_builder_add_string_value (builder, tokens->scope);
    }
  if (tokens->issuer != NULL)
    {
      json_builder_set_member_name (builder, "issuer");
      json_builder_add_string_value (builder, tokens->issuer);
    }
  json_builder_set_member_name (builder, "issued_at");
  json_builder_add_int_value (builder, tokens->issued_at);
  json_builder_set_member_name (builder, "expires_at");
  json_builder_add_int_value (builder, tokens->expires_at);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

/**
 * tether_auth_tokens_refresh_at:
 * @tokens: tokens
 *
 * The time to refresh: a minute before the end, or half way through a
 * lifetime shorter than two minutes.
 *
 * Returns: Unix seconds, or 0 if the tokens never end (as far as we know)
 */
gint64
tether_auth_tokens_refresh_at (const TetherAuthTokens *tokens)
{
  gint64 lifetime;
  gint64 margin;

  if (tokens->expires_at <= 0)
    return 0;

  lifetime = tokens->expires_at - tokens->issued_at;
  margin = MIN (TETHER_AUTH_REFRESH_MARGIN_S, MAX (lifetime, 0) / 2);
  return tokens->expires_at - margin;
}

/**
 * tether_auth_tokens_expired:
 * @tokens: tokens
 * @now: the time, in Unix seconds
 *
 * Returns: whether the time to refresh @tokens has come
 */
gboolean
tether_auth_tokens_expired (const TetherAuthTokens *tokens,
                            gint64                  now)
{
  gint64 at = tether_auth_tokens_refresh_at (tokens);

  return at != 0 && now >= at;
}

/**
 * tether_auth_scope_has:
 * @scope: (nullable): space-separated scopes
 * @name: one scope
 *
 * Returns: whether @scope holds @name
 */
gboolean
tether_auth_scope_has (const char *scope,
                       const char *name)
{
  g_auto(GStrv) names = NULL;

  if (scope == NULL)
    return FALSE;
  names = g_strsplit (scope, " ", -1);
  return g_strv_contains ((const char * const *)names, name);
}

/**
 * tether_auth_scope_union:
 * @a: (nullable): space-separated scopes
 * @b: (nullable): more
 *
 * Returns: (transfer full) (nullable): the scopes of @a then those of @b
 *   that @a lacks, each once; %NULL if there are none
 */
char *
tether_auth_scope_union (const char *a,
                         const char *b)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *sources[] = { a, b };

  for (guint s = 0; s < G_N_ELEMENTS (sources); s++)
    {
      g_auto(GStrv) parts = sources[s] != NULL ? g_strsplit (sources[s], " ", -1) : NULL;

      for (guint i = 0; parts != NULL && parts[i] != NULL; i++)
        {
          gboolean seen = FALSE;

          if (*parts[i] == '\0')
            continue;
          for (guint j = 0; j < names->len && !seen; j++)
            seen = strcmp (g_ptr_array_index (names, j), parts[i]) == 0;
          if (!seen)
            g_ptr_array_add (names, g_strdup (parts[i]));
        }
    }

  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}
