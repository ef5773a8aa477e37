/* tether-capability-row.c — a tool, prompt, resource or parameter in a list
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row type for everything a server offers, so the four lists look and
 * read alike: the name (in monospace, as the protocol spells it), a title
 * when the server gives one, a detail line (a resource's URI and MIME type,
 * a parameter's type), a "required" tag, and the description.
 *
 * Built in code, not from a template: a list of 10 000 tools makes a page of
 * these whenever it scrolls far, and parsing a template for each was most of
 * that cost (measured by tests/ui/test-server-page.c, /Tether/Window/many-tools).
 */

#define G_LOG_DOMAIN "tether-capability-row"

#include "config.h"

#include <glib/gi18n.h>

#include "mcp-prompt.h"
#include "mcp-resource.h"
#include "mcp-tool.h"
#include "tether-accessible.h"
#include "tether-capability-row.h"
#include "tether-text.h"
#include "tether-tool-parameter.h"

struct _TetherCapabilityRow
{
  GtkWidget  parent_instance;

  GObject   *item;
  gboolean   expanded;

  GtkWidget *box;
  GtkWidget *header;
  GtkLabel  *description_label;
  GtkLabel  *detail_label;    /* made when first needed, as tag_label */
  GtkLabel  *name_label;
  GtkWidget *run_button;
  const char *action_name;    /* what run_button activates, with action_target */
  GVariant  *action_target;
  GtkWidget *tag_label;
  GtkLabel  *title_label;
};

G_DEFINE_FINAL_TYPE (TetherCapabilityRow, tether_capability_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ITEM,
  PROP_EXPANDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Every text of a row comes from the server: shown, never obeyed. */
static void
set_label (GtkLabel        *label,
           const char      *text,
           TetherTextFlags  flags)
{
  gboolean empty = text == NULL || *text == '\0';
  g_autofree char *shown = empty ? NULL : tether_text_make_visible (text, -1, flags);

  gtk_label_set_label (label, empty ? "" : shown);
  gtk_widget_set_visible (GTK_WIDGET (label), !empty);
}

/* Prompt arguments come from the server as they are: read them with care. */
static JsonNode *
get_value (JsonObject *object,
           const char *member,
           GType       type)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type)
    return node;

  return NULL;
}

static char *
describe_prompt_arguments (McpPrompt *prompt)
{
  JsonNode *arguments = mcp_prompt_get_arguments (prompt);
  g_autoptr(GString) text = NULL;
  JsonArray *array;

  if (arguments == NULL || !JSON_NODE_HOLDS_ARRAY (arguments))
    return NULL;

  array = json_node_get_array (arguments);
  if (json_array_get_length (array) == 0)
    return NULL;

  text = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *argument;
      const char *name;
      JsonNode *node;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      argument = json_node_get_object (element);
      node = get_value (argument, "name", G_TYPE_STRING);
      if (node == NULL)
        continue;
      name = json_node_get_string (node);

      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, name);
      node = get_value (argument, "required", G_TYPE_BOOLEAN);
      if (node != NULL && json_node_get_boolean (node))
        g_string_append (text, "*");
    }

  if (text->len == 0)
    return NULL;

  /* Translators: the arguments a prompt takes; an asterisk marks a required one */
  return g_strdup_printf (_("Arguments: %s"), text->str);
}

/* What a screen reader says of the row: the name, the title and the first
 * line of the description, in one sentence. */
static void
update_accessible_label (TetherCapabilityRow *self,
                         const char          *name,
                         const char          *title,
                         const char          *description,
                         gboolean             required)
{
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;

  if (description != NULL && *description != '\0')
    {
      const char *end = strchr (description, '\n');

      summary = tether_text_make_visible (description, end != NULL ? end - description : -1,
                                          TETHER_TEXT_SINGLE_LINE);
      if (g_utf8_strlen (summary, -1) > 160)
        {
          g_autofree char *cut = g_utf8_substring (summary, 0, 160);

          g_free (summary);
          summary = g_strconcat (cut, "…", NULL);
        }
    }

  if (name == NULL)
    name = "";
  if (title != NULL && summary != NULL)
    /* Translators: a tool, prompt or resource as a screen reader reads it:
     * its name, its title, then the first line of its description */
    text = g_strdup_printf (_("%s, %s: %s"), name, title, summary);
  else if (title != NULL)
    /* Translators: a tool, prompt or resource as a screen reader reads it:
     * its name, then its title */
    text = g_strdup_printf (C_("accessible name of a tool", "%s, %s"), name, title);
  else if (summary != NULL && required)
    /* Translators: a required parameter as a screen reader reads it: its
     * name, then the first line of its description */
    text = g_strdup_printf (_("%s, required: %s"), name, summary);
  else if (summary != NULL)
    /* Translators: a tool, prompt, resource or parameter as a screen reader
     * reads it: its name, then the first line of its description */
    text = g_strdup_printf (_("%s: %s"), name, summary);
  else if (required)
    /* Translators: a required parameter as a screen reader reads it */
    text = g_strdup_printf (_("%s, required"), name);
  else
    text = g_strdup (name);

  tether_accessible_set_row_label (GTK_WIDGET (self), text);
}

/* The button is not a GtkActionable: giving a new row's button an action
 * made action muxers for the row and every widget up to the list, and
 * each list item turned its shortcuts into text then; a search that
 * changes the results makes some 200 new rows (GTK 4.8), and that was a
 * quarter of its work. The row activates the action when clicked. */
static void
set_action (TetherCapabilityRow *self,
            const char          *action_name,
            GVariant            *target)
{
  if (target != NULL)
    g_variant_ref_sink (target);
  g_clear_pointer (&self->action_target, g_variant_unref);
  self->action_name = action_name;
  self->action_target = target;
}

static void
run_clicked_cb (TetherCapabilityRow *self)
{
  if (self->action_name != NULL && self->action_target != NULL)
    gtk_widget_activate_action_variant (GTK_WIDGET (self), self->action_name, self->action_target);
}

/* The button of a prompt or a resource: it opens it on the server page. */
static void
set_open_button (TetherCapabilityRow *self,
                 const char          *label,
                 const char          *action_name,
                 const char          *target)
{
  if (target == NULL)
    {
      set_action (self, NULL, NULL);
      gtk_widget_set_visible (self->run_button, FALSE);
      return;
    }

  set_action (self, action_name, g_variant_new_string (target));
  gtk_button_set_label (GTK_BUTTON (self->run_button), label);
  gtk_widget_set_visible (self->run_button, TRUE);
}

static GtkLabel *add_label (GtkWidget  *box,
                            const char *first_class,
                            ...);

/* Tools have no tag and no detail line: those labels are made for the
 * rows that show them, since 10 000 tools scroll by a page of new rows a
 * frame. */
static void
add_tag_label (TetherCapabilityRow *self)
{
  self->tag_label = GTK_WIDGET (add_label (self->header, "caption", "tag", NULL));
  /* Translators: a tag beside a tool parameter or prompt argument the caller must give */
  gtk_label_set_label (GTK_LABEL (self->tag_label), _("required"));
  gtk_label_set_ellipsize (GTK_LABEL (self->tag_label), PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_valign (self->tag_label, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (self->tag_label, GTK_ALIGN_END);
  gtk_box_reorder_child_after (GTK_BOX (self->header), self->tag_label, GTK_WIDGET (self->title_label));
}

static void
add_detail_label (TetherCapabilityRow *self)
{
  self->detail_label = add_label (self->box, "caption", "monospace", "dim-label", NULL);
  gtk_label_set_wrap (self->detail_label, TRUE);
  gtk_label_set_wrap_mode (self->detail_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->detail_label, 2);
  gtk_box_reorder_child_after (GTK_BOX (self->box), GTK_WIDGET (self->detail_label), self->header);
}

static void
tether_capability_row_update (TetherCapabilityRow *self)
{
  const char *resource_key = NULL;
  g_autofree char *detail = NULL;
  const char *name = NULL;
  const char *title = NULL;
  const char *description = NULL;
  gboolean required = FALSE;

  if (MCP_IS_TOOL (self->item))
    {
      McpTool *tool = MCP_TOOL (self->item);

      name = mcp_item_get_name (MCP_ITEM (tool));
      title = mcp_item_get_label (MCP_ITEM (tool));
      description = mcp_item_get_description (MCP_ITEM (tool));
    }
  else if (MCP_IS_PROMPT (self->item))
    {
      McpPrompt *prompt = MCP_PROMPT (self->item);

      name = mcp_item_get_name (MCP_ITEM (prompt));
      title = mcp_item_get_label (MCP_ITEM (prompt));
      description = mcp_item_get_description (MCP_ITEM (prompt));
      detail = describe_prompt_arguments (prompt);
    }
  else if (MCP_IS_RESOURCE (self->item))
    {
      McpResource *resource = MCP_RESOURCE (self->item);
      const char *uri = mcp_resource_get_uri (resource);
      const char *mime_type = mcp_resource_get_mime_type (resource);

      if (uri == NULL)
        uri = mcp_resource_get_uri_template (resource);
      resource_key = uri;

      name = mcp_item_get_name (MCP_ITEM (resource));
      title = mcp_item_get_label (MCP_ITEM (resource));
      description = mcp_item_get_description (MCP_ITEM (resource));
      if (mime_type != NULL)
        detail = g_strdup_printf ("%s · %s", uri, mime_type);
      else
        detail = g_strdup (uri);
    }
  else if (TETHER_IS_TOOL_PARAMETER (self->item))
    {
      TetherToolParameter *parameter = TETHER_TOOL_PARAMETER (self->item);

      name = tether_tool_parameter_get_name (parameter);
      detail = g_strdup (tether_tool_parameter_get_type_text (parameter));
      description = tether_tool_parameter_get_description (parameter);
      required = tether_tool_parameter_get_required (parameter);
    }

  /* The label is the title, or the name when there is none: say it once. */
  if (g_strcmp0 (title, name) == 0)
    title = NULL;

  set_label (self->name_label, name, TETHER_TEXT_SINGLE_LINE);
  set_label (self->title_label, title, TETHER_TEXT_SINGLE_LINE);
  update_accessible_label (self, gtk_label_get_text (self->name_label),
                           title != NULL ? gtk_label_get_text (self->title_label) : NULL,
                           description, required);
  if (detail != NULL && self->detail_label == NULL)
    add_detail_label (self);
  if (self->detail_label != NULL)
    set_label (self->detail_label, detail, TETHER_TEXT_SINGLE_LINE);
  set_label (self->description_label, description, TETHER_TEXT_MULTI_LINE);
  if (required && self->tag_label == NULL)
    add_tag_label (self);
  if (self->tag_label != NULL)
    gtk_widget_set_visible (self->tag_label, required);
  if (MCP_IS_PROMPT (self->item))
    /* Translators: a button on a prompt's row that opens a window to get it */
    set_open_button (self, _("Get…"), "page.get-prompt", name);
  else if (MCP_IS_RESOURCE (self->item))
    /* Translators: a button on a resource's row that opens a window to read it */
    set_open_button (self, _("Open…"), "page.open-resource", resource_key);
  else
    gtk_widget_set_visible (self->run_button, MCP_IS_TOOL (self->item) && self->action_target != NULL);

  gtk_widget_set_hexpand (GTK_WIDGET (self->name_label), title == NULL);
  gtk_label_set_xalign (self->name_label, 0.0f);

  /* A closed tool is one line, so that 10 000 of them scroll smoothly
   * (wrapping text is what measuring a row costs); open, it says it all. */
  if (MCP_IS_TOOL (self->item) && !self->expanded)
    {
      gtk_label_set_wrap (self->description_label, FALSE);
      gtk_label_set_lines (self->description_label, -1);
    }
  else
    {
      gtk_label_set_wrap (self->description_label, TRUE);
      gtk_label_set_lines (self->description_label, MCP_IS_TOOL (self->item) ? -1 : 3);
    }
  gtk_label_set_ellipsize (self->description_label,
                           MCP_IS_TOOL (self->item) && self->expanded ? PANGO_ELLIPSIZE_NONE
                                                                      : PANGO_ELLIPSIZE_END);

  if (TETHER_IS_TOOL_PARAMETER (self->item))
    gtk_widget_add_css_class (GTK_WIDGET (self), "parameter");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "parameter");
}

static void
tether_capability_row_dispose (GObject *object)
{
  TetherCapabilityRow *self = (TetherCapabilityRow *)object;

  g_clear_pointer (&self->box, gtk_widget_unparent);

  g_clear_object (&self->item);
  g_clear_pointer (&self->action_target, g_variant_unref);

  G_OBJECT_CLASS (tether_capability_row_parent_class)->dispose (object);
}

static void
tether_capability_row_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TetherCapabilityRow *self = TETHER_CAPABILITY_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;

    case PROP_EXPANDED:
      g_value_set_boolean (value, self->expanded);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_capability_row_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  TetherCapabilityRow *self = TETHER_CAPABILITY_ROW (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      tether_capability_row_set_item (self, g_value_get_object (value));
      break;

    case PROP_EXPANDED:
      tether_capability_row_set_expanded (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_capability_row_class_init (TetherCapabilityRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_capability_row_dispose;
  object_class->get_property = tether_capability_row_get_property;
  object_class->set_property = tether_capability_row_set_property;

  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL,
                         G_TYPE_OBJECT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* Whether the row is open (a tool showing its parameters). */
  properties[PROP_EXPANDED] =
    g_param_spec_boolean ("expanded", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "capabilityrow");
}

static GtkLabel *
add_label (GtkWidget  *box,
           const char *first_class,
           ...)
{
  GtkWidget *label = gtk_label_new (NULL);
  const char *css_class = first_class;
  va_list args;

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);

  va_start (args, first_class);
  while (css_class != NULL)
    {
      gtk_widget_add_css_class (label, css_class);
      css_class = va_arg (args, const char *);
    }
  va_end (args);

  gtk_box_append (GTK_BOX (box), label);

  return GTK_LABEL (label);
}

/* The full description of a one-line tool, when the pointer rests on it:
 * asked for then, since setting a tooltip on every row costs a round trip
 * to the display server. */
static gboolean
query_tooltip_cb (TetherCapabilityRow *self,
                  int                  x,
                  int                  y,
                  gboolean             keyboard_mode,
                  GtkTooltip          *tooltip,
                  GtkWidget           *label)
{
  g_autofree char *description = NULL;

  if (!MCP_IS_TOOL (self->item) || self->expanded ||
      !pango_layout_is_ellipsized (gtk_label_get_layout (self->description_label)))
    return FALSE;

  description = tether_text_make_visible (mcp_item_get_description (MCP_ITEM (self->item)),
                                          -1, TETHER_TEXT_MULTI_LINE);
  gtk_tooltip_set_text (tooltip, description);

  return TRUE;
}

static void
tether_capability_row_init (TetherCapabilityRow *self)
{
  GtkWidget *header;

  /* as wide as the list, not as its text */
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  gtk_widget_set_margin_top (self->box, 9);
  gtk_widget_set_margin_bottom (self->box, 9);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  header = self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append (GTK_BOX (self->box), header);
  self->name_label = add_label (header, "monospace", "capability-name", NULL);
  self->title_label = add_label (header, "dim-label", NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (self->title_label), TRUE);
  /* Translators: a button on a tool's row that opens a window to call it */
  self->run_button = gtk_button_new_with_label (_("Run…"));
  gtk_widget_add_css_class (self->run_button, "flat");
  gtk_widget_set_valign (self->run_button, GTK_ALIGN_CENTER);
  /* at the end of the row, whether or not the tool has a title */
  gtk_widget_set_halign (self->run_button, GTK_ALIGN_END);
  gtk_widget_set_hexpand (self->run_button, TRUE);
  gtk_widget_set_visible (self->run_button, FALSE);
  gtk_box_append (GTK_BOX (header), self->run_button);
  g_signal_connect_object (self->run_button, "clicked", G_CALLBACK (run_clicked_cb), self, G_CONNECT_SWAPPED);

  self->description_label = add_label (self->box, NULL);
  gtk_label_set_wrap_mode (self->description_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_natural_wrap_mode (self->description_label, GTK_NATURAL_WRAP_NONE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->description_label), TRUE);
  g_signal_connect_object (self->description_label, "query-tooltip",
                           G_CALLBACK (query_tooltip_cb), self, G_CONNECT_SWAPPED);
}

GObject *
tether_capability_row_get_item (TetherCapabilityRow *self)
{
  g_return_val_if_fail (TETHER_IS_CAPABILITY_ROW (self), NULL);

  return self->item;
}

void
tether_capability_row_set_item (TetherCapabilityRow *self,
                                GObject             *item)
{
  g_return_if_fail (TETHER_IS_CAPABILITY_ROW (self));

  if (!g_set_object (&self->item, item))
    return;

  /* A row let go of is not shown until it is given another item: clearing
   * its labels would only be layout work thrown away. */
  if (item != NULL)
    tether_capability_row_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

/**
 * tether_capability_row_set_run_target:
 * @self: a #TetherCapabilityRow
 * @target: (nullable): the `(server, tool)` for `win.run-tool`, %NULL for
 *   no Run button
 */
void
tether_capability_row_set_run_target (TetherCapabilityRow *self,
                                      GVariant            *target)
{
  g_return_if_fail (TETHER_IS_CAPABILITY_ROW (self));

  set_action (self, target != NULL ? "win.run-tool" : NULL, target);
  gtk_widget_set_visible (self->run_button, MCP_IS_TOOL (self->item) && target != NULL);
}

/**
 * tether_capability_row_get_action_name:
 * @self: a #TetherCapabilityRow
 *
 * Returns: (nullable): the action the row's button activates
 *   ("win.run-tool", "page.get-prompt", "page.open-resource"), if it has one
 */
const char *
tether_capability_row_get_action_name (TetherCapabilityRow *self)
{
  g_return_val_if_fail (TETHER_IS_CAPABILITY_ROW (self), NULL);

  return self->action_target != NULL ? self->action_name : NULL;
}

/**
 * tether_capability_row_get_button:
 * @self: a #TetherCapabilityRow
 *
 * Returns: (transfer none): the row's button (Run…, Get…, Open…)
 */
GtkWidget *
tether_capability_row_get_button (TetherCapabilityRow *self)
{
  g_return_val_if_fail (TETHER_IS_CAPABILITY_ROW (self), NULL);

  return self->run_button;
}

gboolean
tether_capability_row_get_expanded (TetherCapabilityRow *self)
{
  g_return_val_if_fail (TETHER_IS_CAPABILITY_ROW (self), FALSE);

  return self->expanded;
}

void
tether_capability_row_set_expanded (TetherCapabilityRow *self,
                                    gboolean             expanded)
{
  g_return_if_fail (TETHER_IS_CAPABILITY_ROW (self));

  expanded = !!expanded;
  if (self->expanded == expanded)
    return;

  self->expanded = expanded;
  tether_capability_row_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPANDED]);
}
