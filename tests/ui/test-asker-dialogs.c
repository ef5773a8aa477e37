/* test-asker-dialogs.c — a server asks the user, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fake server's "ask" tool sends Tether a request and returns the
 * answer it got: elicitation/create and sampling/createMessage reach the
 * window as dialogs, and only what the user does there answers them.
 */

#include "config.h"

#include "window-harness.h"
#include "tether-elicitation-dialog.h"
#include "tether-sampling-dialog.h"

typedef struct
{
  char     *answer;
  gboolean  done;
} Ask;

static void
ask_done_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Ask *ask = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_call_tool_finish (TETHER_SERVER (object), result, &error);

  g_assert_no_error (error);
  ask->answer = json_to_string (node, FALSE);
  ask->done = TRUE;
}

static void
ask_server (Fixture    *fixture,
            const char *method,
            const char *params,
            Ask        *ask)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(JsonNode) node = json_from_string (params, NULL);

  g_assert_nonnull (node);
  json_object_set_string_member (arguments, "method", method);
  json_object_set_member (arguments, "params", g_steal_pointer (&node));
  tether_server_call_tool_async (get_server (fixture, "good"), "ask", arguments, NULL, NULL, NULL,
                                 ask_done_cb, ask);
}

static gboolean
ask_done (Fixture       *fixture,
          gconstpointer  data)
{
  return ((const Ask *)data)->done;
}

static gboolean
toplevel_shown (Fixture       *fixture,
                gconstpointer  data)
{
  return find_toplevel (GPOINTER_TO_SIZE (data)) != NULL;
}

static gpointer
wait_dialog (Fixture *fixture,
             GType    type)
{
  wait_until (fixture, toplevel_shown, GSIZE_TO_POINTER (type), 10000, g_type_name (type));

  return find_toplevel (type);
}

static const char form_params[] =
  "{\"message\": \"Who are you?\", \"requestedSchema\": {\"type\": \"object\", \"properties\": {"
  "\"name\": {\"type\": \"string\", \"title\": \"Name\"},"
  "\"age\": {\"type\": \"integer\", \"default\": 30},"
  "\"colour\": {\"type\": \"string\", \"enum\": [\"red\", \"blue\"], \"default\": \"blue\"}},"
  "\"required\": [\"name\"]}}";

static void
elicit_body (Fixture *fixture)
{
  Ask ask = { 0 };
  TetherElicitationDialog *dialog;
  TetherSchemaForm *form;

  wait_connected (fixture, "good");

  /* Accept: the form with its defaults, the required name given. */
  ask_server (fixture, "elicitation/create", form_params, &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_ELICITATION_DIALOG);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_assert_nonnull (find_label (dialog, "Who are you?"));
  form = tether_elicitation_dialog_get_form (dialog);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tether_schema_form_get_input (form, "age"))), ==, "30");
  screenshot ("elicitation.png");

  /* Never accepted with a required field missing. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "elicitation.accept", NULL);
  test_iterate_for (100);
  g_assert_false (ask.done);
  g_assert_cmpstr (tether_schema_form_get_reason (form, "name"), ==, "is required");

  gtk_editable_set_text (GTK_EDITABLE (tether_schema_form_get_input (form, "name")), "Ada");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "elicitation.accept", NULL);
  wait_until (fixture, ask_done, &ask, 10000, "the answer");
  assert_contains (ask.answer, "\\\"action\\\":\\\"accept\\\"");
  assert_contains (ask.answer, "\\\"name\\\":\\\"Ada\\\"");
  assert_contains (ask.answer, "\\\"age\\\":30");
  assert_contains (ask.answer, "\\\"colour\\\":\\\"blue\\\"");
  g_assert_null (find_toplevel (TETHER_TYPE_ELICITATION_DIALOG));
  g_clear_pointer (&ask.answer, g_free);

  /* Decline. */
  ask.done = FALSE;
  ask_server (fixture, "elicitation/create", form_params, &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_ELICITATION_DIALOG);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "elicitation.decline", NULL);
  wait_until (fixture, ask_done, &ask, 10000, "the decline");
  assert_contains (ask.answer, "\\\"action\\\":\\\"decline\\\"");
  g_assert_false (strstr (ask.answer, "Ada") != NULL);
  g_clear_pointer (&ask.answer, g_free);

  /* Closing the dialog cancels. */
  ask.done = FALSE;
  ask_server (fixture, "elicitation/create", form_params, &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_ELICITATION_DIALOG);
  gtk_window_close (GTK_WINDOW (dialog));
  wait_until (fixture, ask_done, &ask, 10000, "the cancel");
  assert_contains (ask.answer, "\\\"action\\\":\\\"cancel\\\"");
  g_clear_pointer (&ask.answer, g_free);

  /* URL mode: the URL and the server shown; declined, nothing opened. */
  ask.done = FALSE;
  ask_server (fixture, "elicitation/create",
              "{\"mode\": \"url\", \"message\": \"Sign in\", \"elicitationId\": \"e1\","
              " \"url\": \"https://example.com/login?state=1\"}", &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_ELICITATION_DIALOG);
  g_assert_null (tether_elicitation_dialog_get_form (dialog));
  g_assert_nonnull (find_label (dialog, "https://example.com/login?state=1"));
  g_assert_nonnull (find_shown_label (dialog, "The server “good” asks you to open"));
  test_iterate_for (300);
  g_assert_false (ask.done);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "elicitation.decline", NULL);
  wait_until (fixture, ask_done, &ask, 10000, "the URL decline");
  assert_contains (ask.answer, "\\\"action\\\":\\\"decline\\\"");
  g_clear_pointer (&ask.answer, g_free);
}

static void
test_elicit (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, elicit_body);
}

static const char sampling_params[] =
  "{\"messages\": [{\"role\": \"user\", \"content\": {\"type\": \"text\", \"text\": \"What is 2+2?\"}}],"
  " \"systemPrompt\": \"Be brief.\", \"maxTokens\": 50,"
  " \"modelPreferences\": {\"hints\": [{\"name\": \"small\"}]}}";

static void
sample_body (Fixture *fixture)
{
  Ask ask = { 0 };
  TetherSamplingDialog *dialog;
  GtkTextBuffer *buffer;

  wait_connected (fixture, "good");

  ask_server (fixture, "sampling/createMessage", sampling_params, &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_SAMPLING_DIALOG);
  g_assert_nonnull (find_shown_label (dialog, "At most 50 tokens"));
  {
    g_autofree char *texts = widget_texts (dialog);

    assert_contains (texts, "What is 2+2?");
    assert_contains (texts, "Be brief.");
    assert_contains (texts, "small");
  }

  /* An empty reply is not sent. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "sampling.send", NULL);
  test_iterate_for (100);
  g_assert_false (ask.done);

  buffer = gtk_text_view_get_buffer (tether_sampling_dialog_get_reply (dialog));
  gtk_text_buffer_set_text (buffer, "Four.", -1);
  screenshot ("sampling.png");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "sampling.send", NULL);
  wait_until (fixture, ask_done, &ask, 10000, "the reply");
  assert_contains (ask.answer, "Four.");
  assert_contains (ask.answer, "\\\"role\\\":\\\"assistant\\\"");
  g_clear_pointer (&ask.answer, g_free);

  /* Decline: an error, no reply. */
  ask.done = FALSE;
  ask_server (fixture, "sampling/createMessage", sampling_params, &ask);
  dialog = wait_dialog (fixture, TETHER_TYPE_SAMPLING_DIALOG);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "sampling.decline", NULL);
  wait_until (fixture, ask_done, &ask, 10000, "the decline");
  assert_contains (ask.answer, "\\\"error\\\"");
  g_assert_false (strstr (ask.answer, "Four.") != NULL);
  g_clear_pointer (&ask.answer, g_free);
}

static void
test_sample (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, sample_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("asker/elicit", test_elicit);
  WINDOW_TEST_ADD ("asker/sample", test_sample);

  return window_harness_run ();
}
