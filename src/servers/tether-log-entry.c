/* tether-log-entry.c — one line of a server's log
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-log-entry"

#include "config.h"

#include "tether-log-entry.h"

struct _TetherLogEntry
{
  GObject        parent_instance;

  char          *text;
  gint64         time;
  TetherLogKind  kind;
};

G_DEFINE_FINAL_TYPE (TetherLogEntry, tether_log_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_TEXT,
  PROP_TIME,
  PROP_TIME_STRING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tether_log_entry_finalize (GObject *object)
{
  TetherLogEntry *self = (TetherLogEntry *)object;

  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (tether_log_entry_parent_class)->finalize (object);
}

static void
tether_log_entry_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TetherLogEntry *self = TETHER_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;

    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;

    case PROP_TIME:
      g_value_set_int64 (value, self->time);
      break;

    case PROP_TIME_STRING:
      g_value_take_string (value, tether_log_entry_format_time (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_log_entry_class_init (TetherLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_log_entry_finalize;
  object_class->get_property = tether_log_entry_get_property;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL,
                      TETHER_LOG_KIND_STDERR, TETHER_LOG_KIND_SERVER, TETHER_LOG_KIND_EVENT,
                      (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_TIME] =
    g_param_spec_int64 ("time", NULL, NULL,
                        0, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_TIME_STRING] =
    g_param_spec_string ("time-string", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_log_entry_init (TetherLogEntry *self)
{
}

/**
 * tether_log_entry_new:
 * @kind: what sort of line it is
 * @text: the line, without a trailing newline
 *
 * Returns: (transfer full): a log entry stamped with the current time
 */
TetherLogEntry *
tether_log_entry_new (TetherLogKind  kind,
                      const char    *text)
{
  return tether_log_entry_new_at (kind, text, g_get_real_time ());
}

/**
 * tether_log_entry_new_at:
 * @kind: what sort of line it is
 * @text: the line, without a trailing newline
 * @time: when it was logged, in microseconds since the epoch
 *
 * Returns: (transfer full): a log entry of that time
 */
TetherLogEntry *
tether_log_entry_new_at (TetherLogKind  kind,
                         const char    *text,
                         gint64         time)
{
  TetherLogEntry *self = g_object_new (TETHER_TYPE_LOG_ENTRY, NULL);

  self->kind = kind;
  self->text = g_utf8_make_valid (text != NULL ? text : "", -1);
  self->time = time;

  return self;
}

TetherLogKind
tether_log_entry_get_kind (TetherLogEntry *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_ENTRY (self), TETHER_LOG_KIND_EVENT);

  return self->kind;
}

const char *
tether_log_entry_get_text (TetherLogEntry *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_ENTRY (self), NULL);

  return self->text;
}

/**
 * tether_log_entry_get_time:
 * @self: a #TetherLogEntry
 *
 * Returns: when it was logged, in microseconds since the epoch
 */
gint64
tether_log_entry_get_time (TetherLogEntry *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_ENTRY (self), 0);

  return self->time;
}

/**
 * tether_log_entry_format_time:
 * @self: a #TetherLogEntry
 *
 * Returns: (transfer full): the local time as `HH:MM:SS.mmm`
 */
char *
tether_log_entry_format_time (TetherLogEntry *self)
{
  g_autoptr(GDateTime) dt = NULL;
  g_autofree char *hms = NULL;

  g_return_val_if_fail (TETHER_IS_LOG_ENTRY (self), NULL);

  dt = g_date_time_new_from_unix_local (self->time / G_USEC_PER_SEC);
  if (dt == NULL)
    return g_strdup ("--:--:--.---");

  hms = g_date_time_format (dt, "%H:%M:%S");

  return g_strdup_printf ("%s.%03d", hms, (int)((self->time % G_USEC_PER_SEC) / 1000));
}

/**
 * tether_log_entry_to_string:
 * @self: a #TetherLogEntry
 *
 * Returns: (transfer full): the entry as one line of text, for copying
 */
char *
tether_log_entry_to_string (TetherLogEntry *self)
{
  static const char *tags[] = { "stderr", "event", "error", "server" };
  g_autofree char *time = NULL;

  g_return_val_if_fail (TETHER_IS_LOG_ENTRY (self), NULL);

  time = tether_log_entry_format_time (self);

  return g_strdup_printf ("%s %-6s %s", time, tags[self->kind], self->text);
}
