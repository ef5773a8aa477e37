/* http-transport-tests.h — the parts of test-http-transport, each adding its
 * cases
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void http_test_add_stream (void);
void http_test_add_legacy (void);
void http_test_add_client (void);

G_END_DECLS
