/* tether-server-config-pairs.c — ordered key/value pairs for env and headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-server-config"

#include "config.h"

#include <string.h>

#include "tether-server-config-private.h"

void
_tether_pairs_init (TetherPairs *pairs,
                    gboolean     ignore_case)
{
  pairs->keys = g_ptr_array_new_with_free_func (g_free);
  pairs->values = g_ptr_array_new_with_free_func (g_free);
  pairs->ignore_case = ignore_case;
}

void
_tether_pairs_clear (TetherPairs *pairs)
{
  g_clear_pointer (&pairs->keys, g_ptr_array_unref);
  g_clear_pointer (&pairs->values, g_ptr_array_unref);
}

static void
pairs_reset (TetherPairs *pairs)
{
  g_ptr_array_set_size (pairs->keys, 0);
  g_ptr_array_set_size (pairs->values, 0);
}

int
_tether_pairs_find (const TetherPairs *pairs,
                    const char        *key)
{
  for (guint i = 0; i < pairs->keys->len; i++)
    {
      const char *candidate = g_ptr_array_index (pairs->keys, i);

      if (pairs->ignore_case ? g_ascii_strcasecmp (candidate, key) == 0 : strcmp (candidate, key) == 0)
        return (int)i;
    }

  return -1;
}

const char *
_tether_pairs_lookup (const TetherPairs *pairs,
                      const char        *key)
{
  int i = _tether_pairs_find (pairs, key);

  return i < 0 ? NULL : g_ptr_array_index (pairs->values, i);
}

void
_tether_pairs_add (TetherPairs *pairs,
                   const char  *key,
                   const char  *value)
{
  g_ptr_array_add (pairs->keys, g_strdup (key));
  g_ptr_array_add (pairs->values, g_strdup (value));
}

/* Returns TRUE if something changed. A NULL value removes the key (every
 * spelling of it). An existing key takes the spelling given. */
gboolean
_tether_pairs_set (TetherPairs *pairs,
                   const char  *key,
                   const char  *value)
{
  int i = _tether_pairs_find (pairs, key);
  gboolean changed = FALSE;

  if (value == NULL)
    {
      for (; i >= 0; i = _tether_pairs_find (pairs, key))
        {
          g_ptr_array_remove_index (pairs->keys, i);
          g_ptr_array_remove_index (pairs->values, i);
          changed = TRUE;
        }
      return changed;
    }

  if (i >= 0)
    {
      char **key_slot = (char **)&g_ptr_array_index (pairs->keys, i);
      char **value_slot = (char **)&g_ptr_array_index (pairs->values, i);

      if (strcmp (*key_slot, key) == 0 && strcmp (*value_slot, value) == 0)
        return FALSE;
      g_free (*key_slot);
      *key_slot = g_strdup (key);
      g_free (*value_slot);
      *value_slot = g_strdup (value);
      return TRUE;
    }

  _tether_pairs_add (pairs, key, value);

  return TRUE;
}

void
_tether_pairs_copy (const TetherPairs *src,
                    TetherPairs       *dest)
{
  pairs_reset (dest);
  for (guint i = 0; i < src->keys->len; i++)
    _tether_pairs_add (dest, g_ptr_array_index (src->keys, i), g_ptr_array_index (src->values, i));
}

gboolean
_tether_pairs_equal (const TetherPairs *a,
                     const TetherPairs *b)
{
  if (a->keys->len != b->keys->len)
    return FALSE;

  for (guint i = 0; i < a->keys->len; i++)
    {
      if (g_strcmp0 (g_ptr_array_index (a->keys, i), g_ptr_array_index (b->keys, i)) != 0 ||
          g_strcmp0 (g_ptr_array_index (a->values, i), g_ptr_array_index (b->values, i)) != 0)
        return FALSE;
    }

  return TRUE;
}

char **
_tether_pairs_dup_keys (const TetherPairs *pairs)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **result;

  for (guint i = 0; i < pairs->keys->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (pairs->keys, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return result;
}

char **
_tether_pairs_to_strv (const TetherPairs *pairs,
                       const char        *separator)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **result;

  for (guint i = 0; i < pairs->keys->len; i++)
    {
      g_autofree char *item = g_strconcat (g_ptr_array_index (pairs->keys, i), separator,
                                           g_ptr_array_index (pairs->values, i), NULL);

      g_strv_builder_add (builder, item);
    }
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return result;
}

/* Splits at the first @separator character; a following space is skipped
 * when @skip_space is set (for "Name: value"). Header names are kept as
 * given, a second spelling of one too. Returns TRUE if changed. */
gboolean
_tether_pairs_from_strv (TetherPairs        *pairs,
                         const char * const *strv,
                         char                separator,
                         gboolean            skip_space)
{
  g_auto(GStrv) before = _tether_pairs_to_strv (pairs, "\n");
  g_auto(GStrv) after = NULL;

  pairs_reset (pairs);
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    {
      const char *sep = strchr (strv[i], separator);
      g_autofree char *key = NULL;
      const char *value;

      if (sep == NULL)
        {
          key = g_strdup (strv[i]);
          value = "";
        }
      else
        {
          key = g_strndup (strv[i], sep - strv[i]);
          value = sep + 1;
          if (skip_space && *value == ' ')
            value++;
        }
      if (pairs->ignore_case)
        _tether_pairs_add (pairs, key, value);
      else
        _tether_pairs_set (pairs, key, value);
    }

  after = _tether_pairs_to_strv (pairs, "\n");

  return !g_strv_equal ((const char * const *)before, (const char * const *)after);
}
