/* mcp-tls-reason.c — why a server's certificate was refused, in words
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-tls-reason.h"

/* The host names and addresses @certificate is for, quoted and joined;
 * NULL when it names none. */
static char *
describe_names (GTlsCertificate *certificate)
{
  g_autoptr(GPtrArray) dns_names = NULL;
  g_autoptr(GPtrArray) addresses = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  g_object_get (certificate, "dns-names", &dns_names, "ip-addresses", &addresses, NULL);

  for (guint i = 0; dns_names != NULL && i < dns_names->len; i++)
    {
      gsize size;
      const char *data = g_bytes_get_data (g_ptr_array_index (dns_names, i), &size);
      g_autofree char *name = g_strndup (data, size);

      if (!g_utf8_validate (name, -1, NULL))
        continue;
      g_string_append_printf (names, "%s“%s”", names->len > 0 ? ", " : "", name);
    }
  for (guint i = 0; addresses != NULL && i < addresses->len; i++)
    {
      g_autofree char *address = g_inet_address_to_string (g_ptr_array_index (addresses, i));

      g_string_append_printf (names, "%s“%s”", names->len > 0 ? ", " : "", address);
    }

  return names->len > 0 ? g_string_free (g_steal_pointer (&names), FALSE) : NULL;
}

/**
 * mcp_tls_describe_refusal:
 * @certificate: (nullable): the certificate the server presented
 * @errors: what was wrong with it, as the TLS handshake found
 * @host: the host name or address that was asked for
 *
 * Says why a server's certificate was refused, each problem in a few
 * words (GLib's own error says only "Unacceptable TLS certificate").
 *
 * Returns: (transfer full): the reasons, for a person to read
 */
char *
mcp_tls_describe_refusal (GTlsCertificate      *certificate,
                          GTlsCertificateFlags  errors,
                          const char           *host)
{
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  if (errors & G_TLS_CERTIFICATE_BAD_IDENTITY)
    {
      g_autofree char *names = certificate != NULL ? describe_names (certificate) : NULL;

      if (names != NULL)
        /* Translators: its certificate is for “example.com”, not for “127.0.0.1” */
        g_ptr_array_add (reasons, g_strdup_printf (_("its certificate is for %s, not for “%s”"), names, host));
      else
        g_ptr_array_add (reasons, g_strdup_printf (_("its certificate is not for “%s”"), host));
    }
  if (errors & G_TLS_CERTIFICATE_UNKNOWN_CA)
    g_ptr_array_add (reasons, g_strdup (_("its certificate is not signed by an authority this computer trusts")));
  if (errors & G_TLS_CERTIFICATE_EXPIRED)
    g_ptr_array_add (reasons, g_strdup (_("its certificate has expired")));
  if (errors & G_TLS_CERTIFICATE_NOT_ACTIVATED)
    g_ptr_array_add (reasons, g_strdup (_("its certificate is not valid yet (check the computer’s clock)")));
  if (errors & G_TLS_CERTIFICATE_REVOKED)
    g_ptr_array_add (reasons, g_strdup (_("its certificate has been revoked")));
  if (errors & G_TLS_CERTIFICATE_INSECURE)
    g_ptr_array_add (reasons, g_strdup (_("its certificate uses an insecure algorithm")));
  if (reasons->len == 0)
    g_ptr_array_add (reasons, g_strdup (_("its certificate could not be verified")));

  g_ptr_array_add (reasons, NULL);

  return g_strjoinv ("; ", (char **)reasons->pdata);
}
