/* test-mcp-stdio-owner.c — on the host, nothing of a server outlives its
 * owner, even when the helper has already forgotten the server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flatpak-session-helper sends SIGINT to a host command's group when the
 * owner's bus name goes, but only for a leader it still knows. When Tether
 * dies, the server's input closes at the same moment: a server that exits
 * at the end of its input is reaped, and forgotten, first, and what it
 * started is left. The group's watchdog (tether-host-process.c) stops it.
 *
 * The owner is this program, run again on one test that connects a server
 * with two children and waits. The test stops the owner (SIGSTOP), kills
 * the server's leader and waits for the helper to reap it, then kills the
 * owner: the helper then knows no pid of it, and the children must still go.
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "stdio-harness.h"
#include "test-util.h"

#define OWNER_FILE_VARIABLE "TETHER_TEST_OWNER_FILE"

/* Only in the owner: connects, says which processes are the server's, and
 * waits to be killed. */
static void
test_owner_child (void)
{
  Harness *h = harness_new ("--grandchildren", "2", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pids = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_assert_true (harness_connect (h, &error));
  wait_for_grandchildren (h);
  pids = grandchild_pids (h);
  g_string_append_printf (out, "%d", (int)h->pgid);
  for (guint i = 0; i < pids->len; i++)
    g_string_append_printf (out, " %d", (int)g_array_index (pids, pid_t, i));
  g_assert_true (g_file_set_contents (g_getenv (OWNER_FILE_VARIABLE), out->str, -1, NULL));

  g_main_loop_run (loop);
}

/* The owner dies with the test, should the test fail first. */
static void
owner_child_setup (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
test_owner_killed (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "-p", "/Mcp/Stdio/owner-child", NULL };
  g_autofree char *dir = g_dir_make_tmp ("tether-owner-XXXXXX", NULL);
  g_autofree char *report = g_build_filename (dir, "pids", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_autoptr(GSubprocess) owner = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) numbers = NULL;
  pid_t owner_pid, leader;

  g_assert_nonnull (self);
  g_assert_nonnull (dir);
  g_subprocess_launcher_setenv (launcher, OWNER_FILE_VARIABLE, report, TRUE);
  g_subprocess_launcher_set_child_setup (launcher, owner_child_setup, NULL, NULL);
  owner = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  owner_pid = (pid_t)atoi (g_subprocess_get_identifier (owner));

  /* Nothing here wakes the main loop: poll. */
  for (guint i = 0; i < 3000 && !g_file_test (report, G_FILE_TEST_EXISTS); i++)
    g_usleep (20 * 1000);
  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  numbers = g_strsplit (text, " ", -1);
  g_assert_cmpuint (g_strv_length (numbers), ==, 3);
  leader = (pid_t)atoi (numbers[0]);
  g_assert_cmpint (leader, >, 1);
  for (guint i = 1; i < 3; i++)
    test_stop_on_failure ((pid_t)atoi (numbers[i]));

  /* The owner can do nothing now; the leader goes, and the helper reaps
   * it: it knows no process of the owner's any more. */
  g_assert_cmpint (kill (owner_pid, SIGSTOP), ==, 0);
  g_assert_cmpint (kill (leader, SIGKILL), ==, 0);
  g_assert_true (test_wait_pid_gone (leader, 10000));
  for (guint i = 1; i < 3; i++)
    g_assert_true (test_pid_alive ((pid_t)atoi (numbers[i])));

  /* The owner dies: its children must follow, though no one is told. */
  g_assert_cmpint (kill (owner_pid, SIGKILL), ==, 0);
  g_assert_true (g_subprocess_wait (owner, NULL, NULL));
  for (guint i = 1; i < 3; i++)
    {
      pid_t pid = (pid_t)atoi (numbers[i]);

      if (!test_wait_pid_gone (pid, 30000))
        g_error ("grandchild %d outlived its owner", (int)pid);
    }

  g_assert_cmpint (g_unlink (report), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

void
stdio_test_add_owner (void)
{
  /* The owner child is this program on that one test alone. */
  if (g_getenv (OWNER_FILE_VARIABLE) != NULL)
    {
      g_test_add_func ("/Mcp/Stdio/owner-child", test_owner_child);
      return;
    }

  /* Without the helper (the native backend) a dying owner's servers get
   * SIGKILL from the kernel, and what they started is swept by the next
   * Tether: test-tether-cli-watch checks that. */
  if (on_host)
    g_test_add_func ("/Mcp/Stdio/owner-killed", test_owner_killed);
}
