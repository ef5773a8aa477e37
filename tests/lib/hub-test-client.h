/* hub-test-client.h — a raw Streamable HTTP client for the hub tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

typedef struct _HubTestClient HubTestClient;

/* One answer: the status, the headers, and the JSON-RPC messages of the
 * body (one for JSON, every event for SSE). */
typedef struct
{
  guint               status;
  SoupMessageHeaders *headers;
  GPtrArray          *messages;   /* JsonObject */
  char               *body;
  gboolean            done;
} HubTestReply;

HubTestClient *hub_test_client_new          (const char     *url,
                                             const char     *token);
void           hub_test_client_free         (HubTestClient  *client);
void           hub_test_client_set_session  (HubTestClient  *client,
                                             const char     *session_id);
const char    *hub_test_client_get_session  (HubTestClient  *client);
HubTestReply  *hub_test_client_post_async   (HubTestClient  *client,
                                             const char     *json,
                                             const char * const *headers);
HubTestReply  *hub_test_client_post         (HubTestClient  *client,
                                             const char     *json,
                                             const char * const *headers);
HubTestReply  *hub_test_client_request      (HubTestClient  *client,
                                             const char     *method,
                                             const char     *json,
                                             const char * const *headers);
HubTestReply  *hub_test_client_open_stream  (HubTestClient  *client);
void           hub_test_client_initialize   (HubTestClient  *client,
                                             const char     *capabilities);
void           hub_test_reply_wait          (HubTestReply   *reply);
JsonObject    *hub_test_reply_wait_message  (HubTestReply   *reply,
                                             const char     *method,
                                             guint          *from);
JsonObject    *hub_test_reply_find_id       (HubTestReply   *reply,
                                             gint64          id);
JsonObject    *hub_test_reply_result        (HubTestReply   *reply,
                                             gint64          id);
void           hub_test_reply_free          (HubTestReply   *reply);
char          *hub_test_result_text         (JsonObject     *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HubTestReply, hub_test_reply_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HubTestClient, hub_test_client_free)

G_END_DECLS
