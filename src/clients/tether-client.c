/* tether-client.c — an AI client on this machine, as Tether can connect it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One per client of the import table that Tether writes. Its properties
 * change when TetherClients reads the client's file again; each change is
 * notified.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-client-private.h"

struct _TetherClient
{
  GObject                   parent_instance;

  const TetherImportClient *table;
  TetherClientState         state;
};

G_DEFINE_FINAL_TYPE (TetherClient, tether_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_DISPLAY_NAME,
  PROP_PATH,
  PROP_FORMAT,
  PROP_FOUND,
  PROP_CONNECTED,
  PROP_CONNECTION,
  PROP_ENTRY_NAME,
  PROP_URL,
  PROP_COMMAND,
  PROP_SHARED_SERVERS,
  PROP_ERROR_MESSAGE,
  PROP_TAKES_HTTP,
  PROP_CAN_DISABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_tether_client_state_clear (TetherClientState *state)
{
  g_clear_pointer (&state->path, g_free);
  g_clear_pointer (&state->entry_name, g_free);
  g_clear_pointer (&state->url, g_free);
  g_clear_pointer (&state->command, g_strfreev);
  g_clear_pointer (&state->shared, g_strfreev);
  g_clear_pointer (&state->error_message, g_free);
  state->found = FALSE;
  state->connection = TETHER_CLIENT_CONNECTION_NONE;
}

static void
tether_client_finalize (GObject *object)
{
  TetherClient *self = TETHER_CLIENT (object);

  _tether_client_state_clear (&self->state);

  G_OBJECT_CLASS (tether_client_parent_class)->finalize (object);
}

static void
tether_client_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TetherClient *self = TETHER_CLIENT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, tether_client_get_name (self));
      break;
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, tether_client_get_display_name (self));
      break;
    case PROP_PATH:
      g_value_set_string (value, tether_client_get_path (self));
      break;
    case PROP_FORMAT:
      g_value_set_string (value, tether_client_get_format (self));
      break;
    case PROP_FOUND:
      g_value_set_boolean (value, tether_client_get_found (self));
      break;
    case PROP_CONNECTED:
      g_value_set_boolean (value, tether_client_get_connected (self));
      break;
    case PROP_CONNECTION:
      g_value_set_int (value, tether_client_get_connection (self));
      break;
    case PROP_ENTRY_NAME:
      g_value_set_string (value, tether_client_get_entry_name (self));
      break;
    case PROP_URL:
      g_value_set_string (value, tether_client_get_url (self));
      break;
    case PROP_COMMAND:
      g_value_set_boxed (value, tether_client_get_command (self));
      break;
    case PROP_SHARED_SERVERS:
      g_value_set_boxed (value, tether_client_get_shared_servers (self));
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, tether_client_get_error_message (self));
      break;
    case PROP_TAKES_HTTP:
      g_value_set_boolean (value, tether_client_get_takes_http (self));
      break;
    case PROP_CAN_DISABLE:
      g_value_set_boolean (value, tether_client_get_can_disable (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_client_class_init (TetherClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = tether_client_finalize;
  object_class->get_property = tether_client_get_property;

  /* Its name in the table and on the command line: `vscode`, `codex`… */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_DISPLAY_NAME] = g_param_spec_string ("display-name", NULL, NULL, NULL, flags);
  /* The file Tether writes: the one found, else where the client would
   * keep it. */
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  /* The file's syntax: `json` (comments allowed), `toml` or `yaml`. */
  properties[PROP_FORMAT] = g_param_spec_string ("format", NULL, NULL, NULL, flags);
  /* The file, or the folder it goes in, is there. */
  properties[PROP_FOUND] = g_param_spec_boolean ("found", NULL, NULL, FALSE, flags);
  properties[PROP_CONNECTED] = g_param_spec_boolean ("connected", NULL, NULL, FALSE, flags);
  /* A TetherClientConnection. */
  properties[PROP_CONNECTION] = g_param_spec_int ("connection", NULL, NULL, 0, 2, 0, flags);
  properties[PROP_ENTRY_NAME] = g_param_spec_string ("entry-name", NULL, NULL, NULL, flags);
  /* The URL the entry gives (never with the token). */
  properties[PROP_URL] = g_param_spec_string ("url", NULL, NULL, NULL, flags);
  /* The command line the entry gives. */
  properties[PROP_COMMAND] = g_param_spec_boxed ("command", NULL, NULL, G_TYPE_STRV, flags);
  /* The client's servers that Tether has too (same name, command line or
   * URL): they run twice unless turned off in the client. */
  properties[PROP_SHARED_SERVERS] = g_param_spec_boxed ("shared-servers", NULL, NULL, G_TYPE_STRV,
                                                        flags);
  /* Why the file could not be read, if it could not. */
  properties[PROP_ERROR_MESSAGE] = g_param_spec_string ("error-message", NULL, NULL, NULL, flags);
  /* The client takes a URL with headers; else it gets the bridge. */
  properties[PROP_TAKES_HTTP] = g_param_spec_boolean ("takes-http", NULL, NULL, FALSE, flags);
  /* Its entries have an off switch Tether can set. */
  properties[PROP_CAN_DISABLE] = g_param_spec_boolean ("can-disable", NULL, NULL, FALSE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_client_init (TetherClient *self)
{
}

TetherClient *
_tether_client_new (const TetherImportClient *table)
{
  TetherClient *self = g_object_new (TETHER_TYPE_CLIENT, NULL);

  self->table = table;

  return self;
}

const TetherImportClient *
_tether_client_get_table (TetherClient *self)
{
  return self->table;
}

static gboolean
strv_equal0 (char **a,
             char **b)
{
  if (a == NULL || b == NULL)
    return a == b;

  return g_strv_equal ((const char * const *)a, (const char * const *)b);
}

#define SET_STRING(field, prop) \
  if (g_strcmp0 (self->state.field, state->field) != 0) \
    { \
      g_free (self->state.field); \
      self->state.field = g_strdup (state->field); \
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); \
    }

#define SET_STRV(field, prop) \
  if (!strv_equal0 (self->state.field, state->field)) \
    { \
      g_strfreev (self->state.field); \
      self->state.field = g_strdupv (state->field); \
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); \
    }

void
_tether_client_set_state (TetherClient            *self,
                          const TetherClientState *state)
{
  gboolean was_connected = tether_client_get_connected (self);

  g_object_freeze_notify (G_OBJECT (self));

  SET_STRING (path, PROP_PATH);
  SET_STRING (entry_name, PROP_ENTRY_NAME);
  SET_STRING (url, PROP_URL);
  SET_STRING (error_message, PROP_ERROR_MESSAGE);
  SET_STRV (command, PROP_COMMAND);
  SET_STRV (shared, PROP_SHARED_SERVERS);
  if (self->state.found != state->found)
    {
      self->state.found = state->found;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOUND]);
    }
  if (self->state.connection != state->connection)
    {
      self->state.connection = state->connection;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTION]);
    }
  if (was_connected != tether_client_get_connected (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);

  g_object_thaw_notify (G_OBJECT (self));
}

const char *
tether_client_get_name (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return self->table->id;
}

const char *
tether_client_get_display_name (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return g_dgettext (GETTEXT_PACKAGE, self->table->name);
}

const char *
tether_client_get_path (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return self->state.path;
}

const char *
tether_client_get_format (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  switch (self->table->syntax)
    {
    case TETHER_IMPORT_SYNTAX_TOML:
      return "toml";
    case TETHER_IMPORT_SYNTAX_YAML:
      return "yaml";
    case TETHER_IMPORT_SYNTAX_JSON:
    default:
      return "json";
    }
}

gboolean
tether_client_get_found (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), FALSE);

  return self->state.found;
}

gboolean
tether_client_get_connected (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), FALSE);

  return self->state.connection != TETHER_CLIENT_CONNECTION_NONE;
}

TetherClientConnection
tether_client_get_connection (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), TETHER_CLIENT_CONNECTION_NONE);

  return self->state.connection;
}

const char *
tether_client_get_entry_name (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return self->state.entry_name;
}

const char *
tether_client_get_url (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return self->state.url;
}

const char * const *
tether_client_get_command (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return (const char * const *)self->state.command;
}

const char * const *
tether_client_get_shared_servers (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return (const char * const *)self->state.shared;
}

const char *
tether_client_get_error_message (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), NULL);

  return self->state.error_message;
}

gboolean
tether_client_get_takes_http (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), FALSE);

  return self->table->writing->url_key != NULL;
}

gboolean
tether_client_get_can_disable (TetherClient *self)
{
  g_return_val_if_fail (TETHER_IS_CLIENT (self), FALSE);

  return self->table->writing->off_key != NULL;
}
