/* test-search-filter.c — the search of tools, prompts, resources and log
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "tether-search-filter.h"

static const char * const string_property[] = { "string", NULL };

static gboolean
matches (TetherSearchFilter *filter,
         const char         *text)
{
  g_autoptr(GtkStringObject) item = gtk_string_object_new (text);

  return gtk_filter_match (GTK_FILTER (filter), item);
}

static void
change_cb (GtkFilter       *filter,
           GtkFilterChange  change,
           int             *last)
{
  *last = (int)change;
}

/* ASCII, the common case: case ignored, anywhere in the text. */
static void
test_ascii (void)
{
  g_autoptr(TetherSearchFilter) filter = tether_search_filter_new (GTK_TYPE_STRING_OBJECT, string_property);

  g_assert_cmpint (gtk_filter_get_strictness (GTK_FILTER (filter)), ==, GTK_FILTER_MATCH_ALL);
  g_assert_true (matches (filter, "anything"));

  tether_search_filter_set_search (filter, "ECHO");
  g_assert_cmpint (gtk_filter_get_strictness (GTK_FILTER (filter)), ==, GTK_FILTER_MATCH_SOME);
  g_assert_true (matches (filter, "echo"));
  g_assert_true (matches (filter, "Returns the message it is given: an Echo."));
  g_assert_true (matches (filter, "xxecHO"));
  g_assert_false (matches (filter, "ech"));
  g_assert_false (matches (filter, "ec ho"));
  g_assert_false (matches (filter, ""));

  tether_search_filter_set_search (filter, "");
  g_assert_null (tether_search_filter_get_search (filter));
  g_assert_true (matches (filter, ""));
}

/* Other characters: normalised and case-folded, in the search or the text. */
static void
test_unicode (void)
{
  g_autoptr(TetherSearchFilter) filter = tether_search_filter_new (GTK_TYPE_STRING_OBJECT, string_property);

  tether_search_filter_set_search (filter, "ÉCHEC");
  g_assert_true (matches (filter, "un échec total"));
  g_assert_true (matches (filter, "un e\xcc\x81" "chec"));   /* e + combining acute */
  g_assert_false (matches (filter, "echec"));

  tether_search_filter_set_search (filter, "straße");
  g_assert_true (matches (filter, "STRASSE"));

  /* an ASCII search in a text that is not ASCII */
  tether_search_filter_set_search (filter, "ss");
  g_assert_true (matches (filter, "Straße"));
  tether_search_filter_set_search (filter, "TOOL");
  g_assert_true (matches (filter, "café tool ☕"));
  g_assert_false (matches (filter, "café ☕"));
}

/* Typing narrows what matched, deleting widens it: the list model filters
 * only what it must. */
static void
test_changes (void)
{
  g_autoptr(TetherSearchFilter) filter = tether_search_filter_new (GTK_TYPE_STRING_OBJECT, string_property);
  int last = -1;

  g_signal_connect (filter, "changed", G_CALLBACK (change_cb), &last);

  tether_search_filter_set_search (filter, "to");
  g_assert_cmpint (last, ==, GTK_FILTER_CHANGE_MORE_STRICT);
  tether_search_filter_set_search (filter, "tool");
  g_assert_cmpint (last, ==, GTK_FILTER_CHANGE_MORE_STRICT);
  tether_search_filter_set_search (filter, "too");
  g_assert_cmpint (last, ==, GTK_FILTER_CHANGE_LESS_STRICT);
  tether_search_filter_set_search (filter, "echo");
  g_assert_cmpint (last, ==, GTK_FILTER_CHANGE_DIFFERENT);
  tether_search_filter_set_search (filter, NULL);
  g_assert_cmpint (last, ==, GTK_FILTER_CHANGE_LESS_STRICT);

  last = -1;
  tether_search_filter_set_search (filter, "");   /* no change at all */
  g_assert_cmpint (last, ==, -1);
}

/* Several properties: any of them. */
static void
test_list_model (void)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new ((const char * const []) {
    "echo", "add", "Echo twice", "slow", NULL });
  TetherSearchFilter *filter = tether_search_filter_new (GTK_TYPE_STRING_OBJECT, string_property);
  g_autoptr(GtkFilterListModel) model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (list)),
                                                                   GTK_FILTER (filter));

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
  tether_search_filter_set_search (filter, "ECHO");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  tether_search_filter_set_search (filter, "ECHO T");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  tether_search_filter_set_search (filter, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/SearchFilter/ascii", test_ascii);
  g_test_add_func ("/Tether/SearchFilter/unicode", test_unicode);
  g_test_add_func ("/Tether/SearchFilter/changes", test_changes);
  g_test_add_func ("/Tether/SearchFilter/list-model", test_list_model);

  return g_test_run ();
}
