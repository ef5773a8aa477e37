/* cli-config-harness.c — tether-cli on a configuration file, for its tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every server a test starts has the test's own temporary directory on its
 * command line (in --count-file), and so does tether-cli (in --config): a
 * test ends by checking that no process naming that directory is alive.
 */

#include "config.h"

#include "cli-config-harness.h"

char **
cli_environment (Fixture *fixture)
{
  char **env = g_get_environ ();

  g_autofree char *run_dir = g_build_filename (fixture->dir, "run", NULL);

  env = g_environ_setenv (env, "HOME", fixture->home, TRUE);
  env = g_environ_setenv (env, "XDG_RUNTIME_DIR", run_dir, TRUE);
  env = g_environ_unsetenv (env, "TETHER_TIMINGS");

  return env;
}

GPtrArray *
cli_argv (Fixture            *fixture,
          const char         *timings,
          const char * const *args)
{
  GPtrArray *argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  g_ptr_array_add (argv, (gpointer)"--config");
  g_ptr_array_add (argv, fixture->path);
  g_ptr_array_add (argv, (gpointer)"--timings");
  g_ptr_array_add (argv, (gpointer)timings);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);

  return argv;
}

void
run_cli_argv (Fixture            *fixture,
              TestRun            *run,
              const char * const *args)
{
  g_autoptr(GPtrArray) argv = cli_argv (fixture, TIMINGS, args);
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_spawn_sync (NULL, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  g_test_message ("tether-cli %s → %d\n%s%s", args[0], run->status, run->out, run->err);
}

/* tether-cli --config PATH --timings … ARGS… */
void
run_cli (Fixture    *fixture,
         TestRun    *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  run_cli_argv (fixture, run, (const char * const *)args->pdata);
}

void
assert_one_line_error (const char *err,
                       const char *needle)
{
  g_assert_true (g_str_has_prefix (err, "tether-cli: "));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
  if (needle != NULL && strstr (err, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, err);
}

void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not in:\n%s", needle, haystack);
}

/* Fixture */

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-cli-config-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->home = g_build_filename (fixture->dir, "home", NULL);
  g_assert_cmpint (g_mkdir (fixture->home, 0700), ==, 0);
}

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  /* Every test leaves nothing running: no server, no tether-cli. */
  test_assert_no_processes_matching (fixture->dir, 3000);

  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->home, g_free);
}

/* A server entry running the fake server, marked with our directory. */
char *
fake_entry (Fixture    *fixture,
            const char *marker,
            const char *extra_args,
            gboolean    enabled)
{
  g_autofree char *counts = g_strdup_printf ("%s/counts-%s", fixture->dir, marker);

  return test_fake_server_entry (counts, extra_args, enabled ? NULL : "\"disabled\": true");
}

void
write_config (Fixture    *fixture,
              const char *text)
{
  g_autofree char *tmp = g_strconcat (fixture->path, ".new", NULL);

  /* Like an editor that saves by rename */
  g_assert_true (g_file_set_contents (tmp, text, -1, NULL));
  g_assert_cmpint (g_rename (tmp, fixture->path), ==, 0);
}

char *
read_config (Fixture *fixture)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (fixture->path, &text, NULL, NULL));

  return text;
}

char *
counts_path (Fixture    *fixture,
             const char *marker)
{
  return g_strdup_printf ("%s/counts-%s", fixture->dir, marker);
}

JsonNode *
parse_json (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);

  return node;
}

/* Processes */

/* The one fake server whose count file is counts-@marker */
pid_t
server_pid (Fixture    *fixture,
            const char *marker)
{
  g_autofree char *needle = counts_path (fixture, marker);
  g_autoptr(GArray) pids = test_find_processes_matching (needle);

  g_assert_cmpuint (pids->len, ==, 1);

  return g_array_index (pids, pid_t, 0);
}

/* ---------------------------------------------------------------------- */
/* watch, as a script reads it                                              */


static void read_next_line (Watch *watch);

static void
line_read_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autoptr(JsonNode) node = NULL;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result, NULL, &error);
  if (line == NULL)
    {
      /* cancelled at the end of the test, or the end of the output */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_assert_no_error (error);
          watch->eof = TRUE;
        }
      return;
    }

  g_test_message ("watch: %s", line);
  node = parse_json (line);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  g_assert_true (json_object_has_member (json_node_get_object (node), "time"));
  g_ptr_array_add (watch->lines, json_object_ref (json_node_get_object (node)));

  read_next_line (watch);
}

static void
read_next_line (Watch *watch)
{
  g_data_input_stream_read_line_async (watch->out, G_PRIORITY_DEFAULT, watch->cancellable,
                                       line_read_cb, watch);
}

static void
err_read_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, NULL);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      watch->err_eof = TRUE;
      return;
    }

  g_string_append_len (watch->err, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_input_stream_read_bytes_async (G_INPUT_STREAM (object), 4096, G_PRIORITY_DEFAULT, watch->cancellable,
                                   err_read_cb, watch);
}

/* If this test dies, watch gets SIGTERM and stops its servers. */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

Watch *
watch_start (Fixture    *fixture,
             const char *timings)
{
  const char *args[] = { "watch", NULL };
  g_autoptr(GPtrArray) argv = cli_argv (fixture, timings, args);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                      G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_auto(GStrv) env = cli_environment (fixture);
  g_autoptr(GError) error = NULL;
  Watch *watch = g_new0 (Watch, 1);

  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  watch->process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  watch->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (watch->process));
  watch->cancellable = g_cancellable_new ();
  watch->lines = g_ptr_array_new_with_free_func ((GDestroyNotify)json_object_unref);
  watch->err = g_string_new (NULL);
  read_next_line (watch);
  g_input_stream_read_bytes_async (g_subprocess_get_stderr_pipe (watch->process), 4096, G_PRIORITY_DEFAULT,
                                   watch->cancellable, err_read_cb, watch);

  return watch;
}

const char *
line_server (JsonObject *line)
{
  return json_object_get_string_member_with_default (line, "server", NULL);
}

const char *
line_state (JsonObject *line)
{
  return json_object_get_string_member_with_default (line, "state", NULL);
}

/* Iterates until @server has printed @state at or after line @from;
 * returns the index of that line. */
guint
watch_wait_for (Watch      *watch,
                guint       from,
                const char *server,
                const char *state,
                guint       timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  for (;;)
    {
      for (guint i = from; i < watch->lines->len; i++)
        {
          JsonObject *line = g_ptr_array_index (watch->lines, i);

          if (g_strcmp0 (line_server (line), server) == 0 && g_strcmp0 (line_state (line), state) == 0)
            return i;
        }

      if (watch->eof || g_get_monotonic_time () > deadline)
        g_error ("watch: no “%s” line for %s within %u ms", state, server, timeout_ms);

      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Iterates until there are @n lines. */
void
watch_wait_lines (Watch *watch,
                  guint  n,
                  guint  timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (watch->lines->len < n)
    {
      if (watch->eof || g_get_monotonic_time () > deadline)
        g_error ("watch: fewer than %u lines within %u ms", n, timeout_ms);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* Lets @ms pass, reading lines. */
void
watch_idle (Watch *watch,
            guint  ms)
{
  gint64 until = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* The states @server printed from line @from on, as "a b c" */
char *
watch_states (Watch      *watch,
              guint       from,
              const char *server)
{
  GString *out = g_string_new (NULL);

  for (guint i = from; i < watch->lines->len; i++)
    {
      JsonObject *line = g_ptr_array_index (watch->lines, i);

      if (g_strcmp0 (line_server (line), server) == 0)
        g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", line_state (line));
    }

  return g_string_free (out, FALSE);
}

/* Signals watch and waits for it to end: it must exit 0, having stopped
 * every server, within the shutdown bound. */
void
watch_stop (Watch *watch,
            int    signum)
{
  gint64 start = g_get_monotonic_time ();

  g_subprocess_send_signal (watch->process, signum);
  while (!watch->eof && g_get_monotonic_time () - start < 15 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_true (watch->eof);

  g_assert_true (g_subprocess_wait (watch->process, NULL, NULL));
  while (!watch->err_eof && g_get_monotonic_time () - start < 15 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_test_message ("watch stopped %.0f ms after signal %d; stderr:\n%s",
                  (g_get_monotonic_time () - start) / 1000.0, signum, watch->err->str);
  g_assert_true (g_subprocess_get_if_exited (watch->process));
  g_assert_cmpint (g_subprocess_get_exit_status (watch->process), ==, 0);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
}

void
watch_free (Watch *watch)
{
  if (g_subprocess_get_identifier (watch->process) != NULL)
    {
      /* A failed test: do not leave it running. */
      g_subprocess_force_exit (watch->process);
      g_subprocess_wait (watch->process, NULL, NULL);
    }
  g_cancellable_cancel (watch->cancellable);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&watch->out);
  g_clear_object (&watch->process);
  g_clear_object (&watch->cancellable);
  g_ptr_array_unref (watch->lines);
  g_string_free (watch->err, TRUE);
  g_free (watch);
}

/* The file equals @expected as JSON, members in the same order. */
void
assert_config_is (Fixture    *fixture,
                  const char *expected)
{
  g_autofree char *text = read_config (fixture);
  g_autoptr(JsonNode) actual = parse_json (text);
  g_autoptr(JsonNode) wanted = parse_json (expected);
  g_autofree char *a = json_to_string (actual, FALSE);
  g_autofree char *w = json_to_string (wanted, FALSE);
  struct stat st;

  g_assert_cmpstr (a, ==, w);
  g_assert_cmpint (g_stat (fixture->path, (GStatBuf *)&st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
}

void
assert_untouched (Fixture    *fixture,
                  const char *before)
{
  g_autofree char *now = read_config (fixture);

  g_assert_cmpstr (now, ==, before);
}


JsonObject *
import_server (JsonNode   *node,
               const char *name)
{
  JsonArray *servers = json_object_get_array_member (json_node_get_object (node), "servers");

  for (guint i = 0; i < json_array_get_length (servers); i++)
    {
      JsonObject *server = json_array_get_object_element (servers, i);

      if (g_strcmp0 (json_object_get_string_member (server, "name"), name) == 0)
        return server;
    }

  g_error ("no server “%s” in the import", name);
  return NULL;
}

gboolean
json_array_has_string (JsonArray  *array,
                       const char *needle)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (strstr (json_array_get_string_element (array, i), needle) != NULL)
      return TRUE;

  return FALSE;
}
