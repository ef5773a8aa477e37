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
 *    --disabled.
 *
 * The report shows each server as the importer normalised it, placeholders
 * unresolved and every env and header value masked: a value given with
 * --set is never printed.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "tether-cli-commands.h"
#include "tether-cli-config.h"
#include "tether-config-import.h"

typedef enum
{
  CONFLICT_SKIP,
  CONFLICT_REPLACE,
  CONFLICT_RENAME,
} Conflict;

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

typedef struct
{
  TetherImportItem *item;
  Action            action;
  char             *name;    /* the name it gets */
  char             *reason;
} Plan;

typedef struct
{
  const char  *file;
  const char  *config;     /* the configuration's path */
  GPtrArray   *sets;       /* NAME=VALUE */
  Conflict     conflict;
  gboolean     dry_run;
  gboolean     disabled;
  gboolean     json;
} ImportArgs;

static void
plan_free (Plan *plan)
{
  g_clear_object (&plan->item);
  g_free (plan->name);
  g_free (plan->reason);
  g_free (plan);
}

static void
print_import_usage (void)
{
  printf ("%s\n\n", _("Usage: tether-cli [--config FILE] import [OPTIONS] FILE"));
  printf ("%s\n\n", _("Adds the servers of another client's configuration file (Claude Desktop, VS Code, "
                      "Cursor, Windsurf, Zed, LM Studio, Cline, 5ire, Gemini CLI, Claude Code, Codex, goose…). "
                      "FILE is only read."));
  printf ("  %-22s %s\n", "--dry-run", _("show what would be added; change nothing"));
  printf ("  %-22s %s\n", "--json", _("print JSON instead of text"));
  printf ("  %-22s %s\n", "--disabled", _("add the servers disabled"));
  printf ("  %-22s %s\n", "--replace", _("replace servers of the same name (default: skip them)"));
  printf ("  %-22s %s\n", "--rename", _("add servers of a name already taken as NAME-2, NAME-3…"));
  printf ("  %-22s %s\n", "--set NAME=VALUE", _("give a value to a variable the file leaves open "
                                                  "(${input:NAME}, ${workspaceFolder}, ${env:NAME})"));
}

static gboolean
parse_import (char       **args,
              ImportArgs  *import,
              gboolean    *help,
              GError     **error)
{
  for (guint i = 0; args[i] != NULL; i++)
    {
      const char *value = NULL;

      if (g_str_equal (args[i], "--help") || g_str_equal (args[i], "-h"))
        *help = TRUE;
      else if (g_str_equal (args[i], "--dry-run"))
        import->dry_run = TRUE;
      else if (g_str_equal (args[i], "--disabled"))
        import->disabled = TRUE;
      else if (g_str_equal (args[i], "--replace") || g_str_equal (args[i], "--rename"))
        {
          Conflict conflict = g_str_equal (args[i], "--replace") ? CONFLICT_REPLACE : CONFLICT_RENAME;

          if (import->conflict != CONFLICT_SKIP && import->conflict != conflict)
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("import: --replace and --rename exclude each other"));
              return FALSE;
            }
          import->conflict = conflict;
        }
      else if (tether_cli_match_pair (args, &i, "--set", '=', &value, error))
        {
          if (value == NULL)
            return FALSE;
          g_ptr_array_add (import->sets, (gpointer)value);
        }
      else if (g_str_equal (args[i], "--") && args[i + 1] != NULL && import->file == NULL)
        import->file = args[++i];
      else if (args[i][0] == '-' && args[i][1] != '\0')
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                       _("import: unknown option %s"), args[i]);
          return FALSE;
        }
      else if (import->file == NULL)
        import->file = args[i];
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _("import takes one file, not “%s” too"), args[i]);
          return FALSE;
        }
    }

  if (import->file == NULL && !*help)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("import needs the file to read: tether-cli import [--dry-run] FILE"));
      return FALSE;
    }

  return TRUE;
}

/* --set: each names a variable of the file, and gives it its value. */
static gboolean
apply_values (TetherImportResult  *result,
              GPtrArray           *sets,
              GError             **error)
{
  GListModel *variables = tether_import_result_get_variables (result);

  for (guint s = 0; s < sets->len; s++)
    {
      const char *set = g_ptr_array_index (sets, s);
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

static gboolean
name_taken (TetherConfigStore *store,
            GHashTable        *planned,
            const char        *name)
{
  return g_hash_table_contains (planned, name) ||
         (store != NULL && tether_config_store_lookup (store, name, NULL) != NULL);
}

static Plan *
plan_item (TetherImportItem  *item,
           TetherConfigStore *store,
           GHashTable        *planned,
           Conflict           conflict)
{
  Plan *plan = g_new0 (Plan, 1);
  const char *name = tether_import_item_get_name (item);
  g_autoptr(TetherServerConfig) resolved = NULL;
  g_autoptr(GError) error = NULL;

  plan->item = g_object_ref (item);
  plan->name = g_strdup (name);

  if (tether_import_item_get_skipped (item))
    {
      plan->action = ACTION_SKIP;
      plan->reason = g_strdup (tether_import_item_get_skip_reason (item));
      return plan;
    }

  if (tether_import_item_get_n_unresolved (item) > 0)
    {
      plan->action = ACTION_REFUSE;
      plan->reason = describe_unresolved (item, TRUE);
      return plan;
    }

  resolved = tether_import_item_dup_resolved_config (item);
  if (!tether_server_config_validate (resolved, &error))
    {
      plan->action = ACTION_REFUSE;
      plan->reason = g_strdup (error->message);
      return plan;
    }

  if (!name_taken (store, planned, name))
    plan->action = ACTION_ADD;
  else if (conflict == CONFLICT_REPLACE && !g_hash_table_contains (planned, name))
    plan->action = ACTION_REPLACE;
  else if (conflict == CONFLICT_RENAME)
    {
      plan->action = ACTION_RENAME;
      for (guint n = 2; name_taken (store, planned, plan->name); n++)
        {
          g_free (plan->name);
          plan->name = g_strdup_printf ("%s-%u", name, n);
        }
    }
  else
    {
      plan->action = ACTION_EXISTS;
      plan->reason = g_strdup_printf (_("a server named “%s” already exists (use --replace or --rename)"), name);
    }

  if (plan->action != ACTION_EXISTS)
    g_hash_table_add (planned, g_strdup (plan->name));

  return plan;
}

static void
carry_out (Plan              *plan,
           TetherConfigStore *store,
           gboolean           disabled)
{
  g_autoptr(TetherServerConfig) config = tether_import_item_dup_resolved_config (plan->item);
  g_autoptr(GError) error = NULL;
  gboolean done;

  tether_server_config_set_name (config, plan->name);
  if (disabled)
    tether_server_config_set_enabled (config, FALSE);

  if (plan->action == ACTION_REPLACE)
    done = tether_config_store_replace (store, plan->name, config, &error);
  else
    done = tether_config_store_add (store, config, &error);

  if (!done)
    {
      plan->action = ACTION_FAILED;
      plan->reason = g_strdup (error->message);
    }
}

/* Text */

static const char *
describe_action (const Plan *plan,
                 gboolean    dry_run)
{
  switch (plan->action)
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
    printf ("    %s: %s\n", label, strv[i]);
}

/* The item's warnings, less those about a placeholder --set has filled. */
static char **
dup_warnings (TetherImportItem *item)
{
  const char * const *warnings = tether_import_item_get_warnings (item);
  GListModel *variables = tether_import_item_get_variables (item);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    {
      gboolean filled = FALSE;

      for (guint j = 0; j < g_list_model_get_n_items (variables) && !filled; j++)
        {
          g_autoptr(TetherImportVariable) variable = g_list_model_get_item (variables, j);

          filled = tether_import_variable_get_value (variable) != NULL &&
                   strstr (warnings[i], tether_import_variable_get_placeholder (variable)) != NULL;
        }

      if (!filled)
        g_strv_builder_add (builder, warnings[i]);
    }

  return g_strv_builder_end (builder);
}

static void
print_text (TetherImportResult *result,
            GPtrArray          *plans,
            TetherConfigStore  *store,
            const ImportArgs   *import)
{
  guint counts[G_N_ELEMENTS (action_names)] = { 0 };

  printf (_("%s: %s, %u servers\n"), g_file_peek_path (tether_import_result_get_file (result)),
          tether_import_format_get_display_name (tether_import_result_get_format (result)),
          plans->len);
  print_strv (_("warning"), tether_import_result_get_warnings (result));

  for (guint i = 0; i < plans->len; i++)
    {
      Plan *plan = g_ptr_array_index (plans, i);
      TetherServerConfig *config = tether_import_item_get_config (plan->item);
      g_autofree char *description = tether_cli_describe_config (config);
      g_auto(GStrv) warnings = dup_warnings (plan->item);

      counts[plan->action]++;

      printf ("\n%s: %s", tether_import_item_get_name (plan->item), describe_action (plan, import->dry_run));
      if (plan->action == ACTION_RENAME)
        printf (" (“%s”)", plan->name);
      if (plan->reason != NULL)
        printf (": %s", plan->reason);
      printf ("\n    %s\n", description);
      print_strv (_("warning"), (const char * const *)warnings);
      print_strv (_("note"), tether_import_item_get_notes (plan->item));
    }

  printf ("\n");
  if (import->dry_run)
    printf (_("Would add %u, skip %u and refuse %u of %u servers in %s. Nothing was changed.\n"),
            counts[ACTION_ADD] + counts[ACTION_REPLACE] + counts[ACTION_RENAME],
            counts[ACTION_SKIP] + counts[ACTION_EXISTS], counts[ACTION_REFUSE], plans->len, import->config);
  else
    printf (_("Added %u, skipped %u and refused %u of %u servers in %s.\n"),
            counts[ACTION_ADD] + counts[ACTION_REPLACE] + counts[ACTION_RENAME],
            counts[ACTION_SKIP] + counts[ACTION_EXISTS], counts[ACTION_REFUSE] + counts[ACTION_FAILED],
            plans->len, import->config);
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
print_json (TetherImportResult *result,
            GPtrArray          *plans,
            TetherConfigStore  *store,
            const ImportArgs   *import)
{
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
  json_object_set_array_member (object, "warnings", strv_to_json (tether_import_result_get_warnings (result)));
  json_object_set_array_member (object, "variables",
                                variables_to_json (tether_import_result_get_variables (result)));

  for (guint i = 0; i < plans->len; i++)
    {
      Plan *plan = g_ptr_array_index (plans, i);
      TetherServerConfig *config = tether_import_item_get_config (plan->item);
      g_auto(GStrv) warnings = dup_warnings (plan->item);
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "name", tether_import_item_get_name (plan->item));
      json_object_set_string_member (entry, "source_key", tether_import_item_get_source_key (plan->item));
      json_object_set_string_member (entry, "action", action_names[plan->action]);
      json_object_set_string_member (entry, "new_name", plan->name);
      if (plan->reason != NULL)
        json_object_set_string_member (entry, "reason", plan->reason);
      else
        json_object_set_null_member (entry, "reason");
      json_object_set_string_member (entry, "transport",
                                     tether_server_kind_to_string (tether_server_config_get_kind (config)));
      json_object_set_member (entry, "config", tether_cli_masked_entry (config));
      json_object_set_array_member (entry, "warnings", strv_to_json ((const char * const *)warnings));
      json_object_set_array_member (entry, "notes", strv_to_json (tether_import_item_get_notes (plan->item)));
      json_object_set_array_member (entry, "variables",
                                    variables_to_json (tether_import_item_get_variables (plan->item)));
      json_array_add_object_element (servers, entry);
    }

  json_object_set_array_member (object, "servers", servers);
  json_node_set_object (node, object);
  tether_cli_print_json (node);
}

int
tether_cli_import_main (const TetherCliOptions  *options,
                        char                   **args,
                        GError                 **error)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new ();
  g_autoptr(GPtrArray) plans = g_ptr_array_new_with_free_func ((GDestroyNotify)plan_free);
  g_autoptr(GHashTable) planned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(TetherConfigImport) importer = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) config_file = tether_cli_options_get_file (options);
  g_autoptr(GError) store_error = NULL;
  ImportArgs import = { .sets = sets, .json = options->json, .config = g_file_peek_path (config_file) };
  GListModel *items;
  gboolean help = FALSE;
  guint not_imported = 0;

  if (!parse_import (args, &import, &help, error))
    return TETHER_CLI_EXIT_USAGE;

  if (help)
    {
      print_import_usage ();
      return TETHER_CLI_EXIT_OK;
    }

  file = g_file_new_for_commandline_arg (import.file);
  importer = tether_config_import_new ();
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

  items = tether_import_result_get_items (result);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(TetherImportItem) item = g_list_model_get_item (items, i);

      g_ptr_array_add (plans, plan_item (item, store, planned, import.conflict));
    }

  if (!import.dry_run)
    {
      for (guint i = 0; i < plans->len; i++)
        {
          Plan *plan = g_ptr_array_index (plans, i);

          if (plan->action == ACTION_ADD || plan->action == ACTION_REPLACE || plan->action == ACTION_RENAME)
            carry_out (plan, store, import.disabled);
          if (plan->action == ACTION_REFUSE || plan->action == ACTION_FAILED)
            not_imported++;
        }
    }

  if (import.json)
    print_json (result, plans, store, &import);
  else
    print_text (result, plans, store, &import);

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
