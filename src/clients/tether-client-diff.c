/* tether-client-diff.c — the change to a file, as a unified diff
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lines both texts begin and end with are set aside; the rest is
 * compared by longest common subsequence (or, past a bound, shown as
 * replaced whole), and printed as hunks with three lines of context.
 */

#define G_LOG_DOMAIN "tether-clients"

#include "config.h"

#include <string.h>

#include "tether-client-diff.h"

#define CONTEXT 3
/* The table of the comparison, at most: 4 million cells */
#define MAX_CELLS (G_GUINT64_CONSTANT (4) * 1000 * 1000)

#define MASK "********"

typedef struct
{
  const char *start;
  gsize       length;   /* with its newline, if it has one */
} Line;

typedef enum
{
  OP_SAME,
  OP_DELETE,
  OP_ADD,
} Op;

typedef struct
{
  Op    op;
  guint old_line;
  guint new_line;
} Step;

static GArray *
split (const char *text,
       gsize       length)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (Line));
  gsize i = 0;

  while (i < length)
    {
      const char *nl = memchr (text + i, '\n', length - i);
      Line line = { text + i, nl != NULL ? (gsize)(nl - text) + 1 - i : length - i };

      g_array_append_val (lines, line);
      i += line.length;
    }

  return lines;
}

static gboolean
same (GArray *a,
      guint   i,
      GArray *b,
      guint   j)
{
  Line *x = &g_array_index (a, Line, i);
  Line *y = &g_array_index (b, Line, j);

  return x->length == y->length && memcmp (x->start, y->start, x->length) == 0;
}

/* The steps from @a to @b over their lines [lo_a, hi_a) and [lo_b, hi_b). */
static void
compare (GArray *a,
         guint   lo_a,
         guint   hi_a,
         GArray *b,
         guint   lo_b,
         guint   hi_b,
         GArray *steps)
{
  guint n = hi_a - lo_a;
  guint m = hi_b - lo_b;
  g_autofree guint32 *table = NULL;
  guint i = 0, j = 0;

  if ((guint64)(n + 1) * (m + 1) > MAX_CELLS)
    {
      for (i = lo_a; i < hi_a; i++)
        g_array_append_val (steps, ((Step) { OP_DELETE, i, lo_b }));
      for (j = lo_b; j < hi_b; j++)
        g_array_append_val (steps, ((Step) { OP_ADD, hi_a, j }));
      return;
    }

  /* table[i][j]: the longest common subsequence of a[i…] and b[j…] */
  table = g_new0 (guint32, (gsize)(n + 1) * (m + 1));
#define T(x, y) table[(gsize)(x) * (m + 1) + (y)]
  for (i = n; i-- > 0;)
    for (j = m; j-- > 0;)
      T (i, j) = same (a, lo_a + i, b, lo_b + j) ? T (i + 1, j + 1) + 1
                                                 : MAX (T (i + 1, j), T (i, j + 1));

  i = j = 0;
  while (i < n || j < m)
    {
      if (i < n && j < m && same (a, lo_a + i, b, lo_b + j))
        {
          g_array_append_val (steps, ((Step) { OP_SAME, lo_a + i, lo_b + j }));
          i++, j++;
        }
      else if (j < m && (i == n || T (i, j + 1) >= T (i + 1, j)))
        {
          g_array_append_val (steps, ((Step) { OP_ADD, lo_a + i, lo_b + j }));
          j++;
        }
      else
        {
          g_array_append_val (steps, ((Step) { OP_DELETE, lo_a + i, lo_b + j }));
          i++;
        }
    }
#undef T
}

static void
print_line (GString    *out,
            char        mark,
            const Line *line)
{
  g_string_append_c (out, mark);
  g_string_append_len (out, line->start, line->length);
  if (line->length == 0 || line->start[line->length - 1] != '\n')
    g_string_append (out, "\n\\ No newline at end of file\n");
}

/**
 * tether_client_diff:
 * @label: the file's name, in the header
 * @secret: (nullable): a value never to show: each occurrence is masked
 *
 * Returns: (transfer full): the unified diff from @old_text to @new_text,
 *   empty if they are the same
 */
char *
tether_client_diff (const char *old_text,
                    gsize       old_length,
                    const char *new_text,
                    gsize       new_length,
                    const char *label,
                    const char *secret)
{
  g_autoptr(GArray) a = split (old_text, old_length);
  g_autoptr(GArray) b = split (new_text, new_length);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  GString *out = g_string_new (NULL);
  guint head = 0, tail = 0;
  guint k = 0;

  while (head < a->len && head < b->len && same (a, head, b, head))
    head++;
  while (tail < a->len - head && tail < b->len - head &&
         same (a, a->len - 1 - tail, b, b->len - 1 - tail))
    tail++;

  for (guint i = 0; i < head; i++)
    g_array_append_val (steps, ((Step) { OP_SAME, i, i }));
  compare (a, head, a->len - tail, b, head, b->len - tail, steps);
  for (guint i = 0; i < tail; i++)
    g_array_append_val (steps, ((Step) { OP_SAME, a->len - tail + i, b->len - tail + i }));

  if (head == a->len && head == b->len)
    return g_string_free (out, FALSE);

  g_string_append_printf (out, "--- %s\n+++ %s\n", label, label);

  while (k < steps->len)
    {
      guint first, last, end;
      guint old_start, new_start, old_count = 0, new_count = 0;

      /* the next change, and the changes that follow it closely */
      while (k < steps->len && g_array_index (steps, Step, k).op == OP_SAME)
        k++;
      if (k == steps->len)
        break;
      first = k >= CONTEXT ? k - CONTEXT : 0;
      last = k;
      for (guint i = k; i < steps->len; i++)
        {
          if (g_array_index (steps, Step, i).op != OP_SAME)
            last = i;
          else if (i - last > 2 * CONTEXT)
            break;
        }
      end = MIN (last + CONTEXT + 1, steps->len);

      old_start = g_array_index (steps, Step, first).old_line;
      new_start = g_array_index (steps, Step, first).new_line;
      for (guint i = first; i < end; i++)
        {
          Op op = g_array_index (steps, Step, i).op;

          old_count += op != OP_ADD;
          new_count += op != OP_DELETE;
        }

      g_string_append_printf (out, "@@ -%u,%u +%u,%u @@\n",
                              old_count > 0 ? old_start + 1 : old_start, old_count,
                              new_count > 0 ? new_start + 1 : new_start, new_count);
      for (guint i = first; i < end; i++)
        {
          Step *step = &g_array_index (steps, Step, i);

          if (step->op == OP_ADD)
            print_line (out, '+', &g_array_index (b, Line, step->new_line));
          else
            print_line (out, step->op == OP_SAME ? ' ' : '-',
                        &g_array_index (a, Line, step->old_line));
        }
      k = end;
    }

  if (secret != NULL && *secret != '\0')
    g_string_replace (out, secret, MASK, 0);

  return g_string_free (out, FALSE);
}
