/* test-tether-cli-task.c — tether-cli call of a tool that runs as a task,
 * against the fake server's task tools, in both revisions that have tasks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <signal.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "test-util.h"

/* tether-cli ARGS… -- the fake with its task tools (of @era, or NULL). */
static void
run_task_cli (TestRun    *run,
              const char *era,
              const char *first,
              ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (argv, (gpointer)"--");
  g_ptr_array_add (argv, (gpointer)FAKE_MCP_SERVER);
  g_ptr_array_add (argv, (gpointer)"--use-tasks");
  if (era != NULL)
    {
      g_ptr_array_add (argv, (gpointer)"--era");
      g_ptr_array_add (argv, (gpointer)era);
    }
  g_ptr_array_add (argv, NULL);

  test_run_command (run, (const char * const *)argv->pdata, NULL, 60);
}

static const char *
era_of (gconstpointer data)
{
  return data;
}

/* --task: each status on stderr as it comes, the result on stdout. */
static void
test_task (gconstpointer data)
{
  g_auto(TestRun) run = { 0 };

  run_task_cli (&run, era_of (data), "call", "--task", "research", "{\"topic\":\"tides\",\"steps\":3}", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "research done: tides\n");
  g_assert_nonnull (strstr (run.err, "tether-cli: task task-1: working… — starting\n"));
  g_assert_nonnull (strstr (run.err, "tether-cli: task task-1: completed"));
  g_assert_null (strstr (run.err, "runs only as a task"));
}

/* Without --task, a tool that runs only as a task runs as one, and says so;
 * one that merely allows it is called plainly. */
static void
test_required_without_flag (gconstpointer data)
{
  g_auto(TestRun) research = { 0 };
  g_auto(TestRun) quick = { 0 };
  g_auto(TestRun) quick_task = { 0 };

  run_task_cli (&research, era_of (data), "call", "research", "{\"topic\":\"tides\"}", NULL);
  g_assert_cmpint (research.status, ==, 0);
  g_assert_cmpstr (research.out, ==, "research done: tides\n");
  g_assert_nonnull (strstr (research.err, "tether-cli: research runs only as a task: running it as one (as with --task)\n"));

  run_task_cli (&quick, era_of (data), "call", "quick", NULL);
  g_assert_cmpint (quick.status, ==, 0);
  g_assert_cmpstr (quick.out, ==, "quick, without a task\n");
  g_assert_null (strstr (quick.err, "task"));

  run_task_cli (&quick_task, era_of (data), "call", "--task", "quick", NULL);
  g_assert_cmpint (quick_task.status, ==, 0);
  g_assert_cmpstr (quick_task.out, ==, "research done: quick\n");
}

/* The task asks for input: answered from --elicit, shown as "input
 * required" meanwhile. */
static void
test_input_required (gconstpointer data)
{
  g_auto(TestRun) run = { 0 };

  run_task_cli (&run, era_of (data), "--elicit", "{\"angle\":\"history\"}", "call", "--task", "research",
                "{\"topic\":\"tides\",\"path\":\"input\"}", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "research done: tides, angle history\n");
  g_assert_nonnull (strstr (run.err, "tether-cli: task task-1: input required — which angle?\n"));
}

static void
test_failed (gconstpointer data)
{
  g_auto(TestRun) run = { 0 };

  run_task_cli (&run, era_of (data), "call", "--task", "research", "{\"topic\":\"tides\",\"path\":\"fail\"}", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "tether-cli: task task-1: failed"));
  g_assert_nonnull (strstr (run.err, "research failed"));
}

/* Ctrl+C: the task is cancelled on the server (tasks/cancel, answered)
 * before tether-cli exits. */
static void
test_interrupt (gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-cli-task-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "counts", NULL);
  const char *argv[] = { TETHER_CLI, "call", "--task", "research", "{\"topic\":\"tides\",\"path\":\"hang\"}", "--",
                         FAKE_MCP_SERVER, "--use-tasks", "--count-file", file,
                         data != NULL ? "--era" : NULL, data, NULL };
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  cli = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);

  /* Polled once: the task exists. */
  while (test_read_count (file, "tasks/get") == 0 && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_cmpuint (test_read_count (file, "tasks/get"), >=, 1);

  g_subprocess_send_signal (cli, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (cli, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (cli));
  g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 1);
  g_assert_nonnull (strstr (err, "tether-cli: interrupted\n"));
  g_assert_nonnull (strstr (err, "tether-cli: task task-1: cancelled — cancelled by the client\n"));
  g_assert_cmpuint (test_read_count (file, "tasks/cancel"), ==, 1);

  test_remove_tree (dir);
}

static void
add (const char *name,
     void      (*func) (gconstpointer))
{
  g_autofree char *legacy = g_strdup_printf ("/tether-cli-task/2025/%s", name);
  g_autofree char *modern = g_strdup_printf ("/tether-cli-task/2026/%s", name);

  g_test_add_data_func (legacy, NULL, func);
  g_test_add_data_func (modern, "2026", func);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add ("task", test_task);
  add ("required-without-flag", test_required_without_flag);
  add ("input-required", test_input_required);
  add ("failed", test_failed);
  add ("interrupt", test_interrupt);

  return g_test_run ();
}
