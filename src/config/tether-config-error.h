/* tether-config-error.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TETHER_CONFIG_ERROR:
 *
 * Errors about configuration text: Tether's own `servers.json` and the
 * foreign files the importer reads. Messages are complete sentences meant for
 * the user; they name the file, the line and column when known, the server
 * and the key, and what was expected. They never contain a secret (an env or
 * header value).
 *
 * Besides its message, an error of this domain may carry where it happened:
 * see tether_config_error_get_path(), tether_config_error_get_line() and
 * tether_config_error_get_column().
 */
#define TETHER_CONFIG_ERROR (tether_config_error_quark ())

/**
 * TetherConfigError:
 * @TETHER_CONFIG_ERROR_FAILED: anything else
 * @TETHER_CONFIG_ERROR_SYNTAX: the text does not parse (JSON, TOML or YAML)
 * @TETHER_CONFIG_ERROR_DUPLICATE_KEY: a key appears twice in one object
 * @TETHER_CONFIG_ERROR_INVALID_TYPE: a key has a value of the wrong type
 * @TETHER_CONFIG_ERROR_INVALID_VALUE: a value has the right type but is
 *   unusable (unknown `type`, an empty command, a URL that is not http(s))
 * @TETHER_CONFIG_ERROR_UNSUPPORTED: valid input that uses a feature outside
 *   what Tether reads (a TOML date, a YAML file that is not goose's)
 * @TETHER_CONFIG_ERROR_NOT_A_CONFIG: the file is no server configuration
 * @TETHER_CONFIG_ERROR_NO_SERVERS: a configuration with no server to import
 * @TETHER_CONFIG_ERROR_EMPTY: the file or text is empty
 * @TETHER_CONFIG_ERROR_BINARY: the file is not UTF-8 text
 * @TETHER_CONFIG_ERROR_TOO_LARGE: the file is larger than the size cap
 * @TETHER_CONFIG_ERROR_IS_DIRECTORY: a directory was given instead of a file
 * @TETHER_CONFIG_ERROR_UNREADABLE: the file could not be read
 * @TETHER_CONFIG_ERROR_NOT_A_FILE: a named pipe, a socket or a device was
 *   given instead of a file
 */
typedef enum
{
  TETHER_CONFIG_ERROR_FAILED,
  TETHER_CONFIG_ERROR_SYNTAX,
  TETHER_CONFIG_ERROR_DUPLICATE_KEY,
  TETHER_CONFIG_ERROR_INVALID_TYPE,
  TETHER_CONFIG_ERROR_INVALID_VALUE,
  TETHER_CONFIG_ERROR_UNSUPPORTED,
  TETHER_CONFIG_ERROR_NOT_A_CONFIG,
  TETHER_CONFIG_ERROR_NO_SERVERS,
  TETHER_CONFIG_ERROR_EMPTY,
  TETHER_CONFIG_ERROR_BINARY,
  TETHER_CONFIG_ERROR_TOO_LARGE,
  TETHER_CONFIG_ERROR_IS_DIRECTORY,
  TETHER_CONFIG_ERROR_UNREADABLE,
  TETHER_CONFIG_ERROR_NOT_A_FILE,
} TetherConfigError;

GQuark      tether_config_error_quark      (void);
GError     *tether_config_error_new        (TetherConfigError  code,
                                            const char        *path,
                                            const char        *format,
                                            ...) G_GNUC_PRINTF (3, 4);
const char *tether_config_error_get_path   (const GError      *error);
guint       tether_config_error_get_line   (const GError      *error);
guint       tether_config_error_get_column (const GError      *error);
void        tether_config_error_locate     (GError            *error,
                                            const char        *file_name,
                                            guint              line,
                                            guint              column);

G_END_DECLS
