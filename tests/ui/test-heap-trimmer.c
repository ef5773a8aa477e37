/* test-heap-trimmer.c — the heap's free pages go back once servers settle
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The trimmer watches a model of objects with a `state` (stateful actions
 * stand in for servers here): it trims once after a burst of changes, and
 * again after each later one, for objects added later too. Under glibc it
 * gives back freed pages below a live block, which glibc would otherwise
 * keep resident: counted in the process's resident pages, not timed.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tether-heap-trimmer.h"
#include "test-util.h"

typedef struct
{
  TetherHeapTrimmer *trimmer;
  guint              n;
} Wait;

static gboolean
trimmed_to (gpointer data)
{
  Wait *wait = data;

  return tether_heap_trimmer_get_n_trims (wait->trimmer) >= wait->n;
}

static void
wait_trims (TetherHeapTrimmer *trimmer,
            guint              n)
{
  Wait wait = { trimmer, n };

  test_wait_until (trimmed_to, &wait, "a trim");
  g_assert_cmpuint (tether_heap_trimmer_get_n_trims (trimmer), ==, n);
}

static GSimpleAction *
new_server (const char *name)
{
  return g_simple_action_new_stateful (name, NULL, g_variant_new_string ("disconnected"));
}

static void
test_trims_after_changes (void)
{
  g_autoptr(GListStore) servers = g_list_store_new (G_TYPE_SIMPLE_ACTION);
  g_autoptr(GSimpleAction) one = new_server ("one");
  g_autoptr(GSimpleAction) two = new_server ("two");
  g_autoptr(GSimpleAction) three = new_server ("three");
  g_autoptr(TetherHeapTrimmer) trimmer = NULL;

  g_list_store_append (servers, one);
  g_list_store_append (servers, two);
  trimmer = tether_heap_trimmer_new (G_LIST_MODEL (servers));
  g_assert_cmpuint (tether_heap_trimmer_get_n_trims (trimmer), ==, 0);
  wait_trims (trimmer, 1);

  /* A burst of changes: one trim after it. */
  g_simple_action_set_state (one, g_variant_new_string ("connecting"));
  g_simple_action_set_state (two, g_variant_new_string ("connecting"));
  g_simple_action_set_state (one, g_variant_new_string ("connected"));
  wait_trims (trimmer, 2);
  test_iterate_for (2500);
  g_assert_cmpuint (tether_heap_trimmer_get_n_trims (trimmer), ==, 2);

  /* A server added later is watched too. */
  g_list_store_append (servers, three);
  wait_trims (trimmer, 3);
  g_simple_action_set_state (three, g_variant_new_string ("connected"));
  wait_trims (trimmer, 4);

  /* One removed is not. */
  g_list_store_remove (servers, 0);
  wait_trims (trimmer, 5);
  g_clear_object (&trimmer);
  g_simple_action_set_state (one, g_variant_new_string ("error"));
  test_iterate_for (1500);
}

/* Disposed with a trim pending: the trim never runs. */
static void
test_dispose_pending (void)
{
  g_autoptr(GListStore) servers = g_list_store_new (G_TYPE_SIMPLE_ACTION);
  g_autoptr(GSimpleAction) one = new_server ("one");
  TetherHeapTrimmer *trimmer;

  g_list_store_append (servers, one);
  trimmer = tether_heap_trimmer_new (G_LIST_MODEL (servers));
  g_object_unref (trimmer);
  g_simple_action_set_state (one, g_variant_new_string ("connected"));
  test_iterate_for (1500);
}

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
static gsize
resident_bytes (void)
{
  g_autofree char *text = NULL;
  unsigned long size = 0, resident = 0;

  g_assert_true (g_file_get_contents ("/proc/self/statm", &text, NULL, NULL));
  g_assert_cmpint (sscanf (text, "%lu %lu", &size, &resident), ==, 2);

  return (gsize)resident * (gsize)sysconf (_SC_PAGESIZE);
}
#endif

/* 32 MB freed below a block still in use stays resident until trimmed. */
static void
test_gives_pages_back (void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  g_autoptr(GListStore) servers = g_list_store_new (G_TYPE_SIMPLE_ACTION);
  g_autoptr(TetherHeapTrimmer) trimmer = NULL;
  g_autoptr(GPtrArray) blocks = g_ptr_array_new ();
  g_autofree char *kept = NULL;
  gsize full, freed, trimmed;

  for (guint i = 0; i < 32 * 256; i++)
    {
      char *block = g_malloc (4000);

      memset (block, 1, 4000);
      g_ptr_array_add (blocks, block);
    }
  kept = g_malloc (4000);
  memset (kept, 1, 4000);
  full = resident_bytes ();
  for (guint i = 0; i < blocks->len; i++)
    g_free (g_ptr_array_index (blocks, i));
  freed = resident_bytes ();
  g_test_message ("resident: %lu KiB with the blocks, %lu KiB freed",
                  (gulong)(full / 1024), (gulong)(freed / 1024));
  g_assert_cmpuint (freed, >, full - 8 * 1024 * 1024);

  trimmer = tether_heap_trimmer_new (G_LIST_MODEL (servers));
  wait_trims (trimmer, 1);
  trimmed = resident_bytes ();
  g_test_message ("resident after the trim: %lu KiB", (gulong)(trimmed / 1024));
  g_assert_cmpuint (trimmed, <, freed - 24 * 1024 * 1024);
#else
  g_test_skip ("glibc's allocator only");
#endif
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/heap-trimmer/trims-after-changes", test_trims_after_changes);
  g_test_add_func ("/heap-trimmer/dispose-pending", test_dispose_pending);
  g_test_add_func ("/heap-trimmer/gives-pages-back", test_gives_pages_back);

  return g_test_run ();
}
