/* tether-cli-import.c — tether-cli import
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli import [--dry-run] [--json] [--disabled] [--replace | --rename]
 *                   [--set NAME=VALUE]… FILE
 *
 * Reads another client's configuration file with TetherConfigImport (the
 * file is only read), decides for each server found what to do, and — unless
 * --dry-run — does it through TetherConfigStore:
 *
 *  - an entry the importer could not use is skipped, with its reason;
 *  - a server with placeholders still without a value (`${input:key}`,
 *    `${workspaceFolder}`, an unset `${env:NAME}`) is refused unless
 *    `--set NAME=VALUE` gives them (NAME as the importer names the
 *    variable, or the placeholder itself);
 *  - a name the configuration has already is skipped, or with --replace
 *    replaces that server, or with --rename is added as NAME-2, NAME-3…;
 *  - the rest is added, enabled as the source had it, or disabled with
 *    --disabled;
 *  - env and header values that look secret go into the keyring and the
 *    configuration gets `${secret:NAME}` instead, unless --keep-secrets
 *    keeps them in place; without a keyring they stay in place, with a
 *    warning, and nothing is moved.
 *
 * The report shows each server as the importer normalised it, placeholders
 * unresolved and every env and header value masked: a value given with
 * --set is never printed. A dry run reads only the names in an `envFile`
 * (its report shows no more), never the values.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-import.h"
#include "tether-cli-output.h"
#include "tether-config-import.h"
#include "tether-import-plan.h"
#include "tether-secret-move.h"

typedef enum
{
  ACTION_ADD,
  ACTION_REPLACE,
  ACTION_RENAME,
  ACTION_SKIP,      /* the importer could not use it */
  ACTION_EXISTS,    /* the name is taken */
  ACTION_REFUSE,    /* values missing, or not valid */
  ACTION_FAILED,    /* the configuration refused it */
} Action;

static const char *action_names[] = {
  "add", "replace", "rename", "skip", "exists", "refuse", "failed",
};

/* What the CLI says of each server of the plan */
typedef struct
{
  Action  action;
  char   *name;      /* the name it gets */
  char   *reason;
} Outcome;

typedef struct
{
  const char            *file;
  const char            *config;     /* the configuration's path */
  char                 **sets;       /* NAME=VALUE */
  TetherImportConflict   conflict;
  gboolean               dry_run;
  gboolean               disabled;
  gboolean               keep_secrets;
  gboolean               json;
  guint                  n_moved;    /* values moved into the keyring */
} ImportArgs;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->name, g_free);
  g_clear_pointer (&outcome->reason, g_free);
}

/* Reads import's options, then the one FILE (after "--" if it looks
 * like an option). */
static gboolean
parse_import (const TetherCliConfigCommand  *command,
              char                         **args,
              ImportArgs                    *import,
              TetherCliArgs                 *parsed,
              GError                       **error)
{
  gboolean replace = FALSE;
  gboolean keep_both = FALSE;
  const GOptionEntry entries[] = {
    { "dry-run", 0, 0, G_OPTION_ARG_NONE, &import->dry_run,
      N_("Show what would be added; change nothing"), NULL },
    { "disabled", 0, 0, G_OPTION_ARG_NONE, &import->disabled,
      N_("Add the servers disabled"), NULL },
    { "replace", 0, 0, G_OPTION_ARG_NONE, &replace,
      N_("Replace servers of the same name (default: skip them)"), NULL },
    { "rename", 0, 0, G_OPTION_ARG_NONE, &keep_both,
      N_("Add servers of a name already taken as NAME-2, NAME-3…"), NULL },
    { "keep-secrets", 0, 0, G_OPTION_ARG_NONE, &import->keep_secrets,
      N_("Keep values that look secret in the configuration file instead of moving them to the keyring"),
      NULL },
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &import->sets,
      N_("Give a value to a variable the file leaves open (${input:NAME}, ${workspaceFolder}, "
         "${env:NAME})"), N_("NAME=VALUE") },
    { NULL }
  };
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  if (!tether_cli_args_parse (parsed, "import FILE",
                              N_("Adds the servers of another client's configuration file (Claude "
                                 "Desktop, VS Code, Cursor, Windsurf, Zed, LM Studio, Cline, 5ire, "
                                 "Gemini CLI, Claude Code, Codex, goose…). FILE is only read."),
                              entries, NULL, NULL, &import->json, args, error))
    return FALSE;

  if (parsed->help)
    return TRUE;

  if (replace && keep_both)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("import: --replace and --rename exclude each other"));
      return FALSE;
    }
  import->conflict = replace ? TETHER_IMPORT_CONFLICT_REPLACE
                             : keep_both ? TETHER_IMPORT_CONFLICT_KEEP_BOTH
                                      : TETHER_IMPORT_CONFLICT_SKIP;

  if (!tether_cli_check_pairs ("--set", (const char * const *)import->sets, '=', error))
    return FALSE;

  for (guint i = 0; parsed->positional[i] != NULL; i++)
    g_ptr_array_add (files, parsed->positional[i]);
  for (guint i = 0; parsed->command_line != NULL && parsed->command_line[i] != NULL; i++)
    g_ptr_array_add (files, parsed->command_line[i]);

  if (files->len == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("import needs the file to read: tether-cli import [--dry-run] FILE"));
      return FALSE;
    }

  if (files->len > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("import takes one file, not “%s” too"), (const char *)g_ptr_array_index (files, 1));
      return FALSE;
    }

  import->file = g_ptr_array_index (files, 0);

  return TRUE;
}

/* --set: each names a variable of the file, and gives it its value. */
static gboolean
apply_values (TetherImportResult  *result,
              char               **sets,
              GError             **error)
{
  GListModel *variables = tether_import_result_get_variables (result);

  for (guint s = 0; sets != NULL && sets[s] != NULL; s++)
    {
      const char *set = sets[s];
      const char *eq = strchr (set, '=');
      g_autofree char *name = g_strndup (set, eq - set);
      gboolean found = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
        {
          g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

          if (g_strcmp0 (tether_import_variable_get_name (variable), name) == 0 ||
              g_strcmp0 (tether_import_variable_get_placeholder (variable), name) == 0)
            {
              tether_import_variable_set_value (variable, eq + 1);
              found = TRUE;
            }
        }

      if (!found)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
            {
              g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);

              g_string_append_printf (known, "%s%s", i > 0 ? ", " : "",
                                      tether_import_variable_get_name (variable));
            }

          if (known->len > 0)
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--set %s: the file has no such variable (it has: %s)"), name, known->str);
          else
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--set %s: the file has no variables to set"), name);
          return FALSE;
        }
    }

  return TRUE;
}

/* What is left open: “${input:key} (API key), ${workspaceFolder}” */
static char *
describe_unresolved (TetherImportItem *item,
                     gboolean          with_hint)
{
  GListModel *variables = tether_import_item_get_variables (item);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autoptr(GString) hint = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);
      const char *description = tether_import_variable_get_description (variable);

      if (tether_import_variable_get_value (variable) != NULL)
        continue;

      g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "",
                              tether_import_variable_get_placeholder (variable));
      if (description != NULL)
        g_string_append_printf (list, " (%s)", description);
      g_string_append_printf (hint, "%s--set %s=VALUE", hint->len > 0 ? " " : "",
                              tether_import_variable_get_name (variable));
    }

  if (!with_hint)
    return g_strdup (list->str);

  /* Translators: the placeholders, then the --set options that fill them */
  return g_strdup_printf (_("it needs values for %s: give them with %s"), list->str, hint->str);
}

static void
decide (TetherImportPlan *plan,
        guint             i,
        Outcome          *outcome)
{
  TetherImportItem *item = tether_import_plan_get_item (plan, i);

  /* Saving changes the configuration, and the plan follows it: keep what
   * was decided before. */
  outcome->name = g_strdup (tether_import_plan_get_new_name (plan, i));

  switch (tether_import_plan_get_action (plan, i))
    {
    case TETHER_IMPORT_ACTION_ADD:
      outcome->action = ACTION_ADD;
      break;
    case TETHER_IMPORT_ACTION_REPLACE:
      outcome->action = ACTION_REPLACE;
      break;
    case TETHER_IMPORT_ACTION_RENAME:
      outcome->action = ACTION_RENAME;
      break;
    case TETHER_IMPORT_ACTION_EXISTS:
      outcome->action = ACTION_EXISTS;
      outcome->reason = g_strdup_printf (_("a server named “%s” already exists (use --replace or --rename)"),
                                         tether_import_item_get_name (item));
      break;
    case TETHER_IMPORT_ACTION_UNRESOLVED:
      outcome->action = ACTION_REFUSE;
      outcome->reason = describe_unresolved (item, TRUE);
      break;
    case TETHER_IMPORT_ACTION_INVALID:
      outcome->action = ACTION_REFUSE;
      outcome->reason = g_strdup (tether_import_plan_get_reason (plan, i));
      break;
    case TETHER_IMPORT_ACTION_SKIP:
    case TETHER_IMPORT_ACTION_EXCLUDED:
    default:
      outcome->action = ACTION_SKIP;
      outcome->reason = g_strdup (tether_import_plan_get_reason (plan, i));
      break;
    }
}

/* Text */

static const char *
describe_action (const Outcome *outcome,
                 gboolean       dry_run)
{
  switch (outcome->action)
    {
    case ACTION_ADD:
      return dry_run ? _("would be added") : _("added");
    case ACTION_REPLACE:
      return dry_run ? _("would replace the server of the same name") : _("replaced the server of the same name");
    case ACTION_RENAME:
      return dry_run ? _("would be added under a new name") : _("added under a new name");
    case ACTION_SKIP:
    case ACTION_EXISTS:
      return dry_run ? _("would be skipped") : _("skipped");
    case ACTION_REFUSE:
      return dry_run ? _("would be refused") : _("refused");
    case ACTION_FAILED:
    default:
      return _("failed");
    }
}

static void
print_strv (const char         *label,
            const char * const *strv)
{
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      g_autofree char *shown = tether_cli_escape (strv[i]);

      printf ("    %s: %s\n", label, shown);
    }
}

static void
print_text (TetherImportPlan *plan,
            GArray           *outcomes,
            const ImportArgs *import)
{
  TetherImportResult *result = tether_import_plan_get_result (plan);
  guint counts[G_N_ELEMENTS (action_names)] = { 0 };
  GFile *source = tether_import_result_get_file (result);
  g_autofree char *file = tether_cli_escape (g_file_peek_path (source));
  g_autofree char *config_file = tether_cli_escape (import->config);

  /* Translators: the first %s is a file, the second its format, such as
   * “Claude Desktop” */
  printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s, %u server\n", "%s: %s, %u servers\n", outcomes->len),
          file,
          tether_import_format_get_display_name (tether_import_result_get_format (result)),
          outcomes->len);
  print_strv (_("warning"), tether_import_result_get_warnings (result));

  for (guint i = 0; i < outcomes->len; i++)
    {
      Outcome *outcome = &g_array_index (outcomes, Outcome, i);
      TetherImportItem *item = tether_import_plan_get_item (plan, i);
      TetherServerConfig *config = tether_import_item_get_config (item);
      g_autofree char *raw_description = tether_cli_describe_config (config);
      g_autofree char *description = tether_cli_escape (raw_description);
      g_autofree char *name = tether_cli_escape (tether_import_item_get_name (item));
      g_autofree char *new_name = tether_cli_escape (outcome->name);
      g_autofree char *reason = tether_cli_escape (outcome->reason);
      g_auto(GStrv) warnings = tether_import_plan_dup_warnings (plan, i);
      g_autofree char *line = NULL;
      g_autofree char *shown = NULL;

      counts[outcome->action]++;

      if (outcome->action == ACTION_RENAME)
        /* Translators: a server's name, then the new name it gets */
        line = g_strdup_printf (import->dry_run ? _("%s: would be added under a new name (“%s”)")
                                                : _("%s: added under a new name (“%s”)"),
                                name, new_name);
      else
        /* Translators: a server's name, then what the import does with it,
         * such as “would be added” */
        line = g_strdup_printf (C_("import outcome", "%s: %s"), name, describe_action (outcome, import->dry_run));
      if (reason != NULL)
        /* Translators: an outcome of the import, such as “github: refused”,
         * then the reason */
        shown = g_strdup_printf (C_("import outcome and reason", "%s: %s"), line, reason);
      printf ("\n%s\n    %s\n", shown != NULL ? shown : line, description);
      print_strv (_("warning"), (const char * const *)warnings);
      print_strv (_("note"), tether_import_item_get_notes (item));
    }

  printf ("\n");
  if (import->dry_run)
    /* Translators: the last %s is Tether's configuration file */
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "Would add %u, skip %u and refuse %u of %u server in %s. Nothing was changed.\n",
                         "Would add %u, skip %u and refuse %u of %u servers in %s. Nothing was changed.\n",
                         outcomes->len),
            counts[ACTION_ADD] + counts[ACTION_REPLACE] + counts[ACTION_RENAME],
            counts[ACTION_SKIP] + counts[ACTION_EXISTS], counts[ACTION_REFUSE], outcomes->len,
            config_file);
  else
    /* Translators: the last %s is Tether's configuration file */
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "Added %u, skipped %u and refused %u of %u server in %s.\n",
                         "Added %u, skipped %u and refused %u of %u servers in %s.\n",
                         outcomes->len),
            counts[ACTION_ADD] + counts[ACTION_REPLACE] + counts[ACTION_RENAME],
            counts[ACTION_SKIP] + counts[ACTION_EXISTS], counts[ACTION_REFUSE] + counts[ACTION_FAILED],
            outcomes->len, config_file);
  if (import->n_moved > 0)
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "%u value that looks secret was moved to the keyring; the configuration refers to it "
                         "as ${secret:NAME}.\n",
                         "%u values that look secret were moved to the keyring; the configuration refers to them "
                         "as ${secret:NAME}.\n",
                         import->n_moved),
            import->n_moved);
}

/* JSON */

static JsonArray *
strv_to_json (const char * const *strv)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_array_add_string_element (array, strv[i]);

  return array;
}

static JsonArray *
variables_to_json (GListModel *variables)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (variables); i++)
    {
      g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, i);
      g_autoptr(GEnumClass) kinds = g_type_class_ref (TETHER_TYPE_IMPORT_VARIABLE_KIND);
      GEnumValue *kind = g_enum_get_value (kinds, tether_import_variable_get_kind (variable));
      JsonObject *object = json_object_new ();

      /* The value itself is never shown: it may be a secret. */
      json_object_set_string_member (object, "placeholder", tether_import_variable_get_placeholder (variable));
      json_object_set_string_member (object, "name", tether_import_variable_get_name (variable));
      json_object_set_string_member (object, "kind", kind != NULL ? kind->value_nick : "other");
      if (tether_import_variable_get_description (variable) != NULL)
        json_object_set_string_member (object, "description", tether_import_variable_get_description (variable));
      json_object_set_boolean_member (object, "secret", tether_import_variable_get_secret (variable));
      json_object_set_boolean_member (object, "has_value", tether_import_variable_get_value (variable) != NULL);
      json_array_add_object_element (array, object);
    }

  return array;
}

static void
print_json (TetherImportPlan *plan,
            GArray           *outcomes,
            const ImportArgs *import)
{
  TetherImportResult *result = tether_import_plan_get_result (plan);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(GEnumClass) formats = g_type_class_ref (TETHER_TYPE_IMPORT_FORMAT);
  GEnumValue *format = g_enum_get_value (formats, tether_import_result_get_format (result));
  JsonArray *servers = json_array_new ();

  json_object_set_string_member (object, "file", g_file_peek_path (tether_import_result_get_file (result)));
  json_object_set_string_member (object, "format", format != NULL ? format->value_nick : "unknown");
  json_object_set_string_member (object, "format_name",
                                 tether_import_format_get_display_name (tether_import_result_get_format (result)));
  json_object_set_string_member (object, "config", import->config);
  json_object_set_boolean_member (object, "dry_run", import->dry_run);
  json_object_set_int_member (object, "moved_to_keyring", import->n_moved);
  json_object_set_array_member (object, "warnings", strv_to_json (tether_import_result_get_warnings (result)));
  json_object_set_array_member (object, "variables",
                                variables_to_json (tether_import_result_get_variables (result)));

  for (guint i = 0; i < outcomes->len; i++)
    {
      Outcome *outcome = &g_array_index (outcomes, Outcome, i);
      TetherImportItem *item = tether_import_plan_get_item (plan, i);
      TetherServerConfig *config = tether_import_item_get_config (item);
      g_auto(GStrv) warnings = tether_import_plan_dup_warnings (plan, i);
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "name", tether_import_item_get_name (item));
      json_object_set_string_member (entry, "source_key", tether_import_item_get_source_key (item));
      json_object_set_string_member (entry, "action", action_names[outcome->action]);
      json_object_set_string_member (entry, "new_name", outcome->name);
      if (outcome->reason != NULL)
        json_object_set_string_member (entry, "reason", outcome->reason);
      else
        json_object_set_null_member (entry, "reason");
      json_object_set_string_member (entry, "transport",
                                     tether_server_kind_to_string (tether_server_config_get_kind (config)));
      json_object_set_member (entry, "config", tether_cli_masked_entry (config));
      json_object_set_array_member (entry, "warnings", strv_to_json ((const char * const *)warnings));
      json_object_set_array_member (entry, "notes", strv_to_json (tether_import_item_get_notes (item)));
      json_object_set_array_member (entry, "variables",
                                    variables_to_json (tether_import_item_get_variables (item)));
      json_array_add_object_element (servers, entry);
    }

  json_object_set_array_member (object, "servers", servers);
  json_node_set_object (node, object);
  tether_cli_print_json (node);
}

/* Moves the values of @configs that look secret into the keyring. Without
 * a keyring they stay where they are, with a warning: the configuration
 * file is readable by its owner only. */
static gboolean
move_secrets (GPtrArray  *configs,
              guint      *n_moved,
              GError    **error)
{
  g_autoptr(TetherSecretStore) secrets = NULL;
  g_autoptr(GError) probe_error = NULL;
  guint wanted = 0;

  for (guint i = 0; i < configs->len; i++)
    wanted += tether_secret_move_count (g_ptr_array_index (configs, i));
  if (wanted == 0)
    return TRUE;

  secrets = tether_secret_store_new (FALSE);
  if (!tether_secret_store_probe (secrets, &probe_error))
    {
      tether_cli_print_error (g_dngettext (GETTEXT_PACKAGE,
                                           "%u value looks secret. No keyring is available: secrets stay in "
                                           "the config file, readable only by you",
                                           "%u values look secret. No keyring is available: secrets stay in "
                                           "the config file, readable only by you",
                                           wanted),
                              wanted);
      return TRUE;
    }
  return tether_secret_move_configs (secrets, configs, n_moved, error);
}

int
tether_cli_import_main (const TetherCliConfigCommand  *command,
                        const TetherCliOptions        *options,
                        char                         **args,
                        GError                       **error)
{
  g_auto(TetherCliArgs) parsed = { 0 };
  g_auto(GStrv) sets = NULL;
  g_autoptr(GArray) outcomes = g_array_new (FALSE, TRUE, sizeof (Outcome));
  g_autoptr(TetherImportPlan) plan = NULL;
  g_autoptr(TetherConfigImport) importer = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) config_file = tether_cli_options_get_file (options);
  g_autoptr(GError) store_error = NULL;
  ImportArgs import = { .json = options->json, .config = g_file_peek_path (config_file) };
  guint not_imported = 0;
  gboolean parsed_ok;

  parsed_ok = parse_import (command, args, &import, &parsed, error);
  sets = g_steal_pointer (&import.sets);
  if (!parsed_ok)
    return TETHER_CLI_EXIT_USAGE;

  if (parsed.help)
    return TETHER_CLI_EXIT_OK;

  file = g_file_new_for_commandline_arg (import.file);
  importer = tether_config_import_new ();
  /* A dry run shows the names an envFile sets, never values: it reads no more. */
  tether_config_import_set_env_file_values (importer, !import.dry_run);
  result = tether_config_import_load_file (importer, file, NULL, error);
  if (result == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (!apply_values (result, sets, error))
    return TETHER_CLI_EXIT_USAGE;

  /* A dry run reads the configuration only to foresee name conflicts. */
  store = tether_cli_open_store (options, &store_error);
  if (store == NULL && !import.dry_run)
    {
      g_propagate_error (error, g_steal_pointer (&store_error));
      return TETHER_CLI_EXIT_FAILURE;
    }
  if (store == NULL)
    tether_cli_print_error (_("name conflicts cannot be foreseen: %s"), store_error->message);

  plan = tether_import_plan_new (result, store);
  tether_import_plan_set_all_conflicts (plan, import.conflict);
  g_array_set_clear_func (outcomes, (GDestroyNotify)outcome_clear);
  g_array_set_size (outcomes, tether_import_plan_get_n_items (plan));
  for (guint i = 0; i < outcomes->len; i++)
    decide (plan, i, &g_array_index (outcomes, Outcome, i));

  if (!import.dry_run)
    {
      g_autoptr(GPtrArray) configs = tether_import_plan_dup_configs (plan, import.disabled);
      g_autoptr(GError) merge_error = NULL;

      /* Secrets into the keyring first: the file never holds them. */
      if (configs->len > 0 && !import.keep_secrets &&
          !move_secrets (configs, &import.n_moved, &merge_error))
        g_debug ("no server imported: a secret could not be moved");
      /* One save: all of them are added, or none. */
      if (configs->len > 0 &&
          (merge_error != NULL || !tether_config_store_merge (store, configs, &merge_error)))
        {
          for (guint i = 0; i < outcomes->len; i++)
            {
              Outcome *outcome = &g_array_index (outcomes, Outcome, i);

              if (outcome->action == ACTION_ADD || outcome->action == ACTION_REPLACE ||
                  outcome->action == ACTION_RENAME)
                {
                  outcome->action = ACTION_FAILED;
                  outcome->reason = g_strdup (merge_error->message);
                }
            }
        }

      for (guint i = 0; i < outcomes->len; i++)
        {
          Action action = g_array_index (outcomes, Outcome, i).action;

          if (action == ACTION_REFUSE || action == ACTION_FAILED)
            not_imported++;
        }
    }

  if (import.json)
    print_json (plan, outcomes, &import);
  else
    print_text (plan, outcomes, &import);

  if (not_imported > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%u server was not imported (see above)",
                                "%u servers were not imported (see above)", not_imported),
                   not_imported);
      return TETHER_CLI_EXIT_FAILURE;
    }

  return TETHER_CLI_EXIT_OK;
}
