/* tether-secret-refs.c — `${secret:NAME}` in a server's env and headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A configuration keeps no secret in clear: an env or header value says
 * `${secret:NAME}` (alone, or inside a longer value such as
 * `Bearer ${secret:NAME}`), and the value comes from the keyring when the
 * server starts, into a copy of its configuration that only its transport
 * sees; nothing resolved is ever written back. Names are global: what
 * `tether-cli secret set NAME` stored. A name the keyring does not have
 * stops the start with a message that names it, never an empty value.
 */

#define G_LOG_DOMAIN "tether-secret-refs"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-auth-error.h"
#include "tether-secret-refs.h"
#include "tether-server-config-oauth.h"

#define REF_START "${secret:"

/**
 * tether_secret_name_is_valid:
 * @name: a name
 *
 * Returns: whether @name may name a secret: letters, digits, `_`, `-` and
 *   `.`, at most %TETHER_SECRET_NAME_MAX
 */
gboolean
tether_secret_name_is_valid (const char *name)
{
  gsize length = name != NULL ? strlen (name) : 0;

  if (length == 0 || length > TETHER_SECRET_NAME_MAX)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-' && *p != '.')
      return FALSE;
  return TRUE;
}

/**
 * tether_secret_ref_new:
 * @name: a valid secret name
 *
 * Returns: (transfer full): `${secret:NAME}`
 */
char *
tether_secret_ref_new (const char *name)
{
  return g_strconcat (REF_START, name, "}", NULL);
}

/* Calls @func for each well-formed reference in @value, with the text
 * before it; returns the rest after the last. */
typedef void (*RefFunc) (const char *before,
                         gsize       before_length,
                         const char *name,
                         gpointer    user_data);

static const char *
walk_refs (const char *value,
           RefFunc     func,
           gpointer    user_data)
{
  const char *p = value;
  const char *start;

  while ((start = strstr (p, REF_START)) != NULL)
    {
      const char *name = start + strlen (REF_START);
      const char *end = strchr (name, '}');
      g_autofree char *found = end != NULL ? g_strndup (name, end - name) : NULL;

      if (found == NULL || !tether_secret_name_is_valid (found))
        {
          /* not a reference: kept as it is */
          func (p, name - p, NULL, user_data);
          p = name;
          continue;
        }
      func (p, start - p, found, user_data);
      p = end + 1;
    }
  return p;
}

static void
collect_name (const char *before,
              gsize       before_length,
              const char *name,
              gpointer    user_data)
{
  GPtrArray *names = user_data;

  if (name == NULL)
    return;
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return;
  g_ptr_array_add (names, g_strdup (name));
}

static GStrv
finish_names (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  return (GStrv)g_ptr_array_free (names, FALSE);
}

/**
 * tether_secret_refs_find:
 * @value: (nullable): an env or header value
 *
 * Returns: (transfer full): the names @value refers to, each once
 */
GStrv
tether_secret_refs_find (const char *value)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  if (value != NULL)
    walk_refs (value, collect_name, names);
  return finish_names (names);
}

typedef struct
{
  GString    *out;
  GHashTable *secrets;
} Expand;

static void
expand_one (const char *before,
            gsize       before_length,
            const char *name,
            gpointer    user_data)
{
  Expand *e = user_data;
  const char *secret;

  g_string_append_len (e->out, before, (gssize)before_length);
  if (name == NULL)
    return;
  secret = g_hash_table_lookup (e->secrets, name);
  g_assert (secret != NULL);
  g_string_append (e->out, secret);
}

/**
 * tether_secret_refs_expand:
 * @value: an env or header value
 * @secrets: name → secret, with every name @value refers to
 *
 * Returns: (transfer full): @value with its references replaced (free it
 *   with tether_secret_free())
 */
char *
tether_secret_refs_expand (const char *value,
                           GHashTable *secrets)
{
  Expand e = { g_string_new (NULL), secrets };
  const char *rest = walk_refs (value, expand_one, &e);

  g_string_append (e.out, rest);
  return g_string_free (e.out, FALSE);
}

/**
 * tether_secret_refs_in_config:
 * @config: a server's configuration
 *
 * Returns: (transfer full): the names its env and header values and its
 *   OAuth client's secret and key refer to
 */
GStrv
tether_secret_refs_in_config (TetherServerConfig *config)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) env = tether_server_config_dup_env_names (config);
  g_auto(GStrv) headers = tether_server_config_dup_header_names (config);

  for (guint i = 0; env != NULL && env[i] != NULL; i++)
    walk_refs (tether_server_config_get_env_value (config, env[i]), collect_name, names);
  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    walk_refs (tether_server_config_get_header_value (config, headers[i]), collect_name, names);
  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    if (tether_server_config_oauth_field_is_secret (i) && tether_server_config_get_oauth (config, i) != NULL)
      walk_refs (tether_server_config_get_oauth (config, i), collect_name, names);
  return finish_names (names);
}

/**
 * tether_secret_refs_unused:
 * @before: a server's configuration before an edit
 * @configs: (element-type TetherServerConfig): every configuration now
 *   (the edited one included)
 *
 * Secret names are global: a secret @before referred to may only leave the
 * keyring when no server refers to it any more.
 *
 * Returns: (transfer full): the names @before refers to that none of
 *   @configs does
 */
GStrv
tether_secret_refs_unused (TetherServerConfig *before,
                           GPtrArray          *configs)
{
  g_auto(GStrv) names = tether_secret_refs_in_config (before);
  g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GStrvBuilder) unused = g_strv_builder_new ();

  for (guint i = 0; i < configs->len; i++)
    {
      g_auto(GStrv) referred = tether_secret_refs_in_config (g_ptr_array_index (configs, i));

      for (guint k = 0; referred[k] != NULL; k++)
        g_hash_table_add (used, g_strdup (referred[k]));
    }
  for (guint i = 0; names[i] != NULL; i++)
    if (!g_hash_table_contains (used, names[i]))
      g_strv_builder_add (unused, names[i]);
  return g_strv_builder_end (unused);
}

/* ---------------------------------------------------------------------- */

typedef struct
{
  TetherServerConfig *config;
  TetherSecretStore  *store;
  GStrv               names;
  guint               next;
  GHashTable         *secrets;   /* name → value, wiped when freed */
} Resolve;

static void
resolve_free (Resolve *r)
{
  g_clear_object (&r->config);
  g_clear_object (&r->store);
  g_strfreev (r->names);
  g_clear_pointer (&r->secrets, g_hash_table_unref);
  g_free (r);
}

static TetherServerConfig *
resolved_copy (Resolve *r)
{
  TetherServerConfig *copy = tether_server_config_copy (r->config);
  g_auto(GStrv) env = tether_server_config_dup_env_names (copy);
  g_auto(GStrv) headers = tether_server_config_dup_header_names (copy);

  for (guint i = 0; env != NULL && env[i] != NULL; i++)
    {
      char *value = tether_secret_refs_expand (tether_server_config_get_env_value (copy, env[i]), r->secrets);

      tether_server_config_set_env_value (copy, env[i], value);
      tether_secret_free (value);
    }
  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    {
      char *value = tether_secret_refs_expand (tether_server_config_get_header_value (copy, headers[i]),
                                               r->secrets);

      tether_server_config_set_header_value (copy, headers[i], value);
      tether_secret_free (value);
    }
  for (guint i = 0; i < TETHER_SERVER_OAUTH_N_FIELDS; i++)
    {
      char *value;

      if (!tether_server_config_oauth_field_is_secret (i) || tether_server_config_get_oauth (copy, i) == NULL)
        continue;
      value = tether_secret_refs_expand (tether_server_config_get_oauth (copy, i), r->secrets);
      tether_server_config_set_oauth (copy, i, value);
      tether_secret_free (value);
    }
  return copy;
}

static void resolve_next (GTask *task);

static void
on_looked_up (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  Resolve *r = g_task_get_task_data (task);
  const char *name = r->names[r->next];
  GError *error = NULL;
  char *value = tether_secret_store_lookup_finish (TETHER_SECRET_STORE (source), result, &error);

  if (error != NULL)
    {
      g_task_return_new_error (task, error->domain, error->code,
                               _("Secret %s could not be read from the keyring: %s"), name, error->message);
      g_error_free (error);
      g_object_unref (task);
      return;
    }
  if (value == NULL)
    {
      g_task_return_new_error (task, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_SECRET_MISSING,
                               _("Secret %s is not in the keyring: store it with “tether-cli secret set %s”"),
                               name, name);
      g_object_unref (task);
      return;
    }
  g_hash_table_insert (r->secrets, g_strdup (name), value);
  r->next++;
  resolve_next (task);
}

static void
resolve_next (GTask *task)
{
  Resolve *r = g_task_get_task_data (task);

  if (r->names[r->next] == NULL)
    {
      g_task_return_pointer (task, resolved_copy (r), g_object_unref);
      g_object_unref (task);
      return;
    }
  tether_secret_store_lookup_named_async (r->store, r->names[r->next], g_task_get_cancellable (task),
                                          on_looked_up, task);
}

/**
 * tether_secret_refs_resolve_async:
 * @config: a server's configuration
 * @store: the keyring
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the configuration to start with
 * @user_data: for @callback
 *
 * Reads every secret @config refers to, without blocking.
 */
void
tether_secret_refs_resolve_async (TetherServerConfig  *config,
                                  TetherSecretStore   *store,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Resolve *r = g_new0 (Resolve, 1);

  g_task_set_source_tag (task, tether_secret_refs_resolve_async);
  r->config = g_object_ref (config);
  r->store = g_object_ref (store);
  r->names = tether_secret_refs_in_config (config);
  r->secrets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)tether_secret_free);
  g_task_set_task_data (task, r, (GDestroyNotify)resolve_free);

  /* No reference: the configuration as it is, and no keyring asked */
  if (r->names[0] == NULL)
    {
      g_task_return_pointer (task, g_object_ref (config), g_object_unref);
      g_object_unref (task);
      return;
    }
  resolve_next (task);
}

/**
 * tether_secret_refs_resolve_finish:
 * @result: the result
 * @error: where to put why not (%TETHER_AUTH_ERROR_SECRET_MISSING names
 *   the secret)
 *
 * Returns: (transfer full) (nullable): the configuration with its secrets
 *   in place: for the transport only, never to be saved or shown
 */
TetherServerConfig *
tether_secret_refs_resolve_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
