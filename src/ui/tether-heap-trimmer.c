/* tether-heap-trimmer.c — give the heap's free pages back once servers settle
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Connecting a server leaves freed memory behind in the middle of the heap
 * (its answers parsed and dropped, read buffers, the spawn environment),
 * which glibc keeps resident: about 2.5 MB with 20 servers, measured with
 * tests/bench/bench-window.py and malloc_trim() called by hand. Watching a
 * model of servers, the trimmer calls malloc_trim() once a second has
 * passed with no server changing state (at low priority, so never in the
 * middle of a burst of work), which returns those pages to the system.
 */

#define G_LOG_DOMAIN "tether-heap-trimmer"

#include "config.h"

#include <stdlib.h>   /* defines __GLIBC__ under glibc */
#ifdef __GLIBC__
# include <malloc.h>
#endif

#include "tether-heap-trimmer.h"

#define QUIET_SECONDS 1

struct _TetherHeapTrimmer
{
  GObject     parent_instance;

  GListModel *servers;
  guint       trim_id;
  guint       n_trims;
};

G_DEFINE_FINAL_TYPE (TetherHeapTrimmer, tether_heap_trimmer, G_TYPE_OBJECT)

static gboolean
trim_cb (gpointer data)
{
  TetherHeapTrimmer *self = data;

  self->trim_id = 0;
  self->n_trims++;
#ifdef __GLIBC__
  malloc_trim (0);
#endif

  return G_SOURCE_REMOVE;
}

static void
trim_soon (TetherHeapTrimmer *self)
{
  g_clear_handle_id (&self->trim_id, g_source_remove);
  self->trim_id = g_timeout_add_seconds_full (G_PRIORITY_LOW, QUIET_SECONDS, trim_cb, self, NULL);
}

static void
servers_changed_cb (TetherHeapTrimmer *self,
                    guint              position,
                    guint              removed,
                    guint              added,
                    GListModel        *servers)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GObject) server = g_list_model_get_item (servers, i);

      g_signal_connect_object (server, "notify::state",
                               G_CALLBACK (trim_soon), self, G_CONNECT_SWAPPED);
    }

  trim_soon (self);
}

static void
tether_heap_trimmer_dispose (GObject *object)
{
  TetherHeapTrimmer *self = (TetherHeapTrimmer *)object;

  g_clear_handle_id (&self->trim_id, g_source_remove);
  if (self->servers != NULL)
    g_signal_handlers_disconnect_by_data (self->servers, self);
  g_clear_object (&self->servers);

  G_OBJECT_CLASS (tether_heap_trimmer_parent_class)->dispose (object);
}

static void
tether_heap_trimmer_class_init (TetherHeapTrimmerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_heap_trimmer_dispose;
}

static void
tether_heap_trimmer_init (TetherHeapTrimmer *self)
{
}

/**
 * tether_heap_trimmer_new:
 * @servers: a model of objects with a `state` property (the servers)
 *
 * Returns: (transfer full): a trimmer that watches @servers until it is
 *   disposed
 */
TetherHeapTrimmer *
tether_heap_trimmer_new (GListModel *servers)
{
  TetherHeapTrimmer *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (servers), NULL);

  self = g_object_new (TETHER_TYPE_HEAP_TRIMMER, NULL);
  self->servers = g_object_ref (servers);
  g_signal_connect_object (servers, "items-changed",
                           G_CALLBACK (servers_changed_cb), self, G_CONNECT_SWAPPED);
  servers_changed_cb (self, 0, 0, g_list_model_get_n_items (servers), servers);

  return self;
}

/**
 * tether_heap_trimmer_get_n_trims:
 * @self: a #TetherHeapTrimmer
 *
 * Returns: how many times it trimmed the heap
 */
guint
tether_heap_trimmer_get_n_trims (TetherHeapTrimmer *self)
{
  g_return_val_if_fail (TETHER_IS_HEAP_TRIMMER (self), 0);

  return self->n_trims;
}
