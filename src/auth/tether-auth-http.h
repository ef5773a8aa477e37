/* tether-auth-http.h — one bounded HTTP exchange with an authorization
 * server, its answer read as JSON
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The largest metadata document or token response read */
#define TETHER_AUTH_HTTP_MAX_BODY (256 * 1024)
/* Each exchange with a metadata, registration or token endpoint */
#define TETHER_AUTH_HTTP_TIMEOUT_S 30

/* Grants named by URN: a signed assertion (RFC 7523, section 2.1), one
 * token traded for another (RFC 8693) */
#define TETHER_AUTH_GRANT_JWT_BEARER     "urn:ietf:params:oauth:grant-type:jwt-bearer"
#define TETHER_AUTH_GRANT_TOKEN_EXCHANGE "urn:ietf:params:oauth:grant-type:token-exchange"

typedef struct
{
  guint       status;
  JsonObject *object;  /* nullable: the body, if it is a JSON object */
  char       *summary; /* nullable: the start of the body, printable */
} TetherAuthReply;

SoupMessage     *tether_auth_http_new_form   (const char           *url,
                                              GHashTable           *fields);
SoupMessage     *tether_auth_http_new_json   (const char           *url,
                                              JsonNode             *body);
void             tether_auth_http_send_async (SoupSession          *session,
                                              SoupMessage          *msg,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
TetherAuthReply *tether_auth_http_send_finish (GAsyncResult        *result,
                                               GError             **error);
void             tether_auth_reply_free      (TetherAuthReply      *reply);
const char      *tether_auth_json_string     (JsonObject           *object,
                                              const char           *name);
gboolean         tether_auth_json_has_string (JsonObject           *object,
                                              const char           *array,
                                              const char           *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TetherAuthReply, tether_auth_reply_free)

G_END_DECLS
