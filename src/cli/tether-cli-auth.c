/* tether-cli-auth.c — signing in and secrets from the command line
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-cli login NAME     sign in to a server of the configuration
 * tether-cli logout NAME    forget its sign-in
 * tether-cli auth NAME      whether signed in, the scopes, the expiry
 *                           (never a token)
 * tether-cli secret set NAME | list | remove NAME
 *
 * The browser: each command of $BROWSER (a ":"-separated list, "%s" for
 * the URL) in turn, else xdg-open; the URL is printed on stderr too, for
 * the user to open by hand. A client secret comes from the environment
 * (TETHER_OAUTH_CLIENT_SECRET), never from the command line, where other
 * users could read it; a client key from a file (--client-key).
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "tether-auth-error.h"
#include "tether-auth-session-config.h"
#include "tether-auth-urls.h"
#include "tether-cli-auth.h"
#include "tether-cli-output.h"
#include "tether-config-store.h"
#include "tether-read-file.h"
#include "tether-secret-refs.h"
#include "tether-secret-store.h"

#define CLIENT_SECRET_VARIABLE "TETHER_OAUTH_CLIENT_SECRET"
/* A PEM key is a few kilobytes; a file much larger is no key */
#define CLIENT_KEY_MAX_SIZE (64 * 1024)

static gboolean
run_browser (const char  *command,
             const char  *uri,
             GError     **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSubprocess) process = NULL;
  gboolean placed = FALSE;

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return FALSE;
  for (guint i = 0; argv[i] != NULL; i++)
    {
      if (strstr (argv[i], "%s") != NULL)
        {
          g_autoptr(GString) arg = g_string_new (argv[i]);

          g_string_replace (arg, "%s", uri, 0);
          g_ptr_array_add (args, g_string_free (g_steal_pointer (&arg), FALSE));
          placed = TRUE;
        }
      else
        g_ptr_array_add (args, g_strdup (argv[i]));
    }
  if (!placed)
    g_ptr_array_add (args, g_strdup (uri));
  g_ptr_array_add (args, NULL);

  /* The browser is the user's: it may outlive us, and its output is not
   * ours to print. */
  process = g_subprocess_newv ((const char * const *)args->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, error);
  if (process == NULL)
    return FALSE;
  g_subprocess_wait_async (process, NULL, NULL, NULL);
  return TRUE;
}

/**
 * tether_cli_auth_open_uri:
 * @uri: the authorization URL
 * @user_data: unused
 * @error: where to put an error
 *
 * Opens @uri with $BROWSER, else xdg-open, and prints it for the user in
 * any case. Only https, or http on this computer.
 *
 * Returns: whether @uri may be opened
 */
gboolean
tether_cli_auth_open_uri (const char  *uri,
                          gpointer     user_data,
                          GError     **error)
{
  const char *browser = g_getenv ("BROWSER");
  g_autofree char *xdg_open = g_find_program_in_path ("xdg-open");

  if (!tether_auth_url_is_safe_endpoint (uri))
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_REFUSED,
                           _("the sign-in page is neither https nor on this computer"));
      return FALSE;
    }

  fprintf (stderr, "%s\n  %s\n", _("Sign in with your browser; if it does not open, open this address:"), uri);
  fflush (stderr);

  if (browser != NULL && *browser != '\0')
    {
      g_auto(GStrv) commands = g_strsplit (browser, ":", -1);

      for (guint i = 0; commands[i] != NULL; i++)
        {
          g_autoptr(GError) local_error = NULL;

          if (*commands[i] == '\0')
            continue;
          if (run_browser (commands[i], uri, &local_error))
            return TRUE;
          g_debug ("BROWSER command “%s”: %s", commands[i], local_error->message);
        }
    }
  else if (xdg_open != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (run_browser (xdg_open, uri, &local_error))
        return TRUE;
      g_debug ("xdg-open: %s", local_error->message);
    }

  /* printed: the user opens it by hand */
  return TRUE;
}

static void
configure_session (TetherAuthSession       *session,
                   const char              *client_id,
                   const char              *client_metadata_url,
                   gboolean                 client_credentials,
                   gboolean                 interactive)
{
  tether_auth_session_set_client (session, client_id, client_id != NULL ? g_getenv (CLIENT_SECRET_VARIABLE) : NULL);
  tether_auth_session_set_client_metadata_url (session, client_metadata_url);
  tether_auth_session_set_client_credentials (session, client_credentials);
  if (interactive)
    tether_auth_session_set_opener (session, tether_cli_auth_open_uri, NULL, NULL);
}

/**
 * tether_cli_auth_new_url_session:
 * @url: the server's URL (--url)
 * @args: what goes with it
 * @error: where to put a usage error
 *
 * Returns: (transfer full) (nullable): the session that signs in to @url
 *   (kept in memory only), or %NULL when no option asks for one
 */
TetherAuthSession *
tether_cli_auth_new_url_session (const char               *url,
                                 const TetherCliAuthArgs  *args,
                                 GError                  **error)
{
  g_autoptr(TetherAuthSession) session = NULL;
  g_autofree char *key = NULL;
  gsize key_length = 0;
  gboolean taken;

  if (!args->sign_in && args->client_id == NULL && args->client_metadata_url == NULL &&
      args->client_key_file == NULL && args->workload_token_file == NULL && args->id_token_file == NULL &&
      !args->client_credentials)
    return NULL;

  if (args->client_metadata_url != NULL && !g_str_has_prefix (args->client_metadata_url, "https://"))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--client-metadata-url must be an https URL"));
      return NULL;
    }
  if ((args->id_token_file == NULL) != (args->idp_token_url == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--id-token and --idp-token-endpoint go together"));
      return NULL;
    }
  if (args->client_key_file != NULL && args->client_id == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--client-key needs --client-id"));
      return NULL;
    }
  if (args->client_credentials &&
      (args->client_id == NULL || (g_getenv (CLIENT_SECRET_VARIABLE) == NULL && args->client_key_file == NULL)))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("--client-credentials needs --client-id, and the secret in %s or --client-key"),
                   CLIENT_SECRET_VARIABLE);
      return NULL;
    }

  session = tether_auth_session_new (NULL, url, NULL);
  configure_session (session, args->client_id, args->client_metadata_url, args->client_credentials,
                     args->sign_in);
  tether_auth_session_set_workload_token_file (session, args->workload_token_file);
  tether_auth_session_set_identity_provider (session, args->idp_token_url, args->id_token_file);
  if (args->client_key_file != NULL)
    {
      if (!tether_read_file (args->client_key_file, args->client_key_file, CLIENT_KEY_MAX_SIZE,
                             &key, &key_length, error))
        return NULL;
      taken = tether_auth_session_set_client_key (session, key, error);
      memset (key, 0, key_length);
      if (!taken)
        {
          g_prefix_error (error, "%s: ", args->client_key_file);
          return NULL;
        }
    }
  return g_steal_pointer (&session);
}

/* ---------------------------------------------------------------------- */
/* Commands on the configuration's servers and on named secrets           */

static TetherSecretStore *
open_secret_store (gboolean   allow_file,
                   GError   **error)
{
  g_autoptr(TetherSecretStore) store = tether_secret_store_new (allow_file);

  if (!tether_secret_store_probe (store, error))
    return NULL;
  if (tether_secret_store_uses_file (store))
    tether_cli_print_error (_("warning: no keyring; secrets go to %s (readable by you only)"),
                            tether_secret_store_get_file_path (store));
  return g_steal_pointer (&store);
}

/* NAME [--allow-file-secrets]: the server's URL, from the configuration */
typedef struct
{
  const char *name;
  gboolean    allow_file;
  char               *url;
  char               *client_id;
  TetherServerConfig *config;
} ServerArgs;

/* The help was asked for, and shown: the command does nothing else. */
#define HELP_SHOWN (-1)

/* The options of login, logout, auth and secret: --allow-file-secrets, and
 * --help. Returns %FALSE on a usage error. */
static gboolean
parse_auth_args (const TetherCliConfigCommand  *command,
                 char                         **args,
                 gboolean                      *allow_file,
                 TetherCliArgs                 *parsed,
                 GError                       **error)
{
  const GOptionEntry entries[] = {
    { "allow-file-secrets", 0, 0, G_OPTION_ARG_NONE, allow_file,
      N_("Without a keyring, keep secrets in a file only you can read (mode 0600)"), NULL },
    { NULL }
  };

  return tether_cli_args_parse (parsed, command->synopsis, command->summary, entries, NULL, NULL, NULL,
                                args, error);
}

static int
parse_server_args (const TetherCliConfigCommand  *command,
                   const TetherCliOptions        *options,
                   char                         **args,
                   ServerArgs                    *out,
                   GError                       **error)
{
  g_autoptr(TetherConfigStore) config = NULL;
  g_auto(TetherCliArgs) parsed = { 0 };
  TetherServerConfig *found;

  if (!parse_auth_args (command, args, &out->allow_file, &parsed, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return HELP_SHOWN;
  if (g_strv_length (parsed.positional) != 1 || parsed.command_line != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("usage: tether-cli %s"), command->synopsis);
      return TETHER_CLI_EXIT_USAGE;
    }
  out->name = g_intern_string (parsed.positional[0]);

  config = tether_cli_open_store (options, error);
  if (config == NULL)
    return TETHER_CLI_EXIT_FAILURE;
  found = tether_config_store_lookup (config, out->name, NULL);
  if (found == NULL)
    {
      g_propagate_error (error, tether_cli_no_such_server (config, out->name));
      return TETHER_CLI_EXIT_FAILURE;
    }
  if (tether_server_config_get_url (found) == NULL)
    {
      g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                   _("“%s” is started from a command, not reached over HTTP: there is nothing to sign in to"),
                   out->name);
      return TETHER_CLI_EXIT_FAILURE;
    }
  out->url = g_strdup (tether_server_config_get_url (found));
  out->config = g_object_ref (found);
  return TETHER_CLI_EXIT_OK;
}

/* The prologue of login, logout and auth: the server, and the keyring */
static int
open_server (const TetherCliConfigCommand  *command,
             const TetherCliOptions        *options,
             char                         **args,
             ServerArgs                    *server,
             TetherSecretStore            **secrets,
             GError                       **error)
{
  int code = parse_server_args (command, options, args, server, error);

  if (code != TETHER_CLI_EXIT_OK)
    return code;
  *secrets = open_secret_store (server->allow_file, error);
  return *secrets != NULL ? TETHER_CLI_EXIT_OK : TETHER_CLI_EXIT_FAILURE;
}

typedef struct
{
  gboolean            done;
  TetherServerConfig *resolved;
  GError             *error;
} SignIn;

static void
on_secrets_resolved (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  SignIn *resolve = user_data;

  resolve->resolved = tether_secret_refs_resolve_finish (result, &resolve->error);
  resolve->done = TRUE;
}

/* The server's own OAuth client, with its secrets from the keyring */
static gboolean
configure_from_config (TetherAuthSession   *session,
                       TetherServerConfig  *config,
                       TetherSecretStore   *secrets,
                       GError             **error)
{
  g_autoptr(TetherServerConfig) resolved = NULL;
  SignIn resolve = { 0 };

  tether_secret_refs_resolve_async (config, secrets, NULL, on_secrets_resolved, &resolve);
  while (!resolve.done)
    g_main_context_iteration (NULL, TRUE);
  if (resolve.error != NULL)
    {
      g_propagate_error (error, resolve.error);
      return FALSE;
    }
  resolved = resolve.resolved;
  return tether_auth_session_configure (session, resolved, error);
}

static void
on_signed_in (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  SignIn *sign_in = user_data;

  tether_auth_session_sign_in_finish (TETHER_AUTH_SESSION (source), result, &sign_in->error);
  sign_in->done = TRUE;
}

static int
cmd_login (const TetherCliConfigCommand  *command,
           const TetherCliOptions        *options,
           char                         **args,
           GError                       **error)
{
  ServerArgs server = { 0 };
  g_autoptr(TetherSecretStore) secrets = NULL;
  g_autoptr(TetherAuthSession) session = NULL;
  SignIn sign_in = { 0 };
  g_autofree char *url = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  int code = open_server (command, options, args, &server, &secrets, error);

  url = server.url;
  config = server.config;
  if (code != TETHER_CLI_EXIT_OK)
    return code == HELP_SHOWN ? TETHER_CLI_EXIT_OK : code;

  session = tether_auth_session_new (server.name, url, secrets);
  if (!configure_from_config (session, config, secrets, error))
    return TETHER_CLI_EXIT_FAILURE;
  tether_auth_session_set_opener (session, tether_cli_auth_open_uri, NULL, NULL);
  tether_auth_session_sign_in_async (session, NULL, on_signed_in, &sign_in);
  while (!sign_in.done)
    g_main_context_iteration (NULL, TRUE);

  if (sign_in.error != NULL)
    {
      g_propagate_error (error, sign_in.error);
      return TETHER_CLI_EXIT_FAILURE;
    }
  printf (_("Signed in to %s.\n"), server.name);
  return TETHER_CLI_EXIT_OK;
}

static int
cmd_logout (const TetherCliConfigCommand  *command,
            const TetherCliOptions        *options,
            char                         **args,
            GError                       **error)
{
  ServerArgs server = { 0 };
  g_autoptr(TetherSecretStore) secrets = NULL;
  g_autofree char *url = NULL;
  g_autoptr(TetherServerConfig) config = NULL;
  int code = open_server (command, options, args, &server, &secrets, error);

  url = server.url;
  config = server.config;
  if (code != TETHER_CLI_EXIT_OK)
    return code == HELP_SHOWN ? TETHER_CLI_EXIT_OK : code;
  if (!tether_secret_store_clear (secrets, TETHER_SECRET_KIND_OAUTH, server.name, NULL, error))
    return TETHER_CLI_EXIT_FAILURE;
  printf (_("Signed out of %s.\n"), server.name);
  return TETHER_CLI_EXIT_OK;
}

static int
cmd_auth (const TetherCliConfigCommand  *command,
          const TetherCliOptions        *options,
          char                         **args,
          GError                       **error)
{
  ServerArgs server = { 0 };
  g_autoptr(TetherSecretStore) secrets = NULL;
  g_autoptr(TetherAuthSession) session = NULL;
  g_autofree char *url = NULL;
  const TetherAuthTokens *tokens;
  g_autoptr(TetherServerConfig) config = NULL;
  g_autofree char *client = NULL;
  int code = open_server (command, options, args, &server, &secrets, error);

  url = server.url;
  config = server.config;
  if (code != TETHER_CLI_EXIT_OK)
    return code == HELP_SHOWN ? TETHER_CLI_EXIT_OK : code;
  session = tether_auth_session_new (server.name, url, secrets);
  if (!tether_auth_session_load (session, error))
    return TETHER_CLI_EXIT_FAILURE;

  client = tether_auth_session_describe_client (config);
  tokens = tether_auth_session_get_tokens (session);
  if (tokens == NULL)
    {
      printf (_("%s: not signed in (tether-cli login %s)\n"), server.name, server.name);
      printf ("  %s\n", client);
      return TETHER_CLI_EXIT_OK;
    }
  printf (_("%s: signed in at %s\n"), server.name, tokens->issuer != NULL ? tokens->issuer : "?");
  printf ("  %s\n", client);
  printf ("  ");
  printf (_("scopes: %s"), tokens->scope != NULL ? tokens->scope : _("(not said)"));
  printf ("\n");
  if (tokens->expires_at > 0)
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (tokens->expires_at);
      g_autofree char *shown = when != NULL ? g_date_time_format (when, "%Y-%m-%d %H:%M:%S") : g_strdup ("?");

      printf ("  ");
      printf (_("access expires: %s"), shown);
      printf ("\n");
    }
  else
    printf ("  %s\n", _("access expires: (not said)"));
  printf ("  ");
  printf (_("refresh token: %s"), tokens->refresh_token != NULL ? _("yes") : _("no"));
  printf ("\n");
  return TETHER_CLI_EXIT_OK;
}

/* A secret from stdin: one line (the newline dropped), bounded. */
static char *
read_secret_stdin (GError **error)
{
  g_autoptr(GString) value = g_string_new (NULL);
  int c;

  if (isatty (STDIN_FILENO))
    fprintf (stderr, "%s ", _("Secret (then Enter):"));
  while ((c = getchar ()) != EOF && c != '\n')
    {
      if (value->len >= TETHER_SECRET_MAX_VALUE)
        {
          memset (value->str, 0, value->len);
          g_set_error (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED,
                       _("the secret is longer than %u bytes"), (guint)TETHER_SECRET_MAX_VALUE);
          return NULL;
        }
      g_string_append_c (value, (char)c);
    }
  if (value->len > 0 && value->str[value->len - 1] == '\r')
    g_string_truncate (value, value->len - 1);
  if (value->len == 0)
    {
      g_set_error_literal (error, TETHER_AUTH_ERROR, TETHER_AUTH_ERROR_FAILED, _("no secret on standard input"));
      return NULL;
    }
  return g_string_free (g_steal_pointer (&value), FALSE);
}

static int
cmd_secret (const TetherCliConfigCommand  *command,
            const TetherCliOptions        *options,
            char                         **args,
            GError                       **error)
{
  g_autoptr(TetherSecretStore) secrets = NULL;
  g_auto(TetherCliArgs) parsed = { 0 };
  gboolean allow_file = FALSE;
  const char *verb;
  const char *name;
  guint n;

  if (!parse_auth_args (command, args, &allow_file, &parsed, error))
    return TETHER_CLI_EXIT_USAGE;
  if (parsed.help)
    return TETHER_CLI_EXIT_OK;
  n = g_strv_length (parsed.positional);
  verb = n > 0 ? parsed.positional[0] : NULL;
  name = n > 1 ? parsed.positional[1] : NULL;

  if (g_strcmp0 (verb, "list") == 0 && n == 1 && parsed.command_line == NULL)
    {
      g_auto(GStrv) names = NULL;

      secrets = open_secret_store (allow_file, error);
      if (secrets == NULL || (names = tether_secret_store_list_named (secrets, error)) == NULL)
        return TETHER_CLI_EXIT_FAILURE;
      for (guint i = 0; names[i] != NULL; i++)
        printf ("%s\n", names[i]);
      return TETHER_CLI_EXIT_OK;
    }

  if ((g_strcmp0 (verb, "set") != 0 && g_strcmp0 (verb, "remove") != 0) || n != 2 ||
      parsed.command_line != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("usage: tether-cli secret set NAME | secret list | secret remove NAME"));
      return TETHER_CLI_EXIT_USAGE;
    }
  if (!tether_secret_name_is_valid (name))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("a secret's name is letters, digits, “_”, “-” and “.”, at most 128"));
      return TETHER_CLI_EXIT_USAGE;
    }

  secrets = open_secret_store (allow_file, error);
  if (secrets == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  if (g_str_equal (verb, "set"))
    {
      char *value = read_secret_stdin (error);
      gboolean ok;

      if (value == NULL)
        return TETHER_CLI_EXIT_FAILURE;
      ok = tether_secret_store_store (secrets, TETHER_SECRET_KIND_ENV, "", name, value, error);
      tether_secret_free (value);
      if (!ok)
        return TETHER_CLI_EXIT_FAILURE;
      printf (_("Stored %s.\n"), name);
      return TETHER_CLI_EXIT_OK;
    }

  if (!tether_secret_store_clear (secrets, NULL, "", name, error))
    return TETHER_CLI_EXIT_FAILURE;
  printf (_("Removed %s.\n"), name);
  return TETHER_CLI_EXIT_OK;
}

static const TetherCliConfigCommand auth_commands[] = {
  { "login", "login NAME [--allow-file-secrets]",
    N_("sign in to a server that asks for it, with your browser; the tokens go to the keyring"), cmd_login },
  { "logout", "logout NAME", N_("forget a server's sign-in"), cmd_logout },
  { "auth", "auth NAME", N_("whether signed in to a server: the scopes and the expiry, never a token"), cmd_auth },
  { "secret", "secret set NAME", N_("store a secret read from standard input, for ${secret:NAME}"), cmd_secret },
  { "secret", "secret list", N_("the names of the stored secrets"), cmd_secret },
  { "secret", "secret remove NAME", N_("remove a stored secret"), cmd_secret },
};

const TetherCliConfigCommand *
tether_cli_get_auth_commands (guint *n_commands)
{
  *n_commands = G_N_ELEMENTS (auth_commands);
  return auth_commands;
}
