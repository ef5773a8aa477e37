/* tether-cli-output.c — what tether-cli prints, and how it ends
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Results go to stdout, as text or with --json as JSON; errors go to
 * stderr, one line each, and the exit code says which kind of end it was.
 * Whatever a server or a file supplied (names, descriptions, serverInfo,
 * results, errors, stderr lines) is printed through tether_cli_escape():
 * escape sequences and other controls are shown (\x1b), never obeyed. JSON
 * output is escaped by JSON's rules, and DEL, C1 and bidi controls too.
 * No secret is printed: a configuration is shown with every environment
 * and header value masked.
 *
 * The lowest file of tether-cli: every command prints through it, and it
 * calls none of them.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-output.h"
#include "tether-text.h"

/**
 * tether_cli_escape:
 * @text: (nullable): text from a server or a file, shown on one line
 *
 * Returns: (transfer full) (nullable): @text with every control shown as
 *   an escape (`\x1b`, `\u202e`), safe to print on a terminal
 */
char *
tether_cli_escape (const char *text)
{
  return tether_text_escape_for_terminal (text, -1, TETHER_TEXT_SINGLE_LINE);
}

/**
 * tether_cli_print_error:
 * @format: a printf() format
 * @...: its arguments
 *
 * Prints `tether-cli: MESSAGE` on stderr, on one line.
 */
void
tether_cli_print_error (const char *format,
                        ...)
{
  g_autofree char *message = NULL;
  g_autofree char *shown = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* One line, whatever the error carried: our own line breaks become
   * spaces; what the server put in it is shown, never obeyed. */
  g_strdelimit (message, "\n", ' ');
  shown = tether_cli_escape (message);
  fprintf (stderr, "tether-cli: %s\n", shown);
}

/**
 * tether_cli_print_json:
 * @node: a JSON value
 *
 * Prints @node pretty, for people and for whole-output consumers.
 */
void
tether_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  escaped = tether_text_escape_json_output (text);
  printf ("%s\n", escaped);
}

/**
 * tether_cli_print_json_line:
 * @node: a JSON value
 *
 * Prints @node on one line, for line-oriented consumers.
 */
void
tether_cli_print_json_line (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);
  g_autofree char *escaped = tether_text_escape_json_output (text);

  printf ("%s\n", escaped);
}

/**
 * tether_cli_masked_entry:
 * @config: a configuration
 *
 * Returns: (transfer full): its `mcpServers` entry with every secret masked
 */
JsonNode *
tether_cli_masked_entry (TetherServerConfig *config)
{
  g_autofree char *masked = tether_server_config_to_masked_json (config);

  return json_from_string (masked, NULL);
}

/**
 * tether_cli_set_warning_member:
 * @object: a JSON object about a server
 * @config: its configuration
 *
 * Sets `warning` to what tether_server_config_dup_cleartext_warning() says,
 * or to null.
 */
void
tether_cli_set_warning_member (JsonObject         *object,
                               TetherServerConfig *config)
{
  g_autofree char *warning = tether_server_config_dup_cleartext_warning (config);

  if (warning != NULL)
    json_object_set_string_member (object, "warning", warning);
  else
    json_object_set_null_member (object, "warning");
}

/**
 * tether_cli_warn_cleartext:
 * @config: the configuration of a server about to be used or just added
 *
 * Prints on stderr what tether_server_config_dup_cleartext_warning() says
 * about @config, if anything.
 */
void
tether_cli_warn_cleartext (TetherServerConfig *config)
{
  g_autofree char *warning = tether_server_config_dup_cleartext_warning (config);

  if (warning != NULL)
    tether_cli_print_error (_("warning: “%s”: %s"), tether_server_config_get_name (config), warning);
}

/**
 * tether_cli_describe_config:
 * @config: a configuration
 *
 * Returns: (transfer full): what runs, secrets masked: `stdio: npx -y pkg;
 *   env: KEY=••••` or `http: https://example.com/mcp; headers: …`
 */
char *
tether_cli_describe_config (TetherServerConfig *config)
{
  g_autofree char *description = tether_server_config_describe (config);
  g_autofree char *prefix = g_strdup_printf ("%s: ", tether_server_config_get_name (config));

  if (g_str_has_prefix (description, prefix))
    return g_strdup (description + strlen (prefix));

  return g_steal_pointer (&description);
}
