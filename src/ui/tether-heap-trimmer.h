/* tether-heap-trimmer.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TETHER_TYPE_HEAP_TRIMMER (tether_heap_trimmer_get_type ())

G_DECLARE_FINAL_TYPE (TetherHeapTrimmer, tether_heap_trimmer, TETHER, HEAP_TRIMMER, GObject)

TetherHeapTrimmer *tether_heap_trimmer_new          (GListModel        *servers);
guint              tether_heap_trimmer_get_n_trims  (TetherHeapTrimmer *self);

G_END_DECLS
