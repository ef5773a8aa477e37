/* tether-cli-config.c — tether-cli on the user's configuration
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The configuration is the app's: `--config FILE`, by default
 * `$XDG_CONFIG_HOME/tether/servers.json`, read and written through
 * TetherConfigStore (atomic saves, unknown keys kept, a file with an error
 * never written), and servers are run by TetherServer and
 * TetherServerManager with the rules of DESIGN §3, so what tether-cli shows
 * is what the app would.
 *
 *   list                  every server's state after trying to connect
 *   add NAME -- CMD…      add a stdio server
 *   add NAME --url URL    add an HTTP server
 *   remove NAME, enable NAME, disable NAME
 *
 * `watch` and `import` live in files of their own.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "mcp-http-check.h"

#include "tether-cli-commands.h"
#include "tether-cli-config.h"
#include "tether-config-error.h"
#include "tether-server-manager.h"
#include "tether-text.h"

/* How long `list` waits for the servers to settle, unless --timeout says. */
#define LIST_DEFAULT_BOUND_MS 30000

/* ---------------------------------------------------------------------- */
/* Options, the store and server targets                                    */

/**
 * tether_cli_options_init:
 * @options: the options to fill in
 * @timings_spec: (nullable): the value of `--timings`
 * @error: where to put an error
 *
 * Sets the timings: the defaults of DESIGN §3, then `TETHER_TIMINGS` from
 * the environment, then @timings_spec.
 *
 * Returns: %TRUE if both specifications were valid
 */
gboolean
tether_cli_options_init (TetherCliOptions  *options,
                         const char        *timings_spec,
                         GError           **error)
{
  g_autoptr(GError) local = NULL;

  tether_server_timings_init_defaults (&options->timings);

  if (!tether_server_timings_parse (&options->timings, g_getenv ("TETHER_TIMINGS"), &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("TETHER_TIMINGS: %s"), local->message);
      return FALSE;
    }

  if (!tether_server_timings_parse (&options->timings, timings_spec, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--timings: %s"), local->message);
      return FALSE;
    }

  return TRUE;
}

/**
 * tether_cli_options_get_file:
 * @options: the options
 *
 * Returns: (transfer full): the configuration file
 */
GFile *
tether_cli_options_get_file (const TetherCliOptions *options)
{
  if (options->config_path != NULL)
    return g_file_new_for_commandline_arg (options->config_path);

  return tether_config_store_get_default_file ();
}

/* Errors about the file name it: “servers.json, line 3, column 9: …” */
static void
prefix_path (GError *error,
             GFile  *file)
{
  const char *path = g_file_peek_path (file);

  if (error != NULL && path != NULL && strstr (error->message, path) == NULL)
    g_prefix_error (&error, "%s: ", path);
}

/**
 * tether_cli_open_store:
 * @options: the options
 * @error: where to put an error
 *
 * Loads the configuration. A missing file is an empty configuration; a file
 * that cannot be used is an error naming its path, line and column.
 *
 * Returns: (transfer full) (nullable): the loaded store
 */
TetherConfigStore *
tether_cli_open_store (const TetherCliOptions  *options,
                       GError                 **error)
{
  g_autoptr(GFile) file = tether_cli_options_get_file (options);
  g_autoptr(TetherConfigStore) store = tether_config_store_new (file);
  g_autoptr(GError) local = NULL;

  /* A change waits for another writer (the app, another run) to finish. */
  tether_config_store_set_lock_timeout (store, options->timings.config_lock_wait_ms);

  if (!tether_config_store_load (store, &local))
    {
      prefix_path (local, file);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  return g_steal_pointer (&store);
}

/* The error for a name the configuration does not have. */
static GError *
no_such_server (TetherConfigStore *store,
                const char        *name)
{
  return g_error_new (TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                      _("%s has no server named “%s” (see “tether-cli list”)"),
                      g_file_peek_path (tether_config_store_get_file (store)), name);
}

/**
 * tether_cli_open_server_target:
 * @options: the options
 * @name: a server of the configuration
 * @error: where to put an error
 *
 * A target for the server called @name, run by a #TetherServer with the
 * configuration's settings and the options' timings; `--timeout` overrides
 * the server's request and tool call timeouts.
 *
 * Returns: (transfer full) (nullable): the target
 */
TetherCliTarget *
tether_cli_open_server_target (const TetherCliOptions  *options,
                               const char              *name,
                               GError                 **error)
{
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(TetherServer) server = NULL;
  TetherServerTimings timings = options->timings;
  TetherServerConfig *found;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return NULL;

  found = tether_config_store_lookup (store, name, NULL);
  if (found == NULL)
    {
      g_propagate_error (error, no_such_server (store, name));
      return NULL;
    }

  config = tether_server_config_copy (found);
  if (options->timeout_ms > 0)
    {
      int timeout = (int)MIN (options->timeout_ms, (guint)G_MAXINT);

      tether_server_config_set_request_timeout (config, timeout);
      tether_server_config_set_tool_timeout (config, timeout);
      timings.ping_timeout_ms = options->timeout_ms;
    }

  server = tether_server_new (config, &timings);
  tether_server_set_config_file (server, tether_config_store_get_file (store));
  tether_cli_warn_cleartext (config);

  return tether_cli_target_new_server (server);
}

/* ---------------------------------------------------------------------- */
/* Arguments and output                                                     */

/**
 * tether_cli_match_option:
 * @args: the arguments
 * @i: (inout): the position of the argument to look at; moved past a value
 *   given as the next argument
 * @name: an option that takes a value, like `--url`
 * @value: (out): its value
 * @error: where to put a usage error
 *
 * Returns: %TRUE if `args[*i]` is @name, as `--name VALUE` or
 *   `--name=VALUE`; then either @value (never empty) or @error is set
 */
gboolean
tether_cli_match_option (char        **args,
                         guint        *i,
                         const char   *name,
                         const char  **value,
                         GError      **error)
{
  const char *arg = args[*i];
  gsize n = strlen (name);

  if (strncmp (arg, name, n) != 0 || (arg[n] != '\0' && arg[n] != '='))
    return FALSE;

  *value = NULL;

  if (arg[n] == '=')
    *value = arg + n + 1;
  else if (args[*i + 1] != NULL && !g_str_equal (args[*i + 1], "--"))
    *value = args[++(*i)];

  if (*value == NULL || **value == '\0')
    {
      *value = NULL;
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s needs a value"), name);
    }

  return TRUE;
}

/**
 * tether_cli_match_pair:
 * @args: the arguments
 * @i: (inout): as for tether_cli_match_option()
 * @name: an option whose value is a pair, like `--env`
 * @separator: what separates the pair's name from its value: `=`, `:`
 * @value: (out): the whole value, or %NULL if it is not a pair
 * @error: where to put a usage error
 *
 * Returns: %TRUE if `args[*i]` is @name; then either @value or @error is set
 */
gboolean
tether_cli_match_pair (char        **args,
                       guint        *i,
                       const char   *name,
                       char          separator,
                       const char  **value,
                       GError      **error)
{
  if (!tether_cli_match_option (args, i, name, value, error))
    return FALSE;

  if (*value != NULL && (strchr (*value, separator) == NULL || (*value)[0] == separator))
    {
      *value = NULL;
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s takes NAME%cVALUE"), name, separator);
    }

  return TRUE;
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

static gboolean
no_more_arguments (char         **args,
                   guint          n,
                   const char    *synopsis,
                   GError       **error)
{
  if (g_strv_length (args) != n || (n > 0 && args[0][0] == '-'))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("usage: tether-cli %s"), synopsis);
      return FALSE;
    }

  return TRUE;
}

/* Prints what a changing command did, and tells the exit code. */
static int
report_change (const TetherCliOptions *options,
               TetherConfigStore      *store,
               const char             *action,
               const char             *name,
               gboolean                changed,
               const char             *message)
{
  if (options->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      TetherServerConfig *config = tether_config_store_lookup (store, name, NULL);

      json_object_set_string_member (object, "server", name);
      json_object_set_string_member (object, "action", action);
      json_object_set_boolean_member (object, "changed", changed);
      json_object_set_string_member (object, "file", g_file_peek_path (tether_config_store_get_file (store)));
      if (config != NULL)
        {
          json_object_set_member (object, "config", tether_cli_masked_entry (config));
          tether_cli_set_warning_member (object, config);
        }
      json_node_set_object (node, object);
      tether_cli_print_json (node);
    }
  else
    {
      g_autofree char *shown = tether_cli_escape (message);

      printf ("%s\n", shown);
    }

  return TETHER_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------- */
/* add                                                                      */

typedef struct
{
  const char  *name;
  const char  *url;
  const char  *transport;
  const char  *cwd;
  char       **command;  /* after "--" */
  GPtrArray   *env;      /* K=V */
  GPtrArray   *headers;  /* K: V */
  gboolean     disabled;
} AddArgs;

static gboolean
parse_add (char     **args,
           AddArgs   *add,
           GError   **error)
{
  guint i;

  if (args[0] != NULL && args[0][0] == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s",
                   _("add: the server’s name is empty; a server needs a name"));
      return FALSE;
    }

  if (args[0] == NULL || args[0][0] == '-')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("add needs a name first: add NAME -- COMMAND [ARGS…] or add NAME --url URL"));
      return FALSE;
    }

  add->name = args[0];

  for (i = 1; args[i] != NULL; i++)
    {
      const char *value = NULL;

      if (g_str_equal (args[i], "--"))
        {
          if (args[i + 1] == NULL)
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("add: put the server's command line after “--”"));
              return FALSE;
            }
          add->command = &args[i + 1];
          break;
        }
      else if (g_str_equal (args[i], "--disabled"))
        add->disabled = TRUE;
      else if (tether_cli_match_option (args, &i, "--url", &value, error))
        add->url = value;
      else if (tether_cli_match_option (args, &i, "--transport", &value, error))
        add->transport = value;
      else if (tether_cli_match_option (args, &i, "--cwd", &value, error))
        add->cwd = value;
      else if (tether_cli_match_pair (args, &i, "--env", '=', &value, error))
        {
          if (value != NULL)
            g_ptr_array_add (add->env, (gpointer)value);
        }
      else if (tether_cli_match_pair (args, &i, "--header", ':', &value, error))
        {
          if (value != NULL)
            g_ptr_array_add (add->headers, (gpointer)value);
        }
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                       _("add: unknown argument %s"), args[i]);
          return FALSE;
        }

      /* An option without its value */
      if (value == NULL && !g_str_equal (args[i], "--disabled"))
        return FALSE;
    }

  if ((add->command == NULL) == (add->url == NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("add needs either a command line after “--” or --url URL"));
      return FALSE;
    }

  if (add->command != NULL && (add->transport != NULL || add->headers->len > 0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--transport and --header are for servers added with --url"));
      return FALSE;
    }

  if (add->url != NULL && (add->cwd != NULL || add->env->len > 0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--env and --cwd are for servers started from a command line"));
      return FALSE;
    }

  return TRUE;
}

static TetherServerConfig *
build_config (AddArgs  *add,
              GError  **error)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new (add->name);

  if (add->command != NULL)
    {
      tether_server_config_set_kind (config, TETHER_SERVER_KIND_STDIO);
      tether_server_config_set_command (config, add->command[0]);
      tether_server_config_set_args (config, (const char * const *)&add->command[1]);
      tether_server_config_set_cwd (config, add->cwd);
    }
  else
    {
      TetherServerKind kind = TETHER_SERVER_KIND_AUTO;

      if (add->transport != NULL &&
          (!tether_server_kind_from_string (add->transport, &kind) ||
           !tether_server_kind_is_remote (kind)))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--transport is http, sse or auto, not “%s”"), add->transport);
          return NULL;
        }

      tether_server_config_set_kind (config, kind);
      tether_server_config_set_url (config, add->url);
    }

  for (guint i = 0; i < add->env->len; i++)
    {
      const char *pair = g_ptr_array_index (add->env, i);
      const char *eq = strchr (pair, '=');
      g_autofree char *key = g_strndup (pair, eq - pair);

      tether_server_config_set_env_value (config, key, eq + 1);
    }

  for (guint i = 0; i < add->headers->len; i++)
    {
      const char *line = g_ptr_array_index (add->headers, i);
      const char *colon = strchr (line, ':');
      g_autofree char *key = g_strstrip (g_strndup (line, colon - line));
      g_autofree char *value = mcp_http_strip_header_value (colon + 1);
      g_auto(GStrv) names = tether_server_config_dup_header_names (config);
      g_autoptr(GError) header_error = NULL;

      /* A second value for a name, in any case, is refused: the server
       * would get only one of them. */
      if (!mcp_http_check_new_header ((const char * const *)names, g_strv_length (names),
                                      key, value, &header_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--header: %s", header_error->message);
          return NULL;
        }

      tether_server_config_set_header_value (config, key, value);
    }

  tether_server_config_set_enabled (config, !add->disabled);

  return g_steal_pointer (&config);
}

static int
cmd_add (const TetherCliOptions  *options,
         char                   **args,
         GError                 **error)
{
  g_autoptr(GPtrArray) env = g_ptr_array_new ();
  g_autoptr(GPtrArray) headers = g_ptr_array_new ();
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *description = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) local = NULL;
  AddArgs add = { .env = env, .headers = headers };

  if (!parse_add (args, &add, error) || (config = build_config (&add, error)) == NULL)
    return TETHER_CLI_EXIT_USAGE;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (!tether_config_store_add (store, config, &local))
    {
      prefix_path (local, tether_config_store_get_file (store));
      g_propagate_error (error, g_steal_pointer (&local));
      return TETHER_CLI_EXIT_FAILURE;
    }

  description = tether_cli_describe_config (config);
  message = g_strdup_printf (_("Added “%s”: %s"), add.name, description);

  /* Added all the same: the user may have no choice of server. */
  tether_cli_warn_cleartext (config);

  return report_change (options, store, "added", add.name, TRUE, message);
}

/* ---------------------------------------------------------------------- */
/* remove, enable, disable                                                  */

static int
cmd_remove (const TetherCliOptions  *options,
            char                   **args,
            GError                 **error)
{
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *message = NULL;

  if (!no_more_arguments (args, 1, "remove NAME", error))
    return TETHER_CLI_EXIT_USAGE;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (tether_config_store_lookup (store, args[0], NULL) == NULL)
    {
      g_propagate_error (error, no_such_server (store, args[0]));
      return TETHER_CLI_EXIT_FAILURE;
    }

  if (!tether_config_store_remove (store, args[0], NULL, NULL, error))
    return TETHER_CLI_EXIT_FAILURE;

  message = g_strdup_printf (_("Removed “%s”"), args[0]);

  return report_change (options, store, "removed", args[0], TRUE, message);
}

/* NAME/TOOL: one tool of a server, offered by the hub or not
 * (`disabledTools`). The server keeps running either way. */
static int
set_tool_enabled (const TetherCliOptions  *options,
                  TetherConfigStore       *store,
                  const char              *spec,
                  gboolean                 enabled,
                  GError                 **error)
{
  g_autofree char *name = g_strndup (spec, strchr (spec, '/') - spec);
  const char *tool = strchr (spec, '/') + 1;
  g_autoptr(TetherServerConfig) copy = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) tools = NULL;
  g_autofree char *message = NULL;
  const char * const *disabled;
  TetherServerConfig *config;
  gboolean changed;

  config = tether_config_store_lookup (store, name, NULL);
  if (config == NULL || *tool == '\0')
    {
      g_propagate_error (error, no_such_server (store, *tool == '\0' ? spec : name));
      return TETHER_CLI_EXIT_FAILURE;
    }

  changed = tether_server_config_is_tool_enabled (config, tool) != enabled;
  if (changed)
    {
      disabled = tether_server_config_get_disabled_tools (config);
      for (guint i = 0; disabled != NULL && disabled[i] != NULL; i++)
        if (!g_str_equal (disabled[i], tool))
          g_strv_builder_add (builder, disabled[i]);
      if (!enabled)
        g_strv_builder_add (builder, tool);
      tools = g_strv_builder_end (builder);

      copy = tether_server_config_copy (config);
      tether_server_config_set_disabled_tools (copy, (const char * const *)tools);
      if (!tether_config_store_replace (store, name, copy, error))
        return TETHER_CLI_EXIT_FAILURE;
    }

  if (enabled)
    message = changed ? g_strdup_printf (_("The hub offers “%s” of “%s” again"), tool, name)
                      : g_strdup_printf (_("The hub already offers “%s” of “%s”"), tool, name);
  else
    message = changed ? g_strdup_printf (_("The hub no longer offers “%s” of “%s”"), tool, name)
                      : g_strdup_printf (_("The hub already does not offer “%s” of “%s”"), tool, name);

  return report_change (options, store, enabled ? "tool-enabled" : "tool-disabled", name, changed, message);
}

static int
set_enabled (const TetherCliOptions  *options,
             char                   **args,
             gboolean                 enabled,
             GError                 **error)
{
  g_autoptr(TetherConfigStore) store = NULL;
  g_autofree char *message = NULL;
  TetherServerConfig *config;
  gboolean changed;

  if (!no_more_arguments (args, 1, enabled ? "enable NAME[/TOOL]" : "disable NAME[/TOOL]", error))
    return TETHER_CLI_EXIT_USAGE;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  config = tether_config_store_lookup (store, args[0], NULL);
  if (config == NULL && strchr (args[0], '/') != NULL)
    return set_tool_enabled (options, store, args[0], enabled, error);
  if (config == NULL)
    {
      g_propagate_error (error, no_such_server (store, args[0]));
      return TETHER_CLI_EXIT_FAILURE;
    }

  changed = tether_server_config_get_enabled (config) != enabled;
  if (changed && !tether_config_store_set_enabled (store, args[0], enabled, error))
    return TETHER_CLI_EXIT_FAILURE;

  if (enabled)
    message = changed ? g_strdup_printf (_("Enabled “%s”"), args[0])
                      : g_strdup_printf (_("“%s” is already enabled"), args[0]);
  else
    message = changed ? g_strdup_printf (_("Disabled “%s”"), args[0])
                      : g_strdup_printf (_("“%s” is already disabled"), args[0]);

  return report_change (options, store, enabled ? "enabled" : "disabled", args[0], changed, message);
}

static int
cmd_enable (const TetherCliOptions  *options,
            char                   **args,
            GError                 **error)
{
  return set_enabled (options, args, TRUE, error);
}

static int
cmd_disable (const TetherCliOptions  *options,
             char                   **args,
             GError                 **error)
{
  return set_enabled (options, args, FALSE, error);
}

/* ---------------------------------------------------------------------- */
/* list                                                                     */

typedef struct
{
  GMainLoop           *loop;
  TetherServerManager *manager;
  GCancellable        *cancellable;
  guint                pending;
  guint                bound_ms;
  guint                bound_id;
  gboolean             interrupted;
  gboolean             stopped;
} Listing;

static void
list_settled_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Listing *listing = user_data;

  /* An error is a state (error, disabled) or the bound: the state tells. */
  tether_server_wait_settled_finish (TETHER_SERVER (object), result, NULL);

  if (--listing->pending == 0)
    g_main_loop_quit (listing->loop);
}

static gboolean
list_bound_cb (gpointer user_data)
{
  Listing *listing = user_data;

  listing->bound_id = 0;
  g_cancellable_cancel (listing->cancellable);

  return G_SOURCE_REMOVE;
}

static gboolean
list_interrupt_cb (gpointer user_data)
{
  Listing *listing = user_data;

  listing->interrupted = TRUE;
  g_cancellable_cancel (listing->cancellable);

  return G_SOURCE_CONTINUE;
}

static void
list_stopped_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Listing *listing = user_data;

  tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, NULL);
  listing->stopped = TRUE;
  g_main_loop_quit (listing->loop);
}

static guint
count_items (GListModel *model)
{
  return g_list_model_get_n_items (model);
}

static char *
describe_lists (TetherServer *server)
{
  GString *out = g_string_new (NULL);
  guint tools = count_items (tether_server_get_tools (server));
  guint prompts = count_items (tether_server_get_prompts (server));
  guint resources = count_items (tether_server_get_resources (server)) +
                    count_items (tether_server_get_resource_templates (server));

  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u tool", "%u tools", tools), tools);
  if (prompts > 0)
    {
      g_string_append (out, " · ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u prompt", "%u prompts", prompts), prompts);
    }
  if (resources > 0)
    {
      g_string_append (out, " · ");
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u resource", "%u resources", resources),
                              resources);
    }

  return g_string_free (out, FALSE);
}

static char *
describe_state (TetherServer *server,
                guint         bound_ms)
{
  switch (tether_server_get_state (server))
    {
    case TETHER_SERVER_STATE_CONNECTED:
      return describe_lists (server);

    case TETHER_SERVER_STATE_ERROR:
      return g_strdup (tether_server_get_error_message (server));

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_WAITING:
      {
        g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());

        return g_strdup_printf (_("%s (still trying after %g s)"), status, bound_ms / 1000.0);
      }

    case TETHER_SERVER_STATE_DISABLED:
    case TETHER_SERVER_STATE_DISCONNECTED:
    default:
      return g_strdup ("");
    }
}

static JsonNode *
server_to_json (TetherServer *server,
                guint         bound_ms)
{
  g_autoptr(JsonObject) object = json_object_new ();
  TetherServerConfig *config = tether_server_get_config (server);
  TetherServerState state = tether_server_get_state (server);
  g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());
  const char *lists[] = { "tools", "prompts", "resources" };

  json_object_set_string_member (object, "name", tether_server_get_name (server));
  json_object_set_string_member (object, "state", tether_server_state_to_string (state));
  json_object_set_boolean_member (object, "enabled", tether_server_config_get_enabled (config));
  json_object_set_string_member (object, "transport",
                                 tether_server_kind_to_string (tether_server_config_get_kind (config)));
  json_object_set_int_member (object, "attempt", tether_server_get_attempt (server));
  json_object_set_int_member (object, "of", tether_server_get_attempts (server));

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      if (state != TETHER_SERVER_STATE_CONNECTED)
        json_object_set_null_member (object, lists[i]);
      else if (i == 0)
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_tools (server)));
      else if (i == 1)
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_prompts (server)));
      else
        json_object_set_int_member (object, lists[i], count_items (tether_server_get_resources (server)) +
                                                      count_items (tether_server_get_resource_templates (server)));
    }

  if (tether_server_get_error_message (server) != NULL)
    json_object_set_string_member (object, "error", tether_server_get_error_message (server));
  else
    json_object_set_null_member (object, "error");
  json_object_set_string_member (object, "status", status);
  json_object_set_boolean_member (object, "settled",
                                  state != TETHER_SERVER_STATE_CONNECTING &&
                                  state != TETHER_SERVER_STATE_WAITING);
  tether_cli_set_warning_member (object, config);

  return json_node_init_object (json_node_alloc (), object);
}

static void
print_listing (const TetherCliOptions *options,
               TetherConfigStore      *store,
               Listing                *listing)
{
  GListModel *servers = G_LIST_MODEL (listing->manager);
  guint n = g_list_model_get_n_items (servers);
  glong width = 0;

  if (options->json)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);

          json_array_add_element (array, server_to_json (server, listing->bound_ms));
        }

      json_object_set_string_member (object, "file", g_file_peek_path (tether_config_store_get_file (store)));
      json_object_set_array_member (object, "servers", array);
      json_node_set_object (node, object);
      tether_cli_print_json (node);
      return;
    }

  if (n == 0)
    {
      GFile *file = tether_config_store_get_file (store);
      g_autofree char *path = tether_cli_escape (g_file_peek_path (file));

      printf (_("No servers in %s\n"), path);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);
      g_autofree char *name = tether_cli_escape (tether_server_get_name (server));

      width = MAX (width, g_utf8_strlen (name, -1));
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (servers, i);
      g_autofree char *name = tether_cli_escape (tether_server_get_name (server));
      g_autofree char *raw_details = describe_state (server, listing->bound_ms);
      g_autofree char *details = tether_cli_escape (raw_details);
      g_autofree char *line = NULL;
      g_autofree char *warning = NULL;

      line = g_strdup_printf ("%s%*s  %-12s %s", name, (int)(width - g_utf8_strlen (name, -1)), "",
                              tether_server_state_to_string (tether_server_get_state (server)), details);
      printf ("%s\n", g_strchomp (line));

      warning = tether_server_config_dup_cleartext_warning (tether_server_get_config (server));
      if (warning != NULL)
        printf ("%*s  %s: %s\n", (int)width, "", _("warning"), warning);
    }
}

static int
cmd_list (const TetherCliOptions  *options,
          char                   **args,
          GError                 **error)
{
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Listing listing = { 0 };
  guint sigint_id, sigterm_id;

  if (!no_more_arguments (args, 0, "list", error))
    return TETHER_CLI_EXIT_USAGE;

  store = tether_cli_open_store (options, error);
  if (store == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  listing.loop = loop;
  listing.cancellable = cancellable;
  listing.bound_ms = options->timeout_ms > 0 ? options->timeout_ms : LIST_DEFAULT_BOUND_MS;
  listing.manager = tether_server_manager_new (store, &options->timings);

  /* Every enabled server tries at once; each is waited for until it has
   * settled (connected with its lists, or given up), within the bound. */
  tether_server_manager_start (listing.manager);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (listing.manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (listing.manager), i);

      listing.pending++;
      tether_server_wait_settled_async (server, cancellable, list_settled_cb, &listing);
    }

  listing.bound_id = g_timeout_add (listing.bound_ms, list_bound_cb, &listing);
  sigint_id = g_unix_signal_add (SIGINT, list_interrupt_cb, &listing);
  sigterm_id = g_unix_signal_add (SIGTERM, list_interrupt_cb, &listing);

  if (listing.pending > 0)
    g_main_loop_run (loop);

  if (!listing.interrupted)
    print_listing (options, store, &listing);
  fflush (stdout);

  /* Leave nothing running. */
  tether_server_manager_shutdown_async (listing.manager, 0, NULL, list_stopped_cb, &listing);
  while (!listing.stopped)
    g_main_loop_run (loop);

  g_clear_handle_id (&listing.bound_id, g_source_remove);
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);
  g_clear_object (&listing.manager);

  if (listing.interrupted)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("interrupted"));
      return TETHER_CLI_EXIT_FAILURE;
    }

  return TETHER_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------- */

static const TetherCliConfigCommand config_commands[] = {
  { "list", "list",
    N_("connect every server and show its state: its tools, or why it failed (waits up to --timeout, 30 s)"),
    cmd_list },
  { "add", "add NAME [--env K=V]… [--cwd DIR] [--disabled] -- CMD [ARGS…]",
    N_("add a server started from a command line"), cmd_add },
  { "add", "add NAME --url URL [--header 'K: V']… [--transport http|sse|auto] [--disabled]",
    N_("add a server reached over HTTP"), cmd_add },
  { "remove", "remove NAME", N_("remove a server from the configuration"), cmd_remove },
  { "enable", "enable NAME", N_("enable a server"), cmd_enable },
  { "disable", "disable NAME", N_("disable a server"), cmd_disable },
  { "enable", "enable NAME/TOOL", N_("offer a tool of a server through the hub again"), cmd_enable },
  { "disable", "disable NAME/TOOL",
    N_("stop offering a tool of a server through the hub (its disabledTools); the server runs on"), cmd_disable },
  { "watch", "watch",
    N_("keep every enabled server connected and print one JSON line per state change, until interrupted"),
    tether_cli_watch_main },
  { "watch", "watch --requests",
    N_("print the running hub's activity: one JSON line per request of an AI client, until interrupted"),
    tether_cli_watch_main },
  { "import", "import [--dry-run] [OPTIONS] FILE",
    N_("add the servers of another client's configuration file (see “tether-cli import --help”)"),
    tether_cli_import_main },
  { "serve", "serve [--listen 127.0.0.1:PORT]",
    N_("run the hub: one MCP endpoint for every enabled server; prints its URL, runs until interrupted"),
    tether_cli_serve_main },
  { "connect", "connect [--profile NAME]",
    N_("an MCP server on stdin and stdout that forwards to the running hub (starts Tether if none runs)"),
    tether_cli_connect_main },
  { "diagnostics", "diagnostics [--config FILE]",
    N_("where servers run: the sandbox, the login shell's PATH, each command's path, other clients' files"),
    tether_cli_diagnostics_main },
};

const TetherCliConfigCommand *
tether_cli_get_config_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (config_commands);

  return config_commands;
}

const TetherCliConfigCommand *
tether_cli_find_config_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (config_commands); i++)
    if (g_str_equal (config_commands[i].name, name))
      return &config_commands[i];

  return NULL;
}
