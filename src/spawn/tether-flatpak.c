/* tether-flatpak.c — the Flatpak sandbox we may run in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-flatpak"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tether-flatpak.h"
#include "tether-spawn-error.h"

/* Whether we run inside the Flatpak sandbox, as which application, and
 * whether we may run commands on the host, all read from `/.flatpak-info`
 * (which flatpak puts in every sandbox) each time it is asked: a user
 * who grants the permission and restarts is seen at once. */

#define FLATPAK_INFO "/.flatpak-info"

static char *flatpak_info_path;

typedef struct
{
  gboolean  exists;
  gboolean  build;        /* flatpak-builder's build sandbox */
  gboolean  permitted;    /* may talk to org.freedesktop.Flatpak */
  char     *app_id;
} FlatpakInfo;

static void
flatpak_info_clear (FlatpakInfo *info)
{
  g_clear_pointer (&info->app_id, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FlatpakInfo, flatpak_info_clear)

static gboolean
policy_allows_talk (GKeyFile *keyfile)
{
  g_auto(GStrv) names = g_key_file_get_keys (keyfile, "Session Bus Policy", NULL, NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      const char *name = names[i];
      g_autofree char *policy = g_key_file_get_string (keyfile, "Session Bus Policy", name, NULL);
      gboolean matches;

      if (policy == NULL || (!g_str_equal (policy, "talk") && !g_str_equal (policy, "own")))
        continue;

      /* "org.freedesktop.*" covers the names below it */
      if (g_str_has_suffix (name, ".*"))
        matches = g_str_has_prefix (TETHER_FLATPAK_BUS_NAME, name) ||
                  strncmp (TETHER_FLATPAK_BUS_NAME, name, strlen (name) - 1) == 0;
      else
        matches = g_str_equal (name, TETHER_FLATPAK_BUS_NAME);

      if (matches)
        return TRUE;
    }

  return FALSE;
}

static void
read_flatpak_info (FlatpakInfo *info)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_auto(GStrv) sockets = NULL;
  const char *path = tether_flatpak_get_info_path ();

  memset (info, 0, sizeof *info);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;

  info->exists = TRUE;

  /* Unreadable or broken: sandboxed all the same, and no permission we can
   * see. */
  if (!g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, NULL))
    return;

  info->app_id = g_key_file_get_string (keyfile, "Application", "name", NULL);
  info->build = g_key_file_get_boolean (keyfile, "Instance", "build", NULL);

  /* The whole session bus, unfiltered, or a talk policy for the helper */
  sockets = g_key_file_get_string_list (keyfile, "Context", "sockets", NULL, NULL);
  info->permitted = (sockets != NULL && g_strv_contains ((const char * const *)sockets, "session-bus")) ||
                    policy_allows_talk (keyfile);
}

/**
 * tether_flatpak_get_info_path:
 *
 * Returns: the file that tells whether we run in the Flatpak sandbox
 *   (`/.flatpak-info`, unless a test changed it)
 */
const char *
tether_flatpak_get_info_path (void)
{
  return flatpak_info_path != NULL ? flatpak_info_path : FLATPAK_INFO;
}

/**
 * tether_flatpak_set_info_path:
 * @path: (nullable): a file in the format of `/.flatpak-info`, or %NULL for
 *   the real one
 *
 * For tests: pretend to run in the sandbox that @path describes.
 */
void
tether_flatpak_set_info_path (const char *path)
{
  g_free (flatpak_info_path);
  flatpak_info_path = g_strdup (path);
}

/**
 * tether_flatpak_is_sandboxed:
 *
 * Whether we run inside the Flatpak sandbox, where servers must run on the
 * host. flatpak-builder's build sandbox (`build=true`) does not count: the
 * test suite runs its servers there.
 *
 * Returns: %TRUE inside an installed flatpak
 */
gboolean
tether_flatpak_is_sandboxed (void)
{
  g_auto(FlatpakInfo) info;

  read_flatpak_info (&info);

  return info.exists && !info.build;
}

/**
 * tether_flatpak_dup_app_id:
 *
 * Returns: (transfer full): the Flatpak application id we run as, or
 *   Tether's when not sandboxed
 */
char *
tether_flatpak_dup_app_id (void)
{
  g_auto(FlatpakInfo) info;
  const char *env;

  read_flatpak_info (&info);
  if (info.app_id != NULL)
    return g_steal_pointer (&info.app_id);

  env = g_getenv ("FLATPAK_ID");
  if (env != NULL && *env != '\0')
    return g_strdup (env);

  return g_strdup (APP_ID);
}

/**
 * tether_flatpak_dup_override_command:
 *
 * Returns: (transfer full): the command that gives this flatpak the
 *   permission to run commands on the host
 */
char *
tether_flatpak_dup_override_command (void)
{
  g_autofree char *app_id = tether_flatpak_dup_app_id ();

  return g_strdup_printf ("flatpak override --user --talk-name=%s %s", TETHER_FLATPAK_BUS_NAME, app_id);
}

/**
 * tether_flatpak_new_permission_error:
 * @reason: (nullable): what was refused, as the session bus said it
 *
 * Returns: (transfer full): %TETHER_SPAWN_ERROR_PERMISSION_DENIED saying
 *   that commands may not run on the host, and the exact `flatpak override`
 *   command that allows it
 */
GError *
tether_flatpak_new_permission_error (const char *reason)
{
  g_autofree char *command = tether_flatpak_dup_override_command ();
  g_autoptr(GString) message = g_string_new (NULL);

  /* The first line is the short reason; the command stands on a line of
   * its own, to be copied. */
  g_string_append (message, _("Tether may not run commands outside its Flatpak sandbox"));
  g_string_append_c (message, '\n');
  g_string_append (message, _("Servers started by a command (stdio servers) run on the host, which needs "
                              "permission to talk to org.freedesktop.Flatpak. HTTP servers work without it. "
                              "To allow it, run this command, then restart Tether:"));
  g_string_append_printf (message, "\n\n  %s", command);
  if (reason != NULL)
    g_string_append_printf (message, "\n\n%s", reason);

  return g_error_new_literal (TETHER_SPAWN_ERROR, TETHER_SPAWN_ERROR_PERMISSION_DENIED,
                              message->str);
}

/**
 * tether_flatpak_check_host_permission:
 * @error: return location for an error
 *
 * Whether commands may run on the host: always outside the sandbox; inside
 * it, if `/.flatpak-info` grants talking to org.freedesktop.Flatpak (or the
 * whole session bus).
 *
 * Returns: %TRUE if permitted, or %FALSE with %TETHER_SPAWN_ERROR_PERMISSION_DENIED
 *   explaining why, with the exact `flatpak override` command that grants it
 */
gboolean
tether_flatpak_check_host_permission (GError **error)
{
  g_auto(FlatpakInfo) info;

  read_flatpak_info (&info);

  if (!info.exists || info.build || info.permitted)
    return TRUE;

  g_propagate_error (error, tether_flatpak_new_permission_error (NULL));

  return FALSE;
}
