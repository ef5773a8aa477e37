/* http-test-fixture.h — an McpHttpTransport against an in-process server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fixture of the HTTP transport tests: a FakeHttpServer on 127.0.0.1,
 * a transport with an Authorization header, what the transport emitted,
 * and a teardown that checks that no fd is left and that no session id or
 * header value reached an event or an error message.
 */

#pragma once

#include "fake/fake-http-server.h"
#include "mcp/mcp-error.h"
#include "mcp/mcp-http-transport.h"

G_BEGIN_DECLS

#define SECRET_TOKEN "Bearer secret-token-4f2a9c"
#define WARM_UP ((gconstpointer)"warm-up")

typedef struct
{
  FakeHttpServer   *server;
  McpHttpTransport *transport;
  GPtrArray        *messages;    /* JsonNode */
  GPtrArray        *invalid;     /* char*: reasons */
  GPtrArray        *events;      /* char* */
  GPtrArray        *errors;      /* char*: every error message seen */
  guint             n_closed;
  GError           *closed_error;
  guint             fds_before;
} Fixture;

typedef gboolean (*FinishFunc) (McpTransport  *transport,
                                GAsyncResult  *result,
                                GError       **error);

typedef struct
{
  gboolean    done;
  GError     *error;
  gint64      finished_us;
  FinishFunc  finish;       /* NULL: mcp_transport_send_finish */
} Result;

#define WAIT_FOR(cond) \
  G_STMT_START { \
    gint64 wait_deadline_ = g_get_monotonic_time () + 30 * G_USEC_PER_SEC; \
    while (!(cond)) \
      { \
        if (g_get_monotonic_time () > wait_deadline_) \
          g_error ("%s: timed out waiting for %s", G_STRLOC, #cond); \
        if (!g_main_context_iteration (NULL, FALSE)) \
          g_usleep (500); \
      } \
  } G_STMT_END

void        fixture_setup       (Fixture       *f,
                                 gconstpointer  data);
void        fixture_teardown    (Fixture       *f,
                                 gconstpointer  data);
void        warm_up             (void);
void        make_transport_for  (Fixture       *f,
                                 const char    *url,
                                 McpHttpMode    mode);
void        make_transport      (Fixture       *f,
                                 McpHttpMode    mode);
void        on_done             (GObject       *source,
                                 GAsyncResult  *result,
                                 gpointer       user_data);
void        keep_error          (Fixture       *f,
                                 const GError  *error);
GError     *open_transport      (Fixture       *f);
JsonNode   *parse               (const char    *json);
void        send_start          (Fixture       *f,
                                 const char    *json,
                                 McpSendFlags   flags,
                                 GCancellable  *cancellable,
                                 Result        *r);
GError     *send_json           (Fixture       *f,
                                 const char    *json,
                                 McpSendFlags   flags);
JsonObject *find_answer         (Fixture       *f,
                                 gint64         id);
guint       count_answers       (Fixture       *f,
                                 gint64         id);
JsonObject *find_notification   (Fixture       *f,
                                 const char    *method);
gboolean    some_event_contains (Fixture       *f,
                                 const char    *needle);
JsonObject *wait_answer         (Fixture       *f,
                                 gint64         id);
void        initialize          (Fixture       *f);
void        open_and_initialize (Fixture       *f);
GError     *close_transport     (Fixture       *f);

G_END_DECLS
