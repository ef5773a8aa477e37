/* tether-client-error.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TetherClientError:
 * @TETHER_CLIENT_ERROR_NO_SUCH_CLIENT: no client of that name is known
 * @TETHER_CLIENT_ERROR_NOT_FOUND: the client is not on this machine
 * @TETHER_CLIENT_ERROR_PARSE: its file has an error; it was not changed
 * @TETHER_CLIENT_ERROR_UNSUPPORTED: its file has a shape Tether does not
 *   edit; the message says what to paste instead
 * @TETHER_CLIENT_ERROR_NOT_WRITABLE: Tether does not write this client
 * @TETHER_CLIENT_ERROR_CHANGED: another program kept changing the file
 *
 * Errors of reading and writing other clients' configuration files.
 */
typedef enum
{
  TETHER_CLIENT_ERROR_NO_SUCH_CLIENT,
  TETHER_CLIENT_ERROR_NOT_FOUND,
  TETHER_CLIENT_ERROR_PARSE,
  TETHER_CLIENT_ERROR_UNSUPPORTED,
  TETHER_CLIENT_ERROR_NOT_WRITABLE,
  TETHER_CLIENT_ERROR_CHANGED,
} TetherClientError;

#define TETHER_CLIENT_ERROR (tether_client_error_quark ())

GQuark tether_client_error_quark (void);

G_END_DECLS
