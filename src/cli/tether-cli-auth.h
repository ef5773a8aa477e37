/* tether-cli-auth.h — signing in and secrets from the command line
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-auth-session.h"
#include "tether-cli-options.h"

G_BEGIN_DECLS

/* What --url takes for signing in */
typedef struct
{
  gboolean  sign_in;
  char     *client_id;
  char     *client_metadata_url;
  char     *client_key_file;     /* the client's private key (PEM) */
  char     *workload_token_file; /* a workload identity token (JWT) */
  char     *id_token_file;       /* an identity provider's ID token */
  char     *idp_token_url;       /* and that provider's token endpoint */
  gboolean  client_credentials;
} TetherCliAuthArgs;

gboolean                      tether_cli_auth_open_uri        (const char               *uri,
                                                               gpointer                  user_data,
                                                               GError                  **error);
TetherAuthSession            *tether_cli_auth_new_url_session (const char               *url,
                                                               const TetherCliAuthArgs  *args,
                                                               GError                  **error);
const TetherCliConfigCommand *tether_cli_get_auth_commands    (guint                    *n_commands);

G_END_DECLS
