/* tether-config-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-config-error.h"

typedef struct
{
  char  *path;
  guint  line;
  guint  column;
  guint  located : 1;
} TetherConfigErrorPrivate;

static void
tether_config_error_private_init (TetherConfigErrorPrivate *priv)
{
  priv->path = NULL;
  priv->line = 0;
  priv->column = 0;
  priv->located = FALSE;
}

static void
tether_config_error_private_copy (const TetherConfigErrorPrivate *src,
                                  TetherConfigErrorPrivate       *dest)
{
  dest->path = g_strdup (src->path);
  dest->line = src->line;
  dest->column = src->column;
  dest->located = src->located;
}

static void
tether_config_error_private_clear (TetherConfigErrorPrivate *priv)
{
  g_clear_pointer (&priv->path, g_free);
}

G_DEFINE_EXTENDED_ERROR (TetherConfigError, tether_config_error)

/**
 * tether_config_error_new:
 * @code: a #TetherConfigError
 * @path: (nullable): where in the document it happened, as a JSON pointer
 *   from the document root (`/mcpServers/memory/args`); the caller that owns
 *   the document may later turn it into a line and column
 * @format: printf-style message
 *
 * Returns: (transfer full): a new error in the %TETHER_CONFIG_ERROR domain
 */
GError *
tether_config_error_new (TetherConfigError  code,
                         const char        *path,
                         const char        *format,
                         ...)
{
  TetherConfigErrorPrivate *priv;
  GError *error;
  va_list args;

  va_start (args, format);
  error = g_error_new_valist (TETHER_CONFIG_ERROR, code, format, args);
  va_end (args);

  priv = tether_config_error_get_private (error);
  if (priv != NULL)
    priv->path = g_strdup (path);

  return error;
}

/**
 * tether_config_error_get_path:
 * @error: an error
 *
 * Returns: (nullable): the JSON pointer of the offending value, if the error
 *   is of the %TETHER_CONFIG_ERROR domain and knows it
 */
const char *
tether_config_error_get_path (const GError *error)
{
  TetherConfigErrorPrivate *priv;

  if (error == NULL || error->domain != TETHER_CONFIG_ERROR)
    return NULL;

  priv = tether_config_error_get_private (error);

  return priv != NULL ? priv->path : NULL;
}

/**
 * tether_config_error_get_line:
 * @error: an error
 *
 * Returns: the 1-based line of the offending text, or 0 when unknown
 */
guint
tether_config_error_get_line (const GError *error)
{
  TetherConfigErrorPrivate *priv;

  if (error == NULL || error->domain != TETHER_CONFIG_ERROR)
    return 0;

  priv = tether_config_error_get_private (error);

  return priv != NULL ? priv->line : 0;
}

/**
 * tether_config_error_get_column:
 * @error: an error
 *
 * Returns: the 1-based column (in characters) of the offending text, or 0
 *   when unknown
 */
guint
tether_config_error_get_column (const GError *error)
{
  TetherConfigErrorPrivate *priv;

  if (error == NULL || error->domain != TETHER_CONFIG_ERROR)
    return 0;

  priv = tether_config_error_get_private (error);

  return priv != NULL ? priv->column : 0;
}

/**
 * tether_config_error_locate:
 * @error: an error of the %TETHER_CONFIG_ERROR domain
 * @file_name: (nullable): the file's display name
 * @line: 1-based line, or 0 when unknown
 * @column: 1-based column, or 0 when unknown
 *
 * Records where @error happened and prefixes its message with the file name
 * and the position, as in “mcp.json, line 4, column 13: …”. Does nothing
 * for errors of other domains, or when the error is already located.
 */
void
tether_config_error_locate (GError     *error,
                            const char *file_name,
                            guint       line,
                            guint       column)
{
  TetherConfigErrorPrivate *priv;
  char *message;

  g_return_if_fail (error != NULL);

  if (error->domain != TETHER_CONFIG_ERROR)
    return;

  priv = tether_config_error_get_private (error);
  if (priv == NULL || priv->located)
    return;

  priv->located = TRUE;
  priv->line = line;
  priv->column = column;

  if (file_name != NULL && line > 0)
    /* Translators: the file name, a line and a column, then the error message */
    message = g_strdup_printf (_("%s, line %u, column %u: %s"), file_name, line, column,
                               error->message);
  else if (line > 0)
    message = g_strdup_printf (_("Line %u, column %u: %s"), line, column, error->message);
  else if (file_name != NULL)
    message = g_strdup_printf ("%s: %s", file_name, error->message);
  else
    return;

  g_free (error->message);
  error->message = message;
}
