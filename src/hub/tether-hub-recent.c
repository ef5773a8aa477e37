/* tether-hub-recent.c — AI clients of the stateless revision, seen lately
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A client of the stateless revision (2026-07-28) has no session: each of
 * its requests stands alone. So that the hub's list of clients still shows
 * it, each request updates an entry of that list (a #TetherHubSession
 * with no id, never found by id, never sent anything) named by what the
 * request's `_meta` says of the client (clientInfo name and version) and
 * the profile of its path, with the time of its first and its last
 * request. An entry nobody used for the idle limit (ten minutes unless
 * set) leaves the list; there are at most MAX_RECENT of them, the one
 * idle longest making room.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include "tether-hub-private.h"

#define DEFAULT_IDLE_MS (10 * 60 * 1000)
#define MAX_RECENT      32

static gboolean
same_client (TetherHubSession *entry,
             TetherHubSession *seen)
{
  return g_strcmp0 (entry->client_name, seen->client_name) == 0 &&
         g_strcmp0 (entry->client_version, seen->client_version) == 0 &&
         g_strcmp0 (entry->profile, seen->profile) == 0;
}

static guint
idle_ms (TetherHub *self)
{
  return self->recent_idle_ms > 0 ? self->recent_idle_ms : DEFAULT_IDLE_MS;
}

/* Removes the entries idle for longer than the limit; with @room, also
 * the one idle longest when there are MAX_RECENT. Returns how many are
 * left. */
static guint
prune (TetherHub *self,
       gboolean   room)
{
  gint64 now = g_get_monotonic_time ();
  g_autoptr(TetherHubSession) oldest = NULL;
  guint left = 0;
  guint position;

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->sessions)); i > 0; i--)
    {
      g_autoptr(TetherHubSession) entry = g_list_model_get_item (G_LIST_MODEL (self->sessions), i - 1);

      if (!entry->stateless)
        continue;
      if (now - entry->last_active > (gint64)idle_ms (self) * 1000)
        {
          g_list_store_remove (self->sessions, i - 1);
          continue;
        }
      left++;
      if (oldest == NULL || entry->last_active < oldest->last_active)
        g_set_object (&oldest, entry);
    }

  if (room && left >= MAX_RECENT && g_list_store_find (self->sessions, oldest, &position))
    {
      g_list_store_remove (self->sessions, position);
      left--;
    }

  return left;
}

static gboolean
age_cb (gpointer user_data)
{
  TetherHub *self = user_data;

  if (prune (self, FALSE) > 0)
    return G_SOURCE_CONTINUE;

  self->recent_source = 0;
  return G_SOURCE_REMOVE;
}

/**
 * _tether_hub_recent_seen:
 * @self: the hub
 * @seen: the session of one request of the stateless revision
 *
 * Lists the client that sent it, or says it was seen again.
 */
void
_tether_hub_recent_seen (TetherHub        *self,
                         TetherHubSession *seen)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sessions));
  g_autoptr(TetherHubSession) entry = NULL;

  for (guint i = 0; i < n && entry == NULL; i++)
    {
      g_autoptr(TetherHubSession) item = g_list_model_get_item (G_LIST_MODEL (self->sessions), i);

      if (item->stateless && same_client (item, seen))
        entry = g_steal_pointer (&item);
    }

  if (entry != NULL)
    {
      entry->last_active = g_get_monotonic_time ();
      entry->last_seen = g_get_real_time ();
      return;
    }

  prune (self, TRUE);
  entry = _tether_hub_session_new_recent (seen);
  g_list_store_append (self->sessions, entry);

  /* Checked a few times per limit, so that an entry leaves soon after. */
  if (self->recent_source == 0)
    self->recent_source = g_timeout_add (MAX (idle_ms (self) / 4, 10), age_cb, self);
}

/**
 * _tether_hub_recent_stop:
 * @self: the hub
 *
 * Forgets every client seen.
 */
void
_tether_hub_recent_stop (TetherHub *self)
{
  g_clear_handle_id (&self->recent_source, g_source_remove);
  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->sessions)); i > 0; i--)
    {
      g_autoptr(TetherHubSession) entry = g_list_model_get_item (G_LIST_MODEL (self->sessions), i - 1);

      if (entry->stateless)
        g_list_store_remove (self->sessions, i - 1);
    }
}

/**
 * tether_hub_set_recent_idle:
 * @self: a #TetherHub
 * @ms: how long a client of the stateless revision stays in the list of
 *   sessions after its last request, in ms; 0 for the default (ten
 *   minutes)
 */
void
tether_hub_set_recent_idle (TetherHub *self,
                            guint      ms)
{
  g_return_if_fail (TETHER_IS_HUB (self));

  self->recent_idle_ms = ms;
  if (self->recent_source != 0)
    {
      g_source_remove (self->recent_source);
      self->recent_source = g_timeout_add (MAX (idle_ms (self) / 4, 10), age_cb, self);
    }
}
