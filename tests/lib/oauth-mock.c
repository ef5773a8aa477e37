/* oauth-mock.c — a remote MCP server that wants an OAuth sign-in, with its
 * authorization server, on 127.0.0.1; and a browser stand-in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "oauth-mock.h"

static void
reply_json (SoupServerMessage *msg,
            guint              status,
            JsonBuilder       *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = json_to_string (root, FALSE);

  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, text, strlen (text));
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
add_strings (JsonBuilder *builder,
             const char  *name,
             ...)
{
  va_list args;
  const char *value;

  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  va_start (args, name);
  while ((value = va_arg (args, const char *)) != NULL)
    json_builder_add_string_value (builder, value);
  va_end (args);
  json_builder_end_array (builder);
}

/* A metadata request answered with metadata_status, if set (counted) */
static gboolean
metadata_refused (OAuthMock         *self,
                  SoupServerMessage *msg)
{
  if (self->metadata_status == 0)
    return FALSE;
  self->n_metadata_refused++;
  soup_server_message_set_status (msg, self->metadata_status, NULL);
  return TRUE;
}

/* RFC 9728, at the root and at the path of /mcp */
static void
handle_resource_metadata (SoupServer        *server,
                          SoupServerMessage *msg,
                          const char        *path,
                          GHashTable        *query,
                          gpointer           user_data)
{
  OAuthMock *self = user_data;
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (metadata_refused (self, msg))
    return;
  json_builder_begin_object (builder);
  add_string (builder, "resource", self->server->url);
  add_strings (builder, "authorization_servers",
               self->authorization_server != NULL ? self->authorization_server : self->server->base_url, NULL);
  json_builder_end_object (builder);
  reply_json (msg, SOUP_STATUS_OK, builder);
}

/* RFC 8414 */
static void
handle_server_metadata (SoupServer        *server,
                        SoupServerMessage *msg,
                        const char        *path,
                        GHashTable        *query,
                        gpointer           user_data)
{
  OAuthMock *self = user_data;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const char *base = self->server->base_url;
  g_autofree char *authorize = g_strconcat (base, "/authorize", NULL);
  g_autofree char *token = g_strconcat (base, "/token", NULL);
  g_autofree char *reg = g_strconcat (base, "/register", NULL);

  if (metadata_refused (self, msg))
    return;
  json_builder_begin_object (builder);
  add_string (builder, "issuer", base);
  add_string (builder, "authorization_endpoint", authorize);
  add_string (builder, "token_endpoint", token);
  /* with a client registered beforehand, no other */
  if (self->client_id == NULL)
    add_string (builder, "registration_endpoint", reg);
  add_strings (builder, "response_types_supported", "code", NULL);
  add_strings (builder, "grant_types_supported", "authorization_code", "refresh_token", "client_credentials", NULL);
  add_strings (builder, "code_challenge_methods_supported", "S256", NULL);
  if (self->client_id != NULL)
    add_strings (builder, "token_endpoint_auth_methods_supported", "client_secret_basic", "client_secret_post", NULL);
  else
    add_strings (builder, "token_endpoint_auth_methods_supported", "none", NULL);
  json_builder_end_object (builder);
  reply_json (msg, SOUP_STATUS_OK, builder);
}

static void
handle_register (SoupServer        *server,
                 SoupServerMessage *msg,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           user_data)
{
  OAuthMock *self = user_data;
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  self->n_registered++;
  json_builder_begin_object (builder);
  add_string (builder, "client_id", "tether-test-client");
  add_string (builder, "token_endpoint_auth_method", "none");
  json_builder_end_object (builder);
  reply_json (msg, SOUP_STATUS_CREATED, builder);
}

/* Approves at once, as a user who clicks "Allow" would */
static void
handle_authorize (SoupServer        *server,
                  SoupServerMessage *msg,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  OAuthMock *self = user_data;
  const char *redirect = query != NULL ? g_hash_table_lookup (query, "redirect_uri") : NULL;
  const char *state = query != NULL ? g_hash_table_lookup (query, "state") : NULL;
  const char *challenge = query != NULL ? g_hash_table_lookup (query, "code_challenge") : NULL;
  g_autofree char *location = NULL;
  g_autofree char *escaped_state = NULL;

  if (redirect == NULL || state == NULL || challenge == NULL ||
      (self->client_id != NULL && g_strcmp0 (g_hash_table_lookup (query, "client_id"), self->client_id) != 0) ||
      g_strcmp0 (g_hash_table_lookup (query, "code_challenge_method"), "S256") != 0 ||
      g_strcmp0 (g_hash_table_lookup (query, "resource"), self->resource != NULL ? self->resource : self->server->url) != 0)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_BAD_REQUEST, NULL);
      return;
    }

  self->n_authorized++;
  g_free (self->last_scope);
  self->last_scope = g_strdup (g_hash_table_lookup (query, "scope"));
  g_free (self->code);
  self->code = g_strdup_printf ("code-%u", self->n_authorized);
  g_free (self->code_challenge);
  self->code_challenge = g_strdup (challenge);
  g_free (self->redirect_uri);
  self->redirect_uri = g_strdup (redirect);
  escaped_state = g_uri_escape_string (state, NULL, FALSE);
  location = g_strdup_printf ("%s?code=%s&state=%s", redirect, self->code, escaped_state);
  soup_server_message_set_redirect (msg, SOUP_STATUS_FOUND, location);
}

static char *
s256 (const char *verifier)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  char *text;

  g_checksum_update (checksum, (const guchar *)verifier, -1);
  g_checksum_get_digest (checksum, digest, &length);
  text = g_base64_encode (digest, length);
  for (char *p = text; *p != '\0'; p++)
    if (*p == '+')
      *p = '-';
    else if (*p == '/')
      *p = '_';
  *strchrnul (text, '=') = '\0';
  return text;
}

/* The pre-registered client's authentication: HTTP Basic (each part
 * form-encoded) or client_id and client_secret in the form */
static gboolean
client_authenticated (OAuthMock         *self,
                      SoupServerMessage *msg,
                      GHashTable        *form)
{
  const char *basic = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Authorization");

  if (self->client_id == NULL)
    return TRUE;
  if (basic != NULL && g_str_has_prefix (basic, "Basic "))
    {
      gsize length = 0;
      g_autofree guchar *decoded = g_base64_decode (basic + 6, &length);
      g_autofree char *pair = g_strndup ((const char *)decoded, length);
      g_autofree char *id = g_uri_escape_string (self->client_id, NULL, FALSE);
      g_autofree char *secret = g_uri_escape_string (self->client_secret, NULL, FALSE);
      g_autofree char *expected = g_strconcat (id, ":", secret, NULL);

      return g_str_equal (pair, expected);
    }
  return g_strcmp0 (g_hash_table_lookup (form, "client_id"), self->client_id) == 0 &&
         g_strcmp0 (g_hash_table_lookup (form, "client_secret"), self->client_secret) == 0;
}

static void
handle_token (SoupServer        *server,
              SoupServerMessage *msg,
              const char        *path,
              GHashTable        *query,
              gpointer           user_data)
{
  OAuthMock *self = user_data;
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autoptr(GHashTable) form = soup_form_decode (text);
  const char *grant = g_hash_table_lookup (form, "grant_type");
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (!client_authenticated (self, msg, form))
    {
      json_builder_begin_object (builder);
      add_string (builder, "error", "invalid_client");
      json_builder_end_object (builder);
      reply_json (msg, SOUP_STATUS_UNAUTHORIZED, builder);
      return;
    }

  if (g_strcmp0 (grant, "client_credentials") == 0 && self->client_id != NULL)
    {
      self->n_client_credentials++;
      g_free (self->last_scope);
      self->last_scope = g_strdup (g_hash_table_lookup (form, "scope"));
    }
  else if (g_strcmp0 (grant, "authorization_code") == 0)
    {
      const char *verifier = g_hash_table_lookup (form, "code_verifier");
      g_autofree char *challenge = verifier != NULL ? s256 (verifier) : NULL;

      if (self->code == NULL || g_strcmp0 (g_hash_table_lookup (form, "code"), self->code) != 0 ||
          g_strcmp0 (challenge, self->code_challenge) != 0 ||
          g_strcmp0 (g_hash_table_lookup (form, "redirect_uri"), self->redirect_uri) != 0)
        {
          json_builder_begin_object (builder);
          add_string (builder, "error", "invalid_grant");
          json_builder_end_object (builder);
          reply_json (msg, SOUP_STATUS_BAD_REQUEST, builder);
          return;
        }
      g_clear_pointer (&self->code, g_free);
      self->n_tokens++;
    }
  else if (g_strcmp0 (grant, "refresh_token") == 0 && self->refuse_refresh)
    {
      self->n_refresh_refused++;
      json_builder_begin_object (builder);
      add_string (builder, "error", "invalid_grant");
      json_builder_end_object (builder);
      reply_json (msg, SOUP_STATUS_BAD_REQUEST, builder);
      return;
    }
  else if (g_strcmp0 (grant, "refresh_token") == 0 &&
           g_strcmp0 (g_hash_table_lookup (form, "refresh_token"), self->refresh_token) == 0)
    {
      self->n_refreshed++;
      if (self->rotate_on_refresh)
        {
          oauth_mock_revoke_access (self);
          g_free (self->refresh_token);
          self->refresh_token = g_strdup_printf ("oauth-refresh-%08x%08x", g_random_int (), g_random_int ());
        }
    }
  else
    {
      json_builder_begin_object (builder);
      add_string (builder, "error", "invalid_grant");
      json_builder_end_object (builder);
      reply_json (msg, SOUP_STATUS_BAD_REQUEST, builder);
      return;
    }

  json_builder_begin_object (builder);
  add_string (builder, "access_token", self->access_token);
  add_string (builder, "token_type", "Bearer");
  if (!self->no_refresh_token)
    add_string (builder, "refresh_token", self->refresh_token);
  json_builder_set_member_name (builder, "expires_in");
  json_builder_add_int_value (builder, self->expires_in != 0 ? self->expires_in : 3600);
  json_builder_end_object (builder);
  reply_json (msg, SOUP_STATUS_OK, builder);
}

/* Each connection closes after its answer: none is left half-open in the
 * server when a client went away (a test counts its descriptors). */
static void
request_read_cb (SoupServer        *server,
                 SoupServerMessage *msg,
                 gpointer           user_data)
{
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
}

OAuthMock *
oauth_mock_new (void)
{
  OAuthMock *self = g_new0 (OAuthMock, 1);
  SoupServer *server;

  self->server = fake_http_server_new ();
  self->access_token = g_strdup_printf ("oauth-access-%08x%08x", g_random_int (), g_random_int ());
  self->refresh_token = g_strdup_printf ("oauth-refresh-%08x%08x", g_random_int (), g_random_int ());
  self->server->required_header = g_strdup_printf ("Authorization: Bearer %s", self->access_token);
  self->browser = soup_session_new ();

  server = self->server->server;
  g_signal_connect (server, "request-read", G_CALLBACK (request_read_cb), NULL);
  soup_server_add_handler (server, "/.well-known/oauth-protected-resource", handle_resource_metadata, self, NULL);
  soup_server_add_handler (server, "/.well-known/oauth-authorization-server", handle_server_metadata, self, NULL);
  soup_server_add_handler (server, "/register", handle_register, self, NULL);
  soup_server_add_handler (server, "/authorize", handle_authorize, self, NULL);
  soup_server_add_handler (server, "/token", handle_token, self, NULL);
  return self;
}

void
oauth_mock_free (OAuthMock *self)
{
  if (self == NULL)
    return;
  soup_session_abort (self->browser);
  g_clear_object (&self->browser);
  fake_http_server_free (self->server);
  g_free (self->access_token);
  g_free (self->refresh_token);
  g_free (self->code);
  g_free (self->code_challenge);
  g_free (self->redirect_uri);
  g_free (self->authorization_server);
  g_free (self->resource);
  g_free (self->client_id);
  g_free (self->client_secret);
  g_free (self->last_scope);
  g_free (self);
}

/**
 * oauth_mock_revoke_access:
 * @self: an #OAuthMock
 *
 * Ends the access token issued so far, as its expiry would: /mcp answers
 * 401 to it, and /token issues a new one.
 */
void
oauth_mock_revoke_access (OAuthMock *self)
{
  g_free (self->access_token);
  self->access_token = g_strdup_printf ("oauth-access-%08x%08x", g_random_int (), g_random_int ());
  g_free (self->server->required_header);
  self->server->required_header = g_strdup_printf ("Authorization: Bearer %s", self->access_token);
}

/**
 * oauth_mock_refuse_tokens:
 * @self: an #OAuthMock
 *
 * /mcp answers 401 to every token, those issued so far and those /token
 * issues from now on (which still go on issuing them), as a server that
 * revoked the client's access would.
 */
void
oauth_mock_refuse_tokens (OAuthMock *self)
{
  g_free (self->server->required_header);
  self->server->required_header = g_strdup ("Authorization: Bearer never-issued");
}

static void
on_browsed (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GBytes) bytes = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
}

/**
 * oauth_mock_open_browser:
 * @uri: an authorization URL
 * @user_data: the #OAuthMock
 * @error: unused
 *
 * The browser stand-in, as a TetherAuthOpenUri: fetches @uri and follows
 * its redirects (to Tether's loopback listener), as a user who approves.
 *
 * Returns: %TRUE
 */
gboolean
oauth_mock_open_browser (const char  *uri,
                         gpointer     user_data,
                         GError     **error)
{
  OAuthMock *self = user_data;
  g_autoptr(SoupMessage) msg = soup_message_new (SOUP_METHOD_GET, uri);

  g_assert_nonnull (msg);
  self->n_browsed++;
  soup_session_send_and_read_async (self->browser, msg, G_PRIORITY_DEFAULT, NULL, on_browsed, NULL);
  return TRUE;
}
