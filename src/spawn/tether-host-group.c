/* tether-host-group.c — a host process group, signalled by number
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flatpak-session-helper signals a host command's group (HostCommandSignal)
 * only while it knows the leader; once it has reaped it, whatever the leader
 * left in its group is reached by running `kill -- -PGID` on the host. The
 * number alone proves nothing by then, so the script first checks, as
 * tether-process-group.c does here, that every live member of the group
 * carries the server's token in /proc/PID/environ, and signals nothing
 * otherwise. The token reaches the script in its environment, never on its
 * command line, which any user of the host may read.
 */

#define G_LOG_DOMAIN "tether-host-process"

#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixfdlist.h>

#include "tether-host-group-private.h"
#include "tether-process-group-private.h"
#include "tether-process-private.h"

/* $1 the signal's name or number, $2 the process group; every live member
 * must carry TETHER_GROUP_TOKEN_VARIABLE with the value of
 * TETHER_HOST_GROUP_EXPECTED_TOKEN. The numbers are checked as strictly as
 * ours: decimal, no sign or leading zero, above 1, within pid_t. A member
 * that ends or leaves while it is looked at no longer counts. */
static const char kill_script[] =
  "tether_signal=$1 tether_group=$2\n"
  "case $tether_signal in ''|*[!A-Z0-9]*) exit 0 ;; esac\n"
  "case $tether_group in ''|0*|*[!0-9]*) exit 0 ;; esac\n"
  "[ ${#tether_group} -le 10 ] && [ \"$tether_group\" -gt 1 ] &&\n"
  "  [ \"$tether_group\" -le 2147483647 ] || exit 0\n"
  "tether_token=$" TETHER_HOST_GROUP_EXPECTED_TOKEN "\n"
  "case $tether_token in ''|*[!0-9a-f]*) exit 0 ;; esac\n"
  "[ ${#tether_token} -eq 32 ] || exit 0\n"
  "tether_member () {\n"
  "  tether_stat=\n"
  "  read -r tether_stat 2>/dev/null <\"$1/stat\" || [ -n \"$tether_stat\" ] || return 1\n"
  "  tether_rest=${tether_stat##*) }\n"
  "  [ \"$tether_rest\" != \"$tether_stat\" ] || return 1\n"
  "  set -f\n"
  "  set -- $tether_rest\n"
  "  set +f\n"
  "  [ \"$3\" = \"$tether_group\" ] && [ \"$1\" != Z ] && [ \"$1\" != X ]\n"
  "}\n"
  "tether_members=0\n"
  "for tether_proc in /proc/[1-9]*; do\n"
  "  tether_member \"$tether_proc\" || continue\n"
  "  if ! tr '\\0' '\\n' 2>/dev/null <\"$tether_proc/environ\" |\n"
  "       grep -qxF \"" TETHER_GROUP_TOKEN_VARIABLE "=$tether_token\"; then\n"
  "    tether_member \"$tether_proc\" || continue\n"
  "    exit 0\n"
  "  fi\n"
  "  tether_members=$((tether_members + 1))\n"
  "done\n"
  "[ \"$tether_members\" -gt 0 ] || exit 0\n"
  "kill -s \"$tether_signal\" -- \"-$tether_group\" 2>/dev/null\n"
  "exit 0\n";

/**
 * _tether_host_group_get_kill_script:
 *
 * For tests.
 *
 * Returns: the POSIX sh script that signals a host process group
 */
const char *
_tether_host_group_get_kill_script (void)
{
  return kill_script;
}

/**
 * _tether_host_group_is_signallable:
 * @pgid: a host process group id, as the helper gave it
 *
 * Returns: whether @pgid may name a group a server leads on the host:
 *   above 1 (kill -- -1 reaches every process we may signal) and within
 *   the range of pid_t
 */
gboolean
_tether_host_group_is_signallable (guint32 pgid)
{
  return pgid > 1 && pgid <= G_MAXINT;
}

typedef struct
{
  GDestroyNotify done;
  gpointer       done_data;
} KillOp;

static void
kill_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  KillOp *op = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_with_unix_fd_list_finish (G_DBUS_CONNECTION (object), NULL, result, &error);
  if (reply == NULL)
    g_debug ("kill on the host: %s", error->message);

  op->done (op->done_data);
  g_free (op);
}

/**
 * _tether_host_group_kill:
 * @connection: a connection to the session bus with flatpak-session-helper
 * @pgid: the host process group
 * @signum: the signal
 * @token: (nullable): the token the group's members carry
 * @done: called with @done_data once the connection is no longer needed
 * @done_data: data for @done
 *
 * Runs the kill script on the host, which signals the group @pgid only if
 * every live member carries @token. Without a token, or for a number that
 * cannot be a server's group, nothing is run.
 */
void
_tether_host_group_kill (GDBusConnection *connection,
                         guint32          pgid,
                         int              signum,
                         const char      *token,
                         GDestroyNotify   done,
                         gpointer         done_data)
{
  g_autoptr(GUnixFDList) fd_list = g_unix_fd_list_new ();
  g_autofree char *pgid_text = g_strdup_printf ("%u", pgid);
  g_autofree char *number = g_strdup_printf ("%d", signum);
  const char *name = sigabbrev_np (signum);
  const char *argv[] = { "/bin/sh", "-c", kill_script, "tether-host-kill", name ? name : number, pgid_text, NULL };
  GVariantBuilder fds, env;
  KillOp *op;

  if (!_tether_host_group_is_signallable (pgid) || token == NULL)
    {
      g_debug ("not signalling host process group %u: %s", pgid,
               token == NULL ? "no token to prove it ours" : "not a server's group");
      done (done_data);
      return;
    }

  /* The helper maps the n-th entry of the dictionary to the n-th fd of the
   * list, whatever the handle says: one copy per entry. */
  g_variant_builder_init (&fds, G_VARIANT_TYPE ("a{uh}"));
  for (guint32 i = 0; i < 3; i++)
    {
      int null_fd = open ("/dev/null", O_RDWR | O_CLOEXEC);
      int handle;

      if (null_fd < 0)
        {
          g_variant_builder_clear (&fds);
          done (done_data);
          return;
        }
      handle = g_unix_fd_list_append (fd_list, null_fd, NULL);
      close (null_fd);
      if (handle < 0)
        {
          g_variant_builder_clear (&fds);
          done (done_data);
          return;
        }
      g_variant_builder_add (&fds, "{uh}", i, handle);
    }
  g_variant_builder_init (&env, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&env, "{ss}", "PATH", TETHER_PROCESS_FALLBACK_PATH);
  g_variant_builder_add (&env, "{ss}", TETHER_HOST_GROUP_EXPECTED_TOKEN, token);

  op = g_new0 (KillOp, 1);
  op->done = done;
  op->done_data = done_data;

  g_debug ("sending signal %d to host process group %u with kill, if it is provably ours", signum, pgid);
  g_dbus_connection_call_with_unix_fd_list (connection, FLATPAK_BUS_NAME, DEVELOPMENT_PATH,
                                            DEVELOPMENT_IFACE, "HostCommand",
                                            g_variant_new ("(^ay^aay@a{uh}@a{ss}u)", "/", argv,
                                                           g_variant_builder_end (&fds),
                                                           g_variant_builder_end (&env),
                                                           (guint32)HOST_COMMAND_CLEAR_ENV),
                                            G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1,
                                            fd_list, NULL, kill_done_cb, op);
}
