/* tether-roots-group.c — the folders a server may use
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MCP calls them roots: the folders a client tells a server it may work
 * in (`roots/list`). The group lists them, a folder in the home folder
 * shown and saved as “~/…”, each with a Remove button; Add Folder… opens
 * the file chooser (the portal's, inside flatpak) to pick one. The group
 * only edits a list: whoever holds it (the server dialog) saves it.
 */

#define G_LOG_DOMAIN "tether-roots-group"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tether-roots-group.h"
#include "tether-visible-text.h"

struct _TetherRootsGroup
{
  AdwPreferencesGroup   parent_instance;

  GPtrArray            *roots;   /* char *, as written in the configuration */
  GPtrArray            *rows;    /* AdwActionRow, one per root, same order */
  GtkWidget            *placeholder;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (TetherRootsGroup, tether_roots_group, ADW_TYPE_PREFERENCES_GROUP)

/**
 * tether_roots_group_display_path:
 * @root: a root as written in the configuration, or a folder
 *
 * Returns: (transfer full): @root as shown: a folder in the home folder as
 *   “~/…”, the rest as it is
 */
char *
tether_roots_group_display_path (const char *root)
{
  const char *home = g_get_home_dir ();
  gsize home_length = strlen (home);

  g_return_val_if_fail (root != NULL, NULL);

  if (home_length > 1 && g_str_has_prefix (root, home))
    {
      if (root[home_length] == '\0')
        return g_strdup ("~");
      if (root[home_length] == '/')
        return g_strconcat ("~", root + home_length, NULL);
    }

  return g_strdup (root);
}

/* The folder @root names: “~” expanded. */
static char *
root_folder (const char *root)
{
  if (root[0] == '~')
    return g_build_filename (g_get_home_dir (), root[1] == '/' ? root + 2 : "", NULL);

  return g_strdup (root);
}

static void update_placeholder (TetherRootsGroup *self);

static void
remove_clicked_cb (TetherRootsGroup *self,
                   GtkButton        *button)
{
  guint index;

  for (index = 0; index < self->rows->len; index++)
    if (gtk_widget_is_ancestor (GTK_WIDGET (button), g_ptr_array_index (self->rows, index)))
      break;
  if (index == self->rows->len)
    return;

  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (self->rows, index));
  g_ptr_array_remove_index (self->rows, index);
  g_ptr_array_remove_index (self->roots, index);
  update_placeholder (self);

  /* The focus goes on to the next row's button, or Add Folder… */
  if (index < self->rows->len)
    gtk_widget_grab_focus (g_object_get_data (g_ptr_array_index (self->rows, index), "remove-button"));
  else
    gtk_widget_grab_focus (adw_preferences_group_get_header_suffix (ADW_PREFERENCES_GROUP (self)));
}

static GtkWidget *
add_row (TetherRootsGroup *self,
         const char       *root)
{
  g_autofree char *display = tether_roots_group_display_path (root);
  g_autofree char *shown = tether_visible_text (display);
  g_autofree char *folder = root_folder (root);
  g_autofree char *remove_label = g_strdup_printf (_("Remove “%s”"), shown);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), shown);
  adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "folder-symbolic");
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("This folder does not exist"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
  gtk_widget_add_css_class (button, "flat");
  g_signal_connect_object (button, "clicked", G_CALLBACK (remove_clicked_cb), self, G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  g_object_set_data (G_OBJECT (row), "remove-button", button);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->roots, g_strdup (root));
  update_placeholder (self);

  return row;
}

static void
update_placeholder (TetherRootsGroup *self)
{
  gtk_widget_set_visible (self->placeholder, self->rows->len == 0);
}

static void
clear (TetherRootsGroup *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->roots, 0);
  update_placeholder (self);
}

/**
 * tether_roots_group_add_folder:
 * @self: a #TetherRootsGroup
 * @path: an absolute path to a folder
 *
 * Adds @path to the list, as “~/…” when it is in the home folder, unless
 * the list has it already; the focus goes to its row's Remove button.
 */
void
tether_roots_group_add_folder (TetherRootsGroup *self,
                               const char       *path)
{
  g_autofree char *root = NULL;
  GtkWidget *row = NULL;

  g_return_if_fail (TETHER_IS_ROOTS_GROUP (self));
  g_return_if_fail (path != NULL && g_path_is_absolute (path));

  root = tether_roots_group_display_path (path);
  for (guint i = 0; i < self->roots->len && row == NULL; i++)
    {
      g_autofree char *folder = root_folder (g_ptr_array_index (self->roots, i));

      if (g_str_equal (folder, path) || g_str_equal (g_ptr_array_index (self->roots, i), root))
        row = g_ptr_array_index (self->rows, i);
    }

  if (row == NULL)
    row = add_row (self, root);

  gtk_widget_grab_focus (g_object_get_data (G_OBJECT (row), "remove-button"));
}

static void
chooser_response_cb (TetherRootsGroup     *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;

      if (path != NULL && g_path_is_absolute (path))
        tether_roots_group_add_folder (self, path);
    }

  g_clear_object (&self->chooser);
}

static void
add_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TetherRootsGroup *self = TETHER_ROOTS_GROUP (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Add Folder"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* GObject */

static void
tether_roots_group_dispose (GObject *object)
{
  TetherRootsGroup *self = (TetherRootsGroup *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  G_OBJECT_CLASS (tether_roots_group_parent_class)->dispose (object);
}

static void
tether_roots_group_finalize (GObject *object)
{
  TetherRootsGroup *self = (TetherRootsGroup *)object;

  g_clear_pointer (&self->roots, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (tether_roots_group_parent_class)->finalize (object);
}

static void
tether_roots_group_class_init (TetherRootsGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_roots_group_dispose;
  object_class->finalize = tether_roots_group_finalize;

  gtk_widget_class_install_action (widget_class, "roots.add", NULL, add_folder_action);
}

static void
tether_roots_group_init (TetherRootsGroup *self)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();

  self->roots = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Shared Folders"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("Folders the server may work in (MCP calls them roots). "
                                           "A running server is told when they change."));

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "list-add-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("Add _Folder…"));
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Share a Folder With the Server"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "roots.add");
  gtk_widget_add_css_class (button, "flat");
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (self), button);

  self->placeholder = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->placeholder), _("No folders shared"));
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), self->placeholder);
}

GtkWidget *
tether_roots_group_new (void)
{
  return g_object_new (TETHER_TYPE_ROOTS_GROUP, NULL);
}

/**
 * tether_roots_group_set_roots:
 * @self: a #TetherRootsGroup
 * @roots: (nullable): the roots as written in the configuration
 *
 * Shows @roots, in place of what the list had.
 */
void
tether_roots_group_set_roots (TetherRootsGroup   *self,
                              const char * const *roots)
{
  g_return_if_fail (TETHER_IS_ROOTS_GROUP (self));

  clear (self);
  for (guint i = 0; roots != NULL && roots[i] != NULL; i++)
    add_row (self, roots[i]);
}

/**
 * tether_roots_group_dup_roots:
 * @self: a #TetherRootsGroup
 *
 * Returns: (transfer full) (nullable): the roots as they are to be saved,
 *   or %NULL when there are none
 */
char **
tether_roots_group_dup_roots (TetherRootsGroup *self)
{
  GStrvBuilder *builder;
  char **roots;

  g_return_val_if_fail (TETHER_IS_ROOTS_GROUP (self), NULL);

  if (self->roots->len == 0)
    return NULL;

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->roots->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->roots, i));
  roots = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return roots;
}
