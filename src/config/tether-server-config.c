/* tether-server-config.c — one server as the user configured it: the model
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <string.h>

#include "mcp-json.h"

#include "tether-server-config-private.h"

/* The object and its accessors. Reading and writing the JSON entry is in
 * tether-server-config-json.c, the checks in tether-server-config-checks.c,
 * what is shown of it in tether-server-config-describe.c: each builds on
 * this file, which calls none of them. */

const TetherServerSettingInfo _tether_server_settings[TETHER_SERVER_N_SETTINGS] = {
  { "connectTimeoutMs",    "connect-timeout",     1 },
  { "requestTimeoutMs",    "request-timeout",     1 },
  { "toolTimeoutMs",       "tool-timeout",        1 },
  { "toolTimeoutMaxMs",    "tool-timeout-max",    1 },
  { "pingIntervalMs",      "ping-interval",       0 },
  { "connectAttempts",     "connect-attempts",    1 },
  { "retryDelayMs",        "retry-delay",         0 },
  { "reconnectDelayMaxMs", "reconnect-delay-max", 0 },
};

G_DEFINE_FINAL_TYPE (TetherServerConfig, tether_server_config, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_KIND,
  PROP_ENABLED,
  PROP_COMMAND,
  PROP_ARGS,
  PROP_ENV,
  PROP_CWD,
  PROP_URL,
  PROP_HEADERS,
  PROP_FIRST_SETTING,
  N_PROPS = PROP_FIRST_SETTING + TETHER_SERVER_N_SETTINGS
};

static GParamSpec *properties[N_PROPS];

/**
 * tether_server_config_new:
 * @name: the server's name, the key of its entry in `mcpServers`
 *
 * Returns: (transfer full): a new, empty stdio configuration, enabled
 */
TetherServerConfig *
tether_server_config_new (const char *name)
{
  return g_object_new (TETHER_TYPE_SERVER_CONFIG, "name", name, NULL);
}

/**
 * tether_server_config_copy:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): a deep copy, unknown members included
 */
TetherServerConfig *
tether_server_config_copy (TetherServerConfig *self)
{
  TetherServerConfig *copy;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  copy = tether_server_config_new (self->name);
  copy->kind = self->kind;
  copy->enabled = self->enabled;
  copy->command = g_strdup (self->command);
  copy->args = g_strdupv (self->args);
  _tether_pairs_copy (&self->env, &copy->env);
  copy->cwd = g_strdup (self->cwd);
  copy->url = g_strdup (self->url);
  _tether_pairs_copy (&self->headers, &copy->headers);
  memcpy (copy->settings, self->settings, sizeof self->settings);
  copy->disabled_tools = g_strdupv (self->disabled_tools);
  copy->roots = g_strdupv (self->roots);
  if (self->oauth != NULL)
    {
      g_autoptr(JsonNode) node = _tether_server_config_oauth_node (self, FALSE);

      copy->oauth = json_object_ref (json_node_get_object (node));
    }
  if (self->original != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), self->original);
      g_autoptr(JsonNode) node_copy = mcp_json_deep_copy (node);

      copy->original = json_object_ref (json_node_get_object (node_copy));
    }

  return copy;
}

/* GObject */

static void
tether_server_config_finalize (GObject *object)
{
  TetherServerConfig *self = (TetherServerConfig *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->command, g_free);
  g_clear_pointer (&self->args, g_strfreev);
  g_clear_pointer (&self->disabled_tools, g_strfreev);
  g_clear_pointer (&self->roots, g_strfreev);
  _tether_pairs_clear (&self->env);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_pointer (&self->url, g_free);
  _tether_pairs_clear (&self->headers);
  g_clear_pointer (&self->original, json_object_unref);
  g_clear_pointer (&self->oauth, json_object_unref);

  G_OBJECT_CLASS (tether_server_config_parent_class)->finalize (object);
}

static void
tether_server_config_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherServerConfig *self = TETHER_SERVER_CONFIG (object);

  if (prop_id >= PROP_FIRST_SETTING && prop_id < N_PROPS)
    {
      g_value_set_int (value, self->settings[prop_id - PROP_FIRST_SETTING]);
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;

    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;

    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;

    case PROP_ARGS:
      g_value_set_boxed (value, self->args);
      break;

    case PROP_ENV:
      g_value_take_boxed (value, _tether_pairs_to_strv (&self->env, "="));
      break;

    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_HEADERS:
      g_value_take_boxed (value, _tether_pairs_to_strv (&self->headers, ": "));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_config_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherServerConfig *self = TETHER_SERVER_CONFIG (object);

  if (prop_id >= PROP_FIRST_SETTING && prop_id < N_PROPS)
    {
      int *slot = &self->settings[prop_id - PROP_FIRST_SETTING];

      if (*slot != g_value_get_int (value))
        {
          *slot = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      return;
    }

  switch (prop_id)
    {
    case PROP_NAME:
      tether_server_config_set_name (self, g_value_get_string (value));
      break;

    case PROP_KIND:
      tether_server_config_set_kind (self, g_value_get_enum (value));
      break;

    case PROP_ENABLED:
      tether_server_config_set_enabled (self, g_value_get_boolean (value));
      break;

    case PROP_COMMAND:
      tether_server_config_set_command (self, g_value_get_string (value));
      break;

    case PROP_ARGS:
      tether_server_config_set_args (self, g_value_get_boxed (value));
      break;

    case PROP_ENV:
      tether_server_config_set_env (self, g_value_get_boxed (value));
      break;

    case PROP_CWD:
      tether_server_config_set_cwd (self, g_value_get_string (value));
      break;

    case PROP_URL:
      tether_server_config_set_url (self, g_value_get_string (value));
      break;

    case PROP_HEADERS:
      tether_server_config_set_headers (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_config_class_init (TetherServerConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = tether_server_config_finalize;
  object_class->get_property = tether_server_config_get_property;
  object_class->set_property = tether_server_config_set_property;

  /**
   * TetherServerConfig:name:
   *
   * The server's name: its key in `mcpServers`.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:kind:
   *
   * How Tether talks to the server.
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, TETHER_TYPE_SERVER_KIND, TETHER_SERVER_KIND_STDIO,
                       flags);

  /**
   * TetherServerConfig:enabled:
   *
   * Whether the server is started (`"disabled": true` in the file when not).
   */
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE, flags);

  /**
   * TetherServerConfig:command:
   *
   * The program of a stdio server, looked up in PATH when not absolute.
   */
  properties[PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:args:
   *
   * The arguments after the command; never joined into one string.
   */
  properties[PROP_ARGS] =
    g_param_spec_boxed ("args", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:env:
   *
   * Extra environment, in order, as `NAME=value` strings (split at the
   * first `=`). Contains secrets.
   */
  properties[PROP_ENV] =
    g_param_spec_boxed ("env", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:cwd:
   *
   * The working directory of a stdio server, or %NULL to inherit Tether's.
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:url:
   *
   * The endpoint of a remote server. May contain secrets in its query.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL, flags);

  /**
   * TetherServerConfig:headers:
   *
   * Extra HTTP headers, in order, as `Name: value` strings (split at the
   * first `:`, one following space dropped). Contains secrets.
   */
  properties[PROP_HEADERS] =
    g_param_spec_boxed ("headers", NULL, NULL, G_TYPE_STRV, flags);

  /**
   * TetherServerConfig:connect-timeout:
   *
   * Bound of one connect attempt in milliseconds; -1 for the default.
   */
  /**
   * TetherServerConfig:request-timeout:
   *
   * Bound of a list, get or read request in milliseconds; -1 for the default.
   */
  /**
   * TetherServerConfig:tool-timeout:
   *
   * Bound of a tool call in milliseconds (progress may extend it); -1 for
   * the default.
   */
  /**
   * TetherServerConfig:tool-timeout-max:
   *
   * Hard maximum of a tool call in milliseconds, whatever progress says;
   * -1 for the default.
   */
  /**
   * TetherServerConfig:ping-interval:
   *
   * Interval of liveness pings in milliseconds, 0 for none; -1 for the
   * default (off for stdio, on for HTTP).
   */
  /**
   * TetherServerConfig:connect-attempts:
   *
   * How many connect attempts before giving up; -1 for the default.
   */
  /**
   * TetherServerConfig:retry-delay:
   *
   * Step of the waits before connect attempts (0, d, 2d…) in milliseconds;
   * -1 for the default.
   */
  /**
   * TetherServerConfig:reconnect-delay-max:
   *
   * Cap of the growing wait between reconnections after a drop, in
   * milliseconds; -1 for the default.
   */
  for (guint i = 0; i < TETHER_SERVER_N_SETTINGS; i++)
    properties[PROP_FIRST_SETTING + i] =
      g_param_spec_int (_tether_server_settings[i].property, NULL, NULL,
                        -1, G_MAXINT, -1, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_server_config_init (TetherServerConfig *self)
{
  self->kind = TETHER_SERVER_KIND_STDIO;
  self->enabled = TRUE;
  _tether_pairs_init (&self->env, FALSE);
  _tether_pairs_init (&self->headers, TRUE);
  for (guint i = 0; i < TETHER_SERVER_N_SETTINGS; i++)
    self->settings[i] = -1;
}

/* Accessors */

static void
set_string (TetherServerConfig  *self,
            char               **field,
            const char          *value,
            guint                prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/**
 * tether_server_config_get_name:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the name
 */
const char *
tether_server_config_get_name (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->name;
}

/**
 * tether_server_config_set_name:
 * @self: a #TetherServerConfig
 * @name: the new name
 */
void
tether_server_config_set_name (TetherServerConfig *self,
                               const char         *name)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->name, name, PROP_NAME);
}

/**
 * tether_server_config_get_kind:
 * @self: a #TetherServerConfig
 *
 * Returns: the transport kind
 */
TetherServerKind
tether_server_config_get_kind (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), TETHER_SERVER_KIND_STDIO);

  return self->kind;
}

/**
 * tether_server_config_set_kind:
 * @self: a #TetherServerConfig
 * @kind: the transport kind
 */
void
tether_server_config_set_kind (TetherServerConfig *self,
                               TetherServerKind    kind)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (self->kind == kind)
    return;

  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

/**
 * tether_server_config_get_enabled:
 * @self: a #TetherServerConfig
 *
 * Returns: whether the server is to be started
 */
gboolean
tether_server_config_get_enabled (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  return self->enabled;
}

/**
 * tether_server_config_set_enabled:
 * @self: a #TetherServerConfig
 * @enabled: whether the server is to be started
 */
void
tether_server_config_set_enabled (TetherServerConfig *self,
                                  gboolean            enabled)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  enabled = !!enabled;
  if (self->enabled == (guint)enabled)
    return;

  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

/**
 * tether_server_config_get_command:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the program of a stdio server
 */
const char *
tether_server_config_get_command (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->command;
}

/**
 * tether_server_config_set_command:
 * @self: a #TetherServerConfig
 * @command: (nullable): the program
 */
void
tether_server_config_set_command (TetherServerConfig *self,
                                  const char         *command)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->command, command, PROP_COMMAND);
}

/**
 * tether_server_config_get_args:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer none) (nullable): the arguments after the command
 */
const char * const *
tether_server_config_get_args (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *)self->args;
}

/**
 * tether_server_config_set_args:
 * @self: a #TetherServerConfig
 * @args: (nullable) (array zero-terminated=1): the arguments
 */
void
tether_server_config_set_args (TetherServerConfig *self,
                               const char * const *args)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (args == NULL ? self->args == NULL
                   : self->args != NULL && g_strv_equal (args, (const char * const *)self->args))
    return;

  g_strfreev (self->args);
  self->args = g_strdupv ((char **)args);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARGS]);
}

/**
 * tether_server_config_dup_argv:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full) (nullable): the command followed by the
 *   arguments, ready to spawn, or %NULL without a command
 */
char **
tether_server_config_dup_argv (TetherServerConfig *self)
{
  GStrvBuilder *builder;
  char **argv;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  if (self->command == NULL)
    return NULL;

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, self->command);
  if (self->args != NULL)
    g_strv_builder_addv (builder, (const char **)self->args);
  argv = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return argv;
}

/**
 * tether_server_config_get_cwd:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the working directory
 */
const char *
tether_server_config_get_cwd (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->cwd;
}

/**
 * tether_server_config_set_cwd:
 * @self: a #TetherServerConfig
 * @cwd: (nullable): the working directory
 */
void
tether_server_config_set_cwd (TetherServerConfig *self,
                              const char         *cwd)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->cwd, cwd, PROP_CWD);
}

/**
 * tether_server_config_dup_env:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the env as `NAME=value` strings, in order, ready
 *   for g_environ_setenv() or a launcher. Contains secrets.
 */
char **
tether_server_config_dup_env (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return _tether_pairs_to_strv (&self->env, "=");
}

/**
 * tether_server_config_set_env:
 * @self: a #TetherServerConfig
 * @env: (nullable) (array zero-terminated=1): `NAME=value` strings
 *
 * Replaces the whole env. A later duplicate name replaces the earlier value.
 */
void
tether_server_config_set_env (TetherServerConfig *self,
                              const char * const *env)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (_tether_pairs_from_strv (&self->env, env, '=', FALSE))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENV]);
}

/**
 * tether_server_config_dup_env_names:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the names of the env variables, in order
 */
char **
tether_server_config_dup_env_names (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return _tether_pairs_dup_keys (&self->env);
}

/**
 * tether_server_config_get_env_value:
 * @self: a #TetherServerConfig
 * @name: a variable name
 *
 * Returns: (nullable): its value, or %NULL if unset
 */
const char *
tether_server_config_get_env_value (TetherServerConfig *self,
                                    const char         *name)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return _tether_pairs_lookup (&self->env, name);
}

/**
 * tether_server_config_set_env_value:
 * @self: a #TetherServerConfig
 * @name: a variable name
 * @value: (nullable): its value, or %NULL to remove it
 *
 * Sets one variable, keeping its place if it exists, else appending it.
 */
void
tether_server_config_set_env_value (TetherServerConfig *self,
                                    const char         *name,
                                    const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);

  if (_tether_pairs_set (&self->env, name, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENV]);
}

/**
 * tether_server_config_get_disabled_tools:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer none) (nullable): the tools the hub does not offer,
 *   by the server's names for them (`disabledTools`)
 */
const char * const *
tether_server_config_get_disabled_tools (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *)self->disabled_tools;
}

void
tether_server_config_set_disabled_tools (TetherServerConfig *self,
                                         const char * const *tools)
{
  gboolean empty_now = self->disabled_tools == NULL || self->disabled_tools[0] == NULL;
  gboolean empty_then = tools == NULL || tools[0] == NULL;

  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (empty_now && empty_then)
    return;
  if (!empty_now && !empty_then && g_strv_equal ((const char * const *)self->disabled_tools, tools))
    return;

  g_strfreev (self->disabled_tools);
  self->disabled_tools = tools != NULL ? g_strdupv ((char **)tools) : NULL;
}

/**
 * tether_server_config_is_tool_enabled:
 * @self: a #TetherServerConfig
 * @tool: a tool's name, as the server names it
 *
 * Returns: %FALSE if `disabledTools` lists @tool
 */
gboolean
tether_server_config_is_tool_enabled (TetherServerConfig *self,
                                      const char         *tool)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  return self->disabled_tools == NULL ||
         !g_strv_contains ((const char * const *)self->disabled_tools, tool);
}

/**
 * tether_server_config_get_url:
 * @self: a #TetherServerConfig
 *
 * Returns: (nullable): the endpoint of a remote server
 */
const char *
tether_server_config_get_url (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return self->url;
}

/**
 * tether_server_config_set_url:
 * @self: a #TetherServerConfig
 * @url: (nullable): the endpoint
 */
void
tether_server_config_set_url (TetherServerConfig *self,
                              const char         *url)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  set_string (self, &self->url, url, PROP_URL);
}

/**
 * tether_server_config_dup_headers:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the headers as `Name: value` strings, in order.
 *   Contains secrets.
 */
char **
tether_server_config_dup_headers (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return _tether_pairs_to_strv (&self->headers, ": ");
}

/**
 * tether_server_config_set_headers:
 * @self: a #TetherServerConfig
 * @headers: (nullable) (array zero-terminated=1): `Name: value` strings
 *
 * Replaces all headers, as given: a name that comes twice (in any case)
 * stays twice, for tether_server_config_validate() to refuse.
 */
void
tether_server_config_set_headers (TetherServerConfig *self,
                                  const char * const *headers)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));

  if (_tether_pairs_from_strv (&self->headers, headers, ':', TRUE))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}

/**
 * tether_server_config_dup_header_names:
 * @self: a #TetherServerConfig
 *
 * Returns: (transfer full): the header names, in order
 */
char **
tether_server_config_dup_header_names (TetherServerConfig *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  return _tether_pairs_dup_keys (&self->headers);
}

/**
 * tether_server_config_get_header_value:
 * @self: a #TetherServerConfig
 * @name: a header name, in any case
 *
 * Returns: (nullable): its value (the first, if the name is there twice)
 */
const char *
tether_server_config_get_header_value (TetherServerConfig *self,
                                       const char         *name)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return _tether_pairs_lookup (&self->headers, name);
}

/**
 * tether_server_config_set_header_value:
 * @self: a #TetherServerConfig
 * @name: a header name
 * @value: (nullable): its value, or %NULL to remove it
 *
 * Sets the header of that name in any case, which takes the spelling
 * @name, or adds it last.
 */
void
tether_server_config_set_header_value (TetherServerConfig *self,
                                       const char         *name,
                                       const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);

  if (_tether_pairs_set (&self->headers, name, value))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}

/**
 * tether_server_config_add_header:
 * @self: a #TetherServerConfig
 * @name: a header name
 * @value: its value
 *
 * Adds a header last, as a file gave it: unlike
 * tether_server_config_set_header_value(), a name already there in another
 * case is not replaced but kept twice, so that
 * tether_server_config_validate() refuses the pair and says which two.
 */
void
tether_server_config_add_header (TetherServerConfig *self,
                                 const char         *name,
                                 const char         *value)
{
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (value != NULL);

  if (_tether_pairs_find (&self->headers, name) < 0)
    {
      tether_server_config_set_header_value (self, name, value);
      return;
    }

  _tether_pairs_add (&self->headers, name, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEADERS]);
}
