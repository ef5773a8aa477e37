/* test-user-answerer.c — the user answers what a real server asks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fake server's "ask" tool sends the server request it is given and
 * returns the client's answer as its text: roots, elicitation and sampling
 * go through a TetherServer, its router and a TetherUserAnswerer to a
 * test asker standing in for the person.
 */

#include "config.h"

#include <string.h>

#include "tether-request-router.h"
#include "tether-server.h"
#include "tether-user-answerer.h"
#include "test-server-util.h"
#include "test-util.h"

/* An asker that answers as the test says */
#define TEST_TYPE_ASKER (test_asker_get_type ())
G_DECLARE_FINAL_TYPE (TestAsker, test_asker, TEST, ASKER, GObject)

struct _TestAsker
{
  GObject   parent_instance;
  gboolean  can_ask;
  char     *content;   /* JSON for accept; NULL: decline */
  char     *reply;     /* sampling; NULL: decline */
  char     *seen;      /* what it was asked: message, transcript, or url */
  char     *invalid;   /* why the first content was refused */
};

static void test_asker_iface_init (TetherAskerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestAsker, test_asker, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ASKER, test_asker_iface_init))

static void
test_asker_finalize (GObject *object)
{
  TestAsker *self = TEST_ASKER (object);

  g_free (self->content);
  g_free (self->reply);
  g_free (self->seen);
  g_free (self->invalid);
  G_OBJECT_CLASS (test_asker_parent_class)->finalize (object);
}

static void
test_asker_class_init (TestAskerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_asker_finalize;
}

static void
test_asker_init (TestAsker *self)
{
}

static gboolean
test_asker_elicit (TetherAsker       *asker,
                   TetherElicitation *elicitation)
{
  TestAsker *self = TEST_ASKER (asker);
  g_autoptr(JsonNode) content = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->can_ask)
    return FALSE;

  g_free (self->seen);
  self->seen = g_strdup (tether_elicitation_get_mode (elicitation) == TETHER_ELICITATION_MODE_URL
                         ? tether_elicitation_get_url (elicitation)
                         : tether_elicitation_get_message (elicitation));
  if (self->content == NULL)
    {
      tether_elicitation_decline (elicitation);
      return TRUE;
    }

  content = json_from_string (self->content, NULL);
  if (!tether_elicitation_accept (elicitation, json_node_get_object (content), &error))
    {
      /* as a person would: correct it, then accept */
      self->invalid = g_strdup (error->message);
      g_assert_true (tether_elicitation_accept (elicitation, NULL, NULL));
    }

  return TRUE;
}

static gboolean
test_asker_sample (TetherAsker           *asker,
                   TetherSamplingRequest *request)
{
  TestAsker *self = TEST_ASKER (asker);

  if (!self->can_ask)
    return FALSE;

  g_free (self->seen);
  self->seen = tether_sampling_request_dup_transcript (request);
  g_assert_cmpint (tether_sampling_request_get_max_tokens (request), ==, 100);
  if (self->reply != NULL)
    tether_sampling_request_reply_text (request, self->reply);
  else
    tether_sampling_request_decline (request, NULL);

  return TRUE;
}

static void
test_asker_iface_init (TetherAskerInterface *iface)
{
  iface->elicit = test_asker_elicit;
  iface->sample = test_asker_sample;
}

typedef struct
{
  TetherRequestRouter *router;
  TetherUserAnswerer  *answerer;
  TestAsker           *asker;
  TetherServer        *server;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  const char *era = data;
  g_autoptr(TetherServerConfig) config = era != NULL
    ? test_fake_server_config ("fake", NULL, "--era", era, NULL)
    : test_fake_server_config ("fake", NULL, NULL);
  TetherServerTimings timings;

  tether_server_timings_init_defaults (&timings);

  fixture->asker = g_object_new (TEST_TYPE_ASKER, NULL);
  fixture->asker->can_ask = TRUE;
  fixture->router = tether_request_router_new ();
  fixture->answerer = tether_user_answerer_new (TETHER_ASKER (fixture->asker));
  tether_request_router_add (fixture->router, TETHER_ANSWERER (fixture->answerer));
  fixture->server = tether_server_new (config, &timings);
  tether_server_set_router (fixture->server, fixture->router);
  tether_server_start (fixture->server);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;

  tether_server_stop_async (fixture->server, FALSE, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (tether_server_stop_finish (fixture->server, result, NULL));
  g_clear_object (&result);  /* it holds the server */
  test_assert_finalized (g_steal_pointer (&fixture->server));
  tether_request_router_remove (fixture->router, TETHER_ANSWERER (fixture->answerer));
  g_clear_object (&fixture->answerer);
  g_clear_object (&fixture->router);
  g_clear_object (&fixture->asker);
}

/* Calls "ask" with @method and @params; returns the client's answer. */
static JsonObject *
ask (Fixture    *fixture,
     const char *method,
     const char *params)
{
  g_autofree char *json = g_strdup_printf ("{\"method\":\"%s\",\"params\":%s}", method, params);
  g_autoptr(JsonNode) args = json_from_string (json, NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *block;

  tether_server_call_tool_async (fixture->server, "ask", json_node_get_object (args), NULL, NULL,
                                 NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_no_error (error);
  block = json_array_get_object_element (json_object_get_array_member (json_node_get_object (reply), "content"), 0);
  answer = json_from_string (json_object_get_string_member (block, "text"), NULL);
  g_assert_nonnull (answer);

  return json_object_ref (json_node_get_object (answer));
}

static void
test_roots (Fixture       *fixture,
            gconstpointer  data)
{
  const char *mine[] = { "/tmp/a b", "/srv/ü", NULL };
  const char *all[] = { "/opt", "/tmp/a b", NULL };
  g_autoptr(JsonObject) none = ask (fixture, "roots/list", "{}");
  g_autoptr(JsonObject) some = NULL;
  JsonArray *roots;

  /* none unless given */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (none, "result"), "roots")), ==, 0);

  tether_user_answerer_set_roots (fixture->answerer, "fake", mine);
  tether_user_answerer_set_roots (fixture->answerer, "other", all);
  tether_user_answerer_set_roots (fixture->answerer, NULL, all);
  tether_server_roots_changed (fixture->server);
  some = ask (fixture, "roots/list", "{}");
  roots = json_object_get_array_member (json_object_get_object_member (some, "result"), "roots");
  g_assert_cmpuint (json_array_get_length (roots), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (roots, 0), "uri"), ==, "file:///tmp/a%20b");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (roots, 1), "name"), ==, "ü");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (roots, 2), "uri"), ==, "file:///opt");
}

/* An answerer that answers roots/list with one folder of its own, as a
 * hub client would */
#define TEST_TYPE_FIRST (test_first_get_type ())
G_DECLARE_FINAL_TYPE (TestFirst, test_first, TEST, FIRST, GObject)

struct _TestFirst
{
  GObject parent_instance;
};

static void test_first_iface_init (TetherAnswererInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestFirst, test_first, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ANSWERER, test_first_iface_init))

static void
test_first_class_init (TestFirstClass *klass)
{
}

static void
test_first_init (TestFirst *self)
{
}

static gboolean
test_first_take (TetherAnswerer       *answerer,
                 TetherServerQuestion *question)
{
  g_autoptr(JsonNode) roots = NULL;

  if (!g_str_equal (tether_server_question_get_method (question), "roots/list"))
    return FALSE;

  roots = json_from_string ("{\"roots\":[{\"uri\":\"file:///first\"}]}", NULL);
  tether_server_question_reply (question, roots);

  return TRUE;
}

static void
test_first_iface_init (TetherAnswererInterface *iface)
{
  iface->take = test_first_take;
}

static const char *
first_root_uri (JsonObject *answer)
{
  JsonArray *roots = json_object_get_array_member (json_object_get_object_member (answer, "result"), "roots");

  return json_object_get_string_member (json_array_get_object_element (roots, 0), "uri");
}

/* The user's answerer set last is asked after every answerer added, even
 * those added later (the hub is made after the manager). */
static void
test_last (Fixture       *fixture,
           gconstpointer  data)
{
  const char *mine[] = { "/srv/mine", NULL };
  g_autoptr(TestFirst) first = g_object_new (TEST_TYPE_FIRST, NULL);
  g_autoptr(JsonObject) before = NULL;
  g_autoptr(JsonObject) during = NULL;
  g_autoptr(JsonObject) after = NULL;

  tether_request_router_remove (fixture->router, TETHER_ANSWERER (fixture->answerer));
  tether_request_router_set_last (fixture->router, TETHER_ANSWERER (fixture->answerer));
  g_assert_true (tether_user_answerer_set_roots (fixture->answerer, "fake", mine));
  g_assert_false (tether_user_answerer_set_roots (fixture->answerer, "fake", mine));

  before = ask (fixture, "roots/list", "{}");
  g_assert_cmpstr (first_root_uri (before), ==, "file:///srv/mine");

  tether_request_router_add (fixture->router, TETHER_ANSWERER (first));
  during = ask (fixture, "roots/list", "{}");
  g_assert_cmpstr (first_root_uri (during), ==, "file:///first");

  tether_request_router_remove (fixture->router, TETHER_ANSWERER (first));
  tether_request_router_set_last (fixture->router, NULL);
  after = ask (fixture, "roots/list", "{}");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (after, "result"),
                                                                         "roots")), ==, 0);
}

static void
test_elicitation (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char schema[] =
    "{\"message\":\"Who are you?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{"
    "\"name\":{\"type\":\"string\",\"default\":\"John Doe\"},\"age\":{\"type\":\"integer\",\"minimum\":0}},"
    "\"required\":[\"age\"]}}";
  g_autoptr(JsonObject) accepted = NULL;
  g_autoptr(JsonObject) corrected = NULL;
  g_autoptr(JsonObject) declined = NULL;
  g_autoptr(JsonObject) nobody = NULL;
  g_autoptr(JsonObject) url = NULL;
  g_autoptr(JsonObject) bad = NULL;
  JsonObject *result;

  fixture->asker->content = g_strdup ("{\"age\":7}");
  accepted = ask (fixture, "elicitation/create", schema);
  result = json_object_get_object_member (accepted, "result");
  g_assert_cmpstr (json_object_get_string_member (result, "action"), ==, "accept");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (result, "content"), "age"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (result, "content"), "name"), ==, "John Doe");
  g_assert_cmpstr (fixture->asker->seen, ==, "Who are you?");

  /* content the schema refuses is never sent: the asker is told why */
  g_free (fixture->asker->content);
  fixture->asker->content = g_strdup ("{\"age\":-1}");
  g_free (fixture->asker->invalid);
  fixture->asker->invalid = NULL;
  corrected = ask (fixture, "elicitation/create",
                   "{\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
                   "{\"age\":{\"type\":\"integer\",\"minimum\":0,\"default\":3}}}}");
  g_assert_cmpstr (fixture->asker->invalid, ==, "age: must be at least 0");
  result = json_object_get_object_member (corrected, "result");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (result, "content"), "age"), ==, 3);

  g_clear_pointer (&fixture->asker->content, g_free);
  declined = ask (fixture, "elicitation/create", schema);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (declined, "result"), "action"), ==, "decline");
  g_assert_false (json_object_has_member (json_object_get_object_member (declined, "result"), "content"));

  /* URL mode: the URL reaches the asker; accepting sends no content */
  fixture->asker->content = g_strdup ("{}");
  url = ask (fixture, "elicitation/create",
             "{\"mode\":\"url\",\"message\":\"Sign in\",\"url\":\"https://example.org/x\",\"elicitationId\":\"e1\"}");
  g_assert_cmpstr (fixture->asker->seen, ==, "https://example.org/x");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (url, "result"), "action"), ==, "accept");

  /* not an http(s) URL: an error, nothing asked */
  bad = ask (fixture, "elicitation/create", "{\"mode\":\"url\",\"message\":\"x\",\"url\":\"file:///etc/passwd\"}");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (bad, "error"), "code"), ==, -32602);

  /* nobody to ask: declined, never accepted */
  fixture->asker->can_ask = FALSE;
  nobody = ask (fixture, "elicitation/create", schema);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (nobody, "result"), "action"), ==, "decline");
}

static void
test_sampling (Fixture       *fixture,
               gconstpointer  data)
{
  static const char request[] =
    "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Say hi\"}}],"
    "\"systemPrompt\":\"Be brief\",\"maxTokens\":100}";
  g_autoptr(JsonObject) answered = NULL;
  g_autoptr(JsonObject) declined = NULL;
  g_autoptr(JsonObject) nobody = NULL;
  JsonObject *result;

  fixture->asker->reply = g_strdup ("hi");
  answered = ask (fixture, "sampling/createMessage", request);
  result = json_object_get_object_member (answered, "result");
  g_assert_cmpstr (json_object_get_string_member (result, "role"), ==, "assistant");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (result, "content"), "text"), ==, "hi");
  g_assert_cmpstr (json_object_get_string_member (result, "model"), ==, "human");
  g_assert_cmpstr (fixture->asker->seen, ==, "system: Be brief\nuser: Say hi\n");

  g_clear_pointer (&fixture->asker->reply, g_free);
  declined = ask (fixture, "sampling/createMessage", request);
  g_assert_true (json_object_has_member (declined, "error"));

  fixture->asker->can_ask = FALSE;
  nobody = ask (fixture, "sampling/createMessage", request);
  g_assert_nonnull (strstr (json_object_get_string_member (json_object_get_object_member (nobody, "error"), "message"),
                            "rejected"));
}

/* A server of the stateless revision asks inside its result
 * (input_required): the same asker answers, and the tool gets the answer
 * on the retry, through a managed server as through a bare client. */
static void
test_input_required (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *object;
  JsonObject *block;

  fixture->asker->content = g_strdup ("{\"name\":\"octocat\"}");
  tether_server_call_tool_async (fixture->server, "confirm", NULL, NULL, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = tether_server_call_tool_finish (fixture->server, result, &error);
  g_assert_no_error (error);

  object = json_node_get_object (reply);
  g_assert_cmpstr (json_object_get_string_member_with_default (object, "resultType", "complete"), ==, "complete");
  g_assert_false (json_object_get_boolean_member_with_default (object, "isError", FALSE));
  g_assert_cmpstr (fixture->asker->seen, ==, "User?");
  block = json_array_get_object_element (json_object_get_array_member (object, "content"), 0);
  g_assert_cmpstr (json_object_get_string_member (block, "text"), ==,
                   "{\"login\":{\"action\":\"accept\",\"content\":{\"name\":\"octocat\"}}}");
}

/* What Tether declares: the servers then show the tools that need it. */
static void
test_capabilities (void)
{
  g_autoptr(TetherRequestRouter) router = tether_request_router_new ();
  g_autoptr(JsonObject) capabilities = tether_request_router_dup_capabilities (router);
  JsonObject *elicitation = json_object_get_object_member (capabilities, "elicitation");

  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (capabilities, "roots"), "listChanged"));
  g_assert_true (json_object_has_member (capabilities, "sampling"));
  g_assert_true (json_object_has_member (elicitation, "form"));
  g_assert_true (json_object_has_member (elicitation, "url"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/user-answerer/roots", Fixture, NULL, fixture_setup, test_roots, fixture_teardown);
  g_test_add ("/user-answerer/last", Fixture, NULL, fixture_setup, test_last, fixture_teardown);
  g_test_add ("/user-answerer/elicitation", Fixture, NULL, fixture_setup, test_elicitation, fixture_teardown);
  g_test_add ("/user-answerer/sampling", Fixture, NULL, fixture_setup, test_sampling, fixture_teardown);
  g_test_add ("/user-answerer/input-required", Fixture, "2026", fixture_setup, test_input_required,
              fixture_teardown);
  g_test_add_func ("/user-answerer/capabilities", test_capabilities);

  return g_test_run ();
}
