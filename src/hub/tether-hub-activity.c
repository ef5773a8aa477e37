/* tether-hub-activity.c — what AI clients asked of the hub
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A bounded GListModel of TetherHubRecord, oldest first: one record per
 * request an AI client made (time, the client's name from its clientInfo,
 * the method, the server and tool, prompt or URI, how long it took and how
 * it ended). Never the arguments, which may hold secrets. A record is
 * added when its request starts and notifies when it ends, so a view shows
 * a call while it runs.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include "tether-hub-activity.h"

struct _TetherHubRecord
{
  GObject  parent_instance;

  gint64   time;       /* real time, µs */
  gint64   started;    /* monotonic, µs */
  gint64   duration;   /* µs, -1 while running */
  char    *client;
  char    *method;
  char    *server;
  char    *item;
  char    *outcome;    /* NULL while running */
  char    *message;
};

G_DEFINE_FINAL_TYPE (TetherHubRecord, tether_hub_record, G_TYPE_OBJECT)

enum {
  RECORD_PROP_0,
  RECORD_PROP_OUTCOME,
  RECORD_N_PROPS
};

static GParamSpec *record_properties[RECORD_N_PROPS];

static void
tether_hub_record_finalize (GObject *object)
{
  TetherHubRecord *self = (TetherHubRecord *)object;

  g_free (self->client);
  g_free (self->method);
  g_free (self->server);
  g_free (self->item);
  g_free (self->outcome);
  g_free (self->message);

  G_OBJECT_CLASS (tether_hub_record_parent_class)->finalize (object);
}

static void
tether_hub_record_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TetherHubRecord *self = TETHER_HUB_RECORD (object);

  switch (prop_id)
    {
    case RECORD_PROP_OUTCOME:
      g_value_set_string (value, self->outcome);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_hub_record_class_init (TetherHubRecordClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tether_hub_record_finalize;
  object_class->get_property = tether_hub_record_get_property;

  /**
   * TetherHubRecord:outcome:
   *
   * `ok`, `error` (the request failed), `tool-error` (the tool said it
   * failed), `cancelled`; %NULL while the request runs.
   */
  record_properties[RECORD_PROP_OUTCOME] =
    g_param_spec_string ("outcome", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, RECORD_N_PROPS, record_properties);
}

static void
tether_hub_record_init (TetherHubRecord *self)
{
  self->duration = -1;
}

/**
 * tether_hub_record_new:
 * @client: (nullable): the client's name, from its clientInfo
 * @method: the request's method
 * @server: (nullable): the server it went to
 * @item: (nullable): the tool, prompt or URI, as the server names it
 *
 * Returns: (transfer full): a record of a request that starts now
 */
TetherHubRecord *
tether_hub_record_new (const char *client,
                       const char *method,
                       const char *server,
                       const char *item)
{
  TetherHubRecord *self = g_object_new (TETHER_TYPE_HUB_RECORD, NULL);

  self->time = g_get_real_time ();
  self->started = g_get_monotonic_time ();
  self->client = g_strdup (client);
  self->method = g_strdup (method);
  self->server = g_strdup (server);
  self->item = g_strdup (item);

  return self;
}

/**
 * tether_hub_record_finish:
 * @self: a #TetherHubRecord
 * @outcome: `ok`, `error`, `tool-error` or `cancelled`
 * @message: (nullable): what went wrong, never arguments
 */
void
tether_hub_record_finish (TetherHubRecord *self,
                          const char      *outcome,
                          const char      *message)
{
  g_return_if_fail (TETHER_IS_HUB_RECORD (self));
  g_return_if_fail (outcome != NULL);

  if (self->outcome != NULL)
    return;

  self->duration = g_get_monotonic_time () - self->started;
  self->outcome = g_strdup (outcome);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), record_properties[RECORD_PROP_OUTCOME]);
}

gint64
tether_hub_record_get_time (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), 0);

  return self->time;
}

const char *
tether_hub_record_get_client (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->client;
}

const char *
tether_hub_record_get_method (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->method;
}

const char *
tether_hub_record_get_server (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->server;
}

const char *
tether_hub_record_get_item (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->item;
}

/**
 * tether_hub_record_get_duration:
 * @self: a #TetherHubRecord
 *
 * Returns: microseconds the request took, or -1 while it runs
 */
gint64
tether_hub_record_get_duration (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), -1);

  return self->duration;
}

const char *
tether_hub_record_get_outcome (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->outcome;
}

const char *
tether_hub_record_get_message (TetherHubRecord *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  return self->message;
}

/**
 * tether_hub_record_to_json:
 * @self: a #TetherHubRecord
 *
 * `{"time": "…Z", "client", "method", "server", "item", "duration_ms",
 * "outcome", "message"}`, absent members null.
 *
 * Returns: (transfer full): the record as a JSON object
 */
JsonNode *
tether_hub_record_to_json (TetherHubRecord *self)
{
  g_autoptr(GDateTime) time = NULL;
  g_autofree char *seconds = NULL;
  g_autofree char *stamp = NULL;
  JsonObject *object = json_object_new ();
  JsonNode *node;

  g_return_val_if_fail (TETHER_IS_HUB_RECORD (self), NULL);

  time = g_date_time_new_from_unix_utc (self->time / G_USEC_PER_SEC);
  seconds = g_date_time_format (time, "%Y-%m-%dT%H:%M:%S");
  stamp = g_strdup_printf ("%s.%03dZ", seconds, (int)(self->time % G_USEC_PER_SEC) / 1000);

  json_object_set_string_member (object, "time", stamp);
  json_object_set_string_member (object, "client", self->client);
  json_object_set_string_member (object, "method", self->method);
  json_object_set_string_member (object, "server", self->server);
  json_object_set_string_member (object, "item", self->item);
  if (self->duration >= 0)
    json_object_set_double_member (object, "duration_ms", self->duration / 1000.0);
  else
    json_object_set_null_member (object, "duration_ms");
  json_object_set_string_member (object, "outcome", self->outcome);
  json_object_set_string_member (object, "message", self->message);

  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);

  return node;
}

/* ---------------------------------------------------------------------- */

struct _TetherHubActivity
{
  GObject  parent_instance;

  GQueue   records;
  guint    limit;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherHubActivity, tether_hub_activity, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
tether_hub_activity_get_item_type (GListModel *model)
{
  return TETHER_TYPE_HUB_RECORD;
}

static guint
tether_hub_activity_get_n_items (GListModel *model)
{
  return TETHER_HUB_ACTIVITY (model)->records.length;
}

static gpointer
tether_hub_activity_get_item (GListModel *model,
                              guint       position)
{
  TetherHubActivity *self = TETHER_HUB_ACTIVITY (model);
  gpointer record = g_queue_peek_nth (&self->records, position);

  return record != NULL ? g_object_ref (record) : NULL;
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = tether_hub_activity_get_item_type;
  iface->get_n_items = tether_hub_activity_get_n_items;
  iface->get_item = tether_hub_activity_get_item;
}

static void
tether_hub_activity_finalize (GObject *object)
{
  TetherHubActivity *self = (TetherHubActivity *)object;

  g_queue_clear_full (&self->records, g_object_unref);

  G_OBJECT_CLASS (tether_hub_activity_parent_class)->finalize (object);
}

static void
tether_hub_activity_class_init (TetherHubActivityClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tether_hub_activity_finalize;
}

static void
tether_hub_activity_init (TetherHubActivity *self)
{
  g_queue_init (&self->records);
}

/**
 * tether_hub_activity_new:
 * @limit: how many records to keep, at least 1
 *
 * Returns: (transfer full): an empty log
 */
TetherHubActivity *
tether_hub_activity_new (guint limit)
{
  TetherHubActivity *self = g_object_new (TETHER_TYPE_HUB_ACTIVITY, NULL);

  self->limit = MAX (limit, 1);

  return self;
}

/**
 * tether_hub_activity_add:
 * @self: a #TetherHubActivity
 * @record: a new record, added last; the oldest goes past the limit
 */
void
tether_hub_activity_add (TetherHubActivity *self,
                         TetherHubRecord   *record)
{
  g_return_if_fail (TETHER_IS_HUB_ACTIVITY (self));
  g_return_if_fail (TETHER_IS_HUB_RECORD (record));

  if (self->records.length >= self->limit)
    {
      g_object_unref (g_queue_pop_head (&self->records));
      g_list_model_items_changed (G_LIST_MODEL (self), 0, 1, 0);
    }

  g_queue_push_tail (&self->records, g_object_ref (record));
  g_list_model_items_changed (G_LIST_MODEL (self), self->records.length - 1, 0, 1);
}
