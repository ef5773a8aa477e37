/* tether-search-filter.c — the search of a server's tools, prompts,
 * resources and log
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Matches an item when any of some string properties contains the search
 * text, ignoring case. GtkStringFilter does the same, one property each,
 * but normalises and case-folds every string of every item on every key
 * press: over 10 000 tools that was most of a search's 90 ms. Names and
 * descriptions are nearly always ASCII, and an ASCII search text can be
 * found in them without copying or folding anything; only a search or a
 * string with other characters takes the Unicode way.
 */

#define G_LOG_DOMAIN "tether-search-filter"

#include "config.h"

#include <string.h>

#include "tether-search-filter.h"

struct _TetherSearchFilter
{
  GtkFilter    parent_instance;

  GPtrArray   *pspecs;     /* GParamSpec, of the item type's string properties */
  char        *search;     /* as typed */
  char        *folded;     /* normalised and case-folded, when not ASCII */
  gboolean     ascii;      /* the search text is ASCII */
};

G_DEFINE_FINAL_TYPE (TetherSearchFilter, tether_search_filter, GTK_TYPE_FILTER)

enum {
  PROP_0,
  PROP_SEARCH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* @needle (ASCII, not empty) in @haystack, ignoring ASCII case */
static gboolean
contains_ascii_nocase (const char *haystack,
                       const char *needle)
{
  char first = g_ascii_tolower (needle[0]);
  gsize rest = strlen (needle + 1);

  for (const char *p = haystack; *p != '\0'; p++)
    if (g_ascii_tolower (*p) == first && g_ascii_strncasecmp (p + 1, needle + 1, rest) == 0)
      return TRUE;

  return FALSE;
}

static char *
fold (const char *text)
{
  g_autofree char *normalized = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);

  return normalized != NULL ? g_utf8_casefold (normalized, -1) : NULL;
}

static gboolean
string_matches (TetherSearchFilter *self,
                const char         *text)
{
  g_autofree char *folded = NULL;

  if (text == NULL || *text == '\0')
    return FALSE;

  if (self->ascii && g_str_is_ascii (text))
    return contains_ascii_nocase (text, self->search);

  folded = fold (text);
  return folded != NULL && strstr (folded, self->folded) != NULL;
}

static gboolean
tether_search_filter_match (GtkFilter *filter,
                            gpointer   item)
{
  TetherSearchFilter *self = TETHER_SEARCH_FILTER (filter);

  if (self->search == NULL)
    return TRUE;

  for (guint i = 0; i < self->pspecs->len; i++)
    {
      GParamSpec *pspec = g_ptr_array_index (self->pspecs, i);
      g_auto(GValue) value = G_VALUE_INIT;

      g_value_init (&value, G_TYPE_STRING);
      g_object_get_property (item, pspec->name, &value);
      if (string_matches (self, g_value_get_string (&value)))
        return TRUE;
    }

  return FALSE;
}

static GtkFilterMatch
tether_search_filter_get_strictness (GtkFilter *filter)
{
  return TETHER_SEARCH_FILTER (filter)->search == NULL ? GTK_FILTER_MATCH_ALL : GTK_FILTER_MATCH_SOME;
}

static void
tether_search_filter_finalize (GObject *object)
{
  TetherSearchFilter *self = (TetherSearchFilter *)object;

  g_clear_pointer (&self->pspecs, g_ptr_array_unref);
  g_clear_pointer (&self->search, g_free);
  g_clear_pointer (&self->folded, g_free);

  G_OBJECT_CLASS (tether_search_filter_parent_class)->finalize (object);
}

static void
tether_search_filter_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherSearchFilter *self = TETHER_SEARCH_FILTER (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_search_filter_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherSearchFilter *self = TETHER_SEARCH_FILTER (object);

  switch (prop_id)
    {
    case PROP_SEARCH:
      tether_search_filter_set_search (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_search_filter_class_init (TetherSearchFilterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkFilterClass *filter_class = GTK_FILTER_CLASS (klass);

  object_class->finalize = tether_search_filter_finalize;
  object_class->get_property = tether_search_filter_get_property;
  object_class->set_property = tether_search_filter_set_property;

  filter_class->match = tether_search_filter_match;
  filter_class->get_strictness = tether_search_filter_get_strictness;

  /**
   * TetherSearchFilter:search:
   *
   * The text to find, or %NULL (or empty) to match everything.
   */
  properties[PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_search_filter_init (TetherSearchFilter *self)
{
  self->pspecs = g_ptr_array_new ();
}

/**
 * tether_search_filter_new:
 * @item_type: the type of the items, a #GObject type
 * @properties: (array zero-terminated=1): names of its string properties
 *   to search in
 *
 * Returns: (transfer full): a filter that matches everything until it has
 *   a search text
 */
TetherSearchFilter *
tether_search_filter_new (GType               item_type,
                          const char * const *names)
{
  TetherSearchFilter *self = g_object_new (TETHER_TYPE_SEARCH_FILTER, NULL);
  g_autoptr(GTypeClass) klass = g_type_class_ref (item_type);

  for (guint i = 0; names[i] != NULL; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_CLASS (klass), names[i]);

      g_return_val_if_fail (pspec != NULL && pspec->value_type == G_TYPE_STRING, self);
      g_ptr_array_add (self->pspecs, pspec);
    }

  return self;
}

const char *
tether_search_filter_get_search (TetherSearchFilter *self)
{
  g_return_val_if_fail (TETHER_IS_SEARCH_FILTER (self), NULL);

  return self->search;
}

/**
 * tether_search_filter_set_search:
 * @self: a #TetherSearchFilter
 * @search: (nullable): the text to find
 *
 * Sets the text to find; the items are filtered again, only those that
 * matched before when the text only grew.
 */
void
tether_search_filter_set_search (TetherSearchFilter *self,
                                 const char         *search)
{
  GtkFilterChange change;
  g_autofree char *old = NULL;

  g_return_if_fail (TETHER_IS_SEARCH_FILTER (self));

  if (search != NULL && *search == '\0')
    search = NULL;
  if (g_strcmp0 (self->search, search) == 0)
    return;

  old = g_steal_pointer (&self->search);
  g_clear_pointer (&self->folded, g_free);
  self->search = g_strdup (search);
  if (search != NULL)
    {
      self->ascii = g_str_is_ascii (search);
      self->folded = fold (search);
      if (self->folded == NULL)   /* not UTF-8: nothing can contain it */
        self->folded = g_strdup (search);
    }

  /* Typing more only narrows what matched; deleting only widens it. */
  if (old == NULL)
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (search == NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  else if (strstr (search, old) != NULL)
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (strstr (old, search) != NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  else
    change = GTK_FILTER_CHANGE_DIFFERENT;

  gtk_filter_changed (GTK_FILTER (self), change);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
}
