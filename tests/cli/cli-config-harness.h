/* cli-config-harness.h — tether-cli on a configuration file, for its tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-fake-server.h"
#include "test-util.h"

G_BEGIN_DECLS

/* Short durations, so the rules run in a test's time. */
#define TIMINGS "connect_retry_delay_ms=100,reconnect_delay_ms=200,reconnect_jitter=0," \
                "stop_grace_ms=300,list_changed_delay_ms=20"

typedef struct
{
  char *dir;
  char *path;     /* the configuration */
  char *home;     /* HOME of the tether-cli runs */
} Fixture;

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *out;
  GCancellable     *cancellable;
  GPtrArray        *lines;       /* JsonObject, in order */
  gboolean          eof;
  GString          *err;         /* all of its stderr so far */
  gboolean          err_eof;
} Watch;

void watch_free (Watch *watch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Watch, watch_free)

/* Every test of tether-cli on a configuration is /Tether/Cli/Config/PATH. */
#define CLI_CONFIG_TEST_ADD(path, func) \
  g_test_add ("/Tether/Cli/Config/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
#define CLI_CONFIG_TEST_ADD_WITH(path, data, func) \
  g_test_add ("/Tether/Cli/Config/" path, Fixture, data, fixture_setup, func, fixture_teardown)

char **
cli_environment (Fixture *fixture);

GPtrArray *
cli_argv (Fixture            *fixture,
          const char         *timings,
          const char * const *args);

void
run_cli_argv (Fixture            *fixture,
              TestRun            *run,
              const char * const *args);

void
run_cli (Fixture    *fixture,
         TestRun    *run,
         const char *first,
         ...);

void
assert_one_line_error (const char *err,
                       const char *needle);

void
assert_contains (const char *haystack,
                 const char *needle);

void
fixture_setup (Fixture       *fixture,
               gconstpointer  data);

void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data);

char *
fake_entry (Fixture    *fixture,
            const char *marker,
            const char *extra_args,
            gboolean    enabled);

void
write_config (Fixture    *fixture,
              const char *text);

char *
read_config (Fixture *fixture);

char *
counts_path (Fixture    *fixture,
             const char *marker);

JsonNode *
parse_json (const char *text);

pid_t
server_pid (Fixture    *fixture,
            const char *marker);

Watch *
watch_start (Fixture    *fixture,
             const char *timings);

const char *
line_server (JsonObject *line);

const char *
line_state (JsonObject *line);

guint
watch_wait_for (Watch      *watch,
                guint       from,
                const char *server,
                const char *state,
                guint       timeout_ms);

void
watch_wait_lines (Watch *watch,
                  guint  n,
                  guint  timeout_ms);

void
watch_idle (Watch *watch,
            guint  ms);

char *
watch_states (Watch      *watch,
              guint       from,
              const char *server);

void
watch_stop (Watch *watch,
            int    signum);

void
assert_config_is (Fixture    *fixture,
                  const char *expected);

void
assert_untouched (Fixture    *fixture,
                  const char *before);

JsonObject *
import_server (JsonNode   *node,
               const char *name);

gboolean
json_array_has_string (JsonArray  *array,
                       const char *needle);

G_END_DECLS
