/* tether-server-config-checks.c — what a configuration must not be, and
 * what it should not do
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two rules every place that takes or shows a server's configuration
 * shares: the names an environment variable may have (a key such as
 * `PATH=/tmp/evil:` would set another variable than it says), and the
 * warning for a server that would send a credential unencrypted over the
 * network.
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-http-check.h"
#include "mcp-secrets.h"

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-server-config-private.h"

/**
 * tether_server_config_env_name_is_valid:
 * @name: (nullable): an environment variable name
 *
 * A valid name is letters, digits and underscores, not starting with a
 * digit (`[A-Za-z_][A-Za-z0-9_]*`): what a POSIX shell can set, and never
 * one with `=` in it, which would set another variable.
 *
 * Returns: %TRUE if @name can be an environment variable's name
 */
gboolean
tether_server_config_env_name_is_valid (const char *name)
{
  if (name == NULL || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;

  for (const char *p = name + 1; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '_')
        return FALSE;
    }

  return TRUE;
}

/**
 * tether_server_config_dup_cleartext_warning:
 * @self: a #TetherServerConfig
 *
 * For a server reached over plain `http://` at a host that is not this
 * machine (mcp_secrets_url_is_cleartext()) with a header whose name looks
 * secret (mcp_secrets_name_is_secret()), or credentials in its URL
 * (mcp_secrets_url_has_credentials()): a warning that names what is sent
 * unencrypted, never its value, like “Sends its Authorization header
 * unencrypted: anyone on the network can read it. Use https.”
 *
 * Returns: (transfer full) (nullable): the warning, or %NULL when nothing
 *   secret travels in clear
 */
char *
tether_server_config_dup_cleartext_warning (TetherServerConfig *self)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GString) secret = NULL;
  const char *url;
  gboolean in_url;
  guint n = 0;

  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), NULL);

  url = tether_server_config_get_url (self);
  if (!tether_server_kind_is_remote (tether_server_config_get_kind (self)) ||
      !mcp_secrets_url_is_cleartext (url))
    return NULL;

  secret = g_string_new (NULL);
  names = tether_server_config_dup_header_names (self);
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (!mcp_secrets_name_is_secret (names[i]))
        continue;
      g_string_append_printf (secret, "%s%s", n > 0 ? ", " : "", names[i]);
      n++;
    }
  in_url = mcp_secrets_url_has_credentials (url);

  if (n > 0 && in_url)
    /* Translators: %s is a list of HTTP header names, like “Authorization” */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Sends its %s header and the credentials in its URL unencrypted: "
                                         "anyone on the network can read them. Use https.",
                                         "Sends its %s headers and the credentials in its URL unencrypted: "
                                         "anyone on the network can read them. Use https.", n),
                            secret->str);
  if (n > 0)
    /* Translators: %s is a list of HTTP header names, like “Authorization” */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Sends its %s header unencrypted: "
                                         "anyone on the network can read it. Use https.",
                                         "Sends its %s headers unencrypted: "
                                         "anyone on the network can read them. Use https.", n),
                            secret->str);
  if (in_url)
    return g_strdup (_("Sends the credentials in its URL unencrypted: "
                       "anyone on the network can read them. Use https."));

  return NULL;
}

/**
 * tether_server_config_validate:
 * @self: a #TetherServerConfig
 * @error: return location for an error
 *
 * Checks that the configuration can be started: a name without control
 * characters; for stdio a non-empty command; for the remote kinds a URL and
 * headers the HTTP transport takes (mcp_http_parse_url(),
 * mcp_http_check_headers(): no header name given twice, in any case);
 * env names valid (see tether_server_config_env_name_is_valid()); roots
 * absolute or in the home folder (tether_server_config_root_is_valid());
 * connect attempts at least 1. Fails with %TETHER_CONFIG_ERROR_INVALID_VALUE naming
 * the server.
 *
 * Returns: %TRUE if valid
 */
gboolean
tether_server_config_validate (TetherServerConfig  *self,
                               GError             **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER_CONFIG (self), FALSE);

  if (self->name == NULL || strspn (self->name, " \t\r\n") == strlen (self->name))
    {
      g_set_error_literal (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                           _("A server needs a name: this server’s name is empty"));
      return FALSE;
    }

  for (const char *p = self->name; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (g_unichar_iscntrl (g_utf8_get_char (p)))
        {
          /* The name as it is: whoever shows the message makes it safe to
           * show (tether-text.h), as for every text from a file. */
          g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                       _("server “%s”: the name must not contain control characters"),
                       self->name);
          return FALSE;
        }
    }

  if (self->kind == TETHER_SERVER_KIND_STDIO)
    {
      if (self->command == NULL || *self->command == '\0')
        {
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/command",
                                                      _("server “%s”: no command to run (“command” is missing or empty)"),
                                                      self->name));
          return FALSE;
        }
    }
  else
    {
      g_autoptr(GError) url_error = NULL;
      g_autoptr(GUri) uri = NULL;

      if (self->url == NULL || *self->url == '\0')
        {
          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/url",
                                                      _("server “%s”: no URL to connect to (“url” is missing or empty)"),
                                                      self->name));
          return FALSE;
        }

      uri = mcp_http_parse_url (self->url, &url_error);
      if (uri == NULL)
        {
          g_autofree char *shown = tether_server_config_dup_masked_url (self);

          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, "/url",
                                                      _("server “%s”: the URL “%s” cannot be used: %s"),
                                                      self->name, shown, url_error->message));
          return FALSE;
        }
    }

  for (guint i = 0; i < self->env.keys->len; i++)
    {
      const char *key = g_ptr_array_index (self->env.keys, i);

      if (!tether_server_config_env_name_is_valid (key))
        {
          g_autofree char *path = tether_json_pointer_append ("/env", key);

          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                      _("server “%s”: “%s” is not a valid environment variable name "
                                                        "(letters, digits and “_”, not starting with a digit)"),
                                                      self->name, key));
          return FALSE;
        }
    }

  {
    g_autoptr(GError) header_error = NULL;
    guint bad;

    if (!mcp_http_check_headers ((const char * const *)self->headers.keys->pdata,
                                 (const char * const *)self->headers.values->pdata,
                                 self->headers.keys->len, &bad, &header_error))
      {
        g_autofree char *path = tether_json_pointer_append ("/headers",
                                                            g_ptr_array_index (self->headers.keys, bad));

        g_propagate_error (error,
                           tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                    _("server “%s”: %s"),
                                                    self->name, header_error->message));
        return FALSE;
      }
  }

  for (guint i = 0; self->roots != NULL && self->roots[i] != NULL; i++)
    {
      if (!tether_server_config_root_is_valid (self->roots[i]))
        {
          g_autofree char *path = tether_json_pointer_append_index ("/" TETHER_SERVER_CONFIG_KEY
                                                                    "/" TETHER_SERVER_CONFIG_ROOTS_KEY, i);

          g_propagate_error (error,
                             tether_config_error_new (TETHER_CONFIG_ERROR_INVALID_VALUE, path,
                                                      _("server “%s”: the root “%s” must be an absolute path "
                                                        "or start with “~/”"),
                                                      self->name, self->roots[i]));
          return FALSE;
        }
    }

  if (!_tether_server_config_check_oauth (self, error))
    return FALSE;

  if (self->settings[TETHER_SERVER_SETTING_CONNECT_ATTEMPTS] == 0)
    {
      g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE,
                   _("server “%s”: “connectAttempts” must be at least 1"), self->name);
      return FALSE;
    }

  return TRUE;
}
