/* mcp-http-check.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

GUri     *mcp_http_parse_url           (const char  *url,
                                        GError     **error);
gboolean  mcp_http_check_url           (const char  *url,
                                        GError     **error);
gboolean  mcp_http_same_origin         (GUri        *a,
                                        GUri        *b);
char     *mcp_http_describe_origin     (GUri        *uri);

gboolean  mcp_http_check_header        (const char  *name,
                                        const char  *value,
                                        GError     **error);
gboolean  mcp_http_header_names_equal  (const char  *a,
                                        const char  *b);
gboolean  mcp_http_check_header_names  (const char  *first,
                                        const char  *second,
                                        GError     **error);
gboolean  mcp_http_check_new_header    (const char * const *names,
                                        guint               n_names,
                                        const char         *name,
                                        const char         *value,
                                        GError            **error);
gboolean  mcp_http_check_headers       (const char * const *names,
                                        const char * const *values,
                                        guint               n_headers,
                                        guint              *failed,
                                        GError            **error);
char     *mcp_http_strip_header_value  (const char  *value);

G_END_DECLS
