/* tether-server.c — one managed connection
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is where the rules of keeping a server connected live (the
 * connection rules in src/README.md):
 *
 *  1. A connection round makes up to `connect_attempts` attempts, waiting
 *     0 s, 1 s, 2 s… before them. Each attempt is bounded by a connect
 *     timeout measured from the last sign of life on stderr, under a hard
 *     cap. Errors that another attempt cannot fix (command not found, a URL
 *     that is not http(s), a protocol version we do not speak) end the round
 *     at once. After the last failure: `error`, with the reason.
 *  2. One attempt at a time: asking to start while connecting joins it.
 *     Stopping cancels the attempt and stops its process.
 *  3. Every request is bounded (per-method timeouts; progress extends a tool
 *     call up to a hard maximum); the client sends notifications/cancelled.
 *  4. A list, get or read that fails on a timeout or a broken transport
 *     causes one reconnect and one retry. A tools/call that reached the
 *     server is never sent again; only one that provably never left is.
 *  5. A death (exit, closed stream, failed liveness ping) leaves `connected`
 *     at once. Tether reconnects by itself, waiting 1 s doubling to 60 s with
 *     jitter, and stops in `error` after `max_quick_failures` failures in a
 *     row. Connected for `healthy_after_ms`, the count starts afresh.
 *  6. A manual reconnect stops the old session and starts a new round.
 *  7. Stopping closes the session: stdin, SIGTERM, SIGKILL to the process
 *     group (McpStdioTransport), DELETE for HTTP. A new process is started
 *     only when the old one is gone.
 *
 * The class is split in layers (see tether-server-private.h): this file is
 * the GObject and the public API; rules 3 and 4 are
 * tether-request-policy.c's, rules 1, 2, 5 and 7 tether-server-session.c's,
 * and the lists tether-server-lists.c's.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"

#include "tether-server.h"
#include "tether-server-session-private.h"

G_DEFINE_FINAL_TYPE (TetherServer, tether_server, G_TYPE_OBJECT)

/* GObject */

static void
tether_server_dispose (GObject *object)
{
  TetherServer *self = (TetherServer *)object;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  _tether_server_abandon_session (self);
  g_clear_object (&self->shell_environment);
  g_clear_object (&self->router);
  g_clear_object (&self->auth);
  g_clear_object (&self->secrets);
  g_clear_pointer (&self->auth_key, g_free);

  G_OBJECT_CLASS (tether_server_parent_class)->dispose (object);
}

static void
tether_server_finalize (GObject *object)
{
  TetherServer *self = (TetherServer *)object;

  g_assert (g_queue_is_empty (&self->waiters));
  g_assert (g_queue_is_empty (&self->stop_tasks));

  g_clear_object (&self->config);
  g_clear_object (&self->config_file);
  for (guint i = 0; i < TETHER_SERVER_N_LISTS; i++)
    g_clear_object (&self->lists[i]);
  g_clear_object (&self->log);
  g_clear_pointer (&self->closing, g_ptr_array_unref);
  g_clear_pointer (&self->owned_calls, g_ptr_array_unref);
  g_clear_pointer (&self->error_message, g_free);
  g_clear_pointer (&self->error_details, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->log_level, g_free);
  g_clear_pointer (&self->subscriptions, g_hash_table_unref);

  G_OBJECT_CLASS (tether_server_parent_class)->finalize (object);
}

static void
tether_server_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TetherServer *self = TETHER_SERVER (object);

  switch (prop_id)
    {
    case TETHER_SERVER_PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;

    case TETHER_SERVER_PROP_NAME:
      g_value_set_string (value, tether_server_get_name (self));
      break;

    case TETHER_SERVER_PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case TETHER_SERVER_PROP_ATTEMPT:
      g_value_set_uint (value, self->attempt);
      break;

    case TETHER_SERVER_PROP_ATTEMPTS:
      g_value_set_uint (value, self->attempts);
      break;

    case TETHER_SERVER_PROP_RETRY_AT:
      g_value_set_int64 (value, self->retry_at);
      break;

    case TETHER_SERVER_PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;

    case TETHER_SERVER_PROP_ERROR_DETAILS:
      g_value_set_string (value, self->error_details);
      break;

    case TETHER_SERVER_PROP_COMMAND_NOT_FOUND:
      g_value_set_boolean (value, self->command_not_found);
      break;

    case TETHER_SERVER_PROP_SERVER_TITLE:
      g_value_set_string (value, self->server_title);
      break;

    case TETHER_SERVER_PROP_SERVER_VERSION:
      g_value_set_string (value, self->server_version);
      break;

    case TETHER_SERVER_PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case TETHER_SERVER_PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case TETHER_SERVER_PROP_BUSY:
      g_value_set_boolean (value, tether_server_get_busy (self));
      break;

    case TETHER_SERVER_PROP_TOOLS:
      g_value_set_object (value, self->lists[TETHER_SERVER_LIST_TOOLS]);
      break;

    case TETHER_SERVER_PROP_PROMPTS:
      g_value_set_object (value, self->lists[TETHER_SERVER_LIST_PROMPTS]);
      break;

    case TETHER_SERVER_PROP_RESOURCES:
      g_value_set_object (value, self->lists[TETHER_SERVER_LIST_RESOURCES]);
      break;

    case TETHER_SERVER_PROP_RESOURCE_TEMPLATES:
      g_value_set_object (value, self->lists[TETHER_SERVER_LIST_RESOURCE_TEMPLATES]);
      break;

    case TETHER_SERVER_PROP_LOG:
      g_value_set_object (value, self->log);
      break;

    case TETHER_SERVER_PROP_SHELL_ENVIRONMENT:
      g_value_set_object (value, self->shell_environment);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TetherServer *self = TETHER_SERVER (object);

  switch (prop_id)
    {
    case TETHER_SERVER_PROP_SHELL_ENVIRONMENT:
      tether_server_set_shell_environment (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_class_init (TetherServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamSpec **properties = _tether_server_properties;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tether_server_dispose;
  object_class->finalize = tether_server_finalize;
  object_class->get_property = tether_server_get_property;
  object_class->set_property = tether_server_set_property;

  _tether_server_subscriptions_class_init (object_class);

  properties[TETHER_SERVER_PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL, TETHER_TYPE_SERVER_CONFIG, ro);
  properties[TETHER_SERVER_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       TETHER_TYPE_SERVER_STATE, TETHER_SERVER_STATE_DISCONNECTED, ro);
  properties[TETHER_SERVER_PROP_ATTEMPT] =
    g_param_spec_uint ("attempt", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[TETHER_SERVER_PROP_ATTEMPTS] =
    g_param_spec_uint ("attempts", NULL, NULL, 0, G_MAXUINT, 0, ro);
  /**
   * TetherServer:retry-at:
   *
   * While waiting, when the next attempt starts, on the monotonic clock
   * (g_get_monotonic_time()); 0 otherwise.
   */
  properties[TETHER_SERVER_PROP_RETRY_AT] =
    g_param_spec_int64 ("retry-at", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[TETHER_SERVER_PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_ERROR_DETAILS] =
    g_param_spec_string ("error-details", NULL, NULL, NULL, ro);
  /**
   * TetherServer:command-not-found:
   *
   * Whether the last error is that the server's command was not found
   * where it was looked for (the window then offers Diagnostics).
   */
  properties[TETHER_SERVER_PROP_COMMAND_NOT_FOUND] =
    g_param_spec_boolean ("command-not-found", NULL, NULL, FALSE, ro);
  properties[TETHER_SERVER_PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL, NULL, ro);
  properties[TETHER_SERVER_PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  properties[TETHER_SERVER_PROP_TOOLS] =
    g_param_spec_object ("tools", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[TETHER_SERVER_PROP_PROMPTS] =
    g_param_spec_object ("prompts", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[TETHER_SERVER_PROP_RESOURCES] =
    g_param_spec_object ("resources", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[TETHER_SERVER_PROP_RESOURCE_TEMPLATES] =
    g_param_spec_object ("resource-templates", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[TETHER_SERVER_PROP_LOG] =
    g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  /**
   * TetherServer:shell-environment:
   *
   * Where a stdio server's command is looked up, and the environment it
   * starts from: the login shell's (tether_shell_environment_get_default()
   * unless changed), or %NULL for Tether's own.
   */
  properties[TETHER_SERVER_PROP_SHELL_ENVIRONMENT] =
    g_param_spec_object ("shell-environment", NULL, NULL, TETHER_TYPE_SHELL_ENVIRONMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, TETHER_SERVER_N_PROPS, properties);
}

static void
tether_server_init (TetherServer *self)
{
  static const TetherServerHooks hooks = {
    .reconnect = tether_server_reconnect,
    .died_of = _tether_server_died_of,
  };

  self->hooks = &hooks;
  self->state = TETHER_SERVER_STATE_DISCONNECTED;
  self->lists[TETHER_SERVER_LIST_TOOLS] = g_list_store_new (MCP_TYPE_TOOL);
  self->lists[TETHER_SERVER_LIST_PROMPTS] = g_list_store_new (MCP_TYPE_PROMPT);
  self->lists[TETHER_SERVER_LIST_RESOURCES] = g_list_store_new (MCP_TYPE_RESOURCE);
  self->lists[TETHER_SERVER_LIST_RESOURCE_TEMPLATES] = g_list_store_new (MCP_TYPE_RESOURCE);
  self->log = tether_log_ring_new (TETHER_SERVER_LOG_LIMIT);
  self->closing = g_ptr_array_new_with_free_func (g_object_unref);
  self->owned_calls = g_ptr_array_new ();
  g_queue_init (&self->waiters);
  g_queue_init (&self->stop_tasks);
  self->shell_environment = g_object_ref (tether_shell_environment_get_default ());
}

static void
apply_timings (TetherServer *self)
{
  self->timings = self->base_timings;
  tether_server_timings_apply_config (&self->timings, self->config);
}

/**
 * tether_server_new:
 * @config: the server's configuration (copied)
 * @timings: (nullable): the durations of the rules, before the server's own
 *   settings apply; %NULL for the defaults of the connection rules in
 *   src/README.md
 *
 * Creates a managed server. Nothing runs until tether_server_start().
 *
 * Returns: (transfer full): a new #TetherServer
 */
TetherServer *
tether_server_new (TetherServerConfig        *config,
                   const TetherServerTimings *timings)
{
  TetherServer *self;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (config), NULL);

  self = g_object_new (TETHER_TYPE_SERVER, NULL);
  self->config = tether_server_config_copy (config);

  if (timings != NULL)
    self->base_timings = *timings;
  else
    tether_server_timings_init_defaults (&self->base_timings);
  apply_timings (self);

  if (!tether_server_config_get_enabled (self->config))
    self->state = TETHER_SERVER_STATE_DISABLED;

  return self;
}

/**
 * tether_server_get_shell_environment:
 * @self: a #TetherServer
 *
 * Returns: (transfer none) (nullable): the environment stdio commands run in
 */
TetherShellEnvironment *
tether_server_get_shell_environment (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->shell_environment;
}

/**
 * tether_server_set_shell_environment:
 * @self: a #TetherServer
 * @shell_environment: (nullable): where stdio commands are looked up and
 *   what environment they start from; %NULL for Tether's own
 *
 * Takes effect at the next connection attempt.
 */
void
tether_server_set_shell_environment (TetherServer           *self,
                                     TetherShellEnvironment *shell_environment)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (shell_environment == NULL || TETHER_IS_SHELL_ENVIRONMENT (shell_environment));

  if (g_set_object (&self->shell_environment, shell_environment))
    _tether_server_notify (self, TETHER_SERVER_PROP_SHELL_ENVIRONMENT);
}

/**
 * tether_server_set_config_file:
 * @self: a #TetherServer
 * @file: (nullable): the file its configuration comes from
 *
 * Named when the configuration is refused at start, so that the user knows
 * where to fix it.
 */
void
tether_server_set_config_file (TetherServer *self,
                               GFile        *file)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->config_file, file);
}

/**
 * tether_server_set_router:
 * @self: a #TetherServer
 * @router: (nullable): who answers what the server asks its client
 *
 * With a router, Tether declares the client capabilities the router can
 * route (roots, sampling, elicitation) from the next session on; without
 * one it declares none, and questions get the protocol's answer for a
 * client that cannot help.
 */
void
tether_server_set_router (TetherServer        *self,
                          TetherRequestRouter *router)
{
  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (router == NULL || TETHER_IS_REQUEST_ROUTER (router));

  g_set_object (&self->router, router);
}

TetherServerConfig *
tether_server_get_config (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->config;
}

/**
 * tether_server_set_config:
 * @self: a #TetherServer
 * @config: the new configuration (copied)
 *
 * Applies an edited configuration. Nothing happens if it is equal to the
 * current one, and nothing restarts if only its disabled tools or its
 * roots changed; otherwise a running server is restarted with it, and a
 * server that is now disabled is stopped.
 */
void
tether_server_set_config (TetherServer       *self,
                          TetherServerConfig *config)
{
  gboolean was_enabled;
  gboolean name_changed;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (TETHER_IS_SERVER_CONFIG (config));

  if (tether_server_config_equal (self->config, config))
    return;

  /* Only the tools offered through the hub or the roots changed (whoever
   * answers roots/list tells the server): nothing to restart. */
  if (tether_server_config_equal_but_live (self->config, config))
    {
      g_clear_object (&self->config);
      self->config = tether_server_config_copy (config);
      _tether_server_notify (self, TETHER_SERVER_PROP_CONFIG);
      return;
    }

  was_enabled = tether_server_config_get_enabled (self->config);
  name_changed = g_strcmp0 (tether_server_config_get_name (self->config),
                            tether_server_config_get_name (config)) != 0;

  g_clear_object (&self->config);
  self->config = tether_server_config_copy (config);
  self->detected_mode = MCP_HTTP_MODE_AUTO;
  self->legacy_era = FALSE;
  apply_timings (self);

  _tether_server_notify (self, TETHER_SERVER_PROP_CONFIG);
  if (name_changed)
    _tether_server_notify (self, TETHER_SERVER_PROP_NAME);

  if (!tether_server_config_get_enabled (config))
    {
      _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("Disabled"));
      tether_server_stop_async (self, TRUE, NULL, NULL, NULL);
    }
  else if (!was_enabled || self->state == TETHER_SERVER_STATE_DISABLED)
    {
      _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("Enabled"));
      if (self->state == TETHER_SERVER_STATE_DISABLED)
        _tether_server_set_state (self, TETHER_SERVER_STATE_DISCONNECTED);
      tether_server_start (self);
    }
  else
    {
      _tether_server_log (self, TETHER_LOG_KIND_EVENT, _("The configuration changed: restarting"));
      tether_server_reconnect (self);
    }
}

const char *
tether_server_get_name (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return tether_server_config_get_name (self->config);
}

const TetherServerTimings *
tether_server_get_timings (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return &self->timings;
}

TetherServerState
tether_server_get_state (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), TETHER_SERVER_STATE_ERROR);

  return self->state;
}

guint
tether_server_get_attempt (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->attempt;
}

guint
tether_server_get_attempts (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->attempts;
}

gint64
tether_server_get_retry_at (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), 0);

  return self->retry_at;
}

const char *
tether_server_get_error_message (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->error_message;
}

const char *
tether_server_get_error_details (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->error_details;
}

gboolean
tether_server_get_command_not_found (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return self->command_not_found;
}

const char *
tether_server_get_server_title (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->server_title;
}

const char *
tether_server_get_server_version (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->server_version;
}

const char *
tether_server_get_protocol_version (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->protocol_version;
}

const char *
tether_server_get_instructions (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->instructions;
}

/**
 * tether_server_get_client:
 * @self: a #TetherServer
 *
 * Returns: (transfer none) (nullable): the client of the session being
 *   connected or connected
 */
McpClient *
tether_server_get_client (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return self->client;
}

GListModel *
tether_server_get_tools (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_TOOLS]);
}

GListModel *
tether_server_get_prompts (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_PROMPTS]);
}

GListModel *
tether_server_get_resources (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_RESOURCES]);
}

GListModel *
tether_server_get_resource_templates (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_RESOURCE_TEMPLATES]);
}

/**
 * tether_server_get_log:
 * @self: a #TetherServer
 *
 * Returns: (transfer none): the server's log, a #GListModel of
 *   #TetherLogEntry, oldest first, bounded by %TETHER_SERVER_LOG_LIMIT
 */
GListModel *
tether_server_get_log (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->log);
}

/**
 * tether_server_get_busy:
 * @self: a #TetherServer
 *
 * Returns: %TRUE while the lists of a new session are being fetched
 */
gboolean
tether_server_get_busy (TetherServer *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return self->lists_pending > 0;
}

/**
 * tether_server_dup_status_text:
 * @self: a #TetherServer
 * @now: the monotonic time, to count down a wait
 *
 * Returns: (transfer full): the state in words: “Connected · 12 tools”,
 *   “Connecting — attempt 2 of 3”, “Retrying in 4 s”, “Failed: …”
 */
char *
tether_server_dup_status_text (TetherServer *self,
                               gint64        now)
{
  guint n_tools;

  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
      return g_strdup (_("Disabled"));

    case TETHER_SERVER_STATE_DISCONNECTED:
      return g_strdup (_("Not connected"));

    case TETHER_SERVER_STATE_CONNECTING:
      if (self->attempts > 1 && self->recovering)
        return g_strdup_printf (_("Reconnecting — attempt %u of %u"), self->attempt, self->attempts);
      if (self->attempts > 1)
        return g_strdup_printf (_("Connecting — attempt %u of %u"), self->attempt, self->attempts);
      return g_strdup (_("Connecting…"));

    case TETHER_SERVER_STATE_CONNECTED:
      if (self->lists_pending > 0)
        return g_strdup (_("Connected · loading…"));
      /* Also asked while a session is being left, its client gone. */
      if (self->client != NULL && mcp_client_has_capability (self->client, "tools"))
        {
          n_tools = g_list_model_get_n_items (G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_TOOLS]));
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Connected · %u tool", "Connected · %u tools",
                                               n_tools),
                                  n_tools);
        }
      return g_strdup (_("Connected"));

    case TETHER_SERVER_STATE_WAITING:
      {
        gint64 remaining = self->retry_at - now;
        guint seconds = remaining > 0 ? (guint)((remaining + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Retrying in %u s", "Retrying in %u s", seconds),
                                seconds);
      }

    case TETHER_SERVER_STATE_ERROR:
      return g_strdup_printf (_("Failed: %s"),
                              self->error_message != NULL ? self->error_message : _("unknown error"));

    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return g_strdup (_("Sign-in required"));

    default:
      g_assert_not_reached ();
    }
}

/**
 * tether_server_dup_diagnostics:
 * @self: a #TetherServer
 *
 * Everything useful in a bug report: state, error, configuration with every
 * environment and header value masked, the last lines of the log.
 *
 * Returns: (transfer full): the diagnostics as text
 */
char *
tether_server_dup_diagnostics (TetherServer *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *status = NULL;
  g_autofree char *masked = NULL;
  guint n;

  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);

  status = tether_server_dup_status_text (self, g_get_monotonic_time ());
  masked = tether_server_config_to_masked_json (self->config);

  /* Translators: the first %s is Tether's version, the second the
   * server's name */
  g_string_append_printf (out, _("Tether %s — server “%s”\n"), PACKAGE_VERSION, tether_server_get_name (self));
  /* Translators: the first %s is the state's name, such as “connected”,
   * the second what the state means now, such as “Connected for 2 minutes” */
  g_string_append_printf (out, _("State: %s (%s)\n"), tether_server_state_to_string (self->state), status);
  if (self->server_title != NULL && self->server_version != NULL)
    /* Translators: the server's own title and version, and the MCP
     * protocol version it speaks, such as 2025-06-18 */
    g_string_append_printf (out, _("Server: %s %s, protocol %s\n"), self->server_title, self->server_version,
                            self->protocol_version ? self->protocol_version : "?");
  else if (self->server_title != NULL)
    /* Translators: the server's own title, and the MCP protocol version
     * it speaks, such as 2025-06-18 */
    g_string_append_printf (out, _("Server: %s, protocol %s\n"), self->server_title,
                            self->protocol_version ? self->protocol_version : "?");
  if (self->error_details != NULL)
    g_string_append_printf (out, _("Error:\n%s\n"), self->error_details);
  g_string_append_printf (out, _("Configuration:\n%s\n"), masked);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  g_string_append (out, _("Log:\n"));
  for (guint i = n > 50 ? n - 50 : 0; i < n; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->log), i);
      g_autofree char *line = tether_log_entry_to_string (entry);

      g_string_append_printf (out, "%s\n", line);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * tether_server_start:
 * @self: a #TetherServer
 *
 * Connects an enabled server that is not connected or connecting. Asking
 * while an attempt is under way joins it (rule 2).
 */
void
tether_server_start (TetherServer *self)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  if (!tether_server_config_get_enabled (self->config))
    {
      _tether_server_set_state (self, TETHER_SERVER_STATE_DISABLED);
      return;
    }

  switch (self->state)
    {
    case TETHER_SERVER_STATE_DISABLED:
    case TETHER_SERVER_STATE_DISCONNECTED:
    case TETHER_SERVER_STATE_ERROR:
    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      _tether_server_start_round (self);
      break;

    case TETHER_SERVER_STATE_CONNECTING:
    case TETHER_SERVER_STATE_CONNECTED:
    case TETHER_SERVER_STATE_WAITING:
    default:
      break;
    }
}

/**
 * tether_server_reconnect:
 * @self: a #TetherServer
 *
 * Rule 6: stops the current session, whatever the state, and starts a new
 * connection round at once (the new process starts when the old one is
 * gone). Does nothing for a disabled server.
 */
void
tether_server_reconnect (TetherServer *self)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  if (!tether_server_config_get_enabled (self->config))
    return;

  _tether_server_restart (self);
}

/**
 * tether_server_stop_async:
 * @self: a #TetherServer
 * @disable: go to `disabled` rather than `disconnected`
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when every process of the server is gone
 * @user_data: data for @callback
 *
 * Rule 7: stops any attempt, timer and session. Completes when the server's
 * processes have exited (the transports escalate to SIGKILL, so it always
 * does, within about twice the stop grace).
 */
void
tether_server_stop_async (TetherServer        *self,
                          gboolean             disable,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TETHER_IS_SERVER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_server_stop_async);

  _tether_server_stop (self, disable);

  if (self->closing->len == 0)
    g_task_return_boolean (task, TRUE);
  else
    g_queue_push_tail (&self->stop_tasks, g_steal_pointer (&task));
}

gboolean
tether_server_stop_finish (TetherServer  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * tether_server_wait_settled_async:
 * @self: a #TetherServer
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the server is connected with its lists, or has
 *   settled in `error`, `disabled` or `disconnected`
 * @user_data: data for @callback
 *
 * Waits for the current connection round to come to an end either way.
 */
void
tether_server_wait_settled_async (TetherServer        *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_return_if_fail (TETHER_IS_SERVER (self));

  _tether_server_wait_for (self, TRUE, cancellable, callback, user_data);
}

gboolean
tether_server_wait_settled_finish (TetherServer  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
