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

#include "mcp-secrets.h"

#include "tether-server-config.h"

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
