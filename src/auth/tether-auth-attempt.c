/* tether-auth-attempt.c — one attempt at a sign-in: discovery, then a
 * refresh, client credentials or the browser; and the refresh a little
 * before the tokens end, which is such an attempt
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The MCP authorization specification (2025-11-25, with the 2026-07-28
 * changes), as a token provider for the HTTP transport. On a 401:
 *
 *  1. the protected resource metadata: where the challenge's
 *     resource_metadata points, else the well-known paths; its `resource`
 *     must be this server (or above it on the same origin), and is sent on
 *     verbatim; no metadata at all means a 2025-03-26 server, whose origin
 *     is its authorization server;
 *  2. the authorization server's metadata in the order of
 *     tether-auth-urls.c; a document whose `issuer` is not exactly the one
 *     expected is discarded; no PKCE S256 means no authorization;
 *  3. a refresh, if a refresh token of that same issuer is at hand;
 *  4. else, with a browser to open: a client id (pre-registered, a Client
 *     ID Metadata Document, or Dynamic Client Registration), the
 *     authorization code flow with PKCE S256, `state`, `resource` and the
 *     loopback redirect, the RFC 9207 `iss` checked as an exact string,
 *     and the token request; without one, "sign-in required".
 *
 * A 403 with error="insufficient_scope" asks for the union of the scopes
 * held and the challenge's, a bounded number of times. A new
 * authorization server (named by the metadata) gets a registration of its
 * own: nothing of the old one is sent to it. Tokens are refreshed a little
 * before they end, and go to the keyring, never to a file. The token
 * provider's side (a 401 or 403 from the transport) is in
 * tether-auth-session-provider.c.
 */

#define G_LOG_DOMAIN "tether-auth"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-url.h"
#include "tether-auth-challenge.h"
#include "tether-auth-enterprise.h"
#include "tether-auth-error.h"
#include "tether-auth-http.h"
#include "tether-auth-listener.h"
#include "tether-auth-migration.h"
#include "tether-auth-pkce.h"
#include "tether-auth-session.h"
#include "tether-auth-session-private.h"
#include "tether-auth-token-file.h"
#include "tether-auth-urls.h"

#define PROTOCOL_VERSION "2025-11-25"


void
_tether_auth_registration_free (Registration *reg)
{
  if (reg == NULL)
    return;
  g_free (reg->issuer);
  g_free (reg->client_id);
  g_free (reg->client_secret);
  g_free (reg->auth_method);
  g_free (reg->redirect_uri);
  g_free (reg);
}



/* ---------------------------------------------------------------------- */
/* One attempt: discovery, then a refresh or a sign-in                    */

typedef struct
{
  TetherAuthSession  *self;
  guint               status;
  char               *challenge_scope;
  char               *resource_metadata;
  gboolean            interactive;   /* may open the browser */
  gboolean            step_up;

  GStrv               prm_urls;
  guint               prm_index;
  char               *resource;
  char               *issuer;
  gboolean            legacy;        /* 2025-03-26: no resource metadata */
  gboolean            unanswered;    /* a metadata request got no answer
                                      * about its document (transport
                                      * error, timeout, 5xx) */
  JsonObject         *prm;
  GStrv               as_urls;
  guint               as_index;
  JsonObject         *as;
  char               *authorize_url;
  char               *token_url;
  char               *register_url;

  TetherAuthListener *listener;
  char               *scope;
  char               *verifier;
  char               *state;
  gboolean            tried_refresh;
} Attempt;

static void
attempt_free (Attempt *a)
{
  if (a->listener != NULL)
    tether_auth_listener_close (a->listener);
  g_clear_object (&a->listener);
  g_free (a->challenge_scope);
  g_free (a->resource_metadata);
  g_strfreev (a->prm_urls);
  g_free (a->resource);
  g_free (a->issuer);
  g_clear_pointer (&a->prm, json_object_unref);
  g_strfreev (a->as_urls);
  g_clear_pointer (&a->as, json_object_unref);
  g_free (a->authorize_url);
  g_free (a->token_url);
  g_free (a->register_url);
  g_free (a->scope);
  g_free (a->verifier);
  g_free (a->state);
  g_free (a);
}

static Attempt *
attempt_of (GTask *task)
{
  return g_task_get_task_data (task);
}

static void fetch_prm (GTask *task);
static void fetch_as (GTask *task);
static void after_discovery (GTask *task);
static void after_registration (GTask *task);
static void on_registration_loaded (GObject      *source,
                                    GAsyncResult *result,
                                    gpointer      user_data);
static void start_sign_in (GTask *task);
static void request_token (GTask      *task,
                           GHashTable *fields);

const char *
_tether_auth_session_shown_name (TetherAuthSession *self)
{
  return self->server_name != NULL ? self->server_name : self->server_url;
}

static void
fail (GTask  *task,
      GError *error)
{
  g_task_return_error (task, error);
  g_object_unref (task);
}

/* Whether @reply, to a metadata request that found no usable document,
 * says the document is not there: any answer but a transport error, a
 * timeout, 429 Too Many Requests or a 5xx (the server could not say),
 * which another try may well find. */
static gboolean
reply_says_absent (const TetherAuthReply *reply)
{
  return reply != NULL && reply->status < 500 && reply->status != SOUP_STATUS_REQUEST_TIMEOUT &&
         reply->status != 429;
}

static SoupMessage *
new_get (const char *url)
{
  SoupMessage *msg = soup_message_new (SOUP_METHOD_GET, url);

  if (msg != NULL)
    {
      SoupMessageHeaders *headers = soup_message_get_request_headers (msg);

      soup_message_headers_replace (headers, "Accept", "application/json");
      soup_message_headers_replace (headers, "MCP-Protocol-Version", PROTOCOL_VERSION);
    }
  return msg;
}

typedef void (*AttemptStep) (GTask *task);

typedef struct
{
  GTask       *task;
  AttemptStep  then;
} KeepSecret;

static void
on_secret_kept (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  KeepSecret *keep = user_data;
  Attempt *a = attempt_of (keep->task);
  g_autoptr(GError) error = NULL;

  if (!tether_secret_store_store_finish (TETHER_SECRET_STORE (source), result, &error))
    g_warning ("Server “%s”: could not keep the sign-in in the keyring: %s", a->self->server_name, error->message);
  keep->then (keep->task);
  g_free (keep);
}

/* Keeps @value in the keyring (without blocking), then goes on with @then;
 * a keyring that says no is logged, and the sign-in goes on. */
static void
keep_secret (GTask       *task,
             const char  *name,
             const char  *value,
             AttemptStep  then)
{
  TetherAuthSession *self = attempt_of (task)->self;
  KeepSecret *keep;

  if (self->store == NULL || self->server_name == NULL)
    {
      then (task);
      return;
    }
  keep = g_new0 (KeepSecret, 1);
  keep->task = task;
  keep->then = then;
  tether_secret_store_store_async (self->store, TETHER_SECRET_KIND_OAUTH, self->server_name, name, value,
                                   NULL, on_secret_kept, keep);
}

static char *
registration_key (const char *issuer)
{
  return g_strconcat ("client ", issuer, NULL);
}

static void
save_registration (GTask       *task,
                   AttemptStep  then)
{
  TetherAuthSession *self = attempt_of (task)->self;
  Registration *reg = self->registration;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autofree char *key = registration_key (reg->issuer);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "client_id");
  json_builder_add_string_value (builder, reg->client_id);
  if (reg->client_secret != NULL)
    {
      json_builder_set_member_name (builder, "client_secret");
      json_builder_add_string_value (builder, reg->client_secret);
    }
  if (reg->auth_method != NULL)
    {
      json_builder_set_member_name (builder, "token_endpoint_auth_method");
      json_builder_add_string_value (builder, reg->auth_method);
    }
  if (reg->redirect_uri != NULL)
    {
      json_builder_set_member_name (builder, "redirect_uri");
      json_builder_add_string_value (builder, reg->redirect_uri);
    }
  json_builder_set_member_name (builder, "refresh");
  json_builder_add_boolean_value (builder, reg->refresh);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = json_to_string (root, FALSE);
  keep_secret (task, key, text, then);
  memset (text, 0, strlen (text));
}

static Registration *
parse_registration (const char *issuer,
                    const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(Registration) reg = NULL;
  JsonObject *object;

  if (text == NULL || !json_parser_load_from_data (parser, text, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));
  if (tether_auth_json_string (object, "client_id") == NULL)
    return NULL;
  reg = g_new0 (Registration, 1);
  reg->issuer = g_strdup (issuer);
  reg->client_id = g_strdup (tether_auth_json_string (object, "client_id"));
  reg->client_secret = g_strdup (tether_auth_json_string (object, "client_secret"));
  reg->auth_method = g_strdup (tether_auth_json_string (object, "token_endpoint_auth_method"));
  reg->redirect_uri = g_strdup (tether_auth_json_string (object, "redirect_uri"));
  reg->refresh = json_object_get_boolean_member_with_default (object, "refresh", FALSE);
  return g_steal_pointer (&reg);
}


static void
succeed (GTask *task)
{
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Holds @tokens, and keeps them in the keyring before the attempt
 * succeeds: a program that ends then has them kept. */
static void
set_tokens (GTask            *task,
            TetherAuthTokens *tokens)
{
  TetherAuthSession *self = attempt_of (task)->self;
  g_autofree char *stored = tether_auth_tokens_to_stored (tokens);

  g_clear_pointer (&self->tokens, tether_auth_tokens_free);
  self->tokens = tokens;
  self->loaded = TRUE;
  self->step_ups = 0;
  _tether_auth_session_schedule_refresh (self);
  keep_secret (task, "tokens", stored, succeed);
  memset (stored, 0, strlen (stored));
}

/* Step 1: the protected resource metadata */

static void
on_prm (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  g_autoptr(TetherAuthReply) reply = tether_auth_http_send_finish (result, NULL);
  JsonNode *servers;

  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return;
    }

  if (reply != NULL && reply->status == SOUP_STATUS_OK && reply->object != NULL &&
      (servers = json_object_get_member (reply->object, "authorization_servers")) != NULL &&
      JSON_NODE_HOLDS_ARRAY (servers) && json_array_get_length (json_node_get_array (servers)) > 0)
    {
      JsonNode *first = json_array_get_element (json_node_get_array (servers), 0);
      const char *resource = tether_auth_json_string (reply->object, "resource");

      if (!JSON_NODE_HOLDS_VALUE (first) || json_node_get_value_type (first) != G_TYPE_STRING)
        {
          fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                                   _("The resource metadata of “%s” names no authorization server"),
                                   _tether_auth_session_shown_name (a->self)));
          return;
        }
      if (resource != NULL && !tether_auth_resource_matches (resource, a->self->server_url))
        {
          g_autofree char *shown = mcp_url_mask (resource);

          fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                                   _("The resource metadata of “%s” is for another resource (%s): not signing in"),
                                   _tether_auth_session_shown_name (a->self), shown));
          return;
        }
      a->prm = json_object_ref (reply->object);
      a->resource = g_strdup (resource != NULL ? resource : a->self->server_url);
      a->issuer = g_strdup (json_node_get_string (first));
      a->as_urls = tether_auth_server_metadata_urls (a->issuer);
      fetch_as (task);
      return;
    }

  if (!reply_says_absent (reply))
    a->unanswered = TRUE;
  a->prm_index++;
  fetch_prm (task);
}

static void
fetch_prm (GTask *task)
{
  Attempt *a = attempt_of (task);
  g_autoptr(SoupMessage) msg = NULL;

  if (a->prm_urls[a->prm_index] == NULL)
    {
      /* No resource metadata: a server of the 2025-03-26 revision, whose
       * origin is its authorization server. */
      a->legacy = TRUE;
      a->resource = g_strdup (a->self->server_url);
      a->issuer = tether_auth_url_origin (a->self->server_url);
      a->as_urls = g_new0 (char *, 2);
      a->as_urls[0] = g_strconcat (a->issuer, "/.well-known/oauth-authorization-server", NULL);
      fetch_as (task);
      return;
    }

  msg = new_get (a->prm_urls[a->prm_index]);
  if (msg == NULL)
    {
      a->prm_index++;
      fetch_prm (task);
      return;
    }
  tether_auth_http_send_async (a->self->http, msg, g_task_get_cancellable (task), on_prm, task);
}

/* Step 2: the authorization server's metadata */

static void
on_as (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  g_autoptr(TetherAuthReply) reply = tether_auth_http_send_finish (result, NULL);

  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return;
    }

  if (reply != NULL && reply->status == SOUP_STATUS_OK && reply->object != NULL)
    {
      const char *issuer = tether_auth_json_string (reply->object, "issuer");

      /* The issuer exactly as expected, never normalised: a trailing "/"
       * is another issuer. A 2025-03-26 server's is whatever it says. */
      if (a->legacy && issuer != NULL)
        {
          g_free (a->issuer);
          a->issuer = g_strdup (issuer);
        }
      if (a->legacy || g_strcmp0 (issuer, a->issuer) == 0)
        {
          a->as = json_object_ref (reply->object);
          after_discovery (task);
          return;
        }
      g_message ("Server “%s”: authorization server metadata at %s names issuer “%s”, not “%s”: ignored",
                 _tether_auth_session_shown_name (a->self), a->as_urls[a->as_index], issuer != NULL ? issuer : "", a->issuer);
    }

  else if (!reply_says_absent (reply))
    a->unanswered = TRUE;

  a->as_index++;
  fetch_as (task);
}

static void
fetch_as (GTask *task)
{
  Attempt *a = attempt_of (task);
  g_autoptr(SoupMessage) msg = NULL;

  if (a->as_urls[a->as_index] == NULL)
    {
      /* no metadata: the 2025-03-26 default endpoints */
      if (a->legacy)
        {
          after_discovery (task);
          return;
        }
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                               _("No usable metadata for the authorization server %s of “%s”"),
                               a->issuer, _tether_auth_session_shown_name (a->self)));
      return;
    }

  msg = new_get (a->as_urls[a->as_index]);
  if (msg == NULL)
    {
      a->as_index++;
      fetch_as (task);
      return;
    }
  tether_auth_http_send_async (a->self->http, msg, g_task_get_cancellable (task), on_as, task);
}

static char *
endpoint (Attempt    *a,
          const char *member,
          const char *legacy_name)
{
  const char *url = tether_auth_json_string (a->as, member);

  if (url != NULL)
    return g_strdup (url);
  if (a->legacy && a->as == NULL && legacy_name != NULL)
    return tether_auth_legacy_endpoint (a->self->server_url, legacy_name);
  return NULL;
}

/* Step 3: the token endpoint, for every grant */

static void
on_token (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthReply) reply = tether_auth_http_send_finish (result, &error);
  TetherAuthTokens *tokens;
  const char *grant = g_object_get_data (G_OBJECT (task), "grant");

  if (reply == NULL || g_task_return_error_if_cancelled (task))
    {
      if (reply == NULL)
        g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  if (reply->status != SOUP_STATUS_OK || reply->object == NULL)
    {
      const char *code = tether_auth_json_string (reply->object, "error");

      /* A refresh token that no longer works: get tokens again the way
       * this server is configured to, keeping the registration (a server
       * with client credentials asks for them again: it has no user to
       * sign in). The tokens are gone, so no refresh is tried again. */
      if (g_strcmp0 (grant, "refresh_token") == 0)
        {
          g_message ("Server “%s”: the refresh was refused (HTTP %u %s)", _tether_auth_session_shown_name (self), reply->status,
                     code != NULL ? code : "");
          g_clear_pointer (&self->tokens, tether_auth_tokens_free);
          after_registration (task);
          return;
        }
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN,
                               _("The authorization server of “%s” refused the token request: HTTP %u %s"),
                               _tether_auth_session_shown_name (self), reply->status, code != NULL ? code : ""));
      return;
    }

  tokens = tether_auth_tokens_new_from_response (reply->object, a->issuer,
                                                 tether_auth_tokens_carried (self->tokens, grant, a->issuer),
                                                 g_get_real_time () / G_USEC_PER_SEC, &error);
  if (tokens == NULL)
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_TOKEN,
                               _("The authorization server of “%s” sent no usable token: %s"),
                               _tether_auth_session_shown_name (self), error->message));
      return;
    }
  if (tokens->scope == NULL && a->scope != NULL)
    tokens->scope = g_strdup (a->scope);
  set_tokens (task, tokens);
}

static void
request_token (GTask      *task,
               GHashTable *fields)
{
  Attempt *a = attempt_of (task);
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *assertion = NULL;

  if (a->token_url == NULL || !tether_auth_url_is_safe_endpoint (a->token_url))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               _("The authorization server of “%s” has no token endpoint Tether may send a secret to"),
                               _tether_auth_session_shown_name (a->self)));
      return;
    }
  g_hash_table_insert (fields, "resource", a->resource);
  g_object_set_data_full (G_OBJECT (task), "grant", g_strdup (g_hash_table_lookup (fields, "grant_type")), g_free);
  msg = tether_auth_http_new_form (a->token_url, fields);
  if (msg == NULL)
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                               _("The token endpoint of “%s” is not a URL"), _tether_auth_session_shown_name (a->self)));
      return;
    }
  /* the client's authentication may add to the form or the headers:
   * encode again */
  if (!_tether_auth_client_authenticate (a->self, a->as, a->issuer, msg, fields, &assertion, &error))
    {
      fail (task, g_steal_pointer (&error));
      return;
    }
  {
    g_autoptr(GBytes) body = NULL;
    char *encoded = soup_form_encode_hash (fields);

    body = g_bytes_new_take (encoded, strlen (encoded));
    soup_message_set_request_body_from_bytes (msg, SOUP_FORM_MIME_TYPE_URLENCODED, body);
  }
  if (assertion != NULL)
    memset (assertion, 0, strlen (assertion));
  tether_auth_http_send_async (a->self->http, msg, g_task_get_cancellable (task), on_token, task);
}

/* Step 4: the browser's answer */

static void
on_callback (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) query = tether_auth_listener_wait_finish (TETHER_AUTH_LISTENER (source), result, &error);
  g_autoptr(GHashTable) fields = NULL;
  const char *iss;
  const char *code;

  if (query == NULL)
    {
      fail (task, g_steal_pointer (&error));
      return;
    }

  if (!tether_auth_equal_secret (g_hash_table_lookup (query, "state"), a->state))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               _("The browser came back to Tether with the wrong state: not signing in to “%s”"),
                               _tether_auth_session_shown_name (a->self)));
      return;
    }

  /* RFC 9207: an `iss` must be the issuer, exactly; one the server
   * advertises must be there. An answer from the wrong issuer is not
   * shown, error or not. */
  iss = g_hash_table_lookup (query, "iss");
  if ((iss != NULL && g_strcmp0 (iss, a->issuer) != 0) ||
      (iss == NULL && a->as != NULL &&
       json_object_get_boolean_member_with_default (a->as, "authorization_response_iss_parameter_supported", FALSE)))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               iss != NULL
                               ? _("The answer to signing in to “%s” comes from another issuer: refused")
                               : _("The answer to signing in to “%s” does not say its issuer, as its server promised: refused"),
                               _tether_auth_session_shown_name (a->self)));
      return;
    }

  code = g_hash_table_lookup (query, "code");
  if (g_hash_table_lookup (query, "error") != NULL || code == NULL || *code == '\0')
    {
      const char *denied = g_hash_table_lookup (query, "error");
      g_autofree char *shown = g_strescape (denied != NULL ? denied : "no code", NULL);

      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DENIED,
                               _("Signing in to “%s” did not succeed: %s"), _tether_auth_session_shown_name (a->self), shown));
      return;
    }

  fields = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (fields, "grant_type", "authorization_code");
  g_hash_table_insert (fields, "code", (gpointer)code);
  g_hash_table_insert (fields, "redirect_uri", (gpointer)tether_auth_listener_get_redirect_uri (a->listener));
  g_hash_table_insert (fields, "code_verifier", a->verifier);
  request_token (task, fields);
}

static void
open_browser (GTask *task)
{
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;
  g_autoptr(GUri) base = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *challenge = NULL;
  g_autofree char *query = NULL;
  g_autofree char *url = NULL;
  GString *params = g_string_new (NULL);
  const char *pairs[20];
  guint n = 0;

  a->verifier = tether_auth_random_string (TETHER_AUTH_PKCE_VERIFIER_BYTES, &error);
  a->state = a->verifier != NULL ? tether_auth_random_string (24, &error) : NULL;
  if (a->state == NULL)
    {
      g_string_free (params, TRUE);
      fail (task, g_steal_pointer (&error));
      return;
    }
  challenge = tether_auth_pkce_challenge (a->verifier);

  pairs[n++] = "response_type"; pairs[n++] = "code";
  pairs[n++] = "client_id"; pairs[n++] = self->registration->client_id;
  pairs[n++] = "redirect_uri"; pairs[n++] = tether_auth_listener_get_redirect_uri (a->listener);
  pairs[n++] = "code_challenge"; pairs[n++] = challenge;
  pairs[n++] = "code_challenge_method"; pairs[n++] = "S256";
  pairs[n++] = "state"; pairs[n++] = a->state;
  pairs[n++] = "resource"; pairs[n++] = a->resource;
  if (a->scope != NULL)
    {
      pairs[n++] = "scope"; pairs[n++] = a->scope;
    }
  for (guint i = 0; i < n; i += 2)
    {
      g_autofree char *value = g_uri_escape_string (pairs[i + 1], NULL, FALSE);

      g_string_append_printf (params, "%s%s=%s", params->len > 0 ? "&" : "", pairs[i], value);
    }
  query = g_string_free (params, FALSE);

  base = g_uri_parse (a->authorize_url, G_URI_FLAGS_ENCODED, NULL);
  if (base == NULL || !tether_auth_url_is_safe_endpoint (a->authorize_url))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               _("The authorization endpoint of “%s” is neither https nor on this computer"),
                               _tether_auth_session_shown_name (self)));
      return;
    }
  if (g_uri_get_query (base) != NULL && *g_uri_get_query (base) != '\0')
    {
      g_autofree char *both = g_strconcat (g_uri_get_query (base), "&", query, NULL);

      g_free (query);
      query = g_steal_pointer (&both);
    }
  url = g_uri_join (G_URI_FLAGS_ENCODED, g_uri_get_scheme (base), g_uri_get_userinfo (base),
                    g_uri_get_host (base), g_uri_get_port (base), g_uri_get_path (base), query, NULL);

  tether_auth_listener_wait_async (a->listener, self->browser_timeout_s, g_task_get_cancellable (task),
                                   on_callback, task);
  if (!self->open_uri (url, self->open_data, &error))
    {
      g_autoptr(GError) cause = g_steal_pointer (&error);

      /* Translators: the first %s is a server's name, the second why the browser did not open */
      error = g_error_new (cause->domain, cause->code, _("Could not open the browser to sign in to “%s”: %s"),
                           _tether_auth_session_shown_name (self), cause->message);
      g_object_set_data_full (G_OBJECT (task), "open-error", g_steal_pointer (&error), (GDestroyNotify)g_error_free);
      tether_auth_listener_close (a->listener);
    }
}

static void
choose_scope (Attempt *a)
{
  TetherAuthSession *self = a->self;

  if (a->step_up)
    a->scope = tether_auth_scope_union (self->tokens != NULL ? self->tokens->scope : NULL, a->challenge_scope);
  else if (self->scopes != NULL)
    a->scope = tether_auth_scope_union (self->scopes, a->challenge_scope);
  else if (a->challenge_scope != NULL)
    a->scope = g_strdup (a->challenge_scope);
  else if (a->prm != NULL && json_object_has_member (a->prm, "scopes_supported"))
    {
      JsonNode *node = json_object_get_member (a->prm, "scopes_supported");
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      g_auto(GStrv) all = NULL;

      if (JSON_NODE_HOLDS_ARRAY (node))
        for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
          {
            JsonNode *item = json_array_get_element (json_node_get_array (node), i);

            if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
              g_strv_builder_add (names, json_node_get_string (item));
          }
      all = g_strv_builder_end (names);
      if (all[0] != NULL)
        a->scope = g_strjoinv (" ", all);
    }

  /* offline_access, when the authorization server offers it and the
   * registration has the refresh_token grant */
  if (tether_auth_json_has_string (a->as, "scopes_supported", "offline_access") &&
      self->registration->refresh && !tether_auth_scope_has (a->scope, "offline_access"))
    {
      g_autofree char *more = tether_auth_scope_union (a->scope, "offline_access");

      g_free (a->scope);
      a->scope = g_steal_pointer (&more);
    }
}

/* A registration of our own making (configured, or a metadata document),
 * for @issuer only */
static void
use_registration (TetherAuthSession *self,
                  const char        *issuer,
                  const char        *client_id,
                  const char        *client_secret)
{
  Registration *reg = g_new0 (Registration, 1);

  reg->issuer = g_strdup (issuer);
  reg->client_id = g_strdup (client_id);
  reg->client_secret = g_strdup (client_secret);
  reg->refresh = TRUE;
  _tether_auth_registration_free (self->registration);
  self->registration = reg;
}

/* Step 5: a client id */

static void
registered (GTask *task)
{
  choose_scope (attempt_of (task));
  open_browser (task);
}

static void
on_registered (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(TetherAuthReply) reply = tether_auth_http_send_finish (result, &error);
  Registration *reg;

  if (reply == NULL)
    {
      fail (task, g_steal_pointer (&error));
      return;
    }
  if ((reply->status != SOUP_STATUS_OK && reply->status != SOUP_STATUS_CREATED) ||
      tether_auth_json_string (reply->object, "client_id") == NULL)
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REGISTRATION,
                               _("The authorization server of “%s” refused to register Tether: HTTP %u"),
                               _tether_auth_session_shown_name (a->self), reply->status));
      return;
    }

  reg = g_new0 (Registration, 1);
  reg->issuer = g_strdup (a->issuer);
  reg->client_id = g_strdup (tether_auth_json_string (reply->object, "client_id"));
  reg->client_secret = g_strdup (tether_auth_json_string (reply->object, "client_secret"));
  reg->auth_method = g_strdup (tether_auth_json_string (reply->object, "token_endpoint_auth_method"));
  reg->redirect_uri = g_strdup (tether_auth_listener_get_redirect_uri (a->listener));
  reg->refresh = TRUE;
  _tether_auth_registration_free (a->self->registration);
  a->self->registration = reg;
  save_registration (task, registered);
}

static void
register_client (GTask *task)
{
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;
  const char *redirect = tether_auth_listener_get_redirect_uri (a->listener);
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) body = NULL;
  g_autoptr(SoupMessage) msg = NULL;

  /* pre-registered in the server's configuration */
  if (self->client_id != NULL)
    {
      use_registration (self, a->issuer, self->client_id, self->client_secret);
      registered (task);
      return;
    }

  /* registered before with this issuer and this redirect */
  if (self->registration != NULL && tether_auth_registration_fits (self->registration->issuer, a->issuer) &&
      (self->registration->redirect_uri == NULL || g_strcmp0 (self->registration->redirect_uri, redirect) == 0))
    {
      registered (task);
      return;
    }

  /* a Client ID Metadata Document: the client id is its URL */
  if (self->client_metadata_url != NULL && a->as != NULL &&
      json_object_get_boolean_member_with_default (a->as, "client_id_metadata_document_supported", FALSE))
    {
      use_registration (self, a->issuer, self->client_metadata_url, NULL);
      registered (task);
      return;
    }

  /* Dynamic Client Registration */
  if (a->register_url == NULL || !tether_auth_url_is_safe_endpoint (a->register_url))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REGISTRATION,
                               _("The authorization server of “%s” offers no way to register Tether: "
                                 "give a client id in the server's settings"),
                               _tether_auth_session_shown_name (self)));
      return;
    }

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "client_name");
  json_builder_add_string_value (builder, "Tether");
  json_builder_set_member_name (builder, "redirect_uris");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, redirect);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "grant_types");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, "authorization_code");
  json_builder_add_string_value (builder, "refresh_token");
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "response_types");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, "code");
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "token_endpoint_auth_method");
  json_builder_add_string_value (builder, "none");
  json_builder_set_member_name (builder, "application_type");
  json_builder_add_string_value (builder, "native");
  json_builder_end_object (builder);
  body = json_builder_get_root (builder);

  msg = tether_auth_http_new_json (a->register_url, body);
  if (msg == NULL)
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REGISTRATION,
                               _("The registration endpoint of “%s” is not a URL"), _tether_auth_session_shown_name (self)));
      return;
    }
  tether_auth_http_send_async (self->http, msg, g_task_get_cancellable (task), on_registered, task);
}

static void
start_sign_in (GTask *task)
{
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;
  g_autoptr(GError) error = NULL;
  guint port = 0;

  if (!a->interactive || self->open_uri == NULL)
    {
      /* Every metadata request answered that its document is not there,
       * no challenge named any, and no token was ever had from the
       * default endpoints: this server offers no OAuth (its 401 is about
       * something else). One that does use those endpoints (a refresh,
       * a sign-in with the browser) is never so marked. */
      self->no_oauth = a->legacy && a->as == NULL && a->resource_metadata == NULL &&
                       !a->unanswered && !a->tried_refresh;
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_SIGN_IN_REQUIRED,
                               _("Sign-in required: “%s” needs you to sign in with your browser"),
                               _tether_auth_session_shown_name (self)));
      return;
    }

  if (a->authorize_url == NULL)
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_DISCOVERY,
                               _("The authorization server of “%s” has no authorization endpoint"),
                               _tether_auth_session_shown_name (self)));
      return;
    }

  /* PKCE S256 is required: a server that does not say it supports it is
   * not sent a code challenge it may ignore. */
  if (a->as != NULL && !tether_auth_json_has_string (a->as, "code_challenge_methods_supported", "S256"))
    {
      fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                               _("The authorization server of “%s” does not support PKCE with S256: not signing in"),
                               _tether_auth_session_shown_name (self)));
      return;
    }

  /* The port of an earlier registration, if that server knows it */
  if (self->registration != NULL && tether_auth_registration_fits (self->registration->issuer, a->issuer) &&
      self->registration->redirect_uri != NULL)
    {
      g_autoptr(GUri) uri = g_uri_parse (self->registration->redirect_uri, G_URI_FLAGS_NONE, NULL);

      port = uri != NULL && g_uri_get_port (uri) > 0 ? (guint)g_uri_get_port (uri) : 0;
    }
  a->listener = tether_auth_listener_new (port, NULL);
  if (a->listener == NULL && port != 0)
    a->listener = tether_auth_listener_new (0, &error);
  if (a->listener == NULL)
    {
      fail (task, g_steal_pointer (&error));
      return;
    }
  register_client (task);
}

static void
after_discovery (GTask *task)
{
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;

  a->authorize_url = endpoint (a, "authorization_endpoint", "authorize");
  a->token_url = endpoint (a, "token_endpoint", "token");
  a->register_url = endpoint (a, "registration_endpoint", "register");

  /* Another authorization server than the one of the registration: its
   * credentials are never sent there. */
  if (self->registration != NULL && !tether_auth_registration_fits (self->registration->issuer, a->issuer))
    g_clear_pointer (&self->registration, _tether_auth_registration_free);

  if (self->registration == NULL && self->store != NULL && self->server_name != NULL)
    {
      g_autofree char *key = registration_key (a->issuer);

      tether_secret_store_lookup_async (self->store, TETHER_SECRET_KIND_OAUTH, self->server_name, key,
                                        g_task_get_cancellable (task), on_registration_loaded, task);
      return;
    }

  after_registration (task);
}

static void
on_registration_loaded (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  GTask *task = user_data;
  Attempt *a = attempt_of (task);
  g_autoptr(GError) error = NULL;
  char *text = tether_secret_store_lookup_finish (TETHER_SECRET_STORE (source), result, &error);

  if (g_task_return_error_if_cancelled (task))
    {
      tether_secret_free (text);
      g_object_unref (task);
      return;
    }
  if (error != NULL)
    g_message ("Server “%s”: the keyring could not be read: %s", _tether_auth_session_shown_name (a->self), error->message);
  _tether_auth_registration_free (a->self->registration);
  a->self->registration = parse_registration (a->issuer, text);
  tether_secret_free (text);
  after_registration (task);
}

/* The JWT-bearer grant (RFC 7523, section 2.1) with @assertion, which is
 * wiped and freed */
static void
request_jwt_bearer (GTask *task,
                    char  *assertion)
{
  Attempt *a = attempt_of (task);
  g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_insert (fields, "grant_type", TETHER_AUTH_GRANT_JWT_BEARER);
  g_hash_table_insert (fields, "assertion", assertion);
  if (a->scope != NULL)
    g_hash_table_insert (fields, "scope", a->scope);
  request_token (task, fields);
  memset (assertion, 0, strlen (assertion));
  g_free (assertion);
}

static void
on_grant_exchanged (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;
  char *grant = tether_auth_enterprise_exchange_finish (result, &error);

  if (g_task_return_error_if_cancelled (task))
    {
      g_clear_error (&error);
      if (grant != NULL)
        memset (grant, 0, strlen (grant));
      g_free (grant);
      g_object_unref (task);
      return;
    }
  if (grant == NULL)
    {
      fail (task, error);
      return;
    }
  request_jwt_bearer (task, grant);
}

/* A refresh, client credentials, or a sign-in with the browser */
static void
after_registration (GTask *task)
{
  Attempt *a = attempt_of (task);
  TetherAuthSession *self = a->self;

  /* a refresh, with a refresh token of this very issuer */
  if (!a->step_up && tether_auth_tokens_refreshable_at (self->tokens, a->issuer) && self->registration != NULL)
    {
      g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);

      a->tried_refresh = TRUE;
      g_hash_table_insert (fields, "grant_type", "refresh_token");
      g_hash_table_insert (fields, "refresh_token", self->tokens->refresh_token);
      request_token (task, fields);
      return;
    }

  /* enterprise-managed: the identity provider's ID token traded for a
   * grant for this server, then that grant */
  if (self->id_token_file != NULL)
    {
      use_registration (self, a->issuer, self->client_id, self->client_secret);
      choose_scope (a);
      tether_auth_enterprise_exchange_async (self->http, self->idp_token_url, self->id_token_file, a->issuer,
                                             a->resource, a->scope, g_task_get_cancellable (task),
                                             on_grant_exchanged, task);
      return;
    }

  /* a workload: the token its platform gave it, as it is */
  if (self->workload_token_file != NULL)
    {
      g_autoptr(GError) error = NULL;
      char *assertion = tether_auth_token_file_read (self->workload_token_file, &error);

      if (assertion == NULL)
        {
          fail (task, g_steal_pointer (&error));
          return;
        }
      use_registration (self, a->issuer, self->client_id, self->client_secret);
      choose_scope (a);
      request_jwt_bearer (task, assertion);
      return;
    }

  /* machine to machine: the configured client and its secret */
  if (self->client_credentials)
    {
      g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);

      if (self->client_id == NULL || (self->client_secret == NULL && self->client_key == NULL))
        {
          fail (task, g_error_new (TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REGISTRATION,
                                   _("“%s” uses client credentials, but no client id with a secret or a key is set"),
                                   _tether_auth_session_shown_name (self)));
          return;
        }
      use_registration (self, a->issuer, self->client_id, self->client_secret);
      choose_scope (a);
      g_hash_table_insert (fields, "grant_type", "client_credentials");
      if (a->scope != NULL)
        g_hash_table_insert (fields, "scope", a->scope);
      request_token (task, fields);
      return;
    }

  start_sign_in (task);
}

void
_tether_auth_session_run_attempt (TetherAuthSession   *self,
                                  const char          *www_authenticate,
                                  gboolean             interactive,
                                  gboolean             step_up,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Attempt *a = g_new0 (Attempt, 1);
  g_autoptr(GPtrArray) challenges = tether_auth_challenges_parse (www_authenticate);
  const TetherAuthChallenge *bearer = tether_auth_challenges_find (challenges, "Bearer");

  a->self = self;
  a->interactive = interactive;
  a->step_up = step_up;
  /* what this attempt finds, not what an earlier one did */
  self->no_oauth = FALSE;
  if (bearer != NULL)
    {
      a->challenge_scope = g_strdup (tether_auth_challenge_get_param (bearer, "scope"));
      a->resource_metadata = g_strdup (tether_auth_challenge_get_param (bearer, "resource_metadata"));
    }
  a->prm_urls = tether_auth_protected_resource_urls (self->server_url, a->resource_metadata);
  g_task_set_task_data (task, a, (GDestroyNotify)attempt_free);
  fetch_prm (task);
}

gboolean
_tether_auth_session_run_attempt_finish (GAsyncResult  *result,
                                         GError       **error)
{
  GTask *task = G_TASK (result);
  GError *open_error = g_object_get_data (G_OBJECT (task), "open-error");

  if (open_error != NULL && !g_task_had_error (task))
    return TRUE;
  if (open_error != NULL)
    {
      g_task_propagate_boolean (task, NULL);
      g_propagate_error (error, g_error_copy (open_error));
      return FALSE;
    }
  return g_task_propagate_boolean (task, error);
}

/* Hands an attempt's outcome to the task in @user_data (a challenge, or
 * a sign-in asked for) */
void
_tether_auth_session_challenge_done (GObject      *source,
                                     GAsyncResult *result,
                                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (_tether_auth_session_run_attempt_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* ---------------------------------------------------------------------- */
/* Refreshing before the end                                              */

static void
on_refreshed (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!_tether_auth_session_run_attempt_finish (result, &error) && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_message ("Could not refresh a sign-in ahead of time: %s", error->message);
}

static gboolean
refresh_due (gpointer data)
{
  TetherAuthSession *self = data;

  self->refresh_id = 0;
  _tether_auth_session_run_attempt (self, NULL, FALSE, FALSE, self->cancellable, on_refreshed, NULL);
  return G_SOURCE_REMOVE;
}

void
_tether_auth_session_schedule_refresh (TetherAuthSession *self)
{
  gint64 at;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->tokens == NULL || self->tokens->refresh_token == NULL)
    return;
  at = tether_auth_tokens_refresh_at (self->tokens);
  if (at == 0)
    return;
  self->refresh_id = g_timeout_add_seconds ((guint)CLAMP (at - now, 1, G_MAXINT32), refresh_due, self);
}
