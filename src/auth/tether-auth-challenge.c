/* tether-auth-challenge.c — WWW-Authenticate, as RFC 9110 writes it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A header holds one or more challenges, separated by commas, each a
 * scheme followed by either a token68 or a comma-separated list of
 * name=value parameters (a value a token or a quoted string, where a
 * backslash quotes the next character). Several WWW-Authenticate headers
 * arrive joined with commas, which the grammar allows. The parser never
 * fails: what it cannot read ends the header.
 */

#include "config.h"

#include <string.h>

#include "tether-auth-challenge.h"

struct _TetherAuthChallenge
{
  char       *scheme;
  char       *token68;
  GHashTable *params;   /* lower-case name → value; the first of a name wins */
};

void
tether_auth_challenge_free (TetherAuthChallenge *challenge)
{
  if (challenge == NULL)
    return;
  g_free (challenge->scheme);
  g_free (challenge->token68);
  g_hash_table_unref (challenge->params);
  g_free (challenge);
}

/* RFC 9110 tchar */
static gboolean
is_tchar (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("!#$%&'*+-.^_`|~", c) != NULL);
}

static const char *
skip_space (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static const char *
skip_separators (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == ',')
    p++;
  return p;
}

static char *
read_token (const char **p)
{
  const char *start = *p;

  while (is_tchar (**p))
    (*p)++;
  return *p > start ? g_strndup (start, *p - start) : NULL;
}

/* A quoted string at @p (on its opening quote); NULL if it does not end. */
static char *
read_quoted (const char **p)
{
  GString *value = g_string_new (NULL);
  const char *q = *p + 1;

  for (; *q != '\0' && *q != '"'; q++)
    {
      if (*q == '\\' && q[1] != '\0')
        q++;
      g_string_append_c (value, *q);
    }
  if (*q != '"')
    {
      g_string_free (value, TRUE);
      return NULL;
    }
  *p = q + 1;
  return g_string_free (value, FALSE);
}

/* After a scheme: is what follows a token68 (token, "="s, then the end or
 * a comma) rather than a parameter? */
static gboolean
at_token68 (const char *p)
{
  const char *q = p;

  while (g_ascii_isalnum (*q) || (*q != '\0' && strchr ("-._~+/", *q) != NULL))
    q++;
  if (q == p)
    return FALSE;
  while (*q == '=')
    q++;
  q = skip_space (q);
  return *q == '\0' || *q == ',';
}

/**
 * tether_auth_challenges_parse:
 * @header: (nullable): the value of WWW-Authenticate (several headers
 *   joined with commas)
 *
 * Reads the challenges of @header. Scheme names keep their case (compare
 * them with tether_auth_challenges_find()); parameter names are folded to
 * lower case.
 *
 * Returns: (transfer full) (element-type TetherAuthChallenge): the
 *   challenges in their order, perhaps none
 */
GPtrArray *
tether_auth_challenges_parse (const char *header)
{
  GPtrArray *challenges = g_ptr_array_new_with_free_func ((GDestroyNotify)tether_auth_challenge_free);
  TetherAuthChallenge *current = NULL;
  const char *p = header;

  if (header == NULL || strlen (header) > TETHER_AUTH_CHALLENGE_MAX_LENGTH)
    return challenges;

  for (;;)
    {
      g_autofree char *token = NULL;
      const char *after;

      p = skip_separators (p);
      if (*p == '\0')
        break;

      token = read_token (&p);
      if (token == NULL)
        break;

      after = skip_space (p);
      if (current != NULL && *after == '=')
        {
          /* name = value, a parameter of the current challenge */
          g_autofree char *value = NULL;
          g_autofree char *name = g_ascii_strdown (token, -1);

          p = skip_space (after + 1);
          if (*p == '"')
            value = read_quoted (&p);
          else
            value = read_token (&p);
          if (value == NULL)
            break;
          if (!g_hash_table_contains (current->params, name))
            g_hash_table_insert (current->params, g_steal_pointer (&name), g_steal_pointer (&value));
          continue;
        }

      /* a new challenge */
      current = g_new0 (TetherAuthChallenge, 1);
      current->scheme = g_steal_pointer (&token);
      current->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_ptr_array_add (challenges, current);

      p = skip_space (p);
      if (at_token68 (p))
        {
          const char *start = p;

          while (*p != '\0' && *p != ',' && *p != ' ' && *p != '\t')
            p++;
          current->token68 = g_strndup (start, p - start);
        }
    }

  return challenges;
}

/**
 * tether_auth_challenges_find:
 * @challenges: (element-type TetherAuthChallenge): parsed challenges
 * @scheme: a scheme, such as "Bearer" (compared without case)
 *
 * Returns: (transfer none) (nullable): the first challenge of @scheme
 */
const TetherAuthChallenge *
tether_auth_challenges_find (GPtrArray  *challenges,
                             const char *scheme)
{
  for (guint i = 0; challenges != NULL && i < challenges->len; i++)
    {
      const TetherAuthChallenge *challenge = g_ptr_array_index (challenges, i);

      if (g_ascii_strcasecmp (challenge->scheme, scheme) == 0)
        return challenge;
    }
  return NULL;
}

const char *
tether_auth_challenge_get_scheme (const TetherAuthChallenge *challenge)
{
  return challenge->scheme;
}

const char *
tether_auth_challenge_get_token68 (const TetherAuthChallenge *challenge)
{
  return challenge->token68;
}

/**
 * tether_auth_challenge_get_param:
 * @challenge: a challenge
 * @name: a parameter's name, in lower case
 *
 * Returns: (nullable): its value, unquoted
 */
const char *
tether_auth_challenge_get_param (const TetherAuthChallenge *challenge,
                                 const char                *name)
{
  return g_hash_table_lookup (challenge->params, name);
}
