/* fuzz-import.c — libFuzzer target for the whole import of a dropped file
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: byte 0 picks the file name the text is dropped as (and so, with
 * the content, the client format) and whether envFile values are read (a
 * dry run reads only names); the rest is the file. Every client format is
 * reached. What must hold: a result with servers or a refusal naming the
 * file; a dry run finds the same servers; every text shown is UTF-8; no
 * value from the environment, which holds a secret, reaches a message;
 * every server found converts to the configuration's JSON and back.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tether-config-import.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#define SECRET "fuzz-Secret-9Qz"

/* Absolute, in a folder that does not exist: a relative envFile resolves
 * there, to nothing, whatever the fuzzer's working directory. */
static const char * const hints[] = {
  "/nonexistent/fuzz/.config/Claude/claude_desktop_config.json",
  "/nonexistent/fuzz/project/.vscode/mcp.json",
  "/nonexistent/fuzz/.config/Code/User/settings.json",
  "/nonexistent/fuzz/project/.cursor/mcp.json",
  "/nonexistent/fuzz/.codeium/windsurf/mcp_config.json",
  "/nonexistent/fuzz/.config/zed/settings.json",
  "/nonexistent/fuzz/.lmstudio/mcp.json",
  "/nonexistent/fuzz/settings/cline_mcp_settings.json",
  "/nonexistent/fuzz/.config/5ire/mcp.json",
  "/nonexistent/fuzz/.gemini/settings.json",
  "/nonexistent/fuzz/.claude.json",
  "/nonexistent/fuzz/.codex/config.toml",
  "/nonexistent/fuzz/.config/goose/config.yaml",
  "/nonexistent/fuzz/server.json",
  NULL,  /* pasted text */
};

/* While the input is read with no secret in the environment: whether the
 * secret's text shows anyway, which the input then spells itself (through
 * an escape or a line continuation its raw bytes do not show). */
static gboolean scanning;
static gboolean seen_in_scan;

static void
check_text (const char *text)
{
  if (text == NULL)
    return;

  g_assert (g_utf8_validate (text, -1, NULL));
  if (strstr (text, SECRET) == NULL)
    return;
  if (scanning)
    seen_in_scan = TRUE;
  else
    g_error ("a secret from the environment reached a message: %s", text);
}

static void
check_texts (const char * const *texts)
{
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    check_text (texts[i]);
}

static void
check_item (TetherImportItem *item)
{
  TetherServerConfig *config = tether_import_item_get_config (item);
  GListModel *variables = tether_import_item_get_variables (item);

  g_assert (tether_import_item_get_name (item) != NULL);
  check_text (tether_import_item_get_name (item));
  check_text (tether_import_item_get_source_key (item));
  check_text (tether_import_item_get_skip_reason (item));
  check_texts (tether_import_item_get_warnings (item));
  check_texts (tether_import_item_get_notes (item));
  g_assert (tether_import_item_get_skipped (item) == (tether_import_item_get_skip_reason (item) != NULL));

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

      check_text (tether_import_variable_get_placeholder (variable));
      check_text (tether_import_variable_get_name (variable));
      check_text (tether_import_variable_get_description (variable));
    }

  if (!tether_import_item_get_skipped (item))
    {
      g_autoptr(JsonNode) json = tether_server_config_to_json (config);
      g_autoptr(TetherServerConfig) again = NULL;
      g_autoptr(GError) error = NULL;

      again = tether_server_config_new_from_json (tether_import_item_get_name (item), json, &error);
      if (again == NULL)
        g_error ("an imported server does not read back: %s", error->message);
    }
}

static void
check_result (TetherImportResult *result,
              GError             *error)
{
  GListModel *items;

  if (result == NULL)
    {
      g_assert (error != NULL && error->domain == TETHER_CONFIG_ERROR);
      check_text (error->message);
      return;
    }

  g_assert (error == NULL);
  check_text (tether_import_result_get_display_name (result));
  check_texts (tether_import_result_get_warnings (result));
  items = tether_import_result_get_items (result);
  g_assert_cmpuint (g_list_model_get_n_items (items), >=, 1);
  g_assert_cmpuint (tether_import_result_get_n_servers (result), >=, 1);
  g_assert_cmpuint (tether_import_result_get_n_servers (result), <=, g_list_model_get_n_items (items));

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(TetherImportItem) item = g_list_model_get_item (items, i);

      check_item (item);
    }
}

/* Does the input spell the secret itself? Read it as the test does, with
 * the same variables holding another value: the secret's text shown then
 * came from the input, not from the environment. */
static gboolean
input_spells_secret (const uint8_t *data,
                     size_t         size,
                     const char    *hint)
{
  static const char * const neutral[] = {
    "API_KEY=neutral-Value-1Ab", "GH_PAT=neutral-Value-1Ab", "MCP_TOKEN=neutral-Value-1Ab",
    "HOME=/nonexistent/fuzz", NULL,
  };
  g_autoptr(TetherConfigImport) importer = tether_config_import_new ();
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tether_config_import_set_environment (importer, neutral);
  tether_config_import_set_home_dir (importer, "/nonexistent/fuzz");
  tether_config_import_set_env_file_values (importer, (data[0] & 0x80) == 0);
  result = tether_config_import_load_text (importer, (const char *)data + 1, size - 1, hint, &error);

  scanning = TRUE;
  seen_in_scan = FALSE;
  check_result (result, error);
  scanning = FALSE;

  return seen_in_scan;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char * const environment[] = {
    "API_KEY=" SECRET, "GH_PAT=" SECRET, "MCP_TOKEN=" SECRET, "HOME=/nonexistent/fuzz", NULL,
  };
  g_autoptr(TetherConfigImport) importer = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *hint;

  if (size < 1)
    return 0;

  /* The input may quote the secret itself; then it may be shown. */
  if (g_strstr_len ((const char *)data, size, SECRET) != NULL)
    return 0;

  hint = hints[data[0] % G_N_ELEMENTS (hints)];
  if (input_spells_secret (data, size, hint))
    return 0;

  importer = tether_config_import_new ();
  tether_config_import_set_environment (importer, environment);
  tether_config_import_set_home_dir (importer, "/nonexistent/fuzz");
  tether_config_import_set_env_file_values (importer, (data[0] & 0x80) == 0);

  result = tether_config_import_load_text (importer, (const char *)data + 1, size - 1, hint, &error);

  /* A dry run finds the same servers, and refuses the same files. */
  {
    g_autoptr(TetherImportResult) other = NULL;
    g_autoptr(GError) other_error = NULL;

    tether_config_import_set_env_file_values (importer, (data[0] & 0x80) != 0);
    other = tether_config_import_load_text (importer, (const char *)data + 1, size - 1, hint, &other_error);
    g_assert ((result == NULL) == (other == NULL));
    if (result == NULL)
      g_assert_cmpstr (error->message, ==, other_error->message);
    else
      {
        GListModel *these = tether_import_result_get_items (result);
        GListModel *other_items = tether_import_result_get_items (other);

        g_assert_cmpuint (g_list_model_get_n_items (these), ==, g_list_model_get_n_items (other_items));
        g_assert_cmpuint (tether_import_result_get_n_servers (result), ==,
                          tether_import_result_get_n_servers (other));
        for (guint i = 0; i < g_list_model_get_n_items (these); i++)
          {
            g_autoptr(TetherImportItem) item = g_list_model_get_item (these, i);
            g_autoptr(TetherImportItem) other_item = g_list_model_get_item (other_items, i);

            g_assert_cmpstr (tether_import_item_get_name (item), ==, tether_import_item_get_name (other_item));
            g_assert_cmpstr (tether_import_item_get_skip_reason (item), ==,
                             tether_import_item_get_skip_reason (other_item));
          }
      }
  }

  check_result (result, error);

  return 0;
}
