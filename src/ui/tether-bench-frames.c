/* tether-bench-frames.c — frame times of the tool list, for a benchmark
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A test hook, inert unless TETHER_BENCH_FRAMES is set (to the number of
 * tools to wait for); tests/bench/bench-frames.py drives it. It shows the
 * first server's tools, waits for that many rows, then:
 *
 *  1. scrolls the list from top to bottom, one adjustment step on each tick
 *     of the frame clock, and records each frame's interval and its work
 *     (from the tick to the end of the paint);
 *  2. types a search one character at a time, then clears it, and records
 *     for each change the time from the keystroke, and from the search
 *     entry's search-changed, to the end of the paint that shows the list;
 *  3. all along, beats a 2 ms timeout and records the longest gap between
 *     beats (a stall of the main loop), by phase: until the first frame,
 *     while the tools load, while scrolling, while searching.
 *
 * It prints its samples on stdout, one "bench-frames" line each, and quits.
 * Times are real (g_get_monotonic_time ()), not the frame clock's smoothed
 * frame time, so that a late frame shows.
 */

#define G_LOG_DOMAIN "tether-bench-frames"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tether-accessible.h"
#include "tether-bench-frames.h"
#include "tether-window-private.h"

#define DEFAULT_STEPS 300
#define SETTLE_MS    1000
#define KEY_PAUSE_MS 400
#define DEFAULT_QUERY "tool-0999"

typedef enum {
  PHASE_STARTUP,
  PHASE_LOADING,
  PHASE_SETTLING,
  PHASE_SCROLLING,
  PHASE_SEARCHING,
  N_PHASES
} Phase;

static const char * const phase_names[N_PHASES] = {
  "startup", "loading", "settling", "scrolling", "searching",
};

typedef struct
{
  TetherWindow   *window;
  guint           n_tools;
  guint           steps;
  double          span;      /* the part of the list scrolled through, (0, 1] */
  char           *query;
  Phase           phase;

  /* The main loop's heartbeat */
  gint64          last_beat;
  gint64          max_stall[N_PHASES];
  guint           beat_id;

  GtkListView    *view;
  GtkAdjustment  *adjustment;
  GtkEditable    *entry;
  GdkFrameClock  *clock;
  gulong          after_paint_id;

  /* Scrolling */
  guint           step;
  gint64          last_tick;
  gint64          tick;

  /* Searching: the next character to type, when it was typed */
  guint           key;
  gint64          t_key;
  gint64          t_search;
  gint64          t_filtered;
  gboolean        awaiting_paint;
  gulong          search_hook;
} BenchFrames;

static void type_next (BenchFrames *self);

static void
sample (const char *what,
        gint64      value)
{
  printf ("bench-frames %s %" G_GINT64_FORMAT "\n", what, value);
}

static gboolean
beat_cb (gpointer data)
{
  BenchFrames *self = data;
  gint64 now = g_get_monotonic_time ();

  if (self->last_beat != 0)
    self->max_stall[self->phase] = MAX (self->max_stall[self->phase], now - self->last_beat);
  self->last_beat = now;

  return G_SOURCE_CONTINUE;
}

static void
set_phase (BenchFrames *self,
           Phase        phase)
{
  /* A gap that spans two phases counts in the one it ends in */
  self->phase = phase;
}

static void
finish (BenchFrames *self)
{
  gint64 refresh = 0;

  gdk_frame_clock_get_refresh_info (self->clock, gdk_frame_clock_get_frame_time (self->clock), &refresh, NULL);
  sample ("refresh-us", refresh > 0 ? refresh : 16667);
  for (guint i = 0; i < N_PHASES; i++)
    {
      g_autofree char *what = g_strdup_printf ("stall-%s-us", phase_names[i]);
      sample (what, self->max_stall[i]);
    }
  printf ("bench-frames done\n");
  fflush (stdout);

  g_source_remove (self->beat_id);
  g_signal_handler_disconnect (self->clock, self->after_paint_id);
  g_signal_remove_emission_hook (g_signal_lookup ("search-changed", GTK_TYPE_SEARCH_ENTRY), self->search_hook);
  g_application_quit (g_application_get_default ());
}

/* The end of a paint: the work of a scrolling frame, or the list that a
 * search left, drawn. */
static void
after_paint_cb (GdkFrameClock *clock,
                BenchFrames   *self)
{
  gint64 now = g_get_monotonic_time ();

  if (self->phase == PHASE_SCROLLING && self->tick != 0)
    {
      sample ("scroll-work-us", now - self->tick);
      self->tick = 0;
    }
  else if (self->phase == PHASE_SEARCHING && self->awaiting_paint)
    {
      self->awaiting_paint = FALSE;
      printf ("bench-frames key %u %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %u\n",
              self->key, now - self->t_key, now - self->t_search, self->t_filtered - self->t_search,
              g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (self->view))));
      self->key++;
      g_timeout_add_once (KEY_PAUSE_MS, (GSourceOnceFunc) type_next, self);
    }
}

static gboolean
search_changed_hook (GSignalInvocationHint *hint,
                     guint                  n_values,
                     const GValue          *values,
                     gpointer               data)
{
  BenchFrames *self = data;

  if (g_value_get_object (&values[0]) == (gpointer) self->entry)
    self->t_search = g_get_monotonic_time ();

  return TRUE;
}

/* Runs after the page filtered its lists (the filter is not incremental). */
static void
search_changed_after_cb (GtkSearchEntry *entry,
                         BenchFrames    *self)
{
  if (self->phase != PHASE_SEARCHING)
    return;

  self->t_filtered = g_get_monotonic_time ();
  self->awaiting_paint = TRUE;
  /* A search that keeps every row changes nothing on screen: draw anyway */
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

static void
type_next (BenchFrames *self)
{
  guint length = strlen (self->query);

  self->t_search = 0;
  self->t_key = g_get_monotonic_time ();
  if (self->key < length)
    {
      int position = self->key;

      gtk_editable_insert_text (self->entry, self->query + self->key, 1, &position);
    }
  else if (self->key == length)
    gtk_editable_set_text (self->entry, "");
  else
    finish (self);
}

static void
start_search (BenchFrames *self)
{
  set_phase (self, PHASE_SEARCHING);
  tether_server_page_set_search_mode (self->window->server_page, TRUE);
  type_next (self);
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  BenchFrames *self = data;
  gint64 now = g_get_monotonic_time ();
  double range;

  if (self->last_tick != 0)
    sample ("scroll-interval-us", now - self->last_tick);
  self->last_tick = now;

  if (self->step > self->steps)
    {
      gtk_adjustment_set_value (self->adjustment, 0);
      set_phase (self, PHASE_SETTLING);
      g_timeout_add_once (SETTLE_MS, (GSourceOnceFunc) start_search, self);
      return G_SOURCE_REMOVE;
    }

  /* The range changes as the view measures rows it had only estimated */
  range = gtk_adjustment_get_upper (self->adjustment) - gtk_adjustment_get_page_size (self->adjustment);
  self->tick = now;
  gtk_adjustment_set_value (self->adjustment, range * self->span * self->step / self->steps);
  self->step++;

  return G_SOURCE_CONTINUE;
}

static void
start_scroll (BenchFrames *self)
{
  set_phase (self, PHASE_SCROLLING);
  gtk_widget_add_tick_callback (GTK_WIDGET (self->view), scroll_tick_cb, self, NULL);
}

/* Shows the first server's tools and waits for the rows. */
static gboolean
poll_cb (gpointer data)
{
  BenchFrames *self = data;
  TetherServerPage *page = self->window->server_page;
  GtkWidget *tools;
  guint rows;

  if (self->phase == PHASE_STARTUP)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->window));

      if (clock == NULL)
        return G_SOURCE_CONTINUE;
      self->clock = clock;
      self->after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), self);
      set_phase (self, PHASE_LOADING);
    }

  if (tether_server_page_get_server (page) == NULL)
    {
      g_autoptr(TetherServer) first = g_list_model_get_item (G_LIST_MODEL (self->window->selection), 0);

      if (first != NULL)
        tether_window_show_server (self->window, tether_server_get_name (first));
      return G_SOURCE_CONTINUE;
    }

  if (self->view == NULL)
    {
      adw_view_stack_set_visible_child_name (tether_server_page_get_view_stack (page), "tools");
      tools = adw_view_stack_get_child_by_name (tether_server_page_get_view_stack (page), "tools");
      self->view = GTK_LIST_VIEW (tether_accessible_find_descendant (tools, GTK_TYPE_LIST_VIEW));
      self->entry = GTK_EDITABLE (tether_accessible_find_descendant (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY));
      g_assert (self->view != NULL && self->entry != NULL);
      self->adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view));
      g_signal_connect_after (self->entry, "search-changed", G_CALLBACK (search_changed_after_cb), self);
      self->search_hook = g_signal_add_emission_hook (g_signal_lookup ("search-changed", GTK_TYPE_SEARCH_ENTRY), 0,
                                                      search_changed_hook, self, NULL);
    }

  rows = g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (self->view)));
  if (rows < self->n_tools)
    return G_SOURCE_CONTINUE;

  sample ("rows", rows);
  set_phase (self, PHASE_SETTLING);
  g_timeout_add_once (SETTLE_MS, (GSourceOnceFunc) start_scroll, self);

  return G_SOURCE_REMOVE;
}

/**
 * tether_bench_frames_start:
 * @window: the window
 * @spec: the number of tools to wait for
 *
 * Starts the measurements above on @window; they end by quitting the
 * application. TETHER_BENCH_FRAMES_QUERY overrides the search typed,
 * TETHER_BENCH_FRAMES_STEPS the frames of the scroll from top to bottom,
 * TETHER_BENCH_FRAMES_SPAN the part of the list it goes through (0.1: the
 * first tenth, in as many frames, as a mouse wheel would).
 */
void
tether_bench_frames_start (TetherWindow *window,
                           const char   *spec)
{
  BenchFrames *self = g_new0 (BenchFrames, 1);   /* lives as long as the process */
  const char *query = g_getenv ("TETHER_BENCH_FRAMES_QUERY");
  const char *steps = g_getenv ("TETHER_BENCH_FRAMES_STEPS");
  const char *span = g_getenv ("TETHER_BENCH_FRAMES_SPAN");

  self->window = g_object_ref (window);
  self->n_tools = MAX (1, (guint) g_ascii_strtoull (spec, NULL, 10));
  self->steps = steps != NULL ? (guint) g_ascii_strtoull (steps, NULL, 10) : DEFAULT_STEPS;
  if (self->steps == 0)
    self->steps = DEFAULT_STEPS;
  self->span = span != NULL ? g_ascii_strtod (span, NULL) : 1.0;
  if (!(self->span > 0.0 && self->span <= 1.0))
    self->span = 1.0;
  self->query = g_strdup (query != NULL && *query != '\0' ? query : DEFAULT_QUERY);
  self->beat_id = g_timeout_add_full (G_PRIORITY_HIGH, 2, beat_cb, self, NULL);
  g_timeout_add (20, poll_cb, self);
}
