/* tether-cli-asker.c — the terminal answers what a server asks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An elicitation is accepted with the content of `--elicit JSON` (the
 * schema's defaults fill what it leaves out), sampling is answered with
 * `--sample TEXT`. Without them, on a terminal, the person is asked on
 * stderr and answers on stdin: each field with its default, then whether
 * to send it. Otherwise the question is declined, and the line on stderr
 * says how to answer it. Nothing is accepted that nobody gave.
 *
 * The commands that keep servers running (watch, serve) ask nobody: they
 * decline, and say so on stderr.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-asker.h"
#include "tether-cli-output.h"
#include "tether-text.h"

struct _TetherCliAsker
{
  GObject   parent_instance;

  char     *elicit_json;
  char     *sample_text;
  char     *command;      /* a command that asks nobody, or NULL */
  gboolean  interactive;
};

static void asker_iface_init (TetherAskerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherCliAsker, tether_cli_asker, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ASKER, asker_iface_init))

static void
tether_cli_asker_finalize (GObject *object)
{
  TetherCliAsker *self = (TetherCliAsker *)object;

  g_free (self->elicit_json);
  g_free (self->sample_text);
  g_free (self->command);

  G_OBJECT_CLASS (tether_cli_asker_parent_class)->finalize (object);
}

static void
tether_cli_asker_class_init (TetherCliAskerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_cli_asker_finalize;
}

static void
tether_cli_asker_init (TetherCliAsker *self)
{
}

/**
 * tether_cli_asker_new:
 * @elicit_json: (nullable): `--elicit`: a JSON object (checked by the caller)
 * @sample_text: (nullable): `--sample`
 * @interactive: whether a person at a terminal may be asked
 *
 * Returns: (transfer full): the asker
 */
TetherCliAsker *
tether_cli_asker_new (const char *elicit_json,
                      const char *sample_text,
                      gboolean    interactive)
{
  TetherCliAsker *self = g_object_new (TETHER_TYPE_CLI_ASKER, NULL);

  self->elicit_json = g_strdup (elicit_json);
  self->sample_text = g_strdup (sample_text);
  self->interactive = interactive;

  return self;
}

/**
 * tether_cli_asker_new_declining:
 * @command: the command, named in the line that says a question was
 *   declined
 *
 * Returns: (transfer full): an asker that declines every elicitation and
 *   refuses every sampling request, with a line on stderr
 */
TetherCliAsker *
tether_cli_asker_new_declining (const char *command)
{
  TetherCliAsker *self = g_object_new (TETHER_TYPE_CLI_ASKER, NULL);

  self->command = g_strdup (command);

  return self;
}

/* One line from the person, without its newline; NULL at the end. */
static char *
read_line (void)
{
  char buf[4096];

  if (fgets (buf, sizeof buf, stdin) == NULL)
    return NULL;

  return g_strchomp (g_strdup (buf));
}

static gboolean
ask_yes (const char *question)
{
  g_autofree char *line = NULL;

  fprintf (stderr, "%s [y/N] ", question);
  fflush (stderr);
  line = read_line ();

  return line != NULL && (g_ascii_strcasecmp (line, "y") == 0 || g_ascii_strcasecmp (line, "yes") == 0);
}

/* Each field of the form, asked until valid; an empty line keeps the
 * default (or leaves the field out). FALSE at the end of input. */
static gboolean
ask_fields (TetherSchemaField *form,
            JsonObject        *content)
{
  GListModel *fields = tether_schema_field_get_fields (form);

  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(TetherSchemaField) field = g_list_model_get_item (fields, i);
      g_autofree char *label = tether_cli_escape (tether_schema_field_get_label (field));
      g_autofree char *description = tether_cli_escape (tether_schema_field_get_description (field));
      JsonNode *default_value = tether_schema_field_get_default (field);
      g_autofree char *shown_default = default_value != NULL ? json_to_string (default_value, FALSE) : NULL;

      if (description != NULL)
        fprintf (stderr, "  %s\n", description);
      for (guint c = 0; c < tether_schema_field_get_n_choices (field); c++)
        {
          g_autofree char *value = json_to_string (tether_schema_field_get_choice (field, c), FALSE);
          g_autofree char *shown = tether_cli_escape (value);

          fprintf (stderr, "    %s\n", shown);
        }

      for (;;)
        {
          g_autofree char *line = NULL;
          g_autoptr(JsonNode) value = NULL;
          g_autoptr(GError) error = NULL;

          fprintf (stderr, "%s%s%s%s: ", label, tether_schema_field_get_required (field) ? " *" : "",
                   shown_default != NULL ? " " : "", shown_default != NULL ? shown_default : "");
          fflush (stderr);
          line = read_line ();
          if (line == NULL)
            return FALSE;
          if (*line == '\0')
            break;
          value = tether_schema_field_parse_text (field, line, &error);
          if (value != NULL)
            {
              json_object_set_member (content, tether_schema_field_get_name (field), g_steal_pointer (&value));
              break;
            }
          fprintf (stderr, "  %s\n", error->message);
        }
    }

  return TRUE;
}

static gboolean
tether_cli_asker_elicit (TetherAsker       *asker,
                         TetherElicitation *elicitation)
{
  TetherCliAsker *self = TETHER_CLI_ASKER (asker);
  g_autofree char *server = tether_cli_escape (tether_elicitation_get_server_name (elicitation));
  g_autofree char *message = tether_text_escape_for_terminal (tether_elicitation_get_message (elicitation), -1,
                                                              TETHER_TEXT_MULTI_LINE);
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(GError) error = NULL;

  if (self->command != NULL)
    {
      tether_cli_print_error (_("%s asked for input (%s); declined: “tether-cli %s” answers no questions"),
                              server, message, self->command);
      return FALSE;
    }

  if (tether_elicitation_get_mode (elicitation) == TETHER_ELICITATION_MODE_URL)
    {
      g_autofree char *url = tether_cli_escape (tether_elicitation_get_url (elicitation));

      /* The URL is shown, never opened: the person opens it if they want. */
      fprintf (stderr, _("tether-cli: %s asks you to open %s: %s\n"), server, url, message);
      if (self->elicit_json != NULL || (self->interactive && ask_yes (_("Did you open it and finish there?"))))
        return tether_elicitation_accept (elicitation, NULL, NULL);
      tether_elicitation_decline (elicitation);
      return TRUE;
    }

  if (self->elicit_json != NULL)
    {
      g_autoptr(JsonNode) node = json_from_string (self->elicit_json, NULL);

      if (tether_elicitation_accept (elicitation, json_node_get_object (node), &error))
        return TRUE;
      tether_cli_print_error (_("%s asked for input and --elicit does not fit: %s; declined"), server, error->message);
      tether_elicitation_decline (elicitation);
      return TRUE;
    }

  if (!self->interactive)
    {
      tether_cli_print_error (_("%s asked for input (%s); declined: give it with --elicit JSON"), server, message);
      return FALSE;
    }

  fprintf (stderr, _("tether-cli: %s asks: %s\n"), server, message);
  content = json_object_new ();
  if (!ask_fields (tether_elicitation_get_form (elicitation), content) || !ask_yes (_("Send this answer?")))
    {
      tether_elicitation_decline (elicitation);
      return TRUE;
    }

  while (!tether_elicitation_accept (elicitation, content, &error))
    {
      fprintf (stderr, "  %s\n", error->message);
      g_clear_error (&error);
      if (!ask_fields (tether_elicitation_get_form (elicitation), content))
        {
          tether_elicitation_decline (elicitation);
          break;
        }
    }

  return TRUE;
}

static gboolean
tether_cli_asker_sample (TetherAsker           *asker,
                         TetherSamplingRequest *request)
{
  TetherCliAsker *self = TETHER_CLI_ASKER (asker);
  g_autofree char *server = tether_cli_escape (tether_sampling_request_get_server_name (request));
  g_autofree char *transcript = tether_sampling_request_dup_transcript (request);
  g_autofree char *shown = tether_text_escape_for_terminal (transcript, -1, TETHER_TEXT_MULTI_LINE);
  g_autofree char *line = NULL;

  if (self->command != NULL)
    {
      tether_cli_print_error (_("%s asked for a model's reply; refused: “tether-cli %s” answers no questions"),
                              server, self->command);
      return FALSE;
    }

  if (self->sample_text != NULL)
    {
      tether_sampling_request_reply_text (request, self->sample_text);
      return TRUE;
    }

  if (!self->interactive)
    {
      tether_cli_print_error (_("%s asked for a model's reply; refused: give one with --sample TEXT"), server);
      return FALSE;
    }

  fprintf (stderr, _("tether-cli: %s asks for a model's reply to:\n%s"), server, shown);
  if (tether_sampling_request_get_max_tokens (request) > 0)
    fprintf (stderr, _("(at most %lld tokens)\n"), (long long)tether_sampling_request_get_max_tokens (request));
  fprintf (stderr, "%s ", _("Your reply (empty to decline):"));
  fflush (stderr);
  line = read_line ();
  if (line == NULL || *line == '\0')
    tether_sampling_request_decline (request, NULL);
  else
    tether_sampling_request_reply_text (request, line);

  return TRUE;
}

static void
asker_iface_init (TetherAskerInterface *iface)
{
  iface->elicit = tether_cli_asker_elicit;
  iface->sample = tether_cli_asker_sample;
}
