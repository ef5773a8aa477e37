/* tether-auth-client-auth.c — how Tether proves itself as the client at
 * the token endpoint: a secret (client_secret_basic, client_secret_post),
 * an assertion signed with its key (private_key_jwt), or its id alone
 * (none), as the authorization server advertises
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include <string.h>

#include "tether-auth-http.h"
#include "tether-auth-jwt.h"
#include "tether-auth-session-private.h"

#define ASSERTION_TYPE "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

static gboolean
offers (JsonObject *as,
        const char *method)
{
  return tether_auth_json_has_string (as, "token_endpoint_auth_methods_supported", method);
}

/* The method: the one the registration says, if the server takes it; else
 * a key, then a secret, as the server takes them; else none. */
static const char *
choose_method (TetherAuthSession *self,
               JsonObject        *as)
{
  Registration *reg = self->registration;
  gboolean listed = as != NULL && json_object_has_member (as, "token_endpoint_auth_methods_supported");
  /* the key is the configured client's, for no other client id */
  gboolean keyed = self->client_key != NULL && g_strcmp0 (reg->client_id, self->client_id) == 0;
  const char *method = reg->auth_method;

  if (method != NULL && listed && !offers (as, method))
    method = NULL;
  if (method == NULL && keyed && (!listed || offers (as, "private_key_jwt")))
    method = "private_key_jwt";
  if (method == NULL && reg->client_secret != NULL)
    {
      if (!listed || offers (as, "client_secret_basic"))
        method = "client_secret_basic";
      else if (offers (as, "client_secret_post"))
        method = "client_secret_post";
    }
  if ((g_strcmp0 (method, "private_key_jwt") == 0 && !keyed) ||
      (g_str_has_prefix (method != NULL ? method : "", "client_secret_") && reg->client_secret == NULL))
    method = NULL;
  return method != NULL ? method : "none";
}

/**
 * _tether_auth_client_authenticate:
 * @self: the session, with its registration
 * @as: (nullable): the authorization server's metadata
 * @issuer: its issuer identifier, the audience of an assertion
 * @msg: the token request
 * @fields: its form, to add to (the values are not copied: @assertion
 *   and the registration's must outlive it)
 * @assertion: (out) (transfer full): the assertion made, if any; a secret
 * @error: where to put why not
 *
 * Returns: whether the client's authentication was added
 */
gboolean
_tether_auth_client_authenticate (TetherAuthSession  *self,
                                  JsonObject         *as,
                                  const char         *issuer,
                                  SoupMessage        *msg,
                                  GHashTable         *fields,
                                  char              **assertion,
                                  GError            **error)
{
  Registration *reg = self->registration;
  const char *method = choose_method (self, as);

  *assertion = NULL;
  if (g_strcmp0 (method, "client_secret_basic") == 0)
    {
      /* RFC 6749 §2.3.1: each form-encoded, then joined by ":" */
      g_autofree char *id = g_uri_escape_string (reg->client_id, NULL, FALSE);
      g_autofree char *secret = g_uri_escape_string (reg->client_secret, NULL, FALSE);
      g_autofree char *pair = g_strconcat (id, ":", secret, NULL);
      g_autofree char *b64 = g_base64_encode ((const guchar *)pair, strlen (pair));
      g_autofree char *value = g_strconcat ("Basic ", b64, NULL);

      soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", value);
      memset (pair, 0, strlen (pair));
      return TRUE;
    }

  /* a workload may sign in with its token alone */
  if (reg->client_id != NULL)
    g_hash_table_insert (fields, "client_id", reg->client_id);
  if (g_strcmp0 (method, "client_secret_post") == 0)
    g_hash_table_insert (fields, "client_secret", reg->client_secret);
  else if (g_strcmp0 (method, "private_key_jwt") == 0)
    {
      *assertion = tether_auth_jwt_client_assertion (self->client_key, reg->client_id, issuer,
                                                     g_get_real_time () / G_USEC_PER_SEC, error);
      if (*assertion == NULL)
        return FALSE;
      g_hash_table_insert (fields, "client_assertion_type", ASSERTION_TYPE);
      g_hash_table_insert (fields, "client_assertion", *assertion);
    }
  return TRUE;
}
