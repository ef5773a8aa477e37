/* tether-diagnostics.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-diagnostics"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-flatpak.h"

#include "tether-diagnostics.h"

/* Where servers run and what they find there, for `tether-cli diagnostics`
 * and the window's Diagnostics: the sandbox and the permission to run
 * commands on the host, the login shell's PATH (how long resolving it took,
 * and why it is a fallback if it is), each configured command's absolute
 * path (or where it was looked for), and the other clients' configuration
 * files found in the real home directory. Nothing is started: commands are
 * only looked up.
 *
 * The report is JSON (the CLI's --json, member for member):
 *
 *   version, sandbox { flatpak, appId, hostCommands, overrideCommand?, message? },
 *   loginShell { shell, fromLoginShell, onHost, elapsedMs, path, note },
 *   configuration { file, error },
 *   servers [ { name, kind, enabled, command, resolved, error? } | { …, url, warning? } ],
 *   discovered { home, configDir, files [ { client, file, servers, error } ], error? }
 *
 * Secrets stay out: no environment value (PATH aside), no header, and a URL
 * masked by mcp_url_mask(). A server that would send a credential
 * unencrypted has a `warning` that says so. */

struct _TetherDiagnostics
{
  GObject                 parent_instance;

  TetherConfigStore      *store;
  TetherShellEnvironment *environment;
  TetherConfigImport     *import;
};

G_DEFINE_FINAL_TYPE (TetherDiagnostics, tether_diagnostics, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STORE,
  PROP_ENVIRONMENT,
  PROP_IMPORT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---------------------------------------------------------------------- */
/* Collecting                                                              */

typedef struct
{
  GPtrArray  *configs;      /* TetherServerConfig: the servers when asked */
  char       *file;
  char       *store_error;
  JsonArray  *servers;
  guint       next;
} Collection;

static void
collection_free (Collection *collection)
{
  g_clear_pointer (&collection->configs, g_ptr_array_unref);
  g_clear_pointer (&collection->file, g_free);
  g_clear_pointer (&collection->store_error, g_free);
  g_clear_pointer (&collection->servers, json_array_unref);
  g_free (collection);
}

static void look_up_next (GTask *task);

static void
found_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Collection *collection = g_task_get_task_data (task);
  JsonObject *entry = json_array_get_object_element (collection->servers, collection->next - 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *program = NULL;

  program = tether_shell_environment_find_program_finish (TETHER_SHELL_ENVIRONMENT (object), result, &error);
  if (g_task_return_error_if_cancelled (task))
    return;

  if (program != NULL)
    json_object_set_string_member (entry, "resolved", program);
  else
    {
      json_object_set_null_member (entry, "resolved");
      json_object_set_string_member (entry, "error", error->message);
    }

  look_up_next (g_steal_pointer (&task));
}

static void
add_sources (JsonBuilder *builder,
             GListModel  *discovered)
{
  guint n = discovered != NULL ? g_list_model_get_n_items (discovered) : 0;

  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherImportSource) source = g_list_model_get_item (discovered, i);
      g_autofree char *path = g_file_get_path (tether_import_source_get_file (source));

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "client");
      json_builder_add_string_value (builder, tether_import_source_get_client (source));
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, path);
      json_builder_set_member_name (builder, "servers");
      json_builder_add_int_value (builder, tether_import_source_get_n_servers (source));
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, tether_import_source_get_error_message (source));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static JsonNode *
build_report (TetherDiagnostics *self,
              Collection        *collection,
              GListModel        *discovered,
              const GError      *discover_error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  TetherShellEnvironment *environment = self->environment;
  g_autoptr(GError) permission = NULL;
  g_autofree char *app_id = tether_flatpak_dup_app_id ();
  gboolean sandboxed = tether_flatpak_is_sandboxed ();
  gboolean permitted = tether_flatpak_check_host_permission (&permission);
  JsonNode *servers;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, PACKAGE_VERSION);

  json_builder_set_member_name (builder, "sandbox");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "flatpak");
  json_builder_add_boolean_value (builder, sandboxed);
  json_builder_set_member_name (builder, "appId");
  json_builder_add_string_value (builder, sandboxed ? app_id : NULL);
  json_builder_set_member_name (builder, "hostCommands");
  json_builder_add_boolean_value (builder, permitted);
  if (!permitted)
    {
      g_autofree char *command = tether_flatpak_dup_override_command ();

      json_builder_set_member_name (builder, "overrideCommand");
      json_builder_add_string_value (builder, command);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, permission->message);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "loginShell");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "shell");
  json_builder_add_string_value (builder, tether_shell_environment_get_login_shell (environment));
  json_builder_set_member_name (builder, "fromLoginShell");
  json_builder_add_boolean_value (builder, tether_shell_environment_get_from_login_shell (environment));
  json_builder_set_member_name (builder, "onHost");
  json_builder_add_boolean_value (builder, tether_shell_environment_get_on_host (environment));
  json_builder_set_member_name (builder, "elapsedMs");
  json_builder_add_int_value (builder, tether_shell_environment_get_elapsed_ms (environment));
  json_builder_set_member_name (builder, "path");
  json_builder_add_string_value (builder, tether_shell_environment_get_path (environment));
  json_builder_set_member_name (builder, "note");
  json_builder_add_string_value (builder, tether_shell_environment_get_note (environment));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "configuration");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, collection->file);
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, collection->store_error);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "servers");
  servers = json_node_new (JSON_NODE_ARRAY);
  json_node_set_array (servers, collection->servers);
  json_builder_add_value (builder, servers);

  json_builder_set_member_name (builder, "discovered");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "home");
  json_builder_add_string_value (builder, tether_config_import_get_home_dir (self->import));
  json_builder_set_member_name (builder, "configDir");
  json_builder_add_string_value (builder, tether_config_import_get_config_dir (self->import));
  json_builder_set_member_name (builder, "files");
  add_sources (builder, discovered);
  if (discover_error != NULL)
    {
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, discover_error->message);
    }
  json_builder_end_object (builder);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
discovered_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TetherDiagnostics *self = g_task_get_source_object (task);
  g_autoptr(GListModel) discovered = NULL;
  g_autoptr(GError) error = NULL;

  discovered = tether_config_import_discover_finish (TETHER_CONFIG_IMPORT (object), result, &error);
  if (g_task_return_error_if_cancelled (task))
    return;

  g_task_return_pointer (task, build_report (self, g_task_get_task_data (task), discovered, error),
                         (GDestroyNotify)json_node_unref);
}

/* One configured command after another; then the other clients' files. */
static void
look_up_next (GTask *task)
{
  TetherDiagnostics *self = g_task_get_source_object (task);
  Collection *collection = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  while (collection->next < collection->configs->len)
    {
      TetherServerConfig *config = g_ptr_array_index (collection->configs, collection->next++);
      JsonObject *entry = json_object_new ();
      TetherServerKind kind = tether_server_config_get_kind (config);

      json_object_set_string_member (entry, "name", tether_server_config_get_name (config));
      json_object_set_string_member (entry, "kind", tether_server_kind_to_string (kind));
      json_object_set_boolean_member (entry, "enabled", tether_server_config_get_enabled (config));
      json_array_add_object_element (collection->servers, entry);

      if (kind == TETHER_SERVER_KIND_STDIO)
        {
          g_auto(GStrv) argv = tether_server_config_dup_argv (config);
          const char *command = argv != NULL ? argv[0] : NULL;

          json_object_set_string_member (entry, "command", command);
          tether_shell_environment_find_program_async (self->environment, command,
                                                       tether_server_config_get_cwd (config),
                                                       cancellable, found_cb, task);
          return;
        }

      {
        g_autofree char *url = tether_server_config_dup_masked_url (config);
        g_autofree char *warning = tether_server_config_dup_cleartext_warning (config);

        json_object_set_string_member (entry, "url", url);
        if (warning != NULL)
          json_object_set_string_member (entry, "warning", warning);
      }
    }

  tether_config_import_discover_async (self->import, cancellable, discovered_cb, task);
}

static void
resolved_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;

  if (!tether_shell_environment_resolve_finish (TETHER_SHELL_ENVIRONMENT (object), result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  look_up_next (task);
}

/**
 * tether_diagnostics_collect_async:
 * @self: a #TetherDiagnostics
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the report
 * @user_data: data for @callback
 *
 * Gathers the facts: resolves the login shell's environment if that is not
 * done yet (bounded by its timeout), looks up the command of every server
 * configured now, one after another, and lists the other clients' files.
 * Several collections may run at once.
 */
void
tether_diagnostics_collect_async (TetherDiagnostics   *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;
  Collection *collection;
  const GError *store_error;
  guint n;

  g_return_if_fail (TETHER_IS_DIAGNOSTICS (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_diagnostics_collect_async);

  collection = g_new0 (Collection, 1);
  collection->servers = json_array_new ();
  collection->configs = g_ptr_array_new_with_free_func (g_object_unref);
  n = tether_config_store_get_n_servers (self->store);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (collection->configs, g_object_ref (tether_config_store_get_server (self->store, i)));
  collection->file = g_file_get_path (tether_config_store_get_file (self->store));
  store_error = tether_config_store_get_error (self->store);
  collection->store_error = store_error != NULL ? g_strdup (store_error->message) : NULL;
  g_task_set_task_data (task, collection, (GDestroyNotify)collection_free);

  tether_shell_environment_resolve_async (self->environment, cancellable, resolved_cb, task);
}

/**
 * tether_diagnostics_collect_finish:
 * @self: a #TetherDiagnostics
 * @result: the #GAsyncResult
 * @error: return location for an error (only cancellation)
 *
 * Returns: (transfer full): the report (see the top of this file), or %NULL
 */
JsonNode *
tether_diagnostics_collect_finish (TetherDiagnostics  *self,
                                   GAsyncResult       *result,
                                   GError            **error)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* As text                                                                 */

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;

  return json_node_get_string (node);
}

/* Where the values of the text report start, after their labels */
#define LABEL_COLUMN 16

/* How many columns @text takes in a terminal: two for a wide character,
 * none for a combining one. */
static guint
display_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iswide (c))
        width += 2;
      else if (!g_unichar_iszerowidth (c))
        width += 1;
    }

  return width;
}

/* "LABEL:", padded to the values' column, then @value on the same line.
 * The padding is done here and not in the messages, so that each label and
 * each value is a plain phrase to translate, and a translated label of any
 * length keeps the values aligned. */
static void
append_field (GString    *out,
              const char *label,
              const char *value)
{
  guint width = display_width (label) + 1;

  g_string_append_printf (out, "%s:%*s%s\n", label, width < LABEL_COLUMN ? (int)(LABEL_COLUMN - width) : 1, "",
                          value != NULL ? value : "");
}

/**
 * tether_diagnostics_format_text:
 * @report: a report from tether_diagnostics_collect_finish()
 *
 * The report as plain text, for a terminal or a bug report.
 *
 * Returns: (transfer full): the text, ending with a newline
 */
char *
tether_diagnostics_format_text (JsonNode *report)
{
  g_autoptr(GString) out = g_string_new (NULL);
  JsonObject *root, *sandbox, *login, *configuration, *discovered;
  JsonArray *servers, *files;
  const char *shell, *note, *error;

  g_return_val_if_fail (report != NULL && JSON_NODE_HOLDS_OBJECT (report), NULL);

  root = json_node_get_object (report);
  sandbox = json_object_get_object_member (root, "sandbox");
  login = json_object_get_object_member (root, "loginShell");
  configuration = json_object_get_object_member (root, "configuration");
  servers = json_object_get_array_member (root, "servers");
  discovered = json_object_get_object_member (root, "discovered");
  files = json_object_get_array_member (discovered, "files");
  shell = member_string (login, "shell");
  note = member_string (login, "note");
  error = member_string (configuration, "error");

  g_string_append_printf (out, "Tether %s\n", member_string (root, "version"));

  if (json_object_get_boolean_member (sandbox, "flatpak"))
    {
      g_autofree char *value = g_strdup_printf (_("Flatpak (%s): servers’ commands run on the host"),
                                                member_string (sandbox, "appId"));

      append_field (out, _("Sandbox"), value);
    }
  else
    /* Translators: the sandbox Tether runs in */
    append_field (out, _("Sandbox"), C_("sandbox", "none"));

  if (!json_object_get_boolean_member (sandbox, "hostCommands"))
    {
      append_field (out, _("Host commands"), _("not allowed; stdio servers cannot start. To allow them, run:"));
      g_string_append_printf (out, "%*s%s\n", LABEL_COLUMN + 2, "", member_string (sandbox, "overrideCommand"));
    }
  else if (json_object_get_boolean_member (sandbox, "flatpak"))
    append_field (out, _("Host commands"), _("allowed"));

  {
    guint elapsed = (guint)json_object_get_int_member (login, "elapsedMs");
    g_autofree char *value = NULL;

    if (!json_object_get_boolean_member (login, "fromLoginShell"))
      /* Translators: %u is a number of milliseconds */
      value = g_strdup_printf (_("not used, %u ms"), elapsed);
    else if (json_object_get_boolean_member (login, "onHost"))
      /* Translators: %s is a shell such as /bin/bash, %u a number of milliseconds */
      value = g_strdup_printf (_("%s on the host, %u ms"), shell, elapsed);
    else
      /* Translators: %s is a shell such as /bin/bash, %u a number of milliseconds */
      value = g_strdup_printf (_("%s, %u ms"), shell, elapsed);
    append_field (out, _("Login shell"), value);
  }
  if (note != NULL)
    append_field (out, _("Note"), note);
  append_field (out, "PATH", member_string (login, "path"));

  append_field (out, _("Configuration"), member_string (configuration, "file"));
  if (error != NULL)
    {
      g_string_append_printf (out, "%*s", LABEL_COLUMN, "");
      g_string_append_printf (out, _("cannot be used: %s\n"), error);
    }

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonObject *server = json_array_get_object_element (servers, i);
      const char *kind = member_string (server, "kind");
      gboolean enabled = json_object_get_boolean_member (server, "enabled");

      g_string_append_printf (out, "  %-20s ", member_string (server, "name"));
      if (g_strcmp0 (kind, "stdio") == 0)
        {
          const char *resolved = member_string (server, "resolved");

          if (resolved != NULL)
            g_string_append_printf (out,
                                    enabled ? "%s → %s\n"
                                    /* Translators: a server's command, then the
                                     * program it was found to be */
                                            : _("%s → %s (disabled)\n"),
                                    member_string (server, "command"), resolved);
          else
            g_string_append_printf (out,
                                    enabled ? "%s: %s\n"
                                    /* Translators: a server's command, then why
                                     * it cannot be found */
                                            : _("%s: %s (disabled)\n"),
                                    member_string (server, "command"), member_string (server, "error"));
        }
      else
        {
          const char *warning = member_string (server, "warning");

          g_string_append_printf (out,
                                  enabled ? "%s %s\n"
                                  /* Translators: a server's transport (http or
                                   * sse), then its address */
                                          : _("%s %s (disabled)\n"),
                                  kind, member_string (server, "url"));
          if (warning != NULL)
            g_string_append_printf (out, "  %-20s %s: %s\n", "", _("warning"), warning);
        }
    }
  if (json_array_get_length (servers) == 0)
    g_string_append_printf (out, "  %s\n", _("(no servers)"));

  g_string_append_printf (out, _("Other clients’ configuration files, in %s:\n"), member_string (discovered, "home"));
  for (guint i = 0; i < json_array_get_length (files); i++)
    {
      JsonObject *source = json_array_get_object_element (files, i);
      const char *source_error = member_string (source, "error");
      guint n_servers = (guint)json_object_get_int_member (source, "servers");

      if (source_error != NULL)
        g_string_append_printf (out, "  %-20s %s: %s\n", member_string (source, "client"),
                                member_string (source, "file"), source_error);
      else
        {
          g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u server", "%u servers",
                                                                 n_servers),
                                                    n_servers);

          g_string_append_printf (out, "  %-20s %s (%s)\n", member_string (source, "client"),
                                  member_string (source, "file"), count);
        }
    }
  if (member_string (discovered, "error") != NULL)
    {
      g_string_append (out, "  ");
      g_string_append_printf (out, _("(could not look: %s)\n"), member_string (discovered, "error"));
    }
  else if (json_array_get_length (files) == 0)
    g_string_append_printf (out, "  %s\n", _("(none found)"));

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
tether_diagnostics_dispose (GObject *object)
{
  TetherDiagnostics *self = (TetherDiagnostics *)object;

  g_clear_object (&self->store);
  g_clear_object (&self->environment);
  g_clear_object (&self->import);

  G_OBJECT_CLASS (tether_diagnostics_parent_class)->dispose (object);
}

static void
tether_diagnostics_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherDiagnostics *self = TETHER_DIAGNOSTICS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_ENVIRONMENT:
      g_value_set_object (value, self->environment);
      break;

    case PROP_IMPORT:
      g_value_set_object (value, self->import);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_diagnostics_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TetherDiagnostics *self = TETHER_DIAGNOSTICS (object);

  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    case PROP_ENVIRONMENT:
      self->environment = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_diagnostics_constructed (GObject *object)
{
  TetherDiagnostics *self = (TetherDiagnostics *)object;

  G_OBJECT_CLASS (tether_diagnostics_parent_class)->constructed (object);

  g_assert (self->store != NULL);
  if (self->environment == NULL)
    self->environment = g_object_ref (tether_shell_environment_get_default ());
}

static void
tether_diagnostics_class_init (TetherDiagnosticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_diagnostics_dispose;
  object_class->constructed = tether_diagnostics_constructed;
  object_class->get_property = tether_diagnostics_get_property;
  object_class->set_property = tether_diagnostics_set_property;

  /**
   * TetherDiagnostics:store:
   *
   * The configuration whose servers are looked at.
   */
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, TETHER_TYPE_CONFIG_STORE, construct);

  /**
   * TetherDiagnostics:environment:
   *
   * Where commands are looked up: the one servers start in
   * (tether_shell_environment_get_default() unless given).
   */
  properties[PROP_ENVIRONMENT] =
    g_param_spec_object ("environment", NULL, NULL, TETHER_TYPE_SHELL_ENVIRONMENT, construct);

  /**
   * TetherDiagnostics:import:
   *
   * What finds the other clients' files; its home directory can be changed.
   */
  properties[PROP_IMPORT] =
    g_param_spec_object ("import", NULL, NULL, TETHER_TYPE_CONFIG_IMPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_diagnostics_init (TetherDiagnostics *self)
{
  self->import = tether_config_import_new ();
}

/**
 * tether_diagnostics_new:
 * @store: the configuration
 * @environment: (nullable): where commands are looked up, or %NULL for the
 *   default (the one servers use)
 *
 * Returns: (transfer full): a new #TetherDiagnostics
 */
TetherDiagnostics *
tether_diagnostics_new (TetherConfigStore      *store,
                        TetherShellEnvironment *environment)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_STORE (store), NULL);
  g_return_val_if_fail (environment == NULL || TETHER_IS_SHELL_ENVIRONMENT (environment), NULL);

  return g_object_new (TETHER_TYPE_DIAGNOSTICS,
                       "store", store,
                       "environment", environment,
                       NULL);
}

TetherConfigStore *
tether_diagnostics_get_store (TetherDiagnostics *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS (self), NULL);

  return self->store;
}

TetherShellEnvironment *
tether_diagnostics_get_environment (TetherDiagnostics *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS (self), NULL);

  return self->environment;
}

/**
 * tether_diagnostics_get_import:
 * @self: a #TetherDiagnostics
 *
 * Returns: (transfer none): what finds the other clients' files
 */
TetherConfigImport *
tether_diagnostics_get_import (TetherDiagnostics *self)
{
  g_return_val_if_fail (TETHER_IS_DIAGNOSTICS (self), NULL);

  return self->import;
}
