/* test-log-ring.c — a server's log: its lines, its bound and its cost
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The log is read as a GListModel of TetherLogEntry by the log view, the
 * diagnostics and the tests; these check what they see (the lines in
 * order, items-changed that a mirror can follow as the oldest lines go)
 * and what a full log holds: the bytes the allocator counts for a log of
 * TETHER_SERVER_LOG_LIMIT lines stay under the text's size plus a small
 * figure a line, where a GObject and a list node a line cost about four
 * times that. Counted by the allocator (AddressSanitizer's count under
 * it, else glibc's), not timed.
 */

#include "config.h"

#include <string.h>


#include "tether-log-ring.h"
#include "tether-server.h"
#include "tether-server-private.h"
#include "test-util.h"

/* What a line may cost besides its text: a record's header and the
 * allocator's rounding, and its slot in the ring. */
#define BYTES_A_LINE 48

static char *
line_text (guint i)
{
  return g_strdup_printf ("line %u: [stderr] npm warn exec the following package was installed%.*s",
                          i, (int)(i % 23), "..........................");
}

/* A copy of a model's texts, kept up to date by its items-changed alone. */
typedef struct
{
  GListModel *model;
  GPtrArray  *texts;
  guint       n_signals;
  guint       last_removed;
} Mirror;

static void
mirror_items_changed_cb (GListModel *model,
                         guint       position,
                         guint       removed,
                         guint       added,
                         Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->texts->len);
  g_ptr_array_remove_range (mirror->texts, position, removed);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (model, position + i);

      g_assert_nonnull (entry);
      g_ptr_array_insert (mirror->texts, position + i, g_strdup (tether_log_entry_get_text (entry)));
    }
  mirror->n_signals++;
  mirror->last_removed = removed;
  g_assert_cmpuint (mirror->texts->len, ==, g_list_model_get_n_items (model));
}

static void
mirror_init (Mirror     *mirror,
             GListModel *model)
{
  mirror->model = model;
  mirror->texts = g_ptr_array_new_with_free_func (g_free);
  mirror->n_signals = 0;
  mirror->last_removed = 0;
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_items_changed_cb), mirror);
}

static void
mirror_check_and_clear (Mirror *mirror)
{
  guint n = g_list_model_get_n_items (mirror->model);

  g_assert_cmpuint (mirror->texts->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (mirror->model, i);

      g_assert_cmpstr (tether_log_entry_get_text (entry), ==, g_ptr_array_index (mirror->texts, i));
    }
  g_signal_handlers_disconnect_by_data (mirror->model, mirror);
  g_ptr_array_unref (mirror->texts);
}

static TetherServer *
new_server (void)
{
  g_autoptr(TetherServerConfig) config = tether_server_config_new ("log");

  return tether_server_new (config, NULL);
}

/* Past the limit the oldest tenth goes; the rest keep their order, text,
 * kind and time, and a mirror that follows items-changed sees the same. */
static void
test_log_bound (void)
{
  g_autoptr(TetherServer) server = new_server ();
  GListModel *log = tether_server_get_log (server);
  guint total = TETHER_SERVER_LOG_LIMIT * 2 + 7;
  guint n, first;
  gint64 before = g_get_real_time ();
  gint64 last_time = 0;
  Mirror mirror;

  g_assert_true (g_list_model_get_item_type (log) == TETHER_TYPE_LOG_ENTRY);
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 0);
  g_assert_null (g_list_model_get_item (log, 0));

  mirror_init (&mirror, log);
  for (guint i = 0; i < total; i++)
    {
      g_autofree char *text = line_text (i);

      _tether_server_log (server, i % 2 ? TETHER_LOG_KIND_STDERR : TETHER_LOG_KIND_EVENT, text);
      g_assert_cmpuint (g_list_model_get_n_items (log), <=, TETHER_SERVER_LOG_LIMIT);
    }

  n = g_list_model_get_n_items (log);
  g_assert_cmpuint (n, >=, TETHER_SERVER_LOG_LIMIT - TETHER_SERVER_LOG_LIMIT / 10);
  first = total - n;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherLogEntry) entry = g_list_model_get_item (log, i);
      g_autofree char *text = line_text (first + i);

      g_assert_cmpstr (tether_log_entry_get_text (entry), ==, text);
      g_assert_cmpint (tether_log_entry_get_kind (entry), ==,
                       (first + i) % 2 ? TETHER_LOG_KIND_STDERR : TETHER_LOG_KIND_EVENT);
      g_assert_cmpint (tether_log_entry_get_time (entry), >=, MAX (before, last_time));
      last_time = tether_log_entry_get_time (entry);
    }
  g_assert_null (g_list_model_get_item (log, n));

  /* One signal a line, and one a removal of a tenth: not one a line. */
  g_assert_cmpuint (mirror.n_signals, <, total + total / (TETHER_SERVER_LOG_LIMIT / 10));
  g_assert_cmpuint (mirror.last_removed, ==, 0);
  mirror_check_and_clear (&mirror);
}

/* What a server sends is kept as valid UTF-8, and an empty line stays. */
static void
test_log_text (void)
{
  g_autoptr(TetherServer) server = new_server ();
  GListModel *log = tether_server_get_log (server);
  g_autoptr(TetherLogEntry) bad = NULL;
  g_autoptr(TetherLogEntry) empty = NULL;
  g_autofree char *line = NULL;

  _tether_server_log (server, TETHER_LOG_KIND_STDERR, "caf\xc3 \xff ok");
  _tether_server_log (server, TETHER_LOG_KIND_ERROR, "");

  bad = g_list_model_get_item (log, 0);
  g_assert_true (g_utf8_validate (tether_log_entry_get_text (bad), -1, NULL));
  g_assert_nonnull (strstr (tether_log_entry_get_text (bad), " ok"));
  g_assert_true (g_str_has_prefix (tether_log_entry_get_text (bad), "caf"));

  empty = g_list_model_get_item (log, 1);
  g_assert_cmpstr (tether_log_entry_get_text (empty), ==, "");
  g_assert_cmpint (tether_log_entry_get_kind (empty), ==, TETHER_LOG_KIND_ERROR);
  line = tether_log_entry_to_string (empty);
  g_assert_nonnull (strstr (line, " error "));
}

/* A small ring, wrapped many times, against a plain array. */
static void
test_ring_wraps (void)
{
  for (guint limit = 1; limit <= 40; limit += 13)
    {
      g_autoptr(TetherLogRing) ring = tether_log_ring_new (limit);
      Mirror mirror;

      g_assert_cmpuint (tether_log_ring_get_limit (ring), ==, limit);
      mirror_init (&mirror, G_LIST_MODEL (ring));
      for (guint i = 0; i < limit * 7 + 3; i++)
        {
          g_autofree char *text = line_text (i);
          guint n;

          tether_log_ring_append (ring, TETHER_LOG_KIND_EVENT, text);
          n = g_list_model_get_n_items (G_LIST_MODEL (ring));
          g_assert_cmpuint (n, >=, 1);
          g_assert_cmpuint (n, <=, limit);
          for (guint k = 0; k < n; k++)
            {
              g_autofree char *expected = line_text (i + 1 - n + k);

              g_assert_cmpstr (g_ptr_array_index (mirror.texts, k), ==, expected);
            }
        }
      mirror_check_and_clear (&mirror);
    }
}

/* A full log holds its text and little more. */
static void
test_log_memory (void)
{
  g_autoptr(TetherServer) server = new_server ();
  gsize text_bytes = 0;
  gsize start, held, bound;

  /* Whatever the first line of a log sets up once (a class, a type). */
  g_type_ensure (TETHER_TYPE_LOG_ENTRY);
  g_type_class_unref (g_type_class_ref (TETHER_TYPE_LOG_ENTRY));

  start = test_allocated_bytes ();
  for (guint i = 0; i < TETHER_SERVER_LOG_LIMIT; i++)
    {
      g_autofree char *text = line_text (i);

      _tether_server_log (server, TETHER_LOG_KIND_STDERR, text);
      text_bytes += strlen (text) + 1;
    }
  held = test_allocated_bytes () - start;
  bound = text_bytes + (gsize)BYTES_A_LINE * TETHER_SERVER_LOG_LIMIT;

  g_test_message ("%u lines of %" G_GSIZE_FORMAT " bytes of text hold %" G_GSIZE_FORMAT
                  " bytes (%.1f a line besides the text); bound %" G_GSIZE_FORMAT,
                  TETHER_SERVER_LOG_LIMIT, text_bytes, held,
                  ((double)held - text_bytes) / TETHER_SERVER_LOG_LIMIT, bound);
  g_assert_cmpuint (g_list_model_get_n_items (tether_server_get_log (server)), ==, TETHER_SERVER_LOG_LIMIT);
  g_assert_cmpuint (held, <=, bound);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/log/bound", test_log_bound);
  g_test_add_func ("/log/text", test_log_text);
  g_test_add_func ("/log/ring-wraps", test_ring_wraps);
  g_test_add_func ("/log/memory", test_log_memory);

  return g_test_run ();
}
