/* tether-log-ring.c — a server's log, bounded and compact
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListModel of TetherLogEntry, oldest first, that keeps at most
 * :limit lines. Each line is one allocation (its time, kind and text
 * together) in a ring of pointers that grows with the log up to the
 * limit, so a quiet server's log costs a few hundred bytes, not the
 * limit's worth. The TetherLogEntry a reader asks for is made on demand
 * from the record and not kept: the model holds no GObject per line.
 *
 * When a line would take the log past its limit, the oldest tenth goes
 * at once, so that a chatty server costs one items-changed for the
 * removal every limit / 10 lines rather than one per line.
 */

#define G_LOG_DOMAIN "tether-log-ring"

#include "config.h"

#include <string.h>

#include "tether-log-ring.h"

typedef struct
{
  gint64 time;
  guint8 kind;
  char   text[];
} LogRecord;

struct _TetherLogRing
{
  GObject     parent_instance;

  LogRecord **slots;
  guint       capacity;   /* of slots: 0 until the first line, at most limit + 1 */
  guint       head;       /* the slot of the oldest line */
  guint       n_items;
  guint       limit;
};

static void tether_log_ring_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherLogRing, tether_log_ring, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      tether_log_ring_list_model_init))

#define FIRST_CAPACITY 16

static LogRecord *
record_new (TetherLogKind  kind,
            const char    *text)
{
  g_autofree char *valid = NULL;
  LogRecord *record;
  gsize len;

  if (text == NULL)
    text = "";
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  len = strlen (text);
  record = g_malloc (offsetof (LogRecord, text) + len + 1);
  record->time = g_get_real_time ();
  record->kind = kind;
  memcpy (record->text, text, len + 1);

  return record;
}

static inline LogRecord *
record_at (TetherLogRing *self,
           guint          position)
{
  return self->slots[(self->head + position) % self->capacity];
}

/* Lines in order from slot 0, in a ring of the new capacity. */
static void
grow (TetherLogRing *self)
{
  guint capacity = MIN (MAX (self->capacity * 2, FIRST_CAPACITY), self->limit + 1);
  LogRecord **slots = g_new (LogRecord *, capacity);

  for (guint i = 0; i < self->n_items; i++)
    slots[i] = record_at (self, i);

  g_free (self->slots);
  self->slots = slots;
  self->capacity = capacity;
  self->head = 0;
}

static void
drop_oldest (TetherLogRing *self,
             guint          n)
{
  if (n == 0)
    return;

  for (guint i = 0; i < n; i++)
    g_free (record_at (self, i));

  self->head = (self->head + n) % self->capacity;
  self->n_items -= n;
}

static void
tether_log_ring_finalize (GObject *object)
{
  TetherLogRing *self = (TetherLogRing *)object;

  drop_oldest (self, self->n_items);
  g_clear_pointer (&self->slots, g_free);

  G_OBJECT_CLASS (tether_log_ring_parent_class)->finalize (object);
}

static void
tether_log_ring_class_init (TetherLogRingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_log_ring_finalize;
}

static void
tether_log_ring_init (TetherLogRing *self)
{
}

static GType
tether_log_ring_get_item_type (GListModel *model)
{
  return TETHER_TYPE_LOG_ENTRY;
}

static guint
tether_log_ring_get_n_items (GListModel *model)
{
  return TETHER_LOG_RING (model)->n_items;
}

static gpointer
tether_log_ring_get_item (GListModel *model,
                          guint       position)
{
  TetherLogRing *self = TETHER_LOG_RING (model);
  LogRecord *record;

  if (position >= self->n_items)
    return NULL;

  record = record_at (self, position);

  return tether_log_entry_new_at (record->kind, record->text, record->time);
}

static void
tether_log_ring_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = tether_log_ring_get_item_type;
  iface->get_n_items = tether_log_ring_get_n_items;
  iface->get_item = tether_log_ring_get_item;
}

/**
 * tether_log_ring_new:
 * @limit: the most lines it keeps, at least 1
 *
 * Returns: (transfer full): an empty log
 */
TetherLogRing *
tether_log_ring_new (guint limit)
{
  TetherLogRing *self;

  g_return_val_if_fail (limit > 0 && limit < G_MAXUINT, NULL);

  self = g_object_new (TETHER_TYPE_LOG_RING, NULL);
  self->limit = limit;

  return self;
}

guint
tether_log_ring_get_limit (TetherLogRing *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_RING (self), 0);

  return self->limit;
}

/**
 * tether_log_ring_append:
 * @self: a #TetherLogRing
 * @kind: what sort of line it is
 * @text: the line, without a trailing newline; invalid UTF-8 is replaced
 *
 * Adds a line stamped with the current time. Past the limit, the oldest
 * tenth of the lines goes (items-changed: the addition, then the removal).
 */
void
tether_log_ring_append (TetherLogRing *self,
                        TetherLogKind  kind,
                        const char    *text)
{
  g_return_if_fail (TETHER_IS_LOG_RING (self));

  if (self->n_items == self->capacity)
    grow (self);

  self->slots[(self->head + self->n_items) % self->capacity] = record_new (kind, text);
  self->n_items++;
  g_list_model_items_changed (G_LIST_MODEL (self), self->n_items - 1, 0, 1);

  if (self->n_items > self->limit)
    {
      guint n = self->n_items - self->limit + self->limit / 10;

      drop_oldest (self, n);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
    }
}
