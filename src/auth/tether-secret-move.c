/* tether-secret-move.c — values that look secret moved into the keyring
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An env or header value whose name looks like a credential (the rule of
 * mcp_secrets_name_is_secret()) goes into the keyring under a global name,
 * and the configuration keeps `${secret:NAME}` in its place, so that the
 * value never reaches the configuration file. A header keeps its scheme in
 * clear (`Bearer ${secret:NAME}`). The name comes from the key (an env
 * variable's own name first, as GITHUB_TOKEN) or from the server and the
 * key (LINEAR_AUTHORIZATION), with _2, _3… after it when the keyring holds
 * a different secret under it already: a secret stored before is never
 * replaced, and the same value under the same name is used again.
 *
 * The import (in the window and in tether-cli) and the server dialog call
 * this; values that are placeholders or references already stay as they
 * are.
 */

#define G_LOG_DOMAIN "tether-secret-move"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mcp-secrets.h"
#include "tether-auth-error.h"
#include "tether-secret-move.h"
#include "tether-secret-refs.h"
#include "tether-server-config-oauth.h"

/* How many names with a number after them are tried before giving up */
#define MAX_SUFFIX 99

/* Authorization schemes kept in clear before the credential */
static const char * const schemes[] = { "Bearer", "Basic", "Token", "Bot" };

/* The offset of the credential in a header value: after a known scheme
 * and its spaces, or 0 when the value has no scheme. */
static gsize
credential_offset (const char *value)
{
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      gsize length = strlen (schemes[i]);

      if (g_ascii_strncasecmp (value, schemes[i], length) == 0 && value[length] == ' ')
        {
          while (value[length] == ' ')
            length++;
          return length;
        }
    }
  return 0;
}

/**
 * tether_secret_move_wanted:
 * @key: an env variable's or a header's name
 * @value: (nullable): its value
 *
 * Returns: whether @value belongs in the keyring: its name looks like a
 *   credential, and it is a value, not empty, not a placeholder nor a
 *   reference already
 */
gboolean
tether_secret_move_wanted (const char *key,
                           const char *value)
{
  if (value == NULL || !mcp_secrets_name_is_secret (key) || strstr (value, "${") != NULL)
    return FALSE;
  for (const char *p = value + credential_offset (value); *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return TRUE;
  return FALSE;
}

/**
 * tether_secret_move_is_reference:
 * @value: (nullable): an env or header value
 *
 * Returns: whether @value is only a reference to a secret, after the scheme
 *   of a header if it has one: what the server dialog shows as "Stored in
 *   the keyring"
 */
gboolean
tether_secret_move_is_reference (const char *value)
{
  g_auto(GStrv) names = NULL;
  g_autofree char *ref = NULL;

  if (value == NULL)
    return FALSE;
  value += credential_offset (value);
  names = tether_secret_refs_find (value);
  if (names[0] == NULL || names[1] != NULL)
    return FALSE;
  ref = tether_secret_ref_new (names[0]);
  return g_str_equal (ref, value);
}

/**
 * tether_secret_move_count:
 * @config: a server's configuration
 *
 * Returns: how many of its env and header values
 *   tether_secret_move_config() would move
 */
guint
tether_secret_move_count (TetherServerConfig *config)
{
  g_auto(GStrv) env = tether_server_config_dup_env_names (config);
  g_auto(GStrv) headers = tether_server_config_dup_header_names (config);
  guint n = 0;

  for (guint i = 0; env != NULL && env[i] != NULL; i++)
    n += tether_secret_move_wanted (env[i], tether_server_config_get_env_value (config, env[i]));
  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    n += tether_secret_move_wanted (headers[i], tether_server_config_get_header_value (config, headers[i]));
  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    n += tether_server_config_oauth_field_is_secret (i) &&
         tether_secret_move_wanted ("secret", tether_server_config_get_oauth (config, i));
  return n;
}

/* @part in capitals, each run of other characters as one `_` */
static void
append_name_part (GString    *name,
                  const char *part)
{
  for (const char *p = part; *p != '\0' && name->len < TETHER_SECRET_NAME_MAX / 2; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (name, g_ascii_toupper (*p));
      else if (name->len > 0 && name->str[name->len - 1] != '_')
        g_string_append_c (name, '_');
    }
  while (name->len > 0 && name->str[name->len - 1] == '_')
    g_string_truncate (name, name->len - 1);
}

static char *
name_from (const char *server,
           const char *key)
{
  GString *name = g_string_new (NULL);

  if (server != NULL)
    {
      append_name_part (name, server);
      if (name->len > 0)
        g_string_append_c (name, '_');
    }
  append_name_part (name, key);
  if (name->len == 0 || name->str[name->len - 1] == '_')
    g_string_append (name, "SECRET");
  return g_string_free (name, FALSE);
}

/* The names to try, best first: an env variable's own name, then the
 * server's and the key's, then that with a number. */
static GPtrArray *
candidate_names (const char *kind,
                 const char *server,
                 const char *key)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *both = name_from (server, key);

  if (g_strcmp0 (kind, TETHER_SECRET_KIND_ENV) == 0)
    {
      char *own = name_from (NULL, key);

      if (!g_str_equal (own, both))
        g_ptr_array_add (names, own);
      else
        g_free (own);
    }
  g_ptr_array_add (names, g_strdup (both));
  for (guint i = 2; i <= MAX_SUFFIX; i++)
    g_ptr_array_add (names, g_strdup_printf ("%s_%u", both, i));
  return names;
}

/**
 * tether_secret_move_value:
 * @store: the keyring
 * @kind: %TETHER_SECRET_KIND_ENV or %TETHER_SECRET_KIND_HEADER
 * @server: the server's name
 * @key: the env variable's or the header's name
 * @value: the value, with tether_secret_move_wanted()
 * @error: where to put why it could not be stored
 *
 * Stores the secret part of @value under a name no other secret has
 * (blocking: call it in a thread from the window).
 *
 * Returns: (transfer full) (nullable): what the configuration keeps in its
 *   place: `${secret:NAME}`, after the scheme of a header
 */
char *
tether_secret_move_value (TetherSecretStore  *store,
                          const char         *kind,
                          const char         *server,
                          const char         *key,
                          const char         *value,
                          GError            **error)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *secret = NULL;
  gsize offset = 0;

  g_return_val_if_fail (TETHER_IS_SECRET_STORE (store), NULL);
  g_return_val_if_fail (value != NULL, NULL);

  if (g_strcmp0 (kind, TETHER_SECRET_KIND_HEADER) == 0)
    offset = credential_offset (value);
  secret = g_strdup (value + offset);

  names = candidate_names (kind, server, key);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GError) local_error = NULL;
      g_autofree char *ref = NULL;
      char *stored;
      gboolean same;

      stored = tether_secret_store_lookup_named (store, name, &local_error);
      if (local_error != NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("The value of %s (server %s) could not be moved to the keyring: %s"),
                       key, server, local_error->message);
          tether_secret_free (g_steal_pointer (&secret));
          return NULL;
        }
      same = stored != NULL && g_str_equal (stored, secret);
      tether_secret_free (stored);
      if (stored != NULL && !same)
        continue;

      if (!same && !tether_secret_store_store (store, kind, "", name, secret, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("The value of %s (server %s) could not be moved to the keyring: %s"),
                       key, server, local_error->message);
          tether_secret_free (g_steal_pointer (&secret));
          return NULL;
        }
      tether_secret_free (g_steal_pointer (&secret));
      ref = tether_secret_ref_new (name);
      return g_strdup_printf ("%.*s%s", (int)offset, value, ref);
    }

  tether_secret_free (g_steal_pointer (&secret));
  g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
               _("The value of %s (server %s) could not be moved to the keyring: every name for it is taken"),
               key, server);
  return NULL;
}

/* Moves the values of @keys (of @kind) in @config that are values, not
 * placeholders nor references, whatever their names. */
static gboolean
move_keys (TetherSecretStore   *store,
           TetherServerConfig  *config,
           const char          *kind,
           const char * const  *keys,
           guint               *n_moved,
           GError             **error)
{
  gboolean env = g_str_equal (kind, TETHER_SECRET_KIND_ENV);

  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      const char *value = env ? tether_server_config_get_env_value (config, keys[i])
                              : tether_server_config_get_header_value (config, keys[i]);
      g_autofree char *ref = NULL;

      if (!tether_secret_move_wanted ("secret", value))
        continue;
      ref = tether_secret_move_value (store, kind, tether_server_config_get_name (config), keys[i], value, error);
      if (ref == NULL)
        return FALSE;
      if (env)
        tether_server_config_set_env_value (config, keys[i], ref);
      else
        tether_server_config_set_header_value (config, keys[i], ref);
      if (n_moved != NULL)
        (*n_moved)++;
    }
  return TRUE;
}

/* The OAuth client's secret and private key, whatever they look like.
 * They are credentials sent over HTTP, named secrets of the header kind
 * (GITHUB_CLIENT_SECRET). */
static gboolean
move_oauth (TetherSecretStore   *store,
            TetherServerConfig  *config,
            guint               *n_moved,
            GError             **error)
{
  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    {
      const char *value = tether_server_config_get_oauth (config, i);
      const char *key = i == TETHER_SERVER_OAUTH_PRIVATE_KEY ? "private_key" : "client_secret";
      g_autofree char *ref = NULL;

      if (!tether_server_config_oauth_field_is_secret (i) || !tether_secret_move_wanted ("secret", value))
        continue;
      ref = tether_secret_move_value (store, TETHER_SECRET_KIND_HEADER, tether_server_config_get_name (config),
                                      key, value, error);
      if (ref == NULL)
        return FALSE;
      tether_server_config_set_oauth (config, i, ref);
      if (n_moved != NULL)
        (*n_moved)++;
    }
  return TRUE;
}

/* The names of @names (freed) that look like a credential's */
static GStrv
secret_looking (GStrv names)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) owned = names;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (mcp_secrets_name_is_secret (names[i]))
      g_strv_builder_add (builder, names[i]);
  return g_strv_builder_end (builder);
}

/**
 * tether_secret_move_config:
 * @store: the keyring
 * @config: a server's configuration, changed in place
 * @n_moved: (inout) (optional): incremented for each value moved
 * @error: where to put why a value could not be moved
 *
 * Moves every env and header value of @config that looks secret, and its
 * OAuth client's secret and private key, into the keyring and puts its reference in its place. On error the values moved
 * so far stay in the keyring and @config is not to be saved.
 *
 * Returns: whether every such value was moved
 */
gboolean
tether_secret_move_config (TetherSecretStore   *store,
                           TetherServerConfig  *config,
                           guint               *n_moved,
                           GError             **error)
{
  g_auto(GStrv) env = secret_looking (tether_server_config_dup_env_names (config));
  g_auto(GStrv) headers = secret_looking (tether_server_config_dup_header_names (config));

  return tether_secret_move_keys (store, config, (const char * const *)env, (const char * const *)headers,
                                  n_moved, error) &&
         move_oauth (store, config, n_moved, error);
}

/**
 * tether_secret_move_keys:
 * @store: the keyring
 * @config: a server's configuration, changed in place
 * @env: (nullable): the env variables whose values to move, whatever
 *   their names (the server dialog's rows marked secret)
 * @headers: (nullable): the headers whose values to move
 * @n_moved: (inout) (optional): incremented for each value moved
 * @error: where to put why a value could not be moved
 *
 * Like tether_secret_move_config() for the values named; an empty value,
 * a placeholder or a reference stays as it is.
 *
 * Returns: whether every such value was moved
 */
gboolean
tether_secret_move_keys (TetherSecretStore   *store,
                         TetherServerConfig  *config,
                         const char * const  *env,
                         const char * const  *headers,
                         guint               *n_moved,
                         GError             **error)
{
  return move_keys (store, config, TETHER_SECRET_KIND_ENV, env, n_moved, error) &&
         move_keys (store, config, TETHER_SECRET_KIND_HEADER, headers, n_moved, error);
}

/**
 * tether_secret_move_configs:
 * @store: the keyring
 * @configs: (element-type TetherServerConfig): configurations, changed in
 *   place
 * @n_moved: (out) (optional): how many values were moved
 * @error: where to put why a value could not be moved
 *
 * tether_secret_move_config() on each of @configs; the first error stops
 * it, and then none of them is to be saved.
 *
 * Returns: whether every value that looks secret was moved
 */
gboolean
tether_secret_move_configs (TetherSecretStore  *store,
                            GPtrArray          *configs,
                            guint              *n_moved,
                            GError            **error)
{
  if (n_moved != NULL)
    *n_moved = 0;
  for (guint i = 0; i < configs->len; i++)
    if (!tether_secret_move_config (store, g_ptr_array_index (configs, i), n_moved, error))
      return FALSE;
  return TRUE;
}

typedef struct
{
  TetherSecretStore *store;
  GPtrArray         *configs;
  GStrv              env;       /* with keys: the values named */
  GStrv              headers;
  gboolean           keys;
} MoveData;

static void
move_data_free (MoveData *data)
{
  g_clear_object (&data->store);
  g_clear_pointer (&data->configs, g_ptr_array_unref);
  g_strfreev (data->env);
  g_strfreev (data->headers);
  g_free (data);
}

static void
move_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  MoveData *data = task_data;
  GError *error = NULL;
  guint n_moved = 0;

  if (data->keys ? tether_secret_move_keys (data->store, g_ptr_array_index (data->configs, 0),
                                            (const char * const *)data->env,
                                            (const char * const *)data->headers, &n_moved, &error)
                 : tether_secret_move_configs (data->store, data->configs, &n_moved, &error))
    g_task_return_int (task, n_moved);
  else
    g_task_return_error (task, error);
}

static void
move_probed_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  gboolean have_keyring = tether_secret_store_probe_finish (TETHER_SECRET_STORE (source), result, NULL);

  if (g_task_return_error_if_cancelled (task))
    return;
  /* Without a keyring nothing is moved: the values stay where they are
   * (what the window says when it knows in time) */
  if (!have_keyring)
    {
      g_task_return_int (task, 0);
      return;
    }
  g_task_run_in_thread (task, move_thread);
}

/* The keyring's connection is made here, in the calling thread, before the
 * thread uses it: libsecret's shared connection, made at once in two
 * threads, is freed under one of them. */
static void
move_start (MoveData            *data,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  TetherSecretStore *store = data->store;

  g_task_set_source_tag (task, tether_secret_move_configs_async);
  g_task_set_task_data (task, data, (GDestroyNotify)move_data_free);
  tether_secret_store_probe_async (store, cancellable, move_probed_cb, g_steal_pointer (&task));
}

/**
 * tether_secret_move_configs_async:
 * @store: the keyring
 * @configs: (element-type TetherServerConfig): configurations, changed in
 *   place: not to be touched until @callback
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when every value is moved, or one could not be
 * @user_data: for @callback
 *
 * tether_secret_move_configs() in a thread, so that a keyring that asks to
 * be unlocked does not stop the window.
 */
void
tether_secret_move_configs_async (TetherSecretStore   *store,
                                  GPtrArray           *configs,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  MoveData *data = g_new0 (MoveData, 1);

  data->store = g_object_ref (store);
  data->configs = g_ptr_array_ref (configs);
  move_start (data, cancellable, callback, user_data);
}

/**
 * tether_secret_move_keys_async:
 * @store: the keyring
 * @config: a server's configuration, changed in place: not to be touched
 *   until @callback
 * @env: (nullable): as tether_secret_move_keys() has it
 * @headers: (nullable): as tether_secret_move_keys() has it
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when every value is moved, or one could not be
 * @user_data: for @callback
 *
 * tether_secret_move_keys() in a thread; finish it with
 * tether_secret_move_configs_finish().
 */
void
tether_secret_move_keys_async (TetherSecretStore   *store,
                               TetherServerConfig  *config,
                               const char * const  *env,
                               const char * const  *headers,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  MoveData *data = g_new0 (MoveData, 1);

  data->store = g_object_ref (store);
  data->configs = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (data->configs, g_object_ref (config));
  data->env = g_strdupv ((char **)env);
  data->headers = g_strdupv ((char **)headers);
  data->keys = TRUE;
  move_start (data, cancellable, callback, user_data);
}

gboolean
tether_secret_move_configs_finish (GAsyncResult  *result,
                                   guint         *n_moved,
                                   GError       **error)
{
  gssize moved;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  moved = g_task_propagate_int (G_TASK (result), error);
  if (moved < 0)
    return FALSE;
  if (n_moved != NULL)
    *n_moved = (guint)moved;
  return TRUE;
}
