/* test-util.h — leak checks shared by the integration tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <sys/types.h>

G_BEGIN_DECLS

void     test_wait_for           (GAsyncResult **result);
void     test_wait_until         (gboolean     (*done) (gpointer data),
                                  gpointer       data,
                                  const char    *what);
void     test_store_result       (GObject       *object,
                                  GAsyncResult  *result,
                                  gpointer       user_data);
guint    test_count_fds          (void);
gboolean test_pid_alive          (pid_t pid);
gboolean test_wait_pid_gone      (pid_t pid,
                                  guint timeout_ms);
guint    test_count_group        (pid_t pgid);
void     test_assert_no_leftovers (guint  fds_before,
                                   pid_t  pgid,
                                   guint  timeout_ms);

GArray  *test_find_processes_matching      (const char *needle);
guint    test_count_processes_matching     (const char *needle);
void     test_assert_no_processes_matching (const char *needle,
                                            guint       timeout_ms);
guint    test_read_count                   (const char *count_file,
                                            const char *method);
char    *test_environ_value                (pid_t       pid,
                                            const char *name);
void     test_stop_on_failure              (pid_t       pid);
guint    test_stop_on_failure_matching     (const char *needle);

guint    test_count_temporaries            (const char *path);
int      test_hold_config_lock             (const char *config_path);
void     test_wait_fd_open                 (pid_t       pid,
                                            const char *path);

/* What a command run to its end said. */
typedef struct
{
  int     status;      /* its exit status */
  char   *out;
  char   *err;
  double  elapsed_ms;  /* how long it took */
} TestRun;

void     test_run_clear                    (TestRun             *run);
void     test_run_command                  (TestRun             *run,
                                            const char * const  *argv,
                                            const char * const  *env,
                                            guint                deadline_s);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TestRun, test_run_clear)

void     test_iterate_for                  (guint       ms);
void     test_warm_up                      (void);
gsize    test_allocated_bytes              (void);
void     test_assert_finalized             (gpointer    object);
void     test_remove_tree                  (const char *path);
void     test_assert_in_no_file            (const char *dir,
                                            const char *needle);

G_END_DECLS
