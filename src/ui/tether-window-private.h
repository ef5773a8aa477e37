/* tether-window-private.h — the window's parts, shared by its files
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tether-window.c         the layout: sidebar, page, folding, notifications
 * tether-window-actions.c the actions and their shortcuts
 * tether-window-dnd.c     importing: the window-wide drop target (on
 *                         toast_overlay), Ctrl+V, Import… and Import from…
 */

#pragma once

#include "tether-config-banner.h"
#include "tether-run-history.h"
#include "tether-hub-view.h"
#include "tether-server-page.h"
#include "tether-window.h"

G_BEGIN_DECLS

struct _TetherWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  TetherServerManager  *manager;
  GtkSingleSelection   *selection;
  TetherHubControl     *hub_control;
  TetherClients        *clients;

  /* The last removal, while its toast offers Undo */
  TetherRemoval        *removal;
  AdwToast             *removal_toast;

  /* Importing: files waiting their turn, one preview or message at a time */
  GQueue               *import_queue;
  GCancellable         *import_cancellable;
  GtkWindow            *import_window;
  GtkFileChooserNative *import_chooser;

  /* Runs of tools, for the session */
  TetherRunHistory     *run_history;

  /* Template widgets */
  TetherConfigBanner   *content_banner;
  TetherConfigBanner   *empty_banner;
  AdwStatusPage        *drop_page;
  AdwStatusPage        *empty_page;
  AdwBin               *hub_bin;
  TetherHubView        *hub_view;     /* built when the Hub is first shown */
  AdwLeaflet           *leaflet;
  GtkStack             *main_stack;
  GtkToggleButton      *search_button;
  GtkListView          *server_list;
  GtkMenuButton        *server_menu_button;
  TetherServerPage     *server_page;
  TetherConfigBanner   *sidebar_banner;
  AdwViewSwitcherBar   *switcher_bar;
  AdwViewSwitcherTitle *switcher_title;
  AdwToastOverlay      *toast_overlay;
  GtkRevealer          *drop_revealer;

  /* The launcher of a sign-in's browser (tether-window-sign-in.c) */
  TetherAuthOpenUri     open_uri;
  gpointer              open_data;
  GDestroyNotify        open_destroy;

  /* The Hub page shows instead of the servers */
  guint                 showing_hub : 1;
};

void          _tether_window_class_init_actions (GtkWidgetClass *widget_class);
void          _tether_window_class_init_dnd     (GtkWidgetClass *widget_class);
void          _tether_window_init_dnd           (TetherWindow   *self);
void          _tether_window_dispose_dnd        (TetherWindow   *self);
void          _tether_window_import_files       (TetherWindow   *self,
                                                 GFile         **files,
                                                 guint           n_files);
gboolean      _tether_window_import_text        (TetherWindow   *self,
                                                 const char     *text);
void          _tether_window_update_actions     (TetherWindow   *self);
void          _tether_window_update_main_stack  (TetherWindow   *self);
TetherServer *_tether_window_lookup             (TetherWindow   *self,
                                                 const char     *name);
void          _tether_window_sign_in            (TetherWindow   *self,
                                                 const char     *name);
void          _tether_window_toast              (TetherWindow   *self,
                                                 const char     *format,
                                                 ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
