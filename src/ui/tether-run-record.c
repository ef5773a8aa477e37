/* tether-run-record.c — one run of a tool, for the history
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What was sent, what came back (the result or the error's message), how
 * long it took and when: enough to show it again and run it again.
 */

#define G_LOG_DOMAIN "tether-run-record"

#include "config.h"

#include "tether-run-record.h"

struct _TetherRunRecord
{
  GObject     parent_instance;

  char       *tool;
  JsonObject *arguments;
  JsonNode   *result;
  char       *error_message;
  gint64      duration_us;
  GDateTime  *time;
};

G_DEFINE_FINAL_TYPE (TetherRunRecord, tether_run_record, G_TYPE_OBJECT)

static void
tether_run_record_finalize (GObject *object)
{
  TetherRunRecord *self = (TetherRunRecord *)object;

  g_free (self->tool);
  g_clear_pointer (&self->arguments, json_object_unref);
  g_clear_pointer (&self->result, json_node_unref);
  g_free (self->error_message);
  g_clear_pointer (&self->time, g_date_time_unref);

  G_OBJECT_CLASS (tether_run_record_parent_class)->finalize (object);
}

static void
tether_run_record_class_init (TetherRunRecordClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_run_record_finalize;
}

static void
tether_run_record_init (TetherRunRecord *self)
{
}

/**
 * tether_run_record_new:
 * @tool: the tool's name
 * @arguments: what was sent
 * @result: (nullable): the CallToolResult, %NULL when there was none
 * @error_message: (nullable): why there was no result
 * @duration_us: how long the call took
 *
 * Returns: (transfer full): a new #TetherRunRecord, dated now
 */
TetherRunRecord *
tether_run_record_new (const char *tool,
                       JsonObject *arguments,
                       JsonNode   *result,
                       const char *error_message,
                       gint64      duration_us)
{
  TetherRunRecord *self;

  g_return_val_if_fail (tool != NULL, NULL);
  g_return_val_if_fail (arguments != NULL, NULL);

  self = g_object_new (TETHER_TYPE_RUN_RECORD, NULL);
  self->tool = g_strdup (tool);
  self->arguments = json_object_ref (arguments);
  self->result = result != NULL ? json_node_ref (result) : NULL;
  self->error_message = g_strdup (error_message);
  self->duration_us = duration_us;
  self->time = g_date_time_new_now_local ();

  return self;
}

const char *
tether_run_record_get_tool (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), NULL);

  return self->tool;
}

JsonObject *
tether_run_record_get_arguments (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), NULL);

  return self->arguments;
}

JsonNode *
tether_run_record_get_result (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), NULL);

  return self->result;
}

const char *
tether_run_record_get_error (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), NULL);

  return self->error_message;
}

gint64
tether_run_record_get_duration (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), 0);

  return self->duration_us;
}

GDateTime *
tether_run_record_get_time (TetherRunRecord *self)
{
  g_return_val_if_fail (TETHER_IS_RUN_RECORD (self), NULL);

  return self->time;
}
