/* tether-shell-environment.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TETHER_TYPE_SHELL_ENVIRONMENT (tether_shell_environment_get_type ())

G_DECLARE_FINAL_TYPE (TetherShellEnvironment, tether_shell_environment, TETHER, SHELL_ENVIRONMENT, GObject)

/* A login shell gets this long to print its environment. */
#define TETHER_SHELL_ENVIRONMENT_DEFAULT_TIMEOUT_MS 5000

TetherShellEnvironment *tether_shell_environment_new                  (void);
TetherShellEnvironment *tether_shell_environment_get_default          (void);

const char             *tether_shell_environment_get_shell            (TetherShellEnvironment  *self);
void                    tether_shell_environment_set_shell            (TetherShellEnvironment  *self,
                                                                       const char              *shell);
guint                   tether_shell_environment_get_timeout          (TetherShellEnvironment  *self);
void                    tether_shell_environment_set_timeout          (TetherShellEnvironment  *self,
                                                                       guint                    timeout_ms);

gboolean                tether_shell_environment_get_resolved         (TetherShellEnvironment  *self);
gboolean                tether_shell_environment_get_from_login_shell (TetherShellEnvironment  *self);
gboolean                tether_shell_environment_get_on_host          (TetherShellEnvironment  *self);
const char             *tether_shell_environment_get_login_shell      (TetherShellEnvironment  *self);
const char             *tether_shell_environment_get_path             (TetherShellEnvironment  *self);
const char * const     *tether_shell_environment_get_environment      (TetherShellEnvironment  *self);
const char             *tether_shell_environment_get_note             (TetherShellEnvironment  *self);
guint                   tether_shell_environment_get_elapsed_ms       (TetherShellEnvironment  *self);

void                    tether_shell_environment_resolve_async        (TetherShellEnvironment  *self,
                                                                       GCancellable            *cancellable,
                                                                       GAsyncReadyCallback      callback,
                                                                       gpointer                 user_data);
gboolean                tether_shell_environment_resolve_finish       (TetherShellEnvironment  *self,
                                                                       GAsyncResult            *result,
                                                                       GError                 **error);
void                    tether_shell_environment_find_program_async   (TetherShellEnvironment  *self,
                                                                       const char              *command,
                                                                       const char              *cwd,
                                                                       GCancellable            *cancellable,
                                                                       GAsyncReadyCallback      callback,
                                                                       gpointer                 user_data);
char                   *tether_shell_environment_find_program_finish  (TetherShellEnvironment  *self,
                                                                       GAsyncResult            *result,
                                                                       GError                 **error);

G_END_DECLS
